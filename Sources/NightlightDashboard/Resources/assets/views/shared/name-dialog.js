// The name dialog of the schedule library: saving the week editor's schedule, renaming and
// duplicating a saved one.
// Hooks: dialog[data-test="name-dialog"], #name-input (data-field="name"), #name-hint,
// #name-submit, #name-cancel, .field-error.

import { openDialog } from "../../lib/dialog.js";
import { h } from "../../lib/dom.js";
import { clearErrors, fieldProblem, showError } from "../../lib/feedback.js";
import { nameProblem } from "../../model/limits.js";

/** The server's "name taken" in the page's words (the API has no way to replace an entry); other errors as they are. */
export function nameTaken(error, name) {
  return error?.code === "scheduleExists" ? fieldProblem("name", `“${name}” is already in the library (names ignore case). Choose another name.`) : error;
}

/**
 * Asks for a library name (1…`maximumBytes` bytes) in a modal dialog and calls `submit(name)`;
 * an ApiError it throws (a name already taken, …) is shown at the field and the dialog stays
 * open. Resolves with what submit returned, or null when cancelled.
 */
export async function askLibraryName({ title, label = "Name", value = "", confirm = "Save", hint = null, maximumBytes, submit }) {
  const result = await openDialog({
    title,
    test: "name-dialog",
    build: (close) => {
      const input = h("input", {
        id: "name-input", type: "text", value, autocomplete: "off", required: true, autofocus: true,
        "aria-describedby": hint ? "name-hint" : null, dataset: { field: "name" },
      });
      const submitButton = h("button", { id: "name-submit", type: "submit", class: "button primary" }, confirm);
      const form = h("form", {
        class: "name-form-dialog", novalidate: true,
        onsubmit: async (event) => {
          event.preventDefault();
          clearErrors(form);
          const name = input.value.trim();
          const problem = nameProblem(name, maximumBytes);
          if (problem) {
            showError(form, fieldProblem("name", problem));
            input.focus();
            return;
          }
          submitButton.disabled = true;
          submitButton.setAttribute("aria-busy", "true");
          try {
            close(await submit(name));
          } catch (error) {
            submitButton.disabled = false;
            submitButton.removeAttribute("aria-busy");
            showError(form, nameTaken(error, name));
            input.focus();
          }
        },
      },
        h("div", { class: "field" },
          h("label", { for: "name-input" }, label),
          input,
          hint ? h("p", { id: "name-hint", class: "hint" }, hint) : null),
        h("p", { class: "form-error", hidden: true }),
        h("div", { class: "dialog-actions" },
          h("button", { id: "name-cancel", type: "button", class: "button secondary", onclick: () => close(null) }, "Cancel"),
          submitButton));
      input.addEventListener("focus", () => input.select(), { once: true });
      return form;
    },
  });
  return result ?? null;
}
