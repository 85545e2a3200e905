// The notice of a schedule write refused as stale (409 `stale`, docs/dashboard-api.md "Schedule
// versions"): another phone, the CLI or the nightlight itself changed the schedule since the page
// read it. Nothing was written; the parent reloads and makes the change again.
// Hooks: [data-test="stale-notice"] (role=alert), [data-test="stale-reload"].

import { h, icon } from "../../lib/dom.js";
import { STALE_MESSAGE } from "../../model/versions.js";

/**
 * Shows the stale notice at the top of `container` (replacing one shown before) and moves the
 * focus to its Reload button. `reload()` re-reads and redraws (it may be async); the notice goes
 * once it is done, and stays with the error when it fails. Returns the notice.
 */
export function showStaleNotice(container, reload) {
  container.querySelector(":scope > [data-test='stale-notice']")?.remove();
  const button = h("button", { type: "button", class: "button primary", dataset: { test: "stale-reload" } }, icon("refresh"), "Reload");
  const message = h("span", { text: STALE_MESSAGE });
  const notice = h("div", { class: "banner stale-notice", role: "alert", dataset: { test: "stale-notice" } },
    icon("alert"),
    h("p", null, h("strong", null, "Not saved"), h("br"), message),
    button);
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      await reload();
      notice.remove();
    } catch (error) {
      message.textContent = `${STALE_MESSAGE} Reloading failed: ${error.message}`;
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  });
  container.prepend(notice);
  notice.scrollIntoView({ block: "nearest" });
  button.focus({ preventScroll: true });
  return notice;
}
