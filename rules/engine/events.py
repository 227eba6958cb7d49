"""What happened: the facts each step emits, in order. Triggers listen to them (R13.3) and the
judge console shows them under each step as the "why".

`kind` is a stable word from EVENT_KINDS; `text` is one plain sentence; `rule` the rule that
governed it; `manual` marks a judge adjustment (J1).
"""

from dataclasses import dataclass

EVENT_KINDS = frozenset(
    {
        "turn_started",
        "cleared",
        "drew",
        "shortfall",
        "bag_refilled",
        "rolled",
        "rerolled",
        "roll_finished",
        "purchased",
        "spent",
        "virtual_energy",
        "fielded",
        "action_used",
        "global_used",
        "ability_used",
        "priority_passed",
        "step_ended",
        "attacks",
        "blocks",
        "blocked",
        "no_attack",
        "no_block",
        "damaged",
        "player_damaged",
        "prevented",
        "redirected",
        "life_lost",
        "life_gained",
        "kod",
        "left_field",
        "moved",
        "prepped",
        "spun",
        "rerolled_die",
        "captured",
        "released",
        "attached",
        "detached",
        "paired",
        "unpaired",
        "controlled",
        "control_ended",
        "copied",
        "swapped",
        "token_created",
        "token_removed",
        "keyword_granted",
        "modified",
        "effect_resolved",
        "effect_queued",
        "end_of_turn",
        "turn_ended",
        "game_over",
        "manual",
    }
)


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    player: str = ""  # the player concerned (who acted, drew, lost life ...)
    die: str = ""  # the die concerned
    other: str = ""  # a second die or the source: the attacker blocked, the damage source
    amount: int = 0
    rule: str = ""
    manual: bool = False
    dice: tuple[str, ...] = ()  # several dice at once (a draw, a roll)

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"Unknown event kind {self.kind!r}.")

    def __str__(self) -> str:
        return self.text

    def as_json(self) -> dict:
        data = {"kind": self.kind, "text": self.text}
        for name in ("player", "die", "other", "amount", "rule", "manual", "dice"):
            value = getattr(self, name)
            if value:
                data[name] = list(value) if isinstance(value, tuple) else value
        return data
