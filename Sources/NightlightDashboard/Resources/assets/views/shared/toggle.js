// A switch with its words and an optional hint: the page's one kind of on/off control.
// Hooks: the input's id; .toggle-row, .toggle, .toggle-track.

import { h } from "../../lib/dom.js";

/**
 * A switch (a checkbox with role=switch) labelled `text`, with `hint` below it (described by
 * it); `field` names it for error messages (data-field); `onchange(event)` on each change.
 */
export function toggleRow(id, field, checked, text, hint, onchange) {
  return h("div", { class: "toggle-row" },
    h("label", { class: "toggle", for: id },
      h("input", { id, type: "checkbox", role: "switch", checked, dataset: field ? { field } : null, "aria-describedby": hint ? `${id}-hint` : null, onchange }),
      h("span", { class: "toggle-track", "aria-hidden": "true" }),
      h("span", null, text)),
    hint ? h("p", { id: `${id}-hint`, class: "hint" }, hint) : null);
}
