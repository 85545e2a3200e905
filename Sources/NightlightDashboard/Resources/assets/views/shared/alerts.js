// The alerts a parent should know about (the store's `alerts`, lib/alerts.js), as a card: on
// Home every nightlight's, with the switch for browser notifications; on Today the shown
// nightlight's (the card is hidden while it has none). The card follows the store.
// Hooks: [data-test="alerts"] (the card, data-count), [data-test="alert"] (one, data-kind,
// data-severity, data-address) with [data-test="alert-headline"], [data-test="alerts-empty"],
// [data-test="notify-control"] (data-state: on, off, denied, unsupported) with
// [data-test="notify-on"], [data-test="notify-off"].

import { h, icon, uniqueId } from "../../lib/dom.js";
import { notificationState, switchNotificationsOff, switchNotificationsOn } from "../../lib/notify.js";
import { store } from "../../lib/store.js";
import { alertsOf, alertWords, sortAlerts } from "../../model/alerts.js";
import { formatDateTime } from "../../model/format.js";

/**
 * The alerts card: {element, stop()}. `address`: only that nightlight's (Today); without it,
 * every nightlight's with a link to each (Home) and the notification switch.
 */
export function alertsCard({ address = null } = {}) {
  const headingId = uniqueId("alerts-heading");
  const list = h("ul", { class: "alert-list" });
  const empty = h("p", { class: "muted", dataset: { test: "alerts-empty" } }, "No alerts: every nightlight is fine.");
  const control = address ? null : notificationControl();
  const element = h("section", { class: "card wide alerts-card", "aria-labelledby": headingId, dataset: { test: "alerts" } },
    h("div", { class: "card-head" }, h("h2", { id: headingId }, icon("alert"), "Alerts")),
    list, empty, control?.element);

  function draw(state) {
    const alerts = address ? alertsOf(state.alerts, address) : sortAlerts(state.alerts ?? []);
    element.dataset.count = String(alerts.length);
    list.replaceChildren(...alerts.map((alert) => alertItem(alert, { link: !address })));
    list.hidden = alerts.length === 0;
    empty.hidden = alerts.length > 0 || state.alerts === null;
    // Today shows the card only when its nightlight has alerts.
    element.hidden = Boolean(address) && alerts.length === 0;
  }
  draw(store.get());
  const stop = store.subscribe((state, previous) => {
    if (state.alerts !== previous.alerts) draw(state);
  });
  return { element, stop };
}

/** One alert: what is wrong, what to do, since when (and on Home a link to the nightlight). */
function alertItem(alert, { link }) {
  const words = alertWords(alert);
  return h("li", {
    class: `alert-item ${words.critical ? "critical" : "warning"}`,
    dataset: { test: "alert", kind: alert.kind, severity: alert.severity, address: alert.address },
  },
  icon(alert.kind?.startsWith("battery") ? "battery" : alert.kind?.startsWith("clock") ? "clock" : "alert"),
  h("div", null,
    h("p", { class: "alert-headline", dataset: { test: "alert-headline" } }, words.headline),
    h("p", null, words.advice),
    h("p", { class: "muted small" }, `Since ${formatDateTime(alert.startedAt)}`)),
  link ? h("a", { class: "button", href: `#/dashboard/${alert.address}`, "aria-label": `Open ${words.headline}` }, "Open") : null);
}

const NOTIFY_WORDS = {
  off: "Get a notification on this device when an alert comes up, while the dashboard is open.",
  on: "Notifications are on: this device shows each new alert while the dashboard is open.",
  denied: "Notifications are blocked for the dashboard in this browser. To get them, allow notifications for this site in the browser's settings, then reload.",
  unsupported: "This browser cannot show the dashboard's notifications here: they need the dashboard opened over HTTPS or on the hub computer itself. The alerts still show on this page.",
};

/** The switch for browser notifications, saying plainly when the browser refuses them. */
function notificationControl() {
  const text = h("p", { class: "muted small" });
  const button = h("button", { type: "button", class: "button" });
  const element = h("div", { class: "notify-control", dataset: { test: "notify-control" } }, text, button);

  function draw(state = notificationState()) {
    element.dataset.state = state;
    text.textContent = NOTIFY_WORDS[state];
    button.hidden = state === "denied" || state === "unsupported";
    button.textContent = state === "on" ? "Turn notifications off" : "Turn on notifications";
    button.dataset.test = state === "on" ? "notify-off" : "notify-on";
  }
  button.addEventListener("click", async () => {
    if (notificationState() === "on") {
      switchNotificationsOff();
      draw();
      return;
    }
    button.disabled = true;
    try {
      draw(await switchNotificationsOn());
    } finally {
      button.disabled = false;
    }
  });
  draw();
  return { element };
}
