"""The color tool, opened from a week schedule period: the wheel by keyboard (Home is white,
arrows move the dot) and by pointer (a click at the centre is white, a drag to the left rim is
cyan), the dimmer, LED proof mode (the nightlight shows the color while the tool is open: its
Active State mode is 4, proof, and its LEDs show the chosen color; back to its schedule after),
Esc cancels, Enter applies, and the chosen color reaches the nightlight with Save.

Screenshots: color-tool-phone.png, color-tool-laptop.png (the tool, proof mode on).
"""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
ADDRESS = "C4:4E:4C:00:00:02"
PROOF = 4  # Active State mode: LED proof (SN profile §4.5)


def prepare(env):
    env.nightlight("pair", "SN-0002")


def hex_value(b):
    return b.find("#color-hex").get_attribute("value")


def active_state(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/status")["activeState"]


def eventually(check, message, timeout=10):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(0.25)


def run(b):
    # Signed in, the dashboard shows the first nightlight; open its Week section as a parent would.
    b.click("[data-test=nav-week]")
    b.wait("[data-test=period]")
    assert b.find("#g0-p0-color").text == "#402000", "School days' first period is the factory night amber"
    b.click("#g0-p0-color")
    b.wait("dialog[data-test=color-tool]")
    assert hex_value(b) == "#402000", f"the tool opens on the period's color, not {hex_value(b)}"
    assert b.find("#color-dimmer").get_attribute("value") == "64", "the dimmer stands at 64/255 (25 %) for #402000"

    # Keyboard: the wheel has the focus; Home is the white centre (at the same dimmer), Shift+arrows move the dot.
    assert b.driver.switch_to.active_element.get_attribute("id") == "color-wheel", "the wheel has the focus"
    b.press("#color-wheel", Keys.HOME)
    assert hex_value(b) == "#404040", f"Home: white at 25 %, not {hex_value(b)}"
    for _ in range(10):
        b.press("#color-wheel", Keys.SHIFT + Keys.ARROW_RIGHT)
    assert hex_value(b) == "#400000", f"right to the rim: red at 25 %, not {hex_value(b)}"
    b.press("#color-wheel", Keys.HOME)
    for _ in range(5):
        b.press("#color-wheel", Keys.SHIFT + Keys.ARROW_UP)
    assert hex_value(b) == "#304020", f"halfway up: hue 90°, saturation 50 % at 25 %: #304020, not {hex_value(b)}"
    spoken = b.find("#color-wheel").get_attribute("aria-valuetext")
    assert "hue 90°" in spoken and "saturation 50" in spoken, f"the wheel tells its hue and saturation: {spoken!r}"

    # The dimmer, by keyboard: End is full brightness, same hue.
    b.tab_to("#color-dimmer")
    b.press("#color-dimmer", Keys.END)
    assert hex_value(b) == "#BFFF80", f"full brightness, same hue and saturation: #BFFF80, not {hex_value(b)}"
    assert b.find("[data-test=color-rgb]").text == "R 191 · G 255 · B 128", "R, G and B are shown"

    # Pointer: a click at the centre is white; a drag to the left rim is cyan.
    wheel = b.find("#color-wheel")
    radius = wheel.size["width"] / 2
    ActionChains(b.driver).move_to_element_with_offset(wheel, 0, 0).click().perform()
    assert hex_value(b) == "#FFFFFF", f"the centre of the wheel is white, not {hex_value(b)}"
    ActionChains(b.driver).move_to_element_with_offset(wheel, 0, 0).click_and_hold() \
        .move_by_offset(-radius * 0.5, 0).move_by_offset(-radius * 0.49, 0).release().perform()
    red, green, blue = (int(hex_value(b)[i:i + 2], 16) for i in (1, 3, 5))
    assert red < 20 and green > 235 and blue > 235, f"dragged to the left rim: cyan, not {hex_value(b)}"

    # LED proof mode: the nightlight shows the color while the tool is open.
    b.click("label[for=color-proof]")
    b.wait_text("[data-test=color-proof-status]", "Showing live on the nightlight")
    shown = hex_value(b)
    eventually(lambda: (s := active_state(b))["mode"] == PROOF and s["colors"][0] == shown and s,
                       f"the nightlight shows {shown} in proof mode: {active_state(b)}")
    b.click("[data-test=color-preset][data-color='#9060FF']")
    assert hex_value(b) == "#9060FF", "a preset sets the color"
    eventually(lambda: active_state(b)["colors"][0] == "#9060FF", f"the nightlight follows the color live: {active_state(b)}")
    b.screenshot("color-tool")

    # Enter applies; closing ends proof mode.
    b.press("#color-wheel", Keys.ENTER)
    b.wait_gone("dialog[data-test=color-tool]")
    b.wait_text("#g0-p0-color", "#9060FF")
    eventually(lambda: active_state(b)["mode"] != PROOF, f"proof mode ends when the tool closes: {active_state(b)}")
    assert b.driver.switch_to.active_element.get_attribute("id") == "g0-p0-color", "the focus returns to the color button"

    # Esc cancels: the color stays.
    b.press(None, Keys.ENTER)
    b.wait("dialog[data-test=color-tool]")
    b.press("#color-wheel", Keys.HOME)
    b.press("#color-wheel", Keys.ESCAPE)
    b.wait_gone("dialog[data-test=color-tool]")
    assert b.find("#g0-p0-color").text == "#9060FF", "Esc leaves the color as it was"

    # The chosen color reaches the nightlight's week schedule.
    b.click("#week-save")
    b.wait_text("[data-test=week-state]", "has now")
    schedule = b.api("GET", f"/api/devices/{ADDRESS}/week-schedule")
    assert schedule["groups"][0]["periods"][0]["color"] == "#9060FF", f"the nightlight holds the new color: {schedule['groups'][0]}"
