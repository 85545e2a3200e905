// Schedule versions (docs/dashboard-api.md, "Schedule versions"): every read of a schedule gives
// its version (the `ETag` of the schedule routes, `versions` in the status); every write sends
// the version it was made on as `If-Match`, and is refused with 409 `stale` when the nightlight's
// schedule changed meanwhile. Pure: no DOM.

/** What the page says when a write was refused as stale. */
export const STALE_MESSAGE =
  "This nightlight's schedule was changed elsewhere (another phone or the nightlight itself). Reload to see the current schedule, then make your change again.";

/** A version as an entity tag for `If-Match`: "w-00e4-1a2b3c4d" → "\"w-00e4-1a2b3c4d\"". */
export function entityTag(version) {
  return `"${version}"`;
}

/** The `If-Match` header for a write made on `version`: {} without a version (an unconditional write). */
export function ifMatch(version) {
  return version ? { "If-Match": entityTag(version) } : {};
}

/** The version an `ETag` header names ("\"w-…\"" or weak "W/\"w-…\""), or null without one. */
export function versionFromEntityTag(header) {
  const match = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(header ?? "");
  return match ? match[1] : null;
}
