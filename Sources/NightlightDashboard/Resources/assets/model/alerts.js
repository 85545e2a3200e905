// Alerts in a parent's words (GET /api/alerts, and the history's `alert` entries; see
// docs/dashboard-api.md "Alerts"): what is wrong with which nightlight, what to do, how bad it
// is, and which ones are new since the page last told about them. No DOM.

import { formatOffset } from "./format.js";

/** The nightlight an alert is about: "Mia's nightlight", else its name, else "A nightlight". */
export function nightlightWords(alert) {
  if (alert.childName) return `${alert.childName}'s nightlight`;
  return alert.deviceName ? `The nightlight ${alert.deviceName}` : "A nightlight";
}

const PERCENT = (value) => (Number.isFinite(value) ? ` (${Math.round(value)} %)` : "");

/** What each kind of alert says: its title (after the nightlight's name) and what to do. */
const WORDS = {
  batteryLow: (a) => ({
    title: `battery is low${PERCENT(a.value)}`,
    advice: "Charge it today.",
  }),
  batteryCritical: (a) => ({
    title: `battery is almost empty${PERCENT(a.value)}`,
    advice: "Charge it now: when the battery runs out it goes dark and loses the time.",
  }),
  clockOff: (a) => ({
    title: Number.isFinite(a.value) ? `clock is ${formatOffset(a.value)}` : "clock is more than 30 minutes off",
    advice: "Its light comes on at the wrong times. Open it and correct the clock.",
  }),
  clockNotSet: () => ({
    title: "has lost the time",
    advice: "Its schedule cannot run until the clock is set. Open it near the hub and set the clock.",
  }),
  unreachable: () => ({
    title: "has not been reachable for over an hour",
    advice: "Check that it is switched on, charged, and within reach of the hub.",
  }),
  firmwareFailed: () => ({
    title: "firmware update did not finish",
    advice: "It still runs its old firmware and works as before. Try the update again on the Firmware page.",
  }),
};

/**
 * An alert in words: {headline: "Mia's nightlight battery is low (18 %)", advice: "Charge it
 * today.", sentence: headline — advice, critical}. An unknown kind gets a general sentence.
 */
export function alertWords(alert) {
  const who = nightlightWords(alert);
  const words = WORDS[alert.kind]?.(alert) ?? { title: "needs a look", advice: "Open it to see what is wrong." };
  // "Mia's nightlight battery is low", but "Mia's nightlight has lost the time".
  const headline = `${who} ${words.title}`;
  return {
    headline,
    advice: words.advice,
    sentence: `${headline} — ${words.advice.charAt(0).toLowerCase()}${words.advice.slice(1)}`,
    critical: alert.severity === "critical",
  };
}

/** The alerts about one nightlight (addresses compared ignoring case), the critical ones first. */
export function alertsOf(alerts, address) {
  const wanted = String(address ?? "").toUpperCase();
  return sortAlerts((alerts ?? []).filter((a) => String(a.address).toUpperCase() === wanted));
}

/** Critical before warning, then the newest first. */
export function sortAlerts(alerts) {
  const rank = (a) => (a.severity === "critical" ? 0 : 1);
  return [...alerts].sort((a, b) => rank(a) - rank(b) || String(b.startedAt).localeCompare(String(a.startedAt)));
}

/** The alerts whose id is not in `told` (ids the page already notified about). */
export function untold(alerts, told) {
  const known = new Set((told ?? []).map(String));
  return (alerts ?? []).filter((a) => !known.has(String(a.id)));
}

/** The ids to remember after telling about `alerts`: the open ones only, so the list stays short. */
export function rememberTold(alerts) {
  return (alerts ?? []).map((a) => String(a.id));
}

/**
 * A history entry of kind `alert` ({id, date, deviceAddress, event: {alert: {kind, severity,
 * value, clearedAt}}}) as an alert, with the nightlight's names from `device`.
 */
export function alertFromEntry(entry, device) {
  const event = entry?.event?.alert ?? {};
  return {
    id: entry.id,
    address: entry.deviceAddress,
    childName: device?.childName || null,
    deviceName: device?.deviceName ?? null,
    kind: event.kind,
    severity: event.severity,
    value: event.value ?? null,
    startedAt: entry.date,
    clearedAt: event.clearedAt ?? null,
  };
}
