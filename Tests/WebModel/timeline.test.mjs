// model/timeline.js: today's timeline — segments, moving and resizing periods in 5-minute steps
// between their neighbours, free slots, the list written back, and midnight (1440).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DAY_MINUTES, MAXIMUM_TEMPORARY_DAYS, NIGHT_AMBER, clamp, fadePhase, fitFade, freeSlot, isLit, isMoved, isTemporaryActive, isTemporaryDays,
  litPeriods, movePeriod, nextLight, percentOfDay, periodBounds, periodFields, readPeriodInputs, segmentAt, snap, todayGroup, withPeriod,
} from "../../Sources/NightlightDashboard/Resources/assets/model/timeline.js";
import { LIMITS, limitsWith, period, schoolNights } from "./fixtures.mjs";

/** A timeline as the server computes it: idle gaps between lit segments, from 0 to 1440. */
const TIMELINE = [
  { start: 0, end: 405, color: "#402000", fade: 0, source: { week: { group: "School days", period: 0 } } },
  { start: 405, end: 1140, color: "#000000", fade: 0, source: { idle: {} } },
  { start: 1140, end: 1440, color: "#FF8000", fade: 10, source: { week: { group: "School days", period: 1 } } },
];
const PERIODS = [period(0, 405), period(1140, 1440, 10, "#FF8000")];
const THREE = [period(60, 120), period(300, 360), period(1200, 1440)];

test("snap rounds to 5 minutes; clamp keeps within bounds", () => {
  assert.equal(snap(0), 0);
  assert.equal(snap(2.4), 0);
  assert.equal(snap(2.5), 5);
  assert.equal(snap(1437), 1435);
  assert.equal(snap(1438), 1440);
  assert.equal(snap(7, 15), 0);
  assert.equal(clamp(-5, 0, 1440), 0);
  assert.equal(clamp(1500, 0, 1440), 1440);
  assert.equal(clamp(700, 0, 1440), 700);
});

test("percentOfDay puts midnight at 0 % and 24:00 at 100 %", () => {
  assert.equal(percentOfDay(0), 0);
  assert.equal(percentOfDay(720), 50);
  assert.equal(percentOfDay(1440), 100);
  assert.equal(percentOfDay(360), 25);
});

test("litPeriods keeps the lit segments as plain periods, in order", () => {
  assert.equal(isLit(TIMELINE[0]), true);
  assert.equal(isLit(TIMELINE[1]), false);
  assert.deepEqual(litPeriods(TIMELINE), PERIODS);
  assert.deepEqual(litPeriods([]), []);
});

test("segmentAt finds the segment holding a minute (start inclusive, end exclusive), up to the last minute before midnight", () => {
  assert.equal(segmentAt(TIMELINE, 0), TIMELINE[0]);
  assert.equal(segmentAt(TIMELINE, 404.9), TIMELINE[0]);
  assert.equal(segmentAt(TIMELINE, 405), TIMELINE[1]);
  assert.equal(segmentAt(TIMELINE, 1439.99), TIMELINE[2]);
  assert.equal(segmentAt(TIMELINE, 1440), null, "24:00 is the next day's");
  assert.equal(segmentAt(TIMELINE, null), null, "no clock, no segment");
});

test("nextLight is the next lit segment starting later, none after the last", () => {
  assert.equal(nextLight(TIMELINE, 500), TIMELINE[2]);
  assert.equal(nextLight(TIMELINE, 0), TIMELINE[2], "one that started already is not next");
  assert.equal(nextLight(TIMELINE, 1200), null);
});

test("fadePhase: fading in during the first fade minutes, out during the last", () => {
  const p = period(1140, 1440, 10);
  assert.equal(fadePhase(p, 1140), "in");
  assert.equal(fadePhase(p, 1149.9), "in");
  assert.equal(fadePhase(p, 1150), null);
  assert.equal(fadePhase(p, 1430.1), "out");
  assert.equal(fadePhase(p, 1430), null);
  assert.equal(fadePhase(period(0, 60), 1), null, "no fade, no phase");
});

test("periodBounds: the neighbours' ends, 0 and 1440 at the day's edges", () => {
  assert.deepEqual(periodBounds(THREE, 0), { low: 0, high: 300 });
  assert.deepEqual(periodBounds(THREE, 1), { low: 120, high: 1200 });
  assert.deepEqual(periodBounds(THREE, 2), { low: 360, high: 1440 });
  assert.deepEqual(periodBounds([period(0, 10)], 0), { low: 0, high: 1440 });
});

test("moving a period keeps its length, snaps, and stops at its neighbours", () => {
  const from = THREE[1]; // 05:00–06:00, between 02:00 and 20:00
  assert.deepEqual(movePeriod(THREE, 1, "move", from, 32), { start: 330, end: 390 }, "32 minutes snap to 30");
  assert.deepEqual(movePeriod(THREE, 1, "move", from, -1000), { start: 120, end: 180 }, "not before the previous period's end");
  assert.deepEqual(movePeriod(THREE, 1, "move", from, 5000), { start: 1140, end: 1200 }, "not past the next period's start");
  assert.deepEqual(movePeriod(THREE, 2, "move", THREE[2], 100), { start: 1200, end: 1440 }, "a period ending at midnight cannot move later");
  assert.deepEqual(movePeriod(THREE, 0, "move", THREE[0], -100), { start: 0, end: 60 }, "nor one before midnight earlier");
});

test("resizing the start keeps a step of length and stays after the previous period", () => {
  const from = THREE[1];
  assert.deepEqual(movePeriod(THREE, 1, "start", from, -17), { start: 285, end: 360 }, "-17 snaps to -15");
  assert.deepEqual(movePeriod(THREE, 1, "start", from, 100), { start: 355, end: 360 }, "at least 5 minutes long");
  assert.deepEqual(movePeriod(THREE, 1, "start", from, -500), { start: 120, end: 360 });
});

test("resizing the end keeps a step of length and stays before the next period; it may reach 24:00", () => {
  const from = THREE[1];
  assert.deepEqual(movePeriod(THREE, 1, "end", from, 61), { start: 300, end: 420 });
  assert.deepEqual(movePeriod(THREE, 1, "end", from, -100), { start: 300, end: 305 });
  assert.deepEqual(movePeriod(THREE, 1, "end", from, 5000), { start: 300, end: 1200 });
  assert.deepEqual(movePeriod(THREE, 2, "end", { start: 1200, end: 1400 }, 100), { start: 1200, end: 1440 }, "up to midnight, not past it");
});

test("isMoved compares start and end only", () => {
  assert.equal(isMoved({ start: 300, end: 360 }, THREE[1]), false);
  assert.equal(isMoved({ start: 305, end: 360 }, THREE[1]), true);
  assert.equal(isMoved({ start: 300, end: 365 }, THREE[1]), true);
});

test("fitFade keeps a fade within half the period", () => {
  assert.deepEqual(fitFade(period(0, 30, 20)), period(0, 30, 15));
  assert.deepEqual(fitFade(period(0, 31, 20)), period(0, 31, 15), "half of 31 rounds down");
  assert.deepEqual(fitFade(period(0, 120, 20)), period(0, 120, 20));
});

test("freeSlot offers the longest gap, an hour of it at most, in night amber", () => {
  assert.deepEqual(freeSlot([], LIMITS), { start: 0, end: 60, color: NIGHT_AMBER, fade: 0 });
  assert.deepEqual(freeSlot(PERIODS, LIMITS), { start: 405, end: 465, color: NIGHT_AMBER, fade: 0 });
  assert.deepEqual(freeSlot([period(0, 1400)], LIMITS), { start: 1400, end: 1440, color: NIGHT_AMBER, fade: 0 }, "the gap before midnight, shorter than an hour");
  assert.deepEqual(freeSlot([period(0, 100), period(130, 1430)], LIMITS), { start: 100, end: 130, color: NIGHT_AMBER, fade: 0 });
  assert.deepEqual(freeSlot([period(10, 1440)], LIMITS), { start: 0, end: 10, color: NIGHT_AMBER, fade: 0 });
});

test("freeSlot is null for a full day, a day without a 5-minute gap, or at the periods' limit", () => {
  assert.equal(freeSlot([period(0, 1440)], LIMITS), null);
  assert.equal(freeSlot([period(0, 718), period(722, 1440)], LIMITS), null, "a 4-minute gap is too short");
  const six = [0, 1, 2, 3, 4, 5].map((i) => period(i * 100, i * 100 + 50));
  assert.equal(freeSlot(six, LIMITS), null, "6 periods is the most");
  assert.notEqual(freeSlot(six, limitsWith({ maximumPeriods: 7 })), null, "the limit comes from the server");
  assert.equal(freeSlot(six.slice(0, 3), limitsWith({ maximumPeriods: 3 })), null);
});

test("withPeriod replaces, adds or removes a period and sorts by start", () => {
  const edited = period(30, 90);
  assert.deepEqual(withPeriod(THREE, 1, edited), [period(30, 90), period(60, 120), period(1200, 1440)]);
  assert.deepEqual(withPeriod(THREE, null, period(700, 800)), [...THREE.slice(0, 2), period(700, 800), THREE[2]]);
  assert.deepEqual(withPeriod(THREE, 0, null), THREE.slice(1));
  assert.deepEqual(THREE, [period(60, 120), period(300, 360), period(1200, 1440)], "the list itself is left as it was");
});

test("periodFields names the temporary schedule's or the week group's periods, and the edited one's place", () => {
  const edited = period(700, 800);
  const list = withPeriod(THREE, null, edited);
  assert.deepEqual(periodFields("today", list, edited, 0), { periods: "periods", period: "periods[2]" });
  assert.deepEqual(periodFields("week", list, edited, 3), { periods: "groups[3].periods", period: "groups[3].periods[2]" });
});

test("todayGroup finds the group of the day, else the one the timeline names, else none", () => {
  const week = schoolNights();
  assert.equal(todayGroup(week, "friday", TIMELINE).name, "Friday");
  assert.equal(todayGroup(week, null, TIMELINE).name, "School days", "without a clock, the timeline tells");
  assert.equal(todayGroup(week, null, []), null);
  assert.equal(todayGroup({ groups: [] }, "monday"), null);
});

test("isTemporaryActive: a temporary schedule runs while it has days left", () => {
  assert.equal(isTemporaryActive({ temporarySchedule: { remainingDays: 2 } }), true);
  assert.equal(isTemporaryActive({ temporarySchedule: { remainingDays: 0 } }), false);
});

test("readPeriodInputs reads the dialog's fields and names the first wrong one", () => {
  assert.deepEqual(readPeriodInputs({ start: "19:30", end: "24:00", fade: "10" }, "#FF8000"), { period: period(1170, 1440, 10, "#FF8000") });
  assert.deepEqual(readPeriodInputs({ start: "7pm", end: "24:00", fade: "0" }, "#000000").problem,
    { input: "start", message: "Enter the start as a time like 19:30." });
  assert.deepEqual(readPeriodInputs({ start: "19:30", end: "25:00", fade: "0" }, "#000000").problem,
    { input: "end", message: "Enter the end as a time like 07:00 (24:00 for midnight)." });
  assert.equal(readPeriodInputs({ start: "19:30", end: "20:00", fade: "2.5" }, "#000000").problem.input, "fade");
  assert.equal(readPeriodInputs({ start: "19:30", end: "20:00", fade: "-1" }, "#000000").problem.input, "fade");
  assert.equal(readPeriodInputs({ start: "x", end: "y", fade: "z" }, "#000000").problem.input, "start", "the first wrong field");
});

test("isTemporaryDays takes whole days from 1 to 30", () => {
  assert.equal(MAXIMUM_TEMPORARY_DAYS, 30);
  for (const ok of [1, 2, 30]) assert.equal(isTemporaryDays(ok), true, String(ok));
  for (const bad of [0, 31, 1.5, NaN, -1]) assert.equal(isTemporaryDays(bad), false, String(bad));
  assert.equal(DAY_MINUTES, 1440);
});
