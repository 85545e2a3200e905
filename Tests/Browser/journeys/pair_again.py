"""Pairing again (SN profile §9.1, §9.4): Mia's SN-0002 was paired, then reset to factory
settings (its button held 10 s), so it no longer has the dashboard's keys. Its dashboard says so
with a "Pair again" button that opens its pairing form; the reset cleared the child name, so the
name is asked for, and pairing again opens its dashboard. SN-0001 has paired with another
computer, so its pairing window is closed: the scan marks it "Hold button to pair", and trying
shows the steps to open the window (the server's 409 pairingWindowClosed) instead of failing.

Screenshots: bond-lost, hold-guide (phone).
"""

import os
import subprocess

SIZES = ["phone"]

MIA = "C4:4E:4C:00:00:02"
LEO = "C4:4E:4C:00:00:01"
LEO_ITEM = f"[data-test=scan-item][data-address='{LEO}']"
MIA_ITEM = f"[data-test=scan-item][data-address='{MIA}']"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("simulate", "hold", "SN-0002", "--seconds", "10")
    # Another computer (its own database) pairs SN-0001: its window closes for everyone else.
    other = os.path.join(env.tmp, "other.sqlite")
    done = subprocess.run(
        [env.executable, "pair", "SN-0001", "--child-name", "Leo", "--db", other],
        env=env.variables, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, f"the other computer's pairing failed: {done.stderr}"


def run(b):
    b.allow_console("/status", "/api/devices/pair")  # the 409s are logged by the browser
    b.open(f"/#/dashboard/{MIA}")
    banner = b.wait("[data-test=banner]", timeout=30)
    assert "no longer knows this dashboard" in banner.text, f"the banner says the keys are gone: {banner.text!r}"
    assert "Pair it again" in banner.text, f"and what to do: {banner.text!r}"
    b.screenshot("bond-lost")

    b.click("[data-test=banner-pair-again]")
    field = f"{MIA_ITEM} [data-test=pair-child-name]"
    b.wait(field, timeout=30)
    assert b.path.endswith(f"#/pair/{MIA}"), f"the pairing page opens on Mia's nightlight, not {b.path}"
    assert b.find(field).get_attribute("aria-required") == "true", "the reset cleared the name: it is required"
    b.type(field, "Mia")
    b.click(f"{MIA_ITEM} [data-test=pair-submit]")
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
    assert b.path.endswith(f"#/dashboard/{MIA}"), f"Mia's dashboard opens again, not {b.path}"
    status = b.api("GET", f"/api/devices/{MIA}/status")
    assert status["identity"]["childName"] == "Mia", f"paired again and named: {status['identity']}"

    # SN-0001 belongs to another computer: its pairing window is closed.
    b.open("/#/pair")
    b.wait(f"{LEO_ITEM} [data-test=window-closed]", timeout=30)
    b.click(f"{LEO_ITEM} [data-test=pair-open]")
    b.wait(f"{LEO_ITEM} [data-test=hold-guide]")
    b.type(f"{LEO_ITEM} [data-test=pair-child-name]", "Leo")
    b.click(f"{LEO_ITEM} [data-test=pair-submit]")
    b.wait_gone(f"{LEO_ITEM} [data-test=pair-submit][aria-busy=true]", timeout=30)
    guide = b.wait(f"{LEO_ITEM} [data-test=hold-guide]")
    assert "Hold it down for 3 seconds" in guide.text and "10 seconds" in guide.text, f"the steps: {guide.text!r}"
    assert b.find(f"{LEO_ITEM} [data-test=pair-submit]").text == "Pair again"
    devices = b.api("GET", "/api/devices")
    assert [d["address"] for d in devices] == [MIA], f"nothing else was paired: {devices}"
    b.screenshot("hold-guide")
