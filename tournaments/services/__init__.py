"""Writes for events, split by sub-domain. Every function is keyword-only and atomic."""

from tournaments.services.errors import EventError
from tournaments.services.events import event_create, event_start
from tournaments.services.registrations import (
    registration_check_in,
    registration_create,
    registration_drop,
    registration_late_entry,
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
    "EventError",
    "GameInput",
    "PairingWarnings",
    "event_create",
    "event_start",
    "registration_check_in",
    "registration_create",
    "registration_drop",
    "registration_late_entry",
    "result_confirm",
    "result_enter",
    "result_report",
    "round_delete",
    "round_pair",
    "round_repair",
    "round_swap",
    "top_cut_start",
]
