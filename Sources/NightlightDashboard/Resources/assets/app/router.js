// The hash router: which section and nightlight the URL names, the nightlight's live socket, and
// showing a view. A view module exports render(container, ctx) and may return a cleanup
// function (or a promise of one); ctx is its window on the app (see makeContext below).
// Hooks: #view (the shown view).

import { api, nightlightLive, nightlightPath } from "../lib/api.js";
import { h, loading } from "../lib/dom.js";
import { store } from "../lib/store.js";
import { deviceLabel, findDevice } from "../model/names.js";
import { checkClockOnSection } from "../views/shared/clock-check.js";
import { failureBanner, loadFailedPage, notPairedPage, showProblem } from "./failure.js";
import { sectionOf } from "./sections.js";

/** The route the URL names: {name, address} from "#/NAME/ADDRESS". */
export function currentRoute() {
  const [, name = "", address = ""] = location.hash.split("/");
  return { name, address: decodeURIComponent(address) };
}

/** Re-reads the paired nightlights into the store; returns them. */
export async function loadDevices() {
  const devices = await api("GET", "/api/devices");
  store.set({ devices });
  return devices;
}

/** The nightlight on show in words: "Mia · SN-0002", or "the nightlight". */
function shownNightlight() {
  const { devices, address } = store.get();
  const device = findDevice(devices, address);
  return device ? deviceLabel(device) : "the nightlight";
}

/**
 * The router of the page's #view: `route()` shows what the URL names (call it on each hash
 * change). `header` is app/header.js's.
 */
export function createRouter({ view, header }) {
  let routeId = 0;          // increases with each hash change; stale routings check it
  let renderId = 0;         // increases with each view shown; stale renders check it
  let leave = null;         // cleans up the shown view
  let liveSocket = null;    // the live socket of the nightlight on show
  const liveHandlers = new Set();

  // ---- The nightlight on show and its live updates ----

  function selectNightlight(address) {
    if (address === store.get().address) return;
    liveSocket?.close();
    liveSocket = null;
    store.set({ address, status: null, link: address ? { state: "connecting" } : null });
    if (address) liveSocket = nightlightLive(address, dispatchLive);
  }

  function dispatchLive(message) {
    if (message.type === "connection") store.set({ link: { state: message.connection } });
    else if (message.type === "socket") store.set({ link: { state: message.state === "open" ? "connecting" : "offline" } });
    else if (message.type === "error") store.set({ link: { state: "error", detail: message.message } });
    for (const handler of liveHandlers) {
      try {
        handler(message);
      } catch (error) {
        console.error("live handler failed", error);
      }
    }
  }

  // ---- Routing ----

  /**
   * `#/`: with several paired nightlights the home view (every one at a glance); with one, its
   * Today (when it has a child name); else pairing.
   */
  async function goHome(id) {
    const devices = await loadDevices();
    if (id !== routeId) return; // navigated elsewhere meanwhile
    // A section named while the page was still starting (before the hash was watched) wins.
    if (currentRoute().name) return route();
    if (devices.length > 1) return location.replace("#/home");
    const device = devices.find((d) => d.childName) ?? null;
    location.replace(device ? `#/dashboard/${device.address}` : "#/pair");
  }

  async function route() {
    const id = ++routeId;
    const { name, address: wanted } = currentRoute();
    try {
      if (!name) return await goHome(id);
      const found = sectionOf(name);
      if (!found) return location.replace("#/");
      let device = null;
      if (found.showsNightlight) {
        device = findDevice(store.get().devices, wanted);
        if (!device) {
          await loadDevices(); // paired meanwhile (another tab, the CLI)?
          if (id !== routeId) return;
          device = findDevice(store.get().devices, wanted);
        }
        if (!device) return showNotPaired(wanted);
      }
      const { section } = found;
      selectNightlight(device?.address ?? null);
      header.showTabs(section.route);
      document.title = device ? `${section.label} · ${deviceLabel(device)} — Nightlight` : `${section.label} — Nightlight`;
      await show(section, device);
      // §8 on every section of a nightlight (Today's clock card makes its own check, to show it).
      if (device && section.route !== "dashboard" && id === routeId) checkClockOnSection(device.address);
    } catch (error) {
      if (id === routeId) view.replaceChildren(failureBanner(error, route, shownNightlight()));
    }
  }

  function showNotPaired(address) {
    selectNightlight(null);
    header.showTabs(null);
    leaveView();
    view.replaceChildren(notPairedPage(address));
  }

  function leaveView() {
    leave?.();
    leave = null;
  }

  function navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  }

  // ---- Showing a view ----

  async function show(section, device) {
    const id = ++renderId;
    leaveView();
    const hadFocusInView = view.contains(document.activeElement) || document.activeElement === document.body;
    const container = h("div", { class: "view", dataset: { route: section.route } });
    view.replaceChildren(loading());

    let module;
    try {
      module = await section.load();
    } catch (error) {
      if (id !== renderId) return;
      console.warn(`section ${section.route} could not be loaded`, error);
      view.replaceChildren(loadFailedPage(section.label));
      return;
    }
    if (id !== renderId) return;

    const handlers = new Set();
    let cleanup = null;
    let left = false;
    leave = () => {
      left = true;
      handlers.forEach((handler) => liveHandlers.delete(handler));
      if (typeof cleanup === "function") cleanup();
    };
    const ctx = makeContext(device, { handlers, liveHandlers, navigate });
    const retry = () => show(section, findDevice(store.get().devices, ctx.address) ?? device);
    ctx.problem = (error, again = retry) => showProblem(container, error, again, shownNightlight());
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
      container.replaceChildren(failureBanner(error, retry, shownNightlight()));
    }
    if (id === renderId && hadFocusInView) {
      const heading = container.querySelector("h1");
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    }
  }

  return { route };
}

/**
 * The context a view gets: its nightlight (address, device, status, refresh()), the app's
 * state (devices, limits) and services (navigate, onLive, reloadDevices, problem). `handlers`
 * collects the view's live handlers (removed when it is left) from the router's `liveHandlers`.
 */
function makeContext(device, { handlers, liveHandlers, navigate }) {
  const ctx = {
    address: device?.address ?? null,
    get devices() { return store.get().devices; },
    get device() { return findDevice(store.get().devices, ctx.address); },
    /** The Smart Nightlight's limits (GET /api/limits), read at start. */
    get limits() { return store.get().limits; },
    /** The last status of the nightlight, when the app has it; else null (call refresh()). */
    status: device && device.address === store.get().address ? store.get().status : null,
    /** Re-reads the status of the nightlight; returns it. */
    async refresh() {
      const status = await api("GET", nightlightPath(ctx.address, "status"));
      ctx.status = status;
      if (ctx.address === store.get().address) store.set({ status });
      return status;
    },
    navigate,
    /** Subscribes to the live messages of the nightlight on show until the view is left. */
    onLive(handler) {
      liveHandlers.add(handler);
      handlers.add(handler);
      return () => {
        liveHandlers.delete(handler);
        handlers.delete(handler);
      };
    },
    /** Re-reads the paired nightlights (after pairing, renaming or unpairing); returns them. */
    reloadDevices: loadDevices,
    /** Shows an error as a banner with a retry at the top of the view (set by show()). */
    problem: null,
  };
  return ctx;
}
