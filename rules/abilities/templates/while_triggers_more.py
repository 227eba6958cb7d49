"""Family `while_triggers_more`: 'While NAME is active, <trigger>, <effect>' lines the
`while_active` and `player_triggers` families leave manual. A card-wide triggered ability
working while one of the card's dice is active (R13.1): a while-active watcher
(rules.abilities.watchers), 'you_damaged', or the card's own 'damaged'.

What it adds over those families:
- the trigger and the effect split at any comma (or, failing that, at a space: 'when you field
  a [PAWN] deal 1 damage ...'), the effect read by phrases_triggers.trigger_body ('you may pay
  [B]. If you do, ...', 'if <condition>, ...');
- 'once per turn, when ...' (limit once_per_turn) and 'the first time (each turn) ...'
  (limit first_time, R13.5: per card, cleared each turn);
- 'While this monster is active' (Yu-Gi-Oh!), 'play an action die' (= use), 'summon',
  'a level 3 monster' / 'a character at level 3' (the fielded die's level), 'monster' dice
  as character dice and 'Superstar' dice as non-Sidekick ones (`tokens.SUPERSTAR_WHAT`),
  'a non-NAME ...' (not this card's dice);
- a watched die that is damaged ('a [B] character is damaged', 'a character die you control
  is damaged'), with 'during an opponent's turn' (the condition `opponents_turn`), or that
  spins ('spins up or down': `spun`; 'spins up': `spun_up`);
- '<dice> attack or block, they get ...' (two watchers), 'either you or NAME takes damage'
  (you_damaged plus the card's own die damaged);
- '... its controller' / '... the player that fielded it' with a watched die on either side:
  two watchers, one for your dice (you) and one for your opponent's (your opponent);
- an event after the effect: 'deal 1 damage to your opponent whenever they field a [B]
  character die', 'deal 1 damage to each opposing character immediately after it is fielded'.

Readings (T5.1, the weaker reading where the text allows two):
- A watched die with no side ('a [DCV] character die is fielded') is either player's.
- A pronoun in the effect other than the watched die's ('it', 'that die', 'the fielded
  character die', 'they' for the dice that attack or block) or the acting opponent's
  ('they', 'them', 'that opponent') leaves the line manual ('he', 'she', 'his' too).
- A KO'd die's controller is read as its owner (the player it is KO'd under).
- After an event naming no die ('each time you use an action'), 'he deals' is the card's own
  damage, and 'a character or opponent' is read as a target (a target's restrictions apply:
  the narrower reading).
- 'your opponent declares attackers' / 'attacks with 1 or more character dice': an opposing
  die attacks, once per turn (the attackers are declared together, once a turn: the first
  announced fires, the others are the same declaration).
- 'you take non-combat damage': the holder's damage other than the combat damage step's
  (R11.4); a clause naming the card's own die after it ('spin this character up') stays
  manual (which of its dice?).
- Any event the engine does not announce (drawing, targeting, 'deals damage') stays manual.
"""

import re

from rules.abilities import phrases_static as ps
from rules.abilities import (
    phrases_tail,  # noqa: F401 (registers the long-tail clauses)
    phrases_while_triggers_more,  # noqa: F401 (registers this family's clauses)
)
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.templates import Line, Match, recogniser

FAMILY = "while_triggers_more"

_HEAD = re.compile(r"while (?P<who>.+?)™? is active,? (?P<rest>.+)|while active,? (?P<rest2>.+)",
                   re.IGNORECASE)  # fmt: skip
_A = r"(?:an?|one|another|a different) "
_WHEN = r"(?:when|whenever|each time)"


def _is_self(who: str, line: Line) -> bool:
    return bool(
        re.fullmatch(rf"{t.self_names(line.card_name)}|this monster", who.strip(), re.IGNORECASE)
    )


# (event regex, trigger, by, side of the watched die)
_EVENTS = (
    (rf"you (?:field|summon) (?P<art>{_A})(?P<die>.+)", "fielded", "yours", "yours"),
    (
        rf"(?:your|an) opponent (?:fields|summons) (?P<art>{_A})(?P<die>.+)",
        "fielded",
        "opposing",
        "opposing",
    ),  # fmt: skip
    (rf"they (?:field|summon) (?P<art>{_A})(?P<die>.+)", "fielded", "opposing", "opposing"),
    (rf"(?P<art>{_A})(?P<die>.+?) is (?:fielded|summoned)", "fielded", None, None),
    (rf"(?P<art>{_A})(?P<die>.+?) attacks", "attacks", None, None),
    (rf"(?P<art>{_A})(?P<die>.+?) blocks", "blocks", None, None),
    (r"(?P<die>.+?) attack or block", "attacks+blocks", None, None),
    (rf"(?P<art>{_A})(?P<die>.+?) is (?:damaged|dealt damage)", "damaged", None, None),
    (r"(?P<art>one of your )(?P<die>.+?) is (?:damaged|dealt damage)", "damaged", None, "yours"),
    (rf"(?P<art>{_A})(?P<die>.+?) is (?:KO'd|knocked out)", "kod", None, None),
    (r"(?P<art>one of your )(?P<die>.+?) is (?:KO'd|knocked out)", "kod", None, "yours"),
    (rf"(?P<art>{_A})(?P<die>.+?) spins up or down", "spun", None, None),
    (rf"(?P<art>{_A})(?P<die>.+?) spins up", "spun_up", None, None),
    (r"you (?:use|play) an action(?: die)?", "action_used", "yours", None),
    (r"(?:your|an) opponent (?:uses|plays) an action die", "action_used", "opposing", None),
    (r"they (?:use|play) an action die", "action_used", "opposing", None),
    (r"you use a global ability", "global_used", "yours", None),
    (r"(?:your|an) opponent uses a global ability", "global_used", "opposing", None),
    # attackers declared: each attacking die is announced, the first one fires (once per turn)
    (
        r"(?:your|an) opponent (?:declares attackers|attacks with (?:1|one) or more character "
        r"dice)",
        "declared",
        None,
        "opposing",
    ),  # fmt: skip
    (r"you take damage", "you_damaged", None, None),
    (r"you take non-combat damage", "you_damaged_noncombat", None, None),
    (r"either you or (?P<self>.+?) takes? damage", "you_damaged+damaged", None, None),
)
_DURING_THEIR_TURN = re.compile(r"(?P<event>.+?) during (?:an|your) opponent's turn", re.I)


def _die(text: str, line: Line) -> dict | None:
    """The watched die's selector: phrases_static.subject, with monsters and Superstars as
    character dice, 'a character at level 3' as a level filter and 'non-NAME' as 'other'."""
    text = text.strip()
    other = False
    if line.card_name.strip():  # '(including NAME)': the card's own dice are watched anyway
        text = re.sub(rf" \(including {re.escape(line.card_name.strip())}\)$", "", text, flags=re.I)
    names = re.escape(line.card_name.strip()).replace(r"\-", "[- ]").replace(r"\ ", "[- ]")
    if line.card_name.strip():
        found = re.match(rf"non-{names} ", text, re.IGNORECASE)
        if found:
            other, text = True, text[found.end() :]
    if re.match(r"non-[a-z]", text, re.IGNORECASE) and not re.match(r"non-sidekick", text, re.I):
        return None  # another name ('non-Cheetah'): not read
    level = re.fullmatch(r"(?P<noun>.+?) at level (?P<n>[1-5])", text, re.IGNORECASE)
    if level:
        text = f"level {level['n']} {level['noun']}"
    text = re.sub(r"\bmonsters?\b", "character", text, flags=re.IGNORECASE)
    superstar = re.search(r"\bsuperstars?\b", text, re.IGNORECASE) is not None
    text = re.sub(r"\bsuperstar (dice|die)\b", r"character \1", text, flags=re.IGNORECASE)
    text = re.sub(r"\bsuperstars?\b", "character", text, flags=re.IGNORECASE)
    selector = ps.subject(text, line)
    if selector is None or set(selector) & {"_while"}:
        return None
    if superstar and selector.get("what", "character") == "character":
        selector["what"] = t.SUPERSTAR_WHAT  # a WWE Superstar: not a Sidekick die
    selector.pop("_not_self", None)
    if selector.get("what") in ("action", "basic_action"):
        return None
    if other:
        selector["other"] = True
    return selector


# -- the effect -----------------------------------------------------------------------------------
_THAT = (
    r"(?:it|that (?:character |fielded |attacking |blocking )?die|that character|"
    r"the (?:fielded|attacking|blocking) character die|the (?:fielded|attacking|blocking) die)"
)
_PRONOUN = re.compile(
    r"\b(?:it|its|he|him|his|she|her|they|them|their|that die|that character|"
    r"that opponent|that player|this monster)\b",
    re.IGNORECASE,
)
_UNTIL = r"(?:,? \(?until (?:the )?end of (?:the )?turn\)?|,? this turn)?"


def _that_effects(text: str, plural: bool) -> list[dict] | None:
    """Clauses about the watched die: damage, spin up / down / to level 1, +A/+D, KO."""
    that = r"(?:they|them)" if plural else _THAT
    found = re.fullmatch(rf"deal (?P<n>{t.NUMBER}) damage to {that}", text, re.IGNORECASE)
    if found:
        return [{"do": "damage", "to": {"pick": "that"}, "amount": t.number(found["n"])}]
    found = re.fullmatch(
        rf"spin {that} (?P<way>up|down) (?P<n>{t.NUMBER}) levels?", text, re.IGNORECASE
    )
    if found:
        levels = t.number(found["n"]) * (1 if found["way"].lower() == "up" else -1)
        return [{"do": "spin", "to": {"pick": "that"}, "levels": levels}]
    if re.fullmatch(rf"spin {that} (?:down )?to level 1", text, re.IGNORECASE):
        return [{"do": "spin", "to": {"pick": "that"}, "levels": -2}]
    if re.fullmatch(rf"(?:ko|knock out) {that}", text, re.IGNORECASE):
        return [{"do": "ko", "to": {"pick": "that"}}]
    found = re.fullmatch(
        rf"{that} (?:gets?|gains?) (?P<mods>[+-]\d.*?){_UNTIL}", text, re.IGNORECASE
    )
    if found:
        mods = ps.modify(found["mods"])
        if mods is None or mods.get("while"):
            return None
        return [{**mods, "to": {"pick": "that"}}]
    return None


def _own_bonus(text: str, line: Line) -> list[dict] | None:
    """'each of your (active) NAME (Superstar) dice get(s) +1A and +1D': each of the card's
    dice, until end of turn (an applied effect, R13.1)."""
    if not line.card_name.strip():
        return None
    found = re.fullmatch(
        rf"each of your (?:active )?{re.escape(line.card_name.strip())}(?: superstar| character)?"
        rf" dic?e gets? (?:\[sic\] )?(?P<mods>[+-]\d.*?){_UNTIL}",
        text,
        re.IGNORECASE,
    )
    mods = ps.modify(found["mods"]) if found else None
    if mods is None or mods.get("while"):
        return None
    return [{**mods, "to": {"pick": "this"}}]


def _body(
    text: str, line: Line, *, opponent: bool, watched: bool, plural: bool, alone: bool = False
) -> dict | None:
    """The spec fields of the effect (trigger_body), or None."""
    # The card's own name only: 'she deals' after 'when you field a character die' could be
    # the fielded die's damage.
    names = re.escape(line.card_name.strip()) if line.card_name.strip() else "this character"
    text = text.strip().rstrip(".").strip()
    text = re.sub(rf"^{names} deals ({t.NUMBER}) damage to ", r"deal \1 damage to ", text,
                  flags=re.IGNORECASE)  # fmt: skip
    if alone:  # no die in the event: 'he deals' is the card's own damage
        text = re.sub(rf"^(?:he|she) deals ({t.NUMBER}) damage to ", r"deal \1 damage to ", text,
                      flags=re.IGNORECASE)  # fmt: skip
        # 'a character or opponent' (older cards' wording): the target's restrictions apply
        text = re.sub(r" to a character(?: die)? or (opponent|player)$",
                      r" to target character or \1", text, flags=re.IGNORECASE)  # fmt: skip
    if opponent:
        text = re.sub(rf"^{names} deals (?:them|that opponent|that player) ({t.NUMBER}) damage$",
                      r"deal \1 damage to your opponent", text, flags=re.IGNORECASE)  # fmt: skip
        text = re.sub(r"^they (lose|take)s? ", r"your opponent \1s ", text, flags=re.IGNORECASE)
        text = re.sub(
            rf"^(?:that opponent|your opponent) takes ({t.NUMBER}) damage$",
            r"deal \1 damage to your opponent",
            text,
            flags=re.IGNORECASE,
        )
        text = re.sub(r"\b(?:that opponent|that player|them)$", "your opponent", text,
                      flags=re.IGNORECASE)  # fmt: skip
    text = re.sub(r" to opponent$", " to your opponent", text, flags=re.IGNORECASE)
    if watched:
        found = _that_effects(text, plural)
        if found is not None:
            return {"effects": found}
    own = _own_bonus(text, line)
    if own is not None:
        return {"effects": own}
    bare = re.sub(
        r"\b(?:add|put|place) (?:it|them) (?:in|into|to) your (?:prep area|used pile)",
        "",
        text,
        flags=re.IGNORECASE,
    )
    if _PRONOUN.search(bare):
        return None  # the watched die's or the card's own: which one is not ours to guess
    return pt.trigger_body(text, line)


# -- the trigger ----------------------------------------------------------------------------------
def _event(text: str, line: Line):
    """(trigger, by, watched selector, extra spec fields) of the event text, or None."""
    extra: dict = {}
    first = re.fullmatch(r"the first time (?:each turn )?(?P<e>.+?)(?: each turn)?", text, re.I)
    if first and "each turn" not in text.lower():
        return None  # 'the first time' alone: once a game? (the engine's limit is per turn)
    if first:
        extra["limit"] = "first_time"
        text = first["e"]
    else:
        found = re.fullmatch(rf"{_WHEN} (?P<e>.+)", text, re.IGNORECASE)
        if not found:
            found = re.fullmatch(r"if (?P<e>you take damage)", text, re.IGNORECASE)
        if not found:
            return None
        text = found["e"]
    during = _DURING_THEIR_TURN.fullmatch(text)
    if during:
        extra["if"] = {"test": "opponents_turn"}
        text = during["event"]
    for regex, trigger, by, side in _EVENTS:
        event = re.fullmatch(regex, text, re.IGNORECASE)
        if not event:
            continue
        groups = event.groupdict()
        if "self" in groups and not _is_self(event["self"], line):
            return None
        watched = None
        if "die" in groups:
            watched = _die(event["die"], line)
            if watched is None:
                return None
            art = (groups.get("art") or "").strip().lower()
            if art in ("another", "a different"):
                watched["other"] = True
            if trigger == "kod" and {"max_level", "min_level"} & set(watched):
                return None  # a KO'd die shows no level any more
            if side:
                if watched.get("side", side) != side:
                    return None
                watched["side"] = side
        if trigger == "declared":
            if extra:
                return None
            trigger, watched = "attacks", {"pick": "each", "side": side}
            extra = {"limit": "once_per_turn"}
        return trigger, by, watched, extra
    return None


def _specs(trigger, by, watched, extra, body: str, line: Line) -> list[dict] | None:
    opponent = by == "opposing" or (watched or {}).get("side") == "opposing"
    plural = trigger == "attacks+blocks"
    controller = re.search(
        r"\b(?:its controller|the player that fielded it|that die's controller)\b", body, re.I
    )
    if controller:
        if watched is None or trigger not in ("kod", "fielded", "spun", "spun_up"):
            return None
        sides = [watched["side"]] if "side" in watched else ["yours", "opposing"]
        specs = []
        for side in sides:
            who = "you" if side == "yours" else "your opponent"
            text = body[: controller.start()] + who + body[controller.end() :]
            if side == "yours":
                text = re.sub(r"^you (lose|take)s ", r"you \1 ", text, flags=re.IGNORECASE)
            fields = _body(text, line, opponent=False, watched=False, plural=False)
            if fields is None:
                return None
            specs.append({"when": trigger, "any": {**watched, "side": side}, **extra, **fields})
        return specs
    fields = _body(
        body,
        line,
        opponent=opponent,
        watched=watched is not None,
        plural=plural,
        alone=watched is None and trigger in ("action_used", "global_used"),
    )
    if fields is None or (set(fields) & set(extra)):
        return None
    if trigger == "you_damaged_noncombat" and any(
        e.get("to", {}).get("pick") == "this" for e in fields["effects"]
    ):
        return None  # 'spin this character up': which of the card's dice? (T5.1: manual)
    if "cost" in fields and trigger.startswith("you_damaged"):
        return None  # only watchers and the die's own triggers ask for a cost
    if trigger == "attacks+blocks":
        return [{"when": w, "any": watched, **extra, **fields} for w in ("attacks", "blocks")]
    if trigger == "you_damaged+damaged":
        if any(e.get("to", {}).get("pick") in ("that", "this") for e in fields["effects"]):
            return None  # 'Hulk gets +2A': the damaged die, or each of them when you are?
        return [{"when": w, **extra, **fields} for w in ("you_damaged", "damaged")]
    spec: dict = {"when": trigger, **extra, **fields}
    if watched is not None:
        spec["any"] = watched
    if by:
        spec["by"] = by
    return [spec]


_VERB = re.compile(
    r"(?:deal|gain|prep|draw|spin|ko|knock|reroll|you may|your opponent|target|they lose|"
    r"(?:he|she) deals)\b",
    re.IGNORECASE,
)


def _splits(text: str):
    """(event, effect) splits: at each comma first, then at a space before no comma, where
    the effect starts with a verb ('when you field a [PAWN] deal 1 damage ...')."""
    for found in re.finditer(r",\s*", text):
        yield text[: found.start()], text[found.end() :]
    for found in re.finditer(r" ", text):
        if "," not in text[: found.start()] and _VERB.match(text, found.end()):
            yield text[: found.start()], text[found.end() :]


_AFTER = re.compile(
    rf"(?P<body>.+?) (?:{_WHEN} (?P<e>they field .+|they use an action die)|immediately after "
    r"(?P<fielded>it is fielded))",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=105)
def while_trigger(line: Line) -> Match | None:
    head = _HEAD.fullmatch(line.text)
    if not head:
        return None
    if head["who"] is not None and not _is_self(head["who"], line):
        return None
    rest = head["rest"] or head["rest2"]
    limit = {}
    once = re.match(r"once per turn,? ", rest, re.IGNORECASE)
    if once:
        limit, rest = {"limit": "once_per_turn"}, rest[once.end() :]
    turn = re.fullmatch(
        r"at the (?:start|beginning) of your turn \(before your clear and draw step\),? (?P<b>.+)",
        rest,
        re.IGNORECASE,
    )
    if turn:  # the turn's start is before its Clear and Draw Step anyway (R5)
        fields = _body(turn["b"], line, opponent=False, watched=False, plural=False)
        if fields is None:
            return None
        return Match.ability({"when": "turn_started", "by": "yours", **limit, **fields})
    if not re.match(r"(?:when|whenever|each time|if|the first time)\b", rest, re.IGNORECASE):
        return _after(rest, line, limit)
    for event_text, body in _splits(rest):
        event = _event(event_text, line)
        if event is None:
            continue
        trigger, by, watched, extra = event
        if limit and "limit" in extra:
            return None
        specs = _specs(trigger, by, watched, {**extra, **limit}, body, line)
        if specs:
            return Match.ability(*specs)
    return None


def _after(rest: str, line: Line, limit: dict) -> Match | None:
    """'deal 1 damage to your opponent whenever they field a [B] or [M] character die';
    'deal 1 damage to each opposing character immediately after it is fielded'."""
    found = _AFTER.fullmatch(rest)
    if not found:
        return None
    if found["fielded"]:
        each = re.fullmatch(
            rf"deal (?P<n>{t.NUMBER}) damage to each (?P<die>opposing character(?: die)?)",
            found["body"],
            re.IGNORECASE,
        )
        if not each:
            return None
        spec = {
            "when": "fielded",
            "any": {"pick": "each", "side": "opposing"},
            **limit,
            "effects": [{"do": "damage", "to": {"pick": "that"}, "amount": t.number(each["n"])}],
        }
        return Match.ability(spec)
    event = _event(f"when {found['e']}", line)
    if event is None:
        return None
    specs = _specs(*event[:3], {**event[3], **limit}, found["body"], line)
    return Match.ability(*specs) if specs else None


# -- another condition before the card's own trigger --------------------------------------------
_HAVE_WHEN = re.compile(
    r"while you have (?P<n>\d|two|three|four|five) or more (?P<what>character dice) in the field"
    r"(?: zone)?,? when (?P<self>.+?) attacks,? (?P<rest>.+)",
    re.IGNORECASE,
)
_BESIDES = re.compile(
    r"while you have an active (?P<what>.+?) besides (?P<self>.+?),? and (?P<self2>.+?) is "
    r"active,? (?P<body>.+) at the (?:start|beginning) of your turn",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=105)
def while_you_have(line: Line) -> Match | None:
    """'While you have 3 or more character dice in the Field Zone, when NAME attacks, ...' (the
    die's own 'attacks' trigger, only while you have them: the Field includes the Attack
    Zone, R13.2); 'While you have an active [DCS] character besides NAME, and NAME is active,
    gain 2 life at the start of your turn' (a turn watcher while you have such another die)."""
    found = _HAVE_WHEN.fullmatch(line.text)
    if found and _is_self(found["self"], line):
        fields = _body(found["rest"], line, opponent=False, watched=False, plural=False)
        if fields is None or "if" in fields:
            return None
        test = {"test": "count_at_least", "of": {"pick": "each", "side": "yours"}}
        return Match.ability({"when": "attacks", "if": {**test, "n": t.number(found["n"])},
                              **fields})  # fmt: skip
    found = _BESIDES.fullmatch(line.text)
    if not found or not (_is_self(found["self"], line) and _is_self(found["self2"], line)):
        return None
    counted = _die(found["what"], line)
    fields = _body(found["body"], line, opponent=False, watched=False, plural=False)
    if counted is None or fields is None or "if" in fields or "side" in counted:
        return None
    counted = {**counted, "side": "yours", "not_name": line.card_name.strip()}
    condition = {"test": "count_at_least", "of": counted, "n": 1}
    return Match.ability({"when": "turn_started", "by": "yours", "if": condition, **fields})


_ATTACKING_WHEN = re.compile(
    r"while (?P<self>.+?) is attacking,? when (?:an?|one) (?P<die>.+?) blocks,? (?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=105)
def while_attacking_blocks(line: Line) -> Match | None:
    """'While NAME is attacking, when a character die blocks, NAME deals 1 damage to it': a
    'blocks' watcher while one of the card's dice (its name: one card per name on a team) is
    attacking."""
    found = _ATTACKING_WHEN.fullmatch(line.text)
    if not found or not line.card_name.strip() or not _is_self(found["self"], line):
        return None
    watched = _die(found["die"], line)
    fields = _body(found["rest"], line, opponent=False, watched=True, plural=False)
    if watched is None or fields is None or set(fields) - {"effects"}:
        return None
    attacking = {"pick": "each", "side": "yours", "combat": "attacking"}
    condition = {"test": "count_at_least", "of": {**attacking, "name": line.card_name}, "n": 1}
    return Match.ability({"when": "blocks", "any": watched, "if": condition, **fields})


_STATIC_THEN_ATTACKS = re.compile(
    r"while (?P<self>.+?)™? is active,? (?P<static>[^.]+)\. when (?P<self2>.+?) attacks,? "
    r"(?P<rest>.+)",
    re.IGNORECASE,
)


@recogniser(FAMILY, kinds=("ability",), priority=105)
def while_static_then_attacks(line: Line) -> Match | None:
    """'While NAME is active, your [DCV] character dice get +1A and +1D. When NAME attacks,
    your [DCV] character dice get an additional +1A and +1D': the while-active static (read
    by the `while_active` family's statement reader) and the die's own attack trigger (its
    bonus until end of turn, on top of the static one)."""
    from rules.abilities.templates.while_active_statics import statement

    found = _STATIC_THEN_ATTACKS.fullmatch(line.text)
    if not found or not (_is_self(found["self"], line) and _is_self(found["self2"], line)):
        return None
    static = statement(found["static"], line)
    rest = re.sub(r"\b(gets?) an additional ([+-]\d)", r"\1 \2", found["rest"], flags=re.I)
    fields = _body(rest, line, opponent=False, watched=False, plural=False)
    if static is None or fields is None:
        return None
    return Match.ability({"when": "while_active", "effects": static}, {"when": "attacks", **fields})
