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
  return filterDevices(devices, { query });
}

/** The weakest signal the list can be limited to, strongest first: [dBm, label]. */
export const RSSI_FLOORS = [[null, "Any signal"], [-50, "−50 dBm or stronger"], [-60, "−60 dBm or stronger"], [-70, "−70 dBm or stronger"], [-80, "−80 dBm or stronger"], [-90, "−90 dBm or stronger"]];

/**
 * The devices the list shows, strongest first: the name contains `query` (ignoring case), the
 * RSSI is at least `minRSSI` dBm (a device without one is hidden by a floor), and `service` (a
 * UUID as the devices carry it) is among the advertised services. Unset filters pass everything.
 */
export function filterDevices(devices, { query = "", minRSSI = null, service = "" } = {}) {
  const wanted = query.trim().toLowerCase();
  return [...devices].sort(byRSSI).filter((d) =>
    (!wanted || (d.name ?? "").toLowerCase().includes(wanted))
    && (minRSSI == null || (d.rssi != null && d.rssi >= minRSSI))
    && (!service || d.services.some((s) => s.uuid === service)));
}

/** Whether any of the list's filters is set. */
export function isFiltered({ query = "", minRSSI = null, service = "" } = {}) {
  return query.trim() !== "" || minRSSI != null || service !== "";
}

/** The advertised services of the devices heard, for the service filter: [{uuid, label}], by label. */
export function serviceChoices(devices) {
  const choices = new Map();
  for (const device of devices) {
    for (const s of device.services) if (!choices.has(s.uuid)) choices.set(s.uuid, s.name ? `${s.name} (${s.uuid})` : s.uuid);
  }
  return [...choices].map(([uuid, label]) => ({ uuid, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The count under the radio card: "3 devices found", "1 of 3 devices match"; `filtered` (or a query) says the latter. */
export function countText(shown, all, filtered) {
  const devices = `device${all === 1 ? "" : "s"}`;
  const isOn = typeof filtered === "string" ? filtered.trim() !== "" : !!filtered;
  return isOn ? `${shown} of ${all} ${devices} match` : `${all} ${devices} found`;
}

/** The formats a value can be typed in for a write: [key, label, placeholder]. Integers are little-endian. */
export const WRITE_FORMATS = [
  ["hex", "Hex", "48 65 6C 6C 6F"],
  ["text", "Text (UTF-8)", "Hello"],
  ["uint8", "Unsigned 8-bit", "0 to 255"],
  ["uint16", "Unsigned 16-bit", "0 to 65535"],
  ["uint32", "Unsigned 32-bit", "0 to 4294967295"],
  ["int8", "Signed 8-bit", "−128 to 127"],
  ["int16", "Signed 16-bit", "−32768 to 32767"],
  ["int32", "Signed 32-bit", "−2147483648 to 2147483647"],
];

/** The most bytes a characteristic value holds (Core 5.4, Vol 3, Part F, 3.2.9). */
export const MAX_VALUE_BYTES = 512;

/**
 * `text` typed in `format` (a WRITE_FORMATS key) as the bytes to write, in hex ("2c 01");
 * throws an Error that says what is wrong with the text. Integers are written little-endian, as
 * GATT values are (Core 5.4, Vol 3, Part G, 3.3.3.5 and the GATT Specification Supplement).
 */
export function encodeTypedValue(text, format) {
  const input = String(text ?? "").trim();
  if (format === "text") {
    if (input === "" && String(text ?? "") === "") throw new Error("Type the text to write.");
    return toHex(new TextEncoder().encode(String(text)));
  }
  if (input === "") throw new Error(format === "hex" ? "Type the bytes in hex, like 48 69." : "Type a number.");
  if (format === "hex") {
    const digits = input.replace(/^0x/i, "").replace(/[\s:-]/g, "");
    if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error(`“${input}” is not hex: use the digits 0–9 and A–F, two per byte, like 48 69.`);
    if (digits.length % 2) throw new Error(`That is ${digits.length} hex digits; each byte takes two.`);
    const bytes = digits.match(/../g).map((pair) => parseInt(pair, 16));
    return toHex(bytes);
  }
  const integer = /^(int|uint)(8|16|32)$/.exec(format);
  if (!integer) throw new Error(`Unknown format ${format}.`);
  const signed = integer[1] === "int";
  const bits = Number(integer[2]);
  const normalized = input.replace(/^[−–]/, "-");
  if (!/^-?\d+$/.test(normalized)) throw new Error(`“${input}” is not a whole number.`);
  const value = BigInt(normalized);
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  if (value < min || value > max) throw new Error(`${input} does not fit: ${signed ? "a signed" : "an unsigned"} ${bits}-bit number is ${min} to ${max}.`);
  const unsigned = value < 0n ? value + (1n << BigInt(bits)) : value;
  const bytes = [];
  for (let i = 0; i < bits / 8; i++) bytes.push(Number((unsigned >> BigInt(8 * i)) & 0xffn));
  return toHex(bytes);
}

function toHex(bytes) {
  if (bytes.length > MAX_VALUE_BYTES) throw new Error(`That is ${bytes.length} bytes; a characteristic value holds at most ${MAX_VALUE_BYTES}.`);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(" ");
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
