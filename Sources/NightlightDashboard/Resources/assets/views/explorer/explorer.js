// Explorer (#/explorer, #/explorer/ADDRESS): the scanner of every Bluetooth Low Energy device the
// dashboard hears (shared/seeds/003): the overview (overview.js) and a device's page
// (device-page.js). Scanning starts when the Explorer is opened (from another section).
// API: /api/explorer/… (docs/dashboard-api.md, "Explorer"); live: /api/explorer/live.
// Hooks: #nav-explorer[aria-current] (the header's link while the Explorer is shown),
// #explorer-back, [data-test="device-missing"] (a device not heard yet); the rest in the parts.

import { ApiError, api, explorerDevicePath, explorerLive } from "../../lib/api.js";
import { explorerIcon, h } from "../../lib/dom.js";
import { store } from "../../lib/store.js";
import { devicePage } from "./device-page.js";
import { renderOverview } from "./overview.js";

/** Shows the overview, or a device's page for #/explorer/ADDRESS; returns the cleanup. */
export async function render(container, ctx) {
  const address = decodeURIComponent(location.hash.split("/")[2] ?? "").toUpperCase();
  const navLink = document.getElementById("nav-explorer");
  navLink?.setAttribute("aria-current", "page");
  const opened = !store.get().explorerOpen;
  store.set({ explorerOpen: true });
  const cleanup = address ? await renderDevice(container, ctx, address, opened) : await renderOverview(container, ctx, opened);
  return () => {
    const stillOpen = location.hash.startsWith("#/explorer");
    store.set({ explorerOpen: stillOpen });
    if (!stillOpen) navLink?.removeAttribute("aria-current");
    cleanup?.();
  };
}

/** A device's page; a device not heard yet waits for the scan to hear it. */
async function renderDevice(container, ctx, address, opened) {
  let alive = true;
  let socket = null;
  const back = h("a", { id: "explorer-back", class: "button ghost ex-back", href: "#/explorer", dataset: { test: "explorer-back" } }, explorerIcon("chevron-left"), "Devices");

  if (opened) {
    try {
      await api("PUT", "/api/explorer/scan", { on: true });
    } catch (error) {
      ctx.problem(error);
    }
  }
  const detail = await api("GET", explorerDevicePath(address)).catch((error) => error);
  if (!alive) return null;
  if (detail instanceof ApiError && detail.code === "deviceNotHeard") {
    // Not heard yet (a bookmark, a fresh start): wait for it to turn up in the scan.
    container.append(back, h("div", { class: "card empty", dataset: { test: "device-missing" } },
      h("span", { class: "ex-searching", "aria-hidden": "true" }, explorerIcon("search")),
      h("h1", null, "Looking for this device…"),
      h("p", null, `${address} has not been heard yet. It appears here as soon as the scan hears it.`),
      h("span", { class: "spinner", "aria-hidden": "true" })));
    socket = explorerLive(null, (message) => {
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

  const page = devicePage(container, { address, back, isAlive: () => alive });
  page.apply(detail);
  socket = explorerLive(address, (message) => {
    if (alive) page.onMessage(message);
  });
  const ticker = setInterval(() => page.tick(), 1000);
  return () => {
    alive = false;
    clearInterval(ticker);
    socket.close();
  };
}
