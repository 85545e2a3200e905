// What a nightlight's status means in words (SN profile §4.5): the mode it shows and why, the
// battery's state. Pure: no DOM.

import { formatCountdown, formatMinutes } from "./format.js";
import { fadePhase, isTemporaryActive, nextLight, segmentAt } from "./timeline.js";

/** The active modes (§4.5) by number, as the API sends them. */
export const MODE_NAMES = ["Off", "Week schedule", "Temporary schedule", "Child button light", "Proof (test) mode", "LEDs switched off"];

/** The mode's name: "Week schedule"; an unknown one "Mode 9". */
export function modeName(mode) {
  return MODE_NAMES[mode] ?? `Mode ${mode}`;
}

const FADE_WORDS = { in: " Fading in.", out: " Fading out." };

/**
 * Why the nightlight shows what it shows, from its status (mode, timeline, schedules, child's
 * name), the minute of its day (null: its clock is not set), the week group of today and the
 * seconds the button light has left.
 */
export function modeReason({ status, minute, group, buttonSecondsLeft = 0 }) {
  const segment = segmentAt(status.timeline, minute);
  const range = (s) => `${formatMinutes(s.start)}–${formatMinutes(s.end)}`;
  const fading = (s) => FADE_WORDS[fadePhase(s, minute)] ?? "";
  switch (status.activeState.mode) {
    case 0: {
      if (minute === null) return "The nightlight's clock is not set, so its schedules wait. Set the clock below.";
      const next = nextLight(status.timeline, minute);
      const where = isTemporaryActive(status) ? "the temporary schedule" : `“${group?.name ?? "today"}”`;
      return `No period of ${where} now. ${next ? `Next light at ${formatMinutes(next.start)}.` : "No more light today."}`;
    }
    case 1:
      return segment
        ? `“${status.weekSchedule.name}”, ${segment.source?.week?.group ?? "today"}: ${range(segment)}.${fading(segment)}`
        : `A period of “${status.weekSchedule.name}”.`;
    case 2:
      return segment ? `Temporary period ${range(segment)}.${fading(segment)}` : "A period of the temporary schedule.";
    case 3:
      return `${status.identity.childName || "Your child"} pressed the button${buttonSecondsLeft > 0 ? `; the light goes off in ${formatCountdown(buttonSecondsLeft)}` : ""}.`;
    case 4:
      return "Test colors from the color tool. Proof mode ends by itself 2 minutes after the last change.";
    case 5:
      return "The LEDs' power is switched off on the nightlight.";
    default:
      return "A mode this dashboard does not know.";
  }
}

/** The battery's band: "critical" below 5 %, "low" below 20 %, else "good". */
export function batteryBand(level) {
  return level < 5 ? "critical" : level < 20 ? "low" : "good";
}

/** What to do about the battery: "Almost empty: plug it in now." / "Low: charge it soon." / "" (charging or fine). */
export function batteryAdvice(level, charging) {
  if (charging) return "";
  const band = batteryBand(level);
  return band === "critical" ? "Almost empty: plug it in now." : band === "low" ? "Low: charge it soon." : "";
}

/** Whether the power state says it charges (§4.3 chargeState 1). */
export function isCharging(powerState) {
  return powerState.chargeState === 1;
}

/** The power when not charging: "Plugged in, not charging" or "On battery". */
export function powerWords(powerState) {
  return powerState.externalPower === 1 ? "Plugged in, not charging" : "On battery";
}

/**
 * What of a status only a write changes (the names, the settings, the schedules and their
 * versions), as one text: two statuses with the same signature draw the same apart from the
 * live values (mode, battery, clock, the button's use), which change in place.
 */
export function statusSignature(status) {
  const { identity, button, weekSchedule, temporarySchedule, timeline, versions, leds } = status ?? {};
  return JSON.stringify([identity ?? null, button?.settings ?? null, weekSchedule ?? null, temporarySchedule ?? null,
    timeline ?? null, versions ?? null, leds ?? null]);
}
