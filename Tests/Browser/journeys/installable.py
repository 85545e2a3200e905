"""The dashboard as an app on the home screen (issue 19): the page links a valid web app manifest
(name, start_url, scope, standalone, colours, 192 and 512 px icons and a maskable one), the
icons, the manifest, the service worker and the offline page load without signing in, the worker
registers and controls the page, and Chromium finds the app installable (no installability
errors). Then the hub goes away (the dashboard is stopped): a reload shows "The hub is not
reachable" with what to check and Try again, never the browser's own error page; the hub comes
back and Try again opens the app again.

Screenshots: installable (the app as launched from the home screen: start_url, standalone),
offline (the hub is not reachable).
"""

import json
import struct
import time
import urllib.request

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")


def fetch(b, path):
    """GET without the token or the browser's cookie: (status, content type, bytes)."""
    with urllib.request.urlopen(b.base_url + path, timeout=30) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file"
    return struct.unpack(">II", data[16:24])


def check_manifest(b):
    href = b.driver.execute_script("return document.querySelector('link[rel=manifest]')?.getAttribute('href')")
    assert href == "/manifest.webmanifest", f"the page links the manifest: {href!r}"
    status, kind, body = fetch(b, href)
    assert status == 200 and kind.startswith("application/manifest+json"), (status, kind)
    manifest = json.loads(body)
    for field in ["name", "short_name", "start_url", "scope", "display", "theme_color", "background_color", "icons"]:
        assert manifest.get(field), f"the manifest has {field}: {manifest}"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/", manifest
    sizes = {}
    for entry in manifest["icons"]:
        status, kind, data = fetch(b, entry["src"])
        assert status == 200 and kind == "image/png", (entry, status, kind)
        width, height = png_size(data)
        assert entry["sizes"] == f"{width}x{height}", f"{entry['src']} is {width}x{height}, the manifest says {entry['sizes']}"
        sizes.setdefault(entry.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes.get("any", set()) and 512 in sizes.get("maskable", set()), sizes
    touch = b.driver.execute_script("return document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href')")
    assert png_size(fetch(b, touch)[2]) == (180, 180), "the iOS home-screen icon"
    for path in ["/sw.js", "/offline.html", "/offline.js"]:
        assert fetch(b, path)[0] == 200, f"{path} is served without signing in"
    # Everything else still needs the token: without it the app's files lead to the sign-in page.
    for path in ["/", "/assets/app/main.js"]:
        with urllib.request.urlopen(b.base_url + path, timeout=30) as response:
            assert response.geturl().endswith("/login"), f"{path} without the token went to {response.geturl()}"


def wait_for_worker(b):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = b.driver.execute_script("""
            const registration = await navigator.serviceWorker.getRegistration();
            return {scope: registration?.scope ?? null, active: registration?.active?.state ?? null,
                    controlled: Boolean(navigator.serviceWorker.controller)};""")
        if state["active"] == "activated" and state["controlled"]:
            assert state["scope"] == b.base_url + "/", f"the worker's scope is the whole dashboard: {state}"
            return
        time.sleep(0.25)
    b.fail(f"the service worker did not control the page within 30 s: {state}")


def run(b):
    b.allow_console("ERR_CONNECTION_REFUSED", "ERR_FAILED", "WebSocket connection to", "ERR_INTERNET_DISCONNECTED")
    b.wait("[data-test=child-name]", timeout=60)
    assert b.driver.execute_script("return window.isSecureContext"), "127.0.0.1 is a secure context"
    check_manifest(b)
    wait_for_worker(b)
    errors = b.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    assert errors == [], f"Chromium finds the app not installable: {errors}"

    # Launched from the home screen: the manifest's start_url, in a standalone window.
    b.open("/")
    b.wait_text("[data-test=child-name]", "Mia", timeout=60)
    b.screenshot("installable")

    # The hub goes away: the page is not the browser's error, it is ours.
    b.server.stop()
    b.driver.refresh()
    b.wait("[data-test=offline-page]", timeout=30)
    shown = b.find("[data-test=offline-page]").text
    assert "The hub is not reachable" in shown and "home Wi-Fi" in shown, shown
    assert f"127.0.0.1:{b.server.port}" in shown, f"it names the hub's address: {shown!r}"
    b.screenshot("offline")
    # Trying while it is still away shows the same page again.
    b.click("[data-test=offline-retry]")
    b.wait("[data-test=offline-page]", timeout=30)

    # The hub is back: Try again opens the app.
    b.server.start()
    b.click("[data-test=offline-retry]")
    b.wait_text("[data-test=child-name]", "Mia", timeout=60)
