"""Template family `experience`: Regenerate, bare or with the reminder the cards print,
played through the engine. Real lines are read from the card file by key at test time (their
text is never copied here)."""

import pytest

from rules.abilities import compile_card, describe
from rules.abilities.extensions.experience import experience_tokens
from rules.abilities.templates import Line
from rules.abilities.templates.experience import experience, regenerate
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, real_compiled, scene, whole_card
from tests.rules.abilities.scenario import compiled_cards
from tests.rules.engine.helpers import refused, run

TROLL = "19bff"  # 3A 3D / 4A 3D / 5A 5D, Regenerate with the 'knocked out' reminder
ATTACK_KOD = f"P1 attack {TROLL}#1\nP2 block 19sww#1>{TROLL}#1\nP1 damage\n"  # Superman 4A


# -- recognition -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key",
    [
        "19bff",  # '(reroll when knocked out)' in tags
        "3smc",  # "(Reroll when KO'd)" in tags
        "44msw",  # "(Reroll when KO'd)"
        "4ki",  # "(Reroll when KO'd.)"
        "15xmf",  # a full stop after the bracket
        "7jl",  # the reminder after a dash
        "23tmnt",  # bare
        "2m2017",  # bare
    ],
)
def test_real_regenerate_lines_are_the_keyword(key):
    _, result = real_compiled(key, "Regenerate")
    assert result.status == "automated", result.manual_lines
    assert result.encoding["keywords"] == ["regenerate"]
    text = describe(result.encoding)
    assert "Regenerate: when one of its dice is KO'd, its owner rerolls it" in text


def test_a_regenerate_reminder_saying_something_else_declines():
    raw = "Regenerate (Reroll when fielded.)"
    assert regenerate(Line(text="Regenerate", raw=raw, kind="ability")) is None
    assert regenerate(Line(text="Regenerate", raw="Regenerate", kind="ability")).keywords == (
        "regenerate",
    )


@pytest.mark.parametrize(
    ("key", "start"),
    [
        ("31bat", "While Batman"),  # Regenerate granted by another card
        ("130asm", "Aftershock"),  # paying to use it, and what a success does
        ("70asm", "If Spider-Woman"),  # what a failure does
        ("34xfc", "When Storm"),  # a reroll 'as if she had Regenerate'
    ],
)
def test_lines_about_regenerating_stay_manual(key, start):
    record, result = real_compiled(key, start)
    assert result.status != "automated"
    assert result.manual_lines


def test_a_card_with_another_manual_line_keeps_it_manual():
    result = compile_card(pool()["54xmf"])  # Regenerate, and a price to use it
    assert result.status != "automated"
    assert "regenerate" in result.encoding["keywords"]


# -- playing it --------------------------------------------------------------------------------
def test_troll_kod_in_combat_regenerates_on_a_character_face():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    pending = run(cards, setup + ATTACK_KOD).final
    assert pending.die(f"P1:{TROLL}#1").zone == Zone.PREP  # KO'd first (R11.5) ...
    assert pending.pending.kind == "roll" and pending.pending.player == "P1"  # ... then rerolled
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=L3\n").final
    troll = state.die(f"P1:{TROLL}#1")
    assert troll.zone == Zone.FIELD  # the Field Zone, not the Attack Zone (T5.1)
    assert troll.level == 3 and troll.damage == 0 and troll.blocking is None
    assert state.die("P2:19sww#1").zone != Zone.PREP  # the blocker took only 3 damage


def test_troll_regenerating_at_level_1_is_back_at_level_1():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L2")
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=L1\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 1


def test_troll_rerolled_to_an_energy_face_stays_kod():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    state = run(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=fist\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.PREP
    assert state.pending is None or state.pending.kind != "roll"


def test_a_face_the_die_does_not_have_is_refused():
    cards = real_cards(TROLL, "Regenerate")  # a [F] card: no mask face
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1")
    refused(cards, setup + ATTACK_KOD + f"P1 roll {TROLL}#1=mask\n", "R1.3")


def test_a_die_without_regenerate_is_not_rerolled():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1", "P1 die SK5 field L1")
    log = "P1 attack SK5\nP2 block 19sww#1>SK5\nP1 damage\n"
    state = run(cards, setup + log).final
    assert state.die("P1:SK5").zone == Zone.PREP  # the Sidekick KO'd: nothing asks for a roll
    assert state.pending is None or state.pending.kind != "roll"
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD


def test_a_blocking_troll_regenerates_on_the_opponents_turn():
    cards = real_cards(TROLL, "Regenerate")
    setup = scene(TROLL, f"P1 die {TROLL}#1 field L1", active="P2")
    log = setup + f"P2 attack 19sww#1\nP1 block {TROLL}#1>19sww#1\nP2 damage\n"
    pending = run(cards, log).final
    assert pending.pending.kind == "roll" and pending.pending.player == "P1"  # its owner rolls
    state = run(cards, log + f"P1 roll {TROLL}#1=L2\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 2


def test_a_ko_by_an_effect_regenerates_too():
    cards = real_cards(TROLL, "Regenerate")
    cards = compiled_cards(
        "19sww", ability_lines=["When fielded, KO target character die"], cards=cards
    )
    setup = scene(
        TROLL,
        f"P1 die {TROLL}#1 field L1",
        "P1 die 19sww#2 reserve L1",
        "P1 die SK5 reserve wild",
    )
    field = f"P1 field 19sww#2 pay SK5\nP1 choose P1:{TROLL}#1\n"
    state = run(cards, setup + field + f"P1 roll {TROLL}#1=L2\n").final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.FIELD
    assert state.die(f"P1:{TROLL}#1").level == 2


def test_regenerating_is_not_fielding():
    cards = whole_card("88ig")  # Regenerate, and 'When fielded, take control of ...'
    setup = scene("88ig", "P1 die 88ig#1 field L1")
    log = "P1 attack 88ig#1\nP2 block 19sww#1>88ig#1\nP1 damage\n"
    state = run(cards, setup + log).final
    assert state.die("P1:88ig#1").zone == Zone.PREP
    state = run(cards, setup + log + "P1 roll 88ig#1=L1\n").final
    assert state.die("P1:88ig#1").zone == Zone.FIELD
    assert state.pending is None or state.pending.kind != "choose"  # no 'when fielded' (R8.2)
    assert all(d.controller == d.owner for d in state.dice)


# -- Experience --------------------------------------------------------------------------------
THIEF = "13bff"  # Battle for Faerun: 1A 1D / 2A 2D / 3A 3D, Experience with the +1A/+1D reminder
CALLIOPE = "5tiw"  # Trouble in Waterdeep: 1A 3D / 2A 3D / 3A 5D, Experience with its reminder


def _cards(*pairs):
    """The demo cards plus real cards, each with only its line starting `start`."""
    cards = {}
    for key, start in pairs:
        cards.update(real_cards(key, start))
    return cards


def _board(p1: str, p2: str, *lines: str, active: str = "P1") -> str:
    return (
        "game tournament life 20 first P1\n"
        f"P1 team {p1} basic 31sww\n"
        f"P2 team {p2} basic 34sww\n"
        f"board turn 3 active {active} step main\n" + "".join(f"{line}\n" for line in lines)
    )


def _stats(state, cards, die_id):
    die = state.die(die_id)
    attack, defense = query.attack(state, cards, die), query.defense(state, cards, die)
    return attack.value, defense.value


TROLL_BLOCKS = "P1 attack 19sww#1\nP2 block 19bff#1>19sww#1\nP1 damage\nP2 roll 19bff#1=fist\n"


@pytest.mark.parametrize(
    ("key", "keyword"),
    [
        ("13bff", "experience_+1a/+1d"),
        ("18bff", "experience_+1a/+1d"),  # 'knock Out'
        ("2bffop", "experience_+1a/+1d"),
        ("5tiw", "experience"),  # Trouble in Waterdeep's reminder
        ("26toa", "experience"),  # bare, Tomb of Annihilation
        ("46fus", "experience"),  # bare, Faerun Under Siege
        ("12zhn", "experience"),  # bare, The Zhentarim
        ("11aiw", "experience"),  # bare, Adventures in Waterdeep
    ],
)
def test_real_experience_lines_are_the_keyword_of_their_set(key, keyword):
    _, result = real_compiled(key, "Experience")
    assert result.status == "automated", result.manual_lines
    assert result.encoding["keywords"] == [keyword]
    name = "Experience +1A/+1D" if keyword != "experience" else "Experience"
    assert describe(result.encoding).startswith(f"Keywords: {name}. Experience: ")


def test_experience_saying_only_that_it_grows_stays_manual():
    _, result = real_compiled("102bff", "Experience")  # '(grows by knocking out monsters)'
    assert result.status == "manual"


def test_a_bare_experience_outside_the_dd_sets_declines():
    line = Line(text="Experience", raw="Experience", kind="ability", card_key="19sww")
    assert experience(line) is None
    line = Line(text="Experience", raw="Experience", kind="ability", card_key="46fus")
    assert experience(line).keywords == ("experience",)


def test_bff_experience_token_when_an_opposing_monster_is_kod():
    cards = _cards((THIEF, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{THIEF}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {THIEF}#1 field L2",
        "P1 die 19sww#1 field L1",
        f"P2 die {TROLL}#1 field L1",
    )
    assert _stats(run(cards, setup).final, cards, f"P1:{THIEF}#1") == (2, 2)
    state = run(cards, setup + TROLL_BLOCKS).final  # Superman (4A) KOs the Troll (3D)
    assert state.die(f"P2:{TROLL}#1").zone == Zone.PREP  # it failed to regenerate
    assert experience_tokens(state, THIEF, "P1") == 1
    assert _stats(state, cards, f"P1:{THIEF}#1") == (3, 3)  # on P2's turn: it lasts
    sources = [s for s, _ in query.attack(state, cards, state.die(f"P1:{THIEF}#1")).parts]
    assert any("Experience token" in s for s in sources)


def test_bff_experience_token_is_on_the_card_for_all_its_dice():
    cards = _cards((THIEF, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{THIEF}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {THIEF}#1 field L2",
        f"P1 die {THIEF}#2 field L1",
        "P1 die 19sww#1 field L1",
        f"P2 die {TROLL}#1 field L1",
    )
    state = run(cards, setup + TROLL_BLOCKS).final
    assert _stats(state, cards, f"P1:{THIEF}#2") == (2, 2)
    assert _stats(state, cards, "P1:19sww#1") == _stats(
        run(cards, setup).final, cards, "P1:19sww#1"
    )


def test_bff_experience_once_per_turn():
    cards = _cards((THIEF, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{THIEF}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {THIEF}#1 field L2",
        "P1 die 19sww#1 field L1",
        "P1 die 19sww#2 field L1",
        f"P2 die {TROLL}#1 field L1",
        f"P2 die {TROLL}#2 field L1",
    )
    log = (
        "P1 attack 19sww#1 19sww#2\nP2 block 19bff#1>19sww#1 19bff#2>19sww#2\nP1 damage\n"
        "P2 order 19bff#1 19bff#2\nP2 roll 19bff#1=fist\nP2 roll 19bff#2=fist\n"
    )
    state = run(cards, setup + log).final
    assert state.die(f"P2:{TROLL}#2").zone == Zone.PREP
    assert experience_tokens(state, THIEF, "P1") == 1


def test_bff_experience_ignores_a_kod_character_that_is_not_a_monster():
    cards = _cards((THIEF, "Experience"))
    setup = _board(
        f"{THIEF}:2 19sww:2",
        "22uxm:2 5sww:2",
        f"P1 die {THIEF}#1 field L2",
        "P1 die 19sww#1 field L1",
        "P2 die 22uxm#1 field L1",
    )
    state = run(cards, setup + "P1 attack 19sww#1\nP2 block 22uxm#1>19sww#1\nP1 damage\n").final
    assert state.die("P2:22uxm#1").zone == Zone.PREP
    assert experience_tokens(state, THIEF, "P1") == 0


def test_bff_experience_ignores_its_own_players_monster():
    cards = _cards((THIEF, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{THIEF}:2 {TROLL}:2",
        "19sww:2 5sww:2",
        f"P1 die {THIEF}#1 field L2",
        f"P1 die {TROLL}#1 field L1",
        "P2 die 19sww#1 field L1",
    )
    log = f"P1 attack {TROLL}#1\nP2 block 19sww#1>{TROLL}#1\nP1 damage\nP1 roll {TROLL}#1=fist\n"
    state = run(cards, setup + log).final
    assert state.die(f"P1:{TROLL}#1").zone == Zone.PREP
    assert experience_tokens(state, THIEF, "P1") == 0


def test_bff_experience_needs_the_card_active():
    cards = _cards((THIEF, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{THIEF}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {THIEF}#1 used",
        "P1 die 19sww#1 field L1",
        f"P2 die {TROLL}#1 field L1",
    )
    state = run(cards, setup + TROLL_BLOCKS).final
    assert state.die(f"P2:{TROLL}#1").zone == Zone.PREP
    assert experience_tokens(state, THIEF, "P1") == 0


def test_later_experience_places_a_token_at_the_end_of_your_turn():
    cards = _cards((CALLIOPE, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{CALLIOPE}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {CALLIOPE}#1 field L1",
        "P1 die 19sww#1 field L1",
        f"P2 die {TROLL}#1 field L1",
    )
    before = _stats(run(cards, setup).final, cards, f"P1:{CALLIOPE}#1")
    state = run(cards, setup + TROLL_BLOCKS).final
    assert state.active == "P2"  # the turn has ended
    assert experience_tokens(state, CALLIOPE, "P1") == 1
    assert [e.ability for e in state.effects] == [f"{CALLIOPE}.experience_counter"]
    assert _stats(state, cards, f"P1:{CALLIOPE}#1") == before  # no stats by themselves


def test_later_experience_one_token_however_many_monsters():
    cards = _cards((CALLIOPE, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{CALLIOPE}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {CALLIOPE}#1 field L1",
        "P1 die 19sww#1 field L1",
        "P1 die 19sww#2 field L1",
        f"P2 die {TROLL}#1 field L1",
        f"P2 die {TROLL}#2 field L1",
    )
    log = (
        "P1 attack 19sww#1 19sww#2\nP2 block 19bff#1>19sww#1 19bff#2>19sww#2\nP1 damage\n"
        "P2 order 19bff#1 19bff#2\nP2 roll 19bff#1=fist\nP2 roll 19bff#2=fist\n"
    )
    state = run(cards, setup + log).final
    assert experience_tokens(state, CALLIOPE, "P1") == 1


def test_later_experience_not_on_the_opponents_turn():
    cards = _cards((CALLIOPE, "Experience"), (TROLL, "Regenerate"))
    setup = _board(
        f"{CALLIOPE}:2 19sww:2",
        f"{TROLL}:2 5sww:2",
        f"P1 die {CALLIOPE}#1 field L1",
        "P1 die 19sww#1 field L1",
        f"P2 die {TROLL}#1 field L1",
        active="P2",
    )
    log = f"P2 attack {TROLL}#1\nP1 block 19sww#1>{TROLL}#1\nP2 damage\nP2 roll {TROLL}#1=fist\n"
    state = run(cards, setup + log).final
    assert state.die(f"P2:{TROLL}#1").zone == Zone.PREP
    assert experience_tokens(state, CALLIOPE, "P1") == 0
    assert state.effects == ()


# -- Immortal ----------------------------------------------------------------------------------
ODIN = "38thor"  # [S], cost 6, Immortal with its reminder


@pytest.mark.parametrize("key", ["38thor", "14bit"])
def test_real_immortal_lines_are_the_keyword(key):
    _, result = real_compiled(key, "Immortal")
    assert result.status == "automated", result.manual_lines
    assert result.encoding["keywords"] == ["immortal"]
    assert "goes to its owner's bag instead" in describe(result.encoding)


def test_immortal_with_another_ability_in_the_same_line_stays_manual():
    _, result = real_compiled("44thor", "Immortal")
    assert result.status == "manual"


def test_an_immortal_die_spent_on_your_turn_goes_to_the_bag_at_end_of_turn():
    cards = _cards((ODIN, "Immortal"))
    setup = _board(
        f"{ODIN}:2 19sww:2",
        "5sww:2 22uxm:2",
        f"P1 die {ODIN}#1 reserve shield",
        "P1 die SK5 reserve fist",
        "P1 die 19sww#1 reserve L1",
        "P1 die 19sww#2 reserve L1",
    )
    log = f"P1 field 19sww#1 pay {ODIN}#1\nP1 field 19sww#2 pay SK5\n"
    state = run(cards, setup + log).final
    assert state.die(f"P1:{ODIN}#1").zone == Zone.OUT_OF_PLAY  # spent on your turn (R6.1)
    state = run(cards, setup + log + "P1 end\n").final
    assert state.die(f"P1:{ODIN}#1").zone == Zone.BAG  # instead of the Used Pile
    assert state.die("P1:SK5").zone == Zone.USED  # a die without Immortal


def test_an_immortal_die_left_in_the_reserve_goes_to_the_bag_in_clear_and_draw():
    cards = _cards((ODIN, "Immortal"))
    setup = _board(
        f"{ODIN}:2 19sww:2",
        "5sww:2 22uxm:2",
        f"P1 die {ODIN}#1 reserve shield",
        "P1 die SK5 reserve fist",
        active="P2",
    )
    state = run(cards, setup + "P2 end\n").final  # P1's Clear and Draw (R5.1)
    assert state.pending.kind == "draw" and state.pending.player == "P1"
    assert state.die(f"P1:{ODIN}#1").zone == Zone.BAG
    assert state.die("P1:SK5").zone == Zone.USED


def test_a_purchased_immortal_die_goes_to_the_used_pile():
    cards = _cards((ODIN, "Immortal"))
    setup = _board(
        f"{ODIN}:2 19sww:2",
        "5sww:2 22uxm:2",
        *(f"P1 die SK{n} reserve shield" for n in range(1, 7)),
    )
    state = run(cards, setup + f"P1 buy {ODIN} pay SK1 SK2 SK3 SK4 SK5 SK6\n").final
    bought = [d for d in state.dice if d.card == ODIN and d.owner == "P1"]
    assert [d.zone for d in bought if d.zone != Zone.UNPURCHASED] == [Zone.USED]
