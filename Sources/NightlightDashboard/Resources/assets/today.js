// Today (#/dashboard/ADDR): what the nightlight shows now and why, today's timeline (drag or
// keyboard to edit a period, then "today only" or "every <group>"), the temporary and week
// schedules, the child button, the battery and the clock (§8 prompts). Live updates change the
// values in place.
// Hooks: [data-test="child-name"] (h1), [data-test="edit-child-name"], [data-test="child-name-input"]
// (data-field="childName"), [data-test="child-name-save"], [data-test="child-name-cancel"],
// [data-test="mode"][data-mode], [data-test="mode-why"], [data-test="mode-glow"], [data-test="today-date"],
// [data-test="timeline"], [data-test="tl-period"][data-index][data-start][data-end],
// [data-test="tl-handle-start"|"tl-handle-end"][data-index], [data-test="tl-now"], [data-test="tl-tip"],
// [data-test="tl-pending"], [data-test="add-period"],
// dialog[data-test="period-dialog"]: [data-test="period-start"], [data-test="period-end"],
// [data-test="period-fade"], [data-test="period-color"], [data-test="period-color-button"],
// [data-test="period-remove"], [data-test="apply-days"], [data-test="apply-today"],
// [data-test="apply-week"], [data-test="period-cancel"],
// [data-test="temporary-card"], [data-test="temporary-days"], [data-test="temporary-clear"],
// [data-test="week-card"], [data-test="week-name"], [data-test="button-card"], [data-test="button-mode"],
// [data-test="button-uses"], [data-test="battery-card"], [data-test="battery-level"], [data-test="charging"],
// [data-test="clock-card"], [data-test="clock-time"], [data-test="clock-status"], [data-test="clock-check"],
// [data-test="clock-sync"], [data-test="clock-force"], [data-test="clock-notice"],
// dialog[data-test="clock-dialog"] (the over-30-minutes question).

import { api, devicePath } from "./api.js";
import { h, icon, clearErrors, showError, toast, openDialog, confirmDialog, formatMinutes, parseTime, dayName, DAYS, contrastText } from "./ui.js";

const DAY_MINUTES = 1440;
const SNAP = 5;

/** The SN whose clock was last checked on selection (§8: on each selection, not each render). */
let lastClockCheck = null;

// ---- Words ----

/** The active mode (§4.5) as a name; the API sends the mode number. */
const MODE_NAMES = ["Off", "Week schedule", "Temporary schedule", "Child button light", "Proof (test) mode", "LEDs switched off"];

function modeName(mode) {
  return MODE_NAMES[mode] ?? `Mode ${mode}`;
}

/** "12 s", "45 min", "2 h 5 min". */
function formatDuration(seconds) {
  const s = Math.round(Math.abs(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

/** "45 min behind" / "3 s ahead" (offsetSeconds > 0: the nightlight is ahead). */
function formatOffset(seconds) {
  return `${formatDuration(seconds)} ${seconds > 0 ? "ahead" : "behind"}`;
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

/** " Fading in." while a period's light ramps up, " Fading out." while it ramps down, else "". */
function fading(period, minute) {
  if (!period.fade) return "";
  if (minute - period.start < period.fade) return " Fading in.";
  if (period.end - minute < period.fade) return " Fading out.";
  return "";
}

/** How a nightlight color reads on the dark page: its hue at full brightness, opacity by intensity. */
function shownColor(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const high = Math.max(r, g, b);
  if (high === 0) return "transparent";
  const scale = 255 / high;
  return `rgba(${Math.round(r * scale)}, ${Math.round(g * scale)}, ${Math.round(b * scale)}, ${(0.4 + 0.6 * (high / 255)).toFixed(2)})`;
}

// ---- The nightlight's clock ----

/** A running copy of the SN's clock: the last value read plus the time since. */
class DeviceClock {
  set(fields) {
    this.fields = fields;
    this.readAt = performance.now();
  }
  get isSet() {
    return Boolean(this.fields && this.fields.year > 0);
  }
  /** The SN's wall-clock time now, as a Date whose UTC fields are the SN's local fields. */
  now() {
    if (!this.isSet) return null;
    const f = this.fields;
    const base = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, (f.fractions256 / 256) * 1000);
    return new Date(base + (performance.now() - this.readAt));
  }
  /** Minutes since the SN's midnight (fractional), or null when not set. */
  minute() {
    const now = this.now();
    return now ? now.getUTCHours() * 60 + now.getUTCMinutes() + now.getUTCSeconds() / 60 : null;
  }
  /** "monday"…, or null. */
  day() {
    const now = this.now();
    return now ? DAYS[(now.getUTCDay() + 6) % 7] : null;
  }
}

function formatDate(date) {
  return date.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

function formatClock(date) {
  return [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

// ---- The view ----

export async function render(container, ctx) {
  let status = ctx.status ?? (await ctx.refresh());
  if (!container.isConnected) return; // left while loading: no clock check for a view not shown
  const clock = new DeviceClock();
  clock.set(status.clock.clock);
  let clockReport = status.clock;
  let clockNote = null;              // the §8 notice shown in the clock card
  let buttonStatus = { ...status.button.status, at: performance.now() };
  let liveConnected = false;

  // -- Header: child name, date, mode now --
  const nameHeading = h("h1", { dataset: { test: "child-name" } });
  const nameRow = h("div", { class: "child-name" });
  const dateLine = h("p", { class: "lead", dataset: { test: "today-date" } });
  const glow = h("div", { class: "glow", dataset: { test: "mode-glow" }, "aria-hidden": "true" }, icon("moon"));
  const modeLabel = h("p", { class: "mode-name", dataset: { test: "mode" } });
  const modeWhy = h("p", { class: "mode-why", dataset: { test: "mode-why" } });
  const hero = h("section", { class: "card hero wide", "aria-labelledby": "today-heading" },
    h("div", { class: "hero-top" },
      glow,
      h("div", { class: "hero-text" },
        h("p", { class: "muted small", id: "today-heading" }, "Shown now"),
        modeLabel,
        modeWhy)));

  // -- Timeline --
  const timeline = createTimeline({
    clock,
    onEdit: (index, draft) => editPeriod(index, draft),
    onAdd: () => editPeriod(null, null),
  });
  const timelineCard = h("section", { class: "card wide", "aria-labelledby": "timeline-heading" },
    h("div", { class: "card-head" },
      h("h2", { id: "timeline-heading" }, icon("today"), "Today's light"),
      timeline.addButton),
    timeline.element);

  // -- Cards --
  const temporaryCard = h("section", { class: "card", dataset: { test: "temporary-card" }, "aria-labelledby": "temporary-heading" });
  const weekCard = h("section", { class: "card", dataset: { test: "week-card" }, "aria-labelledby": "week-heading" });
  const buttonCard = h("section", { class: "card", dataset: { test: "button-card" }, "aria-labelledby": "button-heading" });
  const batteryCard = h("section", { class: "card", dataset: { test: "battery-card" }, "aria-labelledby": "battery-heading" });
  const clockCard = h("section", { class: "card", dataset: { test: "clock-card" }, "aria-labelledby": "clock-heading" });

  container.append(
    h("div", { class: "view-head" }, h("div", null, nameRow, dateLine)),
    h("div", { class: "grid" }, hero, timelineCard, temporaryCard, batteryCard, buttonCard, weekCard, clockCard));

  // ---- Renderers (each fills one part; live updates call the small ones) ----

  /** The child's name; a nightlight without one asks for it first (§8). */
  function renderName(editing = !status.identity.childName) {
    nameHeading.textContent = status.identity.childName || "Name this nightlight";
    if (!editing) {
      nameRow.replaceChildren(nameHeading,
        h("button", { type: "button", class: "icon-button", dataset: { test: "edit-child-name" }, "aria-label": "Change the child's name", title: "Change the child's name", onclick: () => renderName(true) }, icon("edit")));
      return;
    }
    const input = h("input", { id: "child-name-input", type: "text", value: status.identity.childName, autocomplete: "off", dataset: { field: "childName", test: "child-name-input" } });
    const missing = !status.identity.childName;
    const form = h("form", { class: "name-form", novalidate: true },
      h("div", { class: "field" },
        h("label", { for: "child-name-input" }, missing ? "This nightlight has no child name yet: whose is it?" : "Child's name"),
        input),
      h("p", { class: "form-error", hidden: true }),
      h("div", { class: "button-row" },
        h("button", { type: "submit", class: "button primary", dataset: { test: "child-name-save" } }, "Save"),
        !missing && h("button", { type: "button", class: "button secondary", dataset: { test: "child-name-cancel" }, onclick: () => {
          renderName(false);
          nameRow.querySelector("button").focus();
        } }, "Cancel")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearErrors(form);
      try {
        const record = await api("PUT", devicePath(ctx.address, "child-name"), { childName: input.value.trim() });
        status.identity.childName = record.childName;
        await ctx.reloadDevices();
        toast(`The nightlight is now ${record.childName}'s.`, "success");
        renderName(false);
        nameRow.querySelector("button").focus();
      } catch (error) {
        showError(form, error);
        input.focus();
      }
    });
    form.addEventListener("keydown", (event) => {
      if (event.key === "Escape") form.querySelector("[data-test='child-name-cancel']")?.click();
    });
    nameRow.replaceChildren(form);
    if (!missing) {
      input.focus();
      input.select();
    }
  }

  function renderDate() {
    const now = clock.now();
    const device = status.identity.deviceName;
    dateLine.textContent = now ? `${device} · ${formatDate(now)}` : `${device} · the nightlight's clock is not set`;
  }

  function renderMode() {
    const { mode, colors } = status.activeState;
    modeLabel.textContent = modeName(mode);
    modeLabel.dataset.mode = String(mode);
    const color = colors[0] ?? "#000000";
    glow.style.backgroundColor = color === "#000000" ? "transparent" : shownColor(color);
    glow.style.boxShadow = color === "#000000" ? "none" : `0 0 28px 6px ${shownColor(color)}`;
    glow.classList.toggle("off", color === "#000000");
    modeWhy.textContent = modeReason();
  }

  /** Why the nightlight shows what it shows, from the mode, the timeline and the button. */
  function modeReason() {
    const { mode } = status.activeState;
    const minute = clock.minute();
    const segment = minute === null ? null : status.timeline.find((s) => s.start <= minute && minute < s.end);
    switch (mode) {
      case 0: {
        if (!clock.isSet) return "The nightlight's clock is not set, so its schedules wait. Set the clock below.";
        const next = status.timeline.find((s) => s.source.idle === undefined && s.start > minute);
        const where = isTemporaryActive() ? "the temporary schedule" : `“${todayGroup()?.name ?? "today"}”`;
        return `No period of ${where} now. ${next ? `Next light at ${formatMinutes(next.start)}.` : "No more light today."}`;
      }
      case 1:
        return segment
          ? `“${status.weekSchedule.name}”, ${segment.source.week?.group ?? "today"}: ${formatMinutes(segment.start)}–${formatMinutes(segment.end)}.${fading(segment, minute)}`
          : `A period of “${status.weekSchedule.name}”.`;
      case 2:
        return segment
          ? `Temporary period ${formatMinutes(segment.start)}–${formatMinutes(segment.end)}.${fading(segment, minute)}`
          : "A period of the temporary schedule.";
      case 3: {
        const left = buttonSecondsLeft();
        return `${status.identity.childName || "Your child"} pressed the button${left > 0 ? `; the light goes off in ${formatCountdown(left)}` : ""}.`;
      }
      case 4:
        return "Test colors from the color tool. Proof mode ends by itself 2 minutes after the last change.";
      case 5:
        return "The LEDs' power is switched off on the nightlight.";
      default:
        return "A mode this dashboard does not know.";
    }
  }

  function isTemporaryActive() {
    return status.temporarySchedule.remainingDays > 0;
  }

  /** The week schedule's group that contains today (the SN's day), else the timeline's. */
  function todayGroup() {
    const day = clock.day();
    const groups = status.weekSchedule.groups;
    const byDay = day && groups.find((group) => group.days.includes(day));
    if (byDay) return byDay;
    const named = status.timeline.find((s) => s.source.week)?.source.week.group;
    return groups.find((group) => group.name === named) ?? null;
  }

  function renderTemporary() {
    const days = status.temporarySchedule.remainingDays;
    const head = h("div", { class: "card-head" },
      h("h2", { id: "temporary-heading" }, icon("clock"), "Temporary schedule"),
      days > 0 ? h("span", { class: "badge accent" }, "Active") : h("span", { class: "badge" }, "Off"));
    if (days > 0) {
      const periods = status.temporarySchedule.periods;
      temporaryCard.replaceChildren(head,
        h("div", { class: "stat-row" },
          h("span", { class: "big", dataset: { test: "temporary-days" } }, days === 1 ? "Today only" : `${days} days left`),
          h("span", { class: "muted" }, days === 1 ? "ends at midnight" : "including today")),
        h("p", { class: "muted" }, periods.length
          ? `${periods.length} period${periods.length === 1 ? "" : "s"}: ${periods.map((p) => `${formatMinutes(p.start)}–${formatMinutes(p.end)}`).join(", ")}. It replaces the week schedule until then.`
          : "No light at all on these days. It replaces the week schedule until then."),
        h("div", { class: "button-row" },
          h("button", { type: "button", class: "button secondary", dataset: { test: "temporary-clear" }, onclick: clearTemporary }, "Clear it")));
    } else {
      temporaryCard.replaceChildren(head,
        h("p", { class: "muted" }, "Not active: the week schedule runs. To change tonight only, drag a period on the timeline and choose “Today only”."));
    }
  }

  async function clearTemporary() {
    const ok = await confirmDialog({
      title: "Clear the temporary schedule?",
      message: `The week schedule “${status.weekSchedule.name}” applies again from now.`,
      confirm: "Clear it",
      test: "clear-dialog",
    });
    if (!ok) return;
    try {
      await api("DELETE", devicePath(ctx.address, "temporary-schedule"));
      await reload();
      toast("The temporary schedule is cleared; the week schedule runs again.", "success");
      timeline.focusAdd();
    } catch (error) {
      showError(temporaryCard, error);
    }
  }

  function renderWeek() {
    const group = todayGroup();
    weekCard.replaceChildren(
      h("div", { class: "card-head" },
        h("h2", { id: "week-heading" }, icon("week"), "Week schedule"),
        h("a", { class: "card-link", href: `#/week/${ctx.address}` }, "Edit")),
      h("p", { class: "big", dataset: { test: "week-name" } }, status.weekSchedule.name || "Unnamed"),
      h("p", { class: "muted" }, group
        ? `Today follows “${group.name}” (${group.days.map(dayName).join(", ")}).`
        : "No group of the week covers today."),
      h("div", { class: "button-row" },
        h("a", { class: "button secondary", href: `#/library/${ctx.address}` }, icon("library"), "Use a saved schedule")));
  }

  function buttonSecondsLeft() {
    if (!buttonStatus.isLightOn) return 0;
    return Math.max(0, buttonStatus.remainingSeconds - (performance.now() - buttonStatus.at) / 1000);
  }

  function formatCountdown(seconds) {
    const s = Math.ceil(seconds);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  const buttonLive = {
    mode: h("span", { dataset: { test: "button-mode" } }),
    uses: h("span", { class: "big", dataset: { test: "button-uses" } }),
    light: h("p", { class: "note", hidden: true, dataset: { test: "button-light" } }),
  };

  function renderButtonCard() {
    const settings = status.button.settings;
    const window = settings.deactivationWindow;
    buttonCard.replaceChildren(
      h("div", { class: "card-head" },
        h("h2", { id: "button-heading" }, icon("button"), "Child button"),
        h("a", { class: "card-link", href: `#/button/${ctx.address}` }, "Change")),
      h("div", { class: "stat-row" }, buttonLive.uses, h("span", { class: "muted" }, "uses today")),
      buttonLive.light,
      h("ul", { class: "period-list" },
        h("li", null, buttonLive.mode),
        h("li", null, h("span", { class: "swatch", style: `background:${settings.color}`, "aria-hidden": "true" }),
          `Light ${settings.color} for ${formatDuration(settings.onTime)}`),
        h("li", { class: "muted" }, window.start === window.end
          ? "Works all day"
          : `Does nothing ${formatMinutes(window.start)}–${formatMinutes(window.end)}`)));
    updateButton();
  }

  function updateButton() {
    const settings = status.button.settings;
    buttonLive.mode.replaceChildren(settings.isEnabled
      ? h("span", { class: "badge ok" }, "Enabled")
      : h("span", { class: "badge" }, "Disabled"),
    settings.shakeMode ? " · shake changes the color" : "");
    buttonLive.uses.textContent = settings.dailyUsage > 0
      ? `${buttonStatus.usesToday} of ${settings.dailyUsage}`
      : `${buttonStatus.usesToday}`;
    const left = buttonSecondsLeft();
    buttonLive.light.hidden = !buttonStatus.isLightOn;
    buttonLive.light.textContent = buttonStatus.isLightOn ? `The button light is on${left > 0 ? ` for ${formatCountdown(left)} more` : ""}.` : "";
  }

  const batteryLive = {
    level: h("span", { class: "big", dataset: { test: "battery-level" } }),
    gauge: h("div", { class: "gauge", role: "img" }, h("span")),
    power: h("p", { dataset: { test: "charging" } }),
    advice: h("p", { class: "muted small" }),
  };

  function renderBatteryCard() {
    batteryCard.replaceChildren(
      h("div", { class: "card-head" }, h("h2", { id: "battery-heading" }, icon("battery"), "Battery"),
        h("a", { class: "card-link", href: `#/history/${ctx.address}` }, "History")),
      batteryLive.level, batteryLive.gauge, batteryLive.power, batteryLive.advice);
    updateBattery();
  }

  function updateBattery() {
    const level = status.batteryLevel;
    const power = status.powerState;
    const charging = power.chargeState === 1;
    const band = level < 5 ? "critical" : level < 20 ? "low" : "good";
    batteryLive.level.textContent = `${level} %`;
    batteryLive.gauge.dataset.level = band;
    batteryLive.gauge.setAttribute("aria-label", `Battery ${level} percent`);
    batteryLive.gauge.firstChild.style.width = `${level}%`;
    batteryLive.power.dataset.charging = String(charging);
    batteryLive.power.replaceChildren(charging
      ? h("span", { class: "charging" }, icon("bolt"), "Charging")
      : h("span", { class: "muted" }, power.externalPower === 1 ? "Plugged in, not charging" : "On battery"));
    batteryLive.advice.textContent = charging ? "" : band === "critical" ? "Almost empty: plug it in now." : band === "low" ? "Low: charge it soon." : "";
  }

  const clockLive = {
    time: h("span", { class: "big", dataset: { test: "clock-time" } }),
    date: h("p", { class: "muted" }),
    status: h("p", { dataset: { test: "clock-status" } }),
    notice: h("div", { dataset: { test: "clock-notice" }, "aria-live": "polite" }),
    error: h("p", { class: "form-error", hidden: true }),
  };

  function renderClockCard() {
    clockCard.replaceChildren(
      h("div", { class: "card-head" }, h("h2", { id: "clock-heading" }, icon("clock"), "Nightlight clock")),
      h("div", null, clockLive.time, clockLive.date),
      clockLive.status,
      clockLive.notice,
      clockLive.error,
      h("div", { class: "button-row" },
        h("button", { type: "button", class: "button secondary", dataset: { test: "clock-check" }, title: "Read the nightlight's clock again", onclick: () => clockAction("GET") }, "Read"),
        h("button", { type: "button", class: "button secondary", dataset: { test: "clock-sync" }, title: "Compare with the dashboard's time and correct it by the usual rules", onclick: () => clockAction("POST", {}) }, "Set"),
        h("button", { type: "button", class: "button secondary", dataset: { test: "clock-force" }, title: "Write the dashboard's time now, whatever the difference", onclick: () => clockAction("POST", { force: true }) }, "Force update")));
    updateClock();
  }

  function updateClock() {
    const now = clock.now();
    clockLive.time.textContent = now ? formatClock(now) : "Not set";
    clockLive.date.textContent = now ? formatDate(now) : "The schedules wait until the clock is set.";
    const report = clockReport;
    let text;
    let kind = "ok";
    if (!clock.isSet) {
      text = "Not set";
      kind = "warn";
    } else if (report.offsetSeconds === null || report.offsetSeconds === undefined) {
      text = report.message;
    } else if (report.needsConfirmation) {
      text = `${formatOffset(report.offsetSeconds)} — not corrected`;
      kind = "warn";
    } else if (report.written) {
      text = "Just set from the dashboard's time";
    } else if (Math.abs(report.offsetSeconds) < 2) {
      text = "In sync with the dashboard's time";
    } else {
      text = `${formatOffset(report.offsetSeconds)} the dashboard's time`;
      kind = "warn";
    }
    clockLive.status.replaceChildren(h("span", { class: `badge ${kind}` }, kind === "ok" ? icon("check") : icon("alert"), text));
    clockLive.notice.replaceChildren(...(clockNote ? [clockNote] : []));
  }

  /** Handles a clock answer: shows it, tells about a correction, asks when over 30 minutes (§8). */
  async function settleClock(answer) {
    // A clock that was written may have moved the nightlight into another period or another
    // day (a correction across midnight): what it shows is read again before the parent is told.
    if (answer.written && container.isConnected) {
      try {
        await reload();
      } catch (error) {
        showError(clockCard, error);
      }
    }
    clockReport = answer;
    clock.set(answer.clock);
    const notice = clockNotice(answer);
    clockNote = notice ? h("p", { class: "note ok" }, notice) : null;
    if (notice) toast(notice, "success");
    updateClock();
    renderDate();
    if (answer.needsConfirmation) await askClock(answer);
  }

  async function askClock(answer) {
    const now = clock.now();
    const accept = await confirmDialog({
      title: `The nightlight's clock is ${formatOffset(answer.offsetSeconds)}`,
      message: `It shows ${now ? formatClock(now).slice(0, 5) : "another time"}. Until it is corrected, its schedules start at the wrong time.\nCorrect it to the dashboard's time now?`,
      confirm: "Correct the clock",
      cancel: "Leave it",
      test: "clock-dialog",
    });
    if (accept) {
      await clockAction("POST", { accept: true });
    } else {
      clockNote = h("div", { class: "note" },
        h("p", null, `The clock was left ${formatOffset(answer.offsetSeconds)}.`),
        h("button", { type: "button", class: "button ghost", dataset: { test: "clock-correct" }, onclick: () => askClock(answer) }, "Correct it…"));
      updateClock();
    }
  }

  async function clockAction(method, body) {
    clearErrors(clockCard);
    try {
      const answer = await api(method, devicePath(ctx.address, "clock", ...(method === "POST" ? ["sync"] : [])), body);
      await settleClock(answer);
      if (method === "GET" && !answer.needsConfirmation) toast("Clock read from the nightlight.", "info");
    } catch (error) {
      showError(clockCard, error);
    }
  }

  function renderAll() {
    renderName();
    renderDate();
    renderMode();
    timeline.update(status.timeline, { temporary: isTemporaryActive(), group: todayGroup(), weekName: status.weekSchedule.name });
    renderTemporary();
    renderWeek();
    renderButtonCard();
    renderBatteryCard();
    renderClockCard();
  }

  /** Re-reads the status and redraws. */
  async function reload() {
    status = await ctx.refresh();
    clock.set(status.clock.clock);
    buttonStatus = { ...status.button.status, at: performance.now() };
    renderAll();
  }

  // ---- Editing a period ----

  /** Today's periods (the timeline's lit segments: the temporary or the week group's). */
  function dayPeriods() {
    return status.timeline.filter((s) => s.source.idle === undefined).map(({ start, end, color, fade }) => ({ start, end, color, fade }));
  }

  /** Opens the period dialog for period `index` (null: a new one) with a draft from a drag. */
  async function editPeriod(index, draft) {
    const periods = dayPeriods();
    const group = todayGroup();
    const original = index === null ? freeSlot(periods) : periods[index];
    if (!original) {
      toast("A day has room for 6 periods at most; shorten or remove one first.", "error");
      return;
    }
    const saved = await periodDialog({
      ctx,
      title: index === null ? "Add a period" : `Change ${formatMinutes(original.start)}–${formatMinutes(original.end)}`,
      period: fitFade({ ...original, ...(draft ?? {}) }),
      isNew: index === null,
      group,
      weekName: status.weekSchedule.name,
      days: isTemporaryActive() ? status.temporarySchedule.remainingDays : 1,
      temporaryActive: isTemporaryActive(),
      write: async (target, edited, days) => {
        const list = periods.filter((_, i) => i !== index);
        if (edited) list.push(edited);
        list.sort((a, b) => a.start - b.start);
        if (target === "today") {
          await api("PUT", devicePath(ctx.address, "temporary-schedule"), { remainingDays: days, periods: list });
        } else {
          const groups = status.weekSchedule.groups.map((g) => (g === group ? { ...g, periods: list } : g));
          await api("PUT", devicePath(ctx.address, "week-schedule"), { ...status.weekSchedule, groups });
        }
      },
      /** How the server's error fields name the day's periods and the edited one. */
      fieldFor: (target, edited) => {
        const list = [...periods.filter((_, i) => i !== index), edited].sort((a, b) => a.start - b.start);
        const periodsPath = target === "today" ? "periods" : `groups[${status.weekSchedule.groups.indexOf(group)}].periods`;
        return { periods: periodsPath, period: `${periodsPath}[${list.indexOf(edited)}]` };
      },
    });
    if (!saved) {
      timeline.reset();
      return;
    }
    await reload();
    toast(saved.message, "success");
    timeline.focusPeriodAt(saved.start);
  }

  // ---- Live updates ----

  ctx.onLive((message) => {
    switch (message.type) {
      case "activeState":
        status.activeState = message.activeState;
        renderMode();
        break;
      case "battery":
        status.batteryLevel = message.batteryLevel;
        updateBattery();
        break;
      case "power":
        status.powerState = message.powerState;
        updateBattery();
        break;
      case "clock":
        clock.set(message.clock);
        updateClock();
        renderDate();
        break;
      case "button":
        buttonStatus = { ...message.button, at: performance.now() };
        status.button.status = message.button;
        updateButton();
        renderMode();
        break;
      case "connection":
        liveConnected = message.connection === "connected";
        break;
      case "socket":
        if (message.state !== "open") liveConnected = false;
        break;
    }
  });

  // Every second: the clock, the now marker, countdowns; a new day re-reads the status.
  let shownDay = clock.day();
  const ticker = setInterval(() => {
    if (clock.day() !== shownDay) {
      shownDay = clock.day();
      reload().catch(() => {});
      return;
    }
    updateClock();
    timeline.moveNow();
    if (buttonStatus.isLightOn) {
      updateButton();
      if (status.activeState.mode === 3) modeWhy.textContent = modeReason();
    }
  }, 1000);
  // Without live updates, the battery, mode, button and clock are read at least every 60 s (§8),
  // and updated in place (an edit in progress stays).
  const poller = setInterval(async () => {
    if (liveConnected) return;
    try {
      status = await ctx.refresh();
    } catch {
      return; // the live connection indicator already tells
    }
    clock.set(status.clock.clock);
    buttonStatus = { ...status.button.status, at: performance.now() };
    renderMode();
    updateBattery();
    updateButton();
    updateClock();
  }, 60000);

  renderAll();

  // §8: the clock is compared when a nightlight is selected on the dashboard.
  if (lastClockCheck !== ctx.address) {
    lastClockCheck = ctx.address;
    api("POST", devicePath(ctx.address, "clock", "sync"), {})
      .then((answer) => settleClock(answer))
      .catch((error) => showError(clockCard, error));
  }

  return () => {
    clearInterval(ticker);
    clearInterval(poller);
    timeline.stop();
  };
}

/** A shorter period keeps its fade within half its length (the profile's rule). */
function fitFade(period) {
  return { ...period, fade: Math.min(period.fade, Math.floor((period.end - period.start) / 2)) };
}

/** A free stretch for a new period: the longest gap of the day, at most 60 minutes of it; null when full. */
function freeSlot(periods) {
  if (periods.length >= 6) return null;
  let best = null;
  let cursor = 0;
  for (const period of [...periods, { start: DAY_MINUTES, end: DAY_MINUTES }]) {
    if (period.start - cursor > (best ? best.end - best.start : 0)) best = { start: cursor, end: period.start };
    cursor = period.end;
  }
  if (!best || best.end - best.start < SNAP) return null;
  return { start: best.start, end: Math.min(best.end, best.start + 60), color: "#402000", fade: 0 };
}

// ---- The period dialog ----

/**
 * Edits a period's times, fade and color, then writes today's periods with it as "today only"
 * (the temporary schedule, for a number of days) or into the week group of today. Server
 * errors stay in the dialog next to the times; nothing changes. Resolves to
 * {message, start} once written, or undefined when cancelled.
 */
function periodDialog({ ctx, title, period, isNew, group, weekName, days, temporaryActive, write, fieldFor }) {
  return openDialog({
    title,
    test: "period-dialog",
    className: "period-dialog",
    build: (close) => {
      let color = period.color;
      const start = h("input", { id: "period-start", type: "text", inputmode: "numeric", autocomplete: "off", value: formatMinutes(period.start), dataset: { test: "period-start", field: "start" }, "aria-describedby": "period-time-hint" });
      const end = h("input", { id: "period-end", type: "text", inputmode: "numeric", autocomplete: "off", value: formatMinutes(period.end), dataset: { test: "period-end", field: "end" }, "aria-describedby": "period-time-hint" });
      const fade = h("input", { id: "period-fade", type: "number", min: "0", max: "60", step: "1", value: String(period.fade), dataset: { test: "period-fade" } });
      const times = h("div", { class: "edit-grid" },
        h("div", { class: "field" }, h("label", { for: "period-start" }, "Starts"), start),
        h("div", { class: "field" }, h("label", { for: "period-end" }, "Ends"), end));
      const timesBlock = h("div", null, times);
      const swatch = h("span", { class: "swatch", "aria-hidden": "true" });
      const colorText = h("span", { class: "mono", dataset: { test: "period-color" } });
      const showColor = () => {
        swatch.style.background = color;
        colorText.textContent = color;
      };
      showColor();
      const daysInput = h("input", { id: "apply-days", type: "number", min: "1", max: "30", step: "1", value: String(Math.min(Math.max(days, 1), 30)), dataset: { test: "apply-days", field: "remainingDays" } });
      const form = h("form", { class: "period-form", novalidate: true });
      const formError = h("p", { class: "form-error", hidden: true });

      /** The period as edited, or null after showing what is wrong with the form. */
      function edited() {
        clearErrors(form);
        const s = parseTime(start.value);
        const e = parseTime(end.value);
        const f = Number(fade.value);
        if (s === null) return invalid(start, "Enter the start as a time like 19:30.");
        if (e === null) return invalid(end, "Enter the end as a time like 07:00 (24:00 for midnight).");
        if (!Number.isInteger(f) || f < 0) return invalid(fade, "Enter the fade in whole minutes, 0 or more.");
        return { start: s, end: e, color, fade: f };
      }
      function invalid(input, message) {
        const note = h("p", { class: "field-error", role: "alert", text: message });
        input.after(note);
        input.setAttribute("aria-invalid", "true");
        input.focus();
        return null;
      }

      async function apply(target, button) {
        const period = edited();
        if (!period) return;
        const count = Number(daysInput.value);
        if (target === "today" && (!Number.isInteger(count) || count < 1 || count > 30)) {
          invalid(daysInput, "Choose 1 to 30 days.");
          return;
        }
        // Server errors name fields like periods[1] or groups[0].periods[2].fade: mark where they go.
        const fields = fieldFor(target, period);
        timesBlock.dataset.field = fields.periods;
        times.dataset.field = fields.period;
        fade.dataset.field = `${fields.period}.fade`;
        button.setAttribute("aria-busy", "true");
        form.querySelectorAll("button").forEach((b) => (b.disabled = true));
        try {
          await write(target, period, count);
          close({
            start: period.start,
            message: target === "today"
              ? `Saved for ${count === 1 ? "today only" : `${count} days`}: ${formatMinutes(period.start)}–${formatMinutes(period.end)}.`
              : `Saved for every ${group.name}: ${formatMinutes(period.start)}–${formatMinutes(period.end)}.`,
          });
        } catch (error) {
          showError(form, error);
        } finally {
          button.removeAttribute("aria-busy");
          form.querySelectorAll("button").forEach((b) => (b.disabled = false));
        }
      }

      async function remove(target, button) {
        button.setAttribute("aria-busy", "true");
        try {
          await write(target, null, Number(daysInput.value) || 1);
          close({ start: period.start, message: `Removed ${formatMinutes(period.start)}–${formatMinutes(period.end)}.` });
        } catch (error) {
          showError(form, error);
        } finally {
          button.removeAttribute("aria-busy");
        }
      }

      async function pickColor() {
        try {
          const { openColorTool } = await import("./color.js");
          const chosen = await openColorTool({ color, title: "Color of this period", proofAddress: ctx.address });
          if (chosen) {
            color = chosen;
            showColor();
          }
        } catch (error) {
          console.warn("color tool failed", error);
          showError(form, new Error("The color tool could not be loaded."));
        }
      }

      const todayButton = h("button", { type: "button", class: "button primary", dataset: { test: "apply-today" }, "aria-label": "Save for today only" }, "Save");
      todayButton.addEventListener("click", () => apply("today", todayButton));
      const weekButton = group && h("button", { type: "button", class: "button primary", dataset: { test: "apply-week" }, "aria-label": `Save for every ${group.name}` }, "Save");
      weekButton?.addEventListener("click", () => apply("week", weekButton));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        apply("today", todayButton);
      });

      form.append(
        h("p", { class: "muted small", id: "period-time-hint" }, "Times like 19:30; 24:00 is midnight. Periods end by midnight."),
        timesBlock,
        h("div", { class: "edit-grid" },
          h("div", { class: "field" }, h("label", { for: "period-fade" }, "Fade in and out (minutes)"), fade),
          h("div", { class: "field" },
            h("span", { class: "label", id: "period-color-label" }, "Color"),
            h("div", { class: "color-row" }, swatch, colorText,
              h("button", { type: "button", class: "button secondary", dataset: { test: "period-color-button" }, "aria-describedby": "period-color-label", onclick: pickColor }, icon("palette"), "Change")))),
        formError,
        h("div", { class: "choice-list", role: "group", "aria-label": "Save the change for" },
          h("div", { class: "choice" },
            h("span", { class: "choice-title" }, "Today only"),
            todayButton,
            h("label", { class: "days", for: "apply-days" }, "for", daysInput, "days, from today")),
          group && h("div", { class: "choice" },
            h("span", { class: "choice-title" }, `Every ${group.name}`),
            weekButton,
            h("span", { class: "muted small" },
              `${group.days.map(dayName).join(", ")} in the week schedule “${weekName}”${temporaryActive ? ". The temporary schedule still applies today" : ""}`))),
        h("div", { class: "dialog-actions" },
          !isNew && h("button", { type: "button", class: "button danger", dataset: { test: "period-remove" }, onclick: async ({ currentTarget: button }) => {
            const target = await openDialog({
              title: "Remove this period?",
              test: "remove-dialog",
              build: (answer) => h("div", null,
                h("p", { class: "dialog-message" }, `${formatMinutes(period.start)}–${formatMinutes(period.end)} goes dark.`),
                h("div", { class: "dialog-actions" },
                  h("button", { type: "button", class: "button secondary", onclick: () => answer(null) }, "Keep it"),
                  h("button", { type: "button", class: "button danger", dataset: { test: "remove-today" }, onclick: () => answer("today") }, "Today only"),
                  group && h("button", { type: "button", class: "button danger", dataset: { test: "remove-week" }, onclick: () => answer("week") }, `Every ${group.name}`))),
            });
            if (target) remove(target, button);
          } }, "Remove"),
          h("button", { type: "button", class: "button secondary", dataset: { test: "period-cancel" }, onclick: () => close(undefined) }, "Cancel")));
      return form;
    },
  });
}

// ---- The timeline ----

/**
 * Today's 24-hour timeline: lit periods in their colors (fades as gradients), hour ticks and
 * the now marker. Drag a period's start or end marker or the whole period (snaps to 5
 * minutes); on a keyboard, arrows move a focused marker or period by 5 minutes and Enter
 * opens the editor. Calls onEdit(index, draft) to save; onAdd() for a new period.
 */
function createTimeline({ clock, onEdit, onAdd }) {
  const track = h("div", { class: "tl-track", role: "group", "aria-label": "Today from 00:00 to 24:00", "aria-describedby": "tl-help" });
  const nowMarker = h("div", { class: "tl-now", dataset: { test: "tl-now" }, "aria-hidden": "true" });
  const tip = h("div", { class: "tl-tip", dataset: { test: "tl-tip" }, hidden: true, "aria-hidden": "true" });
  const pending = h("p", { class: "small", dataset: { test: "tl-pending" }, "aria-live": "polite" });
  const help = h("p", { class: "hint muted", id: "tl-help" },
    "Drag a period or its markers (5-minute steps), or tap a period to edit it. Keyboard: arrows move the focused period or marker, Enter saves, Esc undoes.");
  const sourceLine = h("span");
  const ticks = h("div", { class: "tl-ticks", "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, i) => h("span", { class: i % 2 ? "minor" : null, style: `left:${(i * 3 / 24) * 100}%` }, `${String(i * 3).padStart(2, "0")}:00`)));
  const addButton = h("button", { type: "button", class: "button secondary", dataset: { test: "add-period" }, onclick: () => onAdd() }, icon("plus"), "Add a period");
  const chips = h("ul", { class: "tl-chips", "aria-label": "Today's periods" });
  const element = h("div", { class: "timeline", dataset: { test: "timeline" } },
    h("div", { class: "tl-legend" }, sourceLine), track, ticks, pending, chips, help);

  let periods = [];       // today's lit segments
  let drafts = [];        // their edited copies (equal unless moved)
  let nodes = [];         // {body, startHandle, endHandle} per period

  const pct = (minute) => `${(minute / DAY_MINUTES) * 100}%`;
  const snap = (minute) => Math.round(minute / SNAP) * SNAP;
  const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
  const changed = (i) => drafts[i].start !== periods[i].start || drafts[i].end !== periods[i].end;

  /** The background of a period: its color, ramped at the ends when it fades. */
  function periodBackground(p) {
    const full = shownColor(p.color);
    if (!p.fade) return full;
    const edge = (p.fade / (p.end - p.start)) * 100;
    return `linear-gradient(to right, transparent 0%, ${full} ${edge}%, ${full} ${100 - edge}%, transparent 100%)`;
  }

  function layout(i) {
    const p = drafts[i];
    const { body, startHandle, endHandle, label } = nodes[i];
    body.style.left = pct(p.start);
    body.style.width = pct(p.end - p.start);
    body.style.background = periodBackground(p);
    const range = `${formatMinutes(p.start)}–${formatMinutes(p.end)}`;
    const width = track.clientWidth || 1000;
    label.textContent = ((p.end - p.start) / DAY_MINUTES) * width >= 96 ? range : "";
    body.dataset.start = String(p.start);
    body.dataset.end = String(p.end);
    body.setAttribute("aria-label", `Period ${range}, color ${p.color}${p.fade ? `, fades over ${p.fade} minutes` : ""}${changed(i) ? ", changed, press Enter to save" : ""}`);
    body.classList.toggle("pending", changed(i));
    startHandle.style.left = pct(p.start);
    endHandle.style.left = pct(p.end);
    for (const [handle, value, which] of [[startHandle, p.start, "Start"], [endHandle, p.end, "End"]]) {
      handle.setAttribute("aria-valuenow", String(value));
      handle.setAttribute("aria-valuetext", formatMinutes(value));
      handle.setAttribute("aria-label", `${which} of the period ${range}`);
    }
    const moved = drafts.findIndex((_, j) => changed(j));
    pending.textContent = moved >= 0
      ? `Changed to ${formatMinutes(drafts[moved].start)}–${formatMinutes(drafts[moved].end)}: press Enter to save, Esc to undo.`
      : "";
  }

  /** The limits of period i: it may not run into its neighbours. */
  function bounds(i) {
    return { low: i > 0 ? periods[i - 1].end : 0, high: i < periods.length - 1 ? periods[i + 1].start : DAY_MINUTES };
  }

  /** Moves period i's "start", "end" or both ("move") by delta minutes from where it was. */
  function shift(i, kind, from, delta) {
    const { low, high } = bounds(i);
    const draft = drafts[i];
    if (kind === "start") draft.start = clamp(snap(from.start + delta), low, from.end - SNAP);
    else if (kind === "end") draft.end = clamp(snap(from.end + delta), from.start + SNAP, high);
    else {
      const length = from.end - from.start;
      draft.start = clamp(snap(from.start + delta), low, high - length);
      draft.end = draft.start + length;
    }
    layout(i);
  }

  function showTip(i, kind) {
    const d = drafts[i];
    tip.hidden = false;
    tip.textContent = kind === "start" ? formatMinutes(d.start) : kind === "end" ? formatMinutes(d.end) : `${formatMinutes(d.start)}–${formatMinutes(d.end)}`;
    tip.style.left = pct(kind === "end" ? d.end : kind === "start" ? d.start : (d.start + d.end) / 2);
  }

  /** Pointer drag (mouse, pen, touch) of a marker or a period. A tap on a period opens the editor. */
  function dragStart(event, i, kind) {
    if (event.button !== 0) return;
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    target.classList.add("dragging");
    target.focus({ preventScroll: true });
    const width = track.getBoundingClientRect().width;
    const from = { ...drafts[i] };
    const x0 = event.clientX;
    let moved = false;
    const move = (e) => {
      if (Math.abs(e.clientX - x0) > 3) moved = true;
      if (!moved) return;
      shift(i, kind, from, ((e.clientX - x0) / width) * DAY_MINUTES);
      showTip(i, kind);
    };
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
      target.removeEventListener("pointercancel", up);
      target.classList.remove("dragging");
      tip.hidden = true;
      if (changed(i)) onEdit(i, { start: drafts[i].start, end: drafts[i].end });
      else if (!moved && kind === "move") onEdit(i, null);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
    target.addEventListener("pointercancel", up);
  }

  /** Arrow keys move by 5 minutes (Page Up/Down by an hour); Enter saves or edits; Esc undoes. */
  function keyDown(event, i, kind) {
    const steps = { ArrowLeft: -SNAP, ArrowDown: -SNAP, ArrowRight: SNAP, ArrowUp: SNAP, PageDown: -60, PageUp: 60 };
    if (event.key in steps) {
      event.preventDefault();
      shift(i, kind, { ...drafts[i] }, steps[event.key]);
    } else if (event.key === "Enter" || (event.key === " " && kind === "move")) {
      event.preventDefault();
      onEdit(i, changed(i) ? { start: drafts[i].start, end: drafts[i].end } : null);
    } else if (event.key === "Escape" && changed(i)) {
      event.preventDefault();
      drafts[i] = { ...periods[i] };
      layout(i);
    }
  }

  function build() {
    nodes = periods.map((p, i) => {
      const label = h("span", { class: "tl-label" });
      const body = h("div", {
        class: "tl-period", tabindex: "0", role: "button",
        dataset: { test: "tl-period", index: String(i) },
        style: `color:${contrastText(drawnColor(p.color))}`,
      }, label);
      const handle = (kind) => h("div", {
        class: "tl-handle", tabindex: "0", role: "slider",
        "aria-valuemin": "0", "aria-valuemax": String(DAY_MINUTES),
        dataset: { test: `tl-handle-${kind}`, index: String(i) },
      });
      const startHandle = handle("start");
      const endHandle = handle("end");
      for (const [node, kind] of [[body, "move"], [startHandle, "start"], [endHandle, "end"]]) {
        node.addEventListener("pointerdown", (event) => dragStart(event, i, kind));
        node.addEventListener("keydown", (event) => keyDown(event, i, kind));
      }
      return { body, startHandle, endHandle, label };
    });
    // Tab order: each period, then its start and end markers.
    track.replaceChildren(...nodes.flatMap((n) => [n.body, n.startHandle, n.endHandle]), nowMarker, tip);
    // The same periods as buttons: easy to tap on a phone even when a period is short.
    chips.replaceChildren(...periods.map((p, i) => h("li", null,
      h("button", { type: "button", class: "tl-chip", dataset: { test: "period-chip", index: String(i) }, onclick: () => onEdit(i, null) },
        h("span", { class: "swatch", style: `background:${p.color}`, "aria-hidden": "true" }),
        `${formatMinutes(p.start)}–${formatMinutes(p.end)}`,
        h("span", { class: "visually-hidden" }, `, ${p.color}, edit`)))));
    nodes.forEach((_, i) => layout(i));
    moveNow();
  }

  function moveNow() {
    const minute = clock.minute();
    nowMarker.hidden = minute === null;
    if (minute !== null) {
      nowMarker.style.left = pct(minute);
      nowMarker.title = `Now: ${formatMinutes(Math.floor(minute))}`;
    }
  }

  // Labels depend on the track's width.
  const observer = new ResizeObserver(() => nodes.forEach((_, i) => layout(i)));
  observer.observe(track);

  return {
    element,
    addButton,
    moveNow,
    stop: () => observer.disconnect(),
    /** Draws new segments; `info` names where they come from. */
    update(segments, { temporary, group, weekName }) {
      periods = segments.filter((s) => s.source.idle === undefined);
      drafts = periods.map((p) => ({ ...p }));
      sourceLine.replaceChildren(temporary
        ? h("span", { class: "badge accent" }, "Temporary schedule")
        : h("span", { class: "badge" }, `“${weekName}” · ${group?.name ?? "today"}`),
      periods.length ? "" : " No light today.");
      addButton.disabled = periods.length >= 6;
      addButton.title = periods.length >= 6 ? "A day has at most 6 periods" : "";
      build();
    },
    /** Puts the periods back where they were (an edit was cancelled). */
    reset() {
      drafts = periods.map((p) => ({ ...p }));
      nodes.forEach((_, i) => layout(i));
    },
    focusPeriodAt(start) {
      const i = periods.findIndex((p) => p.start === start);
      (nodes[i]?.body ?? addButton).focus();
    },
    focusAdd() {
      addButton.focus();
    },
  };
}

/** The color a period is drawn in: shownColor() over the timeline's background, as "#RRGGBB". */
function drawnColor(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const high = Math.max(r, g, b);
  if (high === 0) return "#17142a";
  const alpha = 0.4 + 0.6 * (high / 255);
  const background = [0x17, 0x14, 0x2a];
  return "#" + [r, g, b].map((c, i) => Math.round(alpha * c * (255 / high) + (1 - alpha) * background[i]).toString(16).padStart(2, "0")).join("");
}
