"""Add a phone (issue 19): signed in with the token, the menu's Phones page and Add a phone
make a one-time invitation shown as a QR code (which a real decoder, zbarimg, reads back as the
link) and a link. Opened with fresh cookies (another phone), the link adds that phone by name;
a second phone is added by `nightlight phones add`. The Phones page lists both; removing the
second one sends its next page to the sign-in page with the reason, while the first stays in.

Screenshots: add-phone-<size>.png (the invitation), invite-<size>.png (the phone's invitation
page), phones-<size>.png (the Phones page with both); copied to /tmp/issue19-shots/.
"""

import os
import re
import shutil
import subprocess
import urllib.parse

SIZES = ["phone", "laptop"]
SHOTS = "/tmp/issue19-shots"


def keep(path):
    os.makedirs(SHOTS, exist_ok=True)
    shutil.copy(path, SHOTS)


def decode_svg(b, svg):
    """The text zbarimg reads from our QR SVG (its `M x yhNv1h-Nz` runs drawn at 4 px a module)."""
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    dark = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        for column in range(int(x), int(x) + int(width)):
            dark.add((int(y), column))
    scale = 4
    pixels = bytearray()
    for row in range(side * scale):
        for column in range(side * scale):
            pixels.append(0 if (row // scale, column // scale) in dark else 255)
    path = os.path.join(b.env.tmp, "invitation.pgm")
    with open(path, "wb") as image:
        image.write(f"P5\n{side * scale} {side * scale}\n255\n".encode() + bytes(pixels))
    done = subprocess.run(["zbarimg", "--raw", "-q", path], capture_output=True, text=True, timeout=30)
    return done.stdout.strip()


def phone_item(b, name):
    for item in b.find_all("[data-test=phone]"):
        if item.find_element("css selector", ".phone-name").text == name:
            return item
    b.fail(f"the Phones page does not list {name!r}: {[i.text for i in b.find_all('[data-test=phone]')]}")


def as_browser(b, cookies):
    """Swaps the browser's cookies for `cookies` (another phone, or the laptop signed in)."""
    b.driver.delete_all_cookies()
    for cookie in cookies:
        b.driver.add_cookie({k: v for k, v in cookie.items() if k in ("name", "value", "path", "httpOnly", "sameSite", "expiry")})


def accept(b, link, name):
    """Opens an invitation link with no cookie (a new phone) and adds the phone; its cookies."""
    b.open("/login")  # no page of the dashboard runs while its cookies go
    b.driver.delete_all_cookies()
    b.open(link[len(b.base_url):])
    field = b.wait("#name")
    assert field.get_attribute("value") == name, f"the form holds the name given: {field.get_attribute('value')!r}"
    b.wait_text("h1", "Add this phone")
    if name == "Dad's phone":
        keep(b.screenshot("invite"))
    b.click("#add-this-phone")
    b.wait("#view .view")
    assert not b.path.startswith("/login") and not b.path.startswith("/invite"), f"the phone is in: {b.path}"
    cookie = b.driver.get_cookie("nightlight_phone")
    assert cookie and cookie.get("httpOnly") and re.fullmatch(r"[0-9a-f]{64}", cookie["value"]), f"its own HttpOnly credential: {cookie}"
    assert b.driver.get_cookie("nightlight_token") is None, "no token given to the phone"
    return b.driver.get_cookies()


def run(b):
    b.allow_console("410", "the server responded with a status of 410")
    laptop = b.driver.get_cookies()

    # The menu's Phones page: no phone yet; Add a phone.
    b.click("[data-test=nav-phones]")
    b.wait("[data-test=no-phones]")
    b.click("[data-test=add-phone]")
    b.type("#phone-name", "Dad's phone")
    b.click("[data-test=make-invitation]")
    qr = b.wait("[data-test=invitation-qr]")
    link = b.find("[data-test=invitation-link]").get_attribute("value")
    assert re.fullmatch(re.escape(b.base_url) + r"/invite/[0-9a-f]{64}", link), f"a one-time link on this dashboard: {link!r}"
    assert b.token not in link, "never the shared token"
    svg = urllib.parse.unquote(qr.get_attribute("src").split(",", 1)[1])
    assert decode_svg(b, svg) == link, "the QR code reads back as the link"
    b.wait_text("[data-test=invitation-expiry]", "It works once")
    keep(b.screenshot("add-phone"))

    # A second phone, from the command line.
    printed = b.env.nightlight("phones", "add", "Mum's phone", "--url", b.base_url, "--no-qr")
    mum_link = re.search(r"http://\S+/invite/[0-9a-f]{64}", printed).group(0)

    # The first phone opens the link with fresh cookies: it is in, and sees itself.
    dad = accept(b, link, "Dad's phone")
    b.open("/#/phones")
    b.wait("[data-test=phones-list] [data-test=phone]")
    assert phone_item(b, "Dad's phone").find_elements("css selector", "[data-test=this-phone]"), "this phone is marked"

    # The link works once: opened again, a clear page (no error dump).
    b.open("/login")
    b.driver.delete_all_cookies()
    b.open(link[len(b.base_url):])
    b.wait_text("#invitation-error", "was used already")
    assert "{" not in b.find("body").text, "a page in words, not JSON"

    mum = accept(b, mum_link, "Mum's phone")

    # The laptop (signed in with the token) lists both and removes Mum's phone.
    b.open("/login")
    as_browser(b, laptop)
    b.open("/#/phones")
    b.wait("[data-test=phone]")
    names = sorted(item.find_element("css selector", ".phone-name").text for item in b.find_all("[data-test=phone]"))
    assert names == ["Dad's phone", "Mum's phone"], f"both phones listed: {names}"
    assert not b.find_all("[data-test=this-phone]"), "the token's session is no phone"
    keep(b.screenshot("phones"))
    phone_item(b, "Mum's phone").find_element("css selector", "[data-test=revoke-phone]").click()
    b.click("dialog[data-test=revoke-dialog] [data-test=dialog-confirm]")
    b.wait_text("[data-test=toast]", "no longer has access")
    b.wait_gone("[data-test=phone][data-phone-id='2']")
    assert [p["name"] for p in b.api("GET", "/api/phones")] == ["Dad's phone"], "the API agrees"

    # Mum's phone's next page is the sign-in page, saying why.
    b.open("/login")
    as_browser(b, mum)
    b.open("/#/home")
    b.wait_text("#login-error", "This phone's access to the dashboard was removed")
    assert b.path.split("#")[0] == "/login?reason=phoneRemoved", f"the sign-in page with the reason, not {b.path}"
    assert b.driver.get_cookie("nightlight_phone") is None, "its cookie is cleared"

    # Dad's phone is still in.
    b.open("/login")
    as_browser(b, dad)
    b.open("/#/phones")
    b.wait("[data-test=this-phone]")
