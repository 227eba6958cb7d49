"""Read-side queries for the judge console: replays (cached), the page of one step, branch
comparisons, the board editor's rows, searches of the rule reference and the card pool, and
rulings and penalties per event, match and player (the reports build on these)."""

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet

from judging.boardview import (
    BoardView,
    Differences,
    board_view,
    changed_dice,
    differences,
    involved_dice,
)
from judging.logtext import card_keys
from judging.models import Branch, Dispute, Penalty, Ruling
from judging.replays import BuiltReplay, TimelineEntry, replays
from rules.engine import ReplayStep, parse_log, possible_faces
from rules.engine.rulebook import RULES
from rules.engine.setup import new_game
from rules.engine.state import Zone
from rules.models import Card
from rules.selectors import engine_cards
from tournaments.models import Event, Match, Player
from tournaments.permissions import is_event_staff


# -- replays -------------------------------------------------------------------------------
def replay_of(setup: str, actions: str) -> BuiltReplay:
    return replays.get(setup, actions, engine_cards)


def branch_replay(branch: Branch) -> BuiltReplay:
    return replay_of(branch.dispute.setup, branch.actions)


def disputes_for_user(user) -> QuerySet[Dispute]:
    """Disputes the user may work on: their practice disputes and their events' disputes."""
    if user.is_superuser:
        mine = Q()
    else:
        mine = Q(event__isnull=True, opened_by=user) | Q(event__organiser=user)
        mine |= Q(event__judges=user)
    return (
        Dispute.objects.filter(mine).select_related("event", "match__round", "opened_by").distinct()
    )


def branches_with_outcomes(dispute: Dispute) -> list[dict]:
    """Each branch with its replay's outcome, parents before forks."""
    found = []
    for branch in dispute.branches.order_by("pk"):
        built = replay_of(dispute.setup, branch.actions)
        found.append(
            {
                "branch": branch,
                "steps": built.step_count,
                "illegal_step": built.illegal_step,
                "problems": built.problems,
                "final": built.state_at(built.step_count) if built.ok else None,
            }
        )
    return found


# -- one step --------------------------------------------------------------------------------
@dataclass
class StepPage:
    dispute: Dispute
    branch: Branch
    built: BuiltReplay
    number: int
    board: BoardView
    step: ReplayStep | None = None
    events: list[dict] = field(default_factory=list)
    rules: list[tuple[str, str]] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    turns: list[dict] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.built.step_count

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 0 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None

    @property
    def illegal(self) -> bool:
        return self.step is not None and not self.step.legal

    @property
    def rule_title(self) -> str:
        return RULES.get(self.step.rule, "") if self.illegal else ""

    @property
    def sequence_line(self) -> int | None:
        return self.built.sequence_line(self.number)

    @property
    def action_text(self) -> str:
        return self.built.timeline[self.number - 1].text if self.number else ""


def _turns(timeline: list[TimelineEntry]) -> list[dict]:
    """The timeline grouped by turn, for the strip of steps."""
    turns: list[dict] = []
    for entry in timeline:
        if not turns or (turns[-1]["turn"], turns[-1]["active"]) != (entry.turn, entry.active):
            turns.append({"turn": entry.turn, "active": entry.active, "entries": []})
        turns[-1]["entries"].append(entry)
    return turns


def step_page(dispute: Dispute, branch: Branch, number: int) -> StepPage | None:
    """Step `number` of a branch (0: the board before any action); None if out of range or
    the log can't be replayed (the caller shows `built.problems`)."""
    built = replay_of(dispute.setup, branch.actions)
    if not built.ok or not 0 <= number <= built.step_count:
        return None
    state = built.state_at(number)
    step = built.step(number)
    marks: dict[str, set[str]] = {}
    if step is not None:
        for die in changed_dice(step.before, step.after):
            marks.setdefault(die, set()).add("changed")
        for die in involved_dice(step.action, step.before):
            marks.setdefault(die, set()).add("involved")
        for before, after in zip(step.before.players, step.after.players, strict=True):
            if before.life != after.life:
                marks.setdefault(after.id, set()).add("life")
    page = StepPage(
        dispute=dispute,
        branch=branch,
        built=built,
        number=number,
        board=board_view(state, built.cards, dispute.names, marks=marks),
        step=step,
        turns=_turns(built.timeline),
    )
    if step is not None:
        page.events = [
            {"text": e.text, "rule": e.rule, "title": RULES.get(e.rule, ""), "manual": e.manual}
            for e in step.events
        ]
        page.rules = [(rule, RULES.get(rule, "")) for rule in dict.fromkeys(step.rules)]
        page.changes = step.changes() if step.legal else []
    return page


# -- comparing branches ------------------------------------------------------------------------
@dataclass
class Side:
    branch: Branch
    built: BuiltReplay
    number: int
    board: BoardView | None


def compare(
    dispute: Dispute, left: Branch, right: Branch, left_step=None, right_step=None
) -> tuple[Side, Side, Differences | None]:
    """Two branches side by side (each at its last step unless told), what differs marked."""
    sides = []
    for branch, number in ((left, left_step), (right, right_step)):
        built = replay_of(dispute.setup, branch.actions)
        last = built.step_count
        number = last if number is None else max(0, min(number, last))
        sides.append(Side(branch, built, number, None))
    a, b = sides
    if not (a.built.ok and b.built.ok):
        return a, b, None
    a_state, b_state = a.built.state_at(a.number), b.built.state_at(b.number)
    diff = differences(a_state, b_state, a.built.cards)
    a.board = board_view(a_state, a.built.cards, dispute.names, marks=diff.marks())
    b.board = board_view(b_state, b.built.cards, dispute.names, marks=diff.marks())
    return a, b, diff


# -- the board editor --------------------------------------------------------------------------
@dataclass
class EditorRow:
    die: str
    group: str  # "P1", "P2" or "BA"
    card: str
    zone: str = ""
    face: str = ""
    damage: int = 0
    blocking: str = ""
    paired: str = ""  # the die it is paired up with (K-HEROIC)
    side: str = ""  # for a basic action die: who bought it
    faces: list[str] = field(default_factory=list)
    faces_declared: bool = False  # the card data doesn't give the die's faces (R1.3)
    zones: list[tuple[str, str]] = field(default_factory=list)
    error: str = ""

    @property
    def dom_id(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.die)

    @property
    def short(self) -> str:
        return self.die.split(":", 1)[1] if self.group != "BA" else self.die


ZONE_CHOICES = [
    ("bag", "Bag"),
    ("prep", "Prep Area"),
    ("reserve", "Reserve Pool"),
    ("field", "Field"),
    ("attack", "Attack Zone"),
    ("out_of_play", "Out of Play"),
    ("used", "Used Pile"),
]


@dataclass
class BoardEditor:
    turn: int
    active: str
    step: str
    priority: str
    life: dict[str, int]
    energy: dict[str, int]
    starting_life: int
    rows: list[EditorRow]
    problems: list = field(default_factory=list)  # problems not about one die

    def group(self, name: str) -> list[EditorRow]:
        return [r for r in self.rows if r.group == name]

    def row(self, die: str) -> EditorRow | None:
        return next((r for r in self.rows if r.die == die), None)


def board_editor(dispute: Dispute) -> BoardEditor:
    """Every die of the dispute's game with where the setup's board puts it."""
    cards = engine_cards(card_keys(dispute.setup))
    log = parse_log(dispute.setup, cards)
    state = new_game(log.teams, cards, starting_life=log.starting_life, format=log.format)
    board = log.board
    rows = []
    for die in state.dice:
        group = "BA" if die.owner == "BA" else die.owner
        card = cards[die.card].name if die.card else "Sidekick"
        default = [("bag", "Bag")] if die.card is None else [("", "On its card")]
        rows.append(
            EditorRow(
                die=die.id,
                group=group,
                card=card,
                zone="bag" if die.card is None else "",
                faces=[f.notation() for f in possible_faces(cards.get(die.card))],
                faces_declared=bool(die.card) and not cards[die.card].faces_known,
                zones=default + [z for z in ZONE_CHOICES if die.card is not None or z[0] != "bag"],
            )
        )
    editor = BoardEditor(
        turn=board.turn if board else 1,
        active=board.active if board else log.first_player,
        step=board.step.value if board else "main",
        priority=board.priority if board else "",
        life=dict(board.life) if board else {},
        energy=dict(board.energy) if board else {},
        starting_life=log.starting_life,
        rows=rows,
    )
    for player in ("P1", "P2"):
        editor.life.setdefault(player, log.starting_life)
        editor.energy.setdefault(player, 0)
    for placement in board.placements if board else ():
        row = editor.row(placement.die)
        if row is None:
            continue
        row.zone = placement.zone.value
        row.face = placement.face.notation() if placement.face else ""
        row.damage = placement.damage
        row.blocking = placement.blocking
        row.paired = placement.paired
        if row.group == "BA":
            row.side = placement.player
    return editor


# -- searching the rule reference and the card pool -------------------------------------------
def rules_search(query: str, *, limit: int = 60) -> list[tuple[str, str]]:
    """Rules whose ID starts with the query or whose title has every word of it."""
    words = query.lower().split()
    found = []
    for rule, title in RULES.items():
        text = f"{rule} {title}".lower()
        if (
            not words
            or rule.lower().startswith(query.strip().lower())
            or all(w in text for w in words)
        ):
            found.append((rule, title))
    return found[:limit]


def cards_search(query: str, *, keys=(), limit: int = 20) -> QuerySet[Card]:
    """Cards by key, name or subtitle (each word must match); `keys` first when no query."""
    cards = Card.objects.select_related("card_set", "die")
    query = query.strip()
    if not query:
        return cards.filter(key__in=list(keys)) if keys else cards.none()
    for word in query.split():
        cards = cards.filter(
            Q(key__iexact=word) | Q(name__icontains=word) | Q(subtitle__icontains=word)
        )
    return cards[:limit]


def card_automation(card: Card) -> dict | None:
    """The card's automation status for the console's card panel (issue 8): automated,
    partial or manual, what stays manual, and our own description of what the engine does
    (generated from the card's ability encoding)."""
    status = getattr(card, "automation", None)
    if not status:
        return None
    display = getattr(card, "get_automation_display", None)
    return {
        "status": status,
        "label": display() if callable(display) else str(status).capitalize(),
        "note": getattr(card, "automation_note", "") or "",
        "description": getattr(card, "ability_description", "") or "",
    }


def card_json(card: Card) -> dict:
    return {
        "key": card.key,
        "name": card.name,
        "subtitle": card.subtitle,
        "set": card.card_set.name,
        "kind": card.get_kind_display(),
        "cost": card.cost,
        "energy": card.energy,
        "affiliations": card.affiliations,
        "max_dice": card.max_dice,
        "abilities": card.ability_lines,
        "globals": card.global_lines,
        "keywords": card.keywords,
        "faces": card.die.faces if card.die else [],
        "automation": card_automation(card),
    }


# -- rulings and penalties ---------------------------------------------------------------------
def rulings_for_event(event: Event) -> QuerySet[Ruling]:
    return (
        Ruling.objects.filter(event=event)
        .select_related(
            "dispute", "judge", "upheld_branch", "match__round", "match__player1__player",
            "match__player2__player",
        )
        .prefetch_related("penalties__registration__player")
    )  # fmt: skip


def penalties_for_event(event: Event) -> QuerySet[Penalty]:
    """Every penalty at the event, in the order given: what the final event report lists."""
    return Penalty.objects.filter(event=event).select_related(
        "registration__player", "match__round", "issued_by", "ruling"
    )


@dataclass
class PlayerPenalties:
    registration: object
    penalties: list[Penalty]
    earlier: int = 0  # penalties at other events

    @property
    def counts(self) -> list[tuple[str, int]]:
        counted = Counter(p.get_kind_display() for p in self.penalties)
        return sorted(counted.items())

    @property
    def repeat(self) -> bool:
        return len(self.penalties) + self.earlier > 1


def penalties_by_player(event: Event) -> list[PlayerPenalties]:
    """Each penalised player of the event, most penalties first; `earlier` counts their
    penalties at other events, so a repeat infraction shows."""
    rows: dict[int, PlayerPenalties] = {}
    for penalty in penalties_for_event(event):
        registration = penalty.registration
        rows.setdefault(registration.pk, PlayerPenalties(registration, [])).penalties.append(
            penalty
        )
    players = [row.registration.player_id for row in rows.values()]
    elsewhere = Counter(
        Penalty.objects.filter(registration__player_id__in=players)
        .exclude(event=event)
        .values_list("registration__player_id", flat=True)
    )
    for row in rows.values():
        row.earlier = elsewhere[row.registration.player_id]
    return sorted(rows.values(), key=lambda r: (-len(r.penalties), r.registration.display_name))


def penalties_for_player(player: Player) -> QuerySet[Penalty]:
    """A player's penalties at every event, newest first."""
    return (
        Penalty.objects.filter(registration__player=player)
        .select_related("event", "match__round", "issued_by")
        .order_by("-issued_at", "-pk")
    )


def rulings_for_player(player: Player) -> QuerySet[Ruling]:
    return rulings_in_matches(
        Match.objects.filter(Q(player1__player=player) | Q(player2__player=player))
    )


def rulings_in_matches(matches) -> QuerySet[Ruling]:
    return (
        Ruling.objects.filter(match__in=matches)
        .select_related("event", "match__round", "judge")
        .prefetch_related("penalties__registration__player")
        .order_by("recorded_at", "pk")
    )


def rulings_for_match(match: Match) -> QuerySet[Ruling]:
    return rulings_in_matches(Match.objects.filter(pk=match.pk))


def visible_rulings_count(user, match: Match) -> int:
    """How many rulings the user may read on this match (its players and the staff)."""
    from tournaments.permissions import registration_of

    if not (is_event_staff(user, match.round.event) or registration_of(user, match)):
        return 0
    return Ruling.objects.filter(match=match).count()


# -- the ruling report (built by the reports work) --------------------------------------------
def ruling_report(ruling: Ruling) -> dict:
    """Everything a ruling report shows, as plain data: the dispute, the upheld branch's
    steps (action, verdict with rule and reason, events with rules, changes) each with the
    board after it (life, energy, each player's dice by zone with A/D), the ruling and its
    penalties. The judges' notes are included under their own key: a report for players
    leaves them out."""
    dispute = ruling.dispute
    branch = ruling.upheld_branch or dispute.branches.order_by("pk").first()
    built = replay_of(dispute.setup, branch.actions) if branch else None
    steps = []
    if built is not None and built.ok:
        for number in range(0, built.step_count + 1):
            page = step_page(dispute, branch, number)
            steps.append(
                {
                    "number": number,
                    "action": page.action_text,
                    "legal": page.step.legal if page.step else True,
                    "rule": page.step.rule if page.illegal else None,
                    "rule_title": page.rule_title,
                    "reason": page.step.reason if page.illegal else None,
                    "events": page.events,
                    "changes": page.changes,
                    "board": _board_summary(page.board),
                }
            )
    return {
        "dispute": {
            "id": dispute.pk,
            "title": dispute.title,
            "event": dispute.event.name if dispute.event else None,
            "match": str(dispute.match) if dispute.match else dispute.match_label or None,
            "players": dispute.names,
            "opened_at": dispute.opened_at,
            "setup": dispute.setup,
        },
        "branch": {"name": branch.name, "actions": branch.actions} if branch else None,
        "problems": [str(p) for p in built.problems] if built else [],
        "steps": steps,
        "ruling": {
            "question": ruling.question,
            "answer": ruling.answer,
            "rules": ruling.rule_titles(),
            "judge": str(ruling.judge),
            "recorded_at": ruling.recorded_at,
        },
        "penalties": [
            {
                "player": p.registration.display_name,
                "kind": p.get_kind_display(),
                "reason": p.reason,
                "issued_by": str(p.issued_by),
            }
            for p in ruling.penalties.select_related("registration__player", "issued_by")
        ],
        "judge_notes": ruling.judge_notes,
    }


def _board_summary(board: BoardView) -> dict:
    players = {}
    for player in board.players:
        players[player.id] = {
            "name": player.name,
            "life": player.life,
            "energy": player.energy,
            "virtual_energy": player.virtual_energy,
            "zones": {
                zone.title: [
                    die.short
                    + (f"={die.face}" if die.face else "")
                    + (f" A{die.attack['value']}/D{die.defense['value']}" if die.attack else "")
                    + (f" ({die.damage} damage)" if die.damage else "")
                    for die in zone.dice
                ]
                for zone in player.zones
                if zone.dice and zone.key != Zone.BAG.value
            },
        }
    return {
        "turn": board.turn,
        "active": board.active,
        "step": board.step_title,
        "players": players,
        "attacks": [
            {
                "attacker": e.attacker.id,
                "blockers": [b.id for b in e.blockers],
            }
            for e in board.combat
        ],
    }
