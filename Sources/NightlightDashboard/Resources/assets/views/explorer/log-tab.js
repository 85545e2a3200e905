// The Log tab of an Explorer device page: every operation on the device since the page was
// loaded (connect, disconnect, read, write, notifications, failures), newest first, and
// "Export" to a text file. The log lives as long as the page (not stored on the hub).
// Hooks: [data-test="panel-log"], [data-test="log-entry"][data-kind][data-ok],
// [data-test="log-export"], [data-test="log-clear"], [data-test="log-empty"], [data-test="log-count"].

import { h } from "../../lib/dom.js";
import { LOG_KINDS, appendLog, logEntry, logFileName, logText } from "../../model/explorer-log.js";
import { formatTimeOfDay } from "../../model/format.js";

/** Every device's log, by address, for as long as the page is open. */
const logs = new Map();

/** The Log tab of the device at `address`: {log(kind, details), draw(panel, device)}. */
export function logTab(address) {
  let panel = null;
  let device = null;

  function log(kind, details) {
    logs.set(address, appendLog(logs.get(address), logEntry(kind, details)));
    if (panel && !panel.hidden) draw(panel, device);
  }

  function exportLog() {
    const text = logText(logs.get(address) ?? [], { address, name: device?.name });
    const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" })), download: logFileName(address) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  function draw(into, currentDevice) {
    panel = into;
    device = currentDevice ?? device;
    const entries = logs.get(address) ?? [];
    const newestFirst = [...entries].reverse();
    into.replaceChildren(
      h("div", { class: "ex-log-head" },
        h("p", { class: "muted small", dataset: { test: "log-count" }, role: "status" },
          entries.length === 0 ? "No operations yet." : `${entries.length} ${entries.length === 1 ? "operation" : "operations"}, newest first. Kept while this page is open.`),
        h("div", { class: "ex-log-actions" },
          h("button", { type: "button", class: "button secondary ex-small", dataset: { test: "log-export" }, disabled: entries.length === 0, onclick: exportLog }, "Export"),
          h("button", {
            type: "button", class: "button ghost ex-small", dataset: { test: "log-clear" }, disabled: entries.length === 0,
            onclick: () => {
              logs.delete(address);
              draw(into, device);
            },
          }, "Clear"))),
      entries.length === 0
        ? h("p", { class: "muted", dataset: { test: "log-empty" } }, "Connect, read, write or subscribe, and each operation appears here with its value and time.")
        : h("ol", { class: "ex-log", "aria-label": "Operations, newest first" }, newestFirst.map((entry) =>
          h("li", { class: `ex-log-entry${entry.ok ? "" : " failed"}`, dataset: { test: "log-entry", kind: entry.kind, ok: String(entry.ok) } },
            h("time", { datetime: entry.at, class: "muted small mono" }, formatTimeOfDay(entry.at, { seconds: true })),
            h("strong", null, (entry.ok ? "" : "Failed: ") + (LOG_KINDS[entry.kind] ?? entry.kind)),
            entry.target ? h("span", null, entry.target) : null,
            entry.detail ? h("code", { class: "ex-log-detail" }, entry.detail) : null))));
  }

  return { log, draw };
}
