"""A nightlight the hub cannot reach (issue 19, problem 5: words a parent should never see): Noa's
nightlight is paired but switched off (its address is not on the air). Its Today page says so in
plain words — "Can't reach Noa · SN-0009", what to check, Try again — and the stack's own text
("connect first", "peripheral", the address in parentheses) stays under "Technical details",
closed. Trying again keeps the page usable; the other nightlight's dashboard still works.

Screenshots: unreachable (the banner), unreachable-details (opened).
"""

import sqlite3

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
NOA = "C4:4E:4C:00:00:09"  # not in the sim world: a nightlight switched off
DEVELOPER_WORDS = ["connect first", "discovered", "peripheral", "BLEError", "ATT", "HCI", "0x", "null", "undefined"]


def prepare(env):
    env.nightlight("pair", "SN-0002")
    # Noa's nightlight was paired earlier; tonight it is off.
    with sqlite3.connect(env.db) as db:
        db.execute("""INSERT INTO pairedDevice (address, deviceName, childName, pairedAt, lastSeen, batteryLevel,
                        isCharging, activeMode, firmwareVersion)
                      SELECT ?, 'SN-0009', 'Noa', pairedAt, lastSeen, batteryLevel, isCharging, activeMode,
                        firmwareVersion FROM pairedDevice WHERE address = ?""", (NOA, MIA))


def visible_text(b, css):
    return b.driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def run(b):
    b.allow_console("/status - Failed to load resource: the server responded with a status of 504")
    b.open(f"/#/dashboard/{NOA}")
    banner = b.wait("[data-test=banner]", timeout=90)
    shown = visible_text(b, "[data-test=banner]")
    assert "Can't reach Noa" in shown, f"the banner names the nightlight: {shown!r}"
    assert "near the hub" in shown, f"and says what to check: {shown!r}"
    for word in DEVELOPER_WORDS:
        assert word not in shown, f"the banner shows developer text {word!r}: {shown!r}"
    b.find("[data-test=banner-retry]")
    b.screenshot("unreachable")

    # The details are there for whoever asks.
    b.click("[data-test=error-details] summary")
    details = visible_text(b, "[data-test=error-details]")
    assert "Technical details" in details and len(details) > len("Technical details") + 5, details
    b.screenshot("unreachable-details")

    # Trying again answers again (the banner comes back; nothing hangs).
    b.click("[data-test=banner-retry]")
    b.wait("[data-test=banner]", timeout=90)
    assert banner is not None

    # The other nightlight is fine.
    b.open(f"/#/dashboard/{MIA}")
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
