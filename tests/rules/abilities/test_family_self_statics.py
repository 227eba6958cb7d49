"""Template family `self_statics`: what the card's own dice always have ('NAME gets +2A while
blocking', 'NAME gets +1A for each ...', 'NAME can't be blocked by Sidekicks', 'NAME can't
attack'), played through the stat query layer and the restrict hook. Real card lines are read
from the card pool by set code and number, the real name replaced by the demo card's."""

import pytest

from rules.abilities import compile_card, describe, templates
from rules.abilities.tokens import clean
from rules.engine import Zone, query
from tests.rules.abilities.real_cards import demo_line, raw_pool
from tests.rules.abilities.scenario import (
    board,
    compiled,
    compiled_cards,
    encoded_cards,
    play,
    refused,
    run,
)

NAMES = {"19sww": "Superman", "5sww": "Cheetah"}


def cards_with(code: str, contains: str = "", key: str = "19sww"):
    card = raw_pool()[code]
    line = demo_line(code, contains or card["name"].split()[0], as_name=NAMES[key])
    return compiled_cards(key, ability_lines=[line])


def stats(cards, setup: str, die: str, *actions: str) -> tuple[int, int]:
    state = play(cards, setup, *actions).final
    found = state.die(die)
    return query.attack(state, cards, found).value, query.defense(state, cards, found).value


# P1 attacks with Superman L1 (4/6, Justice League, cost 6) or a sidekick; P2 may block with
# Cheetah L1 (4/2, Villain, cost 4) or sidekicks (cost 0).
FIELD = board(
    "P1 die 19sww#1 field L1",
    "P1 die 22sww#1 field L1",
    "P1 die SK1 field L1",
    "P2 die 5sww#1 field L1",
    "P2 die 5sww#2 field L1",
    "P2 die SK1 field L1",
)
ATTACK = FIELD + "P1 attack 19sww#1\n"


def blocks(cards, *pairs: str) -> None:
    """Each block must be refused (R13.7), except those marked '+' which must be legal."""
    for pair in pairs:
        if pair.startswith("+"):
            play(cards, ATTACK, f"P2 block {pair[1:]}")
        else:
            refused(cards, ATTACK + f"P2 block {pair}\n", "R13.7")


@pytest.mark.parametrize(
    "code, contains, allowed, forbidden",
    [
        ("14uxm", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),  # cannot be blocked by Sidekicks
        ("5wf", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),
        ("97bat", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),
        ("78wf", "", [], ["SK1>19sww#1", "5sww#1>19sww#1"]),  # Sidekicks or [DCV]
        ("12tmnt", "", [], ["SK1>19sww#1", "5sww#1>19sww#1"]),
        ("7ai", "", [], ["SK1>19sww#1", "5sww#1>19sww#1"]),  # [DCV] or Sidekick dice
        ("51bat", "", ["SK1>19sww#1"], ["5sww#1>19sww#1"]),  # by [DCV] character dice
        ("133thor", "", ["SK1>19sww#1"], ["5sww#1>19sww#1"]),
        ("120bat", "non-[DCV]", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),
        ("3aou", "", ["SK1>19sww#1"], ["5sww#1>19sww#1"]),  # can only be blocked by Sidekicks
        ("103aou", "", [], ["SK1>19sww#1", "5sww#1>19sww#1"]),  # cannot be blocked
        ("6hhs", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),  # purchase cost 2 or less
        ("114skc", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),  # purchase cost of 3 or less
        ("50msw", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),  # cost 2 or less
        ("4imw", "", ["5sww#1>19sww#1", "SK1>19sww#1"], []),  # cost 6 or more: none here
        ("4gotg", "", ["5sww#1>19sww#1"], ["SK1>19sww#1"]),  # Sidekicks or [S] dice
    ],
)
def test_who_may_block_the_card(code, contains, allowed, forbidden):
    cards = cards_with(code, contains)
    blocks(cards, *(f"+{pair}" for pair in allowed), *forbidden)


def test_an_unblockable_die_deals_its_damage_to_the_player():
    cards = cards_with("103aou")
    replay = play(cards, ATTACK, "P2 block", "P1 damage")
    assert replay.final.player("P2").life == 16
    # Other attackers can still be blocked.
    play(cards, FIELD, "P1 attack 19sww#1 SK1", "P2 block SK1>SK1")


def test_the_card_cannot_attack_or_block():
    cards = cards_with("117cw")  # NAME can't attack
    refused(cards, FIELD + "P1 attack 19sww#1\n", "R13.7")
    play(cards, FIELD, "P1 attack 22sww#1 SK1")
    cards = cards_with("61uxm", key="5sww")  # NAME cannot block (P2's Cheetah)
    refused(cards, ATTACK + "P2 block 5sww#2>19sww#1\n", "R13.7")
    play(cards, ATTACK, "P2 block SK1>19sww#1")


@pytest.mark.parametrize(
    "code, when, expected",
    [
        ("49avx", "blocking", (6, 4)),  # +2A +2D while blocking
        ("81msw", "blocking", (6, 4)),  # +2 attack and +2 defense while blocking
        ("81skc:gets", "blocking", (6, 2)),  # +2A while blocking
        ("22fus", "blocking", (4, 3)),  # +1D while blocking
        ("64uxm", "attacking", (4, 4)),  # +2D while attacking
        ("121uxm:gets", "attacking", (4, 3)),  # +1D when attacking
    ],
)
def test_a_bonus_while_in_combat(code, when, expected):
    # Cheetah L1 (4/2) of P2 holds the line; it blocks on P1's turn, attacks on its own.
    code, _, contains = code.partition(":")
    cards = cards_with(code, contains, key="5sww")
    assert stats(cards, FIELD, "P2:5sww#1") == (4, 2)
    if when == "blocking":
        actions = ("P1 attack 19sww#1", "P2 block 5sww#1>19sww#1")
        setup = FIELD
    else:
        actions = ("P2 attack 5sww#1",)
        setup = FIELD.replace("active P1", "active P2").replace("turn 3", "turn 4")
    assert stats(cards, setup, "P2:5sww#1", *actions) == expected
    assert stats(cards, setup, "P2:5sww#2", *actions) == (4, 2)  # the other die isn't in it


@pytest.mark.parametrize(
    "code, expected",
    [
        ("8ai", (6, 8)),  # +1A +1D for each opposing [DCV] character: two Cheetahs
        ("91bat", (6, 6)),  # +1A for each of your opponent's active [DCV] character dice
        ("9ki", (6, 8)),  # for every active [DCV] character die
        ("36gaf", (6, 8)),  # for each of your active [DCJL] characters: Superman, Wonder Woman
        ("14wol", (6, 8)),  # for each of your opponent's fielded [DCV] character dice
    ],
)
def test_a_bonus_for_each_die_counted(code, expected):
    cards = cards_with(code)
    assert stats(cards, FIELD, "P1:19sww#1") == expected
    one_cheetah = FIELD.replace("P2 die 5sww#2 field L1\n", "")
    gained = (expected[0] - 4, expected[1] - 6)
    if code == "36gaf":  # counts P1's own Justice League dice: unchanged
        assert stats(cards, one_cheetah, "P1:19sww#1") == expected
    else:
        half = (4 + gained[0] // 2, 6 + gained[1] // 2)
        assert stats(cards, one_cheetah, "P1:19sww#1") == half


def test_a_count_bonus_is_dealt_as_combat_damage():
    # Superman 6/8 with two Cheetahs out, unblocked: 6 damage to P2.
    cards = cards_with("8ai")
    replay = play(cards, ATTACK, "P2 block", "P1 damage")
    assert replay.final.player("P2").life == 14
    assert replay.final.die("P1:19sww#1").zone == Zone.USED


def test_the_description_is_our_own_words():
    line = demo_line("14uxm", "Kitty", as_name="Superman")
    text = describe(compiled("19sww", ability_lines=[line]).encoding)
    assert text.startswith("While active: this die can't be blocked by any ") and "Sidekick" in text


# -- the whole pool ------------------------------------------------------------------------------
MUST_STAY_MANUAL = [
    ("118wf", "while"),  # a name with a trademark sign, 'your [DCV] dice'
    ("99jl", "while"),  # '... if there are no opposing Villains active'
    ("22ai", "blocked"),  # 'only by 2 or more character dice': not one blocker at a time
    ("7m2019", "while"),  # dice 'with 1A' gain Infiltrate
    ("21jus", "while"),  # a quoted ability granted
    ("127fus", "gear"),  # while it has Gear equipped
    ("117bat", "while"),  # Swarm: a keyword the engine doesn't play
    ("30dps", "while"),  # gains an affiliation too
    ("16bfu", "while"),  # and are KO'd at the end of your turn
    ("12wf", "for each"),  # 'different' characters
    ("6wf", "blocked"),  # by an opponent with only one active character die
    ("96xfc", "blocked"),  # unless your opponent pays
    ("121wol", "while"),  # 'if you have three or more active colors'
    ("1avx", "blocks"),  # 'when he blocks': a trigger, with a burst line
    ("62dps", "while"),  # the card's own purchase cost
    ("10sww", "while"),  # two names
    ("59aou", "attack"),  # two sentences, a parenthesis that changes the amount
    ("2hq", "while"),  # 'while ... are attacking, they get'
    ("28jus", "while"),  # a condition on the opponent's dice
]


@pytest.mark.parametrize("code, contains", MUST_STAY_MANUAL)
def test_lines_our_families_must_not_recognise(code, contains):
    card = raw_pool()[code]
    result = compile_card(card)
    wanted = [line for line in card["ability_lines"] if contains.lower() in line.lower() and line]
    families = dict(result.recognised)
    for line in wanted:
        assert families.get(clean(line)) not in ("while_active", "self_statics"), line


def test_the_whole_pool_compiles_and_our_encodings_build():
    """Every card compiles (status, a valid encoding); each card our families recognise
    builds engine abilities from its encoding."""
    from rules.abilities import with_encoding
    from tests.rules.engine.conftest import demo_cards

    stand_in = demo_cards()["19sww"]
    ours = 0
    for card in raw_pool().values():
        result = compile_card(card)
        assert result.status in ("automated", "partial", "manual")
        if {f for _, f in result.recognised} & {"while_active", "self_statics"}:
            ours += 1
            built = with_encoding(stand_in, result.encoding)
            assert len(built.abilities) >= len(result.encoding.get("abilities", ()))
    assert ours >= 100, ours
    assert {"while_active", "self_statics"} <= set(templates.families())


def test_blockers_filtered_by_energy_and_level():
    # cannot be blocked by non-[M] characters: Cheetah (Mask) may, a sidekick (no type) not.
    blocks(cards_with("52avx"), "+5sww#1>19sww#1", "SK1>19sww#1")
    # cannot be blocked by level 1 characters: Cheetah L1 not, Cheetah L2 may.
    cards = cards_with("124wol")
    refused(cards, ATTACK + "P2 block 5sww#1>19sww#1\n", "R13.7")
    level_two = ATTACK.replace("P2 die 5sww#2 field L1", "P2 die 5sww#2 field L2")
    play(cards, level_two, "P2 block 5sww#2>19sww#1")


@pytest.mark.parametrize(
    "code, key, die, expected",
    [
        ("124avx", "5sww", "P1:19sww#1", (2, 4)),  # opponent's non-[F] characters -2A -2D
        ("124avx", "5sww", "P2:SK1", (1, 1)),
        ("135dps", "5sww", "P1:22sww#1", (3, 1)),  # opponent's non-fist characters -2D
        ("79uxm", "5sww", "P2:5sww#1", (5, 3)),  # +1A +1D for each other Villain: the other
        ("109jl", "5sww", "P2:5sww#1", (5, 3)),  # Cheetah die counts, not this one
        ("93jl", "19sww", "P1:19sww#1", (6, 6)),  # +1A for each Villain die in the field
        ("73skc", "19sww", "P1:19sww#1", (7, 6)),  # for each opposing character die: 3
        ("17tmnt", "19sww", "P1:19sww#1", (6, 8)),  # each other Sidekick die: both players'
        ("50aou", "19sww", "P1:19sww#1", (6, 6)),  # for each opposing active Villain
    ],
)
def test_counted_subjects(code, key, die, expected):
    assert stats(cards_with(code, key=key), FIELD, die) == expected


def test_a_defence_brought_to_zero_kos_the_die():
    replay = play(cards_with("135dps", key="5sww"), FIELD)  # P1's sidekick: 1/1 -2D
    assert replay.final.die("P1:SK1").zone == Zone.PREP


@pytest.mark.parametrize("code", ["37tmnt", "7tmnt", "47wol", "61wol", "13bat", "16bat"])
def test_a_bonus_while_another_named_character_is_active(code):
    # 'While <other> is active, NAME gets +2A and +2D', the other character played by Wonder
    # Woman's dice: the real line's other name is replaced by 'Wonder Woman'.
    card = raw_pool()[code]
    line = demo_line(code, "active", as_name="Superman")
    other = line.split(" is active")[0].removeprefix("While ")
    cards = compiled_cards("19sww", ability_lines=[line.replace(other, "Wonder Woman")])
    assert stats(cards, FIELD, "P1:19sww#1") == (6, 8), card["name"]
    alone = FIELD.replace("P1 die 22sww#1 field L1\n", "")
    assert stats(cards, alone, "P1:19sww#1") == (4, 6)
    # An opposing Cheetah does not count: 'active' is the holder's own.
    cards = compiled_cards("19sww", ability_lines=[line.replace(other, "Cheetah")])
    assert stats(cards, FIELD, "P1:19sww#1") == (4, 6)


# -- prevention ------------------------------------------------------------------------------------
def _damage_to_superman(cards, *blocks: str, setup: str = ATTACK) -> int:
    """Superman (A4) attacks and is blocked; the damage he takes (read from the events, since
    Cleanup clears it). With two blockers he splits his 4 damage 2/2."""
    split = ""
    if len(blocks) == 2:
        split = " " + " ".join(f"19sww#1>{b.split('>')[0]}=2" for b in blocks)
    replay = play(cards, setup, f"P2 block {' '.join(blocks)}", f"P1 damage{split}")
    taken = [e for s in replay.steps for e in s.events if e.kind == "damaged"]
    assert any(e.die != "P1:19sww#1" for e in taken), "Superman's own damage was dealt"
    return sum(e.amount for e in taken if e.die == "P1:19sww#1")


def test_no_damage_from_an_energy_type():
    cards = cards_with("91uxm")  # takes no damage from [M] characters
    assert _damage_to_superman(cards, "5sww#1>19sww#1") == 0  # Cheetah: Mask
    assert _damage_to_superman(cards, "SK1>19sww#1") == 1  # a sidekick has no type
    cards = cards_with("79avx")  # takes no damage from non-[S] characters
    assert _damage_to_superman(cards, "5sww#1>19sww#1") == 0
    assert _damage_to_superman(cards, "SK1>19sww#1") == 0


def test_less_damage_from_villains():
    cards = cards_with("43uxm", "1 less")  # takes 1 less damage from Villains
    assert _damage_to_superman(cards, "5sww#1>19sww#1") == 3
    assert _damage_to_superman(cards, "5sww#1>19sww#1", "SK1>19sww#1") == 4  # 3 + 1


def test_prevent_all_damage_by_villains_to_your_named_dice():
    # The real Superman 19sww: prevent all damage dealt by [DCV] character dice to NAME dice.
    cards = cards_with("19sww", "prevent")
    assert _damage_to_superman(cards, "5sww#1>19sww#1", "5sww#2>19sww#1") == 0
    assert _damage_to_superman(cards, "SK1>19sww#1") == 1


def test_cannot_be_damaged_while_another_character_is_active():
    line = demo_line("2def", "cannot be damaged", as_name="Superman")
    other = line.split(" is active")[0].removeprefix("While ")
    cards = compiled_cards("19sww", ability_lines=[line.replace(other, "Wonder Woman")])
    assert _damage_to_superman(cards, "5sww#1>19sww#1") == 0
    alone = ATTACK.replace("P1 die 22sww#1 field L1\n", "")
    assert _damage_to_superman(cards, "5sww#1>19sww#1", setup=alone) == 4


def test_prevention_is_described():
    line = demo_line("48bat", "while", as_name="Superman")
    text = compiled("19sww", ability_lines=[line]).description
    assert text.startswith("While active: prevent all damage to ") and text.count("prevent") == 2
    assert "from any Villain" in text and "from any action dice" in text


def test_cannot_attack_or_block_unless_another_character_is_active():
    line = demo_line("72wol", "unless", as_name="Superman")  # ... unless <other> is active
    other = line.split(" unless ")[1].split(" is active")[0]
    cards = compiled_cards("19sww", ability_lines=[line.replace(other, "Wonder Woman")])
    play(cards, FIELD, "P1 attack 19sww#1")  # Wonder Woman is in P1's Field
    alone = FIELD.replace("P1 die 22sww#1 field L1\n", "")
    refused(cards, alone + "P1 attack 19sww#1\n", "R13.7")
    # A non-NAME filter in the condition: 'another non-NAME [DCV] character die' (102bat).
    result = compiled(
        "5sww", ability_lines=[demo_line("102bat", "[DCV] character", as_name="Cheetah")]
    )
    condition = result.encoding["abilities"][0]["if"]
    assert condition["test"] == "count_at_most" and condition["of"]["other"] is True
    cards = compiled_cards(
        "5sww", ability_lines=[demo_line("102bat", "[DCV] character", as_name="Cheetah")]
    )
    their_turn = FIELD.replace("active P1", "active P2").replace("turn 3", "turn 4")
    refused(cards, their_turn + "P2 attack 5sww#1\n", "R13.7")  # the other Cheetah is no help


# -- the card's own cost, always -------------------------------------------------------------------
def test_own_purchase_cost_falls_for_each_counted_die():
    cards = cards_with("24ki", "costs", key="5sww")  # [1] less for each of your active [DCV]
    state = play(cards, FIELD).final  # P2 has two Cheetahs (Villains) in the Field
    assert query.purchase_cost(state, cards, "P2", "5sww").value == 2
    one = FIELD.replace("P2 die 5sww#2 field L1\n", "")
    assert query.purchase_cost(play(cards, one).final, cards, "P2", "5sww").value == 3
    result = compiled("5sww", ability_lines=[demo_line("24ki", "costs", as_name="Cheetah")])
    assert result.encoding["abilities"][0]["when"] == "static"


def test_own_fielding_is_free_while_the_condition_holds_even_when_not_active():
    # While you have an active character die with cost 4 or greater, NAME is free to field.
    cards = cards_with("106msw", "free")
    setup = board(
        "P1 die 22sww#1 field L1",
        "P1 die 19sww#1 reserve L2",
        "P1 die SK1 reserve mask",
        "P1 die SK2 reserve mask",
    )
    replay = play(cards, setup, "P1 field 19sww#1")  # Wonder Woman costs 4: free
    assert replay.final.die("P1:19sww#1").zone == Zone.FIELD
    no_one = setup.replace("P1 die 22sww#1 field L1", "P1 die 22sww#1 used")
    refused(cards, no_one + "P1 field 19sww#1\n", "R6.1")


# -- can't be targeted -----------------------------------------------------------------------------
def _targets_of_a_when_fielded(code: str, contains: str) -> tuple[str, ...]:
    """P2 fields Cheetah, whose 'when fielded, 2 damage to target character die' asks for a
    target; Superman (P1) holds the real line under test. The options offered."""
    shield = compiled("19sww", ability_lines=[demo_line(code, contains, as_name="Superman")])
    ping = compiled("5sww", ability_lines=["When fielded, deal 2 damage to target character die"])
    cards = encoded_cards({"19sww": shield.encoding, "5sww": ping.encoding})
    setup = board(
        "P1 die 19sww#1 field L1",
        "P1 die SK1 field L1",
        "P2 die 5sww#1 reserve L1",
        "P2 die SK1 reserve mask",
        turn=4,
        active="P2",
    )
    return run(cards, setup + "P2 field 5sww#1 pay SK1\n").final.pending.options


def test_cannot_be_targeted_by_opposing_abilities():
    # 'cannot be targeted by opposing action dice or abilities': a character's ability too.
    assert "P1:19sww#1" not in _targets_of_a_when_fielded("68jl", "targeted")
    assert "P1:SK1" in _targets_of_a_when_fielded("68jl", "targeted")
    # 'cannot be targeted by opposing Global Abilities or action dice': abilities still may.
    assert "P1:19sww#1" in _targets_of_a_when_fielded("29ai", "targeted")
    # 'can't be targeted by opposing effects'.
    assert "P1:19sww#1" not in _targets_of_a_when_fielded("34msw", "targeted")


def test_your_own_effects_may_still_target_an_opposing_only_shield():
    line = demo_line("68jl", "targeted", as_name="Superman")
    ping = "When fielded, deal 1 damage to target character die"
    cards = compiled_cards("19sww", ability_lines=[line, ping])
    setup = board("P1 die 19sww#1 field L1", "P1 die 19sww#2 reserve L1", "P1 die SK1 reserve mask")
    options = run(cards, setup + "P1 field 19sww#2 pay SK1\n").final.pending.options
    assert "P1:19sww#1" in options


def test_an_opposing_global_cannot_target_and_cannot_be_used_without_a_target():
    # 'Global Abilities activated by your opponent cannot target character dice you control'
    # (the real 22sww, held by P1's Wonder Woman): P2's global pinging a character die.
    shield = compiled("22sww", ability_lines=[demo_line("22sww", "global", as_name="Wonder Woman")])
    ping = {
        "abilities": [
            {
                "when": "global",
                "cost": "[F]",
                "effects": [{"do": "damage", "to": {"pick": "target"}, "amount": 1}],
            }
        ]
    }
    cards = encoded_cards(
        {"22sww": shield.encoding, "9sww": ping},
        global_lines={"9sww": ["Global: Pay [F]: deal 1 damage to target character die."]},
    )
    setup = board(
        "P1 die 22sww#1 field L1",
        "P2 die SK1 reserve fist",
        "P2 die SK2 reserve fist",
        "P2 die SK3 field L1",
        turn=4,
        active="P2",
    )
    options = run(cards, setup + "P2 global 9sww pay SK1\n").final.pending.options
    assert options == ("P2:SK3",)  # not Wonder Woman
    alone = setup.replace("P2 die SK3 field L1\n", "")
    refused(cards, alone + "P2 global 9sww pay SK1\n", "R10.3")


def test_non_name_counts_and_while_you_have_a_die():
    # +1D for each of your active non-NAME character dice: Wonder Woman and a sidekick, not a
    # second Superman.
    cards = cards_with("7doom")
    two = FIELD + "P1 die 19sww#2 field L1\n"
    assert stats(cards, two, "P1:19sww#1") == (4, 8)
    cards = cards_with("138dps")  # while you have an active Sidekick die, NAME gets +1A
    assert stats(cards, FIELD, "P1:19sww#1") == (5, 6)
    no_sidekick = FIELD.replace("P1 die SK1 field L1\n", "")
    assert stats(cards, no_sidekick, "P1:19sww#1") == (4, 6)
    assert stats(cards, FIELD, "P2:5sww#1") == (4, 2)  # only its own dice


def test_every_recognised_line_of_ours_answers_the_engines_queries():
    """Smoke: each pool card our families recognise, played by Superman's dice on a board,
    answers A, D, keywords, costs, prevention and the restrict hook without failing (no
    unknown vocabulary, no query loop)."""
    from rules.engine import abilities
    from tests.rules.engine.conftest import demo_cards

    base = demo_cards()
    setup = FIELD + "P1 die 19sww#2 reserve L2\nP1 die SK2 reserve fist\n"
    state = play(base, setup).final
    checked = 0
    for card in raw_pool().values():
        result = compile_card(card)
        if not {f for _, f in result.recognised} & {"while_active", "self_statics"}:
            continue
        cards = encoded_cards({"19sww": result.encoding}, cards=base)
        for die in state.dice:
            if die.is_character:
                query.attack(state, cards, die)
                query.defense(state, cards, die)
                query.keywords(state, cards, die)
                query.fielding_cost(state, cards, die)
                query.damage_prevented(state, cards, die, state.die("P2:5sww#1"), 2)
                abilities.restriction(state, cards, "attack", die=die)
                abilities.restriction(
                    state, cards, "target", die=die, player="P2", params=("global",)
                )
        blocker, attacker = state.die("P2:5sww#1"), state.die("P1:19sww#1")
        abilities.restriction(state, cards, "block", die=blocker, other=attacker)
        for key in ("22sww", "34sww"):
            query.purchase_cost(state, cards, "P1", key)
        checked += 1
    assert checked >= 150, checked
