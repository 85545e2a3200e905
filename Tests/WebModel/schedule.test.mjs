// model/schedule.js: the week schedule — the checks and their messages, and editing groups,
// days and periods (each edit a new schedule).

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addGroup, addPeriod, canAddPeriod, checkSchedule, cloneSchedule, coverageText, coveredDays, groupTitle, newSchedule, nextPeriodSlot,
  namedSchedule, normalizeSchedule, periodProblem, periodRange, removeGroup, removePeriod, sameSchedule, toggleDay, withGroupPeriods,
} from "../../Sources/NightlightDashboard/Resources/assets/model/schedule.js";
import { LIMITS, limitsWith, period, schoolNights } from "./fixtures.mjs";
import { SCHEDULE_TEMPLATES } from "../../Sources/NightlightDashboard/Resources/assets/model/templates.js";

const messages = (problems) => problems.map((p) => p.message);

test("a valid schedule has no problems; so has the new schedule", () => {
  assert.deepEqual(checkSchedule(schoolNights(), LIMITS), []);
  assert.deepEqual(checkSchedule(newSchedule(), LIMITS), []);
});

test("newSchedule is Working days (Mon–Fri) and Weekend (Sat–Sun) in night amber", () => {
  const fresh = newSchedule();
  assert.deepEqual(fresh.groups.map((g) => [g.name, g.days.length]), [["Working days", 5], ["Weekend", 2]]);
  assert.ok(fresh.groups.every((g) => g.periods.every((p) => p.color === "#402000" && p.fade === 0)));
  assert.notEqual(newSchedule().groups, fresh.groups, "a new one each time");
});

test("names longer than the limits are explained in letters, accents and emoji counted", () => {
  const schedule = schoolNights();
  schedule.name = "Zoë's school nights!"; // 21 bytes
  schedule.groups[0].name = "Schooldays 1"; // 12 bytes: fine
  schedule.groups[1].name = "Fridäys only"; // 13 bytes
  const problems = checkSchedule(schedule, LIMITS);
  assert.deepEqual(problems.map((p) => p.field), ["name", "groups[1].name"]);
  assert.equal(problems[0].message, "The schedule name is too long: it counts 21 letters, and 20 fit (an accented letter counts as 2, an emoji as 4).");
  assert.equal(problems[1].message, "The group name is too long: it counts 13 letters, and 12 fit (an accented letter counts as 2, an emoji as 4).");
  assert.equal(problems[1].label, "Fridäys only");
  assert.deepEqual(checkSchedule(schedule, limitsWith({ nameMaximumBytes: 30, groupNameMaximumBytes: 20 })), [], "the limits come from the server");
});

test("too many groups, a group without days, too many periods", () => {
  const schedule = schoolNights();
  schedule.groups.push({ name: "Empty", days: [], periods: [] });
  const problems = checkSchedule(schedule, limitsWith({ maximumGroups: 4, maximumPeriods: 1 }));
  assert.deepEqual(problems.map((p) => [p.field, p.message]), [
    ["groups", "A week has at most 4 groups."],
    ["groups[0].periods", "A day has at most 1 light periods."],
    ["groups[1].periods", "A day has at most 1 light periods."],
    ["groups[2].periods", "A day has at most 1 light periods."],
    ["groups[3].periods", "A day has at most 1 light periods."],
    ["groups[4]", "This group has no days. Tap days here to move them into it, or remove the group."],
  ]);
});

test("a period's own problems name the input at fault", () => {
  const rules = LIMITS.weekSchedule;
  assert.deepEqual(periodProblem({ start: null, end: 60, fade: 0 }, rules), { message: "Enter a start time as hh:mm on the 24-hour clock (e.g. 21:30).", part: "start" });
  assert.deepEqual(periodProblem({ start: 0, end: null, fade: 0 }, rules), { message: "Enter an end time as hh:mm on the 24-hour clock (e.g. 21:30).", part: "end" });
  assert.deepEqual(periodProblem(period(1320, 360), rules), {
    message: "22:00–06:00 ends before it starts. A period can't cross midnight: end this one at 24:00 (enter 00:00) and start the next day's group at 00:00.",
    part: "end",
  });
  assert.deepEqual(periodProblem(period(600, 600), rules), { message: "10:00–10:00 is empty: it ends where it starts.", part: "end" });
  assert.deepEqual(periodProblem(period(0, 600, 61), rules), { message: "The fade is whole minutes from 0 to 60.", part: "fade" });
  assert.deepEqual(periodProblem(period(0, 600, 2.5), rules), { message: "The fade is whole minutes from 0 to 60.", part: "fade" });
  assert.deepEqual(periodProblem(period(0, 600, -1), rules), { message: "The fade is whole minutes from 0 to 60.", part: "fade" });
  assert.deepEqual(periodProblem(period(0, 50, 30), rules), {
    message: "A 30-minute fade is more than half of 00:00–00:50 (50 minutes): at most 25.",
    part: "fade",
  });
  assert.equal(periodProblem(period(0, 60, 30), rules), null, "exactly half is allowed");
  assert.equal(periodProblem(period(1380, 1440, 30), rules), null, "a period may end at 24:00");
  assert.equal(periodProblem(period(0, 600, 61), { ...rules, maximumFadeMinutes: 90 }), null, "the fade's limit comes from the server");
});

test("checkSchedule places period problems at groups[g].periods[j] with a label", () => {
  const schedule = schoolNights();
  schedule.groups[2].periods[1] = period(1290, 1290);
  const [problem] = checkSchedule(schedule, LIMITS);
  assert.deepEqual(problem, { field: "groups[2].periods[1]", label: "Saturday, period 2", message: "21:30–21:30 is empty: it ends where it starts.", part: "end" });
});

test("overlaps are found in start order and name the period overlapped", () => {
  const schedule = schoolNights();
  // School days: 19:00–24:00 moved to 06:00 overlaps 00:00–06:45 (the journey's case).
  schedule.groups[0].periods[1] = period(360, 1440);
  const problems = checkSchedule(schedule, LIMITS);
  assert.deepEqual(problems, [{ field: "groups[0].periods[1]", label: "School days, period 2", message: "06:00–24:00 overlaps period 1 (00:00–06:45).", part: "start" }]);
  // Entered out of order: the later row starts first.
  schedule.groups[1].periods = [period(600, 700), period(0, 650)];
  const friday = checkSchedule(schedule, LIMITS).filter((p) => p.field.startsWith("groups[1]"));
  assert.deepEqual(messages(friday), ["10:00–11:40 overlaps period 2 (00:00–10:50)."]);
  assert.equal(friday[0].field, "groups[1].periods[0]");
});

test("touching periods do not overlap; broken periods are left out of the overlap check", () => {
  const schedule = schoolNights();
  schedule.groups[0].periods = [period(0, 405), period(405, 600), { start: null, end: 500, color: "#402000", fade: 0 }];
  assert.deepEqual(messages(checkSchedule(schedule, LIMITS)), ["Enter a start time as hh:mm on the 24-hour clock (e.g. 21:30)."]);
});

test("days in no group are named, with and or is/are", () => {
  const schedule = schoolNights();
  schedule.groups[1].days = [];
  schedule.groups[0].days = ["monday", "tuesday"];
  const problems = checkSchedule(schedule, LIMITS).filter((p) => p.label === "Days");
  assert.deepEqual(messages(problems), ["Wednesday, Thursday and Friday are in no group. Every day must be in exactly one group: tap them in a group's days."]);
  const one = schoolNights();
  one.groups[3].days = [];
  assert.ok(messages(checkSchedule(one, LIMITS)).includes("Sunday is in no group. Every day must be in exactly one group: tap it in a group's days."));
});

test("coverage in words and the days covered", () => {
  assert.equal(coverageText(schoolNights()), "Every day has a group. Tap a day to move it to another group.");
  const schedule = schoolNights();
  schedule.groups[2].days = [];
  assert.equal(coverageText(schedule), "6 of 7 days have a group.");
  assert.equal(coveredDays(schedule).has("saturday"), false);
});

test("normalizeSchedule orders days by the week and periods by start, dropping extra fields", () => {
  const messy = { name: "X", groups: [{ name: "G", days: ["sunday", "monday"], periods: [{ ...period(600, 700), extra: 1 }, period(0, 60)] }] };
  assert.deepEqual(normalizeSchedule(messy), { name: "X", groups: [{ name: "G", days: ["monday", "sunday"], periods: [period(0, 60), period(600, 700)] }] });
  assert.deepEqual(normalizeSchedule({ groups: [{ days: [], periods: [] }] }), { name: "", groups: [{ name: "", days: [], periods: [] }] });
  assert.equal(sameSchedule(messy, normalizeSchedule(messy)), true);
  assert.equal(sameSchedule(messy, null), false);
  assert.equal(sameSchedule(schoolNights(), newSchedule()), false);
});

test("namedSchedule gives a schedule the library's name, cut to 20 bytes at a character", () => {
  const saved = { ...schoolNights(), name: "Default" };
  assert.equal(namedSchedule(saved, "School weeks").name, "School weeks");
  assert.deepEqual(namedSchedule(saved, "School weeks").groups, saved.groups, "only the name changes");
  assert.equal(saved.name, "Default", "the saved copy is unchanged");
  assert.equal(namedSchedule(saved, "A very long library name").name, "A very long library ", "20 bytes");
  assert.equal(namedSchedule(saved, "Été à la mer, enfin !").name, "Été à la mer, enf", "é is two bytes: 17 characters fit");
  assert.equal(namedSchedule(saved, "🌙🌙🌙🌙🌙🌙").name, "🌙🌙🌙🌙🌙", "never half a character");
  assert.equal(sameSchedule(namedSchedule(saved, "School weeks"), { ...saved, name: "School weeks" }), true);
});

test("toggleDay moves a day into a group, out of any other; again takes it out", () => {
  const before = schoolNights();
  const moved = toggleDay(before, 3, "thursday");
  assert.deepEqual(moved.groups[3].days, ["sunday", "thursday"]);
  assert.deepEqual(moved.groups[0].days, ["monday", "tuesday", "wednesday"]);
  assert.deepEqual(before.groups[0].days, ["monday", "tuesday", "wednesday", "thursday"], "the old schedule is unchanged");
  const out = toggleDay(moved, 3, "thursday");
  assert.deepEqual(out.groups[3].days, ["sunday"]);
  assert.equal(coveredDays(out).has("thursday"), false);
});

test("addGroup takes the uncovered days and names it after them, within the group-name limit", () => {
  const schedule = schoolNights();
  schedule.groups[0].days = ["monday"];
  const added = addGroup(schedule, LIMITS);
  assert.deepEqual(added.groups.at(-1), { name: "Tue–Thu", days: ["tuesday", "wednesday", "thursday"], periods: [] });
  assert.equal(schedule.groups.length, 4, "the old schedule is unchanged");
  const scattered = schoolNights();
  scattered.groups[0].days = ["tuesday"];
  const name = addGroup(scattered, LIMITS).groups.at(-1).name;
  assert.equal(name, "Mon, Wed–T", "Mon, Wed–Thu cut to 12 bytes (the dash takes 3)");
  assert.deepEqual(addGroup(schoolNights(), LIMITS).groups.at(-1), { name: "Group 5", days: [], periods: [] }, "every day covered: an empty group");
});

test("addGroup is null at the groups' limit", () => {
  const week = { name: "", groups: Array.from({ length: 7 }, (_, i) => ({ name: `G${i}`, days: [], periods: [] })) };
  assert.equal(addGroup(week, LIMITS), null);
  assert.notEqual(addGroup(week, limitsWith({ maximumGroups: 8 })), null);
});

test("removeGroup and removePeriod leave the old schedule as it was", () => {
  const before = schoolNights();
  assert.deepEqual(removeGroup(before, 1).groups.map((g) => g.name), ["School days", "Saturday", "Sunday"]);
  assert.deepEqual(removePeriod(before, 0, 0).groups[0].periods, [period(1140, 1440, 10)]);
  assert.equal(before.groups.length, 4);
  assert.equal(before.groups[0].periods.length, 2);
});

test("nextPeriodSlot: the evening in an empty group, else the last gap of 15 minutes or more, an hour at most", () => {
  assert.deepEqual(nextPeriodSlot({ periods: [] }), { start: 1170, end: 1440 });
  assert.deepEqual(nextPeriodSlot({ periods: [period(0, 405), period(1140, 1440)] }), { start: 405, end: 465 }, "the gap before the evening");
  assert.deepEqual(nextPeriodSlot({ periods: [period(0, 405)] }), { start: 405, end: 465 }, "after the last period first");
  assert.deepEqual(nextPeriodSlot({ periods: [period(0, 1400)] }), { start: 1400, end: 1440 }, "up to midnight");
  assert.deepEqual(nextPeriodSlot({ periods: [period(0, 600), period(610, 1430)] }), null, "gaps of 10 minutes are too short");
  assert.deepEqual(nextPeriodSlot({ periods: [period(30, 1440)] }), { start: 0, end: 30 }, "the gap after midnight");
  assert.deepEqual(nextPeriodSlot({ periods: [{ start: null, end: null }, period(0, 1440)] }), null, "a period without times takes no room");
});

test("addPeriod adds at the next slot in the last period's colour, until the limit or a full day", () => {
  const schedule = schoolNights();
  schedule.groups[0].periods[1].color = "#FF8000";
  const added = addPeriod(schedule, 0, LIMITS);
  assert.deepEqual(added.groups[0].periods.at(-1), { start: 405, end: 465, color: "#FF8000", fade: 0 });
  assert.equal(schedule.groups[0].periods.length, 2, "the old schedule is unchanged");
  const empty = { name: "", groups: [{ name: "G", days: [], periods: [] }] };
  assert.deepEqual(addPeriod(empty, 0, LIMITS).groups[0].periods, [{ start: 1170, end: 1440, color: "#402000", fade: 0 }]);
  assert.equal(addPeriod(schedule, 0, limitsWith({ maximumPeriods: 2 })), null, "at the limit");
  assert.equal(canAddPeriod(schedule.groups[0], limitsWith({ maximumPeriods: 2 })), false);
  const full = { name: "", groups: [{ name: "G", days: [], periods: [period(0, 1440)] }] };
  assert.equal(addPeriod(full, 0, LIMITS), null, "no room");
  assert.equal(canAddPeriod(full.groups[0], LIMITS), false);
});

test("withGroupPeriods replaces one group's periods", () => {
  const schedule = schoolNights();
  const friday = schedule.groups[1];
  const next = withGroupPeriods(schedule, friday, [period(0, 60)]);
  assert.deepEqual(next.groups[1].periods, [period(0, 60)]);
  assert.equal(next.groups[0], schedule.groups[0], "the other groups are the same");
  assert.equal(friday.periods.length, 2, "the old group is unchanged");
});

test("periodRange, groupTitle and cloneSchedule", () => {
  assert.equal(periodRange(period(1170, 1440)), "19:30–24:00");
  assert.equal(periodRange({ start: null, end: 60 }), "?–01:00");
  assert.equal(groupTitle({ name: "" }, 2), "Group 3");
  assert.equal(groupTitle({ name: "Weekend" }, 2), "Weekend");
  const schedule = schoolNights();
  const copy = cloneSchedule(schedule);
  copy.groups[0].periods[0].start = 5;
  assert.equal(schedule.groups[0].periods[0].start, 0, "a deep copy");
});

test("every schedule template keeps the profile's rules and covers the week", () => {
  assert.ok(SCHEDULE_TEMPLATES.length >= 3);
  for (const template of SCHEDULE_TEMPLATES) {
    const schedule = template.schedule();
    assert.deepEqual(checkSchedule(schedule, LIMITS), [], `${template.name}: ${JSON.stringify(checkSchedule(schedule, LIMITS))}`);
    assert.notEqual(template.schedule(), schedule, "a fresh copy each time");
  }
  assert.equal(new Set(SCHEDULE_TEMPLATES.map((t) => t.id)).size, SCHEDULE_TEMPLATES.length, "ids are unique");
});
