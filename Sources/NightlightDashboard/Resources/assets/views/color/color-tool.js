// The colour tool (SN profile §8 "Colors"): a hue/saturation wheel with white at its centre, a
// dimmer, presets, and LED proof mode (the nightlight shows the colour live while it is open).
// The maths is model/color.js's, so a colour round-trips.
//
// Hooks: dialog[data-test="color-tool"], #color-wheel (the focusable wheel, role=slider),
// #color-wheel-canvas, [data-test="color-marker"], #color-dimmer (range 0…255), #color-hex (text),
// [data-test="color-swatch"], [data-test="color-rgb"], [data-test="color-preset"][data-color],
// #color-proof (switch: preview on the nightlight), [data-test="color-proof-status"],
// #color-apply, #color-cancel.

import { openDialog } from "../../lib/dialog.js";
import { h } from "../../lib/dom.js";
import { COLOR_PRESETS, colorAt, contrastText, describeColor, parseHex, rgbAt, toHex, wheelPosition } from "../../model/color.js";
import { proofLink } from "./proof.js";

/**
 * Opens the colour tool. Resolves with the chosen "#RRGGBB", or null when cancelled.
 * With `proofAddress` the nightlight at that address shows the colour live (LED proof mode,
 * LED `led`): on at once, or, with `proofOnOpen: false`, when the parent turns on
 * "Preview on the nightlight".
 */
export async function openColorTool({ color = "#FFFFFF", title = "Choose a color", proofAddress = null, led = 1, proofOnOpen = true } = {}) {
  const proof = proofAddress ? proofLink(proofAddress, led) : null;
  const chosen = await openDialog({
    title,
    className: "color-dialog",
    test: "color-tool",
    build: (close) => colorToolForm({ color, proof, proofOnOpen, close }),
  });
  await proof?.stop();
  return chosen ?? null;
}

/** The tool's form: the wheel, the side controls, Cancel and Apply. */
function colorToolForm({ color, proof, proofOnOpen, close }) {
  let position = wheelPosition(color);
  const current = () => colorAt(position);
  const move = (next, options) => {
    position = { ...position, ...next };
    update(options);
  };
  const wheel = wheelControl({ getPosition: () => position, move });
  const side = sideControls({ move, proof, proofOnOpen, current });

  function update({ fromHexInput = false } = {}) {
    const hex = current();
    const pure = colorAt({ ...position, intensity: 1 });
    wheel.show(position, pure);
    side.show(position, hex, pure, { fromHexInput });
    proof?.show(hex);
  }

  const apply = () => {
    if (side.hex.getAttribute("aria-invalid") === "true") {
      side.hex.focus();
      return;
    }
    close(current());
  };

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
      h("div", { class: "color-wheel-box" }, wheel.element,
        h("p", { class: "hint", id: "color-wheel-hint" }, "Drag on the wheel, or use the arrow keys. The centre is white.")),
      side.element),
    h("div", { class: "dialog-actions" },
      h("button", { id: "color-cancel", type: "button", class: "button secondary", onclick: () => close(null) }, "Cancel"),
      h("button", { id: "color-apply", type: "submit", class: "button primary" }, "Apply")));

  requestAnimationFrame(() => {
    drawWheel(wheel.canvas);
    update();
    if (proof && proofOnOpen) proof.start(current());
  });
  wheel.element.setAttribute("autofocus", "");
  return content;
}

/** The hue/saturation wheel: drag on it, or arrow keys (Shift: bigger steps), Home for white. */
function wheelControl({ getPosition, move }) {
  const canvas = h("canvas", { id: "color-wheel-canvas", "aria-hidden": "true" });
  const marker = h("span", { class: "color-marker", dataset: { test: "color-marker" }, "aria-hidden": "true" });

  // Moves the picker to a point of the wheel given relative to its centre (radius 1).
  function pickAt(x, y) {
    const distance = Math.hypot(x, y);
    move({
      hue: distance === 0 ? getPosition().hue : ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360,
      saturation: Math.min(distance, 1),
    });
  }

  function pointerPick(event) {
    const box = canvas.getBoundingClientRect();
    const radius = box.width / 2;
    const x = (event.clientX - box.left - radius) / radius, y = -(event.clientY - box.top - radius) / radius;
    // Near the centre snaps to pure white: easy to hit with a finger (the seed: "select the center").
    if (Math.hypot(x, y) < 0.05) pickAt(0, 0);
    else pickAt(x, y);
  }

  function wheelKey(event) {
    const step = event.shiftKey ? 0.1 : 0.02;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const { hue, saturation } = getPosition();
    const angle = (hue * Math.PI) / 180;
    const x = saturation * Math.cos(angle), y = saturation * Math.sin(angle);
    if (moves[event.key]) pickAt(x + moves[event.key][0], y + moves[event.key][1]);
    else if (event.key === "Home") pickAt(0, 0);
    else return;
    event.preventDefault();
  }

  const element = h("div", {
    id: "color-wheel", class: "color-wheel", tabindex: "0", role: "slider",
    "aria-label": "Color wheel: arrow keys move the dot, Home returns to white",
    "aria-valuemin": "0", "aria-valuemax": "360",
    onkeydown: wheelKey,
    onpointerdown: (event) => {
      element.focus();
      element.setPointerCapture(event.pointerId);
      pointerPick(event);
    },
    onpointermove: (event) => {
      if (element.hasPointerCapture(event.pointerId)) pointerPick(event);
    },
  }, canvas, marker);

  return {
    element,
    canvas,
    show(position, pure) {
      const angle = (position.hue * Math.PI) / 180;
      marker.style.left = `${50 + 50 * position.saturation * Math.cos(angle)}%`;
      marker.style.top = `${50 - 50 * position.saturation * Math.sin(angle)}%`;
      marker.style.backgroundColor = pure;
      element.setAttribute("aria-valuenow", String(Math.round(position.hue)));
      element.setAttribute("aria-valuetext", `${describeColor(pure)}: hue ${Math.round(position.hue)}°, saturation ${Math.round(position.saturation * 100)} %`);
      canvas.style.opacity = String(0.35 + 0.65 * position.intensity);
    },
  };
}

/** The swatch, hex field, RGB, dimmer, presets and the proof switch. */
function sideControls({ move, proof, proofOnOpen, current }) {
  const dimmer = h("input", {
    id: "color-dimmer", type: "range", min: "0", max: "255", step: "1",
    oninput: () => move({ intensity: Number(dimmer.value) / 255 }),
  });
  const dimmerValue = h("output", { for: "color-dimmer", class: "dimmer-value" });
  const swatch = h("div", { class: "color-swatch-large", dataset: { test: "color-swatch" }, "aria-live": "polite" });
  const hex = h("input", {
    id: "color-hex", type: "text", inputmode: "text", autocomplete: "off", spellcheck: "false", maxlength: "7",
    "aria-describedby": "color-hex-hint",
    oninput: () => {
      const rgb = parseHex(hex.value);
      hex.setAttribute("aria-invalid", String(!rgb));
      if (rgb) move(wheelPosition(toHex(rgb)), { fromHexInput: true });
    },
    onblur: () => {
      if (parseHex(hex.value)) move({});
    },
  });
  const rgbText = h("p", { class: "color-rgb", dataset: { test: "color-rgb" } });
  const presets = COLOR_PRESETS.map(([name, color]) =>
    h("button", {
      type: "button", class: "color-preset", dataset: { test: "color-preset", color }, "aria-pressed": "false",
      onclick: () => move(wheelPosition(color)),
    }, h("span", { class: "preset-dot", style: `background:${color}`, "aria-hidden": "true" }), name));
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

  const element = h("div", { class: "color-side" },
    swatch,
    h("div", { class: "color-hex-row" }, h("label", { for: "color-hex" }, "Hex"), hex),
    h("span", { id: "color-hex-hint", class: "visually-hidden" }, "Six hex digits, like #FFA040"),
    rgbText,
    h("div", { class: "dimmer" }, h("label", { for: "color-dimmer" }, "Brightness"), dimmerValue, dimmer),
    h("fieldset", { class: "color-presets" }, h("legend", null, "Presets"), presets),
    proofControls);

  return {
    element,
    hex,
    show(position, color, pure, { fromHexInput }) {
      const rgb = rgbAt(position);
      const percent = `${Math.round(position.intensity * 100)} %`;
      dimmer.value = String(Math.round(position.intensity * 255));
      dimmer.setAttribute("aria-valuetext", percent);
      dimmerValue.textContent = percent;
      dimmer.style.setProperty("--dimmer-color", pure);
      swatch.style.backgroundColor = color;
      swatch.style.color = contrastText(color);
      swatch.textContent = describeColor(color);
      if (!fromHexInput) {
        hex.value = color;
        hex.removeAttribute("aria-invalid");
      }
      rgbText.textContent = `R ${rgb[0]} · G ${rgb[1]} · B ${rgb[2]}`;
      for (const button of presets) button.setAttribute("aria-pressed", String(button.dataset.color === color));
    },
  };
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
