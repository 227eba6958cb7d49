"""Template family `globals` over real cards' Global: lines: each test reads a real card's
global line from the community card file (by key; the text is never copied here), compiles
it onto the demo character 22sww (Wonder Woman) and uses it through the engine: the cost is
paid, limits hold, targets are checked.

Board: P1's Superman 19sww (L1 4A/6D), P2's Cheetah 5sww (L1 4A/2D), Sidekicks 1A/1D; P1's
reserve holds Sidekicks showing energy to pay with."""

from functools import cache

import pytest

from rules.abilities import compile_card
from rules.catalogue import read_catalogue
from rules.engine import Zone, query
from tests.rules.abilities.scenario import (
    board,
    compiled,
    compiled_cards,
    play,
    real_pool_path,
    refused,
)

HOLDER = "22sww"
ENERGY = (
    "P1 die SK1 reserve fist", "P1 die SK2 reserve fist", "P1 die SK3 reserve bolt",
    "P1 die SK4 reserve bolt", "P1 die SK5 reserve mask", "P1 die SK6 reserve shield",
    "P1 die SK7 reserve shield",
)  # fmt: skip
DICE = ("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK1 field L1")


@cache
def pool() -> dict:
    return {r.key: r for r in read_catalogue(real_pool_path()).cards}


def global_line(key: str) -> str:
    lines = pool()[key].global_lines
    assert len(lines) == 1, (key, lines)
    return lines[0]


def global_cards(key: str):
    return compiled_cards(HOLDER, global_lines=[global_line(key)])


TEAMS = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 9sww:2 basic 34sww 32sww")


def setup(*extra: str) -> str:
    return board(*ENERGY, *DICE, *extra, teams=TEAMS)


def attack(state, cards, die):
    return query.attack(state, cards, state.die(die)).value


def defense(state, cards, die):
    return query.defense(state, cards, state.die(die)).value


@pytest.mark.parametrize(
    "key",
    ["41cw", "12ai", "55dps", "8bffop", "47thor", "46wf", "9sww", "5aiw", "148dps", "116skc",
     "68wol", "37bfu", "73aou"],
)  # fmt: skip
def test_real_global_lines_are_recognised(key):
    line = global_line(key)
    result = compiled(HOLDER, global_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert result.recognised[0][1] == "globals"


def test_goliath_pays_fist_for_attack_and_defense():
    cards = global_cards("41cw")  # CW: [F], +1A and +1D
    state = play(cards, setup(), "P1 global 22sww pay SK1 target 19sww#1").final
    assert (attack(state, cards, "P1:19sww#1"), defense(state, cards, "P1:19sww#1")) == (5, 7)
    refused(cards, setup() + "P1 global 22sww pay SK3 target 19sww#1\n", "R6.5")


def test_black_widow_must_attack_once_per_turn():
    cards = global_cards("12ai")  # AI: [F], once per turn, must attack
    state = play(cards, setup(), "P1 global 22sww pay SK1 target 19sww#1").final
    assert "must_attack" in state.die("P1:19sww#1").keywords
    twice = "P1 global 22sww pay SK1 target 19sww#1\nP1 global 22sww pay SK2 target 19sww#1\n"
    refused(cards, setup() + twice, "R10.1")


def test_vulcan_must_attack_without_a_limit():
    cards = global_cards("55dps")  # DPS
    twice = ("P1 global 22sww pay SK1 target 19sww#1", "P1 global 22sww pay SK2 target P2:5sww#1")
    state = play(cards, setup(), *twice).final
    assert "must_attack" in state.die("P2:5sww#1").keywords


def test_owlbear_once_per_turn_written_after_the_cost():
    cards = global_cards("8bffop")  # BFF OP: 'Pay [F]. Once Per Turn, ...'
    state = play(cards, setup(), "P1 global 22sww pay SK1 target 19sww#1").final
    assert attack(state, cards, "P1:19sww#1") == 5
    twice = "P1 global 22sww pay SK1 target 19sww#1\nP1 global 22sww pay SK2 target 19sww#1\n"
    refused(cards, setup() + twice, "R10.1")


def test_thor_two_bolts_once_per_turn_one_damage():
    cards = global_cards("47thor")  # Thor: [2B], once per turn, 1 damage to target die
    state = play(cards, setup(), "P1 global 22sww pay SK3 SK4 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(cards, setup() + "P1 global 22sww pay SK3 target P2:SK1\n", "R6.1")  # one bolt


def test_commissioner_gordon_damages_each_player():
    cards = global_cards("46wf")  # WF: [2F], 1 damage to each player
    state = play(cards, setup(), "P1 global 22sww pay SK1 SK2").final
    assert (state.player("P1").life, state.player("P2").life) == (19, 19)


def test_spin_globals_up_and_opposing_only():
    cards = global_cards("9sww")  # SWW Giganta: [F], spin target up 1 level
    state = play(cards, setup(), "P1 global 22sww pay SK1 target 19sww#1").final
    assert state.die("P1:19sww#1").level == 2
    cards = global_cards("5aiw")  # AIW: [1], spin target opposing die up 1 level
    state = play(cards, setup(), "P1 global 22sww pay SK5 target P2:5sww#1").final
    assert state.die("P2:5sww#1").level == 2
    refused(cards, setup() + "P1 global 22sww pay SK5 target 19sww#1\n", "R13.2")


def test_mister_sinister_grants_overcrush_for_three_generic():
    cards = global_cards("148dps")  # DPS: [3], target gains Overcrush
    state = play(cards, setup(), "P1 global 22sww pay SK1 SK3 SK5 target 19sww#1").final
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))


def test_jonathan_kent_only_fist_dice():
    cards = global_cards("116skc")  # SKC: [S], target [F] character die +1D
    extra = "P1 die 10sww#1 field L1"  # Jimmy Olsen, a fist character (1A/2D)
    state = play(cards, setup(extra), "P1 global 22sww pay SK6 target 10sww#1").final
    assert defense(state, cards, "P1:10sww#1") == 3
    refused(cards, setup(extra) + "P1 global 22sww pay SK6 target 19sww#1\n", "R13.2")


def test_spectre_damages_a_sidekick_only():
    cards = global_cards("68wol")  # WOL: [B], 1 damage to target Sidekick
    state = play(cards, setup(), "P1 global 22sww pay SK3 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(cards, setup() + "P1 global 22sww pay SK3 target P2:5sww#1\n", "R13.2")


def test_primaris_aggressor_all_character_dice_once_per_turn():
    cards = global_cards("37bfu")  # BFU: [F][F], once per turn, all character dice +1A
    state = play(cards, setup(), "P1 global 22sww pay SK1 SK2").final
    assert attack(state, cards, "P1:19sww#1") == 5 and attack(state, cards, "P2:5sww#1") == 5


def test_wasp_two_generic_to_deal_one_damage():
    cards = global_cards("73aou")  # AOU: 'Pay [2] to deal 1 damage to a character'
    state = play(cards, setup(), "P1 global 22sww pay SK1 SK5 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP


@pytest.mark.parametrize(
    "line",
    [
        # giving an affiliation: not in the vocabulary
        "Global: Pay [S]. Target character die gains the Villain affiliation.",
        # a reactive global
        "Global: Pay [S] when a character die you control is KO'd. Gain 1 life.",
        # an extra cost beside the energy
        "Global: Pay [S] and take 2 damage to draw a die and place it in your prep area.",
        # a second sentence we do not read
        "Global: Pay [F]. Target character die gets +1A. Its controller names a card.",
    ],
)
def test_globals_outside_the_family_stay_manual(line):
    assert compiled(HOLDER, global_lines=[line]).status == "manual"


def test_a_second_sentence_about_the_same_target():
    # 'It can't be blocked this turn' became a shared clause (a restriction this turn on the
    # dice the previous effect picked) when families merged
    line = "Global: Pay [F]. Target character die gets +1A. It can't be blocked this turn."
    effects = compiled(HOLDER, global_lines=[line]).encoding["abilities"][0]["effects"]
    assert effects[1] == {"do": "restrict", "to": {"pick": "it"}, "action": "be_blocked"}


def test_on_your_turn_is_a_condition_of_the_global():
    # 'on your turn' became a condition of the vocabulary (your_turn) when families merged
    line = "Global: Pay [F]. Once per turn, on your turn, deal 1 damage to target character die."
    spec = compiled(HOLDER, global_lines=[line]).encoding["abilities"][0]
    assert spec["if"] == {"test": "your_turn"} and spec["limit"] == "once_per_turn"


def test_real_cards_whose_global_stays_manual():
    # a life payment to block ('Prevent 1 damage to ...' became combat_globals' `cg_prevent`)
    for key in ("28asm",):
        result = compile_card(pool()[key])
        assert any(line.startswith("Global") for line in result.manual_lines), key


# -- combat filters: attacking, blocking, blocked --------------------------------------------
FIGHT = ("P1 attack 19sww#1 SK8", "P2 block 5sww#1>19sww#1")  # Superman blocked, SK8 not


def fight(*extra: str) -> str:
    return setup("P1 die SK8 field L1", *extra)


def test_rocket_raccoon_damages_only_a_blocking_die():
    cards = global_cards("12cw")  # CW: [B], 1 damage to target blocking character die
    state = play(cards, fight(), *FIGHT, "P1 global 22sww pay SK3 target P2:5sww#1").final
    assert state.die("P2:5sww#1").damage == 1
    refused(
        cards, fight() + "\n".join(FIGHT) + "\nP1 global 22sww pay SK3 target P2:SK1\n", "R13.2"
    )  # fmt: skip  (P2's Sidekick is not blocking)


def test_sky_claw_pumps_a_blocked_attacker_not_an_unblocked_one():
    cards = global_cards("8sw")  # SW: [F], once per turn, target blocked die +2A
    state = play(cards, fight(), *FIGHT, "P1 global 22sww pay SK1 target 19sww#1").final
    assert attack(state, cards, "P1:19sww#1") == 6
    refused(cards, fight() + "\n".join(FIGHT) + "\nP1 global 22sww pay SK1 target SK8\n",
            "R13.2")  # fmt: skip


def test_orcus_damages_an_attacker_and_dove_weakens_one():
    cards = global_cards("101fus")  # FUS: [F], 1 damage to target attacker
    state = play(cards, fight(), *FIGHT, "P1 global 22sww pay SK1 target SK8").final
    assert state.die("P1:SK8").zone == Zone.PREP  # a 1/1 Sidekick
    refused(
        cards, fight() + "\n".join(FIGHT) + "\nP1 global 22sww pay SK1 target P2:5sww#1\n", "R13.2"
    )  # fmt: skip  (a blocker is not an attacker)
    cards = global_cards("13bat")  # BAT: [S], target attacking die gets -1A
    state = play(cards, fight(), *FIGHT, "P1 global 22sww pay SK7 target 19sww#1").final
    assert attack(state, cards, "P1:19sww#1") == 3


def test_venom_spins_down_only_an_opponents_fist_character():
    cards = global_cards("60avx")  # AVX: [F] to spin an opponent's [F] character down 1 level
    teams = ("19sww:2 22sww:2 10sww:2 basic 34sww 31sww", "5sww:2 10sww:2 basic 34sww 32sww")
    board_ = board(
        *ENERGY, *DICE, "P2 die 10sww#1 field L2", "P1 die 10sww#1 field L2", teams=teams
    )  # fmt: skip  (Jimmy Olsen: a fist character on each side)
    state = play(cards, board_, "P1 global 22sww pay SK1 target P2:10sww#1").final
    assert state.die("P2:10sww#1").level == 1
    refused(cards, board_ + "P1 global 22sww pay SK1 target P2:5sww#1\n", "R13.2")  # mask
    refused(cards, board_ + "P1 global 22sww pay SK1 target P1:10sww#1\n", "R13.2")  # mine


def test_superstar_and_monster_dice_are_character_dice():
    cards = global_cards("13tag")  # TAG: [B], target Superstar die must attack this turn
    state = play(cards, setup(), "P1 global 22sww pay SK3 target P2:5sww#1").final
    assert "must_attack" in state.die("P2:5sww#1").keywords
    cards = global_cards("101ygo")  # YGO: [B] to deal 1 damage to target monster
    state = play(cards, setup(), "P1 global 22sww pay SK3 target P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP


def test_a_blocked_attacker_deals_no_damage_this_turn():
    line = pool()["4thor"].global_lines[0]  # Thor basic action's global: blocked, no damage
    cards = compiled_cards(HOLDER, global_lines=[line])
    fight_ = setup("P2 die SK2 reserve fist")
    actions = ("P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 pass",
               "P2 global 22sww pay SK2 target P1:19sww#1", "P1 damage")  # fmt: skip
    replay = play(cards, fight_, *actions)
    assert replay.final.die("P2:5sww#1").zone == Zone.FIELD  # Superman's 4 damage prevented
    events = [e.text for step in replay.steps for e in step.events]
    assert any(t.startswith("4 damage to P2:5sww#1 prevented") for t in events), events
    assert any(t.startswith("P1:19sww#1 took 4 damage") for t in events)  # the blocker's isn't
    plain = play(cards, fight_, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 pass",
                 "P2 pass", "P1 damage").final  # fmt: skip
    assert plain.die("P2:5sww#1").zone == Zone.PREP  # without it Cheetah (D2) is KO'd
    # only a blocked attacker: P2's own blocker is not a target
    refused(cards, fight_ + "\n".join(actions[:3]) + "\nP2 global 22sww pay SK2 target 5sww#1\n",
            "R13.2")  # fmt: skip
