"""Energize ('Energize - <effect>', family `ability_words`): the effect when one of the card's
dice is rolled on a double energy face (the reminder text of X-Men First Class), on real
cards, played on P1's Superman (19sww) dice rolled in the Roll and Reroll Step."""

from rules.engine import query
from tests.rules.abilities.long_tail import compiled_real, real_cards
from tests.rules.abilities.scenario import board, play

BAG = ("P1 die 19sww#1 bag", "P1 die SK1 bag", "P1 die SK2 bag", "P1 die SK3 bag")
DRAW = "P1 draw 19sww#1 SK1 SK2 SK3"


def _roll(cards, face: str, *lines: str, then=()):
    setup = board("P1 life 15", *BAG, *lines, step="clear_and_draw")
    roll = f"P1 roll 19sww#1={face} SK1=fist SK2=fist SK3=fist"
    return play(cards, setup, DRAW, roll, *then).final


def test_energize_gain_life_on_a_double_energy_face_75ig():
    cards = real_cards("75ig")
    assert compiled_real("75ig").encoding["abilities"][0]["when"] == "energize"
    assert _roll(cards, "shield2").player("P1").life == 17
    assert _roll(cards, "shield").player("P1").life == 15  # a single energy face
    assert _roll(cards, "L1").player("P1").life == 15  # a character face


def test_energize_you_may_deal_damage_to_target_character_die_54ig():
    cards = real_cards("54ig")
    state = _roll(cards, "shield2", "P2 die 5sww#1 field L1", then=("P1 yes", "P1 choose 5sww#1"))
    assert state.die("P2:5sww#1").zone.value == "prep"  # D2, 2 damage
    state = _roll(cards, "shield2", "P2 die 5sww#1 field L1", then=("P1 no",))
    assert state.die("P2:5sww#1").zone.value == "field"


def test_energize_up_to_two_targets_get_attack_149ig():
    cards = real_cards("149ig")
    state = _roll(cards, "shield2", "P1 die 22sww#1 field L1", then=("P1 choose 22sww#1",))
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3 + 2


def test_energize_draw_and_roll_19xfo():
    # 'draw and roll' joined the shared clauses (a draw into the Reserve Pool)
    spec = compiled_real("19xfo").encoding["abilities"][0]
    assert spec == {
        "when": "energize",
        "effects": [{"do": "draw", "count": 1, "into": "reserve"}],
    }


def test_energize_spin_to_level_3_110ig():
    # 'spin to level 3' joined the shared clauses as up 2 levels (as far as it goes, level 3)
    spec = compiled_real("110ig").encoding["abilities"][0]
    assert spec["effects"] == [{"do": "spin", "to": {"pick": "each", "side": "yours"}, "levels": 2}]


def test_energize_lines_that_stay_manual():
    for key in ("26ig", "139ig"):  # can't be rerolled; distributed
        lines = [x for x in compiled_real(key).manual_lines if x.lower().startswith("energ")]
        assert len(lines) == 1, key
        result = compiled_real(key, lines[0])
        assert result.status == "manual", (key, result.encoding)


def test_energize_draw_and_roll_a_die_19xfo():
    cards = real_cards("19xfo")
    state = _roll(cards, "shield2", "P1 die SK5 bag", then=("P1 draw SK5", "P1 roll SK5=bolt"))
    assert state.die("P1:SK5").zone.value == "reserve"
    assert "draw and roll 1 die into the Reserve Pool" in compiled_real("19xfo").description


def test_energize_move_an_xmen_die_from_used_to_prep_47dps():
    line = "Energize - Move an [XMEN] die from your Used Pile to your Prep Area"  # 47dps's shape
    cards = real_cards("47dps", line)
    teams = ("19sww:2 1uxm:2 basic 31sww", "5sww:2 basic 34sww")
    setup = board(*BAG, "P1 die 1uxm#1 used", "P1 die SK5 used", step="clear_and_draw", teams=teams)
    roll = "P1 roll 19sww#1=shield2 SK1=fist SK2=fist SK3=fist"
    state = play(cards, setup, DRAW, roll, "P1 choose 1uxm#1").final
    assert state.die("P1:1uxm#1").zone.value == "prep"  # Angel is X-Men; the Sidekick isn't
    assert state.die("P1:SK5").zone.value == "used"
    assert compiled_real("47dps").encoding["abilities"][0]["effects"] == [
        {
            "do": "from_used",
            "into": "prep",
            "count": 1,
            "dice": {"what": "any", "affiliation": ["xmen"]},
        }
    ]


def test_energize_your_active_dice_get_attack_and_defense_7xfo_and_spin_up_1xfo():
    cards = real_cards("7xfo")
    state = _roll(cards, "shield2", "P1 die 22sww#1 field L1")
    die = state.die("P1:22sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (
        4,
        4,
    )
    line = "Energize - Spin all of your active character dice up one level"  # 1xfo's shape
    cards = real_cards("1xfo", line)
    assert _roll(cards, "shield2", "P1 die 22sww#1 field L1").die("P1:22sww#1").level == 2
