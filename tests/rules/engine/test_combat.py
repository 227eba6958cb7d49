"""The attack step (R11, R12, R16, T2.2) and the combat keywords Fast, Overcrush and Iron Will
(granted here with judge adjustments, as a card would grant them)."""

from rules.engine import NeedsInput, Step, Zone, apply, parse_action
from tests.rules.engine.helpers import events, header, legal, refused

# P1 attacks on turn 3: Superman L1 (4/6), Wonder Woman L3 (5/7), three sidekicks (1/1);
# P2 defends with Cheetah L1 (4/2) and two sidekicks.
BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die 19sww#1 field L1
P1 die 22sww#1 field L3
P1 die SK1 field L1
P1 die SK2 field L1
P1 die SK3 field L1
P2 die 5sww#1 field L1
P2 die SK1 field L1
P2 die SK2 field L1
"""
)


def test_the_first_player_may_not_attack_on_the_first_turn_of_a_tournament_game(cards):
    first = (
        header() + "P1 draw SK1 SK2 SK3 out SK4\nP1 roll SK1=L1 SK2=fist SK3=mask\nP1 field SK1\n"
    )
    refused(cards, first + "P1 attack SK1\n", "T2.2")
    legal(cards, first.replace("game tournament", "game casual") + "P1 attack SK1\n")
    legal(cards, first + "P1 end\n")


def test_only_fielded_characters_attack_and_the_defender_blocks_each_once(cards):
    refused(cards, BOARD + "P1 attack P2:SK1\n", "R11.1")
    attack = BOARD + "P1 attack SK1 SK2\n"
    replay = legal(cards, attack)
    assert replay.final.pending.kind == "blocks" and replay.final.pending.player == "P2"
    refused(cards, attack + "P1 block SK1>SK1\n", "R11.2")  # the defender declares
    refused(cards, attack + "P2 block SK1>SK1 SK1>SK2\n", "R11.2")  # one attacker per blocker
    refused(cards, attack + "P2 block SK1>19sww#1\n", "R11.2")  # Superman isn't attacking
    state = legal(cards, attack + "P2 block SK1>SK1 SK2>SK1\n").final  # two on one (R11.2)
    assert state.step == Step.WINDOW and state.priority == "P1"
    assert state.die("P2:SK1").zone == Zone.ATTACK and state.die("P2:SK1").blocking == "P1:SK1"


def test_trades_kos_unblocked_damage_and_cleanup(cards):
    replay = legal(
        cards, BOARD + "P1 attack 19sww#1 SK1 SK2\nP2 block 5sww#1>19sww#1 SK1>SK1\nP1 damage\n"
    )
    state = replay.final
    # Superman (A4) KOs Cheetah (D2) and takes 4 on D6; the sidekicks trade; SK2 is unblocked.
    assert state.die("P2:5sww#1").zone == Zone.PREP and state.die("P2:SK1").zone == Zone.PREP
    assert state.die("P1:SK1").zone == Zone.PREP
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").damage == 0
    assert state.player("P2").life == 19
    assert state.die("P1:SK2").zone == Zone.USED  # unblocked: Out of Play, then Used (R4.6)
    assert state.active == "P2" and state.pending.kind == "draw"  # cleanup ran, turn passed
    text = events(replay.steps[-1])
    assert text.index("P1:19sww#1 took 4 damage") < text.index("P2:5sww#1 was KO'd")
    assert "P1:SK2 was unblocked: it goes Out of Play" in text


def test_an_attacker_with_several_blockers_splits_all_its_damage(cards):
    blocked = BOARD + "P1 attack 22sww#1\nP2 block SK1>22sww#1 SK2>22sww#1 5sww#1>22sww#1\n"
    result = apply(legal(cards, blocked).final, parse_action("P1 pass", cards), cards)
    result = apply(result.state, parse_action("P2 pass", cards), cards)
    result = apply(result.state, parse_action("P1 pass", cards), cards)
    assert isinstance(result, NeedsInput) and result.request.kind == "damage"
    refused(cards, blocked + "P1 damage 22sww#1>SK1=1\n", "R11.4")  # all 5, no less
    refused(cards, blocked + "P1 damage 22sww#1>SK1=3 22sww#1>P2=2\n", "R11.4")  # no Overcrush
    state = legal(cards, blocked + "P1 damage 22sww#1>SK1=1 22sww#1>5sww#1=4\n").final
    assert {d.id for d in state.zone("P2", Zone.PREP)} == {"P2:SK1", "P2:5sww#1"}
    assert state.die("P2:SK2").zone == Zone.FIELD  # assigned nothing: survives
    # Wonder Woman took 1 + 1 + 4 = 6 on D 7: she survives; the damage clears at Cleanup.
    assert state.die("P1:22sww#1").zone == Zone.FIELD and state.die("P1:22sww#1").damage == 0


def test_an_attacker_whose_blockers_were_removed_stays_blocked(cards):
    text = BOARD + "P1 attack SK1\nP2 block SK1>SK1\njudge move P2:SK1 used\nP1 damage\n"
    state = legal(cards, text).final
    assert state.player("P2").life == 20 and state.die("P1:SK1").zone == Zone.FIELD


def test_reaching_zero_life_ends_the_game_at_once(cards):
    text = BOARD.replace(
        "board turn 3 active P1 step main", "board turn 3 active P1 step main\nP2 life 4"
    )
    replay = legal(cards, text + "P1 attack 19sww#1 SK1\nP2 block\nP1 damage\n")
    state = replay.final
    assert state.winner == "P1" and state.player("P2").life == -1 and state.step == Step.GAME_OVER
    assert "P2 is at -1 life and loses; P1 wins" in events(replay.steps[-1])
    refused(cards, text + "P1 attack 19sww#1 SK1\nP2 block\nP1 damage\nP2 draw SK3\n", "R16.1")


def test_fast_dice_deal_their_damage_first(cards):
    text = BOARD + "judge keyword P1:SK1 fast\nP1 attack SK1\nP2 block SK1>SK1\nP1 damage\n"
    replay = legal(cards, text)
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.PREP  # KO'd by the Fast sidekick first ...
    assert state.die("P1:SK1").zone == Zone.FIELD  # ... so it dealt no damage back (R11.6)
    assert "R11.6" in replay.steps[-1].rules


def test_overcrush_sends_leftover_damage_past_its_blockers(cards):
    # Wonder Woman L3 (A5) blocked by a sidekick (D1): 1 KOs it, 4 go to P2.
    text = BOARD + "judge keyword P1:22sww#1 overcrush\nP1 attack 22sww#1\nP2 block SK1>22sww#1\n"
    replay = legal(cards, text + "P1 damage\n")
    assert replay.final.player("P2").life == 16 and "K-OVERCRUSH" in replay.steps[-1].rules
    # Two blockers needing 2 + 1 = 3 of its 5: still automatic; 2 go over.
    text = text.replace("P2 block SK1>22sww#1", "P2 block SK1>22sww#1 5sww#1>22sww#1")
    assert legal(cards, text + "P1 damage\n").final.player("P2").life == 18
    # Without Overcrush, the same blocks deal nothing to P2.
    plain = text.replace("judge keyword P1:22sww#1 overcrush\n", "") + (
        "P1 damage 22sww#1>SK1=1 22sww#1>5sww#1=4\n"
    )
    assert legal(cards, plain).final.player("P2").life == 20


def test_overcrush_past_blockers_that_were_all_removed(cards):
    text = BOARD + (
        "judge keyword P1:22sww#1 overcrush\nP1 attack 22sww#1\nP2 block SK1>22sww#1\n"
        "judge move P2:SK1 used\nP1 damage\n"
    )
    assert legal(cards, text).final.player("P2").life == 15


def test_iron_will_survives_its_first_damage_but_not_a_second(cards):
    text = BOARD + "judge keyword P2:SK1 iron_will\nP1 attack 19sww#1\nP2 block SK1>19sww#1\n"
    replay = legal(cards, text + "P1 pass\nP2 pass\nP1 pass\n")
    state = replay.final
    assert state.die("P2:SK1").zone == Zone.FIELD  # 4 damage on D 1, but its first this turn
    assert "K-IRONWILL" in replay.steps[-1].rules
    # Already damaged this turn (1 damage in the window, which Iron Will survives), the
    # combat damage is its second: now it is KO'd (K-IRONWILL (a)).
    text2 = text + "judge damage P2:SK1 1\nP1 pass\nP2 pass\nP1 pass\n"
    assert legal(cards, text2).final.die("P2:SK1").zone == Zone.PREP


def test_must_attack_is_enforced(cards):
    text = BOARD + "judge keyword P1:SK3 must_attack\n"
    refused(cards, text + "P1 attack SK1\n", "R13.1")
    refused(cards, text + "P1 end\n", "R13.1")
    legal(cards, text + "P1 attack SK1 SK3\n")


def test_iron_will_falls_to_a_later_defense_drop_or_a_ko_effect(cards):
    """K-IRONWILL (b) and (c): once damaged this turn, a D reduction to its damage, or an
    effect that KOs it, KOs it."""
    text = BOARD + (
        "judge keyword P2:5sww#1 iron_will\njudge damage P2:5sww#1 3\n"  # lethal, but its first
    )
    replay = legal(cards, text)
    assert (
        replay.final.die("P2:5sww#1").zone == Zone.FIELD and "K-IRONWILL" in replay.steps[-1].rules
    )
    assert (
        legal(cards, text + "judge modifier P2:5sww#1 +1A\n").final.die("P2:5sww#1").zone
        == Zone.FIELD
    )
    assert (
        legal(cards, text + "judge modifier P2:5sww#1 -1D\n").final.die("P2:5sww#1").zone
        == Zone.PREP
    )
    assert legal(cards, text + "judge ko P2:5sww#1\n").final.die("P2:5sww#1").zone == Zone.PREP
    # Never damaged this turn, a KO effect can't touch it.
    untouched = BOARD + "judge keyword P2:5sww#1 iron_will\njudge ko P2:5sww#1\n"
    assert legal(cards, untouched).final.die("P2:5sww#1").zone == Zone.FIELD


def test_damage_splits_may_come_one_attacker_at_a_time(cards):
    text = BOARD.replace("P2 die SK2 field L1", "P2 die SK2 field L1\nP2 die SK3 field L1") + (
        "P1 attack 22sww#1 19sww#1\nP2 block SK1>22sww#1 SK2>22sww#1 SK3>19sww#1 5sww#1>19sww#1\n"
        "P1 damage 22sww#1>SK1=5 22sww#1>SK2=0\n"
    )
    replay = legal(cards, text)
    assert replay.final.pending.kind == "damage" and replay.final.pending.options == ("P1:19sww#1",)
    state = legal(cards, text + "P1 damage 19sww#1>SK3=1 19sww#1>5sww#1=3\n").final
    assert {d.id for d in state.zone("P2", Zone.PREP)} == {"P2:SK1", "P2:SK3", "P2:5sww#1"}
    assert state.die("P2:SK2").zone == Zone.FIELD
