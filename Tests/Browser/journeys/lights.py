"""The nightlight's own controls (issue 19, "what a parent expects"): on Mia's Today page, "Turn the
light off now" cuts the LEDs' supply (the nightlight says it is dark: mode "LEDs off"), "Turn the
light back on" restores it; "All four LEDs the same colour" off shows each LED's colour, and LED 3
gets its own colour through the colour tool — all of it read back from the nightlight.

Screenshots: lights-off, lights-colors.
"""

import time

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")


def run(b):
    b.wait("[data-test=lights-power][data-power=on]", timeout=30)

    # Lights off now: the nightlight is dark (§4.5 mode 5) until they are turned back on.
    b.click("[data-test=lights-power]")
    b.wait("[data-test=lights-state][data-power=off]", timeout=20)
    leds = b.api("GET", f"/api/devices/{MIA}/leds")
    assert leds["isPowerEnabled"] is False, leds
    b.wait_text("[data-test=mode]", "off", timeout=20)
    assert b.api("GET", f"/api/devices/{MIA}/status")["activeState"]["mode"] == 5, "LEDs disabled"
    b.screenshot("lights-off")
    b.click("[data-test=lights-power]")
    b.wait("[data-test=lights-state][data-power=on]", timeout=20)
    assert b.api("GET", f"/api/devices/{MIA}/leds")["isPowerEnabled"] is True

    # A colour per LED once they are not linked.
    assert not b.find_all("[data-test=led-color]"), "linked: one colour, no per-LED buttons"
    b.click("label[for=lights-link]")
    b.wait("[data-test=led-color][data-led='4']", timeout=20)
    assert b.api("GET", f"/api/devices/{MIA}/leds")["isLinked"] is False
    b.click("[data-test=led-color][data-led='3']")
    b.wait("dialog[data-test=color-tool]")
    b.click("[data-test=color-preset][data-color='#9060FF']")
    b.click("#color-apply")
    b.wait_gone("dialog[data-test=color-tool]", timeout=20)
    b.wait("[data-test=led-color][data-led='3'][aria-label*='Change']", timeout=20)
    deadline = time.monotonic() + 20
    while (leds := b.api("GET", f"/api/devices/{MIA}/leds"))["colors"][2] != "#9060FF" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert leds["colors"][2] == "#9060FF", f"LED 3 holds its colour: {leds}"
    assert leds["colors"][0] != "#9060FF", f"LED 1 kept its own: {leds}"
    b.screenshot("lights-colors")
