// lib/store.js: the page's one store (no DOM, so it runs here too).

import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore, store } from "../../Sources/NightlightDashboard/Resources/assets/lib/store.js";

test("get reads the state; set merges a patch and tells subscribers with the previous state", () => {
  const s = createStore({ a: 1, b: 2 });
  const seen = [];
  s.subscribe((state, previous) => seen.push([state, previous]));
  s.set({ a: 3 });
  assert.deepEqual(s.get(), { a: 3, b: 2 });
  assert.deepEqual(seen, [[{ a: 3, b: 2 }, { a: 1, b: 2 }]]);
});

test("a set that changes nothing tells nobody", () => {
  const s = createStore({ a: 1, list: [] });
  let calls = 0;
  s.subscribe(() => calls++);
  s.set({ a: 1 });
  s.set({ list: s.get().list });
  assert.equal(calls, 0);
  s.set({ list: [] });
  assert.equal(calls, 1, "a new array is a change");
});

test("the state is frozen: it changes only through set", () => {
  const s = createStore({ a: 1 });
  assert.throws(() => {
    "use strict";
    s.get().a = 2;
  }, TypeError);
  const before = s.get();
  s.set({ a: 2 });
  assert.equal(before.a, 1, "a state read before stays as it was");
});

test("unsubscribe stops the calls; a listener that throws does not stop the others", (t) => {
  const s = createStore({ n: 0 });
  const calls = [];
  const off = s.subscribe(() => calls.push("first"));
  s.subscribe(() => {
    throw new Error("boom");
  });
  s.subscribe(() => calls.push("third"));
  t.mock.method(console, "error", () => {});
  s.set({ n: 1 });
  off();
  s.set({ n: 2 });
  assert.deepEqual(calls, ["first", "third", "third"]);
  assert.equal(console.error.mock.callCount(), 2);
});

test("the dashboard's store starts without limits or a nightlight on show", () => {
  const state = store.get();
  assert.equal(state.limits, null);
  assert.deepEqual(state.devices, []);
  assert.equal(state.address, null);
  assert.deepEqual(state.clockChecks, {}, "no clock checked yet");
  assert.equal(state.explorerTab, "info");
});
