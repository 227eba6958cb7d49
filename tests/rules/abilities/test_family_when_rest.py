"""Template family `when_rest`: triggered lines the other families decline for a spelling
(rewritten and read again), the clauses `wn_field_from`, `wn_draw_split`, watch_tail's
`wt_place` from one zone and `wt_draw_keep` in a one-sentence spelling, and the trigger
`wn_combat_survived` with `wn_each_survivor` (a die blocked / blocking and not KO'd). Real
lines are read from the card file by key at test time (their text is never copied here) and
played through the engine against real_cards' opposing board (P2: a Sidekick 1A 1D, Cheetah
L2 4A 4D, Wolverine L1 5A 2D, Quicksilver L2 3A 2D, Superman L1 4A 6D)."""

import pytest

from rules.engine import Zone, query
from tests.rules.abilities.real_cards import real_cards, real_compiled, scene, spec_of, to_field
from tests.rules.abilities.scenario import compiled, play
from tests.rules.engine.helpers import refused


# -- blocked / blocking and not KO'd: when combat ends -------------------------------------------
def test_blocked_and_not_kod_reads_as_combat_survived():
    # 65avx (Angel): blocked but not KO'd, he deals 2 damage to the opposing player
    spec = spec_of("65avx", "If Angel is blocked")
    assert spec == {
        "when": "wn_combat_survived",
        "effects": [
            {
                "do": "wn_each_survivor",
                "as": "blocked",
                "effects": [
                    {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": 2}
                ],
            }
        ],
    }
    _, result = real_compiled("65avx", "If Angel is blocked")
    assert result.description == (
        "When combat ends: for each of this card's dice that was blocked and is back in the "
        "Field (not KO'd): deal 2 damage to your opponent."
    )


@pytest.mark.parametrize(
    ("level", "blocker", "life"),
    [
        ("L3", "SK1", 18),  # Angel 3A 4D survives the Sidekick: 2 damage
        ("L1", "19sww#1", 20),  # Angel 2A 2D KO'd by Superman (4A): nothing
        ("L3", None, 17),  # unblocked: its 3 combat damage only
    ],
)
def test_blocked_and_not_kod_plays(level, blocker, life):
    cards = real_cards("65avx", "If Angel is blocked")
    setup = scene("65avx", f"P1 die 65avx#1 field {level}")
    block = f"P2 block {blocker}>65avx#1" if blocker else "P2 block"
    state = play(cards, setup, "P1 attack 65avx#1", block, "P1 damage").final
    assert state.player("P2").life == life


def test_blocked_and_not_kod_deals_its_attack():
    # 62ygo (Obelisk, L1 6A 6D): damage equal to its attack to the opponent
    cards = real_cards("62ygo", "If this monster is blocked")
    setup = scene("62ygo", "P1 die 62ygo#1 field L1")
    state = play(cards, setup, "P1 attack 62ygo#1", "P2 block SK1>62ygo#1", "P1 damage").final
    assert state.die("P2:SK1").zone == Zone.PREP
    assert state.player("P2").life == 14


def test_blocks_and_not_kod_spins_the_blocker_up():
    # 8ork (Mogrok, L1 2A 5D): blocking the Sidekick, not KO'd: up to level 2
    cards = real_cards("8ork", "When Mogrok blocks")
    setup = scene("8ork", "P1 die 8ork#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack SK1", "P1 block 8ork#1>SK1", "P2 damage").final
    assert state.die("P1:8ork#1").level == 2
    # attacking (blocked, not KO'd) is not blocking: no spin
    setup = scene("8ork", "P1 die 8ork#1 field L1")
    state = play(cards, setup, "P1 attack 8ork#1", "P2 block SK1>8ork#1", "P1 damage").final
    assert state.die("P1:8ork#1").level == 1


# -- KO'd while attacking ------------------------------------------------------------------------
def test_kod_while_attacking_reads_narrowed_kod():
    spec = spec_of("76aou", "If Beast is KO'd while attacking")
    assert spec == {"when": "wn_kod_attacking", "effects": [{"do": "gain_life", "amount": 2}]}
    _, result = real_compiled("76aou", "If Beast is KO'd while attacking")
    assert result.description == (
        "When this die is KO'd by combat damage while attacking: you gain 2 life."
    )


def test_kod_while_attacking_plays_only_for_the_attacker():
    # 76aou (Beast, L1 2A 1D): KO'd attacking Cheetah's block (4A): its player gains 2 life
    cards = real_cards("76aou", "If Beast is KO'd while attacking")
    setup = scene("76aou", "P1 die 76aou#1 field L1", "P1 life 15")
    state = play(cards, setup, "P1 attack 76aou#1", "P2 block 5sww#1>76aou#1", "P1 damage").final
    assert state.die("P1:76aou#1").zone == Zone.PREP
    assert state.player("P1").life == 17
    # KO'd blocking on the opponent's turn: nothing
    setup = scene("76aou", "P1 die 76aou#1 field L1", "P1 life 15", active="P2")
    state = play(cards, setup, "P2 attack 5sww#1", "P1 block 76aou#1>5sww#1", "P2 damage").final
    assert state.die("P1:76aou#1").zone == Zone.PREP
    assert state.player("P1").life == 15


def test_kod_while_attacking_deals_damage_to_each_player():
    # 111cw (Hercules, L1 4A 4D) blocked by Cheetah (4A): KO'd, 2 damage to each player
    cards = real_cards("111cw", "When Hercules is KO'd while attacking")
    setup = scene("111cw", "P1 die 111cw#1 field L1")
    state = play(cards, setup, "P1 attack 111cw#1", "P2 block 5sww#1>111cw#1", "P1 damage").final
    assert state.player("P1").life == 18
    assert state.player("P2").life == 18


# -- spellings read again ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "start", "description"),
    [
        (
            "11ki",
            "When Kree Soldier damages",
            "When one of this card's dice deals damage to your opponent: you draw 1 die into the "
            "Prep Area.",
        ),
        (
            "40thor",
            "When Punisher deals damage",
            "When one of this card's dice deals damage to your opponent: you may purchase a "
            "Punisher die for 1 energy.",
        ),
        (
            "20bit",
            "When Trish Stratus damages",
            "When one of this card's dice deals damage to your opponent: you may purchase a basic "
            "action die for 2 energy.",
        ),
        (
            "15sww",
            "When Steve Trevor is KO'd",
            "When this die is KO'd: you may purchase a Wonder Woman die for 3 less and place it in "
            "your Prep Area.",
        ),
        (
            "34tiw",
            "When Sylgar is KO'd",
            "When this die is KO'd by combat damage: you may purchase a Xanathar die for 2 energy "
            "and place it in your Prep Area.",
        ),
        (
            "3bit",
            "If Bret Hart is blocked",
            "When this die is blocked, once per turn per die: you lose 2 life.",
        ),
        (
            "132jl",
            "If this character damages",
            "When one of this card's dice deals damage to your opponent: KO target opposing "
            "character die.",
        ),
        (
            "64ygo",
            "Cannot be blocked by sidekicks",
            "While active: this die can't be blocked by any Sidekick dice. When one of this card's "
            "dice deals damage to your opponent: KO target opposing Sidekick die.",
        ),
        (
            "56asm",
            "If Iceman takes damage",
            "When this die is damaged, if it is your opponent's turn: KO this die.",
        ),
        (
            "93asm",
            "If Iceman takes damage",
            "When this die is damaged, if it is your opponent's turn: deal 1 damage to each "
            "player.",
        ),
        (
            "2bffop",
            "When Elf Wizard attacks",
            "When this die attacks: you may purchase a action die for 2 less.",
        ),
        (
            "120fus",
            "If Goblin is KO'd",
            "When this die is KO'd by combat damage while attacking: move all your Goblin dice "
            "from your Used Pile to your Prep Area.",
        ),
        (
            "45wf",
            "When a Clark Kent die",
            "When this die is KO'd by combat damage: you may field a Superman die from your Used "
            "Pile or Prep Area at level 2.",
        ),
        (
            "12hhs",
            "When Foot Ninja is KO'd",
            "When this die is KO'd: put a Foot Ninja character die from your Used Pile in the "
            "Field Zone at level 3 (not fielded).",
        ),
        (
            "14tiw",
            "When Grell is KO'd",
            "When this die is KO'd: you may draw 2 dice: one goes to your Prep Area, the other to "
            "your Used Pile (you choose).",
        ),
        (
            "98fus",
            "When Lizardfolk damages",
            "When one of this card's dice deals damage to your opponent: you draw 1 die into your "
            "Prep Area: unless it is a Lizardfolk die, it goes to your Used Pile.",
        ),
    ],
)
def test_real_line_is_read(key, start, description):
    _, result = real_compiled(key, start)
    assert result.status == "automated", result.manual_lines
    assert result.description == description


def test_iceman_koed_only_on_the_opponents_turn():
    # 56asm (Iceman, L1 2A 4D): damaged on the opponent's turn: KO'd
    cards = real_cards("56asm", "If Iceman takes damage")
    setup = scene("56asm", "P1 die 56asm#1 field L1", active="P2")
    state = play(cards, setup, "P2 attack SK1", "P1 block 56asm#1>SK1", "P2 damage").final
    assert state.die("P1:56asm#1").zone == Zone.PREP
    setup = scene("56asm", "P1 die 56asm#1 field L1")
    state = play(cards, setup, "P1 attack 56asm#1", "P2 block SK1>56asm#1", "P1 damage").final
    assert state.die("P1:56asm#1").zone == Zone.FIELD


def test_swamp_thing_kos_when_it_damages_the_opponent():
    # 132jl (Swamp Thing, L1 2A 5D) unblocked: 2 damage, then KO target opposing die
    cards = real_cards("132jl", "If this character damages")
    setup = scene("132jl", "P1 die 132jl#1 field L1")
    state = play(
        cards, setup, "P1 attack 132jl#1", "P2 block", "P1 damage", "P1 choose P2:22uxm#1"
    ).final
    assert state.player("P2").life == 18
    assert state.die("P2:22uxm#1").zone == Zone.PREP


def test_unsupported_variants_stay_manual():
    # 'KO'd while blocking' and a trigger body none reads stay manual
    line = "If Superman is KO'd while blocking, gain 2 life"
    assert compiled("19sww", ability_lines=[line]).status != "automated"
    line = "If Superman is blocked but is not knocked out, you may pay 1 life"
    assert compiled("19sww", ability_lines=[line]).status != "automated"
    # a card's own dice fielded from outside the Field under a watcher: not read
    assert (
        compiled(
            "19sww",
            ability_lines=[
                "When a Sidekick is KO'd, you may field a Superman die from your Used Pile or Prep "
                "Area at level 2"
            ],
        ).status
        != "automated"
    )


# -- if you used an action die this turn ---------------------------------------------------------
@pytest.mark.parametrize(("used", "life"), [(True, 18), (False, 20)])
def test_attack_trigger_after_an_action_die(used, life):
    # 54jl (Green Lantern): 2 damage to the defending player if an action die was used
    cards = real_cards("54jl", "When Green Lantern attacks")
    setup = scene("54jl", "P1 die 54jl#1 field L1", "P1 die BA:31sww#1 reserve action")
    actions = ["P1 use BA:31sww#1"] if used else []
    state = play(cards, setup, *actions, "P1 attack 54jl#1").final
    assert state.player("P2").life == life


def test_unblockable_after_an_action_die():
    # 99avx (Angel): can't be blocked once an action die was used this turn
    spec = spec_of("99avx", "If you used an action this turn")
    assert spec["if"] == {"test": "wn_action_used"}
    cards = real_cards("99avx", "If you used an action this turn")
    setup = scene("99avx", "P1 die 99avx#1 field L1", "P1 die BA:31sww#1 reserve action")
    text = setup + "P1 use BA:31sww#1\nP1 attack 99avx#1\nP2 block SK1>99avx#1\n"
    refused(cards, text, "R13.7")
    state = play(cards, setup, "P1 attack 99avx#1", "P2 block SK1>99avx#1").final
    assert state.die("P2:SK1").blocking == "P1:99avx#1"


def test_basic_action_condition_joins_the_lines_own():
    # 88jl (The Flash): unblockable while attacking alone, after a basic action die
    spec = spec_of("88jl", "If you played a basic action")
    assert spec["if"] == {
        "test": "all_of",
        "conditions": [{"test": "attacks_alone"}, {"test": "wn_action_used", "basic": True}],
    }


# -- takes damage and isn't KO'd -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("blocker", "level", "zone"), [("SK1", 2, Zone.FIELD), ("22uxm#1", 1, Zone.PREP)]
)
def test_damaged_and_not_kod_spins_up(blocker, level, zone):
    # 35asm (Agent Venom, L1 4A 4D): 1 damage from the Sidekick: spun up; 5 from Wolverine: KO'd
    spec = spec_of("35asm", "When Agent Venom takes damage")
    assert spec["if"] == {"test": "wn_survives"}
    cards = real_cards("35asm", "When Agent Venom takes damage")
    setup = scene("35asm", "P1 die 35asm#1 field L1")
    state = play(
        cards, setup, "P1 attack 35asm#1", f"P2 block {blocker}>35asm#1", "P1 damage"
    ).final
    assert state.die("P1:35asm#1").zone == zone
    if zone == Zone.FIELD:
        assert state.die("P1:35asm#1").level == level


@pytest.mark.parametrize(("blocker", "life"), [("SK1", 19), ("22uxm#1", 20)])
def test_damaged_in_the_attack_step_and_not_kod(blocker, life):
    # 39jl (Black Manta, L3 3A 5D): the Sidekick's 1 damage: 1 damage to the opponent;
    # Wolverine's 5: KO'd, nothing
    spec = spec_of("39jl", "If Black Manta is damaged")
    assert spec["if"] == {
        "test": "all_of",
        "conditions": [{"test": "in_attack_step"}, {"test": "wn_survives"}],
    }
    cards = real_cards("39jl", "If Black Manta is damaged")
    setup = scene("39jl", "P1 die 39jl#1 field L3")
    state = play(cards, setup, "P1 attack 39jl#1", f"P2 block {blocker}>39jl#1", "P1 damage").final
    assert state.player("P2").life == life


# -- dice moved from the Used Pile (wn_from_used) ------------------------------------------------
def test_prep_one_of_two_names_from_the_used_pile():
    # 11sww (Jimmy Olsen, L1 1A 2D) KO'd blocked by Wolverine: Prep a Superman die
    spec = spec_of("11sww", "When Jimmy Olsen is KO'd")
    assert spec["effects"] == [
        {
            "do": "wn_from_used",
            "into": "prep",
            "count": 1,
            "dice": {"names": ["Superman", "Supergirl"], "what": "character"},
        }
    ]
    cards = real_cards("11sww", "When Jimmy Olsen is KO'd")
    setup = scene("11sww", "P1 die 11sww#1 field L1", "P1 die 19sww#2 used", "P1 die SK3 used")
    actions = ("P1 attack 11sww#1", "P2 block 22uxm#1>11sww#1", "P1 damage", "P1 yes")
    state = play(cards, setup, *actions, "P1 choose 19sww#2").final
    assert state.die("P1:19sww#2").zone == Zone.PREP
    assert state.die("P1:SK3").zone == Zone.USED


def test_a_different_named_character_only():
    # 106jl (Aquaman): blocking, Prep a different Justice League character (not Aquaman)
    spec = spec_of("106jl", "When Aquaman blocks")
    assert spec["effects"][0]["dice"] == {
        "affiliation": ["justiceleague"],
        "not_name": "Aquaman",
        "what": "character",
    }
    cards = real_cards("106jl", "When Aquaman blocks")
    setup = scene(
        "106jl",
        "P1 die 106jl#1 field L1",
        "P1 die 106jl#2 used",
        "P1 die 19sww#2 used",
        active="P2",
    )
    # Superman (Justice League) is the only one it may pick
    actions = ("P2 attack SK1", "P1 block 106jl#1>SK1", "P1 yes", "P1 choose 19sww#2")
    state = play(cards, setup, *actions).final
    assert state.die("P1:19sww#2").zone == Zone.PREP
    assert state.die("P1:106jl#2").zone == Zone.USED


def test_up_to_two_dice_to_the_bag():
    # 4xfc (Beast, L1 1A 2D) KO'd: up to 2 dice from the Used Pile to the bag
    cards = real_cards("4xfc", "When Beast is KO'd")
    setup = scene(
        "4xfc", "P1 die 4xfc#1 field L1", "P1 die SK3 used", "P1 die SK4 used", "P1 die SK5 used"
    )
    actions = ("P1 attack 4xfc#1", "P2 block 22uxm#1>4xfc#1", "P1 damage", "P1 yes")
    state = play(cards, setup, *actions, "P1 choose SK3 SK4").final
    assert state.die("P1:SK3").zone == Zone.BAG and state.die("P1:SK4").zone == Zone.BAG
    assert state.die("P1:SK5").zone == Zone.USED


# -- fielded this turn, the team --------------------------------------------------------------
def test_gets_more_once_another_non_sidekick_die_was_fielded():
    # 34skc (Hawkman, L1 2A 2D): +1A once a non-Sidekick die besides Hawkman was fielded
    spec = spec_of("34skc", "If you fielded a non-Sidekick")
    assert spec["if"] == {"test": "wn_fielded", "what": "non_sidekick", "not_name": "Hawkman"}
    cards = real_cards("34skc", "If you fielded a non-Sidekick")
    lines, field = to_field("19sww")
    setup = scene("34skc", "P1 die 34skc#1 field L1", "P1 die SK1 reserve L1", *lines)
    before = play(cards, setup, "P1 field SK1").final
    assert query.attack(before, cards, before.die("P1:34skc#1")).value == 2  # a Sidekick
    after = play(cards, setup, "P1 field SK1", field).final
    assert query.attack(after, cards, after.die("P1:34skc#1")).value == 3


def test_free_to_field_when_the_team_lacks_an_affiliation():
    spec = spec_of("56dps", "If you have no")
    assert spec["when"] == "static"
    assert spec["if"]["test"] == "fl_team_lacks"
    spec = spec_of("2ki", "If you have fielded a non-Drax")
    assert spec["if"] == {"test": "wn_fielded", "affiliation": ["gotg"], "not_name": "Drax"}


# -- an equal amount, combat damage, placed from the bag ----------------------------------------
def test_equal_amount_of_the_damage_the_opponent_took():
    # 21ygo (Gaia, L1 4A 5D) unblocked: 4 damage to the opponent, then 4 to target Cheetah
    spec = spec_of("21ygo", "If this monster damages")
    assert spec == {
        "when": "damage_opponent",
        "effects": [{"do": "wn_damage_dealt", "to": {"pick": "target"}}],
    }
    cards = real_cards("21ygo", "If this monster damages")
    setup = scene("21ygo", "P1 die 21ygo#1 field L1")
    actions = ("P1 attack 21ygo#1", "P2 block", "P1 damage", "P1 choose P2:5sww#1")
    state = play(cards, setup, *actions).final
    assert state.player("P2").life == 16
    assert state.die("P2:5sww#1").zone == Zone.PREP  # Cheetah L2 4D: 4 damage KOs it


def test_no_damage_during_combat_is_combat_damage_prevented():
    # 41xmf (Mastermind, L1 1A 2D) blocked by Wolverine (5A): no damage, not KO'd
    cards = real_cards("41xmf", "Mastermind takes no damage")
    setup = scene("41xmf", "P1 die 41xmf#1 field L1")
    state = play(cards, setup, "P1 attack 41xmf#1", "P2 block 22uxm#1>41xmf#1", "P1 damage").final
    assert state.die("P1:41xmf#1").zone == Zone.FIELD


def test_search_the_bag_and_place_in_the_field():
    spec = spec_of("113wf", "When a Clark Kent die")
    assert spec["when"] == "kod_combat"
    assert spec["effects"] == [
        {
            "do": "wt_place",
            "dice": {"what": "character", "name": "Superman"},
            "zones": ["bag", "used"],
            "level": 2,
        }
    ]


def test_kod_goes_to_the_used_pile_instead():
    # 2jlop (Superman, L1 5A 5D) blocked by Wolverine (5A): KO'd to the Used Pile
    spec = spec_of("2jlop", "When Superman would be KO'd")
    assert spec == {
        "when": "while_active",
        "effects": [{"do": "ns_ko_to_used", "to": {"pick": "this"}}],
    }
    cards = real_cards("2jlop", "When Superman would be KO'd")
    setup = scene("2jlop", "P1 die 2jlop#1 field L1", "P1 die SK2 field L1")
    actions = ("P1 attack 2jlop#1 SK2", "P2 block 22uxm#1>2jlop#1 5sww#1>SK2", "P1 damage")
    state = play(cards, setup, *actions).final
    assert state.die("P1:2jlop#1").zone == Zone.USED
    assert state.die("P1:SK2").zone == Zone.PREP  # another card's die: to the Prep Area


def test_only_blocked_by_level_one_dice():
    # 105cw (Ant-Man): Cheetah (level 2) can't block it, the Sidekick (level 1) can
    cards = real_cards("105cw", "When Ant-Man attacks")
    setup = scene("105cw", "P1 die 105cw#1 field L1")
    refused(cards, setup + "P1 attack 105cw#1\nP2 block 5sww#1>105cw#1\n", "R13.7")
    state = play(cards, setup, "P1 attack 105cw#1", "P2 block SK1>105cw#1").final
    assert state.die("P2:SK1").blocking == "P1:105cw#1"
