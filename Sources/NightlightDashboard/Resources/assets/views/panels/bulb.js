// The colour bulb panel (seed 000: the colour tool and the hue cycle).
// Hooks: [data-test="panel-bulb"], #bulb-color (opens the color tool), [data-test="bulb-swatch"] (data-color),
// #bulb-period (seconds a cycle), #bulb-cycle-start, #bulb-cycle-stop,
// [data-test="bulb-cycle-status"][data-state] (idle | running | stopped | failed),
// [data-test="bulb-cycle-progress"] (a <progress>), [data-test="bulb-cycle-sent"]

import { api } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { contrastText, describeColor } from "../../model/color.js";
import { openColorTool } from "../color/color-tool.js";

/** Fills `panel` with the bulb's colour and hue cycle; returns the cleanup (it stops a running cycle). */
export function bulbPanel(panel, address) {
  let color = "#FFFFFF";
  const swatch = h("div", { class: "bulb-swatch", dataset: { test: "bulb-swatch" }, role: "img", "aria-label": "The color sent last" });
  const choose = h("button", { type: "button", class: "button primary", id: "bulb-color" }, icon("palette"), "Choose a color…");
  const period = h("input", { type: "number", id: "bulb-period", min: "1", max: "60", step: "1", value: "5", inputmode: "numeric", dataset: { field: "periodSeconds" } });
  const start = h("button", { type: "button", class: "button primary", id: "bulb-cycle-start" }, "Start the hue cycle");
  const stop = h("button", { type: "button", class: "button secondary", id: "bulb-cycle-stop", disabled: "" }, "Stop");
  const cycleStatus = h("p", { class: "small", role: "status", dataset: { test: "bulb-cycle-status", state: "idle" } }, "No cycle running.");
  const progress = h("progress", { max: "100", value: "0", dataset: { test: "bulb-cycle-progress" }, "aria-label": "Where the cycle is in the hues" });
  const sent = h("p", { class: "muted small mono", dataset: { test: "bulb-cycle-sent" } });

  panel.append(h("div", { class: "panel-body bulb-panel", dataset: { test: "panel-bulb" } },
    h("div", { class: "panel-section" },
      h("h2", null, "Color"),
      h("div", { class: "bulb-color-row" }, swatch, choose)),
    h("div", { class: "panel-section" },
      h("h2", null, "Hue cycle"),
      h("p", { class: "muted small" }, "Walks the bulb through every hue, one color every 1/100 of the period."),
      h("div", { class: "field bulb-period" },
        h("label", { for: "bulb-period" }, "Seconds a cycle"),
        period),
      h("div", { class: "button-row" }, start, stop),
      cycleStatus, progress, sent),
    h("p", { class: "form-error", role: "alert" })));

  function showColor(hex) {
    color = hex;
    swatch.style.backgroundColor = hex;
    swatch.style.color = contrastText(hex);
    swatch.textContent = `${hex} · ${describeColor(hex)}`;
    swatch.setAttribute("aria-label", `The color sent last: ${swatch.textContent}`);
    swatch.dataset.color = hex;
  }
  showColor(color);

  let alive = true;
  let poll = null;
  let running = false;
  function showCycle(record) {
    // An answer that comes after the page left must not start polling: the polls would keep
    // the cycle's lease, so it would never stop.
    if (!alive) return;
    running = record.state === "running";
    cycleStatus.dataset.state = record.state;
    cycleStatus.textContent = {
      idle: "No cycle running.",
      running: `Cycling: ${record.cycles} full cycle${record.cycles === 1 ? "" : "s"} done.`,
      stopped: record.message ? record.message.replace(/^stopped/, "Stopped") + "." : "Stopped.",
      failed: `The cycle failed: ${record.message ?? ""}`,
    }[record.state] ?? record.state;
    progress.value = record.state === "running" ? record.percent : 0;
    sent.textContent = record.sent ? `${record.sent} colors sent${record.color ? `, last ${record.color}` : ""}` : "";
    if (record.color) showColor(record.color);
    start.disabled = running;
    stop.disabled = !running;
    if (running && !poll) poll = setInterval(refresh, 1000);
    if (!running && poll) { clearInterval(poll); poll = null; }
  }
  async function refresh() {
    try {
      const record = await api("GET", `/api/panels/bulb/${address}/cycle`);
      if (alive) showCycle(record);
    } catch (error) {
      if (alive) showError(panel, error);
    }
  }

  choose.addEventListener("click", async () => {
    const chosen = await openColorTool({ color, title: "Bulb color" });
    if (!chosen || !alive) return;
    clearErrors(panel);
    choose.setAttribute("aria-busy", "true");
    try {
      const answer = await api("PUT", `/api/panels/bulb/${address}/color`, { color: chosen });
      showColor(answer.color);
      toast(`The bulb shows ${answer.color}.`, "success");
      refresh();
    } catch (error) {
      showError(panel, error);
    } finally {
      choose.removeAttribute("aria-busy");
    }
  });
  start.addEventListener("click", async () => {
    clearErrors(panel);
    const seconds = Number(period.value);
    start.disabled = true;
    try {
      const record = await api("POST", `/api/panels/bulb/${address}/cycle`, { periodSeconds: seconds });
      if (!alive) {
        // Started after the page left: stop it rather than leave it running for its lease.
        running = record.state === "running";
        stopOnLeave();
        return;
      }
      showCycle(record);
    } catch (error) {
      start.disabled = false;
      showError(panel, error);
    }
  });
  stop.addEventListener("click", async () => {
    clearErrors(panel);
    stop.disabled = true;
    try {
      showCycle(await api("DELETE", `/api/panels/bulb/${address}/cycle`));
      start.focus();
    } catch (error) {
      stop.disabled = false;
      showError(panel, error);
    }
  });
  // The page going away stops the cycle (the server also stops it when nobody polls for 15 s).
  const stopOnLeave = () => {
    if (running) fetch(`/api/panels/bulb/${address}/cycle`, { method: "DELETE", keepalive: true, credentials: "same-origin" }).catch(() => {});
  };
  window.addEventListener("pagehide", stopOnLeave);
  refresh();
  return () => {
    alive = false;
    if (poll) clearInterval(poll);
    window.removeEventListener("pagehide", stopOnLeave);
    stopOnLeave();
  };
}
