"""Navigation with the keyboard only: the skip link comes first and leads to the content; each
section of the nav (Today, Week, Library, Button, Firmware, History, Device) is reached with Tab
and opened with Enter, is marked as the current page, loads its view (no "could not load"), and
fits the screen without sideways scrolling; the nightlight switcher and the pairing button are
reachable too.

Screenshots: nav-<section> for each section (phone and laptop).
"""

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]

ADDRESS = "C4:4E:4C:00:00:02"
SECTIONS = ["week", "library", "button", "firmware", "history", "info", "dashboard"]


def prepare(env):
    env.nightlight("pair", "SN-0002")


def fits(b):
    return b.driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def run(b):
    # The harness has opened "/": the dashboard of the paired nightlight.
    b.wait("[data-test=child-name]", timeout=30)
    b.wait("#connection[data-state=connected]", timeout=30)

    # The skip link comes before everything else (just before the brand link); Enter moves to
    # the content.
    b.driver.execute_script("document.querySelector('.brand').focus()")
    b.press(None, Keys.SHIFT + Keys.TAB)
    assert b.driver.execute_script("return document.activeElement.id") == "skip-link", "the skip link comes first"
    b.press(None, Keys.ENTER)
    assert b.driver.execute_script("return document.activeElement.id") == "view", "the skip link moves the focus to the content"

    for route in SECTIONS:
        link = f"#nav-{route}"
        b.tab_to(link)
        b.press(None, Keys.ENTER)
        b.wait(f"#view .view[data-route={route}] h1", timeout=20)
        assert b.path.endswith(f"#/{route}/{ADDRESS}"), f"Enter on {link} opens #/{route}/{ADDRESS}, not {b.path}"
        assert b.find(link).get_attribute("aria-current") == "page", f"{link} is marked as the current page"
        assert not b.find_all("[data-test=load-failed]"), f"the {route} section loads"
        assert fits(b), f"the {route} view fits the {b.size} screen without sideways scrolling"
        assert b.driver.execute_script("return document.activeElement.matches(arguments[0])", link), \
            "the focus stays on the nav link, so the next section is one Tab away"
        b.screenshot(f"nav-{route}")

    # The switcher and the pairing button.
    b.tab_to("#sn-switcher")
    assert "Mia" in b.find("#sn-switcher").text, "the switcher names the child"
    b.tab_to("#nav-pair")
    b.press(None, Keys.ENTER)
    b.wait("[data-test=scan-list]", timeout=20)
    assert b.path.endswith("#/pair"), f"the pairing page opens, not {b.path}"
