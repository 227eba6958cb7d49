"""Template family `conditional_statics`: 'If your opponent has no Villains in the field,
<this die> gains +3A and +3D' and the like on real cards: a continuous bonus while the count
condition holds, through the stat query layer. P1's Superman (19sww, 4/6 at L1) holds it."""

from rules.engine import query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play

TEAMS = ("19sww:2 5sww:2 basic 31sww", "5sww:2 basic 34sww")


def _stats(cards, *lines):
    state = play(cards, board("P1 die 19sww#1 field L1", *lines, teams=TEAMS)).final
    die = state.die("P1:19sww#1")
    return query.attack(state, cards, die).value, query.defense(state, cards, die).value


def test_no_opposing_villains_magneto_18uxm():
    cards = real_cards("18uxm")
    assert _stats(cards, "P2 die SK1 field L1") == (7, 9)
    assert _stats(cards, "P2 die 5sww#1 field L1") == (4, 6)  # Cheetah is a Villain


def test_an_opposing_non_villain_vision_72aou():
    cards = real_cards("72aou")
    assert _stats(cards, "P2 die 5sww#1 field L1") == (4, 6)
    assert _stats(cards, "P2 die SK1 field L1") == (4, 10)  # a Sidekick is not a Villain


def test_an_opposing_mask_character_daredevil_80aou_and_parasite_45skc():
    cards = real_cards("80aou")
    assert _stats(cards, "P2 die 5sww#1 field L1") == (6, 8)  # Cheetah: Mask
    assert _stats(cards, "P2 die 5sww#1 prep") == (4, 6)  # not in the Field
    cards = real_cards("45skc")
    assert _stats(cards, "P2 die 5sww#1 field L1") == (4, 6)  # not Shield


def test_another_villain_of_yours_black_manta_10jus():
    line = real_line("10jus", "When you have an active")
    cards = real_cards("10jus", line)
    assert _stats(cards, "P1 die 5sww#1 field L1") == (6, 6)
    assert _stats(cards, "P2 die 5sww#1 field L1") == (4, 6)  # the opponent's Villain
    spec = compiled_real("10jus", line).encoding["abilities"][0]
    assert spec["if"]["of"] == {
        "pick": "each", "side": "yours", "affiliation": ["villain"], "other": True
    }  # fmt: skip


def test_conditions_that_stay_manual():
    for key, starts in (
        ("62xmf", "If your opponent only has"),
        ("74aou", "When you have less than 11 life"),
        ("73uxm", "If your opponent has no Villains"),  # an extra block: not a bonus
    ):
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)
