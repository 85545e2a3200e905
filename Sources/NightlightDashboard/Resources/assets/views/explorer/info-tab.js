// The Info tab of an Explorer device page: what the device advertises, as facts.
// Hooks: [data-test="panel-info"], [data-test="info-<key>"] (name, identifier, rssi, tx,
// connectable, state, discovered, updated), [data-test="advertised-service"][data-uuid],
// [data-test="info-manufacturer"].

import { fill, h } from "../../lib/dom.js";
import { EXPLORER_CONNECTION_LABELS, displayName, lastUpdate } from "../../model/explorer.js";
import { formatDateTime } from "../../model/format.js";

/** Fills the Info panel for the page's detail and readings. */
export function drawInfo(panel, detail, history) {
  const device = detail.device;
  const facts = [
    ["name", "Name", displayName(device)],
    ["identifier", "Identifier", device.address, "mono"],
    ["rssi", "RSSI", device.rssi == null ? "—" : `${device.rssi} dB`],
    device.txPower == null ? null : ["tx", "TX Power", `${device.txPower} dBm`],
    ["connectable", "Connectable", device.connectable ? "Yes" : "No"],
    ["state", "State", EXPLORER_CONNECTION_LABELS[device.connection] ?? device.connection],
    ["discovered", "Discovered", formatDateTime(device.firstSeen, { seconds: true })],
    ["updated", "Last Updated", formatDateTime(lastUpdate(detail, history), { seconds: true })],
  ].filter(Boolean);
  fill(panel,
    h("dl", { class: "facts ex-facts" },
      facts.map(([key, label, value, cls]) => [h("dt", null, label), h("dd", { class: cls ?? null, dataset: { test: `info-${key}` } }, value)])),
    device.services.length ? h("section", { class: "ex-section" },
      h("h3", { class: "ex-subhead" }, "Advertised Services"),
      h("ul", { class: "ex-plain" }, device.services.map((service) =>
        h("li", { dataset: { test: "advertised-service", uuid: service.uuid } },
          h("code", null, service.uuid), service.name ? ` (${service.name})` : "")))) : null,
    device.manufacturerData.length ? h("section", { class: "ex-section" },
      h("h3", { class: "ex-subhead" }, "Manufacturer Data"),
      device.manufacturerData.map((data) => h("p", { class: "ex-hex", dataset: { test: "info-manufacturer" } }, h("code", null, data.hex)))) : null);
}
