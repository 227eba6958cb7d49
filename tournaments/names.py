"""Player names: cleaned for display, and a key under which look-alike names are one name.

Plain Python (no Django). `clean` is what is stored and shown: Unicode NFKC, without invisible,
control or direction characters, with one ordinary space between words. `key` is what the
duplicate check compares: the cleaned name, case-folded, with every character replaced by the
representative of its Unicode confusables class (UTS #39, the data shipped by
confusable_homoglyphs) and spaces left out, so "Ana Silva" with a Cyrillic "А" has the key
of "Ana Silva".
"""

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

# Registration.display_name and Player.display_name: NFKC may lengthen a name ("ﷺ" is 18
# letters written out), so the cleaned name is measured again.
MAX_LENGTH = 80

# Default-ignorable code points that are not format characters (Cf): they draw nothing.
_INVISIBLE = {
    "\u034f",  # combining grapheme joiner
    "\u115f",
    "\u1160",
    "\u3164",
    "\uffa0",  # Hangul fillers
    "\u17b4",
    "\u17b5",  # Khmer inherent vowels
    "\u2800",  # braille pattern blank
    *map(chr, range(0x180B, 0x1810)),  # Mongolian variation selectors
    *map(chr, range(0xFE00, 0xFE10)),  # variation selectors
    *map(chr, range(0xE0100, 0xE01F0)),  # variation selectors supplement
}
# Cf: format characters (zero-width space and joiners, direction marks, embeddings and
# overrides such as U+202E, the byte-order mark); Cc: control characters; Cs: lone surrogates.
_DROPPED_CATEGORIES = {"Cf", "Cc", "Cs", "Co", "Cn"}


def _visible(char: str) -> bool:
    return char not in _INVISIBLE and unicodedata.category(char) not in _DROPPED_CATEGORIES


def clean(name: str) -> str:
    """The name as stored and shown: NFKC (so a no-break space is a space and full-width
    letters are letters), invisible characters removed, white space collapsed."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(" " if c.isspace() else c for c in text if c.isspace() or _visible(c))
    return " ".join(text.split())


@cache
def _representatives() -> dict[str, str]:
    """Each confusable character's class representative.

    The data lists every pair of UTS #39 confusables.txt in both directions, so each class is
    a star around its prototype: the member with the most neighbours (a multi-character
    prototype such as "rn" for "m" is preferred, since no single character stands for it).
    """
    parent: dict[str, str] = {}

    def root(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    neighbours: dict[str, int] = {}
    for raw, glyphs in confusables_data.items():
        # The data wraps right-to-left characters in direction marks; those are not the glyph.
        char = "".join(c for c in raw if _visible(c))
        if not char:
            continue
        neighbours[char] = neighbours.get(char, 0) + len(glyphs)
        for glyph in glyphs:
            other = "".join(c for c in glyph["c"] if _visible(c))
            if other:
                parent[root(other)] = root(char)
    classes: dict[str, list[str]] = {}
    for node in parent:
        classes.setdefault(root(node), []).append(node)
    table: dict[str, str] = {}
    for members in classes.values():
        chosen = max(members, key=lambda m: (len(m) > 1, neighbours.get(m, 0), -ord(m[0]), m))
        for member in members:
            if len(member) == 1:
                table[member] = chosen
    return table


def _skeleton(text: str) -> str:
    table = _representatives()
    text = unicodedata.normalize("NFD", text)
    for _ in range(2):  # a representative may itself contain mapped characters
        text = unicodedata.normalize("NFD", "".join(table.get(char, char) for char in text))
    return text


def key(name: str) -> str:
    """What two names that look alike share: compare keys, never the names themselves.

    Spaces do not count, so a name whose space became a zero-width one is still the same."""
    once = _skeleton(clean(name).casefold())
    return _skeleton(once.casefold()).replace(" ", "")
