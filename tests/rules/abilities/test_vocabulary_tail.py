"""Vocabulary added for the long-tail families: card-wide triggers with 'of', the
'not_energy' selector filter and the 'prevent_damage' effect (schema, semantic checks,
selectors and description)."""

import pytest

from rules.abilities import selectors as sel
from rules.abilities.describe import describe
from rules.abilities.vocabulary import EncodingError, validate
from rules.engine.state import Zone, replace
from tests.rules.abilities.scenario import board, play
from tests.rules.engine.conftest import demo_cards

KOD = {
    "when": "any_kod",
    "of": {"pick": "each", "side": "yours", "what": "sidekick"},
    "effects": [{"do": "gain_life", "amount": 1}],
}
PREVENT = {
    "when": "while_active",
    "effects": [
        {
            "do": "prevent_damage",
            "to": {"pick": "this"},
            "from": {"pick": "each", "not_energy": ["shield"]},
        }
    ],
}


def test_card_triggers_and_prevention_validate_and_describe():
    encoding = {"abilities": [KOD, PREVENT, {"when": "action_used", "effects": KOD["effects"]}]}
    assert validate(encoding) == encoding
    text = describe(encoding)
    assert "When one of your Sidekick dice is KO'd: you gain 1 life." in text
    assert "prevent all damage dealt to this die by character dice that are not Shield" in text
    assert "When you use an action die: you gain 1 life." in text


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        (
            {**KOD, "when": "fielded"},
            "encoding.abilities[0].of: only 'any_fielded', 'any_kod' and 'any_attacks'",
        ),
        (
            {"when": "kod", "effects": PREVENT["effects"]},
            "encoding.abilities[0].effects[0]: damage prevention is a while-active effect",
        ),
        (
            {**PREVENT, "effects": [{"do": "prevent_damage", "to": {"pick": "this"}, "x": 1}]},
            "encoding.abilities[0]",
        ),
        (
            {**KOD, "of": {"pick": "each", "not_energy": ["rainbow"]}},
            "encoding.abilities[0].of.not_energy[0]",
        ),
    ],
)
def test_bad_encodings_say_what_and_where(spec, problem):
    with pytest.raises(EncodingError) as raised:
        validate({"abilities": [spec]})
    assert any(p.startswith(problem) for p in raised.value.problems), raised.value.problems


def test_not_energy_filter_and_event_die_matching():
    cards = demo_cards()
    state = play(
        cards, board("P1 die 19sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK1 field L1")
    ).final
    superman, cheetah = state.die("P1:19sww#1"), state.die("P2:5sww#1")
    not_shield = {"pick": "each", "not_energy": ["shield"]}
    # A Sidekick has no energy type of its card: it is not a Shield character either.
    found = {d.id for d in sel.dice(state, cards, not_shield, holder="P1")}
    assert found == {"P2:5sww#1", "P2:SK1"}
    # A KO'd die (no face, in the Prep Area) still matches by side, kind, energy, name.
    kod = replace(cheetah, zone=Zone.PREP, face=None)
    assert sel.event_die_matches(state, cards, {"pick": "each", "side": "opposing"}, kod,
                                 holder="P1")  # fmt: skip
    assert not sel.event_die_matches(state, cards, {"pick": "each", "side": "yours"}, kod,
                                     holder="P1")  # fmt: skip
    assert not sel.event_die_matches(state, cards, {"pick": "each", "what": "sidekick"}, kod,
                                     holder="P1")  # fmt: skip
    assert sel.event_die_matches(state, cards, {"pick": "each", "what": "sidekick"},
                                 state.die("P2:SK1"), holder="P1")  # fmt: skip
    assert not sel.event_die_matches(state, cards, {"pick": "each", "max_level": 2}, superman,
                                     holder="P1")  # fmt: skip
    assert not sel.event_die_matches(state, cards, not_shield, superman, holder="P1")
    assert sel.event_die_matches(state, cards, {"pick": "each", "other": True}, cheetah,
                                 holder="P1", card="19sww")  # fmt: skip
    assert not sel.event_die_matches(state, cards, {"pick": "each", "other": True}, superman,
                                     holder="P1", card="19sww")  # fmt: skip


def test_purchase_cost_static_validates_and_is_refused_elsewhere():
    cheaper = {"do": "purchase_cost", "to": {"pick": "this"}, "less": 1}
    assert validate({"abilities": [{"when": "static", "effects": [cheaper]}]})
    assert "this card costs you 1 less to purchase" in describe(
        {"abilities": [{"when": "static", "effects": [cheaper]}]}
    )
    for spec, problem in (
        ({"when": "fielded", "effects": [cheaper]}, "a cost change is a while-active or static"),
        (
            {"when": "static", "effects": [{"do": "gain_life", "amount": 1}]},
            "a static ability only changes purchase costs",
        ),
    ):
        with pytest.raises(EncodingError) as raised:
            validate({"abilities": [spec]})
        assert any(problem in p for p in raised.value.problems), raised.value.problems


def test_card_matches_and_distinct_counts():
    cards = demo_cards()
    assert sel.card_matches(cards, {"pick": "this"}, "19sww", card="19sww")
    villains = {"pick": "each", "affiliation": ["villain"], "other": True}
    assert sel.card_matches(cards, villains, "5sww", card="19sww")
    assert not sel.card_matches(cards, villains, "5sww", card="5sww")  # other
    assert not sel.card_matches(cards, villains, "22sww", card="19sww")
    assert not sel.card_matches(cards, {"pick": "each", "what": "sidekick"}, "5sww")
    assert not sel.card_matches(cards, {"pick": "each"}, "34sww")  # an action card
    state = play(
        cards, board("P1 die SK1 field L1", "P1 die SK2 field L1", "P1 die 22sww#1 field L1")
    ).final
    mine = {"pick": "each", "side": "yours"}
    assert sel.amount({"count": mine}, state, cards, holder="P1") == 3
    assert sel.amount({"count": mine, "distinct": True}, state, cards, holder="P1") == 2


def test_shares_affiliation_filter():
    cards = demo_cards()
    state = play(
        cards, board("P1 die 22sww#1 field L1", "P2 die 5sww#1 field L1", "P2 die SK1 field L1")
    ).final
    shares = {"pick": "each", "shares_affiliation": True}
    found = {d.id for d in sel.dice(state, cards, shares, holder="P1", card="19sww")}
    assert found == {"P1:22sww#1"}  # Justice League, as Superman; Villains and Sidekicks not
    assert sel.event_die_matches(state, cards, shares, state.die("P1:22sww#1"), holder="P1",
                                 card="19sww")  # fmt: skip
    assert not sel.event_die_matches(state, cards, shares, state.die("P2:5sww#1"), holder="P1",
                                     card="19sww")  # fmt: skip
    spec = {"when": "any_fielded", "of": {**shares, "side": "yours"},
            "effects": [{"do": "gain_life", "amount": 1}]}  # fmt: skip
    assert "that shares an affiliation with this card" in describe(validate({"abilities": [spec]}))
    with pytest.raises(EncodingError):
        validate({"abilities": [{**spec, "of": {"pick": "each", "shares_affiliation": 1}}]})


def test_any_attacks_trigger_describes_its_die():
    spec = {
        "when": "any_attacks",
        "of": {"pick": "each", "what": "sidekick"},
        "effects": [{"do": "gain_life", "amount": 1}],
    }
    assert describe(validate({"abilities": [spec]})) == (
        "When a Sidekick die attacks: you gain 1 life."
    )


def test_energize_trigger_validates_and_describes():
    spec = {"when": "energize", "effects": [{"do": "gain_life", "amount": 2}]}
    assert describe(validate({"abilities": [spec]})) == (
        "When you roll one of this card's dice on a double energy face: you gain 2 life."
    )


def test_draw_and_roll_and_prep_from_used_validate_and_describe():
    effects = [
        {"do": "draw_and_roll", "count": 2},
        {"do": "prep_from_used", "of": {"pick": "each", "affiliation": ["xmen"]}},
    ]
    text = describe(validate({"abilities": [{"when": "fielded", "effects": effects}]}))
    assert "draw 2 dice and roll them into your Reserve Pool" in text
    assert "move one X-Men die from your Used Pile to your Prep Area" in text
    with pytest.raises(EncodingError):
        validate({"abilities": [{"when": "fielded", "effects": [{"do": "prep_from_used"}]}]})


def test_opponent_more_field_dice_condition():
    cards = demo_cards()
    state = play(
        cards, board("P1 die 19sww#1 field L1", "P2 die SK1 field L1", "P2 die SK2 used")
    ).final
    test = {"test": "opponent_more_field_dice"}
    assert not sel.condition(test, state, cards, holder="P1")  # 1 against 1
    assert not sel.condition(test, state, cards, holder="P2")
    behind = play(cards, board("P2 die SK1 field L1", "P2 die 5sww#1 field L1")).final
    assert sel.condition(test, behind, cards, holder="P1")
    spec = {"when": "while_active", "if": test, "effects": [
        {"do": "modify", "to": {"pick": "this"}, "attack": 1}
    ]}  # fmt: skip
    assert "if your opponent has more character dice" in describe(validate({"abilities": [spec]}))


def test_spun_up_trigger_validates_and_describes():
    spec = {"when": "spun_up", "optional": True, "effects": [{"do": "gain_life", "amount": 1}]}
    assert describe(validate({"abilities": [spec]})) == (
        "When this die spins up: you may you gain 1 life."
    )


def test_event_pick_is_the_event_die_of_fielded_or_attacks_triggers_only():
    spin = [{"do": "spin", "to": {"pick": "event"}, "levels": 1}]
    spec = {"when": "any_fielded", "effects": spin}
    assert "spin that die up 1 level" in describe(validate({"abilities": [spec]}))
    with pytest.raises(EncodingError) as raised:
        validate({"abilities": [{**spec, "when": "any_kod"}]})
    assert "'event' (the event's die) needs" in str(raised.value)
