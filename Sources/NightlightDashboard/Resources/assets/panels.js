// The device panels of the seed devices (docs/dashboard-api.md, "Device panels"):
// #/devices lists the Beans, bulbs, Mi Bands and SensorTags heard; #/devices/KIND/ADDRESS is
// one device's panel.
//
// Hooks:
//   list:      [data-test="panels-list"], #panels-scan, [data-test="panel-device"][data-kind][data-address] (links),
//              [data-test="panels-empty"]
//   every panel: [data-test="panel"][data-kind], #panel-back, .form-error
//   bean:      [data-test="panel-bean"], #bean-on (switch), [data-test="bean-swatch"] (data-color),
//              #bean-red, #bean-green, #bean-blue (ranges 0…255), [data-test="bean-rgb"],
//              [data-test="bean-status"][data-state] (loading | ready | sending | sent | error), #bean-reload
//   bulb:      [data-test="panel-bulb"], #bulb-color (opens the color tool), [data-test="bulb-swatch"] (data-color),
//              #bulb-period (seconds a cycle), #bulb-cycle-start, #bulb-cycle-stop,
//              [data-test="bulb-cycle-status"][data-state] (idle | running | stopped | failed),
//              [data-test="bulb-cycle-progress"] (a <progress>), [data-test="bulb-cycle-sent"]
//   miband:    [data-test="panel-miband"], #band-auth, [data-test="band-auth-status"][data-state] (none | working | ok | error),
//              #band-refresh, [data-test="band-steps"], [data-test="band-distance"], [data-test="band-calories"],
//              [data-test="band-battery"], #band-heart, [data-test="band-heart-rate"][data-state] (none | measuring | done | error)
//   sensortag: [data-test="panel-sensortag"], [data-test="tag-status"][data-state] (connecting | live | error | closed),
//              [data-test="tag-tile"][data-sensor][data-count] (count: readings shown), [data-test="tag-value"],
//              canvas[data-test="tag-chart"][data-scale] (shared: one scale, the lines have one unit | separate:
//              each line its own), [data-test="tag-quantity"] (one per line, keyed by its color), [data-test="tag-keys"]

import { api, socket } from "./api.js";
import { h, icon, clearErrors, showError, toast, contrastText } from "./ui.js";
import { openColorTool } from "./color.js";

const KINDS = {
  bean: { label: "LightBlue Bean", blurb: "NeoPixel strip: on/off and color" },
  bulb: { label: "Color bulb", blurb: "Color and hue cycle" },
  miband: { label: "Mi Band 2", blurb: "Steps, battery, heart rate" },
  sensortag: { label: "SensorTag", blurb: "Six sensors, live" },
};

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
  const builders = { bean: beanPanel, bulb: bulbPanel, miband: bandPanel, sensortag: tagPanel };
  return builders[kind](panel, address, ctx);
}

// ---- The list ----

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

// ---- Bean (seed 001: the light controls screen) ----

function beanPanel(panel, address) {
  const state = { isOn: false, rgb: [0, 0, 0] };
  const status = h("p", { class: "muted small panel-status", role: "status", dataset: { test: "bean-status", state: "loading" } }, "Reading the Bean…");
  const onInput = h("input", { type: "checkbox", id: "bean-on", role: "switch", disabled: "" });
  const swatch = h("div", { class: "bean-swatch", dataset: { test: "bean-swatch" }, role: "img", "aria-label": "The strip's color" });
  const rgbText = h("p", { class: "mono small", dataset: { test: "bean-rgb" } });
  const sliders = ["red", "green", "blue"].map((name, index) => {
    const input = h("input", { type: "range", id: `bean-${name}`, min: "0", max: "255", step: "1", value: "0", disabled: "", dataset: { channel: String(index) } });
    const value = h("output", { for: `bean-${name}`, class: "mono" }, "0");
    return { name, index, input, value };
  });
  const reload = h("button", { type: "button", class: "button ghost", id: "bean-reload" }, icon("refresh"), "Read again");

  panel.append(
    h("div", { class: "panel-body bean-screen", dataset: { test: "panel-bean" } },
      h("div", { class: "bean-row" },
        h("label", { class: "toggle", for: "bean-on" },
          onInput,
          h("span", { class: "toggle-track", "aria-hidden": "true" }),
          h("span", null, "Light")),
        reload),
      swatch,
      rgbText,
      h("div", { class: "bean-sliders" }, ...sliders.map(({ name, input, value }) =>
        h("div", { class: `bean-slider bean-slider-${name}` },
          h("label", { for: input.id }, name[0].toUpperCase() + name.slice(1)),
          input, value))),
      h("p", { class: "form-error", role: "alert" }),
      status));

  function show() {
    const hex = "#" + state.rgb.map((v) => v.toString(16).padStart(2, "0")).join("").toUpperCase();
    onInput.checked = state.isOn;
    swatch.style.backgroundColor = hex;
    swatch.style.color = contrastText(hex);
    swatch.dataset.color = hex;
    swatch.textContent = state.isOn ? hex : `${hex} (off)`;
    swatch.classList.toggle("is-off", !state.isOn);
    rgbText.textContent = `R ${state.rgb[0]}, G ${state.rgb[1]}, B ${state.rgb[2]}`;
    for (const slider of sliders) {
      slider.input.value = String(state.rgb[slider.index]);
      slider.value.textContent = String(state.rgb[slider.index]);
      slider.input.setAttribute("aria-valuetext", `${state.rgb[slider.index]} of 255`);
    }
    return hex;
  }
  function setStatus(kind, text) {
    status.dataset.state = kind;
    status.textContent = text;
  }
  function take(answer) {
    state.isOn = answer.isOn;
    state.rgb = [answer.red, answer.green, answer.blue];
    show();
  }

  let alive = true;
  let sending = null;
  let pending = false;
  /** Sends the switch and the color to bank 1 (as the app's sendUpdateToBean), one at a time. */
  async function send() {
    if (sending) { pending = true; return; }
    const hex = show();
    setStatus("sending", "Sending to the Bean…");
    clearErrors(panel);
    sending = api("PUT", `/api/panels/bean/${address}`, { isOn: state.isOn, color: hex });
    try {
      const answer = await sending;
      if (!alive) return;
      if (!pending) take(answer);
      setStatus("sent", `Sent: ${answer.isOn ? "on" : "off"}, ${answer.color}. The strip follows within a second.`);
    } catch (error) {
      if (!alive) return;
      setStatus("error", "Not sent.");
      showError(panel, error);
    } finally {
      sending = null;
      if (pending && alive) {
        pending = false;
        send();
      }
    }
  }
  async function load() {
    setStatus("loading", "Reading the Bean…");
    clearErrors(panel);
    try {
      const answer = await api("GET", `/api/panels/bean/${address}`);
      if (!alive) return;
      take(answer);
      for (const control of [onInput, ...sliders.map((s) => s.input)]) control.disabled = false;
      setStatus("ready", answer.isSet ? `Read from the Bean: ${answer.isOn ? "on" : "off"}, ${answer.color}.` : "The Bean has not been sent a light yet.");
    } catch (error) {
      if (!alive) return;
      setStatus("error", "Could not read the Bean.");
      showError(panel, error);
    }
  }

  onInput.addEventListener("change", () => {
    state.isOn = onInput.checked;
    send();
  });
  for (const slider of sliders) {
    slider.input.addEventListener("input", () => {
      state.rgb[slider.index] = Number(slider.input.value);
      show();
    });
    // The value goes out when the slider is let go (or a key moved it), not on every pixel.
    slider.input.addEventListener("change", () => {
      state.rgb[slider.index] = Number(slider.input.value);
      send();
    });
  }
  reload.addEventListener("click", load);
  show();
  load();
  return () => { alive = false; };
}

// ---- Color bulb (seed 000: the color tool and the hue cycle) ----

function bulbPanel(panel, address) {
  let color = "#FFFFFF";
  const swatch = h("div", { class: "bulb-swatch", dataset: { test: "bulb-swatch" }, role: "img", "aria-label": "The color sent last" });
  const choose = h("button", { type: "button", class: "button primary", id: "bulb-color" }, icon("palette"), "Choose a color…");
  const period = h("input", { type: "number", id: "bulb-period", min: "1", max: "60", step: "1", value: "5", inputmode: "numeric", dataset: { field: "periodSeconds" } });
  const start = h("button", { type: "button", class: "button primary", id: "bulb-cycle-start" }, "Start the hue cycle");
  const stop = h("button", { type: "button", class: "button secondary", id: "bulb-cycle-stop", disabled: "" }, "Stop");
  const cycleStatus = h("p", { class: "small", role: "status", dataset: { test: "bulb-cycle-status", state: "idle" } }, "No cycle running.");
  const progress = h("progress", { max: "100", value: "0", dataset: { test: "bulb-cycle-progress" }, "aria-label": "Where the cycle is in the hues" });
  const sent = h("p", { class: "muted small mono", dataset: { test: "bulb-cycle-sent" } });

  panel.append(h("div", { class: "panel-body bulb-panel", dataset: { test: "panel-bulb" } },
    h("div", { class: "panel-section" },
      h("h2", null, "Color"),
      h("div", { class: "bulb-color-row" }, swatch, choose)),
    h("div", { class: "panel-section" },
      h("h2", null, "Hue cycle"),
      h("p", { class: "muted small" }, "Walks the bulb through every hue, one color every 1/100 of the period, as the seed's script does."),
      h("div", { class: "field bulb-period" },
        h("label", { for: "bulb-period" }, "Seconds a cycle"),
        period),
      h("div", { class: "button-row" }, start, stop),
      cycleStatus, progress, sent),
    h("p", { class: "form-error", role: "alert" })));

  function showColor(hex) {
    color = hex;
    swatch.style.backgroundColor = hex;
    swatch.style.color = contrastText(hex);
    swatch.textContent = hex;
    swatch.dataset.color = hex;
  }
  showColor(color);

  let alive = true;
  let poll = null;
  let running = false;
  function showCycle(record) {
    // An answer that comes after the page left must not start polling: the polls would keep
    // the cycle's lease, so it would never stop.
    if (!alive) return;
    running = record.state === "running";
    cycleStatus.dataset.state = record.state;
    cycleStatus.textContent = {
      idle: "No cycle running.",
      running: `Cycling: ${record.cycles} full cycle${record.cycles === 1 ? "" : "s"} done.`,
      stopped: record.message ? record.message.replace(/^stopped/, "Stopped") + "." : "Stopped.",
      failed: `The cycle failed: ${record.message ?? ""}`,
    }[record.state] ?? record.state;
    progress.value = record.state === "running" ? record.percent : 0;
    sent.textContent = record.sent ? `${record.sent} colors sent${record.color ? `, last ${record.color}` : ""}` : "";
    if (record.color) showColor(record.color);
    start.disabled = running;
    stop.disabled = !running;
    if (running && !poll) poll = setInterval(refresh, 1000);
    if (!running && poll) { clearInterval(poll); poll = null; }
  }
  async function refresh() {
    try {
      const record = await api("GET", `/api/panels/bulb/${address}/cycle`);
      if (alive) showCycle(record);
    } catch (error) {
      if (alive) showError(panel, error);
    }
  }

  choose.addEventListener("click", async () => {
    const chosen = await openColorTool({ color, title: "Bulb color" });
    if (!chosen || !alive) return;
    clearErrors(panel);
    choose.setAttribute("aria-busy", "true");
    try {
      const answer = await api("PUT", `/api/panels/bulb/${address}/color`, { color: chosen });
      showColor(answer.color);
      toast(`The bulb shows ${answer.color}.`, "success");
      refresh();
    } catch (error) {
      showError(panel, error);
    } finally {
      choose.removeAttribute("aria-busy");
    }
  });
  start.addEventListener("click", async () => {
    clearErrors(panel);
    const seconds = Number(period.value);
    start.disabled = true;
    try {
      const record = await api("POST", `/api/panels/bulb/${address}/cycle`, { periodSeconds: seconds });
      if (!alive) {
        // Started after the page left: stop it rather than leave it running for its lease.
        running = record.state === "running";
        stopOnLeave();
        return;
      }
      showCycle(record);
    } catch (error) {
      start.disabled = false;
      showError(panel, error);
    }
  });
  stop.addEventListener("click", async () => {
    clearErrors(panel);
    stop.disabled = true;
    try {
      showCycle(await api("DELETE", `/api/panels/bulb/${address}/cycle`));
      start.focus();
    } catch (error) {
      stop.disabled = false;
      showError(panel, error);
    }
  });
  // The page going away stops the cycle (the server also stops it when nobody polls for 15 s).
  const stopOnLeave = () => {
    if (running) fetch(`/api/panels/bulb/${address}/cycle`, { method: "DELETE", keepalive: true, credentials: "same-origin" }).catch(() => {});
  };
  window.addEventListener("pagehide", stopOnLeave);
  refresh();
  return () => {
    alive = false;
    if (poll) clearInterval(poll);
    window.removeEventListener("pagehide", stopOnLeave);
    stopOnLeave();
  };
}

// ---- Mi Band 2 (seed 002) ----

function bandPanel(panel, address) {
  const authButton = h("button", { type: "button", class: "button primary", id: "band-auth" }, "Connect and authenticate");
  const authStatus = h("p", { class: "small", role: "status", dataset: { test: "band-auth-status", state: "none" } },
    "The band asks for its key; the first time, its wearer taps it to pair.");
  const stat = (test, label, unit) => {
    const value = h("span", { class: "band-value", dataset: { test } }, "—");
    return { value, node: h("div", { class: "band-stat" }, h("span", { class: "muted small" }, label), h("span", null, value, unit ? h("span", { class: "muted small" }, ` ${unit}`) : null)) };
  };
  const steps = stat("band-steps", "Steps", "");
  const distance = stat("band-distance", "Distance", "");
  const calories = stat("band-calories", "Calories", "kcal");
  const battery = stat("band-battery", "Battery", "");
  const refreshButton = h("button", { type: "button", class: "button secondary", id: "band-refresh", disabled: "" }, icon("refresh"), "Read again");
  const heartButton = h("button", { type: "button", class: "button primary", id: "band-heart", disabled: "" }, "Measure heart rate");
  const heart = h("p", { class: "band-heart", role: "status", dataset: { test: "band-heart-rate", state: "none" } }, "—");

  panel.append(h("div", { class: "panel-body band-panel", dataset: { test: "panel-miband" } },
    h("div", { class: "panel-section" }, h("div", { class: "button-row" }, authButton), authStatus),
    h("div", { class: "panel-section" },
      h("div", { class: "card-head" }, h("h2", null, "Today"), refreshButton),
      h("div", { class: "band-stats" }, steps.node, distance.node, calories.node, battery.node)),
    h("div", { class: "panel-section" },
      h("h2", null, "Heart rate"),
      h("p", { class: "muted small" }, "One measurement takes a few seconds; keep the band on the wrist."),
      h("div", { class: "band-heart-row" }, heartButton, heart)),
    h("p", { class: "form-error", role: "alert" })));

  let alive = true;
  async function readToday() {
    clearErrors(panel);
    refreshButton.setAttribute("aria-busy", "true");
    try {
      const [activity, level] = await Promise.all([
        api("GET", `/api/panels/miband/${address}/activity`),
        api("GET", `/api/panels/miband/${address}/battery`),
      ]);
      if (!alive) return;
      steps.value.textContent = activity.steps.toLocaleString();
      distance.value.textContent = activity.meters >= 1000 ? `${(activity.meters / 1000).toFixed(2)} km` : `${activity.meters} m`;
      calories.value.textContent = activity.kilocalories.toLocaleString();
      battery.value.textContent = `${level.level} %${level.isCharging ? " (charging)" : ""}`;
    } catch (error) {
      if (alive) showError(panel, error);
    } finally {
      refreshButton.removeAttribute("aria-busy");
    }
  }
  authButton.addEventListener("click", async () => {
    clearErrors(panel);
    authButton.disabled = true;
    authStatus.dataset.state = "working";
    authStatus.textContent = "Authenticating… if the band vibrates, tap it.";
    try {
      const answer = await api("POST", `/api/panels/miband/${address}/auth`, {});
      if (!alive) return;
      authStatus.dataset.state = "ok";
      authStatus.textContent = answer.paired ? "Paired (the band was tapped) and authenticated." : "Authenticated.";
      authButton.textContent = "Authenticate again";
      refreshButton.disabled = false;
      heartButton.disabled = false;
      await readToday();
    } catch (error) {
      if (!alive) return;
      authStatus.dataset.state = "error";
      authStatus.textContent = "Not authenticated.";
      showError(panel, error);
    } finally {
      authButton.disabled = false;
    }
  });
  refreshButton.addEventListener("click", readToday);
  heartButton.addEventListener("click", async () => {
    clearErrors(panel);
    heartButton.disabled = true;
    heart.dataset.state = "measuring";
    heart.textContent = "Measuring…";
    try {
      const answer = await api("POST", `/api/panels/miband/${address}/heart-rate`, {});
      if (!alive) return;
      heart.dataset.state = "done";
      heart.textContent = `${answer.bpm} bpm`;
    } catch (error) {
      if (!alive) return;
      heart.dataset.state = "error";
      heart.textContent = "—";
      showError(panel, error);
    } finally {
      heartButton.disabled = false;
    }
  });
  return () => { alive = false; };
}

// ---- SensorTag (seed 004): a live tile per sensor ----

function tagPanel(panel, address) {
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
