"""The device panels (#/devices): the seed devices of the sim world listed from the header link,
then each panel end to end. Bean (seed 001's light controls screen): the switch and the R/G/B
sliders by keyboard, the state read back when the panel is opened again, and the API confirms
what bank 1 holds. Bulb: a color from the color tool, the hue cycle started and stopped, and
stopped by itself when the page is left. Mi Band: authenticate (the virtual wearer taps the band
to pair), steps/distance/calories/battery, one heart rate measurement. SensorTag: every sensor's
tile updates live.

Screenshots: panels-list-<size>.png, panels-bean-<size>.png, panels-bulb-<size>.png,
panels-miband-<size>.png, panels-sensortag-<size>.png.
"""

import time

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
BEAN = "D0:39:72:BE:A0:01"
BULB = "5C:31:3E:F2:16:13"
BAND = "C8:0F:10:B2:00:01"
TAG = "BC:6A:29:AC:00:01"
SENSORS = ["ir-temperature", "humidity", "barometer", "accelerometer", "magnetometer", "gyroscope"]


def wait_until(b, what, check, timeout=20):
    """The panels' devices answer more slowly: 20 s by default."""
    return b.wait_until(what, check, timeout)


def attr(b, css, name):
    return b.driver.execute_script(
        "return document.querySelector(arguments[0])?.getAttribute(arguments[1]) ?? null", css, name)


def text(b, css):
    return b.driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def open_panel(b, kind, address):
    b.open(f"/#/devices/{kind}/{address}")
    b.wait(f"[data-test=panel][data-kind={kind}]")


def run(b):
    # A known start: the Bean off and black, no cycle on the bulb.
    b.api("PUT", f"/api/panels/bean/{BEAN}", {"isOn": False, "color": "#000000"})
    b.api("DELETE", f"/api/panels/bulb/{BULB}/cycle")

    # ---- The list, from the header link ----
    b.open("/#/pair")
    b.click("#nav-devices")
    for kind, address in [("bean", BEAN), ("bulb", BULB), ("miband", BAND), ("sensortag", TAG)]:
        b.wait(f"[data-test=panel-device][data-kind={kind}][data-address='{address}']", timeout=20)
    assert not b.find_all("[data-test=panel-device][data-address^='C4:4E:4C']"), "a nightlight is listed among the seed devices"
    b.screenshot("panels-list")

    # ---- Bean: the seed's control screen ----
    b.click(f"[data-test=panel-device][data-kind=bean]")
    b.wait("[data-test=bean-status][data-state=ready]")
    assert attr(b, "[data-test=bean-swatch]", "data-color") == "#000000", "the Bean's state was not read on open"
    assert not b.find("#bean-on").is_selected(), "the switch shows on for a Bean that is off"
    b.tab_to("#bean-on")
    b.press(None, Keys.SPACE)
    wait_until(b, "the switch to be sent", lambda: attr(b, "[data-test=bean-status]", "data-state") == "sent")
    b.tab_to("#bean-red")
    b.press("#bean-red", Keys.END)
    b.press("#bean-green", Keys.HOME)
    b.press("#bean-blue", Keys.END)
    wait_until(b, "the swatch to show #FF00FF",
               lambda: attr(b, "[data-test=bean-swatch]", "data-color") == "#FF00FF")
    wait_until(b, "the color to be sent",
               lambda: b.api("GET", f"/api/panels/bean/{BEAN}")["color"] == "#FF00FF")
    state = b.api("GET", f"/api/panels/bean/{BEAN}")
    assert state["isOn"] is True and state["red"] == 255 and state["green"] == 0 and state["blue"] == 255, state
    b.screenshot("panels-bean")
    # Reopening reads the state back from bank 1.
    b.click("#panel-back")
    b.wait("[data-test=panels-list]")
    open_panel(b, "bean", BEAN)
    b.wait("[data-test=bean-status][data-state=ready]")
    assert attr(b, "[data-test=bean-swatch]", "data-color") == "#FF00FF", "the reopened panel does not show the Bean's color"
    assert b.find("#bean-on").is_selected(), "the reopened panel does not show the Bean on"
    assert b.find("#bean-red").get_attribute("value") == "255" and b.find("#bean-blue").get_attribute("value") == "255"
    assert "R 255, G 0, B 255" in text(b, "[data-test=bean-rgb]")

    # ---- Bulb: the color tool and the hue cycle ----
    open_panel(b, "bulb", BULB)
    b.click("#bulb-color")
    b.wait("dialog[data-test=color-tool]")
    preset = b.find_all("[data-test=color-preset]")[1]
    chosen = preset.get_attribute("data-color")
    preset.click()
    b.click("#color-apply")
    b.wait_gone("dialog[data-test=color-tool]")
    wait_until(b, f"the bulb swatch to show {chosen}", lambda: attr(b, "[data-test=bulb-swatch]", "data-color") == chosen)
    b.type("#bulb-period", "2")
    b.click("#bulb-cycle-start")
    b.wait("[data-test=bulb-cycle-status][data-state=running]")
    wait_until(b, "colors to be sent", lambda: b.api("GET", f"/api/panels/bulb/{BULB}/cycle")["sent"] > 5)
    wait_until(b, "the page to show the progress", lambda: "colors sent" in text(b, "[data-test=bulb-cycle-sent]"))
    b.screenshot("panels-bulb")
    b.click("#bulb-cycle-stop")
    b.wait("[data-test=bulb-cycle-status][data-state=stopped]")
    assert b.api("GET", f"/api/panels/bulb/{BULB}/cycle")["state"] == "stopped"
    # Leaving the page stops a running cycle.
    b.click("#bulb-cycle-start")
    b.wait("[data-test=bulb-cycle-status][data-state=running]")
    b.click("#panel-back")
    b.wait("[data-test=panels-list]")
    record = wait_until(b, "the cycle to stop when the page was left",
                        lambda: (lambda r: r if r["state"] == "stopped" else None)(b.api("GET", f"/api/panels/bulb/{BULB}/cycle")))
    assert record["message"] == "stopped on request", record

    # ---- Mi Band: authenticate, today, heart rate ----
    open_panel(b, "miband", BAND)
    b.tab_to("#band-auth")
    b.press("#band-auth", Keys.ENTER)
    b.wait("[data-test=band-auth-status][data-state=ok]", timeout=30)
    wait_until(b, "the steps", lambda: text(b, "[data-test=band-steps]") not in ("", "—"))
    activity = b.api("GET", f"/api/panels/miband/{BAND}/activity")
    shown = int(text(b, "[data-test=band-steps]").replace(",", "").replace("\u202f", "").replace(".", ""))
    assert abs(shown - activity["steps"]) < 1000, (shown, activity)
    assert text(b, "[data-test=band-distance]").strip() not in ("", "—")
    assert text(b, "[data-test=band-calories]").strip() not in ("", "—")
    assert "%" in text(b, "[data-test=band-battery]")
    b.click("#band-heart")
    b.wait("[data-test=band-heart-rate][data-state=done]", timeout=40)
    assert "bpm" in text(b, "[data-test=band-heart-rate]")
    b.screenshot("panels-miband")

    # ---- SensorTag: live tiles ----
    open_panel(b, "sensortag", TAG)
    b.wait("[data-test=tag-status][data-state=live]", timeout=30)

    def counts():
        return {sensor: int(attr(b, f"[data-test=tag-tile][data-sensor={sensor}]", "data-count") or 0) for sensor in SENSORS}

    first = wait_until(b, "every tile to show a reading", lambda: (lambda c: c if all(c.values()) else None)(counts()), timeout=30)
    wait_until(b, "every tile to update", lambda: all(counts()[s] > first[s] for s in SENSORS), timeout=30)
    assert "hPa" in text(b, "[data-test=tag-tile][data-sensor=barometer]")
    assert "°C" in text(b, "[data-test=tag-tile][data-sensor=ir-temperature]")
    assert " g" in text(b, "[data-test=tag-tile][data-sensor=accelerometer]")
    # Each chart line has its own scale when the units differ (humidity %RH beside °C), one
    # shared scale for the three axes; each quantity is keyed by its line's color.
    b.wait("[data-test=tag-tile][data-sensor=humidity] [data-test=tag-chart][data-scale=separate]")
    b.wait("[data-test=tag-tile][data-sensor=accelerometer] [data-test=tag-chart][data-scale=shared]")
    keys = b.driver.execute_script("""
        return [...document.querySelectorAll('[data-test=tag-tile][data-sensor=humidity] [data-test=tag-quantity]')]
          .map((q) => getComputedStyle(q, '::before').backgroundColor);""")
    assert len(keys) == 2 and len(set(keys)) == 2 and "rgba(0, 0, 0, 0)" not in keys, f"the line keys: {keys}"
    time.sleep(2)  # a few points on the charts for the screenshot
    b.screenshot("panels-sensortag")
