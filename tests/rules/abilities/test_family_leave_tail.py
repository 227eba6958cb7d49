"""Family `leave_tail` (rules/abilities/templates/leave_tail.py): the engine's record of the
dice that left the Field this turn (who made them leave, KOs), Aftershock (`lt_aftershock`),
Resistance and the KO'd-this-turn conditions (`lt_kod_this_turn`, `lt_none_kod_this_turn`).

Real lines are read from the card file by key at test time (their text is never copied here)
and played through the engine; the opponent's action die is the demo Reckless Melee (30uxm:
every character takes 1 damage)."""

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import OPPOSING, pool, real_compiled
from tests.rules.abilities.scenario import (
    compiled,
    compiled_cards,
    demo_cards_automated,
    encoded_cards,
    play,
    refused,
)

MELEE = "30uxm"  # Reckless Melee: every character, yours included, takes 1 damage


def _cards(key: str, start: str = "", *, whole: bool = False):
    cards = dict(demo_cards_automated())
    if whole:
        record = pool()[key]
        result = compile_card(record)
    else:
        record, result = real_compiled(key, start)
    assert result.status == "automated", result.manual_lines
    cards[key] = engine_card(record, result.encoding)
    return cards


def _scene(key: str, *lines: str, active: str = "P1", opposing=OPPOSING) -> str:
    """P1: the real card, Superman and Reckless Melee; P2: the demo X-Men and Villains and
    Reckless Melee, on the board `opposing` (real_cards.OPPOSING)."""
    head = (
        "game tournament life 20 first P1\n"
        f"P1 team {key}:2 19sww:2 basic {MELEE}\n"
        f"P2 team 5sww:2 22uxm:2 21uxm:2 19sww:2 basic {MELEE}\n"
        f"board turn 3 active {active} step main\n"
    )
    return head + "".join(f"{line}\n" for line in (*opposing, *lines))


def _events(replay, kind: str) -> list:
    return [e for step in replay.steps for e in step.events if e.kind == kind]


# -- the engine's record ------------------------------------------------------------------------
def test_engine_records_who_made_dice_leave_the_field_and_forgets_it_at_turn_end():
    cards = dict(demo_cards_automated())
    text = _scene(
        "19sww", "P1 die SK1 field L1", f"P2 die BA:{MELEE}#1 reserve action", active="P2"
    )
    replay = play(cards, text, f"P2 use BA:{MELEE}#1")
    state = replay.final
    by_die = {left.die: left for left in state.departed}
    mine = by_die["P1:SK1"]  # KO'd by the damage of P2's action die (its last damage)
    assert (mine.kod, mine.by, mine.means, mine.controller, mine.to) == (
        True,
        "P2",
        "action",
        "P1",
        Zone.PREP,
    )
    assert (mine.level, mine.attack, mine.defense) == (1, 1, 1)
    assert by_die["P2:SK1"].by == "P2"  # P2's own Sidekick too: it is P2's action die
    assert "P2:21uxm#1" not in by_die  # Quicksilver L2 (D2) survives its 1 damage
    left = {e.die: e for e in _events(replay, "left_field")}
    assert left["P1:SK1"].other == "P2" and left["P1:SK1"].player == "P1"
    state = play(cards, text, f"P2 use BA:{MELEE}#1", "P2 end").final
    assert state.departed == ()  # the record is the turn's


def test_engine_records_a_combat_ko_without_a_cause():
    cards = dict(demo_cards_automated())
    text = _scene("19sww", "P1 die SK1 field L1", active="P2")
    replay = play(cards, text, "P2 attack 22uxm#1", "P1 block SK1>22uxm#1", "P2 damage")
    (left,) = [e for e in _events(replay, "left_field") if e.die == "P1:SK1"]
    assert left.other == "" and left.text == "P1:SK1 left the Field"
    assert replay.final.departed == ()  # the attack ran to the turn's end


# -- Aftershock -----------------------------------------------------------------------------------
def test_aftershock_compiles_as_the_trigger_and_its_english():
    _, result = real_compiled("38asm", "Aftershock")
    (spec,) = result.encoding["abilities"]
    assert spec == {
        "when": "lt_aftershock",
        "effects": [{"do": "damage", "to": {"pick": "target", "or_player": True}, "amount": 1}],
    }
    assert result.description.startswith(
        "When this die leaves the Field Zone because of an opponent's action die or global "
        "ability (Aftershock): deal 1 damage"
    )


def test_aftershock_when_an_opponents_action_die_kos_it_38asm():
    cards = _cards("38asm", "Aftershock")
    text = _scene(
        "38asm", "P1 die 38asm#1 field L1", f"P2 die BA:{MELEE}#1 reserve action", active="P2"
    )
    replay = play(cards, text, f"P2 use BA:{MELEE}#1", "P1 choose P2")
    state = replay.final
    assert state.die("P1:38asm#1").zone == Zone.PREP
    assert state.player("P2").life == 19  # Black Widow's Aftershock: 1 damage to P2


def test_no_aftershock_for_its_own_players_action_die_38asm():
    cards = _cards("38asm", "Aftershock")
    text = _scene("38asm", "P1 die 38asm#1 field L1", f"P1 die BA:{MELEE}#1 reserve action")
    state = play(cards, text, f"P1 use BA:{MELEE}#1").final
    assert state.die("P1:38asm#1").zone == Zone.PREP
    assert state.pending is None and state.player("P2").life == 20


def test_no_aftershock_for_a_ko_in_combat_38asm():
    cards = _cards("38asm", "Aftershock")
    text = _scene("38asm", "P1 die 38asm#1 field L1", active="P2")
    replay = play(cards, text, "P2 attack 22uxm#1", "P1 block 38asm#1>22uxm#1", "P2 damage")
    state = replay.final  # the attack ran to the turn's end: nothing asked P1 for a target
    assert state.die("P1:38asm#1").zone == Zone.PREP
    assert state.player("P2").life == 20 and not _events(replay, "effect_queued")


def test_aftershock_kos_a_target_22doom():
    cards = _cards("22doom", "Aftershock")
    # Robotman L1 has D2: KO'd by the damage of P2's second Melee
    text = _scene(
        "22doom",
        "P1 die 22doom#1 field L1",
        "P1 die 19sww#1 field L1",
        f"P2 die BA:{MELEE}#1 reserve action",
        f"P2 die BA:{MELEE}#2 reserve action",
        active="P2",
    )
    state = play(
        cards, text, f"P2 use BA:{MELEE}#1", f"P2 use BA:{MELEE}#2", "P1 choose P2:19sww#1"
    ).final
    assert state.die("P1:22doom#1").zone == Zone.PREP
    assert state.die("P2:19sww#1").zone == Zone.PREP  # Superman (Justice League) KO'd


def test_an_unread_aftershock_body_stays_manual():
    result = compiled("19sww", ability_lines=["Aftershock - Superman's controller names a number"])
    assert result.status == "manual"


# -- Resistance and the turn's KOs -------------------------------------------------------------
def test_resistance_end_of_turn_life_after_a_ko_4cw():
    _, result = real_compiled("4cw", "Resistance")
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "end_of_turn" and spec["by"] == "yours"
    assert spec["if"] == {"test": "lt_kod_this_turn", "lt_whose": "yours"}
    assert result.description == (
        "At the end of your turn, if a character die you control was KO'd this turn: "
        "you gain 1 life."
    )
    cards = _cards("4cw", "Resistance")
    lines = ("P1 die 4cw#1 field L1", "P1 die SK1 field L1", "P1 life 15")
    text = _scene("4cw", *lines, f"P1 die BA:{MELEE}#1 reserve action")
    state = play(cards, text, f"P1 use BA:{MELEE}#1", "P1 end").final
    assert state.die("P1:SK1").zone != Zone.FIELD
    assert state.player("P1").life == 16
    # No KO of P1's this turn: nothing
    state = play(cards, _scene("4cw", *lines), "P1 end").final
    assert state.player("P1").life == 15


def test_resistance_counts_only_your_own_kos_4cw():
    cards = _cards("4cw", "Resistance")
    text = _scene(
        "4cw", "P1 die 4cw#1 field L1", "P1 life 15", f"P1 die BA:{MELEE}#1 reserve action"
    )
    state = play(cards, text, f"P1 use BA:{MELEE}#1", "P1 end").final  # only P2's dice KO'd
    assert state.die("P2:SK1").zone != Zone.FIELD
    assert state.player("P1").life == 15


def test_none_of_your_dice_kod_this_turn_37cw():
    cards = _cards("37cw", whole=True)
    lines = ("P1 die 37cw#1 field L1",)
    state = play(cards, _scene("37cw", *lines), "P1 end", "P1 yes", "P1 choose P2:SK1").final
    assert state.die("P2:SK1").zone == Zone.PREP  # no KO of P1's: may KO a Sidekick


def test_red_skull_free_after_an_opposing_ko_35ai():
    cards = _cards("35ai", "If an opposing")
    lines = ("P1 die 35ai#1 reserve L1", f"P1 die BA:{MELEE}#1 reserve action")
    state = play(cards, _scene("35ai", *lines), f"P1 use BA:{MELEE}#1", "P1 field 35ai#1").final
    assert state.die("P1:35ai#1").zone == Zone.FIELD
    refused(cards, _scene("35ai", *lines) + "P1 field 35ai#1\n", "R6.1")


def test_resistance_without_a_trigger_stays_manual_74cw():
    record = pool()["74cw"]
    assert compile_card(record).status != "automated"


# -- Aftershock bodies ----------------------------------------------------------------------------
KILL = {"abilities": [{"when": "action", "effects": [{"do": "ko", "to": {"pick": "target"}}]}]}


def _killed(key: str, *lines: str, answers=(), opposing=OPPOSING):
    """P2's turn: P2's action die (Reckless Melee made 'KO target character die') KOs P1's
    real card `key` at level 1; then `answers`."""
    cards = encoded_cards({MELEE: KILL}, cards=_cards(key, "Aftershock"))
    text = _scene(
        key,
        f"P1 die {key}#1 field L1",
        *lines,
        f"P2 die BA:{MELEE}#1 reserve action",
        active="P2",
        opposing=opposing,
    )
    return play(cards, text, f"P2 use BA:{MELEE}#1", f"P2 choose P1:{key}#1", *answers).final


def test_aftershock_by_an_opponents_global_ability_38asm():
    cards = compiled_cards(
        "19sww",
        global_lines=["Global: Pay [S]. KO target character die."],
        cards=_cards("38asm", "Aftershock"),
    )
    text = _scene("38asm", "P1 die 38asm#1 field L1", "P2 die SK5 reserve shield", active="P2")
    state = play(cards, text, "P2 global P2:19sww pay SK5 target P1:38asm#1", "P1 choose P2").final
    assert state.die("P1:38asm#1").zone == Zone.PREP
    assert state.player("P2").life == 19


def test_aftershock_both_players_sacrifice_their_sidekicks_55asm():
    state = _killed("55asm", "P1 die SK1 field L1")
    assert state.die("P1:55asm#1").zone == Zone.PREP
    assert state.die("P1:SK1").zone == Zone.USED
    assert state.die("P2:SK1").zone == Zone.OUT_OF_PLAY  # sent on its owner's turn (R4.6)
    assert state.die("P2:22uxm#1").zone == Zone.FIELD


def test_aftershock_each_player_sacrifices_a_character_92asm():
    state = _killed(
        "92asm", "P1 die SK1 field L1", answers=["P1 choose SK1", "P2 choose P2:5sww#1"]
    )
    assert state.die("P1:SK1").zone == Zone.USED
    assert state.die("P2:5sww#1").zone == Zone.OUT_OF_PLAY
    assert state.die("P2:SK1").zone == Zone.FIELD


def test_aftershock_every_prep_area_to_the_used_pile_136asm():
    state = _killed("136asm", "P1 die SK3 prep", "P2 die SK3 prep")
    assert state.die("P1:SK3").zone == Zone.USED and state.die("P2:SK3").zone == Zone.USED
    assert state.die("P1:136asm#1").zone == Zone.USED  # KO'd into the Prep Area first


def test_aftershock_kos_opposing_sidekicks_and_damages_their_player_16doom():
    state = _killed("16doom", "P2 die SK2 field L1", "P1 die SK1 field L1")
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:SK2").zone == Zone.PREP
    assert state.die("P1:SK1").zone == Zone.FIELD
    assert state.player("P2").life == 18  # 1 damage for each of their 2 dice KO'd
    assert state.player("P1").life == 20


def test_aftershock_sandman_rerolls_back_into_the_field_65asm():
    lines = ("P1 die SK5 reserve wild",)
    state = _killed("65asm", *lines, answers=["P1 yes pay SK5", "P1 roll 65asm#1=L2"])
    assert state.die("P1:65asm#1").zone == Zone.FIELD and state.die("P1:65asm#1").level == 2
    state = _killed("65asm", *lines, answers=["P1 no"])
    assert state.die("P1:65asm#1").zone == Zone.PREP


def test_paying_to_use_regenerate_stays_manual_130asm():
    # the experience family keeps lines about paying to use Regenerate manual
    _, result = real_compiled("130asm", "Aftershock")
    assert result.status != "automated"


# -- a die leaving the Field, watched ----------------------------------------------------------
def test_another_x_men_die_leaving_the_field_74asm():
    _, result = real_compiled("74asm", "If another")
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "left_field" and spec["any"] == {
        "pick": "each",
        "other": True,
        "affiliation": ["xmen"],
    }
    assert result.description == (
        "While active, when another X-Men character die leaves the Field Zone: this die gets "
        "+2A and +2D this turn."
    )
    cards = _cards("74asm", "If another")
    lines = ("P1 die 74asm#1 field L1", f"P1 die BA:{MELEE}#1 reserve action")
    # Quicksilver L1 (X-Men, D1) leaves the Field: Wolverine (4A) gets +2A
    text = _scene("74asm", *lines, opposing=("P2 die 21uxm#1 field L1",))
    state = play(cards, text, f"P1 use BA:{MELEE}#1").final
    assert state.die("P2:21uxm#1").zone == Zone.PREP
    assert query.attack(state, cards, state.die("P1:74asm#1")).value == 6
    # a Sidekick leaving: nothing
    text = _scene("74asm", *lines, opposing=("P2 die SK1 field L1",))
    state = play(cards, text, f"P1 use BA:{MELEE}#1").final
    assert query.attack(state, cards, state.die("P1:74asm#1")).value == 4


def test_any_die_leaving_once_per_turn_104asm():
    cards = _cards("104asm", "Once per turn")
    lines = ("P1 die 104asm#1 field L1", f"P1 die BA:{MELEE}#1 reserve action")
    text = _scene("104asm", *lines, opposing=("P2 die SK1 field L1", "P2 die 21uxm#1 field L1"))
    state = play(cards, text, f"P1 use BA:{MELEE}#1").final
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:21uxm#1").zone == Zone.PREP
    assert query.attack(state, cards, state.die("P1:104asm#1")).value == 6  # 2A +4A, once


def test_an_unread_leaving_body_stays_manual():
    line = "If another [XMEN] character die leaves the Field Zone, Superman names a number"
    assert compiled("19sww", ability_lines=[line]).status == "manual"


def test_aftershock_puts_a_non_villain_from_the_prep_area_into_the_field_76asm():
    state = _killed("76asm", "P1 die SK3 prep", answers=["P1 choose SK3"])
    assert state.die("P1:SK3").zone == Zone.FIELD and state.die("P1:SK3").level == 1
    assert state.die("P1:76asm#1").zone == Zone.PREP  # not Aunt May herself
    # only Aunt May in the Prep Area: nothing to put there, nothing asked
    state = _killed("76asm")
    assert state.die("P1:76asm#1").zone == Zone.PREP and state.pending is None


def test_aftershock_put_a_spidey_friend_excludes_aunt_may_108asm():
    _, result = real_compiled("108asm", "Aftershock")
    (effect,) = result.encoding["abilities"][0]["effects"]
    assert effect == {
        "do": "lt_place",
        "level": 2,
        "affiliation": ["spideyfriends"],
        "not_name": "Aunt May",
    }
    state = _killed("108asm", "P1 die SK3 prep")  # a Sidekick is no Spidey Friend
    assert state.die("P1:SK3").zone == Zone.PREP and state.pending is None


def test_aftershock_sandman_rerolled_on_energy_deals_damage_101asm():
    lines = ("P1 die SK5 reserve wild",)
    answers = ["P1 yes pay SK5", "P1 roll 101asm#1=fist", "P1 choose P2:21uxm#1"]
    state = _killed("101asm", *lines, answers=answers)
    assert state.die("P1:101asm#1").zone == Zone.PREP
    assert state.die("P2:21uxm#1").zone == Zone.PREP  # Quicksilver (X-Men) took 3
    state = _killed("101asm", *lines, answers=["P1 yes pay SK5", "P1 roll 101asm#1=L2"])
    assert state.die("P1:101asm#1").zone == Zone.PREP and state.pending is None


def test_deadman_rolls_another_die_kod_this_turn_and_fields_it_117jl():
    cards = encoded_cards({MELEE: KILL}, cards=_cards("117jl", "When"))
    text = _scene(
        "117jl",
        "P1 die 117jl#1 field L1",
        "P1 die 19sww#1 field L1",
        f"P2 die BA:{MELEE}#1 reserve action",
        f"P2 die BA:{MELEE}#2 reserve action",
        active="P2",
    )
    replay = play(
        cards,
        text,
        f"P2 use BA:{MELEE}#1",
        "P2 choose P1:19sww#1",
        f"P2 use BA:{MELEE}#2",
        "P2 choose P1:117jl#1",
        "P1 yes",
        "P1 choose 19sww#1",
        "P1 roll 19sww#1=L2",
    )
    state = replay.final
    assert state.die("P1:19sww#1").zone == Zone.FIELD and state.die("P1:19sww#1").level == 2
    assert any(e.die == "P1:19sww#1" for e in _events(replay, "fielded"))
    assert state.die("P1:117jl#1").zone == Zone.PREP


def test_a_die_leaving_during_your_turn_keeps_a_target_from_blocking_lizard_96asm():
    cards = encoded_cards({MELEE: KILL}, cards=_cards("96asm", "While"))
    lines = ("P1 die 96asm#1 field L1", f"P1 die BA:{MELEE}#1 reserve action")
    text = _scene("96asm", *lines)
    actions = (f"P1 use BA:{MELEE}#1", "P1 choose P2:SK1", "P1 choose P2:22uxm#1")
    state = play(cards, text, *actions).final
    assert state.die("P2:SK1").zone == Zone.PREP
    refused(
        cards,
        text + "".join(f"{a}\n" for a in actions) + "P1 attack 96asm#1\nP2 block 22uxm#1>96asm#1\n",
        "R13.7",
    )
    # another die may block it (play checks every line is legal)
    play(cards, text, *actions, "P1 attack 96asm#1", "P2 block 5sww#1>96asm#1")
    # on the opponent's turn: nothing triggers
    text = _scene(
        "96asm", "P1 die 96asm#1 field L1", f"P2 die BA:{MELEE}#1 reserve action", active="P2"
    )
    replay = play(cards, text, f"P2 use BA:{MELEE}#1", "P2 choose P2:SK1")
    assert replay.final.die("P2:SK1").zone != Zone.FIELD
    assert not [e for e in _events(replay, "effect_queued") if e.player == "P1"]


def test_aftershock_only_if_she_was_blocked_49asm():
    _, result = real_compiled("49asm", "Aftershock")
    (spec,) = result.encoding["abilities"]
    assert spec["when"] == "lt_aftershock" and spec["if"] == {"test": "lt_was_blocked"}
    cards = compiled_cards(
        "19sww",
        global_lines=["Global: Pay [S]. KO target character die."],
        cards=_cards("49asm", "Aftershock"),
    )
    text = _scene("49asm", "P1 die 49asm#1 field L1", "P2 die SK5 reserve shield")
    kill = "P2 global P2:19sww pay SK5 target P1:49asm#1"
    # blocked, then KO'd by P2's global in the attack step's window: 1 damage to P2
    replay = play(cards, text, "P1 attack 49asm#1", "P2 block SK1>49asm#1", "P1 pass", kill)
    assert replay.final.die("P1:49asm#1").zone == Zone.PREP
    assert replay.final.player("P2").life == 19
    # KO'd the same way without being blocked (P2 uses the global in the Main Step): nothing
    state = play(cards, text, "P1 pass", kill).final
    assert state.die("P1:49asm#1").zone == Zone.PREP and state.player("P2").life == 20


def test_aftershock_black_widow_returns_at_her_former_level_on_an_energy_roll_109asm():
    cards = encoded_cards({MELEE: KILL}, cards=_cards("109asm", "Aftershock"))
    text = _scene(
        "109asm",
        "P1 die 109asm#1 field L2",
        "P1 die SK3 bag",
        "P1 life 15",
        f"P2 die BA:{MELEE}#1 reserve action",
        active="P2",
    )
    kill = (f"P2 use BA:{MELEE}#1", "P2 choose P1:109asm#1", "P1 draw SK3")
    state = play(cards, text, *kill, "P1 roll SK3=shield").final
    assert state.die("P1:109asm#1").zone == Zone.FIELD and state.die("P1:109asm#1").level == 2
    assert state.player("P1").life == 14
    assert state.die("P1:SK3").zone == Zone.PREP
    # a character face: she stays KO'd, the rolled die still goes to the Prep Area
    state = play(cards, text, *kill, "P1 roll SK3=L1").final
    assert state.die("P1:109asm#1").zone == Zone.PREP and state.player("P1").life == 15
    assert state.die("P1:SK3").zone == Zone.PREP


def test_resistance_winter_soldier_not_targeted_by_opposing_action_dice_104cw():
    _, result = real_compiled("104cw", "Resistance")
    (spec,) = result.encoding["abilities"]
    assert spec["effects"] == [
        {"do": "lt_untargetable", "to": {"pick": "this"}, "kinds": ["action"], "player": "opposing"}
    ]
    assert "this die can't be targeted by opposing action dice this turn" in result.description
    cards = encoded_cards({MELEE: KILL}, cards=_cards("104cw", "Resistance"))
    text = _scene(
        "104cw",
        "P1 die 104cw#1 field L1",
        "P1 die SK1 field L1",
        f"P2 die BA:{MELEE}#1 reserve action",
        f"P2 die BA:{MELEE}#2 reserve action",
        active="P2",
    )
    first = (f"P2 use BA:{MELEE}#1", "P2 choose P1:SK1")
    again = "".join(f"{line}\n" for line in first) + f"P2 use BA:{MELEE}#2\nP2 choose P1:104cw#1\n"
    refused(cards, text + again, "R13.2")
    # before any KO of P1's, the action die may target it
    state = play(cards, text, f"P2 use BA:{MELEE}#2", "P2 choose P1:104cw#1").final
    assert state.die("P1:104cw#1").zone == Zone.PREP


# -- a KO'd die's last stats ----------------------------------------------------------------------
def _kod_at(key: str, start: str, level: int, *answers: str, lines=()):
    """P2's turn: P2's action die KOs P1's real card `key` at `level`; then `answers`."""
    cards = encoded_cards({MELEE: KILL}, cards=_cards(key, start))
    text = _scene(
        key,
        f"P1 die {key}#1 field L{level}",
        *lines,
        f"P2 die BA:{MELEE}#1 reserve action",
        active="P2",
    )
    return play(cards, text, f"P2 use BA:{MELEE}#1", f"P2 choose P1:{key}#1", *answers).final


def test_damage_equal_to_its_level_when_kod_41hhs():
    _, result = real_compiled("41hhs", "When")
    assert result.encoding["abilities"][0]["effects"] == [
        {"do": "lt_damage_last_stat", "stat": "level", "to": {"pick": "player", "side": "opposing"}}
    ]
    assert _kod_at("41hhs", "When", 2).player("P2").life == 18
    assert _kod_at("41hhs", "When", 3).player("P2").life == 17


def test_damage_equal_to_its_defense_when_kod_9m2017():
    # Groot L2 has D6: Cheetah (L2, D4) is KO'd by it
    state = _kod_at("9m2017", "When", 2, "P1 choose P2:5sww#1")
    assert state.die("P2:5sww#1").zone == Zone.PREP
    state = _kod_at("9m2017", "When", 1, "P1 choose P2:5sww#1")  # L1: D2, not enough
    assert state.die("P2:5sww#1").zone == Zone.FIELD and state.die("P2:5sww#1").damage == 2


def test_darkseid_damages_two_targets_and_their_controller_per_ko_6jl():
    # Darkseid L1 (4A): the Sidekick (D1) and Cheetah L2 (D4) are KO'd, Superman (D6) is not
    state = _kod_at("6jl", "If", 1, "P1 choose P2:SK1 P2:5sww#1")
    assert state.die("P2:SK1").zone == Zone.PREP and state.die("P2:5sww#1").zone == Zone.PREP
    assert state.player("P2").life == 18
    state = _kod_at("6jl", "If", 1, "P1 choose P2:SK1 P2:19sww#1")
    assert state.die("P2:19sww#1").zone == Zone.FIELD
    assert state.player("P2").life == 19
