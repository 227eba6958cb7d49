"""Template family `keyword_reminders`: a keyword line whose reminder text is a sentence the
other families read plays as that sentence; a keyword whose reminder no family reads (or a
note like '(reroll when KO'd)', or no reminder at all) stays manual. Real keyword lines are
read from the card file by key (their text is never copied here)."""

from functools import cache

import pytest

from rules.abilities import compile_card
from rules.abilities.templates.keyword_reminders import reminder_of
from rules.catalogue import read_catalogue
from rules.engine import Zone
from tests.rules.abilities.scenario import board, compiled, compiled_cards, play, real_pool_path

SETUP = board("P1 die 19sww#1 reserve L1", "P1 die SK1 reserve shield", "P2 die 5sww#1 field L1")
# our own keyword, with a reminder written like the cards write theirs
AMBUSH = "Ambush <em>(When fielded, deal 2 damage to target character die.)</em>"


@cache
def pool() -> dict:
    return {r.key: r for r in read_catalogue(real_pool_path()).cards}


def keyword_line(key: str, keyword: str) -> str:
    return next(line for line in pool()[key].ability_lines if line.startswith(keyword))


def test_a_reminder_the_compiler_reads_plays_as_the_keyword():
    result = compiled("19sww", ability_lines=[AMBUSH])
    assert result.status == "automated"
    assert result.recognised[0][1] == "keyword_reminders"
    assert result.encoding["abilities"][0]["when"] == "fielded"
    cards = compiled_cards("19sww", ability_lines=[AMBUSH])
    state = play(cards, SETUP, "P1 field 19sww#1 pay SK1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").zone == Zone.PREP


def test_plugin_keywords_are_still_the_keywords_family():
    result = compiled("19sww", ability_lines=["Overcrush <em>(Excess damage goes through.)</em>"])
    assert result.encoding == {"keywords": ["overcrush"]}


def test_reminder_text_is_taken_from_the_raw_line():
    assert reminder_of("Swarm <em>(one more die)</em>.") == "one more die"
    assert reminder_of("Swarm") is None


@pytest.mark.parametrize(
    ("key", "keyword"),
    [
        (
            "73fus",
            "Breath Weapon",
        ),  # when or how often: unsaid (Swarm: set_keywords)
    ],
)
def test_real_keywords_whose_reminder_is_not_read_stay_manual(key, keyword):
    record = pool()[key]
    line = keyword_line(key, keyword)
    result = compile_card(record)
    assert any(m.startswith(keyword) for m in result.manual_lines), (key, result.recognised)
    assert line  # the real line exists in the card file


def test_the_reminder_names_the_cards_own_die_as_the_families_expect(monkeypatch):
    from rules.abilities import templates
    from rules.abilities.templates import Match, Recogniser

    offered = []

    def spy(line):
        offered.append(line.text)
        return Match.keyword("spied") if line.text.startswith("While Superman") else None

    spy_entry = Recogniser("spy", "spy", ("ability",), spy, 50)
    # in priority order, as the registry keeps it: the spy (50) is asked before the families
    # that read this sentence themselves (the while-active watchers, 100)
    ordered = sorted([*templates.recognisers(), spy_entry], key=lambda r: r.priority)
    monkeypatch.setattr(templates, "_RECOGNISERS", ordered)
    line = (
        "Attune <em>(While this character is active, when you use an action die, gain 1 life.)</em>"
    )
    result = compiled("19sww", ability_lines=[line])
    assert "While Superman is active, when you use an action die, gain 1 life" in offered
    assert result.status == "automated" and result.encoding == {"keywords": ["spied"]}
