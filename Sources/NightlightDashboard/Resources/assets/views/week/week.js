// #/week/ADDR — the permanent week schedule editor (SN profile §6.1): groups of days, each with
// light periods; a week overview that follows every edit; checks that explain themselves before
// anything is sent; Save (made on the version read: a schedule changed elsewhere is not
// overwritten), Revert, New schedule and Save to the library. Ctrl+S (⌘S) saves. Unsaved changes
// survive a visit to another section (sessionStorage), while the nightlight keeps the schedule
// they were made on.
//
// Hooks: [data-test="week-editor"], #week-name, [data-test="week-overview"] (views/shared),
// [data-test="group"] … (group-card.js), #week-add-group, [data-test="week-coverage"],
// [data-test="week-problems"], [data-test="week-state"][data-state] (saved | dirty | problems),
// #week-save, #week-revert, #week-new, #week-save-library, .field-error (client checks and the
// server's), [data-test="stale-notice"]. data-field on: name, groups, groups[i] (the days),
// groups[i].name, groups[i].periods, groups[i].periods[j].

import { api, apiRequest, isStale, nightlightPath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon, loading } from "../../lib/dom.js";
import { showError, toast } from "../../lib/feedback.js";
import { lightName } from "../../model/names.js";
import { addGroup, checkSchedule, cloneSchedule, coverageText, newSchedule, normalizeSchedule, sameSchedule } from "../../model/schedule.js";
import { ifMatch, versionFromEntityTag } from "../../model/versions.js";
import { openColorTool } from "../color/color-tool.js";
import { askLibraryName } from "../shared/name-dialog.js";
import { showStaleNotice } from "../shared/stale-notice.js";
import { weekOverview } from "../shared/week-overview.js";
import { groupCard } from "./group-card.js";
import { focusField, showProblems } from "./problems.js";
import { weekDraftKey } from "./draft.js";

/** Shows the week editor in `container`; returns its cleanup (keeps unsaved changes). */
export function render(container, ctx) {
  const path = nightlightPath(ctx.address, "week-schedule");
  const draftKey = weekDraftKey(ctx.address);
  const limits = ctx.limits;
  let saved = null, version = null, draft = null, busy = false;
  const isDirty = () => Boolean(saved) && !sameSchedule(draft, saved);

  const editor = {
    get draft() { return draft; },
    limits,
    edit(change, focusId) {
      draft = change(draft);
      build(focusId);
    },
    changed,
    pickColor: ({ color, title }) => openColorTool({ color, title, proofAddress: ctx.address, proofOnOpen: false }),
  };

  // The heading stays while the rest is rebuilt, so the focus the router gives it stays too.
  const body = h("div", { class: "editor-body" }, loading("Reading the week schedule…"));
  const root = h("div", {
    class: "editor week-editor", dataset: { test: "week-editor" },
    onkeydown: (event) => {
      if (event.key === "s" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        save();
      }
    },
  },
  editorHead(ctx, { startNew, saveToLibrary }),
  body);
  container.replaceChildren(root);

  const guardUnload = (event) => {
    if (isDirty()) event.preventDefault();
  };
  window.addEventListener("beforeunload", guardUnload);

  /** Reads the schedule and its version; `keepDraft` brings back unsaved changes made on the same schedule. */
  async function load({ keepDraft = true } = {}) {
    try {
      const answer = await apiRequest("GET", path);
      saved = answer.body;
      version = versionFromEntityTag(answer.headers.get("ETag"));
      draft = cloneSchedule(saved);
      const kept = JSON.parse(sessionStorage.getItem(draftKey) ?? "null");
      sessionStorage.removeItem(draftKey);
      if (keepDraft && kept && sameSchedule(kept.saved, saved)) draft = kept.draft;
      build();
      if (keepDraft && kept && isDirty()) toast(kept.note ?? "Your unsaved changes are back. Save them, or Revert.");
    } catch (error) {
      body.replaceChildren(h("div", { class: "banner", role: "alert" }, icon("alert"),
        h("p", null, `Could not read the week schedule: ${error.message}`),
        h("button", { type: "button", class: "button secondary", onclick: () => load() }, "Try again")));
    }
  }

  // ---- Building the editor (again after each structural change, keeping the focus) ----

  function build(focusId = document.activeElement?.id) {
    body.replaceChildren(...editorBody(editor, {
      addGroup: () => editor.edit((schedule) => addGroup(schedule, limits) ?? schedule, `g${draft.groups.length}-name`),
      revert,
      save,
    }));
    changed();
    if (focusId) document.getElementById(focusId)?.focus();
  }

  /** After every edit: the overview, the checks, the state and the buttons. */
  function changed() {
    const problems = checkSchedule(draft, limits);
    root.querySelector(".overview-slot").replaceChildren(weekOverview(draft));
    root.querySelector("[data-test='week-coverage']").textContent = coverageText(draft);
    showProblems(root, problems);
    const dirty = isDirty();
    const state = root.querySelector("[data-test='week-state']");
    state.textContent = busy ? "Saving…"
      : problems.length ? "Not ready to save yet" : dirty ? "Unsaved changes" : `This is what ${lightName(ctx.device)} has now.`;
    state.dataset.state = problems.length ? "problems" : dirty ? "dirty" : "saved";
    root.querySelector("#week-revert").disabled = !dirty || busy;
    root.querySelector("#week-save").disabled = busy;
    root.querySelector("#week-save").setAttribute("aria-busy", String(busy));
  }

  // ---- Saving ----

  async function save() {
    if (busy || !readyToSave(root, draft, limits)) return;
    draft = normalizeSchedule(draft);
    busy = true;
    build("week-save");
    try {
      const answer = await apiRequest("PUT", path, draft, { headers: ifMatch(version) });
      saved = answer.body;
      version = versionFromEntityTag(answer.headers.get("ETag"));
      draft = cloneSchedule(saved);
      busy = false;
      build("week-save");
      toast(`Saved: ${lightName(ctx.device)} now follows “${saved.name || "this schedule"}”.`, "success");
      ctx.refresh?.();
    } catch (error) {
      busy = false;
      build("week-save");
      if (isStale(error)) {
        showStaleNotice(container, () => load({ keepDraft: false }));
        return;
      }
      showError(root, error);
      root.querySelector(".field-error, .form-error:not([hidden])")?.scrollIntoView({ block: "center" });
    }
  }

  function revert() {
    draft = cloneSchedule(saved);
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
    if (saved && readyToSave(root, draft, limits)) await saveDraftToLibrary(draft, limits);
  }

  load();
  return () => {
    window.removeEventListener("beforeunload", guardUnload);
    if (isDirty()) sessionStorage.setItem(draftKey, JSON.stringify({ saved, draft }));
  };
}

/** The editor's heading, with New schedule and Save to library. */
function editorHead(ctx, { startNew, saveToLibrary }) {
  return h("div", { class: "view-head" },
    h("div", null,
      h("h1", null, "Week schedule"),
      h("p", { class: "lead" }, `When ${lightName(ctx.device)} glows, day by day. Days with the same evenings share a group.`)),
    h("div", { class: "button-row" },
      h("button", { id: "week-new", type: "button", class: "button secondary small-button", onclick: startNew }, icon("plus"), "New schedule"),
      h("button", { id: "week-save-library", type: "button", class: "button secondary small-button", onclick: saveToLibrary }, icon("library"), "Save to library…")));
}

/** The editor's body for its draft: the name, the groups, the overview and problems, the save bar. */
function editorBody(editor, { addGroup, revert, save }) {
  const { draft, limits } = editor;
  const full = draft.groups.length >= limits.weekSchedule.maximumGroups;
  return [
    h("div", { class: "week-layout" },
      h("div", { class: "week-main" },
        h("section", { class: "card", "aria-labelledby": "week-name-label" },
          h("div", { class: "field" },
            h("label", { id: "week-name-label", for: "week-name" }, "Schedule name"),
            h("input", {
              id: "week-name", type: "text", value: draft.name, placeholder: "e.g. School nights", autocomplete: "off",
              maxlength: "40", "aria-describedby": "week-name-hint", dataset: { field: "name" },
              oninput: (event) => {
                draft.name = event.target.value;
                editor.changed();
              },
            }),
            h("p", { id: "week-name-hint", class: "hint" }, `Up to ${limits.weekSchedule.nameMaximumBytes} characters; the nightlight keeps it with the schedule.`))),
        h("section", { class: "groups", "aria-labelledby": "groups-title" },
          h("div", { class: "section-head" },
            h("h2", { id: "groups-title" }, "Groups of days"),
            h("p", { class: "coverage hint", dataset: { field: "groups", test: "week-coverage" } }, coverageText(draft))),
          draft.groups.map((_, g) => groupCard(editor, g)),
          h("button", { id: "week-add-group", type: "button", class: "button secondary add-group", disabled: full, onclick: addGroup },
            icon("plus"), full ? `${limits.weekSchedule.maximumGroups} groups is the most` : "Add a group of days"))),
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
        h("button", { id: "week-save", type: "button", class: "button primary", title: "Save to the nightlight (Ctrl+S)", "aria-keyshortcuts": "Control+S", onclick: save }, "Save to nightlight"))),
  ];
}

/** Checks the draft; with problems focuses the first, says how many, and returns false. */
function readyToSave(root, draft, limits) {
  const problems = checkSchedule(draft, limits);
  if (problems.length === 0) return true;
  focusField(root, problems[0].field);
  toast(problems.length === 1 ? "One thing needs fixing first (shown in red)." : `${problems.length} things need fixing first (shown in red).`, "error");
  return false;
}

/** Saves the draft in the schedule library under a name the parent gives. */
async function saveDraftToLibrary(draft, limits) {
  const entry = await askLibraryName({
    title: "Save to the library",
    label: "Name in the library",
    value: draft.name,
    confirm: "Save",
    hint: "Saved schedules can be put on any of your nightlights later.",
    maximumBytes: limits.libraryName.maximumBytes,
    submit: (name) => api("POST", "/api/schedules", { name, schedule: normalizeSchedule(draft) }),
  });
  if (entry) toast(`Saved “${entry.name}” in the library.`, "success");
}
