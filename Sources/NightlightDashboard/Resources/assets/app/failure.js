// What a section shows when it cannot: a banner with the failure and a retry, the page of a
// nightlight that is not paired, and a section whose module could not be loaded.
// Hooks: [data-test="banner"], [data-test="banner-retry"], [data-test="not-paired"],
// [data-test="load-failed"].

import { ApiError } from "../lib/api.js";
import { h, icon } from "../lib/dom.js";

/**
 * A banner for an error, with a retry button (and a way to pairing when the nightlight is
 * gone). `who` names the nightlight ("Mia · SN-0002", or "the nightlight").
 */
export function failureBanner(error, retry, who = "the nightlight") {
  let title = "Something went wrong";
  if (error instanceof ApiError) {
    if (error.status === 0) title = "No connection to the dashboard";
    else if ([502, 503, 504].includes(error.status)) title = `Can't reach ${who}`;
    else if (error.code === "deviceNotFound") title = "This nightlight is not paired";
  }
  const gone = error instanceof ApiError && error.code === "deviceNotFound";
  return h("div", { class: "banner", role: "alert", dataset: { test: "banner" } },
    icon("alert"),
    h("p", null, h("strong", null, title), h("br"), h("span", { text: error?.message ?? String(error) })),
    gone
      ? h("a", { class: "button secondary", href: "#/pair" }, "Go to pairing")
      : h("button", { type: "button", class: "button secondary", dataset: { test: "banner-retry" }, onclick: retry }, icon("refresh"), "Try again"));
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
