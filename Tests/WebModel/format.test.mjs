// model/format.js and model/days.js: times of day, durations, offsets, byte counts, day names.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  capitalize, formatBytes, formatCorrection, formatCountdown, formatDateTime, formatDuration, formatElapsed, formatMinutes,
  formatOffset, formatOnTime, formatTimeOfDay, minutesFromTimeText, parseTime, plural, timeInputValue, truncateToBytes, utf8Length,
} from "../../Sources/NightlightDashboard/Resources/assets/model/format.js";
import { DAYS, dayName, dayOfDate, dayRange, listInWords } from "../../Sources/NightlightDashboard/Resources/assets/model/days.js";

test("formatMinutes writes minutes from midnight as HH:MM, 1440 as 24:00", () => {
  assert.equal(formatMinutes(0), "00:00");
  assert.equal(formatMinutes(425), "07:05");
  assert.equal(formatMinutes(1170), "19:30");
  assert.equal(formatMinutes(1440), "24:00");
  assert.equal(formatMinutes(1169.6), "19:30", "a fraction rounds to the nearest minute");
});

test("parseTime reads H:MM, HH:MM, with . or h, and 24:00; refuses the rest", () => {
  assert.equal(parseTime("7:05"), 425);
  assert.equal(parseTime(" 19:30 "), 1170);
  assert.equal(parseTime("19.30"), 1170);
  assert.equal(parseTime("19h30"), 1170);
  assert.equal(parseTime("00:00"), 0);
  assert.equal(parseTime("24:00"), 1440);
  for (const bad of ["24:01", "25:00", "7:60", "7", "7:5", "730", "", null, undefined, "ab:cd", "-1:00"]) {
    assert.equal(parseTime(bad), null, `${JSON.stringify(bad)} is not a time`);
  }
});

test("parseTime and formatMinutes round-trip every 5 minutes of the day", () => {
  for (let m = 0; m <= 1440; m += 5) assert.equal(parseTime(formatMinutes(m)), m);
});

test("time fields: an end of 00:00 is midnight at the end of the day (1440), a start of 00:00 is 0; typing that is not a time is null", () => {
  assert.equal(minutesFromTimeText("00:00", "end"), 1440);
  assert.equal(minutesFromTimeText("00:00", "start"), 0);
  assert.equal(minutesFromTimeText("00:00"), 0);
  assert.equal(minutesFromTimeText("19:30", "end"), 1170);
  assert.equal(minutesFromTimeText("", "end"), null);
  assert.equal(minutesFromTimeText("21:", "start"), null, "half typed");
  assert.equal(minutesFromTimeText("9:00 PM", "start"), null, "the 24-hour clock only");
  assert.equal(minutesFromTimeText("7.05", "start"), 425);
  assert.equal(timeInputValue(1440, "end"), "00:00", "an end at midnight shows as 00:00");
  assert.equal(timeInputValue(1440, "start"), "24:00");
  assert.equal(timeInputValue(390, "end"), "06:30");
  assert.equal(timeInputValue(null, "start"), "");
  assert.equal(timeInputValue(undefined, "end"), "");
  for (const m of [0, 5, 719, 1435, 1440]) assert.equal(minutesFromTimeText(timeInputValue(m, "end"), "end"), m === 0 ? 1440 : m);
});

test("formatDuration: seconds under a minute, minutes under an hour, hours and minutes; the sign is ignored", () => {
  assert.equal(formatDuration(0), "0 s");
  assert.equal(formatDuration(12.4), "12 s");
  assert.equal(formatDuration(59), "59 s");
  assert.equal(formatDuration(60), "1 min");
  assert.equal(formatDuration(89), "1 min");
  assert.equal(formatDuration(90), "2 min");
  assert.equal(formatDuration(2700), "45 min");
  assert.equal(formatDuration(3600), "1 h");
  assert.equal(formatDuration(7500), "2 h 5 min");
  assert.equal(formatDuration(-600), "10 min");
});

test("formatOffset says ahead for a positive offset, behind otherwise", () => {
  assert.equal(formatOffset(-600), "10 min behind");
  assert.equal(formatOffset(3), "3 s ahead");
  assert.equal(formatOffset(0), "0 s behind");
});

test("formatCorrection keeps a decimal for seconds and hours", () => {
  assert.equal(formatCorrection(1.54), "1.5 s ahead");
  assert.equal(formatCorrection(-600), "10 min behind");
  assert.equal(formatCorrection(5400), "1.5 h ahead");
  assert.equal(formatCorrection(-59.95), "60.0 s behind");
});

test("formatCountdown rounds up to whole seconds, minutes:seconds", () => {
  assert.equal(formatCountdown(65), "1:05");
  assert.equal(formatCountdown(4.2), "0:05");
  assert.equal(formatCountdown(0), "0:00");
  assert.equal(formatCountdown(600), "10:00");
});

test("formatOnTime names minutes and seconds in words", () => {
  assert.equal(formatOnTime(300), "5 minutes");
  assert.equal(formatOnTime(60), "1 minute");
  assert.equal(formatOnTime(90), "1 min 30 s");
  assert.equal(formatOnTime(1), "1 second");
  assert.equal(formatOnTime(45), "45 seconds");
});

test("formatBytes: bytes under 10 KiB, one decimal under 100 KiB, whole KB above", () => {
  assert.equal(formatBytes(0), "0 bytes");
  assert.equal(formatBytes(10239), `${(10239).toLocaleString()} bytes`);
  assert.equal(formatBytes(10240), "10.0 KB");
  assert.equal(formatBytes(12595), "12.3 KB");
  assert.equal(formatBytes(102400), "100 KB");
  assert.equal(formatBytes(1048576), "1024 KB");
});

test("formatElapsed counts from a date to now", () => {
  const now = Date.parse("2026-11-22T18:41:12Z");
  assert.equal(formatElapsed("2026-11-22T18:41:00Z", now), "12 s ago");
  assert.equal(formatElapsed("2026-11-22T18:36:12Z", now), "5 min ago");
  assert.equal(formatElapsed("2026-11-22T16:38:12Z", now), "2 h 3 min ago");
  assert.equal(formatElapsed("2026-11-22T18:42:00Z", now), "0 s ago", "a date in the future is now");
  assert.equal(formatElapsed("not a date", now), "");
});

test("times are on the 24-hour clock whatever the language", () => {
  const evening = new Date(2026, 10, 22, 21, 5, 9);
  for (const text of [formatDateTime(evening), formatDateTime(evening, { seconds: true }), formatTimeOfDay(evening), formatTimeOfDay(evening, { seconds: false })]) {
    assert.match(text, /21[:.]05/, `24-hour: ${text}`);
    assert.doesNotMatch(text, /\b(AM|PM|am|pm)\b/, `no AM/PM: ${text}`);
  }
});

test("formatDateTime and formatTimeOfDay say — for what is not a date", () => {
  assert.equal(formatDateTime("nonsense"), "—");
  assert.equal(formatTimeOfDay(undefined), "—");
  assert.notEqual(formatDateTime("2026-11-22T18:41:12Z"), "—");
  assert.ok(formatDateTime("2026-11-22T18:41:12Z", { seconds: true }).length > formatDateTime("2026-11-22T18:41:12Z").length, "with seconds it is longer");
});

test("utf8Length counts bytes as the nightlight stores names", () => {
  assert.equal(utf8Length("Mia"), 3);
  assert.equal(utf8Length("Zoë"), 4);
  assert.equal(utf8Length("🌙"), 4);
  assert.equal(utf8Length("–"), 3);
  assert.equal(utf8Length(""), 0);
  assert.equal(utf8Length(null), 0);
});

test("truncateToBytes cuts at a character boundary within the limit", () => {
  assert.equal(truncateToBytes("Mon–Fri", 12), "Mon–Fri");
  assert.equal(truncateToBytes("Mon, Wed–Fri", 12), "Mon, Wed–F", "the dash takes 3 bytes");
  assert.equal(truncateToBytes("🌙🌙", 5), "🌙", "an emoji is not cut in half");
  assert.equal(truncateToBytes("abc", 0), "");
  for (const text of ["Mon, Wed–Fri", "Zoë and 🌙 nights", "plain"]) {
    for (let n = 0; n <= 20; n++) assert.ok(utf8Length(truncateToBytes(text, n)) <= n);
  }
});

test("plural and capitalize", () => {
  assert.equal(plural(1, "period"), "1 period");
  assert.equal(plural(2, "period"), "2 periods");
  assert.equal(plural(0, "press", "presses"), "0 presses");
  assert.equal(capitalize("mia's nightlight"), "Mia's nightlight");
  assert.equal(capitalize(""), "");
});

test("dayRange joins runs of days with a dash, Monday first", () => {
  assert.equal(dayRange(["monday", "tuesday", "wednesday", "thursday", "friday"]), "Mon–Fri");
  assert.equal(dayRange(["saturday", "sunday"]), "Sat–Sun");
  assert.equal(dayRange(["wednesday", "monday"]), "Mon, Wed");
  assert.equal(dayRange(["monday", "wednesday", "thursday", "friday"]), "Mon, Wed–Fri");
  assert.equal(dayRange(["sunday"]), "Sun");
  assert.equal(dayRange([]), "");
});

test("day names, lists in words, and the day of a nightlight date", () => {
  assert.equal(DAYS.length, 7);
  assert.equal(dayName("monday"), "Monday");
  assert.equal(dayName(""), "");
  assert.equal(listInWords([]), "");
  assert.equal(listInWords(["Monday"]), "Monday");
  assert.equal(listInWords(["Monday", "Tuesday"]), "Monday and Tuesday");
  assert.equal(listInWords(["Monday", "Tuesday", "Sunday"]), "Monday, Tuesday and Sunday");
  assert.equal(dayOfDate(new Date(Date.UTC(2026, 10, 23))), "monday", "23 November 2026 is a Monday");
  assert.equal(dayOfDate(new Date(Date.UTC(2026, 10, 22, 23, 59))), "sunday");
});
