"""Team building for Dice Masters: cards, formats, legality and team-list notations.

Pure Python (standard library only), so the Django layer, the judge console and scripts can all
use it without settings.
"""

from rules.teams.cards import CardIndex, CardInfo, normalize_text, title_key
from rules.teams.errors import TeamListError, TeamListProblem
from rules.teams.formats import (
    BASIC,
    BUILT_IN_FORMATS,
    DOUBLES,
    TEN_TEN,
    TOURNAMENT,
    DoublesLimits,
    Format,
    draft,
    rotation,
)
from rules.teams.legality import RULES, Violation, validate_team
from rules.teams.notation import (
    DEFAULT_BASE_URL,
    detect_notation,
    format_dmdb,
    format_plain,
    format_tb_link,
    parse_card_names,
    parse_dmdb,
    parse_plain,
    parse_tb_link,
    parse_team_list,
)
from rules.teams.team import Team, TeamEntry
from rules.teams.teambuilder_data import (
    card_from_teambuilder_record,
    load_teambuilder_cards,
    locate_teambuilder_file,
)

__all__ = [
    "BASIC",
    "BUILT_IN_FORMATS",
    "DEFAULT_BASE_URL",
    "detect_notation",
    "parse_team_list",
    "DOUBLES",
    "RULES",
    "TEN_TEN",
    "TOURNAMENT",
    "CardIndex",
    "CardInfo",
    "DoublesLimits",
    "Format",
    "Team",
    "TeamEntry",
    "TeamListError",
    "TeamListProblem",
    "Violation",
    "card_from_teambuilder_record",
    "draft",
    "format_dmdb",
    "format_plain",
    "format_tb_link",
    "load_teambuilder_cards",
    "locate_teambuilder_file",
    "normalize_text",
    "parse_card_names",
    "parse_dmdb",
    "parse_plain",
    "parse_tb_link",
    "rotation",
    "title_key",
    "validate_team",
]
