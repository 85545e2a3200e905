// The child button (SN profile §5): the page's checks of its settings, the settings in words, and
// the light's countdown. Pure: no DOM.

import { describeColor } from "./color.js";
import { formatMinutes, formatOnTime } from "./format.js";

/** The quiet time offered when the parent switches it on first: 08:00–18:00. */
export const DEFAULT_QUIET_TIME = { start: 480, end: 1080 };

/** The longest the light stays on, in seconds (60 minutes). */
export const MAXIMUM_ON_TIME = 3600;
/** The most presses a day (0 is no limit). */
export const MAXIMUM_DAILY_USAGE = 255;

/** The rules of §5 as the page checks them: [{field, message}] ([] when all is well). */
export function checkButtonSettings(settings) {
  const problems = [];
  if (!Number.isInteger(settings.onTime) || settings.onTime < 1 || settings.onTime > MAXIMUM_ON_TIME) {
    problems.push({ field: "onTime", message: "The light stays on for 1 second up to 60 minutes." });
  }
  if (!Number.isInteger(settings.dailyUsage) || settings.dailyUsage < 0 || settings.dailyUsage > MAXIMUM_DAILY_USAGE) {
    problems.push({ field: "dailyUsage", message: "Presses a day: a whole number from 1 to 255, or 0 for no limit." });
  }
  return problems;
}

/** Whether a deactivation window is on (an empty window, start = end, is off). */
export function isQuietTimeOn(quiet) {
  return quiet.start !== quiet.end;
}

/** The quiet time in words: one past midnight says "the next morning"; an empty one "works all day". */
export function quietTimeHint(quiet) {
  if (!isQuietTimeOn(quiet)) return "The button works all day.";
  return quiet.start > quiet.end
    ? `From ${formatMinutes(quiet.start)} until ${formatMinutes(quiet.end)} the next morning, presses do nothing.`
    : `From ${formatMinutes(quiet.start)} to ${formatMinutes(quiet.end)} presses do nothing.`;
}

/** The settings in one sentence: "A press lights amber 25 % for 5 minutes, up to 3 times a day, except 08:00–18:00. …". */
export function buttonSummary(settings) {
  if (!settings.isEnabled) return "The button is off: pressing it does nothing.";
  const w = settings.deactivationWindow;
  const times = settings.dailyUsage === 0 ? "as often as they like" : settings.dailyUsage === 1 ? "once a day" : `up to ${settings.dailyUsage} times a day`;
  const quiet = isQuietTimeOn(w) ? `, except ${formatMinutes(w.start)}–${formatMinutes(w.end)}` : "";
  const time = Number.isInteger(settings.onTime) && settings.onTime > 0 ? formatOnTime(settings.onTime) : "a while";
  return `A press lights ${describeColor(settings.color)} for ${time}, ${times}${quiet}. Another press turns it off.`;
}

/** The words after today's count of uses: "of 3 presses used today" (1 of 3…), "presses today (no limit)". */
export function usesAfterCount(usesToday, dailyUsage) {
  return dailyUsage === 0 ? `press${usesToday === 1 ? "" : "es"} today (no limit)` : `of ${dailyUsage} presses used today`;
}

/**
 * The seconds the button light has left at `now` (ms, the clock `status.at` was taken on): the
 * status's remainingSeconds less the time since; 0 when the light is off.
 */
export function buttonSecondsLeft(status, now) {
  if (!status.isLightOn) return 0;
  return Math.max(0, status.remainingSeconds - (now - status.at) / 1000);
}
