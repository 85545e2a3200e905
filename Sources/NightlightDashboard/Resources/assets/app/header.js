// The page's header and navigation: the nightlight switcher, the section links (a tab bar on a
// phone, a list on a laptop) and the Bluetooth link indicator. They follow the store.
// Hooks: #sn-switcher, #switcher, #tabs a[data-test="nav-<route>"][aria-current],
// #connection[data-state] (connected | connecting | reconnecting | disconnected | offline | error),
// #connection-label.

import { h, icon } from "../lib/dom.js";
import { store } from "../lib/store.js";
import { deviceLabel, switcherLabel } from "../model/names.js";
import { NIGHTLIGHT_SECTIONS, isNightlightSection } from "./sections.js";

/** The nightlight's Bluetooth link (the live socket's `connection`, and the socket itself) in words. */
export const LINK_LABELS = {
  connected: "Connected",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  disconnecting: "Disconnecting…",
  disconnected: "Not connected",
  offline: "Dashboard offline",
  error: "Connection problem",
};

/**
 * Sets up the header in the page (index.html). `currentRoute()` gives the route shown. Returns
 * `{ showTabs(route) }`: marks the section shown (null: none).
 */
export function createHeader({ currentRoute }) {
  const switcherBox = document.getElementById("switcher");
  const switcher = document.getElementById("sn-switcher");
  const tabs = document.getElementById("tabs");
  const indicator = document.getElementById("connection");
  const indicatorLabel = document.getElementById("connection-label");

  // The section links, built once (so the focus stays on a link while its section loads).
  const tabLinks = NIGHTLIGHT_SECTIONS.map((section) =>
    h("a", { id: `nav-${section.route}`, dataset: { test: `nav-${section.route}` } }, icon(section.icon), h("span", null, section.label)));
  tabs.append(...tabLinks);
  let shownRoute = null;

  switcher.addEventListener("change", () => {
    const route = currentRoute().name;
    location.hash = `#/${isNightlightSection(route) ? route : "dashboard"}/${switcher.value}`;
  });

  // On a phone the switcher shows the child's name alone ("Mia", not "Mia · SN-0002", which
  // was cut off), unless two nightlights share it; the full label stays its accessible name.
  const narrow = window.matchMedia("(max-width: 599px)");
  narrow.addEventListener("change", () => drawSwitcher(store.get()));

  function drawSwitcher({ devices, address }) {
    switcherBox.hidden = devices.length === 0;
    const chosen = address ?? devices[0]?.address;
    const label = narrow.matches ? (device) => switcherLabel(device, devices) : deviceLabel;
    switcher.replaceChildren(
      ...devices.map((device) => h("option", { value: device.address, selected: device.address === chosen, "aria-label": deviceLabel(device) }, label(device))));
  }

  function drawTabs({ devices, address }) {
    const shown = address ?? devices[0]?.address;
    tabs.hidden = !shown;
    NIGHTLIGHT_SECTIONS.forEach((section, i) => {
      const link = tabLinks[i];
      if (shown) link.href = `#/${section.route}/${shown}`;
      if (section.route === shownRoute) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    });
  }

  function drawLink({ link }) {
    indicator.hidden = !link;
    indicator.dataset.state = link?.state ?? "none";
    const label = LINK_LABELS[link?.state] ?? link?.state ?? "";
    indicatorLabel.textContent = label;
    indicator.title = link?.detail || label;
    indicator.setAttribute("aria-label", `Nightlight: ${link?.detail || label}`);
  }

  store.subscribe((state, previous) => {
    if (state.devices !== previous.devices || state.address !== previous.address) {
      drawSwitcher(state);
      drawTabs(state);
    }
    if (state.link !== previous.link) drawLink(state);
  });

  return {
    showTabs(route) {
      shownRoute = route;
      drawTabs(store.get());
    },
  };
}
