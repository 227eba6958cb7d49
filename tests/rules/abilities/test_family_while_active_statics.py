"""Template family `while_active` (rules/abilities/templates/while_active_statics.py):
'While NAME is active, <subject> <predicate>' and while-active watchers, played through the
engine's stat query layer and restrict hook. Each scenario compiles a real card's line
(read from the card pool by set code and number, the real name replaced by the demo card's)
onto a demo card and plays it: setup -> actions -> expected result."""

import pytest

from rules.abilities import describe
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import demo_line
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused, run

NAMES = {"19sww": "Superman", "22sww": "Wonder Woman", "5sww": "Cheetah"}


def cards_with(code: str, contains: str = "while", key: str = "19sww"):
    """The demo cards with card `key` playing the real line (fully automated)."""
    return compiled_cards(key, ability_lines=[demo_line(code, contains, as_name=NAMES[key])])


def says(text: str, *fragments: str) -> None:
    """The generated description says each of these (its selector wording may vary)."""
    for fragment in fragments:
        assert fragment in text, (fragment, text)


def stats(cards, setup: str, die: str, *actions: str) -> tuple[int, int]:
    state = play(cards, setup, *actions).final
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


# P1: Superman L1 (4/6, JL, Shield, cost 6), Wonder Woman L1 (3/3, JL, Mask, cost 4), a
# sidekick (1/1); P2: Cheetah L1 (4/2, Villain, Mask, cost 4) and a sidekick.
FIELD = board(
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 field L1",
    "P1 die SK1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die SK1 field L1",
)
# The same without Superman: the card holding the ability is not active.
INACTIVE = FIELD.replace("P1 die 19sww#1 field L1\n", "P1 die 19sww#1 used\n")


@pytest.mark.parametrize(
    "code, own, theirs",
    [
        ("5avx", (2, 2), (1, 1)),  # your Sidekick characters +1A +1D
        ("45avx", (2, 2), (1, 1)),
        ("109uxm", (2, 2), (1, 1)),  # your Sidekicks
        ("67jl", (2, 2), (1, 1)),
        ("18hhs", (2, 2), (1, 1)),  # your Sidekick dice
        ("140cw", (3, 3), (1, 1)),  # +2A +2D
        ("114dps", (2, 1), (1, 1)),  # +1A only
        ("13ai", (1, 3), (1, 1)),  # your Sidekick character dice +2D
        ("102xfc", (1, 3), (1, 1)),  # 'have' +2D
        ("137skc", (3, 1), (1, 1)),  # no comma after the condition
        ("103wol", (2, 3), (1, 1)),  # +1A and +2D
        ("24drs", (2, 2), (2, 2)),  # other Sidekick character dice: both players'
    ],
)
def test_sidekick_auras_hold_only_while_the_card_is_active(code, own, theirs):
    cards = cards_with(code)
    assert stats(cards, FIELD, "P1:SK1") == own
    assert stats(cards, FIELD, "P2:SK1") == theirs
    assert stats(cards, INACTIVE, "P1:SK1") == (1, 1)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)  # Superman himself is no Sidekick


def test_a_sidekick_aura_wins_a_sidekick_fight_in_combat():
    cards = cards_with("5avx")
    replay = play(cards, FIELD, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    # P1's 2/2 sidekick KOs P2's 1/1 and survives its 1 damage.
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert replay.final.die("P1:SK1").zone == Zone.FIELD


@pytest.mark.parametrize(
    "code, key, expected",
    [
        # your other Justice League characters: Wonder Woman, not Superman nor Cheetah.
        ("74jl", "19sww", {"P1:22sww#1": (4, 4), "P1:19sww#1": (4, 6), "P2:5sww#1": (4, 2)}),
        # each non-Villain character -1A -1D, held by P2's Cheetah: P1's dice and sidekicks.
        (
            "40avx",
            "5sww",
            {"P1:19sww#1": (3, 5), "P1:SK1": (0, 0), "P2:SK1": (0, 0), "P2:5sww#1": (4, 2)},
        ),
        # your non-[DCV] character dice +1A +1D.
        ("7jll", "19sww", {"P1:19sww#1": (5, 7), "P1:SK1": (2, 2), "P2:SK1": (1, 1)}),
        # opposing non-[DCV] character dice -1A, held by P2.
        ("28bat", "5sww", {"P1:19sww#1": (3, 6), "P1:SK1": (0, 1), "P2:SK1": (1, 1)}),
        # opposing [S] character dice -1A -1D, held by P2: Superman (Shield) only.
        ("125skc", "5sww", {"P1:19sww#1": (3, 5), "P1:22sww#1": (3, 3)}),
        # your Character dice +1 attack +1 defense (words, not letters).
        ("23msw", "19sww", {"P1:19sww#1": (5, 7), "P1:SK1": (2, 2), "P2:5sww#1": (4, 2)}),
        ("17msw", "19sww", {"P1:22sww#1": (3, 4), "P2:SK1": (1, 1)}),  # +1 defense
        # all of your other fielded character dice +2D.
        ("58aou", "19sww", {"P1:22sww#1": (3, 5), "P1:19sww#1": (4, 6)}),
        ("136aou", "19sww", {"P1:SK1": (1, 4), "P1:19sww#1": (4, 6)}),  # +3D
        ("78thor", "19sww", {"P1:22sww#1": (4, 4), "P1:19sww#1": (4, 6), "P2:SK1": (1, 1)}),
        # 'While active, your other character dice get +2D'.
        ("111fus", "19sww", {"P1:22sww#1": (3, 5), "P1:19sww#1": (4, 6)}),
        # your non-NAME character dice: every die but the card's own.
        ("24ki", "19sww", {"P1:22sww#1": (4, 4), "P1:19sww#1": (4, 6), "P2:SK1": (1, 1)}),
    ],
)
def test_subject_filters_pick_the_right_dice(code, key, expected):
    cards = cards_with(code, key=key)
    for die, values in expected.items():
        assert stats(cards, FIELD, die) == values, die


def test_while_attacking_holds_only_in_the_attack():
    cards = cards_with("60msw")  # your character dice get +1 attack while attacking
    assert stats(cards, FIELD, "P1:SK1") == (1, 1)
    assert stats(cards, FIELD, "P1:SK1", "P1 attack SK1") == (2, 1)
    assert stats(cards, FIELD, "P1:22sww#1", "P1 attack SK1") == (3, 3)  # not attacking
    replay = play(cards, FIELD, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_while_blocking_holds_only_for_a_blocker():
    # your other Sidekick dice get +1A when blocking, held by P2.
    cards = cards_with("18tmnt", key="5sww")
    assert stats(cards, FIELD, "P2:SK1") == (1, 1)
    blocked = ("P1 attack 22sww#1", "P2 block SK1>22sww#1")
    assert stats(cards, FIELD, "P2:SK1", *blocked) == (2, 1)


def test_a_keyword_grant_reaches_the_keyword_query():
    cards = cards_with("57msw")  # your characters gain Fast
    state = play(cards, FIELD).final
    assert "fast" in query.keywords(state, cards, state.die("P1:SK1"))
    assert "fast" not in query.keywords(state, cards, state.die("P2:SK1"))
    state = play(cards, INACTIVE).final
    assert "fast" not in query.keywords(state, cards, state.die("P1:SK1"))


def test_a_keyword_the_engine_does_not_play_stays_manual():
    line = demo_line("117bat", as_name="Superman")  # your Sidekicks gain Swarm
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- costs -------------------------------------------------------------------------------------
BUY = board(
    "P1 die 19sww#1 field L1",
    "P1 die SK1 reserve mask",
    "P1 die SK2 reserve mask",
    "P1 die SK3 reserve mask",
    "P1 die SK4 reserve mask",
)


def test_purchase_costs_fall_for_matching_cards():
    cards = cards_with("35jl")  # Justice League characters cost 1 less to buy (min. 1)
    state = play(cards, BUY).final
    assert query.purchase_cost(state, cards, "P1", "22sww").value == 3
    assert query.purchase_cost(state, cards, "P2", "22sww").value == 3  # as printed: anyone
    assert query.purchase_cost(state, cards, "P2", "5sww").value == 4  # a Villain
    replay = play(cards, BUY, "P1 buy 22sww pay SK1 SK2 SK3")
    assert replay.final.die("P1:SK4").zone == Zone.RESERVE
    refused(cards, BUY + "P1 buy 22sww pay SK1 SK2\n", "R6.1")
    inactive = BUY.replace("19sww#1 field L1", "19sww#1 used")
    assert query.purchase_cost(play(cards, inactive).final, cards, "P1", "22sww").value == 4


def test_action_dice_cost_less_for_their_holder_only():
    cards = cards_with("16ai")  # your action dice cost [1] less to purchase
    state = play(cards, BUY).final
    assert query.purchase_cost(state, cards, "P1", "34sww").value == 2
    assert query.purchase_cost(state, cards, "P2", "34sww").value == 3
    assert query.purchase_cost(state, cards, "P1", "22sww").value == 4  # a character
    play(cards, BUY, "P1 buy 34sww pay SK1 SK2")
    both = cards_with("12zhn")  # Basic Action dice cost 1 less: either player's
    state = play(both, BUY).final
    assert query.purchase_cost(state, both, "P2", "32sww").value == 3


FIELDING = board(
    "P1 die 19sww#1 field L1",
    "P1 die 19sww#2 reserve L2",
    "P1 die SK1 reserve mask",
    "P1 die SK2 reserve mask",
)


def test_fielding_costs_fall_to_zero_at_least():
    cards = cards_with("10bat")  # your non-[DCV] character dice cost 2 less to field
    state = play(cards, FIELDING).final
    assert query.fielding_cost(state, cards, state.die("P1:19sww#2")).value == 0
    replay = play(cards, FIELDING, "P1 field 19sww#2")
    assert replay.final.die("P1:19sww#2").zone == Zone.FIELD


def test_opposing_fielding_costs_rise():
    # opposing Sidekick character dice cost 1 more energy to field (P1 holds it; P2's turn).
    cards = cards_with("69cw")
    setup = board(
        "P1 die 19sww#1 field L1",
        "P2 die SK1 reserve L1",
        "P2 die SK2 reserve mask",
        turn=4,
        active="P2",
    )
    refused(cards, setup + "P2 field SK1\n", "R6.1")
    assert play(cards, setup, "P2 field SK1 pay SK2").final.die("P2:SK1").zone == Zone.FIELD
    # your opponent's non-Sidekick character dice cost [1] more to field: not sidekicks.
    cards = cards_with("16dxm")
    assert play(cards, setup, "P2 field SK1").final.die("P2:SK1").zone == Zone.FIELD


def test_a_cost_filter_reads_the_purchase_cost():
    # character dice with purchase cost 4 or more cost [1] more to field: Cheetah (4), not SK.
    cards = cards_with("103thor")
    setup = board(
        "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 reserve L1",
        "P2 die SK1 reserve L1",
        turn=4,
        active="P2",
    )
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P2:5sww#1")).value == 2
    assert query.fielding_cost(state, cards, state.die("P2:SK1")).value == 0


# -- can't -------------------------------------------------------------------------------------
def test_sidekicks_cannot_attack():
    cards = cards_with("16hhs")
    refused(cards, FIELD + "P1 attack SK1\n", "R13.7")
    play(cards, FIELD, "P1 attack 19sww#1")
    play(cards, INACTIVE, "P1 attack SK1")


def test_opposing_sidekicks_cannot_block():
    cards = cards_with("54gaf")
    refused(cards, FIELD + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n", "R13.7")
    play(cards, FIELD, "P1 attack 22sww#1", "P2 block 5sww#1>22sww#1")


def test_villain_dice_cannot_block():
    cards = cards_with("66gaf")  # [DCV] character dice cannot block
    refused(cards, FIELD + "P1 attack 22sww#1\nP2 block 5sww#1>22sww#1\n", "R13.7")
    play(cards, FIELD, "P1 attack 22sww#1", "P2 block SK1>22sww#1")


def test_your_own_dice_may_not_attack():
    cards = cards_with("32bat", "non-[DCV]")  # your non-[DCV] character dice may not attack
    refused(cards, FIELD + "P1 attack 22sww#1\n", "R13.7")
    refused(cards, FIELD + "P1 attack SK1\n", "R13.7")


# -- a condition on the Reserve Pool -------------------------------------------------------------
def test_while_you_have_energy_in_your_reserve_pool():
    cards = cards_with("39wol")  # while you have [F] in your Reserve Pool, NAME +2A +2D
    with_fist = FIELD + "P1 die SK2 reserve fist\n"
    assert stats(cards, with_fist, "P1:19sww#1") == (6, 8)
    assert stats(cards, FIELD + "P1 die SK2 reserve mask\n", "P1:19sww#1") == (4, 6)
    assert stats(cards, FIELD + "P1 die SK2 reserve wild\n", "P1:19sww#1") == (4, 6)
    cards = cards_with("60skc")  # two or more [S]
    one = FIELD + "P1 die SK2 reserve shield\n"
    assert stats(cards, one, "P1:19sww#1") == (4, 6)
    assert stats(cards, one + "P1 die SK3 reserve shield\n", "P1:19sww#1") == (6, 8)


def test_the_description_is_our_own_words():
    result = compiled("19sww", ability_lines=[demo_line("7jll", "while", as_name="Superman")])
    says(describe(result.encoding), "While active", "non-Villain", "get +1A and +1D")


# -- the vocabulary's static effects ---------------------------------------------------------------
_EACH = {"pick": "each"}


@pytest.mark.parametrize(
    "spec, where, what",
    [
        (
            {"when": "fielded", "effects": [{"do": "cost", "to": _EACH, "of": "purchase"}]},
            "encoding.abilities[0].effects[0]",
            "while-active (static) effect only",
        ),
        (
            {
                "when": "while_active",
                "effects": [
                    {"do": "cost", "to": _EACH, "of": "fielding", "amount": 1, "free": True}
                ],
            },
            "encoding.abilities[0].effects[0]",
            "either 'amount' or 'free'",
        ),
        (
            {
                "when": "while_active",
                "effects": [{"do": "prevent", "to": _EACH, "amount": 1, "all": True}],
            },
            "encoding.abilities[0].effects[0]",
            "either 'amount' or 'all'",
        ),
        (
            {"when": "kod", "effects": [{"do": "prevent", "to": _EACH, "all": True}]},
            "encoding.abilities[0].effects[0]",
            "while-active (static) effect only",
        ),
        (
            {"when": "while_active", "effects": [{"do": "restrict", "to": _EACH, "action": "fly"}]},
            "encoding.abilities[0].effects[0].action",
            "fly",
        ),
        (
            {
                "when": "fielded",
                "effects": [{"do": "modify", "to": _EACH, "attack": 1, "while": "attacking"}],
            },
            "encoding.abilities[0].effects[0]",
            "while-active (static) effect only",
        ),
        (
            {
                "when": "while_active",
                "effects": [{"do": "restrict", "to": {"pick": "target"}, "action": "attack"}],
            },
            "encoding.abilities[0].effects[0].to",
            "can't pick a target",
        ),
    ],
)
def test_static_effects_are_checked_by_the_vocabulary(spec, where, what):
    from rules.abilities import EncodingError, validate

    with pytest.raises(EncodingError) as caught:
        validate({"abilities": [spec]})
    assert any(p.startswith(where + ":") and what in p for p in caught.value.problems), (
        caught.value.problems
    )


def test_static_effects_are_described():
    spec = {
        "when": "while_active",
        "if": {"test": "reserve_energy_at_least", "energy": "fist", "n": 2},
        "effects": [
            {
                "do": "cost",
                "to": {"pick": "each", "what": "action"},
                "of": "purchase",
                "amount": 1,
                "sign": -1,
            },
            {"do": "cost", "to": {"pick": "each", "side": "yours"}, "of": "fielding", "free": True},
            {
                "do": "restrict",
                "to": {"pick": "this"},
                "action": "be_blocked",
                "by": {"pick": "each", "min_level": 2},
            },
            {
                "do": "modify",
                "to": {"pick": "each", "min_cost": 3},
                "defense": 1,
                "while": "blocking",
            },
        ],
    }
    says(
        describe({"abilities": [spec]}),
        "While active, if you have at least 2 Fist in your Reserve Pool: ",
        "action dice cost 1 less to purchase; ",
        "are free to field; ",
        "this die can't be blocked by any ",
        "of level 2 or higher",
        "costing 3 or more",
        "get +1D while blocking.",
    )


# -- while-active watchers -----------------------------------------------------------------------
MY_TURN = board(
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 reserve L1",
    "P1 die SK1 reserve mask",
    "P2 die 5sww#1 field L1",
    "P2 life 20",
)
THEIR_TURN = board(
    "P1 die 19sww#1 field L1",
    "P2 die 5sww#1 reserve L2",
    "P2 die 5sww#2 field L1",
    "P2 die SK1 reserve mask",
    "P2 life 20",
    turn=4,
    active="P2",
)


def test_when_you_field_a_character_die_deal_damage_to_a_target():
    cards = cards_with("137msw")  # when you field a character die, 2 damage to target die
    replay = play(cards, MY_TURN, "P1 field 22sww#1", "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP  # Cheetah L1, D2
    # Not while the card is inactive: nothing waits to resolve.
    inactive = MY_TURN.replace("19sww#1 field L1", "19sww#1 used")
    assert play(cards, inactive, "P1 field 22sww#1").final.pending is None


def test_when_you_field_a_matching_die_the_filter_is_read():
    cards = cards_with("17hq")  # when you field a [DCV] character die, 1 damage to opponent
    replay = play(cards, MY_TURN, "P1 field 22sww#1")
    assert replay.final.player("P2").life == 20  # Wonder Woman is no Villain
    cards = cards_with("98jl")  # whenever you field a non-Villain character, spin it up
    replay = play(cards, MY_TURN, "P1 field 22sww#1")
    assert replay.final.die("P1:22sww#1").level == 2


def test_when_your_opponent_fields_a_character_die_spin_it_down():
    cards = cards_with("97xfc")
    replay = play(cards, THEIR_TURN, "P2 field 5sww#1 pay SK1")
    assert replay.final.die("P2:5sww#1").level == 1
    cards = cards_with("127thor")  # when an opponent fields a character die, 1 damage to it
    replay = play(cards, THEIR_TURN, "P2 field 5sww#1 pay SK1")
    assert replay.final.die("P2:5sww#1").damage == 1


def test_when_an_opponent_fields_a_die_that_opponent_is_dealt_damage():
    cards = cards_with("25xmf")  # 'While active', an opponent fields a [DCV] die: 1 damage
    replay = play(cards, THEIR_TURN, "P2 field 5sww#1 pay SK1")
    assert replay.final.player("P2").life == 19


def test_when_an_opposing_character_die_attacks_it_takes_damage():
    cards = cards_with("39bfu")
    replay = play(cards, THEIR_TURN, "P2 attack 5sww#2")
    assert replay.final.die("P2:5sww#2").damage == 1
    # P1's own attackers are not watched.
    replay = play(cards, FIELD, "P1 attack SK1")
    assert replay.final.die("P1:SK1").damage == 0


def test_watchers_are_described_in_our_own_words():
    result = compiled("19sww", ability_lines=[demo_line("97xfc", "while")])
    says(
        result.description,
        "While active, when your opponent fields ",
        ": spin that die down 1 level.",
    )


def test_when_you_or_an_opponent_use_an_action_die():
    cards = cards_with("21drs")  # when you use an action die, gain 1 life
    setup = board("P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action", "P1 life 10")
    replay = play(cards, setup, "P1 use BA:31sww#1")
    assert replay.final.player("P1").life == 11
    cards = cards_with("48ai")  # when an opponent uses an action die, 1 damage to them
    theirs = board(
        "P1 die 19sww#1 field L1",
        "P2 die BA:32sww#1 reserve action",
        "P2 life 10",
        turn=4,
        active="P2",
    )
    replay = run(cards, theirs + "P2 use BA:32sww#1\n")
    assert replay.final.player("P2").life == 9
    mine = play(cards, setup, "P1 use BA:31sww#1")
    assert mine.final.player("P2").life == 20  # P1's own action dice are not watched


def test_two_subjects_in_one_line():
    # your Sidekick characters get +2A, and your opponent's Sidekick characters cost 1 extra
    # energy to field.
    cards = cards_with("67avx")
    assert stats(cards, FIELD, "P1:SK1") == (3, 1)
    assert stats(cards, FIELD, "P2:SK1") == (1, 1)
    state = play(cards, THEIR_TURN + "P2 die SK2 reserve L1\n").final
    assert query.fielding_cost(state, cards, state.die("P2:SK2")).value == 1


def test_other_villains_cost_less_to_field_on_either_side():
    cards = cards_with("65jl", key="5sww")  # all other Villains cost 1 less to field
    state = play(cards, THEIR_TURN).final
    assert query.fielding_cost(state, cards, state.die("P2:5sww#1")).value == 1  # Cheetah
    setup = THEIR_TURN.replace("P2 die 5sww#2 field L1", "P2 die 5sww#2 used")
    cards = cards_with("65jl", key="19sww")  # held by Superman: Cheetah is an 'other' Villain
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P2:5sww#1")).value == 0


# -- turn watchers ---------------------------------------------------------------------------------
TURN_END = board(
    "P1 die 19sww#1 field L1",
    "P1 die 19sww#2 field L2",
    "P2 die 5sww#1 field L2",
    "P2 life 20",
)


def test_at_the_end_of_your_turn_spin_your_dice_up():
    cards = cards_with("4cw", "spin each")  # spin each of your NAME dice up one level
    replay = play(cards, TURN_END, "P1 end")
    assert replay.final.die("P1:19sww#1").level == 2
    assert replay.final.die("P1:19sww#2").level == 3
    assert replay.final.die("P2:5sww#1").level == 2
    assert replay.final.active == "P2"


def test_at_the_start_of_your_turn_spin_all_matching_dice_down():
    cards = cards_with("20xfc", key="5sww")  # P2's: all non-[BOM] dice down 1 level
    replay = play(cards, TURN_END, "P1 end")  # P2's turn starts
    assert replay.final.die("P2:5sww#1").level == 1
    assert replay.final.die("P1:19sww#2").level == 1
    assert replay.final.die("P1:19sww#1").level == 1  # already at the bottom


def test_at_the_start_of_each_players_turn_that_player_loses_life():
    cards = cards_with("47wwe")
    replay = play(cards, TURN_END + "P1 life 20\n", "P1 end")
    assert replay.final.player("P2").life == 19
    assert replay.final.player("P1").life == 20
    result = compiled("19sww", ability_lines=[demo_line("47wwe", "while")])
    assert [spec["by"] for spec in result.encoding["abilities"]] == ["yours", "opposing"]


def test_at_the_start_of_your_turn_if_behind_on_life():
    # if your opponent has more life than you, you gain one life and your opponent loses one.
    cards = cards_with("11aiw", key="5sww")
    behind = play(cards, TURN_END + "P2 life 10\n", "P1 end").final
    assert (behind.player("P1").life, behind.player("P2").life) == (19, 11)
    ahead = play(cards, TURN_END + "P1 life 5\n", "P1 end").final
    assert (ahead.player("P1").life, ahead.player("P2").life) == (5, 20)


def test_watchers_where_the_card_deals_the_damage_or_gets_a_bonus():
    theirs = board(
        "P1 die 19sww#1 field L1",
        "P2 die BA:32sww#1 reserve action",
        "P2 life 10",
        turn=4,
        active="P2",
    )
    cards = cards_with("1asm")  # when an opponent uses an action die, NAME deals them 2
    assert run(cards, theirs + "P2 use BA:32sww#1\n").final.player("P2").life == 8
    cards = cards_with("72cw")  # ... NAME gets +1A and +1D until end of turn
    state = run(cards, theirs + "P2 use BA:32sww#1\n").final
    assert stats_of(state, cards, "P1:19sww#1") == (5, 7)
    mine = board(
        "P1 die 19sww#1 field L1", "P1 die BA:31sww#1 reserve action", "P2 die SK1 field L1"
    )
    cards = cards_with("46fus")  # each time you use an action die, NAME deals 2 to a target
    replay = play(cards, mine, "P1 use BA:31sww#1", "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def stats_of(state, cards, die: str) -> tuple[int, int]:
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


def test_watchers_with_an_applied_bonus_until_end_of_turn():
    setup = board(
        "P1 die 19sww#1 field L1",
        "P1 die 19sww#2 reserve L1",
        "P1 die 22sww#1 reserve L1",
        "P1 die SK1 reserve shield",
    )
    cards = cards_with("12gaf")  # when you field a [F] or [S] character die, NAME +1A +1D
    state = play(cards, setup, "P1 field 19sww#2 pay SK1").final
    assert stats_of(state, cards, "P1:19sww#1") == (5, 7)
    state = play(cards, setup, "P1 field 22sww#1").final  # Wonder Woman: Mask
    assert stats_of(state, cards, "P1:19sww#1") == (4, 6)
    used = board(
        "P1 die 19sww#1 field L1",
        "P1 die SK2 field L1",
        "P1 die BA:31sww#1 reserve action",
        "P2 die SK1 field L1",
        "P1 life 10",
    )
    cards = cards_with("86msw")  # when you use an action die, your dice +1 attack this turn
    state = play(cards, used, "P1 use BA:31sww#1").final
    assert stats_of(state, cards, "P1:SK2")[0] == 2
    assert stats_of(state, cards, "P2:SK1")[0] == 1
    cards = cards_with("114msw")  # gain 2 life and deal 2 damage to target character die
    state = play(cards, used, "P1 use BA:31sww#1", "P1 choose P2:SK1").final
    assert state.player("P1").life == 12 and state.die("P2:SK1").zone == Zone.PREP


def test_a_player_pays_more_or_less():
    cards = cards_with("10drs")  # your opponent pays [1] more to purchase action dice
    state = play(cards, BUY).final
    assert query.purchase_cost(state, cards, "P2", "32sww").value == 5
    assert query.purchase_cost(state, cards, "P1", "34sww").value == 3
    assert query.purchase_cost(state, cards, "P2", "5sww").value == 4  # a character
    cards = cards_with("7drs")  # pay [1] less to purchase Action Dice
    state = play(cards, BUY).final
    assert query.purchase_cost(state, cards, "P1", "34sww").value == 2
    assert query.purchase_cost(state, cards, "P2", "34sww").value == 3
    # your opponents pay [1] more to field each character die other than Sidekicks.
    cards = cards_with("15wf")
    setup = board(
        "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 reserve L1",
        "P2 die SK1 reserve L1",
        turn=4,
        active="P2",
    )
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P2:5sww#1")).value == 2
    assert query.fielding_cost(state, cards, state.die("P2:SK1")).value == 0


def test_pawn_icons_are_sidekicks_and_new_affiliation_tokens_are_read():
    from rules.abilities import tokens

    cards = cards_with("18wwe")  # your [PAWN] get +1A and +1D
    assert stats(cards, FIELD, "P1:SK1") == (2, 2)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)
    assert tokens.affiliation("[KO]") == "orks" and tokens.affiliation("[CWTB]") == "thunderbolts"
    result = compiled("19sww", ability_lines=[demo_line("7ork", "while")])
    assert result.encoding["abilities"][0]["effects"][0]["to"]["affiliation"] == ["orks"]


# -- KO watchers -----------------------------------------------------------------------------------
KO_FIGHT = FIELD + "P1 life 10\nP2 life 10\n"


def test_when_one_of_your_sidekicks_is_kod_gain_life():
    cards = cards_with("46xmf")  # whenever one of your Sidekick dice is KO'd, gain 1 life
    replay = play(cards, KO_FIGHT, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    assert replay.final.die("P1:SK1").zone != Zone.FIELD  # KO'd (and the turn moved on)
    assert replay.final.player("P1").life == 11  # only P1's own sidekick counts


def test_when_an_opposing_die_is_kod_its_controller_loses_life():
    cards = cards_with("39jus")  # an opposing Sidekick character die KO'd: they lose 1 life
    replay = play(cards, KO_FIGHT, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    assert replay.final.player("P2").life == 9 and replay.final.player("P1").life == 10
    cards = cards_with("100thor")  # an opposing [DCV] character die KO'd: gain 1 life
    replay = play(cards, KO_FIGHT, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    assert replay.final.player("P1").life == 11
    replay = play(cards, KO_FIGHT, "P1 attack SK1", "P2 block SK1>SK1", "P1 damage")
    assert replay.final.player("P1").life == 10  # a sidekick is no Villain


def test_inverted_turn_line_and_an_affiliation_tail():
    cards = cards_with("40tmnt")  # each player loses 1 life at the start of their turn
    replay = play(cards, TURN_END + "P1 life 20\n", "P1 end")
    assert replay.final.player("P2").life == 19 and replay.final.player("P1").life == 20
    # other characters with the Justice League affiliation cost 1 less to field.
    cards = cards_with("21jl")
    state = play(cards, FIELDING + "P1 die 22sww#1 reserve L3\n").final
    assert query.fielding_cost(state, cards, state.die("P1:22sww#1")).value == 1
    assert query.fielding_cost(state, cards, state.die("P1:19sww#2")).value == 2  # not 'other'


# The core branch's first while-active tests (the family module replaced its recogniser).
def test_while_active_your_sidekicks_get_a_bonus():
    line = "While Superman is active, your Sidekick characters get +1A and +2D"
    result = compiled("19sww", ability_lines=[line])
    assert result.encoding["abilities"] == [
        {
            "when": "while_active",
            "effects": [
                {
                    "do": "modify",
                    "to": {"pick": "each", "side": "yours", "what": "sidekick"},
                    "attack": 1,
                    "defense": 2,
                }
            ],
        }
    ]
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board("P1 die SK1 field L1", "P1 die 19sww#1 reserve L1", "P1 die SK2 reserve shield",
                  "P2 die SK1 field L1")  # fmt: skip
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 1  # not active yet
    state = play(cards, setup, "P1 field 19sww#1 pay SK2").final
    stat = query.defense(state, cards, state.die("P1:SK1"))
    assert stat.value == 3 and "+2 (Superman: Phone Booth)" in stat.explain()
    assert query.attack(state, cards, state.die("P2:SK1")).value == 1  # not the opponent's


def test_other_dice_of_an_affiliation():
    line = "While Superman is active, your other [DCJL] character dice get +1A and +1D"
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board("P1 die 19sww#1 field L1", "P1 die 19sww#2 field L1", "P1 die 22sww#1 field L1",
                  "P1 die SK1 field L1")  # fmt: skip
    state = play(cards, setup).final
    # The card is active: its ability applies once, however many of its dice are in the
    # Field; 'other' leaves out every die of the card itself (the weaker reading, T5.1).
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3 + 1
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4
    assert query.attack(state, cards, state.die("P1:SK1")).value == 1  # no affiliation
