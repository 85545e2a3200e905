// #/library/ADDR — the schedule library: saved week schedules, each with a small week overview;
// save the nightlight's current schedule, put a saved one on it in one tap, rename, duplicate,
// delete. Also askName(), the name dialog the week editor uses too.
//
// Hooks: [data-test="library"], #library-save-name, #library-save, [data-test="library-list"],
// [data-test="library-entry"][data-name=…] with [data-test="library-apply"],
// [data-test="library-rename"], [data-test="library-duplicate"], [data-test="library-delete"],
// [data-test="library-current"] (the entry equal to the nightlight's schedule),
// [data-test="library-damaged"], [data-test="library-empty"];
// the name dialog: dialog[data-test="name-dialog"], #name-input, #name-submit, #name-cancel.

import { api, ApiError, devicePath } from "./api.js";
import { h, icon, openDialog, showError, clearErrors, toast, confirmDialog } from "./ui.js";
import { weekOverview, normalized, lightName, bytes } from "./week.js";

const NAME_BYTES = 60;

/**
 * Asks for a name in a modal dialog and calls `submit(name)`; an ApiError it throws (a name
 * already taken, …) is shown at the field and the dialog stays open. Resolves with what submit
 * returned, or null when cancelled.
 */
export async function askName({ title, label = "Name", value = "", confirm = "Save", hint = null, submit }) {
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
          const problem = !name ? "Enter a name." : bytes(name) > NAME_BYTES ? `That name is too long: at most ${NAME_BYTES} bytes.` : null;
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
            showError(form, taken(error, name));
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

/** A problem the page finds itself, shown like the server's: next to its field. */
const fieldProblem = (field, message) => new ApiError({ status: 0, code: "invalidValue", field, message });

/** The server's "name taken" in the page's words (the API has no way to replace an entry). */
const taken = (error, name) =>
  error?.code === "scheduleExists" ? fieldProblem("name", `“${name}” is already in the library (names ignore case). Choose another name.`) : error;

const sameSchedule = (a, b) => a && b && JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
const schedulePath = (name, ...rest) => ["/api/schedules", encodeURIComponent(name), ...rest].join("/");
const day = (date) => new Date(date).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

export function render(container, ctx) {
  let entries = null, current = null;
  const root = h("div", { class: "editor library", dataset: { test: "library" } });
  container.replaceChildren(root);
  const listSlot = h("div", { class: "library-slot" }, h("div", { class: "loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Opening the library…"));
  const nameInput = h("input", { id: "library-save-name", type: "text", autocomplete: "off", dataset: { field: "name" }, placeholder: "e.g. School nights" });
  const saveButton = h("button", { id: "library-save", type: "submit", class: "button primary" }, "Save");
  const saveForm = h("form", { class: "card save-card", novalidate: true, "aria-labelledby": "library-save-title", onsubmit: saveCurrent },
    h("h2", { id: "library-save-title" }, `Save what ${lightName(ctx)} has now`),
    h("div", { class: "inline-form" },
      h("div", { class: "field" }, h("label", { for: "library-save-name" }, "Name in the library"), nameInput),
      saveButton),
    h("p", { class: "form-error", hidden: true }));

  root.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Schedule library"),
        h("p", { class: "lead" }, `Week schedules you saved. Put one on ${lightName(ctx)} with one tap.`)),
      h("a", { class: "button ghost", href: `#/week/${ctx.address}` }, icon("week"), "Edit the week")),
    saveForm,
    listSlot);

  async function load() {
    try {
      [entries, current] = await Promise.all([
        api("GET", "/api/schedules"),
        api("GET", devicePath(ctx.address, "week-schedule")).catch(() => null),
      ]);
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
        h("p", { class: "small" }, `Save ${lightName(ctx)}'s schedule above to switch back to it later, or to put it on another nightlight.`)));
      return;
    }
    listSlot.replaceChildren(h("ul", { class: "library-list", dataset: { test: "library-list" }, "aria-label": "Saved schedules" }, entries.map(entryCard)));
    if (focusSelector) listSlot.querySelector(focusSelector)?.focus();
  }

  function source(address) {
    const device = ctx.devices?.find((d) => d.address.toUpperCase() === address?.toUpperCase());
    if (!address) return null;
    return device ? (device.childName ? `${device.childName}'s nightlight` : device.deviceName) : address;
  }

  function entryCard(entry) {
    const damaged = entry.schedule == null; // the server leaves it out (or null) when the stored copy is damaged
    const isCurrent = !damaged && sameSchedule(entry.schedule, current);
    const from = source(entry.sourceDeviceAddress);
    const action = (test, label, handler, extra = {}) =>
      h("button", { type: "button", class: "button secondary small-button", dataset: { test }, onclick: (event) => handler(entry, event.currentTarget), ...extra }, label);
    return h("li", { class: `card library-entry${isCurrent ? " is-current" : ""}`, dataset: { test: "library-entry", name: entry.name } },
      h("div", { class: "card-head" },
        h("h2", { class: "entry-name" }, entry.name),
        isCurrent ? h("span", { class: "badge ok", dataset: { test: "library-current" } }, icon("check"), "On the nightlight") : null),
      h("p", { class: "muted small" },
        [damaged ? null : entry.schedule.name && entry.schedule.name !== entry.name ? `Named “${entry.schedule.name}” on the nightlight · ` : null,
          from ? `from ${from} · ` : null, `saved ${day(entry.updatedAt)}`].filter(Boolean).join("")),
      damaged
        ? h("p", { class: "note danger-note", dataset: { test: "library-damaged" } }, "This saved copy is damaged and can no longer be read. You can still rename or delete it.")
        : weekOverview(entry.schedule, { compact: true, label: `${entry.name}, week at a glance` }),
      h("div", { class: "button-row entry-actions" },
        damaged ? null : h("button", {
          type: "button", class: `button ${isCurrent ? "secondary" : "primary"} small-button`, dataset: { test: "library-apply" },
          "aria-label": `Put ${entry.name} on ${lightName(ctx)}`, onclick: (event) => applyEntry(entry, event.currentTarget),
        }, isCurrent ? "Put on again" : `Put on ${ctx.device?.childName ? `${ctx.device.childName}'s light` : "nightlight"}`),
        action("library-rename", "Rename", renameEntry, { "aria-label": `Rename ${entry.name}` }),
        damaged ? null : action("library-duplicate", "Duplicate", duplicateEntry, { "aria-label": `Duplicate ${entry.name}` }),
        action("library-delete", "Delete", deleteEntry, { "aria-label": `Delete ${entry.name}`, class: "button secondary small-button delete-button" })));
  }

  // ---- Actions ----

  async function saveCurrent(event) {
    event.preventDefault();
    clearErrors(saveForm);
    const name = nameInput.value.trim();
    if (!name) {
      showError(saveForm, fieldProblem("name", "Enter a name for the saved schedule."));
      nameInput.focus();
      return;
    }
    saveButton.disabled = true;
    try {
      const entry = await api("POST", "/api/schedules", { name, fromDevice: ctx.address });
      entries = [...entries.filter((e) => e.name !== entry.name), entry].sort((a, b) => a.name.localeCompare(b.name));
      show();
      toast(`Saved “${entry.name}” in the library.`, "success");
    } catch (error) {
      showError(saveForm, taken(error, name));
      nameInput.focus();
    } finally {
      saveButton.disabled = false;
    }
  }

  async function applyEntry(entry, button) {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      current = await api("POST", schedulePath(entry.name, "apply"), { address: ctx.address });
      show(`[data-name="${CSS.escape(entry.name)}"] [data-test="library-apply"]`);
      toast(`${lightName(ctx)[0].toUpperCase()}${lightName(ctx).slice(1)} now follows “${entry.name}”.`, "success");
      ctx.refresh?.();
    } catch (error) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      toast(`Could not put “${entry.name}” on the nightlight: ${error.message}`, "error");
    }
  }

  async function renameEntry(entry) {
    const renamed = await askName({
      title: `Rename “${entry.name}”`, label: "New name", value: entry.name, confirm: "Rename",
      submit: (name) => api("PATCH", schedulePath(entry.name), { name }),
    });
    if (!renamed) return;
    entries = entries.map((e) => (e.name === entry.name ? renamed : e)).sort((a, b) => a.name.localeCompare(b.name));
    show(`[data-name="${CSS.escape(renamed.name)}"] [data-test="library-rename"]`);
    toast(`Renamed to “${renamed.name}”.`, "success");
  }

  async function duplicateEntry(entry) {
    const copy = await askName({
      title: `Duplicate “${entry.name}”`, label: "Name of the copy", value: `${entry.name} copy`, confirm: "Duplicate",
      submit: (name) => api("POST", schedulePath(entry.name, "duplicate"), { name }),
    });
    if (!copy) return;
    entries = [...entries, copy].sort((a, b) => a.name.localeCompare(b.name));
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
