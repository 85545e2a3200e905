// The Explorer's words and rules (shared/seeds/003 as docs/dashboard-api.md "Explorer" gives
// them): radio and connection states, sorting and searching devices, a device's row status, the
// empty list's reason, signal colours, characteristic kinds and value formats. Pure: no DOM.

/** The radio's states in words. */
export const RADIO_LABELS = {
  poweredOn: "Powered On",
  poweredOff: "Powered Off",
  unauthorized: "Unauthorized",
  unsupported: "Unsupported",
  resetting: "Resetting",
  unknown: "Unknown",
};

/** An Explorer device's connection states in words (the scanner's: no ellipses). */
export const EXPLORER_CONNECTION_LABELS = {
  connected: "Connected",
  connecting: "Connecting",
  reconnecting: "Reconnecting",
  disconnecting: "Disconnecting",
  disconnected: "Disconnected",
};

/** The property pills shown on a characteristic, in order: [property, label]. */
export const PROPERTY_PILLS = [
  ["read", "Read"],
  ["write", "Write"],
  ["writeWithoutResponse", "Write No Response"],
  ["notify", "Notify"],
  ["indicate", "Indicate"],
  ["authenticatedSignedWrites", "Auth"],
];

/** A service's category in words. */
export const CATEGORY_LABELS = {
  generic: "Generic service",
  battery: "Battery service",
  deviceInformation: "Device information",
  vendor: "Vendor-specific service",
  other: "Other service",
};

/** How many readings the signal history keeps. */
export const HISTORY_LENGTH = 20;

/** "[No Name]" for a device that does not broadcast a name. */
export function displayName(device) {
  return device?.name || "[No Name]";
}

/** Sort order of devices: strongest first, no RSSI last, then by address. */
export function byRSSI(a, b) {
  return (b.rssi ?? -999) - (a.rssi ?? -999) || a.address.localeCompare(b.address);
}

/** The devices whose name contains `query` (ignoring case), strongest first; every device for an empty query. */
export function searchDevices(devices, query) {
  const wanted = query.trim().toLowerCase();
  const all = [...devices].sort(byRSSI);
  return wanted ? all.filter((d) => (d.name ?? "").toLowerCase().includes(wanted)) : all;
}

/** The count under the radio card: "3 devices found", "1 of 3 devices match". */
export function countText(shown, all, query) {
  const devices = `device${all === 1 ? "" : "s"}`;
  return query.trim() ? `${shown} of ${all} ${devices} match` : `${all} ${devices} found`;
}

/** The seed's normalisation: (rssi + 100) / 70 as a percentage, clamped to 0…100; no RSSI → 0. */
export function signalPercent(rssi) {
  return rssi == null ? 0 : Math.min(100, Math.max(0, ((rssi + 100) / 70) * 100));
}

/** The history chart's colours: "green" ≥ -60 dBm, "yellow" ≥ -75, "red" below. */
export function rssiColor(rssi) {
  return rssi >= -60 ? "green" : rssi >= -75 ? "yellow" : "red";
}

/** A device row's status: [kind, text]: connected, connectable, the advertised services, or nothing. */
export function rowStatus(device) {
  if (device.connection === "connected") return ["connected", "Connected"];
  if (device.connectable) return ["connectable", "Connectable"];
  if (device.services.length) return ["services", `Services: ${device.services.length}`];
  return ["none", ""];
}

/** A device row's trailing mark: "connected", "chevron" (can be opened to connect) or "not-connectable". */
export function rowTrailing(device) {
  return device.connection === "connected" ? "connected" : device.connectable ? "chevron" : "not-connectable";
}

/**
 * Why the list is empty, or null when it shows devices: "off" (the radio is not on), "stopped"
 * (not scanning), "scanning" (nothing heard yet) or "no-match" (the search hides them all).
 */
export function emptyReason({ radio, loaded, allCount, shownCount }) {
  if (radio && radio.state !== "poweredOn" && allCount === 0) return "off";
  if (allCount === 0 && loaded && radio && !radio.scanning) return "stopped";
  if (allCount === 0) return "scanning";
  if (shownCount === 0) return "no-match";
  return null;
}

/** Why the radio cannot be used, in words a person can act on. */
export function radioAdvice(state) {
  switch (state) {
    case "unauthorized":
      return "The dashboard is not allowed to use the Bluetooth controller. Run it with the rights the controller needs (see the transport guide).";
    case "unknown":
    case "resetting":
      return "The system is still determining the Bluetooth state. If it stays like this, check that the controller is plugged in and switched on.";
    case "unsupported":
      return "This controller does not support Bluetooth Low Energy. Enable Bluetooth on a controller that does (see the transport guide).";
    default:
      return "Turn Bluetooth on: check that the controller is plugged in and switched on, then reload this page.";
  }
}

/** Whether a connection state is on the way somewhere (the connect button waits). */
export function isConnectionBusy(state) {
  return state === "connecting" || state === "reconnecting" || state === "disconnecting";
}

/** The seed's characteristic icon colour: "read-write" (purple), "read" (blue), "write" (green), "notify" (orange), "other". */
export function characteristicKind(properties) {
  const read = properties.includes("read");
  const write = properties.includes("write") || properties.includes("writeWithoutResponse");
  const notify = properties.includes("notify") || properties.includes("indicate");
  if (read && write) return "read-write";
  if (read) return "read";
  if (write) return "write";
  if (notify) return "notify";
  return "other";
}

/** What a characteristic is called: its name, else its User Description, else its UUID. */
export function characteristicLabel(c) {
  return c.name ?? c.userDescription ?? c.uuid;
}

/** A value's numbers as the Services tab lists them: ["UInt8: 7", "UInt16: 1799", "Float: 3.14"]. */
export function numericFormats(value) {
  const numbers = [];
  if (value.uint8 != null) numbers.push(`UInt8: ${value.uint8}`);
  if (value.uint16 != null) numbers.push(`UInt16: ${value.uint16}`);
  if (value.uint32 != null) numbers.push(`UInt32: ${value.uint32}`);
  if (value.float32 != null) numbers.push(`Float: ${value.float32}`);
  return numbers;
}

/** The latest of a device's times: last seen, the last reading, any value read. */
export function lastUpdate(detail, history) {
  const times = [detail.device.lastSeen, history.at(-1)?.at];
  for (const service of detail.services ?? []) for (const c of service.characteristics) times.push(c.value?.at);
  return times.filter(Boolean).sort().at(-1) ?? detail.device.lastSeen;
}

/** "0x2A" as a byte label: "0x2A (42)". */
export function byteLabel(byte) {
  return `0x${byte.toString(16).padStart(2, "0").toUpperCase()} (${byte})`;
}
