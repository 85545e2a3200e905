"""The layout at phone size and on a laptop (issue 19, problem 7): the switcher shows the whole
name of the nightlight on show; a toast never covers the sticky save bar's buttons; a 30-minute
period of the timeline is drawn wide enough to touch and its two markers do not cover each other;
the firmware progress bar is in view while an update runs.

Screenshots: layout-switcher, layout-toast, layout-short-period, layout-firmware.
"""

import os
import time

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("firmware", "build", "--version", "1.2.0", "--size", "200000", "--output", os.path.join(env.tmp, "sn1-1.2.0.bin"))


RECTS = """
const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
return [...document.querySelectorAll(arguments[0])].filter((e) => e.checkVisibility()).map(box);
"""

# Whether the select shows its chosen option's whole text: the text's width in the select's font
# against the room between its paddings.
SWITCHER_FITS = """
const select = document.querySelector('#sn-switcher');
const style = getComputedStyle(select);
const canvas = document.createElement('canvas').getContext('2d');
canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
const text = select.options[select.selectedIndex].text;
const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
return {text, needed: canvas.measureText(text).width, room};
"""


def overlaps(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def run(b):
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)

    # The switcher shows the whole name.
    fit = b.driver.execute_script(SWITCHER_FITS)
    assert fit["needed"] <= fit["room"], f"the switcher cuts {fit['text']!r}: {fit['needed']:.0f} px in {fit['room']:.0f} px"
    assert "Mia" in fit["text"], fit
    b.screenshot("layout-switcher")

    # A short period: 20:00–20:30 for today only.
    b.api("PUT", f"/api/devices/{MIA}/temporary-schedule",
          {"remainingDays": 1, "periods": [{"start": 1200, "end": 1230, "color": "#402000", "fade": 0}]})
    b.open(f"/#/dashboard/{MIA}")
    b.wait("[data-test=tl-period][data-start='1200']", timeout=30)
    period = b.driver.execute_script(RECTS, "[data-test=tl-period][data-start='1200']")[0]
    assert period["width"] >= 16, f"a 30-minute period is {period['width']:.1f} px wide: too narrow to see or touch"
    start = b.driver.execute_script(RECTS, "[data-test=tl-handle-start]")
    end = b.driver.execute_script(RECTS, "[data-test=tl-handle-end]")
    assert len(start) == len(end) == 1, (start, end)
    assert not overlaps(start[0], end[0]), f"the period's markers cover each other: {start[0]} and {end[0]}"
    b.screenshot("layout-short-period")

    # A toast after saving the button settings leaves the save bar's buttons free.
    b.click("[data-test=nav-button]")
    b.type("#button-daily", "4")
    b.click("#button-save")
    b.wait("[data-test=toast]", timeout=20)
    toasts = b.driver.execute_script(RECTS, "[data-test=toast]")
    buttons = b.driver.execute_script(RECTS, ".save-bar button, #tabs a")
    covered = [(t, x) for t in toasts for x in buttons if overlaps(t, x)]
    assert not covered, f"a toast covers a button: {covered[:2]}"
    b.screenshot("layout-toast")

    # The firmware progress is in view while the update runs.
    b.click("[data-test=nav-firmware]")
    b.wait_text("[data-test=firmware-current]", "1.0.0", timeout=20)
    b.type("#firmware-file", os.path.join(b.env.tmp, "sn1-1.2.0.bin"))
    b.wait_text("[data-test=firmware-compare]", "1.2.0", timeout=20)
    b.click("#firmware-update")
    b.wait("#firmware-bar", timeout=20)
    height = b.driver.execute_script("return window.innerHeight")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        bar = b.driver.execute_script(RECTS, "#firmware-bar")
        if bar and bar[0]["top"] >= 0 and bar[0]["bottom"] <= height:
            break
        time.sleep(0.1)
    assert bar and bar[0]["top"] >= 0 and bar[0]["bottom"] <= height, f"the progress bar is out of view: {bar} in {height} px"
    b.screenshot("layout-firmware")
    b.wait("[data-test=firmware-result][data-state=done]", timeout=90)
