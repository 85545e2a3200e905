// The week editor's checks on show: each problem next to its field (the input at fault marked),
// and the list of what to fix, whose entries move the focus there.
// Hooks: [data-test="week-problems"] (the list's slot), .field-error, [aria-invalid].

import { h } from "../../lib/dom.js";
import { clearErrors } from "../../lib/feedback.js";

/** Shows `problems` (model/schedule.js checkSchedule's) inside `root`, replacing those shown before. */
export function showProblems(root, problems) {
  clearErrors(root);
  for (const problem of problems) markField(root, problem);
  const list = root.querySelector("[data-test='week-problems']");
  list.replaceChildren(...(problems.length === 0 ? [] : [h("div", { class: "problem-list" },
    h("h3", null, problems.length === 1 ? "1 thing to fix before saving" : `${problems.length} things to fix before saving`),
    h("ul", null, problems.map((problem) => h("li", null,
      h("button", { type: "button", class: "link-button", onclick: () => focusField(root, problem.field) }, problem.label), ": ", problem.message))))]));
}

/** Shows a problem next to its field (one note per field), marking the input at fault. */
function markField(root, { field, message, part }) {
  const target = root.querySelector(`[data-field="${CSS.escape(field)}"]`);
  if (!target || target.getAttribute("aria-invalid") === "true") return;
  const note = h("p", { class: "field-error", id: `problem-${field.replace(/\W+/g, "-")}`, text: message });
  target.after(note);
  target.setAttribute("aria-invalid", "true");
  target.setAttribute("aria-errormessage", note.id);
  const input = part && target.querySelector(`[id$="-${part}"]`);
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-errormessage", note.id);
  }
}

/** Scrolls to a field and focuses its control (the one marked invalid first). */
export function focusField(root, field) {
  const target = root.querySelector(`[data-field="${CSS.escape(field)}"]`);
  const control = target?.matches("input, button") ? target : target?.querySelector("[aria-invalid='true'], input, button");
  target?.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  control?.focus({ preventScroll: true });
}
