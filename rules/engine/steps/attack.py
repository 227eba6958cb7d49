"""R5.4 and R11: the attack step.

Declare attackers (T2.2 on the first player's first turn; 'when attacks' effects per die),
declare blockers (several may block one attacker; 'when blocks / is blocked' effects), the
action and global window with priority, then damage: Fast dice first (K-FAST, R11.6), all
damage of a round at once (R11.4), unblocked attackers Out of Play right after dealing it,
Overcrush leftovers (K-OVERCRUSH) counted after damage multipliers ('deals double damage',
query.damage_multiplier), 'when damaged' effects, then KOs to Prep with Iron Will
(R11.5, K-IRONWILL), 'when KO'd' effects, and survivors back to the Field.
"""

from rules.engine import abilities, query
from rules.engine.actions import (
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    DeclareNoAttack,
    EndTurn,
)
from rules.engine.effects import ops
from rules.engine.effects.queue import QueuedEffect, engine_effect, push_front
from rules.engine.keywords import fast, ironwill, overcrush
from rules.engine.state import Combat, Die, Request, Step, Zone, replace
from rules.engine.steps.priority import close_window, enter_main
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def _end_main_for(txn: Txn, player: str, what: str) -> None:
    if player != txn.state.active:
        reject("R10.4", f"Only the active player ({txn.state.active}) {what}.")
    enter_main(txn)
    if txn.state.step == Step.NO_ATTACK:
        reject(
            "R5.4",
            f"{player} declared no attack: there is no attack step this turn.",
            hint=f"Write '{player} end' to go on to Cleanup.",
        )
    if txn.state.step != Step.MAIN:
        reject("R5.0", f"The Main Step is over: this is the {txn.state.step.value} step.")
    close_window(txn)


def _must_attack(txn: Txn, player: str) -> list[str]:
    """Dice under a persistent 'must attack' effect (R13.1), granted like a keyword, or a
    continuous one (the stat query layer's keywords); only those able to attack: a die a
    'can't attack' holds back (R13.7) or that controls another die (R15.2) is not forced."""
    state = txn.state
    return [
        d.id
        for d in state.zone(player, Zone.FIELD)
        if d.is_character
        and "must_attack" in query.keywords(state, txn.cards, d)
        and not any(o.held_by == d.id and o.zone != Zone.CAPTURED for o in state.dice)
        and not abilities.restriction(state, txn.cards, "attack", die=d)
    ]


def _must_block(txn: Txn, player: str) -> list[str]:
    """Dice under a persistent 'must block' effect (R13.1), granted like a keyword or a
    continuous one, that are able to block one of the attackers: a 'can't block' (R13.7), a die
    controlling another (R15.2) or no attacker it may block leaves it free."""
    state = txn.state
    attackers = [d for d in state.zone(state.active, Zone.ATTACK) if not d.blocking]
    return [
        d.id
        for d in state.zone(player, Zone.FIELD)
        if d.is_character
        and "must_block" in query.keywords(state, txn.cards, d)
        and not any(o.held_by == d.id and o.zone != Zone.CAPTURED for o in state.dice)
        and any(
            not abilities.restriction(state, txn.cards, "block", die=d, other=a) for a in attackers
        )
    ]


def _first_turn_no_attack(state) -> bool:
    return (
        state.format == "tournament" and state.is_first_turn and state.active == state.first_player
    )


def apply_declare_no_attack(txn: Txn, action: DeclareNoAttack) -> None:
    """R5.4: no attackers, no attack step; the game waits at that moment (Step.NO_ATTACK)
    until the active player ends the turn, so what is tried then can be recorded."""
    _declare_no_attack(txn, action.player)
    txn.update(step=Step.NO_ATTACK, phase="")


def apply_end_turn(txn: Txn, action: EndTurn) -> None:
    """'end': no attack and Cleanup in one line, or Cleanup after a 'no attack'."""
    player = action.player
    if txn.state.step != Step.NO_ATTACK:
        _declare_no_attack(txn, player)
    elif player != txn.state.active:
        reject("R10.4", f"Only the active player ({txn.state.active}) ends the turn.")
    txn.update(step=Step.CLEANUP, phase="")


def _declare_no_attack(txn: Txn, player: str) -> None:
    _end_main_for(txn, player, "declares no attack")
    forced = _must_attack(txn, player)
    if forced and not _first_turn_no_attack(txn.state):
        reject("R13.1", f"{', '.join(forced)} must attack this turn.")
    txn.emit(
        "no_attack",
        f"{player} did not attack: no attack step, the turn goes to Cleanup",
        rule="R5.4",
        player=player,
    )
    unused = [d.id for d in txn.state.zone(player, Zone.RESERVE) if d.face and d.face.action]
    for die_id in unused:  # R5.4: never used, so to the Used Pile (not Out of Play)
        txn.move(die_id, Zone.USED)
    if unused:
        txn.emit(
            "moved",
            f"Unused action dice {', '.join(unused)} went to the Used Pile: no attack step",
            rule="R5.4",
            player=player,
            dice=tuple(unused),
        )


def apply_declare_attackers(txn: Txn, action: DeclareAttackers) -> None:
    player = action.player
    _end_main_for(txn, player, "declares attackers")
    if _first_turn_no_attack(txn.state):
        reject("T2.2", "The first player may not attack on the first turn of a tournament game.")
    if not action.dice or len(set(action.dice)) != len(action.dice):
        reject("R11.1", "Declare each attacking die once (or end the turn without attacking).")
    attackers = []
    for die_id in action.dice:
        die = txn.die(die_id, rule="R11.1")
        if die.controller != player or die.zone != Zone.FIELD or not die.is_character:
            reject("R11.1", f"{die_id} is not a character die in {player}'s Field.", subject=die_id)
        if any(d.held_by == die.id and d.zone != Zone.CAPTURED for d in txn.state.dice):
            reject("R15.2", f"{die_id} controls another die and can't attack.", subject=die_id)
        why = abilities.restriction(txn.state, txn.cards, "attack", die=die)
        if why:
            reject("R13.7", f"{die_id} can't attack: {why}.", subject=die_id)
        attackers.append(die)
    # 'only one [X] character die can attack each turn': a question about the group (R13.7)
    ids = tuple(d.id for d in attackers)
    why = abilities.restriction(txn.state, txn.cards, "attackers", player=player, params=ids)
    if why:
        reject("R13.7", f"These dice can't attack together: {why}.")
    missing = [d for d in _must_attack(txn, player) if d not in action.dice]
    if missing:
        reject("R13.1", f"{', '.join(missing)} must attack this turn.")
    for die in attackers:
        txn.put(replace(txn.die(die.id), zone=Zone.ATTACK))
    for die in attackers:
        txn.emit("attacks", f"{txn.name(die)} attacks", rule="R11.1", die=die.id, player=player)
    txn.update(step=Step.ATTACKERS)


def ask_for_blocks(txn: Txn) -> None:
    defender = txn.state.inactive
    able = tuple(d.id for d in txn.state.zone(defender, Zone.FIELD) if d.is_character)
    if not able:
        txn.emit(
            "no_block",
            f"{defender} has no character die in the Field to block with",
            rule="R11.2",
            player=defender,
        )
        open_window(txn)
        return
    txn.update(
        step=Step.BLOCKERS,
        pending=Request(
            "blocks",
            defender,
            f"{defender} declares blockers (or none)",
            options=able,
        ),
    )


def open_window(txn: Txn) -> None:
    txn.update(step=Step.WINDOW, priority=None, pending=None)


def apply_declare_blockers(txn: Txn, action: DeclareBlockers) -> None:
    state, defender = txn.state, action.player
    if state.step != Step.BLOCKERS or defender != state.inactive:
        reject("R11.2", f"Blockers are declared by {state.inactive}, right after the attackers.")
    blockers = [b for b, _ in action.blocks]
    if len(set(blockers)) != len(blockers):
        reject("R11.2", "Each blocker blocks exactly one attacker.")
    pairs = []
    for blocker_id, attacker_id in action.blocks:
        blocker = txn.die(blocker_id, rule="R11.2")
        if blocker.controller != defender or blocker.zone != Zone.FIELD or not blocker.is_character:
            reject(
                "R11.2",
                f"{blocker_id} is not a character die in {defender}'s Field.",
                subject=blocker_id,
            )
        attacker = txn.state.die(attacker_id)
        if attacker is None or attacker.zone != Zone.ATTACK or attacker.controller != state.active:
            reject("R11.2", f"{attacker_id} is not attacking.", subject=attacker_id)
        why = abilities.restriction(txn.state, txn.cards, "block", die=blocker, other=attacker)
        if why:
            reject("R13.7", f"{blocker_id} can't block {attacker_id}: {why}.", subject=blocker_id)
        pairs.append((blocker, attacker))
    chosen = {b.id for b, _ in pairs}
    missing = [d for d in _must_block(txn, defender) if d not in chosen]
    if missing:
        reject("R13.1", f"{', '.join(missing)} must block this turn.")
    blocked = {a.id: a for _, a in pairs}
    for attacker in blocked.values():  # 'only by two or more character dice' (R13.7)
        count = sum(1 for _, a in pairs if a.id == attacker.id)
        why = abilities.restriction(txn.state, txn.cards, "blockers", die=attacker, amount=count)
        if why:
            reject("R13.7", f"{attacker.id} can't be blocked so: {why}.", subject=attacker.id)
    _pay_life_to_block(txn, defender, [b for b, _ in pairs])
    for blocker, attacker in pairs:
        txn.put(replace(txn.die(blocker.id), zone=Zone.ATTACK, blocking=attacker.id))
        attacker = txn.die(attacker.id)
        txn.put(replace(attacker, flags=attacker.flags | {"blocked"}))
    for blocker, attacker in pairs:
        txn.emit(
            "blocks",
            f"{txn.name(blocker)} blocks {attacker.id}",
            rule="R11.2",
            die=blocker.id,
            other=attacker.id,
            player=defender,
        )
    for blocker, attacker in pairs:
        txn.emit(
            "blocked",
            f"{attacker.id} is blocked by {blocker.id}",
            rule="R11.2",
            die=attacker.id,
            other=blocker.id,
            player=state.active,
        )
    if not pairs:
        txn.emit("no_block", f"{defender} did not block", rule="R11.2", player=defender)
    open_window(txn)


def _pay_life_to_block(txn: Txn, defender: str, blockers: list[Die]) -> None:
    """Life static abilities make the defender pay to declare blockers at all, and to block
    with each of these dice (paying life is not damage, R12.4)."""
    if not blockers:
        return
    ops.pay_life_to(txn, defender, "declare_blockers")
    for blocker in blockers:
        ops.pay_life_to(txn, defender, "block", blocker)


# -- damage ------------------------------------------------------------------------------
def _blockers(state, attacker_id: str) -> list[Die]:
    return [d for d in state.dice if d.blocking == attacker_id and d.zone == Zone.ATTACK]


def _attackers(state) -> list[Die]:
    return [d for d in state.zone(state.active, Zone.ATTACK) if not d.blocking]


def _lethal(txn: Txn, blocker: Die, attacker: Die) -> int | None:
    """The damage a blocker must be assigned before Overcrush sends any past it: its D minus
    the damage already on it (K-OVERCRUSH), in the attacker's assigned damage (so half of it,
    rounded up, when its damage to this blocker alone is doubled, `_dealt`); a blocker at
    D 0 needs none. None when this
    damage can't KO it: an Iron Will die not damaged this turn and not at D 0 survives its
    first damage (K-IRONWILL), and Overcrush sends damage past only blockers it KOs. What
    acts once the damage is dealt does not change it: 'when damaged' effects (R11.5) and
    prevention (R13.4)."""
    defense = query.defense(txn.state, txn.cards, blocker).value
    needed = overcrush.lethal(defense, blocker.damage)
    keywords = query.keywords(txn.state, txn.cards, blocker)
    if needed and not ironwill.can_be_kod(keywords, damaged_before="damaged" in blocker.flags):
        return None
    if needed:
        _, pool = combat_damage(txn.state, txn.cards, attacker)
        extra, _ = _extra(txn, attacker, blocker, "", pool)
        needed = -(-needed // extra)
    return needed


def _multiplier(
    state, cards, source: Die, target: Die | None, player: str = ""
) -> query.Multiplier:
    return query.damage_multiplier(state, cards, target, source, player, combat=True)


def combat_damage(state, cards, attacker: Die) -> tuple[int, query.Multiplier]:
    """The combat damage a blocked attacker assigns among its blockers (R11.4): its A times
    the multiplier its damage to them has ('deals double damage to characters that block
    him'), the smallest among its blockers when they differ (the rest is multiplied when
    dealt, `_dealt`). Overcrush's lethal and excess are counted in this damage: multiplied
    first, then lethal, then the excess (the official Wolverine ruling: 8A doubled is 16,
    1 to a 1D blocker, 15 to the player)."""
    power = query.attack(state, cards, attacker).value
    factors = [_multiplier(state, cards, attacker, b) for b in _blockers(state, attacker.id)]
    pool = min(factors, key=lambda m: m.factor, default=query.Multiplier())
    return power * pool.factor, pool


def _dealt(
    txn: Txn, attacker: Die, target: str, amount: int, pool: query.Multiplier
) -> tuple[int, str]:
    """Assigned damage as dealt to `target`, with the multiplier's explanation: a target whose
    multiplier is larger than the one the assignment already counted gets the rest."""
    die = txn.state.die(target)
    extra, own = _extra(txn, attacker, die, "" if die is not None else target, pool)
    why = own.explain() if own.factor > 1 else pool.explain()
    return amount * extra, why


def _extra(
    txn: Txn, attacker: Die, die: Die | None, player: str, pool: query.Multiplier
) -> tuple[int, query.Multiplier]:
    """What multiplies assigned damage again when dealt to one target (its own multiplier
    beyond the one the assignment counted), with that own multiplier."""
    own = _multiplier(txn.state, txn.cards, attacker, die, player)
    return max(1, own.factor // pool.factor), own


def automatic_split(txn: Txn, attacker: Die) -> list[tuple[str, int]] | None:
    """The split the rules impose, or None when the attacker must choose one (R11.4)."""
    damage, _ = combat_damage(txn.state, txn.cards, attacker)
    blockers = _blockers(txn.state, attacker.id)
    keywords = query.keywords(txn.state, txn.cards, attacker)
    if overcrush.may_hit_player(keywords):
        needed = [_lethal(txn, b, attacker) for b in blockers]
        if None not in needed and sum(needed) <= damage:  # K-OVERCRUSH: lethal to each, rest over
            split = [(b.id, n) for b, n in zip(blockers, needed, strict=True)]
            return split + [(txn.state.inactive, damage - sum(needed))]
    if len(blockers) == 1:
        return [(blockers[0].id, damage)]
    return None


def needs_split(txn: Txn) -> list[str]:
    given = {a for a, _, _ in txn.state.combat.assignments}
    return [
        a.id
        for a in _attackers(txn.state)
        if a.id not in given
        and len(_blockers(txn.state, a.id)) > 1
        and automatic_split(txn, a) is None
    ]


def ask_for_split(txn: Txn, attackers: list[str]) -> None:
    parts = []
    for attacker_id in attackers:
        attacker = txn.die(attacker_id)
        power = query.attack(txn.state, txn.cards, attacker).value
        damage, pool = combat_damage(txn.state, txn.cards, attacker)
        among = ", ".join(b.id for b in _blockers(txn.state, attacker_id))
        shown = f"A {power}" + (f", {damage} damage {pool.explain()}" if pool.factor > 1 else "")
        parts.append(f"{attacker_id} ({shown}) among {among}")
    active = txn.state.active
    txn.update(
        pending=Request(
            "damage",
            active,
            f"{active} splits damage: " + "; ".join(parts),
            options=tuple(attackers),
        )
    )


def apply_assign_damage(txn: Txn, action: AssignDamage) -> None:
    state, player = txn.state, action.player
    if player != state.active:
        reject("R11.4", f"The attacking player ({state.active}) assigns damage.")
    if state.step == Step.WINDOW and state.priority is not None:
        close_window(txn)
    state = txn.state
    if state.step != Step.DAMAGE or state.combat is None or state.combat.phase != "assign":
        reject("R11.4", "Damage is assigned after blockers and the action and global window.")
    given: dict[str, list[tuple[str, int]]] = {}
    for attacker_id, target, amount in action.assignments:
        given.setdefault(attacker_id, []).append((target, amount))
    for attacker_id, split in given.items():
        _check_split(txn, attacker_id, split)
    kept = tuple(x for x in state.combat.assignments if x[0] not in given)
    assignments = kept + tuple((a, t, n) for a, split in given.items() for t, n in split)
    txn.update(pending=None, combat=replace(state.combat, assignments=assignments))


def _check_split(txn: Txn, attacker_id: str, split: list[tuple[str, int]]) -> None:
    attacker = txn.state.die(attacker_id)
    if attacker is None or attacker.zone != Zone.ATTACK or attacker.blocking:
        reject("R11.4", f"{attacker_id} is not an attacker.", subject=attacker_id)
    blockers = {b.id: b for b in _blockers(txn.state, attacker_id)}
    if not blockers:
        reject("R11.4", f"{attacker_id} has no blockers: there is nothing to split.")
    power, pool = combat_damage(txn.state, txn.cards, attacker)
    defender = txn.state.inactive
    keywords = query.keywords(txn.state, txn.cards, attacker)
    targets = [t for t, _ in split]
    if len(set(targets)) != len(targets) or any(n < 0 for _, n in split):
        reject("R11.4", f"Name each of {attacker_id}'s blockers once, with a damage of 0 or more.")
    for target, _ in split:
        if target not in blockers and target != defender:
            reject("R11.4", f"{target} does not block {attacker_id}.", subject=target)
    if sum(n for _, n in split) != power:
        multiplied = f" ({pool.explain()})" if pool.factor > 1 else ""
        reject(
            "R11.4",
            f"{attacker_id} assigns all its {power} damage{multiplied}, no more and no less "
            f"(the split gives {sum(n for _, n in split)}).",
            subject=attacker_id,
        )
    to_player = dict(split).get(defender, 0)
    if defender in targets:
        if not overcrush.may_hit_player(keywords):
            reject(
                "R11.4",
                f"{attacker_id} is blocked: its damage goes to its blockers only.",
                subject=attacker_id,
            )
        for blocker in blockers.values():
            needed = _lethal(txn, blocker, attacker)
            if needed is None:
                reject(
                    "K-OVERCRUSH",
                    f"{attacker_id} deals damage past its blockers only if it KOs them all, "
                    f"and {blocker.id} has Iron Will, not damaged this turn: this damage "
                    "can't KO it (K-IRONWILL).",
                    subject=blocker.id,
                )
            if dict(split).get(blocker.id, 0) < needed:
                reject(
                    "K-OVERCRUSH",
                    f"{attacker_id} deals damage past its blockers only once "
                    f"each gets enough to be KO'd ({blocker.id} needs {needed}).",
                )
    automatic = automatic_split(txn, attacker)
    if automatic is not None and sorted(automatic) != sorted(split):
        text = ", ".join(f"{t}={n}" for t, n in automatic)
        reject(
            "K-OVERCRUSH" if to_player or overcrush.may_hit_player(keywords) else "R11.4",
            f"{attacker_id}'s damage goes {text}; it is not a choice here.",
        )


def start_damage(txn: Txn) -> None:
    """Every assignment is known: damage resolves, Fast dice first (R11.6)."""
    engaged = [d for d in txn.state.dice if d.zone == Zone.ATTACK]
    any_fast = any(fast.KEYWORD in query.keywords(txn.state, txn.cards, d) for d in engaged)
    rounds = fast.damage_rounds(any_fast)
    txn.update(combat=replace(txn.state.combat, phase="ready", rounds=rounds, round=0))
    if any_fast:
        txn.cite("R11.6")


def queue_round(txn: Txn) -> None:
    combat = txn.state.combat
    name = combat.rounds[combat.round]
    push_front(
        txn,
        QueuedEffect(
            0,
            "engine.combat_damage",
            txn.state.active,
            label=f"combat damage ({name})",
            rule="R11.4",
        ),
    )
    txn.update(combat=replace(combat, phase="damage"))


@engine_effect("combat_damage")
def resolve_combat_damage(ctx) -> None:
    state = ctx.state
    combat = state.combat
    round_name = combat.rounds[combat.round]
    defender = state.inactive
    given: dict[str, list[tuple[str, int]]] = {}
    for attacker_id, target, amount in combat.assignments:
        given.setdefault(attacker_id, []).append((target, amount))
    deals, dealt, unblocked = [], set(combat.dealt), []

    def deals_now(die: Die) -> bool:
        keywords = query.keywords(state, ctx.cards, die)
        return die.id not in dealt and fast.deals_in_round(round_name, keywords)

    def straight(die: Die, target: Die | None, player: str = "") -> tuple[int, str]:
        """A die's A as the damage it deals to one target, multiplied for it."""
        power = query.attack(state, ctx.cards, die).value
        multiplier = _multiplier(state, ctx.cards, die, target, player)
        return power * multiplier.factor, multiplier.explain()

    untouched = []  # blockers Overcrush passed with nothing left for them to take
    for attacker in _attackers(state):
        if not deals_now(attacker):
            continue
        dealt.add(attacker.id)
        blockers = _blockers(state, attacker.id)
        if not attacker.has("blocked"):
            deals.append((defender, *straight(attacker, None, defender), attacker.id))
            unblocked.append(attacker.id)
        elif not blockers:  # blockers all removed: still blocked (R11.4), unless Overcrush
            if overcrush.may_hit_player(query.keywords(state, ctx.cards, attacker)):
                deals.append((defender, *straight(attacker, None, defender), attacker.id))
                ctx.cite("K-OVERCRUSH")
        else:
            present = {b.id for b in blockers}
            _, pool = combat_damage(ctx.state, ctx.cards, attacker)
            split = given.get(attacker.id) or automatic_split(ctx, attacker) or []
            for target, amount in split:
                if target in present or target == defender:
                    deals.append(
                        (target, *_dealt(ctx, attacker, target, amount, pool), attacker.id)
                    )
                    if target == defender:
                        ctx.cite("K-OVERCRUSH")
            if dict(split).get(defender, 0) > 0:
                untouched += [
                    (b.id, attacker.id)
                    for b in blockers
                    if not dict(split).get(b.id) and _lethal(ctx, b, attacker) == 0
                ]
    for blocker in [d for d in state.dice if d.blocking and d.zone == Zone.ATTACK]:
        blocked = state.die(blocker.blocking)
        if blocked is None or blocked.zone != Zone.ATTACK:
            continue  # its attacker was removed from the Attack Zone: nothing to hit (R11.4)
        if deals_now(blocker):
            dealt.add(blocker.id)
            deals.append((blocker.blocking, *straight(blocker, blocked), blocker.id))
    for blocker_id, attacker_id in untouched:
        ops.hit_with_nothing_left(ctx, blocker_id, source=attacker_id)
    for target, amount, why, source in deals:  # assigned together, dealt together (R11.4)
        ops.deal_damage(ctx, target, amount, source=source, combat=True, rule="R11.4", why=why)
    for attacker_id in unblocked:  # Out of Play right after dealing damage (R11.4)
        if ctx.state.die(attacker_id) is not None:
            ctx.move(attacker_id, Zone.OUT_OF_PLAY)
            ctx.emit(
                "moved",
                f"{attacker_id} was unblocked: it goes Out of Play",
                rule="R11.4",
                die=attacker_id,
                player=state.active,
            )
    ctx.update(combat=replace(ctx.state.combat, dealt=frozenset(dealt), phase="damage"))


def ko_step(txn: Txn) -> None:
    """After 'when damaged' effects: every engaged die with damage at least its D is KO'd
    to its owner's Prep Area (R11.5; Iron Will, K-IRONWILL)."""
    for die in [d for d in txn.state.dice if d.zone == Zone.ATTACK]:
        current = txn.state.die(die.id)
        if current is not None:
            ops.ko_if_lethal(txn, current, rule="R11.5")
    txn.update(combat=replace(txn.state.combat, phase="ko"))


def after_round(txn: Txn) -> None:
    combat = txn.state.combat
    if combat.round + 1 < len(combat.rounds):
        txn.update(combat=replace(combat, round=combat.round + 1, phase="ready"))
        return
    survivors = [d for d in txn.state.dice if d.zone == Zone.ATTACK]
    for die in survivors:
        txn.put(replace(txn.die(die.id), zone=Zone.FIELD, blocking=None))
    if survivors:
        txn.emit(
            "moved",
            f"{', '.join(d.id for d in survivors)} returned to the Field",
            rule="R11.5",
            dice=tuple(d.id for d in survivors),
        )
    txn.update(step=Step.CLEANUP, phase="", combat=Combat(phase="done"))
