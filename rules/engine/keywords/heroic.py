"""K-HEROIC: paired dice. The Uncanny X-Men Heroic cards say 'Heroic: When fielded, <name> may
pair up with a different Heroic character until the start of your next turn'; their rulebook
('Pairing Up', seeds/004) adds: a die pairs up only with its player's dice and never with
another die of the same card; pairing up a die already paired leaves its old partner; pairing
is done the moment a hero is fielded and lasts until the start of that player's next turn;
and 'paired dice are still treated as two separate characters ... They attack and block
separately.'

So the engine keeps the pairs (`GameState.pairs`) and never ties attacks or blocks together:
each partner attacks or stays back, and blocks whichever attacker, on its own (R11.1, R11.2).
Our readings where the text is silent (docs/game-log.md): partners are character dice in the
Field (the Attack Zone included) with the same controller, so a pair ends when either die
leaves the Field or changes hands; and 'the moment it is fielded' is checked as 'fielded this
turn' (R8.2 counts an effect that fields). The card pool does not mark Heroic for the engine
(the abilities layer does not read it), so the judge who enters a pairing vouches that both
cards are Heroic; what the engine checks is about the dice.

The pair is the state; what each card gives partners ('he and his partner each gain +3A') is
the card's ability, entered by the judge until the abilities layer automates it.
"""

from rules.engine.state import IN_FIELD
from rules.engine.verdicts import reject

KEYWORD = "heroic"
RULE = "K-HEROIC"


def problem(state, die, other) -> str:
    """Why `die` can't be paired up with `other` in `state` ('' when it can)."""
    if die.id == other.id:
        return f"{die.id} can't pair up with itself."
    for each in (die, other):
        if not (each.is_character and each.zone in IN_FIELD):
            return f"{each.id} is not a character die in the Field: only those pair up."
        if (each.card is None or each.is_token) and each.copy is None:
            return f"{each.id} has no card, so no Heroic ability: it can't pair up."
    if die.controller != other.controller:
        return f"{die.id} pairs up only with its player's own dice, not with {other.id}."
    if die.card is not None and die.card == other.card:
        return f"{die.id} and {other.id} are dice of the same card: they can't pair up."
    return ""


def holds(state, first: str, second: str) -> bool:
    """Whether a pair still stands: both dice in the Field, under the same controller."""
    a, b = state.die(first), state.die(second)
    return (
        a is not None
        and b is not None
        and a.zone in IN_FIELD
        and b.zone in IN_FIELD
        and a.is_character
        and b.is_character
        and a.controller == b.controller
    )


def pair(txn, die_id: str, other_id: str, *, fielded_now: bool = True, source: str = "") -> None:
    """Pair `die_id` up with `other_id`; each leaves an old partner first. `fielded_now`
    checks that `die_id` was fielded this turn (the moment Heroic pairs up)."""
    from rules.engine.keywords.strike import fielded_this_turn

    die, other = txn.die(die_id, rule=RULE), txn.die(other_id, rule=RULE)
    why = problem(txn.state, die, other)
    if why:
        reject(RULE, why, subject=die.id)
    if fielded_now and die.id not in fielded_this_turn(txn.state, die.controller):
        reject(
            RULE,
            f"{die.id} was not fielded this turn: a Heroic die pairs up the moment it is fielded.",
            hint=f"Pair up the die that was fielded: 'judge pair {other.id} with {die.id}'"
            " if that one was.",
            subject=die.id,
        )
    if txn.state.partner(die.id) == other.id:
        return
    for each in (die.id, other.id):
        if txn.state.partner(each):
            unpair(txn, each, why=f"{die.id} pairs up with {other.id} instead")
    txn.update(pairs=(*txn.state.pairs, (die.id, other.id)))
    txn.emit(
        "paired",
        f"{die.id} paired up with {other.id} until the start of {die.controller}'s next turn"
        + (f" ({source})" if source else ""),
        rule=RULE,
        die=die.id,
        other=other.id,
        player=die.controller,
    )


def unpair(txn, die_id: str, *, why: str) -> None:
    partner = txn.state.partner(die_id)
    if partner is None:
        reject(RULE, f"{die_id} is not paired up.", subject=die_id)
    txn.update(pairs=tuple(p for p in txn.state.pairs if die_id not in p))
    txn.emit(
        "unpaired",
        f"{die_id} and {partner} are no longer paired: {why}",
        rule=RULE,
        die=die_id,
        other=partner,
    )


def check(txn) -> bool:
    """State check: a pair ends when either die leaves the Field or changes hands."""
    ended = [p for p in txn.state.pairs if not holds(txn.state, *p)]
    for first, second in ended:
        gone = [d for d in (first, second) if not _in_field(txn.state, d)]
        unpair(txn, first, why=f"{gone[0]} left the Field" if gone else "they changed hands")
    return bool(ended)


def end_for(txn, player: str) -> None:
    """At the start of `player`'s turn their pairs end ('until the start of your next turn')."""
    for first, _ in [p for p in txn.state.pairs if _controller(txn.state, p[0]) == player]:
        unpair(txn, first, why=f"the start of {player}'s turn")


def _in_field(state, die_id: str) -> bool:
    die = state.die(die_id)
    return die is not None and die.zone in IN_FIELD and die.is_character


def _controller(state, die_id: str) -> str:
    die = state.die(die_id)
    return die.controller if die is not None else ""
