// The child button's settings form: on/off, the light's colour, how long it stays on, presses a
// day, the quiet time, shake mode; and the save bar.
// Hooks: [data-test="button-summary"], #button-enabled, #button-color (data-color),
// #button-on-minutes, #button-on-seconds, #button-daily, #button-window (checkbox),
// #button-window-start, #button-window-end, #button-shake, #button-save, #button-revert,
// [data-test="button-state"], .quiet-hint. data-field on: isEnabled, color, onTime, dailyUsage,
// deactivationWindow, deactivationWindow.start, deactivationWindow.end, shakeMode.

import { h } from "../../lib/dom.js";
import { isQuietTimeOn } from "../../model/button.js";
import { describeColor } from "../../model/color.js";
import { timeField } from "../shared/time-field.js";
import { toggleRow } from "../shared/toggle.js";

/**
 * The form for `draft` (the settings being edited, changed in place). `on`: {changed() after a
 * field was typed in, chooseColor(), quietTime(on) (the quiet-time switch), quietEdited() (a
 * quiet time typed), save(event), revert()}.
 */
export function settingsForm(draft, on) {
  const quietOn = isQuietTimeOn(draft.deactivationWindow);
  const set = (change) => (event) => {
    change(event.target);
    on.changed();
  };
  return h("form", { class: "card button-form", novalidate: true, "aria-labelledby": "button-form-title", onsubmit: on.save },
    h("h2", { id: "button-form-title", class: "visually-hidden" }, "Button settings"),
    h("p", { class: "summary", dataset: { test: "button-summary" } }),
    toggleRow("button-enabled", "isEnabled", draft.isEnabled, "The button turns the light on", null,
      set((input) => { draft.isEnabled = input.checked; })),
    h("div", { class: "field" },
      h("span", { class: "label", id: "button-color-label" }, "Light color"),
      h("button", {
        id: "button-color", type: "button", class: "color-choice", dataset: { field: "color", color: draft.color },
        "aria-labelledby": "button-color-label button-color", onclick: on.chooseColor,
      }, h("span", { class: "period-swatch", style: `background:${draft.color}`, "aria-hidden": "true" }),
      h("span", null, `${draft.color} · ${describeColor(draft.color)}`), h("span", { class: "muted small" }, "Change"))),
    h("fieldset", { class: "field on-time", dataset: { field: "onTime" } },
      h("legend", null, "Stays on for"),
      h("div", { class: "inline-inputs" },
        numberInput("button-on-minutes", "minutes", Math.floor(draft.onTime / 60), 0, 60, set((input) => {
          draft.onTime = wholeNumber(input) * 60 + (draft.onTime % 60);
        })),
        numberInput("button-on-seconds", "seconds", draft.onTime % 60, 0, 59, set((input) => {
          draft.onTime = Math.floor(draft.onTime / 60) * 60 + wholeNumber(input);
        })))),
    h("div", { class: "field" },
      h("label", { for: "button-daily" }, "Presses a day"),
      h("input", {
        id: "button-daily", type: "number", min: "0", max: "255", step: "1", inputmode: "numeric", value: String(draft.dailyUsage),
        "aria-describedby": "button-daily-hint", dataset: { field: "dailyUsage" },
        oninput: set((input) => { draft.dailyUsage = input.value === "" ? NaN : Number(input.value); }),
      }),
      h("p", { id: "button-daily-hint", class: "hint" }, "0 means no limit. The count starts again at midnight.")),
    h("fieldset", { class: "field quiet", dataset: { field: "deactivationWindow" } },
      h("legend", null, "Quiet time"),
      toggleRow("button-window", null, quietOn, "Ignore presses during a time of day", null, (event) => on.quietTime(event.target.checked)),
      h("div", { class: "inline-inputs", hidden: !quietOn },
        quietInput(draft, "button-window-start", "From", "start", on.quietEdited),
        quietInput(draft, "button-window-end", "Until", "end", on.quietEdited)),
      h("p", { class: "hint quiet-hint" })),
    toggleRow("button-shake", "shakeMode", draft.shakeMode, "Shaking changes the color", "Each shake while the light is on turns its color a little (15°) around the wheel.",
      set((input) => { draft.shakeMode = input.checked; })),
    h("div", { class: "save-bar" },
      h("p", { class: "save-state", dataset: { test: "button-state" }, role: "status" }),
      h("p", { class: "form-error", hidden: true }),
      h("div", { class: "button-row" },
        h("button", { id: "button-revert", type: "button", class: "button secondary", onclick: on.revert }, "Revert"),
        h("button", { id: "button-save", type: "submit", class: "button primary" }, "Save to nightlight"))));
}

const wholeNumber = (input) => (input.value === "" ? 0 : Number(input.value));

function numberInput(id, unit, value, min, max, oninput) {
  return h("div", { class: "field unit-field" },
    h("input", { id, type: "number", min: String(min), max: String(max), step: "1", inputmode: "numeric", value: String(value), oninput }),
    h("label", { for: id }, unit));
}

/** A time of the quiet window; a cleared field changes nothing. */
function quietInput(draft, id, label, which, edited) {
  return h("div", { class: "field" },
    h("label", { for: id }, label),
    timeField({
      id, minutes: draft.deactivationWindow[which] % 1440, dataset: { field: `deactivationWindow.${which}` },
      oninput: (minutes) => {
        if (minutes === null || minutes === 1440) return;
        draft.deactivationWindow[which] = minutes;
        edited();
      },
    }));
}
