"""Damage multipliers of the card's own dice or while it is active, the vocabulary effect
`multiply_damage` (rules/abilities/extensions/damage_multipliers.py), played through the
engine's 'damage_multiplier' question:

- 'NAME deals double damage to characters that block him' (`to_blockers`);
- 'NAME deals double damage to [M] character dice' (a token filter on the target);
- 'While NAME is active, double all damage dealt to [DCV] character dice' (any source, any
  damage, either player's dice: a type reference covers both, R13.8);
- 'While NAME is active, your unblocked [AV] character dice deal double combat damage to
  your opponent' (the source filtered, combat damage to the player);
- 'When NAME deals Overcrush damage to an opponent, double that damage': a blocked attacker's
  damage to the player is its Overcrush damage (R11.4, K-OVERCRUSH), so the source is the
  card's die while blocked and the target the opponent.

And the clause 'double all damage dealt to <target die> until end of turn' after any trigger
(`multiply_damage_this_turn`, a lasting effect on the die picked: Lady Bullseye's 'When
fielded').

Read narrowly: other spellings ('this turn', 'target blocked or blocking Superstar', paying
life to double) stay manual.
"""

from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase
from rules.abilities.templates import Line, Match, recogniser

_TOKEN = r"(?P<neg>non-)?(?P<token>\[[A-Za-z0-9]+\]|[A-Za-z-]+)"
_DICE = r"(?:character dice|characters|character die)"
_PRONOUN = r"(?:him|her|it|them)"
_OPPONENT = rf"(?:{t.PLAYER_OPPONENT}|an opponent)"


def _filter(match) -> dict:
    """The selector filter of an energy or affiliation token, or an affiliation word
    ('Avengers'); ValueError (the line declined) for any other word."""
    token = match["token"]
    if not token.startswith("["):
        return {"not_affiliation" if match["neg"] else "affiliation": [t.affiliation(token)]}
    return t.token_filter(token, bool(match["neg"]))


def _while_active(effect: dict) -> Match:
    return Match.ability({"when": "while_active", "effects": [effect]})


@recogniser("damage_multipliers", kinds=("ability",))
def damage_multiplier(line: Line) -> Match | None:
    name = t.self_names(line.card_name)
    text = line.text
    this = {"pick": "this"}
    double = {"do": "multiply_damage", "times": 2}
    if t.regex(rf"{name} deals double damage to {_DICE} that blocks? {_PRONOUN}").fullmatch(text):
        return _while_active({**double, "from": this, "to_blockers": True})
    match = t.regex(rf"{name} deals double damage to {_TOKEN} {_DICE}").fullmatch(text)
    if match:
        to = {"pick": "each", **_filter(match)}
        return _while_active({**double, "from": this, "to": to})
    match = t.regex(
        rf"while {name} is active, double all damage dealt to {_TOKEN} {_DICE}"
    ).fullmatch(text)
    if match:
        to = {"pick": "each", **_filter(match)}
        return _while_active({**double, "to": to})
    match = t.regex(
        rf"while {name} is active, your unblocked {_TOKEN} {_DICE} deal double combat damage "
        rf"to {_OPPONENT}"
    ).fullmatch(text)
    if match:
        source = {
            "pick": "each",
            "side": "yours",
            "combat": "unblocked",
            **_filter(match),
        }
        return _while_active(
            {**double, "from": source, "to_player": "opposing", "damage": "combat"}
        )
    if t.regex(rf"when {name} deals overcrush damage to {_OPPONENT}, double that damage").fullmatch(
        text
    ):
        source = {"pick": "this", "combat": "blocked"}
        return _while_active(
            {**double, "from": source, "to_player": "opposing", "damage": "combat"}
        )
    return None


@phrase(r"double all damage dealt to (?P<who>target .+?) until (?:the )?end of (?:the )?turn")
def _double_this_turn(m, line):
    to = body.die_selector(m["who"], line)
    if to is None or to["pick"] != "target":
        return None
    return [{"do": "multiply_damage_this_turn", "times": 2, "to": to}]
