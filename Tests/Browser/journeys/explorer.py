"""The Explorer: the scanner of every Bluetooth device nearby (shared/seeds/003). From the header
link, the list shows the sim world's devices (the demo peripheral, both nightlights, the seed
devices) strongest first with their signal arcs; the search narrows it by name and clears;
scanning stops and starts. Then "Nightlight Demo": connect, the gauge and its labels, the signal
history, the Services tab (category colors, property pills, reading a value in every format,
writing one), live notified values (its counter ticks every second), the Data tab's manufacturer
data with the company and the byte chart, and disconnect.

Screenshots: explorer-phone.png, explorer-laptop.png (the list), explorer-device-phone.png,
explorer-device-laptop.png (the device page, connected), explorer-services-<size>.png.
"""


from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
DEMO = "00:1B:DC:DE:00:01"
NIGHTLIGHTS = ["C4:4E:4C:00:00:01", "C4:4E:4C:00:00:02"]
ROW = "[data-test=explorer-device]"
DEMO_ROW = f"{ROW}[data-address='{DEMO}']"


def rows(b):
    """The rows shown, in order: [(address, rssi, name)], read in one go."""
    return b.driver.execute_script("""
        return [...document.querySelectorAll('[data-test=explorer-device]')]
          .filter((row) => row.offsetParent !== null)
          .map((row) => [row.dataset.address, row.dataset.rssi === '' ? null : Number(row.dataset.rssi),
                         row.querySelector('[data-test=device-name]').textContent]);""")


def text(b, css):
    """The text of the first element matching `css`, read in one go (live values are redrawn
    every second)."""
    return b.driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)


def attributes(b, css, name):
    """The attribute `name` of every element matching `css`, read in one go."""
    return b.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.getAttribute(arguments[1]))", css, name)


def style(b, css, prop, pseudo=None):
    """The computed `prop` of the first element matching `css` (or of its `pseudo` element)."""
    return b.driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? getComputedStyle(e, arguments[2]).getPropertyValue(arguments[1]) : null",
        css, prop, pseudo)


# The scanner's colors (explorer.css --ex-*), as computed styles give them.
GREEN, BLUE, RED, ORANGE = "rgb(111, 220, 165)", "rgb(122, 184, 255)", "rgb(255, 122, 122)", "rgb(255, 165, 82)"


def expected_signal(rssi):
    """The seed's labels of an RSSI: (percent, bars, quality, distance)."""
    percent = min(100, max(0, (rssi + 100) / 70 * 100))
    bars = min(5, -(-(rssi + 100) * 100 // 1400)) if rssi > -100 else 0
    quality = ("Excellent" if percent > 80 else "Good" if percent > 60 else "Fair" if percent > 40
               else "Poor" if percent > 20 else "Very Poor")
    distance = ("Very Close" if rssi >= -50 else "Close" if rssi >= -65 else "Medium" if rssi >= -80
                else "Far" if rssi >= -90 else "Very Far")
    return percent, bars, quality, distance


def characteristic(b, uuid):
    return f"[data-test=characteristic][data-uuid='{uuid}']"


def run(b):
    # The header link opens the Explorer; scanning starts by itself.
    b.click("#nav-explorer")
    b.wait_text("h1", "Explorer")
    assert b.find("#nav-explorer").get_attribute("aria-current") == "page", "the header link is marked current"
    b.wait("#explorer-radio-state[data-state=poweredOn]")
    b.wait_text("#explorer-radio-state", "Powered On")
    b.wait_text("#explorer-scan-toggle", "Stop Scanning")
    # Color-coded: Powered On green, Stop Scanning red.
    assert style(b, "#explorer-radio-state", "color") == GREEN, "Powered On is green"
    assert "ex-stop" in b.find("#explorer-scan-toggle").get_attribute("class"), "Stop Scanning is red"
    assert b.find("[data-test=explorer-status] h2").text.lower() == "bluetooth status"

    # Every device of the sim world, strongest first.
    wanted = [DEMO] + NIGHTLIGHTS
    shown = b.wait_until("the demo and both nightlights in the list",
                       lambda: (lambda r: r if all(a in [x[0] for x in r] for a in wanted) else None)(rows(b)))
    assert len(shown) >= 3, f"the sim world's devices are listed: {shown}"
    rssis = [r[1] for r in shown]
    assert rssis == sorted(rssis, key=lambda v: -999 if v is None else v, reverse=True), f"sorted by RSSI: {shown}"
    assert text(b, f"{DEMO_ROW} [data-test=device-name]") == "Nightlight Demo"
    rssi = text(b, f"{DEMO_ROW} [data-test=device-rssi]")
    assert rssi.startswith("RSSI: -") and rssi.endswith(" dB"), rssi
    assert 0 < int(attributes(b, f"{DEMO_ROW} [data-test=device-arc]", "data-percent")[0]) <= 100, "the signal arc is filled"
    assert attributes(b, f"{DEMO_ROW} [data-test=device-status]", "data-kind") == ["connectable"]
    assert text(b, f"{DEMO_ROW} [data-test=device-status]") == "Connectable"
    assert style(b, f"{DEMO_ROW} [data-test=device-status]", "color") == BLUE, "Connectable is blue"
    assert attributes(b, f"{DEMO_ROW} [data-test=device-trailing]", "data-kind") == ["chevron"]
    b.wait_text("#explorer-count", "devices found")
    b.screenshot("explorer")

    # Search by name, then clear.
    b.tab_to("#explorer-search")
    b.type("#explorer-search", "DEMO")
    b.wait_until("only the demo to be shown", lambda: [r[0] for r in rows(b)] == [DEMO])
    b.wait("#explorer-search-clear")
    b.type("#explorer-search", "no such device")
    b.wait("[data-test=explorer-empty][data-kind=no-match]")
    b.click("#explorer-search-clear")
    b.wait_gone("#explorer-search-clear")
    b.wait_until("every device to be back", lambda: len(rows(b)) == len(shown) or len(rows(b)) >= 3)

    # Stop and start scanning.
    b.click("#explorer-scan-toggle")
    b.wait_text("#explorer-scan-toggle", "Start Scanning")
    assert "ex-start" in b.find("#explorer-scan-toggle").get_attribute("class"), "Start Scanning is green"
    assert b.api("GET", "/api/explorer/radio")["scanning"] is False, "the server stopped scanning"
    assert rows(b), "the list stays when scanning stops"
    b.click("#explorer-scan-toggle")
    b.wait_text("#explorer-scan-toggle", "Stop Scanning")
    assert b.api("GET", "/api/explorer/radio")["scanning"] is True, "the server scans again"

    # The demo's page.
    b.click(DEMO_ROW)
    b.wait_text("[data-test=device-title]", "Nightlight Demo")
    assert b.path.endswith(f"#/explorer/{DEMO}"), b.path
    b.wait_text("[data-test=device-address]", DEMO)
    b.wait("[data-test=connection-state][data-state=disconnected]")
    b.wait_text("[data-test=info-identifier]", DEMO)
    b.wait_text("[data-test=info-connectable]", "Yes")
    b.wait_text("[data-test=info-tx]", "0 dBm")
    info = text(b, "[data-test=panel-info]")
    assert "180D (Heart Rate)" in info and "180F (Battery Service)" in info, "advertised services with names"
    for label in ["Name", "Identifier", "RSSI", "TX Power", "Connectable", "State", "Discovered", "Last Updated",
                  "Advertised Services", "Manufacturer Data"]:
        assert label in info, f"the Info tab shows {label}: {info}"
    b.wait_text("[data-test=info-state]", "Disconnected")
    assert text(b, "[data-test=info-rssi]").endswith(" dB"), text(b, "[data-test=info-rssi]")
    assert text(b, "[data-test=info-manufacturer]") == "ffff4e4c0101000000", text(b, "[data-test=info-manufacturer]")
    assert style(b, "[data-test=connection-state]", "background-color", "::before") == RED, "Disconnected: a red dot"
    assert "ex-connect" in b.find("#explorer-connect").get_attribute("class"), "Connect is blue"
    b.click("#explorer-tab-data")
    b.wait("[data-test=data-prompt] [data-test=data-connect]")
    b.click("#explorer-tab-services")
    b.wait("[data-test=services-prompt]")

    # Connect (by keyboard).
    b.tab_to("#explorer-connect")
    b.press("#explorer-connect", Keys.ENTER)
    b.wait("[data-test=connection-state][data-state=connected]")
    b.wait("#explorer-connect[data-action=disconnect]")
    b.wait_text("#explorer-connect", "Disconnect")
    assert "ex-disconnect" in b.find("#explorer-connect").get_attribute("class"), "Disconnect is red"
    assert style(b, "[data-test=connection-state]", "background-color", "::before") == GREEN, "Connected: a green dot"

    # The signal: gauge, distance, bars, quality, RSSI, TX power, history.
    b.wait_text("[data-test=signal-rssi]", "dBm")
    assert b.find("[data-test=signal-distance]").text in {"Very Close", "Close", "Medium", "Far", "Very Far"}
    assert b.find("[data-test=signal-quality]").text in {"Excellent", "Good", "Fair", "Poor", "Very Poor"}
    assert 0 <= int(b.find("[data-test=signal-bars]").get_attribute("data-bars")) <= 5
    assert int(b.find("[data-test=gauge]").get_attribute("data-percent")) > 0, "the gauge is filled"
    b.wait_text("[data-test=signal-tx]", "0 dBm")
    history = int(b.find("[data-test=signal-history]").get_attribute("data-count"))
    assert 1 <= history <= 20, f"the history holds at most 20 readings: {history}"
    colors = set(attributes(b, "[data-test=history-bar]", "data-color"))
    assert colors <= {"green", "yellow", "red"}, colors
    # Each bar colored by its reading: green >= -60, yellow >= -75, red below.
    for rssi, color in zip(attributes(b, "[data-test=history-bar]", "data-rssi"), attributes(b, "[data-test=history-bar]", "data-color")):
        want = "green" if int(rssi) >= -60 else "yellow" if int(rssi) >= -75 else "red"
        assert color == want, f"a {rssi} dBm bar is {color}, not {want}"
    # The gauge, bars, quality and distance agree with the seed's formulas for the RSSI shown.
    shown = b.driver.execute_script("""return [document.querySelector('[data-test=gauge-rssi]').textContent,
        document.querySelector('[data-test=gauge]').dataset.percent, document.querySelector('[data-test=signal-bars]').dataset.bars,
        document.querySelector('[data-test=signal-quality]').textContent, document.querySelector('[data-test=signal-distance]').textContent]""")
    percent, lit, quality, distance = expected_signal(int(shown[0]))
    assert [int(shown[1]), int(shown[2]), shown[3], shown[4]] == [round(percent), lit, quality, distance], f"{shown} for {shown[0]} dBm"
    b.wait_until("a reading from the connection", lambda: "read from the connection" in text(b, ".ex-history-note"))

    # Services with their category colors and property pills.
    b.wait("[data-test=service][data-uuid='1800'][data-category=generic]")
    b.wait("[data-test=service][data-uuid='180F'][data-category=battery]")
    b.wait("[data-test=service][data-uuid='180A'][data-category=deviceInformation]")
    battery = "[data-test=service][data-uuid='180F']"
    b.click(f"{battery} [data-test=service-toggle]")
    assert b.find(f"{battery} [data-test=service-toggle]").get_attribute("aria-expanded") == "true"
    level = characteristic(b, "2A19")
    b.wait_text(level, "Battery Level")
    pills = [p.text for p in b.find_all(f"{level} [data-test=pill]")]
    assert pills == ["Read", "Notify"], f"the Battery Level pills: {pills}"
    assert b.find(level).get_attribute("data-kind") == "read", "read-only: the blue icon"
    b.wait(f"{level} [data-test=notifying]")

    # Read the message: hex, string; the counter: numbers.
    vendor = "[data-test=service][data-uuid='4E4C0001-6465-6D6F-8000-6E696768746C']"
    b.click(f"{vendor} [data-test=service-toggle]")
    message = characteristic(b, "4E4C0002-6465-6D6F-8000-6E696768746C")
    b.wait_text(message, "Message")
    assert [p.text for p in b.find_all(f"{message} [data-test=pill]")] == ["Read", "Write"]
    assert b.find(message).get_attribute("data-kind") == "read-write"
    b.click(f"{message} [data-test=read]")
    b.wait_text(f"{message} [data-test=value-hex]", "48 65 6C 6C 6F")
    b.wait_text(f"{message} [data-test=value-string]", '"Hello from Nightlight"')
    counter = characteristic(b, "4E4C0003-6465-6D6F-8000-6E696768746C")
    assert [p.text for p in b.find_all(f"{counter} [data-test=pill]")] == ["Read", "Notify", "Indicate"]
    b.click(f"{counter} [data-test=value-toggle]")
    b.wait_text(f"{counter} [data-test=value-numeric]", "UInt32: ")
    assert "Float: " in text(b, f"{counter} [data-test=value-numeric]")
    sink = characteristic(b, "4E4C0004-6465-6D6F-8000-6E696768746C")
    assert [p.text for p in b.find_all(f"{sink} [data-test=pill]")] == ["Write No Response"]

    # Write the message, then read it back.
    b.click(f"{message} [data-test=write-toggle]")
    b.allow_console("/value - Failed to load resource: the server responded with a status of 400")  # "zz" on purpose
    b.type(f"{message} [data-test=write-hex]", "zz")
    b.click(f"{message} [data-test=write-submit]")
    b.wait_text(f"{message} .field-error", "not hex")
    b.type(f"{message} [data-test=write-hex]", "48 69")
    b.click(f"{message} [data-test=write-submit]")
    b.wait_text(f"{message} [data-test=value-string]", '"Hi"')
    b.click(f"{message} [data-test=read]")
    b.wait_text(f"{message} [data-test=value-hex]", "48 69")
    b.screenshot("explorer-services")

    # Data: manufacturer data with the company and its bytes; live values.
    b.click("#explorer-tab-data")
    b.wait("[data-test=manufacturer]")
    b.wait_text("[data-test=manufacturer-name]", "0xFFFF")
    assert "Manufacturer ID" in text(b, "[data-test=manufacturer]"), "the seed's label"
    b.wait_text("[data-test=manufacturer-hex]", "FF FF 4E 4C 01 01 00 00 00")
    bars = attributes(b, "[data-test=manufacturer-bytes] [data-test=byte-bar]", "data-color")
    assert len(bars) == 9, f"one bar per byte: {len(bars)}"
    # Bar height proportional to the byte (0…255): FF is the full height, 00 the floor.
    heights = b.driver.execute_script(
        "return [...document.querySelectorAll('[data-test=manufacturer-bytes] [data-test=byte-bar]')].map((e) => e.style.height)")
    payload = [0xFF, 0xFF, 0x4E, 0x4C, 0x01, 0x01, 0x00, 0x00, 0x00]
    assert all(abs(float(h.rstrip("%")) - max(4, byte / 255 * 100)) < 0.01 for h, byte in zip(heights, payload)), heights
    live = "[data-test=char-value][data-uuid='4E4C0003-6465-6D6F-8000-6E696768746C'] [data-test=char-value-summary]"
    b.wait(live)
    first = text(b, live)
    b.wait_until("the notified counter to change", lambda: text(b, live) not in ("", first), timeout=10)
    colors = set(attributes(b, "[data-test=char-values] [data-test=byte-bar]", "data-color"))
    assert colors and colors <= {"blue", "green", "yellow", "red"}, f"value bars by magnitude: {colors}"
    for title, color in b.driver.execute_script(
            "return [...document.querySelectorAll('[data-test=char-values] [data-test=byte-bar]')].map((e) => [e.title, e.dataset.color])"):
        byte = int(title.split("(")[1].rstrip(")"))
        want = "blue" if byte * 100 < 30 * 255 else "green" if byte * 100 < 60 * 255 else "yellow" if byte * 100 < 80 * 255 else "red"
        assert color == want, f"byte {byte} is {color}, not {want}"
    assert "Last Update" in text(b, "[data-test=connection-info]") and "ago" in text(b, "[data-test=connection-info]")
    b.wait_text("[data-test=connection-info]", "Discovered")
    b.screenshot("explorer-device")

    # Disconnect.
    b.click("#explorer-connect")
    b.wait("[data-test=connection-state][data-state=disconnected]")
    b.wait("#explorer-connect[data-action=connect]")
    b.wait("[data-test=data-prompt]")
    assert b.api("GET", f"/api/explorer/devices/{DEMO}")["device"]["connection"] == "disconnected"

    # Back to the list.
    b.click("#explorer-back")
    b.wait(DEMO_ROW)
