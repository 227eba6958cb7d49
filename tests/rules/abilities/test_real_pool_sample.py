"""Recognition must be right, not only broad (issue 8): for a sample of over 100 real cards
the compiler automates, across sets, a scenario plays the card's compiled ability through the
engine and checks the result against what the card TEXT says, read here by simple patterns
of its own (the number of damage, life, +A/+D, levels; KO; must attack; a keyword), never
from the compiled encoding."""

import random
import re

import pytest

from rules.abilities import compile_card
from rules.abilities.cards import engine_card
from rules.catalogue import read_catalogue
from rules.engine import Zone, query
from tests.rules.abilities.scenario import real_pool_path, run
from tests.rules.engine.conftest import demo_cards

SAMPLE_SIZE = 110
# P2 has sidekicks and dice of each energy type and several affiliations, with room to spin
# up and down; P1 a sidekick and a level-2 Superman.
OPPONENT = (
    "P2 die SK1 field L1", "P2 die SK2 field L1", "P2 die 5sww#1 field L2",
    "P2 die 22uxm#1 field L2", "P2 die 21uxm#1 field L2", "P2 die 19sww#1 field L2",
)  # fmt: skip
P2_TEAM = "5sww:2 22uxm:2 21uxm:2 19sww:2 basic 34sww"
# What this test can read from a card's text (the branches of the test below).
READABLE = re.compile(
    r"deal \d+ damage|gain \d+ life|lose \d+ life|loses \d+ life|\bKO\b|knock out|must attack"
    r"|spin .*? (?:up|down) \d+ level|reroll|prep a die|draw|\+\d+[AD]",
    re.IGNORECASE,
)
# Energy and affiliation tokens some die of the scenario has.
PLAYABLE_TOKENS = {"F", "B", "M", "S", "DCV", "VM", "XMEN", "DCJL", "DCS"}


def _pool():
    return read_catalogue(str(real_pool_path())).cards


# fielded_more's effects (tests/rules/abilities/test_family_fielded_more.py), fielded_effects'
# counted ones ('for each die in your Reserve Pool ...') and damage by the target's cost
# (test_family_fielded_effects.py) and
# fielded_choices' Corrupt (a player's choice among the dice drawn: test_family_fielded_choices.py)
_OWN_SCENARIOS = {
    "per_removed", "reroll_sort", "draw_sort", "next_purchase", "opponent_may_damage",
    "per_tally", "fc_corrupt", "damage_by_cost",
}  # fmt: skip
# The named_statics family's rules for players (costs, draws, what a player can't do): its own
# tests play them (tests/rules/abilities/test_family_named_statics.py).
_OWN_SCENARIOS |= {
    "ns_global_cost", "ns_draw_extra", "ns_prevent_you", "ns_cant_field", "ns_cant_reroll",
    "ns_no_team_character_globals", "ns_use_life", "ns_cant_use_actions", "ns_ko_to_used",
    "ns_grant_affiliation", "ns_no_attack_when_fielded", "ns_cant_purchase",
}  # fmt: skip
# Life an opponent pays to act, damage to a player prevented, bonuses counted over the Prep
# Area or Used Pile, an effect unless the opponent pays life: the while_tail, plain_tail and
# turn_globals families' own tests play them (the answers below would have the opponent pay).
_OWN_SCENARIOS |= {"wt_pay_life", "wt_prevent_you", "pt_zone_modify", "tg_unless_life"}
# What was drawn, rolled or bought decides what happens, or the opponent chooses: the fourth
# session's families' own tests play them with the draws and answers each needs.
_OWN_SCENARIOS |= {
    "fl_draw_roll", "fl_draw_route", "fl_draw_split", "fl_name_draw", "fl_purchase",
    "fl_sidekick_energy_ko", "fl_used_roll_field", "fl_gift_basic_action", "pt_draw_split",
    "pt_gate", "wt_draw_field", "wt_draw_keep", "wt_draw_two_keep_one", "mt_unless_ko",
    "at_one_blocker", "at_ko_lowest_cost",
}  # fmt: skip
# Rerolls in the Roll and Reroll Step, damage the opponent's effects deal, attack declarations,
# the first damage each turn: the while_rest family's own tests play them.
_OWN_SCENARIOS |= {
    "wr_no_damage_from", "wr_extra_reroll", "wr_attack_limit", "wr_free_to_field",
    "wr_keep_one_life", "wr_first_damage", "wr_purchase_damage", "wr_redirect_some",
    "wr_purchase_prep",
}  # fmt: skip


def _needs_a_scenario_of_its_own(spec) -> bool:
    """What the generic board below can't set up or read from the text by one number: a
    condition ('if'), a watcher of other dice ('any'/'by'), a bonus only while attacking or
    blocking, an amount counted over dice ('for each ...'), dice filtered by combat,
    affiliation, name or level. Their families' own tests play those."""
    if "if" in spec or "any" in spec or "by" in spec:
        return True
    if "cost" in spec and spec["when"] not in ("global", "activated"):
        return True  # 'you may pay [M] to ...': the answers below pay nothing
    if sum(effect.get("to", {}).get("pick") == "target" for effect in spec["effects"]) > 1:
        return True  # two targets: the answers below can't tell which is which
    if any(e.get("sign") == -1 and e["to"]["pick"] == "target" for e in spec["effects"]):
        return True  # a penalty to a target beside a bonus: the answers pick the holder's dice
    for effect in spec["effects"]:
        if effect["do"] in _OWN_SCENARIOS:
            return True  # counted, sorted or later effects: their family's tests play them
        if "while" in effect or effect["do"] == "from_used":
            return True  # a bonus only in combat; dice from an (empty) Used Pile
        if set(effect.get("to", {})) & {"combat", "affiliation", "name", "max_level"}:
            return True  # a die the board may not have (no attacker, no Avengers, ...)
        if effect.get("to", {}).get("side") == "yours" and "energy" in effect["to"]:
            return True  # P1's board has no other die of most energy types ('your [F] ...')
        amounts = [effect.get(k) for k in ("amount", "attack", "defense", "count")]
        if any(isinstance(a, dict) and "count" in a for a in amounts):
            return True
    return False


def _one_line_cards():
    """Real cards whose compiled encoding has exactly one ability or keyword line, that a
    generic scenario can play (fielded, attacks, blocked, global, action, while active,
    keywords), spread over sets; a fixed random sample."""
    found = []
    for record in _pool():
        result = compile_card(record)
        if result.status == "manual" or not result.recognised or len(result.recognised) != 1:
            continue
        line, family = result.recognised[0]
        if family not in ("keywords", "suit_up") and not READABLE.search(line):
            continue  # no reading of its text here (a new family's lines join once added)
        tokens = set(re.findall(r"\[([A-Za-z0-9]+)\]", line)) - {"1", "2", "3", "4", "5"}
        if tokens - PLAYABLE_TOKENS:
            continue  # a filter no die of the scenario could match
        if family == "keywords" or family == "suit_up":
            found.append((record, line, family, result))
            continue
        specs = result.encoding.get("abilities", [])
        if len(specs) != 1 or specs[0].get("bursts") or not record.faces and specs[0]["when"] in (
            "fielded", "attacks", "blocked", "blocks", "while_active"
        ):  # fmt: skip
            continue
        if _needs_a_scenario_of_its_own(specs[0]):
            continue  # a condition, a watcher or a per-die count: its family's own tests
        if specs[0]["when"] in ("fielded", "attacks", "blocked", "global", "action",
                                "while_active"):  # fmt: skip
            found.append((record, line, family, result))
    random.Random(8).shuffle(found)
    return found[:SAMPLE_SIZE]


SAMPLE = _one_line_cards() if real_pool_path().exists() else []


def test_the_sample_is_large_and_spans_sets_and_families():
    assert len(SAMPLE) >= 100
    assert len({record.set_code for record, *_ in SAMPLE}) >= 15
    assert len({family for _, _, family, _ in SAMPLE}) >= 6


def _cards_with(record):
    cards = demo_cards()
    card = engine_card(record)
    cards[record.key] = card
    return cards, card


def _answer(cards, text, prefer):
    """Replay, answering each question: targets per `prefer` (P2's dice, or P1's), 'may'
    yes, draws from the bag, rolls to a level face."""
    for _ in range(12):
        replay = run(cards, text)
        bad = [s for s in replay.steps if not s.legal]
        assert not bad, (bad[0].rule, bad[0].reason)
        pending = replay.final.pending
        if pending is None or pending.kind not in ("choose", "may", "draw", "roll", "order"):
            return replay
        if pending.kind == "choose":
            options = sorted(pending.options, key=lambda o: (not o.startswith(prefer), o))
            picks = options[: pending.count] or ["none"]
            text += f"{pending.player} choose {' '.join(picks)}\n"
        elif pending.kind == "may":
            text += f"{pending.player} yes\n"
        elif pending.kind == "order":
            text += f"{pending.player} order {' '.join(pending.options)}\n"
        elif pending.kind == "draw":
            bag = [d.id.split(":")[1] for d in replay.final.zone(pending.player, Zone.BAG)]
            text += f"{pending.player} draw {' '.join(bag[: pending.count])}\n"
        else:
            text += (
                f"{pending.player} roll " + " ".join(f"{o}=wild" for o in pending.options) + "\n"
            )
    raise AssertionError("the scenario kept asking")


def _header(key, kind):
    team = f"{key}:2 19sww:2 basic 31sww" if kind != "basic_action" else f"19sww:2 basic {key}"
    if key == "19sww":
        team = team.replace(" 19sww:2", "")
    return f"game tournament life 20 first P1\nP1 team {team}\nP2 team {P2_TEAM}\n"


def _energy(cost_text):
    """Sidekick dice in P1's Reserve Pool to pay a cost like [S][S] or [1]."""
    from rules.engine.faces import parse_cost

    cost = parse_cost(cost_text)
    faces = list(cost.types) + ["wild"] * (cost.amount - len(cost.types))
    return [f"P1 die SK{n} reserve {face}" for n, face in enumerate(faces, start=5)], [
        f"SK{n}" for n in range(5, 5 + len(faces))
    ]


def _play(record, card, cards, spec, prefer):
    key = record.key
    lines = ["P1 life 15", "P2 life 15", "P1 die SK1 field L1", *OPPONENT]
    if key != "19sww":
        lines.append("P1 die 19sww#1 field L2")
    when = spec["when"] if spec else "keywords"
    actions: list[str] = []
    if when == "fielded":
        fielding = card.levels[0].fielding
        lines += [f"P1 die {key}#1 reserve L1"] + [
            f"P1 die SK{n} reserve wild" for n in range(5, 5 + fielding)
        ]
        pay = " pay " + " ".join(f"SK{n}" for n in range(5, 5 + fielding)) if fielding else ""
        actions = [f"P1 field {key}#1{pay}"]
    elif when in ("attacks", "blocked"):
        lines += [f"P1 die {key}#1 field L1"]
        actions = [f"P1 attack {key}#1"] + (
            ["P2 block SK1>" + f"{key}#1"] if when == "blocked" else []
        )
    elif when == "global":
        dice, pay = _energy(spec["cost"])
        lines += [f"P1 die {key}#1 field L1"] if card.levels else []
        lines += dice + [f"P1 die SK{n} bag" for n in range(5 + len(pay), 9)]
        actions = [f"P1 global {key} pay {' '.join(pay)}"]
    elif when == "action":
        lines += [f"P1 die BA:{key}#1 reserve action", "P1 die SK6 bag", "P1 die SK7 bag",
                  "P1 die SK8 bag"]  # fmt: skip
        actions = [f"P1 use BA:{key}#1"]
    else:  # while active, keywords
        lines += [f"P1 die {key}#1 field L1"] if card.levels else []
    text = _header(key, record.kind) + "board turn 3 active P1 step main\n"
    text += "".join(f"{line}\n" for line in lines) + "".join(f"{a}\n" for a in actions)
    before = run(cards, _header(key, record.kind) + "board turn 3 active P1 step main\n"
                 + "".join(f"{line}\n" for line in lines)).final  # fmt: skip
    return before, _answer(cards, text, prefer)


def _number(pattern, text):
    found = re.search(pattern, text, re.IGNORECASE)
    return int(found.group(1)) if found else None


@pytest.mark.parametrize(
    "record, line, family, result", SAMPLE, ids=[f"{r.key}" for r, *_ in SAMPLE]
)
def test_a_compiled_card_does_what_its_text_says(record, line, family, result):
    cards, card = _cards_with(record)
    lower = line.lower()
    if family in ("keywords", "suit_up"):
        words = {"overcrush": "overcrush", "fast": "fast", "iron will": "iron_will", "ally": "ally",
                 "continuous": "continuous", "suit up": "suit_up"}  # fmt: skip
        expected = {k for w, k in words.items() if w in lower}
        assert expected and expected <= set(card.keywords)
        return
    spec = result.encoding["abilities"][0]
    yours = re.search(r"you control|your (?:character|sidekick)|your other|give one of your", lower)
    prefer = "P1:" if (yours or re.search(r"gets? \+|gains|spin target", lower)) else "P2:"
    before, replay = _play(record, card, cards, spec, prefer)
    after = replay.final
    events = " | ".join(str(e) for s in replay.steps for e in s.events)
    life = {p: (before.player(p).life, after.player(p).life) for p in ("P1", "P2")}
    if (n := _number(r"deal (\d+) damage to (?:your|target) opponent", line)) is not None:
        assert life["P2"][1] == life["P2"][0] - n, events
    elif (n := _number(r"deal (\d+) damage to each player", line)) is not None:
        assert life["P2"][1] == life["P2"][0] - n and life["P1"][1] == life["P1"][0] - n
    elif (n := _number(r"deal (\d+) damage", line)) is not None:
        assert f"took {n} damage" in events, events
    elif (n := _number(r"gain (\d+) life", line)) is not None:
        assert life["P1"][1] == life["P1"][0] + n
    elif (n := _number(r"each player loses (\d+) life", line)) is not None:
        assert life["P1"][1] == life["P1"][0] - n and life["P2"][1] == life["P2"][0] - n
    elif (n := _number(r"opponent loses (\d+) life", line)) is not None:
        assert life["P2"][1] == life["P2"][0] - n
    elif (n := _number(r"lose (\d+) life", line)) is not None:
        assert life["P1"][1] == life["P1"][0] - n
    elif re.search(r"\b(?:KO|knock out)\b", line):
        assert "was KO'd" in events, events
    elif "must attack" in lower:
        assert "must_attack" in events or any(
            "must_attack" in query.keywords(after, cards, d)  # granted, or continuous
            for d in after.dice
            if d.zone in (Zone.FIELD, Zone.ATTACK)
        )
    elif (n := _number(r"spin .*? (?:up|down) (\d+) level", line)) is not None:
        assert re.search(r"spun (?:up|down)", events), events
    elif "reroll" in lower:
        assert "was rerolled" in events, events
    elif "draw and roll" in lower or re.search(r"and roll (?:it|them)", lower):
        assert "rolled" in events, events
    elif re.search(r"prep a die|draw (?:a|one|two|\d+) di", lower):
        assert (
            "drew" in events
            or "draws" in events
            or len(after.zone("P1", Zone.PREP)) > len(before.zone("P1", Zone.PREP))
        ), events
    elif (n := _number(r"\+(\d+)A", line)) is not None or _number(r"\+(\d+)D", line) is not None:
        stat = "attack" if _number(r"\+(\d+)A", line) is not None else "defense"
        n = _number(r"\+(\d+)" + ("A" if stat == "attack" else "D"), line)
        measure = query.attack if stat == "attack" else query.defense
        gained = [
            measure(after, cards, d).value - query.printed_face(cards, d).__getattribute__(stat)
            for d in after.dice
            if d.is_character and d.zone in (Zone.FIELD, Zone.ATTACK) and d.face is not None
        ]
        assert n in gained, (line, gained, events)
    else:
        pytest.fail(f"the test has no reading of {line!r}")
