"""A card line opening with the printed keyword 'Continuous:' gives its dice the keyword
(R9.3: a continuous action die is used by moving it to the Field), whether or not the
compiler understands the effect after it; the effect stays manual then."""

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.catalogue import CardRecord


def _action(*lines: str) -> CardRecord:
    return CardRecord(
        key="90zza", set_code="zza", number=90, name="Test Relic", kind="action", cost=5,
        energy=("shield",), ability_lines=lines,
    )  # fmt: skip


def test_a_continuous_line_gives_the_keyword_and_keeps_its_effect_manual():
    record = _action("Continuous: <em>(made up)</em> Swap two made-up things around.")
    compiled = compile_card(record)

    assert compiled.encoding["keywords"] == ["continuous"]
    assert compiled.status == "manual" and compiled.manual_lines
    card = engine_card(record, compiled.encoding)
    assert "continuous" in card.keywords and not card.faces_known


def test_a_line_that_only_mentions_continuous_gives_no_keyword():
    compiled = compile_card(_action("Send a made-up non-Continuous die to the Used Pile."))

    assert "continuous" not in compiled.encoding.get("keywords", [])
