"""Paired dice (K-HEROIC): the Uncanny X-Men Heroic cards, read from the real card pool, and
that set's rulebook ('Pairing Up', seeds/004): a die pairs up the moment it is fielded, with
its player's own die of another card, until the start of that player's next turn; pairing a
paired die leaves its old partner; 'They attack and block separately.'"""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from conftest import require_service
from rules.abilities.cards import engine_card
from rules.catalogue import read_catalogue
from rules.engine import Zone, log_from_json, log_to_json, parse_log
from rules.engine.notation import format_log
from tests.rules.engine.conftest import demo_cards
from tests.rules.engine.helpers import events, legal, refused

HEROES = ("24uxm", "89uxm", "3uxm", "100uxm", "103uxm")  # Wolverine, Storm, Angel, Cap, Iron Man
PAIRS_UP = re.compile(r"\bpair(?:s|ed)? up\b|\bpartner\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def pool():
    """The real card pool beside the repo, read once (the `carddata` fixture's files)."""
    path = Path(settings.CARDDATA_DIR) / "tdc-teambuilder-cards.json"
    if not path.exists():
        require_service("Card data", f"{path} is missing")
    return {card.key: card for card in read_catalogue(str(path)).cards}


@pytest.fixture(scope="module")
def cards(pool):
    return demo_cards() | {key: engine_card(pool[key]) for key in HEROES}


HEADER = """\
game tournament life 20 first P1
P1 team 24uxm:2 89uxm:2 3uxm:1 basic 34sww 31sww
P2 team 100uxm:1 103uxm:1 5sww:2 basic 34sww 32sww
"""
BOARD = (
    HEADER
    + """\
board turn 3 active P1 step main
P1 die 24uxm#1 field L1 paired 89uxm#1
P1 die 89uxm#1 field L1
P1 die 3uxm#1 reserve L1
P1 die SK1 field L1
P2 die 100uxm#1 field L1 paired 103uxm#1
P2 die 103uxm#1 field L1
P2 die 5sww#1 field L1
"""
)


def test_every_card_of_the_pool_that_pairs_dice_is_heroic_pairing_at_fielding(pool):
    """The readings the engine plays hold for every such card: pairing comes from Heroic, when
    the die is fielded, with a different Heroic character, until the start of the next turn."""
    pairing = [c for c in pool.values() if PAIRS_UP.search(" ".join(c.ability_lines))]
    assert len(pairing) >= 12 and set(HEROES) <= {c.key for c in pairing}
    for card in pairing:
        text = " ".join(card.ability_lines)
        assert re.search(
            r"Heroic: When fielded, .+? may pair up with a different Heroic character until "
            r"the start of your next turn",
            text,
        ), card.key


def test_a_board_line_says_which_dice_are_paired_and_round_trips(cards):
    replay = legal(cards, BOARD)
    assert replay.start.pairs == (("P1:24uxm#1", "P1:89uxm#1"), ("P2:100uxm#1", "P2:103uxm#1"))
    assert replay.start.partner("P1:89uxm#1") == "P1:24uxm#1"
    log = parse_log(BOARD, cards)
    assert "P1 die 24uxm#1 field L1 paired 89uxm#1" in format_log(log)
    assert parse_log(format_log(log), cards) == log
    assert log_from_json(json.loads(json.dumps(log_to_json(log))), cards) == log
    # The same pair written on both partners' lines is one pair.
    both = BOARD.replace("P1 die 89uxm#1 field L1", "P1 die 89uxm#1 field L1 paired 24uxm#1")
    assert legal(cards, both).start.pairs == replay.start.pairs


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # the rulebook: never another die of the same card (two Angels can't pair up)
        (
            ("paired 89uxm#1", "paired 24uxm#2\nP1 die 24uxm#2 field L1"),
            "same card",
        ),
        # the rulebook: only with your own dice
        (("P2 die 5sww#1 field L1", "P2 die 5sww#1 field L1 paired P1:89uxm#1"), "P1"),
        # partners are character dice in the Field (our reading)
        (("P1 die 3uxm#1 reserve L1", "P1 die 3uxm#1 reserve L1 paired SK1"), "Field"),
        # a sidekick has no card, so no Heroic ability
        (("P1 die SK1 field L1", "P1 die SK1 field L1 paired 3uxm#1"), "no card"),
        # one partner each
        (("P1 die 89uxm#1 field L1", "P1 die 89uxm#1 field L1 paired 3uxm#1"), "already"),
    ],
)
def test_an_impossible_pair_on_a_board_is_refused_with_k_heroic(cards, change, expected):
    text = BOARD.replace(*change)
    with pytest.raises(ValueError) as error:
        legal(cards, text)
    problems = error.value.problems
    assert [verdict.rule for _, verdict in problems] == ["K-HEROIC"], problems
    assert expected in problems[0][1].message


def test_a_judge_pairs_up_the_die_just_fielded_and_its_old_partner_is_left(cards):
    replay = legal(cards, BOARD + "P1 field 3uxm#1\njudge pair P1:3uxm#1 with P1:24uxm#1\n")
    step = replay.steps[-1]
    assert replay.final.pairs[-1] == ("P1:3uxm#1", "P1:24uxm#1")
    assert replay.final.partner("P1:89uxm#1") is None  # left by its old partner (rulebook)
    assert "K-HEROIC" in step.rules and step.manual
    assert "P1:3uxm#1 paired up with P1:24uxm#1" in step.changes()
    assert "P1:24uxm#1 and P1:89uxm#1 no longer paired" in step.changes()


def test_pairing_up_is_refused_when_the_die_was_not_just_fielded_or_is_not_ones_own(cards):
    # 'Pairing up can only be done the moment a hero is fielded'
    step = refused(cards, BOARD + "judge pair P1:89uxm#1 with P1:24uxm#1\n", "K-HEROIC")
    assert "not fielded this turn" in step.reason
    fielded = BOARD + "P1 field 3uxm#1\n"
    refused(cards, fielded + "judge pair P1:3uxm#1 with P2:5sww#1\n", "K-HEROIC")
    refused(cards, fielded + "judge pair P1:3uxm#1 with P1:3uxm#1\n", "K-HEROIC")
    refused(cards, fielded + "judge unpair P1:3uxm#1\n", "K-HEROIC")  # it has no partner
    token = fielded + "judge token P1 2/2 Drone\n"  # a token has no card: no Heroic ability
    step = refused(cards, token + "judge pair P1:3uxm#1 with P1:T1\n", "K-HEROIC")
    assert "no card" in step.reason
    legal(cards, fielded + "judge unpair P1:24uxm#1\n")


def test_partners_attack_separately(cards):
    """'They attack and block separately': one partner attacks, the other stays back."""
    replay = legal(cards, BOARD + "P1 attack 24uxm#1\n")
    state = replay.final
    assert state.die("P1:24uxm#1").zone == Zone.ATTACK
    assert state.die("P1:89uxm#1").zone == Zone.FIELD
    assert state.partner("P1:24uxm#1") == "P1:89uxm#1"  # the Attack Zone is the Field (R4.5)
    legal(cards, BOARD + "P1 attack 89uxm#1 SK1\n")  # the other one, with a sidekick


def test_partners_block_separately(cards):
    """Partners block different attackers, or one blocks and the other doesn't (R11.2)."""
    attack = BOARD + "P1 attack 24uxm#1 SK1\n"
    apart = legal(cards, attack + "P2 block 100uxm#1>24uxm#1 103uxm#1>SK1\n").final
    assert apart.die("P2:100uxm#1").blocking == "P1:24uxm#1"
    assert apart.die("P2:103uxm#1").blocking == "P1:SK1"
    alone = legal(cards, attack + "P2 block 103uxm#1>SK1\n").final
    assert alone.die("P2:100uxm#1").zone == Zone.FIELD and alone.partner("P2:100uxm#1")


def test_a_pair_ends_when_a_partner_leaves_the_field(cards):
    replay = legal(cards, BOARD + "judge ko P1:89uxm#1\n")
    assert replay.final.partner("P1:24uxm#1") is None
    assert "P1:89uxm#1 left the Field" in events(replay.steps[-1])
    energy = legal(cards, BOARD + "judge face P1:24uxm#1 fist\n").final  # to the Reserve Pool
    assert energy.partner("P1:89uxm#1") is None
    # Combat KOs (R11.5): Wolverine (A5 D2) and its blocker Iron Man (A3 D5) KO each other,
    # and both pairs end with them.
    combat = BOARD + "P1 attack 24uxm#1\nP2 block 103uxm#1>24uxm#1\nP1 pass\nP2 pass\nP1 pass\n"
    final = legal(cards, combat).final
    assert final.die("P2:103uxm#1").zone == final.die("P1:24uxm#1").zone == Zone.PREP
    assert final.pairs == ()


def test_a_pair_lasts_until_the_start_of_its_players_next_turn(cards):
    text = BOARD + "P1 end\n"
    replay = legal(cards, text)
    # P2's turn: P1's pair still stands (its partners may block separately); P2's pair ended.
    assert replay.final.partner("P1:24uxm#1") == "P1:89uxm#1"
    assert replay.final.partner("P2:100uxm#1") is None
    assert "the start of P2's turn" in events(replay.steps[-1])
    after = legal(
        cards,
        text + "P2 draw SK1 SK2 SK3 SK4\nP2 roll SK1=fist SK2=fist SK3=fist SK4=fist\nP2 end\n",
    )
    assert after.final.active == "P1" and after.final.pairs == ()
