"""Firmware update of Mia's nightlight (SN-0002, firmware 1.0.0): a corrupt file is refused
(said next to the file chooser, and that the nightlight still runs 1.0.0; nothing is sent), and so
is an unsigned image of profile 1.0 (SN firmware 1.1 accepts signed images only, §7.1); a valid,
signed 1.2.0 image (`nightlight firmware build`) is shown next to the running version, the update shows its progress phase by
phase and ends with the new version, which the nightlight then reports.

Screenshots: firmware-refused-*.png, firmware-progress-*.png, firmware-phone.png, firmware-laptop.png.
"""

import os

SIZES = ["phone", "laptop"]
ADDRESS = "C4:4E:4C:00:00:02"

# Records every progress value and phase the page shows, to check the progress after the fact.
WATCH = """
window.firmwareSeen = {values: [], phases: []};
new MutationObserver(() => {
  const bar = document.querySelector('#firmware-bar'), phase = document.querySelector('[data-test=firmware-phase]');
  if (bar) window.firmwareSeen.values.push(Number(bar.value));
  if (phase && phase.textContent && window.firmwareSeen.phases.at(-1) !== phase.textContent) window.firmwareSeen.phases.push(phase.textContent);
}).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("firmware", "build", "--version", "1.2.0", "--size", "400000", "--output", os.path.join(env.tmp, "sn1-1.2.0.bin"))
    with open(os.path.join(env.tmp, "corrupt.bin"), "wb") as file:
        file.write(b"NOPE" + bytes(range(256)) * 8)
    # Profile 1.0's format: header version 1, the payload to the end, no signature.
    payload = bytes(range(256)) * 4
    with open(os.path.join(env.tmp, "unsigned.bin"), "wb") as file:
        file.write(b"SNFW" + bytes([1, 4]) + b"SN-1" + bytes([5]) + b"1.3.0" + len(payload).to_bytes(4, "little") + payload)


def run(b):
    b.allow_console("400 (Bad Request)")  # the corrupt and the unsigned images, refused on purpose
    b.click("[data-test=nav-firmware]")
    b.wait_text("[data-test=firmware-current]", "1.0.0")

    # A corrupt file: refused, and the page says the old firmware still runs.
    b.type("#firmware-file", os.path.join(b.env.tmp, "corrupt.bin"))
    result = b.wait("[data-test=firmware-result][data-state=refused]")
    assert "still runs its firmware 1.0.0" in result.text, f"the old version still runs: {result.text!r}"
    note = b.wait("[data-field=image] + .field-error")
    assert "not a nightlight firmware update, or it is damaged" in note.text, f"why, in a parent's words: {note.text!r}"
    assert "SNFW" not in note.text and "magic" not in note.text, f"no format words shown: {note.text!r}"
    b.click("[data-field=image] + .field-error [data-test=error-details] summary")
    assert "SNFW" in note.text, f"the technical reason is there on request: {note.text!r}"
    assert not b.find("#firmware-update").is_enabled(), "a refused file cannot be sent"
    assert b.api("GET", f"/api/devices/{ADDRESS}/firmware") == {"state": "idle", "currentVersion": "1.0.0"}, "nothing was sent"
    b.screenshot("firmware-refused")

    # An unsigned image: refused too, saying why.
    b.type("#firmware-file", os.path.join(b.env.tmp, "unsigned.bin"))
    note = b.wait_text("[data-field=image] + .field-error", "not signed")
    assert "installs signed firmware only" in note.text, f"why the unsigned image is refused: {note.text!r}"
    assert not b.find("#firmware-update").is_enabled(), "an unsigned image cannot be sent"
    assert b.api("GET", f"/api/devices/{ADDRESS}/firmware") == {"state": "idle", "currentVersion": "1.0.0"}, "nothing was sent"

    # A valid image: shown against the running version, then the update with its progress.
    b.type("#firmware-file", os.path.join(b.env.tmp, "sn1-1.2.0.bin"))
    compare = b.wait_text("[data-test=firmware-compare]", "1.2.0")
    assert "1.0.0" in compare.text and "Newer" in compare.text, f"the image against the running version: {compare.text!r}"
    assert not b.find_all(".field-error"), "the refusal is gone"
    b.driver.execute_script(WATCH)
    b.click("#firmware-update")
    b.wait("[data-test=firmware-progress]")
    b.screenshot("firmware-progress")
    result = b.wait("[data-test=firmware-result][data-state=done]", timeout=90)
    assert "now runs 1.2.0" in result.text and "ran 1.0.0 before" in result.text, f"the outcome: {result.text!r}"
    b.wait_text("[data-test=firmware-current]", "1.2.0")
    seen = b.driver.execute_script("return window.firmwareSeen")
    assert "Sending the new firmware" in seen["phases"], f"the phases were shown: {seen['phases']}"
    assert seen["values"] == sorted(seen["values"]) and len(set(seen["values"])) > 2, f"the bar moved forward: {seen['values'][:40]}"
    status = b.api("GET", f"/api/devices/{ADDRESS}/status")
    assert status["identity"]["firmwareVersion"] == "1.2.0", f"the nightlight reports 1.2.0: {status['identity']}"
    b.screenshot("firmware")
