"""Set keywords a card names without spelling out (a bare 'Attune', 'Intimidate.', or the
keyword with a short or long reminder in parentheses): the keyword's meaning is fixed by the
reminder text printed on the cards that carry it, so every such line gets that meaning.

- Attune: while this character is active, each time its player uses an action die, deal 1
  damage to a target player or character die (what the long reminder says; the families read
  it as `action_used` by 'yours' with a damage to a target that may be a player).
- Intimidate: when this die is fielded, the chosen opposing character die leaves the Field
  until end of turn. Encoded as a capture by the fielded die (R15.1: the die is out of the
  game and comes back where it was, at the same level, at end of turn). One difference: a
  capture also ends when the capturing die leaves the Field, so if the Intimidate die is KO'd
  before the turn ends the removed die comes back early, where the card keeps it out until
  end of turn.
- Swarm: while this character is active, each of its dice drawn in its player's Clear and
  Draw Step draws one more die from the bag into Prep, rolled with the others (R5.2). A
  trigger on that step's 'drew' event (trigger_events `drawn_in_draw_step`) and the effect
  script `swarm_extra_draw`; dice drawn by effects (the extra die too) don't count.
- Infiltrate: once blockers are declared against its player's attack (R11.2), each of the
  card's attacking dice left unblocked may go back to the Field and then deals the opponent
  1 damage (so it deals no combat damage). Triggers `blockers_declared` /
  `no_blockers_declared` (once per turn: one declaration per attack) and the effect script
  `infiltrate`.

A reminder that says something else than the keyword's meaning (a card-specific wording)
declines, so the line stays with the families that read it (or manual).

Not here: Experience and Regenerate (the experience family), Flip (two-sided
cards), Breath Weapon N (the reminder names a cost but not when or how often it may be paid),
Deadly (engagement isn't remembered until end of turn), Range N (a value summed over several
dice).
"""

import copy
import re

from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser
from rules.abilities.templates.keyword_reminders import reminder_of

_ATTUNE = {
    "when": "action_used",
    "by": "yours",
    "effects": [{"do": "damage", "to": {"pick": "target", "or_player": True}, "amount": 1}],
}
_INTIMIDATE = {
    "when": "fielded",
    "effects": [
        {"do": "capture", "to": {"pick": "target", "side": "opposing", "what": "character"}}
    ],
}
# The reminders the cards print for each keyword (tags gone, lower case, spelling slips
# tolerated: 'player of character die', 'charcter die'); None: the bare keyword.
_ATTUNE_REMINDER = re.compile(
    r"while this (?:character|character die|superstar) is active, when you use an action die,"
    r" deal 1 damage to target player o[rf] (?:character|superstar) die"
)
_INTIMIDATE_REMINDER = re.compile(
    r"when fielded, remove target opposing (?:character|charcter|superstar) die from the field"
    r" zone until end of turn(?: - place it next to your (?:character|superstar) cards)?"
)
_SWARM = {
    "when": "drawn_in_draw_step",
    "effects": [{"do": "script", "name": "swarm_extra_draw"}],
}
_SWARM_REMINDER = re.compile(
    r"while this character is active,? if you draw this die during your clear and draw"
    r" (?:step|set \[sic\]), draw and roll an extra die|extra draw during clear & draw step"
)
_INFILTRATE_EFFECTS = [{"do": "script", "name": "infiltrate"}]
_INFILTRATE = (
    {"when": "blockers_declared", "limit": "once_per_turn", "effects": _INFILTRATE_EFFECTS},
    {"when": "no_blockers_declared", "limit": "once_per_turn", "effects": _INFILTRATE_EFFECTS},
)
_INFILTRATE_REMINDER = re.compile(
    r"when this (?:character|superstar) die is unblocked, you may return this die to the field"
    r" zone and it deals your opponent 1 damage"
)
KEYWORDS = {
    "attune": (_ATTUNE, _ATTUNE_REMINDER),
    "swarm": (_SWARM, _SWARM_REMINDER),
    "infiltrate": (_INFILTRATE, _INFILTRATE_REMINDER),
    "intimidate": (_INTIMIDATE, _INTIMIDATE_REMINDER),
}


@recogniser("set_keywords", kinds=("ability",), priority=15)
def set_keyword(line: Line) -> Match | None:
    word = line.text.strip().rstrip(".").strip().lower()
    if word not in KEYWORDS:
        return None
    spec, reminder = KEYWORDS[word]
    sentence = reminder_of(line.raw)
    if sentence is not None and not reminder.fullmatch(sentence.lower().rstrip(". ")):
        return None
    specs = copy.deepcopy(spec if isinstance(spec, tuple) else (spec,))  # data to extend
    if sentence is not None and re.search(r"\bsuperstar die\b", sentence, re.IGNORECASE):
        # The WWE sets' reminder: its target is a Superstar die, a non-Sidekick character die
        # as everywhere else (tokens.SUPERSTAR_WHAT), not any character die.
        for effect in (effect for one in specs for effect in one["effects"]):
            if "to" in effect:
                effect["to"]["what"] = t.SUPERSTAR_WHAT
    return Match.ability(*specs)
