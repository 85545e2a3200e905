// Small DOM helpers shared by every view: element building, field errors, toasts, dialogs,
// time and color formatting.
// Hooks: #toasts (the toast live region), .toast, dialog[data-test="confirm-dialog"],
// [data-test="dialog-confirm"], [data-test="dialog-cancel"], .field-error, .form-error.

import { ApiError } from "./api.js";

/**
 * Creates an element. `attrs`: `class`, `text`, `on<event>` functions, a `dataset` object,
 * booleans (true sets an empty attribute, false/null/undefined skip it), anything else via
 * setAttribute. Children: nodes, strings, numbers, arrays; null/false/undefined are skipped.
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** As h(), for SVG elements. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);
}

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.setAttribute("class", value);
    else if (key === "text") element.textContent = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** An icon from the sprite assets/icons.svg (decorative: hidden from assistive technology). */
export function icon(name, cls = "icon") {
  return s("svg", { class: cls, "aria-hidden": "true", focusable: "false" }, s("use", { href: `/assets/icons.svg#${name}` }));
}

// ---- Errors next to fields ----

/** Removes the field and form errors shown inside root. */
export function clearErrors(root) {
  root.querySelectorAll(".field-error").forEach((node) => node.remove());
  root.querySelectorAll("[aria-invalid='true']").forEach((node) => {
    node.removeAttribute("aria-invalid");
    node.removeAttribute("aria-errormessage");
  });
  root.querySelectorAll(".form-error").forEach((node) => {
    node.textContent = "";
    node.hidden = true;
  });
}

/** The field path and its shorter prefixes: "a[0].b[1]" → ["a[0].b[1]", "a[0].b", "a[0]", "a"]. */
function fieldPrefixes(field) {
  const prefixes = [field];
  let rest = field;
  while (true) {
    const cut = Math.max(rest.lastIndexOf("."), rest.lastIndexOf("["));
    if (cut <= 0) break;
    rest = rest.slice(0, cut);
    prefixes.push(rest);
  }
  return prefixes;
}

let errorCounter = 0;

/**
 * Shows an error inside root: next to the `[data-field]` element its field names (or the
 * longest prefix that exists), else in root's `.form-error`, else as a toast.
 */
export function showError(root, error) {
  const message = error?.message || String(error);
  const field = error instanceof ApiError ? error.field : null;
  if (field) {
    for (const name of fieldPrefixes(field)) {
      const target = root.querySelector(`[data-field="${CSS.escape(name)}"]`);
      if (!target) continue;
      const id = `field-error-${++errorCounter}`;
      const note = h("p", { class: "field-error", role: "alert", id, text: message });
      target.after(note);
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("aria-errormessage", id);
      return note;
    }
  }
  const formError = root.querySelector(".form-error");
  if (formError) {
    formError.textContent = message;
    formError.hidden = false;
    formError.setAttribute("role", "alert");
    return formError;
  }
  toast(message, "error");
  return null;
}

// ---- Toasts ----

/** Shows a short message in a polite live region; errors stay longer. */
export function toast(message, kind = "info") {
  let region = document.getElementById("toasts");
  if (!region) {
    region = h("div", { id: "toasts", class: "toasts", "aria-live": "polite", role: "status" });
    document.body.append(region);
  }
  const item = h("div", { class: `toast toast-${kind}`, dataset: { test: "toast", kind } }, message);
  region.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 9000 : 5000);
  return item;
}

// ---- Dialogs ----

/**
 * Opens a modal <dialog> and resolves with the value `close(value)` is called with (undefined
 * when Esc or the backdrop cancels). `build(close)` returns the dialog's content. Focus moves
 * to the first `[autofocus]` or control inside and returns to where it was when it closes.
 */
export function openDialog({ title, className = "", test = "dialog", build }) {
  return new Promise((resolve) => {
    const previous = document.activeElement;
    const titleId = `dialog-title-${++errorCounter}`;
    const dialog = h("dialog", { class: `dialog ${className}`, "aria-labelledby": titleId, dataset: { test } });
    let result;
    const close = (value) => {
      result = value;
      dialog.close();
    };
    dialog.append(h("h2", { id: titleId, class: "dialog-title", text: title }), build(close));
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (previous && previous.isConnected) previous.focus();
      resolve(result);
    });
    // A click on the backdrop (outside the dialog's box) cancels.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) close(undefined);
    });
    document.body.append(dialog);
    dialog.showModal();
    const first = dialog.querySelector("[autofocus]") ?? dialog.querySelector("input, select, textarea, button");
    first?.focus();
  });
}

/** A yes/no question in a modal dialog → Promise<boolean>. Esc cancels. `test` names its data-test hook. */
export async function confirmDialog({ title, message, confirm = "OK", cancel = "Cancel", danger = false, test = "confirm-dialog" }) {
  const answer = await openDialog({
    title,
    test,
    build: (close) =>
      h("div", null,
        h("p", { class: "dialog-message", text: message }),
        h("div", { class: "dialog-actions" },
          h("button", { type: "button", class: "button secondary", dataset: { test: "dialog-cancel" }, onclick: () => close(false) }, cancel),
          h("button", { type: "button", class: `button ${danger ? "danger" : "primary"}`, dataset: { test: "dialog-confirm" }, autofocus: !danger, onclick: () => close(true) }, confirm))),
  });
  return answer === true;
}

// ---- Formatting ----

/** 1170 → "19:30" (1440 → "24:00"). */
export function formatMinutes(m) {
  const minutes = Math.round(m);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "7:05" → 425, "24:00" → 1440; null when invalid. */
export function parseTime(text) {
  const match = /^\s*(\d{1,2})[:.h](\d{2})\s*$/.exec(String(text ?? ""));
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** The days as the API names them, Monday first. */
export const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** "monday" → "Monday". */
export function dayName(day) {
  return day ? day[0].toUpperCase() + day.slice(1) : "";
}

/** The text color readable on a background "#RRGGBB": "#000" or "#fff" (WCAG contrast). */
export function contrastText(hex) {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex ?? "");
  if (!value) return "#fff";
  const channel = (i) => {
    const c = parseInt(value[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000" : "#fff";
}

/** A relative time in words: "just now", "5 minutes ago", "3 days ago". */
export function ago(date) {
  const seconds = (Date.now() - new Date(date).getTime()) / 1000;
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return "just now";
  const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
  for (const [unit, size] of units) {
    if (seconds >= size) {
      const n = Math.floor(seconds / size);
      return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
    }
  }
  return "";
}
