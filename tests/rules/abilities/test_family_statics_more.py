"""Template family `statics_more`: a character's continuous abilities printed without 'While
NAME is active' ('<dice> can't block NAME', 'NAME can't attack if a Villain is active',
'If you have ..., NAME can't be blocked', 'NAME can't be blocked when attacking alone',
'NAME must attack if ...', 'Your Villains can't be targeted by opposing global abilities'),
on real card lines (read from the card file at test time) played by the demo Superman's dice
(19sww: Shield, Justice League, 4/6 at L1) through the engine.

P2 may block with Cheetah (5sww: Mask, Villain, 4/2), Jimmy Olsen (10sww: Fist, 1/2) or a
Sidekick."""

import pytest

from rules.abilities import statics
from rules.abilities.describe import describe
from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play, refused

TEAMS = ("19sww:2 22sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww")
FIELD = (
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die 10sww#1 field L1",
    "P2 die SK1 field L1",
)


def setup(*lines: str, field=FIELD, **kw) -> str:
    return board(*field, *lines, teams=TEAMS, **kw)


def cards_for(code: str, starts: str):
    return real_cards(code, real_line(code, starts))


def blocks(cards, attack: str, *pairs: str, base=None) -> None:
    """After `attack`, each block must be refused (R13.7) except those marked '+'."""
    text = (base or setup()) + f"{attack}\n"
    for pair in pairs:
        if pair.startswith("+"):
            play(cards, text, f"P2 block {pair[1:]}")
        else:
            refused(cards, text + f"P2 block {pair}\n", "R13.7")


# -- '<dice> can't block NAME' ------------------------------------------------------------------
def test_non_fist_characters_cant_block_venom_60avx():
    cards = cards_for("60avx", "Non-[F]")
    blocks(cards, "P1 attack 19sww#1", "+10sww#1>19sww#1", "5sww#1>19sww#1", "SK1>19sww#1")
    # Only the card's own dice: Wonder Woman may be blocked by anyone.
    blocks(cards, "P1 attack 22sww#1", "+5sww#1>22sww#1", "+SK1>22sww#1")


def test_sidekicks_cannot_block_swamp_thing_69jl():
    cards = cards_for("69jl", "Sidekicks cannot block")
    blocks(cards, "P1 attack 19sww#1", "+5sww#1>19sww#1", "SK1>19sww#1")


def test_opposing_level_3_dice_cannot_block_colossus_49xfc():
    cards = cards_for("49xfc", "Opposing level 3")
    base = setup("P2 die 5sww#2 field L3")
    blocks(cards, "P1 attack 19sww#1", "+5sww#1>19sww#1", "5sww#2>19sww#1", base=base)


# -- 'can only be blocked by two or more character dice' ----------------------------------------
@pytest.mark.parametrize(
    "code, starts",
    [
        ("88uxm", "She-Hulk can only"),
        ("19cw", "She-Hulk cannot be blocked"),  # 'by fewer than two character dice'
        ("9tiw", "Drow Mercenary"),  # 'by only one character'
        ("24ygo", "This monster cannot be blocked unless"),
    ],
)
def test_can_only_be_blocked_by_two_or_more(code, starts):
    cards = cards_for(code, starts)
    text = setup() + "P1 attack 19sww#1\n"
    refused(cards, text + "P2 block SK1>19sww#1\n", "R13.7")
    state = play(cards, text, "P2 block SK1>19sww#1 5sww#1>19sww#1").final
    assert state.die("P2:SK1").blocking == "P1:19sww#1"
    play(cards, text, "P2 block")  # not blocking at all is fine
    # Another attacker may be blocked by one die.
    play(cards, setup(), "P1 attack 19sww#1 22sww#1", "P2 block SK1>22sww#1")
    text = describe(compiled_real(code, real_line(code, starts)).encoding)
    assert text == "While active: this die can't be blocked by fewer than two dice."


# -- conditions ---------------------------------------------------------------------------------
def test_booster_gold_cannot_attack_if_a_villain_is_active_41jl():
    cards = cards_for("41jl", "Booster Gold cannot attack")
    refused(cards, setup() + "P1 attack 19sww#1\n", "R13.7")  # P2's Cheetah is a Villain
    no_villain = [line for line in FIELD if "5sww" not in line]
    play(cards, setup(field=no_villain), "P1 attack 19sww#1")
    result = compiled_real("41jl", real_line("41jl", "Booster Gold cannot attack"))
    assert result.encoding["abilities"][0]["if"] == {
        "test": "count_at_least",
        "of": {"pick": "each", "affiliation": ["villain"]},  # either player's (R13.8)
        "n": 1,
    }


def test_namor_cannot_be_blocked_with_two_other_characters_48uxm():
    cards = cards_for("48uxm", "If you have at least two")
    # Superman and Wonder Woman only: one other character, so he may be blocked.
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1")
    base = setup("P1 die SK1 field L1")  # a Sidekick is a character too: two others
    blocks(cards, "P1 attack 19sww#1", "SK1>19sww#1", "5sww#1>19sww#1", base=base)
    # A second die of the card is not an 'other' character (the weaker reading).
    base = setup("P1 die 19sww#2 field L1", field=FIELD[:1] + FIELD[2:])
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1", base=base)


def _emma_blocked_by(cards, attacker: str, *, villain: bool) -> object:
    """P2's `attacker` (pumped to A9+) attacks; P1's die of the card blocks; damage."""
    lines = ["P1 die 19sww#1 field L1", f"P2 die {attacker}#1 field L1"]
    if villain:
        lines.append("P2 die 5sww#2 field L1")
    actions = (
        f"judge modifier P2:{attacker}#1 +8A",
        f"P2 attack {attacker}#1",
        f"P1 block 19sww#1>{attacker}#1",
        "P2 damage",
    )
    return play(cards, board(*lines, active="P2", teams=TEAMS), *actions).final


def test_emma_frost_prevents_fist_damage_if_the_opponent_has_no_villains_41uxm():
    cards = cards_for("41uxm", "If your opponent has no Villain")
    assert _emma_blocked_by(cards, "10sww", villain=False).die("P1:19sww#1").damage == 0
    assert _emma_blocked_by(cards, "10sww", villain=True).die("P1:19sww#1").zone == Zone.PREP


def test_star_lord_prevents_all_damage_with_another_guardian_38ai():
    result = compiled_real("38ai", real_line("38ai", "If you control a non-Star-Lord"))
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["if"] == {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "yours", "affiliation": ["gotg"], "not_name": "Star-Lord"},
        "n": 1,
    }
    cards = real_cards("38ai", real_line("38ai", "If you control a non-Star-Lord"))
    assert _emma_blocked_by(cards, "10sww", villain=False).die("P1:19sww#1").zone == Zone.PREP


# -- attacking alone -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "code, starts",
    [
        ("19xfc", "Kitty Pryde cannot be blocked"),
        ("21bfu", "Poxwalker is unblockable"),
        ("127bff", "If Stirge attacks alone"),
        ("40bff", "If one Invisible Stalker"),
    ],
)
def test_cannot_be_blocked_when_attacking_alone(code, starts):
    cards = cards_for(code, starts)
    blocks(cards, "P1 attack 19sww#1", "SK1>19sww#1", "5sww#1>19sww#1")
    blocks(cards, "P1 attack 19sww#1 22sww#1", "+SK1>19sww#1")  # not alone
    # Two dice of the card attacking: neither attacks alone.
    base = setup("P1 die 19sww#2 field L1")
    blocks(cards, "P1 attack 19sww#1 19sww#2", "+SK1>19sww#1", base=base)


def test_an_unblockable_lone_attacker_hits_the_player():
    cards = cards_for("21bfu", "Poxwalker is unblockable")
    state = play(cards, setup(), "P1 attack 19sww#1", "P2 block", "P1 damage").final
    assert state.player("P2").life == 16


def test_black_panther_gets_2a_when_attacking_alone_67uxm():
    cards = cards_for("67uxm", "Black Panther gets +2A")

    def attack_of(*actions: str, die: str = "P1:19sww#1", base=None) -> int:
        state = play(cards, base or setup(), *actions).final
        return query.attack(state, cards, state.die(die)).value

    assert attack_of() == 4  # not attacking
    assert attack_of("P1 attack 19sww#1") == 6
    assert attack_of("P1 attack 19sww#1 22sww#1") == 4
    base = setup("P1 die 19sww#2 field L1")
    assert attack_of("P1 attack 19sww#1", die="P1:19sww#2", base=base) == 4  # not attacking
    state = play(cards, setup(), "P1 attack 19sww#1", "P2 block", "P1 damage").final
    assert state.player("P2").life == 14


def test_the_flash_unblockable_alone_if_the_opponent_has_fewer_than_3_characters_52jl():
    cards = cards_for("52jl", "If your opponent has less than 3")
    # P2 has three character dice: blockable.
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1")
    two = [line for line in FIELD if "SK1" not in line]
    blocks(cards, "P1 attack 19sww#1", "5sww#1>19sww#1", base=setup(field=two))
    blocks(cards, "P1 attack 19sww#1 22sww#1", "+5sww#1>19sww#1", base=setup(field=two))
    text = describe(compiled_real("52jl", real_line("52jl", "If your opponent")).encoding)
    assert "at most 2 opposing character dice and one of this card's dice attacks alone" in text


# -- must attack -----------------------------------------------------------------------------------
def test_batman_must_attack_if_any_villains_are_active_2jl():
    cards = cards_for("2jl", "Batman must attack")
    refused(cards, setup() + "P1 end\n", "R13.1")
    refused(cards, setup() + "P1 attack 22sww#1\n", "R13.1")
    play(cards, setup(), "P1 attack 19sww#1")
    no_villain = [line for line in FIELD if "5sww" not in line]
    play(cards, setup(field=no_villain), "P1 end")  # no Villain: not forced


def test_a_die_that_cant_attack_is_not_forced_to():
    # The card both 'must attack' and 'can't attack' (two lines): it isn't able to, so the
    # turn may end.
    result = compiled_real(
        "2jl",
        real_line("2jl", "Batman must attack"),
        real_line("41jl", "Booster Gold cannot attack").replace("Booster Gold", "Batman"),
    )
    assert result.status == "automated", result.manual_lines
    from tests.rules.abilities.scenario import encoded_cards

    cards = encoded_cards({"19sww": result.encoding})
    play(cards, setup(), "P1 end")


# -- targeting and other subjects ------------------------------------------------------------------
def test_your_villains_cannot_be_targeted_by_opposing_globals_129jl():
    cards = real_cards("129jl", real_line("129jl", "Your Villains"), onto="5sww")
    # P2 holds the card (Cheetah): its Villains are safe from P1's globals, not from P2's own.
    state = play(cards, setup()).final
    assert not statics.targetable(state, cards, "P2:5sww#1", "P1", "global")
    assert statics.targetable(state, cards, "P2:5sww#1", "P1", "action")
    assert statics.targetable(state, cards, "P2:5sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P2:10sww#1", "P1", "global")  # not a Villain


def test_your_opponent_cant_target_wasp_with_globals_73aou():
    cards = cards_for("73aou", "Your opponent can't target")
    state = play(cards, setup()).final
    assert not statics.targetable(state, cards, "P1:19sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P1:22sww#1", "P2", "global")
    assert statics.targetable(state, cards, "P1:19sww#1", "P1", "global")


def test_opposing_non_fist_dice_get_minus_1a_and_1d_148msw():
    cards = cards_for("148msw", "Opposing non-[F]")
    state = play(cards, setup()).final
    cheetah, jimmy = state.die("P2:5sww#1"), state.die("P2:10sww#1")
    assert query.attack(state, cards, cheetah).value == 3  # Mask: 4/2 -> 3/1
    assert query.defense(state, cards, cheetah).value == 1
    assert query.attack(state, cards, jimmy).value == 1  # Fist: unchanged
    assert query.attack(state, cards, state.die("P1:22sww#1")).value == 3  # not opposing


# -- lines left manual -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "code, starts",
    [
        # 88jl (after a basic action this turn) is read by when_rest (wn_action_used)
        ("65fus", "NPCs can't block"),  # a trait the engine doesn't know
        ("45fus", "Drizzt gets"),  # 'Evil': a trait the engine doesn't know
    ],
)
def test_lines_left_manual(code, starts):
    result = compiled_real(code, real_line(code, starts))
    assert result.status == "manual", result.encoding


# -- 'can only attack if', 'deal no damage to', 'while your NAME is active', the attack step -------
@pytest.mark.parametrize(
    "code, starts", [("38uxm", "Black Panther can only"), ("3uxmop2", "She-Hulk may only")]
)
def test_can_only_attack_if_the_opponent_has_a_character(code, starts):
    cards = cards_for(code, starts)
    play(cards, setup(), "P1 attack 19sww#1")
    empty = setup(field=FIELD[:2])
    refused(cards, empty + "P1 attack 19sww#1\n", "R13.7")
    play(cards, empty, "P1 attack 22sww#1")


def test_fist_characters_deal_no_damage_to_martian_manhunter_7jlop():
    cards = cards_for("7jlop", "[F] characters deal no damage")
    assert _emma_blocked_by(cards, "10sww", villain=False).die("P1:19sww#1").damage == 0
    assert _emma_blocked_by(cards, "5sww", villain=False).die("P1:19sww#1").zone == Zone.PREP


def test_robin_is_unblockable_while_your_batman_is_active_97jl():
    line = real_line("97jl", "Robin is unblockable")
    result = compiled_real("97jl", line)
    assert result.encoding["abilities"][0]["if"] == {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "yours", "name": "Batman"},
        "n": 1,
    }
    # Played with the demo's Wonder Woman as the named character.
    cards = real_cards("97jl", line.replace("Batman", "Wonder Woman"))
    blocks(cards, "P1 attack 19sww#1", "SK1>19sww#1")
    without = setup(field=FIELD[:1] + FIELD[2:])
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1", base=without)
    # An opposing die of that name is not 'your' one.
    teams = (TEAMS[0], "5sww:2 10sww:2 22sww:2 basic 34sww")
    theirs = board(*FIELD[:1], *FIELD[2:], "P2 die 22sww#1 field L1", teams=teams)
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1", base=theirs)


def test_superman_cannot_be_damaged_during_the_attack_step_17jl():
    cards = cards_for("17jl", "Superman cannot be damaged")
    assert _emma_blocked_by(cards, "5sww", villain=False).die("P1:19sww#1").damage == 0
    # Outside the attack step (the Main Step) nothing is prevented.
    state = play(cards, setup()).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    assert query.damage_prevented(state, cards, superman, cheetah, 3) == []
    state = play(cards, setup(), "P1 attack 19sww#1").final
    assert [n for _, n in query.damage_prevented(state, cards, superman, cheetah, 3)] == [3]


def test_no_damage_during_the_attack_step_if_indigo_1_is_active_94wol():
    line = real_line("94wol", "This character takes no damage")
    result = compiled_real("94wol", line)
    assert result.encoding["abilities"][0]["if"] == {
        "test": "all_of",
        "conditions": [
            {
                "test": "count_at_least",
                "of": {"pick": "each", "side": "yours", "name": "Indigo-1"},
                "n": 1,
            },
            {"test": "attack_step"},
        ],
    }
    cards = real_cards("94wol", line.replace("Indigo-1", "Wonder Woman"))
    with_ww = board("P1 die 22sww#1 field L1", active="P2", teams=TEAMS)
    state = play(
        cards,
        with_ww + "P1 die 19sww#1 field L1\nP2 die 5sww#1 field L1\n",
        "judge modifier P2:5sww#1 +8A",
        "P2 attack 5sww#1",
        "P1 block 19sww#1>5sww#1",
        "P2 damage",
    ).final
    assert state.die("P1:19sww#1").damage == 0
    assert _emma_blocked_by(cards, "5sww", villain=False).die("P1:19sww#1").zone == Zone.PREP


# -- lines without a subject, several sentences ----------------------------------------------------
def test_a_line_without_a_subject_is_about_the_card_52bff():
    cards = cards_for("52bff", "Cannot be blocked")
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1", "5sww#1>19sww#1")  # Cheetah costs 4


def test_two_sentences_each_an_ability_maria_hill_85cw():
    line = real_line("85cw", "Maria Hill can't attack")
    cards = real_cards("85cw", line)
    refused(cards, setup() + "P1 attack 19sww#1\n", "R13.7")
    base = setup("P1 die SK1 field L1", "P1 die 19sww#2 reserve L1", "P1 die SK5 reserve wild")
    state = play(cards, base, "P1 field 19sww#2 pay SK5", "P1 choose P1:SK1").final
    assert query.defense(state, cards, state.die("P1:SK1")).value == 3


@pytest.mark.parametrize(
    "text",
    [
        "Superman can't attack. If you do, gain 1 life",  # refers back
        "Superman can't attack. They must attack",  # 'they' is not the card
        "Superman can't attack. Superman dances",  # a sentence no family reads
    ],
)
def test_sentences_that_refer_back_or_are_unknown_stay_manual(text):
    from tests.rules.abilities.scenario import compiled

    assert compiled("19sww", ability_lines=[text]).status == "manual"


def test_every_time_thor_takes_damage_reduce_it_by_1_17aou():
    cards = cards_for("17aou", "Every time Thor takes damage")
    replay = play(cards, setup(), "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    events = " | ".join(str(e) for s in replay.steps for e in s.events)
    assert "P1:19sww#1 took 3 damage" in events, events  # Cheetah's 4, one prevented
    state = play(cards, setup(), "P1 attack 19sww#1").final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    assert [n for _, n in query.damage_prevented(state, cards, superman, cheetah, 2)] == [1]


# -- combat and non-combat damage ------------------------------------------------------------------
def _combat_events(cards, *lines: str) -> str:
    """Superman attacks, P2's Cheetah blocks: the damage events."""
    base = setup(*lines)
    replay = play(cards, base, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    return " | ".join(str(e) for s in replay.steps for e in s.events)


@pytest.mark.parametrize(
    "code, starts",
    [("69aou", "Prevent all non-combat"), ("21skc", "Ignore all non-combat")],
)
def test_non_combat_damage_is_prevented_combat_damage_is_not(code, starts):
    cards = cards_for(code, starts)
    assert "P1:19sww#1 took 4 damage" in _combat_events(cards)  # combat: Cheetah's 4
    state = play(cards, setup()).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    assert [n for _, n in query.damage_prevented(state, cards, superman, cheetah, 3)] == [3]
    assert query.damage_prevented(state, cards, superman, cheetah, 3, combat=True) == []


def test_speedball_takes_2_less_non_combat_damage_129cw():
    cards = cards_for("129cw", "Speedball takes 2 less")
    state = play(cards, setup()).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    assert [n for _, n in query.damage_prevented(state, cards, superman, cheetah, 3)] == [2]
    assert query.damage_prevented(state, cards, superman, cheetah, 3, combat=True) == []


def test_iron_spidey_takes_no_combat_damage_from_level_1_characters_94asm():
    cards = cards_for("94asm", "Iron Spidey takes no combat damage")
    events = _combat_events(cards)
    assert "P1:19sww#1 took" not in events and "prevented" in events  # Cheetah L1
    higher = setup().replace("P2 die 5sww#1 field L1", "P2 die 5sww#1 field L2")
    replay = play(cards, higher, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1", "P1 damage")
    assert "P1:19sww#1 took 4 damage" in " | ".join(str(e) for s in replay.steps for e in s.events)
    state = play(cards, setup()).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    assert query.damage_prevented(state, cards, superman, cheetah, 3) == []  # not combat


def test_carol_ferris_cannot_be_damaged_by_lanterns_in_combat_79wol():
    spec = compiled_real("79wol", real_line("79wol", "Carol Ferris cannot")).encoding
    (effect,) = spec["abilities"][0]["effects"]
    assert effect["damage"] == "combat" and effect["from"]["affiliation"] == [
        "greenlantern",
        "bluelantern",
    ]


# -- engaged with --------------------------------------------------------------------------------
ENGAGED_TEAMS = ("19sww:2 22sww:2 basic 31sww", "5sww:2 21uxm:2 basic 34sww")
ENGAGED_FIELD = (
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die 21uxm#1 field L1",  # Quicksilver: Bolt, X-Men, 3/1
    "P2 die SK1 field L1",
)


def _engaged_stats(cards, *actions: str, active="P1", die="P1:19sww#1") -> tuple[int, int]:
    turn = 3 if active == "P1" else 4
    base = board(*ENGAGED_FIELD, teams=ENGAGED_TEAMS, active=active, turn=turn)
    state = play(cards, base, *actions).final
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


def _demo(code: str, contains: str):
    from tests.rules.abilities.real_cards import demo_line
    from tests.rules.abilities.scenario import compiled_cards

    return compiled_cards("19sww", ability_lines=[demo_line(code, contains, as_name="Superman")])


@pytest.mark.parametrize("code, contains", [("48avx", "engaged"), ("66uxm", "engaged")])
def test_a_bonus_when_engaged_with(code, contains):
    cards = _demo(code, contains)
    gain = (6, 8) if code == "48avx" else (6, 6)  # Magneto +2A +2D, Bishop +2A
    assert _engaged_stats(cards) == (4, 6)
    assert _engaged_stats(cards, "P1 attack 19sww#1") == (4, 6)  # not blocked yet
    blocked = ("P1 attack 19sww#1 22sww#1", "P2 block 21uxm#1>19sww#1 SK1>22sww#1")
    assert _engaged_stats(cards, *blocked) == gain
    assert _engaged_stats(cards, *blocked, die="P1:22sww#1") == (3, 3)  # Wonder Woman: no
    assert _engaged_stats(cards, "P1 attack 19sww#1", "P2 block SK1>19sww#1") == (4, 6)
    # Blocking Quicksilver on P2's turn: engaged too.
    blocking = ("P2 attack 21uxm#1", "P1 block 19sww#1>21uxm#1")
    assert _engaged_stats(cards, *blocking, active="P2") == gain


def test_a_bonus_when_blocked_by_a_non_villain_vision_22aou():
    cards = _demo("22aou", "Gets +2A")
    assert _engaged_stats(cards, "P1 attack 19sww#1", "P2 block SK1>19sww#1") == (6, 6)
    assert _engaged_stats(cards, "P1 attack 19sww#1", "P2 block 5sww#1>19sww#1") == (4, 6)
    blocking = ("P2 attack 21uxm#1", "P1 block 19sww#1>21uxm#1")
    assert _engaged_stats(cards, *blocking, active="P2") == (4, 6)  # blocking, not blocked
    text = describe(_demo_encoding("22aou", "Gets +2A"))
    assert "while engaged with any non-Villain character die get +2A" in text


def _demo_encoding(code: str, contains: str) -> dict:
    from tests.rules.abilities.real_cards import demo_line
    from tests.rules.abilities.scenario import compiled

    line = demo_line(code, contains, as_name="Superman")
    return compiled("19sww", ability_lines=[line]).encoding


# -- 'on the turn NAME is fielded', 'when blocked until end of turn' ------------------------------
FIELDING = ("P1 die 19sww#2 reserve L1", "P1 die SK5 reserve wild")


def test_cannot_attack_the_turn_she_is_fielded_elasti_girl_9doom():
    cards = cards_for("9doom", "Elasti-Girl cannot attack")
    fielded = setup(*FIELDING) + "P1 field 19sww#2 pay SK5\n"
    refused(cards, fielded + "P1 attack 19sww#2\n", "R13.7")
    play(cards, fielded, "P1 attack 19sww#1")  # fielded on an earlier turn: free to attack


def test_cannot_be_blocked_on_the_turn_she_is_fielded_kitty_pryde_15uxm():
    cards = cards_for("15uxm", "Kitty Pryde cannot be blocked")
    fielded = setup(*FIELDING) + "P1 field 19sww#2 pay SK5\n"
    blocks(cards, "P1 attack 19sww#2", "SK1>19sww#2", base=fielded)
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1")


def test_gets_5d_on_the_turn_he_is_fielded_apocalypse_36uxm():
    cards = cards_for("36uxm", "Apocalypse gets +5D")
    state = play(cards, setup(*FIELDING), "P1 field 19sww#2 pay SK5").final
    assert query.defense(state, cards, state.die("P1:19sww#2")).value == 11
    assert query.defense(state, cards, state.die("P1:19sww#1")).value == 6


def test_gets_2a_when_blocked_until_end_of_turn_martian_manhunter_13jl():
    cards = cards_for("13jl", "Martian Manhunter gets +2A")
    state = play(cards, setup(), "P1 attack 19sww#1", "P2 block SK1>19sww#1").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 6
    state = play(cards, setup(), "P1 attack 19sww#1", "P2 block").final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


# -- '+1A for each different ...' ----------------------------------------------------------------
def test_for_each_of_your_different_non_self_x_men_hope_summers_19xmf():
    cards = _demo("19xmf", "for each")
    teams = ("19sww:2 22uxm:2 21uxm:2 basic 31sww", "5sww:2 22uxm:2 basic 34sww")
    field = (
        "P1 die 19sww#1 field L1",
        "P1 die 22uxm#1 field L1",
        "P1 die 22uxm#2 field L1",  # a second Wolverine: the same character
        "P1 die 21uxm#1 field L1",
        "P2 die 22uxm#1 field L1",  # the opponent's: not 'your'
    )

    def stats(*lines):
        state = play(cards, board(*lines, teams=teams)).final
        die = state.die("P1:19sww#1")
        return query.attack(state, cards, die).value, query.defense(state, cards, die).value

    assert stats(*field) == (6, 8)  # Wolverine and Quicksilver: two different X-Men
    assert stats(*field[:3], field[4]) == (5, 7)
    text = describe(_demo_encoding("19xmf", "for each"))
    assert "for each different character among your X-Men character dice" in text


def test_for_each_different_one_counted_across_both_sides_krypto_12wf():
    cards = _demo("12wf", "Krypto gets")
    teams = ("19sww:2 10sww:2 basic 31sww", "5sww:2 10sww:2 basic 34sww")
    both = ("P1 die 19sww#1 field L1", "P1 die 10sww#1 field L1", "P2 die 10sww#1 field L1")
    state = play(cards, board(*both, teams=teams)).final
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 5  # one Jimmy Olsen


def test_x23_must_attack_if_the_opponent_has_a_character_of_cost_5_or_more_121uxm():
    cards = cards_for("121uxm", "X-23 must attack")
    play(cards, setup(), "P1 end")  # Cheetah costs 4, Jimmy Olsen 2
    costly = setup("P2 die 22sww#1 field L1").replace("10sww:2 basic", "10sww:2 19sww:2 basic")
    costly = costly.replace("P2 die 22sww#1", "P2 die 19sww#1")  # Superman costs 6
    refused(cards, costly + "P1 end\n", "R13.1")


def test_doctor_octopus_unblockable_by_and_safe_from_45asm():
    result = compiled_real("45asm", real_line("45asm", "Doctor Octopus can't be blocked"))
    effects = result.encoding["abilities"][0]["effects"]
    assert [e["do"] for e in effects] == ["restrict", "prevent"]
    assert all(e["from" if e["do"] == "prevent" else "by"]["affiliation"] == ["spideyfriends"]
               for e in effects)  # fmt: skip


def test_catwoman_cant_be_blocked_by_an_opponent_with_one_character_6wf():
    cards = cards_for("6wf", "Catwoman can't be blocked")
    blocks(cards, "P1 attack 19sww#1", "+SK1>19sww#1")  # P2 has three character dice
    one = setup(field=FIELD[:2] + FIELD[4:])
    blocks(cards, "P1 attack 19sww#1", "SK1>19sww#1", base=one)


def test_iron_fist_gets_2a_in_the_attack_step_with_mask_in_the_reserve_13def():
    cards = cards_for("13def", "During the Attack Step")
    mask = ("P1 die SK5 reserve mask",)
    for lines, actions, expected in (
        (mask, (), 4),  # the Main Step
        (mask, ("P1 attack 19sww#1",), 6),
        ((), ("P1 attack 19sww#1",), 4),  # no Mask in the Reserve Pool
    ):
        state = play(cards, setup(*lines), *actions).final
        assert query.attack(state, cards, state.die("P1:19sww#1")).value == expected


def test_must_attack_if_able_ric_flair_34wwe():
    cards = cards_for("34wwe", "Ric Flair must attack")
    refused(cards, setup() + "P1 end\n", "R13.1")
    play(cards, setup(), "P1 attack 19sww#1")


def test_for_each_opposing_non_sidekick_non_villain_cheetah_4sww():
    cards = _demo("4sww", "Cheetah gets")
    state = play(cards, setup()).final  # P2: Cheetah (Villain), Jimmy Olsen, a Sidekick
    die = state.die("P1:19sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (5, 7)


def test_get_for_each_of_your_justice_league_characters_hawkman_14doom():
    cards = _demo("14doom", "Hawkman get")
    state = play(cards, setup()).final  # Superman and Wonder Woman
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 6
