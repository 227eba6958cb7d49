"""Template family `when_fielded`: 'When fielded, <effect>' on the card's own die."""

from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, refused, run

SETUP = board(
    "P1 die 19sww#1 reserve L1",
    "P1 die SK1 reserve shield",
    "P2 die 5sww#1 field L1",
    "P2 die SK1 field L1",
    "P2 life 15",
)


def test_when_fielded_deal_damage_to_target_character_die():
    line = "When fielded, deal 2 damage to target character die."
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated"
    assert result.encoding["abilities"] == [
        {"when": "fielded", "effects": [{"do": "damage", "to": {"pick": "target"}, "amount": 2}]}
    ]
    assert result.description == (
        "When this die is fielded: deal 2 damage to target character die."
    )
    cards = compiled_cards("19sww", ability_lines=[line])
    waiting = run(cards, SETUP + "P1 field 19sww#1 pay SK1\n").final.pending
    assert waiting.kind == "choose" and waiting.player == "P1"
    assert set(waiting.options) == {"P1:19sww#1", "P2:5sww#1", "P2:SK1"}
    # Cheetah L1 (D2) takes 2: KO'd to its owner's Prep Area.
    replay = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP


def test_a_named_trigger_and_an_opposing_target():
    line = "When Superman is fielded, deal 1 damage to target opposing character die"
    cards = compiled_cards("19sww", ability_lines=[line])
    text = SETUP + "P1 field 19sww#1 pay SK1\n"
    assert set(run(cards, text).final.pending.options) == {"P2:5sww#1", "P2:SK1"}
    refused(cards, text + "P1 choose P1:19sww#1\n", "R13.2")  # not an opposing die
    replay = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").damage == 1


def test_when_fielded_damage_to_the_opponent_and_gain_life():
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, deal 2 damage to your opponent and then gain 1 life"]
    )
    setup = SETUP.replace("P2 life 15", "P2 life 15\nP1 life 10")
    replay = play(cards, setup, "P1 field 19sww#1 pay SK1")
    assert replay.final.player("P2").life == 13
    assert replay.final.player("P1").life == 11


def test_you_may_is_asked():
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, you may deal 3 damage to your opponent"]
    )
    declined = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 no")
    assert declined.final.player("P2").life == 15
    accepted = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 yes")
    assert accepted.final.player("P2").life == 12


def test_an_unknown_effect_is_left_manual():
    result = compiled("19sww", ability_lines=["When fielded, swap places with the moon"])
    assert result.status == "manual" and result.manual_lines == (
        "When fielded, swap places with the moon",
    )


def test_spin_all_opposing_dice_down_and_each_player_loses_life():
    line = (
        "When fielded, spin all opposing character dice down 1 level, then each player loses 1 life"
    )
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = SETUP.replace("P2 die 5sww#1 field L1", "P2 die 5sww#1 field L3")
    state = play(cards, setup, "P1 field 19sww#1 pay SK1").final
    assert state.die("P2:5sww#1").level == 2
    assert (state.player("P1").life, state.player("P2").life) == (19, 14)


# -- real card lines (read from the real card file at test time) -----------------------------
from rules.engine import query  # noqa: E402
from tests.rules.abilities.real_cards import (  # noqa: E402
    real_cards,
    real_compiled,
    real_line,
    scene,
    spec_of,
    to_field,
)


def _fielded(key, *board, answers=(), start="When", opposing=None):
    """Field real card `key` (only its line starting with `start`) and answer its questions."""
    cards = real_cards(key, start)
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    return cards, play(cards, scene(key, *lines, *board, **extra), field, *answers)


def _options(key, *board, start="When", opposing=None):
    cards = real_cards(key, start)
    lines, field = to_field(key)
    extra = {} if opposing is None else {"opposing": opposing}
    pending = run(cards, scene(key, *lines, *board, **extra) + field + "\n").final.pending
    assert pending is not None and pending.kind == "choose", pending
    return set(pending.options)


def test_real_damage_to_one_opposing_character():  # UXM Quicksilver
    assert _options("19uxm") == {"P2:SK1", "P2:5sww#1", "P2:22uxm#1", "P2:21uxm#1", "P2:19sww#1"}
    _, replay = _fielded("19uxm", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").damage == 1


def test_real_damage_to_each_opposing_sidekick_only():  # UXM Quicksilver
    _, replay = _fielded("20uxm", "P1 die SK2 field L1")
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage on a 1D Sidekick
    assert state.die("P1:SK2").zone == Zone.FIELD  # not an opposing Sidekick
    assert state.die("P2:22uxm#1").damage == 0


def test_real_damage_to_opponent_and_each_opposing_character():  # UXM Cyclops
    _, replay = _fielded("5uxm")
    state = replay.final
    assert state.player("P2").life == 19
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P2:19sww#1").damage == 1 and state.die("P2:5sww#1").damage == 1


def test_real_ko_all_opposing_level_one_dice():  # IG Proxima Midnight
    _, replay = _fielded("122ig", "P1 die 19sww#1 field L1")
    state = replay.final
    for gone in ("P2:SK1", "P2:22uxm#1", "P2:19sww#1"):
        assert state.die(gone).zone == Zone.PREP
    for kept in ("P2:5sww#1", "P2:21uxm#1", "P1:19sww#1"):  # level 2, or P1's own
        assert state.die(kept).zone == Zone.FIELD


def test_real_ko_target_by_energy_type():  # MSW Stormbreaker Ray ([F]), Thor ([S])
    fists = _options("130msw")
    assert "P2:22uxm#1" in fists and not fists & {"P2:5sww#1", "P2:21uxm#1", "P2:19sww#1"}
    shields = _options("134msw")
    assert "P2:19sww#1" in shields and "P2:22uxm#1" not in shields
    _, replay = _fielded("130msw", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP


def test_real_ko_target_by_affiliation():  # DPS Master Mold ([XMEN]), SMC Captain America
    xmen = _options("122dps")
    assert {"P2:22uxm#1", "P2:21uxm#1"} <= xmen and "P2:5sww#1" not in xmen
    assert "P2:SK1" not in xmen


def test_real_ko_by_purchase_cost():  # FUS Cockatrice: cost 4 or less
    options = _options("4fus")
    assert {"P2:5sww#1", "P2:21uxm#1", "P2:SK1"} <= options
    assert not options & {"P2:22uxm#1", "P2:19sww#1"}  # costs 5 and 6


def test_real_ko_affiliation_and_cost_with_no_valid_target_does_nothing():  # M2019 Cap
    # Cheetah is the only Villain and costs 4: no die is both, so nothing happens (T5.1).
    cards, replay = _fielded("2m2019")
    assert replay.final.pending is None
    for die in ("P2:SK1", "P2:5sww#1", "P2:22uxm#1", "P2:21uxm#1", "P2:19sww#1"):
        assert replay.final.die(die).zone == Zone.FIELD


def test_real_ko_two_targets_and_up_to_two():  # ORK Stompa, WOL Superboy Prime
    _, replay = _fielded("16ork", answers=["P1 choose P2:5sww#1 P2:19sww#1"])
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP
    assert replay.final.die("P2:19sww#1").zone == Zone.PREP
    assert _options("131wol") == {"P2:21uxm#1"}  # the only [B] die around
    _, replay = _fielded("131wol", answers=["P1 choose P2:21uxm#1"])
    assert replay.final.die("P2:21uxm#1").zone == Zone.PREP


def test_real_spin_all_opposing_down_and_to_level_one():  # SWW Giganta-less: AVX, JLL
    _, replay = _fielded("45uxm")
    state = replay.final
    assert state.die("P2:5sww#1").level == 1 and state.die("P2:21uxm#1").level == 1
    assert state.die("P2:22uxm#1").level == 1  # already level 1: stays
    high = ("P2 die 5sww#1 field L3", "P2 die SK1 field L1")
    _, replay = _fielded("11jll", answers=["P1 choose P2:5sww#1"], opposing=high)
    assert replay.final.die("P2:5sww#1").level == 1
    _, replay = _fielded("100avx", answers=["P1 choose P2:5sww#1"], opposing=high)
    assert replay.final.die("P2:5sww#1").level == 1


def test_real_opposing_dice_get_minus_attack():  # XFC Juggernaut
    cards, replay = _fielded("95xfc")
    state = replay.final
    assert query.attack(state, cards, state.die("P2:22uxm#1")).value == 3  # 5A -2
    assert query.attack(state, cards, state.die("P1:95xfc#1")).value == 6  # not opposing


def test_real_your_other_dice_get_plus_attack():  # AI Black Widow
    cards, replay = _fielded("12ai", "P1 die 19sww#1 field L1")
    state = replay.final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 5
    assert query.attack(state, cards, state.die("P1:12ai#1")).value == 2  # not 'other'
    assert query.attack(state, cards, state.die("P2:22uxm#1")).value == 5


def test_real_target_gets_plus_attack_and_overcrush():  # JLL Citizen V, DPS Psylocke
    cards, replay = _fielded("9jll", "P1 die 19sww#1 field L1", answers=["P1 choose P1:19sww#1"])
    assert query.attack(replay.final, cards, replay.final.die("P1:19sww#1")).value == 6
    cards, replay = _fielded("88dps", "P1 die 19sww#1 field L1", answers=["P1 choose P1:19sww#1"])
    assert "overcrush" in query.keywords(replay.final, cards, replay.final.die("P1:19sww#1"))


def test_real_damage_equal_to_own_attack():  # BAT Huntress: A 2 at level 1
    assert spec_of("18bat", "When")["effects"][0]["amount"] == {"stat": "attack", "of": "this"}
    _, replay = _fielded("18bat", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP  # 2 damage on D2


def test_real_damage_to_opponent_equal_to_own_level():  # JLL Hawkeye
    _, replay = _fielded("12jll")
    assert replay.final.player("P2").life == 19


def test_real_life_conditions():  # SWW Supergirl, SWW Superman
    behind = ("P1 life 10",)
    _, replay = _fielded("18sww", *behind)
    assert replay.final.player("P1").life == 13
    _, replay = _fielded("18sww", "P2 life 10")  # P1 is ahead: nothing
    assert replay.final.player("P1").life == 20
    _, replay = _fielded("21sww", *behind)
    assert replay.final.player("P2").life == 17


def test_real_count_conditions():  # XMF Cyclops ([B] dice), SMC Captain America (Sidekicks)
    _, replay = _fielded("12xmf")  # only Cyclops itself is a [B] die of P1's
    assert replay.final.player("P2").life == 20
    cards = real_cards("6smc", "When")
    lines, field = to_field("6smc")
    two = scene("6smc", *lines, "P1 die SK2 field L1", "P1 die SK3 field L1")
    replay = play(cards, two, field, "P1 choose P2:5sww#1")
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP
    _, replay = _fielded("6smc", "P1 die SK2 field L1")  # one Sidekick: no trigger
    assert replay.final.pending is None and replay.final.die("P2:5sww#1").zone == Zone.FIELD


def test_real_damage_per_sidekick_in_the_field():  # AVX Green Goblin
    _, replay = _fielded("130avx", "P1 die SK2 field L1")
    assert replay.final.player("P2").life == 18  # P1's Sidekick and P2's


def test_real_life_for_each_and_each_player():  # HQ Power Girl, SKC Joker, DP Deadpool
    _, replay = _fielded("19hq", "P1 life 10")
    assert replay.final.player("P1").life == 14  # four opposing non-Sidekick dice
    _, replay = _fielded("54skc")
    assert replay.final.player("P1").life == 19 and replay.final.player("P2").life == 19
    _, replay = _fielded("50dp")
    assert replay.final.player("P1").life == 18 and replay.final.player("P2").life == 18


def test_real_prep_and_draw_and_roll_from_the_bag():  # BFU Varro Tigurius, XFO Forge
    _, replay = _fielded("46bfu", "P1 die SK6 bag", answers=["P1 draw SK6"])
    assert replay.final.die("P1:SK6").zone == Zone.PREP
    _, replay = _fielded("17xfo", "P1 die SK6 bag", answers=["P1 draw SK6", "P1 roll SK6=bolt"])
    assert replay.final.die("P1:SK6").zone == Zone.RESERVE


def test_real_you_may_pay_to_deal_damage():  # ASM Firestar: pay [B]
    paid = ("P1 die SK7 reserve bolt",)
    cards, replay = _fielded("48asm", *paid, answers=["P1 yes pay SK7", "P1 choose P2:5sww#1"])
    assert replay.final.die("P2:5sww#1").damage == 3
    assert replay.final.die("P1:SK7").zone != Zone.RESERVE  # spent
    _, replay = _fielded("48asm", *paid, answers=["P1 no"])
    assert replay.final.die("P2:5sww#1").damage == 0
    assert replay.final.die("P1:SK7").zone == Zone.RESERVE
    assert spec_of("48asm", "When")["cost"] == "[B]"


def test_real_self_gains_attack():  # TIW Kuo-toa
    cards, replay = _fielded("26tiw")
    assert query.attack(replay.final, cards, replay.final.die("P1:26tiw#1")).value == 2


def test_real_lines_that_stay_manual():
    for key, start in (
        # 3cw ('with a fielding cost of 0'), 106msw ('non-[B]') and 69wol ('your active [WT]')
        # are read by the fielded_effects family now (test_family_fielded_effects.py)
        ("55cw", "When"),  # 'with D less than or equal to NAME's D': no such filter
        # 40aou ('deals combat damage', to anyone) is read by the self_tail family now
    ):
        _, result = real_compiled(key, start)
        assert result.status == "manual", (key, result.encoding)


def test_real_move_a_die_from_the_used_pile_to_prep():  # AVX Ghost Rider: any die
    used = ("P1 die SK6 used", "P1 die 19sww#2 used")
    _, replay = _fielded("108avx", *used, answers=["P1 choose 19sww#2"])
    assert replay.final.die("P1:19sww#2").zone == Zone.PREP
    assert replay.final.die("P1:SK6").zone == Zone.USED


def test_real_field_a_sidekick_from_the_used_pile():  # UXM Angel: 'you may'
    used = ("P1 die SK6 used", "P1 die 19sww#2 used")
    cards = real_cards("1uxm", "When")
    lines, field = to_field("1uxm")
    text = scene("1uxm", *lines, *used) + field + "\nP1 yes\n"
    assert set(run(cards, text).final.pending.options) == {"P1:SK6"}  # only the Sidekick
    replay = play(cards, scene("1uxm", *lines, *used), field, "P1 yes", "P1 choose SK6")
    assert replay.final.die("P1:SK6").zone == Zone.FIELD
    assert replay.final.die("P1:SK6").level == 1


def test_real_move_all_affiliated_dice_from_the_used_pile():  # TMNT Shredder: all [DCV]
    used = ("P1 die 42tmnt#2 used", "P1 die 19sww#2 used", "P1 die SK6 used")
    _, replay = _fielded("42tmnt", *used)
    assert replay.final.die("P1:42tmnt#2").zone == Zone.PREP  # a Villain die
    assert replay.final.die("P1:19sww#2").zone == Zone.USED  # Justice League
    assert replay.final.die("P1:SK6").zone == Zone.USED


def test_real_damage_and_reroll():  # MSW: deal 3 damage to a target, and reroll a target
    answers = ["P1 choose P2:5sww#1", "P1 choose P2:22uxm#1", "P2 roll 22uxm#1=L3"]
    _, replay = _fielded("29msw", answers=answers)
    assert replay.final.die("P2:5sww#1").damage == 3
    assert replay.final.die("P2:22uxm#1").level == 3


def test_real_take_control_until_end_of_turn():  # SMC: take control of a [DCV] die
    cards, replay = _fielded("24smc", answers=["P1 choose P2:5sww#1"])
    assert replay.final.die("P2:5sww#1").controller == "P1"
    lines, field = to_field("24smc")
    replay = play(cards, scene("24smc", *lines), field, "P1 choose P2:5sww#1", "P1 end")
    assert replay.final.die("P2:5sww#1").controller == "P2"  # returned at end of turn
    assert replay.final.die("P2:5sww#1").zone == Zone.FIELD


def test_real_take_control_of_all_opposing_sidekicks():  # WF
    _, replay = _fielded("98wf", opposing=("P2 die SK1 field L1", "P2 die SK2 field L1"))
    assert replay.final.die("P2:SK1").controller == "P1"
    assert replay.final.die("P2:SK2").controller == "P1"


def test_real_capture_all_opposing_fist_dice_until_end_of_turn():  # AVX
    cards, replay = _fielded("24avx")
    assert replay.final.die("P2:22uxm#1").zone == Zone.CAPTURED  # Wolverine: Fist
    assert replay.final.die("P2:19sww#1").zone == Zone.FIELD
    lines, field = to_field("24avx")
    replay = play(cards, scene("24avx", *lines), field, "P1 end")
    assert replay.final.die("P2:22uxm#1").zone == Zone.FIELD  # returned (R15.1)


def test_capture_is_not_read_on_a_global_or_action():
    result = compiled(
        "19sww", global_lines=["Global: Pay [S]. Capture target opposing character die"]
    )
    assert result.status == "manual"


def test_real_roll_a_sidekick_from_the_used_pile():  # AVX: 'you may roll a Sidekick die'
    used = ("P1 die SK6 used", "P1 die 19sww#2 used")
    answers = ["P1 yes", "P1 choose SK6", "P1 roll SK6=bolt"]
    _, replay = _fielded("4avx", *used, answers=answers)
    assert replay.final.die("P1:SK6").zone == Zone.RESERVE
    assert replay.final.die("P1:19sww#2").zone == Zone.USED


def test_real_ko_of_equal_or_lower_level():  # XFC: opposing [XMEN] of equal or lower level
    assert _options("73xfc") == {"P2:22uxm#1"}  # fielded at level 1: Quicksilver L2 is out
    _, replay = _fielded("73xfc", answers=["P1 choose P2:22uxm#1"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP
    spec = spec_of("73xfc", "When")
    assert spec["effects"][0]["to"]["level_at_most_this"] is True
    assert compiled("19sww", ability_lines=[real_line("73xfc", "When")]).description == (
        "When this die is fielded: KO target opposing X-Men character die of this die's level"
        " or lower."
    )


def test_real_each_of_up_to_two_targets():  # JL Green Arrow
    _, replay = _fielded("10jl", answers=["P1 choose P2:22uxm#1 P2:21uxm#1"])
    assert replay.final.die("P2:22uxm#1").zone == Zone.PREP  # 2 damage on D2
    assert replay.final.die("P2:21uxm#1").zone == Zone.PREP
