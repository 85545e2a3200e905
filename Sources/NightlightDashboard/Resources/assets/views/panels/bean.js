// The LightBlue Bean panel (seed 001: the light controls screen): on/off and a colour for the NeoPixel strip in scratch bank 1,
// and the strip's 30 LEDs drawn live as the Bean's sketch lights them (a virtual Bean's: /api/panels/bean/live).
// Hooks: [data-test="panel-bean"], #bean-on (switch), [data-test="bean-swatch"] (data-color),
// #bean-picker (a live colour picker: each colour picked is sent), #bean-red, #bean-green, #bean-blue (ranges 0…255),
// [data-test="bean-rgb"], [data-test="bean-status"][data-state] (loading | ready | sending | sent | error), #bean-reload,
// [data-test="bean-strip"][data-state] (connecting | live | unavailable) with [data-test="bean-led"][data-color] × 30,
// [data-test="bean-strip-text"] (the strip in words)

import { api, socket } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError } from "../../lib/feedback.js";
import { contrastText, describeColor, parseHex, toHex } from "../../model/color.js";
import { describeStrip } from "../../model/strip.js";

/** Fills `panel` with the Bean's light controls, read back on open; returns the cleanup. */
export function beanPanel(panel, address) {
  const state = { isOn: false, rgb: [0, 0, 0] };
  const status = h("p", { class: "muted small panel-status", role: "status", dataset: { test: "bean-status", state: "loading" } }, "Reading the Bean…");
  const onInput = h("input", { type: "checkbox", id: "bean-on", role: "switch", disabled: "" });
  const swatch = h("div", { class: "bean-swatch", dataset: { test: "bean-swatch" }, role: "img", "aria-label": "The strip's color" });
  const rgbText = h("p", { class: "mono small", dataset: { test: "bean-rgb" } });
  const picker = h("input", { type: "color", id: "bean-picker", value: "#000000", disabled: "" });
  const strip = liveStrip(address);
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
      h("div", { class: "bean-picker" },
        h("label", { for: "bean-picker" }, "Color"),
        picker,
        rgbText),
      h("div", { class: "bean-sliders" }, ...sliders.map(({ name, input, value }) =>
        h("div", { class: `bean-slider bean-slider-${name}` },
          h("label", { for: input.id }, name[0].toUpperCase() + name.slice(1)),
          input, value))),
      h("p", { class: "form-error", role: "alert" }),
      status,
      strip.node));

  function show() {
    const hex = toHex(state.rgb);
    onInput.checked = state.isOn;
    swatch.style.backgroundColor = hex;
    swatch.style.color = contrastText(hex);
    swatch.dataset.color = hex;
    swatch.textContent = state.isOn ? `${hex} · ${describeColor(hex)}` : `${hex} · ${describeColor(hex)} (light off)`;
    swatch.setAttribute("aria-label", `The strip's color: ${swatch.textContent}`);
    picker.value = hex.toLowerCase();
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
      for (const control of [onInput, picker, ...sliders.map((s) => s.input)]) control.disabled = false;
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
  // The picker sends as it moves (send() keeps one write in flight and sends the latest after it).
  picker.addEventListener("input", () => {
    const rgb = parseHex(picker.value);
    if (!rgb) return;
    state.rgb = rgb;
    send();
  });
  reload.addEventListener("click", load);
  show();
  load();
  return () => {
    alive = false;
    strip.close();
  };
}

/** The strip's LEDs as the Bean's sketch lights them, live; { node, close }. */
function liveStrip(address) {
  const leds = [];
  const row = h("div", { class: "bean-leds", "aria-hidden": "true" });
  const words = h("p", { class: "small", dataset: { test: "bean-strip-text" } }, "Connecting to the strip…");
  const node = h("section", { class: "panel-section bean-strip", dataset: { test: "bean-strip", state: "connecting" }, "aria-labelledby": "bean-strip-title" },
    h("h2", { id: "bean-strip-title" }, "The strip, live"),
    row, words);
  let opened = false;
  const live = socket(`/api/panels/bean/live?address=${encodeURIComponent(address)}`, (message) => {
    if (message.type === "socket" && message.state === "open") {
      opened = true;
    } else if (message.type === "socket" && message.state === "closed") {
      if (!opened) {
        // Refused: only a virtual Bean's LEDs can be watched (a real strip is not on the radio).
        live.close();
        node.dataset.state = "unavailable";
        words.textContent = "This Bean's LEDs cannot be seen from here: only a virtual Bean's strip is shown.";
      } else {
        node.dataset.state = "connecting";
        words.textContent = "The strip's connection dropped; reconnecting…";
      }
    } else if (message.type === "strip") {
      node.dataset.state = "live";
      while (leds.length < message.pixels.length) {
        const led = h("span", { class: "bean-led", dataset: { test: "bean-led" } });
        leds.push(led);
        row.append(led);
      }
      message.pixels.forEach((color, index) => {
        leds[index].style.backgroundColor = color;
        leds[index].dataset.color = color;
      });
      words.textContent = describeStrip(message.pixels);
    }
  });
  return { node, close: () => live.close() };
}
