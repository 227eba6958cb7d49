"""Load the demo: the project's own card catalogue, users, and a store event with rounds played.

Idempotent: a second run refreshes the catalogue and leaves an existing demo event alone.
"""

import datetime
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rules.catalogue import DEMO_CATALOGUE_PATH, read_demo_teams
from rules.models import Format
from rules.selectors import card_index
from rules.services import catalogue_import, formats_install_builtin
from rules.teams import Team, TeamEntry, format_tb_link
from tournaments import services
from tournaments.models import Event, Registration

DEMO_EVENT_SLUG = "demo-store-championship"
DEMO_USERS = [
    # (username, password, is_superuser, role shown to the person running the demo)
    ("admin", "dicemasters-admin", True, "administrator"),
    ("organiser", "dicemasters-organiser", False, "organiser of the demo event"),
    ("judge", "dicemasters-judge", False, "judge"),
]
PLAYER_NAMES = [
    "Diane Okafor", "Carlos Medina", "Aiko Tanaka", "Ben Walsh", "Chiara Rossi", "Dev Patel",
    "Elena Petrova", "Farid Haddad", "Grace Lin", "Hugo Martin", "Ines Duarte", "Jonas Berg",
    "Kira Novak", "Liam O'Brien", "Maya Cohen", "Noah Fischer",
]  # fmt: skip
ROUNDS_PLAYED = 2
# A player's account (not staff): their match, reporting and the life tracker, as players see it.
DEMO_PLAYER = ("player", "dicemasters-player", PLAYER_NAMES[0])


class Command(BaseCommand):
    help = "Load the demo catalogue, demo users and a demo event with some rounds played."

    def add_arguments(self, parser):
        parser.add_argument(
            "--url", default="http://127.0.0.1:8000", help="Where the app is served, for the links."
        )
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load even when DEBUG is off (the demo users have published passwords).",
        )

    def handle(self, *args, url: str = "http://127.0.0.1:8000", allow_production=False, **options):
        if not settings.DEBUG and not allow_production:
            raise CommandError(
                "Refusing to load demo users with published passwords while DEBUG is off; "
                "pass --allow-production to do it anyway."
            )
        formats_install_builtin()
        summary = catalogue_import(path=DEMO_CATALOGUE_PATH)
        for line in summary.lines():
            self.stdout.write(line)
        accounts = self._users()
        if Event.objects.filter(slug=DEMO_EVENT_SLUG).exists():
            self.stdout.write("Demo event already loaded; left as it is.")
        else:
            self._event(accounts["organiser"], accounts["judge"])
            self.stdout.write(self.style.SUCCESS("Demo event loaded."))
        self._player_account()
        self._print_welcome(url.rstrip("/"))

    def _player_account(self):
        """The demo player claims their registration, as a player given its claim code would
        (once; a player may have been linked by hand since)."""
        username, password, name = DEMO_PLAYER
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.save()
        registration = Registration.objects.filter(
            event__slug=DEMO_EVENT_SLUG, display_name=name, player__user__isnull=True
        ).first()
        if registration is not None and not hasattr(user, "player"):
            services.registration_claim(
                event=registration.event, code=registration.claim_code, user=user
            )

    def _users(self):
        users = get_user_model().objects
        accounts = {}
        for username, password, is_superuser, _ in DEMO_USERS:
            user, created = users.get_or_create(username=username)
            if created:
                user.set_password(password)
            # Only the administrator reaches the admin: the organiser's and judge's roles are
            # the demo event's (its organiser and judges), which is all the app asks for.
            user.is_staff = is_superuser
            user.is_superuser = is_superuser
            user.save()
            accounts[username] = user
        return accounts

    @transaction.atomic
    def _event(self, organiser, judge):
        rng = random.Random(2026)
        cards = card_index()
        event = services.event_create(
            organiser=organiser,
            name="Demo Store Championship",
            date=datetime.date.today(),
            venue="The Rolling Die, Main Street",
            format=Format.objects.get(code="tournament"),
            swiss_rounds=4,
            top_cut=4,
        )
        # The demo judge accepted the organiser's invitation, as any judge does.
        services.judge_invitation_accept(
            invitation=services.judge_invite(event=event, username=judge.get_username()),
            user=judge,
        )
        for name, team in zip(PLAYER_NAMES, read_demo_teams(), strict=True):
            team_list = format_tb_link(
                Team(tuple(TeamEntry(key, dice) for key, dice in team.cards), team.name), cards
            )
            registration = services.registration_create(
                event=event, display_name=name, team_list=team_list
            )
            services.registration_check_in(registration=registration)
        event = services.event_start(event=event)
        for _ in range(ROUNDS_PLAYED):
            played = services.round_pair(event=event, seed=rng.randrange(2**31))
            for match in played.matches.filter(player2__isnull=False):
                winner = rng.choice([match.player1_id, match.player2_id])
                life = rng.randint(1, 20)
                game = services.GameInput(
                    winner=winner,
                    life1=life if winner == match.player1_id else 0,
                    life2=life if winner == match.player2_id else 0,
                    first_player=rng.choice([match.player1_id, match.player2_id]),
                )
                services.result_enter(match=match, games=[game], by=organiser)
            self.stdout.write(f"Round {played.number}: {played.matches.count()} matches played.")
        services.round_pair(event=event, seed=rng.randrange(2**31))

    def _print_welcome(self, host: str):
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Demo ready:"))
        self.stdout.write(f"  Home page:   {host}/")
        self.stdout.write(f"  Demo event:  {host}/events/{DEMO_EVENT_SLUG}/")
        self.stdout.write(f"  Admin:       {host}/admin/")
        self.stdout.write(f"  API docs:    {host}/api/docs/")
        self.stdout.write(f"  Health:      {host}/healthz")
        self.stdout.write("  Demo logins (username / password):")
        for username, password, _, role in DEMO_USERS:
            self.stdout.write(f"    {username} / {password}   ({role})")
        username, password, name = DEMO_PLAYER
        self.stdout.write(f"    {username} / {password}   (player: {name})")
