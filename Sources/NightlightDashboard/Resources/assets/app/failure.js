// What a section shows when it cannot: a banner with the failure and a retry, the page of a
// nightlight that is not paired, and a section whose module could not be loaded.
// Hooks: [data-test="banner"], [data-test="banner-retry"], [data-test="banner-pair-again"],
// [data-test="not-paired"], [data-test="load-failed"].

import { ApiError } from "../lib/api.js";
import { h, icon } from "../lib/dom.js";
import { technicalDetails } from "../lib/feedback.js";

/** The errors that mean the nightlight no longer has this dashboard's keys (SN profile §9.4), and what the banner says of them. */
const KEYS_LOST = {
  bondLost: "It was reset, or it has paired with other phones or computers since and dropped this dashboard's keys. "
    + "Pair it again; if it refuses, hold its child button for 3 seconds first.",
  pairingRequired: "It accepts this only from a paired, encrypted link, and this dashboard has no keys for it. Pair it again.",
};

/**
 * What a parent reads for the failures of reaching a nightlight (the server's message, written
 * for developers, stays under "Technical details").
 */
const PLAIN_WORDS = {
  unreachable: "It may be switched off, out of the hub's range, or busy with another phone. Check that it is on and near the hub, then try again.",
  disconnected: "It may be switched off, out of the hub's range, or busy with another phone. Check that it is on and near the hub, then try again.",
  notHeard: "The hub does not hear it. It may be switched off or out of the hub's range. Check that it is on and near the hub, then try again.",
  timedOut: "It did not answer in time. Check that it is on and near the hub, then try again.",
  radioUnavailable: "The hub's Bluetooth is not working right now. Check that the hub's Bluetooth adapter is plugged in and on, then try again.",
  notANightlight: "The device at this address is not a Smart Nightlight. Pair the nightlight again from the pairing page.",
  cancelled: "The hub stopped before it was done. Try again.",
  closed: "The hub is restarting. Wait a moment, then try again.",
};

/** What a parent reads for any other failure between the hub and the nightlight (502, 503, 504). */
const NOT_ANSWERING = "It did not answer as expected. Check that it is on and near the hub, then try again.";

/** What a parent reads when the dashboard itself cannot be reached. */
const NO_HUB = "This phone cannot reach the hub. Check that the hub is on and that this phone is on the home network, then try again.";

/** The parent's words for a failure to reach the hub or the nightlight, or null (the server's message is meant for people already: a field's rule). */
function plainWords(error) {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return NO_HUB;
  if (error.code && Object.hasOwn(PLAIN_WORDS, error.code)) return PLAIN_WORDS[error.code];
  return [502, 503, 504].includes(error.status) ? NOT_ANSWERING : null;
}

/** The address of the nightlight the page shows (#/ROUTE/ADDRESS), or null. */
function shownAddress() {
  const address = location.hash.replace(/^#\/?/, "").split("/")[1];
  return address ? decodeURIComponent(address) : null;
}

/**
 * A banner for an error, with a retry button (a way to pairing when the nightlight is gone, and
 * to pairing it again when it lost this dashboard's keys). `who` names the nightlight ("Mia ·
 * SN-0002", or "the nightlight").
 */
export function failureBanner(error, retry, who = "the nightlight") {
  let title = "Something went wrong";
  const code = error instanceof ApiError ? error.code : null;
  const keysLost = code && Object.hasOwn(KEYS_LOST, code) ? KEYS_LOST[code] : null;
  if (error instanceof ApiError) {
    if (error.status === 0) title = "No connection to the dashboard";
    else if (keysLost) title = `${who === "the nightlight" ? "The nightlight" : who} no longer knows this dashboard`;
    else if ([502, 503, 504].includes(error.status)) title = `Can't reach ${who}`;
    else if (code === "deviceNotFound") title = "This nightlight is not paired";
  }
  let action;
  if (code === "deviceNotFound") {
    action = h("a", { class: "button secondary", href: "#/pair" }, "Go to pairing");
  } else if (keysLost) {
    const address = shownAddress();
    action = h("a", { class: "button primary", href: address ? `#/pair/${address}` : "#/pair", dataset: { test: "banner-pair-again" } },
      icon("bluetooth"), "Pair again");
  } else {
    action = h("button", { type: "button", class: "button secondary", dataset: { test: "banner-retry" }, onclick: retry }, icon("refresh"), "Try again");
  }
  const plain = keysLost ?? plainWords(error);
  const message = error?.message ?? String(error);
  const text = h("p", null, h("strong", null, title), h("br"), h("span", { text: plain ?? message, dataset: { test: "banner-message" } }));
  if (plain && !keysLost && message) {
    text.append(technicalDetails(message));
  }
  return h("div", { class: "banner", role: "alert", dataset: { test: "banner" } }, icon("alert"), text, action);
}

/** Shows a failure banner at the top of a view (replacing the previous one); the retry removes it first. */
export function showProblem(container, error, retry, who) {
  container.querySelector(":scope > .banner")?.remove();
  const banner = failureBanner(error, () => {
    banner.remove();
    retry();
  }, who);
  container.prepend(banner);
  return banner;
}

/** The page of an address that is not among the paired nightlights. */
export function notPairedPage(address) {
  return h("div", { class: "card empty", dataset: { test: "not-paired" } },
    icon("bluetooth"),
    h("h1", { tabindex: "-1" }, "This nightlight is not paired"),
    h("p", null, `${address || "No nightlight"} is not among the paired nightlights.`),
    h("a", { class: "button primary", href: "#/pair" }, "Pair a nightlight"));
}

/** The page of a section whose module could not be loaded. */
export function loadFailedPage(label) {
  return h("div", { class: "card empty", dataset: { test: "load-failed" }, role: "alert" },
    icon("alert"),
    h("h1", { tabindex: "-1" }, "Could not load this section"),
    h("p", null, `The ${label} section is not available right now. Reload the page to try again.`),
    h("button", { type: "button", class: "button secondary", onclick: () => location.reload() }, icon("refresh"), "Reload"));
}
