"""Clauses of the `combat_globals` family (rules/abilities/templates/combat_globals.py),
registered into the shared phrase registry so they read in globals, on action dice and after
any trigger.

- 'Prevent N damage to <one target>' ('target character die', 'a Superstar die or player'):
  effect `cg_prevent` (rules/abilities/extensions/combat_globals.py), a shield on the die or
  player picked that stops the next N damage dealt to it this turn (R13.4, R13.1). Only one
  target (a die, or a die or a player): 'prevent N damage to each ...' or 'that you take from
  ...' name what this shield does not say, and stay manual.
- In a global only: 'Your character dice can't be the target of <action dice / global
  abilities ...>': effect `cg_untargetable`, until the end of the turn (a global's effect
  lasts the turn unless it says otherwise; the static reading belongs to the 'While' lines).
- In a global only: '<dice> gets / gains Range N': the keyword range_N granted to the dice
  picked (until the end of the turn, as a global's keyword grant); a die of the holder's with
  granted Range fires keywords_more's volley when it attacks (rules/abilities/extensions/
  combat_globals.py).
- 'switch the A and D values of <dice>' / 'switch <dice>'s A and D (until end of turn)':
  effect `cg_switch_ad` on the dice picked (the card's own die by its name in a trigger).
- 'each player may field up to N Sidekick dice from their Used Pile' / 'each player must field
  a [PAWN] / Sidekick die from their Used Pile (if able)': effect `cg_each_field_sidekicks`.
"""

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase
from rules.abilities.phrases_actions import dice_selector, receiver
from rules.abilities.phrases_static import targeters
from rules.abilities.phrases_triggers import target_of


@phrase(rf"prevent (?P<n>{t.NUMBER}) damage to (?P<who>.+)")
def _prevent_damage(m, line):
    to = receiver(m["who"])
    if to is None or to.get("pick") != "target" or to.get("count", 1) != 1:
        return None
    return [{"do": "cg_prevent", "to": to, "amount": t.number(m["n"])}]


@phrase(r"your character dice can(?:'|no)t be the target of (?P<by>.+?)(?: this turn)?")
def _your_dice_untargetable(m, line):
    if line is None or line.kind != "global":
        return None
    found = targeters(m["by"])
    if found is None or found[1] != "any":
        return None
    return [{"do": "cg_untargetable", "kinds": found[0]}]


@phrase(r"(?P<who>.+?) (?:gets|gains) range (?P<n>[123])(?: this turn| until end of turn)?")
def _dice_get_range(m, line):
    if line is None or line.kind != "global":
        return None
    to = dice_selector(m["who"])
    if to is None:
        return None
    return [{"do": "grant", "to": to, "keyword": f"range_{m['n']}"}]


def _switched(text, line):
    to = target_of(text, line) or dice_selector(text)
    if to is None or to.get("pick") == "player" or to.get("or_player"):
        return None
    return [{"do": "cg_switch_ad", "to": to}]


@phrase(r"switch the a and d(?: values)? of (?P<who>.+?)(?: until (?:the )?end of (?:the )?turn)?")
def _switch_values_of(m, line):
    return _switched(m["who"], line)


@phrase(
    r"switch (?P<who>.+?)(?:'s|’s) a and d(?: values)?(?: until (?:the )?end of (?:the )?turn)?"
)
def _switch_possessive(m, line):
    return _switched(m["who"], line)


_SIDEKICKS = r"(?:\[pawn\]s?|sidekick(?: dice| die)?s?|sidekicks)"


@phrase(
    rf"each player (?P<verb>may field up to|must field) (?P<n>an?|{t.NUMBER}) {_SIDEKICKS}"
    r" from their used pile(?: if able)?"
)
def _each_player_fields(m, line):
    return [
        {
            "do": "cg_each_field_sidekicks",
            "count": t.number(m["n"]),
            "up_to": m["verb"].lower().startswith("may"),
        }
    ]
