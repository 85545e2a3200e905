// Browser notifications of alerts (the Notification API), only after the parent switched them
// on with the page's control and the browser allowed them, and only while the dashboard is open.
// Each alert is told once: the ids already told are kept in this browser (localStorage).
// No DOM hooks: this module has no UI.

import { rememberTold, untold } from "../model/alerts.js";

const SWITCH_KEY = "nightlight.notifications";
const TOLD_KEY = "nightlight.alertsTold";

/**
 * Where notifications stand in this browser: "unsupported" (no Notification API, or not a
 * secure context: plain http on the network), "denied" (the browser or the parent refused them),
 * "on", or "off" (allowed or not asked yet, but not switched on here).
 */
export function notificationState() {
  if (typeof Notification === "undefined" || !window.isSecureContext) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return Notification.permission === "granted" && localStorage.getItem(SWITCH_KEY) === "on" ? "on" : "off";
}

/** Asks the browser's permission (when not given yet) and switches them on; returns the new state. */
export async function switchNotificationsOn() {
  if (notificationState() === "unsupported") return "unsupported";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission === "granted") localStorage.setItem(SWITCH_KEY, "on");
  return notificationState();
}

/** Switches them off in this browser (the browser's permission stays as it is). */
export function switchNotificationsOff() {
  localStorage.setItem(SWITCH_KEY, "off");
}

function toldIds() {
  try {
    const ids = JSON.parse(localStorage.getItem(TOLD_KEY) ?? "[]");
    return Array.isArray(ids) ? ids : [];
  } catch {
    return [];
  }
}

/**
 * Shows a notification for each of `alerts` (the open ones) not told before, when they are on;
 * `words(alert)` gives {headline, advice}. Remembers the open alerts as told either way, so that
 * switching them on later does not bring up old alerts. Returns how many it showed.
 */
export function notifyAlerts(alerts, words) {
  const fresh = untold(alerts, toldIds());
  localStorage.setItem(TOLD_KEY, JSON.stringify(rememberTold(alerts)));
  if (notificationState() !== "on") return 0;
  for (const alert of fresh) {
    const { headline, advice } = words(alert);
    show(headline, { body: advice, tag: `nightlight-alert-${alert.id}`, icon: "/app-icons/icon-192.png" }).catch((error) => {
      console.warn("the notification could not be shown", error);
    });
  }
  return fresh.length;
}

/**
 * Shows one notification: through the service worker when there is one (Android's Chrome allows
 * no other way), else with the page's own Notification.
 */
async function show(title, options) {
  const registration = await navigator.serviceWorker?.getRegistration?.();
  if (registration) {
    await registration.showNotification(title, options);
    return;
  }
  new Notification(title, options);
}
