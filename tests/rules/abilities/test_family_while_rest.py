"""Template family `while_rest` (rules/abilities/templates/while_rest.py): 'While NAME is
active, ...' lines no other while family reads. Each scenario reads a real card's line from the
card pool at run time (WizKids' text is never copied here) and plays it on a board."""

from dataclasses import replace

import pytest

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import (
    pool,
    real_cards,
    real_compiled,
    real_line,
    scene,
    spec_of,
)
from tests.rules.abilities.scenario import compiled, compiled_cards, play, refused

FAMILY = "while_rest"


def _family_reads(key: str, start: str = "While", family: str = FAMILY) -> dict:
    """The one spec of real card `key`'s line `start`, read by this family (or through
    `family`'s rewriting: statics_tail reads a misspelt own name again)."""
    record = pool()[key]
    one = replace(record, ability_lines=(real_line(key, start),), global_lines=())
    result = compile_card(one)
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [family]
    (spec,) = result.encoding["abilities"]
    return spec


def _paraphrase_stays_manual(key: str, text: str) -> None:
    record = replace(pool()[key], ability_lines=(text,), global_lines=())
    assert compile_card(record).status != "automated", text


# -- no damage from the opponent's 'When fielded' effects / globals (wr_no_damage_from) --
def _with_opposing(key: str, *, ability_lines=(), global_lines=(), on: str = "22uxm"):
    """The real card `key` (its 'While' line) and P2's card `on` given these lines."""
    return compiled_cards(
        on, ability_lines=ability_lines, global_lines=global_lines, cards=real_cards(key, "While")
    )


def _opponent_fields(key: str, who: str = "22uxm") -> str:
    return scene(
        key,
        f"P1 die {key}#1 field L1",
        f"P2 die {who}#2 reserve L1",
        "P2 die SK5 reserve wild",
        active="P2",
    )


@pytest.mark.parametrize("key", ["18bff", "66cw"])
def test_no_damage_to_you_from_opposing_when_fielded_effects(key):
    spec = _family_reads(key)
    assert spec["effects"] == [
        {"do": "wr_no_damage_from", "ability": "fielded", "protects": ["you"]}
    ]
    assert "prevent all damage your opponents' 'When fielded' abilities deal to you" in describe(
        {"abilities": [spec]}
    )
    cards = _with_opposing(key, ability_lines=["When fielded, deal 2 damage to your opponent"])
    state = play(cards, _opponent_fields(key), "P2 field 22uxm#2 pay SK5").final
    assert state.player("P1").life == 20  # prevented (R13.4)
    # not while the card is inactive
    inactive = _opponent_fields(key).replace(f"P1 die {key}#1 field L1", f"P1 die {key}#1 used")
    assert play(cards, inactive, "P2 field 22uxm#2 pay SK5").final.player("P1").life == 18
    # damage to your dice is not prevented ('your characters are not protected')
    at_dice = _with_opposing(
        key, ability_lines=["When fielded, deal 2 damage to target character die"]
    )
    hit = play(at_dice, _opponent_fields(key), "P2 field 22uxm#2 pay SK5", f"P2 choose P1:{key}#1")
    assert any(e.kind == "damaged" for step in hit.steps for e in step.events)


def test_when_fielded_effects_deal_no_damage_to_you_or_your_dice_74wf():
    spec = _family_reads("74wf")
    assert spec["effects"][0]["protects"] == ["you", "dice"]
    cards = _with_opposing(
        "74wf", ability_lines=["When fielded, deal 2 damage to target character die"]
    )
    replay = play(
        cards, _opponent_fields("74wf"), "P2 field 22uxm#2 pay SK5", "P2 choose P1:74wf#1"
    )
    assert replay.final.die("P1:74wf#1").damage == 0
    # the opponent's own dice are not protected
    own = play(cards, _opponent_fields("74wf"), "P2 field 22uxm#2 pay SK5", "P2 choose P2:19sww#1")
    assert own.final.die("P2:19sww#1").damage == 2
    # my own 'When fielded' effects are not the opponent's: P1 fields and damages P1's own die
    mine = compiled_cards(
        "19sww",
        ability_lines=["When fielded, deal 2 damage to target character die"],
        cards=real_cards("74wf", "While"),
    )
    setup = scene(
        "74wf", "P1 die 74wf#1 field L1", "P1 die 19sww#2 reserve L1", "P1 die SK5 reserve wild"
    )
    mine_hit = play(mine, setup, "P1 field 19sww#2 pay SK5", "P1 choose P1:74wf#1")
    assert mine_hit.final.die("P1:74wf#1").damage == 2


def test_combat_damage_is_not_a_when_fielded_effect_74wf():
    cards = real_cards("74wf", "While")
    setup = scene("74wf", "P1 die 74wf#1 field L1", active="P2")
    replay = play(cards, setup, "P2 attack 22uxm#1", "P1 block", "P2 damage")
    assert replay.final.player("P1").life < 20


def test_only_their_villains_when_fielded_effects_19jl():
    spec = _family_reads("19jl")
    assert spec["effects"][0]["from"] == {"pick": "each", "affiliation": ["villain"]}
    line = ["When fielded, deal 2 damage to your opponent"]
    villain = _with_opposing("19jl", ability_lines=line, on="5sww")
    state = play(villain, _opponent_fields("19jl", "5sww"), "P2 field 5sww#2 pay SK5").final
    assert state.player("P1").life == 20  # Cheetah is a Villain
    hero = _with_opposing("19jl", ability_lines=line)
    state = play(hero, _opponent_fields("19jl"), "P2 field 22uxm#2 pay SK5").final
    assert state.player("P1").life == 18  # Wolverine is not


def test_opposing_global_abilities_deal_no_damage_106wf():
    spec = _family_reads("106wf")
    assert spec["effects"] == [
        {"do": "wr_no_damage_from", "ability": "global", "protects": ["you", "dice"]}
    ]
    cards = _with_opposing(
        "106wf", global_lines=["Global: Pay [1]. Deal 1 damage to your opponent."]
    )
    setup = scene("106wf", "P1 die 106wf#1 field L1", "P2 die SK5 reserve wild", active="P2")
    assert play(cards, setup, "P2 global 22uxm pay SK5").final.player("P1").life == 20
    # a 'When fielded' effect is not a global
    fielded = _with_opposing(
        "106wf", ability_lines=["When fielded, deal 2 damage to your opponent"]
    )
    state = play(fielded, _opponent_fields("106wf"), "P2 field 22uxm#2 pay SK5").final
    assert state.player("P1").life == 18


def test_when_fielded_prevention_variants_stay_manual():
    # your own 'when fielded' effects, or 'when attacks' ones: not read
    _paraphrase_stays_manual(
        "66cw",
        "While Spider-Man is active, prevent all damage to you from opposing "
        '"when attacks" abilities',
    )
    _paraphrase_stays_manual(
        "66cw",
        'While Spider-Man is active, prevent all damage to you from your "when fielded" abilities',
    )


# -- an extra reroll (wr_extra_reroll) --
def _rolled(key: str, *more: str) -> str:
    """P1 has rolled: four Sidekicks and a basic action die in the Reserve Pool."""
    dice = (
        "P1 die SK1 reserve fist",
        "P1 die SK2 reserve mask",
        "P1 die SK3 reserve bolt",
        "P1 die SK4 reserve shield",
        "P1 die BA:31sww#1 reserve action",
    )
    return scene(key, f"P1 die {key}#1 field L1", *dice, *more).replace(
        "step main", "step roll_and_reroll"
    )


@pytest.mark.parametrize("key", ["52aou", "125uxm"])
def test_a_second_reroll_of_any_dice(key):
    spec = _family_reads(key)
    assert spec["effects"] == [{"do": "wr_extra_reroll"}]
    assert "once each turn you may reroll your dice one more time in your Roll and Reroll Step" in (
        describe({"abilities": [spec]})
    )
    cards = real_cards(key, "While")
    replay = play(cards, _rolled(key), "P1 reroll SK1=bolt SK2=bolt", "P1 reroll SK1=mask SK3=mask")
    final = replay.final
    assert final.die("P1:SK1").face.notation() == "mask"
    assert final.die("P1:SK3").face.notation() == "mask"
    # a third is refused (R5.2)
    refused(
        cards,
        _rolled(key) + "P1 reroll SK1=bolt\nP1 reroll SK2=bolt\nP1 reroll SK3=fist\n",
        "R5.2",
    )
    # without the card active, one reroll ends the step
    inactive = _rolled(key).replace(f"P1 die {key}#1 field L1", f"P1 die {key}#1 used")
    refused(cards, inactive + "P1 reroll SK1=bolt\nP1 reroll SK2=bolt\n", "R5.2")


def test_the_step_ends_by_acting_in_the_main_step_52aou():
    cards = real_cards("52aou", "While")
    setup = _rolled("52aou")
    state = play(cards, setup, "P1 reroll SK1=bolt", "P1 reroll").final
    assert state.step.value == "main"
    # the opponent's Roll and Reroll Step gets no extra reroll
    theirs = scene(
        "52aou",
        "P1 die 52aou#1 field L1",
        "P2 die SK6 reserve fist",
        "P2 die SK7 reserve fist",
        active="P2",
    ).replace("step main", "step roll_and_reroll")
    refused(cards, theirs + "P2 reroll SK6=bolt\nP2 reroll SK7=bolt\n", "R5.2")


def test_a_second_reroll_of_action_dice_only_23tag():
    spec = _family_reads("23tag", "While")
    assert spec["effects"] == [{"do": "wr_extra_reroll", "dice": "action"}]
    cards = real_cards("23tag", "While")
    log = "P1 reroll SK1=bolt", "P1 reroll BA:31sww#1=action**"
    state = play(cards, _rolled("23tag"), *log).final
    assert state.die("BA:31sww#1").face.notation() == "action**"
    refused(cards, _rolled("23tag") + "P1 reroll SK1=bolt\nP1 reroll SK2=bolt\n", "R5.2")


def test_a_second_reroll_of_one_die_34hhs():
    spec = _family_reads("34hhs")
    assert spec["effects"] == [{"do": "wr_extra_reroll", "max_dice": 1}]
    cards = real_cards("34hhs", "While")
    state = play(cards, _rolled("34hhs"), "P1 reroll SK1=bolt SK2=bolt", "P1 reroll SK2=fist").final
    assert state.die("P1:SK2").face.notation() == "fist"
    refused(cards, _rolled("34hhs") + "P1 reroll SK1=bolt\nP1 reroll SK2=bolt SK3=mask\n", "R5.2")


def test_a_second_reroll_for_two_life_105dp():
    spec = _family_reads("105dp")
    assert spec["effects"] == [{"do": "wr_extra_reroll", "life": 2}]
    cards = real_cards("105dp", "While")
    state = play(cards, _rolled("105dp"), "P1 reroll SK1=bolt", "P1 reroll SK2=bolt").final
    assert state.player("P1").life == 18  # paying life is not damage (R12.4)
    kept = play(cards, _rolled("105dp"), "P1 reroll SK1=bolt", "P1 reroll").final
    assert kept.player("P1").life == 20  # not used, not paid


def test_reroll_variants_stay_manual():
    _paraphrase_stays_manual(
        "52aou",
        "While Kang is active, you gain two additional rerolls during your Roll and Reroll Step",
    )
    _paraphrase_stays_manual(
        "52aou",
        "While Kang is active, your opponent gains an additional reroll during their Roll and "
        "Reroll Step",
    )


def test_a_paraphrase_on_a_demo_card():
    result = compiled(
        "19sww",
        ability_lines=[
            "While Superman is active, you gain an additional reroll during your Roll and "
            "Reroll Step"
        ],
    )
    assert result.encoding["abilities"][0]["effects"] == [{"do": "wr_extra_reroll"}]
    assert spec_of("52aou", "While")["when"] == "while_active"


# -- spellings read again: 'NPC dice' in a D&D set, 'annd' --
def test_npc_dice_are_sidekicks_in_dnd_sets_6tiw():
    spec = _family_reads("6tiw")
    assert spec["effects"] == [
        {
            "do": "modify",
            "attack": 1,
            "defense": 1,
            "to": {"pick": "each", "side": "yours", "what": "sidekick"},
        }
    ]
    cards = real_cards("6tiw", "While")
    setup = scene("6tiw", "P1 die 6tiw#1 field L1", "P1 die SK5 field L1")
    state = play(cards, setup).final
    assert query.attack(state, cards, state.die("P1:SK5")).value == 2
    assert query.defense(state, cards, state.die("P1:SK5")).value == 2
    assert query.attack(state, cards, state.die("P2:SK1")).value == 1  # not theirs


def test_opposing_npc_dice_cost_one_more_to_field_15zhn():
    cards = real_cards("15zhn", "While")
    theirs = scene("15zhn", "P1 die 15zhn#1 field L1", "P2 die SK6 reserve L1", active="P2")
    state = play(cards, theirs).final
    assert query.fielding_cost(state, cards, state.die("P2:SK6")).value == 1
    mine = play(cards, scene("15zhn", "P1 die 15zhn#1 field L1", "P1 die SK5 reserve L1")).final
    assert query.fielding_cost(mine, cards, mine.die("P1:SK5")).value == 0


def test_npc_outside_dnd_sets_stays_manual():
    _paraphrase_stays_manual("19wol", "While Lex Luthor is active, your NPC dice get +1A and +1D")


# -- attack limits (wr_attack_limit, the restrict hook's 'attackers') --
def test_only_one_opposing_die_of_each_affiliation_attacks_12jus():
    spec = _family_reads("12jus")
    assert spec["effects"] == [
        {
            "do": "wr_attack_limit",
            "to": {"pick": "each", "side": "opposing"},
            "max": 1,
            "per_affiliation": True,
        }
    ]
    cards = real_cards("12jus", "While")
    setup = scene("12jus", "P1 die 12jus#1 field L1", active="P2")
    refused(cards, setup + "P2 attack 22uxm#1 21uxm#1\n", "R13.7")  # both X-Men
    play(cards, setup, "P2 attack 22uxm#1 5sww#1 SK1")  # X-Men, Villain, no affiliation
    inactive = setup.replace("P1 die 12jus#1 field L1", "P1 die 12jus#1 used")
    play(cards, inactive, "P2 attack 22uxm#1 21uxm#1")


def test_only_one_batman_die_attacks_112wf():
    spec = _family_reads("112wf")
    assert spec["effects"] == [
        {"do": "wr_attack_limit", "to": {"pick": "each", "affiliation": ["batman"]}, "max": 1}
    ]
    cards = real_cards("112wf", "While")
    cards["1wf"] = engine_card(pool()["1wf"], compile_card(pool()["1wf"]).encoding)
    setup = scene(
        "112wf",
        "P1 die 112wf#1 field L1",
        "P1 die 1wf#1 field L1",
        "P1 die 1wf#2 field L1",
        team="1wf:2",
    )
    refused(cards, setup + "P1 attack 1wf#1 1wf#2\n", "R13.7")  # the holder's own too (R13.8)
    play(cards, setup, "P1 attack 1wf#1 112wf#1")


def test_opponent_attacks_with_one_sidekick_at_most_140aou():
    spec = _family_reads("140aou", "While")
    sidekick_limit, captain = spec["effects"]
    assert sidekick_limit["to"] == {"pick": "each", "side": "opposing", "what": "sidekick"}
    assert captain == {
        "do": "restrict",
        "action": "attack",
        "to": {"pick": "each", "side": "opposing", "name": "Captain America"},
    }
    cards = real_cards("140aou", "While")
    setup = scene("140aou", "P1 die 140aou#1 field L1", "P2 die SK2 field L1", active="P2")
    refused(cards, setup + "P2 attack SK1 SK2\n", "R13.7")
    play(cards, setup, "P2 attack SK1 22uxm#1")


def test_attack_limit_variants_stay_manual():
    _paraphrase_stays_manual(
        "112wf", "While Carmine Falcone is active, only 2 [DCB] character dice can attack each turn"
    )


# -- free to field (wr_free_to_field) --
def test_dice_with_fielding_cost_two_are_free_108dps():
    spec = _family_reads("108dps")
    assert spec["effects"] == [
        {"do": "wr_free_to_field", "to": {"pick": "each", "side": "yours"}, "fielding": 2}
    ]
    cards = real_cards("108dps", "While")
    setup = scene(
        "108dps",
        "P1 die 108dps#1 field L1",
        "P1 die 19sww#1 reserve L2",
        "P1 die 19sww#2 reserve L1",
    )
    state = play(cards, setup).final
    assert query.fielding_cost(state, cards, state.die("P1:19sww#1")).value == 0  # L2: 2
    assert query.fielding_cost(state, cards, state.die("P1:19sww#2")).value == 1  # L1: 1
    assert play(cards, setup, "P1 field 19sww#1").final.die("P1:19sww#1").zone == Zone.FIELD


def test_characters_with_an_active_die_are_free_3zhn():
    spec = _family_reads("3zhn")
    assert spec["effects"] == [
        {"do": "wr_free_to_field", "to": {"pick": "each", "side": "yours"}, "card_active": True}
    ]
    cards = real_cards("3zhn", "While")
    setup = scene("3zhn", "P1 die 3zhn#1 field L1", "P1 die 19sww#2 reserve L1")
    alone = play(cards, setup).final
    assert query.fielding_cost(alone, cards, alone.die("P1:19sww#2")).value == 1
    with_one = play(cards, setup + "P1 die 19sww#1 field L1\n").final
    assert query.fielding_cost(with_one, cards, with_one.die("P1:19sww#2")).value == 0


# -- 1 life kept (wr_keep_one_life) --
def test_non_combat_damage_leaves_you_at_one_life_137wf():
    spec = _family_reads("137wf")
    assert spec["effects"] == [{"do": "wr_keep_one_life"}]
    line = ["When fielded, deal 5 damage to your opponent"]
    cards = _with_opposing("137wf", ability_lines=line)
    low = _opponent_fields("137wf") + "P1 life 3\n"
    assert play(cards, low, "P2 field 22uxm#2 pay SK5").final.player("P1").life == 1
    high = _opponent_fields("137wf") + "P1 life 9\n"
    assert play(cards, high, "P2 field 22uxm#2 pay SK5").final.player("P1").life == 4
    # combat damage is not kept back
    combat = scene("137wf", "P1 die 137wf#1 field L1", "P1 life 3", active="P2")
    state = play(cards, combat, "P2 attack 22uxm#1", "P1 block", "P2 damage").final
    assert state.player("P1").life <= 0


# -- several statements under one condition --
def test_three_statements_under_one_condition_132skc():
    _, result = real_compiled("132skc", "While")
    assert result.status == "automated"
    assert [f for _, f in result.recognised] == [FAMILY]
    draw, defense, life = result.encoding["abilities"]
    for spec in (draw, defense, life):
        assert spec["if"] == {"test": "opponent_more_life"}
    assert draw["effects"][0]["do"] == "ns_draw_extra"
    assert defense["effects"][0] == {
        "do": "modify",
        "defense": 2,
        "to": {"pick": "each", "side": "yours"},
    }
    assert life["when"] == "end_of_turn" and life["by"] == "yours"
    cards = real_cards("132skc", "While")
    behind = scene("132skc", "P1 die 132skc#1 field L1", "P1 die 19sww#1 field L1", "P1 life 12")
    state = play(cards, behind).final
    assert query.draw_count(state, cards, "P1") == 5
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 8  # Superman L1: 6
    assert play(cards, behind, "P1 end").final.player("P1").life == 13
    ahead = behind.replace("P1 life 12", "P2 life 12")
    state = play(cards, ahead).final
    assert query.draw_count(state, cards, "P1") == 4
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6
    assert play(cards, ahead, "P1 end").final.player("P1").life == 20


# -- the first damage each turn (wr_first_damage, an interrupting prevention) --
_PING = ["When fielded, deal 2 damage to your opponent"]
_THEN_ATTACK = ("P2 attack 22uxm#1", "P1 block", "P2 damage")  # Wolverine L1: 5A, unblocked


def test_first_point_of_damage_each_turn_53xfc():
    spec = _family_reads("53xfc")
    assert spec["effects"] == [{"do": "wr_first_damage", "protects": ["you"], "amount": 1}]
    assert "the first time each turn damage would be dealt to you, prevent 1 of it" in describe(
        {"abilities": [spec]}
    )
    cards = _with_opposing("53xfc", ability_lines=_PING)
    state = play(cards, _opponent_fields("53xfc"), "P2 field 22uxm#2 pay SK5", *_THEN_ATTACK).final
    assert state.player("P1").life == 14  # 1 of the first 2 prevented, none of the 5
    # the combat damage alone: the first this turn
    fight = play(cards, _opponent_fields("53xfc"), *_THEN_ATTACK).final
    assert fight.player("P1").life == 16


def test_first_damage_to_you_or_your_dice_22thor():
    spec = _family_reads("22thor", family="statics_tail")  # 'Enchatress' on the card
    assert spec["effects"] == [{"do": "wr_first_damage", "protects": ["you", "dice"]}]
    line = ["When fielded, deal 2 damage to target character die"]
    cards = _with_opposing("22thor", ability_lines=line)
    setup = _opponent_fields("22thor") + "P1 die 19sww#1 field L1\n"
    state = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P2 choose P1:19sww#1").final
    assert state.die("P1:19sww#1").damage == 0
    state = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P2 choose P1:19sww#1", *_THEN_ATTACK)
    assert state.final.player("P1").life == 15  # the second damage this turn is dealt


def test_you_may_prevent_the_first_instance_107bat():
    spec = _family_reads("107bat")
    assert spec["effects"] == [{"do": "wr_first_damage", "protects": ["you"], "optional": True}]
    cards = _with_opposing("107bat", ability_lines=_PING)
    setup = _opponent_fields("107bat")
    yes = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P1 yes", *_THEN_ATTACK).final
    assert yes.player("P1").life == 15
    no = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P1 no", *_THEN_ATTACK).final
    assert no.player("P1").life == 13  # declined: the first instance is gone


def test_first_damage_prevented_unless_the_opponent_pays_life_84cw():
    spec = _family_reads("84cw")
    assert spec["effects"] == [{"do": "wr_first_damage", "protects": ["you"], "unless_life": 2}]
    cards = _with_opposing("84cw", ability_lines=_PING)
    setup = _opponent_fields("84cw")
    paid = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P2 yes").final
    assert (paid.player("P1").life, paid.player("P2").life) == (18, 18)
    kept = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P2 no").final
    assert (kept.player("P1").life, kept.player("P2").life) == (20, 20)


def test_first_damage_variants_stay_manual():
    _paraphrase_stays_manual(
        "53xfc", "While Emma Frost is active, prevent the first point of damage dealt to you"
    )


def test_first_point_from_each_source_each_turn_43bfu():
    spec = _family_reads("43bfu")
    assert spec["effects"] == [
        {"do": "wr_first_damage", "protects": ["you"], "amount": 1, "per_source": True}
    ]
    cards = _with_opposing("43bfu", ability_lines=_PING)
    setup = _opponent_fields("43bfu")
    # two sources (the fielded die's ability, then Wolverine's combat damage): 1 of each
    state = play(cards, setup, "P2 field 22uxm#2 pay SK5", *_THEN_ATTACK).final
    assert state.player("P1").life == 20 - 1 - 4
    # the same source twice: only its first point
    twice = _with_opposing(
        "43bfu",
        ability_lines=[
            "When fielded, deal 2 damage to your opponent and deal 2 damage to your opponent"
        ],
    )
    state = play(twice, setup, "P2 field 22uxm#2 pay SK5").final
    assert state.player("P1").life == 20 - 1 - 2


def test_first_damage_redirected_to_a_spun_up_die_116cw():
    spec = _family_reads("116cw")
    assert spec["effects"] == [{"do": "wr_first_damage", "protects": ["you"], "redirect_spun": 1}]
    cards = _with_opposing("116cw", ability_lines=_PING)
    setup = _opponent_fields("116cw")
    state = play(cards, setup, "P2 field 22uxm#2 pay SK5").final
    cage = state.die("P1:116cw#1")
    assert state.player("P1").life == 20
    assert (cage.face.level, cage.damage) == (2, 2)  # L2: 5D, survives
    # the second damage this turn is not redirected
    state = play(cards, setup, "P2 field 22uxm#2 pay SK5", *_THEN_ATTACK).final
    assert state.player("P1").life == 15
    # two dice: the holder picks
    two = setup + "P1 die 116cw#2 field L3\n"
    state = play(cards, two, "P2 field 22uxm#2 pay SK5", "P1 choose P1:116cw#2").final
    assert state.die("P1:116cw#2").damage == 2 and state.die("P1:116cw#1").damage == 0


# -- a statement under a Reserve Pool condition --
def test_unblockable_by_higher_levels_while_mask_in_reserve_77wol():
    spec = _family_reads("77wol")
    assert spec["if"] == {"test": "reserve_energy_at_least", "energy": "mask", "n": 1}
    assert spec["effects"][0]["action"] == "be_blocked"
    cards = real_cards("77wol", "While")
    setup = scene("77wol", "P1 die 77wol#1 field L1", "P1 die SK5 reserve mask")
    refused(cards, setup + "P1 attack 77wol#1\nP2 block 5sww#1>77wol#1\n", "R13.7")  # L2
    play(cards, setup, "P1 attack 77wol#1", "P2 block SK1>77wol#1")  # L1: not higher
    no_mask = setup.replace("P1 die SK5 reserve mask", "P1 die SK5 reserve fist")
    play(cards, no_mask, "P1 attack 77wol#1", "P2 block 5sww#1>77wol#1")


# -- damage when the opponent purchases an action die (wr_purchase_damage) --
def test_damage_each_time_they_purchase_an_action_die_15bfu():
    spec = _family_reads("15bfu")
    assert spec["effects"] == [
        {"do": "wr_purchase_damage", "by": "opposing", "what": "action", "amount": 1}
    ]
    cards = real_cards("15bfu", "While")
    energy = ("P2 die SK5 reserve wild", "P2 die SK6 reserve wild", "P2 die SK7 reserve wild")
    energy += ("P2 die SK8 reserve wild",)
    setup = scene("15bfu", "P1 die 15bfu#1 field L1", *energy, active="P2")
    state = play(cards, setup, "P2 buy 34sww pay SK5 SK6 SK7").final  # a basic action die
    assert state.player("P2").life == 19
    character = play(cards, setup, "P2 buy 21uxm pay SK5 SK6 SK7 SK8").final
    assert character.player("P2").life == 20  # not an action die
    mine = scene(
        "15bfu",
        "P1 die 15bfu#1 field L1",
        "P1 die SK5 reserve wild",
        "P1 die SK6 reserve wild",
        "P1 die SK7 reserve wild",
    )
    assert play(cards, mine, "P1 buy 31sww pay SK5 SK6 SK7").final.player("P1").life == 20


# -- some of the damage to you redirected to the card's die (wr_redirect_some) --
def test_redirect_up_to_two_of_each_damage_141cw():
    spec = _family_reads("141cw")
    assert spec["effects"] == [{"do": "wr_redirect_some", "up_to": 2}]
    line = ["When fielded, deal 3 damage to your opponent"]
    cards = _with_opposing("141cw", ability_lines=line)
    setup = _opponent_fields("141cw")
    two = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P1 yes").final
    assert (two.player("P1").life, two.die("P1:141cw#1").damage) == (19, 2)
    one = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P1 no", "P1 yes").final
    assert (one.player("P1").life, one.die("P1:141cw#1").damage) == (18, 1)
    none = play(cards, setup, "P2 field 22uxm#2 pay SK5", "P1 no", "P1 no").final
    assert (none.player("P1").life, none.die("P1:141cw#1").damage) == (17, 0)
    # combat damage too, each time (Wolverine L1: 5A)
    fight = play(cards, setup, *_THEN_ATTACK[:2], "P2 damage", "P1 yes").final
    assert fight.player("P1").life == 17


def test_redirect_to_another_card_stays_manual():
    _paraphrase_stays_manual(
        "141cw",
        "While active, whenever you would take damage, you may redirect up to 2 of that damage "
        "from each source to Captain America",
    )


def test_no_range_damage_to_your_ork_dice_22ork():
    spec = _family_reads("22ork")
    assert spec["effects"] == [
        {
            "do": "wr_no_damage_from",
            "ability": "range",
            "protects": ["dice"],
            "to": {"pick": "each", "affiliation": ["orks"]},
        }
    ]
    cards = compiled_cards("22uxm", ability_lines=["Range 2"], cards=real_cards("22ork", "While"))
    setup = scene(
        "22ork",
        "P1 die 22ork#1 field L1",
        "P1 die 22ork#2 field L1",
        "P1 die 19sww#1 field L1",
        active="P2",
    )
    shot = play(cards, setup, "P2 attack 22uxm#1", "P2 choose P1:22ork#2").final
    assert shot.die("P1:22ork#2").damage == 0  # an Ork: prevented
    other = play(cards, setup, "P2 attack 22uxm#1", "P2 choose P1:19sww#1").final
    assert other.die("P1:19sww#1").damage == 2  # Superman is no Ork
    # other damage to the Ork is dealt (a 'When fielded' effect)
    ping = compiled_cards(
        "22uxm",
        ability_lines=["When fielded, deal 2 damage to target character die"],
        cards=real_cards("22ork", "While"),
    )
    fielding = setup + "P2 die 22uxm#2 reserve L1\nP2 die SK5 reserve wild\n"
    hit = play(ping, fielding, "P2 field 22uxm#2 pay SK5", "P2 choose P1:22ork#2")
    assert any(e.kind == "damaged" for step in hit.steps for e in step.events)


def test_if_you_take_damage_spin_up_to_level_three_95bat():
    spec = _family_reads("95bat")
    assert spec == {
        "when": "you_damaged",
        "effects": [{"do": "spin", "to": {"pick": "this"}, "levels": 2}],
    }
    cards = _with_opposing("95bat", ability_lines=_PING)
    state = play(cards, _opponent_fields("95bat"), "P2 field 22uxm#2 pay SK5").final
    assert state.die("P1:95bat#1").face.level == 3
    assert state.player("P1").life == 18
    # no damage to you, no spin
    quiet = _with_opposing("95bat", ability_lines=["When fielded, gain 1 life"])
    state = play(quiet, _opponent_fields("95bat"), "P2 field 22uxm#2 pay SK5").final
    assert state.die("P1:95bat#1").face.level == 1


def test_the_first_action_die_you_purchase_each_turn_is_prepped_9ork():
    spec = _family_reads("9ork")
    assert spec["effects"] == [{"do": "wr_purchase_prep", "what": "action"}]
    cards = real_cards("9ork", "While")
    energy = [f"P1 die SK{n} reserve wild" for n in range(1, 9)]
    setup = scene("9ork", "P1 die 9ork#1 field L1", *energy)
    state = play(cards, setup, "P1 buy 31sww pay SK1 SK2 SK3", "P1 buy 31sww pay SK4 SK5 SK6").final
    zones = sorted(
        d.zone.value
        for d in state.dice
        if d.card == "31sww" and d.owner == "P1" and d.zone in (Zone.PREP, Zone.USED)
    )
    assert zones == ["prep", "used"]  # the first one only
    character = play(cards, setup, "P1 buy 19sww pay SK1 SK2 SK3 SK4 SK5 SK6").final
    assert all(d.zone != Zone.PREP for d in character.dice if d.card == "19sww")
