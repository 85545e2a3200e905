// Today's 24-hour timeline: lit periods in their colours (fades as gradients), hour ticks and the
// now marker. Drag a period's start or end marker or the whole period (snaps to 5 minutes); on a
// keyboard, arrows move a focused marker or period by 5 minutes, Enter opens the editor, Esc
// undoes. The maths is model/timeline.js's.
// Hooks: [data-test="timeline"], [data-test="tl-period"][data-index][data-start][data-end],
// [data-test="tl-handle-start"|"tl-handle-end"][data-index], [data-test="tl-now"], [data-test="tl-tip"],
// [data-test="tl-pending"], [data-test="period-chip"][data-index], [data-test="add-period"], .tl-track.

import { h, icon } from "../../lib/dom.js";
import { contrastText, describeColor, glowOver, periodBackground } from "../../model/color.js";
import { formatMinutes } from "../../model/format.js";
import { DAY_MINUTES, SNAP_MINUTES, isMoved, litPeriods, movePeriod, percentOfDay } from "../../model/timeline.js";

const pct = (minute) => `${percentOfDay(minute)}%`;

/** Keys that move a focused period or marker, in minutes. */
const KEY_STEPS = { ArrowLeft: -SNAP_MINUTES, ArrowDown: -SNAP_MINUTES, ArrowRight: SNAP_MINUTES, ArrowUp: SNAP_MINUTES, PageDown: -60, PageUp: 60 };

/**
 * The timeline: {element, addButton, update(timeline, source), isEditing(), reset(), moveNow(),
 * focusPeriodAt(start), focusAdd(), stop()}. Calls onEdit(index, draft) to edit period `index`
 * (draft: its new {start, end} after a drag, or null) and onAdd() for a new period.
 */
export function createTimeline({ clock, limits, onEdit, onAdd }) {
  const parts = timelineParts(onAdd);
  const { track, nowMarker, tip, pending, chips, addButton } = parts;
  let periods = [];       // today's lit periods
  let drafts = [];        // their edited copies (equal unless moved)
  let nodes = [];         // {body, startHandle, endHandle, label} per period
  const changed = (i) => isMoved(drafts[i], periods[i]);

  function layout(i) {
    layoutPeriod(nodes[i], drafts[i], { changed: changed(i), width: track.clientWidth || 1000 });
    const moved = drafts.findIndex((_, j) => changed(j));
    pending.textContent = moved >= 0
      ? `Changed to ${formatMinutes(drafts[moved].start)}–${formatMinutes(drafts[moved].end)}: press Enter to save, Esc to undo.`
      : "";
  }

  /** Moves period i's "start", "end" or both ("move") by delta minutes from where it was (`from`). */
  function shift(i, kind, from, delta) {
    Object.assign(drafts[i], movePeriod(periods, i, kind, from, delta));
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
    const from = { ...drafts[i] };
    trackDrag(event, {
      width: track.getBoundingClientRect().width,
      onMove: (dx) => {
        shift(i, kind, from, dx * DAY_MINUTES);
        showTip(i, kind);
      },
      onEnd: (moved) => {
        tip.hidden = true;
        if (changed(i)) onEdit(i, { start: drafts[i].start, end: drafts[i].end });
        else if (!moved && kind === "move") onEdit(i, null);
      },
    });
  }

  /** Arrow keys move by 5 minutes (Page Up/Down by an hour); Enter saves or edits; Esc undoes. */
  function keyDown(event, i, kind) {
    if (event.key in KEY_STEPS) {
      event.preventDefault();
      shift(i, kind, { ...drafts[i] }, KEY_STEPS[event.key]);
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
    nodes = periods.map((p, i) => periodNodes(p, i, { dragStart, keyDown }));
    // Tab order: each period, then its start and end markers.
    track.replaceChildren(...nodes.flatMap((n) => [n.body, n.startHandle, n.endHandle]), nowMarker, tip);
    // The same periods as buttons: easy to tap on a phone even when a period is short.
    chips.replaceChildren(...periods.map((p, i) => h("li", null,
      h("button", { type: "button", class: "tl-chip", dataset: { test: "period-chip", index: String(i), color: p.color }, onclick: () => onEdit(i, null) },
        h("span", { class: "swatch", style: `background:${p.color}`, "aria-hidden": "true" }),
        `${formatMinutes(p.start)}–${formatMinutes(p.end)}`,
        h("span", { class: "visually-hidden" }, `, ${describeColor(p.color)} (${p.color}), edit`)))));
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
    element: parts.element,
    addButton,
    moveNow,
    stop: () => observer.disconnect(),
    /** Draws a new timeline; `source` names where it comes from: {temporary, group, weekName}. */
    update(timeline, { temporary, group, weekName }) {
      periods = litPeriods(timeline);
      drafts = periods.map((p) => ({ ...p }));
      parts.sourceLine.replaceChildren(temporary
        ? h("span", { class: "badge accent" }, "Temporary schedule")
        : h("span", { class: "badge" }, `“${weekName}” · ${group?.name ?? "today"}`),
      periods.length ? "" : " No light today.");
      const full = periods.length >= limits.weekSchedule.maximumPeriods;
      addButton.disabled = full;
      addButton.title = full ? `A day has at most ${limits.weekSchedule.maximumPeriods} periods` : "";
      build();
    },
    /** Whether a period has been moved and not saved or undone yet. */
    isEditing() {
      return drafts.some((_, i) => changed(i));
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

/** The timeline's fixed elements. */
function timelineParts(onAdd) {
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
  return { element, track, nowMarker, tip, pending, sourceLine, addButton, chips };
}

/** A period's body and its start and end markers, wired to drag and keys. */
function periodNodes(period, i, { dragStart, keyDown }) {
  const label = h("span", { class: "tl-label" });
  const body = h("div", {
    class: "tl-period", tabindex: "0", role: "button",
    dataset: { test: "tl-period", index: String(i) },
    style: `color:${contrastText(glowOver(period.color))}`,
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
}

/** Places a period's nodes for its draft; its range shows as a label when there is room (96 px). */
function layoutPeriod({ body, startHandle, endHandle, label }, p, { changed, width }) {
  // A short period (30 minutes is 7 px on a phone) is drawn MINIMUM_PERIOD_PX wide around its
  // middle, and its two markers share what it has: each reaches at most half way in, so they
  // never cover each other (each keeps its reach outside the period).
  const { left, drawn } = drawnSpan(p, width);
  body.style.left = `${(left / width) * 100}%`;
  body.style.width = `${(drawn / width) * 100}%`;
  startHandle.style.setProperty("--inside", `${drawn / 2}px`);
  endHandle.style.setProperty("--inside", `${drawn / 2}px`);
  body.style.background = periodBackground(p, p.end - p.start);
  const range = `${formatMinutes(p.start)}–${formatMinutes(p.end)}`;
  label.textContent = ((p.end - p.start) / DAY_MINUTES) * width >= 96 ? range : "";
  body.dataset.start = String(p.start);
  body.dataset.end = String(p.end);
  body.dataset.color = p.color;
  body.setAttribute("aria-label", `Period ${range}, color ${describeColor(p.color)} (${p.color})${p.fade ? `, fades over ${p.fade} minutes` : ""}${changed ? ", changed, press Enter to save" : ""}`);
  body.classList.toggle("pending", changed);
  startHandle.style.left = `${(left / width) * 100}%`;
  endHandle.style.left = `${((left + drawn) / width) * 100}%`;
  for (const [handle, value, which] of [[startHandle, p.start, "Start"], [endHandle, p.end, "End"]]) {
    handle.setAttribute("aria-valuenow", String(value));
    handle.setAttribute("aria-valuetext", formatMinutes(value));
    handle.setAttribute("aria-label", `${which} of the period ${range}`);
  }
}

/** The narrowest a period is drawn, in px (its markers' grips stay apart). */
const MINIMUM_PERIOD_PX = 16;

/** Where period `p` is drawn on a track `width` px wide: {left, drawn} in px, at least MINIMUM_PERIOD_PX wide, inside the track. */
function drawnSpan(p, width) {
  const from = (p.start / DAY_MINUTES) * width;
  const to = (p.end / DAY_MINUTES) * width;
  const drawn = Math.min(width, Math.max(to - from, MINIMUM_PERIOD_PX));
  const left = Math.min(Math.max((from + to) / 2 - drawn / 2, 0), width - drawn);
  return { left, drawn };
}

/**
 * Follows a pointer drag that starts with `event` on its target: onMove(dx) with the distance
 * moved as a fraction of `width` (once it moved more than 3 px), onEnd(moved) when let go.
 */
function trackDrag(event, { width, onMove, onEnd }) {
  if (event.button !== 0) return;
  event.preventDefault();
  const target = event.currentTarget;
  target.setPointerCapture(event.pointerId);
  target.classList.add("dragging");
  target.focus({ preventScroll: true });
  const x0 = event.clientX;
  let moved = false;
  const move = (e) => {
    if (Math.abs(e.clientX - x0) > 3) moved = true;
    if (moved) onMove((e.clientX - x0) / width);
  };
  const up = () => {
    target.removeEventListener("pointermove", move);
    target.removeEventListener("pointerup", up);
    target.removeEventListener("pointercancel", up);
    target.classList.remove("dragging");
    onEnd(moved);
  };
  target.addEventListener("pointermove", move);
  target.addEventListener("pointerup", up);
  target.addEventListener("pointercancel", up);
}
