// The days of the week as the API names them, and their names in words. Pure: no DOM.

/** The days as the API names them, Monday first. */
export const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** Three-letter day names, for chips and the week overview. */
export const DAY_SHORT_NAMES = { monday: "Mon", tuesday: "Tue", wednesday: "Wed", thursday: "Thu", friday: "Fri", saturday: "Sat", sunday: "Sun" };

/** "monday" → "Monday". */
export function dayName(day) {
  return day ? day[0].toUpperCase() + day.slice(1) : "";
}

/** "Mon–Fri", "Mon, Wed", "Sat–Sun": days in a few characters, runs of days joined by a dash. */
export function dayRange(days) {
  const indexes = DAYS.map((day, i) => (days.includes(day) ? i : -1)).filter((i) => i >= 0);
  const runs = [];
  for (const i of indexes) {
    const run = runs.at(-1);
    if (run && run[1] === i - 1) run[1] = i;
    else runs.push([i, i]);
  }
  const short = (i) => DAY_SHORT_NAMES[DAYS[i]];
  return runs.map(([a, b]) => (a === b ? short(a) : `${short(a)}–${short(b)}`)).join(", ");
}

/** ["A"] → "A"; ["A", "B", "C"] → "A, B and C". */
export function listInWords(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The day of a Date whose UTC fields are a nightlight's local time: "monday"…. */
export function dayOfDate(date) {
  return DAYS[(date.getUTCDay() + 6) % 7];
}
