// Today's lights card (SN profile §4): the nightlight's own controls. "Turn the light off now" /
// "Turn the light back on" (LED Power Enable: off, the nightlight stays dark whatever its
// schedules say), "All four LEDs the same colour" (LED Link), and, when the LEDs are not linked,
// each LED's colour (shown in proof mode, chosen with the colour tool on that LED).
// Hooks: [data-test="lights-card"], [data-test="lights-state"], [data-test="lights-power"]
// (data-power on | off), #lights-link (switch), [data-test="led-color"][data-led=1…4].

import { api, nightlightPath } from "../../lib/api.js";
import { fill, h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { describeColor } from "../../model/color.js";
import { openColorTool } from "../color/color-tool.js";
import { toggleRow } from "../shared/toggle.js";

/** The lights card: {element, draw(), refresh()} (refresh re-reads the LED settings). */
export function lightsCard(today, { onChanged }) {
  const element = h("section", { class: "card", dataset: { test: "lights-card" }, "aria-labelledby": "lights-heading" });
  const path = nightlightPath(today.ctx.address, "leds");
  let settings = null;
  let busy = false;

  async function refresh() {
    settings = await api("GET", path);
    draw();
  }

  async function change(body, done) {
    if (busy) return;
    busy = true;
    clearErrors(element);
    try {
      settings = await api("PUT", path, body);
      draw();
      toast(done(settings), "success");
      onChanged();
    } catch (error) {
      showError(element, error);
    } finally {
      busy = false;
    }
  }

  async function chooseColor(led) {
    const color = await openColorTool({
      color: settings.colors[led - 1], title: `LED ${led}'s colour`, proofAddress: today.ctx.address, led,
    });
    if (!color) return;
    try {
      settings = await api("PUT", nightlightPath(today.ctx.address, "led-color"), { led, color });
      draw();
      toast(`LED ${led} is ${describeColor(color)} in proof mode.`, "success");
    } catch (error) {
      showError(element, error);
    }
  }

  function draw() {
    const head = h("div", { class: "card-head" }, h("h2", { id: "lights-heading" }, icon("moon"), "Lights"));
    if (!settings) {
      element.replaceChildren(head, h("p", { class: "muted" }, "Reading the lights…"));
      return;
    }
    const on = settings.isPowerEnabled;
    const linkId = "lights-link";
    fill(element,
      head,
      h("p", { dataset: { test: "lights-state", power: on ? "on" : "off" } }, on
        ? "The light follows its schedules and the child button."
        : "The light is off: the nightlight stays dark, whatever its schedules say, until you turn it back on."),
      h("button", {
        type: "button", class: on ? "button secondary" : "button primary", dataset: { test: "lights-power", power: on ? "on" : "off" },
        onclick: () => change({ isPowerEnabled: !on }, (next) => next.isPowerEnabled ? "The light is back on." : "The light is off until you turn it back on."),
      }, on ? "Turn the light off now" : "Turn the light back on"),
      toggleRow(linkId, "isLinked", settings.isLinked, "All four LEDs the same colour",
        settings.isLinked ? "Turn this off to give each LED its own colour for proof mode." : "Each LED's colour, shown while proof mode is on:",
        (event) => change({ isLinked: event.target.checked },
          (next) => next.isLinked ? "All four LEDs show the same colour." : "Each LED can have its own colour now.")),
      !settings.isLinked && h("div", { class: "led-colors" }, settings.colors.map((color, i) =>
        h("button", {
          type: "button", class: "button secondary led-color", dataset: { test: "led-color", led: String(i + 1) },
          "aria-label": `LED ${i + 1}: ${describeColor(color)}. Change`, onclick: () => chooseColor(i + 1),
        }, h("span", { class: "swatch", style: `background:${color}`, "aria-hidden": "true" }), `LED ${i + 1}`))),
      h("p", { class: "form-error", hidden: true }));
  }

  return { element, draw, refresh };
}
