"""Writes to the card catalogue and teams. Parsing and legality are pure (rules.catalogue/teams)."""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from django.db import IntegrityError, transaction

from rules.catalogue import CardRecord, CatalogueFile, read_catalogue
from rules.models import Card, CardSet, Die, Format, Team, TeamCard
from rules.teams import (
    CardIndex,
    format_dmdb,
    format_plain,
    format_tb_link,
    parse_team_list,
    validate_team,
)
from rules.teams import Team as TeamList
from rules.teams.formats import BUILT_IN_FORMATS, rotation

# Card fields an importer may provide, and the model field each one is stored in.
CARD_FIELDS = {
    "number": "number",
    "name": "name",
    "subtitle": "subtitle",
    "kind": "kind",
    "cost": "cost",
    "energy": "energy",
    "affiliations": "affiliations",
    "rarity": "rarity",
    "max_dice": "max_dice",
    "ability_lines": "ability_lines",
    "global_lines": "global_lines",
    "keywords": "keywords",
    "stats_trust": "stats_trust",
}
JSON_FIELDS = {"energy", "affiliations", "ability_lines", "global_lines", "keywords"}


@dataclass
class ImportCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged"


@dataclass
class ImportSummary:
    path: str
    format: str
    sets: ImportCounts = field(default_factory=ImportCounts)
    dice: ImportCounts = field(default_factory=ImportCounts)
    cards: ImportCounts = field(default_factory=ImportCounts)
    formats: ImportCounts = field(default_factory=ImportCounts)

    @property
    def changed(self) -> bool:
        counts = (self.sets, self.dice, self.cards, self.formats)
        return any(c.created or c.updated for c in counts)

    def lines(self) -> list[str]:
        return [
            f"{self.path} ({self.format}):",
            f"  sets:  {self.sets}",
            f"  dice:  {self.dice}",
            f"  cards: {self.cards}",
        ] + (
            [f"  formats: {self.formats}"]
            if self.formats.created or self.formats.updated or self.formats.unchanged
            else []
        )


def catalogue_import(*, path: str | Path) -> ImportSummary:
    """Import one card file. All or nothing: a malformed file raises before anything is saved."""
    catalogue = read_catalogue(str(path))
    with transaction.atomic():
        return _store(catalogue)


def _store(catalogue: CatalogueFile) -> ImportSummary:
    summary = ImportSummary(path=catalogue.path, format=catalogue.format)
    sets = _store_sets(catalogue, summary.sets)
    dice = _store_dice(catalogue.cards, sets, summary.dice)
    _store_cards(catalogue.cards, sets, dice, summary.cards)
    _store_automation([record.key for record in catalogue.cards])
    _store_format_lists(catalogue, summary.formats)
    return summary


def _store_automation(keys: list[str]) -> None:
    """Compile the abilities of the imported cards from their stored text (issue 8), in the
    import's transaction: a file is imported with its automation or not at all."""
    changed = []
    fields = ("automation", "automation_note", "ability_encoding")
    for card in Card.objects.filter(key__in=keys):
        values = card.compiled_automation()
        if any(getattr(card, name) != values[name] for name in fields):
            for name in fields:
                setattr(card, name, values[name])
            changed.append(card)
    Card.objects.bulk_update(changed, fields, batch_size=500)


def _store_format_lists(catalogue: CatalogueFile, counts: ImportCounts) -> None:
    """The source's rotation lists (Golden Age bans, Modern Age sets, ...) as Tournament-based
    formats: every set the catalogue knows minus the excluded ones, and the excluded cards
    banned."""
    if not catalogue.format_lists:
        return
    all_sets = set(CardSet.objects.values_list("code", flat=True))
    for code, listing in sorted(catalogue.format_lists.items()):
        excluded_sets = set(listing["excluded_sets"])
        definition = rotation(
            code,
            listing["name"].split(":")[0].removesuffix(" bans").removesuffix(" exclusions"),
            legal_sets=None if not excluded_sets else all_sets - excluded_sets,
            banned=listing["excluded_cards"],
        )
        values = {"name": definition.name, "definition": definition.to_dict()}
        current = Format.objects.filter(code=code).first()
        if current is None:
            Format.objects.create(code=code, is_builtin=False, **values)
            counts.created += 1
        elif current.name != values["name"] or current.definition != values["definition"]:
            Format.objects.filter(pk=current.pk).update(**values)
            counts.updated += 1
        else:
            counts.unchanged += 1


def _store_sets(catalogue: CatalogueFile, counts: ImportCounts) -> dict[str, CardSet]:
    existing = {s.code: s for s in CardSet.objects.all()}
    for record in catalogue.sets:
        values = {"name": record.name, "group": record.group, "universe": record.universe}
        current = existing.get(record.code)
        if current is None:
            existing[record.code] = CardSet.objects.create(code=record.code, **values)
            counts.created += 1
        elif any(getattr(current, k) != v for k, v in values.items() if v):
            for key, value in values.items():
                if value:
                    setattr(current, key, value)
            current.save()
            counts.updated += 1
        else:
            counts.unchanged += 1
    return existing


def _faces_json(record: CardRecord) -> list[dict]:
    return [
        {
            "level": f.level,
            "fielding": f.fielding,
            "attack": f.attack,
            "defense": f.defense,
            "bursts": f.bursts,
        }
        for f in record.faces
    ]


def _energy_faces_json(record: CardRecord) -> list[dict]:
    return [
        {"symbols": list(f.symbols), "generic": f.generic, "bursts": f.bursts}
        for f in record.energy_faces
    ]


def _store_dice(
    records: Iterable[CardRecord], sets: dict[str, CardSet], counts: ImportCounts
) -> dict[str, Die]:
    # Cards of one die share its faces: the first card that brings faces defines them, and
    # likewise for energy faces. A die's fields that no card provides are left as they are.
    wanted: dict[str, dict] = {}
    for record in records:
        if not record.die_key:
            continue
        die = wanted.setdefault(record.die_key, {"set_code": record.set_code})
        if "faces" in record.provided and not die.get("faces"):
            die["faces"] = _faces_json(record)
        if "energy_faces" in record.provided and not die.get("energy_faces"):
            die["energy_faces"] = _energy_faces_json(record)
    wanted = {key: die for key, die in wanted.items() if {"faces", "energy_faces"} & set(die)}
    existing = {d.key: d for d in Die.objects.filter(key__in=wanted)}
    to_create, to_update = [], []
    for key, values in wanted.items():
        fields = {name: values[name] for name in ("faces", "energy_faces") if name in values}
        die = existing.get(key)
        if die is None:
            to_create.append(Die(key=key, card_set=sets[values["set_code"]], **fields))
        elif any(getattr(die, name) != value for name, value in fields.items()):
            for name, value in fields.items():
                setattr(die, name, value)
            to_update.append(die)
        else:
            counts.unchanged += 1
    Die.objects.bulk_create(to_create, batch_size=500)
    Die.objects.bulk_update(to_update, ["faces", "energy_faces"], batch_size=500)
    counts.created += len(to_create)
    counts.updated += len(to_update)
    return {d.key: d for d in Die.objects.filter(key__in=wanted)}


def _card_values(record: CardRecord) -> dict:
    values = {}
    for source, target in CARD_FIELDS.items():
        if source not in record.provided:
            continue
        value = getattr(record, source)
        values[target] = list(value) if source in JSON_FIELDS else value
    return values


def _store_cards(
    records: Iterable[CardRecord],
    sets: dict[str, CardSet],
    dice: dict[str, Die],
    counts: ImportCounts,
) -> None:
    records = list(records)
    existing = {c.key: c for c in Card.objects.filter(key__in=[r.key for r in records])}
    to_create: list[Card] = []
    to_update: list[Card] = []
    changed_fields: set[str] = set()
    for record in records:
        values = _card_values(record)
        if record.die_key and record.die_key in dice:
            values["die_id"] = dice[record.die_key].pk
        card = existing.get(record.key)
        if card is None:
            to_create.append(_new_card(record, sets[record.set_code], values))
            continue
        changes = {k: v for k, v in values.items() if getattr(card, k) != v}
        if not changes:
            counts.unchanged += 1
            continue
        for key, value in changes.items():
            setattr(card, key, value)
        changed_fields.update(changes)
        to_update.append(card)
    Card.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        Card.objects.bulk_update(to_update, sorted(changed_fields), batch_size=500)
    counts.created += len(to_create)
    counts.updated += len(to_update)


def _new_card(record: CardRecord, card_set: CardSet, values: dict) -> Card:
    # A partial source (e.g. a table with only names and costs) still creates a usable card.
    defaults = {
        "number": record.number,
        "name": record.name,
        "subtitle": record.subtitle,
        "kind": record.kind,
    }
    return Card(key=record.key, card_set=card_set, **{**defaults, **values})


class TeamIllegal(ValueError):
    """A team list that breaks its format's rules; carries every violation."""

    def __init__(self, violations):
        self.violations = list(violations)
        super().__init__("; ".join(f"({v.rule}) {v.message}" for v in self.violations))


class FormatRefused(ValueError):
    """An organiser's format can't be saved as asked; the message says why."""


# The built-in formats an organiser's format can start from (its limits, life and rule IDs).
FORMAT_BASES = ("tournament", "basic", "doubles")


def format_base(definition) -> str:
    """Which of FORMAT_BASES a definition was made from."""
    if definition.doubles is not None:
        return "doubles"
    return "basic" if definition.max_cards == BUILT_IN_FORMATS["basic"].max_cards else "tournament"


def format_uses(fmt: Format) -> int:
    """How many rows (events, ...) refer to the format; such a format is no longer edited."""
    return sum(
        relation.related_model._default_manager.filter(**{relation.field.name: fmt}).count()
        for relation in Format._meta.related_objects
    )


def format_can_edit(fmt: Format, user) -> bool:
    return (
        not fmt.is_builtin
        and user.is_authenticated
        and (user.is_superuser or fmt.created_by_id == user.pk)
    )


@transaction.atomic
def format_save(
    *,
    by,
    name: str,
    base: str,
    legal_sets: Iterable[str] | None,
    banned: Iterable[str],
    one_card_per_set: bool,
    fmt: Format | None = None,
) -> Format:
    """Create an organiser's format, or change one (`fmt`) that no event uses yet.

    `legal_sets` None means every set; `banned` holds card keys. A format already chosen by an
    event stays as it is, since its teams were checked against it: make a new one instead.
    """
    name = " ".join(name.split())
    if not name:
        raise FormatRefused("Give the format a name.")
    if base not in FORMAT_BASES:
        raise FormatRefused(f"A format is based on one of {', '.join(FORMAT_BASES)}, not {base!r}.")
    if fmt is not None:
        fmt = Format.objects.select_for_update().get(pk=fmt.pk)
        if not format_can_edit(fmt, by):
            raise FormatRefused(f"Only the organiser who made {fmt.name} can change it.")
        uses = format_uses(fmt)
        if uses:
            raise FormatRefused(
                f"{fmt.name} is already chosen by {uses} event{'s' if uses != 1 else ''}, whose "
                "teams were checked against it: make a new format and choose that instead."
            )
    sets = None if legal_sets is None else sorted({code.strip().lower() for code in legal_sets})
    if sets is not None:
        unknown = sorted(set(sets) - set(CardSet.objects.values_list("code", flat=True)))
        if unknown:
            raise FormatRefused(f"No set has the code {', '.join(unknown)}.")
        if not sets:
            raise FormatRefused("Choose at least one legal set, or none for every set.")
    banned_keys = sorted({key.strip().lower() for key in banned})
    unknown_cards = sorted(
        set(banned_keys)
        - set(Card.objects.filter(key__in=banned_keys).values_list("key", flat=True))
    )
    if unknown_cards:
        raise FormatRefused(f"No card has the code {', '.join(unknown_cards)}.")
    code = fmt.code if fmt is not None else _free_format_code(name)
    definition = rotation(
        code,
        name,
        legal_sets=sets,
        banned=banned_keys,
        base=BUILT_IN_FORMATS[base],
        one_card_per_set=one_card_per_set,
    )
    if fmt is None:
        return _format_create(name, definition, by)
    fmt.name, fmt.definition = name, definition.to_dict()
    fmt.save(update_fields=["name", "definition"])
    return fmt


def _format_create(name: str, definition, by) -> Format:
    # Two organisers naming formats alike at once: the second takes the next free code.
    for _ in range(5):
        try:
            with transaction.atomic():
                return Format.objects.create(
                    code=definition.code, name=name, definition=definition.to_dict(), created_by=by
                )
        except IntegrityError:
            code = _free_format_code(name)
            definition = replace(definition, code=code)
    raise FormatRefused("Could not find a free code for the format; try again.")


def _free_format_code(name: str) -> str:
    from django.utils.text import slugify

    stem = slugify(name)[:32].strip("-") or "format"
    taken = set(Format.objects.filter(code__startswith=stem).values_list("code", flat=True))
    taken |= set(BUILT_IN_FORMATS)
    code, number = stem, 1
    while code in taken:
        number += 1
        code = f"{stem}-{number}"
    return code


def formats_install_builtin() -> list[Format]:
    """Create or refresh the built-in formats (Tournament, Basic, Doubles, Draft 8..20, 10/10)."""
    installed = []
    for definition in BUILT_IN_FORMATS.values():
        fmt, _ = Format.objects.update_or_create(
            code=definition.code,
            defaults={
                "name": definition.name,
                "definition": definition.to_dict(),
                "is_builtin": True,
            },
        )
        installed.append(fmt)
    return installed


@transaction.atomic
def team_create(*, team: TeamList, fmt: Format, cards: CardIndex | None = None) -> Team:
    """Validate a team list against a format and store it; nothing is saved when it is illegal."""
    from rules.selectors import card_index, format_definition

    index = cards if cards is not None else card_index()
    violations = validate_team(team, format_definition(fmt), index)
    if violations:
        raise TeamIllegal(violations)
    stored = Team.objects.create(name=team.name)
    by_key = Card.objects.in_bulk([e.card_key.lower() for e in team.entries], field_name="key")
    TeamCard.objects.bulk_create(
        [
            TeamCard(team=stored, card=by_key[e.card_key.lower()], dice=e.dice, partner=e.partner)
            for e in team.entries
        ]
    )
    return stored


@dataclass(frozen=True)
class TeamCheck:
    """A parsed team list, its violations in a format, and the team in every notation."""

    team: TeamList
    violations: list
    cards: CardIndex
    notations: dict[str, str]

    @property
    def is_legal(self) -> bool:
        return not self.violations

    def rows(self) -> list[tuple]:
        """(card, dice) for display, basic actions last; unknown keys give card None."""
        pairs = [(self.cards.get(entry.card_key), entry.dice) for entry in self.team.entries]
        return sorted(
            pairs, key=lambda pair: pair[0] is not None and pair[0].kind == "basic_action"
        )


def team_list_check(*, text: str, fmt: Format, cards: CardIndex | None = None) -> TeamCheck:
    """Parse a team list in any notation and check it. Raises TeamListError for bad lines."""
    from rules.selectors import card_index, format_definition

    index = cards if cards is not None else card_index()
    team = parse_team_list(text, index)
    notations = {
        "tb_link": format_tb_link(team, index),
        "dmdb": format_dmdb(team, index),
        "plain": format_plain(team, index),
    }
    violations = validate_team(team, format_definition(fmt), index)
    return TeamCheck(team=team, violations=violations, cards=index, notations=notations)


def teams_lock(*, teams) -> int:
    """Lock teams (at the start of their event); returns how many were newly locked."""
    from django.utils import timezone

    now = timezone.now()
    teams = list(teams)
    locked = Team.objects.filter(pk__in=[t.pk for t in teams], locked_at__isnull=True).update(
        locked_at=now
    )
    for team in teams:  # keep the caller's instances in step with the rows
        team.locked_at = team.locked_at or now
    return locked
