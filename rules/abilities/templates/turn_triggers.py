"""'At the start of your turn, <effect>' and 'At the end of your turn, <effect>' (also 'At
the beginning of your turn'): card-wide triggers of a character card while it is active
(R13.1), on its holder's own turn only: the while-active watchers 'turn_started' /
'end_of_turn' with by 'yours' (rules.abilities.watchers). The engine's start of turn
comes before Clear and Draw (R5.0); its end of turn event comes in Cleanup after damage is
cleared (R5.5), so an
end-of-turn effect sees dice without damage (the order R5.5 lists). Not read: 'each turn',
'the attack step', 'your Roll and Reroll Step' (other moments)."""

import re

from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recogniser

_TURN = re.compile(
    r"^at the (?P<when>start|beginning|end) of your turn,? (?P<rest>.+)$", re.IGNORECASE
)


# One-off effects that last 'this turn': started after Cleanup has ended the turn's effects,
# they would last into the next turn, so an end-of-turn line with them stays manual.
_THIS_TURN_ONLY = {"modify", "grant", "restrict", "control", "capture", "no_damage"}


@recogniser("turn_triggers", kinds=("ability", "burst"))
def at_turn(line: Line) -> Match | None:
    if line.card_kind not in ("character", "character_or_action"):
        return None
    match = _TURN.match(line.text)
    if not match:
        return None
    spec = body.trigger_body(match["rest"], line)
    if spec is None or any(
        e["do"] in ("capture", "control")
        or (isinstance(e.get("to"), dict) and e["to"].get("level_at_most_this"))
        for e in spec["effects"]
    ):
        return None  # card-wide: no one die of the card to hold a die or to compare levels
    if any(isinstance(v, dict) and "stat" in v for e in spec["effects"] for v in e.values()):
        return None  # 'his level': which of the card's dice is not known card-wide
    when = "end_of_turn" if match["when"].lower() == "end" else "turn_started"
    if when == "end_of_turn" and any(e["do"] in _THIS_TURN_ONLY for e in spec["effects"]):
        return None  # the turn's effects have ended by then: it would last into the next
    return Match.ability({"when": when, "by": "yours", **spec})  # a watcher of the holder
