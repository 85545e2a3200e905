// The Explorer's overview (#/explorer): search, the radio status card with start/stop scanning,
// and the devices heard, strongest first, kept current by the live socket.
// Hooks: #explorer-search, #explorer-search-clear, [data-test="explorer-status"],
// #explorer-radio-state[data-state] (poweredOn | poweredOff | unauthorized | unsupported |
// resetting | unknown), #explorer-scan-toggle[data-scanning] ("Stop Scanning" / "Start Scanning"),
// #explorer-min-rssi (the weakest signal shown), #explorer-service (an advertised service),
// #explorer-filters-clear, #explorer-count, #explorer-list, [data-test="explorer-device"][data-address][data-rssi][data-connection]
// (a row, a link), inside it [data-test="device-name"], [data-test="device-rssi"],
// [data-test="device-arc"][data-percent], [data-test="device-status"][data-kind] (connected |
// connectable | services | none), [data-test="device-trailing"][data-kind] (connected | chevron |
// not-connectable), [data-test="explorer-empty"][data-kind] (scanning | off | stopped | no-match),
// [data-test="empty-start"].

import { api, explorerLive } from "../../lib/api.js";
import { explorerIcon, h, icon } from "../../lib/dom.js";
import { RADIO_LABELS, RSSI_FLOORS, countText, displayName, emptyReason, filterDevices, isFiltered, radioAdvice, rowStatus, rowTrailing, serviceChoices, signalPercent } from "../../model/explorer.js";
import { signalBadge } from "./parts.js";

/** Shows the overview in `container` (`opened`: scanning is switched on first); returns the cleanup. */
export async function renderOverview(container, ctx, opened) {
  const state = { radio: null, devices: new Map(), query: "", minRSSI: null, service: "", loaded: false, busy: false };
  let alive = true;
  const parts = overviewLayout({ onSearch, onFilter, clearFilters, toggleScan: () => setScanning(!state.radio?.scanning) });
  const { search, clear, radioState, radioNote, scanButton, scanPulse, count, list, empty, minRSSI, service, filtersClear } = parts;
  const rows = new Map();
  container.append(...parts.elements);

  function onSearch() {
    state.query = search.value.trim();
    clear.hidden = !search.value;
    draw();
  }

  function onFilter() {
    state.minRSSI = minRSSI.value === "" ? null : Number(minRSSI.value);
    state.service = service.value;
    draw();
  }

  function clearFilters() {
    minRSSI.value = "";
    service.value = "";
    onFilter();
    minRSSI.focus();
  }

  /** The service filter's options: every service heard so far (a chosen one stays while no device advertises it). */
  function drawServiceChoices(all) {
    const choices = serviceChoices(all);
    if (state.service && !choices.some((c) => c.uuid === state.service)) choices.push({ uuid: state.service, label: state.service });
    const key = JSON.stringify(choices);
    if (service.dataset.key === key) return;
    service.dataset.key = key;
    service.replaceChildren(h("option", { value: "" }, "Any service"), ...choices.map((c) => h("option", { value: c.uuid }, c.label)));
    service.value = state.service;
  }

  function applyRadio(radio) {
    state.radio = radio;
    radioState.dataset.state = radio.state;
    radioState.textContent = RADIO_LABELS[radio.state] ?? radio.label;
    radioNote.hidden = !radio.message;
    radioNote.textContent = radio.message ?? "";
    const on = radio.state === "poweredOn";
    scanButton.hidden = !on;
    scanButton.dataset.scanning = String(!!radio.scanning);
    scanButton.className = `button ex-scan ${radio.scanning ? "ex-stop" : "ex-start"}`;
    scanButton.replaceChildren(explorerIcon(radio.scanning ? "stop" : "search"), radio.scanning ? "Stop Scanning" : "Start Scanning");
    scanPulse.hidden = !(on && radio.scanning);
    draw();
  }

  async function setScanning(on) {
    if (state.busy) return;
    state.busy = true;
    scanButton.setAttribute("aria-busy", "true");
    try {
      const radio = await api("PUT", "/api/explorer/scan", { on });
      if (!alive) return;
      if (on) state.devices = new Map([...state.devices].filter(([, d]) => d.connection !== "disconnected"));
      applyRadio(radio);
    } catch (error) {
      if (alive) ctx.problem(error, () => setScanning(on));
    } finally {
      state.busy = false;
      scanButton.removeAttribute("aria-busy");
    }
  }

  function row(device) {
    let item = rows.get(device.address);
    if (!item) {
      item = deviceRow(device.address);
      rows.set(device.address, item);
    }
    item.update(device);
    return item;
  }

  function draw() {
    const all = [...state.devices.values()];
    drawServiceChoices(all);
    const shown = filterDevices(all, state);
    filtersClear.hidden = state.minRSSI == null && !state.service;
    const focused = document.activeElement;
    const wanted = shown.map((device) => row(device).li);
    const current = [...list.children];
    if (wanted.length !== current.length || wanted.some((li, i) => li !== current[i])) {
      list.replaceChildren(...wanted);
      if (focused && focused !== document.activeElement && list.contains(focused)) focused.focus({ preventScroll: true });
    }
    for (const [address] of rows) if (!state.devices.has(address)) rows.delete(address);
    count.textContent = state.loaded ? countText(shown.length, all.length, isFiltered(state)) : "";
    const kind = emptyReason({ radio: state.radio, loaded: state.loaded, allCount: all.length, shownCount: shown.length });
    drawEmpty(empty, kind, state, () => setScanning(true));
  }

  function onMessage(message) {
    if (!alive) return;
    if (message.type === "radio") applyRadio(message.radio);
    else if (message.type === "devices") {
      state.devices = new Map(message.devices.map((d) => [d.address, d]));
      state.loaded = true;
      draw();
    } else if (message.type === "update") {
      for (const device of message.devices) state.devices.set(device.address, device);
      draw();
    }
  }

  try {
    const radio = opened ? await api("PUT", "/api/explorer/scan", { on: true }) : null;
    const first = await api("GET", "/api/explorer/devices");
    if (!alive) return null;
    state.devices = new Map(first.devices.map((d) => [d.address, d]));
    state.loaded = true;
    applyRadio(radio ?? first.radio);
  } catch (error) {
    ctx.problem(error);
  }
  const socket = explorerLive(null, onMessage);
  return () => {
    alive = false;
    socket.close();
  };
}

/** The overview's elements: {elements (to append), search, clear, radioState, radioNote, scanButton, scanPulse, count, list, empty}. */
function overviewLayout({ onSearch, onFilter, clearFilters, toggleScan }) {
  const search = h("input", {
    type: "search", id: "explorer-search", class: "ex-search-input", placeholder: "Search by name", autocomplete: "off",
    spellcheck: "false", "aria-controls": "explorer-list", dataset: { test: "explorer-search" },
  });
  const clear = h("button", {
    type: "button", id: "explorer-search-clear", class: "ex-search-clear", "aria-label": "Clear the search", hidden: true,
    onclick: () => {
      search.value = "";
      onSearch();
      search.focus();
    },
  }, h("span", { "aria-hidden": "true" }, "×"));
  search.addEventListener("input", onSearch);
  search.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && search.value) {
      event.preventDefault();
      search.value = "";
      onSearch();
    }
  });
  const radioState = h("strong", { id: "explorer-radio-state", class: "ex-radio", dataset: { test: "radio-state", state: "unknown" } }, "Unknown");
  const radioNote = h("p", { class: "muted small", id: "explorer-radio-note", hidden: true });
  const scanButton = h("button", { type: "button", id: "explorer-scan-toggle", class: "button ex-scan", dataset: { test: "scan-toggle" }, hidden: true, onclick: toggleScan });
  const scanPulse = h("span", { class: "ex-pulse", "aria-hidden": "true", hidden: true });
  const count = h("span", { id: "explorer-count", class: "muted small", role: "status" });
  const list = h("ul", { id: "explorer-list", class: "ex-list", dataset: { test: "explorer-list" }, "aria-label": "Devices nearby, strongest signal first" });
  const empty = h("div", { class: "card empty ex-empty", id: "explorer-empty", dataset: { test: "explorer-empty" }, hidden: true });
  const minRSSI = h("select", { id: "explorer-min-rssi", onchange: onFilter, "aria-controls": "explorer-list" },
    RSSI_FLOORS.map(([value, label]) => h("option", { value: value ?? "" }, label)));
  const service = h("select", { id: "explorer-service", onchange: onFilter, "aria-controls": "explorer-list" }, h("option", { value: "" }, "Any service"));
  const filtersClear = h("button", { type: "button", id: "explorer-filters-clear", class: "button ghost ex-small", hidden: true, onclick: clearFilters }, "Show all");
  const filters = h("div", { class: "ex-filters", role: "group", "aria-label": "Filters" },
    h("div", { class: "field" }, h("label", { for: "explorer-min-rssi" }, "Signal"), minRSSI),
    h("div", { class: "field" }, h("label", { for: "explorer-service" }, "Advertised service"), service),
    filtersClear);
  const elements = [
    h("div", { class: "view-head" },
      h("div", null,
        h("h1", null, "Explorer"),
        h("p", { class: "lead" }, "Every Bluetooth Low Energy device this dashboard hears, strongest signal first."))),
    h("div", { class: "ex-search", role: "search" },
      h("label", { class: "visually-hidden", for: "explorer-search" }, "Search devices by name"),
      explorerIcon("search"),
      search,
      clear),
    filters,
    h("section", { class: "card ex-status", dataset: { test: "explorer-status" }, "aria-labelledby": "explorer-status-heading" },
      h("div", { class: "ex-status-row" },
        h("div", { class: "ex-status-text" },
          h("h2", { id: "explorer-status-heading", class: "ex-status-label" }, "Bluetooth Status"),
          h("div", { class: "ex-status-value" }, scanPulse, radioState),
          radioNote),
        scanButton),
      count),
    empty,
    list,
  ];
  return { elements, search, clear, radioState, radioNote, scanButton, scanPulse, count, list, empty, minRSSI, service, filtersClear };
}

/** A device's row (a link to its page): {li, update(device)}; update redraws only what changed. */
function deviceRow(address) {
  const badge = signalBadge();
  const name = h("span", { class: "ex-row-name", dataset: { test: "device-name" } });
  const rssi = h("span", { class: "ex-row-rssi", dataset: { test: "device-rssi" } });
  const status = h("span", { class: "ex-row-status", dataset: { test: "device-status" } });
  const trailing = h("span", { class: "ex-trailing", dataset: { test: "device-trailing" } });
  const link = h("a", { class: "ex-row", href: `#/explorer/${address}`, dataset: { test: "explorer-device", address } },
    badge,
    h("span", { class: "ex-row-body" }, name, rssi, status),
    trailing);
  let key = "";
  return {
    li: h("li", null, link),
    update(device) {
      const next = JSON.stringify([device.name, device.rssi, device.connection, device.connectable, device.services.length]);
      if (next === key) return;
      key = next;
      link.dataset.rssi = String(device.rssi ?? "");
      link.dataset.connection = device.connection;
      badge.setPercent(device.signal?.percent ?? signalPercent(device.rssi));
      name.textContent = displayName(device);
      name.classList.toggle("unnamed", !device.name);
      rssi.textContent = device.rssi == null ? "RSSI: —" : `RSSI: ${device.rssi} dB`;
      const [kind, text] = rowStatus(device);
      status.dataset.kind = kind;
      status.textContent = text;
      const trailingKind = rowTrailing(device);
      trailing.dataset.kind = trailingKind;
      trailing.replaceChildren(
        trailingKind === "connected" ? h("span", { class: "ex-check" }, icon("check"), h("span", { class: "visually-hidden" }, "Connected"))
          : trailingKind === "chevron" ? explorerIcon("chevron")
            : h("span", null, "Not Connectable"));
    },
  };
}

/** Shows why the list is empty (`kind` from emptyReason), or hides the note (null). */
function drawEmpty(empty, kind, { radio, query, minRSSI, service }, startScanning) {
  empty.hidden = !kind;
  const filtered = minRSSI != null || !!service;
  const key = `${kind}|${radio?.state ?? ""}|${query}|${filtered}`;
  if (!kind || empty.dataset.key === key) return;
  empty.dataset.key = key;
  empty.dataset.kind = kind;
  if (kind === "off") {
    empty.replaceChildren(explorerIcon("bluetooth-off"),
      h("h2", null, `Bluetooth is ${RADIO_LABELS[radio.state] ?? radio.label}`),
      h("p", null, radioAdvice(radio.state)),
      radio.message ? h("p", { class: "small" }, radio.message) : null);
  } else if (kind === "stopped") {
    empty.replaceChildren(icon("bluetooth"),
      h("h2", null, "Scanning stopped"),
      h("p", null, "Start scanning to find the Bluetooth devices nearby."),
      h("button", { type: "button", class: "button ex-start", dataset: { test: "empty-start" }, onclick: startScanning }, explorerIcon("search"), "Start Scanning"));
  } else if (kind === "scanning") {
    empty.replaceChildren(h("span", { class: "ex-searching", "aria-hidden": "true" }, explorerIcon("search")),
      h("h2", null, "Scanning…"),
      h("p", null, "Looking for Bluetooth devices nearby. Keep them switched on and close to this computer."),
      h("span", { class: "spinner", "aria-hidden": "true" }));
  } else {
    empty.replaceChildren(explorerIcon("search"),
      h("h2", null, "No matching devices"),
      h("p", null, query ? `No device name contains “${query}”${filtered ? " among the devices the filters let through" : ""}.` : "No device passes the filters. Show all to see every device."));
  }
}
