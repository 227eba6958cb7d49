"""Template family `damage_prevention`: 'Prevent all damage (dealt) to <this die> (by|from)
<character dice>', '<this die> takes no damage from <character dice>', '... while he is
blocking', '... if you control N or more [X] character dice' on real cards, played through
the engine: P1's Superman (19sww, Shield, Justice League, 4/6 at L1) holds the ability and
blocks P2's Cheetah (5sww, Mask, Villain) or Jimmy Olsen (10sww, Fist, Superman)."""

from rules.abilities.describe import describe
from rules.engine import Zone
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play

TEAMS = ("19sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww")


def _blocked_by(cards, attacker: str, *, bonus: str = "+8A") -> object:
    """P2's `attacker` (pumped to A9+) attacks; P1's Superman blocks; damage."""
    setup = board(
        "P1 die 19sww#1 field L1", f"P2 die {attacker}#1 field L1", active="P2", teams=TEAMS
    )
    actions = (
        f"judge modifier P2:{attacker}#1 {bonus}",
        f"P2 attack {attacker}#1",
        f"P1 block 19sww#1>{attacker}#1",
        "P2 damage",
    )
    return play(cards, setup, *actions).final


def test_takes_no_damage_from_non_shield_characters_iron_man_79avx():
    cards = real_cards("79avx", real_line("79avx", "Iron Man takes no damage"))
    state = _blocked_by(cards, "5sww")  # Mask: prevented
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").damage == 0
    result = compiled_real("79avx", real_line("79avx", "Iron Man takes no damage"))
    assert "non-Shield" in describe(result.encoding)


def test_takes_no_damage_from_mask_characters_vision_91uxm_but_from_fist():
    cards = real_cards("91uxm", real_line("91uxm", "Vision takes no damage"))
    assert _blocked_by(cards, "5sww").die("P1:19sww#1").zone == Zone.FIELD
    assert _blocked_by(cards, "10sww").die("P1:19sww#1").zone == Zone.PREP  # Fist: KO'd


def test_prevent_all_damage_from_mask_character_dice_bishop_5xfc():
    cards = real_cards("5xfc", real_line("5xfc", "Prevent all damage"))
    assert _blocked_by(cards, "5sww").die("P1:19sww#1").zone == Zone.FIELD
    assert _blocked_by(cards, "10sww").die("P1:19sww#1").zone == Zone.PREP


def test_prevent_all_damage_by_villain_dice_superman_43jus():
    cards = real_cards("43jus", real_line("43jus", "Prevent all damage"))
    assert _blocked_by(cards, "5sww").die("P1:19sww#1").zone == Zone.FIELD
    assert _blocked_by(cards, "10sww").die("P1:19sww#1").zone == Zone.PREP  # not a Villain


def test_takes_no_damage_from_bolt_dice_iron_lad_34ig():
    cards = real_cards("34ig", real_line("34ig", "Iron Lad takes no damage"))
    assert _blocked_by(cards, "5sww").die("P1:19sww#1").zone == Zone.PREP  # Mask: not Bolt
    assert _blocked_by(cards, "10sww").die("P1:19sww#1").zone == Zone.PREP  # Fist: not Bolt


def test_prevent_all_damage_while_blocking_joppa_23tiw():
    cards = real_cards("23tiw", real_line("23tiw", "Prevent all damage to Joppa"))
    assert _blocked_by(cards, "10sww").die("P1:19sww#1").zone == Zone.FIELD
    # Attacking, not blocking: Cheetah (A4+5) blocks and KOs it.
    setup = board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS)
    state = play(
        cards, setup, "judge modifier P2:5sww#1 +5A", "P1 attack 19sww#1",
        "P2 block 5sww#1>19sww#1", "P1 damage",
    ).final  # fmt: skip
    assert state.die("P1:19sww#1").zone == Zone.PREP


def test_prevent_all_damage_if_you_control_three_avengers_thor_132ig():
    result = compiled_real("132ig", real_line("132ig", "Prevent all damage dealt to Thor"))
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["if"] == {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "yours", "affiliation": ["avengers"]},
        "n": 3,
    }
    cards = real_cards("132ig", real_line("132ig", "Prevent all damage dealt to Thor"))
    # No Avengers in the demo teams: the condition fails, the damage is dealt.
    assert _blocked_by(cards, "5sww").die("P1:19sww#1").zone == Zone.PREP


def test_no_damage_from_action_dice_is_read_by_the_self_statics_family_58uxm():
    result = compiled_real("58uxm", real_line("58uxm", "Storm takes no damage from action dice"))
    assert result.encoding["abilities"] == [
        {
            "when": "while_active",
            "effects": [
                {
                    "do": "prevent",
                    "all": True,
                    "from": {"pick": "each", "what": "action"},
                    "to": {"pick": "this"},
                }
            ],
        }
    ]


def test_prevention_lines_that_stay_manual():
    for key, starts in (
        ("134jl", "You may spend [M] to prevent"),
        ("63skc", "Prevent damage from Range"),
    ):  # 36jl's 'higher level characters' is read by plain_tail (pt_limit_damage), 41xmf's
        # 'no damage during combat' by when_rest (combat damage only)
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)
