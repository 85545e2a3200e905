"""The schedule library with Mia's nightlight (SN-0002, "School nights"): save its schedule under
a name (a second time the name is taken: said at the field), put another saved schedule on it in
one tap, rename (a taken name is refused in the dialog, ignoring case), duplicate, delete (after
a confirmation). A damaged saved copy is shown as such, with no way to apply it.

Screenshots: library-phone.png, library-laptop.png.
"""

import sqlite3

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
ADDRESS = "C4:4E:4C:00:00:02"
HOLIDAYS = {"name": "Holidays", "groups": [{"name": "Every day", "days": [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], "periods": [
    {"start": 0, "end": 480, "color": "#300818", "fade": 0},
    {"start": 1260, "end": 1440, "color": "#9060FF", "fade": 30}]}]}


def prepare(env):
    env.nightlight("pair", "SN-0002")
    # A saved copy that no longer decodes (a bad format version): the library calls it damaged.
    with sqlite3.connect(env.db) as db:
        db.execute("INSERT INTO savedSchedule (name, data, sourceDeviceAddress, createdAt, updatedAt) "
                   "VALUES ('Old backup', x'09', NULL, '2026-01-02 10:00:00.000', '2026-01-02 10:00:00.000')")


def entry(name):
    return f"[data-test=library-entry][data-name='{name}']"


def names(b):
    return [e["name"] for e in b.api("GET", "/api/schedules")]


def run(b):
    b.allow_console("409 (Conflict)")  # the taken names, on purpose
    b.api("POST", "/api/schedules", {"name": "Holidays", "schedule": HOLIDAYS})
    # Signed in, the dashboard shows the first nightlight; open its Library section as a parent would.
    b.click("[data-test=nav-library]")
    b.wait(entry("Holidays"))
    damaged = b.find(entry("Old backup"))
    assert damaged.find_elements("css selector", "[data-test=library-damaged]"), "the damaged copy says so"
    assert not damaged.find_elements("css selector", "[data-test=library-apply]"), "a damaged copy cannot be applied"
    assert len(b.find_all(f"{entry('Holidays')} [data-test=overview-day]")) == 7, "each entry has a week overview"

    # Save what the nightlight has; its name is offered.
    assert b.find("#library-save-name").get_attribute("value") == "School nights", "the schedule's own name is offered"
    b.click("#library-save")
    b.wait(f"{entry('School nights')} [data-test=library-current]")
    saved = {e["name"]: e for e in b.api("GET", "/api/schedules")}
    assert saved["School nights"]["sourceDeviceAddress"] == ADDRESS, f"saved from SN-0002: {saved['School nights']}"

    # The same name again: taken, said at the field.
    b.click("#library-save")
    note = b.wait("#library-save-name + .field-error")
    assert "already in the library" in note.text, f"the name is taken: {note.text!r}"
    assert names(b).count("School nights") == 1, "nothing saved twice"
    b.screenshot("library")

    # One tap puts Holidays on the nightlight (by keyboard).
    apply_holidays = f"{entry('Holidays')} [data-test=library-apply]"
    b.find("#library-save-name").click()
    b.tab_to(apply_holidays)
    b.press(apply_holidays, Keys.ENTER)
    b.wait(f"{entry('Holidays')} [data-test=library-current]")
    assert b.api("GET", f"/api/devices/{ADDRESS}/week-schedule") == HOLIDAYS, "the nightlight follows Holidays"
    assert not b.find_all(f"{entry('School nights')} [data-test=library-current]"), "School nights is no longer the current one"

    # Rename: a taken name (ignoring case) is refused in the dialog; a free one is taken.
    b.click(f"{entry('Holidays')} [data-test=library-rename]")
    b.wait("dialog[data-test=name-dialog]")
    b.type("#name-input", "school NIGHTS")
    b.press("#name-input", Keys.ENTER)
    note = b.wait("#name-input + .field-error")
    assert "already in the library" in note.text, f"rename to a taken name: {note.text!r}"
    b.type("#name-input", "Summer holidays")
    b.press("#name-input", Keys.ENTER)
    b.wait_gone("dialog[data-test=name-dialog]")
    b.wait(entry("Summer holidays"))
    assert "Holidays" not in names(b) and "Summer holidays" in names(b), f"renamed in the store: {names(b)}"

    # Duplicate School nights: the copy's name is offered.
    b.click(f"{entry('School nights')} [data-test=library-duplicate]")
    b.wait("dialog[data-test=name-dialog]")
    assert b.find("#name-input").get_attribute("value") == "School nights copy", "the copy's name is offered"
    b.click("#name-submit")
    b.wait(entry("School nights copy"))
    saved = {e["name"]: e for e in b.api("GET", "/api/schedules")}
    assert saved["School nights copy"]["schedule"] == saved["School nights"]["schedule"], "the copy holds the same schedule"

    # Applying the copy puts it on the nightlight under the library's name (issue 19, problem 4:
    # it kept the name stored in the copy), and only the copy is marked as on the nightlight.
    b.click(f"{entry('School nights copy')} [data-test=library-apply]")
    b.wait(f"{entry('School nights copy')} [data-test=library-current]")
    on_device = b.api("GET", f"/api/devices/{ADDRESS}/week-schedule")
    assert on_device["name"] == "School nights copy", f"the library's name is on the nightlight: {on_device['name']!r}"
    assert not b.find_all(f"{entry('School nights')} [data-test=library-current]"), "the original is no longer the current one"

    # Delete the copy, after confirming.
    b.click(f"{entry('School nights copy')} [data-test=library-delete]")
    b.click("[data-test=dialog-confirm]")
    b.wait_gone(entry("School nights copy"))
    assert "School nights copy" not in names(b), f"deleted from the store: {names(b)}"
    assert sorted(names(b)) == ["Old backup", "School nights", "Summer holidays"], f"the rest stays: {names(b)}"
