"""A small event played through the real services: Swiss rounds with results (a draw, a drop),
a top cut played to the final, teams revealed. Reports are checked against it."""

import datetime
import random

from tests.tournaments import factories
from tournaments import services
from tournaments.models import Event, Match, Round
from tournaments.services import GameInput

NAMES = [
    "Diane Okafor", "Carlos Medina", "Aiko Tanaka", "Ben Walsh", "Chiara Rossi", "Dev Patel",
    "Elena Petrova", "Farid Haddad", "Grace Lin", "Hugo Martin", "Inès Duarte", "Jonas Berg",
    "Kira Novak", "Liam O'Brien", "Maya Cohen", "Zoë Ångström",
]  # fmt: skip


def _play(match: Match, rng: random.Random, by, *, allow_draw: bool) -> None:
    first, second = match.player1_id, match.player2_id
    if match.round.is_best_of_three:
        winner, loser = rng.sample([first, second], 2)
        shape = rng.choice([[winner, winner], [winner, loser, winner]])
        games = [
            GameInput(w, life1=rng.randint(1, 12) if w == first else 0,
                      life2=0 if w == first else rng.randint(1, 12))
            for w in shape
        ]  # fmt: skip
    elif allow_draw and rng.random() < 0.1:
        games = [GameInput(None, ending="time", life1=5, life2=5)]
    else:
        winner = rng.choice([first, second])
        left = rng.randint(1, 15)
        games = [GameInput(winner, life1=left if winner == first else 0,
                           life2=0 if winner == first else left)]  # fmt: skip
    services.result_enter(match=match, games=games, by=by)


def played_event(
    *, players: int = 16, swiss_rounds: int = 3, top_cut: int = 4, finish: bool = True, seed=7
) -> Event:
    rng = random.Random(seed)
    factories.demo_catalogue()
    organiser = factories.user("organiser-" + str(rng.randrange(10**9)), first_name="Olive",
                               last_name="Organiser")  # fmt: skip
    event = services.event_create(
        organiser=organiser,
        name="Store Championship Autumn",
        date=datetime.date(2026, 11, 22),
        venue="The Dice Tower, Leeds",
        swiss_rounds=swiss_rounds,
        top_cut=top_cut,
    )
    event.judges.add(factories.user("judge-" + str(rng.randrange(10**9)), first_name="Jude"))
    links = factories.team_links()
    for n in range(players):
        name = NAMES[n] if n < len(NAMES) else f"Player {n + 1:03d}"
        registration = services.registration_create(
            event=event, display_name=name, team_list=links[n % len(links)]
        )
        services.registration_check_in(registration=registration)
    event = services.event_start(event=event)
    for number in range(1, swiss_rounds + 1):
        round_ = services.round_pair(event=event, seed=number)
        for match in round_.matches.filter(player2__isnull=False).select_related("round__event"):
            _play(match, rng, organiser, allow_draw=True)
        if number == 2 and players > 8:
            services.registration_drop(registration=event.registrations.order_by("pk").last())
    if top_cut and finish:
        services.top_cut_start(event=event)
        while True:
            event.refresh_from_db()
            if event.status == Event.Status.FINISHED:
                break
            current = event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()
            for match in current.matches.exclude(result_status="confirmed").select_related(
                "round__event"
            ):
                _play(match, rng, organiser, allow_draw=False)
    event.refresh_from_db()
    return event
