"""R3 setup: each player's 8 sidekicks in their bag (R1.5, R3.1), their cards' dice beside
their cards, and 3 shared dice per basic action card (two sets when both players chose the
same card, R2.8). The first player then draws (R3.3)."""

from collections.abc import Iterable, Mapping

from rules.engine.faces import CardDef
from rules.engine.state import Die, GameState, PlayerState, Zone
from rules.engine.txn import Txn

SIDEKICKS = 8
BASIC_ACTION_DICE = 3


def new_game(
    teams: Mapping[str, Iterable[tuple[str, int]]],
    cards: Mapping[str, CardDef],
    *,
    first_player: str = "P1",
    starting_life: int = 20,
    format: str = "tournament",
    tournament: bool | None = None,
) -> GameState:
    """A game at its very start: the first player is about to draw (pending 'draw').

    `teams` maps P1 and P2 to (card key, dice) pairs; basic action cards are listed too
    (their dice count is ignored: always 3). Unknown card keys raise KeyError.
    """
    if tournament is not None:  # older callers: tournament=False meant a casual game
        format = "tournament" if tournament else "casual"
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
    state = GameState(
        players=tuple(players),
        dice=tuple(dice),
        starting_life=starting_life,
        format=format,
        active=first_player,
        first_player=first_player,
        basic_actions=tuple(dict.fromkeys(basic_actions)),
    )
    return start(state, cards)


def start(state: GameState, cards: Mapping[str, CardDef]) -> GameState:
    """Begin the active player's turn: start-of-turn effects, then the pending draw."""
    from rules.engine.game import settle
    from rules.engine.steps.clear_and_draw import begin_turn

    txn = Txn(state, cards)
    begin_turn(txn)
    settle(txn)
    return txn.state
