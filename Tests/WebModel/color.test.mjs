// model/color.js: hex ⇄ RGB ⇄ the wheel, the glow on the page, colour names, WCAG contrast.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  COLOR_PRESETS, PAGE_BACKGROUND, colorAt, contrastRatio, contrastText, describeColor, glowColor, glowOver, parseHex,
  periodBackground, relativeLuminance, rgbAt, toHex, wheelPosition,
} from "../../Sources/NightlightDashboard/Resources/assets/model/color.js";

test("parseHex reads #RRGGBB in any case, with or without #, and refuses the rest", () => {
  assert.deepEqual(parseHex("#FF8040"), [255, 128, 64]);
  assert.deepEqual(parseHex("ff8040"), [255, 128, 64]);
  assert.deepEqual(parseHex(" #00c040 "), [0, 192, 64]);
  for (const bad of ["#FFF", "#GG0000", "FF80401", "", null, undefined, "#12345"]) assert.equal(parseHex(bad), null, String(bad));
});

test("toHex writes upper case with leading zeros", () => {
  assert.equal(toHex([255, 128, 64]), "#FF8040");
  assert.equal(toHex([0, 0, 0]), "#000000");
  assert.equal(toHex([1, 2, 3]), "#010203");
});

test("wheelPosition: hue in degrees, saturation and intensity 0…1", () => {
  assert.deepEqual(wheelPosition("#FF0000"), { hue: 0, saturation: 1, intensity: 1 });
  assert.deepEqual(wheelPosition("#00FF00"), { hue: 120, saturation: 1, intensity: 1 });
  assert.deepEqual(wheelPosition("#0000FF"), { hue: 240, saturation: 1, intensity: 1 });
  assert.deepEqual(wheelPosition("#FFFFFF"), { hue: 0, saturation: 0, intensity: 1 });
  assert.deepEqual(wheelPosition("#000000"), { hue: 0, saturation: 0, intensity: 0 });
  assert.deepEqual(wheelPosition("#FF00FF"), { hue: 300, saturation: 1, intensity: 1 }, "magenta: a negative hue wraps");
  const amber = wheelPosition("#402000");
  assert.equal(amber.hue, 30);
  assert.equal(amber.saturation, 1);
  assert.equal(amber.intensity, 64 / 255);
  assert.deepEqual(wheelPosition("not a color"), wheelPosition("#FFFFFF"), "not a colour reads as white");
});

test("every preset and a grid of colours round-trip through the wheel", () => {
  for (const [, hex] of COLOR_PRESETS) assert.equal(colorAt(wheelPosition(hex)), hex, hex);
  for (let r = 0; r < 256; r += 51) {
    for (let g = 0; g < 256; g += 51) {
      for (let b = 0; b < 256; b += 17) {
        const hex = toHex([r, g, b]);
        assert.equal(colorAt(wheelPosition(hex)), hex, hex);
      }
    }
  }
});

test("rgbAt clamps saturation and intensity, and wraps the hue", () => {
  assert.deepEqual(rgbAt({ hue: 0, saturation: 2, intensity: 1 }), [255, 0, 0]);
  assert.deepEqual(rgbAt({ hue: 360, saturation: 1, intensity: 1 }), [255, 0, 0]);
  assert.deepEqual(rgbAt({ hue: -120, saturation: 1, intensity: 1 }), [0, 0, 255]);
  assert.deepEqual(rgbAt({ hue: 60, saturation: 1, intensity: -1 }), [0, 0, 0]);
  assert.deepEqual(rgbAt({ hue: 200, saturation: 0, intensity: 0.5 }), [128, 128, 128]);
});

test("glowColor shows the hue at full brightness, its opacity following the dimmer", () => {
  assert.equal(glowColor("#402000"), "rgba(255, 128, 0, 0.55)");
  assert.equal(glowColor("#FF8000"), "rgba(255, 128, 0, 1.00)");
  assert.equal(glowColor("#FFFFFF"), "rgba(255, 255, 255, 1.00)");
  assert.equal(glowColor("#000000"), "transparent");
});

test("glowOver composes the glow over the page background", () => {
  assert.equal(glowOver("#000000"), PAGE_BACKGROUND, "off shows the background");
  assert.equal(glowOver("#FFFFFF"), "#FFFFFF", "full white covers it");
  assert.equal(glowOver("#FF0000", "#000000"), "#FF0000");
  // Night amber: 55 % of (255, 128, 0) over (23, 20, 42).
  assert.equal(glowOver("#402000"), toHex([Math.round(0.55 * 255 + 0.45 * 23), Math.round(0.55 * 128 + 0.45 * 20), Math.round(0.45 * 42)]));
});

test("describeColor names hue, paleness and dimming", () => {
  assert.equal(describeColor("#FFFFFF"), "white");
  assert.equal(describeColor("#000000"), "off");
  assert.equal(describeColor("#FF0000"), "red");
  assert.equal(describeColor("#FF00F0"), "pink");
  assert.equal(describeColor("#402000"), "amber 25 %");
  assert.equal(describeColor("#0050FF"), "blue");
  assert.equal(describeColor("#9060FF"), "purple");
  assert.equal(describeColor("#FFC880"), "amber", "warm white is half saturated");
  assert.equal(describeColor("#FFE0C0"), "pale amber");
  assert.equal(describeColor("#00C040"), "green 75 %");
  assert.equal(describeColor("#808080"), "white 50 %");
});

test("relativeLuminance and contrastRatio follow WCAG 2", () => {
  assert.equal(relativeLuminance("#000000"), 0);
  assert.equal(relativeLuminance("#FFFFFF"), 1);
  assert.equal(relativeLuminance("nope"), null);
  assert.ok(Math.abs(relativeLuminance("#808080") - 0.2159) < 1e-4);
  assert.equal(contrastRatio("#000000", "#FFFFFF"), 21);
  assert.equal(contrastRatio("#FFFFFF", "#000000"), 21, "order does not matter");
  assert.equal(contrastRatio("#402000", "#402000"), 1);
  assert.ok(Math.abs(contrastRatio("#777777", "#FFFFFF") - 4.48) < 0.01, "#777 on white is just under AA");
});

test("contrastText picks the text colour with more contrast", () => {
  assert.equal(contrastText("#FFFFFF"), "#000");
  assert.equal(contrastText("#FFC880"), "#000");
  assert.equal(contrastText("#000000"), "#fff");
  assert.equal(contrastText("#402000"), "#fff");
  assert.equal(contrastText("#0050FF"), "#fff");
  assert.equal(contrastText("junk"), "#fff");
  for (const [, hex] of COLOR_PRESETS) {
    const text = contrastText(hex) === "#000" ? "#000000" : "#FFFFFF";
    const other = text === "#000000" ? "#FFFFFF" : "#000000";
    assert.ok(contrastRatio(hex, text) >= contrastRatio(hex, other), `${hex}: ${text} contrasts more`);
  }
});

test("periodBackground: a plain glow without fade, a gradient ramped over the fade's share", () => {
  assert.equal(periodBackground({ color: "#FF8000", fade: 0 }, 60), "rgba(255, 128, 0, 1.00)");
  assert.equal(periodBackground({ color: "#FF8000", fade: 15 }, 60),
    "linear-gradient(to right, transparent 0%, rgba(255, 128, 0, 1.00) 25%, rgba(255, 128, 0, 1.00) 75%, transparent 100%)");
  assert.equal(periodBackground({ color: "#000000", fade: 0 }, 60), "transparent");
});
