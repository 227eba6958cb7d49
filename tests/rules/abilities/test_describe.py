"""The generated English for encodings whose natural reading needs its own phrasing."""

from rules.abilities.describe import describe

SPIN_KOBOLDS = {
    "do": "spin",
    "to": {"pick": "each", "side": "yours", "name": "Kobold", "other": True},
    "levels": 1,
}


def test_a_trigger_printed_on_burst_lines_only_names_the_faces_not_nothing():
    encoding = {
        "abilities": [
            {
                "when": "fielded",
                "effects": [],
                "bursts": {"1": {"mode": "also", "effects": [SPIN_KOBOLDS]}},
            }
        ]
    }
    assert describe(encoding) == (
        "When this die is fielded, on a * face: spin all your other Kobold character dice up "
        "1 level."
    )


def test_an_optional_trigger_on_two_burst_faces_keeps_its_cost():
    damage = {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 1}
    encoding = {
        "abilities": [
            {
                "when": "attacks",
                "optional": True,
                "cost": "[B]",
                "effects": [],
                "bursts": {
                    "1": {"mode": "also", "effects": [damage]},
                    "2": {"mode": "also", "effects": [{**damage, "amount": 2}]},
                },
            }
        ]
    }
    text = describe(encoding)
    assert text.startswith("When this die attacks, on a * face: you may pay [B] to deal 1 damage")
    assert ". On a ** face: you may pay [B] to deal 2 damage" in text
    assert "nothing" not in text


def test_a_count_of_at_least_one_reads_as_any():
    batman = {"pick": "each", "side": "yours", "name": "Batman"}
    villains = {"pick": "each", "side": "opposing", "affiliation": "Villain"}
    for of, words in ((batman, "if you have any Batman"), (villains, "if there are any opposing")):
        encoding = {
            "abilities": [
                {
                    "when": "while_active",
                    "if": {"test": "count_at_least", "of": of, "n": 1},
                    "effects": [{"do": "modify", "to": {"pick": "this"}, "attack": 3}],
                }
            ]
        }
        text = describe(encoding)
        assert words in text and "at least 1" not in text
    encoding["abilities"][0]["if"]["n"] = 2
    assert "if there are at least 2 opposing" in describe(encoding)
    encoding["abilities"][0]["if"]["of"] = batman
    assert "if you have at least 2 Batman" in describe(encoding)
