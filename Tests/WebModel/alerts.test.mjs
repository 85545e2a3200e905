import assert from "node:assert/strict";
import { test } from "node:test";
import { alertFromEntry, alertsOf, alertWords, nightlightWords, rememberTold, sortAlerts, untold } from "../../Sources/NightlightDashboard/Resources/assets/model/alerts.js";

const mia = { id: 1, address: "C4:4E:4C:00:00:02", childName: "Mia", deviceName: "SN-0002", kind: "batteryLow", severity: "warning", value: 18, startedAt: "2026-11-27T16:00:00Z" };

test("a low battery in a parent's words", () => {
  const words = alertWords(mia);
  assert.equal(words.headline, "Mia's nightlight battery is low (18 %)");
  assert.equal(words.sentence, "Mia's nightlight battery is low (18 %) — charge it today.");
  assert.equal(words.critical, false);
});

test("every kind says what is wrong and what to do", () => {
  const cases = {
    batteryCritical: [{ value: 4, severity: "critical" }, "Mia's nightlight battery is almost empty (4 %)", "Charge it now"],
    clockOff: [{ value: -7200 }, "Mia's nightlight clock is 2 h behind", "correct the clock"],
    clockNotSet: [{ value: null }, "Mia's nightlight has lost the time", "set the clock"],
    unreachable: [{ value: null }, "Mia's nightlight has not been reachable for over an hour", "switched on"],
    firmwareFailed: [{ value: null, severity: "critical" }, "Mia's nightlight firmware update did not finish", "old firmware"],
  };
  for (const [kind, [extra, headline, advice]] of Object.entries(cases)) {
    const words = alertWords({ ...mia, kind, ...extra });
    assert.equal(words.headline, headline, kind);
    assert.ok(words.advice.includes(advice), `${kind}: ${words.advice}`);
    assert.ok(!/null|undefined|NaN/.test(words.sentence), words.sentence);
  }
  assert.equal(alertWords({ ...mia, kind: "batteryCritical", severity: "critical" }).critical, true);
  assert.equal(alertWords({ ...mia, kind: "clockOff", value: 5400 }).headline, "Mia's nightlight clock is 1 h 30 min ahead");
});

test("a nightlight without a child's name, and an unknown kind", () => {
  assert.equal(nightlightWords({ deviceName: "SN-0001" }), "The nightlight SN-0001");
  assert.equal(nightlightWords({}), "A nightlight");
  const words = alertWords({ kind: "somethingNew", severity: "warning" });
  assert.equal(words.headline, "A nightlight needs a look");
  assert.equal(alertWords({ ...mia, value: null }).headline, "Mia's nightlight battery is low");
});

test("one nightlight's alerts, critical first, then the newest", () => {
  const others = [
    { ...mia, id: 2, kind: "clockOff", startedAt: "2026-11-27T17:00:00Z" },
    { ...mia, id: 3, address: "c4:4e:4c:00:00:02", kind: "firmwareFailed", severity: "critical", startedAt: "2026-11-27T15:00:00Z" },
    { ...mia, id: 4, address: "C4:4E:4C:00:00:01" },
  ];
  assert.deepEqual(alertsOf([mia, ...others], "c4:4e:4c:00:00:02").map((a) => a.id), [3, 2, 1]);
  assert.deepEqual(alertsOf(null, "x"), []);
  assert.deepEqual(sortAlerts([mia, others[2]]).map((a) => a.id), [1, 4]);
});

test("an alert is told once", () => {
  const second = { ...mia, id: 7 };
  assert.deepEqual(untold([mia, second], []).map((a) => a.id), [1, 7]);
  const told = rememberTold([mia]);
  assert.deepEqual(untold([mia, second], told).map((a) => a.id), [7]);
  assert.deepEqual(untold([mia, second], rememberTold([mia, second])), []);
  assert.deepEqual(untold(undefined, told), []);
});

test("a history entry becomes an alert", () => {
  const entry = { id: 9, date: "2026-11-27T16:00:00Z", deviceAddress: "C4:4E:4C:00:00:02",
    event: { alert: { kind: "batteryLow", severity: "warning", value: 18, clearedAt: "2026-11-27T18:00:00Z" } } };
  const alert = alertFromEntry(entry, { childName: "Mia", deviceName: "SN-0002" });
  assert.deepEqual(alert, { id: 9, address: "C4:4E:4C:00:00:02", childName: "Mia", deviceName: "SN-0002", kind: "batteryLow",
    severity: "warning", value: 18, startedAt: "2026-11-27T16:00:00Z", clearedAt: "2026-11-27T18:00:00Z" });
  assert.equal(alertFromEntry({ ...entry, event: { alert: { kind: "unreachable", severity: "warning" } } }).value, null);
});
