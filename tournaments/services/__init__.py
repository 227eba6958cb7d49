"""Writes for events, split by sub-domain. Every function is keyword-only and atomic."""

from tournaments.services.clock import (
    clock_for,
    clock_pause,
    clock_resume,
    round_start,
    time_extend,
)
from tournaments.services.errors import EventError
from tournaments.services.events import event_create, event_finish, event_start
from tournaments.services.judges import (
    checked_usernames,
    event_judges_name,
    invitation_sent_message,
    judge_invitation_accept,
    judge_invitation_decline,
    judge_invitation_withdraw,
    judge_invite,
    judge_remove,
)
from tournaments.services.life import (
    current_game,
    game_concede,
    game_next,
    game_set_first,
    life_change,
    life_undo,
    table_state,
    turn_end,
)
from tournaments.services.players import player_profile_update
from tournaments.services.registrations import (
    normalise_claim_code,
    registration_check_in,
    registration_claim,
    registration_create,
    registration_drop,
    registration_late_entry,
    registration_reinstate,
    registration_set_team,
)
from tournaments.services.results import (
    GameInput,
    result_confirm,
    result_enter,
    result_report,
)
from tournaments.services.rounds import (
    PairingWarnings,
    round_delete,
    round_pair,
    round_repair,
    round_swap,
)
from tournaments.services.topcut import top_cut_start

__all__ = [
    "checked_usernames",
    "event_judges_name",
    "invitation_sent_message",
    "judge_invitation_accept",
    "judge_invitation_decline",
    "judge_invitation_withdraw",
    "judge_invite",
    "judge_remove",
    "clock_for",
    "clock_pause",
    "clock_resume",
    "current_game",
    "game_concede",
    "game_next",
    "game_set_first",
    "life_change",
    "life_undo",
    "round_start",
    "table_state",
    "time_extend",
    "turn_end",
    "EventError",
    "GameInput",
    "PairingWarnings",
    "event_create",
    "event_finish",
    "event_start",
    "normalise_claim_code",
    "player_profile_update",
    "registration_check_in",
    "registration_claim",
    "registration_create",
    "registration_drop",
    "registration_late_entry",
    "registration_reinstate",
    "registration_set_team",
    "result_confirm",
    "result_enter",
    "result_report",
    "round_delete",
    "round_pair",
    "round_repair",
    "round_swap",
    "top_cut_start",
]
