"""Pairing: with nothing paired the page opens on pairing; the scan lists both virtual
nightlights with signal, battery and a "needs setup" badge for SN-0001 (factory settings);
pairing it with an empty child name is refused with the server's message next to the field
(and nothing is paired); a valid name pairs it and opens its dashboard.

Screenshots: pair-scan, pair-name-required, pair-done (phone and laptop).
"""

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]

NEW = "C4:4E:4C:00:00:01"
ITEM = f"[data-test=scan-item][data-address='{NEW}']"


def run(b):
    b.open("/")
    b.wait(ITEM, timeout=20)
    assert b.path.endswith("#/pair"), f"nothing paired: the page opens on pairing, not {b.path}"
    items = b.find_all("[data-test=scan-item]")
    assert len(items) == 2, f"both virtual nightlights are listed, not {len(items)}"
    first = b.find(ITEM).text
    assert "SN-0001" in first and "dBm" in first and "%" in first, f"name, signal and battery are shown: {first!r}"
    b.wait(f"{ITEM} [data-test=needs-setup]")
    configured = "[data-test=scan-item][data-address='C4:4E:4C:00:00:02']"
    assert not b.find_all(f"{configured} [data-test=needs-setup]"), "SN-0002 (configured) has no needs-setup badge"
    b.screenshot("pair-scan")

    # Rescanning lists them again.
    b.click("[data-test=rescan]")
    b.wait("[data-test=scanning]")
    b.wait_gone("[data-test=scanning]", timeout=20)
    b.wait(ITEM)

    # An empty name is refused, next to the field, in a whole sentence.
    b.click(f"{ITEM} [data-test=pair-open]")
    field = f"{ITEM} [data-test=pair-child-name]"
    b.wait(field)
    assert b.find(field).get_attribute("aria-required") == "true", "the name is marked required for a new nightlight"
    b.click(f"{ITEM} [data-test=pair-submit]")
    error = b.wait(f"{ITEM} [data-field=childName] + .field-error")
    assert error.text == "Enter a child's name.", f"the message says what to do: {error.text!r}"
    assert b.find(field).get_attribute("aria-invalid") == "true", "the field is marked invalid"
    assert b.api("GET", "/api/devices") == [], "nothing is paired after the refusal"
    b.screenshot("pair-name-required")

    # A name too long for the nightlight: said in letters, not bytes (issue 19, problem 5).
    b.type(field, "Maximiliane-Éléonore")  # 20 characters, 22 bytes
    b.click(f"{ITEM} [data-test=pair-submit]")
    error = b.wait(f"{ITEM} [data-field=childName] + .field-error")
    assert error.text.startswith("That child's name is too long: it counts 22 letters, and 20 fit"), error.text
    assert "bytes" not in error.text, f"no bytes in a parent's message: {error.text!r}"
    assert b.api("GET", "/api/devices") == [], "nothing is paired after the refusal"

    # A valid name pairs it (Enter submits) and opens its dashboard.
    b.type(field, "Leo")
    b.press(field, Keys.ENTER)
    b.wait_text("[data-test=child-name]", "Leo", timeout=30)
    assert b.path.endswith(f"#/dashboard/{NEW}"), f"the dashboard of the new nightlight opens, not {b.path}"
    devices = b.api("GET", "/api/devices")
    assert [(d["address"], d["childName"]) for d in devices] == [(NEW, "Leo")], f"the store holds it: {devices}"
    assert "Leo" in b.find("#sn-switcher").text, "the header's switcher lists it"
    clock = b.api("GET", f"/api/devices/{NEW}/clock")
    assert clock["clock"]["year"] > 0, f"pairing set the clock that was not set: {clock}"
    b.wait("[data-test=tl-period]")
    b.screenshot("pair-done")
