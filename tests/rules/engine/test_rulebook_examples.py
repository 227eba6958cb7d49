"""The rulebooks' worked examples, as game logs.

The extracted rulebook text lost its pictured dice, so faces are chosen to match each narrative:
who buys what, what is fielded, who blocks, the damage dealt, and the life totals the books
give. Card abilities the engine does not automate yet are judge adjustments (J1), or, where
the example is about how the engine applies a card's text (one draw, per die, counting dice),
the ability is scripted here with the engine's own ability interface.
"""

from rules.engine import Zone
from tests.rules.engine.helpers import events, legal

# -- DC Superman/Wonder Woman starter: example of play, Diane v Carlos (demo game, 10 life) --
EXAMPLE_OF_PLAY = """\
game demo life 10 first P1
P1 team 19sww:2 22sww:2 basic 34sww 31sww 32sww
P2 team 5sww:2 9sww:2
# Diane, turn 1: 3 dice and one Out of Play; Truce with three energy.
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
P1 buy 34sww pay SK1 SK2 SK3
P1 end
# Carlos, turn 1: sets two energy aside, rerolls the two others, buys a Cheetah with all four.
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
# Diane, turn 3: all 10 dice of her Used Pile refill the bag; she fields Wonder Woman for 1
# energy and both sidekicks for free, and does not attack.
P1 draw 22sww#1 SK1 SK2 SK3
P1 roll 22sww#1=L2 SK1=L1 SK2=L1 SK3=mask
P1 field 22sww#1 pay SK3
P1 field SK1
P1 field SK2
P1 end
# Carlos, turn 3: his bag is empty and refills; he fields each Cheetah with one energy. Her
# 'when fielded': KO an opposing sidekick, then prep a die from the bag (judge adjustments).
P2 draw 5sww#1 5sww#2 SK1 SK2
P2 roll 5sww#1=L1 5sww#2=L3 SK1=fist SK2=bolt
P2 field 5sww#1 pay SK1
judge ko P1:SK1 -- Cheetah: Goddess of the Hunt, when fielded
judge draw P2 SK3 -- Cheetah: Goddess of the Hunt, when fielded
P2 field 5sww#2 pay SK2
judge ko P1:SK2 -- Cheetah: Goddess of the Hunt, when fielded
judge draw P2 SK4 -- Cheetah: Goddess of the Hunt, when fielded
# Both Cheetahs attack; Wonder Woman blocks the level-1 one; nobody has more to do.
P2 attack 5sww#1 5sww#2
P1 block 22sww#1>5sww#1
P2 pass
P1 pass
P2 pass
"""


def test_example_of_play_turns_one_to_three_with_the_exact_life_totals(cards):
    replay = legal(cards, EXAMPLE_OF_PLAY)
    final = replay.final
    # "Carlos's other Cheetah die is unblocked, and deals Diane 5 damage, slashing her life in
    # half!"
    assert (final.player("P1").life, final.player("P2").life) == (5, 10)
    text = events(replay.steps[-1])
    assert "P1:22sww#1 took 4 damage from P2:5sww#1 (4 on D 5)" in text  # WW survives
    assert "P2:5sww#1 took 3 damage from P1:22sww#1 (3 on D 2)" in text  # Cheetah KO'd
    assert final.die("P2:5sww#1").zone == Zone.PREP
    assert final.die("P1:22sww#1").zone == Zone.FIELD and final.die("P1:22sww#1").damage == 0
    assert final.die("P2:5sww#2").zone == Zone.USED  # unblocked: Out of Play, then Used
    assert {d.id for d in final.zone("P1", Zone.PREP)} == {"P1:SK1", "P1:SK2"}
    # Diane, turn 4: "she has two dice in her Prep Area to add to her roll this turn".
    assert final.active == "P1" and final.pending.kind == "draw"
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:5sww#1", "P2:SK3", "P2:SK4"}
    manual = [s for s in replay.steps if s.manual]
    assert len(manual) == 4 and all("J1" in s.rules for s in manual)
    # Turn 3 refill: "Diane moves all 10 dice in her Used Pile into her bag".
    refill = next(s for s in replay.steps if "R4.1" in s.rules)
    assert "refilled with 10 dice" in events(refill)


def test_the_example_of_play_round_trips_and_its_json_replays_the_same(cards):
    import json

    from rules.engine import Replay, format_log, log_from_json, log_to_json, parse_log

    log = parse_log(EXAMPLE_OF_PLAY, cards)
    again = parse_log(format_log(log), cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    document = json.loads(json.dumps(log_to_json(log)))
    assert (
        Replay.from_log(log_from_json(document, cards), cards).final
        == Replay.from_log(log, cards).final
    )
