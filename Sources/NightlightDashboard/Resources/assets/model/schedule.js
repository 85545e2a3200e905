// The week schedule (SN profile §6.1): groups of days, each with light periods. Editing it (a new
// schedule, groups and days, periods) returns a new schedule and leaves the old one as it was;
// checkSchedule explains every broken rule before anything is sent. Limits come from
// `GET /api/limits` (model/limits.js). Pure: no DOM.

import { DAYS, dayName, dayRange, listInWords } from "./days.js";
import { DAY_MINUTES, formatMinutes, tooLong, truncateToBytes, utf8Length } from "./format.js";
import { NIGHT_AMBER } from "./timeline.js";

/** A tint per group, so the overview shows which days share a program. */
export const GROUP_TINTS = ["#ffb347", "#8fb8ff", "#6fdca5", "#e79bff", "#ff8fa3", "#7fe3e0", "#d8d27a"];

/** Where the first period of an empty group goes: 19:30–24:00. */
const EVENING = { start: 1170, end: DAY_MINUTES };

/** The shortest gap a new period is offered in, in minutes. */
const SHORTEST_NEW_PERIOD = 15;

/** A deep copy of a schedule (plain JSON). */
export function cloneSchedule(schedule) {
  return JSON.parse(JSON.stringify(schedule));
}

/** The nightlight's factory-style start for a new schedule: "Working days" and "Weekend" (§6.1). */
export function newSchedule() {
  const period = (start, end) => ({ start, end, color: NIGHT_AMBER, fade: 0 });
  return {
    name: "",
    groups: [
      { name: "Working days", days: DAYS.slice(0, 5), periods: [period(0, 390), period(1170, 1440)] },
      { name: "Weekend", days: DAYS.slice(5), periods: [period(0, 480), period(1200, 1440)] },
    ],
  };
}

/** The schedule as the API takes it: days in week order, periods sorted by start, no extra fields. */
export function normalizeSchedule(schedule) {
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

/** The longest week schedule name on a nightlight, in UTF-8 bytes (SN profile §6.1). */
export const MAXIMUM_SCHEDULE_NAME_BYTES = 20;

/**
 * The schedule under `name`, cut to 20 bytes of UTF-8 at a character boundary: what a saved
 * schedule becomes on the nightlight when it is applied (the server does the same,
 * `WeekSchedule.named`), so the nightlight shows the library's name.
 */
export function namedSchedule(schedule, name) {
  const encoder = new TextEncoder();
  let cut = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(name)) {
    if (encoder.encode(cut + segment).length > MAXIMUM_SCHEDULE_NAME_BYTES) break;
    cut += segment;
  }
  return { ...schedule, name: cut };
}

/** Whether two schedules are the same once normalized (false when either is missing). */
export function sameSchedule(a, b) {
  return Boolean(a && b) && JSON.stringify(normalizeSchedule(a)) === JSON.stringify(normalizeSchedule(b));
}

/** "19:30–24:00"; a missing time shows as "?". */
export function periodRange(period) {
  const time = (minutes) => (minutes == null ? "?" : formatMinutes(minutes));
  return `${time(period.start)}–${time(period.end)}`;
}

/** The name a group is shown by: its own, or "Group 2". */
export function groupTitle(group, index) {
  return group.name || `Group ${index + 1}`;
}

/** The days of the week in some group: a Set. */
export function coveredDays(schedule) {
  return new Set(schedule.groups.flatMap((group) => group.days));
}

/** The coverage in words: "Every day has a group. …" or "5 of 7 days have a group.". */
export function coverageText(schedule) {
  const covered = coveredDays(schedule).size;
  return covered === DAYS.length ? "Every day has a group. Tap a day to move it to another group." : `${covered} of 7 days have a group.`;
}

/**
 * The rules of §6.1 checked in the page, each broken one as {field, label, message, part}:
 * `field` is the JSON path the server would name, `message` is shown next to it, `label` places
 * it in the summary, `part` names the input of a period at fault ("start", "end", "fade" or null).
 */
export function checkSchedule(schedule, limits) {
  const rules = limits.weekSchedule;
  const problems = [];
  const add = (field, label, message, part = null) => problems.push({ field, label, message, part });
  if (utf8Length(schedule.name) > rules.nameMaximumBytes) {
    add("name", "Schedule name", tooLong("the schedule name", schedule.name, rules.nameMaximumBytes));
  }
  if (schedule.groups.length > rules.maximumGroups) add("groups", "Groups", `A week has at most ${rules.maximumGroups} groups.`);
  schedule.groups.forEach((group, g) => checkGroup(group, g, rules, add));
  const missing = DAYS.filter((day) => !coveredDays(schedule).has(day));
  if (missing.length > 0) {
    const one = missing.length === 1;
    add("groups", "Days", `${listInWords(missing.map(dayName))} ${one ? "is" : "are"} in no group. Every day must be in exactly one group: tap ${one ? "it" : "them"} in a group's days.`);
  }
  return problems;
}

function checkGroup(group, g, rules, add) {
  const title = groupTitle(group, g);
  if (utf8Length(group.name) > rules.groupNameMaximumBytes) {
    add(`groups[${g}].name`, title, tooLong("the group name", group.name, rules.groupNameMaximumBytes));
  }
  if (group.days.length === 0) {
    add(`groups[${g}]`, title, "This group has no days. Tap days here to move them into it, or remove the group.");
  }
  if (group.periods.length > rules.maximumPeriods) add(`groups[${g}].periods`, title, `A day has at most ${rules.maximumPeriods} light periods.`);
  group.periods.forEach((p, j) => {
    const problem = periodProblem(p, rules);
    if (problem) add(`groups[${g}].periods[${j}]`, `${title}, period ${j + 1}`, problem.message, problem.part);
  });
  // Overlaps, in start order (the rows keep the order they were entered in).
  const sorted = group.periods.map((p, j) => ({ p, j })).filter(({ p }) => p.start != null && p.end != null && p.end > p.start)
    .sort((a, b) => a.p.start - b.p.start);
  for (let k = 1; k < sorted.length; k++) {
    const { p, j } = sorted[k], previous = sorted[k - 1];
    if (p.start < previous.p.end) {
      add(`groups[${g}].periods[${j}]`, `${title}, period ${j + 1}`, `${periodRange(p)} overlaps period ${previous.j + 1} (${periodRange(previous.p)}).`, "start");
    }
  }
}

/** What is wrong with one period by itself ({message, part}), or null. */
export function periodProblem(p, rules) {
  if (p.start == null || p.end == null) {
    return { message: `Enter ${p.start == null ? "a start" : "an end"} time as hh:mm on the 24-hour clock (e.g. 21:30).`, part: p.start == null ? "start" : "end" };
  }
  if (p.end < p.start) {
    return { message: `${periodRange(p)} ends before it starts. A period can't cross midnight: end this one at 24:00 (enter 00:00) and start the next day's group at 00:00.`, part: "end" };
  }
  if (p.end === p.start) return { message: `${periodRange(p)} is empty: it ends where it starts.`, part: "end" };
  if (!Number.isInteger(p.fade) || p.fade < 0 || p.fade > rules.maximumFadeMinutes) {
    return { message: `The fade is whole minutes from 0 to ${rules.maximumFadeMinutes}.`, part: "fade" };
  }
  if (p.fade * 2 > p.end - p.start) {
    return { message: `A ${p.fade}-minute fade is more than half of ${periodRange(p)} (${p.end - p.start} minutes): at most ${Math.floor((p.end - p.start) / 2)}.`, part: "fade" };
  }
  return null;
}

// ---- Editing (each returns a new schedule) ----

/** `day` moved into group `g` (out of any other); when it is in group `g` already, out of it. */
export function toggleDay(schedule, g, day) {
  const copy = cloneSchedule(schedule);
  const group = copy.groups[g];
  if (group.days.includes(day)) {
    group.days = group.days.filter((d) => d !== day);
  } else {
    for (const other of copy.groups) other.days = other.days.filter((d) => d !== day);
    group.days.push(day);
  }
  return copy;
}

/**
 * A new group at the end, with the days no group has (named after them, cut to the group-name
 * limit), or empty and named "Group N" when every day is covered; null at the groups' limit.
 */
export function addGroup(schedule, limits) {
  if (schedule.groups.length >= limits.weekSchedule.maximumGroups) return null;
  const covered = coveredDays(schedule);
  const days = DAYS.filter((day) => !covered.has(day));
  const name = days.length ? truncateToBytes(dayRange(days), limits.weekSchedule.groupNameMaximumBytes) : `Group ${schedule.groups.length + 1}`;
  const copy = cloneSchedule(schedule);
  copy.groups.push({ name, days, periods: [] });
  return copy;
}

/** Group `g` removed. */
export function removeGroup(schedule, g) {
  const copy = cloneSchedule(schedule);
  copy.groups.splice(g, 1);
  return copy;
}

/**
 * Where a new period fits in a group: the evening (19:30–24:00) in an empty group; else the last
 * gap of at least 15 minutes (after the last period first), an hour of it at most; null when the
 * day is full.
 */
export function nextPeriodSlot(group) {
  const taken = group.periods.filter((p) => p.start != null && p.end > p.start).sort((a, b) => a.start - b.start);
  if (taken.length === 0) return { ...EVENING };
  let from = 0;
  const gaps = [];
  for (const p of taken) {
    if (p.start > from) gaps.push({ start: from, end: p.start });
    from = Math.max(from, p.end);
  }
  if (from < DAY_MINUTES) gaps.push({ start: from, end: DAY_MINUTES });
  const gap = gaps.reverse().find((slot) => slot.end - slot.start >= SHORTEST_NEW_PERIOD) ?? null;
  return gap && { start: gap.start, end: Math.min(gap.end, gap.start + 60) };
}

/** Whether group `g` can take another period (below the limit, and a slot is free). */
export function canAddPeriod(group, limits) {
  return group.periods.length < limits.weekSchedule.maximumPeriods && nextPeriodSlot(group) !== null;
}

/** A new period in group `g` at nextPeriodSlot, in the colour of its last period; null when it cannot take one. */
export function addPeriod(schedule, g, limits) {
  const group = schedule.groups[g];
  if (!canAddPeriod(group, limits)) return null;
  const copy = cloneSchedule(schedule);
  copy.groups[g].periods.push({ ...nextPeriodSlot(group), color: group.periods.at(-1)?.color ?? NIGHT_AMBER, fade: 0 });
  return copy;
}

/** Period `j` of group `g` removed. */
export function removePeriod(schedule, g, j) {
  const copy = cloneSchedule(schedule);
  copy.groups[g].periods.splice(j, 1);
  return copy;
}

/**
 * The week schedule with group `group`'s periods replaced (the group as an object of
 * `schedule.groups`, as todayGroup gives it).
 */
export function withGroupPeriods(schedule, group, periods) {
  return { ...schedule, groups: schedule.groups.map((g) => (g === group ? { ...g, periods } : g)) };
}
