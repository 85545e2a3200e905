"""The `b` object a browser journey drives the dashboard with (Tests/Browser/journeys/NAME.py).

`run_journey.py` makes one per size (phone 390x844, laptop 1440x900) around a headless Chromium
already signed in to a fresh dashboard, and calls the journey's `run(b)`:

    def run(b):
        b.open("/#/pair")
        b.click("[data-test=pair-SN-0002]")
        b.wait_text("#toast", "Paired")
        assert b.api("GET", "/api/devices")[0]["childName"] == "Mia", "paired in the store"
        b.screenshot("pair")

Every wait is bounded (`timeout` seconds, 10 by default) and fails with an AssertionError that
says what was awaited and what the page showed instead.
"""

import json
import os
import time
import urllib.error
import urllib.request

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys  # noqa: F401 (journeys may `from harness import Keys`)
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

DEFAULT_TIMEOUT = 10
POLL = 0.1  # seconds between checks of a wait


class Browser:
    """One signed-in browser on one dashboard, at one size.

    `driver` is the Selenium WebDriver, `size` "phone" or "laptop", `base_url` the dashboard's
    origin (`http://127.0.0.1:PORT`), `token` its access token, `env` the run's environment
    (the one `prepare(env)` got: `env.tmp`, `env.db`, `env.nightlight(...)`), `server` the running
    dashboard (`server.stop()`, then `server.start()` on the same port).
    """

    def __init__(self, driver, size, base_url, token, screenshots, env):
        self.driver = driver
        self.size = size
        self.base_url = base_url
        self.token = token
        self.env = env
        self._screenshots = screenshots
        self.allowed_console = []
        self.server = None  # set by run_journey.py

    # Pages

    def open(self, path="/"):
        """Loads `path` (relative to the dashboard, e.g. "/#/week/C4:4E:4C:00:00:02")."""
        self.driver.get(self.base_url + path)

    @property
    def path(self):
        """The current URL without the origin (e.g. "/#/pair")."""
        url = self.driver.current_url
        return url[len(self.base_url):] if url.startswith(self.base_url) else url

    # Finding

    def find(self, css):
        """The first element matching `css` now (visible or not); fails when there is none."""
        found = self.driver.find_elements(By.CSS_SELECTOR, css)
        if not found:
            self.fail(f"no element matches `{css}` on {self.path}")
        return found[0]

    def find_all(self, css):
        """Every element matching `css` now (maybe none)."""
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait(self, css, timeout=DEFAULT_TIMEOUT):
        """The first element matching `css` once it is visible."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))
        except TimeoutException:
            state = "present but hidden" if self.find_all(css) else "not in the page"
            self.fail(f"waited {timeout} s for `{css}` to be visible on {self.path}: {state}")

    def wait_gone(self, css, timeout=DEFAULT_TIMEOUT):
        """Waits until no element matching `css` is visible (removed or hidden)."""
        def gone(driver):
            try:
                return not any(e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, css))
            except StaleElementReferenceException:
                return False
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(gone)
        except TimeoutException:
            self.fail(f"waited {timeout} s for `{css}` to go on {self.path}: still visible")

    def wait_text(self, css, text, timeout=DEFAULT_TIMEOUT):
        """The first visible element matching `css` once its text contains `text`."""
        def found(driver):
            try:
                for element in driver.find_elements(By.CSS_SELECTOR, css):
                    if element.is_displayed() and text in element.text:
                        return element
            except StaleElementReferenceException:
                pass
            return False
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(found)
        except TimeoutException:
            texts = [e.text for e in self.find_all(css) if _displayed(e)]
            self.fail(f"waited {timeout} s for `{css}` to contain {text!r} on {self.path}; visible texts: {texts!r}")

    # Acting

    def click(self, css, timeout=DEFAULT_TIMEOUT):
        """Scrolls the element matching `css` into view and clicks it once it is clickable
        (visible, enabled, not covered)."""
        deadline = time.monotonic() + timeout
        element = self.wait(css, timeout)
        while True:
            try:
                WebDriverWait(self.driver, max(0.1, deadline - time.monotonic()), poll_frequency=POLL).until(EC.element_to_be_clickable(element))
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
                element.click()
                return element
            except (ElementClickInterceptedException, ElementNotInteractableException) as error:
                if time.monotonic() > deadline:
                    self.fail(f"`{css}` could not be clicked within {timeout} s on {self.path}: {_message(error)}")
                time.sleep(0.1)
            except StaleElementReferenceException:
                if time.monotonic() > deadline:
                    self.fail(f"`{css}` kept being replaced for {timeout} s on {self.path}")
                element = self.wait(css, max(0.1, deadline - time.monotonic()))
            except TimeoutException:
                self.fail(f"`{css}` did not become clickable (enabled) within {timeout} s on {self.path}")

    def type(self, css, text, clear=True, timeout=DEFAULT_TIMEOUT):
        """Types `text` into the field matching `css` (emptied first unless clear=False).
        For `<input type=file>` (often hidden) `text` is the path of the file to choose."""
        found = self.find_all(css)
        if found and found[0].get_attribute("type") == "file":
            found[0].send_keys(os.path.abspath(text))
            return found[0]
        element = self.wait(css, timeout)
        if clear:
            element.clear()
        element.send_keys(text)
        return element

    def press(self, css, key):
        """Sends `key` (from selenium.webdriver.common.keys.Keys, or text) to the element
        matching `css`, or to the focused element when css is None."""
        element = self.driver.switch_to.active_element if css is None else self.wait(css)
        element.send_keys(key)
        return element

    def tab_to(self, css, limit=80):
        """Presses Tab from where the focus is now until the element matching `css` has the
        focus; fails after `limit` presses (the element is not reachable by keyboard).
        Returns the number of presses."""
        target = self.find(css)
        for presses in range(limit + 1):
            if self.driver.execute_script("return document.activeElement === arguments[0]", target):
                return presses
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
        focused = self.driver.execute_script(
            "const e = document.activeElement; return e ? e.outerHTML.slice(0, 120) : 'nothing'")
        self.fail(f"`{css}` did not get the focus after {limit} Tab presses on {self.path}; focus is on {focused}")

    # Evidence and set-up

    def screenshot(self, name):
        """Saves the viewport as NAME-<size>.png in the run's screenshot folder; returns its path.

        First checks the page for words a person should never see (`null`, `undefined`, `NaN`, a
        lone `false` or `true`, `[object Object]`): every journey's screenshots are such checks.
        """
        self.check_words()
        self.check_names()
        os.makedirs(self._screenshots, exist_ok=True)
        path = os.path.join(self._screenshots, f"{name}-{self.size}.png")
        self.driver.save_screenshot(path)
        return path

    def check_words(self):
        """Fails when the visible text of the page holds a programming word: a value the page
        printed without turning it into words (`null`, `undefined`, `NaN`, `[object Object]`, a
        lone `true` or `false`)."""
        found = self.driver.execute_script(r"""
            const words = /(^|[^\w-])(null|undefined|NaN|true|false|\[object Object\])(?![\w-])/;
            const hits = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent;
              const element = node.parentElement;
              if (!words.test(text) || !element || element.closest("code, pre, script, style, [data-raw]")) continue;
              if (!element.checkVisibility()) continue;
              hits.push(text.trim().slice(0, 80));
            }
            return hits;""")
        if found:
            self.fail(f"the page on {self.path} shows programming words a person should not see: {found[:5]}")
        # One clock format (issue 19, problem 6): the 24-hour clock everywhere, typed and shown.
        twelve = self.driver.execute_script(r"""
            const text = document.body.innerText;
            const match = /\b\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s?(?:AM|PM|am|pm|a\.m\.|p\.m\.)/.exec(text);
            const inputs = document.querySelectorAll("input[type=time]").length;
            return match ? match[0] : inputs ? `${inputs} <input type=time>` : null;""")
        if twelve:
            self.fail(f"the page on {self.path} shows a 12-hour time ({twelve}); every time is on the 24-hour clock")

    # Controls a screen reader announces by their name: each must have one.
    NAMED_ROLES = {"button", "link", "textbox", "checkbox", "switch", "combobox", "spinbutton", "slider",
                   "radio", "menuitem", "tab", "searchbox", "listbox", "option"}

    def check_names(self):
        """Fails when a control in Chromium's own accessibility tree (CDP Accessibility.getFullAXTree)
        has no accessible name: a screen reader would announce only "button"."""
        tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})
        nameless = []
        for node in tree.get("nodes", []):
            if node.get("ignored"):
                continue
            role = (node.get("role") or {}).get("value")
            name = ((node.get("name") or {}).get("value") or "").strip()
            if role in self.NAMED_ROLES and not name:
                nameless.append(f"{role} (backend node {node.get('backendDOMNodeId')})")
        if nameless:
            self.fail(f"the page on {self.path} has controls without an accessible name: {nameless[:8]}")

    def api(self, method, path, body=None, expect=None, timeout=60):
        """Calls the dashboard's API directly with the token (`Authorization: Bearer`).

        `body` is sent as JSON, or raw as application/octet-stream when it is bytes. Returns the
        parsed JSON (None when empty). A status other than 2xx fails with the error JSON, unless
        `expect=STATUS` is given: then it must be that status and (status, json) is returned.
        """
        data, headers = None, {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if isinstance(body, (bytes, bytearray)):
            data, headers["Content-Type"] = bytes(body), "application/octet-stream"
        elif body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        value = json.loads(text) if text.strip() else None
        if expect is not None:
            if status != expect:
                self.fail(f"{method} {path}: expected {expect}, got {status} {text}")
            return status, value
        if not 200 <= status < 300:
            self.fail(f"{method} {path}: {status} {text}")
        return value

    def fail(self, message):
        """Ends the journey with a failure."""
        raise AssertionError(message)

    def wait_until(self, what, check, timeout=15):
        """Polls `check()` every 0.2 s until it returns something true, and returns that; fails
        after `timeout` s saying it waited for `what`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.2)
        self.fail(f"waited {timeout} s for {what}")

    def allow_console(self, *patterns):
        """Lets browser console errors (SEVERE) that contain one of `patterns` pass: the failed
        requests a journey provokes on purpose (e.g. "401"). Matched against the message with
        the dashboard's origin removed."""
        self.allowed_console.extend(patterns)


def _displayed(element):
    try:
        return element.is_displayed()
    except StaleElementReferenceException:
        return False


def _message(error):
    """A WebDriver error's message without chromedriver's native stack trace."""
    return (getattr(error, "msg", None) or str(error)).split("\nStacktrace:")[0].strip()
