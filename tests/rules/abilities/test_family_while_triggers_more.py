"""Template family `while_triggers_more` (rules/abilities/templates/while_triggers_more.py):
'While NAME is active, <trigger>, <effect>' lines the other while-active families leave
manual. Each scenario compiles a real card's line (read from the card pool at test time, never
copied here) onto the demo Superman (19sww, P1) and plays it through the engine:
setup -> actions -> expected result."""

from rules.abilities import describe
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.real_cards import demo_line
from tests.rules.abilities.scenario import board, compiled, compiled_cards, encoded_cards, play

# P1: Superman L1 (4A 6D) holds the ability; P2: Cheetah (Villain, Mask, 4A 2D at L1).
MY_TURN = (
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 reserve L1",
    "P1 die SK1 reserve L1",
    "P1 die SK2 reserve bolt",
    "P2 die 5sww#1 field L1",
)
THEIR_TURN = (
    "P1 die 19sww#1 field L1",
    "P2 die 5sww#1 reserve L2",
    "P2 die 5sww#2 reserve L3",
    "P2 die SK1 reserve mask",
    "P2 die SK2 reserve L1",
)


def mine(*lines: str) -> str:
    return board(*MY_TURN, *lines)


def theirs(*lines: str) -> str:
    return board(*THEIR_TURN, *lines, turn=4, active="P2")


def _line(code: str) -> str:
    return real_line(code, "While")


def test_an_opponent_summons_a_level_3_monster_summoned_skull_38ygo():
    cards = real_cards("38ygo", _line("38ygo"))
    level3 = play(cards, theirs(), "P2 field 5sww#2 pay SK1").final
    assert level3.player("P2").life == 18
    level2 = play(cards, theirs(), "P2 field 5sww#1 pay SK1").final
    assert level2.player("P2").life == 20
    # Not while the card is inactive.
    inactive = theirs().replace("19sww#1 field L1", "19sww#1 used")
    assert play(cards, inactive, "P2 field 5sww#2 pay SK1").final.player("P2").life == 20


def test_when_you_play_an_action_die_blink_46xfc():
    cards = real_cards("46xfc", _line("46xfc"))
    setup = mine("P1 die BA:31sww#1 reserve action", "P1 life 10")
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").level == 2


def test_the_first_time_each_turn_you_use_an_action_die_121dp():
    start = "While Captain America with Mjolnir is active, the first time you use an action"
    cards = real_cards("121dp", real_line("121dp", start))
    setup = mine("P1 die BA:31sww#1 reserve action", "P1 die BA:31sww#2 reserve action")
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 use BA:31sww#2").final
    assert state.player("P2").life == 19  # once: the second use does nothing


def test_when_you_field_a_sidekick_you_may_pay_metallo_29jus():
    cards = real_cards("29jus", _line("29jus"))
    paid = play(cards, mine(), "P1 field SK1", "P1 yes pay SK2").final
    assert paid.player("P2").life == 19
    assert paid.die("P1:SK2").zone != Zone.RESERVE  # spent
    declined = play(cards, mine(), "P1 field SK1", "P1 no").final
    assert declined.player("P2").life == 20
    # Wonder Woman is no Sidekick: nothing is asked.
    assert play(cards, mine(), "P1 field 22sww#1").final.pending is None


def test_a_die_you_control_is_damaged_during_an_opponents_turn_punisher_119thor():
    cards = real_cards("119thor", _line("119thor"))
    attacked = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", turn=4, active="P2")
    state = play(cards, attacked, "P2 attack 5sww#1", "P1 block 19sww#1>5sww#1", "P2 damage")
    assert state.final.player("P2").life == 19
    # On P1's own turn the same damage does nothing.
    attacking = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1")
    state = play(cards, attacking, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    damaged = [e for s in state.steps for e in s.events if e.kind == "damaged"]
    assert "P1:19sww#1" in {e.die for e in damaged}  # the same damage, on P1's own turn
    assert state.final.player("P2").life == 20


def test_either_you_or_this_card_takes_damage_hulk_77avx():
    cards = real_cards("77avx", _line("77avx"))
    # P1 takes combat damage: each opposing character die takes 2 (P2's Sidekick is KO'd).
    attacked = board(
        "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1",
        turn=4,
        active="P2",
    )
    state = play(cards, attacked, "P2 attack 5sww#1", "P1 block", "P2 damage").final
    assert state.player("P1").life == 16
    assert state.die("P2:SK1").zone == Zone.PREP
    # The card's own die is damaged (Cheetah blocks it): the same effect.
    attacking = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK1 field L1")
    state = play(cards, attacking, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    assert state.final.die("P2:SK1").zone == Zone.PREP


def test_dice_that_attack_or_block_get_a_bonus_two_watchers():
    line = "While Superman is active, when Sidekicks attack or block, they get +2A this turn"
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board("P1 die 19sww#1 field L1", "P1 die SK1 field L1", "P2 die SK1 field L1")
    state = play(cards, setup, "P1 attack SK1").final
    assert query.attack(state, cards, state.die("P1:SK1")).value == 3
    blocked = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1").final
    assert query.attack(blocked, cards, blocked.die("P2:SK1")).value == 3  # either player's


def test_its_controller_is_whoever_fielded_it_the_penguin_70wf():
    cards = real_cards("70wf", _line("70wf"))
    state = play(cards, mine(), "P1 field 22sww#1").final  # a Justice League die: P1's
    assert state.player("P1").life == 19 and state.player("P2").life == 20
    villain = play(cards, theirs(), "P2 field 5sww#1 pay SK1").final  # Cheetah: a Villain
    assert villain.player("P2").life == 20
    sidekick = play(cards, theirs(), "P2 field SK2").final
    assert sidekick.player("P2").life == 19 and sidekick.player("P1").life == 20


def test_the_event_after_the_effect_clea_1def_and_manticore_76bff():
    cards = real_cards("1def", _line("1def"))  # whenever they field a [B] or [M] die
    assert play(cards, theirs(), "P2 field 5sww#1 pay SK1").final.player("P2").life == 19
    assert play(cards, mine(), "P1 field 22sww#1").final.player("P2").life == 20  # not P1's
    cards = real_cards("76bff", _line("76bff"))  # each opposing character when fielded
    state = play(cards, theirs(), "P2 field 5sww#1 pay SK1").final
    assert state.die("P2:5sww#1").damage == 1


def test_spin_the_fielded_die_to_level_1_mary_marvel_11myst():
    cards = real_cards("11myst", _line("11myst"))
    state = play(cards, theirs(), "P2 field 5sww#2 pay SK1").final
    assert state.die("P2:5sww#2").level == 1
    state = play(cards, theirs(), "P2 field 5sww#1 pay SK1").final  # from level 2: to 1
    assert state.die("P2:5sww#1").level == 1


def test_real_lines_compile_to_the_expected_watchers():
    expected = {
        "38ygo": [("fielded", "opposing")],
        "108thor": [("global_used", "yours")],
        "140msw": [("global_used", "opposing")],
        "116wol": [("damaged", None)],
        "45wwe": [("kod", None), ("kod", None)],
        "33xfc": [("fielded", None), ("fielded", None)],
        "67wol": [("attacks", None), ("blocks", None)],
        "8avx": [("you_damaged", None), ("damaged", None)],
        "43xfc": [("action_used", "opposing")],
    }
    for key, whens in expected.items():
        result = compiled_real(key, _line(key))
        assert result.status == "automated", (key, result.manual_lines)
        specs = result.encoding["abilities"]
        assert [(s["when"], s.get("by")) for s in specs] == whens, (key, specs)
    limits = {"108thor": "once_per_turn", "140msw": "first_time", "116wol": "first_time"}
    for key, limit in limits.items():
        assert compiled_real(key, _line(key)).encoding["abilities"][0]["limit"] == limit
    sides = [s["any"]["side"] for s in compiled_real("45wwe", _line("45wwe")).encoding["abilities"]]
    assert sides == ["yours", "opposing"]  # each KO'd die's controller loses the life


def test_lines_that_stay_manual():
    for key in (
        "46ygo",  # 'this monster gets ...' right after 'summon a monster': which one?
        "143dps",  # 'she deals ...' after 'you field a character die': which one?
        "7avx",  # 'Hulk gets +2A' when you take damage: the damaged die or each of them?
        "41wf",  # 'target opposing character die must block the die of your choice'
        "15ai",  # 'If it is not a Sidekick die, ...': a second sentence not read
    ):
        result = compiled_real(key, _line(key))
        assert result.status == "manual", (key, result.encoding)


def test_watchers_are_described():
    text = describe(compiled_real("119thor", _line("119thor")).encoding)
    assert "is damaged" in text and "your opponent's turn" in text
    text = compiled(
        "19sww",
        ability_lines=[
            "While Superman is active, the first time you use a Global Ability each turn, "
            "deal 1 damage to target opponent"
        ],
    ).description
    assert "the first time" in text and "global ability" in text


def test_while_you_have_three_character_dice_when_this_attacks_cyclops_105dps():
    cards = real_cards("105dps", _line("105dps"))
    three = board(
        "P1 die 19sww#1 field L1",
        "P1 die SK1 field L1",
        "P1 die SK2 field L1",
        "P2 die 5sww#1 field L1",
    )
    state = play(cards, three, "P1 attack 19sww#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # 3 damage on D2
    two = three.replace("P1 die SK2 field L1\n", "")
    state = play(cards, two, "P1 attack 19sww#1").final
    assert state.pending.kind == "blocks"  # no target asked for: straight to blockers


def test_while_you_have_another_active_die_at_the_start_of_your_turn_power_girl_18wf():
    start = "While you have an active [DCS] character besides Power Girl, and Power Girl is "
    result = compiled_real("18wf", real_line("18wf", start + "active, gain"))
    assert result.status == "automated", result.manual_lines
    (spec,) = result.encoding["abilities"]
    assert (spec["when"], spec["by"], spec["if"]["of"]["not_name"]) == (
        "turn_started",
        "yours",
        "Power Girl",
    )
    assert spec["effects"] == [{"do": "gain_life", "amount": 2}]


def test_an_opponent_attacks_with_dice_fires_once_lolth_99fus_and_iron_fist_43cw():
    cards = real_cards("99fus", _line("99fus"))
    attack = board(
        "P1 die 19sww#1 field L1",
        "P2 die 5sww#1 field L1",
        "P2 die SK1 field L1",
        turn=4,
        active="P2",
    )
    state = play(cards, attack, "P2 attack 5sww#1 SK1").final
    assert state.player("P2").life == 19  # two attackers, one declaration: once
    cards = real_cards("43cw", _line("43cw"))
    state = play(cards, attack, "P2 attack 5sww#1 SK1", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    # P1's own attack is not watched.
    mine = board("P1 die 19sww#1 field L1", "P2 die SK1 field L1")
    assert play(cards, mine, "P1 attack 19sww#1").final.pending.kind == "blocks"


def test_each_of_your_own_dice_gets_a_bonus_aj_styles_1wwe():
    cards = real_cards("1wwe", _line("1wwe"))
    setup = mine("P1 die 19sww#2 field L1")
    state = play(cards, setup, "P1 field 22sww#1").final
    for die in ("P1:19sww#1", "P1:19sww#2"):  # each of the card's dice: 5A 7D this turn
        assert query.attack(state, cards, state.die(die)).value == 5
        assert query.defense(state, cards, state.die(die)).value == 7
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3


def test_your_opponent_and_a_target_character_human_torch_78avx():
    cards = real_cards("78avx", _line("78avx"))
    state = play(cards, mine(), "P1 field 22sww#1", "P1 choose P2:5sww#1").final
    assert state.player("P2").life == 19
    assert state.die("P2:5sww#1").damage == 1


def test_at_the_start_of_your_turn_before_clear_and_draw_she_hulk_45ig():
    # P2's Cheetah holds the line: at the start of P2's turn, a die from P2's Used Pile.
    line = demo_line("45ig", "While", as_name="Cheetah")
    cards = compiled_cards("5sww", ability_lines=[line])
    setup = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L2", "P2 die 5sww#2 used")
    state = play(cards, setup, "P1 end", "P2 yes", "P2 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").zone == Zone.FIELD and state.die("P2:5sww#2").level == 1
    declined = play(cards, setup, "P1 end", "P2 no").final
    assert declined.die("P2:5sww#2").zone == Zone.USED


def test_while_this_attacks_a_blocker_takes_damage_wasp_71cw():
    line = demo_line("71cw", "While", as_name="Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    setup = board(
        "P1 die 19sww#1 field L1",
        "P1 die SK1 field L1",
        "P2 die SK1 field L1",
        "P2 die SK2 field L1",
    )
    state = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1").final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage on D1, before combat damage
    # Superman not attacking: a block does nothing.
    state = play(cards, setup, "P1 attack SK1", "P2 block SK2>SK1").final
    assert state.die("P2:SK2").damage == 0 and state.die("P2:SK2").zone == Zone.ATTACK


def test_each_time_you_use_an_action_he_deals_damage_doctor_strange_73avx():
    cards = real_cards("73avx", _line("73avx"))
    setup = mine("P1 die BA:31sww#1 reserve action")
    state = play(cards, setup, "P1 use BA:31sww#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # 2 damage on D2


def test_a_static_bonus_and_another_when_this_attacks_owlman_119bat():
    line = demo_line("119bat", "While", as_name="Superman")
    cards = compiled_cards("19sww", ability_lines=[line])
    teams = ("19sww:2 5sww:2 basic 31sww", "22sww:2 basic 34sww")
    setup = board("P1 die 19sww#1 field L1", "P1 die 5sww#1 field L1", teams=teams)
    state = play(cards, setup).final
    cheetah = state.die("P1:5sww#1")  # a Villain: 4A 2D printed
    assert (
        query.attack(state, cards, cheetah).value,
        query.defense(state, cards, cheetah).value,
    ) == (5, 3)
    state = play(cards, setup, "P1 attack 19sww#1").final
    cheetah = state.die("P1:5sww#1")
    assert (
        query.attack(state, cards, cheetah).value,
        query.defense(state, cards, cheetah).value,
    ) == (6, 4)


def _with_spinner(code: str, way: str = "up"):
    """Superman holds the real line; Wonder Woman (P1) spins a target die up when fielded."""
    watcher = compiled("19sww", ability_lines=[demo_line(code, "While", as_name="Superman")])
    spinner = compiled(
        "22sww", ability_lines=[f"When fielded, spin target character die {way} 1 level"]
    )
    assert watcher.status == spinner.status == "automated"
    return encoded_cards({"19sww": watcher.encoding, "22sww": spinner.encoding})


def test_an_opposing_die_spins_vibe_133jl_and_any_die_spins_up_zatanna_23myst():
    cards = _with_spinner("133jl")  # an opposing character spins up or down: 2 damage to it
    state = play(cards, mine(), "P1 field 22sww#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").level == 2 and state.die("P2:5sww#1").damage == 2
    own = play(
        cards, mine("P1 die 19sww#2 field L1"), "P1 field 22sww#1", "P1 choose P1:19sww#2"
    ).final
    assert own.die("P1:19sww#2").damage == 0  # P1's own die is not watched
    cards = _with_spinner("23myst")  # a character die spins up: its controller takes 1
    state = play(cards, mine(), "P1 field 22sww#1", "P1 choose P2:5sww#1").final
    assert (state.player("P1").life, state.player("P2").life) == (20, 19)
    own = play(
        cards, mine("P1 die 19sww#2 field L1"), "P1 field 22sww#1", "P1 choose P1:19sww#2"
    ).final
    assert (own.player("P1").life, own.player("P2").life) == (19, 20)


def test_a_spin_down_is_watched_by_vibe_133jl_and_not_by_zatanna_23myst():
    setup = mine("P2 die 5sww#2 field L2")
    cards = _with_spinner("133jl", "down")
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").zone == Zone.PREP  # down to level 1 (D2), then 2 damage
    cards = _with_spinner("23myst", "down")
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose P2:5sww#2").final
    assert state.die("P2:5sww#2").level == 1 and state.player("P2").life == 20


def test_each_time_you_take_non_combat_damage_captain_america_6aou():
    watcher = compiled_real("6aou", _line("6aou"))
    burner = compiled("5sww", ability_lines=["When fielded, deal 1 damage to your opponent"])
    cards = encoded_cards({"19sww": watcher.encoding, "5sww": burner.encoding})
    state = play(cards, theirs(), "P2 field 5sww#1 pay SK1").final
    assert (state.player("P1").life, state.player("P2").life) == (19, 19)
    # Combat damage is not watched.
    attacked = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", turn=4, active="P2")
    state = play(cards, attacked, "P2 attack 5sww#1", "P1 block", "P2 damage").final
    assert (state.player("P1").life, state.player("P2").life) == (16, 20)
    assert compiled_real("5aou", _line("5aou")).status == "manual"  # 'this character': which?
