"""The rule IDs the engine cites, each with a short title in the project's own words.

IDs follow the rules digest (R3.1 ... R16.1, K-*) and the tournament rules (T2.2); J1 is the
project's own: a judge's manual adjustment.
A test checks that every ID the engine uses is listed here.
"""

RULES: dict[str, str] = {
    "R3.1": "Setup: 8 sidekicks in each bag; 3 dice per basic action card in the middle.",
    "R3.3": "The first player's first turn: draw 3 into Prep, a 4th goes Out of Play.",
    "R4.1": "An empty bag is refilled from the Used Pile (not Out of Play) mid-draw.",
    "R4.3": "On the opponent's turn only energy faces may be in the Reserve Pool.",
    "R4.4": "The Field holds fielded character dice.",
    "R4.6": "Out of Play exists on its owner's turn only and empties into Used at the end.",
    "R5.0": "Steps happen in order; there is no going back to an earlier step.",
    "R5.1": "Clear and Draw: Reserve to Used, then draw 4 dice into Prep.",
    "R5.1a": "Shortfall: each missing die costs 1 life and gives 1 generic virtual energy.",
    "R5.2": "Roll and Reroll: roll every Prep die, then reroll any group once.",
    "R5.3": "Main Step: purchase, field, use actions and globals; unfielded characters go to Used.",
    "R5.5": "Cleanup: damage and turn effects end, Out of Play goes to Used, the turn passes.",
    "R6.1": "Paying energy: spent dice go Out of Play on your turn; no spending for nothing.",
    "R6.2": "Wild pays as any one type; energy is counted in symbols, not dice.",
    "R6.4": "Virtual energy must be spent before priority passes, or it is lost.",
    "R7.1": "Purchase only on your own turn, in the Main Step, from your cards or basic actions.",
    "R7.2": "Pay the purchase cost with at least one energy of each type on the card.",
    "R7.4": "A purchased die goes to the Used Pile.",
    "R8.1": "Field a character die from Reserve by paying its face's fielding cost.",
    "R9.1": "The active player uses action dice in the Main Step or the attack window; free.",
    "R9.2": "Burst text applies when the action face shows the matching bursts.",
    "R10.4": "Only the active player purchases, fields and uses action dice.",
    "R11.1": "Declare attackers: fielded character dice move to the Attack Zone.",
    "R11.2": "Declare blockers: each blocker blocks one attacker; several may block one.",
    "R11.4": "Damage: blocked attackers split their A among blockers; unblocked hit the player.",
    "R11.5": "Dice with damage at least their D are KO'd to their owner's Prep; survivors stay.",
    "R12.1": "Modifiers add up, then apply to printed stats; a stat can't go below 0.",
    "R12.4": "Life can't be gained above the starting total.",
    "R14.1": "A die showing a face it can't show is not a legal roll result.",
    "R16.1": "At 0 life or less a player loses; both at once is a tie.",
    "J1": "Judge adjustment: a manual change recorded for an effect the engine doesn't automate.",
    "T2.2": "The first player of a tournament game may not attack on their first turn.",
}


def rule_title(rule: str) -> str:
    return RULES[rule]
