"""Clauses of the `attack_tail` family (rules/abilities/templates/attack_tail.py), registered
into the shared phrase registry so they read after any trigger.

- 'remove NAME from the Attack Zone / from combat' (`at_leave_combat`, this die only: the
  clause names the ability's own die).
- '<dice> must block NAME', 'assign / force <dice> to block NAME', 'choose <dice> to block
  NAME' (`at_must_block_this`): only the defender's dice can block, so a selector that does not
  say whose dice means the opponent's; one that says 'your' is not read.
"""

from rules.abilities import phrases_triggers as body
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase


def _own_die(words: str, line) -> bool:
    """Whether the words name the ability's own die: a character's ability line (a global or an
    action die has no die of its own)."""
    return (
        line is not None
        and line.kind != "global"
        and line.card_kind == "character"
        and body.is_self(words, line)
    )


@phrase(r"remove (?P<who>.+?) from (?:the attack zone|combat)")
def _leave_combat(m, line):
    if not _own_die(m["who"], line):
        return None
    return [{"do": "at_leave_combat", "to": {"pick": "this"}}]


def _must_block(who: str, me: str, line) -> list[dict] | None:
    if not _own_die(me, line):
        return None
    if body.is_self(who, line):
        return None
    to = body.die_selector(who, line)
    if to is None or to.get("side") == "yours" or to["pick"] not in ("target", "each"):
        return None
    return [{"do": "at_must_block_this", "to": {**to, "side": "opposing"}}]


@phrase(r"(?P<who>.+?) must block (?P<me>.+?)(?: this turn)?(?: if able)?")
def _dice_must_block_this(m, line):
    return _must_block(m["who"], m["me"], line)


@phrase(r"(?:assign|force|choose) (?P<who>.+?) to block (?P<me>.+)")
def _assign_to_block_this(m, line):
    return _must_block(m["who"], m["me"], line)


@phrase(
    r"(?P<who>(?:all |each )?opposing character dice) with (?P<n>\d)A or less (?P<rest>can't block)"
)
def _opposing_weak_cant_block(m, line):
    """'opposing character dice with 3A or less can't block' (after a trigger): each such die
    when the effect resolves (blockers are declared right after the attack triggers, R11.2)."""
    from rules.abilities import phrases

    effects = phrases.effects(f"{m['who']} {m['rest']}", line)
    if not effects or len(effects) != 1 or effects[0]["to"].get("pick") != "each":
        return None
    (effect,) = effects
    return [{**effect, "to": {**effect["to"], "max_attack": int(m["n"])}}]


@phrase(r"(?P<ko>KO (?P<who>target .+?)),? and deal (?P<n>\d) damage to its controller")
def _ko_and_damage_controller(m, line):
    to = body.die_selector(m["who"], line)
    if to is None or to["pick"] != "target" or to.get("count", 1) != 1:
        return None
    return [{"do": "at_ko_damage_controller", "to": to, "amount": int(m["n"]), "if_kod": False}]


@phrase(r"KO (?P<who>an? .+?),? and if you do, deal (?P<n>\d) damage to its controller")
def _ko_then_damage_controller(m, line):
    to = body.die_selector(m["who"], line)
    if to is None or to["pick"] != "target" or to.get("count", 1) != 1:
        return None
    return [{"do": "at_ko_damage_controller", "to": to, "amount": int(m["n"]), "if_kod": True}]


@phrase(r"spin all your non-(?P<name>.+?) superstar dice up (?:one|1) level(?: \(if able\))?")
def _spin_other_superstars(m, line):
    """'spin all your non-NAME Superstar dice up one level': NAME the card's own (its dice left
    out); a Superstar is a non-Sidekick character die (tokens.SUPERSTAR_WHAT)."""
    if line is None or m["name"].strip().lower() != line.card_name.lower():
        return None
    to = {"pick": "each", "side": "yours", "what": t.SUPERSTAR_WHAT, "not_name": line.card_name}
    return [{"do": "spin", "to": to, "levels": 1}]


@phrase(
    r"each attacking character die gets (?P<mods>\+\d+A(?: and \+\d+D)?) "
    r"for each of your other attacking character dice"
)
def _attackers_per_other_attacker(m, line):
    """'each attacking character die gets +1A and +1D for each of your other attacking character
    dice': every one of the holder's attackers gets the bonus times the number of attackers but
    one (the same count whether 'other' means other than the ability's own die, which
    attacks, or than the die getting the bonus)."""
    from rules.abilities import phrases

    name = line.card_name if line is not None else ""
    effects = phrases.effects(
        f"{name} gets {m['mods']} for each of your other attacking character dice", line
    )
    if not effects or len(effects) != 1 or effects[0].get("to") != {"pick": "this"}:
        return None
    return [{**effects[0], "to": {"pick": "each", "side": "yours", "combat": "attacking"}}]


@phrase(
    r"(?P<who>.+?) gets? \+(?P<a>\d)A for each (?P<tok>\[[FBMS]\]) in your reserve pool"
    r"(?: \(?until (?:the )?end of (?:the )?turn\)?)?"
)
def _plus_attack_per_reserve_symbol(m, line):
    """'he gets +1A for each [F] in your Reserve Pool (excluding [Q])': fielded_effects' tally
    of that energy's symbols in the holder's Reserve Pool (a wild is not one, R6.2), taken when
    the ability resolves."""
    if not _own_die(m["who"], line):
        return None
    tally = {"reserve": "yours", "unit": "symbols", "energy": [t.energy(m["tok"])]}
    modify = {"do": "modify", "to": {"pick": "this"}, "attack": int(m["a"])}
    return [{"do": "per_tally", "tally": tally, "effects": [modify]}]


@phrase(
    r"deal (?:(?P<n>\d) damage|damage equal to (?P<stat>his|her|its) A) to "
    r"(?P<who>an? target opposing character die|target opposing character die) "
    r"(?:that is )?not blocking (?P<me>.+)"
)
def _damage_not_blocking(m, line):
    """'When NAME is blocked, deal 1 damage to target opposing character die not blocking NAME':
    a target that is not one of this die's blockers (selector filter `not_blocking_this`)."""
    if not _own_die(m["me"], line):
        return None
    amount = {"stat": "attack", "of": "this"} if m["stat"] else int(m["n"])
    to = {"pick": "target", "side": "opposing", "not_blocking_this": True}
    return [{"do": "damage", "to": to, "amount": amount}]


@phrase(r"move one character blocking (?P<me>him|her|it) out of the attack zone")
def _one_blocker_out(m, line):
    if not _own_die(m["me"], line):
        return None
    return [{"do": "at_one_blocker", "effects": [{"do": "at_leave_combat", "to": {"pick": "it"}}]}]


@phrase(
    r"have (?P<me>him|her) deal damage equal to (?:his|her) attack "
    r"to one character blocking (?P<me2>him|her)"
)
def _one_blocker_damage(m, line):
    if not (_own_die(m["me"], line) and _own_die(m["me2"], line)):
        return None
    damage = {"do": "damage", "to": {"pick": "it"}, "amount": {"stat": "attack", "of": "this"}}
    return [{"do": "at_one_blocker", "effects": [damage]}]


@phrase(
    r"deal (?P<n>\d) damage to (?P<who>.+?) for each (?:(?P<yours>of your different active) "
    r"(?P<what>.+?)|different (?P<what2>.+?) character that attacks)"
)
def _damage_per_distinct(m, line):
    """'deal 1 damage to target character die for each of your different active [M] characters',
    'deal 1 damage to the defending player for each different Justice League character that
    attacks' (the holder's attacking dice: only they attack on the holder's turn)."""
    from rules.abilities import phrases

    if m["yours"]:
        of = body.die_selector(f"your {m['what']}", line)
    else:
        try:  # 'Justice League': an affiliation spelt out
            affiliation = t.affiliation(m["what2"])
        except ValueError:
            return None
        of = {"pick": "each", "side": "yours", "affiliation": [affiliation], "combat": "attacking"}
    if of is None or of.get("side") != "yours" or of["pick"] != "each" or "name" in of:
        return None
    inner = phrases.effects(f"deal {m['n']} damage to {m['who']}", line)
    if not inner or len(inner) != 1 or inner[0]["do"] != "damage":
        return None
    return [{"do": "at_per_distinct", "of": of, "effects": inner}]


@phrase(r"make your opponent lose half (?:his|her|their) life,? rounded down")
def _lose_half_life(m, line):
    return [{"do": "at_lose_half_life"}]


@phrase(r"double your life, up to (?P<n>\d+)")
def _double_life(m, line):
    return [{"do": "at_double_life", "cap": int(m["n"])}]


@phrase(r"KO the lowest purchase cost opposing character die")
def _ko_lowest_cost(m, line):
    return [{"do": "at_ko_lowest_cost"}]


@phrase(r"deal (?P<n>\d) damage to (?P<who>.+?) for each action die in your used pile")
def _damage_per_used_action(m, line):
    from rules.abilities import phrases

    inner = phrases.effects(f"deal {m['n']} damage to {m['who']}", line)
    if not inner or len(inner) != 1 or inner[0]["do"] != "damage":
        return None
    return [{"do": "at_per_used_action", "effects": inner}]


@phrase(r"KO an opposing character that is the same level as (?P<me>.+)")
def _ko_same_level(m, line):
    """'KO an opposing character that is the same level as NAME': a choice, read as a target
    (as everywhere), of this die's level when the ability resolves."""
    if not _own_die(m["me"], line):
        return None
    to = {"pick": "target", "side": "opposing", "level_same_as_this": True}
    return [{"do": "ko", "to": to}]


@phrase(r"double the printed A of all your other character dice")
def _double_printed_attack(m, line):
    to = {"pick": "each", "side": "yours", "other": True}
    return [{"do": "at_double_printed_attack", "to": to}]


@phrase(r"(?P<me>.+?) cannot be blocked by fewer than two character dic?e")
def _two_blockers_this_turn(m, line):
    """'If you do, Hulk cannot be blocked by fewer than two character die' after a trigger: this
    turn (blocking only matters while it attacks)."""
    if not _own_die(m["me"], line):
        return None
    return [{"do": "at_two_blockers_this_turn", "to": {"pick": "this"}}]
