from rules.catalogue import CARD_FIELDS, CardRecord, FaceRecord
from rules.catalogue.records import card_key, die_key, slug


def test_keys_are_number_and_lowercase_set_code():
    assert card_key(1, "AvX") == "1avx"
    assert card_key(12, "UXMop") == "12uxmop"


def test_slugs_fold_case_accents_and_punctuation():
    assert slug("Mr. Mxyzptlk") == "mr-mxyzptlk"
    assert slug("Battle for Faerûn") == "battle-for-faerun"
    assert slug("Splinter@A") == "splinter-a"
    assert die_key("AVX", "Spider-Man") == "avx:spider-man"


def test_provided_values_hold_only_what_the_source_gave():
    card = CardRecord(
        key="9zzz",
        set_code="zzz",
        number=9,
        name="Test Golem",
        subtitle="Clay Walker",
        cost=4,
        faces=(FaceRecord(1, 0, 1, 2, 0),),
        provided=frozenset({"key", "set_code", "number", "name", "subtitle", "cost"}),
    )

    assert card.provided_values() == {
        "key": "9zzz",
        "set_code": "zzz",
        "number": 9,
        "name": "Test Golem",
        "subtitle": "Clay Walker",
        "cost": 4,
    }
    assert card.full_name == "Test Golem: Clay Walker"
    assert "provided" not in CARD_FIELDS
