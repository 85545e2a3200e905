// What the model tests share: the limits as `GET /api/limits` answers them, and paths.

/** The Smart Nightlight's limits (docs/dashboard-api.md, GET /api/limits). */
export const LIMITS = Object.freeze({
  childName: { maximumBytes: 20 },
  weekSchedule: { maximumGroups: 7, maximumPeriods: 6, maximumFadeMinutes: 60, nameMaximumBytes: 20, groupNameMaximumBytes: 12 },
  libraryName: { maximumBytes: 60 },
  firmwareImage: { maximumBytes: 1048576 },
});

/** LIMITS with some week-schedule limits changed, to show the model follows the server's. */
export function limitsWith(weekSchedule) {
  return { ...LIMITS, weekSchedule: { ...LIMITS.weekSchedule, ...weekSchedule } };
}

/** A period {start, end, color, fade} (night amber, no fade unless given). */
export const period = (start, end, fade = 0, color = "#402000") => ({ start, end, color, fade });

/** SN-0002's "School nights" as the simulator has it (trimmed to what the tests need). */
export function schoolNights() {
  return {
    name: "School nights",
    groups: [
      { name: "School days", days: ["monday", "tuesday", "wednesday", "thursday"], periods: [period(0, 405), period(1140, 1440, 10)] },
      { name: "Friday", days: ["friday"], periods: [period(0, 405), period(1260, 1440)] },
      { name: "Saturday", days: ["saturday"], periods: [period(0, 480), period(1290, 1440)] },
      { name: "Sunday", days: ["sunday"], periods: [period(0, 480), period(1170, 1440)] },
    ],
  };
}
