// Today's clock card (SN profile §8): the nightlight's time, ticking; how it compares with the
// dashboard's; Read, Set and Force update; a notice when it was corrected, and the question when
// it is over 30 minutes off.
// Hooks: [data-test="clock-card"], [data-test="clock-time"], [data-test="clock-status"],
// [data-test="clock-check"], [data-test="clock-sync"], [data-test="clock-force"],
// [data-test="clock-notice"], [data-test="clock-correct"], dialog[data-test="clock-dialog"].

import { api, nightlightPath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { clockNotice, clockState, formatClockDate, formatClockTime } from "../../model/clock.js";
import { formatOffset } from "../../model/format.js";

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
    const action = (test, title, label, method, body) =>
      h("button", { type: "button", class: "button secondary", dataset: { test }, title, onclick: () => clockAction(method, body) }, label);
    element.replaceChildren(
      h("div", { class: "card-head" }, h("h2", { id: "clock-heading" }, icon("clock"), "Nightlight clock")),
      h("div", null, time, date),
      status,
      notice,
      error,
      h("div", { class: "button-row" },
        action("clock-check", "Read the nightlight's clock again", "Read", "GET"),
        action("clock-sync", "Compare with the dashboard's time and correct it by the usual rules", "Set", "POST", {}),
        action("clock-force", "Write the dashboard's time now, whatever the difference", "Force update", "POST", { force: true })));
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
    const now = today.clock.now();
    const accept = await confirmDialog({
      title: `The nightlight's clock is ${formatOffset(answer.offsetSeconds)}`,
      message: `It shows ${now ? formatClockTime(now).slice(0, 5) : "another time"}. Until it is corrected, its schedules start at the wrong time.\nCorrect it to the dashboard's time now?`,
      confirm: "Correct the clock",
      cancel: "Leave it",
      test: "clock-dialog",
    });
    if (accept) {
      await clockAction("POST", { accept: true });
      return;
    }
    today.clockNote = h("div", { class: "note" },
      h("p", null, `The clock was left ${formatOffset(answer.offsetSeconds)}.`),
      h("button", { type: "button", class: "button ghost", dataset: { test: "clock-correct" }, onclick: () => ask(answer) }, "Correct it…"));
    update();
  }

  async function clockAction(method, body) {
    clearErrors(element);
    try {
      const answer = await api(method, nightlightPath(today.ctx.address, "clock", ...(method === "POST" ? ["sync"] : [])), body);
      await settle(answer);
      if (method === "GET" && !answer.needsConfirmation) toast("Clock read from the nightlight.", "info");
    } catch (failure) {
      showError(element, failure);
    }
  }

  return { element, draw, update, settle, showError: (failure) => showError(element, failure) };
}
