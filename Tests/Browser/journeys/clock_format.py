"""One clock format everywhere (issue 19, problem 6): the browser speaks en-US, whose default is
the 12-hour clock, and still every time the page shows — Today's timeline, the week editor and its
overview, the history's axis and its clock corrections, the Explorer's times — is on the 24-hour
clock, as the nightlight's own schedules are. Before the fix the week editor and the history axis
said "7:00 PM" while the rest said "19:00".

Screenshots: clock-format-week, clock-format-history.
"""

import re

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
START = f"#/week/{MIA}"

TWELVE_HOUR = re.compile(r"\b\d{1,2}(:\d{2})?\s?(AM|PM|am|pm|a\.m\.|p\.m\.)")
TWENTY_FOUR_HOUR = re.compile(r"\b(1[3-9]|2[0-3]):[0-5]\d\b")


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("simulate", "clock", "SN-0002", "--minutes", "-10")


def shown_text(b):
    """What the page shows: the visible text, the SVG texts (axes) and the values of text fields."""
    return b.driver.execute_script(
        """
        const parts = [document.body.innerText];
        for (const t of document.querySelectorAll('svg text')) parts.push(t.textContent);
        for (const i of document.querySelectorAll('input:not([type=hidden]), textarea')) parts.push(i.value);
        return parts.join('\\n');
        """
    )


def expect_24_hour(b, where, needs_evening=True):
    text = shown_text(b)
    twelve = TWELVE_HOUR.search(text)
    assert not twelve, f"{where} shows a 12-hour time {twelve.group(0)!r} in an en-US browser"
    if needs_evening:
        assert TWENTY_FOUR_HOUR.search(text), f"{where} shows no evening time as HH:MM (13:00-23:59): {text[:400]!r}"


def run(b):
    language = b.driver.execute_script("return navigator.language")
    assert language.startswith("en-US"), f"the browser speaks en-US (12-hour by default), not {language}"

    # Week: School nights has evening periods (19:00 and later).
    b.wait("[data-test=group][data-index='3']", timeout=30)
    b.wait_until("the week editor shows its periods", lambda: TWENTY_FOUR_HOUR.search(shown_text(b)), timeout=20)
    expect_24_hour(b, "the week editor")
    b.screenshot("clock-format-week")

    # Today: the timeline's hours and the periods' times.
    b.click("[data-test=nav-dashboard]")
    b.wait("[data-test=clock-card]", timeout=30)
    b.wait_until("Today shows its timeline", lambda: TWENTY_FOUR_HOUR.search(shown_text(b)), timeout=20)
    expect_24_hour(b, "Today")

    # History: the battery plot's time axis and the clock correction (the Today visit made them).
    b.open(f"/#/history/{MIA}")
    b.wait("[data-test=battery-plot]", timeout=30)
    b.wait_text("[data-test=corrections]", "behind", timeout=30)
    expect_24_hour(b, "the history", needs_evening=False)
    b.screenshot("clock-format-history")
