// Today (#/dashboard/ADDR): what the nightlight shows now and why, today's timeline (drag or
// keyboard to edit a period, then "today only" or "every <group>"), the temporary and week
// schedules, the child button, the battery and the clock (§8 prompts). Live updates change the
// values in place. This module puts the parts together (views/today/*.js) and keeps them
// current; they share createTodayState's state.
// Hooks: those of the parts, and [data-test="stale-notice"] with [data-test="stale-reload"]
// (a schedule write refused because the schedule changed elsewhere).

import { readAlerts } from "../../lib/alerts.js";
import { h, icon } from "../../lib/dom.js";
import { showError, toast } from "../../lib/feedback.js";
import { statusSignature } from "../../model/status.js";
import { alertsCard } from "../shared/alerts.js";
import { clockCheckDue, syncClock } from "../shared/clock-check.js";
import { showStaleNotice } from "../shared/stale-notice.js";
import { clockCard } from "./clock-card.js";
import { modeHero, nameHead } from "./head.js";
import { editPeriod } from "./period-editor.js";
import { temporaryCard, weekCard } from "./schedule-cards.js";
import { lightsCard } from "./lights-card.js";
import { batteryCard, buttonCard } from "./status-cards.js";
import { createTimeline } from "./timeline.js";
import { createTodayState } from "./today-state.js";

/**
 * While the page is shown the status is read again this often, live updates or not: what no
 * notification carries (the button settings, the schedules, the names, a clock set by another
 * phone or the command line) is on the page within this time of the change (§8 asks for every
 * 60 s at least).
 */
const REVALIDATE_MS = 10000;

/** Shows Today in `container`; returns its cleanup. */
export async function render(container, ctx) {
  const cached = ctx.status;
  const status = cached ?? (await ctx.refresh());
  if (!container.isConnected) return undefined; // left while loading: no clock check for a view not shown
  const today = createTodayState(ctx, status);

  const head = nameHead(today);
  const hero = modeHero(today);
  const timeline = createTimeline({ clock: today.clock, limits: ctx.limits, onEdit: edit, onAdd: () => edit(null, null) });
  const cards = {
    temporary: temporaryCard(today, { onCleared: cleared, onStale: stale }),
    week: weekCard(today),
    button: buttonCard(today),
    battery: batteryCard(today),
    clock: clockCard(today, { reload, onClockChanged: () => head.drawDate() }),
    lights: lightsCard(today, { onChanged: () => reload().catch(() => {}) }),
  };
  const timelineCard = h("section", { class: "card wide", "aria-labelledby": "timeline-heading" },
    h("div", { class: "card-head" }, h("h2", { id: "timeline-heading" }, icon("today"), "Today's light"), timeline.addButton),
    timeline.element);
  const alerts = alertsCard({ address: ctx.address });
  container.append(head.element,
    h("div", { class: "grid" }, alerts.element, hero.element, timelineCard, cards.temporary.element, cards.battery.element, cards.button.element, cards.lights.element, cards.week.element, cards.clock.element));

  function drawAll() {
    head.draw();
    head.drawDate();
    hero.draw();
    timeline.update(today.status.timeline, { temporary: today.temporaryActive(), group: today.group(), weekName: today.status.weekSchedule.name });
    for (const card of Object.values(cards)) card.draw();
  }

  /** Re-reads the status and redraws everything. */
  async function reload() {
    today.take(await ctx.refresh());
    drawAll();
  }

  /** A schedule write was refused: the schedule changed elsewhere. Nothing was written. */
  function stale() {
    timeline.reset();
    showStaleNotice(container, reload);
  }

  async function edit(index, draft) {
    const saved = await editPeriod(today, index, draft);
    if (saved?.stale) return stale();
    if (!saved) return timeline.reset();
    await reload();
    toast(saved.message, "success");
    timeline.focusPeriodAt(saved.start);
    return undefined;
  }

  async function cleared() {
    await reload();
    timeline.focusAdd();
  }

  ctx.onLive((message) => {
    onLive(today, message, { hero, head, ...cards });
    // The hub raises and clears alerts from what the nightlight reports.
    if (["battery", "power", "connection"].includes(message.type)) readAlerts();
  });

  // Every second: the clock, the now marker, countdowns; a new day re-reads the status.
  let shownDay = today.clock.day();
  const ticker = setInterval(() => {
    if (today.clock.day() !== shownDay) {
      shownDay = today.clock.day();
      reload().catch(() => {});
      return;
    }
    cards.clock.update();
    timeline.moveNow();
    if (today.buttonStatus.isLightOn) {
      cards.button.update();
      if (today.status.activeState.mode === 3) hero.drawReason();
    }
  }, 1000);

  // The status is read again at once when the page was drawn from the app's last copy, every
  // REVALIDATE_MS while the page is visible, and when it becomes visible again. A change made
  // elsewhere redraws the page; the schedules stay as drawn while a period is being edited (a
  // write is still made on the version on show, and refused when stale).
  let alive = true;
  let revalidating = false;
  async function revalidate() {
    if (revalidating || document.visibilityState !== "visible") return;
    revalidating = true;
    try {
      const fresh = await ctx.refresh();
      if (!alive) return;
      readAlerts();
      cards.lights.refresh().catch(() => {});
      const editing = timeline.isEditing() || container.ownerDocument.querySelector("dialog[open]") !== null;
      if (fresh.clock?.offsetSeconds !== undefined && !today.clockReport?.needsConfirmation) today.clockReport = fresh.clock;
      if (statusSignature(fresh) !== statusSignature(today.status) && !editing) {
        today.take(fresh);
        drawAll();
        return;
      }
      const { weekSchedule, temporarySchedule, timeline: segments, versions } = today.status;
      today.take(editing ? { ...fresh, weekSchedule, temporarySchedule, timeline: segments, versions } : fresh);
      hero.draw();
      head.drawDate();
      cards.battery.update();
      cards.button.update();
      cards.clock.update();
    } catch {
      // The header's connection indicator tells; the next round tries again.
    } finally {
      revalidating = false;
    }
  }
  const poller = setInterval(revalidate, REVALIDATE_MS);
  const onVisible = () => revalidate();
  document.addEventListener("visibilitychange", onVisible);
  if (cached) revalidate();

  drawAll();
  cards.lights.refresh().catch((error) => showError(cards.lights.element, error));

  // §8: the clock is compared when a nightlight is selected, and again when a section opens
  // 5 minutes after the last check (app/clock-check.js).
  if (clockCheckDue(ctx.address)) {
    syncClock(ctx.address)
      .then((answer) => {
        cards.clock.settle(answer);
        readAlerts();
      })
      .catch((error) => cards.clock.showError(error));
  }

  return () => {
    alive = false;
    clearInterval(ticker);
    clearInterval(poller);
    alerts.stop();
    document.removeEventListener("visibilitychange", onVisible);
    timeline.stop();
  };
}

/** Takes a live message into Today's state and redraws the parts it changes ({hero, head, and the cards}). */
function onLive(today, message, parts) {
  switch (message.type) {
    case "activeState":
      today.status.activeState = message.activeState;
      parts.hero.draw();
      break;
    case "battery":
      today.status.batteryLevel = message.batteryLevel;
      parts.battery.update();
      break;
    case "power":
      today.status.powerState = message.powerState;
      parts.battery.update();
      break;
    case "clock":
      today.clock.set(message.clock);
      parts.clock.update();
      parts.head.drawDate();
      break;
    case "button":
      today.takeButtonStatus(message.button);
      today.status.button.status = message.button;
      parts.button.update();
      parts.hero.draw();
      break;
    default:
      break;
  }
}
