// The SensorTag panel (seed 004): a live tile per sensor with a chart.
// Hooks: [data-test="panel-sensortag"], [data-test="tag-status"][data-state] (connecting | live | error | closed),
// [data-test="tag-tile"][data-sensor][data-count] (count: readings shown), [data-test="tag-value"],
// canvas[data-test="tag-chart"][data-scale] (shared: one scale, the lines have one unit | separate:
// each line its own), [data-test="tag-quantity"] (one per line, keyed by its color), [data-test="tag-keys"],
// each sensor switched and timed on its own: #tag-on-SENSOR (switch), #tag-period-SENSOR (a <select> of ms),
// [data-test="tag-tile"][data-enabled] (true | false, as the tag says), [data-test="tag-setting"][data-state] (idle | sending | error)

import { api, socket } from "../../lib/api.js";
import { h } from "../../lib/dom.js";
import { showError } from "../../lib/feedback.js";
import { showFeedState } from "./feed-status.js";

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
const LINE_NAMES = ["amber line", "green line", "blue line"];
/** The periods offered, in ms (the tag takes 10 ms steps from its shortest, 300 ms for IR temperature, to 2550 ms). */
const PERIODS = [100, 300, 500, 1000, 2000, 2550];

/** Fills `panel` with a live tile per sensor (a socket while it is shown); returns the cleanup. */
export function tagPanel(panel, address) {
  const status = h("p", { class: "small", role: "status", dataset: { test: "tag-status", state: "connecting" } }, "Connecting to the SensorTag…");
  const keys = h("p", { class: "muted small", dataset: { test: "tag-keys" } }, "Buttons: none pressed");
  const tiles = new Map();
  const grid = h("div", { class: "tag-grid" }, ...SENSORS.map((sensor) => {
    const value = h("div", { class: "tag-value", dataset: { test: "tag-value" } }, "—");
    const canvas = h("canvas", { class: "tag-chart", width: "240", height: "64", dataset: { test: "tag-chart" }, role: "img", "aria-label": `${sensor.label}: the last minute` });
    const controls = sensorControls(sensor, address, panel);
    const tile = h("article", { class: "tag-tile", dataset: { test: "tag-tile", sensor: sensor.id, count: "0" }, "aria-labelledby": `tag-title-${sensor.id}` },
      h("h2", { id: `tag-title-${sensor.id}` }, sensor.label), controls.node, value, canvas);
    const entry = { tile, value, canvas, history: [], count: 0, controls };
    controls.onShow = (setting) => { tile.dataset.enabled = String(setting.isEnabled); if (!setting.isEnabled) value.textContent = "Off"; };
    tiles.set(sensor.id, entry);
    return tile;
  }));
  /** Reads each sensor's switch and period from the tag (after the socket switched them on). */
  async function readSettings() {
    try {
      const { sensors } = await api("GET", `/api/panels/sensortag/${address}/sensors`);
      for (const setting of sensors) tiles.get(setting.sensor)?.controls.show(setting);
    } catch (error) {
      showError(panel, error);
    }
  }
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

  const liveText = "Live: each sensor reports at its period.";
  const live = socket(`/api/panels/sensortag/live?address=${encodeURIComponent(address)}`, (message) => {
    if (showFeedState(status, message, liveText)) {
      if (message.type === "connection") readSettings();
    } else if (message.type === "keys") {
      keys.textContent = `Buttons: ${message.keys.length ? message.keys.join(" + ") : "none pressed"}`;
    } else if (message.type === "reading") {
      const entry = tiles.get(message.sensor);
      if (!entry) return;
      if (status.dataset.state !== "live") showFeedState(status, { type: "connection" }, liveText);
      entry.count += 1;
      entry.tile.dataset.count = String(entry.count);
      // Each quantity's key is the color of its line in the chart.
      entry.value.replaceChildren(...message.values.map((q, i) => {
        // The line's colour in words too (for a screen reader, and for whoever cannot tell the hues apart).
        const item = h("span", { class: "tag-quantity", dataset: { test: "tag-quantity" }, title: LINE_NAMES[i] ?? "" },
          format(q), LINE_NAMES[i] ? h("span", { class: "visually-hidden" }, ` (${LINE_NAMES[i]})`) : null);
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

/** A sensor's switch and period, each change sent to the tag at once; { node, show(setting), onShow }. */
function sensorControls(sensor, address, panel) {
  const onInput = h("input", { type: "checkbox", id: `tag-on-${sensor.id}`, role: "switch", disabled: "" });
  const periods = PERIODS.filter((ms) => sensor.id !== "ir-temperature" || ms >= 300);
  const period = h("select", { id: `tag-period-${sensor.id}`, disabled: "" },
    ...periods.map((ms) => h("option", { value: String(ms) }, ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`)));
  const state = h("span", { class: "muted small", role: "status", dataset: { test: "tag-setting", state: "idle" } });
  const controls = {
    node: h("div", { class: "tag-controls" },
      h("label", { class: "toggle", for: onInput.id }, onInput, h("span", { class: "toggle-track", "aria-hidden": "true" }),
        h("span", { class: "visually-hidden" }, `${sensor.label} `), h("span", null, "On")),
      h("label", { class: "tag-period", for: period.id }, h("span", { class: "visually-hidden" }, `${sensor.label} `), "every", period),
      state),
    onShow: null,
    show(setting) {
      onInput.checked = setting.isEnabled;
      if (![...period.options].some((o) => o.value === String(setting.periodMs))) {
        period.append(h("option", { value: String(setting.periodMs) }, `${setting.periodMs} ms`));
      }
      period.value = String(setting.periodMs);
      onInput.disabled = period.disabled = false;
      controls.onShow?.(setting);
    },
  };
  async function send(change, words) {
    state.dataset.state = "sending";
    state.textContent = words;
    try {
      controls.show(await api("PUT", `/api/panels/sensortag/${address}/sensors/${sensor.id}`, change));
      state.dataset.state = "idle";
      state.textContent = "";
    } catch (error) {
      state.dataset.state = "error";
      state.textContent = "Not changed.";
      showError(panel, error);
    }
  }
  onInput.addEventListener("change", () => send({ isEnabled: onInput.checked }, onInput.checked ? "Switching on…" : "Switching off…"));
  period.addEventListener("change", () => send({ periodMs: Number(period.value) }, "Setting the period…"));
  return controls;
}
