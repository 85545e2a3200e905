// The Data tab of an Explorer device page: the manufacturer data with its company and a byte
// chart, the characteristic values (live ones marked), and the connection's times.
// Hooks: [data-test="panel-data"], [data-test="data-prompt"], [data-test="data-connect"],
// [data-test="manufacturer"], [data-test="manufacturer-name"], [data-test="manufacturer-hex"],
// [data-test="manufacturer-bytes"], [data-test="char-values"] with
// [data-test="char-value"][data-handle][data-uuid] ([data-test="char-value-summary"]),
// [data-test="connection-info"] (with [data-elapsed] times that tick).

import { h } from "../../lib/dom.js";
import { lastUpdate } from "../../model/explorer.js";
import { formatElapsed, formatTimeOfDay } from "../../model/format.js";
import { byteChart, connectPrompt } from "./parts.js";

/**
 * The Data tab: {draw(panel), drawValues(), drawConnectionInfo()}. `page` as for drawServices
 * (detail, history, connectionBusy, connect()).
 */
export function dataTab(page) {
  const valuesList = h("ul", { class: "ex-values" });
  const connectionInfo = h("dl", { class: "facts ex-facts" });

  function draw(panel) {
    const device = page.detail.device;
    if (device.connection !== "connected") {
      panel.replaceChildren(connectPrompt("data-prompt", "Connect to the device to see its live data.",
        { device, busy: page.connectionBusy, connect: page.connect }));
      return;
    }
    panel.replaceChildren(h("div", { class: "ex-data" },
      device.manufacturerData.map(manufacturerCard),
      h("section", { class: "ex-data-card", dataset: { test: "char-values" } },
        h("h3", { class: "ex-subhead" }, "Characteristic Values"),
        valuesList),
      h("section", { class: "ex-data-card", dataset: { test: "connection-info" } },
        h("h3", { class: "ex-subhead" }, "Connection Info"),
        connectionInfo)));
    drawValues();
    drawConnectionInfo();
  }

  function drawValues() {
    const items = [];
    for (const service of page.detail.services ?? []) {
      for (const c of service.characteristics) {
        if (c.value) items.push(valueItem(c));
      }
    }
    valuesList.replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No characteristic has a value yet.")]));
  }

  function drawConnectionInfo() {
    const device = page.detail.device;
    const updated = lastUpdate(page.detail, page.history);
    const since = (time) => h("span", { class: "muted", dataset: { elapsed: time } }, ` · ${formatElapsed(time)}`);
    connectionInfo.replaceChildren(
      h("dt", null, "Discovered"),
      h("dd", null, formatTimeOfDay(device.firstSeen), since(device.firstSeen)),
      h("dt", null, "Last Update"),
      h("dd", null, formatTimeOfDay(updated), since(updated),
        device.txPower == null ? null : h("span", { class: "muted" }, ` · TX Power ${device.txPower} dBm`)));
  }

  return { draw, drawValues, drawConnectionInfo };
}

function manufacturerCard(data) {
  return h("section", { class: "ex-data-card", dataset: { test: "manufacturer" } },
    h("h3", { class: "ex-subhead" }, "Manufacturer Data"),
    h("dl", { class: "facts ex-facts" },
      h("dt", null, "Manufacturer ID"),
      h("dd", { dataset: { test: "manufacturer-name" } }, data.company ? `${data.company} (${data.companyIDHex})` : data.companyLabel),
      h("dt", null, "Raw Data"),
      h("dd", null, h("code", { class: "ex-hex", dataset: { test: "manufacturer-hex" } }, data.hexDump))),
    h("div", { dataset: { test: "manufacturer-bytes" } },
      byteChart(data.bytes, { label: `The ${data.bytes.length} bytes of the manufacturer data as bars, 0 to 255: ${data.bytes.join(", ")}` })));
}

function valueItem(c) {
  const bytes = c.value.bars.map((b) => b.byte);
  return h("li", { class: "ex-value-item", dataset: { test: "char-value", handle: String(c.handle), uuid: c.uuid } },
    h("div", { class: "ex-value-text" },
      h("span", { class: "ex-char-name" }, c.name ?? c.userDescription ?? c.uuid,
        c.subscribed ? h("span", { class: "ex-live", title: "Updates live" }, h("span", { class: "ex-live-dot", "aria-hidden": "true" }), "Live") : null),
      h("span", { class: "ex-value-summary", dataset: { test: "char-value-summary" } }, c.value.summary),
      c.value.meaning ? h("span", { class: "muted small" }, c.value.meaning) : null),
    c.value.bars.length ? byteChart(bytes, { colors: c.value.bars.map((b) => b.color), label: `Bytes: ${bytes.join(", ")}` }) : null);
}
