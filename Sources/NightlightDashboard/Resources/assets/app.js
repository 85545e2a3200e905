// Boot, hash router, navigation and the app state: the paired SNs, the SN shown, its status and
// its live socket. Views are modules loaded on demand; each exports render(container, ctx).
// Hooks: #view (the shown view), #tabs a[data-test="nav-<route>"] (nav: nav-dashboard, nav-week,
// nav-library, nav-button, nav-firmware, nav-history, nav-info), #nav-pair, #sn-switcher,
// #connection[data-state] (connected | connecting | reconnecting | disconnected | offline | error),
// [data-test="banner"] and [data-test="banner-retry"] (a failure with a retry),
// [data-test="load-failed"] (a section that could not be loaded), [data-test="not-paired"].

import { api, devicePath, live, ApiError } from "./api.js";
import { h, icon } from "./ui.js";

/** The sections of a paired SN, in navigation order. */
const SECTIONS = [
  { route: "dashboard", label: "Today", icon: "today", module: "./today.js" },
  { route: "week", label: "Week", icon: "week", module: "./week.js" },
  { route: "library", label: "Library", icon: "library", module: "./library.js" },
  { route: "button", label: "Button", icon: "button", module: "./button.js" },
  { route: "firmware", label: "Firmware", icon: "firmware", module: "./firmware.js" },
  { route: "history", label: "History", icon: "history", module: "./history.js" },
  { route: "info", label: "Device", icon: "info", module: "./info.js" },
];
const PAIR = { route: "pair", label: "Pair a nightlight", module: "./pair.js" };
const EXPLORER = { route: "explorer", label: "Explorer", module: "./explorer.js" }; // every device nearby (#/explorer/ADDR: one)
const DEVICES = { route: "devices", label: "Devices", module: "./panels.js" }; // the seed devices' panels (#/devices/KIND/ADDR: one)

const CONNECTION_LABELS = {
  connected: "Connected",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  disconnecting: "Disconnecting…",
  disconnected: "Not connected",
  offline: "Dashboard offline",
  error: "Connection problem",
};

const app = {
  devices: [],          // GET /api/devices
  address: null,        // the SN shown (null on the pairing page)
  status: null,         // its last GET …/status
  socket: null,         // its live() connection
  liveHandlers: new Set(),
  routeId: 0,           // increases with each hash change; stale routings check it
  renderId: 0,          // increases with each view shown; stale renders check it
  leave: null,          // cleans up the shown view
};

const view = document.getElementById("view");
const tabs = document.getElementById("tabs");
const switcher = document.getElementById("sn-switcher");
const connection = document.getElementById("connection");

// ---- Devices ----

async function loadDevices() {
  app.devices = await api("GET", "/api/devices");
  renderSwitcher();
  return app.devices;
}

function findDevice(address) {
  const wanted = String(address ?? "").toUpperCase();
  return app.devices.find((device) => device.address.toUpperCase() === wanted) ?? null;
}

/** "Mia · SN-0002" */
function deviceLabel(device) {
  return device.childName ? `${device.childName} · ${device.deviceName}` : device.deviceName;
}

// ---- Header, navigation ----

function renderSwitcher() {
  document.getElementById("switcher").hidden = app.devices.length === 0;
  const chosen = app.address ?? app.devices[0]?.address;
  switcher.replaceChildren(
    ...app.devices.map((device) => h("option", { value: device.address, selected: device.address === chosen }, deviceLabel(device))),
  );
}

switcher.addEventListener("change", () => {
  const section = currentRoute().name;
  const route = SECTIONS.some((s) => s.route === section) ? section : "dashboard";
  location.hash = `#/${route}/${switcher.value}`;
});

/** The section links, built once (so the focus stays on a link while its section loads). */
const tabLinks = SECTIONS.map((section) =>
  h("a", { id: `nav-${section.route}`, dataset: { test: `nav-${section.route}` } }, icon(section.icon), h("span", null, section.label)));
tabs.append(...tabLinks);

function renderTabs(current) {
  const address = app.address ?? app.devices[0]?.address;
  tabs.hidden = !address;
  SECTIONS.forEach((section, i) => {
    const link = tabLinks[i];
    if (address) link.href = `#/${section.route}/${address}`;
    if (section.route === current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  });
}

function setConnection(state, detail = "") {
  connection.hidden = !state;
  connection.dataset.state = state ?? "none";
  const label = CONNECTION_LABELS[state] ?? state ?? "";
  document.getElementById("connection-label").textContent = label;
  connection.title = detail || label;
  connection.setAttribute("aria-label", `Nightlight: ${detail || label}`);
}

// ---- Live updates of the shown SN ----

function selectDevice(address) {
  if (address === app.address) return;
  app.socket?.close();
  app.socket = null;
  app.address = address;
  app.status = null;
  setConnection(address ? "connecting" : null);
  if (address) app.socket = live(address, dispatchLive);
  renderSwitcher();
}

function dispatchLive(message) {
  if (message.type === "connection") setConnection(message.connection);
  else if (message.type === "socket") setConnection(message.state === "open" ? "connecting" : "offline");
  else if (message.type === "error") setConnection("error", message.message);
  for (const handler of app.liveHandlers) {
    try {
      handler(message);
    } catch (error) {
      console.error("live handler failed", error);
    }
  }
}

// ---- Failures ----

/** A banner for an error, with a retry button (and a way to pairing when the SN is gone). */
function failureBanner(error, retry) {
  const device = findDevice(app.address);
  const who = device ? deviceLabel(device) : "the nightlight";
  let title = "Something went wrong";
  if (error instanceof ApiError) {
    if (error.status === 0) title = "No connection to the dashboard";
    else if ([502, 503, 504].includes(error.status)) title = `Can't reach ${who}`;
    else if (error.code === "deviceNotFound") title = "This nightlight is not paired";
  }
  const gone = error instanceof ApiError && error.code === "deviceNotFound";
  return h("div", { class: "banner", role: "alert", dataset: { test: "banner" } },
    icon("alert"),
    h("p", null, h("strong", null, title), h("br"), h("span", { text: error?.message ?? String(error) })),
    gone
      ? h("a", { class: "button secondary", href: "#/pair" }, "Go to pairing")
      : h("button", { type: "button", class: "button secondary", dataset: { test: "banner-retry" }, onclick: retry }, icon("refresh"), "Try again"));
}

/** Shows a failure banner at the top of a view (replacing the previous one). */
function showProblem(container, error, retry) {
  container.querySelector(":scope > .banner")?.remove();
  const banner = failureBanner(error, () => {
    banner.remove();
    retry();
  });
  container.prepend(banner);
  return banner;
}

// ---- Router ----

function currentRoute() {
  const [, name = "", address = ""] = location.hash.split("/");
  return { name, address: decodeURIComponent(address) };
}

/** `#/`: the dashboard of the first paired SN with a child name, else pairing. */
async function goHome(id) {
  const devices = await loadDevices();
  if (id !== app.routeId) return; // navigated elsewhere meanwhile
  const device = devices.find((d) => d.childName) ?? null;
  location.replace(device ? `#/dashboard/${device.address}` : "#/pair");
}

async function route() {
  const id = ++app.routeId;
  const { name, address: wanted } = currentRoute();
  try {
    if (!name) return await goHome(id);
    const section = [PAIR, EXPLORER, DEVICES].find((s) => s.route === name) ?? SECTIONS.find((s) => s.route === name);
    if (!section) return location.replace("#/");
    let device = null;
    if (section !== PAIR && section !== EXPLORER && section !== DEVICES) {
      device = findDevice(wanted);
      if (!device) {
        await loadDevices(); // paired meanwhile (another tab, the CLI)?
        if (id !== app.routeId) return;
        device = findDevice(wanted);
      }
      if (!device) return showNotPaired(wanted);
    }
    selectDevice(device?.address ?? null);
    renderTabs(section.route);
    document.title = device ? `${section.label} · ${deviceLabel(device)} — Nightlight` : `${section.label} — Nightlight`;
    await show(section, device);
  } catch (error) {
    if (id === app.routeId) view.replaceChildren(failureBanner(error, route));
  }
}

function showNotPaired(address) {
  selectDevice(null);
  renderTabs(null);
  leaveView();
  view.replaceChildren(h("div", { class: "card empty", dataset: { test: "not-paired" } },
    icon("bluetooth"),
    h("h1", { tabindex: "-1" }, "This nightlight is not paired"),
    h("p", null, `${address || "No nightlight"} is not among the paired nightlights.`),
    h("a", { class: "button primary", href: "#/pair" }, "Pair a nightlight")));
}

function leaveView() {
  app.leave?.();
  app.leave = null;
}

function makeContext(device, handlers) {
  const ctx = {
    address: device?.address ?? null,
    get devices() { return app.devices; },
    get device() { return findDevice(ctx.address); },
    status: device && device.address === app.address ? app.status : null,
    /** Re-reads the status of the SN; returns it. */
    async refresh() {
      const status = await api("GET", devicePath(ctx.address, "status"));
      ctx.status = status;
      if (ctx.address === app.address) app.status = status;
      return status;
    },
    navigate(hash) {
      if (location.hash === hash) route();
      else location.hash = hash;
    },
    /** Subscribes to the live messages of the shown SN until the view is left. */
    onLive(handler) {
      app.liveHandlers.add(handler);
      handlers.add(handler);
      return () => {
        app.liveHandlers.delete(handler);
        handlers.delete(handler);
      };
    },
    /** Re-reads the paired SNs (after pairing, renaming or unpairing); returns them. */
    reloadDevices: loadDevices,
    /** Shows an error as a banner with a retry at the top of the view (set by show()). */
    problem: null,
  };
  return ctx;
}

async function show(section, device) {
  const id = ++app.renderId;
  leaveView();
  const hadFocusInView = view.contains(document.activeElement) || document.activeElement === document.body;
  const container = h("div", { class: "view", dataset: { route: section.route } });
  view.replaceChildren(h("div", { class: "loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Loading…"));

  let module;
  try {
    module = await import(section.module);
  } catch (error) {
    if (id !== app.renderId) return;
    console.warn(`section ${section.route} could not be loaded`, error);
    view.replaceChildren(h("div", { class: "card empty", dataset: { test: "load-failed" }, role: "alert" },
      icon("alert"),
      h("h1", { tabindex: "-1" }, `Could not load this section`),
      h("p", null, `The ${section.label} section is not available right now. Reload the page to try again.`),
      h("button", { type: "button", class: "button secondary", onclick: () => location.reload() }, icon("refresh"), "Reload")));
    return;
  }
  if (id !== app.renderId) return;

  const handlers = new Set();
  let cleanup = null;
  let left = false;
  app.leave = () => {
    left = true;
    handlers.forEach((handler) => app.liveHandlers.delete(handler));
    if (typeof cleanup === "function") cleanup();
  };
  const ctx = makeContext(device, handlers);
  const retry = () => show(section, findDevice(ctx.address) ?? device);
  ctx.problem = (error, again = retry) => showProblem(container, error, again);
  view.replaceChildren(container);
  try {
    const result = await module.render(container, ctx);
    if (left) {
      if (typeof result === "function") result();
    } else {
      cleanup = result;
    }
  } catch (error) {
    if (left) return;
    console.warn(`section ${section.route} failed`, error);
    container.replaceChildren(failureBanner(error, retry));
  }
  if (id === app.renderId && hadFocusInView) {
    const heading = container.querySelector("h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }
}

// ---- Boot ----

// The skip link moves the focus without touching the hash (the router owns it).
document.getElementById("skip-link").addEventListener("click", (event) => {
  event.preventDefault();
  view.focus();
});

window.addEventListener("hashchange", route);
route();
