"""Every action the notation can write, it reads back the same, in text and in JSON: a
property test over generated actions (hypothesis)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import (
    Activate,
    Answer,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    DeclareNoAttack,
    Draw,
    EndTurn,
    FieldDie,
    JudgeAdjust,
    Order,
    PassPriority,
    Payment,
    Purchase,
    Reroll,
    Roll,
    UseAction,
    UseGlobal,
    format_action,
    parse_action,
    parse_face,
)
from rules.engine.notation import action_from_json, action_to_json
from tests.rules.engine.conftest import demo_cards

CARDS = demo_cards()
players = st.sampled_from(["P1", "P2"])
numbers = st.integers(min_value=1, max_value=8)
sidekick_faces = st.sampled_from(["fist", "bolt", "mask", "shield", "wild", "L1"])
card_faces = st.sampled_from(["mask", "mask2", "wild", "mask+wild", "L1", "L2", "L3"])


@st.composite
def dice(draw, player):
    kind = draw(st.sampled_from(["sidekick", "card", "basic", "token", "other"]))
    if kind == "sidekick":
        return f"{player}:SK{draw(numbers)}"
    if kind == "card":
        return f"{player}:22sww#{draw(st.integers(1, 4))}"
    if kind == "basic":
        return f"BA:31sww#{draw(st.integers(1, 6))}"
    if kind == "token":
        return f"{player}:T{draw(numbers)}"
    other = "P2" if player == "P1" else "P1"
    return f"{other}:SK{draw(numbers)}"


@st.composite
def faced(draw, player):
    if draw(st.booleans()):
        die = f"{player}:SK{draw(numbers)}"
        return die, parse_face(draw(sidekick_faces), None)
    die = f"{player}:22sww#{draw(st.integers(1, 4))}"
    return die, parse_face(draw(card_faces), CARDS["22sww"])


@st.composite
def payments(draw, player):
    found = []
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.sampled_from(["die", "part", "virtual"]))
        if choice == "virtual":
            found.append(Payment(virtual=draw(st.integers(1, 3))))
        else:
            part = draw(st.sampled_from(["fist", "mask", "wild"])) if choice == "part" else ""
            found.append(Payment(draw(dice(player)), part))
    return tuple(found)


def unique(items):
    return tuple(dict.fromkeys(items))


@st.composite
def actions(draw):
    p = draw(players)
    o = "P2" if p == "P1" else "P1"
    some_dice = st.lists(dice(p), min_size=1, max_size=5).map(unique)
    picks = st.lists(
        st.sampled_from(["P1:SK1", "P2:SK3", "P2:5sww#1", "P1", "P2"]), min_size=0, max_size=3
    ).map(unique)
    kind = draw(st.integers(0, 18))
    if kind == 0:
        return Draw(p, draw(some_dice), draw(st.lists(dice(p), max_size=1).map(tuple)))
    if kind == 1:
        return Roll(p, tuple(dict(draw(st.lists(faced(p), min_size=1, max_size=5))).items()))
    if kind == 2:
        return Reroll(p, tuple(dict(draw(st.lists(faced(p), max_size=4))).items()))
    if kind == 3:
        suit = draw(st.one_of(st.just(""), dice(p)))
        return Purchase(
            p, draw(st.sampled_from(["19sww", "22sww", "31sww"])), draw(payments(p)), suit
        )
    if kind == 4:
        return FieldDie(p, draw(dice(p)), draw(payments(p)))
    if kind == 5:
        return UseAction(p, draw(dice(p)), tuple(t for t in draw(picks) if t not in ("P1", "P2")))
    if kind == 6:
        card = draw(st.sampled_from(["31sww", "P2:9sww", "9sww"]))
        return UseGlobal(
            p,
            card,
            draw(payments(p)),
            draw(picks),
            draw(st.sampled_from(["", "global"])),
            draw(st.integers(1, 4)),  # a batch of uses (R10.3)
        )
    if kind == 7:
        return Activate(p, draw(dice(p)), draw(payments(p)), draw(picks), "")
    if kind == 8:
        return PassPriority(p)
    if kind == 9:
        return EndTurn(p)
    if kind == 10:
        return DeclareAttackers(p, draw(some_dice))
    if kind == 11:
        blockers = draw(st.lists(st.integers(1, 8), max_size=4, unique=True))
        return DeclareBlockers(p, tuple((f"{p}:SK{b}", f"{o}:SK{draw(numbers)}") for b in blockers))
    if kind == 12:
        targets = draw(
            st.lists(
                st.one_of(st.just(o), st.integers(1, 8).map(lambda n: f"{o}:SK{n}")),
                max_size=3,
                unique=True,
            )
        )
        return AssignDamage(p, tuple((f"{p}:22sww#1", t, draw(st.integers(0, 9))) for t in targets))
    if kind == 13:
        return Order(
            p,
            draw(
                st.lists(
                    st.sampled_from(["P1:SK1", "P1:19sww", "P1:19sww#2.ping"]),
                    min_size=2,
                    max_size=3,
                    unique=True,
                ).map(tuple)
            ),
        )
    if kind == 14:
        return Choose(p, draw(picks))
    if kind == 15:
        yes = draw(st.booleans())
        return Answer(p, yes, draw(payments(p)) if yes else ())
    if kind == 16:
        return DeclareNoAttack(p)
    return draw(judge_adjustments())


@st.composite
def judge_adjustments(draw):
    die = f"{draw(players)}:SK{draw(numbers)}"
    other_die = f"{draw(players)}:22sww#{draw(st.integers(1, 4))}"
    amount = draw(st.integers(-5, 5).filter(bool))
    note = draw(st.sampled_from(["", "Cheetah: when fielded", "a note -- with dashes"]))
    kind = draw(
        st.sampled_from(
            [
                "move",
                "face",
                "damage",
                "life",
                "modifier",
                "spin",
                "ko",
                "keyword",
                "energy",
                "draw",
                "capture",
                "control",
                "release",
                "copy",
                "swap",
                "token",
                "reroll",
                "prep",
                "attach",
                "detach",
                "pair",
                "unpair",
            ]
        )
    )
    values = {
        "move": {"die": die, "zone": draw(st.sampled_from(["prep", "used", "field", "reserve"]))},
        "face": {"die": die, "face": parse_face("fist", None)},
        "damage": {"die": die, "amount": amount},
        "life": {"target": draw(players), "amount": amount},
        "modifier": {
            "die": die,
            "attack": draw(st.integers(-3, 3)),
            "defense": draw(st.integers(-3, 3)),
        },
        "spin": {"die": die, "amount": amount},
        "ko": {"die": die},
        "keyword": {"die": die, "mode": draw(st.sampled_from(["overcrush", "iron_will", "fast"]))},
        "energy": {"target": draw(players), "amount": amount},
        "draw": {"target": "P1", "dice": ("P1:SK1", "P1:SK2")},
        "capture": {"die": die, "other": other_die},
        "control": {"die": die, "other": other_die},
        "release": {"die": die},
        "copy": {"die": die, "other": other_die, "mode": draw(st.sampled_from(["stats", "die"]))},
        "swap": {"die": die, "other": other_die},
        "token": {
            "target": draw(players),
            "attack": 2,
            "defense": 3,
            "mode": draw(st.sampled_from(["", "Bot"])),
        },
        "reroll": {"die": die, "face": parse_face("L1", None)},
        "prep": {"die": die},
        "attach": {"die": die, "other": other_die},
        "detach": {"die": die},
        "pair": {"die": die, "other": other_die},
        "unpair": {"die": die},
    }[kind]
    if kind == "modifier" and not (values["attack"] or values["defense"]):
        values["defense"] = 1
    return JudgeAdjust(kind, note=note.replace(" -- ", " - "), **values)


@settings(max_examples=400, deadline=None)
@given(actions())
def test_any_action_round_trips_through_text_and_json(action):
    text = format_action(action)
    assert parse_action(text, CARDS) == action, text
    assert action_from_json(json.loads(json.dumps(action_to_json(action))), CARDS) == action
