// The nightlight's clock on the page (SN profile §8): a running copy of the time last read, what
// a clock answer tells the parent, and the clock's state in words. Pure: no DOM (the time source
// is injected).

import { dayOfDate } from "./days.js";
import { formatOffset } from "./format.js";

/**
 * A running copy of a nightlight's clock: the fields last read (`SNClockTime`: year, month, day,
 * hour, minute, second, fractions256) plus the time since, on `elapsed()` — a monotonic clock in
 * milliseconds (performance.now in the page; a manual one in tests).
 */
export class DeviceClock {
  constructor(elapsed = () => performance.now()) {
    this.elapsed = elapsed;
    this.fields = null;
    this.readAt = 0;
  }

  /** Takes a new reading. */
  set(fields) {
    this.fields = fields;
    this.readAt = this.elapsed();
  }

  /** Whether the nightlight's clock is set (a year above 0). */
  get isSet() {
    return Boolean(this.fields && this.fields.year > 0);
  }

  /** The nightlight's wall-clock time now, as a Date whose UTC fields are its local fields; null when not set. */
  now() {
    if (!this.isSet) return null;
    const f = this.fields;
    const base = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, ((f.fractions256 ?? 0) / 256) * 1000);
    return new Date(base + (this.elapsed() - this.readAt));
  }

  /** Minutes since the nightlight's midnight (fractional), or null when not set. */
  minute() {
    const now = this.now();
    return now ? now.getUTCHours() * 60 + now.getUTCMinutes() + now.getUTCSeconds() / 60 : null;
  }

  /** "monday"…, or null when not set. */
  day() {
    const now = this.now();
    return now ? dayOfDate(now) : null;
  }
}

/** "21:05:09" for a Date whose UTC fields are the nightlight's time. */
export function formatClockTime(date) {
  return [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

/** "Monday, 23 November" (in the reader's words) for a Date whose UTC fields are the nightlight's time. */
export function formatClockDate(date) {
  return date.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

/** What a clock answer (pairing or clock/sync) should tell the parent, or null (§8). */
export function clockNotice(answer) {
  if (!answer?.written) return null;
  switch (answer.decision) {
    case "updateAndNotify":
    case "askUser": // accepted by the parent
      return `The nightlight's clock was ${formatOffset(answer.offsetSeconds)}; it has been corrected.`;
    case "clockNotSet":
      return "The nightlight's clock was not set; it has been set.";
    case "forcedUpdate":
      return "The nightlight's clock has been set from the dashboard's time.";
    default:
      return null;
  }
}

/**
 * The clock card's badge for a clock answer: {text, kind} with kind "ok" or "warn". Within 2 s
 * it is in sync; a question not answered yet says "not corrected".
 */
export function clockState(report, isSet) {
  if (!isSet) return { text: "Not set", kind: "warn" };
  if (report.offsetSeconds === null || report.offsetSeconds === undefined) return { text: report.message, kind: "ok" };
  if (report.needsConfirmation) return { text: `${formatOffset(report.offsetSeconds)} — not corrected`, kind: "warn" };
  if (report.written) return { text: "Just set from the dashboard's time", kind: "ok" };
  if (Math.abs(report.offsetSeconds) < 2) return { text: "In sync with the dashboard's time", kind: "ok" };
  return { text: `${formatOffset(report.offsetSeconds)} the dashboard's time`, kind: "warn" };
}
