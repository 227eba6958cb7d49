"""Regression tests for misreadings found when reviewing the cards automated this session.
Each reads the real card's line from the card pool at run time (never copied here), moves it
onto a demo card where a scenario needs it, and plays it through the engine.

R13.8: a type or affiliation with no side stated ('a non-Batgirl [DCB] character die is
active', 'for each other active [WT]') covers both players' dice; 'active' is any die in a
Field, not only the holder's (the self_statics family already reads 'if there are any active
[DCB] character dice' so)."""

from rules.engine import query
from tests.rules.abilities.real_cards import demo_line, real_compiled
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play

# P1: Superman (19sww, Justice League); P2: Wonder Woman (22sww, Justice League), Cheetah.
TEAMS = ("19sww:2 22sww:2 basic 31sww", "22sww:2 5sww:2 basic 34sww")


def _cards(line: str, family: str):
    result = compiled("19sww", ability_lines=[line])
    assert result.status == "automated", result.manual_lines
    assert [f for _, f in result.recognised] == [family]
    return compiled_cards("19sww", ability_lines=[line])


def _stats(cards, setup: str, die: str) -> tuple[int, int]:
    state = play(cards, setup).final
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


def test_a_die_of_an_affiliation_is_active_on_either_side_5bat():
    # 'While a non-Batgirl [DCB] character die is active, Batgirl gets ...' ([DCB] made
    # [DCJL] for the demo): an opposing Justice League die is active too.
    line = demo_line("5bat", "while", as_name="Superman").replace("[DCB]", "[DCJL]")
    cards = _cards(line, "while_statics_more")
    theirs = board(
        "P1 die 19sww#1 field L1", "P2 die 22sww#1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS
    )
    assert _stats(cards, theirs, "P1:19sww#1") == (5, 7)
    none = theirs.replace("P2 die 22sww#1 field L1\n", "P2 die 22sww#1 used\n")
    assert _stats(cards, none, "P1:19sww#1") == (4, 6)


def test_an_affiliation_die_with_a_cost_is_active_on_either_side_15ork():
    # 'While an [KO] character die with purchase cost 4 or greater is active, ...'
    _, result = real_compiled("15ork", "while")
    assert result.status == "automated"
    for spec in result.encoding["abilities"]:
        assert spec["if"]["of"]["side"] == "any"


def test_for_each_other_active_affiliation_die_counts_both_sides_137wol():
    # 'When Starfire attacks, deal 1 damage to the defending player for each other active
    # [WT]' ([WT] made [DCJL]): the opposing Wonder Woman counts.
    line = demo_line("137wol", "attacks", as_name="Superman").replace("[WT]", "[DCJL]")
    cards = _cards(line, "combat_triggers")
    setup = board(
        "P1 die 19sww#1 field L1", "P2 die 22sww#1 field L1", "P2 die 5sww#1 field L1", teams=TEAMS
    )
    state = play(cards, setup, "P1 attack 19sww#1").final
    assert state.player("P2").life == 19


def test_a_keyword_a_card_only_mentions_is_not_played_on_its_dice():
    """The card file's `keywords` field is a scan of the text: Gorilla Grodd (58gaf) gives
    Overcrush to the others, Bob (48dp) Fast to [MDP] dice, a Strike card (10myst) has
    Overcrush only while it is the only die fielded; none has the keyword itself. A keyword
    line the compiler recognised (Strike, Ally) is played."""
    from rules.abilities.cards import engine_card
    from tests.rules.abilities.real_cards import pool

    cards = pool()
    assert "Overcrush" in cards["58gaf"].keywords and "Fast" in cards["48dp"].keywords
    assert "overcrush" not in engine_card(cards["58gaf"]).keywords
    assert "fast" not in engine_card(cards["48dp"]).keywords
    assert engine_card(cards["10myst"]).keywords == ("strike",)
    assert engine_card(cards["121wf"]).keywords == ("ally",)  # not Iron Will: it grants it


def test_unless_a_type_is_active_counts_either_players_dice():
    """65wol Saint Walker 'can't attack or block unless a [WLG] is active': a type with no
    side is either player's (R13.8); 72wol Warth's 'unless Saint Walker is active' names a
    character, so only the holder's (R13.8)."""
    from rules.abilities import describe

    _, walker = real_compiled("65wol", "Saint Walker can")
    (spec,) = walker.encoding["abilities"]
    assert spec["if"]["test"] == "count_at_most" and spec["if"]["of"]["side"] == "any"
    _, warth = real_compiled("72wol", "Warth")
    (spec,) = warth.encoding["abilities"]
    assert spec["if"]["of"] == {"pick": "each", "side": "yours", "name": "Saint Walker"}
    assert "if you have no Saint Walker character dice" in describe(warth.encoding)
