// Where the week editor keeps unsaved changes while the page moves away (sessionStorage), so
// they come back; the library puts a template there to open it in the editor.

/**
 * The sessionStorage key of a nightlight's unsaved week: its value is JSON {saved, draft, note?}:
 * the schedule the draft was made on (the draft comes back only while the nightlight still has
 * it), the draft, and what to tell the parent when it comes back.
 */
export function weekDraftKey(address) {
  return `nightlight.weekDraft.${address}`;
}
