"""Template family `keywords_more`: Strike and Call Out, bare or with their printed reminder,
played through the engine. Real lines are read from the card file by key at test time (their
text is never copied here)."""

import pytest

from rules.abilities import compile_card, describe
from rules.abilities.templates import Line
from rules.abilities.templates.keywords_more import more_keywords
from rules.engine import Zone, abilities, query
from tests.rules.abilities.real_cards import pool, real_cards, scene, to_field
from tests.rules.abilities.scenario import play
from tests.rules.engine.helpers import refused, run


def _stats(state, cards, die_id):
    die = state.die(die_id)
    return (
        query.attack(state, cards, die).value,
        query.defense(state, cards, die).value,
        # these cards' data lists Overcrush among their printed keywords too: look for Strike's
        any(
            c.value == "overcrush" and "Strike" in c.source
            for c in abilities.contributions(state, cards, "keyword", die=die)
        ),
    )


def _printed(key: str):
    face = pool()[key].faces[0]
    return face.attack, face.defense


# -- Strike ------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["1jus", "4doom"])  # the two printed reminders
def test_real_strike_gives_2a_2d_overcrush_to_the_only_die_fielded_this_turn(key):
    cards = real_cards(key, "Strike")
    lines, field = to_field(key)
    state = play(cards, scene(key, *lines), field).final
    attack, defense = _printed(key)
    assert _stats(state, cards, f"P1:{key}#1") == (attack + 2, defense + 2, True)


def test_strike_ends_when_another_character_die_is_fielded():
    cards = real_cards("1jus", "Strike")
    lines, field = to_field("1jus")
    setup = scene("1jus", *lines, "P1 die SK8 reserve L1")
    state = play(cards, setup, field).final
    assert _stats(state, cards, "P1:1jus#1")[2]
    state = play(cards, setup, field, "P1 field SK8").final  # a Sidekick is a character die
    attack, defense = _printed("1jus")
    assert _stats(state, cards, "P1:1jus#1") == (attack, defense, False)
    state = play(cards, setup, "P1 field SK8", field).final  # before it, too
    assert _stats(state, cards, "P1:1jus#1") == (attack, defense, False)


def test_strike_needs_the_die_fielded_this_turn_and_ends_with_the_turn():
    cards = real_cards("1jus", "Strike")
    attack, defense = _printed("1jus")
    state = play(cards, scene("1jus", "P1 die 1jus#1 field L1")).final
    assert _stats(state, cards, "P1:1jus#1") == (attack, defense, False)  # fielded before
    lines, field = to_field("1jus")
    state = play(cards, scene("1jus", *lines), field, "P1 end").final
    assert state.die("P1:1jus#1").zone == Zone.FIELD
    assert _stats(state, cards, "P1:1jus#1") == (attack, defense, False)  # P2's turn now


def test_strike_explains_its_bonus():
    cards = real_cards("1jus", "Strike")
    lines, field = to_field("1jus")
    state = play(cards, scene("1jus", *lines), field).final
    assert "Strike" in query.attack(state, cards, state.die("P1:1jus#1")).explain()


# -- Call Out ----------------------------------------------------------------------------------
def _called_out(key: str, target: str):
    cards = real_cards(key, "Call")
    setup = scene(key, f"P1 die {key}#1 field L1", "P2 life 20")
    return cards, setup + f"P1 attack {key}#1\nP1 choose {target}\n"


@pytest.mark.parametrize("key", ["11tag", "5gotg", "23wwe", "6bit"])  # bare, reminder, Superstar
def test_real_call_out_only_the_target_may_block(key):
    cards, log = _called_out(key, "P2:5sww#1")
    refused(cards, log + f"P2 block SK1>{key}#1\n", "R13.7")
    state = run(cards, log + f"P2 block 5sww#1>{key}#1\n").final
    assert state.die("P2:5sww#1").blocking == f"P1:{key}#1"


def test_call_out_targets_only_opposing_dice_and_may_go_unblocked():
    cards, log = _called_out("11tag", "P2:SK1")
    state = run(cards, log).final
    assert state.pending is not None and state.pending.kind == "blocks"
    state = run(cards, log + "P2 block\n").final
    assert state.die("P1:11tag#1").zone == Zone.ATTACK  # no blocker: unblocked
    cards = real_cards("11tag", "Call")
    setup = scene("11tag", "P1 die 11tag#1 field L1", "P1 die 19sww#1 field L1")
    refused(cards, setup + "P1 attack 11tag#1\nP1 choose P1:19sww#1\n", "R13.2")


def test_call_out_lasts_only_for_its_attacker():
    cards = real_cards("11tag", "Call")
    setup = scene("11tag", "P1 die 11tag#1 field L1", "P1 die 19sww#1 field L1")
    log = setup + "P1 attack 11tag#1 19sww#1\nP1 choose P2:5sww#1\n"
    state = run(cards, log + "P2 block SK1>19sww#1 5sww#1>11tag#1\n").final
    assert state.die("P2:SK1").blocking == "P1:19sww#1"


# -- recognition --------------------------------------------------------------------------------
def test_a_reminder_with_another_meaning_is_not_read_as_the_keyword():
    raw = "Strike (When fielded, deal 2 damage to target character die.)"
    assert more_keywords(Line(text="Strike", raw=raw, kind="ability")) is None
    raw = "Call Out (When this character die attacks, it can't be blocked.)"
    assert more_keywords(Line(text="Call Out", raw=raw, kind="ability")) is None
    assert more_keywords(Line(text="Call Out", raw="Call Out", kind="ability")).keywords == (
        "call_out",
    )


@pytest.mark.parametrize(("key", "keyword"), [("1jus", "strike"), ("11tag", "call_out")])
def test_real_cards_compile_to_the_keyword_and_describe_it(key, keyword):
    result = compile_card(pool()[key])
    assert result.status == "automated", result.manual_lines
    assert keyword in result.encoding["keywords"]
    text = describe(result.encoding)
    assert "+2A, +2D and Overcrush" in text if keyword == "strike" else "only that die" in text


@pytest.mark.parametrize(
    ("key", "keyword"),
    [
        ("4bff", "Breath Weapon"),
        ("2bat", "Gadgeteer"),
    ],
)
def test_real_keywords_still_without_a_rule_stay_manual(key, keyword):
    result = compile_card(pool()[key])
    assert any(m.lstrip("* ").startswith(keyword) for m in result.manual_lines), result.recognised


# -- Tag Out -----------------------------------------------------------------------------------
def _tag_out_attack(key: str, block: str):
    cards = real_cards(key, "Tag Out")
    setup = scene(key, f"P1 die {key}#1 field L1", "P1 die 19sww#1 field L1")
    return cards, setup + "P1 attack 19sww#1\n" + (f"P2 block {block}\n" if block else "P2 block\n")


@pytest.mark.parametrize("key", ["20wwe", "3tag"])
@pytest.mark.parametrize("block", ["", "SK1>19sww#1"])  # no blocker, or blocked
def test_real_tag_out_preps_the_die_to_give_2a_2d(key, block):
    cards, log = _tag_out_attack(key, block)
    assert run(cards, log).final.pending.kind == "may"
    state = run(cards, log + "P1 yes\nP1 choose P1:19sww#1\n").final
    assert state.die(f"P1:{key}#1").zone == Zone.PREP
    attacker = state.die("P1:19sww#1")
    assert query.attack(state, cards, attacker).value == 6  # Superman L1: 4A +2
    kept = run(cards, log + "P1 no\n").final
    assert kept.die(f"P1:{key}#1").zone == Zone.FIELD
    assert query.attack(kept, cards, kept.die("P1:19sww#1")).value == 4


def test_tag_out_works_on_the_opponents_attack_but_not_from_the_attack_zone():
    cards = real_cards("20wwe", "Tag Out")
    setup = scene("20wwe", "P1 die 20wwe#1 field L1", "P1 die 19sww#1 field L1", active="P2")
    log = setup + "P2 attack 5sww#1\nP1 block 19sww#1>5sww#1\n"
    assert run(cards, log).final.pending.kind == "may"
    state = run(cards, log + "P1 yes\nP1 choose P1:19sww#1\n").final
    assert state.die("P1:20wwe#1").zone == Zone.PREP
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 8  # 6D +2
    log = setup + "P2 attack 5sww#1\nP1 block 20wwe#1>5sww#1\n"
    assert run(cards, log).final.pending is None  # blocking: in the Attack Zone, not asked


# -- Deadly ------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["10dp", "44aou"])  # reminder, '(E)' mark
def test_real_deadly_kos_its_blocker_at_end_of_turn(key):
    cards = real_cards(key, "Deadly")
    setup = scene(key, f"P1 die {key}#1 field L3")
    log = setup + f"P1 attack {key}#1\nP2 block 19sww#1>{key}#1\n"
    state = run(cards, log).final
    assert [e.ability for e in state.effects] == [f"{key}.deadly_end_of_turn"]
    # Deadpool L3 (3A 7D) or Gamora L3 (4A 5D) and Superman L1 (4A 6D) all survive combat
    state = run(cards, log + "P1 damage\n").final
    assert state.die("P2:19sww#1").zone == Zone.PREP  # KO'd at end of turn
    assert state.die("P2:5sww#1").zone == Zone.FIELD  # not engaged
    assert state.die(f"P1:{key}#1").zone == Zone.FIELD
    assert state.effects == ()  # nothing left for the next turn


def test_deadly_blocker_kos_the_attacker_at_end_of_turn():
    cards = real_cards("10dp", "Deadly")
    setup = scene("10dp", "P1 die 10dp#1 field L3", active="P2")
    log = setup + "P2 attack 19sww#1 5sww#1\nP1 block 10dp#1>19sww#1\nP2 damage\n"
    state = run(cards, log).final
    assert state.die("P2:19sww#1").zone == Zone.PREP
    assert state.die("P2:5sww#1").zone != Zone.PREP  # attacked, but not engaged with Deadpool


def test_a_kod_deadly_die_kos_nothing_at_end_of_turn():
    cards = real_cards("10dp", "Deadly")
    setup = scene("10dp", "P1 die 10dp#1 field L1")  # 2A 4D: Superman's 4A KOs it
    state = run(cards, setup + "P1 attack 10dp#1\nP2 block 19sww#1>10dp#1\nP1 damage\n").final
    assert state.die("P1:10dp#1").zone == Zone.PREP
    assert state.die("P2:19sww#1").zone == Zone.FIELD  # T5.1: the Deadly die is gone
    assert state.effects == ()


# -- Range N -----------------------------------------------------------------------------------
def _range_cards():
    cards = real_cards("6bfu", "Range")  # Range 2, with its reminder
    cards["23bfu"] = real_cards("23bfu", "Range")["23bfu"]  # Range 1
    return cards


@pytest.mark.parametrize(("key", "value"), [("6bfu", 2), ("23bfu", 1), ("4ork", 2), ("43skc", 1)])
def test_real_range_deals_its_value_to_a_target_when_it_attacks(key, value):
    cards = real_cards(key, "Range")
    setup = scene(key, f"P1 die {key}#1 field L1")
    state = play(cards, setup, f"P1 attack {key}#1", "P1 choose P2:19sww#1").final
    assert state.die("P2:19sww#1").damage == value


def test_range_every_active_die_with_range_shoots_once_per_attack():
    cards = _range_cards()
    setup = scene("6bfu", "P1 die 6bfu#1 field L1", "P1 die 23bfu#1 field L1", team="23bfu:2")
    state = play(cards, setup, "P1 attack 6bfu#1", "P1 choose P2:19sww#1").final
    assert state.die("P2:19sww#1").damage == 3  # 2 from the attacker, 1 from the other die
    log = setup + "P1 attack 6bfu#1 23bfu#1\nP1 order P1:6bfu P1:23bfu\nP1 choose P2:19sww#1\n"
    state = run(cards, log).final
    assert state.die("P2:19sww#1").damage == 3  # one volley, not one per attacker
    assert state.pending.kind == "blocks"


def test_range_does_not_shoot_when_no_die_with_range_attacks():
    cards = _range_cards()
    setup = scene("6bfu", "P1 die 6bfu#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 19sww#1").final
    assert state.pending.kind == "blocks"
    assert all(d.damage == 0 for d in state.dice)


# -- Frag --------------------------------------------------------------------------------------
NOT_BLOCKING = ("P2:5sww#1", "P2:21uxm#1", "P2:19sww#1")


def _frag_hits(replay) -> list[str]:
    """The dice damaged other than by combat damage (R11.4) in the replay."""
    return [
        e.die for s in replay.steps for e in s.events if e.kind == "damaged" and e.rule != "R11.4"
    ]


@pytest.mark.parametrize("key", ["9bfu", "18ork", "2ork"])  # reminder, bare, nested parentheses
def test_real_frag_damages_the_dice_that_did_not_block(key):
    cards = real_cards(key, "Frag")
    setup = scene(key, f"P1 die {key}#1 field L3")
    log = setup + f"P1 attack {key}#1\nP2 block SK1>{key}#1\nP1 damage\n"
    state = run(cards, log).final  # the turn ends: damage is cleared, KOs stay
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:22uxm#1").zone == Zone.FIELD  # Wolverine L1 (2D) survives 1 damage
    replay = run(cards, log)
    assert sorted(_frag_hits(replay)) == sorted((*NOT_BLOCKING, "P2:22uxm#1"))


def test_frag_once_per_attack_and_not_without_a_kod_blocker():
    cards = real_cards("9bfu", "Frag")
    setup = scene("9bfu", "P1 die 9bfu#1 field L3")  # 6A 2D
    log = setup + "P1 attack 9bfu#1\nP2 block SK1>9bfu#1 22uxm#1>9bfu#1\n"
    log += "P1 damage 9bfu#1>SK1=1 9bfu#1>22uxm#1=5\n"
    assert run(cards, log).final.pending.kind == "order"  # one trigger per blocker KO'd
    replay = run(cards, log + "P1 order P1:9bfu.frag#1 P1:9bfu.frag#2\n")
    assert sorted(_frag_hits(replay)) == sorted(NOT_BLOCKING)  # both blockers KO'd: Frag once
    setup = scene("9bfu", "P1 die 9bfu#1 field L1")  # 4A: Superman (6D) survives
    replay = run(cards, setup + "P1 attack 9bfu#1\nP2 block 19sww#1>9bfu#1\nP1 damage\n")
    assert replay.final.die("P2:19sww#1").zone == Zone.FIELD
    assert _frag_hits(replay) == []


# -- 'the next (action / character) die you purchase this turn costs N less' --------------------
def _discount_setup():
    from tests.rules.abilities.scenario import board

    energy = [f"P1 die SK{n} reserve bolt" for n in range(1, 9)]
    teams = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")
    return board(*energy, teams=teams)


def _discount_cards(key: str):
    from tests.rules.abilities.scenario import compiled_cards

    (line,) = pool()[key].global_lines
    return compiled_cards("22sww", global_lines=[line])


def test_real_global_the_next_action_die_costs_2_less_once():
    cards = _discount_cards("52ig")  # [B], once per turn: the next action die, 2 less
    state = play(cards, _discount_setup(), "P1 global 22sww pay SK1").final
    assert query.purchase_cost(state, cards, "P1", "34sww").value == 1  # 3 - 2
    assert query.purchase_cost(state, cards, "P1", "10sww").value == 2  # a character: no
    assert query.purchase_cost(state, cards, "P2", "34sww").value == 3  # not the opponent's
    state = play(cards, _discount_setup(), "P1 global 22sww pay SK1", "P1 buy 34sww pay SK2").final
    assert query.purchase_cost(state, cards, "P1", "31sww").value == 3  # used up


def test_real_global_the_next_character_die_survives_other_purchases_and_the_floor():
    cards = _discount_cards("7ki")  # [F][F] ... the next character die, 3 less
    setup = _discount_setup()
    for sk in ("SK1", "SK2", "SK6"):
        setup = setup.replace(f"{sk} reserve bolt", f"{sk} reserve fist")
    log = ("P1 global 22sww pay SK1 SK2", "P1 buy 34sww pay SK3 SK4 SK5")
    state = play(cards, setup, *log).final
    assert query.purchase_cost(state, cards, "P1", "10sww").value == 1  # 2 - 3, never below 1
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 3  # 6 - 3
    state = play(cards, setup, *log, "P1 buy 10sww pay SK6").final
    assert query.purchase_cost(state, cards, "P1", "19sww").value == 6
    state = play(cards, setup, *log, "P1 end").final
    assert state.effects == ()  # this turn only


# 'the next action / Superstar die ...' (40dps Magik, 41wwe) is the fielded_more family's
# `next_purchase`: its tests, and test_family_turn_globals for the Superstar wording.
@pytest.mark.parametrize(("key", "what", "amount"), [("41wwe", "non_sidekick", 2)])
def test_real_when_fielded_the_next_superstar_die_costs_less(key, what, amount):
    result = compile_card(pool()[key])
    assert result.status == "automated", result.manual_lines
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "fielded"
    assert spec["effects"] == [{"do": "next_purchase", "amount": amount, "cards": {"what": what}}]
    assert f"the next non-Sidekick character die you buy this turn costs {amount} less" in (
        describe(result.encoding)
    )


# -- Global: 'if you have no dice in your Prep Area, (you may) draw a die into it' --------------
def _prep_global_setup(*extra: str, active: str = "P1"):
    from tests.rules.abilities.scenario import board

    teams = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")
    dice = ("P1 die SK1 reserve mask", "P2 die SK1 reserve mask", "P1 die SK8 bag")
    return board(*dice, *extra, teams=teams, active=active)


def test_real_global_draws_into_an_empty_prep_area_on_your_turn():
    cards = _discount_cards("54skc")
    log = _prep_global_setup() + "P1 global 22sww pay SK1\n"
    assert run(cards, log).final.pending.kind == "draw"
    state = run(cards, log + "P1 draw SK8\n").final
    assert state.die("P1:SK8").zone == Zone.PREP
    refused(cards, log + "P1 draw SK8\nP1 global 22sww pay SK2\n", "R10.1")  # once per turn


def test_real_global_does_nothing_with_a_die_in_prep_or_on_the_opponents_turn():
    cards = _discount_cards("54skc")
    state = play(cards, _prep_global_setup("P1 die SK7 prep"), "P1 global 22sww pay SK1").final
    assert state.pending is None and state.die("P1:SK8").zone == Zone.BAG  # paid, nothing
    result = compile_card(pool()["54skc"])
    (spec,) = [s for s in result.encoding["abilities"] if s["when"] == "global"]
    assert spec["if"] == {"test": "no_dice_in_prep", "your_turn": True}
    from rules.abilities import selectors

    theirs = play(cards, _prep_global_setup(active="P2")).final
    assert not selectors.condition(spec["if"], theirs, cards, holder="P1")
    assert selectors.condition(spec["if"], theirs, cards, holder="P2")


# -- Rush - [X] ----------------------------------------------------------------------------------
def _rush_turn(key: str, drawn: str):
    """P2 ends its turn; P1's Clear and Draw draws `drawn` (Quicksilver 21uxm is a bolt card)."""
    cards = real_cards(key, "Rush")
    bag = [f"P1 die {d} bag" for d in (f"{key}#1", "21uxm#1", "21uxm#2", "SK5", "SK6", "SK7")]
    setup = scene(key, *bag, active="P2", team="21uxm:2")
    return cards, setup + f"P2 end\nP1 draw {drawn}\n"


@pytest.mark.parametrize("key", ["67ig", "109ig"])  # Rush - [B]
def test_real_rush_draws_an_extra_die_for_each_die_of_its_energy_drawn(key):
    cards, log = _rush_turn(key, f"{key}#1 21uxm#1 21uxm#2 SK5")
    pending = run(cards, log).final.pending
    assert pending.kind == "draw" and pending.count == 2  # two bolt dice drawn with it
    state = run(cards, log + "P1 draw SK6 SK7\n").final
    assert state.die("P1:SK6").zone == Zone.PREP and state.pending.kind == "roll"


def test_rush_needs_its_die_drawn_and_a_die_of_its_energy():
    cards, log = _rush_turn("67ig", "67ig#1 SK5 SK6 SK7")
    assert run(cards, log).final.pending.kind == "roll"  # no bolt die drawn: nothing more
    cards, log = _rush_turn("67ig", "21uxm#1 21uxm#2 SK5 SK6")
    assert run(cards, log).final.pending.kind == "roll"  # the Rush die not drawn


# -- 'The first character (die) you field this turn is free to field' --------------------------
def _first_field_setup(*extra: str):
    from tests.rules.abilities.scenario import board

    teams = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")
    dice = ("P1 die SK1 reserve shield", "P1 die 19sww#1 reserve L1", "P1 die 19sww#2 reserve L1")
    dice += ("P1 die 10sww#1 reserve L1",)
    return board(
        *dice, *("P1 die SK2 reserve fist", "P1 die SK3 reserve fist"), *extra, teams=teams
    )


@pytest.mark.parametrize("key", ["40bfu", "75skc"])  # 'character', 'character die'
def test_real_global_the_first_character_you_field_is_free(key):
    cards = _discount_cards(key)
    log = ("P1 global 22sww pay SK1",)
    state = play(cards, _first_field_setup(), *log).final
    assert query.fielding_cost(state, cards, state.die("P1:19sww#1")).value == 0
    state = play(cards, _first_field_setup(), *log, "P1 field 19sww#1").final
    assert state.die("P1:19sww#1").zone == Zone.FIELD  # fielded for nothing
    second = state.die("P1:19sww#2")
    assert query.fielding_cost(state, cards, second).value == second.face.fielding > 0


def test_the_free_first_field_does_nothing_once_a_character_was_fielded():
    cards = _discount_cards("40bfu")
    replay = play(cards, _first_field_setup(), "P1 field 10sww#1", "P1 global 22sww pay SK1")
    state = replay.final
    assert query.fielding_cost(state, cards, state.die("P1:19sww#1")).value > 0


# -- Global: 'if you purchased a (character) die (and fielded a character) this turn' ----------
def _did_setup():
    from tests.rules.abilities.scenario import board

    teams = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")
    energy = [f"P1 die SK{n} reserve fist" for n in range(1, 6)]
    return board(*energy, "P1 die 10sww#1 reserve L1", "P1 die SK8 bag", teams=teams)


def test_real_global_purchased_and_fielded_this_turn_preps_a_die():
    cards = _discount_cards("18skc")  # [F]: purchased a die and fielded a character
    buy, field = "P1 buy 34sww pay SK1 SK2 SK3", "P1 field 10sww#1"
    log = _did_setup() + f"{buy}\n{field}\nP1 global 22sww pay SK4\n"
    assert run(cards, log).final.pending.kind == "draw"
    state = run(cards, log + "P1 draw SK8\n").final
    assert state.die("P1:SK8").zone == Zone.PREP
    for done in ((buy,), (field,)):  # only one of the two: paid, and nothing
        state = play(cards, _did_setup(), *done, "P1 global 22sww pay SK4").final
        assert state.pending is None and state.die("P1:SK8").zone == Zone.BAG


def test_real_global_purchased_a_character_die_this_turn():
    cards = _discount_cards("38dps")  # [S]: purchased a character die; 'you may draw'
    setup = _did_setup().replace("SK5 reserve fist", "SK5 reserve shield")
    state = play(cards, setup, "P1 buy 34sww pay SK1 SK2 SK3", "P1 global 22sww pay SK5").final
    assert state.pending is None  # an action die: not a character die
    log = setup + "P1 buy 10sww pay SK1 SK2\nP1 global 22sww pay SK5\n"
    assert run(cards, log).final.pending.kind == "draw"
    result = compile_card(pool()["38dps"])
    (spec,) = [s for s in result.encoding["abilities"] if s["when"] == "global"]
    assert spec["if"] == {"test": "did_this_turn", "purchased": "character"}
