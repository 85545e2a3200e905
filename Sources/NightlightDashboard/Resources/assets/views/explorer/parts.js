// Small pieces the Explorer's pages share: the signal badge of a row, the byte chart, the prompts
// of a tab that needs a connection.
// Hooks: [data-test="device-arc"][data-percent], [data-test="byte-chart"],
// [data-test="byte-bar"][data-color], [data-test="data-connect"], [data-test="services-connect"].

import { explorerIcon, h, icon, s } from "../../lib/dom.js";
import { byteLabel } from "../../model/explorer.js";

/** A circle badge with the Bluetooth icon and a white arc filled to the signal strength; `setPercent(p)` fills it. */
export function signalBadge() {
  const circumference = 2 * Math.PI * 20;
  const arc = s("circle", { class: "ex-arc", cx: 22, cy: 22, r: 20, "stroke-dasharray": `0 ${circumference}` });
  const badge = h("span", { class: "ex-badge", dataset: { test: "device-arc", percent: "0" } },
    s("svg", { class: "ex-badge-ring", viewBox: "0 0 44 44", "aria-hidden": "true", focusable: "false" },
      s("circle", { class: "ex-arc-track", cx: 22, cy: 22, r: 20 }), arc),
    icon("bluetooth"));
  badge.setPercent = (percent) => {
    arc.setAttribute("stroke-dasharray", `${(percent / 100) * circumference} ${circumference}`);
    badge.dataset.percent = String(Math.round(percent));
  };
  return badge;
}

/** A horizontal byte chart: one bar per byte, height by value (0…255). `colors` colours by magnitude. */
export function byteChart(bytes, { colors = null, label }) {
  return h("div", { class: "ex-bytes", role: "img", "aria-label": label, dataset: { test: "byte-chart" } },
    bytes.map((byte, i) => {
      const bar = h("span", { class: "ex-byte", dataset: { test: "byte-bar", color: colors?.[i] ?? "accent" }, title: `byte ${i}: ${byteLabel(byte)}` });
      bar.style.height = `${Math.max(4, (byte / 255) * 100)}%`;
      return bar;
    }));
}

/**
 * The prompt of a tab that needs a connection (`test`: "services-prompt" or "data-prompt"), with
 * a Connect button for a connectable device; one that is not connectable says so.
 */
export function connectPrompt(test, text, { device, busy, connect }) {
  return h("div", { class: "empty ex-prompt", dataset: { test } },
    icon("bluetooth"),
    h("p", null, device.connectable ? text : "This device does not accept connections; only what it advertises is shown (see Info)."),
    device.connectable && device.connection !== "connected"
      ? h("button", { type: "button", class: "button ex-connect", dataset: { test: test === "data-prompt" ? "data-connect" : "services-connect" }, disabled: busy, onclick: connect }, "Connect")
      : null);
}

/** Connected, but no service was discovered (yet): the seed's "Services tab is empty". */
export function noServices(test) {
  return h("div", { class: "empty ex-prompt", dataset: { test } },
    explorerIcon("service"),
    h("p", null, "No services discovered yet."),
    h("p", { class: "muted small" }, "Some devices expose no services or delay service discovery. Wait a few seconds; if none appear, the device may not support standard GATT profiles."));
}
