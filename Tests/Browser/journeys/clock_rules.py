"""The clock rules of SN profile §8, the same everywhere (issue 19, problem 3): Mia's SN-0002 is 12
minutes ahead and the dashboard opens on its Week section (not Today): the clock is checked there
too, corrected, and the parent told; the correction is in the history. On Today, "Check now" says
what it found even when the clock is right, and "Set to the dashboard's time" (the force, named
apart from the check) says it wrote it. Pairing Leo's SN-0001, whose clock was never set, sets it
and the History section lists that too.

Screenshots: clock-rules-week (the toast on Week), clock-rules-card (Today's clock card).
"""

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
LEO = "C4:4E:4C:00:00:01"
START = f"#/week/{MIA}"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("simulate", "clock", "SN-0002", "--minutes", "12")


def toasts(b):
    return b.driver.execute_script("return [...document.querySelectorAll('[data-test=toast]')].map((e) => e.innerText)")


def wait_toast(b, words, timeout=30):
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(words in t for t in toasts(b)):
            return
        time.sleep(0.2)
    b.fail(f"waited {timeout} s for a toast saying {words!r}; toasts: {toasts(b)}")


def run(b):
    assert f"#/week/{MIA}" in b.path, f"the dashboard opened on Week, not {b.path}"
    wait_toast(b, "12 min ahead; it has been corrected")
    b.screenshot("clock-rules-week")
    clock = b.api("GET", f"/api/devices/{MIA}/clock")
    assert clock["decision"] == "inSync", f"the clock is right now: {clock}"
    history = b.api("GET", f"/api/devices/{MIA}/history?kind=clockCorrection&days=1")["entries"]
    decisions = [e["event"]["clockCorrection"]["decision"] for e in history]
    assert decisions == ["updateAndNotify"], f"the correction is in the history: {history}"

    # Today: no second check within minutes; "Check now" tells what it found.
    b.click("[data-test=nav-dashboard]")
    b.wait("[data-test=clock-card]", timeout=30)
    assert not b.find_all("dialog[data-test=clock-dialog]"), "no question: the clock is right"
    b.click("[data-test=clock-check]")
    wait_toast(b, "The nightlight's clock is right")
    assert "Set to the dashboard's time" in b.find("[data-test=clock-force]").text, "the force is named for what it does"
    b.click("[data-test=clock-force]")
    b.wait_text("[data-test=clock-notice]", "set from the dashboard's time")
    b.screenshot("clock-rules-card")

    # Pairing a nightlight whose clock was never set: set, and in its history.
    pairing = b.api("POST", "/api/devices/pair", {"address": LEO, "childName": "Leo"})
    assert pairing["clock"]["decision"] == "clockNotSet" and pairing["clock"]["written"], pairing["clock"]
    b.open(f"/#/history/{LEO}")
    b.wait_text("[data-test=corrections]", "Not set", timeout=30)
    assert "was not set; set" in b.find("[data-test=corrections]").text
