// The §8 clock checks of a nightlight: when it is selected, and again when any of its sections
// opens CHECK_AGAIN_MS or more after the last check, the dashboard compares the nightlight's
// clock with its own time and the server applies the rules (in sync; corrected silently;
// corrected and told; over 30 minutes: asked). Today's clock card shows the answer; the other
// sections tell a correction in a toast and ask the question themselves.
// Hooks: dialog[data-test="clock-dialog"] with [data-test="dialog-confirm"] / [data-test="dialog-cancel"].

import { api, nightlightPath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { toast } from "../../lib/feedback.js";
import { store } from "../../lib/store.js";
import { DeviceClock, clockNotice, formatClockTime } from "../../model/clock.js";
import { formatOffset } from "../../model/format.js";

/** A nightlight's clock is compared again when one of its sections opens this long after the last check. */
export const CHECK_AGAIN_MS = 5 * 60e3;

/** Whether the clock of the nightlight at `address` is due a check (never checked on this page, or CHECK_AGAIN_MS ago). */
export function clockCheckDue(address, now = Date.now()) {
  const last = store.get().clockChecks[address];
  return last === undefined || now - last >= CHECK_AGAIN_MS;
}

/**
 * Compares the nightlight's clock with the dashboard's time by the §8 rules (POST clock/sync
 * with `body`: `{}`, `{force: true}` or `{accept: true}`) and notes when; returns the answer.
 */
export async function syncClock(address, body = {}) {
  const answer = await api("POST", nightlightPath(address, "clock", "sync"), body);
  store.set({ clockChecks: { ...store.get().clockChecks, [address]: Date.now() } });
  return answer;
}

/**
 * Asks the parent whether to correct a clock found over 30 minutes off (§8); corrects it when
 * they accept. Returns the new answer, or null when they leave it.
 */
export async function askToCorrect(address, answer) {
  const clock = new DeviceClock();
  clock.set(answer.clock);
  const shown = clock.now();
  const accept = await confirmDialog({
    title: `The nightlight's clock is ${formatOffset(answer.offsetSeconds)}`,
    message: `It shows ${shown ? formatClockTime(shown).slice(0, 5) : "another time"}. Until it is corrected, its schedules start at the wrong time.\nCorrect it to the dashboard's time now?`,
    confirm: "Correct the clock",
    cancel: "Leave it",
    test: "clock-dialog",
  });
  return accept ? syncClock(address, { accept: true }) : null;
}

/** The check a section other than Today makes when it opens: a correction is told in a toast, the question asked. */
export async function checkClockOnSection(address) {
  if (!clockCheckDue(address)) return;
  let answer;
  try {
    answer = await syncClock(address);
  } catch {
    return; // the section shows its own failures; the next section opened tries again
  }
  const words = clockNotice(answer);
  if (words) toast(words, "success");
  if (!answer.needsConfirmation) return;
  const corrected = await askToCorrect(address, answer);
  toast(corrected ? clockNotice(corrected) ?? "The nightlight's clock was corrected." : `The nightlight's clock was left ${formatOffset(answer.offsetSeconds)}.`,
    corrected ? "success" : "info");
}
