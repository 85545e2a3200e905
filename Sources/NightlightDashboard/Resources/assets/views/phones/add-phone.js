// Add a phone (#/add-phone): the phone's name, then a one-time invitation (10 minutes, used
// once) as a QR code to scan and a link to copy.
// Hooks: form[data-test="add-phone-form"] (#phone-name, [data-test="make-invitation"]),
// [data-test="invitation"], img[data-test="invitation-qr"], [data-test="invitation-link"],
// [data-test="copy-link"], [data-test="invitation-expiry"], [data-test="another-phone"].

import { api } from "../../lib/api.js";
import { h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { formatTimeOfDay } from "../../model/format.js";

/** The longest phone name (the server's limit). */
const NAME_LIMIT = 40;

/** Shows the Add a phone form in `container`. */
export function render(container) {
  const nameInput = h("input", { id: "phone-name", name: "name", required: true, maxlength: NAME_LIMIT, autocomplete: "off", placeholder: "Dad's phone", dataset: { field: "name" } });
  const result = h("div", { class: "invitation-box" });
  const form = h("form", { class: "card stack", dataset: { test: "add-phone-form" }, onsubmit: makeInvitation },
    h("div", { class: "field" },
      h("label", { for: "phone-name" }, "The phone's name"),
      nameInput,
      h("p", { class: "hint" }, "As the Phones page will show it, so you know which one to remove later.")),
    h("p", { class: "form-error", hidden: true }),
    h("div", { class: "button-row" },
      h("button", { type: "submit", class: "button primary", dataset: { test: "make-invitation" } }, "Make an invitation")));

  async function makeInvitation(event) {
    event.preventDefault();
    clearErrors(form);
    let invitation;
    try {
      invitation = await api("POST", "/api/phones/invitations", { name: nameInput.value });
    } catch (error) {
      showError(form, error);
      return;
    }
    form.hidden = true;
    result.replaceChildren(invitationCard(invitation, () => {
      result.replaceChildren();
      nameInput.value = "";
      form.hidden = false;
      nameInput.focus();
    }));
    result.querySelector("h2")?.focus();
  }

  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Add a phone"),
        h("p", { class: "lead" }, "Make a one-time invitation, then scan its QR code with the phone's camera (or send it the link). The phone opens the dashboard by itself from then on."))),
    form,
    result,
    h("p", null, h("a", { href: "#/phones" }, "See the phones with access")));
}

/** The invitation: its QR code, the link with a copy button, and when it expires. */
function invitationCard(invitation, another) {
  const qr = h("img", {
    class: "invitation-qr", dataset: { test: "invitation-qr" },
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(invitation.qrSVG)}`,
    alt: `QR code of the invitation link for ${invitation.name}`,
    width: 240, height: 240,
  });
  const link = h("input", { id: "invitation-link", readonly: true, value: invitation.url, dataset: { test: "invitation-link" }, class: "mono" });
  return h("section", { class: "card stack", dataset: { test: "invitation" }, "aria-labelledby": "invitation-heading" },
    h("h2", { id: "invitation-heading", tabindex: "-1" }, icon("phone"), `Invitation for ${invitation.name}`),
    qr,
    h("div", { class: "field" },
      h("label", { for: "invitation-link" }, "Or open this link on the phone"),
      link),
    h("p", { class: "muted", dataset: { test: "invitation-expiry" } },
      `It works once, until ${formatTimeOfDay(invitation.expiresAt, { seconds: false })} (10 minutes). On the phone, choose Add this phone.`),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "button", dataset: { test: "copy-link" }, onclick: () => copy(link) }, "Copy the link"),
      h("button", { type: "button", class: "button", dataset: { test: "another-phone" }, onclick: another }, "Add another phone")));
}

async function copy(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    toast("Link copied.");
  } catch {
    toast("Copying was refused by the browser: the link is selected, copy it yourself.");
  }
}
