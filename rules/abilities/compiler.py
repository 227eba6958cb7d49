"""The text compiler: imported card text -> an encoding and an automation status.

Each non-empty line is offered to the registered template families (rules.abilities.
templates); a line no family understands stays manual. A card is `automated` when every line
is understood (a card without ability text is automated: the engine plays its dice as they
are), `partial` when some are, `manual` when none are. A registered per-card script decides
for its card.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.abilities import scripts, templates, tokens
from rules.abilities.describe import describe
from rules.abilities.vocabulary import validate

STATUSES = ("automated", "partial", "manual")


@dataclass(frozen=True)
class Compiled:
    encoding: dict[str, Any]
    status: str
    manual_lines: tuple[str, ...] = ()
    recognised: tuple[tuple[str, str], ...] = ()  # (line, family)
    description: str = ""
    note: str = field(default="")

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "note": self.note,
            "encoding": self.encoding,
            "description": self.description,
        }


def _get(record, name, default=None):
    if isinstance(record, Mapping):
        return record.get(name, default)
    return getattr(record, name, default)


def card_lines(record) -> list[tuple[str, str, str]]:
    """(kind, raw line, global name) for every line of a card: ability lines, then globals.
    A global's name is the engine's ('global', 'global2' ... by its place, as
    rules.engine.faces.global_defs names them)."""
    found = [("ability", line, "") for line in _get(record, "ability_lines", ()) or ()]
    for number, line in enumerate(_get(record, "global_lines", ()) or (), start=1):
        found.append(("global", line, "global" if number == 1 else f"global{number}"))
    return found


def compile_card(record, hand: Mapping[str, Any] | None = None) -> Compiled:
    """Compile one card record (a CardRecord or a mapping with the same names). `hand` is a
    hand-written encoding (the demo catalogue's): it is taken as is, fully automated."""
    key = _get(record, "key", "") or _get(record, "tb_code", "")
    script = scripts.script_for(key)
    if hand is not None:
        encoding = validate(hand)
        return Compiled(encoding, "automated", description=describe(encoding))
    encoding: dict[str, Any] = {"keywords": [], "abilities": []}
    manual, recognised = [], []
    previous = None
    name = _get(record, "name", "") or ""
    kind = _get(record, "kind", "") or _get(record, "type", "character")
    for line_kind, raw, global_name in card_lines(record):
        text = tokens.clean(raw)
        if not text:
            continue
        bursts, text = tokens.split_bursts(text)
        if line_kind == "global":
            text = text.removeprefix("Global:").removeprefix("Global :").strip()
        elif bursts:
            line_kind = "burst"
        line = templates.Line(
            text=text,
            raw=raw,
            kind=line_kind,
            card_key=key,
            card_name=name,
            card_kind=kind,
            bursts=bursts,
            previous=previous,
            global_name=global_name,
        )
        found = templates.recognise(line)
        if found is None or (found.variant is not None and previous is None):
            manual.append(tokens.clean(raw))
            continue
        recognised.append((tokens.clean(raw), found.family))
        encoding["keywords"] += [k for k in found.keywords if k not in encoding["keywords"]]
        if found.variant is not None:
            variants = dict(previous.get("bursts", {}))
            for burst in bursts or (1,):
                variants[str(burst)] = found.variant
            previous["bursts"] = variants
        for spec in found.abilities:
            spec = dict(spec)
            if line_kind == "global" and spec["when"] == "global":
                spec.setdefault("global", global_name)
            if bursts and line_kind == "burst":
                spec = templates.on_burst(spec, bursts)
            encoding["abilities"].append(spec)
            previous = spec
    encoding = {k: v for k, v in encoding.items() if v}
    if script is not None:
        encoding = {**encoding, "scripts": [key]}
        note = f"Manual: {script.manual}" if script.status == "partial" else ""
        return Compiled(
            validate(encoding),
            script.status,
            (script.manual,) if script.manual else (),
            tuple(recognised),
            describe(encoding),
            note,
        )
    validate(encoding)
    if not manual:
        status = "automated"
    elif recognised:
        status = "partial"
    else:
        status = "manual"
    note = ("Manual: " + " / ".join(manual)) if status == "partial" else ""
    return Compiled(encoding, status, tuple(manual), tuple(recognised), describe(encoding), note)


def compile_cards(records: Sequence) -> dict[str, Compiled]:
    return {(_get(r, "key", "") or _get(r, "tb_code", "")): compile_card(r) for r in records}
