// The Mi Band 2 panel (seed 002): authentication, steps, distance, calories, battery, heart rate.
// Hooks: [data-test="panel-miband"], #band-auth, [data-test="band-auth-status"][data-state] (none | working | ok | error),
// #band-refresh, [data-test="band-steps"], [data-test="band-distance"], [data-test="band-calories"],
// [data-test="band-battery"], #band-heart, [data-test="band-heart-rate"][data-state] (none | measuring | done | error),
// [data-test="band-live-status"][data-state] (off | connecting | live | error): the steps follow the band's notifications
// once authenticated ([data-test="band-steps"][data-updates]: notifications shown)

import { api, socket } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError } from "../../lib/feedback.js";
import { showFeedState } from "./feed-status.js";

/** Fills `panel` with the band's authentication, activity, battery and heart rate; returns the cleanup. */
export function bandPanel(panel, address) {
  const authButton = h("button", { type: "button", class: "button primary", id: "band-auth" }, "Connect and authenticate");
  const authStatus = h("p", { class: "small", role: "status", dataset: { test: "band-auth-status", state: "none" } },
    "The band asks for its key; the first time, its wearer taps it to pair.");
  const stat = (test, label, unit) => {
    const value = h("span", { class: "band-value", dataset: { test } }, "—");
    return { value, node: h("div", { class: "band-stat" }, h("span", { class: "muted small" }, label), h("span", null, value, unit ? h("span", { class: "muted small" }, ` ${unit}`) : null)) };
  };
  const steps = stat("band-steps", "Steps", "");
  const distance = stat("band-distance", "Distance", "");
  const calories = stat("band-calories", "Calories", "kcal");
  const battery = stat("band-battery", "Battery", "");
  const refreshButton = h("button", { type: "button", class: "button secondary", id: "band-refresh", disabled: "" }, icon("refresh"), "Read again");
  const heartButton = h("button", { type: "button", class: "button primary", id: "band-heart", disabled: "" }, "Measure heart rate");
  const heart = h("p", { class: "band-heart", role: "status", dataset: { test: "band-heart-rate", state: "none" } }, "—");
  const liveStatus = h("p", { class: "small", dataset: { test: "band-live-status", state: "off" } }, "Steps follow the band live once it is authenticated.");

  panel.append(h("div", { class: "panel-body band-panel", dataset: { test: "panel-miband" } },
    h("div", { class: "panel-section" }, h("div", { class: "button-row" }, authButton), authStatus),
    h("div", { class: "panel-section" },
      h("div", { class: "card-head" }, h("h2", null, "Today"), refreshButton),
      h("div", { class: "band-stats" }, steps.node, distance.node, calories.node, battery.node),
      liveStatus),
    h("div", { class: "panel-section" },
      h("h2", null, "Heart rate"),
      h("p", { class: "muted small" }, "One measurement takes a few seconds; keep the band on the wrist."),
      h("div", { class: "band-heart-row" }, heartButton, heart)),
    h("p", { class: "form-error", role: "alert" })));

  let alive = true;
  let live = null;
  let updates = 0;
  function showActivity(activity) {
    steps.value.textContent = activity.steps.toLocaleString();
    distance.value.textContent = activity.meters >= 1000 ? `${(activity.meters / 1000).toFixed(2)} km` : `${activity.meters} m`;
    calories.value.textContent = activity.kilocalories.toLocaleString();
  }
  /** Follows the band's activity notifications (the server authenticates with the key it kept). */
  function follow() {
    if (live) return;
    liveStatus.dataset.state = "connecting";
    liveStatus.textContent = "Connecting to the band's step counter…";
    live = socket(`/api/panels/miband/live?address=${encodeURIComponent(address)}`, (message) => {
      if (showFeedState(liveStatus, message, "Live: the steps update as the band counts them.")) return;
      if (message.type === "activity") {
        updates += 1;
        steps.value.dataset.updates = String(updates);
        showActivity(message);
      }
    });
  }
  async function readToday() {
    clearErrors(panel);
    refreshButton.setAttribute("aria-busy", "true");
    try {
      const [activity, level] = await Promise.all([
        api("GET", `/api/panels/miband/${address}/activity`),
        api("GET", `/api/panels/miband/${address}/battery`),
      ]);
      if (!alive) return;
      showActivity(activity);
      battery.value.textContent = `${level.level} %${level.isCharging ? " (charging)" : ""}`;
    } catch (error) {
      if (alive) showError(panel, error);
    } finally {
      refreshButton.removeAttribute("aria-busy");
    }
  }
  authButton.addEventListener("click", async () => {
    clearErrors(panel);
    authButton.disabled = true;
    authStatus.dataset.state = "working";
    authStatus.textContent = "Authenticating… if the band vibrates, tap it.";
    try {
      const answer = await api("POST", `/api/panels/miband/${address}/auth`, {});
      if (!alive) return;
      authStatus.dataset.state = "ok";
      authStatus.textContent = answer.paired ? "Paired (the band was tapped) and authenticated." : "Authenticated.";
      authButton.textContent = "Authenticate again";
      refreshButton.disabled = false;
      heartButton.disabled = false;
      await readToday();
      if (alive) follow();
    } catch (error) {
      if (!alive) return;
      authStatus.dataset.state = "error";
      authStatus.textContent = "Not authenticated.";
      showError(panel, error);
    } finally {
      authButton.disabled = false;
    }
  });
  refreshButton.addEventListener("click", readToday);
  heartButton.addEventListener("click", async () => {
    clearErrors(panel);
    heartButton.disabled = true;
    heart.dataset.state = "measuring";
    heart.textContent = "Measuring…";
    try {
      const answer = await api("POST", `/api/panels/miband/${address}/heart-rate`, {});
      if (!alive) return;
      heart.dataset.state = "done";
      heart.textContent = `${answer.bpm} bpm`;
    } catch (error) {
      if (!alive) return;
      heart.dataset.state = "error";
      heart.textContent = "—";
      showError(panel, error);
    } finally {
      heartButton.disabled = false;
    }
  });
  return () => {
    alive = false;
    live?.close();
  };
}
