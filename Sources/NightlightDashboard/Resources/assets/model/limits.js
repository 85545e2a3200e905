// The Smart Nightlight's limits as `GET /api/limits` gives them (docs/dashboard-api.md), and the
// checks of names against them. The page reads them once at start; model functions take them as
// a parameter. Pure: no DOM.

import { tooLong, utf8Length } from "./format.js";

/**
 * The shape of `GET /api/limits`, for reading the code (and for tests):
 * {childName: {maximumBytes}, weekSchedule: {maximumGroups, maximumPeriods, maximumFadeMinutes,
 * nameMaximumBytes, groupNameMaximumBytes}, libraryName: {maximumBytes}, firmwareImage: {maximumBytes}}.
 * @typedef {object} Limits
 */

/**
 * Whether `limits` has every field the page uses, each a positive whole number; returns the
 * missing or wrong ones ("weekSchedule.maximumPeriods", …): [] when all is well.
 */
export function limitProblems(limits) {
  const wanted = {
    childName: ["maximumBytes"],
    weekSchedule: ["maximumGroups", "maximumPeriods", "maximumFadeMinutes", "nameMaximumBytes", "groupNameMaximumBytes"],
    libraryName: ["maximumBytes"],
    firmwareImage: ["maximumBytes"],
  };
  const problems = [];
  for (const [group, fields] of Object.entries(wanted)) {
    for (const field of fields) {
      const value = limits?.[group]?.[field];
      if (!Number.isInteger(value) || value <= 0) problems.push(`${group}.${field}`);
    }
  }
  return problems;
}

/** What is wrong with a name of at most `maximumBytes` bytes: "Enter a name." / "… too long …", or null. */
export function nameProblem(name, maximumBytes, { what = "name" } = {}) {
  const trimmed = (name ?? "").trim();
  if (!trimmed) return `Enter a ${what}.`;
  if (utf8Length(trimmed) > maximumBytes) return tooLong(`that ${what}`, trimmed, maximumBytes);
  return null;
}
