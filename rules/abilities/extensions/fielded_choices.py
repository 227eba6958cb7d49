"""Effects of the `fielded_choices` family (rules/abilities/templates/fielded_choices.py,
clauses in rules/abilities/phrases_fielded_choices.py).

- `fc_corrupt` (`player`: a player selector, `count`): Corrupt N, as its reminder text says
  ('Target player draws 2 dice, places 1 in Used, and returns the rest'): the holder picks the
  target player (either one, R13.8); that player draws `count` dice from their bag (which dice
  is a recorded input, as every draw, R4.1), chooses one of them to place in their Used Pile and
  puts the others back in their bag. The die is placed in the Used Pile, not "sent" there from
  the Field or Reserve Pool, so R4.6's Out of Play does not apply. The target player chooses
  the die (the reminder text makes them the one who places it; the weaker reading for the
  holder, T5.1). No die to draw: nothing happens.
- `fc_pay_life` (`amount`): 'you may pay 2 life to <effect>': the holder loses that much life
  (R13.8: the holder pays), the effects after it follow.
- `fc_ko_gain_level` (`to`: one die): 'knock out an opposing [F] character and gain life equal
  to its level': the die picked is KO'd and the holder gains life equal to the level it had
  (read before the KO, which leaves it without a level); nothing picked, nothing gained. Life
  never goes above the starting total (R12.4).
- `fc_no_damage_taken` (`to`): 'this Loki die takes no damage this turn': a lasting effect on
  each die picked until the end of the turn; the card's interrupt (`ENCODING_ABILITIES`)
  prevents all damage about to be dealt to such a die, combat or not (R13.4).
- `fc_move_dice` (`from`: the opponent's zones prep / reserve / used, `into` used / bag / prep,
  `dice`: a from_used effect's filters, `all`, `showing` energy): 'move target die showing
  energy from the opponent's Reserve Pool to the Used Pile': the holder picks one of the
  opponent's matching dice there (or every one, `all`) and moves it. A die leaving the Reserve
  Pool for the Used Pile is sent there (R4.6: on its owner's turn it would be Out of Play;
  these effects happen on the holder's turn or in combat); the others are placed. No
  matching die: nothing happens.
- `fc_spin_per` (`to`, `levels`: an amount, `sign`): 'spin up this die 1 level for each of your
  other active [AV] characters': each die picked spins one level at a time, as many times as
  the amount (counted when it resolves), stopping at its top or bottom level.
- `fc_damage_times` (`to`, `amount`: a stat of this die, `times`): 'deal damage equal to twice
  NAME's level to target character': the stat, read when it resolves, times `times`.
- `fc_their_choice` (`effects`, each about 'it'): 'target opponent must spin down an opposing
  character die': the opponent picks one of their character dice in the Field (not a target:
  their own choice, R13.2's restrictions on targeting don't apply) and the effects happen to
  it; none, nothing happens.
- `fc_name_card` (`to`: the dice that may be named): 'name a [TURTLE] character': the holder
  chooses one of the matching dice in the Field (naming is not targeting); the dice it picks
  for the next effect ('that character') are every die of that card in the Field.
"""

from rules.abilities.extensions import AMOUNT, EFFECTS, SELECTOR, effect_schema
from rules.engine.abilities import Ability
from rules.engine.state import Zone

_NO_DAMAGE = "fc_no_damage_taken"

EFFECT_SCHEMAS = {
    "fc_corrupt": effect_schema(
        "fc_corrupt",
        ["player", "count"],
        player=SELECTOR,
        count={"type": "integer", "minimum": 1, "maximum": 5},
    ),
    "fc_no_damage_taken": effect_schema("fc_no_damage_taken", ["to"], to=SELECTOR),
    "fc_name_card": effect_schema("fc_name_card", ["to"], to=SELECTOR),
    "fc_their_choice": effect_schema("fc_their_choice", ["effects"], effects=EFFECTS),
    "fc_spin_per": effect_schema(
        "fc_spin_per", ["to", "levels", "sign"], to=SELECTOR, levels=AMOUNT, sign={"enum": [1, -1]}
    ),
    "fc_damage_times": effect_schema(
        "fc_damage_times",
        ["to", "amount", "times"],
        to=SELECTOR,
        amount=AMOUNT,
        times={"type": "integer", "minimum": 2, "maximum": 3},
    ),
    "fc_move_dice": effect_schema(
        "fc_move_dice",
        ["from", "into", "dice"],
        **{
            "from": {
                "type": "array",
                "items": {"enum": ["prep", "reserve", "used"]},
                "minItems": 1,
                "uniqueItems": True,
            }
        },
        into={"enum": ["used", "bag", "prep"]},
        dice={"type": "object"},
        all={"const": True},
        showing={"enum": ["energy"]},
    ),
    "fc_ko_gain_level": effect_schema("fc_ko_gain_level", ["to"], to=SELECTOR),
    "fc_pay_life": effect_schema(
        "fc_pay_life", ["amount"], amount={"type": "integer", "minimum": 1, "maximum": 20}
    ),
}


def _corrupt(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for player in runtime.pick(ctx, effect["player"], f"Corrupt {effect['count']}", scope):
        drawn = ctx.draw(player, effect["count"], to=Zone.PREP)
        if not drawn:
            continue
        prompt = "Corrupt: choose the drawn die to place in your Used Pile"
        (placed,) = ctx.choose(prompt, drawn, count=1, player=player)
        ctx.move(placed, Zone.USED)
        ctx.emit(
            "moved", f"{placed} was placed in the Used Pile (Corrupt)", die=placed, player=player
        )
        for die_id in drawn:
            if die_id != placed:
                ctx.move(die_id, Zone.BAG)
                ctx.emit(
                    "moved", f"{die_id} went back to the bag (Corrupt)", die=die_id, player=player
                )


def _pay_life(ctx, effect, bursts, scope=None):
    ctx.lose_life(ctx.holder, effect["amount"])


def _ko_gain_level(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "KO and gain life equal to its level", scope):
        die = ctx.state.die(target)
        level = die.level if die is not None and die.level else 0
        if ctx.ko(target) and level:
            ctx.gain_life(ctx.holder, level)


def _no_damage_taken(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    for target in runtime.pick(ctx, effect["to"], "take no damage this turn", scope):
        ctx.last(f"{ctx.card}.{_NO_DAMAGE}", subject=target)


_ZONE_OF = {"prep": Zone.PREP, "reserve": Zone.RESERVE, "used": Zone.USED, "bag": Zone.BAG}
_WORDS = {"prep": "Prep Area", "reserve": "Reserve Pool", "used": "Used Pile", "bag": "bag"}


def _move_dice(ctx, effect, bursts, scope=None):
    from rules.abilities.trigger_events import used_die_matches

    owner = ctx.opponent
    found = [
        die.id
        for where in effect["from"]
        for die in ctx.state.zone(owner, _ZONE_OF[where])
        if used_die_matches(ctx.cards, die, effect["dice"])
        and (effect.get("showing") != "energy" or (die.face is not None and die.face.is_energy))
    ]
    if not found:
        return
    if not effect.get("all"):
        where = " or ".join(_WORDS[w] for w in effect["from"])
        found = list(ctx.choose(f"choose a die in your opponent's {where} to move", found))
    for die_id in found:
        die = ctx.state.die(die_id)
        if effect["into"] == "used" and die.zone == Zone.RESERVE:
            ctx.send_to_used(die_id)
            continue
        ctx.move(die_id, _ZONE_OF[effect["into"]])
        ctx.emit(
            "moved",
            f"{die_id} was moved to its owner's {_WORDS[effect['into']]} ({ctx.label})",
            die=die_id,
            player=owner,
        )
    if scope is not None:
        scope.picked = found


def _spin_per(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    levels = runtime._amount(ctx, effect["levels"], bursts, scope)
    for target in runtime.pick(ctx, effect["to"], "spin one level for each", scope):
        for _ in range(levels):
            if not ctx.spin(target, effect["sign"]):
                break


def _damage_times(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    amount = runtime._amount(ctx, effect["amount"], bursts, scope) * effect["times"]
    for target in runtime.pick(ctx, effect["to"], f"deal {amount} damage", scope):
        ctx.damage(target, amount)


def _their_choice(ctx, effect, bursts, scope=None):
    from rules.abilities import runtime

    theirs = [d.id for d in ctx.characters(ctx.opponent)]
    if not theirs:
        return
    prompt = "choose one of your character dice"
    chosen = list(ctx.choose(prompt, theirs, count=1, player=ctx.opponent))
    inner = runtime.Scope(scope.kind if scope is not None else "")
    inner.picked = chosen
    for one in effect["effects"]:
        runtime.EFFECT_RUNNERS[one["do"]](ctx, one, bursts, inner)
    if scope is not None:
        scope.picked = chosen


def _name_card(ctx, effect, bursts, scope=None):
    from rules.abilities import selectors as sel

    found = sel.dice(
        ctx.state, ctx.cards, effect["to"], holder=ctx.holder, source=ctx.source, card=ctx.card
    )
    named: list[str] = []
    if found:
        (chosen,) = ctx.choose("name a character: choose one of its dice", [d.id for d in found])
        card = ctx.state.die(chosen).card
        named = [d.id for d in ctx.characters() if card is not None and d.card == card]
    if scope is not None:
        scope.picked = named


def _uses(effects, name: str) -> bool:
    return any(
        e["do"] == name or (e["do"] == "per_removed" and _uses(e["effects"], name)) for e in effects
    )


def _no_damage_abilities(card, encoding) -> list:
    """The interrupt preventing damage to the dice this card's effect protects this turn."""
    used = any(
        _uses(effects, "fc_no_damage_taken")
        for spec in encoding.get("abilities", ())
        for effects in (spec["effects"], *(v["effects"] for v in spec.get("bursts", {}).values()))
    )
    if not used:
        return []

    def protected(tc) -> bool:
        key = f"{tc.card}.{_NO_DAMAGE}"
        return any(e.ability == key and e.subject == tc.event.target for e in tc.state.effects)

    def prevent_all(ctx) -> None:
        ctx.prevent()

    text = "takes no damage this turn"
    return [
        Ability(
            _NO_DAMAGE, "static", text, interrupt=True, condition=protected, resolve=prevent_all
        )
    ]


ENCODING_ABILITIES = {"fc_no_damage_taken": _no_damage_abilities}


EFFECT_RUNNERS = {
    "fc_name_card": _name_card,
    "fc_their_choice": _their_choice,
    "fc_spin_per": _spin_per,
    "fc_damage_times": _damage_times,
    "fc_move_dice": _move_dice,
    "fc_no_damage_taken": _no_damage_taken,
    "fc_corrupt": _corrupt,
    "fc_pay_life": _pay_life,
    "fc_ko_gain_level": _ko_gain_level,
}


def _corrupt_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    count = effect["count"]
    drawn = "1 die" if count == 1 else f"{count} dice"
    who = describe_selector(effect["player"])
    return (
        f"Corrupt {count}: {who} draws {drawn}, places one of them (their choice) in their "
        "Used Pile and returns the rest to their bag"
    )


def _pay_life_text(effect) -> str:
    return f"pay {effect['amount']} life"


def _ko_gain_level_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    return f"KO {describe_selector(effect['to'])} and gain life equal to the level it had"


def _no_damage_taken_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    who = describe_selector(effect["to"])
    verb = "take" if effect["to"].get("pick") == "each" else "takes"
    return f"{who} {verb} no damage this turn"


def _move_dice_text(effect) -> str:
    from rules.abilities.trigger_events import _describe_from_used

    wanted = _describe_from_used(
        {
            "into": "prep",
            "dice": effect["dice"],
            **({"all": True} if effect.get("all") else {"count": 1}),
        }
    )
    noun = (
        wanted.split(" from your Used Pile")[0].removeprefix("move ").replace("all your ", "all ")
    )
    if effect.get("showing") == "energy":
        noun += " showing energy"
    where = " and ".join(_WORDS[w] for w in effect["from"])
    return f"move {noun} from your opponent's {where} to their {_WORDS[effect['into']]}"


def _spin_per_text(effect) -> str:
    from rules.abilities.describe import describe_amount, describe_selector

    way = "up" if effect["sign"] == 1 else "down"
    per = describe_amount(effect["levels"])
    per = f"for each of {per.removeprefix('the number of ')}" if "number of" in per else per
    return f"spin {describe_selector(effect['to'])} {way} 1 level {per}"


def _damage_times_text(effect) -> str:
    from rules.abilities.describe import describe_amount, describe_selector

    times = {2: "twice", 3: "three times"}[effect["times"]]
    amount = describe_amount(effect["amount"])
    return f"deal damage equal to {times} {amount} to {describe_selector(effect['to'])}"


def _their_choice_text(effect) -> str:
    from rules.abilities.describe import describe_effects

    what = describe_effects(effect["effects"]).replace("the same dice", "it")
    return f"your opponent chooses one of their character dice: {what}"


def _name_card_text(effect) -> str:
    from rules.abilities.describe import describe_selector

    one = describe_selector({**effect["to"], "pick": "target"}).removeprefix("target ")
    one = one.removesuffix(" die").removesuffix(" dice")
    return f"name a {one} with a die in the Field (all that card's dice there are picked)"


EFFECT_TEXT = {
    "fc_name_card": _name_card_text,
    "fc_their_choice": _their_choice_text,
    "fc_spin_per": _spin_per_text,
    "fc_damage_times": _damage_times_text,
    "fc_move_dice": _move_dice_text,
    "fc_no_damage_taken": _no_damage_taken_text,
    "fc_corrupt": _corrupt_text,
    "fc_pay_life": _pay_life_text,
    "fc_ko_gain_level": _ko_gain_level_text,
}
