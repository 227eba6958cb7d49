"""The effect queue (R13.3), interrupts (R13.4), 'the first time' (R13.5), targets (R10.3,
R13.2), 'when damaged' before KO (R11.5), and the input requests of resolving effects.
Abilities are scripted onto demo cards here, as the card abilities layer does for real ones."""

import pytest

from rules.engine import Ability, Contribution, EnergyCost, NeedsInput, Zone, apply, parse_action
from tests.rules.engine.helpers import events, header, legal, refused, run, with_abilities

BOARD = (
    header()
    + """\
board turn 3 active P1 step main
P1 die 19sww#1 reserve L1
P1 die SK1 reserve shield
P1 die SK2 reserve fist
P1 die SK3 field L1
P2 die 5sww#1 field L1
P2 die SK1 field L1
P2 die SK2 reserve shield
"""
)


def _log(label):
    """An ability that records its resolution in the events."""

    def resolve(ctx):
        ctx.emit("effect_resolved", f"{label} resolved now", rule="R13.3")

    return resolve


def triggered(name, trigger, label, subject="self", **kw):
    return Ability(
        name,
        "triggered",
        label,
        trigger=trigger,
        subject=subject,
        resolve=kw.pop("resolve", _log(label)),
        **kw,
    )


def resolved_order(step):
    return [
        e.text.removesuffix(" resolved now") for e in step.events if e.text.endswith("resolved now")
    ]


@pytest.fixture
def scripted(cards):
    """Superman: 'when fielded' (A) and a card-wide 'whenever you field a die' (B); Wonder
    Woman (not in play): 'whenever you field a die' (C); Cheetah (P2): 'whenever an opposing
    die is fielded, lose 1 life' (D); Giganta (P2): 'whenever you lose life' (E), which D
    sets off while resolving."""
    mine = lambda ctx: ctx.event.player == ctx.holder  # noqa: E731
    theirs = lambda ctx: ctx.event.player != ctx.holder  # noqa: E731

    def lose_life(ctx):
        ctx.emit("effect_resolved", "D resolved now", rule="R13.3")
        ctx.lose_life(ctx.holder, 1)

    cards = with_abilities(
        cards,
        "19sww",
        triggered("fielded", "fielded", "A"),
        triggered("ally_fielded", "fielded", "B", subject="card", condition=mine),
    )
    cards = with_abilities(
        cards, "22sww", triggered("any_fielded", "fielded", "C", subject="card", condition=mine)
    )
    cards = with_abilities(
        cards,
        "5sww",
        triggered("watch", "fielded", "D", subject="card", condition=theirs, resolve=lose_life),
    )
    return with_abilities(
        cards,
        "9sww",
        triggered(
            "life",
            "life_lost",
            "E",
            subject="card",
            condition=lambda ctx: ctx.event.player == ctx.holder,
        ),
    )


def test_simultaneous_triggers_wait_for_the_active_players_order(scripted):
    text = BOARD + "P1 field 19sww#1 pay SK1\n"
    replay = run(scripted, text)
    state = replay.final
    assert state.pending.kind == "order" and state.pending.player == "P1"
    assert set(state.pending.options) == {"P1:19sww#1", "P1:19sww", "P1:22sww"}
    refused(scripted, text + "P2 order a b\n", "R13.3")
    refused(scripted, text + "P1 order P1:19sww P1:19sww#1\n", "R13.3")  # all three, once each
    refused(scripted, text + "P1 buy 34sww pay SK2 SK3\n", "R13.3")  # the order comes first


def test_the_active_players_effects_resolve_first_in_their_order_then_later_ones(scripted):
    text = BOARD + "P1 field 19sww#1 pay SK1\nP1 order P1:22sww P1:19sww#1 P1:19sww\n"
    replay = legal(scripted, text)
    # P1's three in P1's order, then P2's D; D's life loss triggers E, which waits at the back.
    assert resolved_order(replay.steps[-1]) == ["C", "A", "B", "D", "E"]
    assert replay.final.player("P2").life == 19 and replay.final.pending is None


def _target_damage(ctx):
    target = ctx.choose(
        "1 damage to an opposing character die", [d.id for d in ctx.characters(ctx.opponent)]
    )
    ctx.damage(target[0], 1)


@pytest.fixture
def with_target(cards):
    ping = triggered("ping", "fielded", "ping", resolve=_target_damage)
    return with_abilities(cards, "19sww", ping)


def test_an_effect_waits_for_its_target_and_checks_it(with_target):
    text = BOARD + "P1 field 19sww#1 pay SK1\n"
    replay = run(with_target, text)
    assert isinstance(replay.final.pending, object) and replay.final.pending.kind == "choose"
    assert set(replay.final.pending.options) == {"P2:5sww#1", "P2:SK1"}
    refused(with_target, text + "P1 choose P1:SK3\n", "R13.2")  # not an opposing die
    refused(with_target, text + "P2 choose P2:SK1\n", "R13.3")  # P1 chooses
    state = legal(with_target, text + "P1 choose P2:SK1\n").final
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage on D1: KO'd (R12.2)


def test_an_effect_with_no_valid_target_cannot_be_used(cards):
    plus = Ability("global", "global", "+1D", has_target=lambda q: False)
    scripted = with_abilities(cards, "31sww", plus)
    refused(scripted, BOARD + "P1 global 31sww pay SK1\n", "R10.3")


def _plus_one_defense(ctx):
    target = ctx.choose("+1D to a character die", [d.id for d in ctx.characters()])
    ctx.modify(target[0], defense=1)


def test_a_global_resolves_with_its_target_given_on_the_line(cards):
    scripted = with_abilities(
        cards,
        "31sww",
        Ability("global", "global", "+1D to a character die", resolve=_plus_one_defense),
    )
    state = legal(scripted, BOARD + "P1 global 31sww pay SK1 target P1:SK3\n").final
    from rules.engine import query

    stat = query.defense(state, scripted, state.die("P1:SK3"))
    assert stat.value == 2 and stat.explain() == "2 = 1 printed +1 (P1:31sww.global)"


def _when_damaged_gain(ctx):
    ctx.gain_life(ctx.holder, 1)


def test_when_damaged_resolves_before_the_ko(cards):
    """R11.5: 'when damaged' effects resolve even for a die about to be KO'd, then the KO."""
    scripted = with_abilities(
        cards, "5sww", triggered("hurt", "damaged", "hurt", resolve=_when_damaged_gain)
    )
    text = (
        header()
        + """\
board turn 3 active P1 step main
P2 life 15
P1 die 19sww#1 field L1
P2 die 5sww#1 field L1
P1 attack 19sww#1
P2 block 5sww#1>19sww#1
P1 damage
"""
    )
    replay = legal(scripted, text)
    text_events = events(replay.steps[-1])
    assert text_events.index("P2 gained life") < text_events.index("P2:5sww#1 was KO'd")
    assert replay.final.player("P2").life == 16


def _prevent_one(ctx):
    ctx.prevent(1)


def test_a_reactive_global_interrupts_damage_before_anything_reacts_to_it(cards):
    """R13.4: a prevent effect comes before the damage; prevented in full, the damage never
    happened, so 'when damaged' never triggers."""
    shield = Ability(
        "global",
        "global",
        "prevent 1 damage to one of your dice",
        interrupt=True,
        cost=EnergyCost(1, ("shield",)),
        resolve=_prevent_one,
        condition=lambda ctx: (
            not ctx.event.to_player and ctx.state.die(ctx.event.target).controller == ctx.holder
        ),
    )
    scripted = with_abilities(cards, "31sww", shield)
    scripted = with_abilities(
        scripted, "5sww", triggered("hurt", "damaged", "hurt", resolve=_when_damaged_gain)
    )
    text = BOARD + "P1 attack SK3\nP2 block 5sww#1>SK3\nP1 damage\n"
    request = run(scripted, text).final.pending
    assert request.kind == "may" and request.player == "P2"  # for Cheetah, hit by P1:SK3
    refused(scripted, text + "P2 yes pay SK1\n", "R6.1")  # SK1 is in the Field, not energy
    text += "P2 yes pay SK2\n"
    request = run(scripted, text).final.pending
    assert request.kind == "may" and request.player == "P1"  # for P1:SK3, hit by Cheetah
    replay = legal(scripted, text + "P1 no\n")
    state = replay.final
    assert state.die("P2:5sww#1").zone == Zone.FIELD and state.player("P2").life == 20
    assert "hurt" not in events(replay.steps[-1])  # no damage, no 'when damaged'
    assert state.die("P2:SK2").zone == Zone.USED  # paid on P1's turn: straight to Used
    assert state.die("P1:SK3").zone == Zone.PREP  # P1 declined for P1:SK3
    assert "R13.4" in replay.steps[-1].rules
    # Reactive globals are used only when what they react to happens (R10.2).
    refused(scripted, BOARD + "P1 global 31sww pay SK1\n", "R10.2")


def test_a_redirected_effect_keeps_its_source_and_hits_the_new_target(cards):
    redirect = Ability(
        "shield",
        "triggered",
        "damage to Cheetah goes to her owner instead",
        trigger="would_be_damaged",
        interrupt=True,
        subject="card",
        condition=lambda ctx: ctx.event.target == "P2:5sww#1",
        resolve=lambda ctx: ctx.redirect(ctx.holder),
    )
    scripted = with_abilities(cards, "5sww", redirect)
    replay = legal(scripted, BOARD + "P1 attack SK3\nP2 block 5sww#1>SK3\nP1 damage\n")
    state = replay.final
    assert state.die("P2:5sww#1").damage == 0 and state.player("P2").life == 19
    assert "redirected from P2:5sww#1 to P2" in events(replay.steps[-1])


def test_the_first_time_is_checked_per_card(cards):
    """R13.5: two of P2's dice KO'd at once: 'the first time each turn one of your dice is
    KO'd, lose 1 life' resolves once."""
    first = triggered(
        "first",
        "kod",
        "first",
        subject="card",
        limit="first_time",
        condition=lambda ctx: ctx.event.player == ctx.holder,
        resolve=lambda ctx: ctx.lose_life(ctx.holder, 1),
    )
    scripted = with_abilities(cards, "9sww", first)
    replay = legal(
        scripted,
        header()
        + """\
board turn 3 active P1 step main
P1 die SK1 field L1
P1 die SK2 field L1
P2 die SK1 field L1
P2 die SK2 field L1
P1 attack SK1 SK2
P2 block SK1>SK1 SK2>SK2
P1 damage
""",
    )
    assert {d.id for d in replay.final.zone("P2", Zone.PREP)} == {"P2:SK1", "P2:SK2"}
    assert replay.final.player("P2").life == 19  # not 18
    assert "R13.5" in replay.steps[-1].rules


def _each_player_damage(ctx):
    ctx.damage("P1", 1)
    ctx.damage("P2", 1)


def test_one_effect_taking_both_players_to_zero_is_a_tie(cards):
    scripted = with_abilities(
        cards,
        "34sww",
        Ability("action", "action", "1 damage to each player", resolve=_each_player_damage),
    )
    text = (
        header()
        + """\
board turn 3 active P1 step main
P1 life 1
P2 life 1
P1 die BA:34sww#1 reserve action
P1 use BA:34sww#1
"""
    )
    replay = legal(scripted, text)
    assert replay.final.winner == "draw"
    assert "the game is a tie" in events(replay.steps[-1])


def _prep_from_bag(ctx):
    if ctx.may("prep a die from the bag"):
        ctx.draw(ctx.holder, 1)


def test_an_effect_asks_may_and_which_die_was_drawn(cards):
    scripted = with_abilities(
        cards, "19sww", triggered("fielded", "fielded", "prep", resolve=_prep_from_bag)
    )
    text = BOARD + "P1 field 19sww#1 pay SK1\n"
    assert run(scripted, text).final.pending.kind == "may"
    assert legal(scripted, text + "P1 no\n").final.zone("P1", Zone.PREP) == ()
    replay = run(scripted, text + "P1 yes\n")
    assert replay.final.pending.kind == "draw" and replay.final.pending.count == 1
    refused(scripted, text + "P1 yes\nP1 draw SK3\n", "R4.1")  # SK3 is in the Field
    state = legal(scripted, text + "P1 yes\nP1 draw SK5\n").final
    assert [d.id for d in state.zone("P1", Zone.PREP)] == ["P1:SK5"]


def test_answers_come_only_when_asked(cards):
    refused(cards, BOARD + "P1 choose P2:SK1\n", "R13.3")
    refused(cards, BOARD + "P1 yes\n", "R13.3")


def test_static_abilities_change_stats_while_active(cards):
    aura = Ability(
        "aura",
        "static",
        "your sidekicks get +1A",
        while_active=True,
        continuous=lambda q: (
            [Contribution("attack", 1, "Superman's aura")]
            if q.die is not None and q.die.is_sidekick and q.die.controller == q.holder
            else []
        ),
    )
    scripted = with_abilities(cards, "19sww", aura)
    state = legal(scripted, BOARD).final
    from rules.engine import query

    assert query.attack(state, scripted, state.die("P1:SK3")).value == 1  # Superman not active
    state = legal(scripted, BOARD + "P1 field 19sww#1 pay SK1\n").final
    stat = query.attack(state, scripted, state.die("P1:SK3"))
    assert stat.value == 2 and "+1 (Superman's aura)" in stat.explain()
    assert query.attack(state, scripted, state.die("P2:SK1")).value == 1  # not P2's


def test_an_answer_given_twice_is_refused_without_changing_anything(with_target):
    text = BOARD + "P1 field 19sww#1 pay SK1\nP1 choose P2:SK1\n"
    state = legal(with_target, text).final
    result = apply(state, parse_action("P1 choose P2:SK1", with_target), with_target)
    assert not result.legal and result.state is state
    assert isinstance(
        apply(
            legal(with_target, BOARD).final,
            parse_action("P1 field 19sww#1 pay SK1", with_target),
            with_target,
        ),
        NeedsInput,
    )


def _field_from_used(ctx):
    used = [d.id for d in ctx.state.zone(ctx.holder, Zone.USED) if d.is_sidekick]
    ctx.field(ctx.choose("a sidekick from your Used Pile to field", used)[0])


def test_an_effect_that_fields_a_die_fields_it_free_at_level_1_and_it_triggers(cards):
    """R8.2: an effect that says 'field' fields at level 1, free, and 'when fielded' triggers;
    dice spent to field the first die are Out of Play and can't be chosen (R8.3)."""
    fielder = triggered(
        "fielded",
        "fielded",
        "field",
        resolve=_field_from_used,
        condition=lambda ctx: ctx.die.card == "19sww",
    )
    scripted = with_abilities(cards, "19sww", fielder)
    text = BOARD.replace("P1 die SK3 field L1", "P1 die SK3 field L1\nP1 die SK4 used")
    replay = run(scripted, text + "P1 field 19sww#1 pay SK1\n")
    assert replay.final.pending.options == ("P1:SK4",)  # not SK1: it is Out of Play
    state = legal(scripted, text + "P1 field 19sww#1 pay SK1\nP1 choose SK4\n").final
    assert state.die("P1:SK4").zone == Zone.FIELD and state.die("P1:SK4").level == 1


def test_a_restriction_beats_what_the_rules_allow(cards):
    """R13.7, with Kitty Pryde's 'sidekicks can't block her' scripted on Superman."""

    def no_sidekick_blocks(q):
        if q.stat == "block" and q.other.card == "19sww" and q.die.is_sidekick:
            return "sidekicks can't block Superman"
        return None

    scripted = with_abilities(
        cards, "19sww", Ability("elusive", "static", "", restrict=no_sidekick_blocks)
    )
    text = (
        BOARD.replace("P1 die 19sww#1 reserve L1", "P1 die 19sww#1 field L1")
        + "P1 attack 19sww#1\n"
    )
    step = refused(scripted, text + "P2 block SK1>19sww#1\n", "R13.7")
    assert "sidekicks can't block Superman" in step.reason
    legal(scripted, text + "P2 block 5sww#1>19sww#1\n")


def test_end_of_turn_effects_resolve_the_active_players_first(cards):
    """R5.5: 'at end of turn' effects, the active player's first, then the inactive player's."""
    mine = triggered("eot", "end_of_turn", "P1's", subject="card")
    theirs = triggered("eot", "end_of_turn", "P2's", subject="card")
    scripted = with_abilities(with_abilities(cards, "19sww", mine), "5sww", theirs)
    replay = legal(scripted, BOARD + "P1 end\n")
    assert resolved_order(replay.steps[-1]) == ["P1's", "P2's"]


def test_start_of_turn_effects_come_before_the_draw(cards):
    """R5.0, with Sabretooth's 'when your turn begins, spin up' scripted on Cheetah."""

    def spin_up(ctx):
        for die in ctx.characters(ctx.holder):
            if die.card == "5sww":
                ctx.spin(die.id, 1)

    sabretooth = triggered(
        "start",
        "turn_started",
        "spin up",
        subject="card",
        resolve=spin_up,
        condition=lambda ctx: ctx.event.player == ctx.holder,
    )
    scripted = with_abilities(cards, "5sww", sabretooth)
    replay = legal(scripted, BOARD + "P1 end\n")
    state = replay.final
    assert state.die("P2:5sww#1").level == 2 and state.pending.kind == "draw"
    text = events(replay.steps[-1])
    assert text.index("Turn 4: P2's turn begins") < text.index("P2:5sww#1 spun up")
    assert text.index("P2:5sww#1 spun up") < text.index("P2 cleared P2:SK2")


def test_extra_draws_and_cost_reductions_come_from_static_abilities(cards):
    """R5.1: extra dice drawn in Clear and Draw; R7.3: a reduction never takes a cost below 1
    (Jimmy Olsen's 'Superman costs 2 less' scripted, for a 6-cost Superman: 4; a 'costs 9
    less': 1)."""
    from rules.engine import query

    def cheaper(amount):
        return lambda q: (
            [Contribution("purchase_cost", -amount, "cheaper")] if q.params == ("19sww",) else []
        )

    scripted = with_abilities(cards, "22sww", Ability("cheap", "static", "", continuous=cheaper(2)))
    state = legal(scripted, BOARD).final
    assert query.purchase_cost(state, scripted, "P1", "19sww").value == 4
    scripted = with_abilities(cards, "22sww", Ability("cheap", "static", "", continuous=cheaper(9)))
    stat = query.purchase_cost(state, scripted, "P1", "19sww")
    assert stat.value == 1
    assert stat.explain() == "1 = 6 printed -9 (cheaper) (a reduced cost is never below 1, R7.3)"

    def one_more(q):
        return [Contribution("draw", 1, "more")] if q.player == q.holder else []

    extra = Ability("draw", "static", "draw one more", continuous=one_more)
    scripted = with_abilities(cards, "19sww", extra)
    state = legal(scripted, BOARD + "P1 end\nP2 draw SK3 SK4 SK5 SK6\n").final
    assert state.pending.kind == "roll"  # P2 doesn't hold the card: 4
    replay = run(
        scripted,
        BOARD
        + "P1 end\nP2 draw SK3 SK4 SK5 SK6\nP2 roll "
        + " ".join(f"SK{n}=fist" for n in (3, 4, 5, 6))
        + "\nP2 end\n",
    )
    assert replay.final.pending.count == 5  # P1 holds it: 5


def test_defense_reduced_to_zero_kos_and_life_is_never_gained_past_the_start(cards):
    state = legal(cards, BOARD + "judge modifier P2:5sww#1 -2D\n").final
    assert state.die("P2:5sww#1").zone == Zone.PREP  # D 0: KO'd (R12.1)
    replay = legal(cards, BOARD + "judge life P1 -3\njudge life P1 +5\n")
    assert replay.final.player("P1").life == 20 and "R12.4" in replay.steps[-1].rules


def test_a_lasting_effect_acts_until_end_of_turn(cards):
    """R13.1: Artemis-like 'your Superman dice take no damage for the rest of the turn',
    started by a 'when fielded' effect and kept as a lasting effect."""

    def no_damage(q):
        mine = q.die is not None and q.die.card == "19sww" and q.die.controller == q.holder
        if q.stat == "prevent" and mine:
            yield Contribution("prevent", q.amount, "Superman takes no damage this turn")

    fielded = triggered(
        "fielded", "fielded", "shielded", resolve=lambda ctx: ctx.last("19sww.shield")
    )
    shield = Ability("shield", "lasting", "no damage this turn", continuous=no_damage)
    scripted = with_abilities(cards, "19sww", fielded, shield)
    text = BOARD + "P1 field 19sww#1 pay SK1\n"
    state = legal(scripted, text).final
    assert [e.ability for e in state.effects] == ["19sww.shield"]
    fight = text + "P1 attack 19sww#1\nP2 block 5sww#1>19sww#1\nP1 damage\n"
    replay = legal(scripted, fight)
    assert "prevented (Superman takes no damage this turn)" in events(replay.steps[-1])
    assert replay.final.die("P2:5sww#1").zone == Zone.PREP and replay.final.effects == ()


def _draw_and_roll(ctx):
    ctx.draw(ctx.holder, 1, to=Zone.RESERVE)


def test_a_die_drawn_with_no_destination_is_rolled_once_into_the_reserve(cards):
    """R4.3: 'draw a die' with no destination: roll it once and put it in the Reserve Pool."""
    scripted = with_abilities(
        cards, "19sww", triggered("fielded", "fielded", "draw", resolve=_draw_and_roll)
    )
    text = BOARD + "P1 field 19sww#1 pay SK1\n"
    assert run(scripted, text).final.pending.kind == "draw"
    assert run(scripted, text + "P1 draw SK5\n").final.pending.kind == "roll"
    refused(scripted, text + "P1 draw SK5\nP1 roll SK5=mask2\n", "R1.5")
    state = legal(scripted, text + "P1 draw SK5\nP1 roll SK5=mask\n").final
    assert (
        state.die("P1:SK5").zone == Zone.RESERVE and state.die("P1:SK5").face.notation() == "mask"
    )


def test_effects_that_trigger_each_other_forever_stop_with_a_verdict(cards):
    loop = triggered(
        "loop",
        "life_gained",
        "loop",
        subject="card",
        resolve=lambda ctx: ctx.emit("life_gained", "again", player=ctx.holder),
    )
    scripted = with_abilities(cards, "19sww", loop)
    step = refused(scripted, BOARD + "judge life P1 -1\njudge life P1 +1\n", "R13.3")
    assert "keep triggering each other" in step.reason
