"""Replay a game log step by step: `python manage.py replay FILE [--json]`.

Exit status: 0 when every step is legal, 1 when a step is illegal (the replay stops there),
2 when the log can't be read.
"""

import json as jsonlib
import sys

from django.core.management.base import BaseCommand

from rules.engine import Replay, log_from_json, parse_log
from rules.selectors import engine_cards


class Command(BaseCommand):
    help = "Replay a game log: each step's action, verdict and rule, then the final state."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--json", action="store_true", help="one JSON document")

    def handle(self, *args, file: str, json: bool = False, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                text = handle.read()
            if text.lstrip().startswith("{"):  # the JSON form of a log
                log = log_from_json(jsonlib.loads(text), engine_cards())
            else:
                log = parse_log(text, engine_cards())
        except (OSError, UnicodeDecodeError, ValueError) as error:  # NotationError included
            self.stderr.write(f"{file}: {error}")
            sys.exit(2)
        replay = Replay.from_log(log, engine_cards())
        if json:
            self._json(replay)
        else:
            self._text(replay)
        sys.exit(0 if replay.legal else 1)

    def _json(self, replay: Replay) -> None:
        document = {
            "legal": replay.legal,
            "steps": [step.as_json() for step in replay.steps],
            "final": replay.final.summary(),
        }
        self.stdout.write(jsonlib.dumps(document, indent=2))

    def _text(self, replay: Replay) -> None:
        from rules.engine.notation import format_action

        for step in replay.steps:
            self.stdout.write(
                f"{step.index + 1:3d}. (line {step.line}) {format_action(step.action)}"
            )
            if step.legal:
                for event in step.events:
                    self.stdout.write(f"       {event}  [{', '.join(step.rules)}]")
            else:
                self.stdout.write(f"       ILLEGAL ({step.rule}) {step.reason}")
        final = replay.final.summary()
        self.stdout.write(f"Final state: turn {final['turn']}, {final['active']} active, step "
                          f"{final['step']}")  # fmt: skip
        for player in ("P1", "P2"):
            zones = "; ".join(f"{z}: {' '.join(d)}" for z, d in final[player]["zones"].items())
            self.stdout.write(f"  {player}: life {final[player]['life']}; {zones}")
