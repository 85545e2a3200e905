"""What the accessibility journeys check in each section (`check(b, where)`), the way assistive
technology meets the page (see accessibility.py); `walk(b, sections)` opens each and checks it.
Not a journey itself (its name starts with `_`)."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

# What a control is, for the Tab walk: focusable by default, visible, enabled, not taken out of
# the tab order on purpose (tabindex=-1: focus targets such as headings).
CONTROLS_JS = r"""
const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable=""], [contenteditable=true]';
const scope = document.querySelector('dialog[open]') ?? document;
return [...scope.querySelectorAll(selector)].filter((e) =>
  !e.disabled && e.getAttribute('tabindex') !== '-1' && !e.closest('[inert], [hidden], dialog:not([open])')
  && e.checkVisibility({ visibilityProperty: true }) && e.getClientRects().length > 0);
"""

CONTRAST_JS = r"""
const parse = (text) => {
  const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)/.exec(text);
  if (!m) return null;
  let a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), a];
};
const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
const mix = (top, bottom, o) => top.map((c, i) => c * o + bottom[i] * (1 - o));
const luminance = (rgb) => {
  const [r, g, b] = rgb.map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (x, y) => { const [h, l] = [luminance(x), luminance(y)].sort((p, q) => q - p); return (h + 0.05) / (l + 0.05); };
const hex = (rgb) => '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

// The colour of the text and of the background at a pixel of `element`: every ancestor's
// background composed from the canvas down, each group's opacity applied over its backdrop.
function colours(element) {
  const chain = [];
  for (let e = element; e; e = e.parentElement) chain.unshift(e);
  const rootStyle = getComputedStyle(document.documentElement), bodyStyle = getComputedStyle(document.body);
  const canvasColour = [rootStyle, bodyStyle].map((s) => parse(s.backgroundColor)).find((c) => c && c[3] > 0) ?? [255, 255, 255, 1];
  let unknown = false;
  function render(i, backdrop, withText) {
    const style = getComputedStyle(chain[i]);
    if (style.backgroundImage !== 'none' && i > 1) unknown = true;
    const background = parse(style.backgroundColor) ?? [0, 0, 0, 0];
    const painted = over(background, backdrop);
    let inner;
    if (i === chain.length - 1) {
      const text = parse(style.color);
      inner = withText ? over(text, painted) : painted;
    } else {
      inner = render(i + 1, painted, withText);
    }
    return mix(inner, backdrop, Number(style.opacity));
  }
  const canvas = canvasColour.slice(0, 3);
  return { text: render(0, canvas, true), background: render(0, canvas, false), unknown };
}

const seen = new Set();
const elements = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const element = node.parentElement;
  if (!element || !node.textContent.trim() || seen.has(element)) continue;
  seen.add(element);
  elements.push(element);
}
for (const field of document.querySelectorAll('input:not([type=checkbox], [type=radio], [type=range], [type=color], [type=hidden], [type=file]), select, textarea')) {
  if (field.value) elements.push(field);
}
const problems = [];
let checked = 0, skipped = 0;
for (const element of elements) {
  if (element.closest('script, style, noscript, canvas, svg, [hidden], dialog:not([open])')) continue;
  if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
  const rect = element.getBoundingClientRect();
  if (rect.width <= 1 || rect.height <= 1) continue;  // visually hidden: for screen readers only
  // WCAG exempts the text of a control that is switched off.
  if (element.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled=true]')) continue;
  const found = colours(element);
  if (found.unknown) { skipped += 1; continue; }
  checked += 1;
  const value = ratio(found.text, found.background);
  if (value < 4.5) {
    const words = (element.value || element.innerText || element.textContent).trim().replace(/\s+/g, ' ').slice(0, 40);
    problems.push(`${value.toFixed(2)}:1 ${hex(found.text)} on ${hex(found.background)} "${words}" <${element.tagName.toLowerCase()} class="${element.className}">`);
  }
}
return { problems, checked, skipped };
"""

COLOR_WORDS_JS = r"""
const words = /\b(off|white|red|amber|yellow|green|cyan|blue|purple|pink|black|lavender)\b/i;
const text = (e) => [e.innerText, e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('aria-valuetext'),
  ...(e.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.innerText),
  ...(e.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.innerText)].filter(Boolean).join(' ');
return [...document.querySelectorAll('[data-color]')]
  .filter((e) => /^#[0-9a-f]{6}$/i.test(e.dataset.color) && e.checkVisibility() && !e.closest('[aria-hidden=true]'))
  .filter((e) => !words.test(text(e)))
  .map((e) => `${e.tagName.toLowerCase()}[data-test=${e.dataset.test ?? ''}] ${e.dataset.color}: "${text(e).slice(0, 60)}"`);
"""


def settle(b, ready):
    """Waits for the section's heading, its own sign of being ready, and no loading left."""
    b.wait("#view h1", timeout=20)
    if ready:
        b.wait(ready, timeout=30)
    b.wait_until("the section to finish loading", lambda: b.driver.execute_script(
        "return !document.querySelector('#view .loading, #view [aria-busy=true]')"), timeout=30)


def check_roles_and_names(b, where):
    """Every focusable control has a role and a name, as Selenium reads Chromium's tree."""
    nameless = []
    for element in b.driver.execute_script(CONTROLS_JS):
        try:
            role, name = element.aria_role, (element.accessible_name or "").strip()
        except Exception:  # noqa: BLE001 (replaced while being read: the next check sees the new one)
            continue
        if role in ("", "none", "generic", "presentation") or not name:
            html = b.driver.execute_script("return arguments[0].outerHTML.slice(0, 100)", element)
            nameless.append(f"role {role!r}, name {name!r}: {html}")
    if nameless:
        b.fail(f"{where}: controls a screen reader cannot announce: {nameless[:6]}")


def check_tab_order(b, where):
    """Presses Tab from the top until the focus comes round again; fails for controls never reached."""
    controls = b.driver.execute_script(CONTROLS_JS)
    assert controls, f"{where}: no control found to walk to"
    # Start before the first element: focus the document itself.
    b.driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0); document.body.focus();")
    reached, first = set(), None
    for _ in range(len(controls) * 2 + 20):
        ActionChains(b.driver).send_keys(Keys.TAB).perform()
        key = b.driver.execute_script("""
            const e = document.activeElement;
            if (!e || e === document.body) return null;
            e.dataset.a11yTab ??= String(Math.random());
            return e.dataset.a11yTab;""")
        if key is None:
            continue
        if key == first:
            break
        first = first or key
        reached.add(key)
    missed = b.driver.execute_script("""
        const [controls, reached] = arguments;
        const groups = new Set(controls.filter((e) => e.type === 'radio' && reached.includes(e.dataset.a11yTab)).map((e) => e.name));
        return controls.filter((e) => !reached.includes(e.dataset.a11yTab) && !(e.type === 'radio' && groups.has(e.name)))
          .map((e) => e.outerHTML.slice(0, 100));""", controls, list(reached))
    if missed:
        b.fail(f"{where}: {len(missed)} control(s) not reachable with Tab: {missed[:6]}")
    return len(controls)


def check_contrast(b, where):
    found = b.driver.execute_script(CONTRAST_JS)
    if found["problems"]:
        b.fail(f"{where}: text below 4.5:1 ({len(found['problems'])} of {found['checked']} checked): {found['problems'][:8]}")
    assert found["checked"] >= 3, f"{where}: only {found['checked']} texts could be checked ({found['skipped']} over images)"
    return found["checked"]


def check_colour_words(b, where):
    unnamed = b.driver.execute_script(COLOR_WORDS_JS)
    if unnamed:
        b.fail(f"{where}: colours shown without a name in words: {unnamed[:6]}")


def check(b, where):
    b.check_names()  # Chromium's full tree (CDP): no control without a name
    check_roles_and_names(b, where)
    texts = check_contrast(b, where)
    check_colour_words(b, where)
    controls = check_tab_order(b, where)
    print(f"  {b.size} {where}: {controls} controls reached by Tab, {texts} texts at 4.5:1 or more", flush=True)



def walk(b, sections):
    """Opens each (name, route, sign of being ready) and checks it; a screenshot of each."""
    for name, route, ready in sections:
        b.open("/" + route)
        settle(b, ready)
        check(b, f"{name} ({route})")
        b.screenshot(f"accessibility-{name}")
