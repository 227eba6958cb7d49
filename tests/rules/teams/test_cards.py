from rules.teams.cards import CardIndex, CardInfo, normalize_text, title_key


def test_get_is_case_insensitive_and_none_for_unknown(sample_cards):
    assert sample_cards.get("1QA") == sample_cards.get("1qa")
    assert sample_cards.get(" 1qa ").name == "Glimmerbat"
    assert sample_cards.get("99qa") is None
    assert "1QA" in sample_cards
    assert 7 not in sample_cards


def test_find_ignores_case_spacing_punctuation_and_accents(sample_cards):
    assert [card.key for card in sample_cards.find("glimmer-BAT")] == ["1qa", "2qa", "1qb"]
    assert [card.key for card in sample_cards.find("mr tock tick")] == ["3qa"]
    assert [card.key for card in sample_cards.find("Senora  Brava")] == ["11qc"]


def test_find_narrows_by_subtitle_and_set(sample_cards):
    assert [card.key for card in sample_cards.find("Glimmerbat", "echo scout")] == ["2qa"]
    assert [card.key for card in sample_cards.find("Glimmerbat", set_code="QB")] == ["1qb"]
    assert sample_cards.find("Glimmerbat", "Echo Scout", "qb") == []
    assert sample_cards.find("Nobody") == []


def test_find_knows_titles_with_and_without_builder_tags(sample_cards):
    assert [card.key for card in sample_cards.find("Vesper")] == ["4qa", "5qa"]
    assert [card.key for card in sample_cards.find("Vesper (F)")] == ["5qa"]


def test_closest_names_suggests_real_titles(sample_cards):
    assert sample_cards.closest_names("Glimerbat")[0] == "Glimmerbat"
    assert sample_cards.closest_names("Vesperr") == ["Vesper", "Vesper (M)", "Vesper (F)"]
    assert sample_cards.closest_names("") == []
    assert sample_cards.closest_names("zzzzzzzzzzzz") == []


def test_title_key_ignores_punctuation_and_builder_tags():
    assert title_key("Sable-Knight") == title_key("Sable Knight") == "sableknight"
    assert title_key("Vesper (M)") == title_key("Vesper (F)") == "vesper"
    assert normalize_text("Superman™'s Girl") == "supermansgirl"
    assert normalize_text("Peña") == "pena"


def test_card_info_full_name():
    card = CardInfo("1qa", "qa", "Quill Academy", 1, "Glimmerbat", "Night Courier", "character", 4)
    assert card.full_name == "Glimmerbat: Night Courier"
    assert card.cost is None
    assert not card.is_basic_action


def test_real_index_is_complete(real_cards):
    # How fast it builds is measured by bench/bench_legality.py, not asserted here.
    cards = list(real_cards)
    assert len(cards) == 4079
    assert {card.kind for card in cards} == {"character", "character_or_action", "basic_action"}
    assert all(card.subtitle == "" for card in cards if card.is_basic_action)
    assert len(CardIndex(cards)) == 4079


def test_real_index_keys_are_number_plus_set(real_cards):
    for card in real_cards:
        assert card.key == f"{card.number}{card.set_code}"
        assert real_cards.get(card.key.upper()) is card
