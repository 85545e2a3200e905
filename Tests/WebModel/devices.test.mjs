// model/firmware.js, model/history.js, model/explorer.js, model/names.js, model/limits.js,
// model/versions.js: firmware images and records, the history plot's data, the Explorer's rules,
// names, limits and schedule versions.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  FIRMWARE_PHASES, compareVersions, imageSizeProblem, imageVerdict, isOlderRecord, maximumInWords, progressText, refusalWords,
} from "../../Sources/NightlightDashboard/Resources/assets/model/firmware.js";
import { DAY_MS, HOUR_MS, historyData, readingRuns, spanWords, tickStep } from "../../Sources/NightlightDashboard/Resources/assets/model/history.js";
import {
  byRSSI, characteristicKind, characteristicLabel, countText, displayName, emptyReason, isConnectionBusy, lastUpdate, numericFormats, rowStatus,
  rowTrailing, rssiColor, searchDevices, signalPercent,
} from "../../Sources/NightlightDashboard/Resources/assets/model/explorer.js";
import { deviceLabel, findDevice, lightName, sourceName, switcherLabel } from "../../Sources/NightlightDashboard/Resources/assets/model/names.js";
import { limitProblems, nameProblem } from "../../Sources/NightlightDashboard/Resources/assets/model/limits.js";
import { STALE_MESSAGE, entityTag, ifMatch, versionFromEntityTag } from "../../Sources/NightlightDashboard/Resources/assets/model/versions.js";
import { LIMITS } from "./fixtures.mjs";

// ---- Firmware ----

test("compareVersions compares part by part as numbers", () => {
  assert.equal(compareVersions("1.2.0", "1.0.0"), 1);
  assert.equal(compareVersions("1.0.0", "1.2.0"), -1);
  assert.equal(compareVersions("1.10.0", "1.9.2"), 1, "10 > 9, not as text");
  assert.equal(compareVersions("1.2", "1.2.0"), 0, "missing parts are 0");
  assert.equal(compareVersions("2.0.0-beta", "2.0.0"), 0, "a label counts as 0");
  assert.equal(compareVersions("1.0.1+build5", "1.0.1+build4"), 0);
});

test("imageSizeProblem refuses a file over the image limit before sending it", () => {
  assert.equal(imageSizeProblem("sn.bin", 1048576, LIMITS), null);
  assert.equal(imageSizeProblem("big.bin", 1048577, LIMITS), "big.bin is 1024 KB: a nightlight firmware image is at most 1 MiB.");
  assert.equal(imageSizeProblem("x.bin", 70000, { ...LIMITS, firmwareImage: { maximumBytes: 65536 } }), "x.bin is 68.4 KB: a nightlight firmware image is at most 64 KiB.");
  assert.equal(maximumInWords(1000), "1000 bytes");
});

test("imageVerdict compares an image with what runs", () => {
  const image = { model: "SN-1", version: "1.2.0" };
  assert.deepEqual(imageVerdict(image, "1.0.0", "SN-1"), { order: 1, wrongModel: false, verdict: ["ok", "Newer"], action: "Update to 1.2.0" });
  assert.deepEqual(imageVerdict(image, "1.2.0", "SN-1").verdict, ["", "Same version"]);
  assert.equal(imageVerdict(image, "1.2.0", "SN-1").action, "Install 1.2.0 again");
  assert.deepEqual(imageVerdict(image, "1.3.0", "SN-1").verdict, ["warn", "Older: this goes back"]);
  assert.equal(imageVerdict(image, "1.3.0", "SN-1").action, "Go back to 1.2.0");
  assert.deepEqual(imageVerdict(image, "1.0.0", "SN-2"), { order: 1, wrongModel: true, verdict: ["danger", "For SN-1, not SN-2"], action: "Update to 1.2.0" });
  assert.deepEqual(imageVerdict(image, null, null), { order: null, wrongModel: false, verdict: null, action: "Update to 1.2.0" });
});

test("refusalWords: a refused file in a parent's words, by the server's code", () => {
  const again = "Download the update again from Nightlight Labs and choose that file.";
  assert.equal(refusalWords({ code: "invalidFirmware", message: 'firmware image: magic "hell" (68656c6c) is not "SNFW"' }),
    `This file is not a nightlight firmware update, or it is damaged. ${again}`);
  assert.equal(refusalWords({ code: "unsignedFirmware", message: "firmware image: this image is not signed (header version 1)" }),
    `This firmware is not signed by its maker, and the nightlight installs signed firmware only. ${again}`);
  assert.equal(refusalWords({ code: "tooLarge", message: "the image is over 1 MiB" }), `This file is too large to be a nightlight's firmware. ${again}`);
  assert.equal(refusalWords({ code: "unreachable", message: "…" }), null, "other failures keep their own words");
  assert.equal(refusalWords(new Error("network")), null);
});

test("isOlderRecord drops records that arrive after a newer one", () => {
  const shown = { startedAt: "t1", state: "running", sent: 4096, resumes: 0 };
  assert.equal(isOlderRecord({ startedAt: "t1", state: "running", sent: 2048, resumes: 0 }, shown), true);
  assert.equal(isOlderRecord({ startedAt: "t1", state: "running", sent: 2048, resumes: 1 }, shown), false, "a resume starts lower");
  assert.equal(isOlderRecord({ startedAt: "t1", state: "running", sent: 8192 }, shown), false);
  assert.equal(isOlderRecord({ startedAt: "t1", state: "done", sent: 0 }, shown), false, "the end is news");
  assert.equal(isOlderRecord({ startedAt: "t1", state: "running", sent: 9999 }, { ...shown, state: "done" }), true, "after the end, nothing of that update");
  assert.equal(isOlderRecord({ startedAt: "t2", state: "running", sent: 0 }, { ...shown, state: "done" }), false, "a new update");
  assert.equal(isOlderRecord({ startedAt: "t1", state: "running", sent: 0 }, null), false);
});

test("progressText and phases", () => {
  assert.equal(progressText({ percent: 30, sent: 12595, total: 41984, resumes: 1 }), "30.0 % · 12.3 KB of 41.0 KB · resumed 1×");
  assert.equal(progressText({ percent: 140, sent: 0, total: 0 }), "100.0 % · 0 bytes of 0 bytes");
  assert.equal(FIRMWARE_PHASES.resuming, "The link dropped: picking up where it stopped");
});

// ---- History ----

test("historyData takes readings and the corrections that changed something", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  const battery = { entries: [{ date: "2026-11-22T10:00:00Z", event: { battery: { level: 80, isCharging: false } } }] };
  const clock = { entries: [
    { date: "2026-11-22T09:00:00Z", event: { clockCorrection: { offsetSeconds: 1, decision: "inSync" } } },
    { date: "2026-11-22T11:00:00Z", event: { clockCorrection: { offsetSeconds: -600, decision: "updateAndNotify" } } },
  ] };
  const data = historyData(battery, clock, 7, now);
  assert.equal(data.to, now);
  assert.equal(data.from, now - 7 * DAY_MS);
  assert.deepEqual(data.readings, [{ date: new Date("2026-11-22T10:00:00Z"), level: 80, charging: false }]);
  assert.deepEqual(data.corrections.map((c) => c.decision), ["updateAndNotify"]);
  assert.equal(data.checks, 2, "every check is counted");
});

test("readingRuns breaks the line where readings are more than 6 hours apart", () => {
  const at = (hours) => ({ date: new Date(hours * HOUR_MS), level: 50 });
  const runs = readingRuns([at(0), at(1), at(7), at(14), at(15)]);
  assert.deepEqual(runs.map((run) => run.length), [3, 2], "7 h after 1 h is exactly 6 h: joined; 14 h after 7 h is not");
  assert.deepEqual(readingRuns([]), []);
});

test("tickStep picks the smallest step that fits, hours within a day, days beyond", () => {
  assert.equal(tickStep(DAY_MS, 24), HOUR_MS);
  assert.equal(tickStep(DAY_MS, 10), 3 * HOUR_MS);
  assert.equal(tickStep(DAY_MS, 1), 12 * HOUR_MS);
  assert.equal(tickStep(7 * DAY_MS, 10), DAY_MS);
  assert.equal(tickStep(30 * DAY_MS, 5), 5 * DAY_MS, "6 ticks of 5 days: one more than fits is allowed");
  assert.equal(tickStep(30 * DAY_MS, 4), 7 * DAY_MS);
  assert.equal(tickStep(30 * DAY_MS, 1), 10 * DAY_MS, "the largest when none fits");
  assert.equal(spanWords(1), "the last 24 hours");
  assert.equal(spanWords(30), "the last 30 days");
});

// ---- Explorer ----

const device = (address, rssi, extra = {}) => ({ address, name: null, rssi, connection: "disconnected", connectable: false, services: [], ...extra });

test("devices sort strongest first, no RSSI last, then by address; search ignores case", () => {
  const list = [device("B", -70, { name: "Kitchen" }), device("A", -70, { name: "Nightlight Demo" }), device("C", null, { name: "demo tag" }), device("D", -40)];
  assert.deepEqual([...list].sort(byRSSI).map((d) => d.address), ["D", "A", "B", "C"]);
  assert.deepEqual(searchDevices(list, " DEMO ").map((d) => d.address), ["A", "C"]);
  assert.deepEqual(searchDevices(list, "").map((d) => d.address), ["D", "A", "B", "C"]);
  assert.equal(countText(2, 4, "demo"), "2 of 4 devices match");
  assert.equal(countText(1, 1, ""), "1 device found");
  assert.equal(displayName(list[3]), "[No Name]");
  assert.equal(displayName(list[0]), "Kitchen");
});

test("signal percent and colours follow the scanner's rules", () => {
  assert.equal(signalPercent(-30), 100);
  assert.equal(signalPercent(-100), 0);
  assert.equal(signalPercent(-120), 0);
  assert.equal(signalPercent(-65), 50);
  assert.equal(signalPercent(null), 0);
  assert.equal(rssiColor(-60), "green");
  assert.equal(rssiColor(-61), "yellow");
  assert.equal(rssiColor(-75), "yellow");
  assert.equal(rssiColor(-76), "red");
});

test("a row's status and trailing mark", () => {
  assert.deepEqual(rowStatus(device("A", -50, { connection: "connected", connectable: true })), ["connected", "Connected"]);
  assert.deepEqual(rowStatus(device("A", -50, { connectable: true })), ["connectable", "Connectable"]);
  assert.deepEqual(rowStatus(device("A", -50, { services: [{}, {}] })), ["services", "Services: 2"]);
  assert.deepEqual(rowStatus(device("A", -50)), ["none", ""]);
  assert.equal(rowTrailing(device("A", -50, { connection: "connected" })), "connected");
  assert.equal(rowTrailing(device("A", -50, { connectable: true })), "chevron");
  assert.equal(rowTrailing(device("A", -50)), "not-connectable");
});

test("why the list is empty", () => {
  const on = { state: "poweredOn", scanning: true };
  assert.equal(emptyReason({ radio: { state: "poweredOff" }, loaded: true, allCount: 0, shownCount: 0 }), "off");
  assert.equal(emptyReason({ radio: { ...on, scanning: false }, loaded: true, allCount: 0, shownCount: 0 }), "stopped");
  assert.equal(emptyReason({ radio: on, loaded: true, allCount: 0, shownCount: 0 }), "scanning");
  assert.equal(emptyReason({ radio: null, loaded: false, allCount: 0, shownCount: 0 }), "scanning");
  assert.equal(emptyReason({ radio: on, loaded: true, allCount: 3, shownCount: 0 }), "no-match");
  assert.equal(emptyReason({ radio: { state: "poweredOff" }, loaded: true, allCount: 3, shownCount: 3 }), null, "devices heard before still show");
});

test("characteristic kinds, labels and value formats", () => {
  assert.equal(characteristicKind(["read", "write"]), "read-write");
  assert.equal(characteristicKind(["read", "writeWithoutResponse", "notify"]), "read-write");
  assert.equal(characteristicKind(["read", "notify"]), "read");
  assert.equal(characteristicKind(["writeWithoutResponse"]), "write");
  assert.equal(characteristicKind(["indicate"]), "notify");
  assert.equal(characteristicKind(["broadcast"]), "other");
  assert.equal(characteristicLabel({ uuid: "2A19", name: "Battery Level" }), "Battery Level");
  assert.equal(characteristicLabel({ uuid: "FFF1", userDescription: "Message" }), "Message");
  assert.equal(characteristicLabel({ uuid: "FFF1" }), "FFF1");
  assert.deepEqual(numericFormats({ uint32: 7, float32: "1e-45" }), ["UInt32: 7", "Float: 1e-45"]);
  assert.deepEqual(numericFormats({ uint8: 0 }), ["UInt8: 0"], "0 is a value");
  assert.deepEqual(numericFormats({ hex: "" }), []);
  assert.equal(isConnectionBusy("reconnecting"), true);
  assert.equal(isConnectionBusy("connected"), false);
});

test("lastUpdate is the latest of last seen, the last reading and any value", () => {
  const detail = { device: { lastSeen: "2026-11-22T18:41:00Z" }, services: [{ characteristics: [{ value: { at: "2026-11-22T18:41:30Z" } }, {}] }] };
  assert.equal(lastUpdate(detail, []), "2026-11-22T18:41:30Z");
  assert.equal(lastUpdate(detail, [{ at: "2026-11-22T18:42:00Z" }]), "2026-11-22T18:42:00Z");
  assert.equal(lastUpdate({ device: { lastSeen: "2026-11-22T18:41:00Z" } }, []), "2026-11-22T18:41:00Z");
});

// ---- Names, limits, versions ----

test("names of nightlights", () => {
  const devices = [{ address: "C4:4E:4C:00:00:02", deviceName: "SN-0002", childName: "Mia" }, { address: "C4:4E:4C:00:00:01", deviceName: "SN-0001", childName: "" }];
  assert.equal(lightName(devices[0]), "Mia's nightlight");
  assert.equal(lightName(devices[1]), "this nightlight");
  assert.equal(lightName(null), "this nightlight");
  assert.equal(deviceLabel(devices[0]), "Mia · SN-0002");
  assert.equal(deviceLabel(devices[1]), "SN-0001");
  assert.equal(findDevice(devices, "c4:4e:4c:00:00:01"), devices[1], "any case");
  assert.equal(findDevice(devices, "C4:4E:4C:00:00:09"), null);
  assert.equal(findDevice(devices, null), null);
  assert.equal(sourceName(devices, "c4:4e:4c:00:00:02"), "Mia's nightlight");
  assert.equal(sourceName(devices, "C4:4E:4C:00:00:01"), "SN-0001");
  assert.equal(sourceName(devices, "C4:4E:4C:00:00:09"), "C4:4E:4C:00:00:09", "not paired: the address");
  assert.equal(sourceName(devices, null), null);
});

test("limitProblems names the limits a dashboard did not send", () => {
  assert.deepEqual(limitProblems(LIMITS), []);
  assert.deepEqual(limitProblems({ ...LIMITS, weekSchedule: { ...LIMITS.weekSchedule, maximumPeriods: 0, maximumFadeMinutes: "60" } }),
    ["weekSchedule.maximumPeriods", "weekSchedule.maximumFadeMinutes"]);
  assert.equal(limitProblems(null).length, 8, "all of them");
});

test("nameProblem: a name is needed, and within the byte limit", () => {
  assert.equal(nameProblem("School nights", 60), null);
  assert.equal(nameProblem("   ", 60), "Enter a name.");
  assert.equal(nameProblem("", 60, { what: "name for the saved schedule" }), "Enter a name for the saved schedule.");
  assert.equal(nameProblem("🌙".repeat(16), 60), "That name is too long: it counts 64 letters, and 60 fit (an accented letter counts as 2, an emoji as 4).");
  assert.equal(nameProblem("🌙".repeat(15), 60), null, "60 bytes fit");
  assert.equal(nameProblem(`  ${"a".repeat(60)}  `, 60), null, "spaces around are trimmed");
});

test("schedule versions travel as entity tags", () => {
  assert.equal(entityTag("w-00e4-1a2b3c4d"), '"w-00e4-1a2b3c4d"');
  assert.deepEqual(ifMatch("t-0002-0000abcd"), { "If-Match": '"t-0002-0000abcd"' });
  assert.deepEqual(ifMatch(null), {}, "without a version the write is unconditional");
  assert.deepEqual(ifMatch(undefined), {});
  assert.equal(versionFromEntityTag('"w-00e4-1a2b3c4d"'), "w-00e4-1a2b3c4d");
  assert.equal(versionFromEntityTag(' W/"w-1" '), "w-1", "a weak tag");
  assert.equal(versionFromEntityTag("w-1"), null, "not quoted: not a tag");
  assert.equal(versionFromEntityTag(null), null);
  for (const version of ["w-00e4-1a2b3c4d", "t-0001-00000000"]) assert.equal(versionFromEntityTag(entityTag(version)), version);
  assert.match(STALE_MESSAGE, /changed elsewhere/);
  assert.match(STALE_MESSAGE, /Reload/);
});

test("switcherLabel: the child's name alone on a phone, unless two nightlights share it", () => {
  const mia = { childName: "Mia", deviceName: "SN-0002" };
  const leo = { childName: "Leo", deviceName: "SN-0001" };
  const newOne = { childName: "", deviceName: "SN-0003" };
  assert.equal(switcherLabel(mia, [mia, leo]), "Mia");
  assert.equal(switcherLabel(newOne, [mia, newOne]), "SN-0003");
  const otherMia = { childName: "mia", deviceName: "SN-0004" };
  assert.equal(switcherLabel(mia, [mia, otherMia]), "Mia · SN-0002", "shared names keep the device name");
});
