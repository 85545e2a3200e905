// The Info tab of an Explorer device page: what the device advertises, as facts.
// Hooks: [data-test="panel-info"], [data-test="info-<key>"] (name, identifier, rssi, tx,
// connectable, state, discovered, updated), [data-test="advertised-service"][data-uuid],
// [data-test="info-manufacturer"], [data-test="info-service-data"][data-uuid],
// [data-test="raw-advertising"][data-kind] (advertisement | scan-response) with
// [data-test="raw-hex"] and [data-test="ad-structure"][data-type].

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
      device.manufacturerData.map((data) => h("p", { class: "ex-hex", dataset: { test: "info-manufacturer" } }, h("code", null, data.hex)))) : null,
    device.serviceData?.length ? h("section", { class: "ex-section" },
      h("h3", { class: "ex-subhead" }, "Service Data"),
      h("ul", { class: "ex-plain" }, device.serviceData.map((data) =>
        h("li", { dataset: { test: "info-service-data", uuid: data.uuid } },
          h("code", null, data.uuid), data.name ? ` (${data.name}): ` : ": ", h("code", { class: "ex-hex" }, data.hexDump || "(empty)"))))) : null,
    rawSection("advertisement", "Advertising Data", device.advertisingData),
    rawSection("scan-response", "Scan Response", device.scanResponseData));
}

/** The data as received, whole and structure by structure (length, type, data). */
function rawSection(kind, title, raw) {
  if (!raw) return null;
  return h("section", { class: "ex-section", dataset: { test: "raw-advertising", kind } },
    h("h3", { class: "ex-subhead" }, `${title} (${raw.byteCount} ${raw.byteCount === 1 ? "byte" : "bytes"})`),
    h("p", { class: "ex-hex" }, h("code", { dataset: { test: "raw-hex" } }, raw.hexDump || "(empty)")),
    raw.structures.length ? h("table", { class: "ex-ad-table" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Type"), h("th", { scope: "col" }, "AD type"), h("th", { scope: "col" }, "Data"))),
      h("tbody", null, raw.structures.map((structure) =>
        h("tr", { dataset: { test: "ad-structure", type: structure.type } },
          h("td", null, h("code", null, structure.type)),
          h("td", null, structure.name ?? "Unknown"),
          h("td", null, h("code", { class: "ex-hex" }, structure.hexDump || "(empty)")))))) : null);
}
