import { test } from "node:test";
import assert from "node:assert/strict";
import { countText, encodeTypedValue, filterDevices, isFiltered, searchDevices, serviceChoices } from "../../Sources/NightlightDashboard/Resources/assets/model/explorer.js";
import { appendLog, logEntry, logFileName, logLine, logText } from "../../Sources/NightlightDashboard/Resources/assets/model/explorer-log.js";

const battery = { uuid: "180F", name: "Battery Service" };
const sn = { uuid: "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4", name: null };
const devices = [
  { address: "A", name: "SN-0001", rssi: -48, services: [sn] },
  { address: "B", name: "Bulb", rssi: -71, services: [battery] },
  { address: "C", name: null, rssi: null, services: [] },
  { address: "D", name: "SN-0002", rssi: -62, services: [sn, battery] },
];

test("typed writes: hex, text and little-endian integers at their limits", () => {
  const cases = [
    ["hex", "48 69", "48 69"], ["hex", "0x4869", "48 69"], ["hex", "48:69-0a", "48 69 0a"],
    ["text", "Hi", "48 69"], ["text", " é", "20 c3 a9"],
    ["uint8", "0", "00"], ["uint8", "255", "ff"], ["uint16", "300", "2c 01"], ["uint16", "65535", "ff ff"],
    ["uint32", "4294967295", "ff ff ff ff"], ["uint32", "16909060", "04 03 02 01"],
    ["int8", "-1", "ff"], ["int8", "−128", "80"], ["int8", "127", "7f"],
    ["int16", "-2", "fe ff"], ["int16", "-32768", "00 80"], ["int32", "-2147483648", "00 00 00 80"], ["int32", "2147483647", "ff ff ff 7f"],
  ];
  for (const [format, text, hex] of cases) assert.equal(encodeTypedValue(text, format), hex, `${format} ${text}`);
});

test("typed writes: every wrong input says what is wrong", () => {
  const cases = [
    ["hex", "", /Type the bytes in hex/], ["hex", "4g", /is not hex/], ["hex", "486", /3 hex digits/],
    ["hex", "00".repeat(513), /513 bytes; a characteristic value holds at most 512/],
    ["text", "", /Type the text/], ["text", "x".repeat(513), /at most 512/],
    ["uint8", "256", /does not fit: an unsigned 8-bit number is 0 to 255/], ["uint8", "-1", /does not fit/],
    ["int8", "128", /signed 8-bit number is -128 to 127/], ["uint16", "1.5", /not a whole number/], ["uint32", "ten", /not a whole number/],
    ["int32", "2147483648", /does not fit/], ["uint8", "", /Type a number/], ["float", "1", /Unknown format/],
  ];
  for (const [format, text, message] of cases) assert.throws(() => encodeTypedValue(text, format), message, `${format} ${text}`);
});

test("filters: name, RSSI floor and advertised service together, strongest first", () => {
  assert.deepEqual(filterDevices(devices).map((d) => d.address), ["A", "D", "B", "C"]);
  assert.deepEqual(filterDevices(devices, { minRSSI: -65 }).map((d) => d.address), ["A", "D"]);
  assert.deepEqual(filterDevices(devices, { service: "180F" }).map((d) => d.address), ["D", "B"]);
  assert.deepEqual(filterDevices(devices, { service: "180F", minRSSI: -65, query: "sn" }).map((d) => d.address), ["D"]);
  assert.deepEqual(searchDevices(devices, "sn-").map((d) => d.address), ["A", "D"]);
  assert.equal(isFiltered({}), false);
  assert.equal(isFiltered({ minRSSI: -70 }), true);
  assert.equal(isFiltered({ service: "180F" }), true);
  assert.equal(countText(1, 4, true), "1 of 4 devices match");
  assert.equal(countText(4, 4, false), "4 devices found");
  assert.equal(countText(1, 1, " "), "1 device found");
});

test("the service filter offers each advertised service once, named where known", () => {
  assert.deepEqual(serviceChoices(devices), [
    { uuid: "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4", label: "7A5A0000-D04B-48EB-B3FA-32EB4F0FFAC4" },
    { uuid: "180F", label: "Battery Service (180F)" },
  ]);
});

test("the operation log keeps the newest entries and exports one line each", () => {
  let log = [];
  for (let i = 0; i < 505; i++) log = appendLog(log, logEntry("read", { target: `n${i}`, at: Date.UTC(2026, 10, 27, 17, 2, 3, 120) }));
  assert.equal(log.length, 500);
  assert.equal(log[0].target, "n5");
  const entry = logEntry("write", { target: "Alert Level (2A06)", detail: "01", at: Date.UTC(2026, 10, 27, 17, 2, 3, 120) });
  assert.equal(logLine(entry), "2026-11-27 17:02:03.120 UTC  Write  Alert Level (2A06)  01");
  const failed = logEntry("read", { target: "Secret (1234)", detail: "the device refused: Insufficient Authentication", ok: false, at: 0 });
  assert.equal(logLine(failed), "1970-01-01 00:00:00.000 UTC  FAILED Read  Secret (1234)  the device refused: Insufficient Authentication");
  const text = logText([entry], { address: "C4:4E:4C:00:00:01", name: "SN-0001", exportedAt: Date.UTC(2026, 10, 27, 17, 5) });
  assert.equal(text, "Nightlight Explorer log: SN-0001 (C4:4E:4C:00:00:01)\nExported 2026-11-27 17:05:00 UTC; 1 entry, oldest first; times in UTC.\n\n2026-11-27 17:02:03.120 UTC  Write  Alert Level (2A06)  01\n");
  assert.equal(logFileName("C4:4E:4C:00:00:01", Date.UTC(2026, 10, 27, 17, 2)), "explorer-log-C4-4E-4C-00-00-01-20261127-1702.txt");
});
