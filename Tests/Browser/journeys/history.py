"""History: Leo's SN-0001, paired through the API and never shown, has no battery readings and the plot
says so; Mia's SN-0002, shown on the Today view (which read its battery and corrected its clock,
10 minutes behind), has a battery plot with axes and a point per reading, the clock correction
listed and marked; the 1/7/30 day choices reload it.

Screenshots: history-empty, history (phone and laptop).
"""

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
LEO = "C4:4E:4C:00:00:01"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("simulate", "clock", "SN-0002", "--minutes", "-10")


def run(b):
    # The harness opened "/": Mia's dashboard, which reads the battery and corrects the clock.
    b.wait_text("[data-test=clock-notice]", "corrected", timeout=30)
    b.wait("#connection[data-state=connected]", timeout=30)

    # Leo's nightlight, paired meanwhile and never shown: nothing to plot yet.
    b.api("POST", "/api/devices/pair", {"address": LEO, "childName": "Leo"})
    assert b.api("GET", f"/api/devices/{LEO}/history?kind=battery&days=7")["entries"] == [], "no readings of Leo's"
    b.open(f"/#/history/{LEO}")
    empty = b.wait("[data-test=plot-empty]", timeout=20)
    assert "No battery readings" in empty.text, f"the empty state explains: {empty.text!r}"
    # Its clock was never set: pairing set it, and that is its one clock entry.
    assert b.wait("[data-test=corrections]").text.count("Not set") == 1, "pairing's clock setting is in the history"
    b.screenshot("history-empty")

    # Mia's: a reading per status read, the correction.
    b.wait("#connection[data-state=connected]", timeout=30)
    b.open(f"/#/history/{MIA}")
    b.wait("[data-test=battery-plot]", timeout=20)
    readings = b.api("GET", f"/api/devices/{MIA}/history?kind=battery&days=7")["entries"]
    points = b.driver.execute_script("return document.querySelectorAll('[data-test=battery-point]').length")
    assert points == len(readings) > 0, f"one point per reading: {points} points, {len(readings)} readings"
    labels = b.driver.execute_script("return [...document.querySelectorAll('[data-test=battery-plot] text')].map((t) => t.textContent)")
    assert "0%" in labels and "100%" in labels, f"the level axis is labelled: {labels}"
    # Read in one go: the plot is drawn again when its width changes (a scroll bar appearing).
    described = b.driver.execute_script("return document.querySelector('[data-test=battery-plot]').getAttribute('aria-label')")
    assert described.startswith("Battery from"), f"the plot describes itself: {described!r}"
    correction = b.wait("[data-test=correction]")
    assert "10 min behind" in correction.text, f"the clock correction is listed: {correction.text!r}"
    assert b.find_all("[data-test=correction-line]"), "the correction is marked on the plot"
    assert b.find("[data-test=range-7]").get_attribute("aria-pressed") == "true", "7 days by default"
    b.screenshot("history")

    for days in (1, 30):
        b.click(f"[data-test=range-{days}]")
        b.wait(f"[data-test=range-{days}][aria-pressed=true]")
        b.wait("[data-test=battery-point]")
        assert b.find("[data-test=range-7]").get_attribute("aria-pressed") == "false", "one choice at a time"
