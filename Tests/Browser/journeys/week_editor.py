"""The week schedule editor on Mia's nightlight (SN-0002, "School nights"): edit a period (its
end time by typing, its fade), add a group, move a day into it, give it a period, and save: the
nightlight holds exactly that. Then an overlap: the page explains it next to the period, Save
sends nothing and the nightlight keeps its schedule; Revert brings the saved one back. Save to
library stores the schedule under a name; New schedule starts from Working days and Weekend.
Unsaved changes survive a visit to another section.
Saving is reachable by keyboard.

Screenshots: week-phone.png, week-laptop.png (the editor), week-invalid-*.png (the overlap).
"""

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
ADDRESS = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")


def schedule(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/week-schedule")


def run(b):
    before = schedule(b)
    assert before["name"] == "School nights" and len(before["groups"]) == 4, f"SN-0002 starts with School nights: {before}"

    # Signed in, the dashboard shows the first nightlight; open its Week section as a parent would.
    b.click("[data-test=nav-week]")
    b.wait("[data-test=group][data-index='3']")
    assert b.find("#week-name").get_attribute("value") == "School nights", "the schedule's name is shown"
    assert len(b.find_all("[data-test=overview-day]")) == 7, "the overview has a row per day"
    assert b.find("#g0-day-monday").get_attribute("aria-pressed") == "true", "Monday is in School days"
    b.screenshot("week")

    # Edit a period: School days' first period ends at 07:00 instead of 06:45; the second fades 5 minutes.
    b.type("#g0-p0-end", "07:00")
    assert b.find("#g0-p0-end").get_attribute("value") == "07:00", "the end time was typed"
    b.type("#g0-p1-fade", "5")
    b.wait_text("[data-test=week-state]", "Unsaved changes")

    # Add a group (every day is covered: it starts empty, and the page says so), move Thursday into it.
    b.click("#week-add-group")
    b.wait("[data-test=group][data-index='4']")
    b.wait_text("[data-test=week-problems]", "no days")
    b.click("#g4-day-thursday")
    assert b.find("#g4-day-thursday").get_attribute("aria-pressed") == "true", "Thursday is in the new group"
    assert b.find("#g0-day-thursday").get_attribute("aria-pressed") == "false", "Thursday left School days"
    b.wait_gone("[data-test=week-problems] li")
    b.type("#g4-name", "Thursday")
    b.click("#g4-add-period")
    assert b.find("#g4-p0-start").get_attribute("value") == "19:30", "a new period starts in the evening"
    thursday = b.find("[data-test=overview-day][data-day=thursday]")
    assert "Thursday: 19:30–24:00" in thursday.get_attribute("aria-label"), \
        f"the overview follows the edit: {thursday.get_attribute('aria-label')!r}"

    # Going to another section and back keeps the unsaved changes.
    b.click("[data-test=nav-dashboard]")
    b.click("[data-test=nav-week]")
    b.wait_text("[data-test=toast]", "unsaved changes are back")
    assert b.find("#g4-name").get_attribute("value") == "Thursday", "the new group is still there"
    b.wait_text("[data-test=week-state]", "Unsaved changes")

    # Save, by keyboard (from the last edited field).
    b.click("#g4-name")
    b.tab_to("#week-save")
    b.press("#week-save", Keys.ENTER)
    b.wait_text("[data-test=week-state]", "has now")
    saved = schedule(b)
    groups = {g["name"]: g for g in saved["groups"]}
    assert set(groups) == {"School days", "Friday", "Saturday", "Sunday", "Thursday"}, f"five groups: {saved}"
    assert groups["School days"]["days"] == ["monday", "tuesday", "wednesday"], f"School days: {groups['School days']}"
    assert groups["School days"]["periods"][0]["end"] == 420, f"the first period ends at 07:00: {groups['School days']}"
    assert groups["School days"]["periods"][1]["fade"] == 5, f"the second period fades 5 min: {groups['School days']}"
    assert groups["Thursday"] == {"name": "Thursday", "days": ["thursday"], "periods": [
        {"start": 1170, "end": 1440, "color": "#402000", "fade": 0}]}, f"the new group: {groups['Thursday']}"

    # An overlap: School days' 19:00 period moved to 06:00 overlaps 00:00–07:00.
    b.type("#g0-p1-start", "06:00")
    note = b.wait("[data-field='groups[0].periods[1]'] + .field-error")
    assert "overlaps period 1 (00:00–07:00)" in note.text, f"the overlap is explained next to the period: {note.text!r}"
    assert b.find("[data-field='groups[0].periods[1]']").get_attribute("aria-invalid") == "true", "the period is marked invalid"
    b.wait_text("[data-test=week-problems]", "1 thing to fix")
    b.click("#week-save")
    b.wait_text("[data-test=toast]", "needs fixing")
    b.screenshot("week-invalid")
    assert schedule(b) == saved, "nothing was written to the nightlight"

    # Revert: back to what the nightlight holds.
    b.click("#week-revert")
    b.wait_gone(".field-error")
    b.wait_text("[data-test=week-state]", "has now")
    assert b.find("#g0-p1-start").get_attribute("value") == "19:00", "the saved start time is back"

    # Save to library: the schedule on show goes into the library under a name.
    b.click("#week-save-library")
    b.wait("dialog[data-test=name-dialog]")
    assert b.find("#name-input").get_attribute("value") == "School nights", "the schedule's name is offered"
    b.type("#name-input", "School nights 2")
    b.press("#name-input", Keys.ENTER)
    b.wait_gone("dialog[data-test=name-dialog]")
    library = {e["name"]: e["schedule"] for e in b.api("GET", "/api/schedules")}
    assert library.get("School nights 2") == saved, f"the library holds the schedule: {library}"

    # New schedule: the factory-style start, Working days (Mon–Fri) and Weekend (Sat–Sun); Revert undoes it.
    b.click("#week-new")
    b.wait_text("[data-test=week-state]", "Unsaved changes")
    assert b.find("#g0-name").get_attribute("value") == "Working days" and b.find("#g1-name").get_attribute("value") == "Weekend", \
        "a new schedule has Working days and Weekend"
    assert [c.get_attribute("aria-pressed") for c in b.find_all("[data-test=group][data-index='1'] .day-chip")] == \
        ["false"] * 5 + ["true"] * 2, "Weekend is Saturday and Sunday"
    assert not b.find_all("[data-test=group][data-index='2']"), "two groups"
    b.click("#week-revert")
    b.wait_text("[data-test=week-state]", "has now")
    assert schedule(b) == saved, "the nightlight still has the saved schedule"
