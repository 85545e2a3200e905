"""The Explorer never locks a nightlight away from its own dashboard (issue 19, problem 1): with
Mia's SN-0002 paired, open it in the Explorer (before the dashboard ever connected) and Connect, then go to its dashboard: the Today
page shows it (no "Can't reach" banner, no developer text), the clock and the button settings
read, and a change saves — while the Explorer still shows the device connected when it is opened
again. Then the other way round: the dashboard's connection is up, and the Explorer connects to
it at once and reads its Device Name.

Screenshots: explorer-handover (the dashboard opened after the Explorer connected).
"""

import time

SIZES = ["phone", "laptop"]
START = "#/explorer"

MIA = "C4:4E:4C:00:00:02"
ROW = f"[data-test=explorer-device][data-address='{MIA}']"
DEVELOPER_WORDS = ["connect first", "discovered", "Device Name:", "peripheral", "null", "undefined"]


def prepare(env):
    env.nightlight("pair", "SN-0002")


def no_banner(b, seconds):
    """No failure banner appears within `seconds` (the page's own loads and retries included)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        banners = b.driver.execute_script(
            "return [...document.querySelectorAll('[data-test=banner]')].map((e) => e.innerText)")
        assert not banners, f"the dashboard shows a failure banner: {banners}"
        time.sleep(0.25)


def toggle_in_explorer(b, before, after):
    """On the Explorer's page of Mia's nightlight, from connection state `before`, presses Connect
    (or Disconnect) and waits for `after`."""
    b.click(ROW, timeout=30)
    b.wait(f"[data-test=connection-state][data-state={before}]", timeout=30)
    b.click("#explorer-connect")
    b.wait(f"[data-test=connection-state][data-state={after}]", timeout=30)


def dashboard_reaches_mia(b, quiet_seconds):
    b.open(f"/#/dashboard/{MIA}")
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
    b.wait("#connection[data-state=connected]", timeout=30)
    no_banner(b, quiet_seconds)


def run(b):
    # The Explorer is the first page (the dashboard has never connected): its device page, Connect.
    assert b.path.endswith("#/explorer"), f"the journey starts in the Explorer, not on {b.path}"
    toggle_in_explorer(b, "disconnected", "connected")

    # Its own dashboard still reaches it, at once.
    dashboard_reaches_mia(b, 6)
    page = b.find("main").text
    for word in DEVELOPER_WORDS:
        assert word not in page, f"the dashboard shows developer text {word!r}: {page[:400]!r}"
    b.screenshot("explorer-handover")

    # Reads and writes go through while the Explorer holds the connection.
    status = b.api("GET", f"/api/devices/{MIA}/status")
    assert status["identity"]["childName"] == "Mia", status
    button = b.api("GET", f"/api/devices/{MIA}/button")
    b.api("PUT", f"/api/devices/{MIA}/button", button["settings"])

    # The Explorer still has it connected.
    b.open("/#/explorer")
    toggle_in_explorer(b, "connected", "disconnected")

    # And the dashboard, back, reconnects by itself.
    dashboard_reaches_mia(b, 3)
