// model/clock.js, model/status.js, model/button.js: the nightlight's clock on the page, the mode
// and why, the battery, the child button's settings in words and their checks.

import { test } from "node:test";
import assert from "node:assert/strict";
import { DeviceClock, clockNotice, clockState, formatClockDate, formatClockTime } from "../../Sources/NightlightDashboard/Resources/assets/model/clock.js";
import { MODE_NAMES, batteryAdvice, batteryBand, isCharging, modeName, modeReason, powerWords, statusSignature } from "../../Sources/NightlightDashboard/Resources/assets/model/status.js";
import { homeCard } from "../../Sources/NightlightDashboard/Resources/assets/model/home.js";
import {
  DEFAULT_QUIET_TIME, buttonSecondsLeft, buttonSummary, checkButtonSettings, isQuietTimeOn, quietTimeHint, usesAfterCount,
} from "../../Sources/NightlightDashboard/Resources/assets/model/button.js";
import { schoolNights } from "./fixtures.mjs";

/** A manual monotonic clock in milliseconds. */
function manualClock(start = 1000) {
  let now = start;
  const elapsed = () => now;
  elapsed.advance = (ms) => {
    now += ms;
  };
  return elapsed;
}

const fields = (hour, minute, second = 0, extra = {}) => ({ year: 2026, month: 11, day: 22, hour, minute, second, fractions256: 0, ...extra });

test("DeviceClock runs on from the last reading", () => {
  const elapsed = manualClock();
  const clock = new DeviceClock(elapsed);
  assert.equal(clock.isSet, false);
  assert.equal(clock.now(), null);
  assert.equal(clock.minute(), null);
  assert.equal(clock.day(), null);
  clock.set(fields(21, 5, 9));
  assert.equal(clock.isSet, true);
  assert.equal(formatClockTime(clock.now()), "21:05:09");
  assert.equal(clock.minute(), 21 * 60 + 5 + 9 / 60);
  assert.equal(clock.day(), "sunday", "22 November 2026 is a Sunday");
  elapsed.advance(60_000);
  assert.equal(formatClockTime(clock.now()), "21:06:09");
  clock.set(fields(0, 0, 0, { year: 0 }));
  assert.equal(clock.isSet, false, "year 0: not set");
});

test("DeviceClock crosses midnight into the next day", () => {
  const elapsed = manualClock();
  const clock = new DeviceClock(elapsed);
  clock.set(fields(23, 59, 30, { fractions256: 128 }));
  assert.equal(clock.day(), "sunday");
  elapsed.advance(29_500);
  assert.equal(clock.day(), "monday");
  assert.equal(clock.minute(), 0);
  assert.equal(formatClockTime(clock.now()), "00:00:00");
  assert.match(formatClockDate(clock.now()), /23/, "the date moves on too");
});

test("clockNotice tells the parent about a written clock only", () => {
  assert.equal(clockNotice({ written: true, decision: "updateAndNotify", offsetSeconds: -600 }), "The nightlight's clock was 10 min behind; it has been corrected.");
  assert.equal(clockNotice({ written: true, decision: "askUser", offsetSeconds: 2700 }), "The nightlight's clock was 45 min ahead; it has been corrected.");
  assert.equal(clockNotice({ written: true, decision: "clockNotSet" }), "The nightlight's clock was not set; it has been set.");
  assert.equal(clockNotice({ written: true, decision: "forcedUpdate" }), "The nightlight's clock has been set from the dashboard's time.");
  assert.equal(clockNotice({ written: true, decision: "updateSilently", offsetSeconds: 100 }), null, "silent corrections stay silent");
  assert.equal(clockNotice({ written: false, decision: "askUser", offsetSeconds: 2700 }), null);
  assert.equal(clockNotice(null), null);
});

test("clockState follows §8: in sync within 2 s, a question not answered is not corrected", () => {
  assert.deepEqual(clockState({}, false), { text: "Not set", kind: "warn" });
  assert.deepEqual(clockState({ offsetSeconds: null, message: "clock not set" }, true), { text: "clock not set", kind: "ok" });
  assert.deepEqual(clockState({ offsetSeconds: 2700, needsConfirmation: true }, true), { text: "45 min ahead — not corrected", kind: "warn" });
  assert.deepEqual(clockState({ offsetSeconds: -600, written: true }, true), { text: "Just set from the dashboard's time", kind: "ok" });
  assert.deepEqual(clockState({ offsetSeconds: 1.9 }, true), { text: "In sync with the dashboard's time", kind: "ok" });
  assert.deepEqual(clockState({ offsetSeconds: -2 }, true), { text: "2 s behind the dashboard's time", kind: "warn" });
});

function statusWith(mode, extra = {}) {
  return {
    activeState: { mode, colors: ["#402000"] },
    identity: { childName: "Mia" },
    weekSchedule: schoolNights(),
    temporarySchedule: { remainingDays: 0, periods: [] },
    timeline: [
      { start: 0, end: 405, color: "#402000", fade: 0, source: { week: { group: "School days", period: 0 } } },
      { start: 405, end: 1140, color: "#000000", fade: 0, source: { idle: {} } },
      { start: 1140, end: 1440, color: "#402000", fade: 10, source: { week: { group: "School days", period: 1 } } },
    ],
    ...extra,
  };
}

test("mode names by number", () => {
  assert.equal(MODE_NAMES.length, 6);
  assert.equal(modeName(1), "Week schedule");
  assert.equal(modeName(4), "Proof (test) mode");
  assert.equal(modeName(9), "Mode 9");
});

test("modeReason for the week schedule names the group, the period and a fade", () => {
  const status = statusWith(1);
  assert.equal(modeReason({ status, minute: 60, group: status.weekSchedule.groups[0] }), "“School nights”, School days: 00:00–06:45.");
  assert.equal(modeReason({ status, minute: 1145, group: null }), "“School nights”, School days: 19:00–24:00. Fading in.");
  assert.equal(modeReason({ status, minute: 1435, group: null }), "“School nights”, School days: 19:00–24:00. Fading out.");
  assert.equal(modeReason({ status, minute: null, group: null }), "A period of “School nights”.");
});

test("modeReason when off: the clock, or the next light, or none today", () => {
  const status = statusWith(0);
  const group = status.weekSchedule.groups[0];
  assert.equal(modeReason({ status, minute: null, group }), "The nightlight's clock is not set, so its schedules wait. Set the clock below.");
  assert.equal(modeReason({ status, minute: 600, group }), "No period of “School days” now. Next light at 19:00.");
  assert.equal(modeReason({ status, minute: 600, group: null }), "No period of “today” now. Next light at 19:00.");
  const late = statusWith(0, { timeline: status.timeline.slice(0, 2) });
  assert.equal(modeReason({ status: late, minute: 600, group }), "No period of “School days” now. No more light today.");
  const temporary = statusWith(0, { temporarySchedule: { remainingDays: 2, periods: [] } });
  assert.match(modeReason({ status: temporary, minute: 600, group }), /^No period of the temporary schedule now\./);
});

test("modeReason for the temporary schedule, the button, proof, LEDs off and unknown modes", () => {
  assert.equal(modeReason({ status: statusWith(2), minute: 100, group: null }), "Temporary period 00:00–06:45.");
  assert.equal(modeReason({ status: statusWith(2), minute: null, group: null }), "A period of the temporary schedule.");
  assert.equal(modeReason({ status: statusWith(3), minute: 100, group: null, buttonSecondsLeft: 65 }), "Mia pressed the button; the light goes off in 1:05.");
  assert.equal(modeReason({ status: statusWith(3, { identity: { childName: "" } }), minute: 100, group: null }), "Your child pressed the button.");
  assert.match(modeReason({ status: statusWith(4), minute: 1, group: null }), /^Test colors/);
  assert.equal(modeReason({ status: statusWith(5), minute: 1, group: null }), "The LEDs' power is switched off on the nightlight.");
  assert.equal(modeReason({ status: statusWith(7), minute: 1, group: null }), "A mode this dashboard does not know.");
});

test("battery bands and advice", () => {
  assert.equal(batteryBand(4), "critical");
  assert.equal(batteryBand(5), "low");
  assert.equal(batteryBand(19), "low");
  assert.equal(batteryBand(20), "good");
  assert.equal(batteryAdvice(3, false), "Almost empty: plug it in now.");
  assert.equal(batteryAdvice(15, false), "Low: charge it soon.");
  assert.equal(batteryAdvice(3, true), "", "charging: nothing to do");
  assert.equal(batteryAdvice(80, false), "");
  assert.equal(isCharging({ chargeState: 1 }), true);
  assert.equal(isCharging({ chargeState: 2 }), false);
  assert.equal(powerWords({ externalPower: 1 }), "Plugged in, not charging");
  assert.equal(powerWords({ externalPower: 0 }), "On battery");
});

const BUTTON = { isEnabled: true, color: "#FFA040", onTime: 300, dailyUsage: 3, deactivationWindow: { start: 480, end: 1080 }, shakeMode: false };

test("checkButtonSettings: on time 1 s … 60 min, presses 0 … 255", () => {
  assert.deepEqual(checkButtonSettings(BUTTON), []);
  assert.deepEqual(checkButtonSettings({ ...BUTTON, onTime: 0 }).map((p) => p.field), ["onTime"]);
  assert.deepEqual(checkButtonSettings({ ...BUTTON, onTime: 3601 })[0].message, "The light stays on for 1 second up to 60 minutes.");
  assert.deepEqual(checkButtonSettings({ ...BUTTON, onTime: 3600 }), []);
  assert.deepEqual(checkButtonSettings({ ...BUTTON, dailyUsage: NaN }).map((p) => p.field), ["dailyUsage"]);
  assert.equal(checkButtonSettings({ ...BUTTON, dailyUsage: 256 })[0].message, "Presses a day: a whole number from 1 to 255, or 0 for no limit.");
  assert.deepEqual(checkButtonSettings({ ...BUTTON, dailyUsage: 0 }), []);
  assert.equal(checkButtonSettings({ ...BUTTON, onTime: 2.5, dailyUsage: -1 }).length, 2);
});

test("the quiet time in words, past midnight the next morning", () => {
  assert.equal(isQuietTimeOn({ start: 0, end: 0 }), false);
  assert.equal(isQuietTimeOn(DEFAULT_QUIET_TIME), true);
  assert.equal(quietTimeHint({ start: 600, end: 600 }), "The button works all day.");
  assert.equal(quietTimeHint({ start: 480, end: 1080 }), "From 08:00 to 18:00 presses do nothing.");
  assert.equal(quietTimeHint({ start: 1320, end: 420 }), "From 22:00 until 07:00 the next morning, presses do nothing.");
});

test("buttonSummary says what a press does", () => {
  assert.equal(buttonSummary(BUTTON), "A press lights amber for 5 minutes, up to 3 times a day, except 08:00–18:00. Another press turns it off.");
  assert.equal(buttonSummary({ ...BUTTON, dailyUsage: 1, deactivationWindow: { start: 0, end: 0 } }),
    "A press lights amber for 5 minutes, once a day. Another press turns it off.");
  assert.equal(buttonSummary({ ...BUTTON, dailyUsage: 0, onTime: NaN }), "A press lights amber for a while, as often as they like, except 08:00–18:00. Another press turns it off.");
  assert.equal(buttonSummary({ ...BUTTON, isEnabled: false }), "The button is off: pressing it does nothing.");
});

test("uses today after the count, and the seconds the light has left", () => {
  assert.equal(usesAfterCount(1, 3), "of 3 presses used today");
  assert.equal(usesAfterCount(1, 0), "press today (no limit)");
  assert.equal(usesAfterCount(2, 0), "presses today (no limit)");
  assert.equal(buttonSecondsLeft({ isLightOn: true, remainingSeconds: 60, at: 1000 }, 11_000), 50);
  assert.equal(buttonSecondsLeft({ isLightOn: true, remainingSeconds: 5, at: 0 }, 10_000), 0, "never below 0");
  assert.equal(buttonSecondsLeft({ isLightOn: false, remainingSeconds: 60, at: 0 }, 0), 0);
});

test("statusSignature changes with what only a write changes, not with the live values", () => {
  const status = {
    identity: { childName: "Mia" }, button: { settings: { onTime: 600 }, status: { usesToday: 1 } },
    weekSchedule: { name: "Default" }, temporarySchedule: { remainingDays: 0 }, timeline: [], versions: { week: "a" },
    clock: { offsetSeconds: 0 }, batteryLevel: 80, activeState: { mode: 1 },
  };
  const same = statusSignature(status);
  assert.equal(statusSignature({ ...status, batteryLevel: 20, clock: { offsetSeconds: 3 }, activeState: { mode: 3 },
    button: { ...status.button, status: { usesToday: 2 } } }), same, "live values redraw in place");
  assert.notEqual(statusSignature({ ...status, button: { ...status.button, settings: { onTime: 330 } } }), same, "button settings");
  assert.notEqual(statusSignature({ ...status, versions: { week: "b" } }), same, "a schedule written elsewhere");
  assert.notEqual(statusSignature({ ...status, identity: { childName: "Leo" } }), same, "a new child name");
  assert.equal(statusSignature(null), statusSignature(undefined));
});

test("homeCard: a nightlight that answered, and one that did not (its last known values)", () => {
  const device = { address: "A", childName: "Mia", deviceName: "SN-0002", lastSeen: "2026-11-27T10:00:00Z", batteryLevel: 40, isCharging: false, activeMode: 1 };
  const away = homeCard(device, null, Date.parse("2026-11-27T11:30:00Z"));
  assert.equal(away.reachable, false);
  assert.equal(away.mode, "Week schedule");
  assert.equal(away.battery, 40);
  assert.equal(away.seen, "last seen 1 h 30 min ago");
  const status = {
    activeState: { mode: 2, colors: ["#FF8040", "#FF8040", "#FF8040", "#FF8040"] }, batteryLevel: 85,
    powerState: { chargeState: 1 }, clock: { clock: { year: 2026 }, offsetSeconds: 0.4, written: false, needsConfirmation: false },
  };
  const here = homeCard(device, status);
  assert.equal(here.reachable, true);
  assert.equal(here.mode, "Temporary schedule");
  assert.equal(here.color, "#FF8040");
  assert.equal(here.charging, true);
  assert.equal(here.clock.kind, "ok");
  const dark = homeCard(device, { ...status, activeState: { mode: 5, colors: ["#FF8040"] } });
  assert.equal(dark.color, null, "LEDs off: no glow");
  assert.equal(dark.colorWords, "dark");
  const unset = homeCard(device, { ...status, clock: { clock: { year: 0 } } });
  assert.equal(unset.clock.text, "Not set");
});
