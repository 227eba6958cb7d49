"""Life lines of action cards: 'Gain N life', 'Your opponent loses N life', 'Deal N damage to
your opponent' as an action die's effect (or a global's, on a 'Global:' line with a cost)."""

from rules.abilities import phrases
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, pattern

_LIFE = (
    rf"(?:(?:you )?gain {t.NUMBER} life|{t.PLAYER_OPPONENT} loses {t.NUMBER} life"
    rf"|deal {t.NUMBER} damage to {t.PLAYER_OPPONENT})"
)


@pattern(
    "life", rf"(?:also,? )?(?P<body>{_LIFE})(?P<instead>,? instead)?", kinds=("ability", "burst")
)
def action_life(line: Line, match) -> Match | None:
    """A burst line adds to the base effect unless it says 'instead'."""
    if line.card_kind not in ("basic_action", "action"):
        return None
    effects = phrases.effects(match["body"], line)
    if effects is None:
        return None
    if line.kind == "burst":
        mode = "instead" if match["instead"] else "also"
        return Match(variant={"mode": mode, "effects": effects})
    if match["instead"]:
        return None
    return Match.ability({"when": "action", "effects": effects})


@pattern("life", rf"Pay (?P<cost>(?:\[[^\]]+\])+): (?P<rest>{_LIFE})", kinds=("global",))
def global_life(line: Line, match) -> Match | None:
    effects = phrases.effects(match["rest"], line)
    if effects is None:
        return None
    return Match.ability(
        {"when": "global", "cost": match["cost"].replace(" ", ""), "effects": effects}
    )
