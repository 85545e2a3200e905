// #/button/ADDR — the child button (SN profile §5): whether it works, the light's color, how long
// it stays on, presses per day, the quiet time when presses are ignored, shake mode; and today's
// status, live.
//
// Hooks: [data-test="button-editor"], [data-test="button-status"] with
// [data-test="button-light"] (data-on), [data-test="button-uses"], [data-test="button-remaining"];
// [data-test="button-summary"]; #button-enabled, #button-color (data-color), #button-on-minutes,
// #button-on-seconds, #button-daily, #button-window (checkbox), #button-window-start,
// #button-window-end, #button-shake, #button-save, #button-revert, [data-test="button-state"],
// .field-error. data-field on: isEnabled, color, onTime, dailyUsage, deactivationWindow,
// deactivationWindow.start, deactivationWindow.end, shakeMode.

import { api, ApiError, devicePath } from "./api.js";
import { h, icon, showError, clearErrors, toast, formatMinutes } from "./ui.js";
import { openColorTool, describeColor, glowColor } from "./color.js";
import { lightName } from "./week.js";

const clone = (value) => JSON.parse(JSON.stringify(value));
const minutesOf = (value) => {
  if (!value) return null;
  const [hours, minutes] = value.split(":").map(Number);
  return hours * 60 + minutes;
};
const duration = (seconds) => {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return m && s ? `${m} min ${s} s` : m ? `${m} minute${m === 1 ? "" : "s"}` : `${s} second${s === 1 ? "" : "s"}`;
};

/** The rules of §5 as the page checks them: [{field, message}]. */
function checkSettings(s) {
  const problems = [];
  if (!Number.isInteger(s.onTime) || s.onTime < 1 || s.onTime > 3600) {
    problems.push({ field: "onTime", message: "The light stays on for 1 second up to 60 minutes." });
  }
  if (!Number.isInteger(s.dailyUsage) || s.dailyUsage < 0 || s.dailyUsage > 255) {
    problems.push({ field: "dailyUsage", message: "Presses a day: a whole number from 1 to 255, or 0 for no limit." });
  }
  return problems;
}

export function render(container, ctx) {
  const base = devicePath(ctx.address, "button");
  let saved = null, draft = null, status = null, busy = false, quiet = null, ticker = null;
  const child = ctx.device?.childName || "your child";
  // The heading stays while the rest is rebuilt, so the focus the router gives it stays too.
  const body = h("div", { class: "editor-body" }, h("div", { class: "loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Reading the child button…"));
  const root = h("div", { class: "editor button-editor", dataset: { test: "button-editor" } },
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Child button"),
        h("p", { class: "lead" }, `What happens when ${child} presses the nightlight's button.`))),
    body);
  container.replaceChildren(root);

  async function load() {
    try {
      const answer = await api("GET", base);
      saved = answer.settings;
      draft = clone(saved);
      status = answer.status;
      build();
    } catch (error) {
      body.replaceChildren(h("div", { class: "banner", role: "alert" }, icon("alert"),
        h("p", null, `Could not read the child button: ${error.message}`),
        h("button", { type: "button", class: "button secondary", onclick: load }, "Try again")));
    }
  }

  // ---- The page ----

  function build(focusId = document.activeElement?.id) {
    const window_ = draft.deactivationWindow;
    const windowOn = window_.start !== window_.end;
    quiet = windowOn ? { ...window_ } : quiet ?? { start: 480, end: 1080 };
    const toggle = (id, field, checked, text, hint, onchange) =>
      h("div", { class: "toggle-row" },
        h("label", { class: "toggle", for: id },
          h("input", { id, type: "checkbox", role: "switch", checked, dataset: field ? { field } : null, "aria-describedby": hint ? `${id}-hint` : null, onchange }),
          h("span", { class: "toggle-track", "aria-hidden": "true" }),
          h("span", null, text)),
        hint ? h("p", { id: `${id}-hint`, class: "hint" }, hint) : null);

    body.replaceChildren(
      h("div", { class: "button-layout" },
        h("section", { class: "card status-card", "aria-labelledby": "button-status-title", dataset: { test: "button-status" } },
          h("div", { class: "card-head" }, h("h2", { id: "button-status-title" }, icon("button"), "Today")),
          h("div", { class: "status-body", "aria-live": "polite" })),
        h("form", { class: "card button-form", novalidate: true, "aria-labelledby": "button-form-title", onsubmit: save },
          h("h2", { id: "button-form-title", class: "visually-hidden" }, "Button settings"),
          h("p", { class: "summary", dataset: { test: "button-summary" } }),
          toggle("button-enabled", "isEnabled", draft.isEnabled, "The button turns the light on", null,
            (event) => { draft.isEnabled = event.target.checked; changed(); }),
          h("div", { class: "field" },
            h("span", { class: "label", id: "button-color-label" }, "Light color"),
            h("button", {
              id: "button-color", type: "button", class: "color-choice", dataset: { field: "color", color: draft.color },
              "aria-labelledby": "button-color-label button-color", onclick: chooseColor,
            }, h("span", { class: "period-swatch", style: `background:${draft.color}`, "aria-hidden": "true" }),
              h("span", null, `${draft.color} · ${describeColor(draft.color)}`), h("span", { class: "muted small" }, "Change"))),
          h("fieldset", { class: "field on-time", dataset: { field: "onTime" } },
            h("legend", null, "Stays on for"),
            h("div", { class: "inline-inputs" },
              numberInput("button-on-minutes", "minutes", Math.floor(draft.onTime / 60), 0, 60, (v) => { draft.onTime = v * 60 + (draft.onTime % 60); }),
              numberInput("button-on-seconds", "seconds", draft.onTime % 60, 0, 59, (v) => { draft.onTime = Math.floor(draft.onTime / 60) * 60 + v; }))),
          h("div", { class: "field" },
            h("label", { for: "button-daily" }, "Presses a day"),
            h("input", {
              id: "button-daily", type: "number", min: "0", max: "255", step: "1", inputmode: "numeric", value: String(draft.dailyUsage),
              "aria-describedby": "button-daily-hint", dataset: { field: "dailyUsage" },
              oninput: (event) => { draft.dailyUsage = event.target.value === "" ? NaN : Number(event.target.value); changed(); },
            }),
            h("p", { id: "button-daily-hint", class: "hint" }, "0 means no limit. The count starts again at midnight.")),
          h("fieldset", { class: "field quiet", dataset: { field: "deactivationWindow" } },
            h("legend", null, "Quiet time"),
            toggle("button-window", null, windowOn, "Ignore presses during a time of day", null,
              (event) => {
                draft.deactivationWindow = event.target.checked ? { ...quiet } : { start: 0, end: 0 };
                build("button-window");
              }),
            h("div", { class: "inline-inputs", hidden: !windowOn },
              timeInput("button-window-start", "From", "start"),
              timeInput("button-window-end", "Until", "end")),
            h("p", { class: "hint quiet-hint" })),
          toggle("button-shake", "shakeMode", draft.shakeMode, "Shaking changes the color", `Each shake while the light is on turns its color a little (15°) around the wheel.`,
            (event) => { draft.shakeMode = event.target.checked; changed(); }),
          h("div", { class: "save-bar" },
            h("p", { class: "save-state", dataset: { test: "button-state" }, role: "status" }),
            h("p", { class: "form-error", hidden: true }),
            h("div", { class: "button-row" },
              h("button", { id: "button-revert", type: "button", class: "button secondary", onclick: revert }, "Revert"),
              h("button", { id: "button-save", type: "submit", class: "button primary" }, "Save to nightlight"))))));
    showStatus();
    changed();
    if (focusId) document.getElementById(focusId)?.focus();
  }

  function numberInput(id, unit, value, min, max, set) {
    return h("div", { class: "field unit-field" },
      h("input", {
        id, type: "number", min: String(min), max: String(max), step: "1", inputmode: "numeric", value: String(value),
        oninput: (event) => { set(event.target.value === "" ? 0 : Number(event.target.value)); changed(); },
      }),
      h("label", { for: id }, unit));
  }

  function timeInput(id, label, which) {
    return h("div", { class: "field" },
      h("label", { for: id }, label),
      h("input", {
        id, type: "time", step: "60", value: formatMinutes(draft.deactivationWindow[which] % 1440), dataset: { field: `deactivationWindow.${which}` },
        oninput: (event) => {
          const value = minutesOf(event.target.value);
          if (value === null) return;
          draft.deactivationWindow[which] = value;
          quiet = { ...draft.deactivationWindow };
          changed();
        },
      }));
  }

  // ---- After every edit ----

  function changed() {
    const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
    const problems = checkSettings(draft);
    clearErrors(root);
    for (const problem of problems) showError(root, new ApiError({ status: 0, code: "invalidValue", ...problem }));
    const w = draft.deactivationWindow;
    const windowOn = w.start !== w.end;
    if (windowOn) {
      root.querySelector(".quiet-hint").textContent = w.start > w.end
        ? `From ${formatMinutes(w.start)} until ${formatMinutes(w.end)} the next morning, presses do nothing.`
        : `From ${formatMinutes(w.start)} to ${formatMinutes(w.end)} presses do nothing.`;
    } else root.querySelector(".quiet-hint").textContent = "The button works all day.";
    root.querySelector("[data-test='button-summary']").textContent = summary(draft);
    const state = root.querySelector("[data-test='button-state']");
    state.textContent = busy ? "Saving…" : problems.length ? "Not ready to save yet" : dirty ? "Unsaved changes" : `This is what ${lightName(ctx)} has now.`;
    state.dataset.state = problems.length ? "problems" : dirty ? "dirty" : "saved";
    root.querySelector("#button-revert").disabled = !dirty || busy;
    root.querySelector("#button-save").disabled = busy;
  }

  function summary(s) {
    if (!s.isEnabled) return `The button is off: pressing it does nothing.`;
    const w = s.deactivationWindow;
    const times = s.dailyUsage === 0 ? "as often as they like" : s.dailyUsage === 1 ? "once a day" : `up to ${s.dailyUsage} times a day`;
    const quietText = w.start !== w.end ? `, except ${formatMinutes(w.start)}–${formatMinutes(w.end)}` : "";
    const time = Number.isInteger(s.onTime) && s.onTime > 0 ? duration(s.onTime) : "a while";
    return `A press lights ${describeColor(s.color)} for ${time}, ${times}${quietText}. Another press turns it off.`;
  }

  // ---- Status, live ----

  function showStatus() {
    const body = root.querySelector(".status-body");
    if (!body || !status) return;
    const on = status.isLightOn;
    const limit = saved.dailyUsage;
    const glow = h("span", { class: "button-glow", "aria-hidden": "true" });
    glow.style.background = on ? glowColor(saved.color) : "transparent";
    glow.style.boxShadow = on ? `0 0 28px 6px ${glowColor(saved.color)}` : "none";
    body.replaceChildren(
      h("div", { class: "status-line", dataset: { test: "button-light", on: String(on) } }, glow,
        h("div", null,
          h("p", { class: "mode-name" }, on ? "The button light is on" : "The button light is off"),
          on ? h("p", { class: "muted", dataset: { test: "button-remaining" } }, `Goes off in ${clock(status.remainingSeconds)}`) : null)),
      h("p", { dataset: { test: "button-uses" } },
        h("span", { class: "big" }, String(status.usesToday)),
        " ", limit === 0 ? `press${status.usesToday === 1 ? "" : "es"} today (no limit)` : `of ${limit} presses used today`));
  }

  const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

  const unsubscribe = ctx.onLive?.((message) => {
    if (message.type !== "button" || !saved) return;
    status = message.button;
    showStatus();
  });
  // Counts the light's remaining time down between live messages.
  ticker = setInterval(() => {
    if (!status?.isLightOn || status.remainingSeconds <= 0) return;
    status = { ...status, remainingSeconds: status.remainingSeconds - 1 };
    const remaining = root.querySelector("[data-test='button-remaining']");
    if (remaining) remaining.textContent = `Goes off in ${clock(status.remainingSeconds)}`;
  }, 1000);

  // ---- Actions ----

  async function chooseColor() {
    const color = await openColorTool({ color: draft.color, title: "Button light color", proofAddress: ctx.address, proofOnOpen: false });
    if (color && color !== draft.color) {
      draft.color = color;
      build("button-color");
    }
  }

  async function save(event) {
    event.preventDefault();
    if (busy) return;
    const problems = checkSettings(draft);
    if (problems.length) {
      root.querySelector(`[data-field="${problems[0].field}"] input, [data-field="${problems[0].field}"]`)?.focus();
      return;
    }
    busy = true;
    changed();
    try {
      const answer = await api("PUT", base, draft);
      saved = answer.settings;
      draft = clone(saved);
      status = answer.status;
      busy = false;
      build("button-save");
      toast(`Saved on ${lightName(ctx)}.`, "success");
    } catch (error) {
      busy = false;
      changed();
      showError(root, error);
    }
  }

  function revert() {
    draft = clone(saved);
    build("button-save");
    toast("Changes undone.");
  }

  load();
  return () => {
    clearInterval(ticker);
    unsubscribe?.();
  };
}
