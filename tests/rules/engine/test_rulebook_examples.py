"""The rulebooks' worked examples as game logs.

DC starter rulebook, example of play (Diane v Carlos, a 10-life demo game), turns 1-3. The
extracted text lost the pictured dice, so the faces are chosen to match the narrative: who buys
what, what is fielded, who blocks, and the damage dealt. Cheetah: Goddess of the Hunt's
"when fielded" ability is entered as judge adjustments until card abilities are automated.
"""

from rules.engine import Replay, Zone, parse_log

EXAMPLE_OF_PLAY = """
game demo life 10 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:4 basic 34sww 32sww
# Diane, turn 1: 3 dice and one Out of Play; she buys Truce with three energy.
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
P1 buy 34sww pay SK1 SK2 SK3
P1 end
# Carlos, turn 1: rerolls two character faces and buys a Cheetah with all four energy.
P2 draw SK1 SK2 SK3 SK4
P2 roll SK1=fist SK2=bolt SK3=L1 SK4=L1
P2 reroll SK3=mask SK4=wild
P2 buy 5sww pay SK1 SK2 SK3 SK4
P2 end
# Diane, turn 2: the last four sidekicks in her bag; she buys Wonder Woman.
P1 draw SK5 SK6 SK7 SK8
P1 roll SK5=mask SK6=bolt SK7=fist SK8=shield
P1 buy 22sww pay SK5 SK6 SK7 SK8
P1 end
# Carlos, turn 2: the last four dice in his bag; another Cheetah.
P2 draw SK5 SK6 SK7 SK8
P2 roll SK5=mask SK6=mask SK7=bolt SK8=shield
P2 buy 5sww pay SK5 SK6 SK7 SK8
P2 end
# Diane, turn 3: all 10 dice of her Used Pile refill the bag; she fields Wonder Woman (1
# energy) and two sidekicks (free), and does not attack.
P1 draw 22sww#1 SK1 SK2 SK3
P1 roll 22sww#1=L2 SK1=L1 SK2=L1 SK3=mask
P1 field 22sww#1 pay SK3
P1 field SK1
P1 field SK2
P1 end
# Carlos, turn 3: his bag is empty and refills; he fields both Cheetahs with two energy.
P2 draw 5sww#1 5sww#2 SK1 SK2
P2 roll 5sww#1=L1 5sww#2=L3 SK1=fist SK2=bolt
P2 field 5sww#1 pay SK1
P2 field 5sww#2 pay SK2
judge move P1:SK1 prep Cheetah: when fielded, KO an opposing sidekick
judge move P1:SK2 prep Cheetah: when fielded, KO an opposing sidekick
judge move P2:SK3 prep Cheetah: ... then draw a die into Prep
judge move P2:SK4 prep Cheetah: ... then draw a die into Prep
P2 attack 5sww#1 5sww#2
P1 block 22sww#1>P2:5sww#1
P2 damage
P2 end
"""


def test_example_of_play_turns_one_to_three_with_the_exact_life_totals(cards):
    replay = Replay.from_log(parse_log(EXAMPLE_OF_PLAY, cards), cards)
    assert replay.legal, [(s.line, s.reason) for s in replay.steps if not s.legal]
    final = replay.final
    # "Carlos's other Cheetah die is unblocked, and deals Diane 5 damage, slashing her life in
    # half!"
    assert (final.player("P1").life, final.player("P2").life) == (5, 10)
    damage_step = next(s for s in replay.steps if type(s.action).__name__ == "AssignDamage")
    events = " | ".join(damage_step.events)
    assert "P2:5sww#1 took 3 damage (D 2): KO'd" in events  # Wonder Woman's A3 KOs Cheetah
    assert "P1:22sww#1" not in events.split("KO'd")[0].split("|")[-1]  # D5 survives 4 damage
    assert final.die("P2:5sww#1").zone == Zone.PREP
    assert final.die("P1:22sww#1").zone == Zone.FIELD and final.die("P1:22sww#1").damage == 0
    assert final.die("P2:5sww#2").zone == Zone.USED  # unblocked: Out of Play, then Used
    assert {d.id for d in final.zone("P1", Zone.PREP)} == {"P1:SK1", "P1:SK2"}
    manual = [s for s in replay.steps if "J1" in s.rules]
    assert len(manual) == 4 and all("(manual)" in s.events[0] for s in manual)


def test_the_full_example_round_trips_through_the_notation(cards):
    from rules.engine import format_log

    log = parse_log(EXAMPLE_OF_PLAY, cards)
    again = parse_log(format_log(log), cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    assert format_log(again) == format_log(log)


def test_the_json_form_round_trips_and_replays_the_same(cards):
    import json

    from rules.engine import log_from_json, log_to_json

    log = parse_log(EXAMPLE_OF_PLAY, cards)
    document = json.loads(json.dumps(log_to_json(log)))
    again = log_from_json(document, cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    assert log_to_json(again) == document
    assert Replay.from_log(again, cards).final == Replay.from_log(log, cards).final


def test_a_broken_json_log_says_which_action(cards):
    import pytest

    from rules.engine import log_from_json, log_to_json

    document = log_to_json(parse_log(EXAMPLE_OF_PLAY, cards))
    document["actions"][3]["type"] = "Teleport"
    with pytest.raises(ValueError, match="action 3: unknown type 'Teleport'"):
        log_from_json(document, cards)
