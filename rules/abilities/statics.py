"""The runtime of static (while-active) effects beyond +A/+D and keywords, all read through the
engine's own hooks, never per-card flags:

- `cost`: a purchase or fielding cost change, answered to the stat query layer's
  'purchase_cost' (about a card being bought, `Query.params[0]`, by `Query.player`) and
  'fielding' (about a die being fielded) questions; the engine keeps a reduced purchase cost at
  1 or more (R7.3) and a fielding cost at 0 or more;
- `restrict`: a 'can't' (R13.7) answered to the engine's restrict hook: 'attack' (about the
  attacker) and 'block' (about the blocker, `Query.other` the attacker), so 'X can't block'
  and 'X can't be blocked by Y' are both refused when blockers are declared;
  'blockers' (about an attacker, `Query.amount` the dice declared to block it) refuses a
  declaration giving an attacker that 'can only be blocked by two or more' a single blocker;
- a static `modify` with `while`: the +A/+D holds only while the die attacks or blocks;
- `prevent`: static prevention (R13.4) answered to the 'prevent' question about damage about
  to be dealt to a die (`Query.die`) from a source die (`Query.other`): `amount` of each
  damage, or all of it; `damage` 'combat' / 'non_combat' (`Query.combat` says which). A
  source that is no die (a card, a global) matches no `from`.
"""

from collections.abc import Iterator, Mapping
from typing import Any

from rules.abilities import selectors as sel
from rules.abilities.describe import describe_effects
from rules.abilities.vocabulary import TARGETERS
from rules.engine import abilities
from rules.engine.abilities import Contribution, Query
from rules.engine.state import Die, Zone

COST_STATS = {"purchase_cost": "purchase", "fielding": "fielding"}


def _source(q: Query) -> str:
    return q.cards[q.card].name if q.card in q.cards else q.card


def holds(effect: Mapping[str, Any], die: Die) -> bool:
    """Whether a static modify's 'while attacking/blocking' holds for this die now."""
    when = effect.get("while")
    if when == "attacking":
        return die.zone == Zone.ATTACK and not die.blocking
    if when == "blocking":
        return bool(die.blocking)
    return True


def cost_contributions(spec: Mapping[str, Any], q: Query) -> Iterator[Contribution]:
    """The spec's cost changes for a 'purchase_cost' or 'fielding' question."""
    of = COST_STATS.get(q.stat)
    if of is None:
        return
    effects = [e for e in spec["effects"] if e["do"] == "cost" and e["of"] == of]
    if not effects:
        return
    if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
        return
    for effect in effects:
        selector = effect["to"]
        if of == "purchase":
            key = q.params[0] if q.params else ""
            if selector["pick"] == "this":
                if key != q.card or q.player != q.holder:
                    continue
            elif not sel.card_matches(
                q.cards, selector, key, holder=q.holder, player=q.player, card=q.card
            ):
                continue
            this = None
        else:
            if q.die is None or not sel.matches(
                q.state, q.cards, selector, q.die, holder=q.holder, card=q.card, anywhere=True
            ):
                continue
            this = q.die
        if effect.get("free"):
            printed = q.die.face.fielding if of == "fielding" and q.die.face else 0
            change = -printed
        else:
            amount = sel.amount(
                effect["amount"], q.state, q.cards, holder=q.holder, this=this, card=q.card
            )
            change = effect.get("sign", 1) * amount
        if change:
            yield Contribution(q.stat, change, _source(q))


def restrictor(spec: Mapping[str, Any]):
    """The restrict hook of a spec's 'can't' effects, or None when it has none."""
    effects = [e for e in spec["effects"] if e["do"] == "restrict"]
    if not effects:
        return None

    def matches(q: Query, selector, die: Die | None, source: str = "") -> bool:
        return die is not None and sel.matches(
            q.state, q.cards, selector, die, holder=q.holder, card=q.card, source=source
        )

    def restrict(q: Query) -> str | None:
        if q.stat == "target":
            return _untargetable(q)
        if q.stat == "blockers":
            return _too_few_blockers(q)
        if q.stat not in ("attack", "block"):
            return None
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return None
        for effect in effects:
            action, by = effect["action"], effect.get("by")
            if q.stat == "attack":
                hit = action in ("attack", "attack_or_block") and matches(q, effect["to"], q.die)
            elif action in ("block", "attack_or_block"):
                hit = matches(q, effect["to"], q.die) and (by is None or matches(q, by, q.other))
            elif action == "be_blocked":  # `by` may compare the blocker with the attacker
                attacker = q.other.id if q.other is not None else ""
                hit = matches(q, effect["to"], q.other) and (
                    by is None or matches(q, by, q.die, attacker)
                )
            else:
                hit = False
            if hit:
                return f"{describe_effects([effect], static=True)} ({_source(q)})"
        return None

    def _untargetable(q: Query) -> str | None:
        kind = q.params[0] if q.params else ""
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return None
        for effect in effects:
            if effect["action"] != "be_targeted" or kind not in effect.get("kinds", TARGETERS):
                continue
            if effect.get("player") == "opposing" and q.player == q.holder:
                continue
            if matches(q, effect["to"], q.die):
                return f"{describe_effects([effect], static=True)} ({_source(q)})"
        return None

    def _too_few_blockers(q: Query) -> str | None:
        """'Can only be blocked by two or more character dice': asked about an attacker
        (`Query.die`) with the number of dice declared to block it (`Query.amount`)."""
        if q.amount >= 2:
            return None
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return None
        for effect in effects:
            if effect["action"] == "be_blocked_by_fewer_than_two_dice" and matches(
                q, effect["to"], q.die
            ):
                return f"{describe_effects([effect], static=True)} ({_source(q)})"
        return None

    return restrict


def _source_matches(q: Query, selector: Mapping[str, Any], source: Die | None) -> bool:
    """Whether the damage's source die is one `selector` means: a character die in the Field,
    or for 'action dice' an action die (read from its card)."""
    if source is None:
        return False
    if selector.get("what") in ("action", "basic_action"):
        return source.card is not None and sel.card_matches(
            q.cards, selector, source.card, holder=q.holder, player=source.controller
        )
    return sel.matches(q.state, q.cards, selector, source, holder=q.holder, card=q.card)


def prevent_contributions(spec: Mapping[str, Any], q: Query) -> Iterator[Contribution]:
    """The spec's static prevention of damage about to be dealt to a die."""
    effects = [e for e in spec["effects"] if e["do"] == "prevent"]
    if not effects or q.die is None:
        return
    if not sel.condition(
        spec.get("if"), q.state, q.cards, holder=q.holder, this=q.die, card=q.card
    ):
        return
    for effect in effects:
        if not sel.matches(q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card):
            continue
        if "from" in effect and not _source_matches(q, effect["from"], q.other):
            continue
        if effect.get("damage") and (effect["damage"] == "combat") != q.combat:
            continue  # combat damage only, or non-combat damage only
        if effect.get("all"):
            amount = q.amount
        else:
            amount = sel.amount(
                effect["amount"], q.state, q.cards, holder=q.holder, this=q.die, card=q.card
            )
        if amount > 0:
            yield Contribution("prevent", amount, _source(q))


def targeting_kind(ctx) -> str:
    """What is choosing targets: a 'global' ability, an 'action' die, or a character's own
    'ability' (triggered or activated)."""
    entry = abilities.ability(ctx.cards, ctx.queued.ability) if ctx.queued else None
    if entry is not None and entry.kind in ("global", "action"):
        return entry.kind
    return "ability"


def targetable(state, cards, die_id: str, player: str, kind: str) -> bool:
    """Whether `player`'s effect of this kind may target the die (no 'can't be targeted')."""
    die = state.die(die_id)
    return die is None or not abilities.restriction(
        state, cards, "target", die=die, player=player, params=(kind,)
    )
