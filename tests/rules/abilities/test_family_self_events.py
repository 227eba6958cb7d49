"""Template family `self_events`: 'Each time <this die> takes damage', 'The first time <this
die> is damaged each turn', 'When assigned to attack', 'If <this die> is blocked' on real
cards, played on P1's Superman (19sww, 4/6 at L1)."""

from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play, refused

FIGHT = ("P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P2 die SK2 field L1")


def test_each_time_iron_man_takes_damage_gain_life_14avx():
    cards = real_cards("14avx", real_line("14avx", "Each time Iron Man takes damage"))
    setup = board("P1 life 10", *FIGHT)
    order = "P1 order 19sww#1.damaged0#1 19sww#1.damaged0#2"
    replay = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1 SK2>19sww#1",
                  "P1 damage 19sww#1>SK1=2 19sww#1>SK2=2", order)  # fmt: skip
    assert replay.final.player("P1").life == 12  # damaged twice (one per blocker)


def test_first_time_jocasta_is_damaged_each_turn_draws_once_86aou():
    cards = real_cards("86aou")
    setup = board(*FIGHT, "P1 die SK5 bag", "P1 die SK6 bag")
    replay = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1 SK2>19sww#1",
                  "P1 damage 19sww#1>SK1=2 19sww#1>SK2=2", "P1 draw SK5")  # fmt: skip
    assert replay.final.die("P1:SK5").zone.value == "prep"
    assert replay.final.die("P1:SK6").zone.value == "bag"  # only the first time


def test_each_time_nova_takes_damage_you_may_draw_53avx():
    cards = real_cards("53avx", real_line("53avx", "Each time Nova"))
    setup = board("P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P1 die SK5 bag")
    replay = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage",
                  "P1 yes", "P1 draw SK5")  # fmt: skip
    assert replay.final.die("P1:SK5").zone.value == "prep"


def test_when_assigned_to_attack_deal_damage_to_the_opponent_42bff():
    cards = real_cards("42bff")
    state = play(cards, board("P1 die 19sww#1 field L1"), "P1 attack 19sww#1").final
    assert state.player("P2").life == 19


def test_self_event_lines_that_stay_manual():
    for key, starts in (
        ("15avx", "Each time Iron Man takes damage in the attack step"),
        # 65avx (blocked but not KO'd) and 76aou (KO'd while attacking) are read by when_rest
        ("51aou", "The first time Jocasta is damaged"),  # pay to buy: not a phrase
    ):
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)


def test_each_time_iron_man_takes_damage_you_may_prep_a_sidekick_from_used_11avxop():
    cards = real_cards("11avxop")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P1 die SK5 used",
        "P1 die 22sww#1 used",
    )  # fmt: skip
    replay = play(cards, setup, "P1 attack 19sww#1", "P2 block SK1>19sww#1", "P1 damage",
                  "P1 yes", "P1 choose SK5")  # fmt: skip
    assert replay.final.die("P1:SK5").zone.value == "prep"
    assert replay.final.die("P1:22sww#1").zone.value == "used"
    fight = "P1 attack 19sww#1\nP2 block SK1>19sww#1\nP1 damage\nP1 yes\n"
    refused(cards, setup + fight + "P1 choose 22sww#1\n", "R13.2")  # only Sidekicks offered
