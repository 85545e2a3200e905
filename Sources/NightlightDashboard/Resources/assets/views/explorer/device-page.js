// An Explorer device's page (#/explorer/ADDRESS): the header with connect/disconnect, the Signal
// Strength card, and the Info, Services, Data and Log tabs, kept current by the device's live socket.
// The tabs and the card are their own modules; they share the page's state (`page` below).
// Hooks: [data-test="device-title"], [data-test="device-address"],
// [data-test="connection-state"][data-state], #explorer-connect[data-action] (connect | disconnect
// | busy), #explorer-tab-info, #explorer-tab-services, #explorer-tab-data, #explorer-tab-log
// (role=tab), [data-test="panel-info"], [data-test="panel-services"], [data-test="panel-data"],
// [data-test="panel-log"].

import { api, explorerDevicePath } from "../../lib/api.js";
import { h } from "../../lib/dom.js";
import { toast } from "../../lib/feedback.js";
import { store } from "../../lib/store.js";
import { EXPLORER_CONNECTION_LABELS, HISTORY_LENGTH, characteristicLabel, displayName, isConnectionBusy } from "../../model/explorer.js";
import { formatElapsed } from "../../model/format.js";
import { dataTab } from "./data-tab.js";
import { drawInfo } from "./info-tab.js";
import { logTab } from "./log-tab.js";
import { drawServices, fillValue } from "./services-tab.js";
import { signalCard } from "./signal-card.js";

const TABS = [["info", "Info"], ["services", "Services"], ["data", "Data"], ["log", "Log"]];

/** Builds the device page in `container`; returns `{ apply(detail), onMessage(message), tick() }`. */
export function devicePage(container, { address, back, isAlive }) {
  const operations = logTab(address);
  /** What the tabs share: the device as last read, its readings, what is open, and the actions. */
  const page = {
    address,
    isAlive,
    detail: null,
    history: [],
    connectionBusy: false,
    expanded: new Set(),
    openValues: new Set(),
    openWrites: new Set(),
    connect,
    updateValue,
    log: operations.log,
  };
  const header = deviceHeader(address, toggleConnection);
  const signal = signalCard();
  const { tabList, tabButtons, panels } = tabsOf(selectTab);
  const data = dataTab(page);
  container.append(back, header.element, h("div", { class: "ex-device-grid" }, signal.element, h("section", { class: "card ex-details" }, tabList, [...panels.values()])));
  selectTab(store.get().explorerTab, false);

  function selectTab(key, focus = false) {
    store.set({ explorerTab: key });
    for (const [name, button] of tabButtons) {
      const selected = name === key;
      button.setAttribute("aria-selected", String(selected));
      button.tabIndex = selected ? 0 : -1;
      panels.get(name).hidden = !selected;
    }
    if (key === "info" && page.detail) drawInfo(panels.get("info"), page.detail, page.history); // kept current only while shown
    if (key === "log") operations.draw(panels.get("log"), page.detail?.device);
    if (focus) tabButtons.get(key).focus();
  }

  /** Takes what the server says about the device and redraws everything. */
  function apply(next) {
    page.detail = next;
    page.history = next.history ?? [];
    drawHeader();
    signal.draw(page.history.at(-1)?.displayed ?? page.detail.device.signal, page.detail.device, page.history);
    drawInfo(panels.get("info"), page.detail, page.history);
    drawServices(panels.get("services"), page);
    data.draw(panels.get("data"));
    if (store.get().explorerTab === "log") operations.draw(panels.get("log"), page.detail.device);
  }

  function drawHeader() {
    header.draw(page.detail.device, page.connectionBusy);
  }

  /** Keeps a new value and shows it where it is on show (Services value box, Data list). */
  function updateValue(handle, value) {
    for (const service of page.detail.services ?? []) {
      for (const c of service.characteristics) if (c.handle === handle) c.value = value;
    }
    const item = panels.get("services").querySelector(`[data-test="characteristic"][data-handle="${handle}"]`);
    if (item) {
      const box = item.querySelector("[data-test=value]");
      fillValue(box, value);
      const eye = item.querySelector("[data-test=value-toggle]");
      eye.hidden = false;
      const open = page.openValues.has(String(handle));
      eye.setAttribute("aria-expanded", String(open));
      box.hidden = !open;
    }
    data.drawValues();
    data.drawConnectionInfo();
  }

  // ---- Connecting ----

  function toggleConnection() {
    if (page.detail.device.connection === "connected") disconnect();
    else connect();
  }

  /** Connects (`action` "connect") or disconnects, showing the way there meanwhile; a failure goes back to `failedState`. */
  async function changeConnection(action, { during, failedState, done, redrawOnFailure }) {
    if (page.connectionBusy) return;
    page.connectionBusy = true;
    page.detail.device.connection = during;
    drawHeader();
    try {
      const next = await api("POST", explorerDevicePath(address, action), {});
      if (!isAlive()) return;
      page.connectionBusy = false;
      apply(next);
      page.log(action, { target: displayName(next.device), detail: EXPLORER_CONNECTION_LABELS[next.device.connection] ?? next.device.connection });
      done(next);
    } catch (error) {
      if (!isAlive()) return;
      page.log(action, { target: displayName(page.detail.device), detail: error.message, ok: false });
      page.connectionBusy = false;
      page.detail.device.connection = failedState;
      if (redrawOnFailure) apply(page.detail);
      else drawHeader();
      toast(error.message, "error");
    }
  }

  function connect() {
    return changeConnection("connect", {
      during: "connecting", failedState: "disconnected", redrawOnFailure: true,
      done: (next) => toast(`Connected to ${displayName(next.device)}.`, "success"),
    });
  }

  function disconnect() {
    return changeConnection("disconnect", {
      during: "disconnecting", failedState: "connected", redrawOnFailure: false,
      done: (next) => toast(`Disconnected from ${displayName(next.device)}.`, "info"),
    });
  }

  async function reload() {
    try {
      const next = await api("GET", explorerDevicePath(address));
      if (isAlive() && !page.connectionBusy) apply(next);
    } catch (error) {
      console.warn("device reload failed", error);
    }
  }

  // ---- Live ----

  function onMessage(message) {
    onLiveMessage(page, message, {
      drawSignal: (reading) => signal.draw(reading, page.detail.device, page.history),
      drawHeader,
      reload,
      drawInfoTab: () => drawInfo(panels.get("info"), page.detail, page.history),
    });
  }

  function tick() {
    container.querySelectorAll("[data-elapsed]").forEach((node) => {
      node.textContent = ` · ${formatElapsed(node.dataset.elapsed)}`;
    });
  }

  return { apply, onMessage, tick };
}

/**
 * Takes a message of the device's live socket into the page's state and redraws what it changes;
 * a connection that settled (connected, disconnected) reads the device again.
 */
function onLiveMessage(page, message, { drawSignal, drawHeader, reload, drawInfoTab }) {
  if (!page.detail) return;
  const settled = (state) => state === "connected" || state === "disconnected";
  switch (message.type) {
    case "rssi":
      page.history = [...page.history, message.reading].slice(-HISTORY_LENGTH);
      page.detail.device.rssi = message.reading.displayed.rssi;
      drawSignal(message.reading.displayed);
      break;
    case "value": {
      page.updateValue(message.handle, message.value);
      const c = (page.detail.services ?? []).flatMap((service) => service.characteristics).find((item) => item.handle === message.handle);
      if (c?.subscribed) page.log("notification", { target: `${characteristicLabel(c)} (${c.uuid})`, detail: message.value.hexDump || "(empty)" });
      break;
    }
    case "connection": {
      if (page.connectionBusy) break;
      const was = page.detail.device.connection;
      page.detail.device.connection = message.connection;
      drawHeader();
      if (was !== message.connection && settled(message.connection)) reload();
      break;
    }
    case "devices":
    case "update": {
      const device = message.devices.find((d) => d.address === page.address);
      if (!device) break;
      const was = page.detail.device.connection;
      page.detail.device = { ...device, connection: page.connectionBusy ? page.detail.device.connection : device.connection };
      drawHeader();
      if (!page.connectionBusy && was !== device.connection && settled(device.connection)) reload();
      else if (store.get().explorerTab === "info") drawInfoTab();
      break;
    }
    default:
      break;
  }
}

/** The page's header: the name, address, connection state and the connect button: {element, draw(device, busy)}. */
function deviceHeader(address, onToggle) {
  const title = h("h1", { class: "ex-title", dataset: { test: "device-title" } });
  const state = h("span", { class: "ex-conn", dataset: { test: "connection-state", state: "disconnected" }, role: "status" });
  const button = h("button", { type: "button", id: "explorer-connect", class: "button", dataset: { test: "connect" }, onclick: onToggle });
  const element = h("div", { class: "ex-device-head" },
    h("div", { class: "ex-device-title" },
      title,
      h("p", { class: "mono muted small", dataset: { test: "device-address" } }, address),
      state),
    button);

  function draw(device, connectionBusy) {
    title.textContent = displayName(device);
    title.classList.toggle("unnamed", !device.name);
    document.title = `${displayName(device)} · Explorer — Nightlight`;
    const connection = device.connection;
    state.dataset.state = connection;
    state.textContent = EXPLORER_CONNECTION_LABELS[connection] ?? connection;
    button.hidden = !device.connectable && connection !== "connected";
    const busy = connectionBusy || isConnectionBusy(connection);
    const connected = connection === "connected";
    button.disabled = busy;
    button.dataset.action = busy ? "busy" : connected ? "disconnect" : "connect";
    button.className = `button ${connected && !busy ? "ex-disconnect" : "ex-connect"}`;
    if (busy) {
      button.setAttribute("aria-busy", "true");
      button.replaceChildren(h("span", { class: "spinner ex-spinner", "aria-hidden": "true" }), connection === "disconnecting" ? "Disconnecting..." : "Connecting...");
    } else {
      button.removeAttribute("aria-busy");
      button.replaceChildren(connected ? "Disconnect" : "Connect");
    }
  }

  return { element, draw };
}

/** The tab list and its panels: {tabList, tabButtons, panels} (maps by key). Arrow keys, Home and End move between tabs. */
function tabsOf(selectTab) {
  const tabButtons = new Map();
  const panels = new Map();
  const keys = TABS.map(([key]) => key);
  const onKey = (event) => {
    const index = keys.indexOf(store.get().explorerTab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(keys[(next + keys.length) % keys.length], true);
  };
  const tabList = h("div", { class: "ex-tabs", role: "tablist", "aria-label": "Device details" },
    TABS.map(([key, label]) => {
      const button = h("button", {
        type: "button", role: "tab", id: `explorer-tab-${key}`, class: "ex-tab", "aria-controls": `explorer-panel-${key}`,
        dataset: { test: `tab-${key}` }, onclick: () => selectTab(key), onkeydown: onKey,
      }, label);
      tabButtons.set(key, button);
      return button;
    }));
  for (const key of keys) {
    panels.set(key, h("div", { role: "tabpanel", id: `explorer-panel-${key}`, class: "ex-panel", "aria-labelledby": `explorer-tab-${key}`, tabindex: "0", dataset: { test: `panel-${key}` } }));
  }
  return { tabList, tabButtons, panels };
}
