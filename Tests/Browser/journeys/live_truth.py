"""Pages show the nightlight's truth without a reload (issue 19, problem 2): Mia's Today page is
open on this phone while another phone (the API, as the dashboard's other pages and phones use it)
changes the button settings, the child's name and the temporary schedule: each shows on the open
page within seconds. Then the button settings are changed on the Button page of this phone, and
Today shows them at once when it is opened again (it drew the app's last copy before).

Screenshots: live-truth (Today after the changes made elsewhere).
"""

SIZES = ["phone", "laptop"]

MIA = "C4:4E:4C:00:00:02"
# The page reads the status again every 10 s while shown: a change is there within ~12 s.
WITHIN = 20


def prepare(env):
    env.nightlight("pair", "SN-0002")


def run(b):
    b.wait_text("[data-test=child-name]", "Mia", timeout=30)
    b.wait("#connection[data-state=connected]", timeout=30)
    before = b.api("GET", f"/api/devices/{MIA}/button")["settings"]

    # Another phone changes the button settings: the Today card follows.
    b.api("PUT", f"/api/devices/{MIA}/button", {**before, "onTime": 330, "color": "#00FF00"})
    b.wait_text("[data-test=button-card]", "Light #00FF00 for 5 min 30 s", timeout=WITHIN)

    # … and the child's name: the heading and the switcher follow.
    b.api("PUT", f"/api/devices/{MIA}/child-name", {"childName": "Maya"})
    b.wait_text("[data-test=child-name]", "Maya", timeout=WITHIN)

    # … and writes a temporary schedule for 2 days: the card and the timeline follow.
    status = b.api("GET", f"/api/devices/{MIA}/status")
    b.api("PUT", f"/api/devices/{MIA}/temporary-schedule",
          {"remainingDays": 2, "periods": [{"start": 1200, "end": 1320, "color": "#402000", "fade": 0}]},
          )
    b.wait_text("[data-test=temporary-days]", "2 days left", timeout=WITHIN)
    assert status["temporarySchedule"]["remainingDays"] != 2, "the change was not there before"
    b.screenshot("live-truth")

    # This phone changes the button on its Button page; Today shows it as soon as it opens.
    b.click("[data-test=nav-button]")
    b.type("#button-on-minutes", "7")
    b.click("#button-save")
    b.wait_text("[data-test=button-state]", "has now")
    b.click("[data-test=nav-dashboard]")
    b.wait_text("[data-test=button-card]", "for 7 min", timeout=5)
