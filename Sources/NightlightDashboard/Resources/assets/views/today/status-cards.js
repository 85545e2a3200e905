// Today's cards of the child button (its settings, uses today and the light's countdown) and of
// the battery (level, gauge, charging, advice). Live messages update them in place.
// Hooks: [data-test="button-card"], [data-test="button-mode"], [data-test="button-uses"],
// [data-test="button-light"], [data-test="battery-card"], [data-test="battery-level"],
// [data-test="charging"][data-charging].

import { h, icon } from "../../lib/dom.js";
import { formatCountdown, formatMinutes, formatOnTime } from "../../model/format.js";
import { isQuietTimeOn } from "../../model/button.js";
import { batteryAdvice, batteryBand, isCharging, powerWords } from "../../model/status.js";

/** The child button's card: {element, draw(), update()} (update: the live parts only). */
export function buttonCard(today) {
  const element = h("section", { class: "card", dataset: { test: "button-card" }, "aria-labelledby": "button-heading" });
  const mode = h("span", { dataset: { test: "button-mode" } });
  const uses = h("span", { class: "big", dataset: { test: "button-uses" } });
  const light = h("p", { class: "note", hidden: true, dataset: { test: "button-light" } });

  function draw() {
    const settings = today.status.button.settings;
    const quiet = settings.deactivationWindow;
    element.replaceChildren(
      h("div", { class: "card-head" },
        h("h2", { id: "button-heading" }, icon("button"), "Child button"),
        h("a", { class: "card-link", href: `#/button/${today.ctx.address}` }, "Change")),
      h("div", { class: "stat-row" }, uses, h("span", { class: "muted" }, "uses today")),
      light,
      h("ul", { class: "period-list" },
        h("li", null, mode),
        h("li", null, h("span", { class: "swatch", style: `background:${settings.color}`, "aria-hidden": "true" }),
          `Light ${settings.color} for ${formatOnTime(settings.onTime)}`),
        h("li", { class: "muted" }, isQuietTimeOn(quiet)
          ? `Does nothing ${formatMinutes(quiet.start)}–${formatMinutes(quiet.end)}`
          : "Works all day")));
    update();
  }

  function update() {
    const settings = today.status.button.settings;
    const status = today.buttonStatus;
    mode.replaceChildren(settings.isEnabled
      ? h("span", { class: "badge ok" }, "Enabled")
      : h("span", { class: "badge" }, "Disabled"),
    settings.shakeMode ? " · shake changes the color" : "");
    uses.textContent = settings.dailyUsage > 0 ? `${status.usesToday} of ${settings.dailyUsage}` : `${status.usesToday}`;
    const left = today.buttonSecondsLeft();
    light.hidden = !status.isLightOn;
    light.textContent = status.isLightOn ? `The button light is on${left > 0 ? ` for ${formatCountdown(left)} more` : ""}.` : "";
  }

  return { element, draw, update };
}

/** The battery's card: {element, draw(), update()} (update: the live parts only). */
export function batteryCard(today) {
  const element = h("section", { class: "card", dataset: { test: "battery-card" }, "aria-labelledby": "battery-heading" });
  const level = h("span", { class: "big", dataset: { test: "battery-level" } });
  const gauge = h("div", { class: "gauge", role: "img" }, h("span"));
  const power = h("p", { dataset: { test: "charging" } });
  const advice = h("p", { class: "muted small" });

  function draw() {
    element.replaceChildren(
      h("div", { class: "card-head" }, h("h2", { id: "battery-heading" }, icon("battery"), "Battery"),
        h("a", { class: "card-link", href: `#/history/${today.ctx.address}` }, "History")),
      level, gauge, power, advice);
    update();
  }

  function update() {
    const percent = today.status.batteryLevel;
    const powerState = today.status.powerState;
    const charging = isCharging(powerState);
    level.textContent = `${percent} %`;
    gauge.dataset.level = batteryBand(percent);
    gauge.setAttribute("aria-label", `Battery ${percent} percent`);
    gauge.firstChild.style.width = `${percent}%`;
    power.dataset.charging = String(charging);
    power.replaceChildren(charging
      ? h("span", { class: "charging" }, icon("bolt"), "Charging")
      : h("span", { class: "muted" }, powerWords(powerState)));
    advice.textContent = batteryAdvice(percent, charging);
  }

  return { element, draw, update };
}
