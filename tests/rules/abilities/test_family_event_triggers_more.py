"""Template family `event_triggers_more` and its clauses: counts of the other attacking dice,
'attacks with at least one other character', conditions on the energy in the Reserve Pool and
on your dice, damage to all characters and players, a KO'd die returning to the Field, a
purchased die going to the Prep Area and damage to each die blocking this one. Real card lines
are read from the real card file at test time and played through the engine."""

from dataclasses import replace

from rules.abilities import compile_card
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import pool, real_cards, scene, spec_of
from tests.rules.abilities.scenario import compiled, encoded_cards, play, refused


def _attack_a(cards, state, key):
    return query.attack(state, cards, state.die(f"P1:{key}#1")).value


# -- counts and conditions on the other attackers ----------------------------------------------
def test_plus_one_per_other_attacking_die_29bat():  # BAT Red Hood, 2A at level 1
    spec = spec_of("29bat", "When")
    assert spec["effects"][0]["attack"]["count"]["combat"] == "attacking"
    cards = real_cards("29bat", "When")
    setup = scene("29bat", "P1 die 29bat#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 29bat#1 19sww#1").final
    assert _attack_a(cards, state, "29bat") == 2 + 1
    state = play(cards, setup, "P1 attack 29bat#1").final
    assert _attack_a(cards, state, "29bat") == 2  # alone: no other attacker
    # Dice in the Field that do not attack don't count.
    assert query.attack(state, cards, state.die("P1:19sww#1")).value == 4


def test_plus_one_and_one_per_other_attacking_affiliated_die_17ki():  # KI Rocket Raccoon
    spec = spec_of("17ki", "When")
    (effect,) = spec["effects"]
    assert effect["attack"]["count"] == effect["defense"]["count"]
    assert effect["attack"]["count"]["combat"] == "attacking"
    assert effect["attack"]["count"]["affiliation"] == ["gotg"]


def test_damage_per_other_attacking_die_69bat():  # BAT Red Hood: damage to a target
    cards = real_cards("69bat", "When")
    setup = scene("69bat", "P1 die 69bat#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 69bat#1 19sww#1", "P1 choose P2:5sww#1").final
    assert state.die("P2:5sww#1").damage == 1


def test_attacks_with_at_least_one_other_character_62aou():  # AOU Rocket Raccoon, 2A
    spec = spec_of("62aou", "When")
    assert spec["if"]["of"]["combat"] == "attacking" and spec["if"]["of"]["other"]
    cards = real_cards("62aou", "When")
    setup = scene("62aou", "P1 die 62aou#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 62aou#1 19sww#1").final
    assert _attack_a(cards, state, "62aou") == 2 + 2
    state = play(cards, setup, "P1 attack 62aou#1").final
    assert _attack_a(cards, state, "62aou") == 2


def test_if_another_die_also_attacks_10ork():  # ORK Ork Boy, 2A
    cards = real_cards("10ork", "When")
    setup = scene("10ork", "P1 die 10ork#1 field L1", "P1 die 19sww#1 field L1")
    state = play(cards, setup, "P1 attack 10ork#1 19sww#1").final
    assert _attack_a(cards, state, "10ork") == 3
    state = play(cards, setup, "P1 attack 10ork#1").final
    assert _attack_a(cards, state, "10ork") == 2


def test_if_you_have_energy_in_your_reserve_pool_133fus():  # FUS Storm Giant
    spec = spec_of("133fus", "When")
    assert spec["if"] == {"test": "reserve_energy_at_least", "energy": "bolt", "n": 1}
    cards = real_cards("133fus", "When")
    setup = scene("133fus", "P1 die 133fus#1 field L1", "P1 die SK2 reserve bolt")
    assert play(cards, setup, "P1 attack 133fus#1").final.player("P2").life == 18
    setup = scene("133fus", "P1 die 133fus#1 field L1", "P1 die SK2 reserve mask")
    assert play(cards, setup, "P1 attack 133fus#1").final.player("P2").life == 20


def test_when_kod_if_you_have_energy_54bat():  # BAT Firefly: a condition after a KO
    spec = spec_of("54bat", "When")
    assert spec["when"] == "kod" and spec["if"]["test"] == "reserve_energy_at_least"


def test_if_you_have_fewer_fielded_characters_116jl():  # JL Cyborg: Underdog's test
    cards = real_cards("116jl", "When")
    setup = scene("116jl", "P1 die 116jl#1 field L1")  # 1 die against P2's 5
    assert play(cards, setup, "P1 attack 116jl#1").final.player("P2").life == 19
    many = [f"P1 die SK{n} field L1" for n in range(1, 6)]
    setup = scene("116jl", "P1 die 116jl#1 field L1", *many)  # 6 against 5
    assert play(cards, setup, "P1 attack 116jl#1").final.player("P2").life == 20


def test_if_the_defending_player_has_more_life_that_player_33bfu():  # BFU Primaris Reiver
    spec = spec_of("33bfu", "When")
    assert spec["if"] == {"test": "opponent_more_life"}
    assert spec["effects"][0]["to"] == {"pick": "player", "side": "opposing"}


def test_kod_move_to_the_field_if_name_is_in_play_127jl():  # JL Robin
    spec = spec_of("127jl", "When")
    assert spec["effects"] == [{"do": "kod_return", "level": 3}]
    assert spec["if"]["of"] == {"pick": "each", "side": "yours", "name": "Batman"}


# -- which dice this one is engaged with ----------------------------------------------------------
def _blocks(key, attacker):
    cards = real_cards(key, "When")
    setup = scene(key, f"P1 die {key}#1 field L1", active="P2")
    return cards, play(cards, setup, f"P2 attack {attacker}", f"P1 block {key}#1>{attacker}").final


def _defense(cards, state, key):
    return query.defense(state, cards, state.die(f"P1:{key}#1")).value


def test_blocks_a_villain_104jl():  # JL Vixen, 2D: Cheetah (5sww) is a Villain
    cards, state = _blocks("104jl", "5sww#1")
    assert _defense(cards, state, "104jl") == 2 + 2
    cards, state = _blocks("104jl", "22uxm#1")  # Wolverine: X-Men
    assert _defense(cards, state, "104jl") == 2


def test_blocks_an_energy_type_44ai():  # AI Vision: Wolverine is [F], Quicksilver [B]
    for attacker, life in (("22uxm#1", 19), ("21uxm#1", 19), ("5sww#1", 20)):
        _, state = _blocks("44ai", attacker)
        assert state.player("P2").life == life, attacker


def test_blocks_or_is_blocked_by_a_non_villain_27ai():  # AI Hulk, 6A: -3A
    cards = real_cards("27ai", "When")
    setup = scene("27ai", "P1 die 27ai#1 field L1")
    state = play(cards, setup, "P1 attack 27ai#1", "P2 block 19sww#1>27ai#1").final
    assert query.attack(state, cards, state.die("P1:27ai#1")).value == 6 - 3
    state = play(cards, setup, "P1 attack 27ai#1", "P2 block 5sww#1>27ai#1").final
    assert query.attack(state, cards, state.die("P1:27ai#1")).value == 6  # a Villain
    # Blocked by two non-Villains: once (once per turn per die).
    state = play(cards, setup, "P1 attack 27ai#1", "P2 block 19sww#1>27ai#1 SK1>27ai#1").final
    assert query.attack(state, cards, state.die("P1:27ai#1")).value == 6 - 3


def test_blocks_with_another_blocker_97aou():  # AOU Rocket Raccoon, 1D
    cards = real_cards("97aou", "When")
    setup = scene("97aou", "P1 die 97aou#1 field L1", "P1 die 19sww#1 field L1", active="P2")
    block = "P1 block 97aou#1>22uxm#1 19sww#1>21uxm#1"
    state = play(cards, setup, "P2 attack 22uxm#1 21uxm#1", block).final
    assert _defense(cards, state, "97aou") == 1 + 3
    state = play(cards, setup, "P2 attack 22uxm#1 21uxm#1", "P1 block 97aou#1>22uxm#1").final
    assert _defense(cards, state, "97aou") == 1


def test_is_blocking_for_each_other_avenger_57aou():  # AOU Nick Fury, 1A 2D
    cards = real_cards("57aou", "When")
    setup = scene("57aou", "P1 die 57aou#1 field L1", "P1 die 57aou#2 field L1", active="P2")
    state = play(cards, setup, "P2 attack 19sww#1", "P1 block 57aou#1>19sww#1").final
    assert _defense(cards, state, "57aou") == 2 + 1  # the other Nick Fury die is an Avenger


def test_takes_damage_in_the_attack_step_117avx():  # AVX Nova, 4A 4D
    cards = real_cards("117avx", "Whenever")
    setup = scene("117avx", "P1 die 117avx#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 21uxm#1", "P1 block 117avx#1>21uxm#1", "P2 damage")
    assert state.final.player("P2").life == 18  # 3 damage from Quicksilver: 2 to P2
    # Damaged in the Main Step (Superman's 'when fielded' damage): not the attack step.
    zap = compiled("19sww", ability_lines=["When fielded, deal 1 damage to target character die"])
    cards = encoded_cards({"19sww": zap.encoding}, cards=cards)
    setup = scene(
        "117avx", "P1 die 117avx#1 field L1", "P1 die 19sww#1 reserve L1", "P1 die SK1 reserve wild"
    )
    state = play(cards, setup, "P1 field 19sww#1 pay SK1", "P1 choose 117avx#1").final
    assert state.die("P1:117avx#1").damage == 1 and state.player("P2").life == 20


def test_kod_during_your_opponents_turn_44xfc():  # XFC Beast, 2D: a Basic Action Die prepped
    assert spec_of("44xfc", "When")["if"] == {"test": "opponents_turn"}
    cards = real_cards("44xfc", "When")
    setup = scene("44xfc", "P1 die 44xfc#1 field L1", "P1 die BA:31sww#1 used", active="P2")
    replay = play(
        cards,
        setup,
        "P2 attack 21uxm#1",
        "P1 block 44xfc#1>21uxm#1",
        "P2 damage",
        "P1 choose BA:31sww#1",
    )
    assert replay.final.die("P1:44xfc#1").zone == Zone.PREP
    assert replay.final.die("BA:31sww#1").zone == Zone.PREP


def test_a_misprint_and_a_repeated_trigger_84xfc_8doom():  # XFC Beast, DOOM Elasti-Girl
    assert spec_of("84xfc", "When")["optional"] is True  # 'you my' read as 'you may'
    cards = real_cards("8doom", "When")
    setup = scene("8doom", "P1 die 8doom#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 21uxm#1", "P1 block 8doom#1>21uxm#1").final
    die = state.die("P1:8doom#1")
    assert die.level == 3
    assert query.attack(state, cards, die).value == pool()["8doom"].faces[2].attack + 1


def test_a_condition_before_the_trigger_114wol():  # WOL The Flash
    spec = spec_of("114wol", "If")
    assert spec["when"] == "attacks"
    assert spec["if"]["of"] == {"pick": "each", "affiliation": ["greenlantern"], "side": "yours"}
    assert spec["effects"][0]["do"] == "restrict"


def test_is_engaged_blocks_or_is_blocked_54avx():  # AVX Phoenix, 5A 5D
    cards = real_cards("54avx", "When")
    setup = scene("54avx", "P1 die 54avx#1 field L1")
    state = play(cards, setup, "P1 attack 54avx#1", "P2 block SK1>54avx#1 5sww#1>54avx#1").final
    assert _attack_a(cards, state, "54avx") == 5 + 2  # once, however many blockers
    cards, state = _blocks("54avx", "21uxm#1")
    assert _defense(cards, state, "54avx") == 5 + 2
    state = play(cards, setup, "P1 attack 54avx#1", "P2 block").final  # not engaged
    assert _attack_a(cards, state, "54avx") == 5


def test_you_may_pay_a_b_15aou():  # AOU Iron Man: 'pay a [B]' is 'pay [B]'
    spec = spec_of("15aou", "When")
    assert spec["cost"] == "[B]" and spec["optional"] is True


def test_other_non_name_dice_cannot_be_blocked_26hhs():  # HHS Metalhead, Donatello a Turtle
    cards = real_cards("26hhs", "When")
    cards["8hhs"] = replace(real_cards("8hhs", "When")["8hhs"], abilities=())  # a plain Turtle
    setup = scene("26hhs", "P1 die 26hhs#1 field L1", "P1 die 8hhs#1 field L1", team="8hhs:2")
    text = setup + "P1 attack 26hhs#1 8hhs#1\n"
    refused(cards, text + "P2 block SK1>8hhs#1\n", "R13.7")
    state = play(cards, setup, "P1 attack 26hhs#1 8hhs#1", "P2 block SK1>26hhs#1").final
    assert state.die("P2:SK1").blocking == "P1:26hhs#1"  # Metalhead himself may be blocked


# -- damage to all characters and players ------------------------------------------------------
def test_kod_damage_to_all_characters_and_players_70jl():  # JL Vibe, 3A 3D at level 1
    cards = real_cards("70jl", "When")
    setup = scene("70jl", "P1 die 70jl#1 field L1", active="P2")
    replay = play(cards, setup, "P2 attack 19sww#1", "P1 block 70jl#1>19sww#1", "P2 damage")
    state = replay.final
    assert state.die("P1:70jl#1").zone == Zone.PREP  # 4 damage on D 3
    assert state.player("P1").life == 19 and state.player("P2").life == 19
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage on D 1
    damaged = [e.die for step in replay.steps for e in step.events if e.kind == "damaged"]
    assert "P2:5sww#1" in damaged and "P2:21uxm#1" in damaged  # (cleared at Cleanup)


# -- a KO'd die back to the Field --------------------------------------------------------------
def _blocked_and_kod(key, *lines):
    cards = real_cards(key, "When")
    setup = scene(key, f"P1 die {key}#1 field L1", *lines, active="P2")
    replay = play(cards, setup, "P2 attack 22uxm#1", f"P1 block {key}#1>22uxm#1", "P2 damage")
    return replay


def test_kod_return_to_the_field_25bat():  # BAT Orion, 5A 5D: blocks Wolverine's 5A
    replay = _blocked_and_kod("25bat")
    die = replay.final.die("P1:25bat#1")
    assert die.zone == Zone.FIELD and die.level == 1 and die.damage == 0
    # Returned, not fielded (R8.2): no 'fielded' event for it.
    fielded = [e for step in replay.steps for e in step.events if e.kind == "fielded"]
    assert not [e for e in fielded if e.die == "P1:25bat#1"]


def test_kod_return_with_a_condition_9xfc():  # XFC Colossus, 4D: a level 3 die of yours
    spec = spec_of("9xfc", "When")
    assert spec["if"]["of"]["min_level"] == 3
    replay = _blocked_and_kod("9xfc")
    assert replay.final.die("P1:9xfc#1").zone == Zone.PREP
    replay = _blocked_and_kod("9xfc", "P1 die 19sww#1 field L3")
    assert replay.final.die("P1:9xfc#1").zone == Zone.FIELD


def test_kod_return_if_you_control_another_affiliated_die_11ork():  # ORK Ork Boy
    spec = spec_of("11ork", "When")
    assert spec["if"]["of"]["not_name"] == "Ork Boy"  # every Ork Boy die left out
    assert spec["effects"] == [{"do": "kod_return", "level": 1}]


# -- a purchased die to the Prep Area ----------------------------------------------------------
def test_purchased_die_goes_to_the_prep_area_6jlop():  # JLOP Shazam!, cost 7 [M]
    cards = real_cards("6jlop", "When")
    payers = [f"SK{n}" for n in range(1, 8)]
    setup = scene("6jlop", *(f"P1 die {sk} reserve mask" for sk in payers))
    state = play(cards, setup, f"P1 buy 6jlop pay {' '.join(payers)}").final
    bought = [
        d
        for d in state.dice
        if d.card == "6jlop" and d.owner == "P1" and d.zone != Zone.UNPURCHASED
    ]
    assert [d.zone for d in bought] == [Zone.PREP]


def test_when_you_purchase_this_die_76gaf():  # GAF Superman: the same, spelt differently
    assert spec_of("76gaf", "When")["effects"] == [{"do": "bought_to_prep"}]
    # 'add it to your bag' is not the Prep Area: the line stays manual.
    assert compile_card(pool()["113gaf"]).status != "automated"


def test_when_purchased_if_you_control_at_least_41bfu():  # BFU Roboute Guilliman
    spec = spec_of("41bfu", "When")
    assert spec["when"] == "purchased"
    assert spec["if"] == {
        "test": "count_at_least",
        "of": {"pick": "each", "side": "yours", "affiliation": ["ultramarines"]},
        "n": 2,
    }


# -- damage to each die blocking this one ------------------------------------------------------
def test_blocked_damage_to_each_blocker_39fus():  # FUS Blink Dog
    cards = real_cards("39fus", "When")
    setup = scene("39fus", "P1 die 39fus#1 field L1")
    state = play(cards, setup, "P1 attack 39fus#1", "P2 block SK1>39fus#1 21uxm#1>39fus#1").final
    assert state.die("P2:21uxm#1").damage == 1
    assert state.die("P2:SK1").zone == Zone.PREP  # 1 damage on D 1
    assert state.die("P2:5sww#1").damage == 0  # not blocking


def test_blocked_damage_equal_to_level_to_each_blocker_2xfo():  # XFO Cable at level 2
    cards = real_cards("2xfo", "When")
    setup = scene("2xfo", "P1 die 2xfo#1 field L2")
    state = play(cards, setup, "P1 attack 2xfo#1", "P2 block 5sww#1>2xfo#1 19sww#1>2xfo#1").final
    assert state.die("P2:5sww#1").damage == 2 and state.die("P2:19sww#1").damage == 2


# -- smaller spellings ---------------------------------------------------------------------------
def test_per_other_active_die_of_yours_8hhs_137wol():  # HHS Donatello, WOL Starfire
    cards = real_cards("8hhs", "When")
    setup = scene("8hhs", "P1 die 8hhs#1 field L1", "P1 die 8hhs#2 field L1")
    state = play(cards, setup, "P1 attack 8hhs#1").final
    assert state.player("P2").life == 19  # the other Donatello die, not this one
    # 'for each other active [WT]': the icon alone names character dice, either player's
    # (R13.8; see test_review_fixes.py).
    (effect,) = spec_of("137wol", "When")["effects"]
    assert effect["amount"]["count"] == {
        "pick": "each",
        "other": True,
        "affiliation": ["teentitans"],
    }


def test_attacks_spin_that_die_up_17bat():  # BAT Hawkgirl
    cards = real_cards("17bat", "When")
    setup = scene("17bat", "P1 die 17bat#1 field L1")
    state = play(cards, setup, "P1 attack 17bat#1").final
    assert state.die("P1:17bat#1").level == 2


def test_any_player_uses_an_action_die_23bit():  # BIT Undertaker, 3A at level 1
    spec = spec_of("23bit", "Whenever")
    assert spec["when"] == "action_used" and spec["by"] == "any"
    cards = real_cards("23bit", "Whenever")
    setup = scene("23bit", "P1 die 23bit#1 field L1", "P1 die BA:31sww#1 reserve action")
    state = play(cards, setup, "P1 use BA:31sww#1").final
    assert query.attack(state, cards, state.die("P1:23bit#1")).value == 3 + 1


def test_choose_one_opposing_character_it_cannot_block_57uxm():  # UXM Spider-Man
    cards = real_cards("57uxm", "When")
    setup = scene("57uxm", "P1 die 57uxm#1 field L1")
    text = setup + "P1 attack 57uxm#1\nP1 choose P2:19sww#1\n"
    refused(cards, text + "P2 block 19sww#1>57uxm#1\n", "R13.7")
    state = play(cards, setup, "P1 attack 57uxm#1", "P1 choose P2:19sww#1", "P2 block SK1>57uxm#1")
    assert state.final.die("P2:SK1").blocking == "P1:57uxm#1"
    assert spec_of("41avx", "When")["effects"][0]["do"] == "restrict"  # AVX Doctor Octopus


def test_plus_attack_spelt_out_42msw():  # MSW Namor: '+3 attack' is +3A
    cards = real_cards("42msw", "When")
    setup = scene("42msw", "P1 die 42msw#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack 19sww#1", "P1 block 42msw#1>19sww#1").final
    printed = pool()["42msw"].faces[0].attack
    assert query.attack(state, cards, state.die("P1:42msw#1")).value == printed + 3


def test_clauses_need_their_own_trigger():
    """'return him ...', 'add him to your Prep Area' and 'each die blocking him' are read only
    after the line's own trigger on the card's die."""
    from rules.abilities import phrases
    from rules.abilities.templates import Line, load

    load()

    def effects(text, clause):
        line = Line(text=text, raw=text, kind="ability", card_name="Orion")
        return phrases.effects(clause, line)

    ko = "When Orion is KO'd, return him to the Field Zone at level 1"
    assert effects(ko, "return him to the Field Zone at level 1") == [
        {"do": "kod_return", "level": 1}
    ]
    attacks = "When Orion attacks, return him to the Field Zone at level 1"
    assert effects(attacks, "return him to the Field Zone at level 1") is None
    other = "When a Sidekick is KO'd, return it to the Field Zone at level 1"
    assert effects(other, "return it to the Field Zone at level 1") is None
    assert effects("When Orion attacks, x", "add him to your Prep Area") is None
    assert (
        effects("When Orion blocks, x", "deal 1 damage to each character die blocking him") is None
    )
    assert effects("When Orion is KO'd, x", "spin that die up 1 level") is None
