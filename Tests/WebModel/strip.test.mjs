// model/strip.js: a Bean's strip as runs of one colour, and in words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { describeStrip, stripRuns } from "../../Sources/NightlightDashboard/Resources/assets/model/strip.js";

const strip = (...parts) => parts.flatMap(([count, color]) => Array(count).fill(color));

test("stripRuns groups neighbouring LEDs of one colour, counting from 1", () => {
  assert.deepEqual(stripRuns(strip([2, "#ff0000"], [1, "#000000"])), [
    { from: 1, to: 2, color: "#FF0000", name: "red" },
    { from: 3, to: 3, color: "#000000", name: "off" },
  ]);
  assert.deepEqual(stripRuns([]), []);
});

test("describeStrip names a whole strip at once and a wipe run by run", () => {
  assert.equal(describeStrip(strip([30, "#000000"])), "All 30 LEDs off");
  assert.equal(describeStrip(strip([30, "#FFA040"])), "All 30 LEDs amber");
  assert.equal(describeStrip(strip([12, "#FF0000"], [18, "#000000"])), "LEDs 1–12 red, 13–30 off");
  assert.equal(describeStrip(strip([1, "#0050FF"], [1, "#FF0000"], [28, "#0050FF"])), "LEDs 1 blue, 2 red, 3–30 blue");
  assert.equal(describeStrip([]), "No LEDs");
});

test("a pixel that is not a colour counts as off", () => {
  assert.equal(describeStrip(["nonsense", "#000000"]), "All 2 LEDs off");
});
