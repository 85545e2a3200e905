// The home view's words for one nightlight's card, from its pairing record and, when it answered,
// its status. Pure: no DOM.

import { clockState } from "./clock.js";
import { describeColor } from "./color.js";
import { formatElapsed } from "./format.js";
import { isCharging, modeName } from "./status.js";

/**
 * What a nightlight's card on the home view says: {reachable, mode, color, colorWords, battery,
 * charging, clock: {text, kind}, seen}. `status` is its status when it answered (else null, and
 * the pairing record's last values are shown as such); `now` is the time (ms) for "last seen".
 */
export function homeCard(device, status, now = Date.now()) {
  const seen = device.lastSeen ? `last seen ${formatElapsed(device.lastSeen, now)}` : "never seen";
  if (!status) {
    return {
      reachable: false,
      mode: device.activeMode == null ? null : modeName(device.activeMode),
      color: null, colorWords: null,
      battery: device.batteryLevel ?? null, charging: device.isCharging ?? null,
      clock: null, seen,
    };
  }
  const color = status.activeState.colors?.[0] ?? null;
  const lit = color && color !== "#000000" && status.activeState.mode !== 0 && status.activeState.mode !== 5;
  const clock = clockState(status.clock, status.clock?.clock?.year > 0);
  return {
    reachable: true,
    mode: modeName(status.activeState.mode),
    color: lit ? color : null,
    colorWords: lit ? describeColor(color) : "dark",
    battery: status.batteryLevel,
    charging: status.powerState ? isCharging(status.powerState) : null,
    clock, seen: "now",
  };
}
