// The SensorTag panel (seed 004): a live tile per sensor with a chart.
// Hooks: [data-test="panel-sensortag"], [data-test="tag-status"][data-state] (connecting | live | error | closed),
// [data-test="tag-tile"][data-sensor][data-count] (count: readings shown), [data-test="tag-value"],
// canvas[data-test="tag-chart"][data-scale] (shared: one scale, the lines have one unit | separate:
// each line its own), [data-test="tag-quantity"] (one per line, keyed by its color), [data-test="tag-keys"]

import { socket } from "../../lib/api.js";
import { h } from "../../lib/dom.js";

const SENSORS = [
  { id: "ir-temperature", label: "IR temperature" },
  { id: "humidity", label: "Humidity" },
  { id: "barometer", label: "Barometer" },
  { id: "accelerometer", label: "Accelerometer" },
  { id: "magnetometer", label: "Magnetometer" },
  { id: "gyroscope", label: "Gyroscope" },
];
const CHART_POINTS = 60;
const LINE_COLORS = ["#ffb347", "#6fdca5", "#8fb8ff"];

/** Fills `panel` with a live tile per sensor (a socket while it is shown); returns the cleanup. */
export function tagPanel(panel, address) {
  const status = h("p", { class: "small", role: "status", dataset: { test: "tag-status", state: "connecting" } }, "Connecting to the SensorTag…");
  const keys = h("p", { class: "muted small", dataset: { test: "tag-keys" } }, "Buttons: none pressed");
  const tiles = new Map();
  const grid = h("div", { class: "tag-grid" }, ...SENSORS.map((sensor) => {
    const value = h("div", { class: "tag-value", dataset: { test: "tag-value" } }, "—");
    const canvas = h("canvas", { class: "tag-chart", width: "240", height: "64", dataset: { test: "tag-chart" }, role: "img", "aria-label": `${sensor.label}: the last minute` });
    const tile = h("article", { class: "tag-tile", dataset: { test: "tag-tile", sensor: sensor.id, count: "0" }, "aria-label": sensor.label },
      h("h2", null, sensor.label), value, canvas);
    tiles.set(sensor.id, { tile, value, canvas, history: [], count: 0 });
    return tile;
  }));
  panel.append(h("div", { class: "panel-body", dataset: { test: "panel-sensortag" } },
    status, grid, keys, h("p", { class: "form-error", role: "alert" })));

  function format(quantity) {
    const digits = quantity.unit === "hPa" || quantity.unit === "°C" || quantity.unit === "g" || quantity.unit === "%" ? 2 : 1;
    return `${quantity.name} ${quantity.value.toFixed(digits)} ${quantity.unit}`;
  }
  function draw(entry) {
    const { canvas, history } = entry;
    const context = canvas.getContext("2d");
    const width = canvas.width, height = canvas.height;
    context.clearRect(0, 0, width, height);
    if (history.length < 2) return;
    const series = history[0].length;
    // One scale when every line has the same unit (the three axes); otherwise each line its own
    // (humidity in %RH beside a temperature in °C would flatten both).
    const shared = new Set(entry.units).size <= 1;
    canvas.dataset.scale = shared ? "shared" : "separate";
    const range = (indexes) => {
      let low = Infinity, high = -Infinity;
      for (const point of history) for (const i of indexes) { low = Math.min(low, point[i]); high = Math.max(high, point[i]); }
      if (high - low < 1e-6) { high += 0.5; low -= 0.5; }
      return [low, high];
    };
    const all = [...Array(series).keys()];
    for (let s = 0; s < Math.min(series, LINE_COLORS.length); s++) {
      const [low, high] = range(shared ? all : [s]);
      context.strokeStyle = LINE_COLORS[s];
      context.lineWidth = 2;
      context.beginPath();
      history.forEach((point, i) => {
        const x = (i / Math.max(history.length - 1, 1)) * width;
        const y = height - 4 - ((point[s] - low) / (high - low)) * (height - 8);
        if (i === 0) context.moveTo(x, y); else context.lineTo(x, y);
      });
      context.stroke();
    }
  }

  const live = socket(`/api/panels/sensortag/live?address=${encodeURIComponent(address)}`, (message) => {
    if (message.type === "socket" && message.state === "closed") {
      status.dataset.state = "error";
      status.textContent = "The live connection dropped; reconnecting…";
    } else if (message.type === "connection") {
      status.dataset.state = "live";
      status.textContent = "Live: each sensor reports every second.";
    } else if (message.type === "error") {
      status.dataset.state = "error";
      status.textContent = `Problem: ${message.message} Trying again…`;
    } else if (message.type === "keys") {
      keys.textContent = `Buttons: ${message.keys.length ? message.keys.join(" + ") : "none pressed"}`;
    } else if (message.type === "reading") {
      const entry = tiles.get(message.sensor);
      if (!entry) return;
      if (status.dataset.state !== "live") {
        status.dataset.state = "live";
        status.textContent = "Live: each sensor reports every second.";
      }
      entry.count += 1;
      entry.tile.dataset.count = String(entry.count);
      // Each quantity's key is the color of its line in the chart.
      entry.value.replaceChildren(...message.values.map((q, i) => {
        const item = h("span", { class: "tag-quantity", dataset: { test: "tag-quantity" } }, format(q));
        if (LINE_COLORS[i]) item.style.setProperty("--line", LINE_COLORS[i]);
        return item;
      }));
      entry.units = message.values.map((q) => q.unit);
      entry.history.push(message.values.map((q) => q.value));
      if (entry.history.length > CHART_POINTS) entry.history.shift();
      draw(entry);
    }
  });
  return () => live.close();
}
