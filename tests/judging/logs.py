"""Game log text shared by the judging tests (pure: no Django)."""

# The board of the rules engine's dispute example (docs/game-log.md), typed the way a judge
# fills the board editor, with the disputed sequence: Cheetah attacks, two blockers, damage.
BOARD = """\
board turn 6 active P2 step main
P1 life 9
P2 life 14
P1 die 22sww#1 field L2
P1 die SK1 field L1
P2 die 5sww#1 field L3
P2 die 5sww#2 reserve mask
"""
SEQUENCE = """\
P2 attack 5sww#1
P1 block 22sww#1>5sww#1 SK1>5sww#1
P2 damage 5sww#1>22sww#1=4 5sww#1>SK1=1
"""

TEAMS = """\
game tournament life 20 first P1
P1 team 19sww:4 22sww:4 basic 34sww 31sww
P2 team 5sww:4 9sww:3 basic 34sww 32sww
"""
SETUP = TEAMS + BOARD
