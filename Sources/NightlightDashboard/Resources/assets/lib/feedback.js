// Telling the parent how it went: errors next to their fields, a form's error line, toasts.
// Hooks: #toasts (the toast live region), [data-test="toast"][data-kind], .field-error,
// .form-error, [aria-invalid].

import { ApiError } from "./api.js";
import { h, uniqueId } from "./dom.js";

/** A problem the page finds itself, shown like the server's: next to its field. */
export function fieldProblem(field, message) {
  return new ApiError({ status: 0, code: "invalidValue", field, message });
}

/** Removes the field and form errors shown inside root. */
export function clearErrors(root) {
  root.querySelectorAll(".field-error").forEach((node) => node.remove());
  root.querySelectorAll("[aria-invalid='true']").forEach((node) => {
    node.removeAttribute("aria-invalid");
    node.removeAttribute("aria-errormessage");
  });
  root.querySelectorAll(".form-error").forEach((node) => {
    node.textContent = "";
    node.hidden = true;
  });
}

/** The field path and its shorter prefixes: "a[0].b[1]" → ["a[0].b[1]", "a[0].b", "a[0]", "a"]. */
function fieldPrefixes(field) {
  const prefixes = [field];
  let rest = field;
  while (true) {
    const cut = Math.max(rest.lastIndexOf("."), rest.lastIndexOf("["));
    if (cut <= 0) break;
    rest = rest.slice(0, cut);
    prefixes.push(rest);
  }
  return prefixes;
}

/**
 * The developer's text of a failure, closed under "Technical details", for a message already
 * put in a parent's words. Hook: [data-test="error-details"].
 */
export function technicalDetails(text) {
  return h("details", { class: "error-details", dataset: { test: "error-details" } },
    h("summary", null, "Technical details"), h("code", { text }));
}

/**
 * Shows an error inside root: next to the `[data-field]` element its field names (or the
 * longest prefix that exists), else in root's `.form-error`, else as a toast. `details`: the
 * developer's text, shown closed under the message (not in a toast).
 */
export function showError(root, error, { details = null } = {}) {
  const message = error?.message || String(error);
  const field = error instanceof ApiError ? error.field : null;
  if (field) {
    for (const name of fieldPrefixes(field)) {
      const target = root.querySelector(`[data-field="${CSS.escape(name)}"]`);
      if (!target) continue;
      const id = uniqueId("field-error");
      const note = details
        ? h("div", { class: "field-error", role: "alert", id }, h("p", { text: message }), technicalDetails(details))
        : h("p", { class: "field-error", role: "alert", id, text: message });
      target.after(note);
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("aria-errormessage", id);
      return note;
    }
  }
  const formError = root.querySelector(".form-error");
  if (formError) {
    formError.textContent = message;
    if (details) formError.append(technicalDetails(details));
    formError.hidden = false;
    formError.setAttribute("role", "alert");
    return formError;
  }
  toast(message, "error");
  return null;
}

/** Shows a short message in a polite live region; errors stay longer. */
export function toast(message, kind = "info") {
  let region = document.getElementById("toasts");
  if (!region) {
    region = h("div", { id: "toasts", class: "toasts", "aria-live": "polite", role: "status" });
    document.body.append(region);
  }
  const item = h("div", { class: `toast toast-${kind}`, dataset: { test: "toast", kind } }, message);
  region.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 9000 : 5000);
  return item;
}
