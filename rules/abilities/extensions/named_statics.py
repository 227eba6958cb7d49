"""Continuous effects of the `named_statics` family (rules/abilities/templates/
named_statics.py) about players rather than dice, each answered through the engine's stat
query layer (rules.engine.abilities.contributions), never per-card flags:

- `ns_global_cost`: each use of a global ability by `player` ('opposing', 'yours' or 'any',
  R13.8) costs `amount` more (`sign` 1) or less (`sign` -1) energy, optionally only
  `during` 'your_turn' (the holder's turn). Answered to the 'global_cost' question
  (rules.engine.query.global_cost_change, read when a global is used, R10.1).
- `ns_draw_extra`: `player` ('yours' or 'any') draws `count` more dice in each Clear and Draw
  (R5.1): the 'draw' question (rules.engine.query.draw_count).
- `ns_use_life`: `player` pays `amount` life to use an action die or a global ability
  (`kinds`), when using it: the 'use_life' question (rules.engine.query.use_life_cost, R12.4).
- `ns_cant_field`, `ns_cant_reroll`, `ns_no_team_character_globals`, `ns_cant_use_actions`:
  what a player can't do (R13.7), answered to the restrict hook's 'field' (a die being
  fielded), 'reroll' (a die in the Roll and Reroll Step's reroll, `Query.amount` the dice
  rerolled together), 'use_global', 'use_action' and 'purchase' (`ns_cant_purchase`: the
  card being bought, `Query.params[0]`) questions; `ns_no_attack_when_fielded`:
  the dice `to` means can't attack on the turn their controller fielded them (the engine's
  record of this turn's fieldings, K-STRIKE's module), the 'attack' question.
- `ns_ko_to_used`: a character die `to` means, KO'd, goes to its owner's Used Pile instead of
  the Prep Area: the 'ko_to_used' question (rules.engine.query.kod_to_used, asked by the
  engine's KO while the die is still in the Field).
- `ns_grant_affiliation`: the dice `to` means gain `affiliation` (the 'affiliation' question,
  rules.engine.query.affiliations); a spec with a condition grants none (counting affiliated
  dice would ask the same question again), so the template gives it none, nor a `to` filtered
  by affiliation; Sidekicks are the printed ones (no keyword question inside this one).
- `ns_prevent_you`: static prevention (R13.4) of damage to the holder (`player` 'yours', the
  default) or to each player ('any'): all of it, or `all_but` N of each damage; with `damage`
  'combat' / 'non_combat' only that damage (R11.4); with `from` only damage whose source die
  that selector means. The 'prevent' question about a player (`Query.die` None,
  `Query.player` the damaged player, `Query.other` the source die).

They sit in a while-active spec (vocabulary STATIC_EFFECTS), whose `if` condition they read;
the spec's own static ability ignores them, and ENCODING_ABILITIES builds the one static
ability (while the card is active, R13.1) that answers their questions.

Also: the trigger that makes a die with Range granted by a while-active `grant` (range_N)
shoot (keywords_more's volley), and the condition `ns_distinct_characters` (the different
characters, one per name, among the dice `of` means: at least / at most `n`).
"""

from collections.abc import Mapping
from typing import Any

from rules.abilities.extensions import SELECTOR, effect_schema, while_active_specs

_PLAYER = {"enum": ["opposing", "yours", "any"]}
_COUNT = {"type": "integer", "minimum": 1}

EFFECT_SCHEMAS = {
    "ns_global_cost": effect_schema(
        "ns_global_cost",
        ["amount", "sign", "player"],
        amount=_COUNT,
        sign={"enum": [1, -1]},
        player=_PLAYER,
        during={"const": "your_turn"},
    ),
    "ns_draw_extra": effect_schema(
        "ns_draw_extra", ["count", "player"], count=_COUNT, player={"enum": ["yours", "any"]}
    ),
    "ns_prevent_you": effect_schema(
        "ns_prevent_you",
        [],
        damage={"enum": ["combat", "non_combat"]},
        player={"enum": ["yours", "any"]},
        all_but=_COUNT,
        **{"from": SELECTOR},
    ),
    "ns_cant_field": effect_schema(
        "ns_cant_field",
        ["player"],
        player=_PLAYER,
        level={"enum": [1, 2, 3, 4, 5]},
        to=SELECTOR,
    ),
    "ns_cant_purchase": effect_schema(
        "ns_cant_purchase", ["player", "to"], player=_PLAYER, to=SELECTOR
    ),
    "ns_cant_reroll": effect_schema(
        "ns_cant_reroll",
        ["player"],
        player=_PLAYER,
        what={"const": "basic_action"},
        more_than=_COUNT,
    ),
    "ns_no_team_character_globals": effect_schema("ns_no_team_character_globals", []),
    "ns_use_life": effect_schema(
        "ns_use_life",
        ["amount", "player", "kinds"],
        amount=_COUNT,
        player=_PLAYER,
        kinds={
            "type": "array",
            "items": {"enum": ["action", "global"]},
            "minItems": 1,
            "uniqueItems": True,
        },
    ),
    "ns_cant_use_actions": effect_schema("ns_cant_use_actions", ["player"], player=_PLAYER),
    "ns_ko_to_used": effect_schema("ns_ko_to_used", ["to"], to=SELECTOR),
    "ns_no_attack_when_fielded": effect_schema("ns_no_attack_when_fielded", ["to"], to=SELECTOR),
    "ns_grant_affiliation": effect_schema(
        "ns_grant_affiliation", ["to", "affiliation"], to=SELECTOR, affiliation={"type": "string"}
    ),
}
_RESTRICTIONS = {
    "ns_cant_field": "field",
    "ns_cant_reroll": "reroll",
    "ns_no_team_character_globals": "use_global",
    "ns_cant_use_actions": "use_action",
    "ns_cant_purchase": "purchase",
    "ns_no_attack_when_fielded": "attack",
}
STATIC_EFFECTS = dict.fromkeys(EFFECT_SCHEMAS, True)


def _whose(player: str, *, subject: bool) -> str:
    if player == "opposing":
        return "your opponents" if subject else "your opponents'"
    if player == "yours":
        return "you" if subject else "your"
    return "each player" if subject else "each player's"


def _global_cost_text(effect: Mapping[str, Any]) -> str:
    way = "more" if effect["sign"] == 1 else "less"
    who = _whose(effect["player"], subject=True)
    pays = "pays" if effect["player"] == "any" else "pay"
    during = " during your turn" if effect.get("during") else ""
    return f"{who} {pays} [{effect['amount']}] {way} to use each global ability{during}"


def _draw_text(effect: Mapping[str, Any]) -> str:
    n = effect["count"]
    dice = "an extra die" if n == 1 else f"{n} extra dice"
    if effect["player"] == "any":
        return f"each player draws {dice} in their Clear and Draw Step"
    return f"you draw {dice} in your Clear and Draw Step"


def _prevent_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    kind = {"non_combat": "non-combat ", "combat": "combat "}.get(effect.get("damage"), "")
    amount = f"all but {effect['all_but']} of each" if "all_but" in effect else "all"
    to = "each player" if effect.get("player") == "any" else "you"
    source = f" by {describe_selector(effect['from'])}" if "from" in effect else ""
    return f"prevent {amount} {kind}damage dealt to {to}{source}"


def _dice_text(selector: Mapping[str, Any]) -> str:
    """'character dice with a printed cost of 2' for one exact cost, else the core's words."""
    from rules.abilities.describe import describe_selector

    exact = selector.get("min_cost")
    if exact is not None and exact == selector.get("max_cost") and len(selector) == 3:
        return f"character dice with a printed cost of {exact}"
    return describe_selector(selector)


def _cant_field_text(effect: Mapping[str, Any]) -> str:
    who = _whose(effect["player"], subject=True)
    level = f" at level {effect['level']}" if "level" in effect else ""
    dice = _dice_text(effect["to"]) if "to" in effect else "character dice"
    return f"{who} can't field {dice}{level}"


def _cant_purchase_text(effect: Mapping[str, Any]) -> str:
    return f"{_whose(effect['player'], subject=True)} can't purchase {_dice_text(effect['to'])}"


def _cant_reroll_text(effect: Mapping[str, Any]) -> str:
    who = _whose(effect["player"], subject=True)
    if "more_than" in effect:
        return f"{who} can't reroll more than {effect['more_than']} dice at once"
    return f"{who} can't reroll Basic Action dice"


def _use_life_text(effect: Mapping[str, Any]) -> str:
    who = _whose(effect["player"], subject=True)
    pays = "pays" if effect["player"] == "any" else "pay"
    what = " or ".join(
        {"action": "an action die", "global": "a global ability"}[k] for k in effect["kinds"]
    )
    return f"{who} {pays} {effect['amount']} life to use {what}"


def _affiliation_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import affiliation_name, describe_selector

    name = affiliation_name(effect["affiliation"])
    return f"{describe_selector(effect['to'])} gain the {name} affiliation"


def _no_attack_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    return f"{describe_selector(effect['to'])} can't attack on the turn they are fielded"


def _ko_to_used_text(effect: Mapping[str, Any]) -> str:
    from rules.abilities.describe import describe_selector

    dice = describe_selector(effect["to"])
    return f"{dice} that are KO'd go to their owner's Used Pile instead of the Prep Area"


EFFECT_TEXT = {
    "ns_global_cost": _global_cost_text,
    "ns_draw_extra": _draw_text,
    "ns_prevent_you": _prevent_text,
    "ns_cant_field": _cant_field_text,
    "ns_cant_reroll": _cant_reroll_text,
    "ns_cant_purchase": _cant_purchase_text,
    "ns_use_life": _use_life_text,
    "ns_ko_to_used": _ko_to_used_text,
    "ns_no_attack_when_fielded": _no_attack_text,
    "ns_grant_affiliation": _affiliation_text,
    "ns_cant_use_actions": lambda effect: (
        f"{_whose(effect['player'], subject=True)} can't use action dice"
    ),
    "ns_no_team_character_globals": lambda effect: (
        "no player can use the global abilities of the character cards on their own team"
    ),
}


def _player_matches(wanted: str, player: str, holder: str) -> bool:
    if wanted == "yours":
        return player == holder
    if wanted == "opposing":
        return bool(player) and player != holder
    return bool(player)


def _answers(effect: Mapping[str, Any], q) -> int:
    """What one effect contributes to the question `q` (0: nothing)."""
    do = effect["do"]
    if do == "ns_global_cost" and q.stat == "global_cost":
        if not _player_matches(effect["player"], q.player, q.holder):
            return 0
        if effect.get("during") == "your_turn" and q.state.active != q.holder:
            return 0
        return effect["sign"] * effect["amount"]
    if do == "ns_use_life" and q.stat == "use_life":
        if not _player_matches(effect["player"], q.player, q.holder):
            return 0
        return effect["amount"] if q.params[:1] and q.params[0] in effect["kinds"] else 0
    if do == "ns_ko_to_used" and q.stat == "ko_to_used" and q.die is not None:
        from rules.abilities import selectors as sel

        return int(sel.matches(q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card))
    if do == "ns_draw_extra" and q.stat == "draw":
        return effect["count"] if _player_matches(effect["player"], q.player, q.holder) else 0
    if do == "ns_prevent_you" and q.stat == "prevent":
        if q.die is not None or not _player_matches(
            effect.get("player", "yours"), q.player, q.holder
        ):
            return 0
        if "damage" in effect and (effect["damage"] == "combat") != q.combat:
            return 0
        if "from" in effect:
            from rules.abilities.statics import _source_matches

            if not _source_matches(q, effect["from"], q.other):
                return 0
        return max(0, q.amount - effect.get("all_but", 0))
    return 0


def _continuous(spec: Mapping[str, Any]):
    from rules.abilities import selectors as sel
    from rules.engine.abilities import Contribution

    effects = [e for e in spec["effects"] if e["do"] in EFFECT_SCHEMAS]

    def contributions(q):
        if q.stat == "affiliation":
            yield from _affiliations(q)
            return
        found = [(e, _answers(e, q)) for e in effects]
        found = [(e, n) for e, n in found if n]
        if not found:
            return
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for _, amount in found:
            yield Contribution(q.stat, amount, source)

    def _affiliations(q):
        """The affiliations granted to the die asked about (no condition is read: a count of
        affiliated dice would ask this question again)."""
        if q.die is None or spec.get("if"):
            return
        source = q.cards[q.card].name if q.card in q.cards else q.card
        for effect in effects:
            if effect["do"] == "ns_grant_affiliation" and sel.matches(
                q.state,
                q.cards,
                effect["to"],
                q.die,
                holder=q.holder,
                card=q.card,
                printed_sidekick=True,  # no keyword question (Ally) inside this one
            ):
                yield Contribution("affiliation", 0, source, effect["affiliation"])

    return contributions


def _forbids(effect: Mapping[str, Any], q) -> bool:
    """Whether one restriction effect forbids what `q` asks ('field' about a die being
    fielded, 'reroll' about a die being rerolled with `Query.amount` dice in the group,
    'use_global' about the global of card `params[0]` on `params[1]`'s team)."""
    if _RESTRICTIONS.get(effect["do"]) != q.stat:
        return False
    if effect["do"] == "ns_no_attack_when_fielded":
        from rules.abilities import selectors as sel
        from rules.engine.keywords import strike

        die = q.die
        if die is None or die.id not in strike.fielded_this_turn(q.state, die.controller):
            return False
        return sel.matches(q.state, q.cards, effect["to"], die, holder=q.holder, card=q.card)
    if effect["do"] == "ns_cant_use_actions":
        return _player_matches(effect["player"], q.player, q.holder)
    if effect["do"] == "ns_no_team_character_globals":
        used = q.cards.get(q.params[0]) if q.params else None
        return used is not None and used.kind == "character" and q.params[1:2] == (q.player,)
    if not _player_matches(effect["player"], q.player, q.holder):
        return False
    if effect["do"] == "ns_cant_purchase":
        from rules.abilities import selectors as sel

        key = q.params[0] if q.params else ""
        return sel.card_matches(q.cards, effect["to"], key, holder=q.holder, player=q.player)
    if q.die is None:
        return False
    if effect["do"] == "ns_cant_field":
        face = q.die.face
        if face is None or effect.get("level", face.level) != face.level:
            return False
        if "to" not in effect:
            return True
        from rules.abilities import selectors as sel

        return sel.matches(
            q.state, q.cards, effect["to"], q.die, holder=q.holder, card=q.card, anywhere=True
        )
    if "more_than" in effect:
        return q.amount > effect["more_than"]
    card = q.cards.get(q.die.card) if q.die.card else None
    return card is not None and card.kind == "basic_action"


def _restrict(spec: Mapping[str, Any]):
    from rules.abilities import selectors as sel
    from rules.abilities.describe import describe_effects

    effects = [e for e in spec["effects"] if e["do"] in _RESTRICTIONS]
    if not effects:
        return None

    def restrict(q) -> str | None:
        hit = next((e for e in effects if _forbids(e, q)), None)
        if hit is None:
            return None
        if not sel.condition(spec.get("if"), q.state, q.cards, holder=q.holder, card=q.card):
            return None
        source = q.cards[q.card].name if q.card in q.cards else q.card
        return f"{describe_effects([hit], static=True)} ({source})"

    return restrict


def _abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities.describe import describe_spec
    from rules.engine.abilities import Ability

    built = []
    for index, spec in while_active_specs(encoding, EFFECT_SCHEMAS):
        built.append(
            Ability(
                f"named_statics{index}",
                "static",
                describe_spec(spec),
                while_active=True,
                continuous=_continuous(spec),
                restrict=_restrict(spec),
            )
        )
    return tuple(built)


ENCODING_ABILITIES = {"named_statics": _abilities}


# -- Range granted by a while-active ability ----------------------------------------------------
# 'While NAME is active, your active character dice have Range 1': the static `grant` of the
# keyword range_N (the stat query layer's keywords, read by keywords_more's `range_of`), and the
# trigger that makes a die with granted Range shoot when it attacks: keywords_more's own volley
# (one per attack for all of the player's dice with Range, R13.1), fired by an attacking die of
# the holder's that has Range while its own card prints none (a printed Range fires itself).
def _granted_range(spec: Mapping[str, Any]) -> bool:
    return spec["when"] == "while_active" and any(
        e["do"] == "grant" and e["keyword"].startswith("range_") for e in spec["effects"]
    )


def _range_abilities(card, encoding: Mapping[str, Any]) -> tuple:
    from rules.abilities.extensions.keywords_more import granted_range

    if not any(_granted_range(spec) for spec in encoding.get("abilities", ())):
        return ()
    return (granted_range("named_statics_range", while_active=True),)


ENCODING_ABILITIES["named_statics_range"] = _range_abilities


# -- condition: a count of different characters ---------------------------------------------------
# 'your opponents with 3 or more active characters' (the card's reminder: three dice of one
# character count as one), 'at least 2 different active [DCV] characters': the dice `of` means,
# one per character name; `at_least` or `at_most` `n`.
def _distinct(test, state, cards, *, holder, this=None, card="") -> bool:
    from rules.abilities import selectors as sel
    from rules.engine import query

    found = sel.dice(
        state, cards, test["of"], holder=holder, source=this.id if this else "", card=card
    )
    count = len({query.title(cards, d) for d in found})
    return count >= test["n"] if test["way"] == "at_least" else count <= test["n"]


def _distinct_text(test) -> str:
    from rules.abilities.describe import describe_selector

    way = "at least" if test["way"] == "at_least" else "at most"
    among = describe_selector(test["of"])
    return f"there are {way} {test['n']} different characters among {among}"


CONDITIONS = {
    "ns_distinct_characters": (
        {
            "of": SELECTOR,
            "n": {"type": "integer", "minimum": 0},
            "way": {"enum": ["at_least", "at_most"]},
        },
        _distinct,
    )
}
CONDITION_TEXT = {"ns_distinct_characters": _distinct_text}
