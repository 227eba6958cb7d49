"""Forms of the judge console. The board editor reads its many per-die fields itself
(`board_from_post`); the rest are plain Django forms."""

import re

from django import forms

from judging.models import Branch, Penalty
from judging.selectors import BoardEditor
from rules.engine import Board, Placement, parse_face
from rules.engine.board import BOARD_STEPS
from rules.engine.notation import FORMATS
from rules.engine.rulebook import RULES
from rules.engine.state import Step, Zone, other
from rules.selectors import card_index
from rules.teams import TeamListError, parse_team_list


class VersionedForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)


class DisputeOpenForm(forms.Form):
    title = forms.CharField(
        label="What do the players disagree about?",
        max_length=200,
        widget=forms.TextInput(attrs={"placeholder": "e.g. Can Cheetah's attack be blocked?"}),
    )
    pause_clock = forms.BooleanField(
        label="Pause this table's clock until the ruling (the time is given back as extra time)",
        required=False,
        initial=True,
    )


class PracticeDisputeForm(forms.Form):
    title = forms.CharField(label="What the practice is about", max_length=200)
    player1_name = forms.CharField(label="Player 1's name", max_length=80, initial="Player 1")
    team1 = forms.CharField(
        label="Player 1's team list",
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="A Team Builder link, DiceMastersDB lines or a plain list.",
    )
    player2_name = forms.CharField(label="Player 2's name", max_length=80, initial="Player 2")
    team2 = forms.CharField(
        label="Player 2's team list", max_length=20_000, widget=forms.Textarea(attrs={"rows": 4})
    )
    format = forms.ChoiceField(
        label="Game", choices=[(f, f.capitalize()) for f in FORMATS], initial="tournament"
    )
    starting_life = forms.IntegerField(label="Starting life", min_value=1, max_value=99, initial=20)

    def _team(self, name: str) -> list[tuple[str, int]]:
        index = card_index()
        try:
            team = parse_team_list(self.cleaned_data[name], index)
        except TeamListError as error:
            raise forms.ValidationError([str(problem) for problem in error.problems]) from error
        return [
            (
                entry.card_key.lower(),
                0 if index.get(entry.card_key).kind == "basic_action" else entry.dice,
            )
            for entry in team.entries
        ]

    def clean_team1(self):
        return self._team("team1")

    def clean_team2(self):
        return self._team("team2")


# A whole game's log is a few hundred lines; this bounds the engine's work on one request.
LOG_MAX_CHARS = 100_000


class LogForm(VersionedForm):
    text = forms.CharField(
        label="Game log",
        max_length=LOG_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 22, "spellcheck": "false", "class": "log"}),
        help_text="The game line, both teams, the board (or none: the game's start) and the "
        "actions as played. The grammar is in docs/game-log.md.",
    )


class SequenceForm(VersionedForm):
    actions = forms.CharField(
        label="The disputed sequence",
        required=False,
        max_length=LOG_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "log"}),
    )


class ForkForm(VersionedForm):
    step = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    name = forms.CharField(label="Name of the new branch", max_length=80, required=False)
    replacement = forms.CharField(
        label="Instead of this step",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "class": "log"}),
    )
    keep_rest = forms.BooleanField(label="Keep the steps after it", required=False)


RULE_SPLIT = re.compile(r"[\s,;]+")


class RulingForm(VersionedForm):
    question = forms.CharField(label="Question", widget=forms.Textarea(attrs={"rows": 2}))
    answer = forms.CharField(label="Answer (the ruling)", widget=forms.Textarea(attrs={"rows": 3}))
    rules = forms.CharField(
        label="Rule IDs",
        required=False,
        help_text="Separated by commas or spaces, e.g. R11.2, K-OVERCRUSH.",
    )
    upheld_branch = forms.ModelChoiceField(
        label="Branch upheld", queryset=Branch.objects.none(), required=False
    )
    judge_notes = forms.CharField(
        label="Judges' notes (never shown to the players)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    penalty_player = forms.ChoiceField(label="Penalty to", required=False)
    penalty_kind = forms.ChoiceField(
        label="Penalty", required=False, choices=[("", "No penalty"), *Penalty.Kind.choices]
    )
    penalty_reason = forms.CharField(label="Reason for the penalty", max_length=300, required=False)

    def __init__(self, *args, dispute, **kwargs):
        super().__init__(*args, **kwargs)
        self.dispute = dispute
        self.fields["upheld_branch"].queryset = dispute.branches.order_by("pk")
        players = [("", "—")]
        if dispute.match is not None:
            players += [
                ("P1", dispute.player1_name),
                ("P2", dispute.player2_name),
            ]
        else:
            for name in ("penalty_player", "penalty_kind", "penalty_reason"):
                self.fields[name].disabled = True
        self.fields["penalty_player"].choices = players

    def clean_rules(self):
        rules = [r for r in RULE_SPLIT.split(self.cleaned_data["rules"]) if r]
        known = {rule.upper() for rule in RULES}
        unknown = [rule for rule in rules if rule.upper() not in known]
        if unknown:
            raise forms.ValidationError(
                f"Unknown rule ID {', '.join(unknown)}: use the rule reference's IDs "
                "(R11.4, K-OVERCRUSH, T2.2, J1 ...)."
            )
        return rules

    def clean(self):
        data = super().clean()
        kind, player = data.get("penalty_kind"), data.get("penalty_player")
        if kind and not player:
            self.add_error("penalty_player", "Say which player gets the penalty.")
        if player and not kind:
            self.add_error("penalty_kind", "Choose the penalty.")
        if kind and not (data.get("penalty_reason") or "").strip():
            self.add_error("penalty_reason", "Give the reason for the penalty.")
        return data

    def penalty_registration(self):
        player = self.cleaned_data.get("penalty_player")
        match = self.dispute.match
        if not player or match is None:
            return None
        return match.player1 if player == "P1" else match.player2


class PenaltyForm(forms.Form):
    player = forms.ChoiceField(label="Player")
    kind = forms.ChoiceField(label="Penalty", choices=Penalty.Kind.choices)
    reason = forms.CharField(label="Reason", max_length=300)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["player"].choices = [
            ("P1", match.player1.display_name),
            ("P2", match.player2.display_name),
        ]

    def registration(self):
        return self.match.player1 if self.cleaned_data["player"] == "P1" else self.match.player2


# -- the board editor ------------------------------------------------------------------------
BOARD_STEP_NAMES = tuple(step.value for step in BOARD_STEPS)


def _number(post, name: str, errors: dict, label: str, default: int = 0) -> int:
    raw = str(post.get(name, default) or "").strip()
    if not raw:
        return default
    if not re.fullmatch(r"\d+", raw):
        errors[name] = f"{label}: a whole number, not {raw!r}."
        return default
    return int(raw)


def board_from_post(editor: BoardEditor, post, cards) -> tuple[Board | None, dict[str, str]]:
    """The board the editor's fields describe, or the fields' errors (by field name, or by
    die ID for a die's row). The engine then checks the board itself."""
    errors: dict[str, str] = {}
    turn = _number(post, "turn", errors, "Turn", 1) or 1
    active = post.get("active", "P1")
    step = post.get("step", "main")
    priority = post.get("priority", "")
    if active not in ("P1", "P2"):
        errors["active"] = "The active player is P1 or P2."
    if priority not in ("", "P1", "P2"):
        errors["priority"] = "Priority is P1, P2 or the active player."
    if step not in BOARD_STEP_NAMES:
        errors["step"] = f"A board starts in one of: {', '.join(BOARD_STEP_NAMES)}."
    life, energy = [], []
    for player in ("P1", "P2"):
        life.append((player, _number(post, f"life-{player}", errors, f"{player}'s life")))
        amount = _number(post, f"energy-{player}", errors, f"{player}'s virtual energy")
        if amount:
            energy.append((player, amount))
    placements = []
    for row in editor.rows:  # a die whose fields weren't sent stays as it was
        zone = post.get(f"zone-{row.die}", row.zone)
        face_text = (post.get(f"face-{row.die}", row.face) or "").strip()
        damage = _number(post, f"damage-{row.die}", errors, f"{row.die}'s damage", row.damage)
        blocking = (post.get(f"blocking-{row.die}", row.blocking) or "").strip()
        paired = (post.get(f"paired-{row.die}", row.paired) or "").strip()
        side = post.get(f"side-{row.die}", row.side)
        default = "bag" if row.group not in ("BA",) and row.card == "Sidekick" else ""
        if zone == default and not face_text and not damage and not blocking and not paired:
            continue
        if zone not in {z for z, _ in row.zones}:
            errors[row.die] = f"{row.die}: choose a zone."
            continue
        if not zone:
            errors[row.die] = f"{row.die} is on its card: leave its face and damage empty."
            continue
        player = side if row.group == "BA" else row.group
        if player not in ("P1", "P2"):
            errors[row.die] = f"{row.die} is a basic action die: say who bought it."
            continue
        face = None
        if face_text:
            try:
                face = parse_face(face_text, cards.get(row.die.split(":")[-1].split("#")[0]))
            except ValueError as error:
                errors[row.die] = f"{row.die}: {error}."
                continue
        if blocking and ":" not in blocking:  # '5sww#1': the other player's die
            blocking = f"{other(player)}:{blocking}"
        if paired and ":" not in paired:  # '89uxm#1': a die on the same side (K-HEROIC)
            paired = f"{player}:{paired}"
        placements.append(
            Placement(0, player, row.die, Zone(zone), face, damage, blocking, paired=paired)
        )
    if errors:
        return None, errors
    board = Board(
        turn=turn,
        active=active,
        step=Step(step),
        priority=priority,
        life=tuple(life),
        energy=tuple(energy),
        placements=tuple(placements),
    )
    return board, {}
