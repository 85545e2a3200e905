"""Schedule templates beside the library (issue 19): Mia's Library lists "OK to wake", "School
nights" and "Weekend lie-in", each with its week at a glance. "Edit “OK to wake”" opens the week
editor with it as unsaved changes (the nightlight keeps its schedule until Save); the parent moves
the green wake-up to 07:00 and saves: the nightlight holds the template as edited.

Screenshots: templates, template-editing.
"""

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")


def run(b):
    b.open(f"/#/library/{MIA}")
    b.wait("[data-test=template][data-id=ok-to-wake]", timeout=30)
    names = [e.text for e in b.find_all("[data-test=template] h3")]
    assert names == ["OK to wake", "School nights", "Weekend lie-in"], names
    before = b.api("GET", f"/api/devices/{MIA}/week-schedule")
    b.screenshot("templates")

    b.click("[data-test=template-use][data-id=ok-to-wake]")
    b.wait_text("[data-test=toast]", "“OK to wake” is in the editor", timeout=30)
    assert b.path.endswith(f"#/week/{MIA}"), b.path
    assert b.api("GET", f"/api/devices/{MIA}/week-schedule") == before, "nothing is written before Save"

    # Edit before writing: the green wake-up from 06:30–07:30 to 07:00–07:30.
    b.type("#g0-p1-start", "07:00")
    b.type("#g0-p0-end", "07:00")
    b.screenshot("template-editing")
    b.click("#week-save")
    b.wait_text("[data-test=toast]", "Saved", timeout=30)
    written = b.api("GET", f"/api/devices/{MIA}/week-schedule")
    assert written["name"] == "OK to wake", written
    periods = written["groups"][0]["periods"]
    assert [(p["start"], p["end"]) for p in periods] == [(0, 420), (420, 450), (1140, 1440)], periods
    assert periods[1]["color"] == "#006020", "the wake-up stays green"
