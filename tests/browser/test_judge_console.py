"""Acceptance: a judge opens a dispute from a match, builds the board, enters a sequence with
an illegal step, steps through it with the keyboard, reads the rule and the reason, forks,
compares the branches and records a ruling with a penalty; the player then reads the ruling.
Screenshots of the board go to test-artifacts/."""

import re

import pytest
from playwright.sync_api import expect

from judging.models import Dispute, Penalty
from tests.judging.conftest import table as table  # noqa: F401 (the fixture)
from tournaments import services
from tournaments.models import Match, TimeExtension

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "pw-for-tests-only"


def log_in(page, live_server, username: str, next_url: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


def place(page, die: str, zone: str, face: str = "") -> None:
    page.get_by_label(f"{die} zone").select_option(zone)
    if face:
        page.get_by_label(f"{die} face").select_option(face)


def test_a_judge_rebuilds_a_dispute_steps_through_it_forks_and_rules(
    table,  # noqa: F811
    live_server,
    browser,
    screenshot_dir,
):
    services.round_start(round_=table.match.round)
    context = browser.new_context(viewport={"width": 1366, "height": 768})  # a laptop
    page = context.new_page()
    slug = table.event.slug
    log_in(page, live_server, "judge", f"/manage/{slug}/rounds/1/")

    # From the round page, the match's table: open a dispute with the clock paused.
    page.locator(f"#match-{table.match.pk}").get_by_role("link", name="open a dispute").click()
    page.get_by_label("What do the players disagree about?").fill(
        "Can Superman block Cheetah from the Reserve Pool?"
    )
    expect(page.get_by_label(re.compile("Pause this table's clock"))).to_be_checked()
    page.get_by_role("button", name="Open the dispute").click()
    board_heading = page.get_by_role("heading", name="The board at the moment of the dispute")
    expect(board_heading).to_be_visible()
    assert Match.objects.get(pk=table.match.pk).clock_paused_at is not None

    # The board editor: an impossible board first (a character face in P1's Reserve Pool on
    # P2's turn), refused with the rule; then the real board.
    page.locator("input[name=turn]").fill("6")
    page.locator("select[name=active]").select_option("P2")
    page.locator("input[name=life-P1]").fill("9")
    page.locator("input[name=life-P2]").fill("14")
    place(page, "P1:22sww#1", "field", "L2")
    place(page, "P1:SK1", "field", "L1")
    place(page, "P1:19sww#1", "reserve", "L1")
    place(page, "P2:5sww#1", "field", "L3")
    place(page, "P2:5sww#2", "reserve", "mask")
    page.get_by_role("button", name="Save the board").click()
    refused = page.locator("tr[data-die='P1:19sww#1'] .row-error")
    expect(refused).to_contain_text("R4.3")
    expect(refused).to_contain_text("opponent's turn")
    page.screenshot(path=screenshot_dir / "judge-board-editor.png")
    page.get_by_label("P1:19sww#1 face").select_option("shield")
    page.get_by_role("button", name="Save the board").click()
    expect(page.get_by_role("heading", name=re.compile("The sequence"))).to_be_visible()

    # The sequence: a typo first (line and column shown), then an illegal block.
    sequence = page.get_by_label("The disputed sequence")
    sequence.fill("P2 attack 5sww#1\nP1 blokc 19sww#1>5sww#1\n")
    page.get_by_role("button", name="Save and replay").click()
    expect(page.get_by_role("alert")).to_contain_text("Sequence line 2, column 4")
    expect(page.get_by_role("alert")).to_contain_text("unknown action 'blokc'")
    page.screenshot(path=screenshot_dir / "judge-sequence-typo.png", full_page=True)
    sequence = page.get_by_label("The disputed sequence")
    sequence.fill("P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n")
    # A judge adjustment built by the form, added as a line (then removed: not needed here).
    page.locator("#adjustment-builder select[name=kind]").select_option("modifier")
    page.locator("#adjustment-builder select[name=die]").select_option("P2:5sww#1")
    page.locator("#adjustment-builder input[name=attack]").fill("1")
    page.locator("#adjustment-builder input[name=note]").fill("Feline Fury")
    page.get_by_role("button", name="Add the line").click()
    expect(sequence).to_have_value(re.compile(r"judge modifier P2:5sww#1 \+1A -- Feline Fury\n$"))
    sequence.fill("P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n")
    page.get_by_role("button", name="Save and replay").click()

    # Step through with the keyboard: each step has its own URL.
    expect(page.locator(".position")).to_contain_text("Step 0 of 2")
    expect(page.locator(".player-area.side-P1 .life-number")).to_have_text("9")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".position")).to_contain_text("Step 1 of 2")
    expect(page).to_have_url(re.compile(r"/steps/1/$"))
    expect(page.locator(".combat .attacker")).to_contain_text("Cheetah")
    expect(page.locator(".this-step")).to_contain_text("P2 attack 5sww#1")
    expect(page.locator(".rules-applied")).to_contain_text("R11.1")
    page.locator(".combat [data-die-id='P2:5sww#1']").click()
    expect(page.locator("#inspector")).to_contain_text("5 = 5 printed")
    page.screenshot(path=screenshot_dir / "judge-console-attack.png", full_page=True)

    page.keyboard.press("ArrowRight")
    expect(page.locator(".position")).to_contain_text("Step 2 of 2")
    verdict = page.locator(".illegal-verdict")
    expect(verdict).to_contain_text("Illegal")
    expect(verdict.locator(".rule")).to_have_text(re.compile(r"R\d+\.\d+"))
    rule = verdict.locator(".rule").inner_text()
    expect(verdict).to_contain_text("19sww#1")
    expect(page.locator(".timeline .chip.illegal")).to_have_count(1)
    page.screenshot(path=screenshot_dir / "judge-console-illegal.png", full_page=True)
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".position")).to_contain_text("Step 1 of 2")
    page.locator(".timeline a.chip", has_text="board").click()
    expect(page.locator(".position")).to_contain_text("Step 0 of 2")
    page.keyboard.press("End")
    expect(page).to_have_url(re.compile(r"/steps/2/$"))
    page.keyboard.press("Home")
    expect(page.locator(".position")).to_contain_text("Step 0 of 2")
    page.go_back()
    expect(page.locator(".position")).to_contain_text("Step 2 of 2")
    step_two = page.url.removeprefix(live_server.url)
    page.reload()  # the step's URL stands alone
    expect(page.locator(".illegal-verdict")).to_contain_text(rule)

    # Fork at the illegal step: the legal blocks, then damage.
    page.get_by_label("Instead of this step").fill(
        "P1 block 22sww#1>5sww#1 SK1>5sww#1\nP2 damage 5sww#1>22sww#1=4 5sww#1>SK1=1"
    )
    page.get_by_label("Name of the new branch").fill("Blocks from the Field")
    page.get_by_role("button", name="Fork a new branch").click()
    expect(page.get_by_role("status")).to_contain_text("forked at step 2")
    expect(page.locator(".position")).to_contain_text("Step 2 of 3")
    expect(page.locator(".legal-verdict")).to_be_visible()
    expect(page.locator(".combat .blockers")).to_contain_text("Wonder")
    page.screenshot(path=screenshot_dir / "judge-console-blocked.png")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".position")).to_contain_text("Step 3 of 3")
    expect(page.locator(".events")).to_contain_text("KO")
    page.screenshot(path=screenshot_dir / "judge-console-fork.png", full_page=True)

    # Both branches side by side, the differences marked.
    page.get_by_role("link", name="Compare branches").click()
    expect(page.locator(".differences")).to_contain_text("P1:SK1")
    expect(page.locator(".compare-grid .die.differs").first).to_be_visible()
    page.screenshot(path=screenshot_dir / "judge-console-compare.png", full_page=True)

    # The ruling, with a warning to the player who declared the illegal block.
    page.goto(f"{live_server.url}/judging/disputes/{Dispute.objects.get().pk}/ruling/")
    page.get_by_label("Answer (the ruling)").fill(
        "No: only character dice in the Field can block. Superman stays in the Reserve Pool."
    )
    page.get_by_label("Rule IDs").fill(f"{rule}, R11.2")
    page.get_by_label("Branch upheld").select_option(label="Blocks from the Field")
    page.get_by_label("Judges' notes (never shown to the players)").fill("P1 argued at length.")
    page.get_by_label("Penalty to").select_option("P1")
    page.get_by_label("Penalty", exact=True).select_option("warning")
    page.get_by_label("Reason for the penalty").fill("Declared a blocker from the Reserve Pool")
    page.get_by_role("button", name="Record the ruling").click()
    expect(page.get_by_role("status")).to_contain_text("Ruling recorded")
    page.screenshot(path=screenshot_dir / "judge-dispute-ruled.png", full_page=True)
    expect(page.locator("body")).to_contain_text("Declared a blocker from the Reserve Pool")
    assert Penalty.objects.get().kind == "warning"
    match = Match.objects.get(pk=table.match.pk)
    assert match.clock_paused_at is None and TimeExtension.objects.filter(match=match).exists()
    context.close()

    # A judge on the floor with a phone: the same step reads in one column.
    floor = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    phone_judge = floor.new_page()
    log_in(phone_judge, live_server, "judge", step_two)
    expect(phone_judge.locator(".illegal-verdict")).to_contain_text(rule)
    phone_judge.screenshot(path=screenshot_dir / "judge-console-phone.png", full_page=True)
    floor.close()

    # The player reads the ruling on their match, not the judges' notes.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    player = phone.new_page()
    log_in(player, live_server, "player", f"/events/{slug}/matches/{table.match.pk}/")
    player.get_by_role("link", name=re.compile("ruling")).click()
    expect(player.locator("main")).to_contain_text("only character dice in the Field can block")
    expect(player.locator("main")).to_contain_text("Warning")
    expect(player.locator("main")).not_to_contain_text("argued at length")
    player.screenshot(path=screenshot_dir / "judge-ruling-player-phone.png", full_page=True)
    phone.close()
