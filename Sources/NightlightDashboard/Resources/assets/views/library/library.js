// #/library/ADDR — the schedule library: saved week schedules, each with a small week overview;
// save the nightlight's current schedule, put a saved one on it in one tap (made on the version of
// its schedule read here: one changed elsewhere is not overwritten), rename, duplicate, delete.
//
// Hooks: [data-test="library"], #library-save-name, #library-save, [data-test="library-list"],
// [data-test="library-entry"][data-name=…] with [data-test="library-apply"],
// [data-test="library-rename"], [data-test="library-duplicate"], [data-test="library-delete"],
// [data-test="library-current"] (the entry equal to the nightlight's schedule),
// [data-test="library-damaged"], [data-test="library-empty"], [data-test="stale-notice"];
// the name dialog (views/shared/name-dialog.js).

import { api, apiRequest, isStale, nightlightPath, schedulePath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon, loading } from "../../lib/dom.js";
import { clearErrors, fieldProblem, showError, toast } from "../../lib/feedback.js";
import { capitalize } from "../../model/format.js";
import { nameProblem } from "../../model/limits.js";
import { lightName } from "../../model/names.js";
import { ifMatch, versionFromEntityTag } from "../../model/versions.js";
import { SCHEDULE_TEMPLATES } from "../../model/templates.js";
import { askLibraryName, nameTaken } from "../shared/name-dialog.js";
import { showStaleNotice } from "../shared/stale-notice.js";
import { weekOverview } from "../shared/week-overview.js";
import { weekDraftKey } from "../week/draft.js";
import { entryCard } from "./entry-card.js";

const byName = (a, b) => a.name.localeCompare(b.name);

/** Shows the library in `container`. */
export function render(container, ctx) {
  const maximumBytes = ctx.limits.libraryName.maximumBytes;
  let entries = null, current = null, version = null;
  const root = h("div", { class: "editor library", dataset: { test: "library" } });
  container.replaceChildren(root);
  const listSlot = h("div", { class: "library-slot" }, loading("Opening the library…"));
  const nameInput = h("input", { id: "library-save-name", type: "text", autocomplete: "off", dataset: { field: "name" }, placeholder: "e.g. School nights" });
  const saveButton = h("button", { id: "library-save", type: "submit", class: "button primary" }, "Save");
  const saveForm = h("form", { class: "card save-card", novalidate: true, "aria-labelledby": "library-save-title", onsubmit: saveCurrent },
    h("h2", { id: "library-save-title" }, `Save what ${lightName(ctx.device)} has now`),
    h("div", { class: "inline-form" },
      h("div", { class: "field" }, h("label", { for: "library-save-name" }, "Name in the library"), nameInput),
      saveButton),
    h("p", { class: "form-error", hidden: true }));

  root.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Schedule library"),
        h("p", { class: "lead" }, `Week schedules you saved. Put one on ${lightName(ctx.device)} with one tap.`)),
      h("a", { class: "button ghost", href: `#/week/${ctx.address}` }, icon("week"), "Edit the week")),
    saveForm,
    listSlot,
    templatesSection(ctx, (template) => openTemplate(ctx, current, root, template)));


  /** Reads the library and the nightlight's schedule (with its version). */
  async function load() {
    try {
      const [list, schedule] = await Promise.all([
        api("GET", "/api/schedules"),
        apiRequest("GET", nightlightPath(ctx.address, "week-schedule")).catch(() => null),
      ]);
      entries = list;
      current = schedule?.body ?? null;
      version = versionFromEntityTag(schedule?.headers.get("ETag"));
      if (!nameInput.value && current?.name) nameInput.value = current.name;
      show();
    } catch (error) {
      listSlot.replaceChildren(h("div", { class: "banner", role: "alert" }, icon("alert"),
        h("p", null, `Could not open the library: ${error.message}`),
        h("button", { type: "button", class: "button secondary", onclick: load }, "Try again")));
    }
  }

  function show(focusSelector) {
    if (entries.length === 0) {
      listSlot.replaceChildren(h("div", { class: "card empty", dataset: { test: "library-empty" } }, icon("library"),
        h("p", null, "No saved schedules yet."),
        h("p", { class: "small" }, `Save ${lightName(ctx.device)}'s schedule above to switch back to it later, or to put it on another nightlight.`)));
      return;
    }
    const actions = { apply: applyEntry, rename: renameEntry, duplicate: duplicateEntry, remove: deleteEntry };
    listSlot.replaceChildren(h("ul", { class: "library-list", dataset: { test: "library-list" }, "aria-label": "Saved schedules" },
      entries.map((entry) => entryCard(entry, { ctx, current, actions }))));
    if (focusSelector) listSlot.querySelector(focusSelector)?.focus();
  }

  // ---- Actions ----

  async function saveCurrent(event) {
    event.preventDefault();
    clearErrors(saveForm);
    const name = nameInput.value.trim();
    const problem = nameProblem(name, maximumBytes, { what: "name for the saved schedule" });
    if (problem) {
      showError(saveForm, fieldProblem("name", problem));
      nameInput.focus();
      return;
    }
    saveButton.disabled = true;
    try {
      const entry = await api("POST", "/api/schedules", { name, fromDevice: ctx.address });
      entries = [...entries.filter((e) => e.name !== entry.name), entry].sort(byName);
      show();
      toast(`Saved “${entry.name}” in the library.`, "success");
    } catch (error) {
      showError(saveForm, nameTaken(error, name));
      nameInput.focus();
    } finally {
      saveButton.disabled = false;
    }
  }

  async function applyEntry(entry, button) {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      const answer = await apiRequest("POST", schedulePath(entry.name, "apply"), { address: ctx.address }, { headers: ifMatch(version) });
      current = answer.body;
      version = versionFromEntityTag(answer.headers.get("ETag"));
      show(`[data-name="${CSS.escape(entry.name)}"] [data-test="library-apply"]`);
      toast(`${capitalize(lightName(ctx.device))} now follows “${entry.name}”.`, "success");
      ctx.refresh?.();
    } catch (error) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      if (isStale(error)) showStaleNotice(container, load);
      else toast(`Could not put “${entry.name}” on the nightlight: ${error.message}`, "error");
    }
  }

  async function renameEntry(entry) {
    const renamed = await askLibraryName({
      title: `Rename “${entry.name}”`, label: "New name", value: entry.name, confirm: "Rename", maximumBytes,
      submit: (name) => api("PATCH", schedulePath(entry.name), { name }),
    });
    if (!renamed) return;
    entries = entries.map((e) => (e.name === entry.name ? renamed : e)).sort(byName);
    show(`[data-name="${CSS.escape(renamed.name)}"] [data-test="library-rename"]`);
    toast(`Renamed to “${renamed.name}”.`, "success");
  }

  async function duplicateEntry(entry) {
    const copy = await askLibraryName({
      title: `Duplicate “${entry.name}”`, label: "Name of the copy", value: `${entry.name} copy`, confirm: "Duplicate", maximumBytes,
      submit: (name) => api("POST", schedulePath(entry.name, "duplicate"), { name }),
    });
    if (!copy) return;
    entries = [...entries, copy].sort(byName);
    show(`[data-name="${CSS.escape(copy.name)}"] [data-test="library-rename"]`);
    toast(`Made “${copy.name}”.`, "success");
  }

  async function deleteEntry(entry) {
    const sure = await confirmDialog({
      title: `Delete “${entry.name}”?`,
      message: "It goes from the library. Nightlights that follow it keep their schedule.",
      confirm: "Delete", danger: true,
    });
    if (!sure) return;
    try {
      await api("DELETE", schedulePath(entry.name));
      entries = entries.filter((e) => e.name !== entry.name);
      show();
      (listSlot.querySelector("[data-test='library-apply'], [data-test='library-rename']") ?? nameInput).focus();
      toast(`Deleted “${entry.name}”.`, "success");
    } catch (error) {
      toast(`Could not delete “${entry.name}”: ${error.message}`, "error");
    }
  }

  load();
}

/** The ready-made schedules (model/templates.js): each opens in the week editor through `use(template)`, to be changed and then saved. */
function templatesSection(ctx, use) {
  return h("section", { class: "card", "aria-labelledby": "templates-title", dataset: { test: "templates" } },
    h("h2", { id: "templates-title" }, "Start from a template"),
    h("p", { class: "muted" }, `Each opens in the week editor: change what you like, then Save puts it on ${lightName(ctx.device)}.`),
    h("ul", { class: "template-list" }, SCHEDULE_TEMPLATES.map((template) =>
      h("li", { class: "template", dataset: { test: "template", id: template.id } },
        h("h3", null, template.name),
        h("p", { class: "small" }, template.description),
        weekOverview(template.schedule(), { compact: true, label: `${template.name} at a glance` }),
        h("button", {
          type: "button", class: "button secondary", dataset: { test: "template-use", id: template.id },
          onclick: () => use(template),
        }, icon("week"), `Edit “${template.name}”`)))));
}

/**
 * Opens the week editor with `template` as unsaved changes to the nightlight's schedule
 * (`current`, read by the library; the editor keeps the draft only while the nightlight has it).
 */
function openTemplate(ctx, current, root, template) {
  if (!current) {
    showError(root, new Error("The nightlight's week schedule could not be read; try again when it is in reach."));
    return;
  }
  sessionStorage.setItem(weekDraftKey(ctx.address), JSON.stringify({
    saved: current, draft: template.schedule(),
    note: `“${template.name}” is in the editor: change what you like, then Save puts it on ${lightName(ctx.device)}.`,
  }));
  ctx.navigate(`#/week/${ctx.address}`);
}
