// Today's timeline (SN profile §6): the lit segments of the day as the server computes them, and
// editing a day's periods on it — moving and resizing in 5-minute steps without running into the
// neighbours, a free slot for a new period, the list written back with a period changed, added or
// removed, and where the server's error fields point. Minutes run from 0 to 1440 (24:00, midnight
// at the end of the day): a period never crosses midnight. Pure: no DOM.

import { DAY_MINUTES, parseTime } from "./format.js";

export { DAY_MINUTES };

/** The step periods move and resize in, in minutes. */
export const SNAP_MINUTES = 5;

/** The longest a new period offered on the timeline is, in minutes. */
export const NEW_PERIOD_MINUTES = 60;

/** The colour of a new period: the factory schedule's dim amber. */
export const NIGHT_AMBER = "#402000";

/** `minute` rounded to the nearest step. */
export function snap(minute, step = SNAP_MINUTES) {
  return Math.round(minute / step) * step;
}

/** `value` kept within low…high. */
export function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}

/** Where a minute of the day sits on a 24-hour bar, in percent (1440 → 100). */
export function percentOfDay(minute) {
  return (minute / DAY_MINUTES) * 100;
}

/** A timeline segment that lights (its source is not `idle`). */
export function isLit(segment) {
  return segment.source?.idle === undefined;
}

/** The lit periods of a timeline as plain periods {start, end, color, fade}, in order. */
export function litPeriods(timeline) {
  return timeline.filter(isLit).map(({ start, end, color, fade }) => ({ start, end, color, fade }));
}

/** The segment (lit or idle) at a minute of the day (start ≤ minute < end), or null. */
export function segmentAt(timeline, minute) {
  if (minute === null || minute === undefined) return null;
  return timeline.find((segment) => segment.start <= minute && minute < segment.end) ?? null;
}

/** The next lit segment that starts after `minute`, or null (no more light today). */
export function nextLight(timeline, minute) {
  return timeline.find((segment) => isLit(segment) && segment.start > minute) ?? null;
}

/** Whether a period is fading at `minute`: "in" during its first `fade` minutes, "out" during its last, else null. */
export function fadePhase(period, minute) {
  if (!period.fade) return null;
  if (minute - period.start < period.fade) return "in";
  if (period.end - minute < period.fade) return "out";
  return null;
}

/** How far period `index` may reach without running into its neighbours: {low, high}. */
export function periodBounds(periods, index) {
  return {
    low: index > 0 ? periods[index - 1].end : 0,
    high: index < periods.length - 1 ? periods[index + 1].start : DAY_MINUTES,
  };
}

/**
 * Period `index` moved from where it was (`from`: {start, end}) by `delta` minutes: its
 * "start" (resize; keeps at least one step), its "end" (resize), or both ("move"; keeps its
 * length). Snaps to 5 minutes and stays between its neighbours and within the day. Returns the
 * new {start, end}.
 */
export function movePeriod(periods, index, kind, from, delta) {
  const { low, high } = periodBounds(periods, index);
  if (kind === "start") return { start: clamp(snap(from.start + delta), low, from.end - SNAP_MINUTES), end: from.end };
  if (kind === "end") return { start: from.start, end: clamp(snap(from.end + delta), from.start + SNAP_MINUTES, high) };
  const length = from.end - from.start;
  const start = clamp(snap(from.start + delta), low, high - length);
  return { start, end: start + length };
}

/** Whether a draft's times differ from the period's. */
export function isMoved(draft, period) {
  return draft.start !== period.start || draft.end !== period.end;
}

/** The period with its fade kept within half its length (the profile's rule; a shorter period fades less). */
export function fitFade(period) {
  return { ...period, fade: Math.min(period.fade, Math.floor((period.end - period.start) / 2)) };
}

/**
 * Room for a new period on today's timeline: the longest gap of the day (the earliest of equal
 * ones), at most an hour of it, in night amber without a fade; null when the day has
 * `limits.weekSchedule.maximumPeriods` periods already or no gap of a step.
 */
export function freeSlot(periods, limits) {
  if (periods.length >= limits.weekSchedule.maximumPeriods) return null;
  let best = null;
  let cursor = 0;
  for (const period of [...periods, { start: DAY_MINUTES, end: DAY_MINUTES }]) {
    if (period.start - cursor > (best ? best.end - best.start : 0)) best = { start: cursor, end: period.start };
    cursor = period.end;
  }
  if (!best || best.end - best.start < SNAP_MINUTES) return null;
  return { start: best.start, end: Math.min(best.end, best.start + NEW_PERIOD_MINUTES), color: NIGHT_AMBER, fade: 0 };
}

/**
 * The day's periods to write: period `index` replaced by `edited` (index null: `edited` added;
 * `edited` null: period `index` removed), sorted by start.
 */
export function withPeriod(periods, index, edited) {
  const list = periods.filter((_, i) => i !== index);
  if (edited) list.push(edited);
  return list.sort((a, b) => a.start - b.start);
}

/**
 * Where the server's error fields name the day's periods and the edited one, for a write of
 * `periods` with `edited` in it: to the temporary schedule ("periods", "periods[1]") or to week
 * group `groupIndex` ("groups[0].periods", "groups[0].periods[1]").
 */
export function periodFields(target, periods, edited, groupIndex) {
  const list = target === "today" ? "periods" : `groups[${groupIndex}].periods`;
  return { periods: list, period: `${list}[${periods.indexOf(edited)}]` };
}

/** The temporary schedule runs (it has days left). */
export function isTemporaryActive(status) {
  return status.temporarySchedule.remainingDays > 0;
}

/**
 * The week schedule's group of `day` ("monday"…); without a day (the clock is not set), the
 * group the timeline names; null when there is none.
 */
export function todayGroup(weekSchedule, day, timeline = []) {
  const groups = weekSchedule.groups;
  const byDay = day && groups.find((group) => group.days.includes(day));
  if (byDay) return byDay;
  const named = timeline.find((segment) => segment.source?.week)?.source.week.group;
  return groups.find((group) => group.name === named) ?? null;
}

/** How many days a temporary schedule runs: 1 … 30 (§6.2). */
export const MAXIMUM_TEMPORARY_DAYS = 30;

/**
 * The period a parent typed in the period dialog (times like "19:30", "24:00"; the fade in whole
 * minutes) with its colour: {period} or, when a field is wrong, {problem: {input, message}}
 * naming the first wrong input ("start", "end" or "fade"). The rules between periods (order,
 * overlaps, half-length fades) are the server's.
 */
export function readPeriodInputs({ start, end, fade }, color) {
  const s = parseTime(start);
  const e = parseTime(end);
  const f = Number(fade);
  if (s === null) return { problem: { input: "start", message: "Enter the start as a time like 19:30." } };
  if (e === null) return { problem: { input: "end", message: "Enter the end as a time like 07:00 (24:00 for midnight)." } };
  if (!Number.isInteger(f) || f < 0) return { problem: { input: "fade", message: "Enter the fade in whole minutes, 0 or more." } };
  return { period: { start: s, end: e, color, fade: f } };
}

/** Whether a number of days is one a temporary schedule takes (a whole number, 1 … 30). */
export function isTemporaryDays(days) {
  return Number.isInteger(days) && days >= 1 && days <= MAXIMUM_TEMPORARY_DAYS;
}
