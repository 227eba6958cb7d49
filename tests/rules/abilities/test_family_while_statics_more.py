"""Template family `while_statics_more` (rules/abilities/templates/while_statics_more.py):
more 'While ...' statics (other characters by name, several subjects, conditions on life,
the Reserve Pool and the dice in the Field), played through the engine's stat query layer,
restrict hook and prevent query. Each scenario reads a real card's line from the card pool at
run time, moves it onto a demo card (names replaced by the demo's) and plays it."""

import re

import pytest

from rules.abilities import coverage, describe, statics
from rules.catalogue import read_catalogue
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import demo_line, real_compiled
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, real_pool_path

FAMILY = "while_statics_more"
TEAMS = ("19sww:2 22sww:2 basic 31sww", "19sww:2 5sww:2 basic 34sww")


def line_on(code: str, contains: str, as_name: str, **names: str) -> str:
    """Card `code`'s line, its own name made `as_name` and other names renamed (`names`:
    real name (underscores for spaces) -> demo name)."""
    text = demo_line(code, contains, as_name=as_name)
    for real, demo in names.items():
        text = re.sub(re.escape(real.replace("_", " ")), demo, text)
    return text


def cards_for(key: str, line: str):
    result = compiled(key, ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    return compiled_cards(key, ability_lines=[line])


def stats(cards, setup: str, die: str, *actions: str) -> tuple[int, int]:
    state = play(cards, setup, *actions).final
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


# P1: Superman L1 (4/6, Shield, cost 6), Wonder Woman L1 (3/3, Mask, cost 4), a Sidekick; P2:
# its own Superman L1 and Cheetah L1 (4/2, Villain) and a Sidekick.
FIELD = board(
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 field L1",
    "P1 die SK1 field L1",
    "P2 die 19sww#1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die SK1 field L1",
    teams=TEAMS,
)
NO_WONDER_WOMAN = FIELD.replace("P1 die 22sww#1 field L1\n", "P1 die 22sww#1 used\n")
NO_SUPERMAN = FIELD.replace("P1 die 19sww#1 field L1\n", "P1 die 19sww#1 used\n")


# -- other characters by name --------------------------------------------------
def test_a_named_character_is_the_holders_own():
    # 'your Superman dice get +1A and +1D', held by Wonder Woman.
    cards = cards_for("22sww", line_on("38skc", "while", "Wonder Woman"))
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 7)
    assert stats(cards, FIELD, "P2:19sww#1") == (4, 6)  # R13.8: not the opponent's Superman
    assert stats(cards, FIELD, "P1:22sww#1") == (3, 3)
    assert stats(cards, NO_WONDER_WOMAN, "P1:19sww#1") == (4, 6)


def test_a_keyword_for_a_named_character_without_your():
    # 'Superman dice you control gain Overcrush'.
    cards = cards_for("22sww", line_on("6dc2016", "while", "Wonder Woman"))
    state = play(cards, FIELD).final
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))
    assert "overcrush" not in query.keywords(state, cards, state.die("P2:19sww#1"))


def test_several_names_each_get_the_bonus():
    # 'your Superman, Supergirl, and Lois Lane character dice get +1A and +1D'.
    cards = cards_for("22sww", line_on("75skc", "while", "Wonder Woman", Lois_Lane="Cheetah"))
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 7)
    assert stats(cards, FIELD, "P2:5sww#1") == (4, 2)  # the opponent's Cheetah
    assert stats(cards, FIELD, "P1:SK1") == (1, 1)


def test_named_costs_fall_for_the_holder_only():
    # 'your Superman and Supergirl character dice cost 2 less to purchase (minimum 1) and may
    # be fielded for free', held by Wonder Woman.
    cards = cards_for("22sww", line_on("10sww", "while", "Wonder Woman"))
    setup = FIELD + "P1 die 19sww#2 reserve L3\n"
    state = play(cards, setup).final
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 4
    assert query.purchase_cost(state, cards, "P2", "19sww").value == 6
    assert query.purchase_cost(state, cards, "P1", "22sww").value == 4
    assert query.fielding_cost(state, cards, state.die("P1:19sww#2")).value == 0
    replay = play(cards, setup, "P1 field 19sww#2")
    assert replay.final.die("P1:19sww#2").zone == Zone.FIELD


def test_the_card_costs_less_while_another_character_is_active():
    # 'While Superman is active, NAME costs 2 less to purchase': from the team (a `static`
    # spec), whether or not Wonder Woman herself is active.
    cards = cards_for("22sww", line_on("37skc", "while", "Wonder Woman"))
    assert query.purchase_cost(play(cards, FIELD).final, cards, "P1", "22sww").value == 2
    assert query.purchase_cost(play(cards, NO_WONDER_WOMAN).final, cards, "P1", "22sww").value == 2
    assert query.purchase_cost(play(cards, NO_SUPERMAN).final, cards, "P1", "22sww").value == 4


_FIGHT = ("P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")


def test_damage_to_the_card_is_prevented_while_another_character_is_active():
    # 'While Wonder Woman is active, prevent all damage dealt to Steve Trevor' (as Superman).
    cards = cards_for("19sww", line_on("14sww", "while", "Superman"))
    fight = ("judge modifier P2:5sww#1 +8A",) + _FIGHT
    assert play(cards, FIELD, *fight).final.die("P1:19sww#1").zone == Zone.FIELD
    assert play(cards, NO_WONDER_WOMAN, *fight).final.die("P1:19sww#1").zone == Zone.PREP


def test_a_named_character_cant_be_targeted_by_the_opponent():
    # 'your opponent can't target your Lois Lane character dice' (Lois Lane as Wonder Woman).
    line = line_on("53skc", "while", "Superman", Lois_Lane="Wonder Woman")
    cards = cards_for("19sww", line)
    state = play(cards, FIELD).final
    assert not statics.targetable(state, cards, "P1:22sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P1:22sww#1", "P1", "global")
    assert statics.targetable(state, cards, "P1:SK1", "P2", "action")


# -- several subjects --------------------------------------------------
def test_two_subjects_joined_by_and():
    # 'Batman and Sidekick dice you control gain +1D' (Batman as Superman).
    cards = cards_for("22sww", line_on("71bat", "while", "Wonder Woman", Batman="Superman"))
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 7)
    assert stats(cards, FIELD, "P1:SK1") == (1, 2)
    assert stats(cards, FIELD, "P2:SK1") == (1, 1)
    assert stats(cards, FIELD, "P1:22sww#1") == (3, 3)


def test_a_die_matching_both_subjects_gets_the_bonus_once():
    # 'your [M] and [WT] characters ...' read as two selectors: the second excludes the first.
    line = line_on("148skc", "while", "Wonder Woman")  # your [F] and other [S] dice get +1A
    result = compiled("22sww", ability_lines=[line])
    first, second = (e["to"] for e in result.encoding["abilities"][0]["effects"])
    assert second["not_energy"] == first["energy"]
    cards = compiled_cards("22sww", ability_lines=[line])
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 6)  # Shield
    assert stats(cards, FIELD, "P1:22sww#1") == (3, 3)  # Mask
    # 'your [F4] characters and [PAWN]': Sidekicks that are not of the affiliation.
    result = compiled("22sww", ability_lines=[line_on("112msw", "while", "Wonder Woman")])
    effects = result.encoding["abilities"][0]["effects"]
    assert effects[1]["to"]["not_affiliation"] == effects[0]["to"]["affiliation"]


def test_a_shared_noun_and_other_than_the_card():
    # 'your [DCJL] character dice other than Batman get +1A, +1D, and cost [1] less to field'.
    cards = cards_for("19sww", line_on("6jus", "while", "Superman"))
    assert stats(cards, FIELD, "P1:22sww#1") == (4, 4)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)


# -- conditions --------------------------------------------------
def test_more_life_than_the_opponent():
    # 'While your life total is higher than your opponent's, NAME gets +2 attack'.
    cards = cards_for("19sww", line_on("58msw", "while", "Superman"))
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)  # 20 and 20: equal holds neither
    assert stats(cards, FIELD + "P2 life 15\n", "P1:19sww#1") == (6, 6)
    assert stats(cards, FIELD + "P1 life 15\n", "P1:19sww#1") == (4, 6)
    # 'While you have less life than your opponent, ... gets +3A'.
    cards = cards_for("19sww", line_on("3wwe", "while", "Superman"))
    assert stats(cards, FIELD + "P1 life 15\n", "P1:19sww#1") == (7, 6)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)
    assert "you have more life than your opponent" in describe(
        compiled("19sww", ability_lines=[line_on("58msw", "while", "Superman")]).encoding
    )


def test_no_opposing_villains_in_the_field():
    # 'While your opponent has no Villain characters fielded, prevent all damage to NAME'.
    cards = cards_for("19sww", line_on("65uxm", "while", "Superman"))
    fight = ("judge modifier P2:SK1 +8A", "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage")
    # Cheetah (a Villain) is in P2's Field: Superman takes the Sidekick's 9 damage.
    assert play(cards, FIELD, *fight).final.die("P1:19sww#1").zone == Zone.PREP
    no_villain = FIELD.replace("P2 die 5sww#1 field L1\n", "P2 die 5sww#1 used\n")
    assert play(cards, no_villain, *fight).final.die("P1:19sww#1").zone == Zone.FIELD


def test_energy_in_the_reserve_pool():
    # 'While there is a [M] in your Reserve Pool, NAME gets +2A'.
    cards = cards_for("19sww", line_on("41skc", "while", "Superman"))
    assert stats(cards, FIELD + "P1 die SK2 reserve mask\n", "P1:19sww#1") == (6, 6)
    assert stats(cards, FIELD + "P1 die SK2 reserve fist\n", "P1:19sww#1") == (4, 6)


def test_another_die_of_an_affiliation_is_active():
    # 'While a non-Batgirl [DCB] character die is active, Batgirl gets +1A and +1D'
    # (the affiliation made Justice League for the demo).
    line = line_on("5bat", "while", "Superman").replace("[DCB]", "[DCJL]")
    cards = cards_for("19sww", line)
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 7)  # Wonder Woman is Justice League
    assert stats(cards, NO_WONDER_WOMAN, "P1:19sww#1") == (4, 6)  # Superman alone: no


def test_a_level_limited_keyword():
    # 'other [DCS] characters gain Iron Will while at level 1' ([DCS] made [DCJL]).
    line = line_on("121wf", "while", "Superman").replace("[DCS]", "[DCJL]")
    cards = cards_for("19sww", line)
    state = play(cards, FIELD).final
    assert "iron_will" in query.keywords(state, cards, state.die("P1:22sww#1"))
    state = play(cards, FIELD.replace("22sww#1 field L1", "22sww#1 field L2")).final
    assert "iron_will" not in query.keywords(state, cards, state.die("P1:22sww#1"))


def test_while_your_dice_are_attacking_they_get():
    # 'while your Sidekick character dice are attacking, they get +2A'.
    cards = cards_for("19sww", line_on("2hq", "while", "Superman"))
    assert stats(cards, FIELD, "P1:SK1") == (1, 1)
    assert stats(cards, FIELD, "P1:SK1", "P1 attack SK1") == (3, 1)


# -- what stays manual --------------------------------------------------
@pytest.mark.parametrize(
    "code, name",
    [
        ("118wf", "Harley Quinn"),  # 'Batman can't block your [DCV] dice': whose Batman?
        ("44toa", "Tomb Dwarf"),  # 'Trap dice': a kind of card, not a name
    ],
)
def test_ambiguous_or_unknown_subjects_stay_manual(code, name):
    line = line_on(code, "while", "Superman")
    assert compiled("19sww", ability_lines=[line]).status == "manual"


# -- the real pool --------------------------------------------------
@pytest.mark.parametrize(
    "key",
    [
        *("38skc", "75skc", "10sww", "14sww", "37skc", "71bat", "148skc", "6jus", "58msw"),
        *("12tag", "46uxm", "13wf", "1m2017", "79thor", "138ig", "37thor", "5bit", "112msw"),
    ],
)
def test_real_cards_compile_with_the_family(key):
    record, result = real_compiled(key, "While")
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [FAMILY]
    assert result.description.startswith(("While active", "Always (from the team)"))


def _names(value, found: set) -> set:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("name", "not_name") and isinstance(v, str):
                found.add(v)
            _names(v, found)
    elif isinstance(value, list):
        for v in value:
            _names(v, found)
    return found


def test_every_name_the_family_encodes_is_a_real_character():
    """A trait word read as a name would match no die: every name this family encodes over
    the real pool must be some card's title."""
    records = read_catalogue(str(real_pool_path())).cards
    titles = {r.name.lower() for r in records}
    result = coverage(records)
    checked = 0
    for record in records:
        compiled_card = result.compiled[record.key]
        if not any(f == FAMILY for _, f in compiled_card.recognised):
            continue
        checked += 1
        for name in _names(compiled_card.encoding, set()):
            assert name.lower() in titles, (record.key, name)
    assert checked >= 30


# -- more cost shapes --------------------------------------------------
def test_you_may_field_an_affiliation_for_free():
    # 'you may field Avengers characters for free' (Avengers made Justice League).
    line = line_on("51avx", "while", "Superman").replace("Avengers", "Justice League")
    cards = cards_for("19sww", line)
    setup = FIELD + "P1 die 22sww#2 reserve L3\n"
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P1:22sww#2")).value == 0
    assert play(cards, setup, "P1 field 22sww#2").final.die("P1:22sww#2").zone == Zone.FIELD


def test_characters_cost_the_opponent_more():
    # 'non-[DCV] character dice cost your opponents [1] more to purchase', held by P1.
    cards = cards_for("19sww", line_on("19ai", "while", "Superman"))
    # P2's own Superman (the same card, so the same ability for P2) out of the Field.
    state = play(cards, FIELD.replace("P2 die 19sww#1 field L1", "P2 die 19sww#1 used")).final
    assert query.purchase_cost(state, cards, "P2", "22sww").value == 5
    assert query.purchase_cost(state, cards, "P2", "5sww").value == 4  # a Villain
    assert query.purchase_cost(state, cards, "P1", "22sww").value == 4


def test_superstars_are_non_sidekick_characters():
    # 'your [M] Superstars cost [2] less to purchase (Minimum 1)' ([M] made [S]).
    line = line_on("6wwe", "while", "Superman").replace("[M]", "[S]")
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated"
    (effect,) = result.encoding["abilities"][0]["effects"]
    assert effect["to"]["what"] == "non_sidekick"
    cards = compiled_cards("19sww", ability_lines=[line])
    assert query.purchase_cost(play(cards, FIELD).final, cards, "P1", "19sww").value == 4


def test_a_name_with_a_character_noun_beside_sidekicks():
    # 'your Sidekicks and S.H.I.E.L.D. Agent characters get +1A' (the name made Superman).
    line = line_on("60aou", "while", "Wonder Woman").replace("S.H.I.E.L.D. Agent", "Superman")
    cards = cards_for("22sww", line)
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 6)
    assert stats(cards, FIELD, "P1:SK1") == (2, 1)
    assert stats(cards, FIELD, "P2:19sww#1") == (4, 6)


# -- the card spelt otherwise --------------------------------------------------
def test_the_card_spelt_otherwise_is_the_card_itself():
    # 'While Mr. Sinister is active, if your opponent has no Villain characters fielded, each
    # of your characters gains +2D' on Mister Sinister: read as the real card.
    record, result = real_compiled("46uxm", "While")
    assert result.status == "automated"
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "while_active" and spec["if"]["test"] == "count_at_most"
    # A misspelt name is not guessed here: 'Supegirl' on Supergirl is read only by
    # statics_tail's table of printing slips, not by this family.
    _, result = real_compiled("52skc", "While")
    assert [f for _, f in result.recognised] == ["statics_tail"]
    # 'this monster' is the card's own die.
    _, result = real_compiled("48ygo", "While")
    assert result.encoding["abilities"][0]["effects"][0]["to"] == {"pick": "this"}


# -- reduction and a lone die --------------------------------------------------
def test_damage_to_named_dice_is_reduced():
    # 'damage dealt to your Deadpool, Lady Deadpool, Kidpool, and Dogpool character dice is
    # reduced by 1' (as Superman; 'Lady Superman' then made Wonder Woman): Wonder Woman
    # (D3 +1) takes Cheetah's 4 damage less 1 and survives; without the card active, KO'd.
    line = line_on("1m2017", "while", "Superman", Lady_Superman="Wonder Woman")
    cards = cards_for("19sww", line)
    fight = (
        "judge modifier P1:22sww#1 +1D",
        "P1 attack 22sww#1",
        "P2 block 5sww#1>22sww#1",
        "P1 damage",
    )
    assert play(cards, FIELD, *fight).final.die("P1:22sww#1").zone == Zone.FIELD
    assert play(cards, NO_SUPERMAN, *fight).final.die("P1:22sww#1").zone == Zone.PREP


def test_a_lone_character_die():
    # 'While a single NAME character die is the only character die in your Field Zone, she
    # gets +3A and +3D'.
    cards = cards_for("19sww", line_on("79thor", "single", "Superman"))
    alone = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS)
    assert stats(cards, alone, "P1:19sww#1") == (7, 9)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)
    two = alone + "P1 die 19sww#2 field L1\n"
    assert stats(cards, two, "P1:19sww#1") == (4, 6)


def test_while_the_card_and_an_opposing_die_are_active():
    # 'While NAME and an opposing [DCV] character die are active, you may field character dice
    # for free'.
    cards = cards_for("19sww", line_on("37thor", "while", "Superman"))
    setup = FIELD + "P1 die 22sww#2 reserve L3\n"
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P1:22sww#2")).value == 0
    no_villain = setup.replace("P2 die 5sww#1 field L1\n", "P2 die 5sww#1 used\n")
    state = play(cards, no_villain).final
    assert query.fielding_cost(state, cards, state.die("P1:22sww#2")).value > 0


def test_any_cheap_die_costs_the_opponent_more():
    # 'your opponents pay [1] more to purchase each die with a purchase cost of 2 or less':
    # characters and action dice alike.
    cards = cards_for("19sww", line_on("13wf", "while", "Superman"))
    state = play(cards, FIELD.replace("P2 die 19sww#1 field L1", "P2 die 19sww#1 used")).final
    assert query.purchase_cost(state, cards, "P2", "10sww").value == 3  # Jimmy Olsen (2)
    assert query.purchase_cost(state, cards, "P2", "26sww").value == 3  # Misdirection (2)
    assert query.purchase_cost(state, cards, "P2", "34sww").value == 3  # Truce (3): unchanged
    assert query.purchase_cost(state, cards, "P1", "10sww").value == 2


def test_two_while_sentences_on_one_line():
    # 'While you have [F] in your Reserve Pool, NAME gets +2A. While you have three or more [F]
    # in your Reserve Pool, she gets an additional +1A'.
    cards = cards_for("19sww", line_on("138ig", "while", "Superman"))
    one = FIELD + "P1 die SK2 reserve fist\n"
    assert stats(cards, one, "P1:19sww#1") == (6, 6)
    three = one + "P1 die SK3 reserve fist\nP1 die SK4 reserve fist\n"
    assert stats(cards, three, "P1:19sww#1") == (7, 6)
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)
