"""The text compiler: imported card text -> an encoding and an automation status.

Each non-empty line is offered to the registered template families (rules.abilities.
templates); a line no family understands stays manual. A card is `automated` when every line
is understood (a card without ability text is automated: the engine plays its dice as they
are), `partial` when some are, `manual` when none are. A registered per-card script decides
for its card.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.abilities import scripts, templates, tokens
from rules.abilities.describe import describe
from rules.abilities.hand import hand_for
from rules.abilities.vocabulary import validate

STATUSES = ("automated", "partial", "manual")
_CONTINUOUS = re.compile(r"continuous\s*:", re.IGNORECASE)


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
    """Compile one card record (a CardRecord or a mapping with the same names). A hand
    encoding (`hand`, or the demo catalogue's for a card whose text is the one it was
    written for) is taken as it is; otherwise the text compiler reads the lines. A card
    script registered for the card's key joins the encoding."""
    key = _get(record, "key", "") or _get(record, "tb_code", "")
    ability_lines = _get(record, "ability_lines", ()) or ()
    global_lines = _get(record, "global_lines", ()) or ()
    if hand is None:
        entry = hand_for(key, ability_lines, global_lines)
        if entry is not None:
            return _from_hand(entry.encoding, entry.manual)
    else:
        return _from_hand(hand, "")
    encoding, manual, recognised = _compile_lines(record, key)
    script = scripts.script_for_card(key)
    if script is not None:
        encoding = {**encoding, "scripts": [script.name]}
        validate(encoding)
        note = f"Manual: {script.manual}" if script.status == "partial" else ""
        manual = [script.manual] if script.manual else []
        return Compiled(
            encoding, script.status, tuple(manual), tuple(recognised), describe(encoding), note
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


def _from_hand(encoding: Mapping[str, Any], manual: str) -> Compiled:
    encoding = validate(encoding)
    manual = manual or "; ".join(
        s.manual
        for name in encoding.get("scripts", ())
        if (s := scripts.script_named(name)) is not None and s.manual
    )
    status = "partial" if manual else "automated"
    note = f"Manual: {manual}" if manual else ""
    return Compiled(
        encoding, status, (manual,) if manual else (), description=describe(encoding), note=note
    )


def _compile_lines(record, key: str):
    encoding: dict[str, Any] = {"keywords": [], "abilities": []}
    manual, recognised = [], []
    previous = None
    name = _get(record, "name", "") or ""
    kind = _get(record, "kind", "") or _get(record, "type", "character")
    for line_kind, raw, global_name in card_lines(record):
        text = tokens.clean(raw)
        if not text:
            continue
        if line_kind == "ability" and _CONTINUOUS.match(text):
            # The printed keyword says how the die is used (R9.3), whether or not the effect
            # after it is automated.
            encoding["keywords"] += [k for k in ("continuous",) if k not in encoding["keywords"]]
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
        if found.suit_up:
            encoding["suit_up"] = [*encoding.get("suit_up", []), *found.suit_up]
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
    return encoding, manual, recognised


def compile_cards(records: Sequence) -> dict[str, Compiled]:
    return {(_get(r, "key", "") or _get(r, "tb_code", "")): compile_card(r) for r in records}
