"""Family `misc_tail` (rules/abilities/templates/misc_tail.py): 'When you take damage' with a
whole trigger body (Vengeance), the trademark sign and 'a NAME Superstar die', Enlistment's
'unless your opponent KOs a character die' (`mt_unless_ko`), two clauses joined by 'and'
wherever one clause is read, a spin to an energy face of the opponent's choice, 'swap his A
and D', and the Yu-Gi-Oh! 'knock this monster out' when you are damaged.

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

from dataclasses import replace

from rules.abilities import compile_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, scene, to_field, whole_card
from tests.rules.abilities.scenario import play


def _hit_by_wolverine(key: str, *lines: str, answers=()) -> object:
    """P2's turn: Wolverine (5A) attacks P1, unblocked, with the real card `key` in P1's
    Field at level 1 and `lines` on the board."""
    cards = whole_card(key)
    text = scene(key, f"P1 die {key}#1 field L1", *lines, active="P2")
    return play(cards, text, "P2 attack 22uxm#1", "P1 block", "P2 damage", *answers), cards


# -- When you take damage, <body> (Vengeance) -------------------------------------------------
def test_vengeance_spins_each_batman_die_and_damages_a_sidekick_2wf():
    replay, _ = _hit_by_wolverine("2wf", "P1 die 2wf#2 field L2", answers=["P1 choose P2:SK1"])
    state = replay.final
    assert state.player("P1").life == 15
    assert state.die("P1:2wf#1").level == 2 and state.die("P1:2wf#2").level == 3
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage KOs the Sidekick (D1)


def test_vengeance_searches_the_bag_for_a_named_die_84wf():
    # Commissioner Gordon: a Batman die (2wf) from the bag to the Prep Area
    cards = whole_card("84wf")
    cards["2wf"] = whole_card("2wf")["2wf"]
    text = scene("84wf", "P1 die 84wf#1 field L1", "P1 die 2wf#1 bag", active="P2", team="2wf:2")
    replay = play(cards, text, "P2 attack 22uxm#1", "P1 block", "P2 damage", "P1 choose 2wf#1")
    assert replay.final.die("P1:2wf#1").zone == Zone.PREP
    encoding = compile_card(pool()["84wf"]).encoding
    assert encoding["abilities"][0]["effects"][0]["dice"] == {"name": "Batman"}  # no '™'


# -- a NAME Superstar die --------------------------------------------------------------------
def test_a_superstar_die_of_the_card_damaging_the_opponent_16wwe():
    cards = whole_card("16wwe")
    text = scene("16wwe", "P1 die 16wwe#1 field L1", "P1 life 10", opposing=())
    state = play(cards, text, "P1 attack 16wwe#1", "P1 damage").final
    assert state.player("P1").life == 11


# -- Enlistment: unless your opponent KOs a character die -------------------------------------
def _bullseye(*answers: str):
    cards = real_cards("107cw", "Enlistment")
    lines, field = to_field("107cw")
    return play(cards, scene("107cw", *lines), field, *answers).final


def test_enlistment_targets_first_then_the_opponent_may_ko_another_die_107cw():
    # KO up to 2 opposing [F] dice: Wolverine is P2's only Fist character
    state = _bullseye("P1 choose P2:22uxm#1", "P2 yes", "P2 choose P2:SK1")
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:22uxm#1").zone == Zone.FIELD
    state = _bullseye("P1 choose P2:22uxm#1", "P2 no")
    assert state.die("P2:22uxm#1").zone == Zone.PREP


def test_enlistment_the_opponent_cant_ko_a_target_of_another_107cw():
    cards = real_cards("107cw", "Enlistment")
    lines, field = to_field("107cw")
    text = scene("107cw", *lines) + field + "\nP1 choose P2:22uxm#1\nP2 yes\n"
    replay = play(cards, text)
    assert "P2:22uxm#1" not in replay.final.pending.options


def test_enlistment_without_opposing_dice_just_happens_134cw():
    # Winter Soldier attacks: 3 damage to each player; P2 has no character die to KO
    cards = real_cards("134cw", "Resistance")
    text = scene("134cw", "P1 die 134cw#1 field L1", opposing=())
    state = play(cards, text, "P1 attack 134cw#1").final
    assert state.player("P1").life == 17 and state.player("P2").life == 17


def test_enlistment_needs_a_die_picked_first_for_another():
    line = "When fielded, gain 1 life unless your opponent KOs another character die they control"
    record = pool()["107cw"]
    assert compile_card(replace(record, ability_lines=(line,))).status != "automated"


# -- two clauses joined by 'and' ---------------------------------------------------------------
def test_teamwatch_damage_and_prep_149msw():
    result = compile_card(pool()["149msw"])
    assert result.status == "automated"
    effects = result.encoding["abilities"][0]["effects"]
    assert [e["do"] for e in effects] == ["damage", "draw"]


def test_this_die_after_and_stays_manual_65dps():
    # Energize's die is in the Reserve Pool: 'reroll this die' is not the Field's die
    assert compile_card(pool()["65dps"]).status != "automated"


# -- spin to an energy face of the opponent's choice -------------------------------------------
def test_teamwatch_spin_to_an_energy_face_the_opponent_chooses_149dps():
    cards = whole_card("149dps")
    text = scene(
        "149dps", "P1 die 149dps#1 field L1", "P1 die 5sww#3 reserve L1", "P1 die SK5 reserve wild",
        team="5sww:3",
    )  # fmt: skip
    state = play(
        cards, text, "P1 field 5sww#3 pay SK5", "P1 choose P2:22uxm#1", "P2 choose fist"
    ).final
    die = state.die("P2:22uxm#1")
    assert die.zone == Zone.RESERVE and die.face.energy == ("fist",)


# -- swap his A and D --------------------------------------------------------------------------
def test_the_riddler_may_swap_his_a_and_d_when_he_attacks_36bat():
    cards = whole_card("36bat")
    text = scene("36bat", "P1 die 36bat#1 field L1", opposing=())
    state = play(cards, text, "P1 attack 36bat#1", "P1 yes").final
    die = state.die("P1:36bat#1")
    face = pool()["36bat"].faces[0]
    assert query.attack(state, cards, die).value == face.defense
    assert query.defense(state, cards, die).value == face.attack


# -- Yu-Gi-Oh!: knock this monster out when you are damaged ------------------------------------
def test_goblin_attack_force_is_knocked_out_when_you_are_damaged_84ygo():
    replay, cards = _hit_by_wolverine("84ygo")
    assert replay.final.die("P1:84ygo#1").zone == Zone.PREP
    encoding = compile_card(pool()["84ygo"]).encoding
    assert encoding["abilities"][0]["effects"][0]["keyword"] == "must_attack"


def test_goblin_squad_cant_block_51ygo():
    result = compile_card(pool()["51ygo"])
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["effects"][0] == {
        "do": "restrict", "action": "block", "to": {"pick": "this"}
    }  # fmt: skip
