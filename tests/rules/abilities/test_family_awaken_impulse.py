"""Awaken and Impulse (family `ability_words`) on cards printing their reminder text: Awaken's
effect when this die spins up (you may; at most once per turn per die), Impulse's when this
die is purchased. Real cards on P1's Superman (19sww); Wonder Woman (22sww) is given a
'when fielded, spin target character die up 1 level' to spin it."""

from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, compiled, encoded_cards, play

SPINNER = compiled("22sww", ability_lines=["When fielded, spin target character die up 1 level"])


def _with_spinner(cards):
    return encoded_cards({"22sww": SPINNER.encoding}, cards=cards)


def test_awaken_deal_damage_when_this_die_spins_up_10xfc():
    cards = _with_spinner(real_cards("10xfc"))
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1", "P2 die 5sww#1 field L1")
    state = play(
        cards, setup, "P1 field 22sww#1", "P1 choose 19sww#1", "P1 yes", "P1 choose P2:5sww#1"
    ).final
    assert state.die("P1:19sww#1").level == 2
    assert state.die("P2:5sww#1").zone == Zone.PREP
    # Another die spinning up is not this die's Awaken.
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose 22sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.FIELD


def test_awaken_self_bonus_kitty_pryde_59xfc():
    cards = _with_spinner(real_cards("59xfc"))
    setup = board("P1 die 19sww#1 field L1", "P1 die 22sww#1 reserve L1")
    state = play(cards, setup, "P1 field 22sww#1", "P1 choose 19sww#1", "P1 yes").final
    die = state.die("P1:19sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (
        6 + 2,
        7 + 2,
    )  # level 2 (6/7), +2A +2D


def test_impulse_when_purchased_17dp():
    cards = real_cards("17dp", real_line("17dp", "Impulse"))  # (its action-die line aside)
    setup = board(
        "P1 die 22sww#1 field L1", "P1 die SK1 reserve shield", "P1 die SK2 reserve shield",
        "P1 die SK3 reserve shield", "P1 die SK4 reserve shield", "P1 die SK5 reserve shield",
        "P1 die SK6 reserve shield",
    )  # fmt: skip
    buy = "P1 buy 19sww pay SK1 SK2 SK3 SK4 SK5 SK6"
    state = play(cards, setup, buy, "P1 choose 22sww#1").final
    assert query.defense(state, cards, state.die("P1:22sww#1")).value == 3 + 2


def test_words_without_their_reminder_text_stay_manual():
    # Awaken without its reminder is read by turn_globals (WizKids' keyword list defines it
    # alike everywhere: test_family_turn_globals); one whose effect isn't read stays manual
    for key in ("123ig",):
        assert compiled_real(key).status == "manual", key


def test_awaken_unblockable_1jll():
    # 'is unblockable (until end of turn)' became a shared clause when the families merged
    spec = compiled_real("1jll").encoding["abilities"][0]
    assert spec["when"] == "spun_up" and spec["effects"] == [
        {"do": "restrict", "to": {"pick": "this"}, "action": "be_blocked"}
    ]
