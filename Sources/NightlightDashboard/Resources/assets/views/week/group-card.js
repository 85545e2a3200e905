// One group of days in the week editor: its name, its days (tap a day to move it here), its
// light periods (times, colour, fade) and their buttons.
// Hooks: [data-test="group"][data-index=g] with #g{g}-name, #g{g}-day-{monday…} (aria-pressed),
// #g{g}-remove, #g{g}-add-period, [data-test="period"][data-field="groups[g].periods[j]"] with
// #g{g}-p{j}-start, #g{g}-p{j}-end, #g{g}-p{j}-color, #g{g}-p{j}-fade, #g{g}-p{j}-remove.

import { h, icon } from "../../lib/dom.js";
import { describeColor } from "../../model/color.js";
import { DAYS, DAY_SHORT_NAMES, dayName, dayRange } from "../../model/days.js";
import { DAY_MINUTES } from "../../model/format.js";
import { GROUP_TINTS, addPeriod, canAddPeriod, groupTitle, nextPeriodSlot, periodRange, removeGroup, removePeriod, toggleDay } from "../../model/schedule.js";
import { timeField } from "../shared/time-field.js";

/**
 * The card of group `g` of the editor's draft. `editor`: {draft, limits, proofAddress,
 * edit(change, focusId) (a structural change: model/schedule.js function of the draft, then a
 * rebuild keeping the focus on focusId), changed() (after a field was typed in), pickColor()}.
 */
export function groupCard(editor, g) {
  const group = editor.draft.groups[g];
  const { limits } = editor;
  const tint = GROUP_TINTS[g % GROUP_TINTS.length];
  const title = () => `${groupTitle(group, g)} (${group.days.length ? dayRange(group.days) : "no days"})`;
  const heading = h("h3", { id: `g${g}-title`, class: "visually-hidden" }, title());
  const full = group.periods.length >= limits.weekSchedule.maximumPeriods;
  const card = h("section", { class: "card group-card", "aria-labelledby": `g${g}-title`, dataset: { test: "group", index: String(g) } },
    heading,
    h("div", { class: "group-head" },
      h("i", { class: "tint", style: `background:${tint}`, "aria-hidden": "true" }),
      h("div", { class: "field group-name" },
        h("label", { for: `g${g}-name` }, "Group name"),
        h("input", {
          id: `g${g}-name`, type: "text", value: group.name, maxlength: "24", autocomplete: "off", dataset: { field: `groups[${g}].name` },
          oninput: (event) => {
            group.name = event.target.value;
            heading.textContent = title();
            editor.changed();
          },
        })),
      h("button", {
        id: `g${g}-remove`, type: "button", class: "button ghost small-button", disabled: editor.draft.groups.length === 1,
        "aria-label": `Remove the group ${group.name || g + 1}`, onclick: () => editor.edit((draft) => removeGroup(draft, g), "week-add-group"),
      }, "Remove")),
    h("fieldset", { class: "days", dataset: { field: `groups[${g}]` } },
      h("legend", null, "Days"),
      h("div", { class: "day-chips" }, DAYS.map((day) => dayChip(editor, g, day)))),
    h("div", { class: "periods", dataset: { field: `groups[${g}].periods` } },
      h("h4", { class: "periods-title" }, "Light periods"),
      group.periods.length === 0 ? h("p", { class: "hint" }, "No light on these days.") : null,
      group.periods.map((p, j) => periodRow(editor, g, j))),
    h("button", {
      id: `g${g}-add-period`, type: "button", class: "button secondary small-button",
      disabled: !canAddPeriod(group, limits),
      onclick: () => editor.edit((draft) => addPeriod(draft, g, limits) ?? draft, `g${g}-p${group.periods.length}-start`),
    }, icon("plus"), full ? `${limits.weekSchedule.maximumPeriods} periods is the most` : nextPeriodSlot(group) ? "Add a period" : "The day is full"));
  card.style.setProperty("--tint", tint);
  return card;
}

function dayChip(editor, g, day) {
  const group = editor.draft.groups[g];
  const here = group.days.includes(day);
  const owner = editor.draft.groups.find((other) => other !== group && other.days.includes(day));
  const state = here ? "in this group" : owner ? `in ${owner.name || "another group"}; press to move it here` : "in no group; press to add it here";
  return h("button", {
    id: `g${g}-day-${day}`, type: "button", class: `day-chip${!here && !owner ? " uncovered" : ""}`,
    "aria-pressed": String(here), "aria-label": `${dayName(day)}: ${state}`, title: `${dayName(day)}: ${state}`,
    onclick: () => editor.edit((draft) => toggleDay(draft, g, day), `g${g}-day-${day}`),
  }, DAY_SHORT_NAMES[day]);
}

function periodRow(editor, g, j) {
  const group = editor.draft.groups[g];
  const p = group.periods[j];
  const id = `g${g}-p${j}`;
  const endNote = h("span", { class: "end-note" }, p.end === DAY_MINUTES ? " · midnight" : "");
  const swatch = h("div", { class: "field period-color-field" }, h("span", { class: "label", "aria-hidden": "true" }, "Color"), h("button", {
    id: `${id}-color`, type: "button", class: "period-color",
    "aria-label": `Color of period ${j + 1}: ${p.color}, ${describeColor(p.color)}. Change`,
    onclick: async () => {
      const color = await editor.pickColor({ color: p.color, title: `Color of ${periodRange(p)}` });
      if (color && color !== p.color) {
        p.color = color;
        editor.edit((draft) => draft, `${id}-color`);
      }
    },
  }, h("span", { class: "period-swatch", style: `background:${p.color}`, "aria-hidden": "true" }), h("span", { class: "period-hex" }, p.color)));
  const time = (which) => h("div", { class: `field period-${which}` },
    h("label", { for: `${id}-${which}` }, which === "start" ? "From" : ["Until", endNote]),
    timeField({
      id: `${id}-${which}`, minutes: p[which], which, required: true,
      oninput: (minutes) => {
        // An end of 00:00 is midnight at the end of the day (24:00): a period never crosses it.
        p[which] = minutes;
        if (which === "end") endNote.textContent = p.end === DAY_MINUTES ? " · midnight" : "";
        editor.changed();
      },
    }));
  return h("div", { class: "period", dataset: { test: "period", field: `groups[${g}].periods[${j}]` } },
    h("span", { class: "period-number", "aria-hidden": "true" }, String(j + 1)),
    swatch,
    time("start"),
    time("end"),
    h("div", { class: "field period-fade" },
      h("label", { for: `${id}-fade` }, "Fade (min)"),
      h("input", {
        id: `${id}-fade`, type: "number", min: "0", max: String(editor.limits.weekSchedule.maximumFadeMinutes), step: "1", inputmode: "numeric", value: String(p.fade),
        oninput: (event) => {
          p.fade = event.target.value === "" ? 0 : Number(event.target.value);
          editor.changed();
        },
      })),
    h("button", {
      id: `${id}-remove`, type: "button", class: "icon-button remove-period",
      "aria-label": `Remove period ${j + 1} (${periodRange(p)}) of ${group.name || `group ${g + 1}`}`,
      onclick: () => editor.edit((draft) => removePeriod(draft, g, j), `g${g}-add-period`),
    }, "×"));
}
