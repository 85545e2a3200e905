// The period dialog of Today: a period's times, fade and colour, saved "today only" (the
// temporary schedule, for a number of days) or into the week group of today; or removed.
// Hooks: dialog[data-test="period-dialog"]: [data-test="period-start"], [data-test="period-end"],
// [data-test="period-fade"], [data-test="period-color"], [data-test="period-color-button"],
// [data-test="period-remove"], [data-test="apply-days"], [data-test="apply-today"],
// [data-test="apply-week"], [data-test="period-cancel"]; dialog[data-test="remove-dialog"] with
// [data-test="remove-today"], [data-test="remove-week"].

import { isStale } from "../../lib/api.js";
import { openDialog } from "../../lib/dialog.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError } from "../../lib/feedback.js";
import { dayName } from "../../model/days.js";
import { formatMinutes } from "../../model/format.js";
import { MAXIMUM_TEMPORARY_DAYS, clamp, isTemporaryDays, readPeriodInputs } from "../../model/timeline.js";

/**
 * Edits a period and writes today's periods with it: `write(target, period, days)` (target
 * "today" or "week"; period null removes it). `fieldsFor(target, period)` says how the server's
 * error fields name the day's periods and this one. Server errors stay in the dialog next to
 * the times; nothing changes. Resolves to {message, start} once written, {stale: true} when the
 * schedule changed elsewhere (nothing was written), or undefined when cancelled.
 * `options`: {title, period, isNew, group, weekName, days, temporaryActive, proofAddress,
 * maximumFade, write, fieldsFor}.
 */
export function periodDialog(options) {
  return openDialog({
    title: options.title,
    test: "period-dialog",
    className: "period-dialog",
    build: (close) => periodForm({ ...options, close }),
  });
}

function periodForm({ period, isNew, group, weekName, days, temporaryActive, proofAddress, maximumFade, write, fieldsFor, close }) {
  let color = period.color;
  const input = (id, test, field, value, extra) => h("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", value, dataset: { test, field }, ...extra });
  const start = input("period-start", "period-start", "start", formatMinutes(period.start), { "aria-describedby": "period-time-hint" });
  const end = input("period-end", "period-end", "end", formatMinutes(period.end), { "aria-describedby": "period-time-hint" });
  const fade = h("input", { id: "period-fade", type: "number", min: "0", max: String(maximumFade), step: "1", value: String(period.fade), dataset: { test: "period-fade" } });
  const times = h("div", { class: "edit-grid" },
    h("div", { class: "field" }, h("label", { for: "period-start" }, "Starts"), start),
    h("div", { class: "field" }, h("label", { for: "period-end" }, "Ends"), end));
  const timesBlock = h("div", null, times);
  const swatch = h("span", { class: "swatch", "aria-hidden": "true" });
  const colorText = h("span", { class: "mono", dataset: { test: "period-color" } });
  const showColor = () => {
    swatch.style.background = color;
    colorText.textContent = color;
  };
  showColor();
  const daysInput = h("input", {
    id: "apply-days", type: "number", min: "1", max: String(MAXIMUM_TEMPORARY_DAYS), step: "1",
    value: String(clamp(days, 1, MAXIMUM_TEMPORARY_DAYS)), dataset: { test: "apply-days", field: "remainingDays" },
  });
  // "for 1 day", "for 3 days": the word follows the number typed.
  const daysWord = h("span", { dataset: { test: "apply-days-word" } });
  const showDaysWord = () => (daysWord.textContent = Number(daysInput.value) === 1 ? "day," : "days,");
  showDaysWord();
  daysInput.addEventListener("input", showDaysWord);
  const form = h("form", { class: "period-form", novalidate: true });
  const formError = h("p", { class: "form-error", hidden: true });
  const range = `${formatMinutes(period.start)}–${formatMinutes(period.end)}`;

  function invalid(field, message) {
    const note = h("p", { class: "field-error", role: "alert", text: message });
    field.after(note);
    field.setAttribute("aria-invalid", "true");
    field.focus();
  }

  /** Runs a write with the buttons busy; closes with `done` once written, or {stale} when stale. */
  async function attempt(button, run, done) {
    button.setAttribute("aria-busy", "true");
    form.querySelectorAll("button").forEach((b) => (b.disabled = true));
    try {
      await run();
      close(done);
    } catch (error) {
      if (isStale(error)) close({ stale: true });
      else showError(form, error);
    } finally {
      button.removeAttribute("aria-busy");
      form.querySelectorAll("button").forEach((b) => (b.disabled = false));
    }
  }

  function apply(target, button) {
    clearErrors(form);
    const read = readPeriodInputs({ start: start.value, end: end.value, fade: fade.value }, color);
    if (read.problem) return invalid({ start, end, fade }[read.problem.input], read.problem.message);
    const edited = read.period;
    const count = Number(daysInput.value);
    if (target === "today" && !isTemporaryDays(count)) return invalid(daysInput, `Choose 1 to ${MAXIMUM_TEMPORARY_DAYS} days.`);
    // Server errors name fields like periods[1] or groups[0].periods[2].fade: mark where they go.
    const fields = fieldsFor(target, edited);
    timesBlock.dataset.field = fields.periods;
    times.dataset.field = fields.period;
    fade.dataset.field = `${fields.period}.fade`;
    const saved = `${formatMinutes(edited.start)}–${formatMinutes(edited.end)}`;
    return attempt(button, () => write(target, edited, count), {
      start: edited.start,
      message: target === "today"
        ? `Saved for ${count === 1 ? "today only" : `${count} days`}: ${saved}.`
        : `Saved for ${everyDayOf(group, "every")}: ${saved}.`,
    });
  }

  async function remove(button) {
    const target = await openDialog({
      title: "Remove this period?",
      test: "remove-dialog",
      build: (answer) => h("div", null,
        h("p", { class: "dialog-message" }, `${range} goes dark.`),
        h("div", { class: "dialog-actions" },
          h("button", { type: "button", class: "button secondary", onclick: () => answer(null) }, "Keep it"),
          h("button", { type: "button", class: "button danger", dataset: { test: "remove-today" }, onclick: () => answer("today") }, "Today only"),
          group && h("button", { type: "button", class: "button danger", dataset: { test: "remove-week" }, onclick: () => answer("week") }, everyDayOf(group)))),
    });
    if (!target) return;
    clearErrors(form);
    await attempt(button, () => write(target, null, Number(daysInput.value) || 1), { start: period.start, message: `Removed ${range}.` });
  }

  async function pickColor() {
    try {
      const { openColorTool } = await import("../color/color-tool.js");
      const chosen = await openColorTool({ color, title: "Color of this period", proofAddress });
      if (chosen) {
        color = chosen;
        showColor();
      }
    } catch (error) {
      console.warn("color tool failed", error);
      showError(form, new Error("The color tool could not be loaded."));
    }
  }

  const todayButton = h("button", { type: "button", class: "button primary", dataset: { test: "apply-today" }, "aria-label": "Save for today only" }, "Save");
  todayButton.addEventListener("click", () => apply("today", todayButton));
  const weekButton = group && h("button", { type: "button", class: "button primary", dataset: { test: "apply-week" }, "aria-label": `Save for ${everyDayOf(group, "every")}` }, "Save");
  weekButton?.addEventListener("click", () => apply("week", weekButton));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply("today", todayButton);
  });

  form.append(
    h("p", { class: "muted small", id: "period-time-hint" }, "Times like 19:30; 24:00 is midnight. Periods end by midnight."),
    timesBlock,
    h("div", { class: "edit-grid" },
      h("div", { class: "field" }, h("label", { for: "period-fade" }, "Fade in and out (minutes)"), fade),
      h("div", { class: "field" },
        h("span", { class: "label", id: "period-color-label" }, "Color"),
        h("div", { class: "color-row" }, swatch, colorText,
          h("button", { type: "button", class: "button secondary", dataset: { test: "period-color-button" }, "aria-describedby": "period-color-label", onclick: pickColor }, icon("palette"), "Change")))),
    formError,
    h("div", { class: "choice-list", role: "group", "aria-label": "Save the change for" },
      h("div", { class: "choice" },
        h("span", { class: "choice-title" }, "Today only"),
        todayButton,
        h("label", { class: "days", for: "apply-days" }, "for", daysInput, daysWord, "from today")),
      group && h("div", { class: "choice" },
        h("span", { class: "choice-title" }, everyDayOf(group)),
        weekButton,
        h("span", { class: "muted small" },
          `${group.days.map(dayName).join(", ")} in the week schedule “${weekName}”${temporaryActive ? ". The temporary schedule still applies today" : ""}`))),
    h("div", { class: "dialog-actions" },
      !isNew && h("button", { type: "button", class: "button danger", dataset: { test: "period-remove" }, onclick: ({ currentTarget }) => remove(currentTarget) }, "Remove"),
      h("button", { type: "button", class: "button secondary", dataset: { test: "period-cancel" }, onclick: () => close(undefined) }, "Cancel")));
  return form;
}

/** The week choice of a group, whatever its name: "Every day of “Working days”" (`every`: "every day of …"). */
function everyDayOf(group, every = "Every") {
  return `${every} day of “${group.name}”`;
}
