"""Benchmark: event-day load on gunicorn, PostgreSQL and Redis: a 256-player event mid-round.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/6 \
        python bench/bench_load.py [--players 256] [--rounds 7] [--seconds 60] [--smoke]

What it does, all on this machine (every request goes to 127.0.0.1):

1. Creates its own PostgreSQL database (--database, default dm_load_bench, dropped first and
   afterwards; the server and user come from DATABASE_URL), migrates it, and empties the
   Django keys of the Redis database in REDIS_URL (the cache).
2. Seeds the event through the project's services: players with accounts register with legal
   team lists, check in, the event starts, --rounds Swiss rounds are paired and their results
   entered, the next round is paired and its clock started. Of its tables some are confirmed
   already, some reported and waiting for the opponent, some track life on a phone, the rest
   play on paper. Every player gets a real session (and an API token).
3. Starts gunicorn with config/gunicorn.py (sync workers, --workers of them), production
   settings (DEBUG off; bench/load_settings.py only skips collecting static files), the same
   database and Redis.
4. The event-day mix (bounded by --seconds and --max-requests): threads play the players'
   phones at the rates the pages themselves use (see RATES): the table page polls its state
   every 2 s and sends life changes; finished tables confirm at the table; paper tables report
   through the API and confirm through the report page; followers (anonymous and signed in)
   poll the live endpoint every 5 s, reload the event page (pairings and standings) when it
   changed, and open player and round pages; a health check polls /healthz.
5. Saturation: for each of a few pages, --clients threads ask for it back to back (closed loop)
   for --saturation-seconds, in --saturation-rounds interleaved rounds; the median throughput of
   the standings pages is compared with the trivial views' on the same server.
6. After a change: --burst followers (half signed in) ask for the event page at the same moment
   right after the event's version changed, 8 times; how long until the last one has it.

Prints per-page throughput, p50/p99 latency and errors, the throughput ratios and the machine's
load average; exits 1 if any request failed (wrong status or no answer). --json writes the same
figures for tests; --smoke is a few-second version (16 players) for CI.
"""

import argparse
import datetime
import gc
import http.client
import json
import os
import random
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Event-day rates: how often each phone asks (the pages' own timers) and how fast play goes.
RATES = {
    "table_poll_seconds": 2.0,  # static/js/table.js polls the table state every 2 s
    "live_poll_seconds": 5.0,  # tournaments.views.LIVE_POLL_MS["running"]
    "life_change_mean_seconds": 20.0,  # per table: damage or a gain every ~20 s of play
    "browse_mean_seconds": 60.0,  # a follower opens a player or round page about once a minute
    "healthz_seconds": 1.0,  # a load balancer's health check
    # Results at the end of a round: 128 tables finishing within about 15 minutes. Paper tables
    # report (and waiting reports are confirmed) at this rate; tracked tables finish by life.
    "results_per_second": 0.15,
}
# Shares of the current round's tables (the rest play on paper and report when done).
TABLE_SHARES = {"confirmed": 0.25, "awaiting": 0.10, "tracked": 0.40}
# Followers with the event page open and visible (live.js stops polling on a hidden page), as
# shares of the players: those whose match is over, and friends; the others are playing.
FOLLOWERS = {"anonymous": 0.125, "signed_in": 0.125}

MIX_KINDS = (
    "event page (anonymous)",
    "event page (signed in)",
    "player page (anonymous)",
    "player page (signed in)",
    "round page (anonymous)",
    "live poll",
    "table page",
    "table state poll",
    "life change",
    "confirm at the table",
    "report result (API)",
    "confirm result (API)",
    "match report page",
    "confirm result (form)",
    "/healthz",
)


# ---------------------------------------------------------------- HTTP client and recording


@dataclass
class Sample:
    kind: str
    seconds: float
    ok: bool
    detail: str = ""
    at: float = field(default_factory=time.monotonic)  # when the answer came


@dataclass
class Recorder:
    max_requests: int
    deadline: float = float("inf")
    samples: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    issued: int = 0

    def admit(self) -> bool:
        """Whether one more request may go out (the run is bounded in count and in time)."""
        with self.lock:
            if self.issued >= self.max_requests or time.monotonic() >= self.deadline:
                return False
            self.issued += 1
            return True

    @property
    def over(self) -> bool:
        return self.issued >= self.max_requests or time.monotonic() >= self.deadline


class Stop(Exception):
    """The run's time or request budget is spent."""


@dataclass
class Response:
    status: int
    body: bytes
    cookies: dict


class Client:
    """One phone: its cookies and headers. A new connection per request, as a sync gunicorn
    worker closes each one after answering."""

    def __init__(self, port: int, recorder: Recorder, cookies=None, headers=None):
        self.port, self.recorder = port, recorder
        self.cookies = dict(cookies or {})
        self.headers = dict(headers or {})

    def request(self, kind, method, path, *, data=None, json_body=None, expect=(200,)):
        if not self.recorder.admit():
            raise Stop
        headers = dict(self.headers)
        body = None
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if data is not None:
            body = urlencode(data).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            content = answer.read()
            connection.close()
        except OSError as error:
            self.recorder.samples.append(
                Sample(kind, time.perf_counter() - started, False, f"{method} {path}: {error!r}")
            )
            return Response(0, b"", {})
        elapsed = time.perf_counter() - started
        cookies = {}
        for header in answer.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0]
        self.cookies.update(cookies)
        ok = answer.status in expect
        detail = "" if ok else f"{method} {path}: {answer.status} {content[:200]!r}"
        self.recorder.samples.append(Sample(kind, elapsed, ok, detail))
        return Response(answer.status, content, cookies)


def pause(seconds: float, recorder: Recorder) -> None:
    """Sleep, but never past the run's end."""
    left = recorder.deadline - time.monotonic()
    if left <= 0 or recorder.over:
        raise Stop
    time.sleep(max(0.0, min(seconds, left)))


# ---------------------------------------------------------------- database, seeding, server


def prepare_database(url: str, name: str, *, drop_only: bool = False) -> str:
    """Drop and create the benchmark's own database on DATABASE_URL's server; its URL."""
    import psycopg

    parsed = urlparse(url)
    admin = urlunparse(parsed._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            connection.execute(f'CREATE DATABASE "{name}"')
    return urlunparse(parsed._replace(path=f"/{name}"))


def clear_django_cache_keys(redis_url: str) -> None:
    """Old runs' cached pages and version tokens would be served for the new event's ids:
    drop the Django cache keys (":1:" prefix) of this Redis database, nothing else."""
    import redis

    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=":1:*", count=1000))
    for start in range(0, len(keys), 500):
        client.delete(*keys[start : start + 500])


@dataclass
class Table:
    match: int
    table: int
    players: tuple  # (registration id, registration id)
    sessions: tuple  # session keys of the two players
    tokens: tuple  # API tokens of the two players
    state: str  # confirmed, awaiting, tracked or paper


def seed(players: int, rounds: int, smoke: bool) -> dict:
    """The event, through the services (real registrations, pairings and results)."""
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore

    from rules.catalogue import DEMO_CATALOGUE_PATH, read_demo_teams
    from rules.models import Card
    from rules.selectors import card_index
    from rules.services import catalogue_import, formats_install_builtin
    from rules.teams import Team, TeamEntry, format_tb_link
    from tournaments import services
    from tournaments.models import ApiToken, LifeChange

    rng = random.Random(players * 1000 + rounds)
    formats_install_builtin()
    if not Card.objects.exists():
        catalogue_import(path=DEMO_CATALOGUE_PATH)
    cards = card_index()
    links = [
        format_tb_link(Team(tuple(TeamEntry(k, d) for k, d in team.cards), team.name), cards)
        for team in read_demo_teams()
    ]
    users = get_user_model().objects
    unusable = make_password(None)
    organiser = users.create(username="organiser", password=unusable)
    event = services.event_create(
        organiser=organiser,
        name="Load Bench Open",
        date=datetime.date.today(),
        swiss_rounds=rounds + 1,
        round_minutes=50,
    )
    accounts = users.bulk_create(
        get_user_model()(username=f"player{n:03d}", password=unusable) for n in range(players)
    )
    by_registration = {}
    for n, account in enumerate(accounts):
        registration = services.registration_create(
            event=event,
            display_name=f"Player {n + 1:03d}",
            team_list=links[n % len(links)],
            user=account,
        )
        services.registration_check_in(registration=registration)
        by_registration[registration.pk] = account
    event = services.event_start(event=event)
    for number in range(1, rounds + 1):
        round_ = services.round_pair(event=event, seed=number)
        for match in round_.matches.filter(player2__isnull=False).select_related("round"):
            winner = rng.choice([match.player1_id, match.player2_id] * 9 + [None])
            services.result_enter(
                match=match, games=[services.GameInput(winner=winner)], by=organiser
            )
    current = services.round_pair(event=event, seed=rounds + 1)
    services.round_start(round_=current)

    def session_for(user) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return store.session_key

    sessions = {pk: session_for(user) for pk, user in by_registration.items()}
    tokens = {pk: ApiToken.issue(user).key for pk, user in by_registration.items()}

    matches = list(
        current.matches.filter(player2__isnull=False)
        .select_related("round__event__format", "player1__player", "player2__player")
        .order_by("table")
    )
    rng.shuffle(matches)
    counts = {state: round(share * len(matches)) for state, share in TABLE_SHARES.items()}
    if smoke:  # at least one table of every kind
        counts = {state: max(1, count) for state, count in counts.items()}
    tables = []
    for index, match in enumerate(matches):
        edge = 0
        state = "paper"
        for name, count in counts.items():
            edge += count
            if index < edge:
                state = name
                break
        p1, p2 = match.player1_id, match.player2_id
        winner = rng.choice([p1, p2])
        if state == "confirmed":
            services.result_report(
                match=match, games=[services.GameInput(winner)], reporter=match.player1
            )
            services.result_report(
                match=match, games=[services.GameInput(winner)], reporter=match.player2
            )
        elif state == "awaiting":
            services.result_report(
                match=match, games=[services.GameInput(winner)], reporter=match.player1
            )
        elif state == "tracked":
            # A game under way: a few changes already, one player lower (some near the end).
            game = services.current_game(match)
            low = rng.randint(1, 3) if smoke else rng.randint(1, 16)
            side = rng.choice((1, 2))
            services.life_change(
                game=game,
                **{f"delta{side}": low - 20},
                reason=LifeChange.Reason.COMBAT,
                by=by_registration[p1],
            )
            services.life_change(
                game=game,
                **{f"delta{3 - side}": -rng.randint(1, 8)},
                reason=LifeChange.Reason.COMBAT,
                by=by_registration[p2],
            )
        tables.append(
            Table(
                match=match.pk,
                table=match.table,
                players=(p1, p2),
                sessions=(sessions[p1], sessions[p2]),
                tokens=(tokens[p1], tokens[p2]),
                state=state,
            )
        )
    registrations = list(by_registration)
    return {
        "event_id": event.pk,
        "slug": event.slug,
        "rounds": rounds,
        "current_round": current.number,
        "tables": tables,
        "registrations": registrations,
        "sessions": sessions,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(env: dict, port: int, log_path: Path) -> subprocess.Popen:
    log = log_path.open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:config.gunicorn", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit(f"gunicorn did not start; its log:\n{log_path.read_text()}")
        time.sleep(0.3)


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# ---------------------------------------------------------------- the event-day mix


CSRF_COOKIE = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def run_actor(body, recorder: Recorder, failures: list) -> threading.Thread:
    def target():
        try:
            body()
        except Stop:
            pass
        except Exception as error:  # a bug in the driver must fail the run, not vanish
            failures.append(repr(error))

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def tracked_table(port, recorder, event, table: Table, rng, smoke):
    """Two phones open the table page; one keeps polling its state every 2 s while life
    changes come in; when the game ends both players confirm the proposed result."""
    base = f"/events/{event['slug']}/tables/{table.match}/"
    phones = [Client(port, recorder, {"sessionid": key}) for key in table.sessions]
    for phone in phones:
        phone.request("table page", "GET", base)
    change_every = RATES["life_change_mean_seconds"]
    next_poll = time.monotonic() + rng.uniform(0, RATES["table_poll_seconds"])
    next_change = time.monotonic() + rng.expovariate(1 / change_every)
    while True:
        now = time.monotonic()
        pause(min(next_poll, next_change) - now, recorder)
        if time.monotonic() >= next_change:
            side = rng.choice((1, 2))
            answer = phones[side - 1].request(
                "life change",
                "POST",
                f"{base}life/",
                data={f"delta{rng.choice((1, 2))}": -rng.randint(1, 6), "reason": "combat"},
            )
            next_change = time.monotonic() + rng.expovariate(1 / change_every)
            if answer.status == 200 and json.loads(answer.body)["finished"]:
                for phone in phones:
                    phone.request("confirm at the table", "POST", f"{base}confirm/")
                return
        else:
            phones[0].request("table state poll", "GET", f"{base}state/")
            next_poll += RATES["table_poll_seconds"]


def paper_table(port, recorder, event, table: Table, rng, report_at, by_api, smoke):
    """A match played on paper: the winner reports through the API when it ends; the
    opponent confirms a few seconds later, through the API or the report page."""
    api = [Client(port, recorder, headers={"Authorization": f"Token {t}"}) for t in table.tokens]
    winner = rng.choice(table.players)
    games = {"games": [{"winner": winner, "ending": "life"}]}
    path = f"/api/matches/{table.match}/"
    pause(report_at - time.monotonic(), recorder)
    api[0].request("report result (API)", "POST", f"{path}report/", json_body=games)
    pause(rng.uniform(0.5, 2) if smoke else rng.uniform(3, 10), recorder)
    if by_api:
        api[1].request("confirm result (API)", "POST", f"{path}report/", json_body=games)
    else:
        confirm_by_form(port, recorder, event, table)


def confirm_by_form(port, recorder, event, table: Table):
    """The opponent opens the report page from their phone and presses Confirm."""
    phone = Client(port, recorder, {"sessionid": table.sessions[1]})
    page = f"/events/{event['slug']}/matches/{table.match}/report/"
    answer = phone.request("match report page", "GET", page)
    token = CSRF_COOKIE.search(answer.body)
    phone.request(
        "confirm result (form)",
        "POST",
        page,
        data={"confirm": "1", "csrfmiddlewaretoken": token.group(1).decode() if token else ""},
        expect=(302,),
    )


def awaiting_table(port, recorder, event, table: Table, rng, report_at):
    """Reported before the run: the opponent confirms it from the report page."""
    pause(report_at - time.monotonic(), recorder)
    confirm_by_form(port, recorder, event, table)


def follower(port, recorder, event, rng, session=None, versions=None):
    """Someone following the event page on their phone: the live endpoint every 5 s, the page
    again when it changed, and now and then a player's or an earlier round's page."""
    signed_in = session is not None
    phone = Client(port, recorder, {"sessionid": session} if signed_in else {})
    who = "signed in" if signed_in else "anonymous"
    page = f"/events/{event['slug']}/"
    phone.request(f"event page ({who})", "GET", page)
    version = None
    next_poll = time.monotonic() + rng.uniform(0, RATES["live_poll_seconds"])
    next_browse = time.monotonic() + rng.expovariate(1 / RATES["browse_mean_seconds"])
    while True:
        pause(min(next_poll, next_browse) - time.monotonic(), recorder)
        if time.monotonic() >= next_browse:
            if signed_in or rng.random() < 0.7:
                registration = rng.choice(event["registrations"])
                phone.request(f"player page ({who})", "GET", f"{page}players/{registration}/")
            else:
                number = rng.randint(1, event["rounds"])
                phone.request("round page (anonymous)", "GET", f"{page}rounds/{number}/")
            next_browse = time.monotonic() + rng.expovariate(1 / RATES["browse_mean_seconds"])
            continue
        answer = phone.request("live poll", "GET", f"{page}live/")
        next_poll += RATES["live_poll_seconds"]
        if answer.status == 200:
            fresh = json.loads(answer.body)["version"]
            versions.add(fresh)
            if version is not None and fresh != version:
                phone.request(f"event page ({who})", "GET", page)
            version = fresh


def health_check(port, recorder):
    prober = Client(port, recorder)
    while True:
        prober.request("/healthz", "GET", "/healthz")
        pause(RATES["healthz_seconds"], recorder)


def event_day_mix(port, event, *, duration, max_requests, smoke, ramp_up=0.0, seed=7) -> tuple:
    """The mix for `ramp_up` + `duration` seconds: mid-round, the phones open their pages over
    the first `ramp_up` seconds (each at a random moment, as people pick their phones up), not
    all in the same instant; the samples of the ramp-up are reported apart."""
    recorder = Recorder(max_requests=max_requests)
    recorder.deadline = time.monotonic() + ramp_up + duration
    rng = random.Random(seed)
    failures: list[str] = []
    threads = []
    versions: set[str] = set()  # the event's public versions the followers saw

    def start(body, *args, joins=True):
        child = random.Random(rng.random())
        delay = child.uniform(0, ramp_up) if joins else 0.0

        def actor():
            pause(delay, recorder)
            body(*args, child)

        threads.append(run_actor(actor, recorder, failures))

    finishing = [t for t in event["tables"] if t.state in ("paper", "awaiting")]
    rng.shuffle(finishing)
    when = time.monotonic() + 1
    papers = 0
    for table in finishing:
        when += rng.expovariate(RATES["results_per_second"])
        if table.state == "paper":
            papers += 1  # every other opponent confirms through the API, the others by form
            by_api = papers % 2 == 1
            start(
                lambda t, w, a, r: paper_table(port, recorder, event, t, r, w, a, smoke),
                table,
                when,
                by_api,
                joins=False,  # their results already come at spread-out moments (`when`)
            )
        else:
            start(
                lambda t, w, r: awaiting_table(port, recorder, event, t, r, w),
                table,
                when,
                joins=False,
            )
    for table in event["tables"]:
        if table.state == "tracked":
            start(lambda t, r: tracked_table(port, recorder, event, t, r, smoke), table)
    players = len(event["registrations"])
    for _ in range(max(1, round(FOLLOWERS["anonymous"] * players))):
        start(lambda r: follower(port, recorder, event, r, versions=versions))
    signed_in = event["registrations"][: max(1, round(FOLLOWERS["signed_in"] * players))]
    for registration in signed_in:
        session = event["sessions"][registration]
        start(lambda s, r: follower(port, recorder, event, r, s, versions), session)
    threads.append(run_actor(lambda: health_check(port, recorder), recorder, failures))
    started = time.monotonic()
    for thread in threads:
        thread.join(timeout=max(0.0, recorder.deadline - time.monotonic()) + 40)
    steady_from = started + ramp_up
    steady = [s for s in recorder.samples if s.at >= steady_from]
    ramping = [s for s in recorder.samples if s.at < steady_from]
    return steady, ramping, time.monotonic() - steady_from, failures, len(versions)


# ---------------------------------------------------------------- saturation


def saturation_targets(event) -> list:
    slug = event["slug"]
    session = event["sessions"][event["registrations"][0]]
    return [
        ("/healthz (trivial: one query, a broker check)", "/healthz", None),
        ("login page (trivial: a small template)", "/accounts/login/", None),
        # the same page for a signed-in player: the framework's own cost of a signed-in request
        # (the session and the user read, the header naming them), what the signed-in event page
        # is compared with
        ("login page, signed in (trivial: the session and user)", "/accounts/login/", session),
        ("event page: pairings + standings (anonymous)", f"/events/{slug}/", None),
        ("event page: pairings + standings (signed in)", f"/events/{slug}/", session),
        ("standings API (cached per version)", f"/api/events/{slug}/standings/", None),
    ]


def saturate(port, path, session, *, clients, seconds, max_requests) -> tuple:
    """`clients` threads ask for one page back to back; completed requests per second."""
    recorder = Recorder(max_requests=max_requests)
    recorder.deadline = time.monotonic() + seconds
    failures: list[str] = []

    def loop():
        phone = Client(port, recorder, {"sessionid": session} if session else {})
        while True:
            phone.request("saturation", "GET", path)

    started = time.monotonic()
    threads = [run_actor(loop, recorder, failures) for _ in range(clients)]
    for thread in threads:
        thread.join(timeout=seconds + 40)
    elapsed = time.monotonic() - started
    return recorder.samples, len(recorder.samples) / elapsed, failures


def after_a_change(port, event, *, followers: int, rounds: int) -> tuple:
    """Right after a change, `followers` people (half of them signed in) ask for the event page
    at the same moment: how long until the last of them has it."""
    from tournaments import live

    recorder = Recorder(max_requests=followers * rounds)
    failures: list[str] = []
    sessions = [event["sessions"][r] for r in event["registrations"][: followers // 2]]
    people = sessions + [None] * (followers - len(sessions))
    page = f"/events/{event['slug']}/"
    walls = []
    for _ in range(rounds):
        live.touch(event["event_id"])  # what every result, pairing or registration does
        start = threading.Barrier(len(people))

        def ask(session, start=start):
            phone = Client(port, recorder, {"sessionid": session} if session else {})
            start.wait()
            phone.request("event page after a change", "GET", page)

        began = time.perf_counter()
        threads = [run_actor(lambda s=s: ask(s), recorder, failures) for s in people]
        for thread in threads:
            thread.join(timeout=60)
        walls.append(time.perf_counter() - began)
        time.sleep(1)
    return recorder.samples, walls, failures


# ---------------------------------------------------------------- report


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def page_row(samples: list, elapsed: float) -> dict:
    times = [s.seconds for s in samples]
    return {
        "requests": len(samples),
        "per_second": len(samples) / elapsed if elapsed else 0.0,
        "p50_ms": percentile(times, 0.50) * 1000,
        "p99_ms": percentile(times, 0.99) * 1000,
        "max_ms": max(times) * 1000 if times else float("nan"),
        "errors": sum(1 for s in samples if not s.ok),
    }


def print_table(title: str, rows: dict, rate_label: str) -> None:
    print(f"\n{title}\n")
    print(f"| page | requests | {rate_label} | p50 | p99 | max | errors |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, row in rows.items():
        print(
            f"| {name} | {row['requests']} | {row['per_second']:.1f} | {row['p50_ms']:.1f} ms"
            f" | {row['p99_ms']:.1f} ms | {row['max_ms']:.1f} ms | {row['errors']} |"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7, help="Swiss rounds already played")
    parser.add_argument("--seconds", type=float, default=60, help="length of the event-day mix")
    parser.add_argument("--max-requests", type=int, default=30_000, help="cap for the mix")
    parser.add_argument(
        "--ramp-up",
        type=float,
        default=10,
        help="seconds over which the phones open their pages before the measured mix (0: all "
        "at the same instant)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per worker (over 1: gthread workers)"
    )
    parser.add_argument("--clients", type=int, default=8, help="threads in saturation")
    parser.add_argument("--saturation-seconds", type=float, default=5)
    parser.add_argument("--saturation-rounds", type=int, default=3)
    parser.add_argument(
        "--burst", type=int, default=16, help="followers asking at once after a change"
    )
    parser.add_argument("--database", default="dm_load_bench", help="created and dropped")
    parser.add_argument("--keep-database", action="store_true")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    parser.add_argument("--server-log", type=Path, help="keep gunicorn's log (JSON lines) here")
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="leave Python's collector running in this load generator while it measures (by "
        "default it is paused, as timeit pauses it: a full pass over the seeding's objects and "
        "the growing samples would stop every client thread at once and show up as latency)",
    )
    parser.add_argument("--smoke", action="store_true", help="a few seconds, 16 players (CI)")
    args = parser.parse_args()
    if args.smoke:
        # No ramp-up: every kind of request (a table page is only asked for when a phone
        # joins) then falls in the measured mix, which the CI smoke test checks.
        args.players, args.rounds, args.seconds, args.ramp_up = 16, 2, 8, 0
        args.workers, args.clients, args.burst = 2, 2, 4
        args.saturation_seconds, args.saturation_rounds = 0.5, 1
        args.max_requests = min(args.max_requests, 2_000)
        # Quicker play and browsing, so that every kind of request happens in a few seconds.
        RATES.update(life_change_mean_seconds=2.0, browse_mean_seconds=2.0, results_per_second=2)
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL server (postgres://user@host:port/db).")
    if not redis_url.startswith("redis://"):
        raise SystemExit("Set REDIS_URL to a Redis database (redis://host:port/N).")

    var = Path(tempfile.mkdtemp(prefix="bench-load-"))
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DEBUG")},
        "DJANGO_SETTINGS_MODULE": "bench.load_settings",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        # Plain HTTP on the loopback: no TLS proxy in front, so no HTTPS redirect or secure-only
        # cookies (everything else as in production).
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "VAR_DIR": str(var),
        "DATABASE_URL": prepare_database(database_url, args.database),
        "REDIS_URL": redis_url,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(args.workers),
    }
    if args.threads > 1:  # gunicorn's own way to add settings to config/gunicorn.py's
        env["GUNICORN_CMD_ARGS"] = f"--threads {args.threads}"
    os.environ.update(env)
    clear_django_cache_keys(redis_url)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    started = time.monotonic()
    call_command("migrate", verbosity=0)
    event = seed(args.players, args.rounds, args.smoke)
    connections.close_all()
    seeded = time.monotonic() - started
    states = {s: sum(t.state == s for t in event["tables"]) for s in ("confirmed", "awaiting")}
    states |= {s: sum(t.state == s for t in event["tables"]) for s in ("tracked", "paper")}
    print(
        f"seeded in {seeded:.0f} s: {args.players} players, {args.rounds} rounds played, round "
        f"{event['current_round']} under way ({', '.join(f'{n} {s}' for s, n in states.items())}"
        " tables)"
    )
    load_before = os.getloadavg()
    server = start_server(env, port, var / "gunicorn.log")
    gc.collect()
    if not args.client_gc:
        gc.disable()  # bounded in count and time: what it allocates meanwhile is small
    try:
        samples, ramping, elapsed, failures, versions = event_day_mix(
            port,
            event,
            duration=args.seconds,
            max_requests=args.max_requests,
            smoke=args.smoke,
            ramp_up=args.ramp_up,
        )
        saturation: dict[str, list] = {}
        saturation_samples: dict[str, list] = {}
        for _ in range(args.saturation_rounds):
            for name, path, session in saturation_targets(event):
                got, rate, more = saturate(
                    port,
                    path,
                    session,
                    clients=args.clients,
                    seconds=args.saturation_seconds,
                    max_requests=100_000,
                )
                saturation.setdefault(name, []).append(rate)
                saturation_samples.setdefault(name, []).extend(got)
                failures += more
        burst, walls, more = after_a_change(
            port, event, followers=args.burst, rounds=2 if args.smoke else 8
        )
        failures += more
    finally:
        gc.enable()
        stop_server(server)
        load_after = os.getloadavg()
        if not args.keep_database:
            connections.close_all()
            prepare_database(database_url, args.database, drop_only=True)
        if args.server_log:
            shutil.copy(var / "gunicorn.log", args.server_log)
        shutil.rmtree(var, ignore_errors=True)

    mix = {
        kind: page_row([s for s in samples if s.kind == kind], elapsed)
        for kind in MIX_KINDS
        if any(s.kind == kind for s in samples)
    }
    total = page_row(samples, elapsed)
    ramp = page_row(ramping, args.ramp_up) if ramping else None
    sat = {}
    for name, rates in saturation.items():
        row = page_row(saturation_samples[name], 1.0)
        row["per_second"] = statistics.median(rates)
        sat[name] = row
    names = list(sat)
    healthz, login, login_signed_in, anonymous, signed_in, api = (
        sat[n]["per_second"] for n in names
    )
    ratios = {
        "event page (anonymous) / healthz": anonymous / healthz,
        "event page (anonymous) / login page": anonymous / login,
        "event page (signed in) / healthz": signed_in / healthz,
        "event page (signed in) / login page": signed_in / login,
        "event page (signed in) / login page (signed in)": signed_in / login_signed_in,
        "standings API / healthz": api / healthz,
    }
    errors = [s.detail for s in samples + ramping if not s.ok]
    errors += [s.detail for rows in saturation_samples.values() for s in rows if not s.ok]
    errors += [s.detail for s in burst if not s.ok]
    after_change = page_row(burst, 1.0)
    after_change["all_answered_ms"] = statistics.median(walls) * 1000
    del after_change["per_second"]
    errors += failures

    print(
        f"\ncommand: python bench/bench_load.py {' '.join(sys.argv[1:])}  (gunicorn "
        f"{args.workers} workers x {args.threads} threads; mix {elapsed:.1f} s; saturation "
        f"{args.clients} clients "
        f"x {args.saturation_seconds:g} s x {args.saturation_rounds} rounds; the load "
        f"generator's collector {'running' if args.client_gc else 'paused'})"
    )
    print(
        f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}; "
        f"after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
        f"({os.cpu_count()} CPUs)"
    )
    print_table("Event-day mix (open loop: requests/s is the offered rate)", mix, "requests/s")
    print(
        f"\nall pages: {total['requests']} requests, {total['per_second']:.1f}/s, p50 "
        f"{total['p50_ms']:.1f} ms, p99 {total['p99_ms']:.1f} ms, {total['errors']} errors; "
        f"the followers saw {versions} versions of the event"
    )
    if ramp:
        print(
            f"ramp-up ({args.ramp_up:g} s before the mix above, every phone opening its page): "
            f"{ramp['requests']} requests, p50 {ramp['p50_ms']:.1f} ms, p99 "
            f"{ramp['p99_ms']:.1f} ms, {ramp['errors']} errors"
        )
    print_table(
        "Saturation (closed loop; throughput is the median of the rounds)", sat, "requests/s"
    )
    print(
        f"\nAfter a change, {args.burst} followers at once (half signed in): all answered in "
        f"{after_change['all_answered_ms']:.0f} ms (median of {len(walls)}); per request p50 "
        f"{after_change['p50_ms']:.0f} ms, p99 {after_change['p99_ms']:.0f} ms, "
        f"{after_change['errors']} errors"
    )
    print()
    for name, ratio in ratios.items():
        print(f"throughput ratio {name}: {ratio:.2f}")
    if errors:
        print(f"\n{len(errors)} failed requests; the first ones:", file=sys.stderr)
        for line in errors[:10]:
            print(f"  {line}", file=sys.stderr)
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "mix": mix,
                    "all": total,
                    "ramp_up": {"seconds": args.ramp_up, **(ramp or {})},
                    "versions_seen": versions,
                    "saturation": sat,
                    "ratios": ratios,
                    "after_change": after_change,
                    "errors": errors,
                    "load_average": {"before": load_before, "after": load_after},
                    "client_gc": args.client_gc,
                },
                indent=2,
            )
        )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
