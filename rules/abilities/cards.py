"""Engine cards with their abilities: a catalogue record (or a stored card's fields) and its
compiled encoding become a CardDef carrying the Abilities the encoding describes."""

from collections.abc import Iterable

from rules.abilities.compiler import compile_card
from rules.abilities.runtime import with_encoding
from rules.engine.faces import CardDef, build_card


def engine_card(record, encoding: dict | None = None) -> CardDef:
    """A CardDef from a CardRecord, with the abilities of `encoding` (default: compiled from
    the record now).

    The card plays the keywords its encoding names (the keyword lines the compiler recognised,
    or a hand encoding's), not the card file's `keywords` field: in the real card data that is
    a scan of the text for keyword names (its SOURCE.md says so), which also finds a keyword a
    reminder or an effect only mentions ('gets +2A and Overcrush while ...') and would play it
    all the time."""
    card = build_card(
        key=record.key,
        name=record.name,
        subtitle=record.subtitle,
        kind=record.kind,
        cost=record.cost,
        energy=record.energy,
        faces=record.faces,
        affiliations=record.affiliations,
        keywords=(),  # the encoding's, see above
        global_lines=record.global_lines,
    )
    if encoding is None:
        encoding = compile_card(record).encoding
    return with_encoding(card, encoding)


def engine_cards(records: Iterable) -> dict[str, CardDef]:
    return {record.key: engine_card(record) for record in records}


def demo_engine_cards() -> dict[str, CardDef]:
    """The demo catalogue's cards with their hand-written automation."""
    from rules.catalogue import read_demo_catalogue

    return engine_cards(read_demo_catalogue().cards)
