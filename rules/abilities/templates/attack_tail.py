"""Family `attack_tail`: 'When NAME attacks (alone) / blocks / is blocked, ...' lines that
`combat_triggers` reads once their words are put its way (the trigger, 'you may', 'you may
pay', the once-per-turn limit of 'is blocked' stay that family's), and the clauses of
rules/abilities/phrases_attack_tail.py.

Readings (T5.1, the weaker where the text allows two):
- 'When NAME attacks, he can only be blocked by two or more character dice' is the printed
  static: a die is only blocked while it attacks, and blockers are declared right after the
  attack triggers resolve (R11.1, R11.2).
- '... Your opponent may pay 2 life to prevent each copy of this effect' is turn_globals'
  'unless your opponent pays 2 life', asked once per trigger (each die's trigger is a copy).
  The same words without 'each copy' (a card whose reminder has the life paid before the
  targets are chosen) are left manual.
- 'if an opponent controls a higher level character die' / 'if you have a die on a double
  energy face in your Reserve Pool' are checked when the ability resolves.
- A misspelt own name is read only on that card, from a table (never a fuzzy match).
"""

import re
from dataclasses import replace

from rules.abilities import phrases_attack_tail  # noqa: F401 (registers the clauses)
from rules.abilities import phrases_triggers as body
from rules.abilities.templates import Line, Match, recognise, recogniser
from rules.abilities.templates.combat_triggers import when_this_die

_COMBAT = re.compile(
    r"^(?P<head>(?:when|whenever) (?P<subject>.+?) "
    r"(?P<event>attacks alone|attacks|blocks|is blocked|attacks or blocks|blocks or is blocked),? )"
    r"(?P<rest>.+)$",
    re.IGNORECASE,
)
# Spellings of the same clauses, each rewritten (in the text after the trigger) into the words
# the shared clauses read.
_SPELLINGS = (
    # 'choose a [F] character. That character must block her': one clause
    (
        r"^choose (?P<who>[^.]+?)\. that (?:character|character die|die) must block",
        r"\g<who> must block",
    ),
    (r"^you can force ", "you may force "),
    # 'double your life. This effect cannot raise your life to a value higher than 10': one clause
    (
        r"^double your life\. this effect cannot raise your life to a value higher than "
        r"(?P<n>\d+)$",
        r"double your life, up to \g<n>",
    ),
    # 'give him and target X Fast': two clauses
    (
        r"\bgive (?P<me>him|her|it) and (?P<who>target [^.]+?) (?P<kw>fast|overcrush)\b",
        r"give \g<me> \g<kw> and give \g<who> \g<kw>",
    ),
    (r"^you may spend (?P<cost>(?:\[[^\]]+\])+)\. if you do,", r"you may pay \g<cost>. If you do,"),
    (r"\bfrom the defending player's prep area\b", "from your opponent's Prep Area"),
    # each Catwoman die's trigger is its own copy: 'unless' is asked once per trigger
    (
        r"\. your opponent may pay (?P<n>\d) life to prevent each copy of this effect$",
        r" unless your opponent pays \g<n> life",
    ),
    # 'KO a Sidekick. If you do, NAME deals 1 damage to the KO'd die's controller': one clause
    (
        r"\. if you do, [^.]+? deals (?P<n>\d) damage to the KO'd (?:character )?die's controller$",
        r" and if you do, deal \g<n> damage to its controller",
    ),
    (r"\bwith less than (?P<n>[1-9])A\b", lambda m: f"with {int(m['n']) - 1}A or less"),
)
_ONLY_TWO_OR_MORE = re.compile(
    r"(he|she|it|\S.*?) can only be blocked by two or more character dice", re.IGNORECASE
)
# Conditions before the effect that phrases_triggers.condition does not read, and their tests:
# checked when the ability resolves.
_CONDITIONS = {
    # 'that opponent' is then the holder's only opponent; the level is this die's then
    "an opponent controls a higher level character die": {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "opposing", "level_vs_this": "higher"},
        "n": 1,
    },
    "you have a die on a double energy face in your reserve pool": {"test": "at_reserve_double"},
}
_FIRST_CONDITION = re.compile(
    rf"if (?P<cond>{'|'.join(re.escape(c) for c in _CONDITIONS)}), (?P<rest>.+)", re.IGNORECASE
)
# A misspelt own name, read as the card's only on that card (a table, not a fuzzy match).
_NAME_SLIPS = {"lex luther": "lex luthor", "foetid bloat drone": "foetid bloat-drone"}


def _rewritten(rest: str) -> str:
    for pattern, words in _SPELLINGS:
        rest = re.sub(pattern, words, rest, flags=re.IGNORECASE)
    return rest


@recogniser("attack_tail", kinds=("ability",), priority=97)
def combat_spellings(line: Line) -> Match | None:
    found = _COMBAT.match(line.text)
    if not found:
        return None
    two_or_more = _ONLY_TWO_OR_MORE.fullmatch(found["rest"])
    if two_or_more and found["event"].lower() == "attacks" and body.is_self(two_or_more[1], line):
        # a die is only ever blocked while it attacks: the printed static says the same
        return recognise(
            replace(line, text=f"{line.card_name} {two_or_more[0][len(two_or_more[1]) + 1 :]}")
        )
    first = _FIRST_CONDITION.fullmatch(found["rest"])
    if first:
        return _with_condition(line, found["head"], first)
    head, rest = found["head"], _rewritten(found["rest"])
    if _NAME_SLIPS.get(found["subject"].lower()) == line.card_name.lower():
        head = head.replace(found["subject"], line.card_name, 1)
    if (head, rest) == (found["head"], found["rest"]):
        return None  # nothing to put another way: combat_triggers has read or declined it
    return when_this_die(replace(line, text=head + rest))


def _with_condition(line: Line, head: str, first) -> Match | None:
    rest = re.sub(r"\bthat opponent\b", "your opponent", first["rest"], flags=re.IGNORECASE)
    found = when_this_die(replace(line, text=head + rest))
    if found is None or any("if" in spec for spec in found.abilities):
        return None
    test = _CONDITIONS[first["cond"].lower()]
    return Match.ability(*({**spec, "if": test} for spec in found.abilities))
