"""Template family `fielded_rest` (the 'When fielded' lines the other fielded families leave):
real card lines read from the card file at test time (tests/rules/abilities/real_cards.py),
fielded through the engine against a fixed opposing board (a Sidekick SK1, Cheetah 5sww#1 L2,
Wolverine 22uxm#1 L1, Quicksilver 21uxm#1 L2, Superman 19sww#1 L1)."""

from dataclasses import replace

import pytest

from rules.abilities.describe import describe_effects
from rules.engine import Zone, apply, query
from rules.engine.abilities import restriction
from rules.engine.actions import FieldDie, Payment
from rules.engine.game import Illegal
from tests.rules.abilities.real_cards import real_compiled, real_line, scene, to_field, whole_card
from tests.rules.abilities.scenario import compiled, play, real_pool_path

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _named(key, *answers, board=()):
    """The real card fielded from P1's Reserve Pool, its choice answered."""
    cards = whole_card(key)
    lines, field = to_field(key)
    return cards, play(cards, scene(key, *lines, *board), field, *answers)


def _p2_fields(cards, state, die, *payers):
    """P2 (made the active player) fields `die` (from their Used Pile, put in their Reserve
    Pool on its level 1 face) paying with `payers` from their Reserve Pool."""
    state = _in_reserve(cards, replace(state, active="P2", priority="P2"), die)
    return apply(state, FieldDie("P2", die, tuple(Payment(die=p) for p in payers)), cards)


def _in_reserve(cards, state, die_id):
    die = state.die(die_id)
    face = cards[die.card].levels[0]
    moved = replace(die, zone=Zone.RESERVE, face=face)
    return replace(state, dice=tuple(moved if d.id == die_id else d for d in state.dice))


# -- the lasting choice: a card, an energy type, an affiliation ---------------------------------
def test_name_an_opposing_character_card_they_cannot_field():  # JL The Joker
    record, result = real_compiled("92jl", "When fielded")
    first, static = result.encoding["abilities"]
    assert first == {
        "when": "fielded",
        "effects": [{"do": "fr_name", "kind": "card", "side": "opposing", "cards": "character"}],
    }
    assert static == {
        "when": "while_active",
        "effects": [
            {"do": "fr_named_cant", "acts": ["field"], "player": "opposing", "named": "card"}
        ],
    }
    assert "your opponent can't field dice of the named card" in result.description
    reserve = ("P2 die 5sww#2 used", "P2 die SK2 reserve wild", "P2 die SK3 reserve wild")
    cards, replay = _named("92jl", "P1 choose 5sww", board=reserve)
    state = replay.final
    assert replay.steps[-1].legal
    cheetah = _in_reserve(cards, state, "P2:5sww#2").die("P2:5sww#2")
    why = restriction(state, cards, "field", die=cheetah, player="P2")
    assert why and "named card" in why
    # another card of theirs stays free to field, and P1's own Cheetah too
    other = replace(cheetah, card="22uxm")
    assert restriction(state, cards, "field", die=other, player="P2") is None


def test_the_choice_replaces_the_previous_one_and_ends_with_the_card():  # JL The Joker
    reserve = ("P2 die 5sww#2 used",)
    cards, replay = _named("92jl", "P1 choose 5sww", board=reserve)
    state = replay.final
    named = [e for e in state.effects if e.ability == "92jl.fr_named"]
    assert [(e.subject, e.until) for e in named] == [("5sww", "game")]
    cheetah = _in_reserve(cards, state, "P2:5sww#2").die("P2:5sww#2")
    assert restriction(state, cards, "field", die=cheetah, player="P2")
    # the Joker's die leaves the Field: the card is no longer active, the choice sleeps
    gone = replace(state, dice=tuple(
        replace(d, zone=Zone.USED) if d.id == "P1:92jl#1" else d for d in state.dice
    ))  # fmt: skip
    assert restriction(gone, cards, "field", die=cheetah, player="P2") is None


def test_the_opponent_fielding_the_named_card_is_refused():  # JL The Joker, through the engine
    reserve = ("P2 die 5sww#2 used", "P2 die SK2 reserve wild", "P2 die SK3 reserve wild")
    cards, replay = _named("92jl", "P1 choose 5sww", board=reserve)
    result = _p2_fields(cards, replay.final, "P2:5sww#2", "P2:SK2")
    assert isinstance(result, Illegal)
    assert "named card" in result.verdict.message


def test_cannot_purchase_that_die():  # JL Lex Luthor
    _, result = real_compiled("125jl", "When fielded")
    assert result.encoding["abilities"][1]["effects"][0]["acts"] == ["purchase"]
    cards, replay = _named("125jl", "P1 choose 22uxm")
    state = replay.final
    assert restriction(state, cards, "purchase", player="P2", params=("22uxm",))
    assert restriction(state, cards, "purchase", player="P2", params=("5sww",)) is None
    assert restriction(state, cards, "purchase", player="P1", params=("22uxm",)) is None


def test_options_are_the_opponents_character_cards():  # JL The Joker
    from tests.rules.abilities.scenario import run

    cards = whole_card("92jl")
    lines, field = to_field("92jl")
    state = run(cards, scene("92jl", *lines) + field + "\n").final
    assert set(state.pending.options) == {"5sww", "22uxm", "21uxm", "19sww"}


def test_an_energy_type_costs_more_for_both_players():  # DEF Loki
    _, result = real_compiled("21def", "When fielded")
    effect = result.encoding["abilities"][1]["effects"][0]
    assert effect == {
        "do": "fr_named_cost",
        "of": ["purchase", "fielding"],
        "amount": 1,
        "player": "any",
        "cards": "any",
        "named": "energy",
    }
    cards, replay = _named("21def", "P1 choose mask")
    state = replay.final
    cheetah = cards["5sww"]  # Mask
    assert query.purchase_cost(state, cards, "P2", "5sww").value == cheetah.cost + 1
    assert query.purchase_cost(state, cards, "P1", "5sww").value == cheetah.cost + 1
    assert query.purchase_cost(state, cards, "P2", "22uxm").value == cards["22uxm"].cost
    die = state.die("P2:5sww#1")
    assert query.fielding_cost(state, cards, die).value == die.face.fielding + 1


def test_creatures_cost_only_your_opponent_more_to_field():  # BFF Mind Flayer ('Mind Player')
    _, result = real_compiled("77bff", "When fielded")
    effect = result.encoding["abilities"][1]["effects"][0]
    assert (effect["of"], effect["player"], effect["amount"]) == (["fielding"], "opposing", 2)
    cards, replay = _named("77bff", "P1 choose mask")
    state = replay.final
    theirs = state.die("P2:5sww#1")
    assert query.fielding_cost(state, cards, theirs).value == theirs.face.fielding + 2
    mine = replace(theirs, controller="P1", owner="P1")
    assert query.fielding_cost(state, cards, mine).value == theirs.face.fielding


def test_an_affiliation_must_attack():  # XMF Toad
    cards, replay = _named("60xmf", "P1 choose xmen")
    state = replay.final
    assert "must_attack" in query.keywords(state, cards, state.die("P2:22uxm#1"))
    assert "must_attack" not in query.keywords(state, cards, state.die("P2:5sww#1"))


def test_until_the_die_leaves_the_field():  # IG Drax
    _, result = real_compiled("107ig", "When fielded")
    effect = result.encoding["abilities"][1]["effects"][0]
    assert effect["lasts"] == "die" and effect["acts"] == ["purchase", "field"]
    cards, replay = _named("107ig", "P1 choose 5sww", board=("P1 die 107ig#2 field L1",))
    state = replay.final
    assert restriction(state, cards, "purchase", player="P2", params=("5sww",))
    # the die that named it leaves; another Drax die stays active, the choice no longer holds
    gone = replace(state, dice=tuple(
        replace(d, zone=Zone.USED) if d.id == "P1:107ig#1" else d for d in state.dice
    ))  # fmt: skip
    assert restriction(gone, cards, "purchase", player="P2", params=("5sww",)) is None


def test_when_the_opponent_fields_from_the_named_card_it_takes_damage():  # IG Loki
    reserve = ("P2 die 21uxm#2 used", "P2 die SK2 reserve wild", "P2 die SK3 reserve wild")
    cards, replay = _named("117ig", "P1 choose 21uxm", board=reserve)
    state = replay.final
    fielding = cards["21uxm"].levels[0].fielding
    payers = ["P2:SK2", "P2:SK3"][:fielding]
    result = _p2_fields(cards, state, "P2:21uxm#2", *payers)
    assert not isinstance(result, Illegal)
    assert any("took 3 damage" in str(e) for e in result.events)
    assert result.state.die("P2:21uxm#2").zone == Zone.PREP  # Quicksilver L1 (D1): KO'd
    # another card of theirs: no trigger
    cards, replay = _named("117ig", "P1 choose 22uxm", board=reserve)
    result = _p2_fields(cards, replay.final, "P2:21uxm#2", *payers)
    assert not any("damage" in str(e) for e in result.events)
    assert result.state.die("P2:21uxm#2").zone == Zone.FIELD


def test_unsupported_choices_stay_manual():
    # a choice checked 'the first time' and a text-ignoring choice are declined
    for line in (
        "When fielded, name a die, replacing all previous choices. While Superman is active, "
        "deal 2 damage to your opponent the first time they field that die",
        "When fielded, choose an affiliation, replacing all previous choices. While Superman "
        "is active, ignore the text of cards of that affiliation",
        "When fielded, choose an opposing character card. Your opponent cannot field that "
        "character while Superman is active",  # a card named without replacing
    ):
        assert compiled("19sww", ability_lines=[line]).status == "manual", line


def test_the_description_is_generated():
    effect = {"do": "fr_named_cost", "of": ["purchase"], "amount": 3, "player": "any",
              "cards": "any", "named": "card"}  # fmt: skip
    assert describe_effects([effect]) == "dice of the named card cost 3 more to purchase"
    assert real_line("92jl", "When fielded")


# -- single effects ------------------------------------------------------------------------------
def _fielded(key, *answers, board=(), team=""):
    cards = whole_card(key) if not team else _with_team(key, team)
    lines, field = to_field(key)
    return cards, play(cards, scene(key, *lines, *board, team=team), field, *answers)


def _with_team(key, team):
    from rules.abilities.cards import engine_card
    from tests.rules.abilities.real_cards import pool

    cards = whole_card(key)
    for entry in team.split():
        other = entry.split(":")[0]
        cards.setdefault(other, engine_card(pool()[other], {"abilities": []}))
    return cards


def test_damage_to_each_opposing_x_men_for_each_other_villain():  # UXM Scarlet Witch
    _, result = real_compiled("54uxm", "When fielded")
    assert result.description.endswith(
        "deal damage equal to the number of your other Villain character dice to all opposing "
        "X-Men character dice."
    )
    _, replay = _fielded("54uxm", board=("P1 die 5sww#1 field L1",), team="5sww:2")
    state = replay.final
    assert state.die("P2:22uxm#1").damage == 1  # Wolverine: one other Villain
    assert state.die("P2:21uxm#1").damage == 1  # Quicksilver
    assert state.die("P2:5sww#1").damage == 0  # a Villain, not an X-Men die
    assert state.die("P1:5sww#1").damage == 0
    villains = ("P1 die 5sww#1 field L1", "P1 die 5sww#2 field L1")
    _, replay = _fielded("54uxm", board=villains, team="5sww:2")
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP  # two: Wolverine (D2) KO'd


def test_damage_times_the_different_characters_you_control():  # IMW Iron Spider
    _, result = real_compiled("12imw", "When fielded")
    (effect,) = result.encoding["abilities"][0]["effects"]
    assert effect["amount"]["distinct"] is True and effect["amount"]["times"] == 2
    assert "2 times the number of different characters among" in result.description
    # two Iron Spider dice in the Field are one character: 2 damage
    _, replay = _fielded("12imw", "P1 choose P2:19sww#1", board=("P1 die 12imw#2 field L1",))
    assert replay.final.die("P2:19sww#1").damage == 2


def test_reduce_a_and_d_by_this_dies():  # JUS Parasite (level 1: 2A 2D)
    _, result = real_compiled("33jus", "When fielded")
    assert result.encoding["abilities"][0]["optional"] is True
    cards, replay = _fielded("33jus", "P1 yes", "P1 choose P2:5sww#1")
    state = replay.final
    cheetah = state.die("P2:5sww#1")  # L2: 4A 4D
    assert query.attack(state, cards, cheetah).value == 2
    assert query.defense(state, cards, cheetah).value == 2
    _, replay = _fielded("33jus", "P1 no")
    assert query.attack(replay.final, cards, replay.final.die("P2:5sww#1")).value == 4


def test_double_the_a_and_d_of_a_non_villain():  # MYST Mary Marvel
    from tests.rules.abilities.scenario import run

    cards, replay = _fielded("12myst", "P1 choose P2:22uxm#1")
    state = replay.final
    wolverine = state.die("P2:22uxm#1")  # L1: 5A 2D
    assert query.attack(state, cards, wolverine).value == 10
    assert query.defense(state, cards, wolverine).value == 4
    lines, field = to_field("12myst")
    pending = run(cards, scene("12myst", *lines) + field + "\n").final.pending
    assert "P2:5sww#1" not in pending.options  # a Villain
    assert "P1:12myst#1" not in pending.options  # Mary Marvel herself


def test_your_fiends_cost_less_to_field_this_turn():  # BFF Pit Fiend (fielding 1)
    _, result = real_compiled("82bff", "When fielded")
    assert "all your Fiend character dice cost 2 less to field this turn" in result.description
    cards, replay = _fielded("82bff")
    state = _in_reserve(cards, replay.final, "P1:82bff#2")
    assert query.fielding_cost(state, cards, state.die("P1:82bff#2")).value == 0
    other = _in_reserve(cards, replay.final, "P1:19sww#2")
    assert query.fielding_cost(other, cards, other.die("P1:19sww#2")).value == 1


# -- a die a player picks among their own ------------------------------------------------------
def test_opponent_picks_one_of_theirs_captured_and_they_take_its_cost():  # AOU Enchantress
    from tests.rules.abilities.scenario import board, compiled_cards

    _, result = real_compiled("81aou", "When fielded")
    (effect,) = result.encoding["abilities"][0]["effects"]
    assert effect == {
        "do": "fr_their_pick",
        "who": "opposing",
        "of": {"affiliation": ["avengers"]},
        "then": "capture_damage_cost",
    }
    # the same line with [DCV] on a demo card, against the demo Villains
    line = real_line("81aou", "When fielded").replace("[AV]", "[DCV]")
    line = line.replace("Enchantress", "Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board(
        "P1 die 19sww#1 reserve L1",
        "P1 die SK1 reserve shield",
        "P2 die 5sww#1 field L2",
        "P2 die SK2 field L1",
    )
    from tests.rules.abilities.scenario import run

    pending = run(cards, setup + "P1 field 19sww#1 pay SK1\n").final.pending
    assert pending.player == "P2" and pending.options == ("P2:5sww#1",)  # not the Sidekick
    replay = play(cards, setup, "P1 field 19sww#1 pay SK1", "P2 choose P2:5sww#1")
    state = replay.final
    cheetah = state.die("P2:5sww#1")
    assert cheetah.zone == Zone.CAPTURED and cheetah.held_by == "P1:19sww#1"
    fielding = cards["5sww"].levels[1].fielding
    assert state.player("P2").life == 20 - fielding


def test_opponent_picks_one_of_theirs_damaged_or_you_take_damage():  # AOU Hawkeye
    # Superman L1 (6D) survives 3 damage: Hawkeye's player takes 2
    _, replay = _fielded("47aou", "P2 choose P2:19sww#1")
    state = replay.final
    assert state.die("P2:19sww#1").damage == 3
    assert state.player("P1").life == 18
    # Wolverine L1 (2D) is KO'd: no damage to Hawkeye's player
    _, replay = _fielded("47aou", "P2 choose P2:22uxm#1")
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP
    assert replay.final.player("P1").life == 20


def test_each_player_returns_one_of_their_character_dice_to_its_card():  # TAG Seth Rollins
    from tests.rules.abilities.scenario import run

    cards = whole_card("17tag")
    lines, field = to_field("17tag")
    setup = scene("17tag", *lines)
    pending = run(cards, setup + field + "\n").final.pending
    assert pending.player == "P1" and pending.options == ("P1:17tag#1",)  # not a Sidekick
    state = play(cards, setup, field, "P1 choose P1:17tag#1", "P2 choose P2:5sww#1").final
    assert state.die("P1:17tag#1").zone == Zone.UNPURCHASED
    assert state.die("P2:5sww#1").zone == Zone.UNPURCHASED
    assert state.die("P2:SK1").zone == Zone.FIELD


# -- choices lasting this turn or the next ------------------------------------------------------
def test_named_die_cannot_be_purchased_next_turn():  # DEF Hellcat
    _, result = real_compiled("8def", "When fielded")
    (spec,) = result.encoding["abilities"]
    assert [e["do"] for e in spec["effects"]] == ["fr_name", "fr_named_cant_turn"]
    cards, replay = _named("8def", "P1 choose 5sww")
    state = replay.final
    assert restriction(state, cards, "purchase", player="P2", params=("5sww",)) is None
    following = replace(state, turn=state.turn + 1, active="P2")
    assert restriction(following, cards, "purchase", player="P2", params=("5sww",))
    assert restriction(following, cards, "purchase", player="P2", params=("22uxm",)) is None
    # even with Hellcat gone from the Field (not a while-active effect)
    gone = replace(following, dice=tuple(
        replace(d, zone=Zone.USED) if d.id == "P1:8def#1" else d for d in following.dice
    ))  # fmt: skip
    assert restriction(gone, cards, "purchase", player="P2", params=("5sww",))
    later = replace(state, turn=state.turn + 2)
    assert restriction(later, cards, "purchase", player="P2", params=("5sww",)) is None


def test_a_lantern_color_cannot_block_this_turn():  # WOL Kyle Rayner
    from tests.rules.abilities.scenario import run

    cards = whole_card("17wol")
    lines, field = to_field("17wol")
    pending = run(cards, scene("17wol", *lines) + field + "\n").final.pending
    assert pending.options == ("bluelantern",)  # the Lantern colours in the game
    cards, replay = _named("17wol", "P1 choose bluelantern", board=("P1 die 17wol#2 field L1",))
    state = replay.final
    kyle, superman = state.die("P1:17wol#2"), state.die("P2:19sww#1")
    assert restriction(state, cards, "block", die=kyle, other=superman)
    assert restriction(state, cards, "block", die=superman, other=kyle) is None
    following = replace(state, turn=state.turn + 1)
    assert restriction(following, cards, "block", die=kyle, other=superman) is None


def test_a_lantern_color_costs_more_to_field_while_active():  # WOL Scarecrow
    _, result = real_compiled("66wol", "When fielded")
    first, static = result.encoding["abilities"]
    assert first["effects"][0]["among"] == "lantern"
    assert static["effects"][0]["of"] == ["fielding"] and static["effects"][0]["cards"] == (
        "character"
    )


# -- an effect made bigger under a count condition ---------------------------------------------
def test_ko_one_or_two_by_the_opponents_dice():  # DPS Corsair
    from tests.rules.abilities.real_cards import OPPOSING

    _, result = real_compiled("104dps", "When fielded")
    plain, bigger = result.encoding["abilities"]
    assert plain["if"]["test"] == "count_at_most" and plain["if"]["n"] == 3
    assert bigger["if"]["n"] == 4 and bigger["effects"][0]["to"]["count"] == 2
    cards = whole_card("104dps")
    lines, field = to_field("104dps")
    # five opposing character dice: KO 2 target Villains (the one there is)
    setup = scene("104dps", *lines, "P2 die 5sww#2 field L1")
    state = play(cards, setup, field, "P1 choose P2:5sww#1 P2:5sww#2").final
    assert state.die("P2:5sww#1").zone == Zone.PREP and state.die("P2:5sww#2").zone == Zone.PREP
    # three: one target
    few = (OPPOSING[0], OPPOSING[1], "P2 die 5sww#2 field L1")
    setup = scene("104dps", *lines, opposing=few)
    from tests.rules.abilities.scenario import refused

    refused(cards, setup + field + "\nP1 choose P2:5sww#1 P2:5sww#2\n", "R13.2")
    state = play(cards, setup, field, "P1 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.FIELD


def test_a_second_target_sidekick_if_they_have_one_of_a_kind():  # ASM Rhino
    from tests.rules.abilities.scenario import board, compiled_cards

    _, replay = _fielded("64asm", "P1 choose P2:SK1")  # no [SF] die: one target
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    line = real_line("64asm", "When fielded").replace("[SF]", "[DCV]").replace("Rhino", "Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    dice = ("P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die SK2 field L1")
    setup = board(*dice, "P2 die SK3 field L1", "P2 die 5sww#1 field L1")
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 choose P2:SK2 P2:SK3").final
    assert state.die("P2:SK2").zone == Zone.PREP and state.die("P2:SK3").zone == Zone.PREP


def test_an_extra_damage_with_a_green_lantern():  # WOL Kyle Rayner (level 1)
    _, result = real_compiled("18wol", "When fielded")
    plain, bigger = result.encoding["abilities"]
    assert bigger["effects"][1] == {"do": "damage", "to": {"pick": "it"}, "amount": 1}
    assert plain["if"]["of"]["side"] == "yours"
    _, replay = _fielded("18wol", "P1 choose P2:19sww#1")  # Kyle is a Blue Lantern
    assert replay.final.die("P2:19sww#1").damage == 1
    hal = ("P1 die 10wol#1 field L1",)  # Hal Jordan, a Green Lantern
    _, replay = _fielded("18wol", "P1 choose P2:19sww#1", board=hal, team="10wol:2")
    assert replay.final.die("P2:19sww#1").damage == 2


# -- a sentence about the die the first effect picked ------------------------------------------
def test_ko_and_damage_its_owner_if_named():  # UXMOP Phoenix
    _, result = real_compiled("9uxmop", "When fielded")
    assert result.encoding["abilities"][0]["effects"][1]["names"] == ["Wolverine", "Cyclops"]
    _, replay = _fielded("9uxmop", "P1 choose P2:22uxm#1")  # Wolverine
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP
    assert replay.final.player("P2").life == 18
    _, replay = _fielded("9uxmop", "P1 choose P2:21uxm#1")  # Quicksilver
    assert replay.final.die("P2:21uxm#1").zone == Zone.PREP
    assert replay.final.player("P2").life == 20


def test_damage_that_would_ko_sends_to_the_used_pile():  # AOU Vision
    _, replay = _fielded("23aou", "P1 choose P2:22uxm#1")  # Wolverine L1: 2D
    assert replay.final.die("P2:22uxm#1").zone == Zone.USED
    _, replay = _fielded("23aou", "P1 choose P2:19sww#1")  # Superman L1: 6D
    assert replay.final.die("P2:19sww#1").zone == Zone.FIELD
    assert replay.final.die("P2:19sww#1").damage == 2


def test_ko_all_to_the_used_pile():  # WF Doomsday, the line with [DCV] on a demo card
    from tests.rules.abilities.scenario import board, compiled_cards

    _, result = real_compiled("86wf", "When fielded")
    assert result.encoding["abilities"][0]["effects"][0]["do"] == "fr_ko_to_used"
    line = real_line("86wf", "When fielded").replace("[DCS]", "[DCV]")
    cards = compiled_cards("19sww", ability_lines=[line])
    dice = ("P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L1")
    state = play(cards, board(*dice, "P2 die SK2 field L1"), "P1 field 19sww#1 pay SK1").final
    assert state.die("P2:5sww#1").zone == Zone.USED
    assert state.die("P2:SK2").zone == Zone.FIELD


def test_ko_a_sidekick_to_the_used_pile_twice_with_their_spider_man():  # ASM Rhino
    _, replay = _fielded("100asm", "P1 yes", "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.USED
    _, result = real_compiled("100asm", "When fielded")
    twice = result.encoding["abilities"][1]
    assert twice["if"]["of"]["name"] == "Spider-Man"
    assert twice["effects"][0]["to"] == {"pick": "up_to", "count": 2, "what": "sidekick"}


def test_overcrush_and_a_bonus_if_spider_man():  # ASM Mary Jane
    cards, replay = _fielded("127asm", "P1 choose P1:19sww#1", board=("P1 die 19sww#1 field L1",))
    state = replay.final
    superman = state.die("P1:19sww#1")
    assert "overcrush" in query.keywords(state, cards, superman)
    assert query.attack(state, cards, superman).value == 4  # not Spider-Man: no +1A
    spidey = ("P1 die 16avx#1 field L1",)
    cards, replay = _fielded("127asm", "P1 choose P1:16avx#1", board=spidey, team="16avx:2")
    state = replay.final
    die = state.die("P1:16avx#1")
    printed = cards["16avx"].levels[0].attack
    assert query.attack(state, cards, die).value == printed + 1


# -- KOs and damage by what is in the Field, and more single lines ---------------------------
def test_damage_a_higher_level_die_and_spin_up():  # THOR Hulk (level 1)
    _, replay = _fielded("107thor", "P1 choose P2:5sww#1")  # Cheetah L2 (D4)
    state = replay.final
    assert state.die("P2:5sww#1").zone == Zone.PREP
    assert state.die("P1:107thor#1").level == 2
    from tests.rules.abilities.scenario import refused, run

    cards = whole_card("107thor")
    lines, field = to_field("107thor")
    text = scene("107thor", *lines) + field + "\n"
    assert "P2:22uxm#1" not in run(cards, text).final.pending.options  # level 1: not higher
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")
    low = ("P2 die SK1 field L1", "P2 die 22uxm#1 field L1")
    state = play(cards, scene("107thor", *lines, opposing=low), field).final
    assert state.die("P1:107thor#1").level == 1  # no higher die: nothing happens


def test_ko_a_die_they_control_two_copies_of():  # SKC Starro
    from tests.rules.abilities.scenario import run

    cards = whole_card("91skc")
    lines, field = to_field("91skc")
    setup = scene("91skc", *lines, "P2 die 5sww#2 field L1")
    assert set(run(cards, setup + field + "\n").final.pending.options) == {
        "P2:5sww#1",
        "P2:5sww#2",
    }
    state = play(cards, setup, field, "P1 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").zone == Zone.PREP
    state = play(cards, scene("91skc", *lines), field).final  # no copies: nothing
    assert all(state.die(d).zone == Zone.FIELD for d in ("P2:5sww#1", "P2:SK1"))


def test_ko_all_low_level_dice_with_less_a():  # BAT Killer Croc (level 1: 4A)
    _, replay = _fielded("100bat")
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP  # L1, 1A
    assert state.die("P2:21uxm#1").zone == Zone.PREP  # L2, 3A
    assert state.die("P2:5sww#1").zone == Zone.FIELD  # L2, 4A: not less
    assert state.die("P2:22uxm#1").zone == Zone.FIELD  # 5A
    assert state.die("P1:100bat#1").zone == Zone.FIELD


def test_damage_for_each_lantern_color():  # WOL Fatality (Star Sapphire), Miri Riam
    hal = ("P1 die 10wol#1 field L1",)  # Green Lantern
    _, replay = _fielded("43wol", "P1 choose P2:19sww#1", board=hal, team="10wol:2")
    assert replay.final.die("P2:19sww#1").damage == 2  # purple and green
    _, result = real_compiled("91wol", "When fielded")
    assert result.encoding["abilities"][0]["effects"][0]["per"] == "yours"
    _, replay = _fielded("91wol", "P1 choose P2:19sww#1")
    assert replay.final.die("P2:19sww#1").damage == 1  # Miri Riam's own purple


def test_pay_to_field_a_named_die_from_used_or_prep():  # CW Moon Knight
    cap = ("P1 die 4avx#1 used", "P1 die SK3 reserve wild", "P1 die SK4 reserve wild")
    cards, replay = _fielded("119cw", "P1 yes pay SK3 SK4", "P1 choose 4avx#1", board=cap,
                             team="4avx:2")  # fmt: skip
    state = replay.final
    assert state.die("P1:4avx#1").zone == Zone.FIELD and state.die("P1:4avx#1").level == 1
    assert state.die("P1:SK3").zone != Zone.RESERVE  # spent


# -- control until the end of the turn, sending this die away, a spelling read again ----------
def test_control_a_lower_level_die():  # DEF Loki, fielded at level 2
    cards = whole_card("19def")
    dice = ("P1 die 19def#1 reserve L2", "P1 die SK5 reserve wild", "P1 die SK6 reserve wild")
    field = "P1 field 19def#1 pay SK5 SK6"
    from tests.rules.abilities.scenario import refused, run

    text = scene("19def", *dice) + field + "\n"
    assert set(run(cards, text).final.pending.options) == {
        "P2:SK1",
        "P2:22uxm#1",
        "P2:19sww#1",
    }  # level 1
    refused(cards, text + "P1 choose P2:5sww#1\n", "R13.2")  # level 2: not lower
    state = play(cards, scene("19def", *dice), field, "P1 choose P2:22uxm#1").final
    assert state.die("P2:22uxm#1").controller == "P1"


def test_control_a_lantern_that_must_attack():  # WOL Parallax
    from tests.rules.abilities.scenario import board

    cards = _with_team("95wol", "10wol:2")
    setup = board(
        "P1 die 95wol#1 reserve L1",
        "P1 die SK1 reserve wild",
        "P2 die 10wol#1 field L1",
        teams=("95wol:2 basic 31sww", "10wol:2 basic 34sww"),
    )
    state = play(cards, setup, "P1 field 95wol#1 pay SK1", "P1 yes", "P1 choose P2:10wol#1").final
    hal = state.die("P2:10wol#1")
    assert hal.controller == "P1" and "must_attack" in query.keywords(state, cards, hal)


def test_send_this_die_away_for_damage_equal_to_its_a():  # SKC Wally West (level 1: 3A)
    _, replay = _fielded("135skc", "P1 yes", "P1 choose P2:19sww#1")
    state = replay.final
    assert state.die("P1:135skc#1").zone in (Zone.USED, Zone.OUT_OF_PLAY)
    assert state.die("P2:19sww#1").damage == 3
    _, replay = _fielded("135skc", "P1 no")
    assert replay.final.die("P1:135skc#1").zone == Zone.FIELD


def test_prep_your_sidekicks_and_gain_life_for_each():  # XMF Professor X
    sidekicks = ("P1 die SK1 field L1", "P1 die SK2 field L1", "P1 life 15")
    _, replay = _fielded("47xmf", board=sidekicks)
    state = replay.final
    assert state.die("P1:SK1").zone == Zone.PREP and state.die("P1:SK2").zone == Zone.PREP
    assert state.player("P1").life == 17
    assert state.die("P2:SK1").zone == Zone.FIELD


# -- 'If you do' / 'If you targeted a character die with this ability' after a pick -----------
def test_cant_block_and_then_this_die_cant_attack():  # SKC Lois Lane
    cards, replay = _fielded("118skc", "P1 choose P2:19sww#1")
    state = replay.final
    lois, superman = state.die("P1:118skc#1"), state.die("P2:19sww#1")
    assert restriction(state, cards, "block", die=superman, other=lois)
    assert restriction(state, cards, "attack", die=lois)
    cards, replay = _fielded("118skc", "P1 choose none")
    state = replay.final
    assert restriction(state, cards, "attack", die=state.die("P1:118skc#1")) is None


def test_used_pile_die_to_its_card_then_damage():  # IG Corvus Glaive
    used = ("P1 die 19sww#2 used",)
    answers = ("P1 yes", "P1 choose P1:19sww#2", "P1 choose P2")
    _, replay = _fielded("105ig", *answers, board=used)
    state = replay.final
    assert state.die("P1:19sww#2").zone == Zone.UNPURCHASED
    assert state.player("P2").life == 18
    _, replay = _fielded("105ig", "P1 yes")  # nothing in the Used Pile: no damage
    assert replay.final.player("P2").life == 20
