// Colour maths (SN profile §8 "Colors"): "#RRGGBB" ⇄ RGB ⇄ the colour wheel (hue, saturation,
// intensity), how a nightlight colour glows on the dark page, colour names in words, and WCAG
// contrast. The wheel maths is the Swift domain's (ColorWheelPosition / RGBColor), so a colour
// round-trips. Pure: no DOM.

/** The page's timeline background, "#17142a": what a glowing colour is drawn over. */
export const PAGE_BACKGROUND = "#17142A";

/** The colour tool's presets: [name, "#RRGGBB"]. */
export const COLOR_PRESETS = [
  ["Night amber", "#402000"],
  ["Amber", "#FFA040"],
  ["Warm white", "#FFC880"],
  ["White", "#FFFFFF"],
  ["Dim red", "#500000"],
  ["Red", "#FF0000"],
  ["Green", "#00C040"],
  ["Blue", "#0050FF"],
  ["Lavender", "#9060FF"],
];

/** "#RRGGBB" (or "RRGGBB", any case) → [r, g, b], or null when it is not a colour. */
export function parseHex(text) {
  const match = /^#?([0-9a-f]{6})$/i.exec(String(text ?? "").trim());
  if (!match) return null;
  const value = parseInt(match[1], 16);
  return [value >> 16, (value >> 8) & 255, value & 255];
}

/** [r, g, b] → "#RRGGBB" (upper case, as the API writes it). */
export function toHex([r, g, b]) {
  return "#" + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1).toUpperCase();
}

/** Where a colour sits on the wheel: {hue 0…360, saturation 0…1, intensity 0…1}; not a colour → white. */
export function wheelPosition(hex) {
  const [r, g, b] = parseHex(hex) ?? [255, 255, 255];
  const high = Math.max(r, g, b), low = Math.min(r, g, b), chroma = high - low;
  let hue = 0;
  if (chroma > 0) {
    if (high === r) hue = 60 * ((g - b) / chroma);
    else if (high === g) hue = 60 * ((b - r) / chroma + 2);
    else hue = 60 * ((r - g) / chroma + 4);
    if (hue < 0) hue += 360;
  }
  return { hue, saturation: high === 0 ? 0 : chroma / high, intensity: high / 255 };
}

/** The colour at a wheel position as [r, g, b], each component rounded (saturation and intensity clamped to 0…1). */
export function rgbAt({ hue, saturation, intensity }) {
  const sat = Math.min(Math.max(saturation, 0), 1), level = Math.min(Math.max(intensity, 0), 1);
  let angle = hue % 360;
  if (angle < 0) angle += 360;
  const high = level * 255, chroma = high * sat, sector = angle / 60;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const low = high - chroma;
  const parts = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma], [chroma, 0, x]][Math.min(Math.floor(sector), 5)];
  return parts.map((v) => Math.min(Math.max(Math.round(v + low), 0), 255));
}

/** The colour at a wheel position as "#RRGGBB". */
export function colorAt(position) {
  return toHex(rgbAt(position));
}

/**
 * How a nightlight colour reads on the dark page: the full-brightness hue with an opacity that
 * follows the dimmer (0.4 … 1), so a dim amber (#402000) shows as a soft amber glow rather than
 * brown. Off (#000000) is "transparent".
 */
export function glowColor(hex) {
  const position = wheelPosition(hex);
  if (position.intensity === 0) return "transparent";
  const [r, g, b] = rgbAt({ ...position, intensity: 1 });
  return `rgba(${r}, ${g}, ${b}, ${glowOpacity(position.intensity).toFixed(2)})`;
}

const glowOpacity = (intensity) => 0.4 + 0.6 * intensity;

/** The glow of `hex` (glowColor) composed over `background`, as the "#RRGGBB" the eye sees. */
export function glowOver(hex, background = PAGE_BACKGROUND) {
  const position = wheelPosition(hex);
  const under = parseHex(background) ?? [0, 0, 0];
  if (position.intensity === 0) return toHex(under);
  const alpha = glowOpacity(position.intensity);
  const full = rgbAt({ ...position, intensity: 1 });
  return toHex(full.map((c, i) => Math.round(alpha * c + (1 - alpha) * under[i])));
}

/** A few words for a colour, for labels and screen readers: "white", "amber 25 %", "pale blue", "off". */
export function describeColor(hex) {
  const { hue, saturation, intensity } = wheelPosition(hex);
  if (intensity === 0) return "off";
  const names = [[15, "red"], [48, "amber"], [70, "yellow"], [160, "green"], [200, "cyan"], [255, "blue"], [290, "purple"], [335, "pink"], [360, "red"]];
  const hueName = names.find(([limit]) => hue < limit)[1];
  const name = saturation < 0.12 ? "white" : saturation < 0.45 ? `pale ${hueName}` : hueName;
  return intensity > 0.99 ? name : `${name} ${Math.round(intensity * 100)} %`;
}

/** The WCAG relative luminance of "#RRGGBB" (0 black … 1 white); not a colour → null. */
export function relativeLuminance(hex) {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a, b) {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** The text colour readable on a background "#RRGGBB": "#000" or "#fff", whichever contrasts more (not a colour → "#fff"). */
export function contrastText(hex) {
  const luminance = relativeLuminance(hex);
  if (luminance === null) return "#fff";
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000" : "#fff";
}

/**
 * The CSS background of a lit period: its glow, ramped from transparent at both ends when it
 * fades (`fade` minutes of a `length`-minute period).
 */
export function periodBackground({ color, fade }, length) {
  const glow = glowColor(color);
  if (!fade || length <= 0) return glow;
  const edge = (100 * fade) / length;
  return `linear-gradient(to right, transparent 0%, ${glow} ${edge}%, ${glow} ${100 - edge}%, transparent 100%)`;
}
