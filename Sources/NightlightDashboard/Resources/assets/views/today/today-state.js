// What the parts of Today share: the nightlight's status as last read (live messages change it in
// place), its running clock, the button's status with the time it was read, and the clock card's
// last answer and notice. Each part (views/today/*.js) reads it and draws itself.

import { buttonSecondsLeft } from "../../model/button.js";
import { DeviceClock } from "../../model/clock.js";
import { isTemporaryActive, todayGroup } from "../../model/timeline.js";

/**
 * Today's state for a status just read: {ctx, status, clock, buttonStatus, clockReport,
 * clockNote} and what follows from them (group(), temporaryActive(),
 * buttonSecondsLeft(), minute()). take(status) takes a new status.
 */
export function createTodayState(ctx, status) {
  const state = {
    ctx,
    status: null,
    clock: new DeviceClock(),
    /** The child button's status with `at`, the performance.now() it was read at. */
    buttonStatus: null,
    /** The last clock answer (the status's, or a clock route's). */
    clockReport: null,
    /** The §8 notice shown in the clock card (an element), or null. */
    clockNote: null,

    /** Takes a status read from the nightlight (the clock and the button's status with it). */
    take(next) {
      state.status = next;
      state.clock.set(next.clock.clock);
      state.takeButtonStatus(next.button.status);
    },
    /** Takes the child button's status (from the status or a live message). */
    takeButtonStatus(buttonStatus) {
      state.buttonStatus = { ...buttonStatus, at: performance.now() };
    },
    /** The week schedule's group of the nightlight's today, or null. */
    group() {
      return todayGroup(state.status.weekSchedule, state.clock.day(), state.status.timeline);
    },
    /** Whether the temporary schedule runs. */
    temporaryActive() {
      return isTemporaryActive(state.status);
    },
    /** The seconds the button light has left now (0 when it is off). */
    buttonSecondsLeft() {
      return buttonSecondsLeft(state.buttonStatus, performance.now());
    },
    /** The schedule versions the status was read with ({} from a dashboard without them). */
    versions() {
      return state.status.versions ?? {};
    },
  };
  state.take(status);
  state.clockReport = status.clock;
  return state;
}
