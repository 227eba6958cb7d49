"""K-STRIKE: a die with Strike gets +2A, +2D and Overcrush while it is the only character die
its player fielded this turn (the bonus itself is a static ability the card abilities layer
builds: rules/abilities/extensions/keywords_more.py).

The rule is the reminder text the Justice League and Doom cards print (our words): the
character gets +2/+2 and Overcrush as long as no other character die of yours was fielded
this turn. One print asks that the die itself was fielded this turn, another only that no
other one was; we take the narrower of the two (T5.1): the die was fielded this turn and no
other character die of its player was.

The engine remembers which dice each player fielded this turn in `used_limits` (entries
'fielded:<player>:<die>', cleared with the other per-turn limits at end of turn); a die
fielded, KO'd and fielded again is one die. It remembers the dice each player purchased this
turn the same way ('purchased:<player>:<card kind>:<die>'), for card text asking 'if you
purchased a (character) die this turn' (rules/abilities/extensions/keywords_more.py).
"""

KEYWORD = "strike"
RULE = "K-STRIKE"
_PREFIX = "fielded:"


def note_fielded(txn, player: str, die_id: str) -> None:
    """Remember that `player` fielded `die_id` this turn (R8.1 or an effect's field, R8.2)."""
    key = f"{_PREFIX}{player}:{die_id}"
    if key not in txn.state.used_limits:
        txn.update(used_limits=txn.state.used_limits | {key})


def fielded_this_turn(state, player: str) -> frozenset[str]:
    """The dice `player` fielded this turn."""
    prefix = f"{_PREFIX}{player}:"
    return frozenset(k[len(prefix) :] for k in state.used_limits if k.startswith(prefix))


def strikes(state, die) -> bool:
    """Whether Strike's bonus holds for `die`: the only die its controller fielded this turn."""
    return fielded_this_turn(state, die.controller) == {die.id}


def note_purchased(txn, player: str, die_id: str, kind: str) -> None:
    """Remember that `player` purchased `die_id`, a die of a card of `kind`, this turn (R7.4)."""
    key = f"purchased:{player}:{kind}:{die_id}"
    if key not in txn.state.used_limits:
        txn.update(used_limits=txn.state.used_limits | {key})


def purchased_this_turn(state, player: str) -> tuple[tuple[str, str], ...]:
    """(card kind, die) of each die `player` purchased this turn."""
    prefix = f"purchased:{player}:"
    return tuple(
        tuple(k[len(prefix) :].split(":", 1)) for k in state.used_limits if k.startswith(prefix)
    )
