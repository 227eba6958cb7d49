"""API representations and inputs of the judge console: disputes, their branches and replay
steps, rulings and penalties. What a caller sees depends on their role: the event's judges
and organiser see everything; the two players of a match read its rulings (question, answer,
rules, penalties) with the judges' fields left null."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config import api_fields
from judging.models import Branch, Dispute, Penalty, Ruling
from judging.permissions import can_judge
from rules.engine.notation import FORMATS
from rules.engine.rulebook import RULES
from tournaments.permissions import Viewer

BIG_ID = 2**62
# A dispute's longest sensible log: a whole game, typed or pasted (the page's textarea takes
# the same); longer text is refused before the engine reads it.
LOG_MAX = 100_000


def inline_choices(choices):
    """A choice field whose values the schema gives as a pattern: drf-spectacular would make an
    enum component named after the field ("Kind", "Status"), names other apps' choices take."""
    values = [value for value, _ in choices]
    pattern = "^(" + "|".join(values) + ")$"

    @extend_schema_field({"type": "string", "pattern": pattern, "description": ", ".join(values)})
    class InlineChoiceField(api_fields.ChoiceField):
        def __init__(self, **kwargs):
            super().__init__(choices=choices, **kwargs)

    return InlineChoiceField


PenaltyKindField = inline_choices(Penalty.Kind.choices)
DisputeStatusField = inline_choices(Dispute.Status.choices)


def _user(serializer):
    return serializer.context["request"].user


# ---------------------------------------------------------------- shared pieces


class RuleSerializer(serializers.Serializer):
    id = api_fields.CharField(help_text="A rule ID of the rule reference, e.g. R11.2.")
    title = api_fields.CharField(help_text="The rule's title in the reference.")


def rules_of(ids) -> list[dict]:
    return [{"id": rule, "title": RULES.get(rule, "")} for rule in ids]


class ProblemSerializer(serializers.Serializer):
    """Where a log can't be read or its board is impossible."""

    part = api_fields.CharField(help_text='"setup", "sequence" or "log" (a whole game log).')
    line = api_fields.IntegerField(help_text="The line in that part, from 1.")
    column = api_fields.IntegerField(help_text="The column, from 1 (0: the whole line).")
    message = api_fields.CharField()
    text = api_fields.CharField(help_text="The line as typed.")
    rule = api_fields.CharField(help_text="The rule a board problem breaks, or empty.")
    subject = api_fields.CharField(help_text="The die concerned, or empty.")


def problem_json(problem) -> dict:
    return {
        "part": problem.part,
        "line": problem.line,
        "column": problem.column,
        "message": problem.message,
        "text": problem.text,
        "rule": problem.rule,
        "subject": problem.subject,
    }


# ---------------------------------------------------------------- penalties


class PenaltySerializer(api_fields.ModelSerializer):
    event = api_fields.SlugRelatedField(slug_field="slug", read_only=True)
    player = api_fields.CharField(source="registration.display_name", read_only=True)
    kind = PenaltyKindField(read_only=True)
    kind_label = api_fields.CharField(source="get_kind_display", read_only=True)
    issued_by = api_fields.CharField(source="issued_by.get_username", read_only=True)

    class Meta:
        model = Penalty
        fields = [
            "id", "event", "match", "registration", "player", "kind", "kind_label", "reason",
            "ruling", "issued_by", "issued_at",
        ]  # fmt: skip
        read_only_fields = fields


class RulingPenaltySerializer(api_fields.ModelSerializer):
    """A penalty as the players read it with the ruling."""

    player = api_fields.CharField(source="registration.display_name", read_only=True)
    kind = PenaltyKindField(read_only=True)
    kind_label = api_fields.CharField(source="get_kind_display", read_only=True)

    class Meta:
        model = Penalty
        fields = ["id", "registration", "player", "kind", "kind_label", "reason", "issued_at"]
        read_only_fields = fields


class PenaltyInputSerializer(serializers.Serializer):
    kind = PenaltyKindField()
    reason = api_fields.CharField(max_length=300)
    player = api_fields.ChoiceField(
        choices=[("P1", "P1"), ("P2", "P2")],
        required=False,
        help_text="Which of the match's players (P1 or P2); or give `registration`.",
    )
    registration = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, required=False, help_text="The player's registration."
    )

    def validate(self, data):
        if ("player" in data) == ("registration" in data):
            raise serializers.ValidationError(
                {"player": ["Say who gets the penalty: `player` (P1 or P2) or `registration`."]}
            )
        return data


class PenaltyCreateSerializer(PenaltyInputSerializer):
    match = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The match the penalty was given in."
    )
    ruling = api_fields.IntegerField(
        min_value=1,
        max_value=BIG_ID,
        required=False,
        allow_null=True,
        help_text="The ruling it goes with, if any (a ruling on this match).",
    )


class PlayerPenaltiesSerializer(serializers.Serializer):
    registration = api_fields.IntegerField(source="registration.pk")
    player = api_fields.CharField(source="registration.display_name")
    penalties = PenaltySerializer(many=True)
    counts = serializers.SerializerMethodField(help_text="Penalties at this event by kind.")
    earlier = api_fields.IntegerField(help_text="The player's penalties at other events.")
    repeat = api_fields.BooleanField(help_text="More than one penalty, here or elsewhere.")

    @extend_schema_field(serializers.DictField(child=api_fields.IntegerField()))
    def get_counts(self, row) -> dict:
        return dict(row.counts)


# ---------------------------------------------------------------- rulings


class RulingSerializer(api_fields.ModelSerializer):
    """The ruling. `dispute`, `upheld_branch` and `judge_notes` are null unless you judge the
    event (or, for a practice dispute, opened it)."""

    event = api_fields.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    rules = serializers.SerializerMethodField()
    judge = api_fields.CharField(source="judge.get_username", read_only=True)
    penalties = RulingPenaltySerializer(many=True, read_only=True)
    dispute = serializers.SerializerMethodField()
    upheld_branch = serializers.SerializerMethodField()
    judge_notes = serializers.SerializerMethodField()

    class Meta:
        model = Ruling
        fields = [
            "id", "event", "match", "question", "answer", "rules", "penalties", "judge",
            "recorded_at", "updated_at", "dispute", "upheld_branch", "judge_notes",
        ]  # fmt: skip
        read_only_fields = fields

    def _judges(self, ruling) -> bool:
        """judging.permissions.can_judge, with the user's judged events read once a list."""
        user = _user(self)
        dispute = ruling.dispute
        if dispute.event_id is None:
            return can_judge(user, dispute)
        viewer = self.context.setdefault("viewer", Viewer(user))
        return viewer.staff(dispute.event)

    @extend_schema_field(RuleSerializer(many=True))
    def get_rules(self, ruling) -> list[dict]:
        return rules_of(ruling.rules)

    def get_dispute(self, ruling) -> int | None:
        return ruling.dispute_id if self._judges(ruling) else None

    def get_upheld_branch(self, ruling) -> int | None:
        return ruling.upheld_branch_id if self._judges(ruling) else None

    def get_judge_notes(self, ruling) -> str | None:
        return ruling.judge_notes if self._judges(ruling) else None


class RulingInputSerializer(serializers.Serializer):
    version = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The dispute's version you last read."
    )
    question = api_fields.CharField(max_length=5000)
    answer = api_fields.CharField(max_length=10000)
    rules = serializers.ListField(
        child=api_fields.CharField(max_length=40),
        max_length=40,
        default=list,
        help_text="Rule IDs of the rule reference (R11.4, K-OVERCRUSH, T2.2, J1 ...).",
    )
    upheld_branch = api_fields.IntegerField(
        min_value=1,
        max_value=BIG_ID,
        required=False,
        allow_null=True,
        help_text="The branch the ruling upholds (one of this dispute's).",
    )
    judge_notes = api_fields.CharField(
        max_length=10000, required=False, allow_blank=True, default=""
    )
    penalty = PenaltyInputSerializer(
        required=False, allow_null=True, help_text="A penalty given with the ruling."
    )

    def validate_rules(self, rules):
        known = {rule.upper(): rule for rule in RULES}
        errors = {}
        for index, rule in enumerate(rules):
            if rule.strip().upper() not in known:
                errors[index] = [
                    f"Unknown rule ID {rule.strip()!r}: use the rule reference's IDs (R11.4, "
                    "K-OVERCRUSH, T2.2, J1 ...)."
                ]
        if errors:
            raise serializers.ValidationError(errors)
        return [known[rule.strip().upper()] for rule in rules]


# ---------------------------------------------------------------- disputes and branches


class BranchSummarySerializer(serializers.Serializer):
    id = api_fields.IntegerField(source="branch.pk")
    name = api_fields.CharField(source="branch.name")
    parent = api_fields.IntegerField(source="branch.parent_id", allow_null=True)
    fork_step = api_fields.IntegerField(source="branch.fork_step", allow_null=True)
    steps = api_fields.IntegerField(help_text="How many actions were replayed.")
    illegal_step = api_fields.IntegerField(
        allow_null=True, help_text="The step where the replay stopped on an illegal action."
    )
    problems = ProblemSerializer(many=True, help_text="Why the log can't be replayed, if so.")

    def to_representation(self, row):
        data = super().to_representation({**row, "problems": []})
        data["problems"] = [problem_json(p) for p in row["problems"]]
        return data


class DisputeSerializer(api_fields.ModelSerializer):
    event = api_fields.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    practice = api_fields.BooleanField(source="is_practice", read_only=True)
    status = DisputeStatusField(read_only=True)
    opened_by = api_fields.CharField(source="opened_by.get_username", read_only=True)

    class Meta:
        model = Dispute
        fields = [
            "id", "event", "match", "match_label", "practice", "title", "status", "player1_name",
            "player2_name", "version", "opened_by", "opened_at", "updated_at",
        ]  # fmt: skip
        read_only_fields = fields


class DisputeDetailSerializer(DisputeSerializer):
    setup = api_fields.CharField(read_only=True, help_text="Game log lines before the actions.")
    branches = serializers.SerializerMethodField()
    ruling = serializers.SerializerMethodField()
    penalties = serializers.SerializerMethodField(help_text="Every penalty in the match.")

    class Meta(DisputeSerializer.Meta):
        fields = [*DisputeSerializer.Meta.fields, "setup", "branches", "ruling", "penalties"]
        read_only_fields = fields

    @extend_schema_field(BranchSummarySerializer(many=True))
    def get_branches(self, dispute) -> list:
        from judging.selectors import branches_with_outcomes

        return BranchSummarySerializer(branches_with_outcomes(dispute), many=True).data

    @extend_schema_field(RulingSerializer(allow_null=True))
    def get_ruling(self, dispute):
        ruling = Ruling.objects.filter(dispute=dispute).first()
        return RulingSerializer(ruling, context=self.context).data if ruling else None

    @extend_schema_field(PenaltySerializer(many=True))
    def get_penalties(self, dispute) -> list:
        if dispute.match_id is None:
            return []
        penalties = Penalty.objects.filter(match_id=dispute.match_id).select_related(
            "event", "registration__player", "issued_by"
        )
        return PenaltySerializer(penalties, many=True).data


class DisputeOpenSerializer(serializers.Serializer):
    match = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The match (a table, not a bye)."
    )
    title = api_fields.CharField(max_length=200, help_text="What the players disagree about.")
    pause_clock = api_fields.BooleanField(
        default=False,
        help_text="Pause the table's clock until the ruling (its round's clock must run).",
    )


class PracticeOpenSerializer(serializers.Serializer):
    title = api_fields.CharField(max_length=200)
    team1 = api_fields.CharField(
        max_length=20_000, help_text="Player 1's team: a Team Builder link or a list."
    )
    team2 = api_fields.CharField(max_length=20_000, help_text="Player 2's team.")
    player1_name = api_fields.CharField(max_length=80, default="Player 1")
    player2_name = api_fields.CharField(max_length=80, default="Player 2")
    format = api_fields.ChoiceField(choices=list(FORMATS), default="tournament")
    starting_life = api_fields.IntegerField(min_value=1, max_value=99, default=20)


class LogInputSerializer(serializers.Serializer):
    version = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The dispute's version you last read."
    )
    text = api_fields.CharField(
        max_length=LOG_MAX,
        trim_whitespace=False,  # the problems' line numbers are the text's as sent
        help_text="A whole game log (docs/game-log.md): its setup becomes the dispute's, its "
        "actions the sequence as played.",
    )


class SequenceInputSerializer(serializers.Serializer):
    version = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The dispute's version you last read."
    )
    actions = api_fields.CharField(
        max_length=LOG_MAX,
        allow_blank=True,
        trim_whitespace=False,
        help_text="The branch's action lines, one per line. Illegal actions are kept.",
    )


class ForkInputSerializer(serializers.Serializer):
    version = api_fields.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The dispute's version you last read."
    )
    step = api_fields.IntegerField(
        min_value=0, max_value=BIG_ID, help_text="The step to replace (0: before the first)."
    )
    replacement = api_fields.CharField(
        max_length=LOG_MAX,
        allow_blank=True,
        default="",
        trim_whitespace=False,
        help_text="The action line(s) to try instead of that step.",
    )
    keep_rest = api_fields.BooleanField(default=False, help_text="Keep the steps after it.")
    name = api_fields.CharField(max_length=80, allow_blank=True, default="")


class VersionQuerySerializer(serializers.Serializer):
    # A query string's values are text: DRF's IntegerField reads the number from it.
    version = serializers.IntegerField(
        min_value=1, max_value=BIG_ID, help_text="The dispute's version you last read."
    )


class ClockInputSerializer(serializers.Serializer):
    action = api_fields.ChoiceField(
        choices=[("pause", "pause"), ("resume", "resume")],
        help_text="pause: stop the table's clock; resume: run it again, the time it stood "
        "still given back as extra time.",
    )


class ClockAnswerSerializer(serializers.Serializer):
    paused = api_fields.BooleanField(help_text="Whether the table's clock stands still now.")
    given_back_seconds = api_fields.IntegerField(
        allow_null=True, help_text="Extra time given back on resuming (null otherwise)."
    )


class StepSerializer(serializers.Serializer):
    """One step of a replay: the action, its verdict and, if illegal, the rule and reason."""

    number = api_fields.IntegerField(help_text="1 = the first action.")
    action = api_fields.CharField()
    player = api_fields.CharField()
    turn = api_fields.IntegerField()
    active = api_fields.CharField()
    line = api_fields.IntegerField(help_text="Its line in the branch's sequence.")
    legal = api_fields.BooleanField()
    manual = api_fields.BooleanField(help_text="A judge adjustment, not a game action.")
    rule = api_fields.CharField(allow_null=True, help_text="The rule an illegal action breaks.")
    rule_title = api_fields.CharField(allow_null=True)
    reason = api_fields.CharField(allow_null=True, help_text="Why the action is illegal.")


class BranchSerializer(serializers.Serializer):
    id = api_fields.IntegerField()
    dispute = api_fields.IntegerField()
    name = api_fields.CharField()
    parent = api_fields.IntegerField(allow_null=True)
    fork_step = api_fields.IntegerField(allow_null=True)
    actions = api_fields.CharField(allow_blank=True)
    version = api_fields.IntegerField(help_text="The dispute's version.")
    step_count = api_fields.IntegerField()
    illegal_step = api_fields.IntegerField(allow_null=True)
    problems = ProblemSerializer(many=True, help_text="Why the log can't be replayed, if so.")
    not_replayed = serializers.ListField(
        child=api_fields.CharField(), help_text="Lines after an illegal action, not replayed."
    )
    steps = StepSerializer(many=True)


def branch_json(branch: Branch, built) -> dict:
    steps = []
    for entry in built.timeline:
        step = built.step(entry.number)
        illegal = not step.legal
        steps.append(
            {
                "number": entry.number,
                "action": entry.text,
                "player": entry.player,
                "turn": entry.turn,
                "active": entry.active,
                "line": entry.line,
                "legal": step.legal,
                "manual": step.manual,
                "rule": step.rule if illegal else None,
                "rule_title": RULES.get(step.rule, "") if illegal else None,
                "reason": step.reason if illegal else None,
            }
        )
    return {
        "id": branch.pk,
        "dispute": branch.dispute_id,
        "name": branch.name,
        "parent": branch.parent_id,
        "fork_step": branch.fork_step,
        "actions": branch.actions,
        "version": branch.dispute.version,
        "step_count": built.step_count,
        "illegal_step": built.illegal_step,
        "problems": [problem_json(p) for p in built.problems],
        "not_replayed": [text for _, text in built.not_replayed],
        "steps": steps,
    }


class StatSerializer(serializers.Serializer):
    value = api_fields.IntegerField()
    explanation = api_fields.CharField(help_text='e.g. "A 7 = 5 printed +2 (Feline Fury)".')


class DieSerializer(serializers.Serializer):
    id = api_fields.CharField()
    name = api_fields.CharField()
    zone = api_fields.CharField()
    face = api_fields.CharField(allow_null=True)
    attack = StatSerializer(allow_null=True)
    defense = StatSerializer(allow_null=True)
    damage = api_fields.IntegerField()
    blocking = api_fields.CharField(allow_null=True, help_text="The attacker it blocks.")
    partner = api_fields.CharField(
        allow_null=True, help_text="The die it is paired up with (Heroic, K-HEROIC)."
    )
    marks = serializers.ListField(
        child=api_fields.CharField(), help_text='"changed", "involved": what the step did.'
    )


class BoardPlayerSerializer(serializers.Serializer):
    id = api_fields.CharField()
    name = api_fields.CharField()
    life = api_fields.IntegerField()
    energy = api_fields.IntegerField(help_text="Energy symbols in the Reserve Pool.")
    virtual_energy = api_fields.IntegerField()
    dice = DieSerializer(many=True, help_text="Every die they control out of the bag.")


class BoardSerializer(serializers.Serializer):
    turn = api_fields.IntegerField()
    active = api_fields.CharField()
    step = api_fields.CharField()
    players = BoardPlayerSerializer(many=True)


class StepEventSerializer(serializers.Serializer):
    text = api_fields.CharField()
    rule = api_fields.CharField(allow_null=True)
    title = api_fields.CharField()
    manual = api_fields.BooleanField()


class StepDetailSerializer(serializers.Serializer):
    number = api_fields.IntegerField(help_text="0 = the board before the first action.")
    last = api_fields.IntegerField(help_text="The branch's last step.")
    action = api_fields.CharField(allow_blank=True)
    legal = api_fields.BooleanField()
    rule = api_fields.CharField(allow_null=True)
    rule_title = api_fields.CharField(allow_null=True)
    reason = api_fields.CharField(allow_null=True)
    events = StepEventSerializer(many=True, help_text="What happened, each with its rule.")
    rules = RuleSerializer(many=True, help_text="The rules that applied.")
    changes = serializers.ListField(child=api_fields.CharField())
    board = BoardSerializer(help_text="The board after this step.")


def _stat(stat: dict | None) -> dict | None:
    if not stat:
        return None
    return {"value": stat["value"], "explanation": stat.get("explanation", "")}


def step_json(page) -> dict:
    step = page.step
    illegal = page.illegal
    board = page.board
    players = []
    for player in board.players:
        dice = [
            {
                "id": die.id,
                "name": die.name,
                "zone": die.zone,
                "face": die.face,
                "attack": _stat(die.attack),
                "defense": _stat(die.defense),
                "damage": die.damage,
                "blocking": die.blocking,
                "partner": die.partner,
                "marks": sorted(die.marks),
            }
            for die in board.dice.values()
            if die.controller == player.id and die.zone != "bag"
        ]
        players.append(
            {
                "id": player.id,
                "name": player.name,
                "life": player.life,
                "energy": player.energy,
                "virtual_energy": player.virtual_energy,
                "dice": dice,
            }
        )
    return {
        "number": page.number,
        "last": page.last,
        "action": page.action_text,
        "legal": step.legal if step else True,
        "rule": step.rule if illegal else None,
        "rule_title": page.rule_title if illegal else None,
        "reason": step.reason if illegal else None,
        "events": [
            {
                "text": e["text"],
                "rule": e["rule"] or None,
                "title": e["title"],
                "manual": e["manual"],
            }
            for e in page.events
        ],
        "rules": [{"id": rule, "title": title} for rule, title in page.rules],
        "changes": list(page.changes),
        "board": {
            "turn": board.turn,
            "active": board.active,
            "step": board.step,
            "players": players,
        },
    }
