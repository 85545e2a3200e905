// The History section's data: battery readings and clock corrections from the history entries,
// the plot's runs and time ticks. Pure: no DOM.

import { formatCorrection } from "./format.js";

/** An hour in milliseconds. */
export const HOUR_MS = 3600e3;
/** A day in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;

/** Readings further apart than this are not joined by the plot's line. */
export const READING_GAP_MS = 6 * HOUR_MS;

/** The §8 decisions of a clock correction in words. */
export const CORRECTION_WORDS = {
  updateSilently: "corrected silently",
  updateAndNotify: "corrected, parent told",
  askUser: "asked the parent",
  clockNotSet: "was not set; set",
  forcedUpdate: "set by hand",
};

/** How far off a correction found the clock: "12 min behind", or "not set" (a clock that was not set has no offset). */
export function correctionSize(correction) {
  return correction.decision === "clockNotSet" ? "not set" : formatCorrection(correction.offsetSeconds);
}

/**
 * The plot's data from the history answers (kind battery and clockCorrection) over the last
 * `days` days up to `now` (ms): {from, to, readings: [{date, level, charging}], corrections:
 * [{date, offsetSeconds, decision, …}] (checks that found the clock right left out), checks}.
 */
export function historyData(battery, clock, days, now) {
  return {
    to: now,
    from: now - days * DAY_MS,
    readings: battery.entries.map((e) => ({ date: new Date(e.date), level: e.event.battery.level, charging: e.event.battery.isCharging })),
    corrections: clock.entries.map((e) => ({ date: new Date(e.date), ...e.event.clockCorrection })).filter((c) => c.decision !== "inSync"),
    checks: clock.entries.length,
  };
}

/** Readings (sorted by date) cut into runs wherever two are more than `gap` ms apart. */
export function readingRuns(readings, gap = READING_GAP_MS) {
  const runs = [];
  for (const reading of readings) {
    const run = runs.at(-1);
    if (run && reading.date - run.at(-1).date <= gap) run.push(reading);
    else runs.push([reading]);
  }
  return runs;
}

/**
 * The step between the plot's time ticks for a `span` (ms) with room for `fit` labels: hours
 * (1, 2, 3, 6, 12) up to a day, days (1, 2, 5, 7, 10) beyond; the smallest that fits.
 */
export function tickStep(span, fit) {
  const steps = span <= DAY_MS ? [HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS] : [DAY_MS, 2 * DAY_MS, 5 * DAY_MS, 7 * DAY_MS, 10 * DAY_MS];
  return steps.find((size) => span / size <= fit + 1) ?? steps.at(-1);
}

/** "the last 24 hours" / "the last 7 days". */
export function spanWords(days) {
  return days === 1 ? "the last 24 hours" : `the last ${days} days`;
}
