// Today's clock card (SN profile §8): the nightlight's time, ticking; how it compares with the
// dashboard's; "Check now" (compare and correct by the §8 rules, saying what it found) and "Set
// to the dashboard's time" (write it whatever the difference); a notice when it was corrected,
// and the question when it is over 30 minutes off.
// Hooks: [data-test="clock-card"], [data-test="clock-time"], [data-test="clock-status"],
// [data-test="clock-check"], [data-test="clock-force"],
// [data-test="clock-notice"], [data-test="clock-correct"], dialog[data-test="clock-dialog"].

import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { clockNotice, clockState, formatClockDate, formatClockTime } from "../../model/clock.js";
import { formatOffset } from "../../model/format.js";
import { askToCorrect, syncClock } from "../shared/clock-check.js";

/**
 * The clock card: {element, draw(), update(), settle(answer)}. `reload()` re-reads the status
 * (after a clock was written: it may show another period, or another day); `onClockChanged()`
 * runs after a new reading.
 */
export function clockCard(today, { reload, onClockChanged }) {
  const element = h("section", { class: "card", dataset: { test: "clock-card" }, "aria-labelledby": "clock-heading" });
  const time = h("span", { class: "big", dataset: { test: "clock-time" } });
  const date = h("p", { class: "muted" });
  const status = h("p", { dataset: { test: "clock-status" } });
  const notice = h("div", { dataset: { test: "clock-notice" }, "aria-live": "polite" });
  const error = h("p", { class: "form-error", hidden: true });

  function draw() {
    const action = (test, title, label, body) =>
      h("button", { type: "button", class: "button secondary", dataset: { test }, title, onclick: () => clockAction(body) }, label);
    element.replaceChildren(
      h("div", { class: "card-head" }, h("h2", { id: "clock-heading" }, icon("clock"), "Nightlight clock")),
      h("div", null, time, date),
      status,
      notice,
      error,
      h("div", { class: "button-row" },
        action("clock-check", "Compare the nightlight's clock with the dashboard's time and correct it if it is off", "Check now", {}),
        action("clock-force", "Write the dashboard's time to the nightlight now, even when it is right", "Set to the dashboard's time", { force: true })));
    update();
  }

  function update() {
    const now = today.clock.now();
    time.textContent = now ? formatClockTime(now) : "Not set";
    date.textContent = now ? formatClockDate(now) : "The schedules wait until the clock is set.";
    const { text, kind } = clockState(today.clockReport, today.clock.isSet);
    status.replaceChildren(h("span", { class: `badge ${kind}` }, kind === "ok" ? icon("check") : icon("alert"), text));
    notice.replaceChildren(...(today.clockNote ? [today.clockNote] : []));
  }

  /** Handles a clock answer: shows it, tells about a correction, asks when over 30 minutes (§8). */
  async function settle(answer) {
    // A clock that was written may have moved the nightlight into another period or another
    // day (a correction across midnight): what it shows is read again before the parent is told.
    if (answer.written && element.isConnected) {
      try {
        await reload();
      } catch (failure) {
        showError(element, failure);
      }
    }
    today.clockReport = answer;
    today.clock.set(answer.clock);
    const words = clockNotice(answer);
    today.clockNote = words ? h("p", { class: "note ok" }, words) : null;
    if (words) toast(words, "success");
    update();
    onClockChanged();
    if (answer.needsConfirmation) await ask(answer);
  }

  async function ask(answer) {
    const corrected = await askToCorrect(today.ctx.address, answer);
    if (corrected) {
      await settle(corrected);
      return;
    }
    today.clockNote = h("div", { class: "note" },
      h("p", null, `The clock was left ${formatOffset(answer.offsetSeconds)}.`),
      h("button", { type: "button", class: "button ghost", dataset: { test: "clock-correct" }, onclick: () => ask(answer) }, "Correct it…"));
    update();
  }

  /** "Check now" and "Set to the dashboard's time": the answer is always told, an unchanged clock too. */
  async function clockAction(body) {
    clearErrors(element);
    try {
      const answer = await syncClock(today.ctx.address, body);
      await settle(answer);
      if (!answer.written && !answer.needsConfirmation && answer.decision === "inSync") {
        toast("The nightlight's clock is right: within 2 seconds of the dashboard's time. Nothing was changed.", "info");
      }
    } catch (failure) {
      showError(element, failure);
    }
  }

  return { element, draw, update, settle, showError: (failure) => showError(element, failure) };
}
