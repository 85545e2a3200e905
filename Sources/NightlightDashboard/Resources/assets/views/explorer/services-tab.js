// The Services tab of an Explorer device page: every service and characteristic of a connected
// device, with property pills; read, write, values as hex, text and numbers.
// Hooks: [data-test="panel-services"], [data-test="services-prompt"], [data-test="services-none"],
// [data-test="service"][data-uuid][data-category] with [data-test="service-name"],
// [data-test="service-toggle"][aria-expanded], [data-test="service-count"],
// [data-test="characteristic"][data-uuid][data-handle][data-kind], [data-test="pill"][data-prop],
// [data-test="value-toggle"][aria-expanded], [data-test="read"], [data-test="write-toggle"],
// [data-test="value"] with [data-test="value-hex"], [data-test="value-string"], [data-test="value-numeric"],
// [data-test="value-meaning"], [data-test="notifying"], [data-test="write-form"] with
// [data-test="write-hex"] (data-field="hex"), [data-test="write-format"] (a WRITE_FORMATS key),
// [data-test="write-without-response"], [data-test="write-submit"]; [data-test="descriptor"][data-uuid][data-handle];
// [data-test="subscribe"] (a switch: notifications or indications on or off).

import { ApiError, api, explorerDevicePath } from "../../lib/api.js";
import { explorerIcon, h, icon } from "../../lib/dom.js";
import { clearErrors, showError, toast } from "../../lib/feedback.js";
import { CATEGORY_LABELS, PROPERTY_PILLS, WRITE_FORMATS, characteristicKind, characteristicLabel, encodeTypedValue, numericFormats } from "../../model/explorer.js";
import { formatTimeOfDay, plural } from "../../model/format.js";
import { toggleRow } from "../shared/toggle.js";
import { connectPrompt, noServices } from "./parts.js";

/**
 * Fills the Services panel. `page`: the device page's state and actions ({detail, address,
 * connectionBusy, expanded, openValues, openWrites, isAlive(), connect(), updateValue(handle, value),
 * log(kind, {target, detail, ok})}).
 */
export function drawServices(panel, page) {
  const connected = page.detail.device.connection === "connected";
  const services = connected ? page.detail.services : null;
  if (connected && !services?.length) {
    panel.replaceChildren(noServices("services-none"));
    return;
  }
  if (!services) {
    panel.replaceChildren(connectPrompt("services-prompt", "Connect to the device to see its services and characteristics.",
      { device: page.detail.device, busy: page.connectionBusy, connect: page.connect }));
    return;
  }
  panel.replaceChildren(h("ul", { class: "ex-services" }, services.map((service) => serviceItem(service, page))));
}

/** Toggles `key` in a set; returns whether it is in it now. */
function toggle(set, key) {
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return set.has(key);
}

function serviceItem(service, page) {
  const key = `${service.startHandle}`;
  const open = page.expanded.has(key);
  const bodyId = `explorer-service-${service.startHandle}`;
  const body = h("ul", { class: "ex-chars", id: bodyId, hidden: !open }, service.characteristics.map((c) => characteristicItem(c, page)));
  const button = h("button", {
    type: "button", class: "ex-service-toggle", "aria-expanded": String(open), "aria-controls": bodyId, dataset: { test: "service-toggle" },
    onclick: () => {
      const now = toggle(page.expanded, key);
      button.setAttribute("aria-expanded", String(now));
      body.hidden = !now;
    },
  },
  h("span", { class: "ex-icon", dataset: { category: service.category }, title: CATEGORY_LABELS[service.category] }, explorerIcon("service")),
  h("span", { class: "ex-service-text" },
    h("span", { class: "ex-service-name", dataset: { test: "service-name" } }, service.name ?? "Unknown Service"),
    h("code", { class: "ex-uuid" }, service.uuid)),
  h("span", { class: "badge", dataset: { test: "service-count" } }, String(service.characteristics.length),
    h("span", { class: "visually-hidden" }, service.characteristics.length === 1 ? " characteristic" : " characteristics")),
  explorerIcon("chevron", "icon ex-chevron"));
  return h("li", { class: "ex-service", dataset: { test: "service", uuid: service.uuid, category: service.category } }, button, body);
}

function characteristicItem(c, page) {
  const handle = String(c.handle);
  const kind = characteristicKind(c.properties);
  const item = h("li", { class: "ex-char", dataset: { test: "characteristic", uuid: c.uuid, handle, kind } });
  const valueId = `explorer-value-${handle}`;
  const valueBox = h("div", { class: "ex-value", id: valueId, dataset: { test: "value" }, hidden: !page.openValues.has(handle) });
  const eye = h("button", {
    type: "button", class: "icon-button ex-eye", dataset: { test: "value-toggle" }, "aria-expanded": String(page.openValues.has(handle)),
    "aria-controls": valueId, "aria-label": `Show the value of ${c.name ?? c.userDescription ?? c.uuid}`, title: "Show the value", hidden: !c.value,
    onclick: () => {
      const open = toggle(page.openValues, handle);
      eye.setAttribute("aria-expanded", String(open));
      valueBox.hidden = !open;
    },
  }, explorerIcon("eye"));
  const form = writeForm(c, page);
  form.hidden = !page.openWrites.has(handle);
  const writable = c.properties.includes("write") || c.properties.includes("writeWithoutResponse");
  const actions = h("div", { class: "ex-char-actions" },
    c.properties.includes("read")
      ? h("button", { type: "button", class: "button secondary ex-small", dataset: { test: "read" }, onclick: () => read(c, item, page) }, icon("refresh"), "Read")
      : null,
    writable
      ? h("button", {
        type: "button", class: "button secondary ex-small", dataset: { test: "write-toggle" }, "aria-expanded": String(page.openWrites.has(handle)),
        onclick: (event) => {
          const open = toggle(page.openWrites, handle);
          event.currentTarget.setAttribute("aria-expanded", String(open));
          form.hidden = !open;
          if (open) form.querySelector("input")?.focus();
        },
      }, icon("edit"), "Write")
      : null,
    eye);
  item.append(...[
    h("div", { class: "ex-char-head" },
      h("span", { class: "ex-icon", dataset: { kind } }, explorerIcon("characteristic")),
      h("div", { class: "ex-char-text" },
        h("span", { class: "ex-char-name" }, c.name ?? c.userDescription ?? "Unknown Characteristic"),
        h("code", { class: "ex-uuid" }, c.uuid),
        h("span", { class: "ex-pills" },
          PROPERTY_PILLS.filter(([prop]) => c.properties.includes(prop)).map(([prop, label]) =>
            h("span", { class: "ex-pill", dataset: { test: "pill", prop } }, label)),
          c.properties.includes("notify") || c.properties.includes("indicate")
            ? h("span", { class: "ex-live", dataset: { test: "notifying" }, hidden: !c.subscribed }, h("span", { class: "ex-live-dot", "aria-hidden": "true" }), "Live")
            : null)),
      actions),
    c.error ? h("p", { class: "ex-char-error small" }, c.error) : null,
    c.properties.includes("notify") || c.properties.includes("indicate") ? subscribeSwitch(c, page) : null,
    valueBox,
    form,
    c.descriptors?.length ? descriptorList(c) : null].filter(Boolean));
  fillValue(valueBox, c.value);
  return item;
}

/** Fills a value box: hex, text, numbers, meaning, when it was read; "No value yet." without one. */
export function fillValue(box, value) {
  if (!value) {
    box.replaceChildren(h("p", { class: "muted small" }, "No value yet."));
    return;
  }
  const numeric = numericFormats(value);
  box.replaceChildren(h("dl", { class: "ex-formats" },
    h("dt", null, "Hex"), h("dd", null, h("code", { dataset: { test: "value-hex" } }, value.hexDump || "(empty)")),
    value.utf8 != null ? [h("dt", null, "String"), h("dd", { dataset: { test: "value-string" } }, `"${value.utf8}"`)] : null,
    numeric.length ? [h("dt", null, "Numeric"), h("dd", { dataset: { test: "value-numeric" } }, numeric.join(" · "))] : null,
    value.meaning ? [h("dt", null, "Meaning"), h("dd", { dataset: { test: "value-meaning" } }, value.meaning)] : null,
    h("dt", null, "Updated"), h("dd", { class: "muted" }, `${formatTimeOfDay(value.at)} · ${plural(value.byteCount, "byte")}`)));
}

/** The switch that follows a characteristic's notifications (or indications), or stops following them. */
function subscribeSwitch(c, page) {
  const what = c.properties.includes("notify") ? "notifications" : "indications";
  const row = toggleRow(`explorer-subscribe-${c.handle}`, null, !!c.subscribed, `Live ${what}`, null, async (event) => {
    const input = event.currentTarget;
    const on = input.checked;
    const target = `${characteristicLabel(c)} (${c.uuid})`;
    input.disabled = true;
    try {
      const answer = await api("PUT", explorerDevicePath(page.address, "characteristics", c.handle, "subscription"), { on });
      if (!page.isAlive()) return;
      c.subscribed = answer.subscribed;
      const live = row.closest("[data-test=characteristic]")?.querySelector("[data-test=notifying]");
      if (live) live.hidden = !answer.subscribed;
      page.log(on ? "subscribe" : "unsubscribe", { target });
      toast(on ? `Following the ${what} of ${characteristicLabel(c)}.` : `Stopped the ${what} of ${characteristicLabel(c)}.`, "success");
    } catch (error) {
      input.checked = !on;
      page.log(on ? "subscribe" : "unsubscribe", { target, detail: error.message, ok: false });
      toast(error.message, "error");
    } finally {
      input.disabled = false;
    }
  });
  row.classList.add("ex-subscribe");
  row.querySelector("input").dataset.test = "subscribe";
  return row;
}

/** A characteristic's descriptors: name, UUID and handle each. */
function descriptorList(c) {
  return h("div", { class: "ex-descriptors" },
    h("p", { class: "ex-descriptors-title small muted" }, c.descriptors.length === 1 ? "1 descriptor" : `${c.descriptors.length} descriptors`),
    h("ul", null, c.descriptors.map((d) => h("li", { class: "ex-descriptor", dataset: { test: "descriptor", uuid: d.uuid, handle: String(d.handle) } },
      h("span", null, d.name ?? "Unknown Descriptor"),
      h("code", { class: "ex-uuid" }, d.uuid),
      h("span", { class: "muted small" }, `handle 0x${d.handle.toString(16).toUpperCase().padStart(4, "0")}`)))));
}

function writeForm(c, page) {
  const both = c.properties.includes("write") && c.properties.includes("writeWithoutResponse");
  const withoutOnly = !c.properties.includes("write");
  const inputId = `explorer-write-${c.handle}`;
  const formatId = `explorer-write-format-${c.handle}`;
  const checkId = `explorer-write-nr-${c.handle}`;
  const input = h("input", { type: "text", id: inputId, class: "mono", placeholder: WRITE_FORMATS[0][2], autocomplete: "off", spellcheck: "false", dataset: { test: "write-hex", field: "hex" } });
  const format = h("select", {
    id: formatId, dataset: { test: "write-format" },
    onchange: () => {
      input.placeholder = WRITE_FORMATS.find(([key]) => key === format.value)?.[2] ?? "";
      input.classList.toggle("mono", format.value === "hex");
    },
  }, WRITE_FORMATS.map(([key, label]) => h("option", { value: key }, label)));
  const check = both ? h("input", { type: "checkbox", id: checkId, dataset: { test: "write-without-response" } }) : null;
  const form = h("form", { class: "ex-write", dataset: { test: "write-form" }, novalidate: true },
    h("div", { class: "ex-write-row" },
      h("div", { class: "field" },
        h("label", { for: formatId }, "Type"),
        format),
      h("div", { class: "field ex-write-value" },
        h("label", { for: inputId }, "Value"),
        input)),
    both ? h("label", { class: "ex-check-label", for: checkId }, check, "Without response") : h("p", { class: "muted small" }, withoutOnly ? "Written without response." : "Written with response."),
    h("p", { class: "form-error", hidden: true }),
    h("button", { type: "submit", class: "button primary ex-small", dataset: { test: "write-submit" } }, "Write"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const button = form.querySelector("button[type=submit]");
    button.setAttribute("aria-busy", "true");
    const target = `${characteristicLabel(c)} (${c.uuid})`;
    try {
      let hex;
      try {
        hex = encodeTypedValue(input.value, format.value);
      } catch (error) {
        throw new ApiError({ status: 400, code: "invalid", field: "hex", message: error.message });
      }
      const withResponse = withoutOnly ? false : !(check?.checked ?? false);
      const report = await api("PUT", explorerDevicePath(page.address, "characteristics", c.handle, "value"), { hex, withResponse });
      if (!page.isAlive()) return;
      page.updateValue(c.handle, report.value);
      page.log("write", { target, detail: `${report.value.hexDump}${withResponse ? "" : " (without response)"}` });
      toast(`Wrote ${plural(report.value.byteCount, "byte")} to ${characteristicLabel(c)}.`, "success");
    } catch (error) {
      if (error.status !== 400 || error.field !== "hex") page.log("write", { target, detail: error.message, ok: false });
      showError(form, error);
    } finally {
      button.removeAttribute("aria-busy");
    }
  });
  return form;
}

async function read(c, item, page) {
  const button = item.querySelector("[data-test=read]");
  button?.setAttribute("aria-busy", "true");
  const target = `${characteristicLabel(c)} (${c.uuid})`;
  try {
    const report = await api("GET", explorerDevicePath(page.address, "characteristics", c.handle, "value"));
    if (!page.isAlive()) return;
    page.openValues.add(String(c.handle));
    page.updateValue(c.handle, report.value);
    page.log("read", { target, detail: report.value.hexDump || "(empty)" });
  } catch (error) {
    page.log("read", { target, detail: error.message, ok: false });
    toast(error.message, "error");
  } finally {
    button?.removeAttribute("aria-busy");
  }
}
