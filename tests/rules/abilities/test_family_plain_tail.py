"""Family `plain_tail` (rules/abilities/templates/plain_tail.py): a character's lines without
the usual trigger words. Real lines are read from the card file by key at test time (their
text is never copied here) and played through the engine."""

from rules.abilities import compile_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, scene, whole_card
from tests.rules.abilities.scenario import compiled, play, run


# -- Gate NAME: another unpurchased die of the card, rolled ---------------------------------------
def _gate(face: str):
    cards = whole_card("36fus")  # Balor (fielding cost 1 at level 1)
    setup = scene("36fus", "P1 die 36fus#1 reserve L1", "P1 die SK5 reserve fist")
    return play(cards, setup, "P1 field 36fus#1 pay SK5", "P1 yes", f"P1 roll 36fus#2={face}")


def test_gate_character_face_goes_to_the_prep_area():
    state = _gate("L2").final
    assert state.die("P1:36fus#2").zone == Zone.PREP
    assert state.die("P1:36fus#2").owner == "P1"


def test_gate_energy_face_goes_back_to_its_card():
    state = _gate("fist").final
    assert state.die("P1:36fus#2").zone == Zone.UNPURCHASED


# -- burst: instead draw 2 dice, one goes here and the other there --------------------------------
def _gambit(level: str, pay: str, *answers: str):
    cards = whole_card("43avx")  # Gambit: bursts on levels 1 and 2
    setup = scene(
        "43avx", f"P1 die 43avx#1 reserve {level}", "P1 die SK5 reserve mask",
        "P1 die SK6 reserve mask", "P1 die SK1 bag", "P1 die SK2 bag",
    )  # fmt: skip
    return play(cards, setup, f"P1 field 43avx#1 pay {pay}", "P1 yes", *answers)


def test_burst_draws_two_rolls_the_chosen_one_and_returns_the_other_to_the_bag():
    state = _gambit("L1", "SK5", "P1 draw SK1 SK2", "P1 choose SK2", "P1 roll SK2=bolt").final
    assert state.die("P1:SK2").zone == Zone.RESERVE
    assert state.die("P1:SK1").zone == Zone.BAG


def test_without_the_burst_one_die_is_drawn_and_rolled():
    state = _gambit("L3", "SK5 SK6", "P1 draw SK1", "P1 roll SK1=bolt").final
    assert state.die("P1:SK1").zone == Zone.RESERVE
    assert state.die("P1:SK2").zone == Zone.BAG


def test_burst_prep_one_and_send_the_other_to_the_used_pile():
    cards = whole_card("3avx")  # Beast: a burst on level 1 only
    setup = scene("3avx", "P1 die 3avx#1 field L1", "P1 die SK1 bag", "P1 die SK2 bag", active="P2")
    state = play(
        cards, setup, "P2 attack 22uxm#1", "P1 block 3avx#1>22uxm#1", "P1 draw SK1 SK2",
        "P1 choose SK1",
    ).final  # fmt: skip
    assert state.die("P1:SK1").zone == Zone.PREP
    assert state.die("P1:SK2").zone == Zone.USED


# -- limits on the damage the card's own dice take ------------------------------------------------
_LIMIT_LINES = {"19sw": "Reduce", "2asm": "Carnage takes", "36jl": "The Atom", "22tiw": "Prevent"}


def _block(key: str, level: str, attacker: str):
    cards = real_cards(key, _LIMIT_LINES[key])
    setup = scene(key, f"P1 die {key}#1 field {level}", active="P2")
    return play(
        cards, setup, f"P2 attack {attacker}", f"P1 block {key}#1>{attacker}", "P2 damage"
    ).final


def test_damage_from_each_source_is_reduced_to_one():
    cards = real_cards("19sw", "Reduce")
    setup = scene("19sw", "P1 die 19sw#1 field L1", active="P2")
    replay = play(cards, setup, "P2 attack 22uxm#1", "P1 block 19sw#1>22uxm#1", "P2 damage")
    assert replay.final.die("P1:19sw#1").zone == Zone.FIELD  # Wolverine's 5A against D2
    prevented = [e.amount for s in replay.steps for e in s.events if e.kind == "prevented"]
    assert prevented == [4]  # 1 of the 5 damage is dealt


def test_no_more_than_one_damage_from_action_dice_leaves_combat_damage_alone():
    state = _block("2asm", "L1", "22uxm#1")  # Carnage D5 against 5A: combat damage, KO'd
    assert state.die("P1:2asm#1").zone == Zone.PREP


def test_no_damage_from_higher_level_characters():
    higher = _block("36jl", "L1", "5sww#1")  # Cheetah is level 2
    assert higher.die("P1:36jl#1").zone == Zone.FIELD
    assert higher.die("P1:36jl#1").damage == 0
    same = _block("36jl", "L1", "SK1")  # a level 1 Sidekick: its damage is dealt
    assert same.die("P1:36jl#1").zone == Zone.PREP


def test_no_damage_from_character_dice_of_equal_or_lower_level():
    equal = _block("22tiw", "L2", "5sww#1")  # level 2 against level 2: prevented
    assert equal.die("P1:22tiw#1").zone == Zone.FIELD
    higher = _block("22tiw", "L1", "5sww#1")  # level 2 against level 1: D1, KO'd
    assert higher.die("P1:22tiw#1").zone == Zone.PREP


def test_damage_limits_encode_their_source():
    spec = compile_card(pool()["2asm"]).encoding["abilities"][0]
    assert spec["effects"][0] == {
        "do": "pt_limit_damage",
        "to": {"pick": "this"},
        "keep": 1,
        "from": {"pick": "each", "what": "action"},
    }


# -- the card's own purchase cost under a life condition ------------------------------------------
def _cost(key: str, life_p1: int, life_p2: int = 20) -> int:
    cards = real_cards(key, "Thanos")
    setup = scene(key, f"P1 life {life_p1}", f"P2 life {life_p2}")
    state = run(cards, setup).final
    return query.purchase_cost(state, cards, "P1", key).value


def test_cost_less_while_you_have_little_life():
    assert _cost("49ig", 10) == 5 and _cost("49ig", 11) == 7  # 10 or less life
    assert _cost("68aou", 10) == 5 and _cost("68aou", 11) == 7  # less than 11 life


def test_cost_less_while_your_opponent_has_twenty_life():
    assert _cost("129ig", 15, 20) == 6 and _cost("129ig", 15, 19) == 8


# -- spellings the other families read ------------------------------------------------------------
def test_bare_obscure_reads_as_its_reminder():
    bare = compile_card(pool()["9zhn"])
    printed = compile_card(pool()["7tiw"])  # the keyword with its reminder
    obscure = [s for s in bare.encoding["abilities"] if s["when"] == "action_used"]
    assert bare.status == "automated"
    assert obscure == printed.encoding["abilities"]


def test_other_spellings_are_automated():
    for key in ("65fus", "55msw", "121asm", "4bfu", "111bff", "83aou"):
        assert compile_card(pool()[key]).status == "automated", key


def test_npcs_are_sidekicks_only_in_dungeons_and_dragons_sets():
    line = "NPCs can't block Superman"
    assert compiled("19sww", ability_lines=[line]).status == "manual"  # a Marvel / DC card


def test_a_character_die_other_than_this_card_leaves_its_own_dice_out():
    spec = compile_card(pool()["4bfu"]).encoding["abilities"][0]
    assert spec["when"] == "fielded" and spec["any"]["other"] is True


def test_once_each_turn_limits_the_trigger():
    (spec,) = compile_card(pool()["83aou"]).encoding["abilities"]
    assert spec["limit"] == "once_per_turn" and spec["when"] == "kod"


def test_free_to_field():
    cards = whole_card("55msw")
    setup = scene("55msw", "P1 die 55msw#1 reserve L3")
    state = play(cards, setup, "P1 field 55msw#1").final
    assert state.die("P1:55msw#1").zone == Zone.FIELD


# -- dice counted in the Prep Area / the Used Pile ------------------------------------------------
def test_bonus_for_each_die_in_your_prep_area():
    cards = real_cards("47uxm", "Mystique")
    printed = pool()["47uxm"].faces[0]
    setup = scene(
        "47uxm", "P1 die 47uxm#1 field L1", "P1 die SK1 prep", "P1 die 19sww#1 prep",
        "P2 die SK2 prep",
    )  # fmt: skip
    state = run(cards, setup).final
    die = state.die("P1:47uxm#1")
    assert query.attack(state, cards, die).value == printed.attack + 2  # not P2's Prep Area
    assert query.defense(state, cards, die).value == printed.defense + 2


def test_bonus_for_each_die_of_an_affiliation_in_your_prep_area():
    cards = real_cards("128dps", "Psylocke")
    setup = scene(
        "128dps", "P1 die 128dps#1 field L1", "P1 die 128dps#2 prep", "P1 die SK1 prep"
    )  # Psylocke is X-Men; a Sidekick has no affiliation
    state = run(cards, setup).final
    printed = pool()["128dps"].faces[0].attack
    assert query.attack(state, cards, state.die("P1:128dps#1")).value == printed + 2


def test_free_to_field_while_a_die_is_in_your_used_pile():
    cards = real_cards("27ig", "Drax")  # Drax is Infinity Watch
    fielding = pool()["27ig"].faces[0].fielding
    assert fielding > 0
    with_one = scene("27ig", "P1 die 27ig#1 reserve L1", "P1 die 27ig#2 used")
    assert play(cards, with_one, "P1 field 27ig#1").final.die("P1:27ig#1").zone == Zone.FIELD
    without = scene("27ig", "P1 die 27ig#1 reserve L1")
    assert run(cards, without + "P1 field 27ig#1\n").steps[-1].legal is False


# -- conditions the other families don't spell ----------------------------------------------------
def test_bonus_only_while_you_have_fielded_nothing_this_turn():
    cards = real_cards("15def", "As long as")
    printed = pool()["15def"].faces[0].attack
    setup = scene(
        "15def", "P1 die 15def#1 field L1", "P1 die 19sww#1 reserve L1",
        "P1 die SK5 reserve wild", "P1 die SK6 reserve wild",
    )  # fmt: skip
    before = run(cards, setup).final
    assert query.attack(before, cards, before.die("P1:15def#1")).value == printed + 3
    fielded = play(cards, setup, "P1 field 19sww#1 pay SK5").final
    assert query.attack(fielded, cards, fielded.die("P1:15def#1")).value == printed


def test_extra_fielding_cost_without_the_named_character_or_affiliation():
    cards = real_cards("67skc", "Pay an extra")
    printed = pool()["67skc"].faces[0].fielding
    alone = run(cards, scene("67skc", "P1 die 67skc#1 reserve L1")).final
    assert query.fielding_cost(alone, cards, alone.die("P1:67skc#1")).value == printed + 1
    # P2's dice don't help: the condition reads the holder's Field only
    (spec,) = compile_card(pool()["67skc"]).encoding["abilities"][-1:]
    assert spec["if"]["of"]["side"] == "yours"


def test_spells_are_action_dice_in_dungeons_and_dragons_sets():
    (spec,) = compile_card(pool()["79fus"]).encoding["abilities"]
    (effect,) = spec["effects"]
    assert effect["action"] == "be_targeted" and effect["kinds"] == ["action", "ability"]


def test_bonus_on_the_turn_fielded_then_a_bonus_to_every_die_of_a_kind_when_attacking():
    fielded, attacks = compile_card(pool()["112wol"]).encoding["abilities"]
    assert fielded["when"] == "fielded" and fielded["effects"][0]["to"] == {"pick": "this"}
    (effect,) = attacks["effects"]
    assert attacks["when"] == "attacks" and "side" not in effect["to"]  # either player's, R13.8
    cards = whole_card("112wol")
    printed = pool()["112wol"].faces[0]
    setup = scene("112wol", "P1 die 112wol#1 reserve L1", "P1 die SK5 reserve wild")
    pay = " pay SK5" if printed.fielding else ""
    state = play(cards, setup, f"P1 field 112wol#1{pay}").final
    assert query.attack(state, cards, state.die("P1:112wol#1")).value == printed.attack + 1
