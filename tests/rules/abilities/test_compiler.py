"""The text compiler: statuses, burst lines, globals, the family registry, scripts."""

import json

from rules.abilities import compile_card, templates, tokens
from rules.abilities.templates import Line, Match, recognise
from tests.rules.abilities.scenario import compiled, real_pool_path

POOL = real_pool_path()


def test_status_is_automated_partial_or_manual_by_the_lines_recognised():
    assert compiled("19sww", ability_lines=[]).status == "automated"  # nothing to play
    partial = compiled("19sww", ability_lines=["Fast", "Sing a song"])
    assert partial.status == "partial" and partial.manual_lines == ("Sing a song",)
    assert partial.note == "Manual: Sing a song"
    assert compiled("19sww", ability_lines=["Sing a song"]).status == "manual"
    # Empty and markup-only lines are not card text.
    assert compiled("19sww", ability_lines=["&nbsp;", "Fast"]).status == "automated"


def test_a_burst_line_with_its_own_trigger_happens_only_on_that_burst():
    result = compiled("19sww", ability_lines=["* When fielded, gain 1 life"])
    assert result.status == "automated"
    assert result.encoding["abilities"] == [
        {
            "when": "fielded",
            "effects": [],
            "bursts": {"1": {"mode": "also", "effects": [{"do": "gain_life", "amount": 1}]}},
        }
    ]


def test_a_burst_variant_with_nothing_before_it_stays_manual():
    result = compiled("34sww", ability_lines=["** Gain 3 life instead"])
    assert result.status == "manual"


def test_global_lines_are_named_like_the_engines_globals():
    result = compiled(
        "34sww",
        ability_lines=["Gain 1 life"],
        global_lines=["Global: Pay [F]: a riddle.", "Global: Pay [S][S]: Gain 2 life."],
    )
    assert result.status == "partial"
    spec = result.encoding["abilities"][1]
    assert spec == {
        "when": "global",
        "cost": "[S][S]",
        "effects": [{"do": "gain_life", "amount": 2}],
        "global": "global2",
    }


def test_families_are_discovered_from_their_modules():
    assert {"keywords", "when_fielded", "life"} <= set(templates.families())


def test_a_new_family_registers_without_touching_the_registry():
    @templates.pattern("test_only", r"Hum a tune", kinds=("ability",), priority=1)
    def hum(line: Line, match) -> Match:
        return Match.keyword("fast")

    try:
        found = recognise(Line("Hum a tune", "Hum a tune", "ability"))
        assert found.family == "test_only" and found.keywords == ("fast",)
    finally:
        templates._RECOGNISERS[:] = [r for r in templates._RECOGNISERS if r.family != "test_only"]


def test_token_helpers():
    assert tokens.clean("Beast gets +1A <em>(until the end of the turn)</em> when he blocks.") == (
        "Beast gets +1A when he blocks"
    )
    assert tokens.split_bursts("*/** Also draw") == ((1, 2), "Also draw")
    assert tokens.energy("[B]") == "bolt" and tokens.affiliation("[DCV]") == "villain"
    assert tokens.number("three") == 3 and tokens.number("12") == 12


def test_every_real_card_compiles_to_a_valid_encoding():
    """Over the whole real pool: no family may produce an encoding the vocabulary refuses
    (compile_card validates), and the statuses are consistent with the lines."""
    cards = json.loads(POOL.read_text())["cards"]
    seen = set()
    for record in cards:
        result = compile_card(record)
        seen.add(result.status)
        if result.status == "automated":
            assert not result.manual_lines
        if result.status == "partial":
            assert result.manual_lines and result.recognised
    assert seen == {"automated", "partial", "manual"}


def test_a_script_named_by_a_card_key_joins_that_cards_compiled_encoding():
    from rules.abilities import scripts
    from rules.engine import Ability

    @scripts.card_script("99zz", text="Scripted for a test card.", status="partial",
                         manual="the rest")  # fmt: skip
    def test_card(card):
        return (Ability("static", "static", "nothing"),)

    try:
        result = compile_card({"tb_code": "99zz", "type": "character", "ability_lines": ["Hum"]})
        assert result.status == "partial" and result.encoding == {"scripts": ["99zz"]}
        assert (
            result.note == "Manual: the rest" and "Scripted for a test card." in result.description
        )
        assert scripts.script_for("99zz").name == "99zz"
    finally:
        del scripts._CARD_SCRIPTS["99zz"]
