// Device (#/info/ADDR): who the nightlight is (status.identity and the pairing record), and
// unpairing it.
// Hooks: [data-test="device-facts"], [data-test="fact-<key>"] (childName, deviceName, model,
// serialNumber, firmwareVersion, address, pairedAt, lastSeen), [data-test="unpair"],
// dialog[data-test="unpair-dialog"] (confirm: [data-test="dialog-confirm"]).

import { api, nightlightPath } from "../../lib/api.js";
import { confirmDialog } from "../../lib/dialog.js";
import { h, icon } from "../../lib/dom.js";
import { showError, toast } from "../../lib/feedback.js";
import { formatDateTime } from "../../model/format.js";

/** Shows who the nightlight is in `container`, with unpairing. */
export async function render(container, ctx) {
  const status = ctx.status ?? (await ctx.refresh());
  const identity = status.identity;
  const record = ctx.device;
  const facts = [
    ["childName", "Child's name", identity.childName || "—"],
    ["deviceName", "Device name", identity.deviceName],
    ["model", "Model", identity.model],
    ["serialNumber", "Serial number", identity.serialNumber],
    ["firmwareVersion", "Firmware", identity.firmwareVersion],
    ["address", "Bluetooth address", identity.address],
    ["pairedAt", "Paired", record ? formatDateTime(record.pairedAt) : "—"],
    ["lastSeen", "Last seen", record ? formatDateTime(record.lastSeen) : "—"],
  ];

  const unpairCard = h("section", { class: "card", "aria-labelledby": "unpair-heading" },
    h("h2", { id: "unpair-heading" }, "Unpair"),
    h("p", { class: "muted" }, "The dashboard forgets this nightlight and its history and lets go of its connection. The nightlight keeps its name, schedules and clock, so it can be paired again."),
    h("p", { class: "form-error", hidden: true }),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "button danger", dataset: { test: "unpair" }, onclick: unpair }, "Unpair this nightlight")));

  container.append(
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Device"),
        h("p", { class: "lead" }, `${identity.childName || identity.deviceName}'s nightlight`))),
    h("div", { class: "grid" },
      h("section", { class: "card", "aria-labelledby": "facts-heading" },
        h("div", { class: "card-head" },
          h("h2", { id: "facts-heading" }, icon("info"), "About"),
          h("a", { class: "card-link", href: `#/firmware/${ctx.address}` }, "Update firmware")),
        h("dl", { class: "facts", dataset: { test: "device-facts" } },
          facts.map(([key, label, value]) => [
            h("dt", null, label),
            h("dd", { dataset: { test: `fact-${key}` }, class: ["address", "serialNumber"].includes(key) ? "mono" : null }, value),
          ]))),
      unpairCard));

  async function unpair() {
    const name = identity.childName ? `${identity.childName}'s nightlight (${identity.deviceName})` : identity.deviceName;
    const ok = await confirmDialog({
      title: `Unpair ${name}?`,
      message: "It forgets this dashboard's keys (when it is in range), and its battery and clock history is deleted from this dashboard. You can pair it again later.",
      confirm: "Unpair",
      danger: true,
      test: "unpair-dialog",
    });
    if (!ok) return;
    try {
      const answer = await api("DELETE", nightlightPath(ctx.address));
      const devices = await ctx.reloadDevices();
      toast(answer.deletedOnNightlight
        ? `${name} is unpaired; it forgot this dashboard too.`
        : `${name} is unpaired here. It was out of reach, so it keeps this dashboard's keys until it is reset (hold its button 10 seconds).`,
      answer.deletedOnNightlight ? "success" : "info");
      const next = devices.find((device) => device.childName) ?? devices[0];
      ctx.navigate(next ? `#/dashboard/${next.address}` : "#/pair");
    } catch (error) {
      showError(unpairCard, error);
    }
  }
}
