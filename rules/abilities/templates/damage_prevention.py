"""Damage prevention of the card's own dice: 'Prevent all damage (dealt|done) to <this die>
(by|from) <character dice>', '<this die> takes no damage from <character dice>', 'Prevent all
damage to <this die> while he is blocking', with a trailing 'if you control N or more [X]
character dice'. A while-active static prevention (vocabulary effect prevent, all of it), read
through the stat query layer each time damage is about to be dealt (R13.4): mandatory, so
nothing is asked.

The source is read narrowly: character dice (or characters) with an energy or affiliation
token, or not of one ('non-[S] characters'). Anything else ('action dice', 'higher level
characters', 'undead monsters', 'non-combat damage', 'during combat', 'from one source') is
not matched and stays manual. 'Characters' are read as character dice in the Field: the only
ones that deal damage.
"""

import re

from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_SOURCE = (
    r"(?P<neg>non-)?(?P<token>\[[A-Za-z0-9]+\]) "
    r"(?:character dice|characters|character die|character)"
)
_COUNT = (
    rf"(?: if you control (?P<n>{t.NUMBER}) or more (?P<ctoken>\[[A-Za-z0-9]+\]) "
    r"character dice)?"
)
_BLOCKING = r"(?P<blocking> while (?:he|she|it|they) (?:is|are) blocking)?"


def _patterns(name: str) -> list[re.Pattern]:
    return [
        re.compile(
            rf"prevent all damage (?:dealt |done )?to {name}(?: (?:by|from) {_SOURCE})?"
            rf"{_BLOCKING}{_COUNT}",
            re.IGNORECASE,
        ),
        re.compile(rf"{name} takes no damage from {_SOURCE}{_COUNT}", re.IGNORECASE),
    ]


def _token_filter(token: str, negated: bool) -> dict:
    """tokens.token_filter, plus 'non-[S]' (not of that energy type)."""
    if negated:
        try:
            return {"not_energy": [t.energy(token)]}
        except ValueError:
            pass
    return t.token_filter(token, negated)


@recogniser("damage_prevention", kinds=("ability",))
def prevent_damage(line: Line) -> Match | None:
    name = t.self_names(line.card_name)
    for pattern in _patterns(name):
        match = pattern.fullmatch(line.text)
        if match:
            break
    else:
        return None
    groups = match.groupdict()
    effect: dict = {"do": "prevent", "to": {"pick": "this"}, "all": True}
    if match["token"]:
        source = {"pick": "each"}
        source.update(_token_filter(match["token"], bool(match["neg"])))
        effect["from"] = source
    spec: dict = {"when": "while_active", "effects": [effect]}
    if groups.get("blocking"):
        if groups.get("n"):
            return None  # two conditions: the vocabulary holds one
        spec["if"] = {"test": "blocking"}
    if groups.get("n"):
        counted = {"pick": "each", "side": "yours"}
        counted.update(t.token_filter(match["ctoken"]))
        spec["if"] = {"test": "count_at_least", "of": counted, "n": t.number(match["n"])}
    return Match.ability(spec)
