"""Dice manipulation (R14), capture, control, copy and swap (R15), tokens (R1.7), prepping
(K-PREP), Ally (K-ALLY) and Suit Up (K-SUITUP), through judge adjustments and purchases."""

from dataclasses import replace

from rules.engine import Zone, query
from tests.rules.engine.helpers import events, header, legal, refused

BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die 22sww#1 field L2 damage 2
P1 die 19sww#1 field L1
P1 die SK1 field L1
P1 die SK2 reserve mask
P1 die SK3 used
P2 die 5sww#1 field L1
P2 die SK1 field L1
"""
)


def test_spinning_keeps_damage_and_can_ko(cards):
    state = legal(cards, BOARD + "judge spin P1:22sww#1 up\n").final
    assert state.die("P1:22sww#1").level == 3 and state.die("P1:22sww#1").damage == 2
    refused(cards, BOARD + "judge spin P1:22sww#1 up 2\n", "R14.2")  # no level 4
    refused(cards, BOARD + "judge spin P1:SK1 down\n", "R14.2")  # not below level 1
    # Wonder Woman L2 (D5) with 2 damage spins down to L1 (D3): still alive; a third point KOs.
    state = legal(cards, BOARD + "judge spin P1:22sww#1 down\njudge damage P1:22sww#1 1\n").final
    assert state.die("P1:22sww#1").zone == Zone.PREP


def test_rerolling_a_fielded_die_to_energy_sends_it_to_the_reserve(cards):
    state = legal(cards, BOARD + "judge reroll P1:22sww#1 L3\n").final
    assert state.die("P1:22sww#1").zone == Zone.FIELD and state.die("P1:22sww#1").damage == 2
    replay = legal(cards, BOARD + "judge modifier P1:19sww#1 +2A\njudge reroll P1:19sww#1 shield\n")
    superman = replay.final.die("P1:19sww#1")
    assert superman.zone == Zone.RESERVE and superman.modifiers == ()  # effects lost (R14.1)
    refused(cards, BOARD + "judge reroll P1:SK3 fist\n", "R14.1")  # unrolled


def test_a_partially_spent_die_cannot_be_rerolled(cards):
    refused(cards, BOARD + "P1 field SK1 pay SK2\n", "R8.1")  # SK1 is in the Field already
    text = BOARD.replace("P1 die SK1 field L1", "P1 die SK1 reserve L1").replace(
        "P1 die SK2 reserve mask", "P1 die 22sww#2 reserve mask2"
    )
    refused(cards, text + "P1 field SK1 pay 22sww#2/mask\n", "R6.1")  # SK1 costs nothing
    text = text.replace("P1 die SK1 reserve L1", "P1 die 19sww#2 reserve L1")
    replay = legal(cards, text + "P1 field 19sww#2 pay 22sww#2/mask\n")
    assert replay.final.die("P1:22sww#2").face.notation() == "mask"
    refused(
        cards, text + "P1 field 19sww#2 pay 22sww#2/mask\njudge reroll P1:22sww#2 fist\n", "R6.3"
    )


def test_capture_takes_a_die_out_of_the_game_until_its_captor_leaves(cards):
    text = BOARD + "judge capture P2:SK1 by P1:19sww#1\n"
    state = legal(cards, text).final
    assert state.die("P2:SK1").zone == Zone.CAPTURED and state.die("P2:SK1").held_by == "P1:19sww#1"
    state = legal(cards, text + "judge ko P1:19sww#1\n").final
    assert state.die("P2:SK1").zone == Zone.FIELD and state.die("P2:SK1").level == 1  # back
    state = legal(cards, text + "P1 end\n").final
    assert state.die("P2:SK1").zone == Zone.FIELD  # the capture ends at end of turn


def test_control_moves_a_die_to_your_field_until_end_of_turn(cards):
    text = BOARD + "judge control P2:5sww#1 by P1:19sww#1\n"
    state = legal(cards, text).final
    cheetah = state.die("P2:5sww#1")
    assert cheetah.controller == "P1" and cheetah.owner == "P2" and cheetah in state.field("P1")
    refused(cards, text + "P1 attack 19sww#1\n", "R15.2")  # the controlling die can't attack
    replay = legal(cards, text + "P1 attack P2:5sww#1\nP2 block\nP1 damage\n")
    # It attacked unblocked for P1 and went Out of Play: unrolled, it goes to its owner's Prep.
    assert replay.final.player("P2").life == 16
    assert (
        replay.final.die("P2:5sww#1").zone == Zone.PREP
        and replay.final.die("P2:5sww#1").controller == "P2"
    )
    state = legal(cards, text + "P1 end\n").final
    assert state.die("P2:5sww#1").controller == "P2" and state.die("P2:5sww#1").zone == Zone.FIELD


def test_copying_stats_explains_the_new_numbers(cards):
    state = legal(cards, BOARD + "judge copy P1:SK1 stats P2:5sww#1\n").final
    sidekick = state.die("P1:SK1")
    assert query.attack(state, cards, sidekick).value == 4  # Cheetah's level 1: 4/2
    assert query.defense(state, cards, sidekick).value == 2
    state = legal(cards, BOARD + "judge copy P1:SK1 stats P2:5sww#1\nP1 end\n").final
    assert state.die("P1:SK1").copy is None  # until end of turn


def test_swapping_exchanges_places_and_attack_status(cards):
    text = BOARD + "P1 attack SK1\nP2 block SK1>SK1\njudge swap P1:SK1 P1:SK3\n"
    state = legal(cards, text).final
    assert state.die("P1:SK3").zone == Zone.ATTACK and state.die("P1:SK3").level == 1
    assert state.die("P1:SK1").zone == Zone.USED and state.die("P2:SK1").blocking == "P1:SK3"
    assert "fielded" not in events(legal(cards, text).steps[-1])  # not fielding (R8.2)


def test_tokens_exist_only_in_the_field(cards):
    text = BOARD + "judge token P1 2/3 Bot\n"
    state = legal(cards, text).final
    token = next(d for d in state.dice if d.is_token)
    assert token.id == "P1:T1" and query.attack(state, cards, token).value == 2
    refused(cards, text + "judge spin P1:T1 up\n", "R1.7")
    state = legal(cards, text + "judge damage P1:T1 3\n").final
    assert state.die("P1:T1") is None  # KO'd: it left the Field and ceased to exist


def test_prep_and_ally(cards):
    state = legal(cards, BOARD + "judge move P1:SK3 prep\n").final
    assert state.die("P1:SK3").zone == Zone.PREP
    state = legal(cards, BOARD + "judge keyword P1:19sww#1 ally\n").final
    assert query.is_sidekick(state, cards, state.die("P1:19sww#1"))
    assert not query.is_sidekick(state, cards, state.die("P1:22sww#1"))


def test_suit_up_kos_a_listed_character_and_moves_the_die_to_the_field_at_level_2(cards):
    scripted = dict(cards)
    scripted["22sww"] = replace(cards["22sww"], keywords=("suit_up",), suit_up=("Superman",))
    text = BOARD.replace("P1 die SK2 reserve mask", "P1 die SK2 reserve mask\nP1 energy 3")
    replay = legal(scripted, text + "P1 buy 22sww pay SK2 virtual3 suitup 19sww#1\n")
    state = replay.final
    assert state.die("P1:19sww#1").zone == Zone.PREP
    bought = state.die("P1:22sww#2")
    assert bought.zone == Zone.FIELD and bought.level == 2
    assert "fielded" not in [e.kind for e in replay.steps[-1].events]
    refused(scripted, text + "P1 buy 22sww pay SK2 virtual3 suitup SK1\n", "K-SUITUP")
    refused(cards, text + "P1 buy 22sww pay SK2 virtual3 suitup 19sww#1\n", "K-SUITUP")


def test_a_die_view_explains_its_stats_and_ignores_stat_modifiers_for_costs(cards):
    state = legal(cards, BOARD + "judge modifier P1:19sww#1 +2A-1D -- Take Cover\n").final
    superman = state.die("P1:19sww#1")
    assert query.fielding_cost(state, cards, superman).value == 1
    view = query.die_view(state, cards, superman)
    assert view["attack"]["explanation"] == "6 = 4 printed +2 (Take Cover)"
    assert view["defense"]["value"] == 5 and view["name"] == "Superman"
    assert view["zone"] == "field" and view["level"] == 1 and view["controller"] == "P1"


def test_a_manual_start_of_turn_effect_comes_before_the_draw(cards):
    """Sabretooth's 'when your turn begins' entered by hand: the judge acts while the game
    waits for the draw, and the draw counts what the bag holds then (K-PREP, R5.0)."""
    text = BOARD + "P1 end\njudge prep P2:SK3 -- a start-of-turn effect\n"
    replay = legal(cards, text)
    assert replay.final.die("P2:SK3").zone == Zone.PREP and replay.steps[-1].manual
    state = legal(cards, text + "P2 draw SK4 SK5 SK6 SK7\n").final
    assert state.pending.options == ("P2:SK3", "P2:SK4", "P2:SK5", "P2:SK6", "P2:SK7")


def test_a_die_copying_abilities_uses_the_copied_cards_triggers(cards):
    from rules.engine import Ability

    def boost(ctx):
        ctx.modify(ctx.source, attack=2)

    rage = Ability("rage", "triggered", "when attacks, +2A", trigger="attacks", resolve=boost)
    scripted = dict(cards)
    scripted["5sww"] = replace(cards["5sww"], abilities=(rage,))
    text = BOARD + "judge copy P1:SK1 abilities P2:5sww#1\nP1 attack SK1\n"
    state = legal(scripted, text).final
    assert query.attack(state, scripted, state.die("P1:SK1")).value == 3  # 1 + 2
