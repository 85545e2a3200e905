"""Signing in: a wrong token leads to the login page; pasting the right token there opens the
dashboard; the API refuses a request without the token with a 401 JSON error.

Screenshots: login-phone.png, login-laptop.png (the login page).
"""

import json
import urllib.error
import urllib.request

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]


def run(b):
    # A wrong token in the URL wins over the session cookie: the login page, no dashboard, and
    # it says why (issue 19, problem 5: it used to clear the field with no message).
    b.open("/?token=" + "0" * 32)
    b.wait("#token")
    assert b.path == "/login?reason=wrongToken", f"a wrong token leads to /login, not {b.path}"
    message = b.wait_text("#login-error", "is not this dashboard's")
    assert message.get_attribute("role") == "alert", "the message is announced"
    b.screenshot("login")

    # Pasting a wrong token in the form: the same message.
    b.type("#token", "f" * 32)
    b.press("#token", Keys.ENTER)
    b.wait_text("#login-error", "is not this dashboard's")

    # Without a cookie, the dashboard sends the browser to the login page, with nothing to regret.
    b.driver.delete_all_cookies()
    b.open("/")
    b.wait("#token")
    assert b.path == "/login", f"without the token / leads to /login, not {b.path}"
    assert not b.find_all("#login-error"), "no error before a token was tried"

    # A cookie of an old token: signed out, said so.
    b.driver.add_cookie({"name": "nightlight_token", "value": "1" * 32, "path": "/"})
    b.open("/")
    b.wait_text("#login-error", "You were signed out")

    # Pasting the token (by keyboard only) opens the dashboard and keeps the session in a cookie.
    b.tab_to("#token")
    b.type("#token", b.token)
    b.press("#token", Keys.ENTER)
    b.wait_gone("#token")
    assert b.path.split("#")[0] == "/", f"the token opens the dashboard at /, not {b.path}"
    assert "token=" not in b.driver.current_url, "the token is removed from the address bar"
    cookie = b.driver.get_cookie("nightlight_token")
    assert cookie and cookie["value"] == b.token and cookie.get("httpOnly"), f"an HttpOnly session cookie: {cookie}"
    assert not b.find_all("form[action='/'] input[name=token]"), "the dashboard, not the login form"

    # The API without a token: 401 with a JSON error, in the browser and for a script. (Leave the
    # dashboard first: its scripts, seeing a 401 once the cookie is gone, would go to /login.)
    b.open("/login")
    b.driver.delete_all_cookies()
    b.allow_console("401")
    b.open("/api/devices")
    shown = b.find("body").text
    first = shown.find("{")
    assert first >= 0, f"a JSON error is shown for /api without a token, not {shown!r}"
    error = json.JSONDecoder().raw_decode(shown[first:])[0].get("error", {})
    assert error.get("code") == "unauthorized" and error.get("message"), f"401 unauthorized with a message: {shown!r}"

    try:
        urllib.request.urlopen(b.base_url + "/api/devices", timeout=10)
        b.fail("GET /api/devices without a token succeeded")
    except urllib.error.HTTPError as refused:
        assert refused.code == 401, f"401 without a token, not {refused.code}"
        assert refused.headers.get("WWW-Authenticate") == "Bearer", f"WWW-Authenticate: {refused.headers.get('WWW-Authenticate')}"
        assert json.loads(refused.read())["error"]["code"] == "unauthorized"

    # With the token, the same request is answered.
    assert isinstance(b.api("GET", "/api/devices"), list), "GET /api/devices with the token lists the paired nightlights"
    status, body = b.api("GET", "/api/devices/C4:4E:4C:00:00:09/status", expect=404)
    assert body["error"]["code"] == "deviceNotFound", f"an unpaired address: {body}"
