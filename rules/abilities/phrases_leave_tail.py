"""Clauses of the `leave_tail` family (rules/abilities/templates/leave_tail.py), registered into
the shared phrase registry so they read after any trigger (Aftershock's bodies among them).

- 'both players sacrifice all of their Sidekicks': each Sidekick die in the Field, either
  side, to its owner's Used Pile (sacrificed dice go to the Used Pile, as the cards'
  reminder says; on its owner's turn Out of Play, R4.6): the core `send_to_used`.
- 'each player must sacrifice another character (die)': each player, the holder first,
  chooses one of their character dice in the Field (if they have one) and sends it to the
  Used Pile (`lt_players_sacrifice`).
- 'all players move all dice from their Prep Area to their Used Pile' (`lt_prep_to_used`).
- 'deal N damage to each player for each of their dice KO'd in this way': after an effect that
  KO'd dice, each player takes N damage for each of their own dice it KO'd
  (`lt_damage_owners`: the dice the previous effect picked that are no longer in the Field).
- 'reroll NAME. If he lands on a character face, return him to the Field Zone' (Sandman, with
  'you may pay [1] to'): the card's own die, KO'd into its Prep Area, is rerolled; on a
  character face it returns to the Field Zone on that face, not fielded (`lt_reroll_return`).
  On an energy face it stays in the Prep Area, as Regenerate's rerolled
  die does (experience.py); a die no longer in the Prep Area (sent to the Used Pile or the
  bag) is not rerolled: the weaker reading (T5.1). The template joins the two sentences
  into the one clause 'reroll NAME and return him to the Field Zone if he lands on a
  character face' these phrases read.
- 'target character die can't block NAME (this turn)' (the card's own name): fielded_tail's
  `ft_cant_block`, the dice it can't block being your dice of this card's name.
- 'NAME can't / may not be targeted by (opposing) action dice / global abilities until end of
  turn' in a trigger (`lt_untargetable`): a lasting restriction on the card's own die.
- 'put a (non-)[X] character (not NAME) from your Prep Area into the Field Zone at level N'
  (`lt_place`): one of your character dice in your Prep Area, your choice, put in the Field
  Zone at that level (not fielded, R8.2); a Sidekick is a non-[X] character.
"""

import re

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase


@phrase(r"both players sacrifice all (?:of )?their sidekick(?: character)?(?: dice|s)")
def _both_sacrifice_sidekicks(m, line):
    return [{"do": "send_to_used", "to": {"pick": "each", "what": "sidekick"}}]


@phrase(r"each player (?:must )?sacrifices? (?:another|a|one) character(?: die)?")
def _each_player_sacrifices(m, line):
    return [{"do": "lt_players_sacrifice"}]


@phrase(r"all players move all (?:of their )?dice from their prep area to their used pile")
def _all_prep_to_used(m, line):
    return [{"do": "lt_prep_to_used"}]


@phrase(
    rf"deal (?P<n>{t.NUMBER}) damage to each player for each of their dice "
    r"(?:KO'd|knocked out) (?:in )?this way"
)
def _damage_owners(m, line):
    return [{"do": "lt_damage_owners", "amount": t.number(m["n"])}]


@phrase(
    r"reroll (?P<who>.+?) and return (?:him|her|it) to the field zone if (?:he|she|it) lands on "
    r"a character face"
)
def _reroll_return(m, line):
    if line is None or line.kind != "ability" or not t.is_self(m["who"], line.card_name):
        return None
    return [{"do": "lt_reroll_return"}]


@phrase(
    r"put an? (?P<non>non-)?(?P<tok>\[[A-Za-z0-9]+\]) character from your prep area into the "
    r"field zone at level (?P<n>[123])"
)
def _place_from_prep(m, line):
    """'Put a non-[VM] character (not Aunt May) from your Prep Area into the Field Zone at level
    1': one of your character dice in your Prep Area of (or not of) that affiliation, your
    choice, put in the Field Zone at that level, not fielded (R8.2). The printed '(not NAME)'
    is read from the raw line (the cleaned text drops it as a reminder)."""
    try:
        affiliation = t.affiliation(m["tok"])
    except ValueError:
        return None
    effect = {"do": "lt_place", "level": int(m["n"])}
    effect["not_affiliation" if m["non"] else "affiliation"] = [affiliation]
    raw = getattr(line, "raw", "") or ""
    excluded = re.search(r"character\s*(?:<em>)?\s*\(not (?P<name>[^)]+)\)", raw, re.IGNORECASE)
    if excluded:
        effect["not_name"] = excluded["name"].strip()
    return [effect]


@phrase(r"(?P<who>target .+?) (?:can't|cannot|can not) block (?P<name>.+?)(?: this turn)?")
def _cant_block_self(m, line):
    """'target character die can't block Lizard this turn' (the card's own name): fielded_tail's
    `ft_cant_block` with the dice it can't block being your dice of this card's name (a team
    holds one card of a name, R13.8)."""
    from rules.abilities import phrases_triggers as pt

    if line is None or not line.card_name.strip():
        return None
    if m["name"].strip().lower() != line.card_name.strip().lower():
        return None
    to = pt.target_of(m["who"], line)
    if to is None or to.get("pick") != "target":
        return None
    of = {"pick": "each", "side": "yours", "name": line.card_name.strip()}
    return [{"do": "ft_cant_block", "to": to, "of": of}]


@phrase(
    r"(?P<who>.+?) (?:can't|cannot|can not|may not) be targeted by (?P<by>.+?)"
    r"(?: this turn| until (?:the )?end of (?:the )?turn)"
)
def _untargetable_this_turn(m, line):
    """'NAME can't / may not be targeted by opposing action dice until end of turn' in a
    trigger: the card's own die, a lasting restriction this turn (`lt_untargetable`)."""
    from rules.abilities import phrases_static

    if line is None or line.kind != "ability" or not t.is_self(m["who"], line.card_name):
        return None
    found = phrases_static.targeters(m["by"])
    if found is None:
        return None
    kinds, player = found
    return [{"do": "lt_untargetable", "to": {"pick": "this"}, "kinds": kinds, "player": player}]
