// Today's schedule cards: the temporary schedule (its days left, clearing it) and the week
// schedule (its name, today's group, links to the editor and the library).
// Hooks: [data-test="temporary-card"], [data-test="temporary-days"], [data-test="temporary-clear"],
// dialog[data-test="clear-dialog"], [data-test="week-card"], [data-test="week-name"].

import { apiRequest, isStale, nightlightPath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon } from "../../lib/dom.js";
import { showError, toast } from "../../lib/feedback.js";
import { dayName } from "../../model/days.js";
import { formatMinutes, plural } from "../../model/format.js";
import { ifMatch } from "../../model/versions.js";

/**
 * The temporary schedule's card: {element, draw()}. Clearing it sends the version it was read
 * with; `onCleared()` runs after a clear, `onStale()` when the schedule changed elsewhere.
 */
export function temporaryCard(today, { onCleared, onStale }) {
  const element = h("section", { class: "card", dataset: { test: "temporary-card" }, "aria-labelledby": "temporary-heading" });

  function draw() {
    const { remainingDays: days, periods } = today.status.temporarySchedule;
    const head = h("div", { class: "card-head" },
      h("h2", { id: "temporary-heading" }, icon("clock"), "Temporary schedule"),
      days > 0 ? h("span", { class: "badge accent" }, "Active") : h("span", { class: "badge" }, "Off"));
    if (days <= 0) {
      element.replaceChildren(head,
        h("p", { class: "muted" }, "Not active: the week schedule runs. To change tonight only, drag a period on the timeline and choose “Today only”."));
      return;
    }
    element.replaceChildren(head,
      h("div", { class: "stat-row" },
        h("span", { class: "big", dataset: { test: "temporary-days" } }, days === 1 ? "Today only" : `${days} days left`),
        h("span", { class: "muted" }, days === 1 ? "ends at midnight" : "including today")),
      h("p", { class: "muted" }, periods.length
        ? `${plural(periods.length, "period")}: ${periods.map((p) => `${formatMinutes(p.start)}–${formatMinutes(p.end)}`).join(", ")}. It replaces the week schedule until then.`
        : "No light at all on these days. It replaces the week schedule until then."),
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "button secondary", dataset: { test: "temporary-clear" }, onclick: clear }, "Clear it")));
  }

  async function clear() {
    const ok = await confirmDialog({
      title: "Clear the temporary schedule?",
      message: `The week schedule “${today.status.weekSchedule.name}” applies again from now.`,
      confirm: "Clear it",
      test: "clear-dialog",
    });
    if (!ok) return;
    try {
      await apiRequest("DELETE", nightlightPath(today.ctx.address, "temporary-schedule"), undefined,
        { headers: ifMatch(today.versions().temporarySchedule) });
    } catch (error) {
      if (isStale(error)) onStale();
      else showError(element, error);
      return;
    }
    try {
      await onCleared();
      toast("The temporary schedule is cleared; the week schedule runs again.", "success");
    } catch (error) {
      showError(element, error);
    }
  }

  return { element, draw };
}

/** The week schedule's card: {element, draw()}. */
export function weekCard(today) {
  const element = h("section", { class: "card", dataset: { test: "week-card" }, "aria-labelledby": "week-heading" });

  function draw() {
    const group = today.group();
    const address = today.ctx.address;
    element.replaceChildren(
      h("div", { class: "card-head" },
        h("h2", { id: "week-heading" }, icon("week"), "Week schedule"),
        h("a", { class: "card-link", href: `#/week/${address}` }, "Edit")),
      h("p", { class: "big", dataset: { test: "week-name" } }, today.status.weekSchedule.name || "Unnamed"),
      h("p", { class: "muted" }, group
        ? `Today follows “${group.name}” (${group.days.map(dayName).join(", ")}).`
        : "No group of the week covers today."),
      h("div", { class: "button-row" },
        h("a", { class: "button secondary", href: `#/library/${address}` }, icon("library"), "Use a saved schedule")));
  }

  return { element, draw };
}
