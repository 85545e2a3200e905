"""Alerts (issue 19): the hub watches its nightlights and tells the parent, in plain words, on
Home, on the nightlight's Today, in its History, and as a browser notification once the parent
switched them on (and the browser allowed them), once per alert.

Mia's and Leo's nightlights are paired; Noa's was paired long ago and has been off for two hours.
The virtual nightlights are driven through `--sim-control`: Mia's charger is unplugged and her
battery drops to 15 % (low), then 4 % (almost empty: critical replaces low); her link is lost for
a moment (no alert: it is back at once); her clock is put 2 hours behind (clock off); then she is
plugged in (the battery alerts clear). Noa's nightlight, not reached for over an hour, is
"not reachable". The notifications are recorded by wrapping the browser's own (which must exist
and be allowed); with the permission denied, the control says so.

Screenshots: alerts-home, alerts-today, alerts-history, alerts-denied.
"""

import datetime
import sqlite3
import time

import home

SIZES = ["phone", "laptop"]
SERVER_OPTIONS = ["--sim-control"]

MIA, LEO, NOA = home.MIA, home.LEO, home.NOA  # Noa's is not in the sim world: switched off


def prepare(env):
    home.prepare(env)
    # Noa's nightlight was last seen two hours ago.
    two_hours_ago = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=2)).strftime("%Y-%m-%d %H:%M:%S.000")
    with sqlite3.connect(env.db) as db:
        db.execute("UPDATE pairedDevice SET lastSeen = ? WHERE address = ?", (two_hours_ago, NOA))


def sim(b, address, action, *arguments):
    return b.api("POST", f"/api/sim/devices/{address}/actions/{action}", {"arguments": [str(a) for a in arguments]})


# Records every notification the page shows (through the service worker or the page's own),
# after checking that the browser's real Notification exists and is allowed.
RECORD_NOTIFICATIONS = """
if (typeof Notification !== "function") return "no Notification API";
if (Notification.permission !== "granted") return `permission is ${Notification.permission}`;
if (!window.__shown) {
  window.__shown = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.__shown.push({title, body: options?.body ?? ""}); }
  };
  if (window.ServiceWorkerRegistration) {
    const real = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = async function (title, options) {
      await real.call(this, title, options);
      window.__shown.push({title, body: options?.body ?? ""});
    };
  }
}
return "recording";
"""


def shown(b):
    return b.driver.execute_script("return window.__shown ?? []")


def wait_shown(b, words, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        titles = [n["title"] for n in shown(b)]
        if any(words in t for t in titles):
            return titles
        time.sleep(0.25)
    b.fail(f"no notification said {words!r} within {timeout} s; shown: {[n['title'] for n in shown(b)]}")


def alert(b, kind, address):
    return f"[data-test=alert][data-kind={kind}][data-address='{address}']"


def open_alerts(b):
    return [(a["kind"], a["address"]) for a in b.api("GET", "/api/alerts")["alerts"]]


def run(b):
    b.allow_console("/status - Failed to load resource: the server responded with a status of 504")
    d = b.driver
    d.execute_cdp_cmd("Browser.grantPermissions", {"origin": b.base_url, "permissions": ["notifications"]})
    b.wait("[data-test=notify-control]", timeout=60)
    assert d.execute_script(RECORD_NOTIFICATIONS) == "recording"
    b.click("[data-test=notify-on]")
    b.wait("[data-test=notify-control][data-state=on]")

    # Noa's nightlight: not reached for two hours; the Home read fails and raises the alert.
    b.wait_text(f"{alert(b, 'unreachable', NOA)} [data-test=alert-headline]", "Noa's nightlight has not been reachable for over an hour", timeout=90)
    wait_shown(b, "Noa's nightlight has not been reachable")

    # Mia's battery runs low: her Today says so, once, and so does a notification.
    b.click(f"[data-test=home-card][data-address='{MIA}']")
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
    assert d.execute_script(RECORD_NOTIFICATIONS) == "recording"  # a new page? (it is not: hash routing)
    sim(b, MIA, "unplug")
    sim(b, MIA, "battery", 15)
    b.wait_text(f"{alert(b, 'batteryLow', MIA)} [data-test=alert-headline]", "Mia's nightlight battery is low (15 %)", timeout=40)
    b.wait_text(alert(b, "batteryLow", MIA), "Charge it today.")
    wait_shown(b, "Mia's nightlight battery is low (15 %)")
    b.screenshot("alerts-today")

    # Almost empty: critical replaces low.
    sim(b, MIA, "battery", 4)
    b.wait_text(f"{alert(b, 'batteryCritical', MIA)} [data-test=alert-headline]", "battery is almost empty (4 %)", timeout=40)
    b.wait_gone(alert(b, "batteryLow", MIA), timeout=30)
    wait_shown(b, "battery is almost empty (4 %)")

    # A link lost for a moment is no alert: the hub reconnects at once.
    assert sim(b, MIA, "linkLoss")["outcome"] == "the link was lost"
    b.wait("[data-test=connection][data-state=connected]", timeout=60)

    # The clock goes 2 hours behind: the next read raises the clock alert.
    sim(b, MIA, "clock", -120)
    b.wait_text(f"{alert(b, 'clockOff', MIA)} [data-test=alert-headline]", "Mia's nightlight clock is 2 h behind", timeout=40)
    wait_shown(b, "Mia's nightlight clock is 2 h behind")
    assert ("unreachable", MIA) not in open_alerts(b), f"a moment's link loss raised no alert: {open_alerts(b)}"

    # Home lists every open alert, critical first.
    b.click(".brand")
    b.wait(alert(b, "batteryCritical", MIA), timeout=30)
    b.wait(alert(b, "clockOff", MIA))
    b.wait(alert(b, "unreachable", NOA))
    kinds = [e.get_attribute("data-kind") for e in b.find_all("[data-test=alert]")]
    assert kinds[0] == "batteryCritical" and sorted(kinds) == ["batteryCritical", "clockOff", "unreachable"], kinds
    b.screenshot("alerts-home")

    # Each alert was told once.
    titles = [n["title"] for n in shown(b)]
    for words in ["Noa's nightlight has not been reachable", "battery is low (15 %)", "almost empty (4 %)", "clock is 2 h behind"]:
        assert sum(words in t for t in titles) == 1, f"one notification for {words!r}: {titles}"
    assert len(titles) == 4, titles

    # Plugged in: the battery alert clears; the history keeps both, over.
    sim(b, MIA, "plug")
    b.open(f"/#/dashboard/{MIA}")
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
    b.wait_gone(alert(b, "batteryCritical", MIA), timeout=40)
    b.open(f"/#/history/{MIA}")
    b.wait("[data-test=alert-history]", timeout=30)
    entries = b.find_all("[data-test=past-alert]")
    kinds = sorted(e.get_attribute("data-kind") for e in entries)
    assert kinds == ["batteryCritical", "batteryLow", "clockOff"], f"each raised once (charging raised nothing): {kinds}"
    past = {e.get_attribute("data-kind"): e for e in entries}
    assert "Over since" in past["batteryLow"].text and past["batteryCritical"].get_attribute("data-open") == "false", past["batteryCritical"].text
    assert "Still on" in past["clockOff"].text, past["clockOff"].text
    b.screenshot("alerts-history")

    # Denied in the browser: the control says so plainly.
    d.execute_cdp_cmd("Browser.setPermission", {"origin": b.base_url, "permission": {"name": "notifications"}, "setting": "denied"})
    b.open("/#/home")
    d.refresh()
    control = b.wait("[data-test=notify-control][data-state=denied]", timeout=30)
    assert "blocked" in control.text and "settings" in control.text, control.text
    b.screenshot("alerts-denied")
