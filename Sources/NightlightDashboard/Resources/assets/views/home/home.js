// Home (#/home): every paired nightlight at a glance, a card each: the child, what it shows now
// (mode and colour), its battery and whether it charges, its clock, and whether the hub reaches
// it; a tap opens its Today. The cards are drawn at once from the pairing records and filled in
// as each nightlight answers; they are read again every 30 s while the view is shown.
// Hooks: [data-test="home-card"][data-address][data-reachable] with [data-test="home-child"],
// [data-test="home-mode"], [data-test="home-battery"], [data-test="home-clock"],
// [data-test="home-reach"]; [data-test="home-empty"]; the alerts card of views/shared/alerts.js
// above the cards.

import { readAlerts } from "../../lib/alerts.js";
import { api, nightlightPath } from "../../lib/api.js";
import { fill, h, icon } from "../../lib/dom.js";
import { glowColor } from "../../model/color.js";
import { homeCard } from "../../model/home.js";
import { alertsCard } from "../shared/alerts.js";

const REFRESH_MS = 30000;

/** Shows the home view in `container`; returns its cleanup. */
export async function render(container, ctx) {
  const devices = await ctx.reloadDevices();
  const heading = h("h1", { tabindex: "-1" }, "Your nightlights");
  if (devices.length === 0) {
    container.append(h("div", { class: "card empty", dataset: { test: "home-empty" } },
      icon("moon"), heading, h("p", null, "No nightlight is paired yet."),
      h("a", { class: "button primary", href: "#/pair" }, "Pair a nightlight")));
    return undefined;
  }
  const cards = new Map(devices.map((device) => [device.address, { device, status: null, element: h("a", { class: "card home-card" }) }]));
  const alerts = alertsCard();
  container.append(
    h("div", { class: "view-head" }, heading, h("p", { class: "muted" }, "Tap one to open its day.")),
    alerts.element,
    h("div", { class: "home-grid" }, [...cards.values()].map((card) => card.element)));
  for (const card of cards.values()) draw(card);

  let alive = true;
  async function readAll() {
    // One at a time: the hub has one radio, and the first answers show sooner.
    for (const card of cards.values()) {
      if (!alive) return;
      try {
        card.status = await api("GET", nightlightPath(card.device.address, "status"));
      } catch {
        card.status = null;
      }
      card.checked = true;
      if (alive) draw(card);
    }
    // The reads may have raised or cleared alerts.
    if (alive) readAlerts();
  }
  readAll();
  const timer = setInterval(readAll, REFRESH_MS);
  return () => {
    alive = false;
    clearInterval(timer);
    alerts.stop();
  };
}

/** Fills a card from its nightlight's record and last status. */
function draw(card) {
  const { device, status } = card;
  const words = homeCard(device, status);
  const name = device.childName || device.deviceName;
  const element = card.element;
  element.href = `#/dashboard/${device.address}`;
  element.dataset.test = "home-card";
  element.dataset.address = device.address;
  element.dataset.reachable = card.checked ? String(words.reachable) : "unknown";
  const reach = !card.checked ? "Reaching it…" : words.reachable ? "Reachable" : `Not reachable · ${words.seen}`;
  element.setAttribute("aria-label", `${name}'s nightlight: ${[words.mode, words.battery != null && `battery ${words.battery} %`, reach].filter(Boolean).join(", ")}`);
  fill(element,
    h("div", { class: "home-top" },
      h("span", { class: "home-glow", style: `background:${words.color ? glowColor(words.color) : "transparent"}`, "aria-hidden": "true" }, icon("moon")),
      h("div", null,
        h("h2", { dataset: { test: "home-child" } }, name),
        h("p", { class: "muted small" }, device.deviceName))),
    h("p", { dataset: { test: "home-mode" } },
      words.mode ? `${words.reachable ? "" : "Last known: "}${words.mode}${words.colorWords ? ` · ${words.colorWords}` : ""}` : "What it shows is not known yet"),
    h("p", { dataset: { test: "home-battery" } },
      words.battery == null ? "Battery not read yet" : `Battery ${words.battery} %${words.charging ? " · charging" : ""}${words.reachable ? "" : " when last seen"}`),
    words.clock ? h("p", { dataset: { test: "home-clock", kind: words.clock.kind } }, `Clock: ${words.clock.text}`) : null,
    h("p", { class: `home-reach ${words.reachable ? "ok" : card.checked ? "warn" : ""}`, dataset: { test: "home-reach" } }, reach));
}
