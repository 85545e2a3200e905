"""Device info and unpairing: with Mia's SN-0002 and Leo's SN-0001 paired, the Device view of
SN-0002 shows model, serial, firmware, device name and address as the nightlight reports them;
unpairing asks first (cancel keeps it), then removes it and opens the other nightlight's
dashboard; unpairing the last one leads to pairing.

Screenshots: info, unpair-confirm (phone and laptop).
"""

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
LEO = "C4:4E:4C:00:00:01"
DIALOG = "dialog[data-test=unpair-dialog]"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("pair", "SN-0001", "--child-name", "Leo")


def run(b):
    # The harness opened "/": with two nightlights, the home view. Let it read both before
    # switching, then open Mia's Device view.
    b.wait(f"[data-test=home-card][data-address='{LEO}'][data-reachable=true]", timeout=60)
    b.open(f"/#/info/{MIA}")
    b.wait("[data-test=device-facts]", timeout=30)
    identity = b.api("GET", f"/api/devices/{MIA}/status")["identity"]
    for key in ("model", "serialNumber", "firmwareVersion", "deviceName", "address", "childName"):
        shown = b.find(f"[data-test=fact-{key}]").text
        assert shown == identity[key], f"{key}: {shown!r} is not {identity[key]!r}"
    b.screenshot("info")

    # Cancel keeps it.
    b.click("[data-test=unpair]")
    b.wait(DIALOG)
    b.screenshot("unpair-confirm")
    b.click(f"{DIALOG} [data-test=dialog-cancel]")
    b.wait_gone(DIALOG)
    assert len(b.api("GET", "/api/devices")) == 2, "cancelling unpairs nothing"

    # Confirm: gone, and the other nightlight's dashboard opens.
    b.click("[data-test=unpair]")
    b.click(f"{DIALOG} [data-test=dialog-confirm]")
    b.wait_text("[data-test=child-name]", "Leo", timeout=30)
    assert b.path.endswith(f"#/dashboard/{LEO}"), f"the next nightlight's dashboard opens, not {b.path}"
    assert [d["address"] for d in b.api("GET", "/api/devices")] == [LEO], "only Leo's nightlight is paired"
    assert "Mia" not in b.find("#sn-switcher").text, "the switcher no longer lists Mia"

    # Unpairing the last one leads to pairing.
    b.click("[data-test=nav-info]")
    b.click("[data-test=unpair]")
    b.click(f"{DIALOG} [data-test=dialog-confirm]")
    b.wait("[data-test=scan-list]", timeout=30)
    assert b.path.endswith("#/pair"), f"nothing paired: pairing, not {b.path}"
    assert b.api("GET", "/api/devices") == [], "nothing is paired"
