// Building DOM elements: h() and s() (HTML and SVG), icons from the sprites, unique ids, and a
// loading placeholder. Every view builds its elements with these.

/** The page's icon sprite (24×24 line icons that draw with currentColor). */
export const ICONS = "/assets/icons/icons.svg";
/** The Explorer's icon sprite. */
export const EXPLORER_ICONS = "/assets/icons/explorer.svg";

/**
 * Creates an element. `attrs`: `class`, `text`, `on<event>` functions, a `dataset` object,
 * booleans (true sets an empty attribute, false/null/undefined skip it), anything else via
 * setAttribute. Children: nodes, strings, numbers, arrays; null/false/undefined are skipped.
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** As h(), for SVG elements. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);
}

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.setAttribute("class", value);
    else if (key === "text") element.textContent = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/**
 * Replaces the children of `element` with `children`, as h() takes them (null, undefined and
 * false are left out, where the DOM's own replaceChildren would print "null" or "false").
 */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** An icon of a sprite (decorative: hidden from assistive technology). */
export function spriteIcon(sprite, name, cls = "icon") {
  return s("svg", { class: cls, "aria-hidden": "true", focusable: "false" }, s("use", { href: `${sprite}#${name}` }));
}

/** An icon of the page's sprite, assets/icons/icons.svg. */
export function icon(name, cls = "icon") {
  return spriteIcon(ICONS, name, cls);
}

/** An icon of the Explorer's sprite, assets/icons/explorer.svg. */
export function explorerIcon(name, cls = "icon") {
  return spriteIcon(EXPLORER_ICONS, name, cls);
}

/** A new id for an element, unique in the page: "field-error-7". */
export const uniqueId = (() => {
  let counter = 0;
  return (prefix) => `${prefix}-${++counter}`;
})();

/** The "Loading…" placeholder with a spinner, with its own words. */
export function loading(text = "Loading…") {
  return h("div", { class: "loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), text);
}
