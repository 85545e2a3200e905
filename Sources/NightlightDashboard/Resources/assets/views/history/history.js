// History (#/history/ADDR): the battery level over 1, 7 or 30 days as an SVG plot, the clock
// corrections and the alerts (GET …/history?kind=battery|clockCorrection|alert&days=N).
// Hooks: [data-test="range-1"], [data-test="range-7"], [data-test="range-30"] (aria-pressed),
// [data-test="battery-plot"] (the svg), [data-test="battery-point"] (one per reading),
// [data-test="correction-line"], [data-test="plot-empty"], [data-test="corrections"] (list),
// [data-test="correction"], [data-test="corrections-empty"], [data-test="readings-table"],
// [data-test="alert-history"] (list) with [data-test="past-alert"] (data-kind, data-open),
// [data-test="alert-history-empty"].

import { api, nightlightPath } from "../../lib/api.js";
import { fill, h, icon } from "../../lib/dom.js";
import { alertFromEntry, alertWords } from "../../model/alerts.js";
import { capitalize, formatDateTime } from "../../model/format.js";
import { CORRECTION_WORDS, correctionSize, historyData, spanWords } from "../../model/history.js";
import { batteryPlot } from "./plot.js";

const RANGES = [1, 7, 30];

/** Shows the history in `container`; returns its cleanup. */
export async function render(container, ctx) {
  let days = 7;
  let data = null;
  let alive = true;

  const rangeButtons = RANGES.map((n) =>
    h("button", { type: "button", dataset: { test: `range-${n}` }, "aria-pressed": String(n === days), onclick: () => choose(n) },
      n === 1 ? "1 day" : `${n} days`));
  const plotBox = h("div", { class: "plot-box" });
  const summary = h("p", { class: "muted" });
  const legend = h("div", { class: "legend", "aria-hidden": "true" },
    h("span", null, h("i", { class: "key-battery" }), "On battery"),
    h("span", null, h("i", { class: "key-charging" }), "Charging"),
    h("span", null, h("i", { class: "key-correction" }), "Clock corrected"));
  const table = h("details", null, h("summary", null, "Readings as a table"));
  const corrections = h("div");
  const pastAlerts = h("div");

  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "History"),
        h("p", { class: "lead" }, "The battery each time the dashboard read it, the nightlight clock's corrections, and its alerts.")),
      h("div", { class: "segmented", role: "group", "aria-label": "Period shown" }, rangeButtons)),
    h("div", { class: "grid" },
      h("section", { class: "card wide", "aria-labelledby": "battery-history-heading" },
        h("div", { class: "card-head" }, h("h2", { id: "battery-history-heading" }, icon("battery"), "Battery level")),
        summary, plotBox, legend, table),
      h("section", { class: "card wide", "aria-labelledby": "clock-history-heading" },
        h("div", { class: "card-head" }, h("h2", { id: "clock-history-heading" }, icon("clock"), "Clock corrections")),
        corrections),
      h("section", { class: "card wide", "aria-labelledby": "alert-history-heading" },
        h("div", { class: "card-head" }, h("h2", { id: "alert-history-heading" }, icon("alert"), "Alerts")),
        pastAlerts)));

  async function load() {
    const query = (kind) => api("GET", `${nightlightPath(ctx.address, "history")}?kind=${kind}&days=${days}`);
    const [battery, clock, alerts] = await Promise.all([query("battery"), query("clockCorrection"), query("alert")]);
    if (!alive) return;
    data = historyData(battery, clock, days, Date.now());
    draw();
    drawAlerts(alerts.entries.map((entry) => alertFromEntry(entry, ctx.device)).reverse());
  }

  async function choose(n) {
    days = n;
    rangeButtons.forEach((b, i) => b.setAttribute("aria-pressed", String(RANGES[i] === n)));
    try {
      await load();
    } catch (error) {
      ctx.problem(error, () => choose(n));
    }
  }

  function draw() {
    const { readings } = data;
    const span = spanWords(days);
    summary.textContent = readings.length
      ? `${readings.length} reading${readings.length === 1 ? "" : "s"} in ${span}; now ${readings.at(-1).level} %.`
      : "";
    plotBox.replaceChildren(readings.length ? batteryPlot(data, plotBox.clientWidth || 640) : h("div", { class: "empty", dataset: { test: "plot-empty" } },
      icon("history"),
      h("p", null, `No battery readings in ${span}. The dashboard records the battery each time it shows this nightlight.`)));
    table.replaceChildren(h("summary", null, "Readings as a table"),
      h("table", { class: "readings", dataset: { test: "readings-table" } },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, "When"), h("th", { scope: "col" }, "Level"), h("th", { scope: "col" }, "Charging"))),
        h("tbody", null, readings.slice(-100).reverse().map((r) =>
          h("tr", null, h("td", null, formatDateTime(r.date)), h("td", null, `${r.level} %`), h("td", null, r.charging ? "yes" : "no"))))));
    table.hidden = readings.length === 0;
    const rightChecks = data.checks - data.corrections.length;
    fill(corrections,
      data.corrections.length
        ? h("ul", { class: "event-list", dataset: { test: "corrections" } }, data.corrections.slice().reverse().map((c) =>
          h("li", { dataset: { test: "correction" } },
            h("time", { datetime: c.date.toISOString() }, formatDateTime(c.date)),
            h("strong", null, capitalize(correctionSize(c))),
            h("span", { class: "muted" }, CORRECTION_WORDS[c.decision] ?? c.decision))))
        : h("p", { class: "muted", dataset: { test: "corrections-empty" } }, `No clock corrections in ${span}.`),
      rightChecks > 0 && h("p", { class: "muted small" }, `${rightChecks} check${rightChecks === 1 ? "" : "s"} found the clock right.`));
  }

  function drawAlerts(alerts) {
    fill(pastAlerts, alerts.length
      ? h("ul", { class: "event-list", dataset: { test: "alert-history" } }, alerts.map((alert) =>
        h("li", { dataset: { test: "past-alert", kind: alert.kind, open: String(!alert.clearedAt) } },
          h("time", { datetime: alert.startedAt }, formatDateTime(alert.startedAt)),
          h("strong", null, alertWords(alert).headline),
          h("span", { class: "muted" }, alert.clearedAt ? `Over since ${formatDateTime(alert.clearedAt)}` : "Still on"))))
      : h("p", { class: "muted", dataset: { test: "alert-history-empty" } }, `No alerts in ${spanWords(days)}.`));
  }

  // Redraw to the new width when the layout changes (phone rotation, window resize).
  const observer = new ResizeObserver(() => {
    if (data?.readings.length && plotBox.clientWidth) draw();
  });
  observer.observe(plotBox);

  await load();
  return () => {
    alive = false;
    observer.disconnect();
  };
}
