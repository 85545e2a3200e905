// The LightBlue Bean panel (seed 001: the light controls screen): on/off and a colour for the NeoPixel strip in scratch bank 1.
// Hooks: [data-test="panel-bean"], #bean-on (switch), [data-test="bean-swatch"] (data-color),
// #bean-red, #bean-green, #bean-blue (ranges 0…255), [data-test="bean-rgb"],
// [data-test="bean-status"][data-state] (loading | ready | sending | sent | error), #bean-reload

import { api } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError } from "../../lib/feedback.js";
import { contrastText, toHex } from "../../model/color.js";

/** Fills `panel` with the Bean's light controls, read back on open; returns the cleanup. */
export function beanPanel(panel, address) {
  const state = { isOn: false, rgb: [0, 0, 0] };
  const status = h("p", { class: "muted small panel-status", role: "status", dataset: { test: "bean-status", state: "loading" } }, "Reading the Bean…");
  const onInput = h("input", { type: "checkbox", id: "bean-on", role: "switch", disabled: "" });
  const swatch = h("div", { class: "bean-swatch", dataset: { test: "bean-swatch" }, role: "img", "aria-label": "The strip's color" });
  const rgbText = h("p", { class: "mono small", dataset: { test: "bean-rgb" } });
  const sliders = ["red", "green", "blue"].map((name, index) => {
    const input = h("input", { type: "range", id: `bean-${name}`, min: "0", max: "255", step: "1", value: "0", disabled: "", dataset: { channel: String(index) } });
    const value = h("output", { for: `bean-${name}`, class: "mono" }, "0");
    return { name, index, input, value };
  });
  const reload = h("button", { type: "button", class: "button ghost", id: "bean-reload" }, icon("refresh"), "Read again");

  panel.append(
    h("div", { class: "panel-body bean-screen", dataset: { test: "panel-bean" } },
      h("div", { class: "bean-row" },
        h("label", { class: "toggle", for: "bean-on" },
          onInput,
          h("span", { class: "toggle-track", "aria-hidden": "true" }),
          h("span", null, "Light")),
        reload),
      swatch,
      rgbText,
      h("div", { class: "bean-sliders" }, ...sliders.map(({ name, input, value }) =>
        h("div", { class: `bean-slider bean-slider-${name}` },
          h("label", { for: input.id }, name[0].toUpperCase() + name.slice(1)),
          input, value))),
      h("p", { class: "form-error", role: "alert" }),
      status));

  function show() {
    const hex = toHex(state.rgb);
    onInput.checked = state.isOn;
    swatch.style.backgroundColor = hex;
    swatch.style.color = contrastText(hex);
    swatch.dataset.color = hex;
    swatch.textContent = state.isOn ? hex : `${hex} (off)`;
    swatch.classList.toggle("is-off", !state.isOn);
    rgbText.textContent = `R ${state.rgb[0]}, G ${state.rgb[1]}, B ${state.rgb[2]}`;
    for (const slider of sliders) {
      slider.input.value = String(state.rgb[slider.index]);
      slider.value.textContent = String(state.rgb[slider.index]);
      slider.input.setAttribute("aria-valuetext", `${state.rgb[slider.index]} of 255`);
    }
    return hex;
  }
  function setStatus(kind, text) {
    status.dataset.state = kind;
    status.textContent = text;
  }
  function take(answer) {
    state.isOn = answer.isOn;
    state.rgb = [answer.red, answer.green, answer.blue];
    show();
  }

  let alive = true;
  let sending = null;
  let pending = false;
  /** Sends the switch and the color to bank 1 (as the app's sendUpdateToBean), one at a time. */
  async function send() {
    if (sending) { pending = true; return; }
    const hex = show();
    setStatus("sending", "Sending to the Bean…");
    clearErrors(panel);
    sending = api("PUT", `/api/panels/bean/${address}`, { isOn: state.isOn, color: hex });
    try {
      const answer = await sending;
      if (!alive) return;
      if (!pending) take(answer);
      setStatus("sent", `Sent: ${answer.isOn ? "on" : "off"}, ${answer.color}. The strip follows within a second.`);
    } catch (error) {
      if (!alive) return;
      setStatus("error", "Not sent.");
      showError(panel, error);
    } finally {
      sending = null;
      if (pending && alive) {
        pending = false;
        send();
      }
    }
  }
  async function load() {
    setStatus("loading", "Reading the Bean…");
    clearErrors(panel);
    try {
      const answer = await api("GET", `/api/panels/bean/${address}`);
      if (!alive) return;
      take(answer);
      for (const control of [onInput, ...sliders.map((s) => s.input)]) control.disabled = false;
      setStatus("ready", answer.isSet ? `Read from the Bean: ${answer.isOn ? "on" : "off"}, ${answer.color}.` : "The Bean has not been sent a light yet.");
    } catch (error) {
      if (!alive) return;
      setStatus("error", "Could not read the Bean.");
      showError(panel, error);
    }
  }

  onInput.addEventListener("change", () => {
    state.isOn = onInput.checked;
    send();
  });
  for (const slider of sliders) {
    slider.input.addEventListener("input", () => {
      state.rgb[slider.index] = Number(slider.input.value);
      show();
    });
    // The value goes out when the slider is let go (or a key moved it), not on every pixel.
    slider.input.addEventListener("change", () => {
      state.rgb[slider.index] = Number(slider.input.value);
      send();
    });
  }
  reload.addEventListener("click", load);
  show();
  load();
  return () => { alive = false; };
}
