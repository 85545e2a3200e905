"""The device panels live (issue 19): a Mi Band's steps follow the band's notifications as its
wearer walks; a Bean's 30 LEDs are drawn as its sketch wipes them, a colour picked with the live
picker reaches the strip, and the strip is also told in words; each SensorTag sensor is switched
off and on and its period set on its own, by keyboard, and the tag says it took them.

Screenshots: panels-live-miband-<size>.png, panels-live-bean-<size>.png, panels-live-sensortag-<size>.png.
"""

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

SIZES = ["phone", "laptop"]
SERVER_OPTIONS = ["--sim-control"]
START = "#/devices"
BEAN = "D0:39:72:BE:A0:01"
BAND = "C8:0F:10:B2:00:01"
TAG = "BC:6A:29:AC:00:01"


def attr(b, css, name):
    return b.driver.execute_script(
        "return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null", css, name)


def text(b, css):
    return b.driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def number(b, css):
    digits = "".join(c for c in text(b, css) if c.isdigit())
    return int(digits) if digits else None


def leds(b):
    return b.driver.execute_script(
        "return [...document.querySelectorAll('[data-test=bean-led]')].map((led) => led.dataset.color)")


def open_panel(b, kind, address):
    b.open(f"/#/devices/{kind}/{address}")
    b.wait(f"[data-test=panel][data-kind={kind}]")


def tag_sensor(b, sensor):
    sensors = b.api("GET", f"/api/panels/sensortag/{TAG}/sensors")["sensors"]
    return next(s for s in sensors if s["sensor"] == sensor)


def run(b):
    b.wait("[data-test=panels-list]")
    b.api("PUT", f"/api/panels/bean/{BEAN}", {"isOn": False, "color": "#000000"})

    # ---- Mi Band: the steps, live ----
    open_panel(b, "miband", BAND)
    b.click("#band-auth")
    b.wait("[data-test=band-auth-status][data-state=ok]", timeout=30)
    b.wait("[data-test=band-live-status][data-state=live]", timeout=30)
    before = b.wait_until("the steps", lambda: number(b, "[data-test=band-steps]"), timeout=20)
    updates = int(attr(b, "[data-test=band-steps]", "data-updates") or 0)
    b.api("POST", f"/api/sim/devices/{BAND}/actions/walk", {"arguments": ["250"]})
    b.wait_until("the walk to show in the steps", lambda: (number(b, "[data-test=band-steps]") or 0) >= before + 250, timeout=20)
    assert int(attr(b, "[data-test=band-steps]", "data-updates") or 0) > updates, "the steps did not come from a notification"
    shown = number(b, "[data-test=band-steps]")
    assert abs(shown - b.api("GET", f"/api/panels/miband/{BAND}/activity")["steps"]) < 200, shown
    b.screenshot("panels-live-miband")

    # ---- Bean: the strip live, the live picker ----
    open_panel(b, "bean", BEAN)
    b.wait("[data-test=bean-status][data-state=ready]")
    b.wait("[data-test=bean-strip][data-state=live]", timeout=20)
    b.wait_until("30 dark LEDs", lambda: leds(b) == ["#000000"] * 30, timeout=20)
    assert text(b, "[data-test=bean-strip-text]") == "All 30 LEDs off", text(b, "[data-test=bean-strip-text]")
    b.tab_to("#bean-on")
    b.press(None, Keys.SPACE)
    # The picker is a native colour input: its value set as a person's pick would, then `input`.
    b.driver.execute_script("""
        const picker = document.querySelector('#bean-picker');
        picker.value = '#0050ff';
        picker.dispatchEvent(new Event('input', { bubbles: true }));""")
    # The sketch wipes one LED every 50 ms: part of the strip blue while the rest is still dark.
    seen = []

    def strip_now():
        shown = leds(b)
        seen.append(shown)
        return shown == ["#0050FF"] * 30

    b.wait_until("every LED to turn blue", strip_now, timeout=20)
    assert any(0 < state.count("#0050FF") < 30 for state in seen), "the wipe was not drawn LED by LED (only its end was seen)"
    assert b.api("GET", f"/api/panels/bean/{BEAN}")["color"] == "#0050FF", "the picked colour is not in bank 1"
    assert text(b, "[data-test=bean-strip-text]") == "All 30 LEDs blue", text(b, "[data-test=bean-strip-text]")
    assert "blue" in text(b, "[data-test=bean-swatch]"), "the swatch names its colour"
    b.screenshot("panels-live-bean")

    # ---- SensorTag: each sensor switched and timed ----
    open_panel(b, "sensortag", TAG)
    b.wait("[data-test=tag-status][data-state=live]", timeout=30)
    b.wait("[data-test=tag-tile][data-sensor=humidity][data-enabled=true]", timeout=20)
    b.tab_to("#tag-on-humidity")
    b.press(None, Keys.SPACE)
    b.wait("[data-test=tag-tile][data-sensor=humidity][data-enabled=false]", timeout=20)
    assert tag_sensor(b, "humidity")["isEnabled"] is False
    assert tag_sensor(b, "barometer")["isEnabled"] is True, "switching one sensor off left another off"
    off_count = int(attr(b, "[data-test=tag-tile][data-sensor=humidity]", "data-count"))
    barometer = int(attr(b, "[data-test=tag-tile][data-sensor=barometer]", "data-count"))
    b.wait_until("the barometer to report twice more", lambda: int(attr(b, "[data-test=tag-tile][data-sensor=barometer]", "data-count")) >= barometer + 2, timeout=20)
    assert int(attr(b, "[data-test=tag-tile][data-sensor=humidity]", "data-count")) <= off_count + 1, "a switched-off sensor kept reporting"
    assert text(b, "[data-test=tag-tile][data-sensor=humidity] [data-test=tag-value]") == "Off"

    Select(b.find("#tag-period-accelerometer")).select_by_value("300")
    b.wait_until("the accelerometer's period to be 300 ms", lambda: tag_sensor(b, "accelerometer")["periodMs"] == 300, timeout=20)
    count = lambda sensor: int(attr(b, f"[data-test=tag-tile][data-sensor={sensor}]", "data-count"))  # noqa: E731
    accelerometer, gyroscope = count("accelerometer"), count("gyroscope")
    b.wait_until("nine more accelerometer readings", lambda: count("accelerometer") >= accelerometer + 9, timeout=20)
    # Every 300 ms against the gyroscope's every second: about 3 gyroscope readings meanwhile.
    assert count("gyroscope") - gyroscope <= 6, f"the accelerometer is not faster: {count('accelerometer') - accelerometer} against {count('gyroscope') - gyroscope}"

    b.tab_to("#tag-on-humidity")
    b.press(None, Keys.SPACE)
    b.wait("[data-test=tag-tile][data-sensor=humidity][data-enabled=true]", timeout=20)
    b.wait_until("humidity to report again", lambda: int(attr(b, "[data-test=tag-tile][data-sensor=humidity]", "data-count")) > off_count + 1, timeout=20)
    b.screenshot("panels-live-sensortag")
