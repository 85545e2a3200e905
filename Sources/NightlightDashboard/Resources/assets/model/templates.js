// Ready-made week schedules a parent starts from (the library's templates), each editable in the
// week editor before it is written. Pure: no DOM. Names fit the profile (20 bytes a schedule,
// 12 a group); colours are dim, as a night light should be.

/** A dim amber night glow, and the "OK to wake" green. */
const GLOW = "#402000";
const WAKE = "#006020";

const period = (start, end, color = GLOW, fade = 0) => ({ start, end, color, fade });
const hm = (hours, minutes = 0) => hours * 60 + minutes;
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"];
const WEEKEND = ["saturday", "sunday"];
const EVERY_DAY = [...WEEKDAYS, ...WEEKEND];

/** The templates: {id, name, description, schedule()} (schedule() makes a fresh copy). */
export const SCHEDULE_TEMPLATES = [
  {
    id: "ok-to-wake",
    name: "OK to wake",
    description: "For a toddler: a soft glow through the night, turning green at 06:30 when it is OK to get up, off at 07:30.",
    schedule: () => ({
      name: "OK to wake",
      groups: [{ name: "Every day", days: [...EVERY_DAY], periods: [period(0, hm(6, 30)), period(hm(6, 30), hm(7, 30), WAKE, 5), period(hm(19), hm(24), GLOW, 15)] }],
    }),
  },
  {
    id: "school-nights",
    name: "School nights",
    description: "Lights down at 19:30 before a school day and at 21:00 on Friday and Saturday; the glow stays until 07:00 on school mornings, 08:00 at the weekend.",
    schedule: () => ({
      name: "School nights",
      groups: [
        { name: "Mon–Thu", days: ["monday", "tuesday", "wednesday", "thursday"], periods: [period(0, hm(7)), period(hm(19, 30), hm(24), GLOW, 10)] },
        { name: "Friday", days: ["friday"], periods: [period(0, hm(7)), period(hm(21), hm(24), GLOW, 10)] },
        { name: "Saturday", days: ["saturday"], periods: [period(0, hm(8)), period(hm(21), hm(24), GLOW, 10)] },
        { name: "Sunday", days: ["sunday"], periods: [period(0, hm(8)), period(hm(19, 30), hm(24), GLOW, 10)] },
      ],
    }),
  },
  {
    id: "weekend-lie-in",
    name: "Weekend lie-in",
    description: "Weekdays: glow from 20:00, green at 06:30. Saturday and Sunday: glow from 21:00 and green only at 08:00, for a longer sleep.",
    schedule: () => ({
      name: "Weekend lie-in",
      groups: [
        { name: "Weekdays", days: [...WEEKDAYS], periods: [period(0, hm(6, 30)), period(hm(6, 30), hm(7), WAKE, 5), period(hm(20), hm(24), GLOW, 10)] },
        { name: "Weekend", days: [...WEEKEND], periods: [period(0, hm(8)), period(hm(8), hm(8, 30), WAKE, 5), period(hm(21), hm(24), GLOW, 10)] },
      ],
    }),
  },
];
