"""Family `word_tail` (rules/abilities/templates/word_tail.py): ability words whose body the
other families read once the word's trigger or condition is added: Crosspulse (a purchase
paid with only the card's energy types, condition `wdt_own_types_paid`; 'field this die at
level 1' after the purchase, `wdt_field_bought`).

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine."""

from rules.abilities import compile_card
from rules.abilities.describe import describe
from rules.engine import Zone
from tests.rules.abilities.real_cards import pool, real_cards, scene, spec_of
from tests.rules.abilities.scenario import compiled, play


def _bought(state, key: str):
    return [
        d for d in state.dice if d.card == key and d.owner == "P1" and d.zone != Zone.UNPURCHASED
    ]


def _buy(key: str, faces: list[str]):
    """P1 buys a die of real card `key` with Sidekicks showing `faces` (one symbol each)."""
    cards = real_cards(key, "Crosspulse")
    payers = [f"SK{n}" for n in range(1, len(faces) + 1)]
    setup = scene(
        key, *(f"P1 die {sk} reserve {face}" for sk, face in zip(payers, faces, strict=True))
    )
    return play(cards, setup, f"P1 buy {key} pay {' '.join(payers)}")


# -- Crosspulse --------------------------------------------------------------------------------
def test_crosspulse_bare_effect_is_a_purchase_trigger_with_the_own_types_condition_10tag():
    spec = spec_of("10tag", "Crosspulse")  # Roman Reigns: 2 damage to target opponent
    assert spec == {
        "when": "purchased",
        "effects": [{"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 2}],
        "if": {"test": "wdt_own_types_paid"},
    }
    assert describe({"abilities": [spec]}) == (
        "When this die is purchased, if its purchase was paid using only this card's energy "
        "types: deal 2 damage to your opponent."
    )


def test_crosspulse_paid_with_the_card_types_happens_10tag():  # cost 6, Fist / Shield
    state = _buy("10tag", ["fist", "fist", "fist", "shield", "shield", "shield"]).final
    assert state.player("P2").life == 18


def test_crosspulse_paid_with_a_wild_does_not_happen_10tag():
    state = _buy("10tag", ["fist", "fist", "fist", "shield", "shield", "wild"]).final
    assert state.player("P2").life == 20
    assert [d.zone for d in _bought(state, "10tag")] == [Zone.USED]


def test_crosspulse_paid_with_another_type_does_not_happen_22tag():  # Bolt / Mask, cost 4
    state = _buy("22tag", ["bolt", "mask", "mask", "fist"]).final
    assert [d.zone for d in _bought(state, "22tag")] == [Zone.USED]
    state = _buy("22tag", ["bolt", "mask", "mask", "bolt"]).final  # 'Prep this die'
    assert [d.zone for d in _bought(state, "22tag")] == [Zone.PREP]


def test_crosspulse_field_this_die_at_level_1_19tag():  # Sting, cost 3, Mask / Shield
    spec = spec_of("19tag", "Crosspulse")
    assert spec["effects"] == [{"do": "wdt_field_bought", "level": 1}]
    replay = _buy("19tag", ["mask", "shield", "shield"])
    (die,) = _bought(replay.final, "19tag")
    assert die.zone == Zone.FIELD and die.level == 1
    events = [e for step in replay.steps for e in step.events]
    assert any(e.kind == "fielded" and e.die == die.id for e in events)  # fielded (R8.2)


def test_crosspulse_when_you_purchase_this_die_52gaf():  # Deathstroke: KO opposing Sidekicks
    spec = spec_of("52gaf", "Crosspulse")
    assert spec["if"] == {"test": "wdt_own_types_paid"}
    state = _buy("52gaf", ["fist", "fist", "fist", "shield", "shield", "shield"]).final
    assert state.die("P2:SK1").zone == Zone.PREP


def test_crosspulse_with_an_inner_condition_or_another_trigger_stays_manual():
    assert (
        compiled(
            "19sww", ability_lines=["Crosspulse - While Superman is active, he gets +1A"]
        ).status
        == "manual"
    )
    assert (
        compiled(
            "19sww",
            ability_lines=["Crosspulse - When you purchase a Batman die, draw a die and Prep it"],
        ).status
        == "manual"
    )
    # Kevin Nash: removing a die from the Field until end of turn has no effect here.
    assert compile_card(pool()["4tag"]).status != "automated"
