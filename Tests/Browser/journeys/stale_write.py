"""Two parents, one nightlight (SN-0002, "School nights"): the page writes a schedule only on the
version it last read (If-Match), so a change made elsewhere meanwhile is never overwritten.

Each time the week schedule is changed behind the page's back — by a script through the API
without If-Match, as a second phone or the CLI of another hub would (`nightlight schedule set`
in this run's process cannot reach the dashboard's simulated nightlight, which lives in the
dashboard's process) — the page's next write is refused with 409 `stale`: the page says so with a
Reload button, nothing was written, and the other change is kept; after Reload the page shows the
schedule the nightlight has, and the same edit made again is saved on top of it.
- Today: the first period's end moved by keyboard, "Every <group>";
- Week: the schedule renamed in the editor, Save (the unsaved draft goes with Reload);
- Library: a saved schedule put on the nightlight.

Screenshots: stale-today, stale-week (phone and laptop).
"""

import copy

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]

ADDRESS = "C4:4E:4C:00:00:02"
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
DIALOG = "dialog[data-test=period-dialog]"
NOTICE = "[data-test=stale-notice]"
HOLIDAYS = {"name": "Holidays", "groups": [{"name": "Every day", "days": DAYS, "periods": [
    {"start": 0, "end": 480, "color": "#300818", "fade": 0},
    {"start": 1260, "end": 1440, "color": "#9060FF", "fade": 30}]}]}


def prepare(env):
    env.nightlight("pair", "SN-0002")


def hhmm(m):
    return f"{m // 60:02d}:{m % 60:02d}"


def status(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/status")


def week(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/week-schedule")


def today_group(s):
    day = DAYS[s["clock"]["clock"]["dayOfWeek"] - 1]
    return next(i for i, g in enumerate(s["weekSchedule"]["groups"]) if day in g["days"])


def change_elsewhere(b, change):
    """Writes the week schedule as another parent would: through the API, without If-Match."""
    schedule = copy.deepcopy(week(b))
    change(schedule)
    b.api("PUT", f"/api/devices/{ADDRESS}/week-schedule", schedule)
    return week(b)


def expect_stale(b):
    """The page says the schedule changed elsewhere, with a Reload button that has the focus."""
    notice = b.wait(NOTICE, timeout=20)
    assert "changed elsewhere" in notice.text and "Reload" in notice.text, f"the stale notice explains: {notice.text!r}"
    assert b.driver.execute_script("return document.activeElement.dataset.test") == "stale-reload", "the focus is on Reload"


def reload(b):
    b.click(f"{NOTICE} [data-test=stale-reload]")
    b.wait_gone(NOTICE, timeout=20)


def edit_first_end(b, steps):
    """Today: the first period's end marker moved by `steps` × 5 minutes, then "Every <group>"."""
    b.tab_to("[data-test=tl-handle-end][data-index='0']")
    for _ in range(steps):
        b.press(None, Keys.ARROW_RIGHT)
    b.press(None, Keys.ENTER)
    b.wait(DIALOG)
    b.click(f"{DIALOG} [data-test=apply-week]")


def run(b):
    b.allow_console("/week-schedule", "/apply")  # the refused writes (409) are logged by the browser

    # ---- Today ----
    b.open(f"/#/dashboard/{ADDRESS}")
    b.wait("[data-test=tl-period]", timeout=30)
    g = today_group(status(b))
    shown_end = week(b)["groups"][g]["periods"][0]["end"]
    b.wait(f"[data-test=tl-period][data-index='0'][data-end='{shown_end}']")

    # Another parent ends today's first period 15 minutes earlier and renames the schedule.
    def earlier(schedule):
        schedule["groups"][g]["periods"][0]["end"] -= 15
        schedule["name"] = "Dad's nights"
    theirs = change_elsewhere(b, earlier)
    their_end = theirs["groups"][g]["periods"][0]["end"]

    # This page still shows the old end; moving it 15 minutes later is refused: nothing is written.
    edit_first_end(b, 3)
    expect_stale(b)
    b.wait_gone(DIALOG)
    assert week(b) == theirs, "the nightlight keeps the other parent's schedule"
    assert b.find("[data-test=week-name]").text == "School nights", "the page has not reloaded by itself"
    b.screenshot("stale-today")

    # Reload shows what the nightlight has; the same edit again is saved on top of it.
    reload(b)
    b.wait(f"[data-test=tl-period][data-index='0'][data-end='{their_end}']")
    b.wait_text("[data-test=week-name]", "Dad's nights")
    edit_first_end(b, 3)
    b.wait_gone(DIALOG, timeout=20)
    b.wait_text("[data-test=toast]", "Saved")
    saved = week(b)
    assert saved["groups"][g]["periods"][0]["end"] == their_end + 15, f"the edit is saved: {saved['groups'][g]}"
    assert saved["name"] == "Dad's nights", "on top of the other parent's change"
    assert not b.find_all(NOTICE), "no stale notice after a write on the current version"

    # ---- Week ----
    b.click("[data-test=nav-week]")
    b.wait("[data-test=group][data-index='0']")
    assert b.find("#week-name").get_attribute("value") == "Dad's nights"
    theirs = change_elsewhere(b, lambda schedule: schedule.update(name="Grandma's nights"))
    b.type("#week-name", "Mia's nights")
    b.click("#week-save")
    expect_stale(b)
    assert week(b) == theirs, "the nightlight keeps the other change"
    b.screenshot("stale-week")
    reload(b)
    assert b.find("#week-name").get_attribute("value") == "Grandma's nights", "Reload shows the nightlight's schedule, the draft is gone"
    b.wait_text("[data-test=week-state]", "has now")
    b.type("#week-name", "Mia's nights")
    b.click("#week-save")
    b.wait_text("[data-test=week-state]", "has now", timeout=20)
    assert week(b)["name"] == "Mia's nights", "saved on the current version"

    # ---- Library ----
    b.api("POST", "/api/schedules", {"name": "Holidays", "schedule": HOLIDAYS})
    b.click("[data-test=nav-library]")
    apply = "[data-test=library-entry][data-name='Holidays'] [data-test=library-apply]"
    b.wait(apply)
    theirs = change_elsewhere(b, lambda schedule: schedule.update(name="Late nights"))
    b.click(apply)
    expect_stale(b)
    assert week(b) == theirs, "the saved schedule was not put on over the other change"
    reload(b)
    b.click(apply)
    b.wait_text("[data-test=toast]", "now follows")
    b.wait("[data-test=library-entry][data-name='Holidays'] [data-test=library-current]")
    assert week(b) == HOLIDAYS, "put on after Reload"
