"""The child button of Mia's nightlight (SN-0002), pressed once before the page opens: today's
status shows the light on, the time left and the uses; then the settings are changed (ON time,
presses a day, a quiet time past midnight, shake mode, the color from the color tool) and saved:
the nightlight holds exactly that. Out-of-range values are refused next to their fields and
nothing is written.

Screenshots: button-phone.png, button-laptop.png.
"""

from selenium.webdriver.common.keys import Keys

SIZES = ["phone", "laptop"]
ADDRESS = "C4:4E:4C:00:00:02"


def prepare(env):
    env.nightlight("pair", "SN-0002")
    env.nightlight("button", "set", "SN-0002", "--deactivation", "none")  # a press works at any hour
    env.nightlight("simulate", "press", "SN-0002")


def settings(b):
    return b.api("GET", f"/api/devices/{ADDRESS}/button")["settings"]


def run(b):
    # Signed in, the dashboard shows the first nightlight; open its Button section as a parent would.
    b.click("[data-test=nav-button]")
    b.wait("[data-test=button-light][data-on=true]")
    b.wait_text("[data-test=button-uses]", "1 of 3 presses used today")
    b.wait_text("[data-test=button-remaining]", "Goes off in")  # the time left is shown (it re-renders each second)
    assert not b.find("#button-window").is_selected(), "no quiet time"
    b.screenshot("button")

    # Change everything.
    b.type("#button-on-minutes", "5")
    b.type("#button-on-seconds", "30")
    b.type("#button-daily", "5")
    b.click("label[for=button-window]")
    b.type("#button-window-start", "21:00")
    b.type("#button-window-end", "07:00")
    b.click("label[for=button-shake]")
    b.click("#button-color")
    b.wait("dialog[data-test=color-tool]")
    b.click("[data-test=color-preset][data-color='#FF0000']")
    b.click("#color-apply")
    b.wait_gone("dialog[data-test=color-tool]")
    b.wait_text("#button-color", "#FF0000")
    summary = b.find("[data-test=button-summary]").text
    for part in ("red", "5 min 30 s", "up to 5 times a day", "except 21:00–07:00"):
        assert part in summary, f"the summary says {part!r}: {summary!r}"
    assert "the next morning" in b.find(".quiet-hint").text, "a quiet time past midnight is explained"

    b.tab_to("#button-save")
    b.press("#button-save", Keys.ENTER)
    b.wait_text("[data-test=button-state]", "has now")
    expected = {"isEnabled": True, "color": "#FF0000", "onTime": 330, "dailyUsage": 5,
                "deactivationWindow": {"start": 1260, "end": 420}, "shakeMode": True}
    assert settings(b) == expected, f"the nightlight holds the new settings: {settings(b)}"

    # Refusals: 300 presses a day, 61 minutes on.
    b.type("#button-daily", "300")
    note = b.wait("#button-daily + .field-error")
    assert "0 for no limit" in note.text and "255" in note.text, f"presses a day explained: {note.text!r}"
    b.type("#button-on-minutes", "61")
    note = b.wait("[data-field=onTime] + .field-error")
    assert "60 minutes" in note.text, f"ON time explained: {note.text!r}"
    b.wait_text("[data-test=button-state]", "Not ready")
    b.click("#button-save")
    assert settings(b) == expected, "nothing was written"

    # Revert brings the saved values back.
    b.click("#button-revert")
    b.wait_gone(".field-error")
    assert b.find("#button-daily").get_attribute("value") == "5", "the saved presses a day are back"

    # Today's button card shows what was saved, ON time to the second (issue 19, problem 5: 5:30
    # showed as "6 min"), without a reload (problem 2).
    b.click("[data-test=nav-dashboard]")
    card = b.wait_text("[data-test=button-card]", "Light #FF0000 for 5 min 30 s", timeout=30)
    assert "Does nothing 21:00–07:00" in card.text, f"the quiet time saved: {card.text!r}"
