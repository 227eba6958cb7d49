"""Template family `cost_statics`: '<this card> costs [1] less to purchase for each of your
(different) active [X] character dice' (from the team, active or not) and Turtle Power
('while <this> is active, other [TURTLE] character dice cost 1 less'), on real cards, through
the engine's purchase-cost query and a purchase (R7.3)."""

from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import (
    compiled_real,
    real_cards,
    real_engine_cards,
    real_line,
    real_status,
)
from tests.rules.abilities.scenario import board, play


def _cost(state, cards, key: str, player: str = "P1") -> int:
    return query.purchase_cost(state, cards, player, key).value


def test_costs_less_for_each_different_active_xmen_character_cerebra_8xmf():
    cards = real_cards("8xmf")  # onto Superman 19sww (cost 6)
    teams = ("19sww:2 1uxm:2 4uxm:2 basic 31sww", "5sww:2 basic 34sww")
    setup = board(
        "P1 die 1uxm#1 field L1", "P1 die 1uxm#2 field L1", "P1 die 4uxm#1 field L1",
        "P2 die 5sww#1 field L1", teams=teams,
    )  # fmt: skip
    state = play(cards, setup).final
    assert _cost(state, cards, "19sww") == 6 - 2  # Angel, Cyclops: two different X-Men
    assert _cost(state, cards, "19sww", "P2") == 6  # the holder's purchases only
    assert real_status("8xmf") == "automated"


def test_costs_less_for_each_active_villain_die_thanos_24ki_and_a_purchase():
    line = real_line("24ki", "Thanos costs")
    cards = real_cards("24ki", line)
    teams = ("19sww:2 5sww:2 basic 31sww", "5sww:2 basic 34sww")
    setup = board(
        "P1 die 5sww#1 field L1", "P1 die 5sww#2 field L1", "P2 die 5sww#1 field L1",
        "P1 die SK1 reserve shield", "P1 die SK2 reserve shield", "P1 die SK3 reserve shield",
        "P1 die SK4 reserve shield", teams=teams,
    )  # fmt: skip
    state = play(cards, setup).final
    assert _cost(state, cards, "19sww") == 6 - 2  # each die counts, not only different ones
    bought = play(cards, setup, "P1 buy 19sww pay SK1 SK2 SK3 SK4").final
    assert any(d.card == "19sww" and d.zone == Zone.USED for d in bought.dice)
    assert "for each of your Villain character dice" in describe(
        compiled_real("24ki", line).encoding
    )


def test_unique_active_character_dice_count_sidekicks_once_spider_man_86ig():
    cards = real_cards("86ig", real_line("86ig", "Spider-Man costs"))
    setup = board("P1 die SK1 field L1", "P1 die SK2 field L1", "P1 die 22sww#1 field L1")
    assert _cost(play(cards, setup).final, cards, "19sww") == 6 - 2  # Sidekick, Wonder Woman


def test_turtle_power_from_the_dash_line_14tmnt_and_the_reminder_text_23hhs():
    cards = real_engine_cards("14tmnt", "23hhs")
    teams = ("14tmnt:2 23hhs:2 basic 31sww", "14tmnt:2 basic 34sww")
    active = play(cards, board("P1 die 14tmnt#1 field L1", teams=teams)).final
    assert _cost(active, cards, "23hhs") == cards["23hhs"].cost - 1
    assert _cost(active, cards, "14tmnt") == cards["14tmnt"].cost  # 'other' dice only
    assert _cost(active, cards, "14tmnt", "P2") == cards["14tmnt"].cost
    idle = play(cards, board("P1 die 14tmnt#1 used", teams=teams)).final
    assert _cost(idle, cards, "23hhs") == cards["23hhs"].cost  # not active
    # Leonardo's reminder text defines his Turtle Power the same way.
    both = play(cards, board("P1 die 23hhs#1 field L1", teams=teams)).final
    assert _cost(both, cards, "14tmnt") == cards["14tmnt"].cost - 1
    for key in ("14tmnt", "29tmnt", "36tmnt", "1hhs", "9hhs", "23hhs", "29hhs", "32hhs"):
        assert real_status(key) == "automated", key


def test_cost_lines_that_stay_manual():
    for key, starts in (
        ("89thor", "Thorbuster Iron Man costs"),  # a minimum of 2
        ("23ig", "Bullseye costs"),  # dice showing burst faces
        ("68msw", "Franklin's Galactus costs"),  # dice in the Prep Area
        ("26tmnt", "Turtle Power"),  # a replacement, not a cost
    ):
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)
