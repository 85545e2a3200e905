// The dashboard's entry point (index.html loads it): reads the Smart Nightlight's limits into the
// store, sets up the header and the router, and shows what the URL names.
//
// The front end's layout (no build step, no framework; docs/dashboard.md "Developing the page"):
//   app/          the shell: this entry, the router, the header, the sections table
//   lib/          services for the views: the API client, DOM building, feedback, dialogs, the store
//   model/        pure logic without DOM (schedules, timeline, colours, formats, …), tested by
//                 Tests/WebModel/*.test.mjs under `node --test`
//   views/PAGE/   one folder per page; views/shared/ holds the pieces two pages use
//   styles/, icons/
// Tests/WebModel/check-imports.mjs keeps it so: no import cycles, model/ without DOM, no
// function over 150 lines.

import { watchAlerts } from "../lib/alerts.js";
import { api } from "../lib/api.js";
import { store } from "../lib/store.js";
import { limitProblems } from "../model/limits.js";
import { failureBanner } from "./failure.js";
import { createHeader } from "./header.js";
import { registerServiceWorker } from "./install.js";
import { createRouter, currentRoute } from "./router.js";

const view = document.getElementById("view");
const header = createHeader({ currentRoute });
const router = createRouter({ view, header });

/** Reads the limits once; the views use them instead of numbers of their own. */
async function loadLimits() {
  const limits = await api("GET", "/api/limits");
  const missing = limitProblems(limits);
  if (missing.length) throw new Error(`The dashboard's limits are incomplete (${missing.join(", ")}); update the dashboard.`);
  store.set({ limits });
}

async function start() {
  try {
    await loadLimits();
  } catch (error) {
    view.replaceChildren(failureBanner(error, start));
    return;
  }
  window.addEventListener("hashchange", router.route);
  router.route();
  watchAlerts();
}

// The skip link moves the focus without touching the hash (the router owns it).
document.getElementById("skip-link").addEventListener("click", (event) => {
  event.preventDefault();
  view.focus();
});

start();
registerServiceWorker();
