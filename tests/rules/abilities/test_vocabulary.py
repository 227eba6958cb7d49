"""The effect vocabulary: valid encodings pass, invalid ones say what is wrong and where; the
generated description reads the encoding."""

import pytest

from rules.abilities import EncodingError, describe, validate

PING = {
    "abilities": [
        {
            "when": "fielded",
            "effects": [
                {"do": "damage", "to": {"pick": "target", "side": "opposing"}, "amount": 2}
            ],
        }
    ]
}


def test_a_valid_encoding_passes():
    assert validate(PING) == PING


@pytest.mark.parametrize(
    "encoding, where, what",
    [
        (
            {"abilities": [{"when": "sometimes", "effects": []}]},
            "encoding.abilities[0].when",
            "sometimes",
        ),
        (
            {
                "abilities": [
                    {"when": "fielded", "effects": [{"do": "damage", "to": {"pick": "target"}}]}
                ]
            },
            "encoding.abilities[0].effects[0]",
            "'amount' is a required property",
        ),
        (
            {"abilities": [{"when": "fielded", "effects": [{"do": "explode"}]}]},
            "encoding.abilities[0].effects[0].do",
            "explode",
        ),
        (
            {
                "abilities": [
                    {
                        "when": "fielded",
                        "effects": [{"do": "ko", "to": {"pick": "target", "side": "theirs"}}],
                    }
                ]
            },
            "encoding.abilities[0].effects[0].to.side",
            "theirs",
        ),
        ({"colour": "red"}, "encoding", "colour"),
        (
            {"abilities": [{"when": "global", "effects": []}]},
            "encoding.abilities[0]",
            "needs its 'cost'",
        ),
        (
            {
                "abilities": [
                    {"when": "while_active", "effects": [{"do": "ko", "to": {"pick": "each"}}]}
                ]
            },
            "encoding.abilities[0].effects[0]",
            "can only modify",
        ),
        (
            {
                "abilities": [
                    {
                        "when": "while_active",
                        "effects": [{"do": "modify", "to": {"pick": "target"}, "attack": 1}],
                    }
                ]
            },
            "encoding.abilities[0].effects[0].to",
            "can't pick a target",
        ),
    ],
)
def test_an_invalid_encoding_says_what_and_where(encoding, where, what):
    with pytest.raises(EncodingError) as caught:
        validate(encoding)
    assert any(p.startswith(where + ":") and what in p for p in caught.value.problems), (
        caught.value.problems
    )


def test_the_description_is_generated_from_the_encoding():
    assert describe(PING) == (
        "When this die is fielded: deal 2 damage to target opposing character die."
    )
    aura = {
        "keywords": ["overcrush"],
        "abilities": [
            {
                "when": "while_active",
                "effects": [
                    {
                        "do": "modify",
                        "to": {"pick": "each", "side": "yours", "what": "sidekick"},
                        "attack": 1,
                    }
                ],
            },
            {
                "when": "global",
                "cost": "[B]",
                "limit": "once_per_turn",
                "effects": [{"do": "gain_life", "amount": 1}],
                "bursts": {"1": {"mode": "instead", "effects": [{"do": "gain_life", "amount": 2}]}},
            },
        ],
    }
    assert describe(aura) == (
        "Keywords: Overcrush. While active: all your Sidekick dice get +1A. "
        "Global (pay [B]), once per turn: you gain 1 life. * Instead: you gain 2 life."
    )
