"""Template family `ability_words`: a label before a dash ('Teamwatch - ', 'Vengeance - ')
whose text spells the whole ability out is read as that text; the 'shares an affiliation
with <this card>' filter of Teamwatch. Real cards, played on P1's Superman (19sww, Justice
League); Wonder Woman (22sww) shares Justice League, Cheetah (5sww) doesn't."""

from rules.engine import Zone, query
from tests.rules.abilities.long_tail import compiled_real, real_cards, real_line
from tests.rules.abilities.scenario import board, play

TEAMS = ("19sww:2 22sww:2 5sww:2 basic 31sww", "5sww:2 basic 34sww")


def _field(cards, key: str):
    pay = " pay SK1" if key == "5sww" else ""
    extra = ("P1 die SK1 reserve mask",) if key == "5sww" else ()
    setup = board("P1 die 19sww#1 field L1", f"P1 die {key}#1 reserve L1", *extra, teams=TEAMS)
    return play(cards, setup, f"P1 field {key}#1{pay}").final


def test_teamwatch_iron_man_14aou_gets_attack_when_a_teammate_is_fielded():
    result = compiled_real("14aou")
    assert result.status == "automated"
    assert result.recognised[0][1] == "ability_words"
    spec = result.encoding["abilities"][0]
    assert spec["when"] == "fielded" and spec["any"]["shares_affiliation"] is True
    cards = real_cards("14aou")
    state = _field(cards, "22sww")  # Justice League, as Superman
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4 + 1
    state = _field(cards, "5sww")  # a Villain: no shared affiliation
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


def test_teamwatch_hulk_11aou_gains_overcrush_and_starhawk_66aou_pronoun():
    cards = real_cards("11aou")
    state = _field(cards, "22sww")
    assert "overcrush" in query.keywords(state, cards, state.die("P1:19sww#1"))
    cards = real_cards("66aou")
    state = _field(cards, "22sww")
    die = state.die("P1:19sww#1")
    assert (query.attack(state, cards, die).value, query.defense(state, cards, die).value) == (5, 7)
    assert compiled_real("56aou").status == "automated"  # 'she gets +2D this turn'


def test_teamwatch_with_an_opposing_character_is_a_watcher_of_your_fieldings_8aou():
    # 'an opposing character' is read as a target by the shared clauses since the families
    # were merged: the label is a while-active watcher of the holder's fieldings
    spec = compiled_real("8aou", real_line("8aou", "Teamwatch")).encoding["abilities"][0]
    assert spec["when"] == "fielded" and spec["any"] == {
        "pick": "each",
        "side": "yours",
        "shares_affiliation": True,
    }
    assert spec["effects"] == [
        {"do": "damage", "to": {"pick": "target", "side": "opposing"}, "amount": 1}
    ]


def test_labels_that_stay_manual():
    for key, starts in (
        ("92gotg", "Underdog"),  # a condition neither the card nor its set prints
        ("116gaf", "Teamwatch"),  # no trigger spelt out, and a bare effect not read
        # (bare Teamwatch effects and Underdog in sets printing its reminder: turn_globals;
        # Vengeance's 'When you take damage' with two clauses: misc_tail)
    ):
        result = compiled_real(key, real_line(key, starts))
        assert result.status == "manual", (key, result.encoding)


def test_retaliation_an_affiliated_character_kod_18jl_and_the_bare_word_8jll():
    result = compiled_real("18jl")
    assert result.status == "automated"
    assert result.encoding["abilities"][0]["any"] == {
        "pick": "each", "side": "yours", "shares_affiliation": True
    }  # fmt: skip
    cards = real_cards("18jl")
    setup = board(
        "P1 die 19sww#1 field L1", "P1 die 22sww#1 field L1", "P1 die SK1 field L1",
        "P2 die 5sww#1 field L1", teams=TEAMS,
    )  # fmt: skip
    state = play(cards, setup, "judge modifier P1:22sww#1 +5D", "P1 attack 22sww#1",
                 "P2 block 5sww#1>22sww#1", "P1 damage").final  # fmt: skip
    # Wonder Woman (A3, D8) KOs Cheetah (D2) and survives: an opposing die, no Retaliation.
    assert state.die("P2:5sww#1").zone == Zone.PREP
    assert state.player("P2").life == 20
    kod = play(
        cards, setup, "judge modifier P2:5sww#1 +5A", "P1 attack 22sww#1",
        "P2 block 5sww#1>22sww#1", "P1 damage",
    ).final  # fmt: skip
    assert kod.die("P1:22sww#1").zone == Zone.PREP  # Justice League, as Superman
    assert kod.player("P2").life == 19
    sidekick = play(
        cards, setup, "P1 attack SK1", "P2 block 5sww#1>SK1", "P1 damage"
    ).final  # a Sidekick shares no affiliation
    assert sidekick.die("P1:SK1").zone == Zone.PREP and sidekick.player("P2").life == 20
    assert real_line("8jll", "Retaliation") and compiled_real("8jll", real_line(
        "8jll", "Retaliation")).encoding == result.encoding  # fmt: skip
