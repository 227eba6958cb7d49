"""What Overcrush must assign to a blocker before its leftover damage goes to the defending
player (K-OVERCRUSH: 'if it KOs or removes all its blockers'), against the keywords and
effects that change whether a blocker is KO'd.

'Lethal' is the blocker's D minus the damage already on it; a blocker at D 0 needs none. Iron
Will ('can't be KO'd unless already damaged this turn', K-IRONWILL) on a die not damaged this
turn means this damage can't KO it, so none goes past it (unless it is at D 0: the official
ruling). Prevention acts when the damage is dealt (R13.4) and does not change what is
assigned. Each blocker gets its lethal before any damage goes past (R11.4).
"""

from rules.engine import Zone
from rules.engine.abilities import Ability, Contribution
from tests.rules.engine.helpers import events, legal, refused, with_abilities
from tests.rules.engine.test_combat import BOARD

OVERCRUSH = "judge keyword P1:22sww#1 overcrush\n"  # Wonder Woman L3: A5
ZERO_D_IRON_WILL = "judge keyword P2:SK1 iron_will\njudge modifier P2:SK1 -1D\n"  # D 0


def test_a_zero_defense_iron_will_blocker_takes_none_of_the_overcrush_damage(cards):
    """The official ruling (WizKids rules forum, 'KOing Iron Will', 30 Nov 2022): a 5A
    Overcrush attacker blocked only by a 0D Iron Will die not damaged this turn: the combat
    damage KOs the blocker, none of it is used up on a 0D blocker, the player takes all 5
    (K-OVERCRUSH, K-IRONWILL)."""
    text = BOARD + ZERO_D_IRON_WILL + OVERCRUSH + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n"
    standing = legal(cards, text).final.die("P2:SK1")
    assert standing.zone == Zone.ATTACK  # at D 0, but never damaged: Iron Will holds it
    replay = legal(cards, text + "P1 damage\n")
    assert replay.final.player("P2").life == 15
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert {"K-OVERCRUSH", "R11.5"} <= set(replay.steps[-1].rules)
    assert "P2:SK1 took P1:22sww#1's combat damage with nothing left to take" in events(
        replay.steps[-1]
    )
    # Written as the explicit split (0 to the blocker, 5 to the player), it is the same.
    explicit = legal(cards, text + "P1 damage 22sww#1>SK1=0 22sww#1>P2=5\n").final
    assert explicit.player("P2").life == 15 and explicit.die("P2:SK1").zone == Zone.PREP


def test_a_zero_defense_iron_will_blocker_is_kod_by_the_combat_damage_it_takes(cards):
    """Without Overcrush the attacker's damage all goes to the 0D Iron Will blocker: once it
    takes combat damage it is KO'd (the same ruling; K-IRONWILL saves a die its first damage
    made lethal, and this one was at D 0 before it)."""
    text = BOARD + ZERO_D_IRON_WILL + "P1 attack 22sww#1\nP2 block SK1>22sww#1\nP1 damage\n"
    state = legal(cards, text).final
    assert state.die("P2:SK1").zone == Zone.PREP and state.player("P2").life == 20


def test_an_iron_will_blocker_not_damaged_this_turn_lets_no_overcrush_damage_past(cards):
    """A D 1 Iron Will blocker not damaged this turn survives the attacker's damage, its first
    (K-IRONWILL), so the attacker does not KO all its blockers and deals nothing past them
    (K-OVERCRUSH; the 0D ruling: the KO is 'the requirement for Overcrush damage')."""
    text = (
        BOARD
        + "judge keyword P2:SK1 iron_will\n"
        + OVERCRUSH
        + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n"
    )
    replay = legal(cards, text + "P1 damage\n")  # one blocker: all 5 to it
    assert replay.final.player("P2").life == 20
    assert replay.final.die("P2:SK1").zone == Zone.FIELD
    assert "K-IRONWILL" in replay.steps[-1].rules
    step = refused(cards, text + "P1 damage 22sww#1>SK1=1 22sww#1>P2=4\n", "K-OVERCRUSH")
    assert "can't KO it (K-IRONWILL)" in step.reason
    # Damaged earlier this turn (D 2, 1 damage), Iron Will no longer holds it: its lethal is
    # 1 more, and 4 go past (K-IRONWILL (a), K-OVERCRUSH).
    damaged = BOARD + (
        "judge keyword P2:SK1 iron_will\njudge modifier P2:SK1 +0A+1D\njudge damage P2:SK1 1\n"
        + OVERCRUSH
        + "P1 attack 22sww#1\nP2 block SK1>22sww#1\nP1 damage\n"
    )
    state = legal(cards, damaged).final
    assert state.player("P2").life == 16 and state.die("P2:SK1").zone == Zone.PREP


def _prevent_all_to_p2_sidekicks(q):
    if q.die is not None and q.die.controller == "P2" and q.die.is_sidekick:
        yield Contribution("prevent", q.amount, "Shield Wall")


def test_prevention_does_not_change_what_overcrush_must_assign(cards):
    """Prevention acts when damage is dealt (R13.4), after it is assigned: the blocker still
    needs its D (1) before any damage goes past; the 1 assigned to it is prevented, the 4
    past it are dealt (K-OVERCRUSH)."""
    shielded = with_abilities(
        cards,
        "5sww",
        Ability(
            "wall",
            "static",
            "prevent all damage to your Sidekicks",
            while_active=True,
            continuous=_prevent_all_to_p2_sidekicks,
        ),
    )
    text = BOARD + OVERCRUSH + "P1 attack 22sww#1\nP2 block SK1>22sww#1\n"
    replay = legal(shielded, text + "P1 damage\n")
    state = replay.final
    assert state.player("P2").life == 16 and state.die("P2:SK1").zone == Zone.FIELD
    assert "R13.4" in replay.steps[-1].rules
    refused(shielded, text + "P1 damage 22sww#1>SK1=0 22sww#1>P2=5\n", "K-OVERCRUSH")


def test_each_blocker_gets_its_lethal_before_damage_goes_past(cards):
    """Several blockers (R11.2): each is assigned its lethal before any damage goes to the
    player (K-OVERCRUSH); a 0D Iron Will blocker among them needs none."""
    blocks = "P1 attack 22sww#1\nP2 block SK1>22sww#1 5sww#1>22sww#1\n"
    text = BOARD + ZERO_D_IRON_WILL + OVERCRUSH + blocks
    refused(cards, text + "P1 damage 22sww#1>SK1=0 22sww#1>5sww#1=1 22sww#1>P2=4\n", "K-OVERCRUSH")
    state = legal(cards, text + "P1 damage\n").final  # 0 to SK1, 2 to Cheetah (D 2), 3 over
    assert state.player("P2").life == 17
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.PREP
    # Cheetah already carrying 1 damage needs only 1 more.
    hurt = BOARD + OVERCRUSH + "judge damage P2:5sww#1 1\n" + blocks + "P1 damage\n"
    assert legal(cards, hurt).final.player("P2").life == 17  # 1 to SK1, 1 to Cheetah, 3 over


def test_the_zero_defense_blocker_takes_the_combat_damage_for_when_damaged_effects(cards):
    """The 0D Iron Will blocker 'takes combat damage' (the ruling) though none is used up on
    it: its 'when damaged' effect resolves (R11.5), before it is KO'd."""

    def sting(ctx):
        ctx.lose_life("P1", 1)

    stung = with_abilities(
        cards,
        "5sww",
        Ability("sting", "triggered", "when damaged, P1 loses 1 life", trigger="damaged",
                resolve=sting),
    )  # fmt: skip
    text = BOARD + (
        "judge keyword P2:5sww#1 iron_will\njudge modifier P2:5sww#1 +0A-2D\n"  # Cheetah at D 0
        + OVERCRUSH
        + "P1 attack 22sww#1\nP2 block 5sww#1>22sww#1\nP1 damage\n"
    )
    state = legal(stung, text).final
    assert state.player("P2").life == 15 and state.die("P2:5sww#1").zone == Zone.PREP
    assert state.player("P1").life == 19
