"""Family `combat_globals` (rules/abilities/templates/combat_globals.py): globals paying
energy and life, and prevention shields ('Prevent N damage to <one target>', effect
`cg_prevent`).

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

import json

from rules.abilities import compile_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool
from tests.rules.abilities.scenario import (
    board,
    compiled,
    compiled_cards,
    encoded_cards,
    play,
    refused,
)

TEAMS = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")


def _global_line(key: str) -> str:
    (line,) = pool()[key].global_lines
    return line


def _global_cards(key: str):
    return compiled_cards("22sww", global_lines=[_global_line(key)])


# -- Pay [X] and N life ---------------------------------------------------------------------------
def _pawn_setup(*extra: str) -> str:
    return board(
        "P1 die SK5 reserve mask", "P1 die SK6 reserve mask", "P1 die SK3 reserve bolt",
        "P1 die SK8 used", *extra, teams=TEAMS,
    )  # fmt: skip


def test_global_paying_energy_and_life_fields_a_sidekick_from_the_used_pile():
    cards = _global_cards("117msw")  # [M] and 1 life: once per turn, field a [PAWN] from Used
    state = play(cards, _pawn_setup(), "P1 global 22sww pay SK5", "P1 choose SK8").final
    assert state.die("P1:SK8").zone == Zone.FIELD
    assert state.player("P1").life == 19
    assert state.die("P1:SK5").zone == Zone.OUT_OF_PLAY  # the energy spent as well (R4.6)


def test_global_paying_energy_and_life_is_once_per_turn():
    cards = _global_cards("117msw")
    setup = _pawn_setup("P1 die SK7 used")
    again = "P1 global 22sww pay SK5\nP1 choose SK8\nP1 global 22sww pay SK6\n"
    refused(cards, setup + again, "R10.1")  # once per turn


def test_global_paying_energy_and_life_needs_its_energy():
    cards = _global_cards("78msw")  # [B] and 1 life
    refused(cards, _pawn_setup() + "P1 global 22sww pay SK5\n", "R6.5")
    state = play(cards, _pawn_setup(), "P1 global 22sww pay SK3", "P1 choose SK8").final
    assert state.die("P1:SK8").zone == Zone.FIELD and state.player("P1").life == 19


def test_pay_and_life_encodes_the_life_first():
    result = compile_card(pool()["78msw"])
    assert result.status == "automated"
    spec = next(s for s in result.encoding["abilities"] if s["when"] == "global")
    assert spec["effects"][0] == {"do": "fc_pay_life", "amount": 1}
    assert spec["limit"] == "once_per_turn" and spec["cost"] == "[B]"
    assert "pay 1 life; then field 1 Sidekick die from your Used Pile" in result.description


def test_pay_and_other_costs_stay_manual():
    # an extra cost that is not life (damage taken) is not this reading
    line = "Global: Pay [S] and take 2 damage to draw a die and place it in your prep area."
    assert compiled("22sww", global_lines=[line]).status == "manual"


# -- Prevent N damage to <one target> -------------------------------------------------------------
def _fight_setup(*extra: str) -> str:
    return board(
        "P1 die SK6 reserve shield", "P1 die SK7 reserve shield", "P1 die 22sww#1 field L1",
        "P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", *extra, teams=TEAMS,
    )  # fmt: skip


_BLOCKED = ("P1 attack 22sww#1", "P2 block 5sww#1>22sww#1", "P1 damage")


def test_prevention_shield_stops_combat_damage_to_the_die():
    # 22wf: [S]. Prevent 3 damage to target character die unless an opponent pays 1 life
    cards = _global_cards("22wf")
    shielded = play(
        cards, _fight_setup(), "P1 global 22sww pay SK6 target P1:22sww#1", "P2 no", *_BLOCKED
    ).final
    assert shielded.die("P1:22sww#1").zone == Zone.FIELD  # 4 damage, 3 prevented: D3 holds
    assert shielded.die("P2:5sww#1").zone != Zone.FIELD  # the blocker is not shielded
    bare = play(cards, _fight_setup(), *_BLOCKED).final
    assert bare.die("P1:22sww#1").zone != Zone.FIELD  # without the shield: KO'd


def test_prevention_shield_unless_the_opponent_pays_life():
    cards = _global_cards("22wf")
    paid = play(
        cards, _fight_setup(), "P1 global 22sww pay SK6 target P1:22sww#1", "P2 yes", *_BLOCKED
    ).final
    assert paid.player("P2").life == 19
    assert paid.die("P1:22sww#1").zone != Zone.FIELD  # no shield: KO'd


def test_prevention_shields_add_up_and_are_spent_by_the_damage_they_stop():
    # 43thor: '[S]. Prevent 1 damage to target character die or player'. One use: 3 of the 4
    # damage reach the die (D3), KO'd; two uses on it: 2 stopped, it stays
    cards = _global_cards("43thor")
    use = "P1 global 22sww pay {} target P1:22sww#1"
    one = play(cards, _fight_setup(), use.format("SK6"), *_BLOCKED).final
    assert one.die("P1:22sww#1").zone != Zone.FIELD
    two = play(cards, _fight_setup(), use.format("SK6"), use.format("SK7"), *_BLOCKED).final
    assert two.die("P1:22sww#1").zone == Zone.FIELD


def test_prevention_shield_on_a_player_stops_damage_to_that_player():
    cards = _global_cards("43thor")  # '... to target character die or player'
    unblocked = ("P1 attack 19sww#1", "P2 block", "P1 damage")
    shielded = play(cards, _fight_setup(), "P1 global 22sww pay SK6 target P2", *unblocked).final
    assert shielded.player("P2").life == 20 - 4 + 1
    bare = play(cards, _fight_setup(), *unblocked).final
    assert bare.player("P2").life == 20 - 4


def test_prevention_shield_stops_only_the_damage_there_is_and_ends_with_the_turn():
    cards = _global_cards("22wf")  # 3 may be prevented; a Sidekick blocker (1A) deals 1
    used = ("P1 global 22sww pay SK6 target P1:22sww#1", "P2 no", "P1 attack 22sww#1")
    setup = _fight_setup("P2 die SK1 field L1")
    before = play(cards, setup, *used, "P2 block SK1>22sww#1").final
    (shield,) = before.effects
    assert shield.subject == "P1:22sww#1" and shield.params == (3,)
    replay = play(cards, setup, *used, "P2 block SK1>22sww#1", "P1 damage")
    prevented = [e for e in replay.steps[-1].events if e.kind == "prevented"]
    assert [(e.die, e.amount) for e in prevented] == [("P1:22sww#1", 1)]
    assert replay.final.active == "P2" and not replay.final.effects  # gone at the turn's end


def test_superstar_or_player_shield_refuses_a_sidekick():
    cards = _global_cards("21bit")  # '[S]. Prevent 1 damage to a Superstar die or player'
    setup = _fight_setup("P1 die SK1 field L1")
    refused(cards, setup + "P1 global 22sww pay SK6 target P1:SK1\n", "R13.2")
    state = play(cards, setup, "P1 global 22sww pay SK6 target P1:19sww#1").final
    assert state.effects[0].subject == "P1:19sww#1"


def test_prevention_reads_one_target_only():
    for line in (
        "Global: Pay [S]. Prevent 1 damage to each of your character dice.",
        "Global: Pay [S]. Prevent the next 2 damage that you take from an ability this turn.",
    ):
        assert compiled("22sww", global_lines=[line]).status == "manual", line
    result = compile_card(pool()["22wf"])
    assert result.status == "automated"
    assert (
        "prevent the next 3 damage dealt to target character die this turn, unless your opponent"
        " pays 1 life" in result.description
    )


# -- Pay [F] when you attack: your character dice can't be targeted ------------------------------
_PING = "Global: Pay [F]. Deal 1 damage to target character die."


def _shielded_team_cards(key: str = "33dps"):
    cards = dict(_global_cards(key))  # P1's 22sww: the real global
    cards["5sww"] = compiled_cards("5sww", global_lines=[_PING])["5sww"]  # P2's targeting global
    return cards


def _attack_setup() -> str:
    return board(
        "P1 die SK6 reserve fist", "P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1",
        "P2 die SK1 reserve fist", "P2 die 5sww#1 field L1", teams=TEAMS,
    )  # fmt: skip


_ATTACKED = ("P1 attack 19sww#1", "P2 block")


def test_when_you_attack_global_keeps_your_dice_from_opposing_globals():
    cards = _shielded_team_cards()
    used = "\n".join((*_ATTACKED, "P1 global 22sww pay SK6", "P1 pass")) + "\n"
    refused(cards, _attack_setup() + used + "P2 global 5sww pay SK1 target P1:19sww#1\n", "R13.2")
    refused(cards, _attack_setup() + used + "P2 global 5sww pay SK1 target P1:22sww#1\n", "R13.2")
    # their own dice are still targets; and without the global P1's are too
    own = play(
        cards, _attack_setup(), *used.split("\n")[:-1], "P2 global 5sww pay SK1 target P2:5sww#1"
    )
    assert own.final.die("P2:5sww#1").damage == 1
    bare = play(
        cards, _attack_setup(), *_ATTACKED, "P1 pass", "P2 global 5sww pay SK1 target P1:19sww#1"
    )
    assert bare.final.die("P1:19sww#1").damage == 1


def test_when_you_attack_global_does_nothing_before_you_attack():
    cards = _shielded_team_cards("114skc")  # Hawkman: the same line
    state = play(cards, _attack_setup(), "P1 global 22sww pay SK6").final
    assert not state.effects  # paid, but no attack yet: nothing
    state = play(cards, _attack_setup(), *_ATTACKED, "P1 global 22sww pay SK6").final
    (mark,) = state.effects
    assert mark.subject == "P1" and set(mark.params) == {"global", "action"}


def test_when_you_attack_global_encoding_and_english():
    result = compile_card(pool()["113dps"])
    assert result.status == "automated"
    (spec,) = result.encoding["abilities"]
    assert spec["if"] == {"test": "cg_you_attack"}
    assert spec["effects"] == [{"do": "cg_untargetable", "kinds": ["global", "action"]}]
    assert (
        "if one of your dice is attacking on your turn: your character dice can't be the target"
        " of global abilities or action dice this turn" in result.description
    )
    # not a global: the static reading is the other families' (no lasting effect here)
    line = "Your character dice can't be the target of action dice this turn"
    assert "cg_untargetable" not in json.dumps(compiled("22sww", ability_lines=[line]).encoding)


# -- Global: target character gets Range N ---------------------------------------------------
def _range_setup() -> str:
    return board(
        "P1 die SK3 reserve bolt", "P1 die SK4 reserve bolt", "P1 die 19sww#1 field L1",
        "P2 die SK1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS,
    )  # fmt: skip


def test_global_range_granted_fires_when_that_die_attacks():
    cards = _global_cards("20ork")  # [B], once per turn: target character gets Range 1
    state = play(
        cards,
        _range_setup(),
        "P1 global 22sww pay SK3 target P1:19sww#1",
        "P1 attack 19sww#1",
        "P1 choose P2:SK1",
    ).final
    assert "range_1" in state.die("P1:19sww#1").keywords
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage (Range 1) on D1: KO'd
    # without the global, attacking asks nothing: the Sidekick stays
    bare = play(cards, _range_setup(), "P1 attack 19sww#1", "P2 block").final
    assert bare.die("P2:SK1").zone == Zone.FIELD


def test_global_range_is_once_per_turn_and_not_a_static():
    cards = _global_cards("20ork")
    twice = "P1 global 22sww pay SK3 target P1:19sww#1\nP1 global 22sww pay SK4 target P2:5sww#1\n"
    refused(cards, _range_setup() + twice, "R10.1")
    # outside a global the words are a static's, not read here
    line = "Target character gets Range 1"
    assert "range_1" not in json.dumps(compiled("22sww", ability_lines=[line]).encoding)


# -- switch A and D ------------------------------------------------------------------------------
def test_global_switches_a_and_d_of_one_of_your_characters():
    cards = _global_cards("64uxm")  # [F]: switch the A and D values of one of your characters
    setup = _fight_setup("P1 die SK1 reserve fist")  # 19sww L1: 4A 6D
    state = play(cards, setup, "P1 global 22sww pay SK1 target P1:19sww#1").final
    die = state.die("P1:19sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (
        6,
        4,
    )
    refused(cards, setup + "P1 global 22sww pay SK1 target P2:5sww#1\n", "R13.2")  # yours only


def test_global_switch_of_target_die_lets_it_survive_combat():
    cards = _global_cards("7jus")  # [S]: switch a character die's A and D until end of turn
    # 5sww (4A 2D) switched to 2A 4D blocks 22sww (3A): it survives
    setup = _fight_setup()
    used = ("P1 global 22sww pay SK6 target P2:5sww#1", *_BLOCKED)
    state = play(cards, setup, *used).final
    assert state.die("P2:5sww#1").zone == Zone.FIELD
    assert state.die("P1:22sww#1").zone == Zone.FIELD  # 2 damage on D3
    bare = play(cards, setup, *_BLOCKED).final
    assert bare.die("P2:5sww#1").zone != Zone.FIELD


def test_when_attacks_you_may_pay_to_switch_own_a_and_d():
    # 47cw Loki: 'When Loki attacks, you may pay [M] to switch Loki's A and D until end of turn'
    line = next(x for x in pool()["47cw"].ability_lines if x.lower().startswith("when"))
    line = line.replace(pool()["47cw"].name, "Wonder Woman")
    cards = compiled_cards("22sww", ability_lines=[line])
    setup = board(
        "P1 die SK5 reserve mask", "P1 die 22sww#1 field L2", "P2 die 5sww#1 field L1", teams=TEAMS
    )  # 22sww L2: 3A 5D
    state = play(cards, setup, "P1 attack 22sww#1", "P1 yes pay SK5").final
    die = state.die("P1:22sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (
        5,
        3,
    )


# -- printing slips in globals -------------------------------------------------------------------
def test_global_without_a_colon_after_the_word_global():
    cards = _global_cards("81dps")  # 'Global Pay [M]. Once per turn, ... no dice in your Prep Area'
    setup = board(
        "P1 die SK5 reserve mask", "P1 die SK6 reserve mask", "P1 die SK8 bag", teams=TEAMS
    )
    state = play(cards, setup, "P1 global 22sww pay SK5", "P1 draw SK8").final
    assert state.die("P1:SK8").zone == Zone.PREP
    refused(
        cards, setup + "P1 global 22sww pay SK5\nP1 draw SK8\nP1 global 22sww pay SK6\n", "R10.1"
    )


def test_global_without_a_full_stop_after_its_cost():
    # 27bff: 'Pay [B] Deal 1 damage to an NPC' (in its set an NPC is a Sidekick): the real
    # card's compiled global, on the demo card's dice
    real = compile_card(pool()["27bff"])
    spec = next(s for s in real.encoding["abilities"] if s["when"] == "global")
    cards = encoded_cards(
        {"22sww": {"abilities": [spec]}}, global_lines={"22sww": [_global_line("27bff")]}
    )
    setup = board(
        "P1 die SK3 reserve bolt", "P2 die SK1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS
    )
    state = play(cards, setup, "P1 global 22sww pay SK3 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(cards, setup + "P1 global 22sww pay SK3 target P2:5sww#1\n", "R13.2")


def test_global_with_a_trailing_life_loss():
    result = compile_card(pool()["27skc"])  # '... to target character die, lose 1 life'
    assert result.status == "automated"
    (spec,) = result.encoding["abilities"]
    assert spec["effects"][1] == {"do": "lose_life", "player": "yours", "amount": 1}
    cards = compiled_cards(
        "22sww", global_lines=["Global: Pay [B]" + _global_line("27skc").split("]", 1)[1]]
    )
    setup = board("P1 die SK3 reserve bolt", "P2 die SK1 field L1", teams=TEAMS)
    state = play(cards, setup, "P1 global 22sww pay SK3 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP and state.player("P1").life == 19


def test_global_spellings_keep_other_words_after_the_cost():
    # 'Pay [S] to ...' / 'Pay [S] and ...' are not a missing full stop
    line = "Global: Pay [S] and take 2 damage to draw a die and place it in your prep area."
    assert compiled("22sww", global_lines=[line]).status == "manual"


# -- each player fields Sidekicks from their Used Pile ---------------------------------------------
def _both_used_setup(*extra: str) -> str:
    return board(
        "P1 die SK1 reserve fist", "P1 die SK5 reserve mask", "P1 die SK6 reserve mask",
        "P1 die SK7 used", "P1 die SK8 used", "P1 die 10sww#1 used",
        "P2 die SK7 used", "P2 die SK8 used", *extra, teams=TEAMS,
    )  # fmt: skip


def test_each_player_must_field_a_sidekick_from_their_used_pile():
    cards = _global_cards("27msw")  # [F], once during your turn: each player must field a [PAWN]
    state = play(
        cards, _both_used_setup(), "P1 global 22sww pay SK1", "P1 choose SK7", "P2 choose SK8"
    ).final
    assert state.die("P1:SK7").zone == Zone.FIELD and state.die("P1:SK8").zone == Zone.USED
    assert state.die("P2:SK8").zone == Zone.FIELD and state.die("P2:SK7").zone == Zone.USED
    assert state.die("P1:10sww#1").zone == Zone.USED  # a character die is not a [PAWN]
    # must: choosing none is refused
    refused(cards, _both_used_setup() + "P1 global 22sww pay SK1\nP1 choose none\n", "R13.2")


def test_each_player_may_field_up_to_two_sidekicks():
    cards = _global_cards("20skc")  # [2M]: each player may field up to 2 Sidekick dice
    state = play(
        cards,
        _both_used_setup(),
        "P1 global 22sww pay SK5 SK6",
        "P1 choose SK7 SK8",
        "P2 choose none",
    ).final
    assert state.die("P1:SK7").zone == Zone.FIELD and state.die("P1:SK8").zone == Zone.FIELD
    assert state.die("P2:SK7").zone == Zone.USED  # P2 chose none
    refused(
        cards,
        _both_used_setup() + "P1 global 22sww pay SK5 SK6\nP1 choose 10sww#1\n",
        "R13.2",
    )


def test_each_player_fields_only_what_they_have():
    cards = _global_cards("23asm")  # the same, 'a Sidekick Die'
    setup = board(
        "P1 die SK1 reserve fist", "P2 die SK7 used", "P2 die SK8 used", teams=TEAMS
    )  # P1 has no Sidekick in the Used Pile: only P2 is asked
    state = play(cards, setup, "P1 global 22sww pay SK1", "P2 choose SK7").final
    assert state.die("P2:SK7").zone == Zone.FIELD
