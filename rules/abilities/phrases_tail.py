"""More effect clauses for the long-tail families (player triggers, ability words): clauses
about the card's own dice named by the card's name ('Iceman gains +1A and +1D', 'spin
Moondragon up 1 level', 'spin each of your Wulfen character dice up 1 level'), and drawing
into the Prep Area spelt 'add it to'. Registered with `phrases.phrase`, so every family's
`phrases.effects` reads them once this module is imported (the long-tail templates import
it).

A clause naming the card's own die reads it as each of the card's dice in the Field when the
ability is the card's (a card-wide trigger has no single die of its own), or as the die
itself for a die's own trigger.
"""

import re

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase

_MODS = r"\+(?P<a>\d+)A(?: and \+(?P<d>\d+)D)?|\+(?P<d2>\d+)D"
_UNTIL = r"(?: until (?:the )?end of (?:the )?turn| this turn)?"
# Keywords the engine plays as plugins, granted for the turn ('gets +1A and Overcrush').
_GRANTABLE = {"overcrush": "overcrush", "fast": "fast"}
_GRANT = r"(?: and (?P<keyword>Overcrush|Fast))?"


def _is_self(words: str, line) -> bool:
    if line is None:
        return False
    names = rf"(?:{t.self_names(line.card_name)}|this monster)"  # Yu-Gi-Oh! cards say 'monster'
    return re.fullmatch(names, words.strip(), re.IGNORECASE) is not None


def _modify_this(m) -> dict:
    effect = {"do": "modify", "to": {"pick": "this"}}
    if m["a"]:
        effect["attack"] = int(m["a"])
    if m["d"] or m["d2"]:
        effect["defense"] = int(m["d"] or m["d2"])
    return effect


@phrase(rf"(?P<who>[^,]+?) (?:gets|gains) (?P<mods>{_MODS}){_GRANT}{_UNTIL}")
def _self_gains(m, line):
    """'Iceman gains +1A and +1D', 'Carnage gets +1A and Overcrush until end of turn'."""
    if not _is_self(m["who"], line):
        return None
    effects = [_modify_this(m)]
    if m["keyword"]:
        effects.append(
            {"do": "grant", "to": {"pick": "this"}, "keyword": _GRANTABLE[m["keyword"].lower()]}
        )
    return effects


@phrase(r"(?P<who>[^,]+?) (?:gets|gains) (?P<keyword>Overcrush|Fast)" + _UNTIL)
def _self_gains_keyword(m, line):
    if not _is_self(m["who"], line):
        return None
    return [{"do": "grant", "to": {"pick": "this"}, "keyword": _GRANTABLE[m["keyword"].lower()]}]


_LEVELS = rf"(?P<n>{t.NUMBER}) levels?"


@phrase(rf"spin (?P<who>[^,]+?) (?:up {_LEVELS}|(?P<n2>{t.NUMBER}) levels? up)")
def _spin_self_up(m, line):
    """'spin Moondragon up 1 level', 'spin The Joker 1 level up'."""
    if not _is_self(m["who"], line):
        return None
    return [{"do": "spin", "to": {"pick": "this"}, "levels": t.number(m["n"] or m["n2"])}]


@phrase(
    r"spin (?:each|all) (?:of )?(?P<your>your )?(?P<name>[^,\[\]]+?) (?:character )?di(?:c)?e "
    rf"(?:in the field(?: zone)? )?up {_LEVELS}"
)
def _spin_named_up(m, line):
    """'spin each of your Dove character dice up 1 level': each of your dice of that name."""
    name = m["name"].strip()
    if line is None or name.lower() != line.card_name.strip().lower():
        return None  # another card's dice: the name filter would read its title
    levels = t.number(m["n"])
    selector = {"pick": "each", "name": name}
    if m["your"]:
        selector["side"] = "yours"
    return [{"do": "spin", "to": selector, "levels": levels}]


@phrase(r"draw (?P<n>a|one|two|\d+) dic?e? and add (?:it|them) to your prep area")
def _draw_add_to_prep(m, line):
    return [{"do": "draw", "count": t.number(m["n"])}]


@phrase(
    r"each of your (?:active )?(?P<name>[^,\[\]]+?) (?:character|superstar) dice "
    rf"(?:gets?|gains?) (?P<mods>{_MODS}){_UNTIL}"
)
def _each_named_gets(m, line):
    """'each of your active Asuka Superstar dice gets +1A and +1D': the card's own dice."""
    name = m["name"].strip()
    if line is None or name.lower() != line.card_name.strip().lower():
        return None
    effect = _modify_this(m)
    effect["to"] = {"pick": "each", "side": "yours", "name": name}
    return [effect]


@phrase(rf"{t.TARGET_DIE_FILTERED} (?:gains|gets) (?P<keyword>Overcrush|Fast){_UNTIL}")
def _target_gains_keyword(m, line):
    """'Target character die gains Overcrush': a plugin keyword for the turn."""
    keyword = _GRANTABLE[m["keyword"].lower()]
    return [{"do": "grant", "to": t.target_selector_from(m), "keyword": keyword}]


@phrase(
    rf"up to (?P<count>two|three|\d+) target (?P<what>character|sidekick) dice "
    rf"(?:get|gain) (?P<mods>{_MODS}){_UNTIL}"
)
def _up_to_targets_get(m, line):
    """'Up to two target character dice get +2A'."""
    effect = _modify_this(m)
    selector = {"pick": "up_to", "count": t.number(m["count"])}
    if m["what"].lower() == "sidekick":
        selector["what"] = "sidekick"
    effect["to"] = selector
    return [effect]


_LEVEL_WORD = rf"(?P<n>{t.NUMBER}) levels?"


@phrase(
    r"spin (?:all|each) (?:of )?your (?:active )?character dice (?:in the field(?: zone)? )?"
    rf"up {_LEVEL_WORD}"
)
def _spin_all_yours_up(m, line):
    """'Spin all of your active character dice up one level'."""
    return [{"do": "spin", "to": {"pick": "each", "side": "yours"}, "levels": t.number(m["n"])}]


_ATTACK_WORDS = r"\+(?P<a>\d+)(?:A| attack)(?: and \+(?P<d>\d+)(?:D| defense))?|\+(?P<d2>\d+)D"


@phrase(
    r"(?:all (?:of )?)?your (?:active )?(?:(?P<token>\[[A-Za-z0-9]+\]) )?"
    rf"(?:character dice|characters) get (?P<mods>{_ATTACK_WORDS}){_UNTIL}"
)
def _your_filtered_dice_get(m, line):
    """'Your active character dice get +1A and +1D', 'all of your [GG] characters get +1D
    this turn', 'Your [F4] character dice get +2 attack this turn'."""
    effect = _modify_this(m)
    selector = {"pick": "each", "side": "yours"}
    if m["token"]:
        selector.update(t.token_filter(m["token"]))
    effect["to"] = selector
    return [effect]


@phrase(r"reroll all opposing character dice")
def _reroll_all_opposing(m, line):
    return [{"do": "reroll", "to": {"pick": "each", "side": "opposing"}}]


@phrase(
    r"(?:move|prep) an? (?P<token>\[[A-Za-z0-9]+\]) (?:character )?die from your used pile "
    r"(?:to|into) your prep area"
)
def _prep_from_used(m, line):
    """'Move an [XMEN] die from your Used Pile to your Prep Area' (the shared from_used)."""
    wanted = t.token_filter(m["token"])
    if set(wanted) - {"energy", "affiliation"}:
        return None  # a 'non-' filter: not one from_used reads
    return [{"do": "from_used", "into": "prep", "count": 1, "dice": wanted}]


@phrase(rf"deal (?P<n>{t.NUMBER}) damage to an opposing player")
def _damage_an_opposing_player(m, line):
    """'deal 1 damage to an opposing player' (two players: the opponent)."""
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": t.number(m["n"])}
    ]


@phrase(
    rf"(?P<who>[^,]+?) deals (?:(?P<n>{t.NUMBER}) damage to (?:your opponent|an opposing player"
    rf"|target opponent|that opponent)|(?:your opponent|that opponent) (?P<n2>{t.NUMBER}) damage)"
)
def _self_deals_opponent(m, line):
    """'Blue Beetle deals 1 damage to an opposing player', 'The Riddler deals your opponent 1
    damage': damage to the opponent, from this card."""
    if not _is_self(m["who"], line):
        return None
    amount = t.number(m["n"] or m["n2"])
    return [{"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": amount}]


@phrase(rf"deal (?P<n>{t.NUMBER}) damage to that opponent")
def _damage_that_opponent(m, line):
    """'deal 1 damage to that opponent' (the opponent who acted: two players)."""
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": t.number(m["n"])}
    ]


@phrase(
    r"(?:move|prep) (?:a|one|1) sidekick(?: die)? from your used pile (?:to|into) your prep area"
)
def _prep_sidekick_from_used(m, line):
    """'move 1 Sidekick from your used pile to your prep area'."""
    return [{"do": "from_used", "into": "prep", "count": 1, "dice": {"what": "sidekick"}}]
