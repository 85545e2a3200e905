// The open alerts (GET /api/alerts) for the whole page: read at start, every 20 s while the
// page is visible, whenever it comes back, and when a view asks (`readAlerts()` after it read a
// nightlight, which may have raised or cleared one); kept in the store's `alerts`. New ones
// become browser notifications when the parent switched them on (lib/notify.js).
// No DOM hooks: this module has no UI.

import { alertWords } from "../model/alerts.js";
import { api } from "./api.js";
import { notifyAlerts } from "./notify.js";
import { store } from "./store.js";

const REFRESH_MS = 20000;

/** Reads the open alerts into the store (and notifies the new ones); a failure keeps the last ones. */
export async function readAlerts() {
  try {
    const { alerts } = await api("GET", "/api/alerts");
    store.set({ alerts });
    notifyAlerts(alerts, alertWords);
  } catch {
    // The hub is away or busy: the last alerts stay shown; the next round tries again.
  }
}

/** Starts watching the alerts (app/main.js, once). */
export function watchAlerts() {
  readAlerts();
  setInterval(() => {
    if (document.visibilityState === "visible") readAlerts();
  }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") readAlerts();
  });
}
