"""The Explorer's tools (issue 19): the list filtered by signal strength and by an advertised
service; a connected device's descriptors under each characteristic; writes typed as text and as
little-endian integers, with a clear message for a number that does not fit; and the Log tab,
which lists every operation (connect, writes, reads, notifications) and exports it to a file.

Screenshots: explorer-filters-<size>.png (the list filtered), explorer-log-<size>.png (the Log tab).
"""

import os
import tempfile
import time

from selenium.webdriver.support.ui import Select

SIZES = ["phone", "laptop"]
START = "#/explorer"
DEMO = "00:1B:DC:DE:00:01"
ROW = "[data-test=explorer-device]"
MESSAGE = "[data-test=characteristic][data-uuid='4E4C0002-6465-6D6F-8000-6E696768746C']"
LEVEL = "[data-test=characteristic][data-uuid='2A19']"


def rows(b):
    """The rows shown: [(address, rssi)], read in one go."""
    return b.driver.execute_script("""
        return [...document.querySelectorAll('[data-test=explorer-device]')].filter((row) => row.offsetParent !== null)
          .map((row) => [row.dataset.address, row.dataset.rssi === '' ? null : Number(row.dataset.rssi)]);""")


def text(b, css):
    return b.driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def choose(b, css, value):
    Select(b.find(css)).select_by_value(value)


def run(b):
    b.wait("#explorer-radio-state[data-state=poweredOn]")
    everyone = b.wait_until("at least four devices", lambda: (lambda r: r if len(r) >= 4 and DEMO in [a for a, _ in r] else None)(rows(b)))

    # The signal floor hides the weaker devices (and those without a reading).
    floor = -60
    choose(b, "#explorer-min-rssi", str(floor))
    b.wait_until(f"only devices at {floor} dBm or stronger", lambda: all(r is not None and r >= floor for _, r in rows(b)))
    b.wait_text("#explorer-count", "match")
    assert not b.find("#explorer-filters-clear").get_attribute("hidden"), "Show all appears with a filter"
    # An advertised service: the demo advertises Heart Rate (180D), no nightlight does.
    choose(b, "#explorer-min-rssi", "")
    labels = b.driver.execute_script("return [...document.querySelectorAll('#explorer-service option')].map((o) => [o.value, o.textContent])")
    assert ["180D", "Heart Rate (180D)"] in labels, f"the service filter offers Heart Rate: {labels}"
    assert labels[0] == ["", "Any service"], labels
    choose(b, "#explorer-service", "180D")
    b.wait_until("only the demo", lambda: [a for a, _ in rows(b)] == [DEMO])
    b.wait_text("#explorer-count", f"1 of ")
    b.screenshot("explorer-filters")
    b.click("#explorer-filters-clear")
    b.wait_until("every device back", lambda: len(rows(b)) >= len(everyone))
    b.wait_text("#explorer-count", "devices found")

    # The demo, connected: descriptors under their characteristics.
    b.click(f"{ROW}[data-address='{DEMO}']")
    b.wait_text("[data-test=device-title]", "Nightlight Demo")
    # The Info tab: the advertisement as received, whole and AD structure by AD structure.
    b.click("#explorer-tab-info")
    raw = "[data-test=raw-advertising][data-kind=advertisement]"
    b.wait(f"{raw} [data-test=ad-structure][data-type='0x01']")
    structures = b.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((row) => [...row.cells].map((c) => c.innerText))",
        f"{raw} [data-test=ad-structure]")
    assert ["0x01", "Flags", "06"] in structures, structures
    assert ["0x09", "Complete Local Name", "4E 69 67 68 74 6C 69 67 68 74 20 44 65 6D 6F"] in structures, structures
    whole = text(b, f"{raw} [data-test=raw-hex]")
    assert whole.startswith("02 01 06 "), whole
    assert f"({len(whole.split())} bytes)" in text(b, f"{raw} h3"), text(b, f"{raw} h3")
    b.click("#explorer-connect")
    b.wait("[data-test=connection-state][data-state=connected]")
    b.click("#explorer-tab-services")
    b.click("[data-test=service][data-uuid='180F'] [data-test=service-toggle]")
    b.wait(f"{LEVEL} [data-test=descriptor][data-uuid='2902']")
    assert "Client Characteristic Configuration" in text(b, f"{LEVEL} [data-test=descriptor][data-uuid='2902']")

    # Typed writes: text, a number too big for its type, a little-endian 16-bit number.
    b.click("[data-test=service][data-uuid='4E4C0001-6465-6D6F-8000-6E696768746C'] [data-test=service-toggle]")
    b.click(f"{MESSAGE} [data-test=read]")  # opens its value
    b.wait(f"{MESSAGE} [data-test=value-hex]")
    b.click(f"{MESSAGE} [data-test=write-toggle]")
    for kind, typed, where, shown in [
        ("text", "Hi there", "[data-test=value-string]", '"Hi there"'),
        ("uint8", "300", ".field-error", "300 does not fit: an unsigned 8-bit number is 0 to 255"),
        ("uint16", "300", "[data-test=value-hex]", "2C 01"),
    ]:
        choose(b, f"{MESSAGE} [data-test=write-format]", kind)
        b.type(f"{MESSAGE} [data-test=write-hex]", typed)
        b.click(f"{MESSAGE} [data-test=write-submit]")
        b.wait_text(f"{MESSAGE} {where}", shown)
    b.click(f"{MESSAGE} [data-test=read]")
    b.wait_text(f"{MESSAGE} [data-test=value-numeric]", "UInt16: 300")

    # The counter notifies every second: its switch stops that, and starts it again.
    counter = "[data-test=characteristic][data-uuid='4E4C0003-6465-6D6F-8000-6E696768746C']"
    switch = f"{counter} [data-test=subscribe]"
    assert b.find(switch).is_selected(), "subscribed at connection, as the scanner does"
    b.click(f"{counter} [data-test=value-toggle]")
    b.click(f"{counter} .toggle")
    b.wait_gone(f"{counter} [data-test=notifying]")
    assert b.api("GET", f"/api/explorer/devices/{DEMO}/gatt") and not next(
        c for s in b.api("GET", f"/api/explorer/devices/{DEMO}/gatt")["services"] for c in s["characteristics"]
        if c["uuid"] == "4E4C0003-6465-6D6F-8000-6E696768746C")["subscribed"], "the server stopped following it"
    # A value already on its way when the switch went off may still arrive: wait for a quiet
    # period first, then no notification may come for two of the counter's periods.
    def settled():
        first = text(b, f"{counter} [data-test=value-hex]")
        time.sleep(1.5)
        return first if text(b, f"{counter} [data-test=value-hex]") == first else None
    stopped = b.wait_until("the counter to stop changing", settled, timeout=20)
    time.sleep(2.5)
    assert text(b, f"{counter} [data-test=value-hex]") == stopped, "no notification after switching off"
    b.click(f"{counter} .toggle")
    b.wait(f"{counter} [data-test=notifying]")
    b.wait_until("the counter to change again", lambda: text(b, f"{counter} [data-test=value-hex]") not in ("", stopped))

    # The Log tab: every operation, newest first; notifications as they come.
    b.click("#explorer-tab-log")
    b.wait("[data-test=log-entry][data-kind=connect]")
    b.wait("[data-test=log-entry][data-kind=notification]")
    entries = b.driver.execute_script(
        "return [...document.querySelectorAll('[data-test=log-entry]')].map((e) => [e.dataset.kind, e.dataset.ok, e.innerText])")
    kinds = [kind for kind, _, _ in entries]
    writes = [line for kind, _, line in entries if kind == "write"]
    assert len(writes) == 2 and "48 69 20 74 68 65 72 65" in writes[1] and "2C 01" in writes[0], f"both writes, newest first: {writes}"
    assert kinds.count("read") == 2 and kinds[-1] == "connect", f"both reads, and the connect first of all: {kinds}"
    assert kinds.index("subscribe") < kinds.index("unsubscribe"), f"switched off, then on (newest first): {kinds}"
    b.screenshot("explorer-log")

    # Export: a text file named after the device, one line per operation.
    folder = tempfile.mkdtemp(prefix="explorer-log-")
    b.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
    b.click("[data-test=log-export]")
    # The file can show before its bytes are written: wait until it has them.
    name = b.wait_until("the exported log", lambda: next(
        (f for f in os.listdir(folder) if f.endswith(".txt") and os.path.getsize(os.path.join(folder, f)) > 0), None))
    assert name.startswith("explorer-log-00-1B-DC-DE-00-01-"), name
    exported = open(os.path.join(folder, name), encoding="utf-8").read()
    assert exported.startswith("Nightlight Explorer log: Nightlight Demo (00:1B:DC:DE:00:01)\n"), exported[:200]
    lines = exported.splitlines()
    assert any("  Connect  Nightlight Demo  Connected" in line for line in lines), exported[:600]
    assert any("  Write  Message (4E4C0002-6465-6D6F-8000-6E696768746C)  48 69 20 74 68 65 72 65" in line for line in lines), exported[:900]
    assert any("  Notification  " in line for line in lines), "notifications are in the file"

    # Clear empties it (the counter's notifications start it again at once); disconnecting is logged.
    b.click("[data-test=log-clear]")
    b.wait_gone("[data-test=log-entry][data-kind=connect]")
    assert not b.find_all("[data-test=log-entry][data-kind=write]"), "Clear removed the writes"
    b.click("#explorer-connect")
    b.wait("[data-test=connection-state][data-state=disconnected]")
    b.wait("[data-test=log-entry][data-kind=disconnect]")
