"""Clauses of the `attack_tail` family (rules/abilities/templates/attack_tail.py), registered
into the shared phrase registry so they read after any trigger.

- 'remove NAME from the Attack Zone / from combat' (`at_leave_combat`, this die only: the
  clause names the ability's own die).
- '<dice> must block NAME', 'assign / force <dice> to block NAME', 'choose <dice> to block
  NAME' (`at_must_block_this`): only the defender's dice can block, so a selector that does not
  say whose dice means the opponent's; one that says 'your' is not read.
"""

from rules.abilities import phrases_triggers as body
from rules.abilities.phrases import phrase


@phrase(r"remove (?P<who>.+?) from (?:the attack zone|combat)")
def _leave_combat(m, line):
    if not body.is_self(m["who"], line) or line is None or line.kind == "global":
        return None
    return [{"do": "at_leave_combat", "to": {"pick": "this"}}]


def _must_block(who: str, me: str, line) -> list[dict] | None:
    if line is None or line.kind == "global" or not body.is_self(me, line):
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
