"""Editing today's timeline of SN-0002, by keyboard and by drag, saved both ways:
- keyboard: the end marker of the first period moved with arrow keys, Enter, "Every <group>"
  → the week schedule's group of today holds it;
- drag: the end marker dragged about an hour later, "Today only" for 2 days → the temporary
  schedule holds today's periods with it;
- an invalid edit (overlapping the next period) typed in the dialog is refused with the server's
  message in the dialog, and the nightlight keeps what it had;
- keyboard dialog: Enter on a period, a new start typed, a color from the color tool, "Today only";
- the temporary schedule cleared from its card; then the whole first period dragged later,
  "Every <group>".
Each change is checked through the API (what the nightlight now holds).

Screenshots: edit-dialog, edit-invalid, edit-temporary (phone and laptop).
"""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]

ADDRESS = "C4:4E:4C:00:00:02"
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
DIALOG = "dialog[data-test=period-dialog]"


def prepare(env):
    env.nightlight("pair", "SN-0002")


def minutes(text):
    hours, mins = text.split(":")
    return int(hours) * 60 + int(mins)


def hhmm(m):
    return f"{m // 60:02d}:{m % 60:02d}"


def status(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/status")


def today_group(s):
    day = DAYS[s["clock"]["clock"]["dayOfWeek"] - 1]
    index = next(i for i, g in enumerate(s["weekSchedule"]["groups"]) if day in g["days"])
    return index, s["weekSchedule"]["groups"][index]


def drag(b, css, minutes_later):
    """Drags the element by about `minutes_later` minutes of the timeline, with the mouse."""
    track = b.find(".tl-track").rect
    element = b.wait(css)
    b.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    dx = round(minutes_later * track["width"] / 1440)
    ActionChains(b.driver).click_and_hold(element).move_by_offset(dx // 2, 0).move_by_offset(dx - dx // 2, 0).release().perform()


def save(b, choice):
    b.click(f"{DIALOG} [data-test={choice}]")
    b.wait_gone(DIALOG, timeout=20)
    b.wait_text("[data-test=toast]", "Saved")


def run(b):
    b.open(f"/#/dashboard/{ADDRESS}")
    b.wait("[data-test=tl-period]", timeout=30)
    before = status(b)
    group_index, group = today_group(before)
    first = group["periods"][0]
    second_start = group["periods"][1]["start"]

    # 1. Keyboard: the first period's end marker, 3 × → (15 minutes), Enter, "Every <group>".
    end_marker = "[data-test=tl-handle-end][data-index='0']"
    b.tab_to(end_marker)
    for _ in range(3):
        b.press(None, Keys.ARROW_RIGHT)
    b.wait_text("[data-test=tl-pending]", hhmm(first["end"] + 15))
    b.press(None, Keys.ENTER)
    b.wait(DIALOG)
    assert b.find(f"{DIALOG} [data-test=period-end]").get_attribute("value") == hhmm(first["end"] + 15), "the dialog has the moved end"
    assert group["name"] in b.find(f"{DIALOG} [data-test=apply-week]").get_attribute("aria-label"), "the week choice names today's group"
    b.screenshot("edit-dialog")
    b.tab_to(f"{DIALOG} [data-test=apply-week]")
    b.press(None, Keys.ENTER)
    b.wait_gone(DIALOG, timeout=20)
    after = status(b)
    held = after["weekSchedule"]["groups"][group_index]["periods"][0]
    assert (held["start"], held["end"]) == (first["start"], first["end"] + 15), f"the week group holds the edit: {held}"
    assert after["temporarySchedule"]["remainingDays"] == 0, "no temporary schedule was written"
    b.wait(f"[data-test=tl-period][data-index='0'][data-end='{first['end'] + 15}']")

    # 2. Drag the end marker about an hour later; "Today only" for 2 days.
    drag(b, end_marker, 60)
    b.wait(DIALOG)
    dragged_end = minutes(b.find(f"{DIALOG} [data-test=period-end]").get_attribute("value"))
    assert 45 <= dragged_end - (first["end"] + 15) <= 75 and dragged_end % 5 == 0, \
        f"dragged an hour later in 5-minute steps: {hhmm(first['end'] + 15)} → {hhmm(dragged_end)}"
    b.type(f"{DIALOG} [data-test=apply-days]", "2")
    save(b, "apply-today")
    temporary = status(b)["temporarySchedule"]
    assert temporary["remainingDays"] == 2, f"a temporary schedule for 2 days: {temporary}"
    assert temporary["periods"][0]["end"] == dragged_end, f"it holds the dragged end {hhmm(dragged_end)}: {temporary}"
    assert len(temporary["periods"]) == len(group["periods"]), "it holds all of today's periods"
    b.wait_text("[data-test=temporary-days]", "2 days")
    b.screenshot("edit-temporary")

    # 3. An invalid edit: the end typed past the next period's start. Refused; nothing changes.
    b.tab_to("[data-test=tl-period][data-index='0']")
    b.press(None, Keys.ENTER)
    b.wait(DIALOG)
    b.type(f"{DIALOG} [data-test=period-end]", hhmm(second_start + 30))
    b.allow_console("/temporary-schedule")  # the refused PUT (400) is logged by the browser
    b.click(f"{DIALOG} [data-test=apply-today]")
    error = b.wait(f"{DIALOG} .field-error")
    assert "overlaps" in error.text, f"the server's message is shown in the dialog: {error.text!r}"
    b.screenshot("edit-invalid")
    assert status(b)["temporarySchedule"] == temporary, "the nightlight keeps its temporary schedule"
    b.press(None, Keys.ESCAPE)
    b.wait_gone(DIALOG)

    # 4. Keyboard dialog: Enter on the first period, a new start, "Today only".
    b.tab_to("[data-test=tl-period][data-index='0']")
    b.press(None, Keys.ENTER)
    b.wait(DIALOG)
    assert b.find(f"{DIALOG} [data-test=apply-days]").get_attribute("value") == "2", "the days default to the remaining days"
    b.type(f"{DIALOG} [data-test=period-start]", "00:30")
    # A new color from the color tool (color.js), on top of the dialog.
    b.click(f"{DIALOG} [data-test=period-color-button]")
    b.wait("dialog[data-test=color-tool]")
    colors = [p.get_attribute("data-color") for p in b.find_all("[data-test=color-preset]")]
    color = next(c for c in colors if c != first["color"])
    b.click(f"[data-test=color-preset][data-color='{color}']")
    b.click("#color-apply")
    b.wait_gone("dialog[data-test=color-tool]")
    b.wait_text(f"{DIALOG} [data-test=period-color]", color)
    save(b, "apply-today")
    temporary = status(b)["temporarySchedule"]
    assert temporary["periods"][0]["start"] == 30 and temporary["remainingDays"] == 2, f"the typed start is held: {temporary}"
    assert temporary["periods"][0]["color"] == color, f"the chosen color {color} is held: {temporary}"

    # 5. Clear the temporary schedule from its card.
    b.click("[data-test=temporary-clear]")
    b.click("dialog[data-test=clear-dialog] [data-test=dialog-confirm]")
    b.wait_text("[data-test=toast]", "cleared")
    assert status(b)["temporarySchedule"]["remainingDays"] == 0, "the temporary schedule is cleared"

    # 6. Drag the whole first period about half an hour later; "Every <group>".
    b.wait(f"[data-test=tl-period][data-index='0'][data-start='{first['start']}']")
    drag(b, "[data-test=tl-period][data-index='0']", 30)
    b.wait(DIALOG)
    moved_start = minutes(b.find(f"{DIALOG} [data-test=period-start]").get_attribute("value"))
    moved_end = minutes(b.find(f"{DIALOG} [data-test=period-end]").get_attribute("value"))
    assert moved_end - moved_start == first["end"] + 15 - first["start"], "moving keeps the length"
    assert 15 <= moved_start - first["start"] <= 45, f"moved about 30 minutes: {hhmm(moved_start)}"
    save(b, "apply-week")
    held = status(b)["weekSchedule"]["groups"][group_index]["periods"][0]
    assert (held["start"], held["end"]) == (moved_start, moved_end), f"the week group holds the moved period: {held}"
