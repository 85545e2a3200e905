// Pairing (#/pair, or #/pair/ADDRESS to open that nightlight's form at once): the nightlights
// heard nearby (GET /api/scan), whether each accepts a pairing now (its pairing window, SN §9.1),
// and pairing one with the child's name (POST /api/devices/pair), then its dashboard. A paired
// nightlight can be paired again (after a reset, or when it dropped this dashboard's keys). A
// nightlight whose pairing window is closed gets the steps to open it (hold the child button 3 s).
// Hooks: [data-test="rescan"], [data-test="scan-list"], [data-test="scan-item"][data-address],
// [data-test="scan-empty"], [data-test="scanning"], [data-test="needs-setup"], [data-test="paired-badge"],
// [data-test="window-open"], [data-test="window-closed"], [data-test="pair-open"] (shows the pairing
// form), [data-test="pair-again"] (the same for a paired nightlight), [data-test="pair-child-name"]
// (input, data-field="childName"), [data-test="pair-submit"], [data-test="pair-cancel"],
// [data-test="hold-guide"] (the steps to open the pairing window), [data-test="wanted-missing"]
// (#/pair/ADDRESS not heard), [data-test="open-dashboard"].

import { api, ApiError } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, fieldProblem, showError, toast } from "../../lib/feedback.js";
import { clockNotice } from "../../model/clock.js";
import { sizeRule } from "../../model/format.js";
import { nameProblem } from "../../model/limits.js";

const SCAN_SECONDS = 3;

/** Shows the nightlights heard nearby in `container`, each with its pairing form; returns the cleanup. */
export async function render(container, ctx) {
  const list = h("ul", { class: "scan-list", dataset: { test: "scan-list" }, "aria-live": "polite", "aria-busy": "false" });
  const scanning = h("div", { class: "scanning", dataset: { test: "scanning" }, hidden: true },
    h("p", { class: "muted small" }, `Listening for nightlights for ${SCAN_SECONDS} seconds…`),
    h("div", { class: "scanning-bar", "aria-hidden": "true" }));
  const rescan = h("button", { type: "button", class: "button secondary", dataset: { test: "rescan" }, onclick: () => scan() },
    icon("refresh"), "Scan again");

  const first = ctx.devices.length === 0;
  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, first ? "Welcome! Pair a nightlight" : "Pair a nightlight"),
        h("p", { class: "lead" }, "Switch the nightlight on and keep it near this computer. A new nightlight asks for your child's name.")),
      rescan),
    scanning,
    list);

  let alive = true;
  // #/pair/ADDRESS: that nightlight's form opens once it is heard.
  let wanted = wantedAddress();

  async function scan() {
    rescan.disabled = true;
    scanning.hidden = false;
    list.setAttribute("aria-busy", "true");
    container.querySelector(":scope > .banner")?.remove();
    try {
      const heard = await api("GET", `/api/scan?seconds=${SCAN_SECONDS}`);
      if (!alive) return;
      // A nightlight whose pairing form is open keeps its card (and what was typed).
      const open = list.querySelector(".pair-form")?.closest("[data-test='scan-item']");
      const items = heard.map((item) => (open?.dataset.address === item.address ? open : scanItem(item, ctx)));
      list.replaceChildren(...(items.length ? items : [emptyState()]));
      if (wanted) {
        const card = items.find((item) => item.dataset?.address?.toUpperCase() === wanted);
        if (card) {
          card.querySelector("[data-test='pair-open'], [data-test='pair-again']")?.click();
          card.scrollIntoView({ block: "center" });
        } else {
          list.prepend(wantedMissing(wanted));
        }
        wanted = null;
      }
    } catch (error) {
      if (!alive) return;
      list.replaceChildren();
      ctx.problem(error, scan);
    } finally {
      rescan.disabled = false;
      scanning.hidden = true;
      list.setAttribute("aria-busy", "false");
    }
  }

  await scan();
  return () => {
    alive = false;
  };
}

/** The address of #/pair/ADDRESS (uppercased), or null. */
function wantedAddress() {
  const [, route, address] = location.hash.replace(/^#\/?/, "#/").split("/");
  return route === "pair" && address ? decodeURIComponent(address).toUpperCase() : null;
}

function wantedMissing(address) {
  return h("li", { class: "card empty", dataset: { test: "wanted-missing" } },
    icon("bluetooth"),
    h("h2", null, "That nightlight was not heard"),
    h("p", null, `${address} did not answer the scan. Switch it on, bring it close to this computer, then scan again.`));
}

/** The steps that open a nightlight's pairing window (SN profile §9.1). */
function holdGuide() {
  return h("div", { class: "hold-guide", role: "alert", dataset: { test: "hold-guide" } },
    h("h3", null, icon("alert"), "Hold its button first"),
    h("p", { class: "muted small" },
      "This nightlight has paired with another phone or computer, so it accepts a new one only for a minute after its child button is held."),
    h("ol", null,
      h("li", null, "Find the nightlight's child button (the one the child presses)."),
      h("li", null, "Hold it down for 3 seconds, then let go. (A short press only switches the light; do not hold it 10 seconds: that resets the nightlight.)"),
      h("li", null, "Within a minute, press Pair again below.")));
}

function emptyState() {
  return h("li", { class: "card empty", dataset: { test: "scan-empty" } },
    icon("bluetooth"),
    h("h2", null, "No nightlight heard"),
    h("p", null, "Check that it is switched on, close by, and not connected to a phone. Then scan again."));
}

/** 4 bars from −60 dBm and stronger, 1 bar below −80 dBm. */
function signalBars(rssi) {
  const bars = rssi >= -60 ? 4 : rssi >= -70 ? 3 : rssi >= -80 ? 2 : 1;
  const words = ["", "weak", "fair", "good", "excellent"][bars];
  return h("span", { "aria-label": `Signal ${words}, ${rssi} dBm`, title: `Signal ${words}` },
    h("span", { class: "signal", "aria-hidden": "true" }, [1, 2, 3, 4].map((n) => h("i", { class: n <= bars ? "on" : null }))),
    h("span", { "aria-hidden": "true" }, `${rssi} dBm`));
}

function scanItem(item, ctx) {
  const paired = ctx.devices.find((device) => device.address.toUpperCase() === item.address.toUpperCase());
  const li = h("li", { class: "card scan-item", dataset: { test: "scan-item", address: item.address } });
  const titleId = `scan-${item.address.replaceAll(":", "")}`;

  const top = h("div", { class: "scan-top" },
    h("div", { class: "scan-glow" }, icon("moon")),
    h("div", { class: "scan-body" },
      h("div", { class: "scan-title" },
        h("span", { class: "scan-name", id: titleId }, paired?.childName ? `${paired.childName} · ${item.name}` : item.name),
        item.needsConfiguration && h("span", { class: "badge warn", dataset: { test: "needs-setup" } }, "Needs setup"),
        paired && h("span", { class: "badge ok", dataset: { test: "paired-badge" } }, icon("check"), "Paired"),
        !paired && item.isPairingWindowOpen === true && h("span", { class: "badge ok", dataset: { test: "window-open" } }, "Ready to pair"),
        !paired && item.isPairingWindowOpen === false && h("span", { class: "badge warn", dataset: { test: "window-closed" }, title: "Hold its child button for 3 seconds to let it pair" }, "Hold button to pair")),
      h("span", { class: "muted small mono" }, item.address)));

  const meta = h("div", { class: "scan-meta" },
    signalBars(item.rssi),
    h("span", null, icon("battery"), `${item.batteryLevel} %`),
    item.isCharging && h("span", { class: "charging" }, icon("bolt"), "Charging"),
    !item.isClockSet && h("span", null, icon("clock"), "Clock not set"));

  const actions = h("div", { class: "button-row" });
  const open = h("button", {
    type: "button", class: paired ? "button secondary" : "button primary", dataset: { test: paired ? "pair-again" : "pair-open" },
    "aria-describedby": titleId,
    onclick: () => {
      actions.hidden = true;
      const form = pairForm(item, ctx, () => {
        form.remove();
        actions.hidden = false;
        open.focus();
      });
      li.append(form);
      form.querySelector("input").focus();
    },
  }, icon("bluetooth"), paired ? "Pair again" : "Pair");
  if (paired) {
    actions.append(h("a", { class: "button primary", href: `#/dashboard/${paired.address}`, dataset: { test: "open-dashboard" } }, "Open dashboard"));
  }
  actions.append(open);
  li.append(top, meta, actions);
  return li;
}

function pairForm(item, ctx, cancel) {
  const inputId = `child-name-${item.address.replaceAll(":", "")}`;
  const hintId = `${inputId}-hint`;
  const input = h("input", {
    id: inputId, type: "text", name: "childName", autocomplete: "off", maxlength: "40",
    dataset: { field: "childName", test: "pair-child-name" },
    "aria-required": item.needsConfiguration ? "true" : null,
    "aria-describedby": hintId,
    placeholder: item.needsConfiguration ? "e.g. Mia" : "Keep the current name",
  });
  const submit = h("button", { type: "submit", class: "button primary", dataset: { test: "pair-submit" } }, "Pair");
  const form = h("form", { class: "pair-form", novalidate: true },
    h("div", { class: "field" },
      h("label", { for: inputId }, item.needsConfiguration ? "Child's name (required)" : "Child's name"),
      input,
      h("p", { class: "hint", id: hintId },
        item.needsConfiguration
          ? `This nightlight is new: give it the name of the child who sleeps with it, ${sizeRule(ctx.limits.childName.maximumBytes)}.`
          : "Optional: a new name replaces the one the nightlight has.")),
    h("p", { class: "form-error", hidden: true }),
    h("div", { class: "button-row" },
      submit,
      h("button", { type: "button", class: "button secondary", dataset: { test: "pair-cancel" }, onclick: cancel }, "Cancel")));

  if (item.isPairingWindowOpen === false) form.prepend(holdGuide());

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    form.querySelector("[data-test='hold-guide']")?.remove();
    const typed = input.value.trim();
    const problem = typed || item.needsConfiguration ? nameProblem(typed, ctx.limits.childName.maximumBytes, { what: "child's name" }) : null;
    if (problem) {
      showError(form, fieldProblem("childName", problem));
      input.focus();
      return;
    }
    submit.disabled = true;
    submit.setAttribute("aria-busy", "true");
    const childName = input.value.trim();
    try {
      const answer = await api("POST", "/api/devices/pair", childName ? { address: item.address, childName } : { address: item.address });
      await ctx.reloadDevices();
      const name = answer.device.childName || answer.device.deviceName;
      toast(`Paired ${name}'s nightlight (${answer.device.deviceName}).`, "success");
      const notice = clockNotice(answer.clock);
      if (notice) toast(notice, "info");
      ctx.navigate(`#/dashboard/${answer.device.address}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === "pairingWindowClosed") {
        form.prepend(holdGuide());
        submit.textContent = "Pair again";
        submit.focus();
      } else {
        showError(form, error);
        input.focus();
      }
    } finally {
      submit.disabled = false;
      submit.removeAttribute("aria-busy");
    }
  });
  return form;
}
