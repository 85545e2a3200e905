"""Accessibility of the Explorer and the device panels (issue 19), at phone and laptop size, with
the checks of the journey accessibility (_a11y.py): names and roles in Chromium's accessibility
tree, every control reached by Tab, text at 4.5:1 or more, colours also in words. The bulb's
colour tool is checked open. Screenshots: accessibility-<section>-<size>.png of each.
"""

from selenium.webdriver.common.keys import Keys

from _a11y import check, walk

SIZES = ["phone", "laptop"]
START = "#/explorer"
BEAN = "D0:39:72:BE:A0:01"
BULB = "5C:31:3E:F2:16:13"
BAND = "C8:0F:10:B2:00:01"
TAG = "BC:6A:29:AC:00:01"

SECTIONS = [
    ("explorer", "#/explorer", "[data-test=explorer-device]"),
    ("devices", "#/devices", "[data-test=panel-device]"),
    ("bean", f"#/devices/bean/{BEAN}", "[data-test=bean-strip][data-state=live]"),
    ("bulb", f"#/devices/bulb/{BULB}", None),
    ("miband", f"#/devices/miband/{BAND}", None),
    ("sensortag", f"#/devices/sensortag/{TAG}", "[data-test=tag-tile][data-enabled=true]"),
]


def run(b):
    walk(b, SECTIONS)
    b.open(f"/#/devices/bulb/{BULB}")
    b.click("#bulb-color")
    b.wait("dialog[data-test=color-tool]")
    check(b, "the colour tool")
    b.screenshot("accessibility-color-tool")
    b.press(None, Keys.ESCAPE)
    b.wait_gone("dialog[data-test=color-tool]")
