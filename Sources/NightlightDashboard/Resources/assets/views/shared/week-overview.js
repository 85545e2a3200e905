// The week at a glance: one row per day with its group's periods on a 24-hour bar, in the colour
// they glow. The week editor shows it beside the groups; the library's cards in its small form.
// Hooks: [data-test="week-overview"], [data-test="overview-day"][data-day=…] (aria-label says the
// day in words), [data-test="overview-period"].

import { h } from "../../lib/dom.js";
import { describeColor, periodBackground } from "../../model/color.js";
import { DAYS, DAY_SHORT_NAMES, dayName } from "../../model/days.js";
import { GROUP_TINTS, groupTitle, periodRange } from "../../model/schedule.js";
import { percentOfDay } from "../../model/timeline.js";

/**
 * The week at a glance for a schedule (maybe half-edited: periods without times are left out).
 * `compact` is the small form of the library's cards; `label` names the list.
 */
export function weekOverview(schedule, { compact = false, label = "The week at a glance" } = {}) {
  return h("div", { class: `wk${compact ? " wk-compact" : ""}`, dataset: { test: "week-overview" } },
    h("div", { role: "list", "aria-label": label }, DAYS.map((day) => dayRow(schedule, day, compact))),
    h("div", { class: "wk-scale", "aria-hidden": "true" },
      h("span"), h("span", { class: "wk-ticks" }, ["0", "6", "12", "18", "24"].map((t) => h("span", null, t))), compact ? null : h("span")));
}

function dayRow(schedule, day, compact) {
  const g = schedule.groups.findIndex((group) => group.days.includes(day));
  const group = schedule.groups[g];
  const periods = (group?.periods ?? []).filter((p) => p.start != null && p.end > p.start);
  const spoken = group
    ? `${dayName(day)}, ${group.name || `group ${g + 1}`}: ${periods.length ? periods.map((p) => `${periodRange(p)} ${describeColor(p.color)}`).join(", ") : "no light"}`
    : `${dayName(day)}: in no group`;
  return h("div", { class: `wk-row${group ? "" : " wk-uncovered"}`, role: "listitem", "aria-label": spoken, dataset: { test: "overview-day", day } },
    h("span", { class: "wk-day", "aria-hidden": "true" }, DAY_SHORT_NAMES[day]),
    h("span", { class: "wk-bar", "aria-hidden": "true" },
      periods.map((p) => {
        const seg = h("span", { class: "wk-seg", dataset: { test: "overview-period" }, title: `${periodRange(p)} ${p.color}` });
        seg.style.left = `${percentOfDay(p.start)}%`;
        seg.style.width = `${percentOfDay(p.end - p.start)}%`;
        seg.style.background = periodBackground(p, p.end - p.start);
        return seg;
      }),
      group ? null : h("span", { class: "wk-missing" }, "no group")),
    compact ? null : h("span", { class: "wk-group", "aria-hidden": "true" },
      group ? h("i", { class: "tint", style: `background:${GROUP_TINTS[g % GROUP_TINTS.length]}` }) : null,
      h("span", { class: "wk-group-name" }, group ? groupTitle(group, g) : "—")));
}
