"""`apply(state, action, cards)`: the one way the game changes. Pure: it returns

- Applied (the new state, the events, the rules that governed them),
- NeedsInput (the same, plus the request the game now waits for: which dice were drawn, how
  they rolled, the order of simultaneous triggers, a target, blockers, a damage split), or
- Illegal (a Verdict with a rule ID and one plain sentence; the state is unchanged).

It never rolls a die: draws and rolls are inputs. After the action, `settle` runs what
follows by itself: triggers into the queue (R13.3), queued effects, state checks, and step
transitions, until a player must act or an input is missing.
"""

from collections.abc import Mapping

from rules.engine import abilities, adjustments
from rules.engine.actions import (
    Activate,
    Answer,
    AssignDamage,
    Choose,
    DeclareAttackers,
    DeclareBlockers,
    DeclareNoAttack,
    Draw,
    EndTurn,
    FieldDie,
    JudgeAdjust,
    Order,
    PassPriority,
    Purchase,
    Reroll,
    Roll,
    UseAction,
    UseGlobal,
)
from rules.engine.effects import queue
from rules.engine.faces import CardDef
from rules.engine.state import GameState, Step
from rules.engine.steps import attack, clear_and_draw, flow, main, priority, roll_and_reroll
from rules.engine.txn import Txn
from rules.engine.verdicts import Applied, Illegal, NeedsInput, Rejected, Verdict, reject

SETTLE_LIMIT = 10_000

_HANDLERS = {
    Draw: clear_and_draw.apply_draw,
    Roll: roll_and_reroll.apply_roll,
    Reroll: roll_and_reroll.apply_reroll,
    Purchase: main.apply_purchase,
    FieldDie: main.apply_field,
    UseAction: main.apply_use_action,
    UseGlobal: main.apply_use_global,
    Activate: main.apply_activate,
    PassPriority: lambda txn, action: priority.apply_pass(txn, action.player),
    DeclareAttackers: attack.apply_declare_attackers,
    DeclareBlockers: attack.apply_declare_blockers,
    AssignDamage: attack.apply_assign_damage,
    DeclareNoAttack: attack.apply_declare_no_attack,
    EndTurn: attack.apply_end_turn,
    Order: queue.apply_order,
    JudgeAdjust: adjustments.apply_adjustment,
}

# What answers each kind of request, and the rule to cite when something else comes.
_EXPECTED = {
    "draw": ((Draw,), "R5.1"),
    "roll": ((Roll,), "R5.2"),
    "order": ((Order,), "R13.3"),
    "blocks": ((DeclareBlockers,), "R11.2"),
    "damage": ((AssignDamage,), "R11.4"),
    "choose": ((Choose,), "R13.3"),
    "may": ((Answer,), "R13.3"),
}


def apply(state: GameState, action, cards: Mapping[str, CardDef]) -> Applied | NeedsInput | Illegal:
    if state.winner is not None:
        result = "a tie" if state.winner == "draw" else f"won by {state.winner}"
        return Illegal(Verdict("R16.1", f"The game is over ({result})."), state)
    txn = Txn(state, cards)
    try:
        _dispatch(txn, action)
        settle(txn)
    except Rejected as rejected:
        return Illegal(rejected.verdict, state)
    rules = tuple(dict.fromkeys(txn.rules))
    if txn.state.pending is not None:
        return NeedsInput(txn.state, tuple(txn.events), rules)
    return Applied(txn.state, tuple(txn.events), rules)


def _dispatch(txn: Txn, action) -> None:
    if isinstance(action, JudgeAdjust):
        adjustments.apply_adjustment(txn, action)
        return
    pending = txn.state.pending
    if pending is not None:
        expected, rule = _EXPECTED[pending.kind]
        if not isinstance(action, expected):
            reject(rule, f"The game waits for this first: {pending.text}.")
        if action.player != pending.player:
            reject(
                rule, f"The game waits for {pending.player}, not {action.player}: {pending.text}."
            )
        if pending.entry is not None:  # a queued effect asked: it gets the answer
            queue.answer(txn, action)
            return
    elif isinstance(action, (Choose, Answer, Order)):
        reject("R13.3", "Nothing is waiting for a choice, an answer or an order now.")
    elif isinstance(action, (Draw, Roll, DeclareBlockers)):
        what = {
            Draw: ("R5.1", "a draw"),
            Roll: ("R5.2", "a roll"),
            DeclareBlockers: ("R11.2", "blockers"),
        }[type(action)]
        state = txn.state
        hint = f"Write '{state.active} end' first." if state.step == Step.NO_ATTACK else ""
        reject(what[0], f"The game is not waiting for {what[1]} now ({_where(state)}).", hint=hint)
    _HANDLERS[type(action)](txn, action)


def _needs_check(txn: Txn, checked: int) -> bool:
    """Skip the state check when nothing since the last one could have changed its outcome
    (static abilities can change anything, so with them in play it always runs)."""
    if checked < 0 or txn.state.pairs or abilities.in_play(txn.state, txn.cards):
        return True
    return any(e.kind in _CHECK_AFTER for e in txn.events[checked:])


def _where(state: GameState) -> str:
    return f"turn {state.turn}, {state.active}'s {state.step.value.replace('_', ' ')} step"


# Events after which a state check (R12.2 KOs, captures and control ending) may find something.
_CHECK_AFTER = frozenset({
    "damaged", "modified", "spun", "kod", "moved", "captured", "controlled", "copied",
    "swapped", "token_created", "keyword_granted", "fielded", "rerolled_die", "effect_resolved",
    "manual", "prepped", "released", "control_ended", "purchased", "prevented", "attacks",
    "blocks", "no_block", "end_of_turn", "step_ended", "attached", "detached",
})  # fmt: skip


def settle(txn: Txn) -> None:
    """Run everything that follows by itself, until a player must act or input is missing."""
    seen, checked = 0, -1
    for _ in range(SETTLE_LIMIT):
        if txn.check_game_over() or txn.state.pending is not None:
            return
        fresh = txn.events[seen:]
        seen = len(txn.events)
        triggers = queue.collect(txn, fresh)
        if triggers:
            queue.enqueue(txn, triggers)
            continue
        if txn.state.unordered:
            return
        if txn.state.queue:
            request = queue.resolve_next(txn)
            if request is not None:
                txn.update(pending=request)
                return
            continue
        if _needs_check(txn, checked):
            checked = len(txn.events)
            if flow.state_checks(txn):
                continue
        if not flow.advance(txn):
            return
    reject(
        "R13.3",
        f"Effects keep triggering each other ({SETTLE_LIMIT} steps without end): the engine "
        "stops before this action, which would never finish resolving.",
    )
