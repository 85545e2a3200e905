// #/button/ADDR — the child button (SN profile §5): whether it works, the light's colour, how long
// it stays on, presses per day, the quiet time when presses are ignored, shake mode; and today's
// status, live.
//
// Hooks: [data-test="button-editor"], [data-test="button-status"] with
// [data-test="button-light"] (data-on), [data-test="button-uses"], [data-test="button-remaining"];
// the form's (settings-form.js); .field-error.

import { ApiError, api, nightlightPath } from "../../lib/api.js";
import { h, icon, loading } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { DEFAULT_QUIET_TIME, buttonSummary, checkButtonSettings, isQuietTimeOn, quietTimeHint, usesAfterCount } from "../../model/button.js";
import { glowColor } from "../../model/color.js";
import { formatCountdown } from "../../model/format.js";
import { lightName } from "../../model/names.js";
import { openColorTool } from "../color/color-tool.js";
import { settingsForm } from "./settings-form.js";

const clone = (value) => JSON.parse(JSON.stringify(value));

/** Shows the child button's section in `container`; returns its cleanup. */
export function render(container, ctx) {
  const path = nightlightPath(ctx.address, "button");
  let saved = null, draft = null, buttonStatus = null, busy = false;
  let quiet = null; // the quiet time last set, offered again when the switch goes back on
  const child = ctx.device?.childName || "your child";
  // The heading stays while the rest is rebuilt, so the focus the router gives it stays too.
  const body = h("div", { class: "editor-body" }, loading("Reading the child button…"));
  const root = h("div", { class: "editor button-editor", dataset: { test: "button-editor" } },
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Child button"),
        h("p", { class: "lead" }, `What happens when ${child} presses the nightlight's button.`))),
    body);
  container.replaceChildren(root);

  function take(answer) {
    saved = answer.settings;
    draft = clone(saved);
    buttonStatus = answer.status;
  }

  async function load() {
    try {
      take(await api("GET", path));
      build();
    } catch (error) {
      body.replaceChildren(h("div", { class: "banner", role: "alert" }, icon("alert"),
        h("p", null, `Could not read the child button: ${error.message}`),
        h("button", { type: "button", class: "button secondary", onclick: load }, "Try again")));
    }
  }

  function build(focusId = document.activeElement?.id) {
    quiet = isQuietTimeOn(draft.deactivationWindow) ? { ...draft.deactivationWindow } : quiet ?? { ...DEFAULT_QUIET_TIME };
    body.replaceChildren(
      h("div", { class: "button-layout" },
        h("section", { class: "card status-card", "aria-labelledby": "button-status-title", dataset: { test: "button-status" } },
          h("div", { class: "card-head" }, h("h2", { id: "button-status-title" }, icon("button"), "Today")),
          h("div", { class: "status-body", "aria-live": "polite" })),
        settingsForm(draft, {
          changed,
          chooseColor,
          quietTime: (on) => {
            draft.deactivationWindow = on ? { ...quiet } : { start: 0, end: 0 };
            build("button-window");
          },
          quietEdited: () => {
            quiet = { ...draft.deactivationWindow };
            changed();
          },
          save,
          revert,
        })));
    showStatus();
    changed();
    if (focusId) document.getElementById(focusId)?.focus();
  }

  /** After every edit: the checks, the quiet-time hint, the summary, the state and the buttons. */
  function changed() {
    const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
    const problems = checkButtonSettings(draft);
    clearErrors(root);
    for (const problem of problems) showError(root, new ApiError({ status: 0, code: "invalidValue", ...problem }));
    root.querySelector(".quiet-hint").textContent = quietTimeHint(draft.deactivationWindow);
    root.querySelector("[data-test='button-summary']").textContent = buttonSummary(draft);
    const state = root.querySelector("[data-test='button-state']");
    state.textContent = busy ? "Saving…" : problems.length ? "Not ready to save yet" : dirty ? "Unsaved changes" : `This is what ${lightName(ctx.device)} has now.`;
    state.dataset.state = problems.length ? "problems" : dirty ? "dirty" : "saved";
    root.querySelector("#button-revert").disabled = !dirty || busy;
    root.querySelector("#button-save").disabled = busy;
  }

  function showStatus() {
    const slot = root.querySelector(".status-body");
    if (slot && buttonStatus) slot.replaceChildren(...statusLines(buttonStatus, saved));
  }

  const unsubscribe = ctx.onLive?.((message) => {
    if (message.type !== "button" || !saved) return;
    buttonStatus = message.button;
    showStatus();
  });
  // Counts the light's remaining time down between live messages.
  const ticker = setInterval(() => {
    if (!buttonStatus?.isLightOn || buttonStatus.remainingSeconds <= 0) return;
    buttonStatus = { ...buttonStatus, remainingSeconds: buttonStatus.remainingSeconds - 1 };
    const remaining = root.querySelector("[data-test='button-remaining']");
    if (remaining) remaining.textContent = `Goes off in ${formatCountdown(buttonStatus.remainingSeconds)}`;
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
    const problems = checkButtonSettings(draft);
    if (problems.length) {
      root.querySelector(`[data-field="${problems[0].field}"] input, [data-field="${problems[0].field}"]`)?.focus();
      return;
    }
    busy = true;
    changed();
    try {
      take(await api("PUT", path, draft));
      busy = false;
      build("button-save");
      toast(`Saved on ${lightName(ctx.device)}.`, "success");
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

/** The status card's lines: the light (on: its glow and countdown) and today's presses. */
function statusLines(status, settings) {
  const on = status.isLightOn;
  const glow = h("span", { class: "button-glow", "aria-hidden": "true" });
  glow.style.background = on ? glowColor(settings.color) : "transparent";
  glow.style.boxShadow = on ? `0 0 28px 6px ${glowColor(settings.color)}` : "none";
  return [
    h("div", { class: "status-line", dataset: { test: "button-light", on: String(on) } }, glow,
      h("div", null,
        h("p", { class: "mode-name" }, on ? "The button light is on" : "The button light is off"),
        on ? h("p", { class: "muted", dataset: { test: "button-remaining" } }, `Goes off in ${formatCountdown(status.remainingSeconds)}`) : null)),
    h("p", { dataset: { test: "button-uses" } },
      h("span", { class: "big" }, String(status.usesToday)),
      " ", usesAfterCount(status.usesToday, settings.dailyUsage)),
  ];
}
