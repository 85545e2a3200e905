// The Signal Strength card of an Explorer device page: the gauge, distance, bars, quality, RSSI,
// TX power, and the last 20 readings as a chart.
// Hooks: [data-test="signal"], [data-test="gauge"][data-percent], [data-test="gauge-rssi"],
// [data-test="signal-distance"], [data-test="signal-bars"][data-bars], [data-test="signal-quality"],
// [data-test="signal-rssi"], [data-test="signal-tx"], [data-test="signal-history"][data-count] with
// [data-test="history-bar"][data-color][data-rssi].

import { h } from "../../lib/dom.js";
import { HISTORY_LENGTH, rssiColor, signalPercent } from "../../model/explorer.js";
import { formatTimeOfDay } from "../../model/format.js";

/** The card: {element, draw(signal, device, history)} (`signal` as the API gives it, or null). */
export function signalCard() {
  const ring = h("div", { class: "ex-gauge" });
  const gaugeValue = h("span", { class: "ex-gauge-value", dataset: { test: "gauge-rssi" } }, "—");
  const gauge = h("div", { class: "ex-gauge-wrap", role: "img", dataset: { test: "gauge", percent: "0" } },
    ring, h("div", { class: "ex-gauge-center", "aria-hidden": "true" }, gaugeValue, h("span", { class: "ex-gauge-unit" }, "dBm")));
  const distance = h("dd", { dataset: { test: "signal-distance" } }, "—");
  const bars = h("span", { class: "ex-bars", dataset: { test: "signal-bars", bars: "0" }, role: "img" },
    [1, 2, 3, 4, 5].map((n) => h("i", { dataset: { n: String(n) } })));
  const quality = h("dd", { dataset: { test: "signal-quality" } }, "—");
  const rssiText = h("dd", { dataset: { test: "signal-rssi" } }, "—");
  const txRow = h("div", { class: "ex-stat", hidden: true }, h("dt", null, "TX Power"), h("dd", { dataset: { test: "signal-tx" } }));
  const historyChart = h("div", { class: "ex-history", role: "img", dataset: { test: "signal-history", count: "0" } });
  const historyNote = h("p", { class: "muted small ex-history-note" });
  const element = h("section", { class: "card ex-signal", dataset: { test: "signal" }, "aria-labelledby": "explorer-signal-heading" },
    h("h2", { id: "explorer-signal-heading" }, "Signal Strength"),
    h("div", { class: "ex-signal-body" },
      gauge,
      h("dl", { class: "ex-stats" },
        h("div", { class: "ex-stat" }, h("dt", null, "Approximate distance"), distance),
        h("div", { class: "ex-stat" }, h("dt", null, "Signal"), h("dd", null, bars)),
        h("div", { class: "ex-stat" }, h("dt", null, "Quality"), quality),
        h("div", { class: "ex-stat" }, h("dt", null, "RSSI"), rssiText),
        txRow)),
    h("div", { class: "ex-history-block" },
      h("h3", { class: "ex-subhead" }, "Signal History"),
      historyChart,
      historyNote));

  function draw(signal, device, history) {
    const percent = signal?.percent ?? 0;
    ring.style.setProperty("--p", String(percent));
    gauge.dataset.percent = String(Math.round(percent));
    gauge.setAttribute("aria-label", signal ? `Signal strength ${Math.round(percent)} percent, ${signal.rssi} dBm` : "No signal reading yet");
    gaugeValue.textContent = signal ? String(signal.rssi) : "—";
    distance.textContent = signal?.distance ?? "—";
    bars.dataset.bars = String(signal?.bars ?? 0);
    bars.setAttribute("aria-label", `${signal?.bars ?? 0} of 5 bars`);
    [...bars.children].forEach((bar, i) => bar.classList.toggle("on", i < (signal?.bars ?? 0)));
    quality.textContent = signal?.quality ?? "—";
    quality.dataset.quality = signal?.quality ?? "";
    rssiText.textContent = signal ? `${signal.rssi} dBm` : "—";
    txRow.hidden = device.txPower == null;
    txRow.querySelector("dd").textContent = device.txPower == null ? "" : `${device.txPower} dBm`;
    drawHistory(history);
  }

  function drawHistory(history) {
    historyChart.dataset.count = String(history.length);
    historyChart.setAttribute("aria-label", history.length
      ? `The last ${history.length} RSSI readings, oldest first: ${history.map((r) => r.rssi).join(", ")} dBm`
      : "No readings yet");
    historyChart.replaceChildren(...history.map((reading) => {
      const bar = h("span", { class: "ex-history-bar", dataset: { test: "history-bar", color: rssiColor(reading.rssi), rssi: String(reading.rssi) }, title: `${reading.rssi} dBm at ${formatTimeOfDay(reading.at)}` });
      bar.style.height = `${Math.max(6, signalPercent(reading.rssi))}%`;
      return bar;
    }));
    const source = history.at(-1)?.source;
    historyNote.textContent = history.length === 0
      ? "Readings appear every 2 seconds."
      : `Last ${history.length} of ${HISTORY_LENGTH} readings · ${source === "connection" ? "read from the connection" : "from its advertisements"} every 2 s`;
  }

  return { element, draw };
}
