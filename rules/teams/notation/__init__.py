"""Team-list notations players already use: Team Builder links, DiceMastersDB, plain lists."""

from rules.teams.notation.card_names import parse_card_names
from rules.teams.notation.detect import detect_notation, parse_team_list
from rules.teams.notation.dmdb import format_dmdb, parse_dmdb
from rules.teams.notation.plain import format_plain, parse_plain
from rules.teams.notation.tb_link import DEFAULT_BASE_URL, format_tb_link, parse_tb_link

__all__ = [
    "DEFAULT_BASE_URL",
    "detect_notation",
    "parse_team_list",
    "format_dmdb",
    "format_plain",
    "format_tb_link",
    "parse_card_names",
    "parse_dmdb",
    "parse_plain",
    "parse_tb_link",
]
