// History (#/history/ADDR): the battery level over 1, 7 or 30 days as an SVG plot, and the
// clock corrections (GET …/history?kind=battery|clockCorrection&days=N).
// Hooks: [data-test="range-1"], [data-test="range-7"], [data-test="range-30"] (aria-pressed),
// [data-test="battery-plot"] (the svg), [data-test="battery-point"] (one per reading),
// [data-test="correction-line"], [data-test="plot-empty"], [data-test="corrections"] (list),
// [data-test="correction"], [data-test="corrections-empty"], [data-test="readings-table"].

import { api, devicePath } from "./api.js";
import { h, s, icon } from "./ui.js";

const RANGES = [1, 7, 30];
const HOUR = 3600e3;
const DAY = 24 * HOUR;

/** Readings further apart than this are not joined by the line. */
const GAP = 6 * HOUR;

const DECISIONS = {
  updateSilently: "corrected silently",
  updateAndNotify: "corrected, parent told",
  askUser: "asked the parent",
  clockNotSet: "was not set; set",
  forcedUpdate: "set by hand",
};

function offsetWords(seconds) {
  const abs = Math.abs(seconds);
  const size = abs < 60 ? `${abs.toFixed(1)} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : `${(abs / 3600).toFixed(1)} h`;
  return `${size} ${seconds > 0 ? "ahead" : "behind"}`;
}

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

  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "History"),
        h("p", { class: "lead" }, "The battery each time the dashboard read it, and the nightlight clock's corrections.")),
      h("div", { class: "segmented", role: "group", "aria-label": "Period shown" }, rangeButtons)),
    h("div", { class: "grid" },
      h("section", { class: "card wide", "aria-labelledby": "battery-history-heading" },
        h("div", { class: "card-head" }, h("h2", { id: "battery-history-heading" }, icon("battery"), "Battery level")),
        summary, plotBox, legend, table),
      h("section", { class: "card wide", "aria-labelledby": "clock-history-heading" },
        h("div", { class: "card-head" }, h("h2", { id: "clock-history-heading" }, icon("clock"), "Clock corrections")),
        corrections)));

  async function load() {
    const query = (kind) => api("GET", `${devicePath(ctx.address, "history")}?kind=${kind}&days=${days}`);
    const [battery, clock] = await Promise.all([query("battery"), query("clockCorrection")]);
    if (!alive) return;
    data = {
      to: Date.now(),
      from: Date.now() - days * DAY,
      readings: battery.entries.map((e) => ({ date: new Date(e.date), level: e.event.battery.level, charging: e.event.battery.isCharging })),
      // Checks that found the clock right are counted, not listed.
      corrections: clock.entries.map((e) => ({ date: new Date(e.date), ...e.event.clockCorrection })).filter((c) => c.decision !== "inSync"),
      checks: clock.entries.length,
    };
    draw();
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
    const span = days === 1 ? "the last 24 hours" : `the last ${days} days`;
    summary.textContent = readings.length
      ? `${readings.length} reading${readings.length === 1 ? "" : "s"} in ${span}; now ${readings.at(-1).level} %.`
      : "";
    plotBox.replaceChildren(readings.length ? plot(data, plotBox.clientWidth || 640) : h("div", { class: "empty", dataset: { test: "plot-empty" } },
      icon("history"),
      h("p", null, `No battery readings in ${span}. The dashboard records the battery each time it shows this nightlight.`)));
    table.replaceChildren(h("summary", null, "Readings as a table"),
      h("table", { class: "readings", dataset: { test: "readings-table" } },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, "When"), h("th", { scope: "col" }, "Level"), h("th", { scope: "col" }, "Charging"))),
        h("tbody", null, readings.slice(-100).reverse().map((r) =>
          h("tr", null, h("td", null, r.date.toLocaleString()), h("td", null, `${r.level} %`), h("td", null, r.charging ? "yes" : "no"))))));
    table.hidden = readings.length === 0;
    const rightChecks = data.checks - data.corrections.length;
    corrections.replaceChildren(
      data.corrections.length
        ? h("ul", { class: "event-list", dataset: { test: "corrections" } }, data.corrections.slice().reverse().map((c) =>
          h("li", { dataset: { test: "correction" } },
            h("time", { datetime: c.date.toISOString() }, c.date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })),
            h("strong", null, offsetWords(c.offsetSeconds)),
            h("span", { class: "muted" }, DECISIONS[c.decision] ?? c.decision))))
        : h("p", { class: "muted", dataset: { test: "corrections-empty" } }, `No clock corrections in ${span}.`),
      rightChecks > 0 && h("p", { class: "muted small" }, `${rightChecks} check${rightChecks === 1 ? "" : "s"} found the clock right.`));
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

/** The SVG plot: level 0…100 % over [from, to], gridlines, axes, line, area, dots, corrections. */
function plot({ from, to, readings, corrections }, width) {
  const height = 240;
  const m = { left: 44, right: 14, top: 14, bottom: 30 };
  const x = (date) => m.left + ((date - from) / (to - from)) * (width - m.left - m.right);
  const y = (level) => m.top + (1 - level / 100) * (height - m.top - m.bottom);

  const grid = [0, 25, 50, 75, 100].map((level) => [
    s("line", { class: level === 0 ? "axis" : "grid-line", x1: m.left, x2: width - m.right, y1: y(level), y2: y(level) }),
    s("text", { x: m.left - 8, y: y(level) + 4, "text-anchor": "end" }, `${level}%`),
  ]);

  // Time ticks: hours for a day, days otherwise; as many as fit.
  const span = to - from;
  const fit = Math.max(2, Math.floor((width - m.left - m.right) / 60));
  const steps = span <= DAY ? [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] : [DAY, 2 * DAY, 5 * DAY, 7 * DAY, 10 * DAY];
  const step = steps.find((size) => span / size <= fit + 1) ?? steps.at(-1);
  const first = new Date(from);
  if (step < DAY) first.setMinutes(0, 0, 0);
  else first.setHours(0, 0, 0, 0);
  const ticks = [];
  for (let t = first.getTime() + step; t < to; t += step) {
    const date = new Date(t);
    const label = step < DAY
      ? date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
      : date.toLocaleDateString(undefined, { day: "numeric", month: "short" });
    ticks.push(
      s("line", { class: "grid-line", x1: x(t), x2: x(t), y1: m.top, y2: height - m.bottom }),
      s("text", { x: x(t), y: height - m.bottom + 18, "text-anchor": "middle" }, label));
  }

  // The line and the area under it, broken where readings are far apart.
  const runs = [];
  for (const reading of readings) {
    const run = runs.at(-1);
    if (run && reading.date - run.at(-1).date <= GAP) run.push(reading);
    else runs.push([reading]);
  }
  const line = runs.map((run) => run.map((r, i) => `${i ? "L" : "M"}${x(r.date).toFixed(1)},${y(r.level).toFixed(1)}`).join("")).join("");
  const area = runs.filter((run) => run.length > 1).map((run) =>
    `M${x(run[0].date).toFixed(1)},${y(0)}` + run.map((r) => `L${x(r.date).toFixed(1)},${y(r.level).toFixed(1)}`).join("") + `L${x(run.at(-1).date).toFixed(1)},${y(0)}Z`).join("");

  const description = `Battery from ${readings[0].level} % to ${readings.at(-1).level} % over the period shown, ${readings.length} readings, ${corrections.length} clock corrections.`;

  return s("svg", { class: "plot", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": description, dataset: { test: "battery-plot" } },
    s("defs", null,
      s("linearGradient", { id: "battery-fill", x1: "0", x2: "0", y1: "0", y2: "1" },
        s("stop", { offset: "0%", "stop-color": "#6fdca5", "stop-opacity": "0.35" }),
        s("stop", { offset: "100%", "stop-color": "#6fdca5", "stop-opacity": "0" }))),
    grid, ticks,
    s("line", { class: "axis", x1: m.left, x2: m.left, y1: m.top, y2: height - m.bottom }),
    corrections.map((c) => s("line", { class: "correction", dataset: { test: "correction-line" }, x1: x(c.date), x2: x(c.date), y1: m.top, y2: height - m.bottom },
      s("title", null, `Clock ${offsetWords(c.offsetSeconds)} at ${c.date.toLocaleString()}`))),
    area && s("path", { class: "area", d: area }),
    s("path", { class: "line", d: line }),
    readings.length <= 300 && readings.map((r) => s("circle", { class: r.charging ? "dot charging" : "dot", cx: x(r.date), cy: y(r.level), r: 3.5, dataset: { test: "battery-point" } },
      s("title", null, `${r.date.toLocaleString()}: ${r.level} %${r.charging ? ", charging" : ""}`))));
}
