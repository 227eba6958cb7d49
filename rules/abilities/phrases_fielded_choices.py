"""Clauses of the `fielded_choices` family, registered into the shared phrase registry
(`phrases.phrase`), so each works after every trigger ('When fielded', 'When NAME is
fielded', 'When summoned', 'When NAME is KO'd' ...):

- 'Corrupt 2' (effect `fc_corrupt`, rules/abilities/extensions/fielded_choices.py): the
  keyword as its reminder text defines it (the reminder may stay printed after it); the holder
  picks the target player.
- '(target / your) opponent must reroll (all of) their <dice>': each of the opponent's dice
  that match is rerolled (their dice only, whatever the noun phrase says of sides).
- 'you may sacrifice NAME to <effect>': the card's own die goes to the Used Pile (the cards'
  reminder text: 'sacrificed characters go to the Used Pile'; it is not KO'd, and on the
  holder's turn it is Out of Play until the end of the turn, R4.6), then the effect; 'you may
  sacrifice <your dice> to <effect>' ('a character die', 'another character', 'a Sidekick'):
  the holder sends one of their own matching dice there and the effect happens only if a die
  left the Field (`per_removed` once, as fielded_more's 'If you do'); 'you may move one of
  your Sidekicks to your Used Pile to <effect>' is read alike.
- 'you may pay N life to <effect>' (effect `fc_pay_life`): the holder loses N life (paying
  life is losing it), then the effect. The payment is made on 'yes', before targets are
  picked: with no valid target the life is still paid (the weaker reading for the holder,
  T5.1).
- '<an effect on dice> with purchase cost N or more' ('KO target opposing character die with
  purchase cost 6 or more'): the dice picked are those costing N or more (`min_cost`).
- 'knock out <a die> and gain life equal to its level' (effect `fc_ko_gain_level`): the level
  the die had when it was KO'd ('its': the character KO'd, not the card's own die, which the
  cards call 'he' / 'she'; 'his / her level' stays unread, as phrases_triggers rules).
- '<die> takes no damage this turn' (effect `fc_no_damage_taken`): all damage to the dice
  picked is prevented until the end of the turn (R13.4).
- 'move target / a / all <dice> from your opponent's Prep Area / Reserve Pool / Used Pile to
  their Used Pile / bag / Prep Area' (effect `fc_move_dice`): the dice as a 'from your Used
  Pile' effect names them ('a die', 'target [F] character die', 'all Sidekick dice'), 'showing
  energy' / 'energy dice' (in the Reserve Pool: dice on an energy face).
- 'spin up <die> 1 level for each <dice>' (effect `fc_spin_per`): one level per die counted,
  one at a time, stopping at the die's top (or bottom) level.
- 'deal damage equal to twice NAME's level to <dice or player>' (effect `fc_damage_times`).
- '(target) opponent must spin down an opposing character die' / 'your opponent knocks out one
  of his or her monsters' (effect `fc_their_choice`): the opponent picks one of their own
  character dice in the Field and it is spun down one level / KO'd.
- 'spin a die up / down one level' (the Yu-Gi-Oh! cards): 'a die' is a character die, the only
  dice with levels (either player's, R13.8).
"""

import re

from rules.abilities import phrases
from rules.abilities import phrases_triggers as pt
from rules.abilities import tokens as t
from rules.abilities.phrases import phrase


def _read(text: str, line) -> list[dict] | None:
    return phrases.effects(text, line) or pt.clauses_joined_by_and(text, line)


# -- Corrupt N ----------------------------------------------------------------------------------
@phrase(r"corrupt (?P<n>[1-5])(?: \(target player draws [^()]*\))?")
def _corrupt(m, line):
    player = {"pick": "player", "side": "any", "count": 1}
    return [{"do": "fc_corrupt", "player": player, "count": int(m["n"])}]


# -- the opponent rerolls their own dice ------------------------------------------------------
@phrase(rf"{t.PLAYER_OPPONENT} (?:must )?rerolls? (?:all of |each of |all )?their (?P<who>.+)")
def _opponent_rerolls(m, line):
    selector = pt.die_selector(f"each {m['who']}", line)
    if selector is None or selector.get("side") == "yours":
        return None
    return [{"do": "reroll", "to": {**selector, "pick": "each", "side": "opposing"}}]


# -- you may sacrifice <die> to <effect> -------------------------------------------------------
@phrase(r"(?P<verb>sacrifice) (?P<who>.+?) to (?P<rest>.+)")
@phrase(r"(?P<verb>move|send) (?P<who>.+?) to (?:your|its owner's|the) used pile to (?P<rest>.+)")
def _sacrifice(m, line):
    may = rf"\bmay {m['verb']}\b"
    if line is None or not re.search(may, line.text, re.IGNORECASE):
        return None
    effects = _read(m["rest"], line)
    if not effects:
        return None
    if pt.is_self(m["who"], line):
        if line.kind == "global" or line.card_kind in ("basic_action", "action"):
            return None  # no die of its own to sacrifice
        return [{"do": "send_to_used", "to": {"pick": "this"}}, *effects]
    one_of = re.fullmatch(r"one of your (?P<dice>.+)", m["who"], re.IGNORECASE)
    if one_of:  # 'one of your Sidekicks'
        selector = pt.die_selector(f"your {one_of['dice']}", line)
        selector = selector and {**selector, "pick": "target"}
    else:
        selector = pt.die_selector(m["who"], line)
    if selector is None or selector["pick"] != "target" or selector.get("side") == "opposing":
        return None
    if any(e["do"] == "per_removed" or e.get("to", {}).get("pick") == "it" for e in effects):
        return None
    sacrificed = {**selector, "side": "yours"}
    return [
        {"do": "send_to_used", "to": sacrificed},
        {"do": "per_removed", "once": True, "effects": effects},
    ]


# -- you may pay N life to <effect> ------------------------------------------------------------
@phrase(rf"pay (?P<n>{t.NUMBER}) life to (?P<rest>.+)")
def _pay_life(m, line):
    if line is None or not re.search(r"\bmay pay \w+ life to\b", line.text, re.IGNORECASE):
        return None
    effects = _read(m["rest"], line)
    if not effects:
        return None
    return [{"do": "fc_pay_life", "amount": t.number(m["n"])}, *effects]


@phrase(r"spin (?:a|one|target) die (?P<way>up|down) (?P<n>one|1) level")
def _spin_a_die(m, line):
    levels = 1 if m["way"].lower() == "up" else -1
    return [{"do": "spin", "to": {"pick": "target"}, "levels": levels}]


# -- '<effect on dice> with purchase cost N or more' ------------------------------------------
@phrase(
    r"(?P<head>.+?) with (?:a )?(?:printed )?purchase cost (?:of )?\[?(?P<n>\d+)\]? or "
    r"(?:more|greater|higher)(?P<tail>(?: you control| your opponent controls)?(?: this turn)?)"
)
def _min_cost(m, line):
    found = phrases.effects(f"{m['head']}{m['tail']}", line)
    if not found or len(found) != 1:
        return None
    (effect,) = found
    to = effect.get("to")
    if not isinstance(to, dict) or to.get("pick") not in ("target", "each", "up_to"):
        return None
    if "min_cost" in to or "max_cost" in to:
        return None
    return [{**effect, "to": {**to, "min_cost": int(m["n"])}}]


# -- KO <die> and gain life equal to its level ------------------------------------------------
@phrase(r"(?:KO|knock out) (?P<who>.+?) and gain life equal to its level")
def _ko_gain_level(m, line):
    selector = pt.die_selector(m["who"], line)
    if selector is None or selector["pick"] != "target" or selector.get("count", 1) != 1:
        return None
    return [{"do": "fc_ko_gain_level", "to": selector}]


# -- <die> takes no damage this turn -----------------------------------------------------------
@phrase(r"(?P<who>.+?) takes? no damage (?:this turn|until (?:the )?end of (?:the )?turn)")
def _takes_no_damage(m, line):
    to = pt.target_of(m["who"], line)
    if to is None or to.get("pick") == "player":
        return None
    return [{"do": "fc_no_damage_taken", "to": to}]


# -- move dice between the opponent's zones ----------------------------------------------------
_ZONES = {"prep area": "prep", "prep are": "prep", "reserve pool": "reserve", "used pile": "used"}
_ZONE = r"(?:prep area|prep are|reserve pool|used pile)"


@phrase(
    r"(?:move|send|put) (?P<q>target|a|an|one|all|all of the|each) (?P<kind>.+?) "
    r"(?:from|in) (?:your opponent's|an opponent's|the opponent's|opponent's|target opponent's) "
    rf"(?P<zone>{_ZONE})(?: and (?P<zone2>{_ZONE}))? (?:to|into) "
    r"(?:their|the|its owner's|their owner's|your opponent's) (?P<into>used pile|bag|prep area)"
)
def _move_opposing_dice(m, line):
    kind, showing = m["kind"].strip(), False
    energy = re.fullmatch(
        r"(?:(?P<a>dic?e) showing energy|energy (?P<b>dic?e)|(?P<c>energy))", kind, re.IGNORECASE
    )
    if energy:
        kind, showing = (energy["a"] or energy["b"] or "dice"), True
    quantity = {"target": "a", "each": "all", "all of the": "all"}.get(m["q"].lower(), m["q"])
    found = pt.used_dice(quantity, kind, line)
    if found is None or found.get("up_to") or found.get("count", 1) != 1:
        return None
    zones = [_ZONES[m["zone"].lower()]]
    if m["zone2"]:
        zones.append(_ZONES[m["zone2"].lower()])
    into = {"used pile": "used", "bag": "bag", "prep area": "prep"}[m["into"].lower()]
    if into in zones or (showing and zones != ["reserve"]):
        return None
    effect = {"do": "fc_move_dice", "from": zones, "into": into, "dice": found.get("dice", {})}
    if found.get("all"):
        effect["all"] = True
    if showing:
        effect["showing"] = "energy"
    return [effect]


# -- spin <die> up 1 level for each ...; damage equal to twice NAME's level ---------------------
@phrase(r"spin (?P<way>up|down) (?P<who>.+?) (?:1|one) level for each (?P<per>.+)")
@phrase(r"spin (?P<who>.+?) (?P<way>up|down) (?:1|one) level for each (?P<per>.+)")
def _spin_per(m, line):
    to = pt.target_of(m["who"], line)
    amount = pt.per_amount(m["per"], line)
    if to is None or to.get("pick") == "player" or amount is None:
        return None
    sign = 1 if m["way"].lower() == "up" else -1
    return [{"do": "fc_spin_per", "to": to, "levels": amount, "sign": sign}]


_TIMES = {"twice": 2, "double": 2, "three times": 3}


@phrase(r"deal damage equal to (?P<k>twice|double|three times) (?P<stat>.+?) to (?P<who>.+)")
def _damage_times(m, line):
    amount = pt.stat_amount(m["stat"], line)
    to = pt.target_of(m["who"], line)
    if amount is None or to is None or not isinstance(amount, dict) or "stat" not in amount:
        return None
    return [{"do": "fc_damage_times", "to": to, "amount": amount, "times": _TIMES[m["k"].lower()]}]


# -- the opponent spins down / KOs one of their own dice (their choice) ----------------------------
@phrase(
    rf"{t.PLAYER_OPPONENT} (?:must )?(?P<verb>spins? down|knocks? out|KOs?) "
    r"(?:an opposing character die|one of (?:their|his|her|his or her) (?:character dice|characters"
    r"|monsters))(?P<levels> (?:1|one) level)?"
)
def _their_choice(m, line):
    verb = m["verb"].lower()
    if verb.startswith("spin"):
        inner = {"do": "spin", "to": {"pick": "it"}, "levels": -1}
    elif m["levels"]:
        return None
    else:
        inner = {"do": "ko", "to": {"pick": "it"}}
    return [{"do": "fc_their_choice", "effects": [inner]}]
