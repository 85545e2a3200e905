"""Accessibility of every main section (issue 19), at phone and laptop size, checked the way
assistive technology meets the page rather than by looks:

- every control in Chromium's accessibility tree (CDP Accessibility.getFullAXTree) has a name,
  and every focusable element has a role and name through Selenium's `accessible_name` and
  `aria_role` (what a screen reader announces);
- every visible, enabled control is reached by pressing Tab from the top of the page (one
  radio of a group stands for the group, as arrow keys move within it);
- every visible text, and the text of every field, contrasts at least 4.5:1 (WCAG 2 AA) with
  what is behind it, computed in the page from the computed styles (background colours and
  opacity composed up the tree);
- every colour the page shows as a swatch (`data-color="#RRGGBB"`) is also given in words.

Sections here: home, pair, a nightlight's Today, Week, Library, Button, Firmware, History and
Device, and Phones; accessibility_devices takes the Explorer and the device panels. The checks
are in _a11y.py. Screenshots: accessibility-<section>-<size>.png of each.
"""

from _a11y import walk

SIZES = ["phone", "laptop"]
START = "#/home"
SN = "C4:4E:4C:00:00:02"

SECTIONS = [
    ("home", "#/home", None),
    ("pair", "#/pair", None),
    ("today", f"#/dashboard/{SN}", "[data-test=timeline]"),
    ("week", f"#/week/{SN}", None),
    ("library", f"#/library/{SN}", None),
    ("button", f"#/button/{SN}", None),
    ("firmware", f"#/firmware/{SN}", None),
    ("history", f"#/history/{SN}", None),
    ("device", f"#/info/{SN}", None),
    ("phones", "#/phones", None),
]


def run(b):
    b.api("POST", "/api/devices/pair", {"address": SN, "childName": "Mia"})
    walk(b, SECTIONS)
