"""Damage multipliers ('deals double damage', query.damage_multiplier): static abilities
answer the 'damage_multiplier' question about damage from a source die to a die or a player;
the attack step multiplies combat damage where it is assigned (R11.4), so Overcrush's excess
is counted after the multiplier (K-OVERCRUSH); other damage is multiplied where it is dealt.
"""

from rules.engine import NeedsInput, Zone, apply, parse_action
from rules.engine.abilities import Ability, Contribution
from rules.engine.effects import ops
from rules.engine.txn import Txn
from tests.rules.engine.helpers import events, legal, refused, with_abilities

# P1 attacks with Wolverine L3 (8A 4D) or Superman L1 (4A 6D); P2 has a Sidekick (1A 1D),
# Cheetah L1 (4A 2D) and another Sidekick.
BOARD = """\
game tournament life 20 first P1
P1 team 22uxm:4 19sww:4 basic 34sww
P2 team 5sww:4 9sww:3 basic 34sww
board turn 3 active P1 step main
P1 die 22uxm#1 field L3
P1 die 19sww#1 field L1
P2 die 5sww#1 field L1
P2 die SK1 field L1
P2 die SK2 field L1
"""


def _to_its_blockers(q):
    """'Wolverine deals double damage to characters that block him'."""
    mine = q.other is not None and q.other.card == q.card
    if mine and q.die is not None and q.die.blocking == q.other.id:
        yield Contribution("damage_multiplier", 2, "Wolverine")


def _to_cheetah(q):
    """'Superman deals double damage to Cheetah dice' (a multiplier about its target)."""
    mine = q.other is not None and q.other.card == q.card
    if mine and q.die is not None and q.die.card == "5sww":
        yield Contribution("damage_multiplier", 2, "Superman")


def _double_to_sidekicks(q):
    """'Double all damage dealt to Sidekicks', from any source."""
    if q.die is not None and q.die.is_sidekick:
        yield Contribution("damage_multiplier", 2, "Pain Amplifier")


def _static(key, text, contributions):
    return Ability(key, "static", text, while_active=True, continuous=contributions)


def wolverine(cards):
    return with_abilities(
        cards, "22uxm", _static("double", "double damage to his blockers", _to_its_blockers)
    )


def test_double_damage_to_blockers_is_multiplied_before_overcrush_takes_its_excess(cards):
    """The official ruling (WizKids rules forum, Wolverine and Anger Issues, 25 Jun 2015): an
    8A attacker dealing double damage to its blockers, with Overcrush, blocked by a 1D die:
    its 16 damage, 1 to the blocker, 15 to the player (K-OVERCRUSH after the multiplier)."""
    text = BOARD + "judge keyword P1:22uxm#1 overcrush\nP1 attack 22uxm#1\nP2 block SK1>22uxm#1\n"
    replay = legal(wolverine(cards), text + "P1 damage\n")
    assert replay.final.player("P2").life == 5
    assert replay.final.die("P2:SK1").zone == Zone.PREP
    assert "P2 took 15 damage from P1:22uxm#1, x2 (Wolverine)" in events(replay.steps[-1])
    # The explicit split is in the multiplied damage: all 16, the blocker's lethal first.
    refused(wolverine(cards), text + "P1 damage 22uxm#1>SK1=1 22uxm#1>P2=7\n", "R11.4")
    refused(wolverine(cards), text + "P1 damage 22uxm#1>SK1=0 22uxm#1>P2=16\n", "K-OVERCRUSH")
    explicit = legal(wolverine(cards), text + "P1 damage 22uxm#1>SK1=1 22uxm#1>P2=15\n")
    assert explicit.final.player("P2").life == 5
    # Without the multiplier, the same attack sends 7 past the blocker.
    assert legal(cards, text + "P1 damage\n").final.player("P2").life == 13


def test_double_damage_to_blockers_is_not_doubled_unblocked(cards):
    """Unblocked, the attacker's damage goes to the player, who is no blocker: 8 (R11.4)."""
    text = BOARD + "P1 attack 22uxm#1\nP2 block\nP1 damage\n"
    assert legal(wolverine(cards), text).final.player("P2").life == 12


def test_the_split_request_and_each_blocker_see_the_multiplied_damage(cards):
    """Blocked by two dice, the attacker splits its 16 damage (R11.4); the request says where
    the number comes from; a blocker's own multiplier applies to what it deals back."""
    text = BOARD + "P1 attack 22uxm#1\nP2 block SK1>22uxm#1 5sww#1>22uxm#1\n"
    played = wolverine(cards)
    result = apply(legal(played, text).final, parse_action("P1 pass", played), played)
    result = apply(result.state, parse_action("P2 pass", played), played)
    result = apply(result.state, parse_action("P1 pass", played), played)
    assert isinstance(result, NeedsInput) and result.request.kind == "damage"
    assert "P1:22uxm#1 (A 8, 16 damage x2 (Wolverine))" in result.request.text
    refused(wolverine(cards), text + "P1 damage 22uxm#1>SK1=1 22uxm#1>5sww#1=7\n", "R11.4")
    final = legal(wolverine(cards), text + "P1 damage 22uxm#1>SK1=1 22uxm#1>5sww#1=15\n").final
    assert final.die("P2:SK1").zone == Zone.PREP and final.die("P2:5sww#1").zone == Zone.PREP
    # Wolverine took 1 + 4 (not doubled: their damage to him has no multiplier) on D 4: KO'd.
    assert final.die("P1:22uxm#1").zone == Zone.PREP


def test_a_multiplier_about_one_blocker_applies_to_the_damage_it_is_assigned(cards):
    """A multiplier on damage to some targets only ('double damage to Cheetah dice'): the
    attacker splits its A (the multiplier its blockers share, none here) and the damage
    assigned to the Cheetah die is doubled when dealt."""
    doubled = with_abilities(
        cards, "19sww", _static("double", "double damage to Cheetah", _to_cheetah)
    )
    text = BOARD + (
        "P1 attack 19sww#1\nP2 block SK1>19sww#1 5sww#1>19sww#1\n"
        "judge modifier P2:5sww#1 +0A+3D\nP1 damage 19sww#1>SK1=1 19sww#1>5sww#1=3\n"
    )
    replay = legal(doubled, text)
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP  # 6 damage on D 5
    assert "P2:5sww#1 took 6 damage from P1:19sww#1, x2 (Superman)" in events(replay.steps[-1])


def test_damage_other_than_combat_is_multiplied_where_it_is_dealt(cards):
    """'Double all damage dealt to Sidekicks' doubles an effect's damage too, and prevention
    (R13.4) applies to the doubled damage."""
    doubled = with_abilities(
        cards, "5sww", _static("amplify", "double damage to Sidekicks", _double_to_sidekicks)
    )
    state = legal(doubled, BOARD).final
    txn = Txn(state, doubled)
    assert ops.deal_damage(txn, "P2:SK2", 1, source="P1:19sww#1") == 2
    assert ops.deal_damage(txn, "P2:5sww#1", 1, source="P1:19sww#1") == 1
    assert any("x2 (Pain Amplifier)" in str(e) for e in txn.events)


def test_several_multipliers_multiply_together(cards):
    """Two doublings of the same damage make it four times (query.damage_multiplier): 8A to
    a blocking Sidekick doubled by the attacker and doubled as damage to Sidekicks: 32."""
    both = with_abilities(
        wolverine(cards),
        "5sww",
        _static("amplify", "double damage to Sidekicks", _double_to_sidekicks),
    )
    text = BOARD + "P1 attack 22uxm#1\nP2 block SK1>22uxm#1\nP1 damage\n"
    replay = legal(both, text)
    assert "P2:SK1 took 32 damage from P1:22uxm#1, x4 (Wolverine, Pain Amplifier)" in events(
        replay.steps[-1]
    )


def test_overcrush_lethal_counts_a_blockers_own_multiplier(cards):
    """Superman (4A, Overcrush) doubles his damage to Cheetah dice only, and is blocked by a
    Sidekick (D 1) and Cheetah (D 2): he splits his 4 (the multiplier his blockers share is
    none); 1 assigned to Cheetah is dealt as 2, its lethal, so the Sidekick's 1 and Cheetah's
    1 leave 2 for the player (K-OVERCRUSH after the multiplier)."""
    doubled = with_abilities(
        cards, "19sww", _static("double", "double damage to Cheetah", _to_cheetah)
    )
    text = BOARD + (
        "judge keyword P1:19sww#1 overcrush\n"
        "P1 attack 19sww#1\nP2 block SK1>19sww#1 5sww#1>19sww#1\nP1 damage\n"
    )
    replay = legal(doubled, text)
    state = replay.final
    assert state.player("P2").life == 18
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.PREP
    assert "P2:5sww#1 took 2 damage from P1:19sww#1, x2 (Superman)" in events(replay.steps[-1])
