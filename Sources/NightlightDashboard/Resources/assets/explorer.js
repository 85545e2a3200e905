// Explorer (#/explorer, #/explorer/ADDRESS): the scanner of every Bluetooth Low Energy device the
// dashboard hears (shared/seeds/003): search, the radio status card with start/stop scanning,
// the list sorted by RSSI, and a device page with connect/disconnect, the signal gauge, distance,
// bars, quality, TX power, the signal history, and the Info, Services and Data tabs.
// API: /api/explorer/… (docs/dashboard-api.md, "Explorer"); live: /api/explorer/live.
//
// Hooks (overview): #nav-explorer[aria-current] (header link), #explorer-search, #explorer-search-clear,
// [data-test="explorer-status"], #explorer-radio-state[data-state] (poweredOn | poweredOff | unauthorized |
// unsupported | resetting | unknown), #explorer-scan-toggle[data-scanning] ("Stop Scanning" / "Start Scanning"),
// #explorer-count, #explorer-list, [data-test="explorer-device"][data-address][data-rssi][data-connection]
// (a row, a link), inside it [data-test="device-name"], [data-test="device-rssi"],
// [data-test="device-arc"][data-percent], [data-test="device-status"][data-kind] (connected | connectable |
// services | none), [data-test="device-trailing"][data-kind] (connected | chevron | not-connectable),
// [data-test="explorer-empty"][data-kind] (scanning | off | stopped | no-match), [data-test="empty-start"].
// Hooks (device page): #explorer-back, [data-test="device-title"], [data-test="device-address"],
// [data-test="connection-state"][data-state], #explorer-connect[data-action] (connect | disconnect | busy),
// [data-test="signal"], [data-test="gauge"][data-percent], [data-test="gauge-rssi"], [data-test="signal-distance"],
// [data-test="signal-bars"][data-bars], [data-test="signal-quality"], [data-test="signal-rssi"],
// [data-test="signal-tx"], [data-test="signal-history"][data-count] with [data-test="history-bar"][data-color],
// #explorer-tab-info, #explorer-tab-services, #explorer-tab-data (role=tab), [data-test="panel-info"],
// [data-test="panel-services"], [data-test="panel-data"], [data-test="info-<key>"] (name, identifier, rssi, tx,
// connectable, state, discovered, updated), [data-test="advertised-service"], [data-test="info-manufacturer"],
// [data-test="services-prompt"], [data-test="services-none"] (connected, no service discovered),
// [data-test="service"][data-uuid][data-category] with [data-test="service-name"], [data-test="service-toggle"]
// [aria-expanded], [data-test="service-count"], [data-test="characteristic"][data-uuid][data-handle][data-kind],
// [data-test="pill"][data-prop], [data-test="value-toggle"][aria-expanded], [data-test="read"],
// [data-test="write-toggle"], [data-test="value"] with [data-test="value-hex"], [data-test="value-string"],
// [data-test="value-numeric"], [data-test="value-meaning"], [data-test="notifying"], [data-test="write-form"]
// with [data-test="write-hex"] (data-field="hex"), [data-test="write-without-response"], [data-test="write-submit"],
// [data-test="data-prompt"], [data-test="data-connect"], [data-test="manufacturer"], [data-test="manufacturer-name"],
// [data-test="manufacturer-hex"], [data-test="manufacturer-bytes"] with [data-test="byte-bar"],
// [data-test="char-values"] with [data-test="char-value"][data-handle] ([data-test="char-value-summary"],
// [data-test="byte-bar"][data-color]), [data-test="connection-info"], [data-test="device-missing"].

import { api, ApiError, socket } from "./api.js";
import { h, s, icon, clearErrors, showError, toast } from "./ui.js";

const RADIO_LABELS = {
  poweredOn: "Powered On",
  poweredOff: "Powered Off",
  unauthorized: "Unauthorized",
  unsupported: "Unsupported",
  resetting: "Resetting",
  unknown: "Unknown",
};

const CONNECTION_LABELS = {
  connected: "Connected",
  connecting: "Connecting",
  reconnecting: "Reconnecting",
  disconnecting: "Disconnecting",
  disconnected: "Disconnected",
};

const PROPERTY_PILLS = [
  ["read", "Read"],
  ["write", "Write"],
  ["writeWithoutResponse", "Write No Response"],
  ["notify", "Notify"],
  ["indicate", "Indicate"],
  ["authenticatedSignedWrites", "Auth"],
];

const CATEGORY_LABELS = {
  generic: "Generic service",
  battery: "Battery service",
  deviceInformation: "Device information",
  vendor: "Vendor-specific service",
  other: "Other service",
};

/** Whether the last view shown was an Explorer view (scanning starts when the Explorer is opened). */
let inExplorer = false;
/** The tab shown on the device page, kept while moving between devices. */
let shownTab = "info";

export async function render(container, ctx) {
  const address = decodeURIComponent(location.hash.split("/")[2] ?? "").toUpperCase();
  const navLink = document.getElementById("nav-explorer");
  navLink?.setAttribute("aria-current", "page");
  const opened = !inExplorer;
  inExplorer = true;
  const cleanup = address ? await renderDevice(container, ctx, address, opened) : await renderOverview(container, ctx, opened);
  return () => {
    inExplorer = location.hash.startsWith("#/explorer");
    if (!inExplorer) navLink?.removeAttribute("aria-current");
    cleanup?.();
  };
}

// ---- Shared ----

/** The Explorer's live socket (`socket` of api.js on /api/explorer/live). */
function explorerSocket(address, onMessage) {
  return socket(`/api/explorer/live${address ? `?address=${encodeURIComponent(address)}` : ""}`, onMessage);
}

/** An icon from the Explorer's sprite assets/explorer-icons.svg (decorative). */
function exIcon(name, cls = "icon") {
  return s("svg", { class: cls, "aria-hidden": "true", focusable: "false" }, s("use", { href: `/assets/explorer-icons.svg#${name}` }));
}

const devicePath = (address, ...rest) => ["/api/explorer/devices", encodeURIComponent(address), ...rest].join("/");

/** "[No Name]" for a device that does not broadcast a name. */
const displayName = (device) => device?.name || "[No Name]";

/** Strongest first; no RSSI last. */
function byRSSI(a, b) {
  return (b.rssi ?? -999) - (a.rssi ?? -999) || a.address.localeCompare(b.address);
}

function formatTime(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

function formatDateTime(text) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}

/** "12 s ago", "5 min ago", "2 h ago". */
function elapsed(text) {
  const seconds = Math.max(0, Math.round((Date.now() - new Date(text).getTime()) / 1000));
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min ago`;
}

/** The seed's normalisation: (rssi + 100) / 70, clamped to 0…100 %. */
function percentOf(rssi) {
  return rssi == null ? 0 : Math.min(100, Math.max(0, ((rssi + 100) / 70) * 100));
}

/** A circle badge with the Bluetooth icon and a white arc filled to the signal strength. */
function signalBadge() {
  const circumference = 2 * Math.PI * 20;
  const arc = s("circle", { class: "ex-arc", cx: 22, cy: 22, r: 20, "stroke-dasharray": `0 ${circumference}` });
  const badge = h("span", { class: "ex-badge", dataset: { test: "device-arc", percent: "0" } },
    s("svg", { class: "ex-badge-ring", viewBox: "0 0 44 44", "aria-hidden": "true", focusable: "false" },
      s("circle", { class: "ex-arc-track", cx: 22, cy: 22, r: 20 }), arc),
    icon("bluetooth"));
  badge.setPercent = (percent) => {
    arc.setAttribute("stroke-dasharray", `${(percent / 100) * circumference} ${circumference}`);
    badge.dataset.percent = String(Math.round(percent));
  };
  return badge;
}

/** A horizontal byte chart: one bar per byte, height by value (0…255). `colors` colors by magnitude. */
function byteChart(bytes, { colors = null, label }) {
  return h("div", { class: "ex-bytes", role: "img", "aria-label": label, dataset: { test: "byte-chart" } },
    bytes.map((byte, i) => {
      const bar = h("span", { class: "ex-byte", dataset: { test: "byte-bar", color: colors?.[i] ?? "accent" }, title: `byte ${i}: 0x${byte.toString(16).padStart(2, "0").toUpperCase()} (${byte})` });
      bar.style.height = `${Math.max(4, (byte / 255) * 100)}%`;
      return bar;
    }));
}

// ---- Overview ----

async function renderOverview(container, ctx, opened) {
  const state = { radio: null, devices: new Map(), query: "", loaded: false, busy: false };
  let alive = true;

  const search = h("input", {
    type: "search", id: "explorer-search", class: "ex-search-input", placeholder: "Search by name", autocomplete: "off",
    spellcheck: "false", "aria-controls": "explorer-list", dataset: { test: "explorer-search" },
  });
  const clear = h("button", {
    type: "button", id: "explorer-search-clear", class: "ex-search-clear", "aria-label": "Clear the search", hidden: true,
    onclick: () => {
      search.value = "";
      onSearch();
      search.focus();
    },
  }, h("span", { "aria-hidden": "true" }, "×"));
  search.addEventListener("input", onSearch);
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && search.value) {
      event.preventDefault();
      search.value = "";
      onSearch();
    }
  });

  const radioState = h("strong", { id: "explorer-radio-state", class: "ex-radio", dataset: { test: "radio-state", state: "unknown" } }, "Unknown");
  const radioNote = h("p", { class: "muted small", id: "explorer-radio-note", hidden: true });
  const scanButton = h("button", { type: "button", id: "explorer-scan-toggle", class: "button ex-scan", dataset: { test: "scan-toggle" }, hidden: true, onclick: () => setScanning(!state.radio?.scanning) });
  const scanPulse = h("span", { class: "ex-pulse", "aria-hidden": "true", hidden: true });
  const count = h("span", { id: "explorer-count", class: "muted small", role: "status" });
  const list = h("ul", { id: "explorer-list", class: "ex-list", dataset: { test: "explorer-list" }, "aria-label": "Devices nearby, strongest signal first" });
  const empty = h("div", { class: "card empty ex-empty", id: "explorer-empty", dataset: { test: "explorer-empty" }, hidden: true });
  const rows = new Map();

  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Explorer"),
        h("p", { class: "lead" }, "Every Bluetooth Low Energy device this dashboard hears, strongest signal first."))),
    h("div", { class: "ex-search", role: "search" },
      h("label", { class: "visually-hidden", for: "explorer-search" }, "Search devices by name"),
      exIcon("search"),
      search,
      clear),
    h("section", { class: "card ex-status", dataset: { test: "explorer-status" }, "aria-labelledby": "explorer-status-heading" },
      h("div", { class: "ex-status-row" },
        h("div", { class: "ex-status-text" },
          h("h2", { id: "explorer-status-heading", class: "ex-status-label" }, "Bluetooth Status"),
          h("div", { class: "ex-status-value" }, scanPulse, radioState),
          radioNote),
        scanButton),
      count),
    empty,
    list);

  function onSearch() {
    state.query = search.value.trim();
    clear.hidden = !search.value;
    draw();
  }

  function applyRadio(radio) {
    state.radio = radio;
    radioState.dataset.state = radio.state;
    radioState.textContent = RADIO_LABELS[radio.state] ?? radio.label;
    radioNote.hidden = !radio.message;
    radioNote.textContent = radio.message ?? "";
    const on = radio.state === "poweredOn";
    scanButton.hidden = !on;
    scanButton.dataset.scanning = String(!!radio.scanning);
    scanButton.className = `button ex-scan ${radio.scanning ? "ex-stop" : "ex-start"}`;
    scanButton.replaceChildren(exIcon(radio.scanning ? "stop" : "search"), radio.scanning ? "Stop Scanning" : "Start Scanning");
    scanPulse.hidden = !(on && radio.scanning);
    draw();
  }

  async function setScanning(on) {
    if (state.busy) return;
    state.busy = true;
    scanButton.setAttribute("aria-busy", "true");
    try {
      const radio = await api("PUT", "/api/explorer/scan", { on });
      if (!alive) return;
      if (on) state.devices = new Map([...state.devices].filter(([, d]) => d.connection !== "disconnected"));
      applyRadio(radio);
    } catch (error) {
      if (alive) ctx.problem(error, () => setScanning(on));
    } finally {
      state.busy = false;
      scanButton.removeAttribute("aria-busy");
    }
  }

  function row(device) {
    let item = rows.get(device.address);
    if (!item) {
      const badge = signalBadge();
      const name = h("span", { class: "ex-row-name", dataset: { test: "device-name" } });
      const rssi = h("span", { class: "ex-row-rssi", dataset: { test: "device-rssi" } });
      const status = h("span", { class: "ex-row-status", dataset: { test: "device-status" } });
      const trailing = h("span", { class: "ex-trailing", dataset: { test: "device-trailing" } });
      const link = h("a", { class: "ex-row", href: `#/explorer/${device.address}`, dataset: { test: "explorer-device", address: device.address } },
        badge,
        h("span", { class: "ex-row-body" }, name, rssi, status),
        trailing);
      item = { li: h("li", null, link), link, badge, name, rssi, status, trailing, key: "" };
      rows.set(device.address, item);
    }
    const key = JSON.stringify([device.name, device.rssi, device.connection, device.connectable, device.services.length]);
    if (key === item.key) return item;
    item.key = key;
    item.link.dataset.rssi = String(device.rssi ?? "");
    item.link.dataset.connection = device.connection;
    item.badge.setPercent(device.signal?.percent ?? percentOf(device.rssi));
    item.name.textContent = displayName(device);
    item.name.classList.toggle("unnamed", !device.name);
    item.rssi.textContent = device.rssi == null ? "RSSI: —" : `RSSI: ${device.rssi} dB`;
    const connected = device.connection === "connected";
    const [kind, text] = connected ? ["connected", "Connected"]
      : device.connectable ? ["connectable", "Connectable"]
        : device.services.length ? ["services", `Services: ${device.services.length}`]
          : ["none", ""];
    item.status.dataset.kind = kind;
    item.status.textContent = text;
    const trailingKind = connected ? "connected" : device.connectable ? "chevron" : "not-connectable";
    item.trailing.dataset.kind = trailingKind;
    item.trailing.replaceChildren(
      trailingKind === "connected" ? h("span", { class: "ex-check" }, icon("check"), h("span", { class: "visually-hidden" }, "Connected"))
        : trailingKind === "chevron" ? exIcon("chevron")
          : h("span", null, "Not Connectable"));
    return item;
  }

  function draw() {
    const query = state.query.toLowerCase();
    const all = [...state.devices.values()].sort(byRSSI);
    const shown = query ? all.filter((d) => (d.name ?? "").toLowerCase().includes(query)) : all;
    const focused = document.activeElement;
    const wanted = shown.map((device) => row(device).li);
    const current = [...list.children];
    if (wanted.length !== current.length || wanted.some((li, i) => li !== current[i])) {
      list.replaceChildren(...wanted);
      if (focused && focused !== document.activeElement && list.contains(focused)) focused.focus({ preventScroll: true });
    }
    for (const [address] of rows) if (!state.devices.has(address)) rows.delete(address);
    count.textContent = !state.loaded ? "" : query
      ? `${shown.length} of ${all.length} device${all.length === 1 ? "" : "s"} match`
      : `${all.length} device${all.length === 1 ? "" : "s"} found`;
    drawEmpty(shown.length, all.length);
  }

  function drawEmpty(shownCount, allCount) {
    const radio = state.radio;
    let kind = null;
    if (radio && radio.state !== "poweredOn" && allCount === 0) kind = "off";
    else if (allCount === 0 && state.loaded && radio && !radio.scanning) kind = "stopped";
    else if (allCount === 0) kind = "scanning";
    else if (shownCount === 0) kind = "no-match";
    empty.hidden = !kind;
    const key = `${kind}|${radio?.state ?? ""}|${state.query}`;
    if (!kind || empty.dataset.key === key) return;
    empty.dataset.key = key;
    empty.dataset.kind = kind;
    if (kind === "off") {
      empty.replaceChildren(exIcon("bluetooth-off"),
        h("h2", null, `Bluetooth is ${RADIO_LABELS[radio.state] ?? radio.label}`),
        h("p", null, radio.state === "unauthorized"
          ? "The dashboard is not allowed to use the Bluetooth controller. Run it with the rights the controller needs (see the transport guide)."
          : radio.state === "unknown" || radio.state === "resetting"
            ? "The system is still determining the Bluetooth state. If it stays like this, check that the controller is plugged in and switched on."
            : radio.state === "unsupported"
              ? "This controller does not support Bluetooth Low Energy. Enable Bluetooth on a controller that does (see the transport guide)."
              : "Turn Bluetooth on: check that the controller is plugged in and switched on, then reload this page."),
        radio.message ? h("p", { class: "small" }, radio.message) : null);
    } else if (kind === "stopped") {
      empty.replaceChildren(icon("bluetooth"),
        h("h2", null, "Scanning stopped"),
        h("p", null, "Start scanning to find the Bluetooth devices nearby."),
        h("button", { type: "button", class: "button ex-start", dataset: { test: "empty-start" }, onclick: () => setScanning(true) }, exIcon("search"), "Start Scanning"));
    } else if (kind === "scanning") {
      empty.replaceChildren(h("span", { class: "ex-searching", "aria-hidden": "true" }, exIcon("search")),
        h("h2", null, "Scanning…"),
        h("p", null, "Looking for Bluetooth devices nearby. Keep them switched on and close to this computer."),
        h("span", { class: "spinner", "aria-hidden": "true" }));
    } else {
      empty.replaceChildren(exIcon("search"),
        h("h2", null, "No matching devices"),
        h("p", null, `No device name contains “${state.query}”.`));
    }
    empty.dataset.kind = kind;
  }

  function onMessage(message) {
    if (!alive) return;
    if (message.type === "radio") applyRadio(message.radio);
    else if (message.type === "devices") {
      state.devices = new Map(message.devices.map((d) => [d.address, d]));
      state.loaded = true;
      draw();
    } else if (message.type === "update") {
      for (const device of message.devices) state.devices.set(device.address, device);
      draw();
    }
  }

  try {
    const radio = opened ? await api("PUT", "/api/explorer/scan", { on: true }) : null;
    const first = await api("GET", "/api/explorer/devices");
    if (!alive) return null;
    state.devices = new Map(first.devices.map((d) => [d.address, d]));
    state.loaded = true;
    applyRadio(radio ?? first.radio);
  } catch (error) {
    ctx.problem(error);
  }
  const socket = explorerSocket(null, onMessage);
  return () => {
    alive = false;
    socket.close();
  };
}

// ---- Device page ----

async function renderDevice(container, ctx, address, opened) {
  let alive = true;
  let socket = null;
  const back = h("a", { id: "explorer-back", class: "button ghost ex-back", href: "#/explorer", dataset: { test: "explorer-back" } }, exIcon("chevron-left"), "Devices");

  if (opened) {
    try {
      await api("PUT", "/api/explorer/scan", { on: true });
    } catch (error) {
      ctx.problem(error);
    }
  }
  let detail = await loadDetail(address).catch((error) => error);
  if (!alive) return null;
  if (detail instanceof ApiError && detail.code === "deviceNotHeard") {
    // Not heard yet (a bookmark, a fresh start): wait for it to turn up in the scan.
    const missing = h("div", { class: "card empty", dataset: { test: "device-missing" } },
      h("span", { class: "ex-searching", "aria-hidden": "true" }, exIcon("search")),
      h("h1", null, "Looking for this device…"),
      h("p", null, `${address} has not been heard yet. It appears here as soon as the scan hears it.`),
      h("span", { class: "spinner", "aria-hidden": "true" }));
    container.append(back, missing);
    socket = explorerSocket(null, (message) => {
      if (!alive || !["devices", "update"].includes(message.type)) return;
      if (message.devices.some((d) => d.address === address)) {
        socket.close();
        ctx.navigate(`#/explorer/${address}`);
      }
    });
    return () => {
      alive = false;
      socket.close();
    };
  }
  if (detail instanceof Error) throw detail;

  const page = devicePage(container, ctx, address, back, () => alive);
  page.apply(detail);
  socket = explorerSocket(address, (message) => {
    if (alive) page.onMessage(message);
  });
  const ticker = setInterval(() => page.tick(), 1000);
  return () => {
    alive = false;
    clearInterval(ticker);
    socket.close();
  };
}

function loadDetail(address) {
  return api("GET", devicePath(address));
}

/** Builds the device page in `container`; returns `{ apply(detail), onMessage(message), tick() }`. */
function devicePage(container, ctx, address, back, isAlive) {
  let detail = null;
  let history = [];
  let connectionBusy = false;
  const expanded = new Set();
  const openValues = new Set();
  const openWrites = new Set();

  // Header
  const title = h("h1", { class: "ex-title", dataset: { test: "device-title" } });
  const connectionState = h("span", { class: "ex-conn", dataset: { test: "connection-state", state: "disconnected" }, role: "status" });
  const connectButton = h("button", { type: "button", id: "explorer-connect", class: "button", dataset: { test: "connect" }, onclick: toggleConnection });
  const head = h("div", { class: "ex-device-head" },
    h("div", { class: "ex-device-title" },
      title,
      h("p", { class: "mono muted small", dataset: { test: "device-address" } }, address),
      connectionState),
    connectButton);

  // Signal
  const ring = h("div", { class: "ex-gauge" });
  const gaugeValue = h("span", { class: "ex-gauge-value", dataset: { test: "gauge-rssi" } }, "—");
  const gaugeUnit = h("span", { class: "ex-gauge-unit" }, "dBm");
  const gauge = h("div", { class: "ex-gauge-wrap", role: "img", dataset: { test: "gauge", percent: "0" } },
    ring, h("div", { class: "ex-gauge-center", "aria-hidden": "true" }, gaugeValue, gaugeUnit));
  const distance = h("dd", { dataset: { test: "signal-distance" } }, "—");
  const bars = h("span", { class: "ex-bars", dataset: { test: "signal-bars", bars: "0" }, role: "img" },
    [1, 2, 3, 4, 5].map((n) => h("i", { dataset: { n: String(n) } })));
  const quality = h("dd", { dataset: { test: "signal-quality" } }, "—");
  const rssiText = h("dd", { dataset: { test: "signal-rssi" } }, "—");
  const txRow = h("div", { class: "ex-stat", hidden: true }, h("dt", null, "TX Power"), h("dd", { dataset: { test: "signal-tx" } }));
  const historyChart = h("div", { class: "ex-history", role: "img", dataset: { test: "signal-history", count: "0" } });
  const historyNote = h("p", { class: "muted small ex-history-note" });
  const signalCard = h("section", { class: "card ex-signal", dataset: { test: "signal" }, "aria-labelledby": "explorer-signal-heading" },
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

  // Tabs
  const tabs = [
    ["info", "Info"],
    ["services", "Services"],
    ["data", "Data"],
  ];
  const tabButtons = new Map();
  const panels = new Map();
  const tabList = h("div", { class: "ex-tabs", role: "tablist", "aria-label": "Device details" },
    tabs.map(([key, label]) => {
      const button = h("button", {
        type: "button", role: "tab", id: `explorer-tab-${key}`, class: "ex-tab", "aria-controls": `explorer-panel-${key}`,
        dataset: { test: `tab-${key}` }, onclick: () => selectTab(key), onkeydown: onTabKey,
      }, label);
      tabButtons.set(key, button);
      return button;
    }));
  for (const [key] of tabs) {
    panels.set(key, h("div", { role: "tabpanel", id: `explorer-panel-${key}`, class: "ex-panel", "aria-labelledby": `explorer-tab-${key}`, tabindex: "0", dataset: { test: `panel-${key}` } }));
  }
  const tabsCard = h("section", { class: "card ex-details" }, tabList, [...panels.values()]);

  container.append(back, head, h("div", { class: "ex-device-grid" }, signalCard, tabsCard));
  selectTab(shownTab, false);

  function selectTab(key, focus = false) {
    shownTab = key;
    for (const [name, button] of tabButtons) {
      const selected = name === key;
      button.setAttribute("aria-selected", String(selected));
      button.tabIndex = selected ? 0 : -1;
      panels.get(name).hidden = !selected;
    }
    if (key === "info" && detail) drawInfo(); // it is kept current only while shown
    if (focus) tabButtons.get(key).focus();
  }

  function onTabKey(event) {
    const keys = tabs.map(([key]) => key);
    const index = keys.indexOf(shownTab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(keys[(next + keys.length) % keys.length], true);
  }

  // ---- Applying what the server says ----

  function apply(next) {
    detail = next;
    history = next.history ?? [];
    drawHeader();
    drawSignal(history.at(-1)?.displayed ?? detail.device.signal);
    drawInfo();
    drawServices();
    drawData();
  }

  function drawHeader() {
    const device = detail.device;
    title.textContent = displayName(device);
    title.classList.toggle("unnamed", !device.name);
    document.title = `${displayName(device)} · Explorer — Nightlight`;
    const state = device.connection;
    connectionState.dataset.state = state;
    connectionState.textContent = CONNECTION_LABELS[state] ?? state;
    connectButton.hidden = !device.connectable && state !== "connected";
    const busy = connectionBusy || state === "connecting" || state === "reconnecting" || state === "disconnecting";
    const connected = state === "connected";
    connectButton.disabled = busy;
    connectButton.dataset.action = busy ? "busy" : connected ? "disconnect" : "connect";
    connectButton.className = `button ${connected && !busy ? "ex-disconnect" : "ex-connect"}`;
    if (busy) {
      connectButton.setAttribute("aria-busy", "true");
      connectButton.replaceChildren(h("span", { class: "spinner ex-spinner", "aria-hidden": "true" }), state === "disconnecting" ? "Disconnecting..." : "Connecting...");
    } else {
      connectButton.removeAttribute("aria-busy");
      connectButton.replaceChildren(connected ? "Disconnect" : "Connect");
    }
  }

  function drawSignal(signal) {
    const device = detail.device;
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
    historyChart.dataset.count = String(history.length);
    historyChart.setAttribute("aria-label", history.length
      ? `The last ${history.length} RSSI readings, oldest first: ${history.map((r) => r.rssi).join(", ")} dBm`
      : "No readings yet");
    historyChart.replaceChildren(...history.map((reading) => {
      const bar = h("span", { class: "ex-history-bar", dataset: { test: "history-bar", color: colorOf(reading.rssi), rssi: String(reading.rssi) }, title: `${reading.rssi} dBm at ${formatTime(reading.at)}` });
      bar.style.height = `${Math.max(6, percentOf(reading.rssi))}%`;
      return bar;
    }));
    const source = history.at(-1)?.source;
    historyNote.textContent = history.length === 0
      ? "Readings appear every 2 seconds."
      : `Last ${history.length} of 20 readings · ${source === "connection" ? "read from the connection" : "from its advertisements"} every 2 s`;
  }

  /** The history chart's colors: green ≥ -60 dBm, yellow ≥ -75, red below. */
  function colorOf(rssi) {
    return rssi >= -60 ? "green" : rssi >= -75 ? "yellow" : "red";
  }

  function drawInfo() {
    const device = detail.device;
    const panel = panels.get("info");
    const facts = [
      ["name", "Name", displayName(device)],
      ["identifier", "Identifier", device.address, "mono"],
      ["rssi", "RSSI", device.rssi == null ? "—" : `${device.rssi} dB`],
      device.txPower == null ? null : ["tx", "TX Power", `${device.txPower} dBm`],
      ["connectable", "Connectable", device.connectable ? "Yes" : "No"],
      ["state", "State", CONNECTION_LABELS[device.connection] ?? device.connection],
      ["discovered", "Discovered", formatDateTime(device.firstSeen)],
      ["updated", "Last Updated", formatDateTime(lastUpdate())],
    ].filter(Boolean);
    panel.replaceChildren(
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

  function lastUpdate() {
    const times = [detail.device.lastSeen, history.at(-1)?.at];
    for (const service of detail.services ?? []) for (const c of service.characteristics) times.push(c.value?.at);
    return times.filter(Boolean).sort().at(-1) ?? detail.device.lastSeen;
  }

  function connectPrompt(test, text) {
    const device = detail.device;
    return h("div", { class: "empty ex-prompt", dataset: { test } },
      icon("bluetooth"),
      h("p", null, device.connectable ? text : "This device does not accept connections; only what it advertises is shown (see Info)."),
      device.connectable && device.connection !== "connected"
        ? h("button", { type: "button", class: "button ex-connect", dataset: { test: test === "data-prompt" ? "data-connect" : "services-connect" }, disabled: connectionBusy, onclick: connect }, "Connect")
        : null);
  }

  /** Connected, but no service was discovered (yet): the seed's "Services tab is empty". */
  function noServices(test) {
    return h("div", { class: "empty ex-prompt", dataset: { test } },
      exIcon("service"),
      h("p", null, "No services discovered yet."),
      h("p", { class: "muted small" }, "Some devices expose no services or delay service discovery. Wait a few seconds; if none appear, the device may not support standard GATT profiles."));
  }

  function drawServices() {
    const panel = panels.get("services");
    const connected = detail.device.connection === "connected";
    const services = connected ? detail.services : null;
    if (connected && !services?.length) {
      panel.replaceChildren(noServices("services-none"));
      return;
    }
    if (!services) {
      panel.replaceChildren(connectPrompt("services-prompt", "Connect to the device to see its services and characteristics."));
      return;
    }
    panel.replaceChildren(h("ul", { class: "ex-services" }, services.map(serviceItem)));
  }

  function serviceItem(service) {
    const key = `${service.startHandle}`;
    const open = expanded.has(key);
    const bodyId = `explorer-service-${service.startHandle}`;
    const toggle = h("button", {
      type: "button", class: "ex-service-toggle", "aria-expanded": String(open), "aria-controls": bodyId, dataset: { test: "service-toggle" },
      onclick: () => {
        if (expanded.has(key)) expanded.delete(key);
        else expanded.add(key);
        const now = expanded.has(key);
        toggle.setAttribute("aria-expanded", String(now));
        body.hidden = !now;
      },
    },
    h("span", { class: "ex-icon", dataset: { category: service.category }, title: CATEGORY_LABELS[service.category] }, exIcon("service")),
    h("span", { class: "ex-service-text" },
      h("span", { class: "ex-service-name", dataset: { test: "service-name" } }, service.name ?? "Unknown Service"),
      h("code", { class: "ex-uuid" }, service.uuid)),
    h("span", { class: "badge", dataset: { test: "service-count" } }, String(service.characteristics.length),
      h("span", { class: "visually-hidden" }, service.characteristics.length === 1 ? " characteristic" : " characteristics")),
    exIcon("chevron", "icon ex-chevron"));
    const body = h("ul", { class: "ex-chars", id: bodyId, hidden: !open }, service.characteristics.map(characteristicItem));
    return h("li", { class: "ex-service", dataset: { test: "service", uuid: service.uuid, category: service.category } }, toggle, body);
  }

  /** The seed's characteristic icon color: purple read+write, blue read-only, green write-only, orange notify-only. */
  function characteristicKind(properties) {
    const read = properties.includes("read");
    const write = properties.includes("write") || properties.includes("writeWithoutResponse");
    const notify = properties.includes("notify") || properties.includes("indicate");
    if (read && write) return "read-write";
    if (read) return "read";
    if (write) return "write";
    if (notify) return "notify";
    return "other";
  }

  function characteristicItem(c) {
    const handle = String(c.handle);
    const kind = characteristicKind(c.properties);
    const item = h("li", { class: "ex-char", dataset: { test: "characteristic", uuid: c.uuid, handle, kind } });
    const valueId = `explorer-value-${handle}`;
    const valueBox = h("div", { class: "ex-value", id: valueId, dataset: { test: "value" }, hidden: !openValues.has(handle) });
    const eye = h("button", {
      type: "button", class: "icon-button ex-eye", dataset: { test: "value-toggle" }, "aria-expanded": String(openValues.has(handle)),
      "aria-controls": valueId, "aria-label": `Show the value of ${c.name ?? c.userDescription ?? c.uuid}`, title: "Show the value", hidden: !c.value,
      onclick: () => {
        if (openValues.has(handle)) openValues.delete(handle);
        else openValues.add(handle);
        eye.setAttribute("aria-expanded", String(openValues.has(handle)));
        valueBox.hidden = !openValues.has(handle);
      },
    }, exIcon("eye"));
    const actions = h("div", { class: "ex-char-actions" },
      c.properties.includes("read")
        ? h("button", { type: "button", class: "button secondary ex-small", dataset: { test: "read" }, onclick: () => read(c, item) }, icon("refresh"), "Read")
        : null,
      c.properties.includes("write") || c.properties.includes("writeWithoutResponse")
        ? h("button", {
          type: "button", class: "button secondary ex-small", dataset: { test: "write-toggle" }, "aria-expanded": String(openWrites.has(handle)),
          onclick: (event) => {
            if (openWrites.has(handle)) openWrites.delete(handle);
            else openWrites.add(handle);
            event.currentTarget.setAttribute("aria-expanded", String(openWrites.has(handle)));
            form.hidden = !openWrites.has(handle);
            if (!form.hidden) form.querySelector("input")?.focus();
          },
        }, icon("edit"), "Write")
        : null,
      eye);
    const form = writeForm(c, item);
    form.hidden = !openWrites.has(handle);
    item.append(...[
      h("div", { class: "ex-char-head" },
        h("span", { class: "ex-icon", dataset: { kind } }, exIcon("characteristic")),
        h("div", { class: "ex-char-text" },
          h("span", { class: "ex-char-name" }, c.name ?? c.userDescription ?? "Unknown Characteristic"),
          h("code", { class: "ex-uuid" }, c.uuid),
          h("span", { class: "ex-pills" },
            PROPERTY_PILLS.filter(([prop]) => c.properties.includes(prop)).map(([prop, label]) =>
              h("span", { class: "ex-pill", dataset: { test: "pill", prop } }, label)),
            c.subscribed ? h("span", { class: "ex-live", dataset: { test: "notifying" } }, h("span", { class: "ex-live-dot", "aria-hidden": "true" }), "Live") : null)),
        actions),
      c.error ? h("p", { class: "ex-char-error small" }, c.error) : null,
      valueBox,
      form].filter(Boolean));
    fillValue(valueBox, c.value);
    return item;
  }

  function fillValue(box, value) {
    if (!value) {
      box.replaceChildren(h("p", { class: "muted small" }, "No value yet."));
      return;
    }
    const numeric = [];
    if (value.uint8 != null) numeric.push(`UInt8: ${value.uint8}`);
    if (value.uint16 != null) numeric.push(`UInt16: ${value.uint16}`);
    if (value.uint32 != null) numeric.push(`UInt32: ${value.uint32}`);
    if (value.float32 != null) numeric.push(`Float: ${value.float32}`);
    box.replaceChildren(h("dl", { class: "ex-formats" },
      h("dt", null, "Hex"), h("dd", null, h("code", { dataset: { test: "value-hex" } }, value.hexDump || "(empty)")),
      value.utf8 != null ? [h("dt", null, "String"), h("dd", { dataset: { test: "value-string" } }, `"${value.utf8}"`)] : null,
      numeric.length ? [h("dt", null, "Numeric"), h("dd", { dataset: { test: "value-numeric" } }, numeric.join(" · "))] : null,
      value.meaning ? [h("dt", null, "Meaning"), h("dd", { dataset: { test: "value-meaning" } }, value.meaning)] : null,
      h("dt", null, "Updated"), h("dd", { class: "muted" }, `${formatTime(value.at)} · ${value.byteCount} byte${value.byteCount === 1 ? "" : "s"}`)));
  }

  function writeForm(c, item) {
    const both = c.properties.includes("write") && c.properties.includes("writeWithoutResponse");
    const withoutOnly = !c.properties.includes("write");
    const inputId = `explorer-write-${c.handle}`;
    const checkId = `explorer-write-nr-${c.handle}`;
    const input = h("input", { type: "text", id: inputId, class: "mono", placeholder: "48 65 6C 6C 6F", autocomplete: "off", spellcheck: "false", dataset: { test: "write-hex", field: "hex" } });
    const check = both ? h("input", { type: "checkbox", id: checkId, dataset: { test: "write-without-response" } }) : null;
    const form = h("form", { class: "ex-write", dataset: { test: "write-form" }, novalidate: true },
      h("div", { class: "field" },
        h("label", { for: inputId }, "Value in hex"),
        input),
      both ? h("label", { class: "ex-check-label", for: checkId }, check, "Without response") : h("p", { class: "muted small" }, withoutOnly ? "Written without response." : "Written with response."),
      h("p", { class: "form-error", hidden: true }),
      h("button", { type: "submit", class: "button primary ex-small", dataset: { test: "write-submit" } }, "Write"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearErrors(form);
      const button = form.querySelector("button[type=submit]");
      button.setAttribute("aria-busy", "true");
      try {
        const report = await api("PUT", devicePath(address, "characteristics", c.handle, "value"), {
          hex: input.value, withResponse: withoutOnly ? false : !(check?.checked ?? false),
        });
        if (!isAlive()) return;
        updateValue(c.handle, report.value);
        toast(`Wrote ${report.value.byteCount} byte${report.value.byteCount === 1 ? "" : "s"} to ${c.name ?? c.userDescription ?? c.uuid}.`, "success");
      } catch (error) {
        showError(form, error);
      } finally {
        button.removeAttribute("aria-busy");
      }
    });
    return form;
  }

  async function read(c, item) {
    const button = item.querySelector("[data-test=read]");
    button?.setAttribute("aria-busy", "true");
    try {
      const report = await api("GET", devicePath(address, "characteristics", c.handle, "value"));
      if (!isAlive()) return;
      openValues.add(String(c.handle));
      updateValue(c.handle, report.value);
    } catch (error) {
      toast(error.message, "error");
    } finally {
      button?.removeAttribute("aria-busy");
    }
  }

  /** Keeps a new value and shows it where it is on show (Services value box, Data list). */
  function updateValue(handle, value) {
    for (const service of detail.services ?? []) {
      for (const c of service.characteristics) if (c.handle === handle) c.value = value;
    }
    const item = panels.get("services").querySelector(`[data-test="characteristic"][data-handle="${handle}"]`);
    if (item) {
      const box = item.querySelector("[data-test=value]");
      fillValue(box, value);
      const eye = item.querySelector("[data-test=value-toggle]");
      eye.hidden = false;
      const open = openValues.has(String(handle));
      eye.setAttribute("aria-expanded", String(open));
      box.hidden = !open;
    }
    drawValues();
    drawConnectionInfo();
  }

  // Data tab
  const valuesList = h("ul", { class: "ex-values" });
  const connectionInfo = h("dl", { class: "facts ex-facts" });

  function drawData() {
    const panel = panels.get("data");
    const device = detail.device;
    if (device.connection !== "connected") {
      panel.replaceChildren(connectPrompt("data-prompt", "Connect to the device to see its live data."));
      return;
    }
    panel.replaceChildren(h("div", { class: "ex-data" },
      device.manufacturerData.map((data) => h("section", { class: "ex-data-card", dataset: { test: "manufacturer" } },
        h("h3", { class: "ex-subhead" }, "Manufacturer Data"),
        h("dl", { class: "facts ex-facts" },
          h("dt", null, "Manufacturer ID"),
          h("dd", { dataset: { test: "manufacturer-name" } }, data.company ? `${data.company} (${data.companyIDHex})` : data.companyLabel),
          h("dt", null, "Raw Data"),
          h("dd", null, h("code", { class: "ex-hex", dataset: { test: "manufacturer-hex" } }, data.hexDump))),
        h("div", { dataset: { test: "manufacturer-bytes" } },
          byteChart(data.bytes, { label: `The ${data.bytes.length} bytes of the manufacturer data as bars, 0 to 255: ${data.bytes.join(", ")}` })))),
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
    for (const service of detail.services ?? []) {
      for (const c of service.characteristics) {
        if (!c.value) continue;
        const live = c.subscribed;
        items.push(h("li", { class: "ex-value-item", dataset: { test: "char-value", handle: String(c.handle), uuid: c.uuid } },
          h("div", { class: "ex-value-text" },
            h("span", { class: "ex-char-name" }, c.name ?? c.userDescription ?? c.uuid, live ? h("span", { class: "ex-live", title: "Updates live" }, h("span", { class: "ex-live-dot", "aria-hidden": "true" }), "Live") : null),
            h("span", { class: "ex-value-summary", dataset: { test: "char-value-summary" } }, c.value.summary),
            c.value.meaning ? h("span", { class: "muted small" }, c.value.meaning) : null),
          c.value.bars.length ? byteChart(c.value.bars.map((b) => b.byte), { colors: c.value.bars.map((b) => b.color), label: `Bytes: ${c.value.bars.map((b) => b.byte).join(", ")}` }) : null));
      }
    }
    valuesList.replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "No characteristic has a value yet.")]));
  }

  function drawConnectionInfo() {
    const device = detail.device;
    const updated = lastUpdate();
    connectionInfo.replaceChildren(
      h("dt", null, "Discovered"),
      h("dd", null, formatTime(device.firstSeen), h("span", { class: "muted", dataset: { elapsed: device.firstSeen } }, ` · ${elapsed(device.firstSeen)}`)),
      h("dt", null, "Last Update"),
      h("dd", null, formatTime(updated), h("span", { class: "muted", dataset: { elapsed: updated } }, ` · ${elapsed(updated)}`),
        device.txPower == null ? null : h("span", { class: "muted" }, ` · TX Power ${device.txPower} dBm`)));
  }

  // ---- Connecting ----

  function toggleConnection() {
    if (detail.device.connection === "connected") disconnect();
    else connect();
  }

  async function connect() {
    if (connectionBusy) return;
    connectionBusy = true;
    detail.device.connection = "connecting";
    drawHeader();
    try {
      const next = await api("POST", devicePath(address, "connect"), {});
      if (!isAlive()) return;
      connectionBusy = false;
      apply(next);
      toast(`Connected to ${displayName(next.device)}.`, "success");
    } catch (error) {
      if (!isAlive()) return;
      connectionBusy = false;
      detail.device.connection = "disconnected";
      apply(detail);
      toast(error.message, "error");
    }
  }

  async function disconnect() {
    if (connectionBusy) return;
    connectionBusy = true;
    detail.device.connection = "disconnecting";
    drawHeader();
    try {
      const next = await api("POST", devicePath(address, "disconnect"), {});
      if (!isAlive()) return;
      connectionBusy = false;
      apply(next);
      toast(`Disconnected from ${displayName(next.device)}.`, "info");
    } catch (error) {
      if (!isAlive()) return;
      connectionBusy = false;
      detail.device.connection = "connected";
      drawHeader();
      toast(error.message, "error");
    }
  }

  async function reload() {
    try {
      const next = await loadDetail(address);
      if (isAlive() && !connectionBusy) apply(next);
    } catch (error) {
      console.warn("device reload failed", error);
    }
  }

  // ---- Live ----

  function onMessage(message) {
    if (!detail) return;
    switch (message.type) {
      case "rssi":
        history = [...history, message.reading].slice(-20);
        detail.device.rssi = message.reading.displayed.rssi;
        drawSignal(message.reading.displayed);
        break;
      case "value":
        updateValue(message.handle, message.value);
        break;
      case "connection": {
        if (connectionBusy) break;
        const was = detail.device.connection;
        detail.device.connection = message.connection;
        drawHeader();
        if (was !== message.connection && (message.connection === "connected" || message.connection === "disconnected")) reload();
        break;
      }
      case "devices":
      case "update": {
        const device = message.devices.find((d) => d.address === address);
        if (!device) break;
        const was = detail.device.connection;
        detail.device = { ...device, connection: connectionBusy ? detail.device.connection : device.connection };
        drawHeader();
        if (!connectionBusy && was !== device.connection && ["connected", "disconnected"].includes(device.connection)) reload();
        else if (shownTab === "info") drawInfo();
        break;
      }
      default:
        break;
    }
  }

  function tick() {
    container.querySelectorAll("[data-elapsed]").forEach((node) => {
      node.textContent = ` · ${elapsed(node.dataset.elapsed)}`;
    });
  }

  return { apply, onMessage, tick };
}
