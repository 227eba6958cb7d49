"""Replay a game log step by step: `python manage.py replay FILE [--json]`.

Prints each step (the action, its verdict with the rule ID and reason, the events and the key
state changes) and the final state; `--json` gives the same as one JSON document. Exit status:
0 when every step is legal, 1 when a step is illegal (the replay stops there), 2 when the log
can't be read (the message gives the line and column, or the board's problems).
"""

import json as jsonlib
import sys

from django.core.management.base import BaseCommand

from rules.engine import Replay, log_from_json, parse_log
from rules.selectors import engine_cards


class Command(BaseCommand):
    help = "Replay a game log: each step's action, verdict and rule, then the final state."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a game log, as text or in its JSON form")
        parser.add_argument("--json", action="store_true", help="print one JSON document")

    def handle(self, *args, file: str, json: bool = False, **options):
        cards = engine_cards()
        try:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
            if text.lstrip().startswith("{"):  # the JSON form of a log
                log = log_from_json(jsonlib.loads(text), cards)
            else:
                log = parse_log(text, cards)
            replay = Replay.from_log(log, cards)  # BoardError for an impossible board
        except (OSError, UnicodeDecodeError, ValueError) as error:  # NotationError included
            self.stderr.write(f"{file}: {error}")
            sys.exit(2)
        if json:
            self.stdout.write(jsonlib.dumps(replay.as_json(), indent=2))
        else:
            self._text(replay)
        sys.exit(0 if replay.legal else 1)

    def _text(self, replay: Replay) -> None:
        from rules.engine import format_action

        for step in replay.steps:
            where = f"line {step.line}" if step.line else "forked"
            self.stdout.write(f"{step.index + 1:3d}. ({where}) {format_action(step.action)}")
            if not step.legal:
                self.stdout.write(f"       ILLEGAL ({step.rule}) {step.reason}")
                if step.hint:
                    self.stdout.write(f"       HINT: {step.hint}")
                continue
            for event in step.events:
                rule = f"  [{event.rule}]" if event.rule else ""
                self.stdout.write(f"       {event}{rule}")
            for change in step.changes():
                self.stdout.write(f"       ~ {change}")
            if step.waiting_for:
                self.stdout.write(f"       waiting for: {step.waiting_for}")
        final = replay.final.summary()
        winner = f", winner {final['winner']}" if final["winner"] else ""
        self.stdout.write(
            f"Final state: turn {final['turn']}, {final['active']} active, step "
            f"{final['step']}{winner}"
        )
        for player in ("P1", "P2"):
            zones = "; ".join(f"{z}: {' '.join(d)}" for z, d in final[player]["zones"].items())
            self.stdout.write(f"  {player}: life {final[player]['life']}; {zones}")
        if final["waiting_for"]:
            self.stdout.write(f"  waiting for: {final['waiting_for']}")
