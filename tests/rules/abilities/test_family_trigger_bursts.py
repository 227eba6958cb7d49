"""Template family `trigger_bursts`: a burst line ('* Also, ...', '* ... instead') varying
the character's previous triggered ability on the faces showing that burst."""

from rules.engine import Zone
from tests.rules.abilities.real_cards import scene, whole_card
from tests.rules.abilities.scenario import compiled, play


def test_real_also_on_a_burst_face():  # XMF Wolverine: bursts on levels 1 and 2, not 3
    cards = whole_card("61xmf")
    burst = play(cards, scene("61xmf", "P1 die 61xmf#1 field L1"), "P1 attack 61xmf#1").final
    assert burst.die("P2:19sww#1").damage == 1  # [S]
    assert burst.die("P2:5sww#1").damage == 1  # [M], the burst's 'also'
    plain = play(cards, scene("61xmf", "P1 die 61xmf#1 field L3"), "P1 attack 61xmf#1").final
    assert plain.die("P2:19sww#1").damage == 1
    assert plain.die("P2:5sww#1").damage == 0


def test_real_instead_on_a_burst_face():  # AVX Iron Man: gain 2 life instead at level 3
    cards = whole_card("14avx")
    for level, life in (("L3", 12), ("L1", 11)):
        head = scene("14avx", f"P1 die 14avx#1 field {level}", "P1 life 10", active="P2")
        replay = play(cards, head, "P2 attack 21uxm#1", "P1 block 14avx#1>21uxm#1", "P2 damage")
        assert replay.final.player("P1").life == life
        assert replay.final.die("P1:14avx#1").zone == Zone.FIELD


def test_a_burst_with_its_own_trigger_or_condition_is_not_a_variant():
    result = compiled(
        "19sww",
        ability_lines=[
            "When Superman attacks, gain 1 life",
            "* Also, if your opponent has more life than you, gain 1 life",
        ],
    )
    assert result.status == "partial"
