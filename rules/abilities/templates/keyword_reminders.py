"""Keyword lines with reminder text: 'Attune (While this character is active, when you use an
action die, deal 1 damage to target player or character die.)'. The reminder text says what
the keyword does on this card; when the rest of the compiler understands that sentence (the
other families, as if it were an ability line of the card), the keyword line is automated
with what they understood. A keyword whose reminder no family reads, and a bare keyword
without reminder text, stays manual (the engine has no plugin for it), as does a keyword the
engine plays as a plugin (templates/keywords.py reads those first).

Reading a reminder as the card's ability is the card's own text, so no weaker reading is
needed beyond what the family that reads the sentence applies (T5.1)."""

import re
from dataclasses import replace

from rules.abilities import templates
from rules.abilities.templates import Line, Match, recogniser

_KEYWORD = re.compile(r"[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*){0,2}(?: \d+)?")
_REMINDER = re.compile(r"\(\s*(?P<text>[^()]+?)\s*\)\s*\.?\s*$")


def reminder_of(raw: str) -> str | None:
    """The reminder sentence of a raw line ('Keyword <em>(...)</em>'), without tags."""
    text = re.sub(r"<[^>]+>", "", raw)
    found = _REMINDER.search(text)
    return found["text"].strip().rstrip(".") if found else None


@recogniser("keyword_reminders", kinds=("ability",), priority=20)
def keyword_with_reminder(line: Line) -> Match | None:
    if not _KEYWORD.fullmatch(line.text) or line.text.lower().startswith(("global", "when")):
        return None
    sentence = reminder_of(line.raw)
    if not sentence or len(sentence.split()) < 4:
        return None  # '(reroll when KO'd)' and the like: a note, not the ability's text
    if line.card_name:  # the families name the card's own die ('While Zatanna is active')
        sentence = re.sub(
            r"^while this (?:character|character die|die) is active",
            f"While {line.card_name} is active",
            sentence,
            flags=re.IGNORECASE,
        )
    inner = replace(line, text=sentence, raw=sentence)
    for entry in templates.recognisers():
        if entry.family == "keyword_reminders" or "ability" not in entry.kinds:
            continue
        try:
            found = entry.function(inner)
        except ValueError:
            found = None
        if found is not None and found.variant is None:
            return Match(found.abilities, found.keywords)
    return None
