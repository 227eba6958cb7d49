"""R5.3 Main Step actions: purchase (R7, K-SUITUP), field (R8), use action dice (R9,
K-CONTINUOUS), globals (R10) and dice abilities with a cost. Action dice, globals and
abilities also work in the attack window (R11.3); purchasing and fielding don't.

An automated effect (an Ability on the card) is queued at the front and resolves at once; a
card effect the engine doesn't automate is recorded as such, and the judge enters it with
adjustments (J1).
"""

from rules.engine import abilities, query
from rules.engine.abilities import Ability, Query
from rules.engine.actions import Activate, Choose, FieldDie, Purchase, UseAction, UseGlobal
from rules.engine.effects import ops
from rules.engine.effects.queue import QueuedEffect, push_front
from rules.engine.energy import pay
from rules.engine.faces import CardDef, EnergyCost, GlobalDef
from rules.engine.keywords import continuous, strike, suitup
from rules.engine.state import IN_FIELD, Step, Zone, other, replace
from rules.engine.steps.priority import acted, require_priority
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def apply_purchase(txn: Txn, action: Purchase) -> None:
    player = action.player
    require_priority(txn, player, "Dice are purchased", active_only=True)
    if txn.state.step != Step.MAIN:
        reject("R7.1", "Dice are purchased only in the Main Step (R11.3: not in the attack step).")
    key = action.card.lower()
    card = txn.cards.get(key)
    own = key in txn.state.player(player).team
    basic = key in txn.state.basic_actions
    if card is None or not (own or basic):
        theirs = card is not None and key in txn.state.player(other(player)).team
        whose = " (an opponent's card)" if theirs else ""
        reject(
            "R7.1",
            f"{player} can buy only from their own cards and the basic actions, not "
            f"{card.name if card else key}{whose}.",
        )
    why = abilities.restriction(txn.state, txn.cards, "purchase", player=player, params=(key,))
    if why:
        reject("R13.7", f"{player} can't purchase {card.name}: {why}.")
    pool = "BA" if basic else player
    stock = [
        d
        for d in txn.state.dice
        if d.card == key and d.owner == pool and d.zone == Zone.UNPURCHASED
    ]
    if not stock:
        reject("R7.1", f"No {card.name} die is left to purchase.")
    cost = query.purchase_cost(txn.state, txn.cards, player, key)
    types = () if card.kind == "basic_action" else card.energy
    own_types = _paid_with_own_types(txn, action.pay, types)
    pay(
        txn,
        player,
        action.pay,
        EnergyCost(cost.value, types),
        what=f"{card.name} (cost {cost.value})",
    )
    bought = replace(stock[0], owner=player, controller=player, zone=Zone.USED)
    txn.put(bought)
    if own_types:  # what paid for it, this turn (Crosspulse: only the card's energy types)
        txn.update(used_limits=txn.state.used_limits | {f"{OWN_TYPES_PAID}{bought.id}"})
    txn.emit(
        "purchased",
        f"{player} purchased {bought.id} ({card.name}); it goes to the Used Pile",
        rule="R7.4",
        die=bought.id,
        player=player,
    )
    strike.note_purchased(txn, player, bought.id, card.kind)  # purchases this turn (K-STRIKE)
    if cost.parts:
        txn.cite("R7.3")
    if action.suit_up:
        _suit_up(txn, player, card, bought.id, action.suit_up)
    acted(txn, player)


OWN_TYPES_PAID = "own_types_paid:"


def _paid_with_own_types(txn: Txn, payments, types) -> bool:
    """Whether a purchase payment spends only symbols of the card's energy types: at least one
    symbol, no wild, no generic energy and no virtual energy (the narrow reading, T5.1). Read
    before paying (a spent die leaves the Reserve Pool); an invalid payment is refused by
    `pay` anyway."""
    if not types or not payments:
        return False
    for payment in payments:
        if payment.virtual:
            return False
        die = txn.state.die(payment.die)
        face = die.face if die is not None else None
        if face is None or not face.is_energy or face.generic:
            return False
        symbols = (payment.part,) if payment.part else face.energy
        if not symbols or any(s not in types for s in symbols):
            return False
    return True


def _suit_up(txn: Txn, player: str, card: CardDef, bought: str, target: str) -> None:
    """K-SUITUP: KO a listed character die you control; the purchased die goes to the Field
    at level 2 (moved, not fielded)."""
    if not suitup.may_suit_up(card.keywords):
        reject("K-SUITUP", f"{card.name} has no Suit Up.")
    die = txn.die(target, rule="K-SUITUP")
    if die.controller != player or not (die.is_character and die.zone in IN_FIELD):
        reject("K-SUITUP", f"{die.id} is not a character die {player} controls in the Field.")
    if not suitup.matches(card.suit_up, query.title(txn.cards, die)):
        reject(
            "K-SUITUP",
            f"{card.name} suits up from {', '.join(card.suit_up)}, not "
            f"{query.title(txn.cards, die)}.",
        )
    if not ops.ko(txn, die.id, rule="K-SUITUP"):
        reject("K-SUITUP", f"{die.id} could not be KO'd, so there is no Suit Up.")
    level = card.level(2)
    if level is None:
        reject("K-SUITUP", f"{card.name} has no level 2 face.")
    txn.put(replace(txn.die(bought), zone=Zone.FIELD, face=level))
    txn.emit(
        "moved",
        f"{bought} suited up: moved to the Field at level 2 (not fielded)",
        rule="K-SUITUP",
        die=bought,
        player=player,
    )


def apply_field(txn: Txn, action: FieldDie) -> None:
    player = action.player
    require_priority(txn, player, "Characters are fielded", active_only=True)
    if txn.state.step != Step.MAIN:
        reject("R8.1", "Characters are fielded only in the Main Step (R11.3).")
    die = txn.die(action.die, rule="R8.1")
    if die.controller != player or die.zone != Zone.RESERVE:
        reject("R8.1", f"{die.id} is not in {player}'s Reserve Pool.", subject=die.id)
    if not die.face.is_character:
        reject(
            "R8.1", f"{die.id} shows {die.face.notation()}, not a character face.", subject=die.id
        )
    why = abilities.restriction(txn.state, txn.cards, "field", die=die, player=player)
    if why:
        reject("R13.7", f"{die.id} can't be fielded: {why}.", subject=die.id)
    ops.pay_life_to(txn, player, "field", die)
    cost = query.fielding_cost(txn.state, txn.cards, die)
    if cost.value or action.pay:
        pay(
            txn,
            player,
            action.pay,
            EnergyCost(cost.value),
            what=f"fielding {die.id}",
            exclude=(die.id,),
        )
    txn.move(die.id, Zone.FIELD)
    txn.emit(
        "fielded",
        f"{player} fielded {txn.name(die)} at level {die.face.level}",
        rule="R8.1",
        die=die.id,
        player=player,
    )
    strike.note_fielded(txn, player, die.id)  # K-STRIKE
    acted(txn, player)


def apply_use_action(txn: Txn, action: UseAction) -> None:
    player = action.player
    require_priority(txn, player, "Action dice are used", active_only=True)
    die = txn.die(action.die, rule="R9.1")
    if die.controller != player or die.zone != Zone.RESERVE:
        reject("R9.1", f"{die.id} is not in {player}'s Reserve Pool.", subject=die.id)
    if not die.face.action:
        reject("R9.1", f"{die.id} shows {die.face.notation()}, not an action face.", subject=die.id)
    card = txn.cards[die.card]
    why = abilities.restriction(txn.state, txn.cards, "use_action", die=die, player=player)
    if why:
        reject("R13.7", f"{player} can't use {die.id}: {why}.", subject=die.id)
    ops.pay_life_to(txn, player, "use_action", die)
    life = query.use_life_cost(txn.state, txn.cards, player, "action")
    if life:
        ops.lose_life(txn, player, life, why=f"to use {die.id}")
    keywords = query.keywords(txn.state, txn.cards, die)
    bursts = die.face.bursts
    burst_text = f" with {bursts} burst{'s' * (bursts > 1)}" if bursts else ""
    to_field = continuous.zone_when_used(keywords) == Zone.FIELD
    if to_field:  # K-CONTINUOUS: used by moving it to the Field, where it stays
        txn.move(die.id, Zone.FIELD)
    txn.emit(
        "action_used",
        f"{player} used {txn.name(die)}{burst_text}"
        + (" (its face declared, not in the card data)" if die.face.declared else ""),
        die=die.id,
        player=player,
        amount=bursts,
        rule="K-CONTINUOUS" if to_field else "R9.1",
    )
    if bursts:
        txn.cite("R9.2")
    effect = next((a for a in card.abilities if a.kind == "action"), None)
    then = () if to_field else ((die.id, Zone.OUT_OF_PLAY.value),)
    if effect is None:
        for die_id, zone in then:
            txn.move(die_id, Zone(zone))
        _manual(txn, player, f"{card.name}'s action effect", action.targets)
    else:
        _queue(
            txn,
            effect,
            card,
            player,
            source=die.id,
            targets=action.targets,
            bursts=bursts,
            then=then,
        )
    acted(txn, player)


def apply_use_global(txn: Txn, action: UseGlobal) -> None:
    """A global, used once or paid for several times in one batch that resolves as one
    effect (R10.3). A batch is one use of priority: the inactive player's one global (R10.4)
    may be a batch."""
    player, times = action.player, action.times
    if not isinstance(times, int) or times < 1:
        reject("R10.3", f"A global is used at least once, not {times!r} times.")
    require_priority(txn, player, "Global abilities are used")
    card, holder = _global_card(txn, action.card)
    gdef = _pick(card.globals, action.name, f"{card.name} has no global ability", "R10.1")
    effect = next((a for a in card.abilities if a.kind == "global" and a.name == gdef.name), None)
    if effect is not None and effect.interrupt:
        reject("R10.2", f"{card.name}'s global reacts to damage: it is used when that happens.")
    why = abilities.restriction(
        txn.state, txn.cards, "use_global", player=player, params=(card.key, holder)
    )
    if why:
        reject("R13.7", f"{player} can't use {card.name}'s global: {why}.")
    ops.pay_life_to(txn, player, "use_global")
    if times > 1 and getattr(effect, "limit", ""):
        limit = effect.limit.replace("_", " ")
        reject(
            "R10.1",
            f"{card.name}'s global is limited ({limit}): it can't be paid for {times} times.",
        )
    _limit(txn, effect, card, player, "", holder)
    _needs_target(txn, effect, card, player)
    change = query.global_cost_change(txn.state, txn.cards, player, card.key, holder)
    each = max(len(gdef.cost.types), gdef.cost.amount + change)
    cost = EnergyCost(each * times, gdef.cost.types * times)
    what = f"{card.name}'s global"
    if times > 1:
        what += f" {times} times ({gdef.cost.notation()} each)"
    if cost.amount or action.pay:
        pay(txn, player, action.pay, cost, what=what, type_rule="R6.5")
    life = query.use_life_cost(txn.state, txn.cards, player, "global") * times
    if life:
        ops.lose_life(txn, player, life, why=f"to use {what}")
    batch = f" {times} times, paid in one batch: one effect" if times > 1 else ""
    txn.emit(
        "global_used",
        f"{player} used the global ability of {card.name}{batch}: {gdef.text}".rstrip(": "),
        rule="R10.1",
        player=player,
        amount=times if times > 1 else 0,
    )
    if times > 1:
        txn.cite("R10.3")
    if effect is None:
        _manual(txn, player, f"{card.name}'s global{batch}", action.targets)
    else:
        _queue(
            txn,
            effect,
            card,
            player,
            source="",
            targets=action.targets,
            label=f"{player}:{card.key}.{effect.name}",
            times=times,
        )
    acted(txn, player)


def apply_activate(txn: Txn, action: Activate) -> None:
    player = action.player
    require_priority(txn, player, "Abilities with a cost are used")
    die = txn.die(action.die, rule="R10.1")
    if die.controller != player or die.zone not in IN_FIELD:
        reject("R10.1", f"{die.id} is not in {player}'s Field.", subject=die.id)
    owned = query.ability_cards(txn.cards, die)
    card = owned[0] if owned else None
    choices = tuple(a for c in owned for a in c.abilities if a.kind == "activated")
    keywords = query.keywords(txn.state, txn.cards, die)
    if not choices and continuous.KEYWORD in keywords and action.pay == ():
        txn.move(die.id, txn.spent_zone(player))  # R9.3: it sends itself to the Used Pile
        txn.emit(
            "ability_used",
            f"{player} sent {txn.name(die)} to the Used Pile for its effect",
            rule="K-CONTINUOUS",
            die=die.id,
            player=player,
        )
        _manual(txn, player, f"{card.name if card else die.id}'s effect", action.targets)
        acted(txn, player)
        return
    effect = _pick(choices, action.name, f"{die.id} has no ability to activate", "R10.1")
    card = next(c for c in owned if effect in c.abilities)  # a copied ability's own card
    _limit(txn, effect, card, player, die.id)
    _needs_target(txn, effect, card, player)
    if effect.cost is not None and (effect.cost.amount or action.pay):
        pay(txn, player, action.pay, effect.cost, what=f"{die.id}'s ability", type_rule="R6.5")
    txn.emit(
        "ability_used",
        f"{player} used {txn.name(die)}'s ability: {effect.text}".rstrip(": "),
        rule="R10.1",
        die=die.id,
        player=player,
    )
    _queue(txn, effect, card, player, source=die.id, targets=action.targets)
    acted(txn, player)


# -- shared ------------------------------------------------------------------------------
def _global_card(txn: Txn, token: str) -> tuple[CardDef, str]:
    """'31sww' (a basic action), '9sww' (on one team), 'P1:9sww' (P1's card)."""
    holder, _, key = token.rpartition(":")
    key = key.lower()
    card = txn.cards.get(key)
    if card is None:
        reject("R10.1", f"There is no card {token}.")
    teams = [p.id for p in txn.state.players if key in p.team]
    if holder:
        if holder not in teams:
            reject("R10.1", f"{card.name} is not on {holder}'s team.")
        return card, holder
    if key in txn.state.basic_actions:
        return card, ""
    if not teams:
        reject("R10.1", f"{card.name} is not in this game.")
    if len(teams) > 1:
        reject(
            "R10.1",
            f"Both teams have {card.name}: say whose global it is.",
            hint=f"Write P1:{key} or P2:{key}.",
        )
    return card, teams[0]


def _pick(options: tuple, name: str, missing: str, rule: str):
    if not options:
        reject(rule, f"{missing}.")
    if name:
        found = next((o for o in options if o.name == name), None)
        if found is None:
            names = ", ".join(o.name for o in options)
            reject(rule, f"There is no ability named {name!r} (there are: {names}).")
        return found
    if len(options) > 1:
        names = ", ".join(o.name for o in options)
        reject(rule, f"There are several: name the one used ({names}).")
    return options[0]


def _limit(
    txn: Txn,
    effect: Ability | GlobalDef | None,
    card: CardDef,
    player: str,
    die: str,
    holder: str = "",
) -> None:
    """'Once per turn' limits: per player, per copy of the card (both teams' copies of a
    limited global are separate), and per die when the limit says so."""
    limit = getattr(effect, "limit", "")
    if not limit:
        return
    whose = f"{holder}:" if holder else ""
    key = f"{whose}{card.key}.{effect.name}@{player}" + (
        f"/{die}" if limit == "once_per_turn_per_die" else ""
    )
    if key in txn.state.used_limits:
        what = f"{die} has" if die and limit == "once_per_turn_per_die" else f"{player} has"
        reject(
            "R10.1",
            f"{what} already used {card.name}'s {effect.name} this turn "
            f"({limit.replace('_', ' ')}).",
        )
    txn.update(used_limits=txn.state.used_limits | {key})


def _needs_target(txn: Txn, effect: Ability | None, card: CardDef, player: str) -> None:
    if effect is None or effect.has_target is None:
        return
    if not effect.has_target(Query(txn.state, txn.cards, player, card.key, "target")):
        reject("R10.3", f"{card.name}: there is no valid target, so it can't be used.")


def _queue(
    txn: Txn,
    effect: Ability,
    card: CardDef,
    player: str,
    *,
    source: str,
    targets: tuple,
    bursts: int = 0,
    then: tuple = (),
    label: str = "",
    times: int = 1,
) -> None:
    answers = (Choose(player, tuple(targets)),) if targets else ()
    push_front(
        txn,
        QueuedEffect(
            0,
            f"{card.key}.{effect.name}",
            player,
            card.key,
            source,
            None,
            answers,
            label or source or card.key,
            bursts,
            then,
            times=times,
        ),
    )


def _manual(txn: Txn, player: str, what: str, targets: tuple) -> None:
    on = f" on {', '.join(targets)}" if targets else ""
    txn.emit(
        "manual",
        f"{what}{on} is not automated: enter it as judge adjustments",
        rule="J1",
        manual=True,
        player=player,
    )
