"""The attack step (R11, R12): attackers, blockers, damage, KOs; T2.2 for the first turn."""

from collections.abc import Mapping
from dataclasses import replace

from rules.engine import query
from rules.engine.actions import AssignDamage, DeclareAttackers, DeclareBlockers
from rules.engine.faces import CardDef
from rules.engine.state import GameState, Step, Zone
from rules.engine.verdicts import Applied, Illegal, Verdict


def _illegal(state: GameState, rule: str, message: str, subject: str = "") -> Illegal:
    return Illegal(Verdict(rule, message, subject=subject), state)


def declare_attackers(state: GameState, action: DeclareAttackers, cards, enter_main):
    main = enter_main(state)
    if main is None:
        return _illegal(state, "R11.1", "Attackers are declared after the Main Step.")
    state, player = main, action.player
    if state.tournament and state.is_first_turn and player == state.first_player:
        return _illegal(state, "T2.2", "The first player may not attack on the first turn.")
    if not action.dice or len(set(action.dice)) != len(action.dice):
        return _illegal(state, "R11.1", "Declare each attacking die once (or end the turn).")
    for die_id in action.dice:
        die = state.die(die_id)
        if die is None or die.owner != player or die.zone != Zone.FIELD:
            return _illegal(state, "R11.1", f"{die_id} is not in {player}'s Field.", die_id)
    unfielded = [d.id for d in state.zone(player, Zone.RESERVE) if not d.face.is_energy]
    state = state.moved(unfielded, Zone.USED)  # the Main Step is over (R5.3)
    state = state.moved(action.dice, Zone.ATTACK, keep_face=True)
    state = replace(state, step=Step.BLOCKERS)
    return Applied(state, (f"{player} attacked with {', '.join(action.dice)}",), ("R11.1",))


def declare_blockers(state: GameState, action: DeclareBlockers, cards):
    if state.step != Step.BLOCKERS:
        return _illegal(state, "R11.2", "Blockers are declared right after the attackers.")
    defender = action.player
    attackers = {d.id for d in state.zone(state.active, Zone.ATTACK)}
    blockers = [b for b, _ in action.blocks]
    if len(set(blockers)) != len(blockers):
        return _illegal(state, "R11.2", "Each blocker blocks exactly one attacker.")
    changed = []
    for blocker_id, attacker_id in action.blocks:
        blocker = state.die(blocker_id)
        if blocker is None or blocker.owner != defender or blocker.zone != Zone.FIELD:
            return _illegal(state, "R11.2", f"{blocker_id} is not in {defender}'s Field.")
        if attacker_id not in attackers:
            return _illegal(state, "R11.2", f"{attacker_id} is not attacking.", attacker_id)
        changed.append(replace(blocker, zone=Zone.ATTACK, blocking=attacker_id))
    state = replace(state.with_dice(*changed), step=Step.DAMAGE)
    events = tuple(f"{b} blocked {a}" for b, a in action.blocks) or (f"{defender} did not block",)
    return Applied(state, events, ("R11.2",))


def assign_damage(state: GameState, action: AssignDamage, cards: Mapping[str, CardDef]):
    if state.step != Step.DAMAGE:
        return _illegal(state, "R11.4", "Damage is assigned after blockers are declared.")
    attackers = state.zone(state.active, Zone.ATTACK)
    blockers_of = {a.id: [d for d in state.dice if d.blocking == a.id] for a in attackers}
    damage: dict[str, int] = {}
    player_damage, events = 0, []
    given = {}
    for attacker_id, blocker_id, amount in action.assignments:
        given.setdefault(attacker_id, {})[blocker_id] = amount
    for attacker in attackers:
        power = query.attack(attacker).value
        blockers = blockers_of[attacker.id]
        if not blockers:
            player_damage += power
            events.append(f"{attacker.id} is unblocked: {power} damage to {state.inactive}")
            continue
        split = given.get(attacker.id) or ({blockers[0].id: power} if len(blockers) == 1 else None)
        if split is None:
            return _illegal(
                state, "R11.4", f"{attacker.id} is blocked by several dice: say how its {power} "
                "damage is split among them.", attacker.id,
            )  # fmt: skip
        if (
            set(split) - {b.id for b in blockers}
            or sum(split.values()) != power
            or min(split.values()) < 0
        ):
            return _illegal(
                state, "R11.4", f"{attacker.id} assigns all its {power} damage among its own "
                "blockers, no more and no less.", attacker.id,
            )  # fmt: skip
        for blocker_id, amount in split.items():
            damage[blocker_id] = damage.get(blocker_id, 0) + amount
        for blocker in blockers:  # each blocker deals all its A to the attacker it blocks
            damage[attacker.id] = damage.get(attacker.id, 0) + query.attack(blocker).value
    return _resolve(state, damage, player_damage, events, attackers, blockers_of)


def _resolve(state, damage, player_damage, events, attackers, blockers_of):
    damaged = [
        replace(state.die(die_id), damage=state.die(die_id).damage + amount)
        for die_id, amount in damage.items()
        if amount
    ]
    state = state.with_dice(*damaged)
    knocked_out = [
        d for d in state.dice
        if d.zone == Zone.ATTACK and d.damage and d.damage >= query.defense(d).value
    ]  # fmt: skip
    for die in knocked_out:
        events.append(f"{die.id} took {die.damage} damage (D {query.defense(die).value}): KO'd")
    state = state.moved([d.id for d in knocked_out], Zone.PREP)  # to the owner's Prep (R11.5)
    unblocked = [a.id for a in attackers if not blockers_of[a.id]]
    state = state.moved(unblocked, Zone.OUT_OF_PLAY)  # after dealing damage (R11.4)
    survivors = [d for d in state.dice if d.zone == Zone.ATTACK]
    state = state.with_dice(*(replace(d, zone=Zone.FIELD, blocking=None) for d in survivors))
    defender = state.inactive
    life = state.player(defender).life - player_damage
    state = replace(state.with_life(defender, life), step=Step.CLEANUP)
    rules = ["R11.4", "R11.5"]
    if life <= 0:
        state = replace(state, winner=state.active, step=Step.GAME_OVER)
        events.append(f"{defender} is at {life} life and loses")
        rules.append("R16.1")
    return Applied(state, tuple(events), tuple(rules))
