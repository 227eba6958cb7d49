"""Recognise which notation a pasted team list is written in, so players can paste any."""

import re

from rules.teams.cards import CardIndex
from rules.teams.notation.dmdb import parse_dmdb
from rules.teams.notation.plain import parse_plain
from rules.teams.notation.tb_link import parse_tb_link
from rules.teams.team import Team

# "4x31xfc": dice, "x", collector number and set code with no space (plain lists have one).
_TB_ITEM = re.compile(r"^\d+x\d+[a-z][a-z0-9]*$", re.IGNORECASE)
_DMDB_LINE = re.compile(r"^\s*(\d+\s*\*\s*\S|basic action card\s+-)", re.IGNORECASE | re.MULTILINE)

TB_LINK, DMDB, PLAIN = "tb_link", "dmdb", "plain"


def detect_notation(text: str) -> str:
    stripped = text.strip()
    if "cards=" in stripped:
        return TB_LINK
    items = [item for item in re.split(r"[;,\s]+", stripped) if item]
    if items and all(_TB_ITEM.match(item) for item in items):
        return TB_LINK
    if _DMDB_LINE.search(text):
        return DMDB
    return PLAIN


PARSERS = {TB_LINK: parse_tb_link, DMDB: parse_dmdb, PLAIN: parse_plain}


def parse_team_list(text: str, cards: CardIndex) -> Team:
    """Parse a Team Builder link, DiceMastersDB lines or a plain list, whichever `text` is."""
    return PARSERS[detect_notation(text)](text, cards)
