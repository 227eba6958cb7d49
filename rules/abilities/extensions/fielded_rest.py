"""Effects of the `fielded_rest` family (rules/abilities/templates/fielded_rest.py).

A lasting choice made when a die is fielded, read by the card's own static while it is active
('When fielded, name an energy type, replacing all previous choices. While NAME is active,
dice of that energy type cost [1] more to purchase and field'):

- `fr_name` (`kind`: card / energy / affiliation, `side`: opposing / any, `cards`: character /
  any, `affiliation`): the holder names one card of the teams (the opponent's, or either
  team's, of a kind or affiliation), one energy type (fist, bolt, mask, shield) or one
  affiliation of the cards in the game. Naming is not targeting (R13.2). The choice is kept as
  a lasting effect of the game (`<card>.fr_named`, R13.1) and replaces the holder's previous
  choice for the card; `params` keeps the die whose fielding made it, for a card whose effect
  lasts 'until NAME leaves the Field Zone'. The choice itself does nothing: the statics below
  read it, and only while the card is active (their spec is `while_active`).
- `fr_named_cant` (`acts`: purchase and/or field, `player`: opposing / any, `lasts`: active /
  die): the player(s) can't purchase dice of the named card / field its dice (the engine's
  restrict questions 'purchase' and 'field', R13.7). `lasts: die`: only while the die whose
  fielding made the choice is still in the Field ('until Drax leaves the Field Zone').
- `fr_named_cost` (`of`: purchase and/or fielding, `amount`, `player`, `cards`: character /
  any): dice of the named card, energy type or affiliation cost more (the stat query layer's
  'purchase_cost' and 'fielding'; a fielding cost asked about a die is the cost of the die's
  controller).
- `fr_named_must_attack`: character dice of the named affiliation (either player's) must
  attack (the granted keyword `must_attack`, checked when attackers are declared).
- `fr_named_fields` (`by`: opposing, `effects`): 'when your opponent fields a character die
  from that card / of that energy type, ...': a card-wide trigger while the card is active
  (R13.1) on a 'fielded' event whose die matches the choice; `{"pick": "that"}` in its effects
  is the fielded die, as in a watcher.
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import EFFECTS, SELECTOR, effect_schema
from rules.engine.state import IN_FIELD, Zone

_NAMED = "fr_named"
ENERGIES = ("fist", "bolt", "mask", "shield")
_KINDS = {"enum": ["card", "energy", "affiliation"]}
_PLAYER = {"enum": ["opposing", "any"]}

EFFECT_SCHEMAS = {
    "fr_name": effect_schema(
        "fr_name",
        ["kind"],
        kind=_KINDS,
        side=_PLAYER,
        cards={"enum": ["character", "any"]},
        affiliation={"type": "string"},
        among={"enum": ["lantern"]},
    ),
    "fr_named_cant": effect_schema(
        "fr_named_cant",
        ["named", "acts", "player"],
        acts={
            "type": "array",
            "items": {"enum": ["purchase", "field", "block"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        player=_PLAYER,
        lasts={"enum": ["active", "die"]},
        named=_KINDS,
    ),
    "fr_named_cost": effect_schema(
        "fr_named_cost",
        ["named", "of", "amount", "player"],
        of={
            "type": "array",
            "items": {"enum": ["purchase", "fielding"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        amount={"type": "integer", "minimum": 1, "maximum": 5},
        player=_PLAYER,
        cards={"enum": ["character", "any"]},
        named=_KINDS,
    ),
    "fr_named_cant_turn": effect_schema(
        "fr_named_cant_turn",
        ["named", "acts", "player", "lasts"],
        acts={
            "type": "array",
            "items": {"enum": ["purchase", "field", "block"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        player=_PLAYER,
        lasts={"enum": ["this_turn", "next_turn"]},
        named=_KINDS,
    ),
    "fr_named_must_attack": effect_schema("fr_named_must_attack", ["named"], named=_KINDS),
    "fr_named_fields": effect_schema(
        "fr_named_fields",
        ["named", "by", "effects"],
        named=_KINDS,
        by={"enum": ["opposing"]},
        effects=EFFECTS,
    ),
}
_STATICS = ("fr_named_cant", "fr_named_cost", "fr_named_must_attack")
# Continuous (and the card-wide trigger): only in a while-active spec, built by _abilities.
STATIC_EFFECTS = dict.fromkeys((*_STATICS, "fr_named_fields"), True)


# -- the choice -------------------------------------------------------------------------------
def named(state, card: str, holder: str):
    """The holder's current choice for the card: (kind, value, die) or None."""
    found = _choice(state, card, holder)
    return found[:3] if found else None


def _choice(state, card: str, holder: str):
    """(kind, value, die, turn) of the holder's choice for the card, or None."""
    for effect in state.effects:
        if effect.ability == f"{card}.{_NAMED}" and effect.holder == holder:
            kind, die, turn = (*effect.params, "", "", 0)[:3]
            return kind, effect.subject, die, turn
    return None


# The War of Light's colours ('choose a [WL] color'): the lantern corps' affiliations.
LANTERNS = (
    "greenlantern",
    "yellowlantern",
    "redlantern",
    "bluelantern",
    "blacklantern",
    "indigo",
    "purple",
    "orange",
)


def _options(ctx, effect) -> list[str]:
    kind = effect["kind"]
    if kind == "energy":
        return list(ENERGIES)
    teams = [ctx.state.player(p.id).team for p in ctx.state.players]
    if effect.get("side", "any") == "opposing":
        teams = [ctx.state.player(ctx.opponent).team]
    keys = list(dict.fromkeys(k for team in teams for k in team if k in ctx.cards))
    if kind == "affiliation":
        found = {a for k in keys for a in ctx.cards[k].affiliations}
        if effect.get("among") == "lantern":
            found &= set(LANTERNS)
        return sorted(found)
    if effect.get("side", "any") == "any" and effect.get("cards", "any") == "any":
        keys += [k for k in ctx.state.basic_actions if k in ctx.cards and k not in keys]
    if effect.get("cards") == "character":
        keys = [k for k in keys if ctx.cards[k].kind in ("character", "character_or_action")]
    if effect.get("affiliation"):
        keys = [k for k in keys if effect["affiliation"] in ctx.cards[k].affiliations]
    return keys


def _name(ctx, effect, bursts, scope=None):
    from rules.engine.state import LastingEffect

    options = _options(ctx, effect)
    if not options:
        return
    word = {"card": "a card", "energy": "an energy type", "affiliation": "an affiliation"}
    (chosen,) = ctx.choose(f"name {word[effect['kind']]}", options, count=1)
    key = f"{ctx.card}.{_NAMED}"
    kept = tuple(e for e in ctx.state.effects if not (e.ability == key and e.holder == ctx.holder))
    choice = LastingEffect(
        key, ctx.holder, chosen, (effect["kind"], ctx.source or "", ctx.state.turn), until="game"
    )
    ctx.update(effects=(*kept, choice))
    ctx.emit("effect_resolved", f"{ctx.holder} named {chosen} ({ctx.label})", player=ctx.holder)


def _card_is_named(q, key: str) -> bool:
    """Whether the card `key` is what the holder named (its card, an energy type of it, or an
    affiliation printed on it)."""
    found = named(q.state, q.card, q.holder)
    card = q.cards.get(key)
    if found is None or card is None:
        return False
    kind, value, _ = found
    if kind == "card":
        return key == value
    if kind == "energy":
        return value in card.energy
    return value in card.affiliations


def _die_is_named(state, cards, card: str, holder: str, die) -> bool:
    from rules.engine import query

    found = named(state, card, holder)
    if found is None or die is None or die.card is None:
        return False
    kind, value, _ = found
    if kind == "affiliation":
        return value in query.affiliations(state, cards, die)
    card_def = cards.get(die.card)
    if kind == "card":
        return die.card == value
    return card_def is not None and value in card_def.energy


def _player_ok(wanted: str, player: str, holder: str) -> bool:
    return bool(player) and (wanted == "any" or player != holder)


def _is_character(cards, key: str) -> bool:
    card = cards.get(key)
    return card is not None and card.kind in ("character", "character_or_action")


def _forbids(effect, q) -> bool:
    if q.stat not in effect["acts"]:
        return False
    if q.stat == "block":  # a blocker: its controller
        if q.die is None or not _player_ok(effect["player"], q.die.controller, q.holder):
            return False
    elif not _player_ok(effect["player"], q.player, q.holder):
        return False
    turn = (_choice(q.state, q.card, q.holder) or (0, 0, 0, -9))[3]
    if effect.get("lasts") == "this_turn" and q.state.turn != turn:
        return False
    if effect.get("lasts") == "next_turn" and q.state.turn != turn + 1:
        return False
    if effect.get("lasts") == "die":
        found = named(q.state, q.card, q.holder)
        die = q.state.die(found[2]) if found and found[2] else None
        if die is None or die.zone not in IN_FIELD or die.controller != q.holder:
            return False
    if q.stat == "purchase":
        return bool(q.params) and _card_is_named(q, q.params[0])
    return q.die is not None and _die_is_named(q.state, q.cards, q.card, q.holder, q.die)


def _cost(effect, q) -> int:
    of = {"purchase_cost": "purchase", "fielding": "fielding"}.get(q.stat)
    if of not in effect["of"]:
        return 0
    if of == "purchase":
        key = q.params[0] if q.params else ""
        if not _player_ok(effect["player"], q.player, q.holder):
            return 0
        if effect.get("cards") == "character" and not _is_character(q.cards, key):
            return 0
        return effect["amount"] if _card_is_named(q, key) else 0
    die = q.die
    if die is None or not _player_ok(effect["player"], die.controller, q.holder):
        return 0
    return effect["amount"] if _die_is_named(q.state, q.cards, q.card, q.holder, die) else 0


def _static_ability(spec: Mapping[str, Any], index: int, while_active: bool = True):
    from rules.abilities.describe import describe_effects, describe_spec
    from rules.engine.abilities import Ability, Contribution

    effects = [e for e in spec["effects"] if e["do"] in (*_STATICS, "fr_named_cant_turn")]

    def source(q) -> str:
        return q.cards[q.card].name if q.card in q.cards else q.card

    def continuous(q):
        for effect in effects:
            if effect["do"] == "fr_named_cost":
                change = _cost(effect, q)
                if change:
                    yield Contribution(q.stat, change, source(q))
            elif (
                effect["do"] == "fr_named_must_attack"
                and q.stat == "keyword"
                and q.die is not None
                and q.die.is_character
                and _die_is_named(q.state, q.cards, q.card, q.holder, q.die)
            ):
                yield Contribution("keyword", 0, source(q), "must_attack")

    def restrict(q) -> str | None:
        cant = ("fr_named_cant", "fr_named_cant_turn")
        hit = next((e for e in effects if e["do"] in cant and _forbids(e, q)), None)
        if hit is None:
            return None
        return f"{describe_effects([hit], static=True)} ({source(q)})"

    return Ability(
        f"fielded_rest{index}",
        "static",
        describe_spec(spec),
        while_active=while_active,
        continuous=continuous,
        restrict=restrict,
    )


def _trigger_ability(spec: Mapping[str, Any], effect: Mapping[str, Any], index: int):
    from rules.abilities.describe import describe_spec
    from rules.abilities.runtime import run_effects
    from rules.engine.abilities import Ability

    def condition(tc) -> bool:
        event = tc.event
        die = tc.state.die(event.die) if event.die else None
        if die is None or not die.is_character or die.controller == tc.holder:
            return False
        return _die_is_named(tc.state, tc.cards, tc.card, tc.holder, die)

    def resolve(ctx) -> None:
        run_effects(ctx, effect["effects"])

    return Ability(
        f"fielded_rest_fields{index}",
        "triggered",
        describe_spec(spec),
        trigger="fielded",
        subject="card",
        while_active=True,
        condition=condition,
        resolve=resolve,
    )


def _abilities(card, encoding: Mapping[str, Any]) -> tuple:
    built = []
    for index, spec in enumerate(encoding.get("abilities", ())):
        if any(e["do"] == "fr_named_cant_turn" for e in spec["effects"]):
            # a choice lasting this turn or the next: from the team, active or not
            built.append(_static_ability(spec, index, while_active=False))
        if spec.get("when") != "while_active":
            continue
        if any(e["do"] in _STATICS for e in spec["effects"]):
            built.append(_static_ability(spec, index))
        for effect in spec["effects"]:
            if effect["do"] == "fr_named_fields":
                built.append(_trigger_ability(spec, effect, index))
    return tuple(built)


ENCODING_ABILITIES = {"fielded_rest": _abilities}


def _nothing(ctx, effect, bursts, scope=None):
    """A static's effect is never resolved: its ability (ENCODING_ABILITIES) reads it."""


EFFECT_RUNNERS = {
    "fr_name": _name,
    "fr_named_cant": _nothing,
    "fr_named_cant_turn": _nothing,
    "fr_named_cost": _nothing,
    "fr_named_must_attack": _nothing,
    "fr_named_fields": _nothing,
}


# -- English ----------------------------------------------------------------------------------
def _name_text(effect) -> str:
    from rules.abilities.describe import _affiliation

    if effect["kind"] == "energy":
        what = "an energy type"
    elif effect["kind"] == "affiliation":
        what = "a Lantern color (affiliation)" if effect.get("among") else "an affiliation"
    else:
        cards = "character cards" if effect.get("cards") == "character" else "cards"
        if effect.get("side") == "opposing":
            what = f"one of your opponent's {cards}"
        elif cards == "cards":
            what = "a card in play or a Basic Action card"
        else:
            what = "a character card in play"
        if effect.get("affiliation"):
            what += f" with the {_affiliation(effect['affiliation'])} affiliation"
    return f"name {what}, replacing this card's previous choice"


def _the_named(effect, what: str = "dice") -> str:
    kind = {"card": "card", "energy": "energy type", "affiliation": "affiliation"}
    return f"{what} of the named {kind[effect['named']]}"


def _who(player: str) -> str:
    return "your opponent" if player == "opposing" else "no player"


def _cant_text(effect) -> str:
    acts = " or ".join(effect["acts"])
    head = "your opponent can't" if effect["player"] == "opposing" else "no player can"
    tail = " (only while the die that named it is in the Field)"
    if "block" in effect["acts"]:
        text = f"{_the_named(effect, 'character dice')} can't block"
    else:
        text = f"{head} {acts} {_the_named(effect)}"
    when = {"die": tail, "this_turn": " this turn", "next_turn": " on the next turn"}
    return text + when.get(effect.get("lasts", ""), "")


def _cost_text(effect) -> str:
    of = " and ".join("purchase" if o == "purchase" else "field" for o in effect["of"])
    what = "character dice" if effect.get("cards") == "character" else "dice"
    who = " for your opponent" if effect["player"] == "opposing" else ""
    named_what = _the_named(effect, what)
    return f"{named_what} cost {effect['amount']} more to {of}{who}"


def _must_attack_text(effect) -> str:
    return f"{_the_named(effect, 'character dice')} must attack"


def _fields_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    body = describe_effects(effect["effects"])
    fielded = _the_named(effect, "a character die")
    return f"when your opponent fields {fielded}: {body}"


EFFECT_TEXT = {
    "fr_name": _name_text,
    "fr_named_cant": _cant_text,
    "fr_named_cant_turn": _cant_text,
    "fr_named_cost": _cost_text,
    "fr_named_must_attack": _must_attack_text,
    "fr_named_fields": _fields_text,
}

__all__ = ["ENERGIES", "Zone", "named"]


# -- doubling a die's A and D -----------------------------------------------------------------
def _double_ad(ctx, effect, bursts, scope=None):
    """'double the A and D of target X': the die gets +A and +D equal to its A and D now (this
    turn's modifiers, R12.1)."""
    from rules.abilities import runtime
    from rules.engine import query

    for target in runtime.pick(ctx, effect["to"], "double its A and D", scope):
        die = ctx.state.die(target)
        if die is None or die.zone not in IN_FIELD:
            continue
        attack = query.attack(ctx.state, ctx.cards, die).value
        defense = query.defense(ctx.state, ctx.cards, die).value
        ctx.modify(target, attack, defense)


def _double_ad_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"double the A and D of {describe_selector(effect['to'])} this turn"


EFFECT_SCHEMAS["fr_double_ad"] = effect_schema("fr_double_ad", ["to"], to=SELECTOR)
EFFECT_RUNNERS["fr_double_ad"] = _double_ad
EFFECT_TEXT["fr_double_ad"] = _double_ad_text


# -- reducing a die's A and D by this die's ---------------------------------------------------
def _reduce_by_own(ctx, effect, bursts, scope=None):
    """'reduce target die's A and D by NAME's A and D': -A and -D equal to this die's A and D
    when it resolves, this turn (R12.1)."""
    from rules.abilities import runtime
    from rules.engine import query

    own = ctx.state.die(ctx.source) if ctx.source else None
    if own is None or own.zone not in IN_FIELD:
        return
    attack = query.attack(ctx.state, ctx.cards, own).value
    defense = query.defense(ctx.state, ctx.cards, own).value
    for target in runtime.pick(ctx, effect["to"], "reduce its A and D", scope):
        ctx.modify(target, -attack, -defense)


def _reduce_by_own_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    who = describe_selector(effect["to"])
    return f"give {who} -A and -D equal to this die's A and D this turn"


EFFECT_SCHEMAS["fr_reduce_by_own"] = effect_schema("fr_reduce_by_own", ["to"], to=SELECTOR)
EFFECT_RUNNERS["fr_reduce_by_own"] = _reduce_by_own
EFFECT_TEXT["fr_reduce_by_own"] = _reduce_by_own_text


# -- a die a player picks among their own
# 'your opponent chooses one of their [AV] dice. Capture that character. ...', 'each player
# selects one of their non-[PAWN] Superstar dice in the Field Zone and returns it to its card':
# `who` picks (their own choice, not a target: R13.2's restrictions on targeting don't apply)
# one of their character dice in the Field matching `of`, and `then` happens to it:
# - `capture_damage_cost`: this die captures it (R15.1, until the end of the turn) and its
#   controller takes damage equal to the fielding cost printed on the face it showed;
# - `damage_else_backlash`: this die deals it `amount` damage and, if that doesn't KO it (its
#   damage stays below its D), the holder takes `backlash` damage;
# - `to_card`: it goes back to its card (unpurchased).
def _their_pick(ctx, effect, bursts, scope=None):
    from rules.abilities import selectors as sel
    from rules.engine import query

    pickers = [ctx.opponent] if effect["who"] == "opposing" else [ctx.holder, ctx.opponent]
    wanted = {**effect["of"], "pick": "each", "side": "yours"}
    for player in pickers:
        found = [
            d.id
            for d in ctx.characters(player)
            if sel.matches(ctx.state, ctx.cards, wanted, d, holder=player, card=ctx.card)
        ]
        if not found:
            continue
        (chosen,) = ctx.choose("choose one of your character dice", found, count=1, player=player)
        die = ctx.state.die(chosen)
        then = effect["then"]
        if then == "to_card":
            ctx.move(chosen, Zone.UNPURCHASED)
            ctx.emit("moved", f"{chosen} went back to its card ({ctx.label})", die=chosen,
                     player=die.owner)  # fmt: skip
        elif then == "capture_damage_cost":
            cost = die.face.fielding if die.face is not None else 0
            own = ctx.state.die(ctx.source) if ctx.source else None
            if own is not None and own.zone in IN_FIELD:
                ctx.capture(chosen)
            if cost > 0:
                ctx.damage(player, cost)
        else:  # damage_else_backlash
            ctx.damage(chosen, effect["amount"])
            after = ctx.state.die(chosen)
            kept = after is not None and after.zone in IN_FIELD and after.is_character
            if kept and after.damage < query.defense(ctx.state, ctx.cards, after).value:
                ctx.damage(ctx.holder, effect["backlash"])


def _their_pick_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    among = describe_selector({**effect["of"], "pick": "each", "side": "yours"})
    among = among.replace("all your ", "", 1).replace(" dice", " die")
    if effect["who"] == "opposing":
        head = f"your opponent chooses one of their {among}s in the Field".replace("dies", "dice")
    else:
        head = f"each player chooses one of their {among}s in the Field".replace("dies", "dice")
    then = effect["then"]
    if then == "to_card":
        return f"{head}; it goes back to its card"
    if then == "capture_damage_cost":
        return f"{head}; this die captures it and they take damage equal to its fielding cost"
    return (
        f"{head}; this die deals it {effect['amount']} damage and, if that doesn't KO it, you "
        f"take {effect['backlash']} damage"
    )


EFFECT_SCHEMAS["fr_their_pick"] = effect_schema(
    "fr_their_pick",
    ["who", "of", "then"],
    who={"enum": ["opposing", "each"]},
    of={"type": "object"},
    then={"enum": ["capture_damage_cost", "damage_else_backlash", "to_card"]},
    amount={"type": "integer", "minimum": 1, "maximum": 9},
    backlash={"type": "integer", "minimum": 1, "maximum": 9},
)
EFFECT_RUNNERS["fr_their_pick"] = _their_pick
EFFECT_TEXT["fr_their_pick"] = _their_pick_text


# -- KO'd dice to the Used Pile, damage that would KO
# - `fr_ko_to_used` (`to`): 'KO all [DCS] character dice. Place them in the Used Pile instead of
#   the Prep Area' / 'KO target Sidekick. Send it to the Used Pile': each die picked is KO'd
#   (its KO'd abilities see it) and goes from its owner's Prep Area to their Used Pile.
# - `fr_damage_or_used` (`to`, `amount`): 'deal 2 damage to X. If that would KO the
#   character, put it in its Used Pile': the damage is dealt; a die whose damage reaches its D
#   is sent to its owner's Used Pile instead of being KO'd (R4.6 on its owner's turn).
# - `fr_if_named` (`names`, `effects`): 'If that character is named Wolverine or Cyclops, ...' /
#   'If you targeted Spider-Man, he also ...': the effects happen when the die the previous
#   effect picked has one of those names (read from its card).
# - `fr_damage_owner` (`amount`): '... deal 2 damage to its owner': the owner of that die.
def _ko_to_used(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "KO (to the Used Pile)", scope):
        if not ctx.ko(target):
            continue
        die = ctx.state.die(target)
        if die is not None and die.zone == Zone.PREP:
            ctx.move(target, Zone.USED)
            ctx.emit("moved", f"{target}, KO'd, went to its owner's Used Pile ({ctx.label})",
                     die=target, player=die.owner)  # fmt: skip


def _damage_or_used(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.engine import query

    for target in runtime.pick(ctx, effect["to"], f"deal {effect['amount']} damage", scope):
        ctx.damage(target, effect["amount"])
        die = ctx.state.die(target)
        if die is None or die.zone not in IN_FIELD or not die.is_character:
            continue
        if die.damage and die.damage >= query.defense(ctx.state, ctx.cards, die).value:
            ctx.send_to_used(target)


def _if_named(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.engine import query

    picked = scope.picked if scope is not None and scope.picked else []
    names = {n.lower() for n in effect["names"]}
    hit = [
        d
        for d in picked
        if (die := ctx.state.die(d)) and query.title(ctx.cards, die).lower() in names
    ]
    if not hit:
        return
    inner = runtime.Scope(scope.kind if scope is not None else "")
    inner.picked = hit
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _damage_owner(ctx, effect, bursts, scope=None):
    picked = scope.picked if scope is not None and scope.picked else []
    for owner in dict.fromkeys(ctx.state.die(d).owner for d in picked if ctx.state.die(d)):
        ctx.damage(owner, effect["amount"])


def _ko_to_used_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return (
        f"KO {describe_selector(effect['to'])}; they go to the Used Pile instead of the Prep Area"
    )


def _damage_or_used_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    who = describe_selector(effect["to"])
    return (
        f"deal {effect['amount']} damage to {who}; if that would KO it, it goes to its owner's "
        "Used Pile instead"
    )


def _if_named_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    names = " or ".join(effect["names"])
    return f"if that die is {names}: {describe_effects(effect['effects'])}"


EFFECT_SCHEMAS.update(
    {
        "fr_ko_to_used": effect_schema("fr_ko_to_used", ["to"], to=SELECTOR),
        "fr_damage_or_used": effect_schema(
            "fr_damage_or_used",
            ["to", "amount"],
            to=SELECTOR,
            amount={"type": "integer", "minimum": 1, "maximum": 20},
        ),
        "fr_if_named": effect_schema(
            "fr_if_named",
            ["names", "effects"],
            names={"type": "array", "items": {"type": "string"}, "minItems": 1},
            effects=EFFECTS,
        ),
        "fr_damage_owner": effect_schema(
            "fr_damage_owner", ["amount"], amount={"type": "integer", "minimum": 1, "maximum": 20}
        ),
    }
)
EFFECT_RUNNERS.update(
    {
        "fr_ko_to_used": _ko_to_used,
        "fr_damage_or_used": _damage_or_used,
        "fr_if_named": _if_named,
        "fr_damage_owner": _damage_owner,
    }
)
EFFECT_TEXT.update(
    {
        "fr_ko_to_used": _ko_to_used_text,
        "fr_damage_or_used": _damage_or_used_text,
        "fr_if_named": _if_named_text,
        "fr_damage_owner": lambda effect: f"deal {effect['amount']} damage to that die's owner",
    }
)


# -- KOs and damage by what is in the Field
# - `fr_ko_copies`: 'KO target opposing character die if your opponent controls more than 1
#   copy of that character die': a target among the opposing character dice whose card has two
#   or more dice under the opponent's control in the Field.
# - `fr_ko_weaker` (`max_level`): 'KO all level 1 and 2 character dice with A less than NAME':
#   every character die in the Field of that level or lower whose A is below this die's A.
# - `fr_damage_per_colour` (`to`, `amount`, `per`: any / yours): 'deal 1 damage to target
#   character for each different color [WL] in play / for each [WL] color you control': the
#   Lantern corps' affiliations among the character dice in the Field (either player's or
#   yours), each counted once.
def _ko_copies(ctx, effect, bursts, scope=None):
    from rules.abilities import statics
    from rules.abilities.describe import describe_effects

    theirs = ctx.characters(ctx.opponent)
    found = [
        d.id
        for d in theirs
        if d.card is not None and sum(1 for o in theirs if o.card == d.card) > 1
    ]
    kind = statics.targeting_kind(ctx)
    found = [d for d in found if statics.targetable(ctx.state, ctx.cards, d, ctx.holder, kind)]
    if not found:
        return
    prompt = f"{describe_effects([effect])}: choose the target"
    picked = list(ctx.choose(prompt, found, count=1))
    if scope is not None:
        scope.picked = picked
    for target in picked:
        ctx.ko(target)


def _ko_weaker(ctx, effect, bursts, scope=None):
    from rules.engine import query

    own = ctx.state.die(ctx.source) if ctx.source else None
    if own is None or own.zone not in IN_FIELD or not own.is_character:
        return
    attack = query.attack(ctx.state, ctx.cards, own).value
    hit = [
        d.id
        for d in ctx.state.dice
        if d.is_character
        and d.zone in IN_FIELD
        and d.level <= effect["max_level"]
        and query.attack(ctx.state, ctx.cards, d).value < attack
    ]
    for die_id in hit:
        ctx.ko(die_id)


def colours(state, cards, holder: str, per: str) -> int:
    from rules.engine import query

    found = set()
    for die in state.dice:
        if not die.is_character or die.zone not in IN_FIELD:
            continue
        if per == "yours" and die.controller != holder:
            continue
        found |= set(query.affiliations(state, cards, die)) & set(LANTERNS)
    return len(found)


def _damage_per_colour(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    amount = effect["amount"] * colours(ctx.state, ctx.cards, ctx.holder, effect["per"])
    if amount <= 0:
        return  # 0: nothing happens (no target is asked)
    for target in runtime.pick(ctx, effect["to"], f"deal {amount} damage", scope):
        ctx.damage(target, amount)


def _damage_per_colour_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    where = "among all character dice in the Field" if effect["per"] == "any" else "you control"
    return (
        f"deal {effect['amount']} damage to {describe_selector(effect['to'])} for each different "
        f"Lantern color (affiliation) {where}"
    )


EFFECT_SCHEMAS.update(
    {
        "fr_ko_copies": effect_schema("fr_ko_copies", []),
        "fr_ko_weaker": effect_schema(
            "fr_ko_weaker", ["max_level"], max_level={"type": "integer", "minimum": 1}
        ),
        "fr_damage_per_colour": effect_schema(
            "fr_damage_per_colour",
            ["to", "amount", "per"],
            to=SELECTOR,
            amount={"type": "integer", "minimum": 1, "maximum": 9},
            per={"enum": ["any", "yours"]},
        ),
    }
)
EFFECT_RUNNERS.update(
    {
        "fr_ko_copies": _ko_copies,
        "fr_ko_weaker": _ko_weaker,
        "fr_damage_per_colour": _damage_per_colour,
    }
)
EFFECT_TEXT.update(
    {
        "fr_ko_copies": lambda effect: (
            "KO target opposing character die of which your opponent controls more than one die"
        ),
        "fr_ko_weaker": lambda effect: (
            f"KO all character dice of level {effect['max_level']} or lower with less A than "
            "this die"
        ),
        "fr_damage_per_colour": _damage_per_colour_text,
    }
)


# -- `fr_leave_damage` ('you may send NAME to the Used Pile. If you do, deal X damage to target
# character die where X is NAME's A'): this die's A read while it is in the Field, the die sent
# to its owner's Used Pile (R4.6), then the damage (the die is gone: the card is the source).
def _leave_damage(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime
    from rules.engine import query

    own = ctx.state.die(ctx.source) if ctx.source else None
    if own is None or own.zone not in IN_FIELD or not own.is_character:
        return
    amount = query.attack(ctx.state, ctx.cards, own).value
    ctx.send_to_used(own.id)
    if amount <= 0:
        return
    for target in runtime.pick(ctx, effect["to"], f"deal {amount} damage", scope):
        ctx.damage(target, amount)


def _leave_damage_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    who = describe_selector(effect["to"])
    return f"send this die to the Used Pile; then deal damage equal to its A to {who}"


EFFECT_SCHEMAS["fr_leave_damage"] = effect_schema("fr_leave_damage", ["to"], to=SELECTOR)
EFFECT_RUNNERS["fr_leave_damage"] = _leave_damage
EFFECT_TEXT["fr_leave_damage"] = _leave_damage_text


# -- 'If you do' / 'If you targeted a character die with this ability' after a pick
# - `fr_if_picked` (`effects`): the effects happen when the previous effect picked a die (one
#   still in the game); they may name it as 'it'.
# - `fr_used_to_card` (`what`: non_sidekick): 'move a non-Sidekick die from your Used Pile to its
#   card': the holder picks one of their own dice there (not a Sidekick) and it goes back to its
#   card (unpurchased); none, nothing is picked.
def _if_picked(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    picked = [d for d in (scope.picked or []) if ctx.state.die(d)] if scope is not None else []
    if not picked:
        return
    inner = runtime.Scope(scope.kind if scope is not None else "")
    inner.picked = picked
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)


def _used_to_card(ctx, effect, bursts, scope=None):
    found = [
        d.id
        for d in ctx.state.zone(ctx.holder, Zone.USED)
        if not d.is_sidekick and not d.is_token and d.card
    ]
    picked: list[str] = []
    if found:
        (chosen,) = ctx.choose("choose a die of your Used Pile to return to its card", found)
        ctx.move(chosen, Zone.UNPURCHASED)
        ctx.emit("moved", f"{chosen} went back to its card ({ctx.label})", die=chosen,
                 player=ctx.holder)  # fmt: skip
        picked = [chosen]
    if scope is not None:
        scope.picked = picked


def _if_picked_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    return f"if a die was picked: {describe_effects(effect['effects'])}"


EFFECT_SCHEMAS.update(
    {
        "fr_if_picked": effect_schema("fr_if_picked", ["effects"], effects=EFFECTS),
        "fr_used_to_card": effect_schema(
            "fr_used_to_card", ["what"], what={"enum": ["non_sidekick"]}
        ),
    }
)
EFFECT_RUNNERS.update({"fr_if_picked": _if_picked, "fr_used_to_card": _used_to_card})
EFFECT_TEXT.update(
    {
        "fr_if_picked": _if_picked_text,
        "fr_used_to_card": lambda effect: (
            "move a non-Sidekick die from your Used Pile back to its card"
        ),
    }
)
