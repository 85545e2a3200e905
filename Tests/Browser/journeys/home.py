"""Several nightlights at a glance (issue 19): Mia's SN-0002, Leo's SN-0001 and Noa's nightlight
(paired, but switched off tonight) are paired; the dashboard opens on Home, a card each: the
child, what it shows now, the battery, the clock, and whether the hub reaches it (Noa's says it
does not, with when it was last seen). A tap on Leo's card opens Leo's Today; the brand link
leads back Home.

Screenshots: home.
"""

import sqlite3

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
LEO = "C4:4E:4C:00:00:01"
NOA = "C4:4E:4C:00:00:09"  # not in the sim world: switched off


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("pair", "SN-0001", "--child-name", "Leo")
    with sqlite3.connect(env.db) as db:
        db.execute("""INSERT INTO pairedDevice (address, deviceName, childName, pairedAt, lastSeen, batteryLevel,
                        isCharging, activeMode, firmwareVersion)
                      SELECT ?, 'SN-0009', 'Noa', pairedAt, lastSeen, 40, 0, 1, firmwareVersion FROM pairedDevice WHERE address = ?""",
                   (NOA, MIA))


def card(b, address):
    return f"[data-test=home-card][data-address='{address}']"


def run(b):
    b.allow_console("/status - Failed to load resource: the server responded with a status of 504")
    b.wait(f"{card(b, MIA)}[data-reachable=true]", timeout=60)
    assert b.path.endswith("#/home"), f"several nightlights: the dashboard opens on Home, not {b.path}"
    b.wait(f"{card(b, LEO)}[data-reachable=true]", timeout=60)
    b.wait(f"{card(b, NOA)}[data-reachable=false]", timeout=90)
    assert len(b.find_all("[data-test=home-card]")) == 3

    mia = b.find(card(b, MIA))
    status = b.api("GET", f"/api/devices/{MIA}/status")
    assert "Mia" in mia.find_element("css selector", "[data-test=home-child]").text
    assert f"Battery {status['batteryLevel']} %" in mia.find_element("css selector", "[data-test=home-battery]").text
    assert mia.find_element("css selector", "[data-test=home-clock]").text.startswith("Clock: "), mia.text
    assert "Reachable" in mia.find_element("css selector", "[data-test=home-reach]").text
    noa = b.find(card(b, NOA)).find_element("css selector", "[data-test=home-reach]").text
    assert noa.startswith("Not reachable · last seen"), f"Noa's card says the hub does not reach it: {noa!r}"
    b.screenshot("home")

    b.click(card(b, LEO))
    b.wait_text("[data-test=child-name]", "Leo", timeout=30)
    assert b.path.endswith(f"#/dashboard/{LEO}"), b.path
    b.click(".brand")
    b.wait(card(b, NOA), timeout=30)
