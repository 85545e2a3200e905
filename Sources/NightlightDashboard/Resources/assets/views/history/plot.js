// The battery plot of the History section: level 0…100 % over the period shown, as SVG.
// Hooks: [data-test="battery-plot"], [data-test="battery-point"], [data-test="correction-line"].

import { s } from "../../lib/dom.js";
import { formatDateTime, formatTimeOfDay } from "../../model/format.js";
import { DAY_MS, correctionSize, readingRuns, tickStep } from "../../model/history.js";

/** The SVG plot: level 0…100 % over [from, to], gridlines, axes, line, area, dots, corrections. */
export function batteryPlot({ from, to, readings, corrections }, width) {
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
  const step = tickStep(span, fit);
  const first = new Date(from);
  if (step < DAY_MS) first.setMinutes(0, 0, 0);
  else first.setHours(0, 0, 0, 0);
  const ticks = [];
  for (let t = first.getTime() + step; t < to; t += step) {
    const date = new Date(t);
    const label = step < DAY_MS
      ? formatTimeOfDay(date, { seconds: false })
      : date.toLocaleDateString(undefined, { day: "numeric", month: "short" });
    ticks.push(
      s("line", { class: "grid-line", x1: x(t), x2: x(t), y1: m.top, y2: height - m.bottom }),
      s("text", { x: x(t), y: height - m.bottom + 18, "text-anchor": "middle" }, label));
  }

  // The line and the area under it, broken where readings are far apart.
  const runs = readingRuns(readings);
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
      s("title", null, `Clock ${correctionSize(c)} at ${formatDateTime(c.date)}`))),
    area && s("path", { class: "area", d: area }),
    s("path", { class: "line", d: line }),
    readings.length <= 300 && readings.map((r) => s("circle", { class: r.charging ? "dot charging" : "dot", cx: x(r.date), cy: y(r.level), r: 3.5, dataset: { test: "battery-point" } },
      s("title", null, `${formatDateTime(r.date)}: ${r.level} %${r.charging ? ", charging" : ""}`))));
}
