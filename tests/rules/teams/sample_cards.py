"""A small invented card list, so the tests run without the (GPL, external) real card file.

Every name here is made up. The cards cover what the rules care about: titles shared across
sets, punctuation and accents in titles, builder tags like "(M)", basic actions that share a
title with a character, reprinted basic actions, a card with Max 0, and set codes with digits.
"""

import re

from rules.teams.cards import CardIndex, CardInfo

SET_NAMES = {
    "qa": "Quill Academy",
    "qb": "Brass Brigade",
    "qbop": "Brass Brigade OP",
    "qc": "Copper Coast",
    "q2015": "Quill Promo 2015",
}


def _card(key: str, name: str, subtitle: str, kind: str, max_dice: int, cost: int = 3) -> CardInfo:
    number, set_code = re.fullmatch(r"(\d+)([a-z][a-z0-9]*)", key).groups()
    return CardInfo(
        key=key,
        set_code=set_code,
        set_name=SET_NAMES[set_code],
        number=int(number),
        name=name,
        subtitle=subtitle,
        kind=kind,
        max_dice=max_dice,
        cost=cost,
    )


SAMPLE_CARDS = [
    _card("1qa", "Glimmerbat", "Night Courier", "character", 4),
    _card("2qa", "Glimmerbat", "Echo Scout", "character", 3),
    _card("3qa", "Mr. Tock-Tick", "Clockwork Butler", "character", 4),
    _card("4qa", "Vesper (M)", "Storm Herald", "character", 4),
    _card("5qa", "Vesper (F)", "Tide Caller", "character", 3),
    _card("6qa", "Ironbloom", "Rooted Guard", "character", 2),
    _card("7qa", "Lantern Moth", "Pale Wings", "character_or_action", 1),
    _card("8qa", "Ashen Crown", "Relic of Ash", "action", 3),
    _card("9qa", "Rigmarole", "Sidekick Card", "character_or_action", 0),
    _card("10qa", "Smoke and Mirrors", "", "basic_action", 3),
    _card("11qa", "Halt, Intruder!", "", "basic_action", 3),
    _card("12qa", "Quick Step", "", "basic_action", 3),
    _card("13qa", "Overload", "", "basic_action", 3),
    _card("1qb", "Glimmerbat", "Brass Wing", "character", 4),
    _card("2qb", "Sable Knight", "Oathbound", "character", 4),
    _card("3qb", "Cinder Fox", "Trickster", "character", 4),
    _card("4qb", "Sable-Knight", "Squire", "character", 3),
    _card("5qb", "Wyrmling", "Spark", "character", 4),
    _card("6qb", "Thornback", "Sentinel", "character", 5),
    _card("7qb", "Quick Step", "", "basic_action", 3),
    _card("8qb", "Echo Chamber", "", "basic_action", 3),
    _card("9qb", "Overgrowth", "", "basic_action", 3),
    _card("10qb", "Ironbloom", "", "basic_action", 3),
    _card("11qb", "Upgrade - Steam Vent", "", "basic_action", 3),
    _card("1qbop", "Cinder Fox", "Golden Tail", "character", 4),
    _card("1q2015", "Nimbus Rider", "Promo Flyer", "character", 4),
    _card("1qc", "Pebble Golem", "Steady", "character", 4),
    _card("2qc", "Marsh Witch", "Hexer", "character", 3),
    _card("3qc", "Clockwork Owl", "Watcher", "character", 4),
    _card("4qc", "Ember Drake", "Young Flame", "character", 4),
    _card("5qc", "Frost Warden", "Keeper", "character", 4),
    _card("6qc", "Storm Archer", "Volley", "character", 4),
    _card("7qc", "Dune Runner", "Scout", "character", 4),
    _card("8qc", "Pale Oracle", "Seer", "character", 2),
    _card("9qc", "Iron Duke", "Commander", "character", 4),
    _card("10qc", "Quarrel Mage", "Spell: Unbound", "character", 3),
    _card("11qc", "Señora Brava", "Duelist", "character", 3),
]


def sample_index() -> CardIndex:
    return CardIndex(SAMPLE_CARDS)
