// #/week/ADDR — the permanent week schedule editor (SN profile §6.1): groups of days, each with
// up to 6 light periods; a week overview that follows every edit; checks that explain
// themselves before anything is sent; Save, Revert, and Save to the library.
//
// Hooks: [data-test="week-editor"], #week-name, [data-test="week-overview"] with
// [data-test="overview-day"][data-day=…] and [data-test="overview-period"],
// [data-test="group"][data-index=i] with #g{i}-name, #g{i}-day-{monday…} (aria-pressed),
// #g{i}-remove, #g{i}-add-period, [data-test="period"][data-field="groups[i].periods[j]"] with
// #g{i}-p{j}-start, #g{i}-p{j}-end, #g{i}-p{j}-color, #g{i}-p{j}-fade, #g{i}-p{j}-remove;
// #week-add-group, [data-test="week-problems"], [data-test="week-state"], #week-save,
// #week-revert, #week-new, #week-save-library, .field-error (client checks and the server's).
// Ctrl+S (⌘S) saves.
// data-field on: name, groups, groups[i] (the days), groups[i].name, groups[i].periods,
// groups[i].periods[j].

import { api, devicePath } from "./api.js";
import { h, icon, showError, clearErrors, toast, confirmDialog, formatMinutes, dayName, DAYS } from "./ui.js";
import { openColorTool, glowColor, describeColor } from "./color.js";
import { askName } from "./library.js";

const MAX_GROUPS = 7, MAX_PERIODS = 6, MAX_FADE = 60;
const NAME_BYTES = 20, GROUP_NAME_BYTES = 12;
const SHORT = { monday: "Mon", tuesday: "Tue", wednesday: "Wed", thursday: "Thu", friday: "Fri", saturday: "Sat", sunday: "Sun" };
/** A tint per group, so the overview shows which days share a program. */
const GROUP_TINTS = ["#ffb347", "#8fb8ff", "#6fdca5", "#e79bff", "#ff8fa3", "#7fe3e0", "#d8d27a"];
const NIGHT = "#402000"; // the factory schedule's dim amber

export const bytes = (text) => new TextEncoder().encode(text ?? "").length;

/** The nightlight's factory-style start for a new schedule: "Working days" and "Weekend" (§6.1). */
function newSchedule() {
  const period = (start, end) => ({ start, end, color: NIGHT, fade: 0 });
  return {
    name: "",
    groups: [
      { name: "Working days", days: DAYS.slice(0, 5), periods: [period(0, 390), period(1170, 1440)] },
      { name: "Weekend", days: DAYS.slice(5), periods: [period(0, 480), period(1200, 1440)] },
    ],
  };
}

const clone = (value) => JSON.parse(JSON.stringify(value));

/** The schedule as the API takes it: days in week order, periods sorted by start. */
export function normalized(schedule) {
  return {
    name: schedule.name ?? "",
    groups: schedule.groups.map((group) => ({
      name: group.name ?? "",
      days: DAYS.filter((day) => group.days.includes(day)),
      periods: [...group.periods].sort((a, b) => (a.start ?? 0) - (b.start ?? 0))
        .map(({ start, end, color, fade }) => ({ start, end, color, fade })),
    })),
  };
}

/** "Mon–Fri", "Mon, Wed", "Sat–Sun": a group's days in a few characters. */
export function dayRange(days) {
  const indexes = DAYS.map((day, i) => (days.includes(day) ? i : -1)).filter((i) => i >= 0);
  const runs = [];
  for (const i of indexes) {
    const run = runs.at(-1);
    if (run && run[1] === i - 1) run[1] = i;
    else runs.push([i, i]);
  }
  return runs.map(([a, b]) => (a === b ? SHORT[DAYS[a]] : `${SHORT[DAYS[a]]}–${SHORT[DAYS[b]]}`)).join(", ");
}

const range = (p) => `${p.start == null ? "?" : formatMinutes(p.start)}–${p.end == null ? "?" : formatMinutes(p.end)}`;

/**
 * The rules of §6.1 checked in the page, each broken one as {field, message, label}: `field`
 * is the JSON path the server would name, `message` is shown next to it, `label` places it
 * in the summary.
 */
export function checkSchedule(schedule) {
  const problems = [];
  // `part` names the input of a period that is at fault (start, end or fade), to mark it too.
  const add = (field, label, message, part = null) => problems.push({ field, label, message, part });
  if (bytes(schedule.name) > NAME_BYTES) {
    add("name", "Schedule name", `The name is ${bytes(schedule.name)} bytes long; the nightlight keeps at most ${NAME_BYTES} (accented letters and emoji take 2–4).`);
  }
  if (schedule.groups.length > MAX_GROUPS) add("groups", "Groups", `A week has at most ${MAX_GROUPS} groups.`);
  schedule.groups.forEach((group, g) => {
    const title = group.name || `Group ${g + 1}`;
    if (bytes(group.name) > GROUP_NAME_BYTES) {
      add(`groups[${g}].name`, title, `The group name is ${bytes(group.name)} bytes long; at most ${GROUP_NAME_BYTES}.`);
    }
    if (group.days.length === 0) {
      add(`groups[${g}]`, title, "This group has no days. Tap days here to move them into it, or remove the group.");
    }
    if (group.periods.length > MAX_PERIODS) add(`groups[${g}].periods`, title, `A day has at most ${MAX_PERIODS} light periods.`);
    group.periods.forEach((p, j) => {
      const field = `groups[${g}].periods[${j}]`, label = `${title}, period ${j + 1}`;
      if (p.start == null || p.end == null) return add(field, label, `Enter ${p.start == null ? "a start" : "an end"} time.`, p.start == null ? "start" : "end");
      if (p.end < p.start) {
        return add(field, label, `${range(p)} ends before it starts. A period can't cross midnight: end this one at 24:00 (enter 00:00) and start the next day's group at 00:00.`, "end");
      }
      if (p.end === p.start) return add(field, label, `${range(p)} is empty: it ends where it starts.`, "end");
      if (!Number.isInteger(p.fade) || p.fade < 0 || p.fade > MAX_FADE) {
        return add(field, label, `The fade is whole minutes from 0 to ${MAX_FADE}.`, "fade");
      }
      if (p.fade * 2 > p.end - p.start) {
        add(field, label, `A ${p.fade}-minute fade is more than half of ${range(p)} (${p.end - p.start} minutes): at most ${Math.floor((p.end - p.start) / 2)}.`, "fade");
      }
    });
    // Overlaps, in start order (the rows keep the order they were entered in).
    const sorted = group.periods.map((p, j) => ({ p, j })).filter(({ p }) => p.start != null && p.end != null && p.end > p.start)
      .sort((a, b) => a.p.start - b.p.start);
    for (let k = 1; k < sorted.length; k++) {
      const { p, j } = sorted[k], previous = sorted[k - 1];
      if (p.start < previous.p.end) {
        add(`groups[${g}].periods[${j}]`, `${title}, period ${j + 1}`, `${range(p)} overlaps period ${previous.j + 1} (${range(previous.p)}).`, "start");
      }
    }
  });
  const seen = new Set(schedule.groups.flatMap((group) => group.days));
  const missing = DAYS.filter((day) => !seen.has(day));
  if (missing.length > 0) {
    const list = missing.map(dayName);
    const names = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
    add("groups", "Days", `${names} ${list.length === 1 ? "is" : "are"} in no group. Every day must be in exactly one group: tap ${list.length === 1 ? "it" : "them"} in a group's days.`);
  }
  return problems;
}

/**
 * The week at a glance: one row per day with its group's periods on a 24-hour bar, in the color
 * they glow. `compact` is the small form of the library's cards.
 */
export function weekOverview(schedule, { compact = false, label = "The week at a glance" } = {}) {
  const rows = DAYS.map((day) => {
    const g = schedule.groups.findIndex((group) => group.days.includes(day));
    const group = schedule.groups[g];
    const periods = (group?.periods ?? []).filter((p) => p.start != null && p.end > p.start);
    const spoken = group
      ? `${dayName(day)}, ${group.name || `group ${g + 1}`}: ${periods.length ? periods.map((p) => `${range(p)} ${describeColor(p.color)}`).join(", ") : "no light"}`
      : `${dayName(day)}: in no group`;
    return h("div", { class: `wk-row${group ? "" : " wk-uncovered"}`, role: "listitem", "aria-label": spoken, dataset: { test: "overview-day", day } },
      h("span", { class: "wk-day", "aria-hidden": "true" }, SHORT[day]),
      h("span", { class: "wk-bar", "aria-hidden": "true" },
        periods.map((p) => {
          const fade = (100 * p.fade) / (p.end - p.start);
          const glow = glowColor(p.color);
          const seg = h("span", { class: "wk-seg", dataset: { test: "overview-period" }, title: `${range(p)} ${p.color}` });
          seg.style.left = `${(100 * p.start) / 1440}%`;
          seg.style.width = `${(100 * (p.end - p.start)) / 1440}%`;
          seg.style.background = fade > 0 ? `linear-gradient(to right, transparent, ${glow} ${fade}%, ${glow} ${100 - fade}%, transparent)` : glow;
          return seg;
        }),
        group ? null : h("span", { class: "wk-missing" }, "no group")),
      compact ? null : h("span", { class: "wk-group", "aria-hidden": "true" },
        group ? h("i", { class: "tint", style: `background:${GROUP_TINTS[g % GROUP_TINTS.length]}` }) : null,
        h("span", { class: "wk-group-name" }, group ? group.name || `Group ${g + 1}` : "—")));
  });
  return h("div", { class: `wk${compact ? " wk-compact" : ""}`, dataset: { test: "week-overview" } },
    h("div", { role: "list", "aria-label": label }, rows),
    h("div", { class: "wk-scale", "aria-hidden": "true" },
      h("span"), h("span", { class: "wk-ticks" }, ["0", "6", "12", "18", "24"].map((t) => h("span", null, t))), compact ? null : h("span")));
}

/** "Mia's nightlight", or "this nightlight" before it has a child's name. */
export function lightName(ctx) {
  const child = ctx.device?.childName;
  return child ? `${child}'s nightlight` : "this nightlight";
}

export function render(container, ctx) {
  const base = devicePath(ctx.address, "week-schedule");
  const draftKey = `nightlight.weekDraft.${ctx.address}`;
  let saved = null, draft = null, busy = false;
  const root = h("div", {
    class: "editor week-editor", dataset: { test: "week-editor" },
    onkeydown: (event) => {
      if (event.key === "s" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        save();
      }
    },
  });
  // The heading stays while the rest is rebuilt, so the focus the router gives it stays too.
  const body = h("div", { class: "editor-body" }, h("div", { class: "loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Reading the week schedule…"));
  root.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Week schedule"),
        h("p", { class: "lead" }, `When ${lightName(ctx)} glows, day by day. Days with the same evenings share a group.`)),
      h("div", { class: "button-row" },
        h("button", { id: "week-new", type: "button", class: "button secondary small-button", onclick: startNew }, icon("plus"), "New schedule"),
        h("button", { id: "week-save-library", type: "button", class: "button secondary small-button", onclick: saveToLibrary }, icon("library"), "Save to library…"))),
    body);
  container.replaceChildren(root);

  const isDirty = () => saved && JSON.stringify(normalized(draft)) !== JSON.stringify(normalized(saved));
  const guardUnload = (event) => {
    if (isDirty()) event.preventDefault();
  };
  window.addEventListener("beforeunload", guardUnload);

  async function load() {
    try {
      saved = await api("GET", base);
      draft = clone(saved);
      // Unsaved changes left behind by going to another section come back, if the nightlight
      // still has the schedule they were made on.
      const kept = JSON.parse(sessionStorage.getItem(draftKey) ?? "null");
      sessionStorage.removeItem(draftKey);
      if (kept && JSON.stringify(normalized(kept.saved)) === JSON.stringify(normalized(saved))) draft = kept.draft;
      build();
      if (kept && isDirty()) toast("Your unsaved changes are back. Save them, or Revert.");
    } catch (error) {
      body.replaceChildren(h("div", { class: "banner", role: "alert" }, icon("alert"),
        h("p", null, `Could not read the week schedule: ${error.message}`),
        h("button", { type: "button", class: "button secondary", onclick: load }, "Try again")));
    }
  }

  // ---- Building the editor (again after each structural change, keeping the focus) ----

  function build(focusId = document.activeElement?.id) {
    const groups = draft.groups.map(groupCard);
    body.replaceChildren(
      h("div", { class: "week-layout" },
        h("div", { class: "week-main" },
          h("section", { class: "card", "aria-labelledby": "week-name-label" },
            h("div", { class: "field" },
              h("label", { id: "week-name-label", for: "week-name" }, "Schedule name"),
              h("input", {
                id: "week-name", type: "text", value: draft.name, placeholder: "e.g. School nights", autocomplete: "off",
                maxlength: "40", "aria-describedby": "week-name-hint", dataset: { field: "name" },
                oninput: (event) => { draft.name = event.target.value; changed(); },
              }),
              h("p", { id: "week-name-hint", class: "hint" }, `Up to ${NAME_BYTES} characters; the nightlight keeps it with the schedule.`))),
          h("section", { class: "groups", "aria-labelledby": "groups-title" },
            h("div", { class: "section-head" },
              h("h2", { id: "groups-title" }, "Groups of days"),
              h("p", { class: "coverage hint", dataset: { field: "groups", test: "week-coverage" } }, coverageText())),
            groups,
            h("button", {
              id: "week-add-group", type: "button", class: "button secondary add-group",
              disabled: draft.groups.length >= MAX_GROUPS, onclick: addGroup,
            }, icon("plus"), draft.groups.length >= MAX_GROUPS ? `${MAX_GROUPS} groups is the most` : "Add a group of days"))),
        h("aside", { class: "week-side" },
          h("section", { class: "card overview-card", "aria-labelledby": "overview-title" },
            h("div", { class: "card-head" }, h("h2", { id: "overview-title" }, "The week at a glance")),
            h("div", { class: "overview-slot" }),
            h("div", { class: "problems", dataset: { test: "week-problems" }, "aria-live": "polite" })))),
      h("div", { class: "save-bar" },
        h("p", { class: "save-state", dataset: { test: "week-state" }, role: "status" }),
        h("p", { class: "form-error", hidden: true }),
        h("div", { class: "button-row" },
          h("button", { id: "week-revert", type: "button", class: "button secondary", onclick: revert }, "Revert"),
          h("button", { id: "week-save", type: "button", class: "button primary", title: "Save to the nightlight (Ctrl+S)", "aria-keyshortcuts": "Control+S", onclick: save }, "Save to nightlight"))));
    changed();
    if (focusId) document.getElementById(focusId)?.focus();
  }

  function coverageText() {
    const covered = new Set(draft.groups.flatMap((group) => group.days)).size;
    return covered === 7 ? "Every day has a group. Tap a day to move it to another group." : `${covered} of 7 days have a group.`;
  }

  function groupCard(group, g) {
    const tint = GROUP_TINTS[g % GROUP_TINTS.length];
    const card = h("section", { class: "card group-card", "aria-labelledby": `g${g}-title`, dataset: { test: "group", index: String(g) } },
      h("h3", { id: `g${g}-title`, class: "visually-hidden" }, `${group.name || `Group ${g + 1}`} (${group.days.length ? dayRange(group.days) : "no days"})`),
      h("div", { class: "group-head" },
        h("i", { class: "tint", style: `background:${tint}`, "aria-hidden": "true" }),
        h("div", { class: "field group-name" },
          h("label", { for: `g${g}-name` }, "Group name"),
          h("input", {
            id: `g${g}-name`, type: "text", value: group.name, maxlength: "24", autocomplete: "off", dataset: { field: `groups[${g}].name` },
            oninput: (event) => {
              group.name = event.target.value;
              card.querySelector(`#g${g}-title`).textContent = `${group.name || `Group ${g + 1}`} (${group.days.length ? dayRange(group.days) : "no days"})`;
              changed();
            },
          })),
        h("button", {
          id: `g${g}-remove`, type: "button", class: "button ghost small-button", disabled: draft.groups.length === 1,
          "aria-label": `Remove the group ${group.name || g + 1}`, onclick: () => removeGroup(g),
        }, "Remove")),
      h("fieldset", { class: "days", dataset: { field: `groups[${g}]` } },
        h("legend", null, "Days"),
        h("div", { class: "day-chips" }, DAYS.map((day) => dayChip(group, g, day)))),
      h("div", { class: "periods", dataset: { field: `groups[${g}].periods` } },
        h("h4", { class: "periods-title" }, "Light periods"),
        group.periods.length === 0 ? h("p", { class: "hint" }, "No light on these days.") : null,
        group.periods.map((p, j) => periodRow(group, g, p, j))),
      h("button", {
        id: `g${g}-add-period`, type: "button", class: "button secondary small-button",
        disabled: group.periods.length >= MAX_PERIODS || !freeSlot(group), onclick: () => addPeriod(g),
      }, icon("plus"), group.periods.length >= MAX_PERIODS ? `${MAX_PERIODS} periods is the most` : freeSlot(group) ? "Add a period" : "The day is full"));
    card.style.setProperty("--tint", tint);
    return card;
  }

  function dayChip(group, g, day) {
    const here = group.days.includes(day);
    const owner = draft.groups.find((other) => other !== group && other.days.includes(day));
    const state = here ? "in this group" : owner ? `in ${owner.name || "another group"}; press to move it here` : "in no group; press to add it here";
    return h("button", {
      id: `g${g}-day-${day}`, type: "button", class: `day-chip${!here && !owner ? " uncovered" : ""}`,
      "aria-pressed": String(here), "aria-label": `${dayName(day)}: ${state}`, title: `${dayName(day)}: ${state}`,
      onclick: () => toggleDay(g, day),
    }, SHORT[day]);
  }

  function periodRow(group, g, p, j) {
    const id = `g${g}-p${j}`;
    const endNote = h("span", { class: "end-note" }, p.end === 1440 ? " · midnight" : "");
    const swatch = h("div", { class: "field period-color-field" }, h("span", { class: "label", "aria-hidden": "true" }, "Color"), h("button", {
      id: `${id}-color`, type: "button", class: "period-color",
      "aria-label": `Color of period ${j + 1}: ${p.color}, ${describeColor(p.color)}. Change`,
      onclick: async () => {
        const color = await openColorTool({ color: p.color, title: `Color of ${range(p)}`, proofAddress: ctx.address, proofOnOpen: false });
        if (color && color !== p.color) {
          p.color = color;
          build(`${id}-color`);
        }
      },
    }, h("span", { class: "period-swatch", style: `background:${p.color}`, "aria-hidden": "true" }), h("span", { class: "period-hex" }, p.color)));
    const time = (which) => h("div", { class: `field period-${which}` },
      h("label", { for: `${id}-${which}` }, which === "start" ? "From" : ["Until", endNote]),
      h("input", {
        id: `${id}-${which}`, type: "time", step: "60", required: true,
        value: p[which] == null ? "" : formatMinutes(which === "end" && p.end === 1440 ? 0 : p[which]),
        oninput: (event) => {
          const [hours, minutes] = event.target.value.split(":").map(Number);
          const value = event.target.value ? hours * 60 + minutes : null;
          // An end of 00:00 is midnight at the end of the day (24:00): a period never crosses it.
          p[which] = which === "end" && value === 0 ? 1440 : value;
          if (which === "end") endNote.textContent = p.end === 1440 ? " · midnight" : "";
          changed();
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
          id: `${id}-fade`, type: "number", min: "0", max: String(MAX_FADE), step: "1", inputmode: "numeric", value: String(p.fade),
          oninput: (event) => {
            p.fade = event.target.value === "" ? 0 : Number(event.target.value);
            changed();
          },
        })),
      h("button", {
        id: `${id}-remove`, type: "button", class: "icon-button remove-period",
        "aria-label": `Remove period ${j + 1} (${range(p)}) of ${group.name || `group ${g + 1}`}`, onclick: () => removePeriod(g, j),
      }, "×"));
  }

  // ---- After every edit: overview, checks, state ----

  function changed() {
    const problems = checkSchedule(draft);
    root.querySelector(".overview-slot").replaceChildren(weekOverview(draft));
    root.querySelector("[data-test='week-coverage']").textContent = coverageText();
    clearErrors(root);
    for (const problem of problems) markField(problem);
    const list = root.querySelector("[data-test='week-problems']");
    list.replaceChildren(...(problems.length === 0 ? [] : [h("div", { class: "problem-list" },
          h("h3", null, problems.length === 1 ? "1 thing to fix before saving" : `${problems.length} things to fix before saving`),
          h("ul", null, problems.map((problem) => h("li", null,
            h("button", { type: "button", class: "link-button", onclick: () => focusField(problem.field) }, problem.label), ": ", problem.message))))]));
    const dirty = isDirty();
    root.querySelector("[data-test='week-state']").textContent = busy ? "Saving…"
      : problems.length ? "Not ready to save yet" : dirty ? "Unsaved changes" : `This is what ${lightName(ctx)} has now.`;
    root.querySelector("[data-test='week-state']").dataset.state = problems.length ? "problems" : dirty ? "dirty" : "saved";
    root.querySelector("#week-revert").disabled = !dirty || busy;
    root.querySelector("#week-save").disabled = busy;
    root.querySelector("#week-save").setAttribute("aria-busy", String(busy));
  }

  /** Shows a problem next to its field (one note per field), marking the input at fault. */
  function markField({ field, message, part }) {
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

  function focusField(field) {
    const target = root.querySelector(`[data-field="${CSS.escape(field)}"]`);
    const control = target?.matches("input, button") ? target : target?.querySelector("[aria-invalid='true'], input, button");
    target?.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    control?.focus({ preventScroll: true });
  }

  // ---- Edits ----

  function toggleDay(g, day) {
    const group = draft.groups[g];
    if (group.days.includes(day)) group.days = group.days.filter((d) => d !== day);
    else {
      for (const other of draft.groups) other.days = other.days.filter((d) => d !== day);
      group.days.push(day);
    }
    build(`g${g}-day-${day}`);
  }

  function addGroup() {
    const covered = new Set(draft.groups.flatMap((group) => group.days));
    const days = DAYS.filter((day) => !covered.has(day));
    draft.groups.push({ name: days.length ? dayRange(days).slice(0, GROUP_NAME_BYTES) : `Group ${draft.groups.length + 1}`, days, periods: [] });
    build(`g${draft.groups.length - 1}-name`);
  }

  function removeGroup(g) {
    draft.groups.splice(g, 1);
    build("week-add-group");
  }

  /** Where a new period fits: after the last one (an hour, or what is left), else the first gap. */
  function freeSlot(group) {
    const taken = group.periods.filter((p) => p.start != null && p.end > p.start).sort((a, b) => a.start - b.start);
    if (taken.length === 0) return { start: 1170, end: 1440 };
    let from = 0;
    const gaps = [];
    for (const p of taken) {
      if (p.start > from) gaps.push({ start: from, end: p.start });
      from = Math.max(from, p.end);
    }
    if (from < 1440) gaps.push({ start: from, end: 1440 });
    const gap = gaps.reverse().find((slot) => slot.end - slot.start >= 15) ?? null;
    return gap && { start: gap.start, end: Math.min(gap.end, gap.start + 60) };
  }

  function addPeriod(g) {
    const group = draft.groups[g];
    const slot = freeSlot(group);
    const last = group.periods.at(-1);
    group.periods.push({ ...slot, color: last?.color ?? NIGHT, fade: 0 });
    build(`g${g}-p${group.periods.length - 1}-start`);
  }

  function removePeriod(g, j) {
    draft.groups[g].periods.splice(j, 1);
    build(`g${g}-add-period`);
  }

  // ---- Saving ----

  /** Checks the draft; with problems focuses the first and returns false. */
  function ready() {
    const problems = checkSchedule(draft);
    if (problems.length === 0) return true;
    focusField(problems[0].field);
    toast(problems.length === 1 ? "One thing needs fixing first (shown in red)." : `${problems.length} things need fixing first (shown in red).`, "error");
    return false;
  }

  async function save() {
    if (busy || !ready()) return;
    draft = normalized(draft);
    busy = true;
    build("week-save");
    try {
      saved = await api("PUT", base, draft);
      draft = clone(saved);
      busy = false;
      build("week-save");
      toast(`Saved: ${lightName(ctx)} now follows “${saved.name || "this schedule"}”.`, "success");
      ctx.refresh?.();
    } catch (error) {
      busy = false;
      build("week-save");
      showError(root, error);
      root.querySelector(".field-error, .form-error:not([hidden])")?.scrollIntoView({ block: "center" });
    }
  }

  function revert() {
    draft = clone(saved);
    build("week-save");
    toast("Changes undone: back to what the nightlight has.");
  }

  async function startNew() {
    if (!saved) return;
    if (isDirty() && !(await confirmDialog({ title: "Start a new schedule?", message: "Your unsaved changes here will be lost.", confirm: "Start new", danger: true }))) return;
    draft = newSchedule();
    build("week-name");
  }

  async function saveToLibrary() {
    if (!saved || !ready()) return;
    const entry = await askName({
      title: "Save to the library",
      label: "Name in the library",
      value: draft.name,
      confirm: "Save",
      hint: "Saved schedules can be put on any of your nightlights later.",
      submit: (name) => api("POST", "/api/schedules", { name, schedule: normalized(draft) }),
    });
    if (entry) toast(`Saved “${entry.name}” in the library.`, "success");
  }

  load();
  return () => {
    window.removeEventListener("beforeunload", guardUnload);
    if (isDirty()) sessionStorage.setItem(draftKey, JSON.stringify({ saved, draft }));
  };
}
