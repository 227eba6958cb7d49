"""Conditional self bonuses: 'If your opponent has no Villains in the field, <this die> gains
+3A and +3D', 'If your opponent has a non-Villain character die active, <this> gets +4D',
'When an opponent has an active [M] character, <this> gains +2A and +2D', 'When you have an
active [DCV] character other than <this>, <this> gets +2A'. A continuous A/D bonus to the
card's own dice in the Field while the count condition holds (R13.1), answered through the
stat query layer.

'Characters' / 'character dice' counted are character dice in that player's Field (Sidekicks
included unless a filter excludes them): 'active', 'in the field', 'in play' and 'fielded'
all mean that. 'other than <this>' excludes the card's own dice. Anything more ('at the end
of any turn', 'while attacking', an energy count, life totals) is not matched (manual).
"""

import re

from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

_MODS = r"\+(?P<a>\d+)A(?: and \+(?P<d>\d+)D)?|\+(?P<d2>\d+)D"
_CONDITION = re.compile(
    r"^(?:if|when) (?P<who>your opponent|an opponent|you) (?:has|have) "
    rf"(?P<q>no|an?|any|at least (?P<n>{t.NUMBER})|(?P<n2>{t.NUMBER}) or more) "
    r"(?:active )?(?:(?P<neg>non-)?(?P<filter>\[[A-Za-z0-9]+\]|villain) )?"
    r"(?P<noun>character dice|character die|characters|character|villains)"
    r"(?P<other> other than [^,]+)?"
    r"(?: active| in the field(?: zone)?| in their field zone| in play| fielded)?"
    r", (?P<rest>.+)$",
    re.IGNORECASE,
)


def _filter(token: str, negated: bool) -> dict:
    if token.startswith("["):
        if negated:
            try:
                return {"not_energy": [t.energy(token)]}
            except ValueError:
                pass
        return t.token_filter(token, negated)
    name = t.affiliation(token)  # 'Villain'
    return {"not_affiliation" if negated else "affiliation": [name]}


@recogniser("conditional_statics", kinds=("ability",))
def conditional_self_bonus(line: Line) -> Match | None:
    match = _CONDITION.match(line.text)
    if not match:
        return None
    name = t.self_names(line.card_name)
    bonus = re.fullmatch(rf"{name} (?:gets|gains|has) (?P<mods>{_MODS})", match["rest"],
                         re.IGNORECASE)  # fmt: skip
    if not bonus:
        return None
    counted: dict = {"pick": "each", "side": "yours" if match["who"] == "you" else "opposing"}
    if match["filter"]:
        counted.update(_filter(match["filter"], bool(match["neg"])))
    elif match["noun"].lower() == "villains":
        counted["affiliation"] = ["villain"]
    elif match["neg"]:
        return None
    if match["other"]:
        if counted["side"] != "yours" or not re.fullmatch(
            name, match["other"].strip()[len("other than ") :], re.IGNORECASE
        ):
            return None
        counted["other"] = True
    q = match["q"].lower()
    if q == "no":
        condition = {"test": "count_at_most", "of": counted, "n": 0}
    else:
        n = t.number(match["n"] or match["n2"]) if (match["n"] or match["n2"]) else 1
        condition = {"test": "count_at_least", "of": counted, "n": n}
    effect: dict = {"do": "modify", "to": {"pick": "this"}}
    if bonus["a"]:
        effect["attack"] = int(bonus["a"])
    if bonus["d"] or bonus["d2"]:
        effect["defense"] = int(bonus["d"] or bonus["d2"])
    return Match.ability({"when": "while_active", "if": condition, "effects": [effect]})
