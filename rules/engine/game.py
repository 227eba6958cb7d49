"""`apply(state, action, cards)`: pure; returns Applied (new state, events, rules) or Illegal.

Implemented so far: setup (R3.1), the first player's first draw (R3.3), Clear and Draw with
bag refill and shortfall (R4.1, R5.1, R5.1a), Roll and one group Reroll (R5.2), purchasing
(R6, R7), fielding (R8.1) and the end of a turn without an attack (R5.3, R5.5).
"""

from collections.abc import Iterable, Mapping
from dataclasses import replace

from rules.engine import combat
from rules.engine.actions import (
    Action,
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    Draw,
    EndTurn,
    FieldDie,
    JudgeAdjust,
    Purchase,
    Reroll,
    Roll,
    UseAction,
)
from rules.engine.adjustments import judge_adjust
from rules.engine.energy import payment_problem
from rules.engine.faces import SIDEKICK_FACES, CardDef, Face
from rules.engine.state import Die, GameState, PlayerState, Step, Zone
from rules.engine.verdicts import Applied, Illegal, Verdict

DRAW_COUNT = 4
SIDEKICKS = 8
BASIC_ACTION_DICE = 3


def new_game(
    teams: Mapping[str, Iterable[tuple[str, int]]],
    cards: Mapping[str, CardDef],
    *,
    first_player: str = "P1",
    starting_life: int = 20,
    tournament: bool = True,
) -> GameState:
    """Setup (R3.1): 8 sidekicks in each bag, each team's dice on their cards, and 3 shared dice
    per basic action card (two sets if both players chose the same card, R2.8)."""
    dice: list[Die] = []
    players, basic_actions = [], []
    for player in ("P1", "P2"):
        own = []
        dice += [Die(f"{player}:SK{n}", player, None, Zone.BAG) for n in range(1, SIDEKICKS + 1)]
        for key, count in teams[player]:
            if cards[key].kind == "basic_action":
                n = sum(1 for d in dice if d.card == key)
                dice += [
                    Die(f"BA:{key}#{n + i}", "BA", key, Zone.UNPURCHASED)
                    for i in range(1, BASIC_ACTION_DICE + 1)
                ]
                basic_actions.append(key)
            else:
                own.append(key)
                dice += [
                    Die(f"{player}:{key}#{i}", player, key, Zone.UNPURCHASED)
                    for i in range(1, count + 1)
                ]
        players.append(PlayerState(player, starting_life, tuple(own)))
    return GameState(
        players=tuple(players),
        dice=tuple(dice),
        starting_life=starting_life,
        active=first_player,
        first_player=first_player,
        basic_actions=tuple(dict.fromkeys(basic_actions)),
        tournament=tournament,
    )


def apply(state: GameState, action: Action, cards: Mapping[str, CardDef]) -> Applied | Illegal:
    handler = _HANDLERS[type(action)]
    if state.winner is not None:
        return _illegal(state, "R16.1", "The game is over.")
    # The defender declares blockers; judges adjust at any time; everything else is the active
    # player's (R10.4).
    acting = state.inactive if isinstance(action, DeclareBlockers) else state.active
    if not isinstance(action, JudgeAdjust) and action.player != acting:
        return _illegal(state, "R10.4", f"{acting} acts now, not {action.player}.")
    result = handler(state, action, cards)
    if isinstance(result, Illegal):  # handlers may have begun changing a copy: discard it
        return Illegal(result.verdict, state)
    return result


def _illegal(state: GameState, rule: str, message: str, subject: str = "") -> Illegal:
    return Illegal(Verdict(rule, message, subject=subject), state)


def _dice_named(state: GameState, ids: Iterable[str]) -> list[Die] | str:
    dice = []
    for die_id in ids:
        die = state.die(die_id)
        if die is None:
            return die_id
        dice.append(die)
    return dice


# -- R3.3, R4.1, R5.1, R5.1a ------------------------------------------------------------
def _draw(state: GameState, action: Draw, cards) -> Applied | Illegal:
    if state.step != Step.CLEAR_AND_DRAW:
        return _illegal(state, "R5.0", "Dice are drawn in Clear and Draw, which is over.")
    player = action.player
    first = state.is_first_turn and player == state.first_player
    if first and len(action.out_of_play) != 1:
        return _illegal(state, "R3.3", "The first turn draws 3 dice and puts a 4th Out of Play.")
    if not first and action.out_of_play:
        return _illegal(state, "R3.3", "Only the first player's first draw puts a die Out of Play.")
    drawn = list(action.dice) + list(action.out_of_play)
    if len(set(drawn)) != len(drawn):
        return _illegal(state, "R5.1", "A die is drawn twice.")
    state = state.moved([d.id for d in state.zone(player, Zone.RESERVE)], Zone.USED)  # R5.1
    bag = {d.id for d in state.zone(player, Zone.BAG)}
    used = {d.id for d in state.zone(player, Zone.USED)}
    unknown = _dice_named(state, drawn)
    if isinstance(unknown, str):
        return _illegal(state, "R5.1", f"There is no die {unknown}.")
    for die_id in drawn:
        if die_id not in bag and die_id not in used:
            where = state.die(die_id).zone.value.replace("_", " ")
            return _illegal(state, "R4.1", f"{die_id} is in the {where}, not the bag.", die_id)
    from_used = [d for d in drawn if d in used]
    if from_used and not bag <= set(drawn):
        return _illegal(
            state, "R4.1",
            f"{from_used[0]} comes from the Used Pile, but the bag still holds "
            f"{', '.join(sorted(bag - set(drawn)))}: the bag is refilled only when it is empty.",
        )  # fmt: skip
    available = len(bag) + len(used)
    wanted = min(DRAW_COUNT, available)
    if len(drawn) != wanted:
        return _illegal(state, "R5.1", f"{len(drawn)} dice drawn; {wanted} must be drawn.")
    events, rules = [f"{player} drew {', '.join(action.dice)} into Prep"], ["R5.1"]
    if from_used:  # R4.1: the whole Used Pile goes into the bag, then the draw continues
        state = state.moved(sorted(used - set(drawn)), Zone.BAG)
        events.append(f"{player}'s bag was refilled from the Used Pile")
        rules.append("R4.1")
    state = state.moved(action.dice, Zone.PREP).moved(action.out_of_play, Zone.OUT_OF_PLAY)
    if first:
        events.append(f"{action.out_of_play[0]} went Out of Play")
        rules.append("R3.3")
    shortfall = DRAW_COUNT - len(drawn)
    if shortfall:  # R5.1a: life loss (not damage) and virtual generic energy
        life = state.player(player).life - shortfall
        state = replace(state.with_life(player, life), virtual_energy=shortfall)
        events.append(f"{player} was {shortfall} short: lost {shortfall} life, gained "
                      f"{shortfall} generic energy")  # fmt: skip
        rules.append("R5.1a")
        if life <= 0:
            state = replace(state, winner=state.inactive, step=Step.GAME_OVER)
            rules.append("R16.1")
            return Applied(state, tuple(events), tuple(rules))
    return Applied(replace(state, step=Step.ROLL_AND_REROLL), tuple(events), tuple(rules))


# -- R5.2 ---------------------------------------------------------------------------------
def _face_problem(state: GameState, die_id: str, face: Face, cards) -> Illegal | None:
    die = state.die(die_id)
    if die.is_sidekick:
        if face not in SIDEKICK_FACES:
            return _illegal(
                state, "R14.1", f"A sidekick die has no {face.notation()} face.", die_id
            )
    elif not cards[die.card].can_show(face):
        return _illegal(
            state, "R14.1", f"{cards[die.card].name}'s die has no {face.notation()} face.", die_id
        )
    return None


def _roll(state: GameState, action: Roll, cards) -> Applied | Illegal:
    prep = {d.id for d in state.zone(action.player, Zone.PREP)}
    if state.step != Step.ROLL_AND_REROLL or not prep:
        return _illegal(state, "R5.2", "There is nothing in Prep to roll now.")
    rolled = dict(action.faces)
    if set(rolled) != prep:
        missing = ", ".join(sorted(prep - set(rolled))) or "none"
        extra = ", ".join(sorted(set(rolled) - prep)) or "none"
        return _illegal(
            state, "R5.2", f"Every Prep die is rolled, and only those (missing: {missing}; "
            f"not in Prep: {extra}).",
        )  # fmt: skip
    for die_id, face in rolled.items():
        if problem := _face_problem(state, die_id, face, cards):
            return problem
    state = state.with_dice(
        *(replace(state.die(i), zone=Zone.RESERVE, face=f) for i, f in rolled.items())
    )
    shown = ", ".join(f"{i}={f.notation()}" for i, f in rolled.items())
    return Applied(state, (f"{action.player} rolled {shown}",), ("R5.2",))


def _reroll(state: GameState, action: Reroll, cards) -> Applied | Illegal:
    if state.step != Step.ROLL_AND_REROLL or state.zone(action.player, Zone.PREP):
        return _illegal(state, "R5.2", "A reroll comes once, right after the roll.")
    if state.rerolled:
        return _illegal(state, "R5.2", "Dice are rerolled once, as a single group.")
    for die_id, face in action.faces:
        die = state.die(die_id)
        if die is None or die.owner != action.player or die.zone != Zone.RESERVE:
            return _illegal(state, "R5.2", f"{die_id} was not rolled this turn.", die_id)
        if problem := _face_problem(state, die_id, face, cards):
            return problem
    state = state.with_dice(*(replace(state.die(i), face=f) for i, f in action.faces))
    shown = ", ".join(f"{i}={f.notation()}" for i, f in action.faces)
    state = replace(state, rerolled=True, step=Step.MAIN)
    return Applied(state, (f"{action.player} rerolled {shown}",), ("R5.2",))


# -- R6, R7, R8 ---------------------------------------------------------------------------
def _enter_main(state: GameState) -> GameState | None:
    """Main Step actions close Roll and Reroll (declining the reroll); None if not possible."""
    if state.step == Step.MAIN:
        return state
    if state.step == Step.ROLL_AND_REROLL and not state.zone(state.active, Zone.PREP):
        return replace(state, step=Step.MAIN)
    return None


def _payment(state: GameState, player: str, pay: tuple[str, ...]) -> list[Die] | Illegal:
    if len(set(pay)) != len(pay):
        return _illegal(state, "R6.1", "A die is spent twice.")
    dice = []
    for die_id in pay:
        die = state.die(die_id)
        if die is None or die.owner != player or die.zone != Zone.RESERVE:
            return _illegal(state, "R6.1", f"{die_id} is not in {player}'s Reserve Pool.", die_id)
        if not die.face.is_energy:
            return _illegal(state, "R6.1", f"{die_id} shows {die.face.notation()}, not energy.")
        dice.append(die)
    return dice


def _spend(state: GameState, dice: list[Die], cost: int) -> GameState:
    """Spent dice go Out of Play (R6.1); virtual energy pays first."""
    virtual = max(0, state.virtual_energy - cost)
    return replace(state.moved([d.id for d in dice], Zone.OUT_OF_PLAY), virtual_energy=virtual)


def _purchase(state: GameState, action: Purchase, cards) -> Applied | Illegal:
    main = _enter_main(state)
    if main is None:
        return _illegal(state, "R7.1", "Dice are purchased in the Main Step.")
    state, player, key = main, action.player, action.card.lower()
    card = cards.get(key)
    if card is None or (key not in state.player(player).team and key not in state.basic_actions):
        return _illegal(
            state, "R7.1", f"{player} can buy only from their own cards and the basic actions, "
            f"not {card.name if card else key}.",
        )  # fmt: skip
    pool = "BA" if card.kind == "basic_action" else player
    stock = [
        d for d in state.dice if d.card == key and d.owner == pool and d.zone == Zone.UNPURCHASED
    ]
    if not stock:
        return _illegal(state, "R7.1", f"No {card.name} die is left to purchase.")
    dice = _payment(state, player, action.pay)
    if isinstance(dice, Illegal):
        return dice
    types = card.energy if card.kind != "basic_action" else ()
    if problem := payment_problem(
        [d.face for d in dice], card.cost, virtual=state.virtual_energy, types=types
    ):
        rule, reason = problem
        return _illegal(state, rule, f"{player} can't purchase {card.name}: {reason}.")
    state = _spend(state, dice, card.cost)
    bought = replace(stock[0], owner=player, zone=Zone.USED)  # R7.4, R1.6
    state = state.with_dice(bought)
    events = (f"{player} purchased {bought.id} ({card.name}) paying {', '.join(action.pay)}",)
    return Applied(state, events, ("R7.2", "R7.4"))


def _field(state: GameState, action: FieldDie, cards) -> Applied | Illegal:
    main = _enter_main(state)
    if main is None:
        return _illegal(state, "R8.1", "Characters are fielded in the Main Step.")
    state, player = main, action.player
    die = state.die(action.die)
    if die is None or die.owner != player or die.zone != Zone.RESERVE:
        return _illegal(state, "R8.1", f"{action.die} is not in {player}'s Reserve Pool.")
    if not die.face.is_character:
        return _illegal(state, "R8.1", f"{die.id} shows {die.face.notation()}, not a character.")
    if die.id in action.pay:
        return _illegal(state, "R8.1", f"{die.id} can't pay for its own fielding.")
    dice = _payment(state, player, action.pay)
    if isinstance(dice, Illegal):
        return dice
    cost = die.face.fielding
    if cost == 0 and not dice:
        problem = None
    else:
        problem = payment_problem([d.face for d in dice], cost, virtual=state.virtual_energy)
    if problem:
        return _illegal(state, problem[0], f"{player} can't field {die.id}: {problem[1]}.")
    state = _spend(state, dice, cost)
    state = state.with_dice(replace(state.die(die.id), zone=Zone.FIELD))
    return Applied(state, (f"{player} fielded {die.id} at level {die.face.level}",), ("R8.1",))


# -- R9 ----------------------------------------------------------------------------------
def _use_action(state: GameState, action: UseAction, cards) -> Applied | Illegal:
    # The Main Step, or the attack step's window after blockers and before damage (R11.3).
    window = state if state.step == Step.DAMAGE else _enter_main(state)
    if window is None:
        return _illegal(state, "R9.1", "Action dice are used in the Main Step or after blocks.")
    state, player = window, action.player
    die = state.die(action.die)
    if die is None or die.owner != player or die.zone != Zone.RESERVE:
        return _illegal(state, "R9.1", f"{action.die} is not in {player}'s Reserve Pool.")
    if not die.face.action:
        return _illegal(state, "R9.1", f"{die.id} shows {die.face.notation()}, not an action.")
    card = cards[die.card]
    state = state.moved([die.id], Zone.OUT_OF_PLAY)  # used: Out of Play (R9.1)
    bursts = (
        f" with {die.face.bursts} burst{'s' * (die.face.bursts > 1)}" if die.face.bursts else ""
    )
    event = f"{player} used {die.id} ({card.name}){bursts}"
    return Applied(state, (event,), ("R9.1", "R9.2") if die.face.bursts else ("R9.1",))


# -- R5.3, R5.5 ---------------------------------------------------------------------------
def _end_turn(state: GameState, action: EndTurn, cards) -> Applied | Illegal:
    main = state if state.step == Step.CLEANUP else _enter_main(state)
    if main is None:
        return _illegal(state, "R5.0", "The turn can't end in the middle of this step.")
    state, player = main, action.player
    unfielded = [d.id for d in state.zone(player, Zone.RESERVE) if not d.face.is_energy]
    state = state.moved(unfielded, Zone.USED)  # R5.3 (and R5.5: non-energy dice leave Reserve)
    state = state.moved([d.id for d in state.zone(player, Zone.OUT_OF_PLAY)], Zone.USED)  # R4.6
    state = replace(  # damage and until-end-of-turn effects end (R5.5)
        state.with_dice(
            *(replace(d, damage=0, modifiers=()) for d in state.dice if d.damage or d.modifiers)
        ),
        turn=state.turn + 1,
        active=state.inactive,
        step=Step.CLEAR_AND_DRAW,
        rerolled=False,
        virtual_energy=0,
    )
    return Applied(state, (f"{player}'s turn ended",), ("R5.3", "R5.5"))


def _declare_attackers(state, action, cards):
    return combat.declare_attackers(state, action, cards, _enter_main)


_HANDLERS = {
    UseAction: _use_action,
    DeclareAttackers: _declare_attackers,
    DeclareBlockers: combat.declare_blockers,
    AssignDamage: combat.assign_damage,
    JudgeAdjust: judge_adjust,
    Draw: _draw,
    Roll: _roll,
    Reroll: _reroll,
    Purchase: _purchase,
    FieldDie: _field,
    EndTurn: _end_turn,
}
