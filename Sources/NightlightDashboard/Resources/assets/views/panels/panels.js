// The device panels of the seed devices (docs/dashboard-api.md, "Device panels"):
// #/devices lists the Beans, bulbs, Mi Bands and SensorTags heard; #/devices/KIND/ADDRESS is
// one device's panel (bean.js, bulb.js, miband.js, sensortag.js).
//
// Hooks:
//   list:      [data-test="panels-list"], #panels-scan, [data-test="panel-device"][data-kind][data-address] (links),
//              [data-test="panels-empty"], [data-test="panels-unknown"]
//   every panel: [data-test="panel"][data-kind], #panel-back, .form-error
//   the panels' own: in their modules.

import { api } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError } from "../../lib/feedback.js";
import { beanPanel } from "./bean.js";
import { bulbPanel } from "./bulb.js";
import { bandPanel } from "./miband.js";
import { tagPanel } from "./sensortag.js";

/** The kinds of panel: their names and what they do. */
const KINDS = {
  bean: { label: "LightBlue Bean", blurb: "NeoPixel strip: on/off and color" },
  bulb: { label: "Color bulb", blurb: "Color and hue cycle" },
  miband: { label: "Mi Band 2", blurb: "Steps, battery, heart rate" },
  sensortag: { label: "SensorTag", blurb: "Six sensors, live" },
};

const PANEL_BUILDERS = { bean: beanPanel, bulb: bulbPanel, miband: bandPanel, sensortag: tagPanel };

/** Shows the list of devices, or one device's panel for #/devices/KIND/ADDRESS; returns the cleanup. */
export async function render(container, ctx) {
  const [, , kind = "", rawAddress = ""] = location.hash.split("/");
  const address = decodeURIComponent(rawAddress).toUpperCase();
  if (!kind) return renderList(container, ctx);
  if (!KINDS[kind] || !/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(address)) {
    container.replaceChildren(h("div", { class: "card empty", dataset: { test: "panels-unknown" } },
      h("h1", { tabindex: "-1" }, "No such device panel"),
      h("p", null, "The address of this page does not name a device panel."),
      h("a", { class: "button secondary", href: "#/devices" }, "All devices")));
    return;
  }
  document.title = `${KINDS[kind].label} ${address} — Nightlight`;
  const panel = h("section", { class: `card panel panel-${kind}`, dataset: { test: "panel", kind } });
  container.replaceChildren(
    h("div", { class: "view-head" },
      h("div", null,
        h("a", { class: "card-link panel-back", id: "panel-back", href: "#/devices" }, "← All devices"),
        h("h1", { tabindex: "-1" }, KINDS[kind].label),
        h("p", { class: "lead mono" }, address))),
    panel);
  return PANEL_BUILDERS[kind](panel, address, ctx);
}

// ---- The list ----

/** The devices heard, each a link to its panel; "Scan again" listens again. */
async function renderList(container) {
  const list = h("ul", { class: "panels-list", dataset: { test: "panels-list" }, "aria-busy": "true" });
  const status = h("p", { class: "muted small", role: "status" }, "Listening for devices…");
  const scan = h("button", { type: "button", class: "button secondary", id: "panels-scan" }, icon("refresh"), "Scan again");
  const formError = h("p", { class: "form-error", role: "alert" });
  container.replaceChildren(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", { tabindex: "-1" }, "Devices"),
        h("p", { class: "lead" }, "The Beans, bulbs, Mi Bands and SensorTags nearby. Open one to control it.")),
      scan),
    h("section", { class: "card" }, status, formError, list));

  let alive = true;
  async function load() {
    scan.disabled = true;
    list.setAttribute("aria-busy", "true");
    status.textContent = "Listening for devices…";
    clearErrors(container);
    try {
      const { devices } = await api("GET", "/api/panels/devices?seconds=2");
      if (!alive) return;
      list.replaceChildren(...devices.map((device) =>
        h("li", null,
          h("a", {
            class: "panel-device", href: `#/devices/${device.kind}/${device.address}`,
            dataset: { test: "panel-device", kind: device.kind, address: device.address },
          },
            h("span", { class: `panel-kind-badge kind-${device.kind}`, "aria-hidden": "true" }, KINDS[device.kind]?.label.slice(0, 1) ?? "?"),
            h("span", { class: "panel-device-text" },
              h("strong", null, device.name || KINDS[device.kind]?.label || device.kind),
              h("span", { class: "muted small" }, `${KINDS[device.kind]?.label ?? device.kind} · ${KINDS[device.kind]?.blurb ?? ""}`),
              h("span", { class: "muted small mono" }, device.address)),
            h("span", { class: "muted small panel-rssi" }, device.isConnected ? "Connected" : device.rssi != null ? `${device.rssi} dBm` : "")))));
      status.textContent = devices.length ? `${devices.length} device${devices.length === 1 ? "" : "s"} heard.` : "";
      if (!devices.length) {
        list.replaceChildren(h("li", { class: "empty", dataset: { test: "panels-empty" } }, "No Bean, bulb, Mi Band or SensorTag was heard. Check they are switched on and nearby, then scan again."));
      }
    } catch (error) {
      if (!alive) return;
      status.textContent = "";
      showError(container, error);
    } finally {
      if (alive) {
        scan.disabled = false;
        list.setAttribute("aria-busy", "false");
      }
    }
  }
  scan.addEventListener("click", load);
  load();
  return () => { alive = false; };
}
