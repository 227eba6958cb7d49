"""Vocabulary added for the long-tail families: card-wide triggers (while-active watchers
with 'any' / 'by' since the families merged), the 'not_energy' selector filter and static
'prevent' (schema, semantic checks, selectors and description)."""

import pytest

from rules.abilities import selectors as sel
from rules.abilities import watchers
from rules.abilities.describe import describe
from rules.abilities.vocabulary import EncodingError, validate
from rules.engine.state import Zone, replace
from tests.rules.abilities.scenario import board, play
from tests.rules.engine.conftest import demo_cards

KOD = {
    "when": "kod",
    "any": {"pick": "each", "side": "yours", "what": "sidekick"},
    "effects": [{"do": "gain_life", "amount": 1}],
}
PREVENT = {
    "when": "while_active",
    "effects": [
        {
            "do": "prevent",
            "all": True,
            "to": {"pick": "this"},
            "from": {"pick": "each", "not_energy": ["shield"]},
        }
    ],
}


def test_card_triggers_and_prevention_validate_and_describe():
    used = {"when": "action_used", "by": "yours", "effects": KOD["effects"]}
    encoding = {"abilities": [KOD, PREVENT, used]}
    assert validate(encoding) == encoding
    text = describe(encoding)
    assert "when one of your Sidekick dice is KO'd: you gain 1 life." in text
    assert "prevent all damage to this die from any non-Shield character dice" in text
    assert "when you use an action die: you gain 1 life." in text


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        (
            {**KOD, "when": "blocked"},
            "encoding.abilities[0]: a while-active watcher can't watch 'blocked'",
        ),
        (
            {"when": "kod", "effects": PREVENT["effects"]},
            "encoding.abilities[0].effects[0]: 'prevent' is a while-active (static) effect only",
        ),
        (
            {**PREVENT, "effects": [{"do": "prevent", "to": {"pick": "this"}, "x": 1}]},
            "encoding.abilities[0]",
        ),
        (
            {**KOD, "any": {"pick": "each", "not_energy": ["rainbow"]}},
            "encoding.abilities[0].any.not_energy[0]",
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
    # A KO'd die (no face, in the Prep Area) still matches by side, kind, energy, name, read
    # as the KO watchers read it (rules.abilities.watchers.as_it_was: its level-1 face).
    kod = watchers.as_it_was(cards, replace(cheetah, zone=Zone.PREP, face=None))

    def event_die_matches(selector, die, **about):
        return sel.matches(state, cards, selector, die, holder="P1", **about)

    assert event_die_matches({"pick": "each", "side": "opposing"}, kod)
    assert not event_die_matches({"pick": "each", "side": "yours"}, kod)
    assert not event_die_matches({"pick": "each", "what": "sidekick"}, kod)
    assert event_die_matches({"pick": "each", "what": "sidekick"}, state.die("P2:SK1"))
    assert not event_die_matches(not_shield, superman)
    assert event_die_matches({"pick": "each", "other": True}, cheetah, card="19sww")
    assert not event_die_matches({"pick": "each", "other": True}, superman, card="19sww")


def test_purchase_cost_static_validates_and_is_refused_elsewhere():
    cheaper = {"do": "cost", "to": {"pick": "this"}, "of": "purchase", "amount": 1, "sign": -1}
    assert validate({"abilities": [{"when": "static", "effects": [cheaper]}]})
    assert "this card costs 1 less to purchase" in describe(
        {"abilities": [{"when": "static", "effects": [cheaper]}]}
    )
    for spec, problem in (
        ({"when": "fielded", "effects": [cheaper]}, "'cost' is a while-active (static) effect"),
        (
            {"when": "static", "effects": [{"do": "gain_life", "amount": 1}]},
            "a static ability only changes costs",
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
    assert sel.matches(state, cards, shares, state.die("P1:22sww#1"), holder="P1", card="19sww")
    assert not sel.matches(state, cards, shares, state.die("P2:5sww#1"), holder="P1", card="19sww")
    spec = {"when": "fielded", "any": {**shares, "side": "yours"},
            "effects": [{"do": "gain_life", "amount": 1}]}  # fmt: skip
    assert "sharing an affiliation with this card" in describe(validate({"abilities": [spec]}))
    with pytest.raises(EncodingError):
        validate({"abilities": [{**spec, "any": {"pick": "each", "shares_affiliation": 1}}]})


def test_any_attacks_trigger_describes_its_die():
    spec = {
        "when": "attacks",
        "any": {"pick": "each", "what": "sidekick"},
        "effects": [{"do": "gain_life", "amount": 1}],
    }
    assert describe(validate({"abilities": [spec]})) == (
        "While active, when a Sidekick die attacks: you gain 1 life."
    )


def test_energize_trigger_validates_and_describes():
    spec = {"when": "energize", "effects": [{"do": "gain_life", "amount": 2}]}
    assert describe(validate({"abilities": [spec]})) == (
        "When you roll one of this card's dice on a double energy face: you gain 2 life."
    )


def test_draw_and_roll_and_prep_from_used_validate_and_describe():
    # the long-tail 'draw_and_roll' / 'prep_from_used' are the shared 'draw' into the Reserve
    # Pool and 'from_used' into the Prep Area since the families merged
    effects = [
        {"do": "draw", "count": 2, "into": "reserve"},
        {"do": "from_used", "into": "prep", "count": 1, "dice": {"affiliation": ["xmen"]}},
    ]
    text = describe(validate({"abilities": [{"when": "fielded", "effects": effects}]}))
    assert "draw and roll 2 dice into the Reserve Pool" in text
    assert "move 1 X-Men die from your Used Pile to your Prep Area" in text
    with pytest.raises(EncodingError):
        validate({"abilities": [{"when": "fielded", "effects": [{"do": "from_used"}]}]})


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
        "When this die spins up: you may gain 1 life."
    )


def test_event_pick_is_the_event_die_of_fielded_or_attacks_triggers_only():
    # the long-tail 'event' pick is the watchers' 'that' (the watched event's die)
    spin = [{"do": "spin", "to": {"pick": "that"}, "levels": 1}]
    spec = {"when": "fielded", "any": {"pick": "each"}, "effects": spin}
    assert "spin that die up 1 level" in describe(validate({"abilities": [spec]}))
    with pytest.raises(EncodingError) as raised:
        validate({"abilities": [{"when": "fielded", "effects": spin}]})
    assert "'that' die needs a watched die" in str(raised.value)
