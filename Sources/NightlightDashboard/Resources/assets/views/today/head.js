// Today's head: the child's name (the pencil renames; a nightlight without one asks for it
// first, §8), the date on the nightlight, and the hero card with the mode shown now and why.
// Hooks: [data-test="child-name"] (h1), [data-test="edit-child-name"], [data-test="child-name-input"]
// (data-field="childName"), [data-test="child-name-save"], [data-test="child-name-cancel"],
// [data-test="today-date"], [data-test="mode"][data-mode], [data-test="mode-why"], [data-test="mode-glow"],
// [data-test="mode-color"][data-color] (the colour shown now, in words).

import { api, nightlightPath } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, fieldProblem, showError, toast } from "../../lib/feedback.js";
import { formatClockDate } from "../../model/clock.js";
import { sizeRule } from "../../model/format.js";
import { nameProblem } from "../../model/limits.js";
import { describeColor, glowColor } from "../../model/color.js";
import { modeName, modeReason } from "../../model/status.js";

/** The name row and the date line: {element, draw(), drawDate()}. */
export function nameHead(today) {
  const heading = h("h1", { dataset: { test: "child-name" } });
  const row = h("div", { class: "child-name" });
  const dateLine = h("p", { class: "lead", dataset: { test: "today-date" } });
  const identity = () => today.status.identity;

  function draw(editing = !identity().childName) {
    heading.textContent = identity().childName || "Name this nightlight";
    if (!editing) {
      row.replaceChildren(heading,
        h("button", { type: "button", class: "icon-button", dataset: { test: "edit-child-name" }, "aria-label": "Change the child's name", title: "Change the child's name", onclick: () => draw(true) }, icon("edit")));
      return;
    }
    const { form, input } = nameForm();
    row.replaceChildren(form);
    if (identity().childName) {
      input.focus();
      input.select();
    }
  }

  /** The renaming form and its input. */
  function nameForm() {
    const missing = !identity().childName;
    const limit = today.ctx.limits.childName.maximumBytes;
    const input = h("input", { id: "child-name-input", type: "text", value: identity().childName, autocomplete: "off", "aria-describedby": "child-name-hint", dataset: { field: "childName", test: "child-name-input" } });
    const done = () => {
      draw(false);
      row.querySelector("button").focus();
    };
    const form = h("form", { class: "name-form", novalidate: true },
      h("div", { class: "field" },
        h("label", { for: "child-name-input" }, missing ? "This nightlight has no child name yet: whose is it?" : "Child's name"),
        input,
        h("p", { class: "hint", id: "child-name-hint" }, `The child's first name, ${sizeRule(limit)}.`)),
      h("p", { class: "form-error", hidden: true }),
      h("div", { class: "button-row" },
        h("button", { type: "submit", class: "button primary", dataset: { test: "child-name-save" } }, "Save"),
        !missing && h("button", { type: "button", class: "button secondary", dataset: { test: "child-name-cancel" }, onclick: done }, "Cancel")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearErrors(form);
      const problem = nameProblem(input.value, limit, { what: "child's name" });
      if (problem) {
        showError(form, fieldProblem("childName", problem));
        input.focus();
        return;
      }
      try {
        const record = await api("PUT", nightlightPath(today.ctx.address, "child-name"), { childName: input.value.trim() });
        identity().childName = record.childName;
        await today.ctx.reloadDevices();
        toast(`The nightlight is now ${record.childName}'s.`, "success");
        done();
      } catch (error) {
        showError(form, error);
        input.focus();
      }
    });
    form.addEventListener("keydown", (event) => {
      if (event.key === "Escape") form.querySelector("[data-test='child-name-cancel']")?.click();
    });
    return { form, input };
  }

  function drawDate() {
    const now = today.clock.now();
    const device = identity().deviceName;
    dateLine.textContent = now ? `${device} · ${formatClockDate(now)}` : `${device} · the nightlight's clock is not set`;
  }

  return { element: h("div", { class: "view-head" }, h("div", null, row, dateLine)), draw, drawDate };
}

/** The hero card: the mode shown now, its glow, and why: {element, draw(), drawReason()}. */
export function modeHero(today) {
  const glow = h("div", { class: "glow", dataset: { test: "mode-glow" }, "aria-hidden": "true" }, icon("moon"));
  const label = h("p", { class: "mode-name", dataset: { test: "mode" } });
  // The colour in words beside its glow (the glow alone says nothing to a screen reader or to
  // someone who cannot tell the hues apart).
  const colorName = h("p", { class: "muted small", dataset: { test: "mode-color" } });
  const why = h("p", { class: "mode-why", dataset: { test: "mode-why" } });
  const element = h("section", { class: "card hero wide", "aria-labelledby": "today-heading" },
    h("div", { class: "hero-top" },
      glow,
      h("div", { class: "hero-text" },
        h("p", { class: "muted small", id: "today-heading" }, "Shown now"),
        label,
        colorName,
        why)));

  function drawReason() {
    why.textContent = modeReason({
      status: today.status,
      minute: today.clock.minute(),
      group: today.group(),
      buttonSecondsLeft: today.buttonSecondsLeft(),
    });
  }

  function draw() {
    const { mode, colors } = today.status.activeState;
    label.textContent = modeName(mode);
    label.dataset.mode = String(mode);
    const color = colors[0] ?? "#000000";
    const off = color === "#000000";
    glow.style.backgroundColor = off ? "transparent" : glowColor(color);
    glow.style.boxShadow = off ? "none" : `0 0 28px 6px ${glowColor(color)}`;
    glow.classList.toggle("off", off);
    colorName.dataset.color = color;
    colorName.textContent = off ? "Light off" : `Color: ${describeColor(color)} (${color})`;
    drawReason();
  }

  return { element, draw, drawReason };
}
