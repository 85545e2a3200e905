// The Explorer's operation log: every connect, disconnect, read, write, subscription change,
// notification and failure on a device, kept in the page (the newest 500 per device) and
// exported as a text file. Pure: no DOM.

/** How many entries a device's log keeps. */
export const LOG_LIMIT = 500;

/** What each kind of entry is called in the log. */
export const LOG_KINDS = {
  connect: "Connect",
  disconnect: "Disconnect",
  read: "Read",
  write: "Write",
  subscribe: "Subscribe",
  unsubscribe: "Unsubscribe",
  notification: "Notification",
  descriptor: "Read descriptor",
  error: "Failed",
};

/**
 * A log entry: {at (ISO time), kind (a LOG_KINDS key), target (what it acted on, e.g. "Battery
 * Level (2A19)"), detail (the value or the message), ok}.
 */
export function logEntry(kind, { target = "", detail = "", ok = true, at = new Date() } = {}) {
  return { at: new Date(at).toISOString(), kind, target, detail, ok };
}

/** `entries` with `entry` added, the oldest dropped past LOG_LIMIT. */
export function appendLog(entries, entry, limit = LOG_LIMIT) {
  const next = [...(entries ?? []), entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** One line of the exported log: "2026-11-27 17:02:03.120 UTC  Write  Alert Level (2A06)  01". */
export function logLine(entry) {
  const time = entry.at.replace("T", " ").replace("Z", " UTC");
  const kind = (entry.ok ? "" : "FAILED ") + (LOG_KINDS[entry.kind] ?? entry.kind);
  return [time, kind, entry.target, entry.detail].filter(Boolean).join("  ");
}

/** The exported file's text: a header naming the device, then one line per entry, oldest first. */
export function logText(entries, { address, name, exportedAt = new Date() }) {
  const header = [
    `Nightlight Explorer log: ${name || "[No Name]"} (${address})`,
    `Exported ${new Date(exportedAt).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC")}; ${entries.length} ${entries.length === 1 ? "entry" : "entries"}, oldest first; times in UTC.`,
    "",
  ];
  return [...header, ...entries.map(logLine), ""].join("\n");
}

/** The exported file's name: "explorer-log-C4-4E-4C-00-00-01-20261127-1702.txt" (UTC). */
export function logFileName(address, at = new Date()) {
  const stamp = new Date(at).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 13);
  return `explorer-log-${address.replace(/:/g, "-")}-${stamp}.txt`;
}
