"""How much of a card pool the compiler automates: fully automated, partial and manual
cards, overall and by set, with character cards whose dice are known and basic action cards
counted separately. Pure: it takes card records and compiles them."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.abilities.compiler import STATUSES, Compiled, compile_card


@dataclass
class Coverage:
    overall: Counter = field(default_factory=Counter)
    by_set: dict[str, Counter] = field(default_factory=dict)
    characters_with_dice: Counter = field(default_factory=Counter)
    basic_actions: Counter = field(default_factory=Counter)
    compiled: dict[str, Compiled] = field(default_factory=dict)

    @staticmethod
    def share(counts: Counter, status: str = "automated") -> float:
        total = sum(counts[s] for s in STATUSES)
        return counts[status] / total if total else 0.0


def _get(record, name, default=None):
    return record.get(name, default) if isinstance(record, dict) else getattr(record, name, default)


def is_character_with_dice(record) -> bool:
    kind = _get(record, "kind", None) or _get(record, "type", "")
    faces = _get(record, "faces", None) or _get(record, "levels", None)
    return kind == "character" and bool(faces)


def coverage(records: Iterable, hand: dict | None = None) -> Coverage:
    """Compile every record (`hand`: hand-written encodings by card key, used instead of the
    compiler for those cards) and count the statuses."""
    result = Coverage()
    for record in records:
        key = _get(record, "key", "") or _get(record, "tb_code", "")
        compiled = compile_card(record, (hand or {}).get(key))
        result.compiled[key] = compiled
        set_code = (_get(record, "set_code", "") or _get(record, "set", "")).lower()
        result.overall[compiled.status] += 1
        result.by_set.setdefault(set_code, Counter())[compiled.status] += 1
        if is_character_with_dice(record):
            result.characters_with_dice[compiled.status] += 1
        if (_get(record, "kind", None) or _get(record, "type", "")) == "basic_action":
            result.basic_actions[compiled.status] += 1
    return result


def _row(label: str, counts: Counter) -> str:
    total = sum(counts[s] for s in STATUSES)
    share = f"{100 * Coverage.share(counts):.1f}%" if total else "-"
    cells = "".join(f"{counts[s]:>11}" for s in STATUSES)
    return f"{label:<28}{total:>7}{cells}{share:>12}"


def format_table(result: Coverage) -> str:
    """The coverage table as `manage.py ability_coverage` prints it."""
    head = (
        f"{'Ability coverage':<28}{'cards':>7}"
        + "".join(f"{s:>11}" for s in STATUSES)
        + f"{'automated':>12}"
    )
    lines = [head, "-" * len(head)]
    lines.append(_row("All cards", result.overall))
    lines.append(_row("Characters with known dice", result.characters_with_dice))
    lines.append(_row("Basic action cards", result.basic_actions))
    lines.append("")
    lines.append("By set")
    for set_code in sorted(result.by_set):
        lines.append(_row(f"  {set_code}", result.by_set[set_code]))
    return "\n".join(lines)
