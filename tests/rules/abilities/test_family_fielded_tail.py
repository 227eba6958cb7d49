"""Family `fielded_tail` and its clauses (rules/abilities/phrases_fielded_tail.py): real card
lines read from the card file at test time (tests/rules/abilities/real_cards.py), played
through the engine against the fixed opposing board of real_cards (a Sidekick SK1, Cheetah
5sww#1 L2 4A 4D, Wolverine 22uxm#1 L1 5A 2D, Quicksilver 21uxm#1 L2 3A 2D, Superman 19sww#1
L1 4A 6D)."""

import pytest

from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import real_cards, real_compiled, scene, to_field
from tests.rules.abilities.scenario import play, real_pool_path, refused, run

pytestmark = pytest.mark.skipif(
    not real_pool_path().exists(), reason="the real card pool is not available"
)


def _fielded(key, *board, answers=(), team=""):
    cards = real_cards(key, "When" if key != "90asm" else "Underdog")
    lines, field = to_field(key)
    return cards, play(cards, scene(key, *lines, *board, team=team), field, *answers)


# -- prevent all damage dealt to <dice> (until end of turn) -------------------------------------
def test_prevent_all_damage_to_this_die_keeps_it_alive_in_combat():  # SMC Spider-Man
    cards = real_cards("20smc", "When")
    lines, field = to_field("20smc")
    text = scene("20smc", *lines)
    state = play(
        cards, text, field, "P1 attack 20smc#1", "P2 block 5sww#1>20smc#1", "P1 damage"
    ).final
    assert state.die("P1:20smc#1").zone != Zone.PREP  # 4 damage from Cheetah prevented
    assert state.die("P1:20smc#1").damage == 0


def test_prevent_all_damage_to_this_die_does_not_protect_another():  # SMC Spider-Man
    cards = real_cards("20smc", "When")
    lines, field = to_field("20smc")
    text = scene("20smc", *lines, "P1 die SK1 field L1")
    state = play(cards, text, field, "P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage").final
    assert state.die("P1:SK1").zone == Zone.PREP  # a Sidekick: not this die, KO'd


def test_prevent_all_damage_to_your_sidekicks():  # SWW Artemis: 'Sidekick dice you control'
    cards = real_cards("2sww", "When")
    lines, field = to_field("2sww")
    text = scene("2sww", *lines, "P1 die SK1 field L1")
    state = play(cards, text, field, "P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage").final
    assert state.die("P1:SK1").zone in (Zone.ATTACK, Zone.FIELD)  # 4 damage prevented
    assert state.die("P2:5sww#1").zone == Zone.FIELD


def test_prevent_damage_to_your_sidekicks_not_to_the_opponents():  # SWW Artemis
    cards = real_cards("2sww", "When")
    lines, field = to_field("2sww")
    text = scene("2sww", *lines, "P1 die 19sww#1 field L1")
    state = play(cards, text, field, "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage").final
    assert state.die("P2:SK1").zone == Zone.PREP  # the opponent's Sidekick takes its damage


def test_prevent_all_damage_to_your_named_dice():  # SWW Artemis: 'your Artemis character dice'
    cards = real_cards("1sww", "When")
    lines, field = to_field("1sww")
    text = scene("1sww", *lines)
    state = play(
        cards, text, field, "P1 attack 1sww#1", "P2 block 5sww#1>1sww#1", "P1 damage"
    ).final
    assert state.die("P1:1sww#1").zone != Zone.PREP


def test_prevent_all_damage_lasts_only_this_turn():  # SWW Artemis (Sidekicks)
    cards = real_cards("2sww", "When")
    lines, field = to_field("2sww")
    text = scene("2sww", *lines, "P1 die SK1 field L1")
    state = play(cards, text, field).final
    assert any(e.subject == "P1:SK1" or "SK1" in e.subject for e in state.effects)
    assert all(e.until == "end_of_turn" for e in state.effects if "SK1" in e.subject)


def test_prevent_all_damage_to_you_is_not_read():  # a player is refused
    from rules.abilities import phrases
    from rules.abilities.templates import Line

    line = Line(text="", raw="", kind="ability", card_name="Superman")
    assert phrases.effects("prevent all damage dealt to you", line) is None


# -- the next character die you field this turn is free ----------------------------------------
def test_next_character_you_field_is_free():  # UXM Captain America
    cards, replay = _fielded("69uxm", "P1 die 19sww#1 reserve L1", "P1 die 19sww#2 reserve L1")
    state = replay.final
    assert query.fielding_cost(state, cards, state.die("P1:19sww#1")).value == 0
    state = (
        play(cards, replay.log_text if hasattr(replay, "log_text") else None) if False else state
    )
    text = _field_text("69uxm", "P1 die 19sww#1 reserve L1", "P1 die 19sww#2 reserve L1")
    state = run(cards, text + "P1 field 19sww#1\n").final
    assert state.die("P1:19sww#1").zone == Zone.FIELD  # fielded for nothing
    second = state.die("P1:19sww#2")
    assert query.fielding_cost(state, cards, second).value == second.face.fielding > 0


def test_next_character_free_refuses_a_second_free_field():  # UXM Captain America
    cards = real_cards("69uxm", "When")
    text = _field_text("69uxm", "P1 die 19sww#1 reserve L1", "P1 die 19sww#2 reserve L1")
    text += "P1 field 19sww#1\n"
    refused(cards, text + "P1 field 19sww#2\n", "R6.1")


def test_next_character_free_is_not_the_one_just_fielded():  # UXM Captain America
    cards = real_cards("69uxm", "When")
    lines, _ = to_field("69uxm")
    state = run(cards, scene("69uxm", *lines)).final
    die = state.die("P1:69uxm#1")
    assert query.fielding_cost(state, cards, die).value == die.face.fielding > 0


def _field_text(key, *board, answers=(), team=""):
    lines, field = to_field(key)
    return scene(key, *lines, *board, team=team) + field + "\n" + "".join(f"{a}\n" for a in answers)


def test_next_affiliated_character_is_free_only_for_that_affiliation():  # ASM Gwen Stacy
    cards = real_cards("90asm", "Underdog")
    board = ("P1 die 19sww#1 reserve L1",)
    text = _field_text("90asm", *board, answers=("P1 yes",))
    state = run(cards, text).final
    superman = state.die("P1:19sww#1")  # Justice League, not Spider-Friends
    assert query.fielding_cost(state, cards, superman).value == superman.face.fielding > 0


def test_next_affiliated_character_encoding():  # ASM Gwen Stacy
    _, result = real_compiled("90asm", "Underdog")
    effects = [e for s in result.encoding["abilities"] for e in s["effects"]]
    (effect,) = [e for e in effects if e["do"] == "ft_next_field_free"]
    assert effect["dice"]["affiliation"]
    assert "next" in describe(result.encoding) and "free to field" in describe(result.encoding)


# -- filters on a target ---------------------------------------------------------------------
def test_target_with_3a_or_less_cant_be_blocked():  # DPS Storm
    cards = real_cards("92dps", "When")
    text = _field_text("92dps", "P1 die 19sww#1 field L1")
    pending = run(cards, text).final.pending
    assert "P2:21uxm#1" in pending.options  # Quicksilver 3A
    assert "P2:22uxm#1" not in pending.options  # Wolverine 5A
    refused(cards, text + "P1 choose P2:22uxm#1\n", "R13.2")


def test_target_with_3a_or_less_is_unblockable_this_turn():  # DPS Storm on the holder's Sidekick
    cards = real_cards("92dps", "When")
    text = _field_text("92dps", "P1 die SK1 field L1") + "P1 choose P1:SK1\nP1 attack SK1\n"
    refused(cards, text + "P2 block 5sww#1>SK1\n", "R13.7")


def test_target_level_3_only():  # WWE Bobby Heenan: 'target level 3 Superstar die'
    cards = real_cards("10wwe", "When")
    board = ("P1 die 19sww#1 field L3", "P1 die 19sww#2 field L1")
    text = _field_text("10wwe", *board)
    pending = run(cards, text).final.pending
    assert "P1:19sww#1" in pending.options
    assert "P1:19sww#2" not in pending.options and "P2:19sww#1" not in pending.options
    state = run(cards, text + "P1 choose P1:19sww#1\nP1 attack 19sww#1\n").final
    assert state.die("P1:19sww#1").zone == Zone.ATTACK
    refused(
        cards, text + "P1 choose P1:19sww#1\nP1 attack 19sww#1\nP2 block SK1>19sww#1\n", "R13.7"
    )


def test_descriptions_read_as_english():
    for key, start, words in (
        ("20smc", "When", "prevent all damage to this die this turn"),
        ("2sww", "When", "prevent all damage to your Sidekick dice this turn"),
        ("69uxm", "When", "make the next character die you field this turn free to field"),
        ("92dps", "When", "target character die with 3A or less can't be blocked"),
    ):
        _, result = real_compiled(key, start)
        assert words in result.description, (key, result.description)


# -- <die> can't be blocked by <dice> this turn ------------------------------------------------
def test_self_cant_be_blocked_by_non_villains():  # JL The Joker
    cards = real_cards("57jl", "When")
    text = _field_text("57jl") + "P1 attack 57jl#1\n"
    refused(cards, text + "P2 block 22uxm#1>57jl#1\n", "R13.7")  # Wolverine: X-Men
    play(cards, text + "P2 block 5sww#1>57jl#1\n")  # legal: Cheetah is a Villain


def test_cant_be_blocked_by_is_only_about_that_die():  # JL The Joker
    cards = real_cards("57jl", "When")
    text = _field_text("57jl", "P1 die 19sww#1 field L1") + "P1 attack 19sww#1\n"
    play(cards, text + "P2 block 22uxm#1>19sww#1\n")  # legal: Superman is not The Joker


def test_target_cant_be_blocked_by_villains():  # ASM Mary Jane
    cards = real_cards("62asm", "When")
    text = _field_text("62asm", "P1 die 19sww#1 field L1")
    pending = run(cards, text).final.pending
    assert "P1:19sww#1" in pending.options  # non-Villain
    assert "P2:5sww#1" not in pending.options  # Cheetah: a Villain
    text += "P1 choose P1:19sww#1\nP1 attack 19sww#1\n"
    refused(cards, text + "P2 block 5sww#1>19sww#1\n", "R13.7")  # Cheetah: a Villain
    play(cards, text + "P2 block 22uxm#1>19sww#1\n")  # legal


def test_cant_be_blocked_by_after_an_attack_trigger():  # CW Hercules: 'he cannot be blocked by'
    cards = real_cards("79cw", "When")
    text = scene("79cw", "P1 die 79cw#1 field L1") + "P1 attack 79cw#1\n"
    refused(cards, text + "P2 block SK1>79cw#1\n", "R13.7")
    play(cards, text + "P2 block 5sww#1>79cw#1\n")  # legal


def test_cant_be_blocked_by_describes_the_blockers():  # JL The Joker
    _, result = real_compiled("57jl", "When")
    assert "can't be blocked by any non-Villain character dice this turn" in result.description


# -- <dice> cost N less to purchase this turn ----------------------------------------------------
def _with_card(cards, key):
    from rules.abilities.cards import engine_card
    from tests.rules.abilities.real_cards import pool

    cards[key] = engine_card(pool()[key], {"abilities": []})
    return cards


def test_affiliated_dice_cost_less_to_purchase_this_turn():  # XMF Kitty Pryde
    cards = real_cards("30xmf", "When")
    text = _field_text("30xmf", team="22uxm:2")
    state = run(cards, text).final
    wolverine = cards["22uxm"]
    assert query.purchase_cost(state, cards, "P1", "22uxm").value == wolverine.cost - 2
    assert query.purchase_cost(state, cards, "P1", "19sww").value == cards["19sww"].cost
    assert query.purchase_cost(state, cards, "P1", "30xmf").value == cards["30xmf"].cost  # non-NAME


def test_cost_reduction_starts_only_when_fielded():  # XMF Kitty Pryde
    cards = real_cards("30xmf", "When")
    lines, _ = to_field("30xmf")
    state = run(cards, scene("30xmf", *lines, team="22uxm:2")).final
    assert query.purchase_cost(state, cards, "P1", "22uxm").value == cards["22uxm"].cost


def test_cost_reduction_is_paid_at_purchase():  # XMF Kitty Pryde: a 5-cost bought with 3
    cards = real_cards("30xmf", "When")
    assert cards["22uxm"].cost == 5  # three energy would not pay for it without the reduction
    energy = [f"P1 die SK{n} reserve wild" for n in (1, 2, 3)]
    text = _field_text("30xmf", *energy, team="22uxm:2")
    state = play(cards, text, "P1 buy 22uxm pay SK1 SK2 SK3").final
    assert sum(1 for d in state.dice if d.card == "22uxm" and d.zone == Zone.USED) == 1


def test_cost_reduction_with_its_minimum_printed():  # SW Space Wolf Predator: '[KSW] ...'
    cards = _with_card(real_cards("11sw", "When"), "4sw")
    text = _field_text("11sw", team="4sw:2")
    state = run(cards, text).final
    assert query.purchase_cost(state, cards, "P1", "4sw").value == max(1, cards["4sw"].cost - 2)
    assert query.purchase_cost(state, cards, "P1", "19sww").value == cards["19sww"].cost


def test_cost_reduction_describes_this_turn():  # XMF Kitty Pryde
    _, result = real_compiled("30xmf", "When")
    assert "cost 2 less to purchase this turn" in result.description


# -- KO all NAME dice ----------------------------------------------------------------------------
def test_ko_all_dice_of_a_name():  # WF Black Lantern Anti-Monitor: 'KO all Anti-Monitor dice'
    cards = _with_card(real_cards("139wf", "When fielded"), "35wol")  # Anti-Monitor
    board = ("P1 die 35wol#1 field L1", "P1 die 19sww#1 field L1")
    state = run(cards, _field_text("139wf", *board, team="35wol:2")).final
    assert state.die("P1:35wol#1").zone == Zone.PREP  # an Anti-Monitor die: KO'd
    assert state.die("P1:19sww#1").zone == Zone.FIELD  # Superman stays
    assert state.die("P2:19sww#1").zone == Zone.FIELD
    assert state.die("P1:139wf#1").zone == Zone.FIELD  # its title only contains the name
    # A card naming a character means its owner's cards only (R13.8): never the opponent's.
    _, result = real_compiled("139wf", "When fielded")
    assert result.encoding["abilities"][0]["effects"][0]["to"]["side"] == "yours"


def test_ko_all_refuses_a_trait_or_kind_as_a_name():
    from rules.abilities import phrases
    from rules.abilities.templates import Line

    line = Line(text="", raw="", kind="ability", card_name="Superman")
    assert phrases.effects("KO all Adventurer dice", line) is None or all(
        "name" not in e["to"] for e in phrases.effects("KO all Adventurer dice", line)
    )
    effects = phrases.effects("KO all Sidekick dice", line)
    assert effects is None or all("name" not in e["to"] for e in effects)


# -- <die> can't block <dice> --------------------------------------------------------------------
def test_target_cant_block_your_dice_of_an_energy():  # TMNT Splinter: '... your [B] or [F] ...'
    cards = real_cards("45tmnt", "When")
    board = ("P1 die 22uxm#1 field L1", "P1 die 19sww#1 field L1")
    text = _field_text("45tmnt", *board, team="22uxm:2") + "P1 choose P2:5sww#1\n"
    attack = "P1 attack 22uxm#1 19sww#1\n"
    refused(cards, text + attack + "P2 block 5sww#1>22uxm#1\n", "R13.7")  # Wolverine: [F]
    play(cards, text + attack + "P2 block 5sww#1>19sww#1\n")  # legal: Superman is [S]
    play(cards, text + attack + "P2 block 22uxm#1>22uxm#1\n")  # legal: not the target


def test_target_cant_block_only_opposing_dice():  # TMNT Splinter: 'target opposing'
    cards = real_cards("45tmnt", "When")
    text = _field_text("45tmnt")
    pending = run(cards, text).final.pending
    assert "P2:5sww#1" in pending.options and "P1:45tmnt#1" not in pending.options
    _, result = real_compiled("45tmnt", "When")
    assert "can't block any of your Bolt/Fist character dice this turn" in result.description


# -- KO all characters with a purchase cost of N or less -------------------------------------------
def test_ko_all_characters_of_cost_4_or_less_both_players():  # BFF Purple Worm
    cards = real_cards("114bff", "When")
    assert cards["114bff"].cost > 4
    state = run(cards, _field_text("114bff", "P1 die 19sww#1 field L1")).final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # Cheetah, cost 4
    assert state.die("P2:21uxm#1").zone == Zone.PREP  # Quicksilver, cost 4
    assert state.die("P2:22uxm#1").zone == Zone.FIELD  # Wolverine, cost 5
    assert state.die("P2:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").zone == Zone.FIELD
    assert state.die("P2:SK1").zone == Zone.FIELD  # a Sidekick prints no purchase cost
    assert state.die("P1:114bff#1").zone == Zone.FIELD


def test_prevent_all_damage_reads_after_a_paid_option():  # GotG Nova Prime: 'When ... blocks'
    _, result = real_compiled("66gotg", "When")
    assert "you may pay [1] to prevent all damage to this die this turn" in result.description
