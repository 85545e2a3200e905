// Values in words and back: times of day in minutes, durations, clock offsets, countdowns, byte
// counts, elapsed times, text lengths in bytes. Pure: no DOM.

/** Minutes in a day: a period's end may be 1440 (24:00, midnight at the end of the day). */
export const DAY_MINUTES = 1440;

/** 1170 → "19:30" (1440 → "24:00"). */
export function formatMinutes(m) {
  const minutes = Math.round(m);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "7:05" → 425, "19.30" → 1170, "24:00" → 1440; null when it is not a time of day. */
export function parseTime(text) {
  const match = /^\s*(\d{1,2})[:.h](\d{2})\s*$/.exec(String(text ?? ""));
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/**
 * The text of a time field for a period's start or end: an end at 1440 (midnight at the end of
 * the day) shows as "00:00"; null shows as "".
 */
export function timeInputValue(minutes, which = "start") {
  if (minutes == null) return "";
  return formatMinutes(which === "end" && minutes === DAY_MINUTES ? 0 : minutes);
}

/** "12 s", "45 min", "2 h 5 min" (rounded; the sign is ignored). */
export function formatDuration(seconds) {
  const s = Math.round(Math.abs(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

/** A clock's offset in words: "45 min behind" / "3 s ahead" (seconds > 0: the nightlight is ahead). */
export function formatOffset(seconds) {
  return `${formatDuration(seconds)} ${seconds > 0 ? "ahead" : "behind"}`;
}

/** A clock correction as the history lists it, with a decimal: "1.5 s ahead", "12 min behind", "1.5 h ahead". */
export function formatCorrection(seconds) {
  const abs = Math.abs(seconds);
  const size = abs < 60 ? `${abs.toFixed(1)} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : `${(abs / 3600).toFixed(1)} h`;
  return `${size} ${seconds > 0 ? "ahead" : "behind"}`;
}

/** A countdown: 65 → "1:05", 4.2 → "0:05" (whole seconds, rounded up). */
export function formatCountdown(seconds) {
  const s = Math.ceil(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** How long the button light stays on: "5 minutes", "1 minute", "1 min 30 s", "45 seconds". */
export function formatOnTime(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  if (m && s) return `${m} min ${s} s`;
  if (m) return `${m} minute${m === 1 ? "" : "s"}`;
  return `${s} second${s === 1 ? "" : "s"}`;
}

/** A file size: "9,000 bytes" under 10 KiB, "12.3 KB" under 100 KiB, "512 KB" above. */
export function formatBytes(bytes) {
  if (bytes < 10240) return `${bytes.toLocaleString()} bytes`;
  return `${(bytes / 1024).toFixed(bytes < 1024 * 100 ? 1 : 0)} KB`;
}

/** The time since `since` (a date or its text) at `now`: "12 s ago", "5 min ago", "2 h 3 min ago"; "" for no date. */
export function formatElapsed(since, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(since).getTime()) / 1000));
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min ago`;
}

/**
 * Every time the page shows is on the 24-hour clock, as the nightlight's own (its schedules are
 * minutes of the day): dates follow the reader's language, hours never carry AM/PM.
 */
const CLOCK = { hourCycle: "h23" };

/** A date and time in the reader's words, 24-hour ("—" when it is not a date); `seconds` adds the seconds. */
export function formatDateTime(text, { seconds = false } = {}) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: seconds ? "medium" : "short", ...CLOCK });
}

/** A time of day with seconds, 24-hour ("—" when it is not a date); `seconds: false` leaves them out. */
export function formatTimeOfDay(text, { seconds = true } = {}) {
  const date = new Date(text);
  return Number.isNaN(date.getTime())
    ? "—"
    : date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), ...CLOCK });
}

/**
 * Minutes from a time typed in a time field ("21:00", "7.05", "24:00"); null when it is not a
 * time of day. An end of "00:00" is midnight at the end of the day (1440): a period never
 * crosses midnight.
 */
export function minutesFromTimeText(text, which = "start") {
  const minutes = parseTime(text);
  return which === "end" && minutes === 0 ? DAY_MINUTES : minutes;
}

/** How long a name may be, in a parent's words: "up to 20 letters (an accented letter counts as 2, an emoji as 4)". */
export function sizeRule(maximumBytes) {
  return `up to ${maximumBytes} letters (${LETTER_SIZES})`;
}

/** "That name is too long: it counts 22 letters, and 20 fit (…)." for a text of more than `maximumBytes` UTF-8 bytes. */
export function tooLong(what, text, maximumBytes) {
  const subject = what.charAt(0).toUpperCase() + what.slice(1);
  return `${subject} is too long: it counts ${utf8Length(text)} letters, and ${maximumBytes} fit (${LETTER_SIZES}).`;
}

const LETTER_SIZES = "an accented letter counts as 2, an emoji as 4";

/** The length of a text in UTF-8 bytes, as the nightlight stores names ("é" is 2, "🌙" is 4). */
export function utf8Length(text) {
  return new TextEncoder().encode(text ?? "").length;
}

/** The longest start of `text` that fits in `maximumBytes` UTF-8 bytes, never cutting a character. */
export function truncateToBytes(text, maximumBytes) {
  let result = "";
  for (const character of text ?? "") {
    if (utf8Length(result + character) > maximumBytes) break;
    result += character;
  }
  return result;
}

/** "1 period", "2 periods" (`many` for an irregular plural). */
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** "mia's nightlight" → "Mia's nightlight". */
export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
