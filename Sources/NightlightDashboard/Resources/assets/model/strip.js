// A Bean's NeoPixel strip in words (the Bean panel's live strip): runs of LEDs of one colour,
// named with describeColor, so a screen reader hears what the eye sees. Pure: no DOM.

import { describeColor, parseHex, toHex } from "./color.js";

/** The strip's pixels ("#RRGGBB" each) as runs: [{ from, to, color, name }], LEDs counted from 1. */
export function stripRuns(pixels) {
  const runs = [];
  pixels.forEach((pixel, index) => {
    const rgb = parseHex(pixel);
    const color = rgb ? toHex(rgb) : "#000000";
    const last = runs[runs.length - 1];
    if (last && last.color === color) last.to = index + 1;
    else runs.push({ from: index + 1, to: index + 1, color, name: describeColor(color) });
  });
  return runs;
}

/** "All 30 LEDs off", "LEDs 1–12 red, 13–30 off": the strip in words. */
export function describeStrip(pixels) {
  if (!pixels.length) return "No LEDs";
  const runs = stripRuns(pixels);
  if (runs.length === 1) return `All ${pixels.length} LEDs ${runs[0].name}`;
  const span = ({ from, to }) => (from === to ? `${from}` : `${from}–${to}`);
  return `LEDs ${runs.map((run) => `${span(run)} ${run.name}`).join(", ")}`;
}
