// The color tool (SN profile §8 "Colors"): a hue/saturation wheel with white at its centre, a
// dimmer, presets, and LED proof mode (the nightlight shows the color live while it is open).
// The math is the Swift domain's (ColorWheelPosition / RGBColor), so a color round-trips.
//
// Hooks: dialog[data-test="color-tool"], #color-wheel (the focusable wheel, role=slider),
// #color-wheel-canvas, [data-test="color-marker"], #color-dimmer (range 0…255), #color-hex (text),
// [data-test="color-swatch"], [data-test="color-rgb"], [data-test="color-preset"][data-color],
// #color-proof (switch: preview on the nightlight), [data-test="color-proof-status"],
// #color-apply, #color-cancel.

import { api } from "./api.js";
import { h, openDialog, contrastText } from "./ui.js";

// ---- Color math (ColorWheelPosition.swift) ----

/** "#RRGGBB" → [r, g, b], or null when it is not a color. */
export function parseHex(text) {
  const match = /^#?([0-9a-f]{6})$/i.exec(String(text ?? "").trim());
  if (!match) return null;
  const value = parseInt(match[1], 16);
  return [value >> 16, (value >> 8) & 255, value & 255];
}

/** [r, g, b] → "#RRGGBB" (upper case, as the API writes it). */
export function toHex([r, g, b]) {
  return "#" + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1).toUpperCase();
}

/** Where a color sits on the wheel: {hue 0…360, saturation 0…1, intensity 0…1}. */
export function wheelPosition(hex) {
  const [r, g, b] = parseHex(hex) ?? [255, 255, 255];
  const high = Math.max(r, g, b), low = Math.min(r, g, b), chroma = high - low;
  let hue = 0;
  if (chroma > 0) {
    if (high === r) hue = 60 * ((g - b) / chroma);
    else if (high === g) hue = 60 * ((b - r) / chroma + 2);
    else hue = 60 * ((r - g) / chroma + 4);
    if (hue < 0) hue += 360;
  }
  return { hue, saturation: high === 0 ? 0 : chroma / high, intensity: high / 255 };
}

/** The color at a wheel position as [r, g, b], each component rounded. */
export function rgbAt({ hue, saturation, intensity }) {
  const sat = Math.min(Math.max(saturation, 0), 1), level = Math.min(Math.max(intensity, 0), 1);
  let angle = hue % 360;
  if (angle < 0) angle += 360;
  const high = level * 255, chroma = high * sat, sector = angle / 60;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const low = high - chroma;
  const parts = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma], [chroma, 0, x]][Math.min(Math.floor(sector), 5)];
  return parts.map((v) => Math.min(Math.max(Math.round(v + low), 0), 255));
}

/** The color at a wheel position as "#RRGGBB". */
export function colorAt(position) {
  return toHex(rgbAt(position));
}

/**
 * How a nightlight color reads on the dark page: the full-brightness hue with an opacity that
 * follows the dimmer, so a dim amber (#402000) shows as a soft amber glow rather than brown.
 * Off (#000000) is transparent.
 */
export function glowColor(hex) {
  const position = wheelPosition(hex);
  if (position.intensity === 0) return "transparent";
  const [r, g, b] = rgbAt({ ...position, intensity: 1 });
  return `rgba(${r}, ${g}, ${b}, ${(0.4 + 0.6 * position.intensity).toFixed(2)})`;
}

/** A few words for a color, for labels and screen readers: "white", "amber 25 %". */
export function describeColor(hex) {
  const { hue, saturation, intensity } = wheelPosition(hex);
  if (intensity === 0) return "off";
  const names = [[15, "red"], [48, "amber"], [70, "yellow"], [160, "green"], [200, "cyan"], [255, "blue"], [290, "purple"], [335, "pink"], [360, "red"]];
  const name = saturation < 0.12 ? "white" : saturation < 0.45 ? `pale ${names.find(([limit]) => hue < limit)[1]}` : names.find(([limit]) => hue < limit)[1];
  return intensity > 0.99 ? name : `${name} ${Math.round(intensity * 100)} %`;
}

export const PRESETS = [
  ["Night amber", "#402000"],
  ["Amber", "#FFA040"],
  ["Warm white", "#FFC880"],
  ["White", "#FFFFFF"],
  ["Dim red", "#500000"],
  ["Red", "#FF0000"],
  ["Green", "#00C040"],
  ["Blue", "#0050FF"],
  ["Lavender", "#9060FF"],
];

// ---- The dialog ----

const PROOF_INTERVAL = 150; // ms between LED color writes while the color changes
const PROOF_KEEPALIVE = 60000; // proof mode ends after 120 s without a write; refresh it well before

/**
 * Opens the color tool. Resolves with the chosen "#RRGGBB", or null when cancelled.
 * With `proofAddress` the nightlight at that address shows the color live (LED proof mode,
 * LED `led`): on at once, or, with `proofOnOpen: false`, when the parent turns on
 * "Preview on the nightlight".
 */
export async function openColorTool({ color = "#FFFFFF", title = "Choose a color", proofAddress = null, led = 1, proofOnOpen = true } = {}) {
  let position = wheelPosition(color);
  const proof = proofAddress ? proofLink(proofAddress, led) : null;
  const views = {};

  const current = () => colorAt(position);

  function update({ fromHexInput = false } = {}) {
    const hex = current();
    const rgb = rgbAt(position);
    const pure = colorAt({ ...position, intensity: 1 });
    const angle = (position.hue * Math.PI) / 180;
    views.marker.style.left = `${50 + 50 * position.saturation * Math.cos(angle)}%`;
    views.marker.style.top = `${50 - 50 * position.saturation * Math.sin(angle)}%`;
    views.marker.style.backgroundColor = pure;
    views.wheel.setAttribute("aria-valuenow", String(Math.round(position.hue)));
    views.wheel.setAttribute("aria-valuetext", `${describeColor(pure)}: hue ${Math.round(position.hue)}°, saturation ${Math.round(position.saturation * 100)} %`);
    views.canvas.style.opacity = String(0.35 + 0.65 * position.intensity);
    views.dimmer.value = String(Math.round(position.intensity * 255));
    views.dimmer.setAttribute("aria-valuetext", `${Math.round(position.intensity * 100)} %`);
    views.dimmerValue.textContent = `${Math.round(position.intensity * 100)} %`;
    views.dimmer.style.setProperty("--dimmer-color", pure);
    views.swatch.style.backgroundColor = hex;
    views.swatch.style.color = contrastText(hex);
    views.swatch.textContent = describeColor(hex);
    if (!fromHexInput) {
      views.hex.value = hex;
      views.hex.removeAttribute("aria-invalid");
    }
    views.rgb.textContent = `R ${rgb[0]} · G ${rgb[1]} · B ${rgb[2]}`;
    for (const button of views.presets) button.setAttribute("aria-pressed", String(button.dataset.color === hex));
    proof?.show(hex);
  }

  // Moves the picker to a point of the wheel given relative to its centre (radius 1).
  function pickAt(x, y) {
    const distance = Math.hypot(x, y);
    position = {
      ...position,
      hue: distance === 0 ? position.hue : ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360,
      saturation: Math.min(distance, 1),
    };
    update();
  }

  function pointerPick(event) {
    const box = views.canvas.getBoundingClientRect();
    const radius = box.width / 2;
    const x = (event.clientX - box.left - radius) / radius, y = -(event.clientY - box.top - radius) / radius;
    // Near the centre snaps to pure white: easy to hit with a finger (the seed: "select the center").
    if (Math.hypot(x, y) < 0.05) pickAt(0, 0);
    else pickAt(x, y);
  }

  function wheelKey(event) {
    const step = event.shiftKey ? 0.1 : 0.02;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const angle = (position.hue * Math.PI) / 180;
    const x = position.saturation * Math.cos(angle), y = position.saturation * Math.sin(angle);
    if (moves[event.key]) pickAt(x + moves[event.key][0], y + moves[event.key][1]);
    else if (event.key === "Home") pickAt(0, 0);
    else return;
    event.preventDefault();
  }

  function build(close) {
    const apply = () => {
      if (views.hex.getAttribute("aria-invalid") === "true") {
        views.hex.focus();
        return;
      }
      close(current());
    };
    views.canvas = h("canvas", { id: "color-wheel-canvas", "aria-hidden": "true" });
    views.marker = h("span", { class: "color-marker", dataset: { test: "color-marker" }, "aria-hidden": "true" });
    views.wheel = h("div", {
      id: "color-wheel", class: "color-wheel", tabindex: "0", role: "slider",
      "aria-label": "Color wheel: arrow keys move the dot, Home returns to white",
      "aria-valuemin": "0", "aria-valuemax": "360",
      onkeydown: wheelKey,
      onpointerdown: (event) => {
        views.wheel.focus();
        views.wheel.setPointerCapture(event.pointerId);
        pointerPick(event);
      },
      onpointermove: (event) => {
        if (views.wheel.hasPointerCapture(event.pointerId)) pointerPick(event);
      },
    }, views.canvas, views.marker);

    views.dimmer = h("input", {
      id: "color-dimmer", type: "range", min: "0", max: "255", step: "1",
      oninput: () => {
        position = { ...position, intensity: Number(views.dimmer.value) / 255 };
        update();
      },
    });
    views.dimmerValue = h("output", { for: "color-dimmer", class: "dimmer-value" });

    views.swatch = h("div", { class: "color-swatch-large", dataset: { test: "color-swatch" }, "aria-live": "polite" });
    views.hex = h("input", {
      id: "color-hex", type: "text", inputmode: "text", autocomplete: "off", spellcheck: "false", maxlength: "7",
      "aria-describedby": "color-hex-hint",
      oninput: () => {
        const rgb = parseHex(views.hex.value);
        views.hex.setAttribute("aria-invalid", String(!rgb));
        if (rgb) {
          position = wheelPosition(toHex(rgb));
          update({ fromHexInput: true });
        }
      },
      onblur: () => {
        if (parseHex(views.hex.value)) update();
      },
    });
    views.rgb = h("p", { class: "color-rgb", dataset: { test: "color-rgb" } });

    views.presets = PRESETS.map(([name, hex]) =>
      h("button", {
        type: "button", class: "color-preset", dataset: { test: "color-preset", color: hex }, "aria-pressed": "false",
        onclick: () => {
          position = wheelPosition(hex);
          update();
        },
      }, h("span", { class: "preset-dot", style: `background:${hex}`, "aria-hidden": "true" }), name));

    const proofControls = proof
      ? h("div", { class: "color-proof" },
          h("label", { class: "toggle", for: "color-proof" },
            h("input", {
              id: "color-proof", type: "checkbox", role: "switch", checked: proofOnOpen,
              onchange: (event) => (event.target.checked ? proof.start(current()) : proof.stop()),
            }),
            h("span", { class: "toggle-track", "aria-hidden": "true" }),
            h("span", null, "Preview on the nightlight")),
          proof.statusView)
      : null;

    // Enter applies (except on buttons, which act themselves); Esc cancels (the dialog's own).
    const content = h("form", {
      class: "color-tool", novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        apply();
      },
      onkeydown: (event) => {
        if (event.key === "Enter" && event.target.tagName !== "BUTTON") {
          event.preventDefault();
          apply();
        }
      },
    },
      h("div", { class: "color-main" },
        h("div", { class: "color-wheel-box" }, views.wheel,
          h("p", { class: "hint", id: "color-wheel-hint" }, "Drag on the wheel, or use the arrow keys. The centre is white.")),
        h("div", { class: "color-side" },
          views.swatch,
          h("div", { class: "color-hex-row" },
            h("label", { for: "color-hex" }, "Hex"), views.hex),
          h("span", { id: "color-hex-hint", class: "visually-hidden" }, "Six hex digits, like #FFA040"),
          views.rgb,
          h("div", { class: "dimmer" },
            h("label", { for: "color-dimmer" }, "Brightness"), views.dimmerValue, views.dimmer),
          h("fieldset", { class: "color-presets" },
            h("legend", null, "Presets"),
            views.presets),
          proofControls)),
      h("div", { class: "dialog-actions" },
        h("button", { id: "color-cancel", type: "button", class: "button secondary", onclick: () => close(null) }, "Cancel"),
        h("button", { id: "color-apply", type: "submit", class: "button primary" }, "Apply")));

    requestAnimationFrame(() => {
      drawWheel(views.canvas);
      update();
      if (proof && proofOnOpen) proof.start(current());
    });
    views.wheel.setAttribute("autofocus", "");
    return content;
  }

  const chosen = await openDialog({ title, className: "color-dialog", test: "color-tool", build });
  await proof?.stop();
  return chosen ?? null;
}

/** Paints the hue/saturation disc at full brightness, sized for the screen's pixel ratio. */
function drawWheel(canvas) {
  const size = Math.round(canvas.getBoundingClientRect().width * (window.devicePixelRatio || 1)) || 280;
  canvas.width = canvas.height = size;
  const context = canvas.getContext("2d");
  const image = context.createImageData(size, size);
  const radius = size / 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = px + 0.5 - radius, y = radius - (py + 0.5);
      const distance = Math.hypot(x, y);
      const alpha = Math.min(Math.max(radius - distance, 0), 1); // anti-aliased rim
      if (alpha === 0) continue;
      const [r, g, b] = rgbAt({ hue: (Math.atan2(y, x) * 180) / Math.PI, saturation: distance / radius, intensity: 1 });
      const i = (py * size + px) * 4;
      image.data.set([r, g, b, Math.round(alpha * 255)], i);
    }
  }
  context.putImageData(image, 0, 0);
}

/**
 * LED proof mode for one nightlight: start(color) turns it on, show(color) writes the LED color
 * (at most every PROOF_INTERVAL ms, only the latest), stop() writes the last color and turns it off.
 */
function proofLink(address, led) {
  const base = `/api/devices/${encodeURIComponent(address)}`;
  const statusView = h("p", { class: "proof-status", dataset: { test: "color-proof-status" }, "aria-live": "polite", hidden: true });
  let on = false, starting = null, wanted = null, sending = null, timer = null, keepalive = null, lastColor = null;

  const say = (text, kind) => {
    statusView.hidden = !text;
    statusView.textContent = text ?? "";
    statusView.dataset.kind = kind ?? "";
  };

  async function flush() {
    if (sending || wanted === null) return;
    const color = wanted;
    wanted = null;
    sending = api("PUT", `${base}/led-color`, { led, color })
      .then(() => { lastColor = color; })
      .catch((error) => say(`The nightlight did not take the color: ${error.message}`, "error"));
    await sending;
    sending = null;
    if (wanted !== null) schedule();
  }

  function schedule() {
    if (!timer) timer = setTimeout(() => { timer = null; flush(); }, PROOF_INTERVAL);
  }

  return {
    statusView,
    start(color) {
      on = true;
      say("Connecting to the nightlight…");
      starting = (async () => {
        try {
          await api("PUT", `${base}/led-color`, { led, color });
          lastColor = color;
          await api("PUT", `${base}/proof`, { on: true });
          if (!on) return;
          say("Showing live on the nightlight", "on");
          keepalive = setInterval(() => {
            if (wanted === null && lastColor) wanted = lastColor;
            flush();
          }, PROOF_KEEPALIVE);
        } catch (error) {
          on = false;
          say(`Could not show it on the nightlight: ${error.message}`, "error");
          const box = document.getElementById("color-proof");
          if (box) box.checked = false;
        }
      })();
      return starting;
    },
    show(color) {
      if (!on || color === lastColor) return;
      wanted = color;
      schedule();
    },
    async stop() {
      if (!on) return;
      on = false;
      clearTimeout(timer);
      clearInterval(keepalive);
      timer = keepalive = null;
      wanted = null;
      await starting;
      await sending;
      say(null);
      try {
        await api("PUT", `${base}/proof`, { on: false });
      } catch (error) {
        say(`Could not end the live preview: ${error.message}`, "error");
      }
    },
  };
}
