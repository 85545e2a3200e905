// Editing a period of today from the timeline: the dialog with the period (or a free slot for a
// new one), then the write — the temporary schedule ("today only") or the week group of today —
// made on the version of the schedule the page last read (If-Match). A write refused as stale
// (changed elsewhere) closes the dialog having written nothing.

import { apiRequest, nightlightPath } from "../../lib/api.js";
import { toast } from "../../lib/feedback.js";
import { formatMinutes } from "../../model/format.js";
import { withGroupPeriods } from "../../model/schedule.js";
import { fitFade, freeSlot, litPeriods, periodFields, withPeriod } from "../../model/timeline.js";
import { ifMatch } from "../../model/versions.js";
import { periodDialog } from "./period-dialog.js";

/**
 * Opens the period dialog for period `index` of today (null: a new one) with a draft {start, end}
 * from a drag (or null), and writes what the parent chose. Resolves to {message, start} once
 * written, {stale: true} when the schedule changed elsewhere, or undefined (cancelled, no room).
 */
export async function editPeriod(today, index, draft) {
  const { status, ctx } = today;
  const limits = ctx.limits;
  const periods = litPeriods(status.timeline);
  const group = today.group();
  const original = index === null ? freeSlot(periods, limits) : periods[index];
  if (!original) {
    toast(`A day has room for ${limits.weekSchedule.maximumPeriods} periods at most; shorten or remove one first.`, "error");
    return undefined;
  }
  const temporaryActive = today.temporaryActive();
  const versions = today.versions();
  return periodDialog({
    title: index === null ? "Add a period" : `Change ${formatMinutes(original.start)}–${formatMinutes(original.end)}`,
    period: fitFade({ ...original, ...(draft ?? {}) }),
    isNew: index === null,
    group,
    weekName: status.weekSchedule.name,
    days: temporaryActive ? status.temporarySchedule.remainingDays : 1,
    temporaryActive,
    proofAddress: ctx.address,
    maximumFade: limits.weekSchedule.maximumFadeMinutes,
    write: async (target, edited, days) => {
      const list = withPeriod(periods, index, edited);
      if (target === "today") {
        await apiRequest("PUT", nightlightPath(ctx.address, "temporary-schedule"), { remainingDays: days, periods: list },
          { headers: ifMatch(versions.temporarySchedule) });
      } else {
        await apiRequest("PUT", nightlightPath(ctx.address, "week-schedule"), withGroupPeriods(status.weekSchedule, group, list),
          { headers: ifMatch(versions.weekSchedule) });
      }
    },
    fieldsFor: (target, edited) =>
      periodFields(target, withPeriod(periods, index, edited), edited, status.weekSchedule.groups.indexOf(group)),
  });
}
