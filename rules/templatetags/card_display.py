"""How card data reads on a page: energy and burst symbols, affiliation and rarity names.

Card text from the Team Builder layout marks symbols as `[M]`, `[F]`, `[B]`, `[S]` (energy),
`[1]`..`[6]` (generic energy), `[Q]` (wild), a leading `*` or `**` (burst text), `<em>`/`<i>`
(reminder text) and an `<hr>` line between the two faces of a card. Everything else is
escaped; other `[TOKEN]` icons are shown as their token.
"""

import re

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

ENERGY_NAMES = {"M": "mask", "F": "fist", "B": "bolt", "S": "shield"}
AFFILIATION_NAMES = {
    "avengers": "Avengers", "batman": "Batman Family", "blacklantern": "Black Lantern",
    "blackorder": "Black Order", "bluelantern": "Blue Lantern",
    "brotherhoodofmutants": "Brotherhood of Mutants", "chaos": "Chaos", "conduit": "Conduit",
    "cs": "Crime Syndicate", "deadpool": "Deadpool", "deathguard": "Death Guard",
    "defenders": "Defenders", "doompatrol": "Doom Patrol", "egyptian": "Egyptian God",
    "emerald": "Emerald Enclave", "exiles": "Exiles", "fantastic4": "Fantastic Four",
    "forcegrey": "Force Grey", "gotg": "Guardians of the Galaxy", "greenlantern": "Green Lantern",
    "hand": "The Hand", "harpers": "Harpers", "hellfireclub": "Hellfire Club",
    "imperium": "Imperium", "indigo": "Indigo Tribe", "infinitywatch": "Infinity Watch",
    "inhumans": "Inhumans", "jsa": "Justice Society", "justiceleague": "Justice League",
    "legionofdoom": "Legion of Doom", "lords": "Lords' Alliance", "marvelknights": "Marvel Knights",
    "monster": "Monster", "mystic": "Mystic", "newday": "The New Day", "newgods": "New Gods",
    "newwarriors": "New Warriors", "nwo": "nWo", "orange": "Orange Lantern", "order": "Order",
    "orks": "Orks", "phoenixforce": "Phoenix Force", "purple": "Purple",
    "redlantern": "Red Lantern", "shiarempire": "Shi'ar Empire", "shield": "S.H.I.E.L.D.",
    "sinistersix": "Sinister Six", "spacewolves": "Space Wolves",
    "spideyfriends": "Spider-Friends", "starkindustries": "Stark Industries",
    "suicidesquad": "Suicide Squad", "superman": "Superman Family", "tdf": "Thousand Dragon",
    "teamarrow": "Team Arrow", "teentitans": "Teen Titans", "theshield": "The Shield",
    "thorcorps": "Thor Corps", "thunderbolts": "Thunderbolts", "turtle": "Turtle",
    "ultramarines": "Ultramarines", "villain": "Villain", "villains": "Villains",
    "whitelantern": "White Lantern", "wwelegends": "WWE Legends", "xmen": "X-Men",
    "yellowlantern": "Sinestro Corps", "zhentarim": "Zhentarim", "zombie": "Zombie",
}  # fmt: skip
RARITY_NAMES = {
    "starter": "Starter",
    "common": "Common",
    "uncommon": "Uncommon",
    "rare": "Rare",
    "super_rare": "Super rare",
    "promo": "Promo / OP",
}

_TOKEN = re.compile(r"\[([^\[\]]{1,12})\]")
_BURST = re.compile(r"^(\*\*|\*/\*\*|\*)\s*")
_REMINDER = re.compile(r"&lt;(/?)(?:em|i)&gt;")
_GLOBAL = re.compile(r"^global:\s*", re.IGNORECASE)


@register.filter
def affiliation_name(code: str) -> str:
    return AFFILIATION_NAMES.get(code, code.replace("_", " ").title())


@register.filter
def rarity_name(code: str) -> str:
    return RARITY_NAMES.get(code, code)


@register.filter
def energy_icon(energy: str) -> SafeString:
    """One energy type as a labelled symbol."""
    return format_html('<span class="energy {}">{}</span>', energy, energy.capitalize())


@register.filter
def energy_icons(energies) -> SafeString:
    return mark_safe(" ".join(energy_icon(energy) for energy in energies))  # each escaped


@register.filter
def energy_letter(symbol: str) -> str:
    return "?" if symbol == "wild" else symbol[:1].upper()


@register.filter
def energy_face_label(face: dict) -> str:
    """What an energy face shows, in words: "2 fist", "fist and bolt", "2 generic energy"."""
    if face.get("generic"):
        shown = f"{face['generic']} generic energy"
    else:
        symbols = face.get("symbols", [])
        if len(symbols) == 2 and symbols[0] == symbols[1]:
            shown = f"2 {symbols[0]}"
        else:
            shown = " and ".join(symbols)
    bursts = face.get("bursts", 0)
    return f"Energy: {shown}" + (f", {bursts} burst{'s' if bursts > 1 else ''}" if bursts else "")


@register.filter
def card_text(line: str) -> SafeString:
    """An ability or global line as HTML: symbols drawn, reminder text in italics."""
    html = escape(line)
    html = _REMINDER.sub(lambda m: f"<{m[1]}em>", html)
    html = _TOKEN.sub(_symbol, html)
    burst = _BURST.match(line)
    if burst:
        html = _bursts(burst[1]) + html[len(escape(burst[0])) :]
    return mark_safe(html)  # built from escaped text and fixed markup only


@register.filter
def global_text(line: str) -> SafeString:
    """A global ability under a "Global" heading: without its own "Global:" prefix."""
    return card_text(_GLOBAL.sub("", line, count=1))


@register.filter
def is_face_break(line: str) -> bool:
    return line.strip().lower() in ("<hr>", "<hr/>", "<hr />")


def _symbol(match: re.Match) -> str:
    token = match[1]
    if token in ENERGY_NAMES:
        return energy_icon(ENERGY_NAMES[token])
    if token.isdecimal():
        return format_html(
            '<span class="generic" role="img" aria-label="{} generic energy">{}</span>',
            token,
            token,
        )
    if token == "Q":
        return '<span class="energy wild">Wild</span>'
    return format_html('<span class="token">{}</span>', token)


def _bursts(marker: str) -> str:
    label = {"*": "Burst", "**": "Double burst", "*/**": "Burst or double burst"}[marker]
    stars = {"*": "✸", "**": "✸✸", "*/**": "✸/✸✸"}[marker]
    return format_html('<span class="burst" role="img" aria-label="{}:">{}</span> ', label, stars)
