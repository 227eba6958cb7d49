"""The rulebooks' worked examples, as game logs.

The extracted rulebook text lost its pictured dice, so faces are chosen to match each narrative:
who buys what, what is fielded, who blocks, the damage dealt, and the life totals the books
give. Card abilities the engine does not automate yet are judge adjustments (J1), or, where
the example is about how the engine applies a card's text (one draw, per die, counting dice),
the ability is scripted here with the engine's own ability interface.
"""

from rules.engine import Ability, Contribution, EnergyCost, Zone, format_action, query
from rules.engine.abilities import is_active
from tests.rules.engine.helpers import events, header, legal, refused, with_abilities

# -- DC Superman/Wonder Woman starter: example of play, Diane v Carlos (demo game, 10 life) --
EXAMPLE_OF_PLAY = """\
game demo life 10 first P1
P1 team 19sww:2 22sww:2 basic 34sww 31sww 32sww
P2 team 5sww:2 9sww:2
# Diane, turn 1: 3 dice and one Out of Play; Truce with three energy.
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=mask SK2=fist SK3=shield
P1 buy 34sww pay SK1 SK2 SK3
P1 end
# Carlos, turn 1: sets two energy aside, rerolls the two others, buys a Cheetah with all four.
P2 draw SK1 SK2 SK3 SK4
P2 roll SK1=fist SK2=bolt SK3=L1 SK4=L1
P2 reroll SK3=mask SK4=wild
P2 buy 5sww pay SK1 SK2 SK3 SK4
P2 end
# Diane, turn 2: the last four sidekicks in her bag; she buys Wonder Woman.
P1 draw SK5 SK6 SK7 SK8
P1 roll SK5=mask SK6=bolt SK7=fist SK8=shield
P1 buy 22sww pay SK5 SK6 SK7 SK8
P1 end
# Carlos, turn 2: the last four dice in his bag; another Cheetah.
P2 draw SK5 SK6 SK7 SK8
P2 roll SK5=mask SK6=mask SK7=bolt SK8=shield
P2 buy 5sww pay SK5 SK6 SK7 SK8
P2 end
# Diane, turn 3: all 10 dice of her Used Pile refill the bag; she fields Wonder Woman for 1
# energy and both sidekicks for free, and does not attack.
P1 draw 22sww#1 SK1 SK2 SK3
P1 roll 22sww#1=L2 SK1=L1 SK2=L1 SK3=mask
P1 field 22sww#1 pay SK3
P1 field SK1
P1 field SK2
P1 end
# Carlos, turn 3: his bag is empty and refills; he fields each Cheetah with one energy. Her
# 'when fielded': KO an opposing sidekick, then prep a die from the bag (judge adjustments).
P2 draw 5sww#1 5sww#2 SK1 SK2
P2 roll 5sww#1=L1 5sww#2=L3 SK1=fist SK2=bolt
P2 field 5sww#1 pay SK1
judge ko P1:SK1 -- Cheetah: Goddess of the Hunt, when fielded
judge draw P2 SK3 -- Cheetah: Goddess of the Hunt, when fielded
P2 field 5sww#2 pay SK2
judge ko P1:SK2 -- Cheetah: Goddess of the Hunt, when fielded
judge draw P2 SK4 -- Cheetah: Goddess of the Hunt, when fielded
# Both Cheetahs attack; Wonder Woman blocks the level-1 one; nobody has more to do.
P2 attack 5sww#1 5sww#2
P1 block 22sww#1>5sww#1
P2 pass
P1 pass
P2 pass
"""


def test_example_of_play_turns_one_to_three_with_the_exact_life_totals(cards):
    replay = legal(cards, EXAMPLE_OF_PLAY)
    final = replay.final
    # "Carlos's other Cheetah die is unblocked, and deals Diane 5 damage, slashing her life in
    # half!"
    assert (final.player("P1").life, final.player("P2").life) == (5, 10)
    text = events(replay.steps[-1])
    assert "P1:22sww#1 took 4 damage from P2:5sww#1 (4 on D 5)" in text  # WW survives
    assert "P2:5sww#1 took 3 damage from P1:22sww#1 (3 on D 2)" in text  # Cheetah KO'd
    assert final.die("P2:5sww#1").zone == Zone.PREP
    assert final.die("P1:22sww#1").zone == Zone.FIELD and final.die("P1:22sww#1").damage == 0
    assert final.die("P2:5sww#2").zone == Zone.USED  # unblocked: Out of Play, then Used
    assert {d.id for d in final.zone("P1", Zone.PREP)} == {"P1:SK1", "P1:SK2"}
    # Diane, turn 4: "she has two dice in her Prep Area to add to her roll this turn".
    assert final.active == "P1" and final.pending.kind == "draw"
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:5sww#1", "P2:SK3", "P2:SK4"}
    manual = [s for s in replay.steps if s.manual]
    assert len(manual) == 4 and all("J1" in s.rules for s in manual)
    # Turn 3 refill: "Diane moves all 10 dice in her Used Pile into her bag".
    refill = next(s for s in replay.steps if "R4.1" in s.rules)
    assert "refilled with 10 dice" in events(refill)


def test_the_example_of_play_round_trips_and_its_json_replays_the_same(cards):
    import json

    from rules.engine import Replay, format_log, log_from_json, log_to_json, parse_log

    log = parse_log(EXAMPLE_OF_PLAY, cards)
    again = parse_log(format_log(log), cards)
    assert [a for _, a in again.actions] == [a for _, a in log.actions]
    document = json.loads(json.dumps(log_to_json(log)))
    assert (
        Replay.from_log(log_from_json(document, cards), cards).final
        == Replay.from_log(log, cards).final
    )


# -- Uncanny X-Men starter: example of play, Eric v Mike (first game, 10 life) ----------------
# The 2014 book lets the first player draw four dice; under the newest rules (R3.3) Eric draws
# three and puts a fourth Out of Play, so he buys Kitty Pryde with all three. By turn 3 the
# bags hold what the book says again. The 2014 book also sent energy spent on your turn to
# the Used Pile, so Angel's 'when fielded' could take back a sidekick just spent; under the
# newest rules those dice are Out of Play (R4.6, R8.3) and Mike's Used Pile holds none.
FIRST_GAME = """\
game demo life 10 first P1
P1 team 14uxm:2 4uxm:2 basic 25uxm 26uxm 30uxm
P2 team 1uxm:2 10uxm:2
# Eric, turn 1: nothing matches his characters, so he rerolls everything; a wild stands in
# for Kitty Pryde's mask.
P1 draw SK1 SK2 SK3 out SK4
P1 roll SK1=fist SK2=shield SK3=L1
P1 reroll SK1=fist SK2=wild SK3=bolt
P1 buy 14uxm pay SK1 SK2 SK3
P1 end
# Mike, turn 1: Angel for three, a free sidekick, and an attack nobody can block.
P2 draw SK1 SK2 SK3 SK4
P2 roll SK1=bolt SK2=fist SK3=shield SK4=L1
P2 buy 1uxm pay SK1 SK2 SK3
P2 field SK4
P2 attack SK4
P2 damage
# Eric, turn 2: Reckless Melee (3, any energy) and a sidekick to block with; no attack.
P1 draw SK5 SK6 SK7 SK8
P1 roll SK5=fist SK6=fist SK7=shield SK8=L1
P1 buy 30uxm pay SK5 SK6 SK7
P1 field SK8
P1 end
# Mike, turn 2: a fist and three sidekick characters; he fields them and keeps the fist.
P2 draw SK5 SK6 SK7 SK8
P2 roll SK5=fist SK6=L1 SK7=L1 SK8=L1
P2 field SK6
P2 field SK7
P2 field SK8
P2 end
# Eric, turn 3: his bag refills with 7 sidekicks, Kitty Pryde and Reckless Melee. Reckless
# Melee deals 1 damage to every character (judge adjustments); all four sidekicks are KO'd.
P1 draw SK1 SK2 SK3 BA:30uxm#1
P1 roll SK1=mask SK2=shield SK3=wild BA:30uxm#1=action
P1 use BA:30uxm#1
judge damage P1:SK8 1 -- Reckless Melee
judge damage P2:SK6 1 -- Reckless Melee
judge damage P2:SK7 1 -- Reckless Melee
judge damage P2:SK8 1 -- Reckless Melee
P1 buy 14uxm pay SK1 SK2 SK3
P1 end
# Mike, turn 3: the fist clears; three sidekicks and Angel drawn, three sidekicks in Prep:
# seven dice, six energy and a level-1 Angel. Juggernaut for six, Angel fielded for free,
# and Angel attacks.
P2 draw SK1 SK2 SK3 1uxm#1
P2 roll SK1=fist SK2=shield SK3=bolt SK6=mask SK7=fist SK8=wild 1uxm#1=L1
P2 buy 10uxm pay SK1 SK2 SK3 SK6 SK7 SK8
P2 field 1uxm#1
P2 attack 1uxm#1
P2 damage
# Eric, turn 4: Kitty Pryde and three sidekicks drawn, one sidekick from Prep: a level-3
# Kitty, two sidekicks, a mask and a bolt. Kitty costs one energy; she and one sidekick attack.
P1 draw 14uxm#1 SK4 SK5 SK6
P1 roll 14uxm#1=L3 SK4=L1 SK5=L1 SK6=mask SK8=bolt
P1 field 14uxm#1 pay SK6
P1 field SK4
P1 field SK5
P1 attack 14uxm#1 SK4
"""


def test_uncanny_x_men_first_game_eric_v_mike(cards):
    replay = legal(cards, FIRST_GAME)
    at = {s.line: s for s in replay.steps}
    lines = FIRST_GAME.splitlines()

    def after(text):
        return at[lines.index(text) + 1].after

    # Mike's unblocked sidekick: "reducing his life from 10 to 9"; then to Used.
    state = after("P2 damage")
    assert state.player("P1").life == 9 and state.die("P2:SK4").zone == Zone.USED
    # "He still has one fist in his reserve pool" at the end of Mike's turn 2.
    state = after("P2 end")
    assert [d.id for d in state.zone("P2", Zone.RESERVE)] == ["P2:SK5"]
    # "Eric's bag is empty, so he moves the dice from his used pile (7 sidekicks, 1 Kitty
    # Pryde and 1 Reckless Melee) into his bag."
    refill = at[lines.index("P1 draw SK1 SK2 SK3 BA:30uxm#1") + 1]
    assert "refilled with 9 dice" in events(refill)
    # Reckless Melee: "they are all knocked out and go to their owner's prep areas".
    state = after("judge damage P2:SK8 1 -- Reckless Melee")
    assert {d.id for d in state.zone("P2", Zone.PREP)} == {"P2:SK6", "P2:SK7", "P2:SK8"}
    assert [d.id for d in state.zone("P1", Zone.PREP)] == ["P1:SK8"]
    # Mike turn 3: "Angel inflicts 2 damage on Eric ... from 9 to 7 life".
    assert after("P2 buy 10uxm pay SK1 SK2 SK3 SK6 SK7 SK8").die("P2:10uxm#1").zone == Zone.USED
    final = replay.final
    assert final.player("P1").life == 7 and final.player("P2").life == 10
    # Eric turn 4: "four damage is coming at him" (Kitty Pryde L3, A3, and a sidekick).
    attackers = final.zone("P1", Zone.ATTACK)
    assert sum(query.attack(final, cards, d).value for d in attackers) == 4


# -- Uncanny X-Men starter: detailed combat example, Bryan v Kyle --------------------------
# Scripted with the engine's ability interface: Angel, Inspiring's bonus to attacking
# sidekicks, Iceman's per-die doubling, and Juggernaut's 'when damaged' prevention. Iceman's
# global and Enrage (an action die) are judge adjustments.
def _angel_inspiring(q):
    attacking = any(
        d.card == "2uxm" and d.controller == q.holder and d.zone == Zone.ATTACK and not d.blocking
        for d in q.state.dice
    )
    if attacking and q.die is not None and q.die.is_sidekick and q.die.controller == q.holder:
        yield Contribution(q.stat, 1, "Angel: Inspiring")


def _iceman_double(ctx):
    die = ctx.die(ctx.source)
    ctx.modify(die.id, attack=ctx.attack(die))


def _juggernaut_prevents(ctx):
    sidekicks = [d.id for d in ctx.characters(ctx.holder) if d.is_sidekick]
    sent = ctx.choose(
        f"send sidekicks to the Used Pile to save {ctx.source} (3 damage each)",
        sidekicks,
        count=len(sidekicks),
        minimum=0,
    )
    for die_id in sent:
        ctx.send_to_used(die_id)
    ctx.reduce_damage(ctx.source, 3 * len(sent))


ANGEL_INSPIRING = Ability(
    "inspiring", "static", "attacking Angel: sidekicks +1A +1D", continuous=_angel_inspiring
)
ICEMAN_DOUBLE = Ability(
    "double",
    "activated",
    "pay [B]: double this die's A",
    cost=EnergyCost(1, ("bolt",)),
    limit="once_per_turn_per_die",
    resolve=_iceman_double,
)
JUGGERNAUT = Ability(
    "when_damaged",
    "triggered",
    "sidekicks to Used prevent 3 damage each",
    trigger="damaged",
    resolve=_juggernaut_prevents,
)

DETAILED_COMBAT = """\
game tournament life 20 first P2
P1 team 2uxm:3 10uxm:3 21uxm:3 basic 26uxm 25uxm
P2 team 9uxm:4 18uxm:3 basic 26uxm 30uxm
board turn 8 active P1 step main
P1 die 2uxm#1 field L1
P1 die 10uxm#1 field L2
P1 die 10uxm#2 field L3
P1 die 21uxm#1 field L2
P1 die SK1 field L1
P1 die SK2 field L1
P1 die BA:26uxm#1 reserve action
P2 die 9uxm#1 field L1
P2 die 9uxm#2 field L2
P2 die 18uxm#1 field L1
P2 die SK1 field L1
P2 die SK2 field L1
P2 die SK3 reserve bolt
# Bryan attacks with everybody; Kyle blocks with both Icemen, Magneto and two sidekicks;
# Quicksilver is unblocked, one of Bryan's sidekicks is blocked by Magneto.
P1 attack 2uxm#1 10uxm#1 10uxm#2 21uxm#1 SK1 SK2
P2 block 9uxm#1>10uxm#1 9uxm#2>10uxm#2 18uxm#1>SK1 SK1>2uxm#1 SK2>SK2
# Bryan waits to see what Kyle is up to.
P1 pass
# Kyle's bolt pays Iceman's global: both his sidekicks turn to bolts and go to his Reserve
# Pool; Angel and the sidekick they blocked stay blocked.
P2 global 9uxm pay SK3
judge face P2:SK1 bolt -- Iceman: Too Cool for Words, global
judge face P2:SK2 bolt -- Iceman: Too Cool for Words, global
P1 pass
# Two bolts double each Iceman's A, one die at a time (one action per priority, R10.4).
P2 activate 9uxm#1 pay SK1
P1 pass
P2 activate 9uxm#2 pay SK2
# Enrage spins Quicksilver up a level (and he must attack, which he does).
P1 use BA:26uxm#1
judge spin P1:21uxm#1 up -- Enrage
judge keyword P1:21uxm#1 must_attack -- Enrage
P1 pass
P2 pass
P1 pass
# Damage is assigned; both Juggernauts' 'when damaged' trigger. Bryan sends the sidekick
# Magneto is about to KO to save the level-3 Juggernaut, and nothing for the level-2 one.
P1 order 10uxm#2 10uxm#1
P1 choose SK1
P1 choose none
"""


def test_uncanny_x_men_detailed_combat_bryan_v_kyle(cards):
    scripted = with_abilities(cards, "2uxm", ANGEL_INSPIRING)
    scripted = with_abilities(scripted, "9uxm", ICEMAN_DOUBLE)
    scripted = with_abilities(scripted, "10uxm", JUGGERNAUT)
    replay = legal(scripted, DETAILED_COMBAT)

    def before(text, occurrence=1):
        found = [s for s in replay.steps if format_action(s.action) == text]
        return found[occurrence - 1].before

    # "Bryan's attacking sidekicks each get a bonus from Angel, who is also attacking."
    state = before("P1 pass")
    stat = query.attack(state, scripted, state.die("P1:SK1"))
    assert stat.value == 2 and "+1 (Angel: Inspiring)" in stat.explain()
    # "their blocked status does not change": Kyle's sidekicks left, the attackers did not.
    state = before("P2 activate 9uxm#1 pay SK1")
    assert state.die("P2:SK1").zone == Zone.RESERVE and "blocked" in state.die("P1:2uxm#1").flags
    assert state.die("P1:2uxm#1").zone == Zone.ATTACK and state.die("P2:SK1").blocking is None
    # "Kyle spends two bolts to double the attack value of each of his Iceman dice."
    state = before("P1 use BA:26uxm#1")
    doubled = [query.attack(state, scripted, state.die(f"P2:9uxm#{n}")).value for n in (1, 2)]
    assert doubled == [4, 6]  # level 1: 2 -> 4; level 2: 3 -> 6
    # "spin Quicksilver up a level and do an extra damage": level 3, A4.
    state = before("P2 pass")
    assert query.attack(state, scripted, state.die("P1:21uxm#1")).value == 4
    assert before("P1 order 10uxm#2 10uxm#1").pending.kind == "order"  # both Juggernauts
    final = replay.final
    # "Bryan knocks out both Iceman dice and dishes 4 damage directly to Kyle."
    assert final.player("P2").life == 16
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:9uxm#1", "P2:9uxm#2"}
    # Kyle KOs the level-2 Juggernaut; the level-3 one is saved by the sidekick sent away.
    assert final.die("P1:10uxm#1").zone == Zone.PREP
    assert final.die("P1:10uxm#2").zone == Zone.FIELD
    assert final.die("P1:SK1").zone == Zone.USED  # sent Out of Play, then Used at end of turn
    # Magneto survives the 2 damage of the boosted sidekick; Angel and the other sidekick,
    # whose blockers left, stay blocked and deal nothing (R11.4); Quicksilver was unblocked.
    assert final.die("P2:18uxm#1").zone == Zone.FIELD
    assert final.die("P1:2uxm#1").zone == Zone.FIELD and final.die("P1:SK2").zone == Zone.FIELD
    assert final.die("P1:21uxm#1").zone == Zone.USED


# -- Yu-Gi-Oh! rulebook: detailed combat example, Kyle v John ------------------------------
def _celtic_guardian_bonus(q):
    """'* +1D for every other [B] monster in the field, yours or your opponent's.'"""
    die = q.die
    if die is None or die.card != "2ygo" or die.controller != q.holder or not die.face.bursts:
        return
    bolts = [
        d
        for d in q.state.dice
        if d.id != die.id
        and d.is_character
        and d.zone in (Zone.FIELD, Zone.ATTACK)
        and "bolt" in (q.cards[d.card].energy if d.card in q.cards else ())
    ]
    if bolts and q.stat == "defense":
        yield Contribution("defense", len(bolts), f"Celtic Guardian ({len(bolts)} [B] monsters)")


def _horn_global(ctx):  # 'Pay [B]: one monster gets +1A' (once per use of a batch, R10.3)
    target = ctx.choose("one monster gets +1A", [d.id for d in ctx.characters()])[0]
    ctx.modify(target, attack=ctx.times)


def _horn_action(ctx):  # 'Give two of your monsters +1A and +1D each.'
    for die_id in ctx.choose(
        "two of your monsters", [d.id for d in ctx.characters(ctx.holder)], count=2
    ):
        ctx.modify(die_id, attack=1, defense=1)


CELTIC_GUARDIAN = Ability("bonus", "static", "+1D per other [B] monster",
                          continuous=_celtic_guardian_bonus)  # fmt: skip
HORN = (
    Ability("global", "global", "one monster gets +1A", resolve=_horn_global),
    Ability("action", "action", "two of your monsters get +1A +1D", resolve=_horn_action),
)

# The pictured board, as the text describes it: John is "running low on life" (the book gives
# no totals; the test checks what each player loses).
YGO_COMBAT = """\
game tournament life 20 first P2
P1 team 5ygo:2 7ygo:1 8ygo:1 basic 113ygo 114ygo 117ygo
P2 team 1ygo:1 2ygo:2 6ygo:1
board turn 6 active P1 step main
P1 life 5
P2 life 9
P1 die 5ygo#1 field L1
P1 die 5ygo#2 field L1
P1 die 7ygo#1 field L3
P1 die 8ygo#1 field L3
P1 die SK1 field L1
P1 die BA:113ygo#1 reserve action**
P1 die SK2 reserve bolt
P1 die SK3 reserve bolt
P2 die 1ygo#1 field L1
P2 die 2ygo#1 field L1
P2 die 2ygo#2 field L3
P2 die 6ygo#1 field L2
P2 die SK1 reserve shield
# "He decides to attack with all of his dice."
P1 attack 5ygo#1 5ygo#2 7ygo#1 8ygo#1 SK1
# La Jinn and the level-3 Celtic Guardian on the dragon, the level-1 Celtic Guardian on a
# Kuriboh, Blue-Eyes on the Time Wizard; a Kuriboh and the sidekick are unblocked.
P2 block 2ygo#1>5ygo#1 6ygo#1>7ygo#1 2ygo#2>7ygo#1 1ygo#1>8ygo#1
# Kyle uses both bolts on Horn of the Unicorn's global: his unblocked attackers get +1A each.
P1 global 113ygo pay SK2 target P1:SK1
P1 global 113ygo pay SK3 target P1:5ygo#2
P1 pass
# John's one global: Mystic Box trades the attack of his Celtic Guardian (2) and the Kuriboh it
# blocks (1).
P2 global 117ygo pay SK1
judge modifier P2:2ygo#1 -1A -- Mystic Box: trade attack values
judge modifier P1:5ygo#1 +1A -- Mystic Box: trade attack values
# Kyle's Horn of the Unicorn spell pumps his unblocked attackers again; then both pass.
P1 use BA:113ygo#1 target P1:SK1 P1:5ygo#2
P1 pass
P2 pass
P1 pass
# The dragon deals all 7 to the level-3 Celtic Guardian.
P1 damage 7ygo#1>2ygo#2=7
# Knocked out: the Time Wizard's burst takes La Jinn down with it; La Jinn had knocked out
# the dragon, so its burst costs Kyle 1 life (entered as soon as the game stops for input).
judge ko P2:6ygo#1 -- Time Wizard: Time Roulette, KO'd with its burst
judge life P1 -1 -- La Jinn: knocked out another monster, burst
"""


def test_yu_gi_oh_detailed_combat_kyle_v_john(cards):
    scripted = with_abilities(cards, "2ygo", CELTIC_GUARDIAN)
    scripted = with_abilities(scripted, "113ygo", *HORN)
    replay = legal(scripted, YGO_COMBAT)
    at = {}
    for step in replay.steps:  # each line's first step
        at.setdefault(format_action(step.action), step)
    # "John's level-1 Celtic Guardian gets a bonus from the other bolt monsters in the field:
    # both dragons, as well as the other Celtic Guardian. Thus it has +3D."
    state = at["P1 pass"].before
    guardian = query.defense(state, scripted, state.die("P2:2ygo#1"))
    assert guardian.value == 5 and "+3 (Celtic Guardian (3 [B] monsters))" in guardian.explain()
    # "He increases both his sidekick and his unblocked Kuriboh to two attack each."
    assert [query.attack(state, scripted, state.die(d)).value for d in ("P1:SK1", "P1:5ygo#2")] == [
        2,
        2,
    ]
    # "Since he is not attacking, he can only use one before giving Kyle the chance."
    after_box = at["judge modifier P1:5ygo#1 +1A -- Mystic Box: trade attack values"].after
    assert after_box.priority == "P1"
    assert query.attack(after_box, scripted, after_box.die("P1:5ygo#1")).value == 2
    assert query.attack(after_box, scripted, after_box.die("P2:2ygo#1")).value == 1
    final = replay.final
    # "John took a big hit, losing six life"; Kyle lost 1 (La Jinn's burst).
    assert final.player("P2").life == 9 - 6 and final.player("P1").life == 5 - 1
    # "Kyle loses the Time Wizard and the Red-Eyes B. Dragon, while John loses his Celtic
    # Guardian" (and then La Jinn); all to their owners' Prep Areas.
    assert {d.id for d in final.zone("P1", Zone.PREP)} == {"P1:7ygo#1", "P1:8ygo#1"}
    assert {d.id for d in final.zone("P2", Zone.PREP)} == {"P2:2ygo#2", "P2:6ygo#1"}
    # "Kyle's sidekick and Kuriboh go to his used pile, since they damaged John"; the other
    # Kuriboh, no longer KO'd, is his one small blocker; John keeps two monsters in the Field.
    assert final.die("P1:SK1").zone == Zone.USED and final.die("P1:5ygo#2").zone == Zone.USED
    assert [d.id for d in final.field("P1")] == ["P1:5ygo#1"]
    assert {d.id for d in final.field("P2")} == {"P2:1ygo#1", "P2:2ygo#1"}


# -- Bag refill and shortfall (R4.1, R5.1, R5.1a) ------------------------------------------
def _draw_board(bag: int, used: int) -> str:
    """P1's turn 5 begins with `bag` sidekicks in the bag and `used` in the Used Pile; the
    rest of the eight are in the Field."""
    lines = [header(), "board turn 5 active P1 step clear_and_draw\n"]
    for n in range(1, 9):
        zone = "bag" if n <= bag else "used" if n <= bag + used else "field L1"
        if zone != "bag":
            lines.append(f"P1 die SK{n} {zone}\n")
    return "".join(lines)


def test_a_bag_with_fewer_than_four_dice_is_drawn_empty_then_refilled(cards):
    """ "If your bag has fewer than four dice, draw all of them, then place all of the dice
    from your Used Pile into the bag ... and continue drawing" (DC starter)."""
    text = _draw_board(bag=2, used=4)
    refused(cards, text + "P1 draw SK3 SK4 SK5 SK6\n", "R4.1")  # the bag's two come first
    replay = legal(cards, text + "P1 draw SK1 SK2 SK3 SK4\n")
    assert "refilled with 4 dice" in events(replay.steps[-1])
    assert [d.id for d in replay.final.zone("P1", Zone.BAG)] == ["P1:SK5", "P1:SK6"]
    assert replay.final.player("P1").life == 20


def test_drawing_three_loses_one_life_and_gives_one_generic_energy(cards):
    """ "If you only drew three dice from the bag, you would gain one generic energy and lose
    one life" (DC starter)."""
    replay = legal(cards, _draw_board(bag=1, used=2) + "P1 draw SK1 SK2 SK3\n")
    state = replay.final
    assert state.player("P1").life == 19 and state.player("P1").virtual_energy == 1


def test_drawing_two_loses_two_life_and_drawing_one_loses_three(cards):
    """UXM: "if you drew only two dice ... gain 2 generic energy and lose 2 life"; Avengers
    Infinity: "only able to draw one die ... lose three Life and gain three generic Energy"."""
    state = legal(cards, _draw_board(bag=0, used=2) + "P1 draw SK1 SK2\n").final
    assert (state.player("P1").life, state.player("P1").virtual_energy) == (18, 2)
    state = legal(cards, _draw_board(bag=1, used=0) + "P1 draw SK1\n").final
    assert (state.player("P1").life, state.player("P1").virtual_energy) == (17, 3)
    refused(cards, _draw_board(bag=1, used=2) + "P1 draw SK1 SK2\n", "R5.1")  # all 3 must come


# -- Tournament rules: all of a Clear and Draw is one draw (wiki, Magneto: Hellfire Club) -----
def _magneto(ctx):
    ctx.damage(ctx.opponent, 2)


def _no_villain(ctx):
    opponent = ctx.event.player
    villains = [
        d
        for d in ctx.state.field(opponent)
        if d.is_character and "villain" in query.affiliations(ctx.state, ctx.cards, d)
    ]
    return opponent != ctx.holder and not villains and is_active(ctx.state, ctx.card, ctx.holder)


MAGNETO = Ability(
    "draw_damage",
    "triggered",
    "2 damage each time the opponent draws",
    trigger="drew",
    subject="card",
    condition=_no_villain,
    resolve=_magneto,
)


def test_magneto_hits_once_for_a_draw_that_refilled_the_bag(cards):
    """ "If a player has only two dice in his bag and has to draw two, then refill, before
    drawing the final two, the player would only take two damage from Magneto, rather than
    four" (wiki, tournament rules)."""
    scripted = with_abilities(cards, "76uxm", MAGNETO)
    text = (
        header_with("P2 team 76uxm:2 basic 34sww 32sww")
        + """\
board turn 5 active P1 step clear_and_draw
P2 die 76uxm#1 field L1
P1 die SK3 used
P1 die SK4 used
P1 die SK5 used
P1 die SK6 used
P1 die SK7 field L1
P1 die SK8 field L1
P1 draw SK1 SK2 SK3 SK4
"""
    )
    replay = legal(scripted, text)
    assert replay.final.player("P1").life == 18  # 2, not 4
    assert "R4.1" in replay.steps[-1].rules
    # With a Villain of P1's in the Field, Magneto does nothing.
    villain = text.replace("P1 die SK8 field L1", "P1 die SK8 field L1\nP1 die 5sww#1 field L1")
    scripted = with_abilities(scripted, "5sww", *())
    assert (
        legal(scripted, villain.replace("19sww:4", "19sww:4 5sww:1")).final.player("P1").life == 20
    )


def header_with(p2_team: str) -> str:
    return header().replace("P2 team 5sww:4 9sww:3 basic 34sww 32sww", p2_team)


# -- Tournament rules: card text works per die (UXM, Iceman: Too Cool for Words) -------------
def test_iceman_doubles_each_die_once_per_bolt(cards):
    """ "For each bolt you pay, you choose only one Iceman die you have fielded and double its
    attack, however you can do this for each Iceman die you have fielded" (UXM)."""
    scripted = with_abilities(cards, "9uxm", ICEMAN_DOUBLE)
    text = (
        header_with("P2 team 9uxm:3 basic 34sww 32sww").replace(
            "P1 team 19sww:4 22sww:4", "P1 team 9uxm:2 22sww:4"
        )
        + """\
board turn 3 active P1 step main
P1 die 9uxm#1 field L3
P1 die 9uxm#2 field L1
P1 die SK1 reserve bolt
P1 die SK2 reserve bolt
P1 die SK3 reserve wild
P1 activate 9uxm#1 pay SK1
P1 activate 9uxm#2 pay SK2
"""
    )
    state = legal(scripted, text).final
    assert [query.attack(state, scripted, state.die(f"P1:9uxm#{n}")).value for n in (1, 2)] == [
        8,
        4,
    ]
    step = refused(scripted, text + "P1 activate 9uxm#1 pay SK3\n", "R10.1")  # once per die
    assert "P1:9uxm#1 has already used" in step.reason
    fist = text.replace("P1 die SK3 reserve wild", "P1 die SK3 reserve fist")
    refused(scripted, fist.split("P1 activate")[0] + "P1 activate 9uxm#1 pay SK3\n", "R6.5")
    explained = query.attack(state, scripted, state.die("P1:9uxm#1")).explain()
    assert explained == "8 = 4 printed +4 (P1:9uxm#1)"


# -- Tournament rules: counting opposing dice (DC starter, Cheetah: Feline Fury) -------------
def _cheetah_feline_fury(q):
    if q.die is None or q.die.card != "4sww" or q.die.controller != q.holder:
        return
    counted = [
        d
        for d in query.opposing_field(q.state, q.holder)
        if not query.is_sidekick(q.state, q.cards, d)
        and "villain" not in query.affiliations(q.state, q.cards, d)
    ]
    if counted:
        yield Contribution(q.stat, len(counted), f"Cheetah: Feline Fury ({len(counted)} dice)")


FELINE_FURY = Ability(
    "fury",
    "static",
    "+1A +1D per opposing non-sidekick non-villain die",
    continuous=_cheetah_feline_fury,
)


def test_cheetah_counts_each_opposing_die_in_the_field_and_attack_zone(cards):
    """ "If your opponent has two Wonder Woman and one Superman die in their Field Zone (three
    non-Sidekick, non-Villain dice) the effect would grant Cheetah +3A and +3D. Since it
    specifies opposing dice, it only counts dice that are in your opponent's Field Zone (the
    Attack Zone is part of the Field Zone)" (DC starter)."""
    scripted = with_abilities(cards, "4sww", FELINE_FURY)
    text = (
        header_with("P2 team 4sww:2 basic 34sww 32sww")
        + """\
board turn 5 active P1 step main
P1 die 22sww#1 field L1
P1 die 22sww#2 field L2
P1 die 19sww#1 field L1
P1 die 19sww#2 reserve L1
P1 die SK1 field L1
P1 die SK2 reserve fist
P2 die 4sww#1 field L1
"""
    )
    state = legal(scripted, text).final
    cheetah = state.die("P2:4sww#1")
    attack, defense = (
        query.attack(state, scripted, cheetah),
        query.defense(state, scripted, cheetah),
    )
    assert (attack.value, defense.value) == (4 + 3, 2 + 3)
    assert attack.explain() == "7 = 4 printed +3 (Cheetah: Feline Fury (3 dice))"
    # One Wonder Woman attacking is still in the Field: still three.
    state = legal(scripted, text + "P1 attack 22sww#1\n").final
    assert query.attack(state, scripted, state.die("P2:4sww#1")).value == 7
    # Superman in the Reserve Pool and the sidekick were not counted; fielded, Superman is.
    state = legal(scripted, text + "P1 field 19sww#2 pay SK2\n").final
    assert query.attack(state, scripted, state.die("P2:4sww#1")).value == 8  # fielded: four
