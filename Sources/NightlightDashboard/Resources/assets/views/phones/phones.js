// Phones (#/phones): the phones that open the dashboard with their own access (name, added,
// last seen, this phone marked), revoking one, and the way to Add a phone.
// Hooks: [data-test="phones-list"], [data-test="phone"][data-phone-id] (each phone),
// [data-test="this-phone"], [data-test="revoke-phone"], dialog[data-test="revoke-dialog"],
// [data-test="add-phone"], [data-test="no-phones"].

import { api } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon } from "../../lib/dom.js";
import { showError, toast } from "../../lib/feedback.js";
import { formatDateTime } from "../../model/format.js";

/** Shows the phones in `container`. */
export async function render(container) {
  const phones = await api("GET", "/api/phones");
  const list = h("ul", { class: "phone-list", dataset: { test: "phones-list" } });
  const card = h("section", { class: "card", "aria-labelledby": "phones-heading" },
    h("h2", { id: "phones-heading" }, icon("phone"), "Phones with their own access"),
    h("p", { class: "form-error", hidden: true }),
    list);

  function draw(items) {
    if (items.length === 0) {
      list.replaceChildren(h("li", { class: "muted", dataset: { test: "no-phones" } },
        "No phone has its own access yet. Add a phone to open the dashboard on it without the access token."));
      return;
    }
    list.replaceChildren(...items.map(phoneItem));
  }

  function phoneItem(phone) {
    const name = h("strong", { class: "phone-name" }, phone.name);
    return h("li", { class: "phone", dataset: { test: "phone", phoneId: String(phone.id) } },
      h("div", { class: "phone-facts" },
        h("div", null, name, phone.isThisPhone ? h("span", { class: "badge", dataset: { test: "this-phone" } }, "This phone") : null),
        h("div", { class: "muted" }, `Added ${formatDateTime(phone.addedAt)} · last seen ${formatDateTime(phone.lastSeen)}`)),
      h("button", {
        type: "button", class: "button danger", dataset: { test: "revoke-phone" },
        "aria-label": `Remove ${phone.name}'s access`, onclick: () => revoke(phone),
      }, "Remove access"));
  }

  async function revoke(phone) {
    const ok = await confirmDialog({
      title: `Remove ${phone.name}'s access?`,
      message: phone.isThisPhone
        ? "This is the phone you are using: it goes to the sign-in page at once. It can be added again with a new invitation."
        : "It goes to the sign-in page the next time it opens the dashboard. It can be added again with a new invitation.",
      confirm: "Remove access",
      danger: true,
      test: "revoke-dialog",
    });
    if (!ok) return;
    try {
      await api("DELETE", `/api/phones/${encodeURIComponent(phone.id)}`);
    } catch (error) {
      showError(card, error);
      return;
    }
    toast(`${phone.name} no longer has access.`);
    if (phone.isThisPhone) {
      location.assign("/login?reason=phoneRemoved");
      return;
    }
    draw(await api("GET", "/api/phones"));
  }

  draw(phones);
  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Phones"),
        h("p", { class: "lead" }, "Each phone added with an invitation opens the dashboard by itself. Scripts keep using the access token.")),
      h("a", { class: "button primary", href: "#/add-phone", dataset: { test: "add-phone" } }, icon("plus"), "Add a phone")),
    card);
}
