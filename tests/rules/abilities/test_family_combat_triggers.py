"""Template family `combat_triggers`: 'When <this die> attacks / blocks / is blocked / blocks
or is blocked / is KO'd / takes (combat) damage / deals (combat) damage to an opponent,
<effect>', on real card lines read from the real card file at test time."""

from rules.engine import Zone, query
from tests.rules.abilities.real_cards import real_cards, real_compiled, scene, spec_of, to_field
from tests.rules.abilities.scenario import compiled, play, refused, run


def _attack(key, *board, answers=(), block=None, start="When", opposing=None):
    cards = real_cards(key, start)
    extra = {} if opposing is None else {"opposing": opposing}
    actions = [f"P1 attack {key}#1"]
    if block:
        actions.append(f"P2 block {block}")
    setup = scene(key, f"P1 die {key}#1 field L1", *board, **extra)
    return cards, play(cards, setup, *actions, *answers)


def test_real_attacks_deal_damage_to_each_opposing_die():  # WF Poison Ivy
    _, replay = _attack("125wf")
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:5sww#1").damage == 1 and state.die("P2:19sww#1").damage == 1


def test_real_attacks_deal_damage_to_the_defending_player():  # CW Natalia Romanova
    _, replay = _attack("139cw")
    assert replay.final.player("P2").life == 16


def test_real_attacks_self_gets_attack():  # ASM Spider-Man
    cards, replay = _attack("17asm")
    assert query.attack(replay.final, cards, replay.final.die("P1:17asm#1")).value == 5


def test_real_attacks_plus_one_per_opposing_die():  # XFC Wolverine: five opposing dice
    cards, replay = _attack("115xfc")
    assert query.attack(replay.final, cards, replay.final.die("P1:115xfc#1")).value == 10


def test_real_attacks_with_a_count_condition():  # CW Justice: 2 or more Sidekicks
    spec = spec_of("46cw", "When")
    assert spec["if"]["test"] == "count_at_least" and spec["if"]["n"] == 2
    cards, replay = _attack("46cw", "P1 die SK2 field L1", "P1 die SK3 field L1")
    assert query.attack(replay.final, cards, replay.final.die("P1:46cw#1")).value == 4
    cards, replay = _attack("46cw", "P1 die SK2 field L1")
    assert query.attack(replay.final, cards, replay.final.die("P1:46cw#1")).value == 2


def test_real_attacks_your_sidekicks_get_bonus():  # UXM Angel
    cards, replay = _attack("2uxm", "P1 die SK2 field L1")
    state = replay.final
    assert query.attack(state, cards, state.die("P1:SK2")).value == 2
    assert query.defense(state, cards, state.die("P1:SK2")).value == 2
    assert query.attack(state, cards, state.die("P2:SK1")).value == 1  # not P2's


def test_real_attacks_ko_an_opposing_sidekick():  # JL Cheetah
    _, replay = _attack("83jl", answers=["P1 choose P2:SK1"])
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_real_is_blocked_damage_to_one_or_each_enemy():  # UXM Cable (two cards)
    cards, replay = _attack("39uxm", block="SK1>39uxm#1", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").damage == 1
    _, replay = _attack("68uxm", block="19sww#1>68uxm#1")
    state = replay.final
    assert state.die("P2:22uxm#1").zone == Zone.PREP and state.die("P2:21uxm#1").zone == Zone.PREP
    assert state.die("P2:19sww#1").damage == 2


def test_real_is_blocked_gain_life_once_however_many_blockers():  # ASM Ghost Rider
    spec = spec_of("7asm", "When")
    assert spec["limit"] == "once_per_turn_per_die"
    _, replay = _attack("7asm", "P1 life 10", block="SK1>7asm#1 22uxm#1>7asm#1")
    assert replay.final.player("P1").life == 11


def test_real_blocks_draw_and_spin_up():  # AVX Beast, UXM Vision
    cards = real_cards("3avx", "When")
    head = scene("3avx", "P1 die 3avx#1 field L1", "P1 die SK6 bag", active="P2")
    replay = play(cards, head, "P2 attack 22uxm#1", "P1 block 3avx#1>22uxm#1", "P1 draw SK6")
    assert replay.final.die("P1:SK6").zone == Zone.PREP
    cards = real_cards("60uxm", "When")
    head = scene("60uxm", "P1 die 60uxm#1 field L1", active="P2")
    replay = play(cards, head, "P2 attack 22uxm#1", "P1 block 60uxm#1>22uxm#1", "P1 yes")
    assert replay.final.die("P1:60uxm#1").level == 2


def test_real_is_kod_effects():  # AI Iron Man (gain life), DP Deadpool (KO a level 1 die)
    cards = real_cards("28ai", "When")
    head = scene("28ai", "P1 die 28ai#1 field L1", "P1 life 10", active="P2")
    replay = play(cards, head, "P2 attack 22uxm#1", "P1 block 28ai#1>22uxm#1", "P2 damage")
    assert replay.final.die("P1:28ai#1").zone == Zone.PREP  # 5 damage on D5
    assert replay.final.player("P1").life == 12
    cards = real_cards("117dp", "When")
    head = scene("117dp", "P1 die 117dp#1 field L1", active="P2")
    text = head + "P2 attack 22uxm#1\nP1 block 117dp#1>22uxm#1\nP2 damage\n"
    options = set(run(cards, text).final.pending.options)
    assert options == {"P2:SK1", "P2:19sww#1"}  # opposing level 1 dice still in the Field
    replay = play(cards, text, "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_real_takes_damage_spin_up():  # ASM Kingpin
    cards = real_cards("10asm", "When")
    head = scene("10asm", "P1 die 10asm#1 field L1", active="P2")
    replay = play(cards, head, "P2 attack 21uxm#1", "P1 block 10asm#1>21uxm#1", "P2 damage")
    assert replay.final.die("P1:10asm#1").level == 2


def test_real_deals_combat_damage_to_opponent():  # ASM Blade
    _, replay = _attack("39asm", "P1 life 10", answers=["P2 block", "P1 damage"])
    assert replay.final.player("P2").life == 16  # Blade's 4A, unblocked
    assert replay.final.player("P1").life == 11
    # Blocked: no combat damage to the opponent, no life.
    _, replay = _attack("39asm", "P1 life 10", block="19sww#1>39asm#1", answers=["P1 damage"])
    assert replay.final.player("P1").life == 10


def test_real_kod_by_combat_damage_only():  # TIW Sylgar: 0A 1D
    cards = real_cards("36tiw", "When")
    head = scene("36tiw", "P1 die 36tiw#1 field L1", active="P2")
    replay = play(cards, head, "P2 attack 22uxm#1", "P1 block 36tiw#1>22uxm#1", "P2 damage")
    assert replay.final.player("P2").life == 18
    # KO'd by an effect (a judge adjustment), not by combat damage: nothing.
    replay = play(cards, head, "judge ko P1:36tiw#1")
    assert replay.final.player("P2").life == 20


def test_real_blocks_or_is_blocked_is_two_abilities():
    result = compiled("19sww", ability_lines=["When Superman blocks or is blocked, gain 1 life"])
    assert [s["when"] for s in result.encoding["abilities"]] == ["blocks", "blocked"]


def test_real_gets_knocked_out_ygo_wording():  # YGO Kuriboh
    spec = spec_of("27ygo", "When")
    assert spec["when"] == "kod"
    assert spec["effects"] == [
        {"do": "ko", "to": {"pick": "target", "side": "opposing", "what": "sidekick"}}
    ]


def test_real_combat_lines_that_stay_manual():
    # 'deals combat damage' (to anyone) and 'KOs a character' are the self_tail family's now
    for key in ("50asm", "18doom"):  # + a card-wide trigger reading "his level"
        _, result = real_compiled(key, "When")
        assert result.status == "manual"


def test_real_target_cant_block_this_turn():  # FUS Hell Hound
    cards, replay = _attack("18fus", answers=["P1 choose P2:SK1"])
    assert replay.final.effects  # a lasting effect until end of turn
    head = scene("18fus", "P1 die 18fus#1 field L1")
    text = head + "P1 attack 18fus#1\nP1 choose P2:SK1\nP2 block SK1>18fus#1\n"
    refused(cards, text, "R13.7")
    play(cards, head, "P1 attack 18fus#1", "P1 choose P2:SK1", "P2 block 19sww#1>18fus#1")


def test_real_your_sidekicks_cant_be_blocked():  # UXM Falcon
    cards = real_cards("71uxm", "When")
    head = scene("71uxm", "P1 die 71uxm#1 field L1", "P1 die SK2 field L1")
    text = head + "P1 attack 71uxm#1 SK2\nP2 block SK1>SK2\n"
    refused(cards, text, "R13.7")
    play(cards, head, "P1 attack 71uxm#1 SK2", "P2 block SK1>71uxm#1")


def test_restrictions_are_described_and_validated():
    import pytest

    from rules.abilities.describe import describe_effects
    from rules.abilities.vocabulary import EncodingError, validate

    effect = {"do": "restrict", "to": {"pick": "target"}, "action": "be_blocked"}
    assert describe_effects([effect]) == "target character die can't be blocked this turn"
    roll = {"do": "draw", "count": 2, "into": "reserve"}
    assert describe_effects([roll]) == "you draw and roll 2 dice into the Reserve Pool"
    validate({"abilities": [{"when": "turn_started", "by": "yours", "effects": [effect, roll]}]})
    with pytest.raises(EncodingError) as error:
        validate(
            {"abilities": [{"when": "attacks", "effects": [{**effect, "action": "be_targeted"}]}]}
        )
    assert "encoding.abilities[0].effects[0]" in str(error.value)


def test_real_takes_damage_moves_a_sidekick_from_used_to_prep():  # ASM Kingpin
    cards = real_cards("12asm", "When")
    head = scene("12asm", "P1 die 12asm#1 field L1", "P1 die SK6 used", active="P2")
    replay = play(
        cards, head, "P2 attack 21uxm#1", "P1 block 12asm#1>21uxm#1", "P2 damage", "P1 choose SK6"
    )
    assert replay.final.die("P1:SK6").zone == Zone.PREP


def test_real_attacks_alone():  # AVX Wolverine: +4A +4D only when the only attacker
    assert spec_of("126avx", "When")["when"] == "attacks_alone"
    cards, replay = _attack("126avx")
    assert query.attack(replay.final, cards, replay.final.die("P1:126avx#1")).value == 9
    head = scene("126avx", "P1 die 126avx#1 field L1", "P1 die SK2 field L1")
    replay = play(cards, head, "P1 attack 126avx#1 SK2")
    assert query.attack(replay.final, cards, replay.final.die("P1:126avx#1")).value == 5


def test_real_if_a_named_character_is_active():  # DPS Iceman: 'if Wolverine is active'
    cards = real_cards("74dps", "When")
    mine = ("P1 die 74dps#1 field L1", "P1 die 22uxm#1 field L1")
    head = scene("74dps", *mine, team="22uxm:2")
    replay = play(cards, head, "P1 attack 74dps#1", "P1 choose P2:19sww#1")
    assert replay.final.die("P2:19sww#1").damage == 3
    # P2's Wolverine is not 'active' for P1: nothing.
    head = scene("74dps", "P1 die 74dps#1 field L1", team="22uxm:2")
    replay = play(cards, head, "P1 attack 74dps#1")
    assert replay.final.pending is None or replay.final.pending.kind != "choose"
    assert replay.final.die("P2:19sww#1").damage == 0


def test_real_damage_to_target_character_or_opponent():  # FUS Hell Hound
    cards = real_cards("17fus", "When")
    head = scene("17fus", "P1 die 17fus#1 field L1")
    options = set(run(cards, head + "P1 attack 17fus#1\n").final.pending.options)
    assert {"P2", "P2:SK1", "P1:17fus#1"} <= options and "P1" not in options
    replay = play(cards, head, "P1 attack 17fus#1", "P1 choose P2")
    assert replay.final.player("P2").life == 19
    replay = play(cards, head, "P1 attack 17fus#1", "P1 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone == Zone.PREP


def test_real_pay_to_deal_damage_to_character_or_opponent():  # HHS Leonardo: pay [F]
    cards = real_cards("22hhs", "When")
    head = scene("22hhs", "P1 die 22hhs#1 field L1", "P1 die SK7 reserve fist")
    replay = play(cards, head, "P1 attack 22hhs#1", "P1 yes pay SK7", "P1 choose P2")
    assert replay.final.player("P2").life == 18
    replay = play(cards, head, "P1 attack 22hhs#1", "P1 no")
    assert replay.final.player("P2").life == 20


def test_real_per_villain_you_control_and_affiliation_lists():  # JL Deathstroke, DPS
    assert spec_of("50jl", "When")["effects"][0]["amount"] == {
        "count": {"pick": "each", "side": "yours", "affiliation": ["villain"]},
        "times": 1,
    }
    cards = real_cards("50jl", "When")
    lines, field = to_field("50jl")
    replay = play(cards, scene("50jl", *lines, "P1 die 19sww#1 field L1"), field)
    assert replay.final.player("P2").life == 19  # Deathstroke himself; Superman is no Villain
    spec = spec_of("42dps", "When")
    assert spec["effects"][0]["to"]["affiliation"] == ["xmen", "brotherhoodofmutants"]


def test_real_triggers_without_a_subject():  # BFF Manticore, MSW Ultimate Spider-Man
    _, replay = _attack("42bff")
    assert replay.final.player("P2").life == 19  # 'When assigned to attack'
    cards = real_cards("135msw", "When")  # 'When KO'd, gain 2 life'
    head = scene("135msw", "P1 die 135msw#1 field L1", "P1 life 10", active="P2")
    replay = play(cards, head, "P2 attack 22uxm#1", "P1 block 135msw#1>22uxm#1", "P2 damage")
    assert replay.final.die("P1:135msw#1").zone == Zone.PREP
    assert replay.final.player("P1").life == 12


def test_real_each_time_it_takes_damage():  # AVX Iron Man
    cards = real_cards("14avx", "Each time")
    head = scene("14avx", "P1 die 14avx#1 field L1", "P1 life 10", active="P2")
    replay = play(cards, head, "P2 attack 21uxm#1", "P1 block 14avx#1>21uxm#1", "P2 damage")
    assert replay.final.die("P1:14avx#1").zone == Zone.FIELD  # 3 damage on D5
    assert replay.final.player("P1").life == 11


def test_real_when_summoned_is_when_fielded():  # YGO Mystical Elf, La Jinn
    assert spec_of("33ygo", "When")["when"] == "fielded"
    cards = real_cards("33ygo", "When")
    head = scene("33ygo", "P1 die 33ygo#1 reserve L1", "P1 life 10")
    replay = play(cards, head, "P1 field 33ygo#1")
    assert replay.final.player("P1").life == 11
    assert spec_of("6ygo", "When summoned")["effects"] == [
        {"do": "ko", "to": {"pick": "up_to", "count": 2, "side": "opposing", "what": "sidekick"}}
    ]


def test_real_two_clauses_joined_by_and():  # ASM Silver Sable, Blade
    _, replay = _attack("13asm", "P1 life 10", block="SK1>13asm#1")
    assert replay.final.player("P2").life == 19 and replay.final.player("P1").life == 11
    cards, replay = _attack("110asm", answers=["P1 choose P2:22uxm#1"])
    state = replay.final
    assert query.attack(state, cards, state.die("P2:22uxm#1")).value == 3
    assert query.attack(state, cards, state.die("P1:110asm#1")).value == 6  # 4A +2


def test_a_pronoun_stat_after_another_clause_stays_manual():  # AVX OP Thor: 'its level'
    # no plain 'KO' then 'gain life' reading: the level is the KO'd die's (fielded_choices'
    # one effect, fc_ko_gain_level, reads it before the KO)
    _, result = real_compiled("7avxop", "When")
    assert [e["do"] for e in result.encoding["abilities"][0]["effects"]] == ["fc_ko_gain_level"]


def test_real_gain_control_and_that_die_must_attack():  # BAT Jervis Tetch
    spec = spec_of("20bat", "When")
    assert spec["effects"][1] == {"do": "grant", "to": {"pick": "it"}, "keyword": "must_attack"}
    _, replay = _attack("20bat", answers=["P1 choose P2:SK1"])
    sidekick = replay.final.die("P2:SK1")
    assert sidekick.controller == "P1" and "must_attack" in sidekick.keywords


def test_real_only_attacking_die_condition_is_attacks_alone():  # GOTG Agent Venom
    assert spec_of("42gotg", "When")["when"] == "attacks_alone"
    cards, replay = _attack("42gotg")
    own = replay.final.die("P1:42gotg#1")
    printed = query.printed_face(cards, own).attack
    assert query.attack(replay.final, cards, own).value == printed + 2


def test_a_burst_line_after_a_ko_is_not_read():
    """A KO'd die shows no face when its ability resolves: its bursts can't be read."""
    from rules.abilities.templates import Line
    from rules.abilities.templates.combat_triggers import when_this_die

    burst = Line(
        "When Superman is KO'd, gain 2 life", "", "burst", card_name="Superman", bursts=(1,)
    )
    assert when_this_die(burst) is None
    assert when_this_die(Line(burst.text, "", "ability", card_name="Superman")) is not None
    result = compiled(
        "19sww", ability_lines=["When Superman is KO'd, gain 1 life", "* Gain 2 life instead"]
    )
    assert result.status == "partial"
