"""Keywords of the keywords_more family (rules/abilities/templates/keywords_more.py): the
abilities an encoding's keyword adds to its card, and their English.

Each keyword's rule is the reminder text the real cards print for it (paraphrased here; the
card text itself is never copied into the repository):

- Strike (the Justice League and Doom cards' reminder): the character gets +2A, +2D and
  Overcrush while it is the only character die its player fielded this turn. Ruled the
  narrower way (T5.1): that die was fielded this turn and no other character die of its
  player was (rules/engine/keywords/strike.py remembers the dice fielded this turn).
- Call Out (the Guardians of the Galaxy, Justice League and WWE cards' reminder): when this
  die attacks, a target character die becomes the only one that may block it. Ruled the
  weaker way (T5.1): the target is an opposing character die (choosing one's own die would
  make the attacker unblockable); with no opposing target the attack is unchanged. The
  restriction lasts until end of turn (the attack).
- Tag Out (the WWE and Tag cards' reminder): once blockers are declared, the die may go from
  the Field Zone to its Prep Area to give a target character die +2A and +2D until end of
  turn. Read on either player's attack (the reminder names no side), for each of the card's
  dice in the Field Zone (an attacking or blocking die is in the Attack Zone, not the Field
  Zone); the target is chosen after the die is prepped, so it is another die, and a die is
  only offered when another character die is in the Field. Blockers declared or none: the
  engine's 'blocked' (once for all pairs) and 'no_block' events.
- Deadly (the Deadpool, Star Wars, Guardians, Avengers and WWE cards' reminder): at end of
  turn, the character dice that were engaged with this die are KO'd. Engaged: the attacker it
  blocked or the dice that blocked it, remembered when blockers are declared (a trigger of
  its own 'blocks' / 'blocked' event, once per turn per die). Ruled the weaker way (T5.1):
  only if the Deadly die is still in the Field at end of turn (a KO'd Deadly die KOs
  nothing), and only engaged dice still in the Field are KO'd (a KO, so Iron Will may keep
  a die that wasn't damaged this turn).
- Range N (the Warhammer 40,000 and DC cards' reminder): when this character attacks, every
  active character with Range deals damage equal to its Range to a target opposing character
  die. Ruled the weaker way (T5.1) where the reminder is open: 'all active characters with
  Range' are the attacking player's own (in the Field, the Attack Zone included), they shoot
  at one target chosen once, and there is one such volley per attack however many dice with
  Range attack (one die's damage after another, stopping once the target is KO'd). A die's
  Range is its largest Range keyword.
- Frag (the Warhammer 40,000 cards' reminder): when a die with Frag attacks and KOs one or
  more of its blockers with combat damage, each opposing character die that did not block
  this turn takes 1 damage, before damage is cleared. The dice blocking it are remembered
  when blockers are declared (a KO'd die no longer says what it blocked); the first combat KO
  among them deals the damage, once per attack (the remembered blockers are then forgotten).
  A blocker is KO'd by its attacker's combat damage only (a blocker blocks one attacker).
  'Did not block': the opponent's character dice in the Field Zone, not the Attack Zone.
- Rush - [X] (the Infinity Gauntlet cards' reminder): if its player draws this die in their
  Clear and Draw Step, they draw and roll an extra die for each [X] die. Read as: for each die
  of the card drawn in that step, one more die (into the Prep Area, rolled in the Roll and
  Reroll Step with the others, R5.2) for each other die drawn with it whose card has the
  energy type [X] (a Sidekick or a basic action die has none); the Rush die itself is not
  counted (T5.1) and the extra dice are not. Not 'while active': the card's dice are drawn
  from the bag.

Only a card printing the keyword gets its abilities; a keyword another card grants ('gains
Call Out') stays with the families that read that card (manual for now).
"""

from rules.abilities.extensions import effect_schema
from rules.engine.abilities import Ability, Contribution, Query
from rules.engine.keywords import strike
from rules.engine.state import IN_FIELD, Zone

CALL_OUT_TARGET = {"pick": "target", "side": "opposing", "what": "character"}


def _source(q: Query) -> str:
    return q.cards[q.card].name if q.card in q.cards else q.card


# -- Strike ------------------------------------------------------------------------------------
def _strike(card) -> tuple[Ability, ...]:
    def contributions(q: Query):
        die = q.die
        if q.stat not in ("attack", "defense", "keyword") or die is None:
            return
        if die.card != q.card or die.controller != q.holder or not strike.strikes(q.state, die):
            return
        source = f"{_source(q)}: Strike"
        if q.stat == "keyword":
            yield Contribution("keyword", source=source, value="overcrush")
        else:
            yield Contribution(q.stat, 2, source)

    text = "Strike: +2A, +2D and Overcrush while it is the only character die fielded this turn"
    return (Ability("strike", "static", text, while_active=True, continuous=contributions),)


# -- Call Out ----------------------------------------------------------------------------------
def _call_out(card) -> tuple[Ability, ...]:
    def resolve(ctx) -> None:
        from rules.abilities.runtime import pick

        attacker = ctx.source
        if not attacker or ctx.state.die(attacker) is None:
            return
        for target in pick(ctx, CALL_OUT_TARGET, "Call Out"):
            ctx.last(f"{ctx.card}.call_out_only_blocker", subject=attacker, params=(target,))

    def only_blocker(q: Query) -> str | None:
        if q.stat != "block" or len(q.params) < 2 or q.die is None or q.other is None:
            return None
        attacker, allowed = q.params[0], q.params[1]
        if q.other.id == attacker and q.die.id != allowed:
            return f"only {allowed} may block {attacker} this turn (Call Out, {q.card})"
        return None

    return (
        Ability(
            "call_out",
            "triggered",
            "Call Out: when it attacks, a target opposing character die is the only one that"
            " may block it",
            trigger="attacks",
            resolve=resolve,
        ),
        Ability(
            "call_out_only_blocker",
            "lasting",
            "only the called-out die may block this die this turn",
            restrict=only_blocker,
        ),
    )


# -- Tag Out -----------------------------------------------------------------------------------
TAG_OUT_TARGET = {"pick": "target", "what": "character"}


def _tag_out(card) -> tuple[Ability, ...]:
    def ready(state, card_key: str, holder: str) -> list[str]:
        """The card's dice in the holder's Field Zone (not attacking or blocking)."""
        return [
            d.id
            for d in state.dice
            if d.card == card_key and d.controller == holder and d.zone == Zone.FIELD
        ]

    def condition(tc) -> bool:
        return bool(ready(tc.state, tc.card, tc.holder))

    def resolve(ctx) -> None:
        from rules.abilities.runtime import pick

        for die_id in ready(ctx.state, ctx.card, ctx.holder):
            others = [
                d
                for d in ctx.state.dice
                if d.id != die_id and d.zone in IN_FIELD and d.is_character
            ]
            if ctx.state.die(die_id).zone != Zone.FIELD or not others:
                continue
            prompt = f"Tag Out: Prep {die_id} to give a target character die +2A and +2D?"
            if not ctx.may(prompt):
                continue
            ctx.prep(die_id)
            for target in pick(ctx, TAG_OUT_TARGET, "Tag Out: +2A and +2D"):
                ctx.modify(target, 2, 2)

    text = (
        "Tag Out: once blockers are declared, each of its dice in the Field Zone may go to the"
        " Prep Area to give a target character die +2A and +2D this turn"
    )
    return tuple(
        Ability(
            f"tag_out_{event}",
            "triggered",
            text,
            trigger=event,
            subject="card",
            condition=condition,
            resolve=resolve,
            limit="once_per_turn",  # one declaration of blockers per attack step (R11.2)
        )
        for event in ("blocked", "no_block")
    )


# -- Deadly ------------------------------------------------------------------------------------
def _deadly(card) -> tuple[Ability, ...]:
    def engage(ctx) -> None:
        """Remember the dice this die is engaged with (the attacker it blocks, or the dice
        blocking it), until this turn's end."""
        die = ctx.state.die(ctx.source)
        if die is None or die.zone != Zone.ATTACK:
            return
        if die.blocking:
            engaged = (die.blocking,)
        else:
            engaged = tuple(d.id for d in ctx.state.dice if d.blocking == die.id)
        if engaged:
            # until 'game': the turn's lasting effects end before its end-of-turn effects
            # (R5.5); the end-of-turn ability below removes it when it resolves
            key = f"{ctx.card}.deadly_end_of_turn"
            ctx.last(key, subject=die.id, params=engaged, until="game")

    def ko_engaged(ctx) -> None:
        key = f"{ctx.card}.deadly_end_of_turn"
        mine = [e for e in ctx.state.effects if e.ability == key and e.subject == ctx.source]
        ctx.update(effects=tuple(e for e in ctx.state.effects if e not in mine))
        deadly = ctx.state.die(ctx.source)
        if deadly is None or deadly.zone not in IN_FIELD:
            return  # T5.1: only while the Deadly die is still in the Field
        for effect in mine:
            for die_id in effect.params:
                die = ctx.state.die(die_id)
                if die is not None and die.zone in IN_FIELD:
                    ctx.ko(die_id)

    remember = "Deadly: remembers the dice engaged with it"
    return (
        *(
            Ability(
                f"deadly_{event}",
                "triggered",
                remember,
                trigger=event,
                resolve=engage,
                limit="once_per_turn_per_die",  # all pairs are declared at once (R11.2)
            )
            for event in ("blocks", "blocked")
        ),
        Ability(
            "deadly_end_of_turn",
            "lasting",
            "Deadly: at end of turn, KO the character dice engaged with it",
            trigger="end_of_turn",
            resolve=ko_engaged,
        ),
    )


# -- Range N -----------------------------------------------------------------------------------
RANGE_TARGET = {"pick": "target", "side": "opposing", "what": "character"}
RANGE_VALUES = (1, 2, 3)


def range_of(state, cards, die) -> int:
    """A die's Range value: the largest Range keyword it has (printed, granted or static)."""
    from rules.engine import query

    found = query.keywords(state, cards, die)
    return max((n for n in RANGE_VALUES if f"range_{n}" in found), default=0)


def _range_volley(ctx) -> None:
    from rules.abilities.runtime import pick
    from rules.engine.effects import ops

    key = f"range_volley:{ctx.holder}"
    if key in ctx.state.used_limits:
        return  # T5.1: one volley per attack, however many dice with Range attack
    ctx.update(used_limits=ctx.state.used_limits | {key})
    shooters = [
        (d.id, n)
        for d in ctx.state.field(ctx.holder)
        if d.is_character and (n := range_of(ctx.state, ctx.cards, d))
    ]
    if not shooters:
        return
    for target in pick(ctx, RANGE_TARGET, "Range"):
        for die_id, amount in shooters:
            still = ctx.state.die(target)
            if still is None or not still.is_character:
                break  # KO'd by an earlier shot
            ops.deal_damage(ctx, target, amount, source=die_id)


def _range(value: int):
    def build(card) -> tuple[Ability, ...]:
        def attacks(tc) -> bool:
            die = tc.state.die(tc.event.die)
            return die is not None and die.card == tc.card and die.controller == tc.holder

        return (
            Ability(
                f"range_{value}",
                "triggered",
                f"Range {value}: when one of its dice attacks, each of your active character dice"
                " with Range deals its Range in damage to one target opposing character die",
                trigger="attacks",
                subject="card",
                condition=attacks,
                resolve=_range_volley,
                limit="once_per_turn",
            ),
        )

    return build


def granted_range(name: str, *, while_active: bool = False) -> Ability:
    """The trigger of a card that gives Range to dice whose own card doesn't print it (a
    static, a global): when one of its holder's dice with Range attacks, the Range volley
    (dice whose card prints Range fire by their own keyword's trigger)."""

    def attacks(tc) -> bool:
        die = tc.state.die(tc.event.die)
        if die is None or die.controller != tc.holder or not die.is_character:
            return False
        own = tc.cards.get(die.card) if die.card else None
        if own is not None and any(k.startswith("range_") for k in own.keywords):
            return False
        return range_of(tc.state, tc.cards, die) > 0

    return Ability(
        name,
        "triggered",
        "Range (granted): when one of your dice with Range attacks, each of your active"
        " character dice with Range deals its Range in damage to one target opposing"
        " character die",
        trigger="attacks",
        subject="card",
        while_active=while_active,
        condition=attacks,
        resolve=_range_volley,
        limit="once_per_turn",
    )


# -- Frag --------------------------------------------------------------------------------------
def _frag(card) -> tuple[Ability, ...]:
    def note_blockers(ctx) -> None:
        """Remember the dice blocking this attacker (the engine forgets what a KO'd die was
        blocking), for the rest of the turn."""
        die = ctx.state.die(ctx.source)
        if die is None or die.zone != Zone.ATTACK or die.blocking:
            return
        blockers = tuple(d.id for d in ctx.state.dice if d.blocking == die.id)
        if blockers:
            ctx.last(f"{ctx.card}.frag_blockers", subject=die.id, params=blockers)

    def marks(state, card_key: str, holder: str, kod: str) -> list:
        key = f"{card_key}.frag_blockers"
        return [
            e for e in state.effects if e.ability == key and e.holder == holder and kod in e.params
        ]

    def blocker_kod(tc) -> bool:
        return tc.event.rule == "R11.5" and bool(marks(tc.state, tc.card, tc.holder, tc.event.die))

    def frag(ctx) -> None:
        from rules.engine.effects import ops

        for mark in marks(ctx.state, ctx.card, ctx.holder, ctx.event.die):
            if mark not in ctx.state.effects:
                continue
            ctx.update(effects=tuple(e for e in ctx.state.effects if e is not mark))
            opponent = "P2" if ctx.holder == "P1" else "P1"
            for die in ctx.state.zone(opponent, Zone.FIELD):  # blockers are in the Attack Zone
                current = ctx.state.die(die.id)
                if current is not None and current.zone == Zone.FIELD and current.is_character:
                    ops.deal_damage(ctx, die.id, 1, source=mark.subject)

    return (
        Ability(
            "frag_blocked",
            "triggered",
            "Frag: remembers the dice blocking it",
            trigger="blocked",
            resolve=note_blockers,
            limit="once_per_turn_per_die",  # all pairs are declared at once (R11.2)
        ),
        Ability("frag_blockers", "lasting", "Frag: the dice blocking this die"),
        Ability(
            "frag",
            "triggered",
            "Frag: when a die blocking it is KO'd by combat damage, 1 damage to each opposing"
            " character die that did not block",
            trigger="kod",
            subject="card",
            condition=blocker_kod,
            resolve=frag,
        ),
    )


# -- Rush - [X] --------------------------------------------------------------------------------
RUSH_ENERGY = ("fist", "bolt", "mask", "shield")


def _rush(energy: str):
    def build(card) -> tuple[Ability, ...]:
        def drawn(tc) -> bool:
            return (
                tc.event.rule == "R5.1"
                and tc.event.player == tc.holder
                and any(_drawn_die_of(tc.state, d, tc.card) for d in tc.event.dice)
            )

        def extra(ctx) -> None:
            event, total = ctx.event, 0
            for die_id in event.dice:
                if not _drawn_die_of(ctx.state, die_id, ctx.card):
                    continue
                for other in event.dice:  # T5.1: the Rush die itself is not counted
                    die = ctx.state.die(other)
                    card_def = ctx.cards.get(die.card) if die is not None and die.card else None
                    if other != die_id and card_def is not None and energy in card_def.energy:
                        total += 1
            if total:
                ctx.draw(ctx.holder, total)

        return (
            Ability(
                f"rush_{energy}",
                "triggered",
                f"Rush: drawn in the Clear and Draw Step, one more die for each {energy} die"
                " drawn with it",
                trigger="drew",
                subject="card",
                condition=drawn,
                resolve=extra,
            ),
        )

    return build


def _drawn_die_of(state, die_id: str, card_key: str) -> bool:
    die = state.die(die_id)
    return die is not None and die.card == card_key


KEYWORD_ABILITIES = {
    **{f"rush_{e}": _rush(e) for e in RUSH_ENERGY},
    "frag": _frag,
    **{f"range_{n}": _range(n) for n in RANGE_VALUES},
    "strike": _strike,
    "call_out": _call_out,
    "tag_out": _tag_out,
    "deadly": _deadly,
}
KEYWORD_TEXT = {
    "strike": "Strike: while this is the only character die its player fielded this turn (and"
    " it was fielded this turn), it gets +2A, +2D and Overcrush.",
    "call_out": "Call Out: when one of its dice attacks, its player picks a target opposing"
    " character die; only that die may block the attacker this turn.",
    "tag_out": "Tag Out: once blockers are declared (on either player's attack), each of its"
    " dice in the Field Zone (not attacking or blocking) may go to its Prep Area to give a"
    " target character die +2A and +2D until end of turn.",
    **{
        f"range_{n}": f"Range {n}: when one of its dice attacks, one target opposing character"
        " die takes, from each of your active character dice with Range, damage equal to that"
        " die's Range (once per attack, however many dice with Range attack)."
        for n in RANGE_VALUES
    },
    "frag": "Frag: when one of its attacking dice KOs one or more of its blockers with combat"
    " damage, each opposing character die that did not block this turn takes 1 damage (once"
    " per attack).",
    **{
        f"rush_{e}": f"Rush ({e}): each of its dice drawn in its player's Clear and Draw Step"
        f" draws one more die (rolled with the others) for each other {e} die drawn with it."
        for e in RUSH_ENERGY
    },
    "deadly": "Deadly: at the end of the turn, if this die is still in the Field, the character"
    " dice engaged with it this turn (that blocked it or that it blocked) and still in the"
    " Field are KO'd.",
}


EFFECT_SCHEMAS: dict = {}
EFFECT_RUNNERS: dict = {}
EFFECT_TEXT: dict = {}
ENCODING_ABILITIES: dict = {}


# -- condition: 'if you have no dice in your Prep Area' (globals 'during your turn') -----------
def _no_dice_in_prep(test, state, cards, *, holder, this=None, card="") -> bool:
    if test.get("your_turn") and state.active != holder:
        return False
    return not state.zone(holder, Zone.PREP)


def _no_dice_in_prep_text(test) -> str:
    text = "you have no dice in your Prep Area"
    return f"it is your turn and {text}" if test.get("your_turn") else text


CONDITIONS = {"no_dice_in_prep": ({"your_turn": {"const": True}}, _no_dice_in_prep)}
CONDITION_TEXT = {"no_dice_in_prep": _no_dice_in_prep_text}


# -- 'The first character (die) you field this turn is free to field' --------------------------
# A lasting mark for the player whose effect it is, until end of turn; the card's static ability
# makes that player's fielding cost 0 while they have fielded no character die this turn (the
# engine's record, rules/engine/keywords/strike.py). Used after a die was fielded, it does
# nothing: the first one was fielded already (as the text says).
def _first_field_marks(state, card_key: str, player: str):
    key = f"{card_key}.first_field_free"
    return [e for e in state.effects if e.ability == key and e.holder == player]


def _free_first_field(ctx, effect, bursts, scope=None) -> None:
    ctx.last(f"{ctx.card}.first_field_free")


def _free_first_field_abilities(card, encoding) -> tuple[Ability, ...]:
    used = any(
        e["do"] == "free_first_field"
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
        for e in effects
    )
    if not used:
        return ()

    def free(q: Query):
        die = q.die
        if q.stat != "fielding" or die is None or die.face is None:
            return
        player = die.controller
        if player != q.holder and q.card in q.state.player(player).team:
            return  # counted by the fielding player's own copy of the card
        if not _first_field_marks(q.state, q.card, player):
            return
        if strike.fielded_this_turn(q.state, player):
            return  # a character die was fielded already this turn: it was the first
        if die.face.fielding:
            yield Contribution("fielding", -die.face.fielding, f"{_source(q)}: first field free")

    return (
        Ability(
            "first_field_free_cost", "static", "the first die fielded is free", continuous=free
        ),
        Ability("first_field_free", "lasting", "the first character die fielded this turn is free"),
    )


EFFECT_SCHEMAS["free_first_field"] = effect_schema("free_first_field", [])
EFFECT_RUNNERS["free_first_field"] = _free_first_field
EFFECT_TEXT["free_first_field"] = lambda effect: (
    "the first character die you field this turn is free to field"
)
ENCODING_ABILITIES["free_first_field"] = _free_first_field_abilities


# -- condition: 'if you (have) purchased a (character) die (and fielded a character) this turn' --
# Read from the engine's record of this turn's purchases and fieldings (K-STRIKE's module).
def _did_this_turn(test, state, cards, *, holder, this=None, card="") -> bool:
    bought = strike.purchased_this_turn(state, holder)
    if test.get("purchased") == "character":
        bought = tuple(b for b in bought if b[0] == "character")
    if test.get("purchased") and not bought:
        return False
    return not test.get("fielded") or bool(strike.fielded_this_turn(state, holder))


def _did_this_turn_text(test) -> str:
    parts = []
    if test.get("purchased"):
        kind = "character " if test["purchased"] == "character" else ""
        parts.append(f"you purchased a {kind}die this turn")
    if test.get("fielded"):
        parts.append("you fielded a character die this turn")
    return " and ".join(parts)


CONDITIONS["did_this_turn"] = (
    {"purchased": {"enum": ["any", "character"]}, "fielded": {"const": True}},
    _did_this_turn,
)
CONDITION_TEXT["did_this_turn"] = _did_this_turn_text
