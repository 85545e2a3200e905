// One saved schedule of the library: its name, where it came from, its week at a glance, and its
// actions. Hooks: [data-test="library-entry"][data-name], [data-test="library-current"],
// [data-test="library-damaged"], [data-test="library-apply"], [data-test="library-rename"],
// [data-test="library-duplicate"], [data-test="library-delete"].

import { h, icon } from "../../lib/dom.js";
import { lightName, sourceName } from "../../model/names.js";
import { namedSchedule, sameSchedule } from "../../model/schedule.js";
import { weekOverview } from "../shared/week-overview.js";

const savedOn = (date) => new Date(date).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/**
 * The card of a library entry. `current` is the nightlight's schedule (the entry equal to it is
 * marked); `actions`: {apply, rename, duplicate, remove}, each called with (entry, button).
 */
export function entryCard(entry, { ctx, current, actions }) {
  const damaged = entry.schedule == null; // the server leaves it out (or null) when the stored copy is damaged
  // Applied, a saved schedule carries the entry's name (cut to 20 bytes) onto the nightlight.
  const isCurrent = !damaged && sameSchedule(namedSchedule(entry.schedule, entry.name), current);
  const from = sourceName(ctx.devices, entry.sourceDeviceAddress);
  const action = (test, label, handler, extra = {}) =>
    h("button", { type: "button", class: "button secondary small-button", dataset: { test }, onclick: (event) => handler(entry, event.currentTarget), ...extra }, label);
  const child = ctx.device?.childName;
  return h("li", { class: `card library-entry${isCurrent ? " is-current" : ""}`, dataset: { test: "library-entry", name: entry.name } },
    h("div", { class: "card-head" },
      h("h2", { class: "entry-name" }, entry.name),
      isCurrent ? h("span", { class: "badge ok", dataset: { test: "library-current" } }, icon("check"), "On the nightlight") : null),
    h("p", { class: "muted small" },
      [damaged ? null : entry.schedule.name && entry.schedule.name !== entry.name ? `Named “${entry.schedule.name}” on the nightlight · ` : null,
        from ? `from ${from} · ` : null, `saved ${savedOn(entry.updatedAt)}`].filter(Boolean).join("")),
    damaged
      ? h("p", { class: "note danger-note", dataset: { test: "library-damaged" } }, "This saved copy is damaged and can no longer be read. You can still rename or delete it.")
      : weekOverview(entry.schedule, { compact: true, label: `${entry.name}, week at a glance` }),
    h("div", { class: "button-row entry-actions" },
      damaged ? null : h("button", {
        type: "button", class: `button ${isCurrent ? "secondary" : "primary"} small-button`, dataset: { test: "library-apply" },
        "aria-label": `Put ${entry.name} on ${lightName(ctx.device)}`, onclick: (event) => actions.apply(entry, event.currentTarget),
      }, isCurrent ? "Put on again" : `Put on ${child ? `${child}'s light` : "nightlight"}`),
      action("library-rename", "Rename", actions.rename, { "aria-label": `Rename ${entry.name}` }),
      damaged ? null : action("library-duplicate", "Duplicate", actions.duplicate, { "aria-label": `Duplicate ${entry.name}` }),
      action("library-delete", "Delete", actions.remove, { "aria-label": `Delete ${entry.name}`, class: "button secondary small-button delete-button" })));
}
