"""Scripts for the demo catalogue's one-card constructs (rules/catalogue/demo), used by its hand
encodings (rules/catalogue/demo/demo_abilities.json). Each builds the card's engine
Abilities on the engine's own interface; the demo's ability text is our paraphrase of the
card, and where it is ambiguous the weaker reading is taken (T5.1, noted on the script)."""

from rules.abilities.scripts import card_script
from rules.engine import query
from rules.engine.abilities import Ability, Contribution
from rules.engine.actions import Roll
from rules.engine.effects import dice as dice_ops
from rules.engine.faces import EnergyCost, Face
from rules.engine.state import IN_FIELD, ROLLED, Request, Zone, other


# -- small helpers ---------------------------------------------------------------------------
def _title(q_or_ctx, die) -> str:
    return query.title(q_or_ctx.cards, die).lower()


def _villains_in_field(state, cards, player) -> list:
    return [
        d
        for d in state.field(player)
        if d.is_character and "villain" in query.affiliations(state, cards, d)
    ]


def _mine(card_key: str, die, holder: str) -> bool:
    return die is not None and die.card == card_key and die.controller == holder


def _triggered(name, trigger, text, resolve, **kw):
    return Ability(name, "triggered", text, trigger=trigger, resolve=resolve, **kw)


# -- SWW -----------------------------------------------------------------------------------
@card_script("artemis_no_damage", text="When fielded: your Artemis dice take no damage this turn.")
def artemis(card):
    def no_damage(q):
        if q.stat != "prevent" or q.die is None:
            return
        if q.die.controller == q.holder and query.title(q.cards, q.die) == "Artemis":
            yield Contribution("prevent", q.amount, "Artemis: no damage this turn")

    return (
        _triggered(
            "fielded",
            "fielded",
            "your Artemis dice take no damage this turn",
            lambda ctx: ctx.last(f"{card.key}.shield"),
        ),
        Ability("shield", "lasting", "no damage this turn", continuous=no_damage),
    )


@card_script(
    "cheetah_goddess",
    text="When fielded: KO an opposing Sidekick die; if one was KO'd, draw a die into your "
    "Prep Area.",
)
def cheetah_goddess(card):
    def resolve(ctx):
        sidekicks = [d.id for d in ctx.characters(ctx.opponent) if d.is_sidekick]
        if not sidekicks:
            return
        target = ctx.choose("KO an opposing Sidekick die", sidekicks)[0]
        if ctx.ko(target):
            ctx.draw(ctx.holder, 1)

    return (_triggered("fielded", "fielded", "KO an opposing Sidekick; prep a die", resolve),)


@card_script(
    "giganta_standing_tall",
    text="While active: whenever a character die spins up, your Giganta dice get +1A and +1D "
    "this turn.",
)
def giganta_standing_tall(card):
    def resolve(ctx):
        for die in ctx.characters(ctx.holder):
            if query.title(ctx.cards, die) == "Giganta":
                ctx.modify(die.id, 1, 1)

    def spun_up(tc):
        return tc.event.amount > 0

    return (
        _triggered(
            "grows",
            "spun",
            "a die went up: Giganta +1A +1D",
            resolve,
            subject="card",
            while_active=True,
            condition=spun_up,
        ),
    )


@card_script(
    "jimmy_olsen",
    text="While active: your Superman and Supergirl cards cost 2 less to buy (minimum 1) and "
    "their dice field for free.",
)
def jimmy_olsen(card):
    names = {"superman", "supergirl"}

    def continuous(q):
        if q.stat == "purchase_cost" and q.player == q.holder and q.params:
            bought = q.cards.get(q.params[0])
            if bought is not None and bought.display_title.lower() in names:
                yield Contribution("purchase_cost", -2, "Jimmy Olsen")
        mine = q.die is not None and q.die.owner == q.holder
        if q.stat == "fielding" and mine and _title(q, q.die) in names:
            face = query.printed_face(q.cards, q.die)
            if face is not None and face.fielding:
                yield Contribution("fielding", -face.fielding, "Jimmy Olsen")

    return (Ability("discount", "static", "", while_active=True, continuous=continuous),)


@card_script(
    "superman_phone_booth",
    text="While active: Villain character dice can't damage your Superman dice.",
)
def superman_phone_booth(card):
    def continuous(q):
        if q.stat != "prevent" or q.die is None or q.other is None:
            return
        if q.die.controller != q.holder or _title(q, q.die) != "superman":
            return
        if q.other.is_character and "villain" in query.affiliations(q.state, q.cards, q.other):
            yield Contribution("prevent", q.amount, "Superman: Phone Booth")

    return (Ability("no_villains", "static", "", while_active=True, continuous=continuous),)


@card_script(
    "wonder_woman_child_of_clay",
    text="While active: your opponent's globals can't target your character dice.",
)
def wonder_woman_child_of_clay(card):
    def restrict(q):
        if q.stat != "target" or q.die is None or q.params[:1] != ("global",):
            return None
        if q.player != q.holder and q.die.controller == q.holder:
            return "Wonder Woman: Child of Clay keeps the opponent's globals off these dice"
        return None

    return (Ability("untouchable", "static", "", while_active=True, restrict=restrict),)


@card_script(
    "wonder_woman_ambassador",
    text="While active: no player may use the globals of character cards on their own team.",
)
def wonder_woman_ambassador(card):
    def restrict(q):
        if q.stat != "use_global" or not q.params:
            return None
        used = q.cards.get(q.params[0])
        if used is not None and used.kind == "character":
            return "Wonder Woman: Ambassador of Peace forbids character cards' globals"
        return None

    return (Ability("peace", "static", "", while_active=True, restrict=restrict),)


@card_script(
    "misdirection",
    text="Action: swap one of your character dice in the Field with a character die from your "
    "Used Pile, at the same level. * or **: also draw a die into your Prep Area.",
)
def misdirection(card):
    def resolve(ctx):
        mine = [d.id for d in ctx.characters(ctx.holder)]
        used = [
            d.id
            for d in ctx.state.zone(ctx.holder, Zone.USED)
            if d.is_sidekick or (d.card and ctx.cards.get(d.card, None) is not None
                                 and ctx.cards[d.card].kind == "character")
        ]  # fmt: skip
        if mine and used:
            out = ctx.choose("one of your character dice to trade away", mine)[0]
            level = ctx.die(out).level
            into = ctx.choose("a die from your Used Pile to take its place", used)[0]
            ctx.swap(out, into)
            levels = dice_ops.character_card_levels(ctx, ctx.die(into))
            if 0 < level <= len(levels):
                from dataclasses import replace

                ctx.put(replace(ctx.die(into), face=levels[level - 1]))
        if ctx.bursts:
            ctx.draw(ctx.holder, 1)

    return (Ability("action", "action", "trade a die with the Used Pile", resolve=resolve),)


@card_script(
    "team_up",
    text="Action: your character dice get +A and +D this turn equal to the number of "
    "affiliations among them, minus one.",
)
def team_up(card):
    def resolve(ctx):
        mine = ctx.characters(ctx.holder)
        found = set()
        for die in mine:
            found |= query.affiliations(ctx.state, ctx.cards, die)
        bonus = max(0, len(found) - 1)
        if bonus:
            for die in mine:
                ctx.modify(die.id, bonus, bonus)

    return (Ability("action", "action", "+1A/+1D per extra affiliation", resolve=resolve),)


@card_script(
    "truce",
    text="Action: KO up to two of your character dice; your opponent then KOs as many of theirs.",
)
def truce(card):
    def resolve(ctx):
        mine = [d.id for d in ctx.characters(ctx.holder)]
        chosen = ctx.choose(
            "KO up to two of your character dice", mine, count=min(2, len(mine)), minimum=0
        )
        kod = sum(1 for die in chosen if ctx.ko(die))
        theirs = [d.id for d in ctx.characters(ctx.opponent)]
        count = min(kod, len(theirs))
        if count:
            for die in ctx.choose(
                f"KO {count} of your character dice", theirs, count=count, player=ctx.opponent
            ):
                ctx.ko(die)

    return (Ability("action", "action", "KO yours, then theirs", resolve=resolve),)


# -- UXM -----------------------------------------------------------------------------------
@card_script(
    "angel_air_transport",
    text="When fielded: you may field a Sidekick die from your Used Pile at level 1.",
)
def angel_air_transport(card):
    def resolve(ctx):
        used = [d.id for d in ctx.state.zone(ctx.holder, Zone.USED) if d.is_sidekick]
        if used and ctx.may("field a Sidekick from your Used Pile"):
            ctx.field(ctx.choose("a Sidekick die from your Used Pile", used)[0])

    return (_triggered("fielded", "fielded", "field a Sidekick from the Used Pile", resolve),)


@card_script(
    "angel_inspiring",
    text="While one of your Angel: Inspiring dice attacks: your Sidekick dice get +1A and +1D "
    "(once, however many attack).",
)
def angel_inspiring(card):
    def continuous(q):
        if q.die is None or q.stat not in ("attack", "defense"):
            return
        if not (q.die.is_sidekick and q.die.controller == q.holder):
            return
        attacking = any(
            d.card == card.key and d.controller == q.holder and d.zone == Zone.ATTACK
            and not d.blocking
            for d in q.state.dice
        )  # fmt: skip
        if attacking:
            yield Contribution(q.stat, 1, "Angel: Inspiring")

    return (Ability("inspiring", "static", "", continuous=continuous),)


@card_script(
    "cyclops_optic_blast",
    text="When fielded: 3 damage to an opposing character die unless its controller pays 3 life.",
)
def cyclops_optic_blast(card):
    def resolve(ctx):
        theirs = [d.id for d in ctx.characters(ctx.opponent)]
        if not theirs:
            return
        target = ctx.choose("3 damage to an opposing character die", theirs)[0]
        if ctx.may(
            f"{ctx.opponent}: pay 3 life to stop 3 damage to {target}?", player=ctx.opponent
        ):
            ctx.lose_life(ctx.opponent, 3)
        else:
            ctx.damage(target, 3)

    return (_triggered("fielded", "fielded", "3 damage unless 3 life is paid", resolve),)


@card_script(
    "iceman_too_cool",
    text="Ability (pay [B]), once per turn per die: double this Iceman die's A this turn. "
    "Global (pay [B]): turn any of your Sidekick dice to a Bolt face (those in the Field go to "
    "your Reserve Pool).",
)
def iceman_too_cool(card):
    def double(ctx):
        die = ctx.die(ctx.source)
        ctx.modify(die.id, attack=ctx.attack(die))

    def flip(ctx):
        mine = [
            d.id
            for d in ctx.state.dice
            if d.is_sidekick and d.owner == ctx.holder and d.zone in ROLLED
            and not d.has("partially_spent")
        ]  # fmt: skip
        chosen = ctx.choose(
            "your Sidekick dice to turn to a Bolt face", mine, count=len(mine), minimum=0
        )
        for die in chosen:
            dice_ops.reroll(ctx, die, Face(energy=("bolt",)), source=ctx.label)

    return (
        Ability(
            "double",
            "activated",
            "pay [B]: double this die's A",
            cost=EnergyCost(1, ("bolt",)),
            limit="once_per_turn_per_die",
            resolve=double,
        ),
        Ability("global", "global", "Sidekicks to Bolt faces", resolve=flip),
    )


@card_script(
    "juggernaut",
    text="When damaged: you may send Sidekick dice from your Field to your Used Pile; each "
    "prevents 3 of that damage.",
)
def juggernaut(card):
    def resolve(ctx):
        sidekicks = [d.id for d in ctx.characters(ctx.holder) if d.is_sidekick]
        if not sidekicks:
            return
        sent = ctx.choose(
            f"Sidekicks to send to the Used Pile to save {ctx.source} (3 damage each)",
            sidekicks,
            count=len(sidekicks),
            minimum=0,
        )
        for die_id in sent:
            ctx.send_to_used(die_id)
        if sent:
            ctx.reduce_damage(ctx.source, 3 * len(sent))

    return (_triggered("damaged", "damaged", "Sidekicks prevent 3 damage each", resolve),)


@card_script("kitty_pryde_sprite", text="Sidekick dice can't block this die.")
def kitty_pryde_sprite(card):
    def restrict(q):
        if q.stat != "block" or q.die is None or q.other is None:
            return None
        if q.other.card == card.key and query.is_sidekick(q.state, q.cards, q.die):
            return "Sidekicks can't block Kitty Pryde: Sprite"
        return None

    return (Ability("phasing", "static", "", restrict=restrict),)


@card_script(
    "black_panther",
    text="This die can't attack while the opponent has no character die in the Field.",
)
def black_panther(card):
    def restrict(q):
        if q.stat != "attack" or q.die is None or q.die.card != card.key:
            return None
        if not any(d.is_character for d in q.state.field(other(q.die.controller))):
            return "Black Panther can't attack while the opponent's Field has no characters"
        return None

    return (Ability("patience", "static", "", restrict=restrict),)


@card_script(
    "emma_frost",
    text="While the opponent has no Villain character die in the Field: Fist character dice "
    "can't damage this die.",
)
def emma_frost(card):
    def continuous(q):
        if q.stat != "prevent" or q.die is None or q.other is None or q.die.card != card.key:
            return
        opponent = other(q.die.controller)
        if _villains_in_field(q.state, q.cards, opponent):
            return
        source = query.card_of(q.cards, q.other)
        if q.other.is_character and source is not None and "fist" in source.energy:
            yield Contribution("prevent", q.amount, "Emma Frost: Archvillain")

    return (Ability("diamond", "static", "", continuous=continuous),)


@card_script(
    "sabretooth",
    text="When your turn begins: each of your Sabretooth dice in the Field spins up a level.",
)
def sabretooth(card):
    def resolve(ctx):
        for die in ctx.characters(ctx.holder):
            if query.title(ctx.cards, die) == "Sabretooth":
                ctx.spin(die.id, 1)

    return (
        _triggered(
            "start",
            "turn_started",
            "Sabretooth spins up",
            resolve,
            subject="card",
            condition=lambda tc: tc.event.player == tc.holder,
        ),
    )


@card_script(
    "magneto_hellfire",
    text="While active and the opponent has no Villain in the Field: 2 damage to the opponent "
    "each time they draw from their bag (once per draw).",
)
def magneto_hellfire(card):
    def condition(tc):
        opponent = tc.event.player
        return opponent != tc.holder and not _villains_in_field(tc.state, tc.cards, opponent)

    return (
        _triggered(
            "draw_damage",
            "drew",
            "2 damage when the opponent draws",
            lambda ctx: ctx.damage(ctx.opponent, 2),
            subject="card",
            while_active=True,
            condition=condition,
        ),
    )


@card_script(
    "feedback",
    text="Action: for the rest of the turn, the opponent takes 1 damage each time one of their "
    "character dice is KO'd.",
)
def feedback(card):
    def theirs_kod(tc):
        die = tc.state.die(tc.event.die)
        return die is not None and die.owner != tc.holder and (die.is_sidekick or bool(die.card))

    return (
        Ability(
            "action",
            "action",
            "1 damage per KO this turn",
            resolve=lambda ctx: ctx.last(f"{card.key}.feedback"),
        ),
        Ability(
            "feedback",
            "lasting",
            "1 damage to the opponent when one of their dice is KO'd",
            trigger="kod",
            condition=theirs_kod,
            resolve=lambda ctx: ctx.damage(ctx.opponent, 1),
        ),
    )


@card_script(
    "enrage",
    text="Action: a character die spins up a level if it can and must attack this turn if it can.",
)
def enrage(card):
    def resolve(ctx):
        found = [d.id for d in ctx.characters()]
        if not found:
            return
        target = ctx.choose("a character die to enrage", found)[0]
        ctx.spin(target, 1)
        ctx.grant(target, "must_attack")

    return (Ability("action", "action", "spin up; must attack", resolve=resolve),)


# -- AI ------------------------------------------------------------------------------------
@card_script(
    "captain_america_good_old_days",
    text="While active: when one of your Sidekick dice is KO'd, draw a die into your Prep "
    "Area; if it isn't a Sidekick, your Captain America dice get +1A and +1D this turn.",
)
def captain_america(card):
    def condition(tc):
        die = tc.state.die(tc.event.die)
        return die is not None and die.owner == tc.holder and die.is_sidekick

    def resolve(ctx):
        drawn = ctx.draw(ctx.holder, 1)
        if drawn and not ctx.die(drawn[0]).is_sidekick:
            for die in ctx.characters(ctx.holder):
                if die.card == card.key:
                    ctx.modify(die.id, 1, 1)

    return (
        _triggered(
            "sidekick_kod",
            "kod",
            "a Sidekick was KO'd: prep a die",
            resolve,
            subject="card",
            while_active=True,
            condition=condition,
        ),
    )


@card_script(
    "red_skull",
    text="While active: each time an opposing character die is KO'd, your Red Skull dice get "
    "+1A and +1D this turn.",
)
def red_skull(card):
    def condition(tc):
        die = tc.state.die(tc.event.die)
        return die is not None and die.owner != tc.holder

    def resolve(ctx):
        for die in ctx.characters(ctx.holder):
            if die.card == card.key:
                ctx.modify(die.id, 1, 1)

    return (
        _triggered(
            "revenge",
            "kod",
            "+1A +1D per opposing KO",
            resolve,
            subject="card",
            while_active=True,
            condition=condition,
        ),
    )


@card_script(
    "crowd_fighting",
    text="Action: pick a character die in the Field; each opposing character die takes damage "
    "equal to its level.",
)
def crowd_fighting(card):
    def resolve(ctx):
        found = [d.id for d in ctx.characters()]
        if not found:
            return
        level = ctx.die(ctx.choose("a character die whose level counts", found)[0]).level
        for die in ctx.characters(ctx.opponent):
            ctx.damage(die.id, level)

    return (Ability("action", "action", "damage by a die's level", resolve=resolve),)


# -- YGO -----------------------------------------------------------------------------------
@card_script(
    "blue_eyes",
    text="When this die attacks: * your opponent KOs one of their character dice; ** instead "
    "your opponent loses life equal to the highest level among their character dice.",
)
def blue_eyes(card):
    def resolve(ctx):
        die = ctx.die(ctx.source)
        bursts = die.face.bursts if die.face is not None else 0
        theirs = ctx.characters(ctx.opponent)
        if bursts == 1 and theirs:
            chosen = ctx.choose(
                "KO one of your character dice", [d.id for d in theirs], player=ctx.opponent
            )
            ctx.ko(chosen[0])
        elif bursts >= 2 and theirs:
            ctx.lose_life(ctx.opponent, max(d.level for d in theirs))

    return (_triggered("attacks", "attacks", "burst attack effects", resolve),)


@card_script(
    "celtic_guardian",
    text="While this die is the only one of yours attacking: +2D; * also +1D for each other "
    "Bolt character die in either Field.",
)
def celtic_guardian(card):
    def continuous(q):
        if q.stat != "defense" or q.die is None or q.die.card != card.key:
            return
        if q.die.zone != Zone.ATTACK or q.die.blocking:
            return
        attackers = [
            d for d in q.state.dice
            if d.controller == q.die.controller and d.zone == Zone.ATTACK and not d.blocking
        ]  # fmt: skip
        if len(attackers) != 1:
            return
        yield Contribution("defense", 2, "Celtic Guardian: attacking alone")
        if q.die.face is not None and q.die.face.bursts:
            bolts = [
                d for d in q.state.dice
                if d.id != q.die.id and d.is_character and d.zone in IN_FIELD
                and (c := query.card_of(q.cards, d)) is not None and "bolt" in c.energy
            ]  # fmt: skip
            if bolts:
                yield Contribution("defense", len(bolts), "Celtic Guardian: Bolt dice")

    return (Ability("guard", "static", "", continuous=continuous),)


@card_script(
    "harpie_lady",
    text="+1A and +1D while any Sidekick die is attacking. * When this die attacks: up to 3 "
    "Sidekick dice get +1A this turn.",
)
def harpie_lady(card):
    def continuous(q):
        if q.stat not in ("attack", "defense") or q.die is None or q.die.card != card.key:
            return
        if any(d.is_sidekick and d.zone == Zone.ATTACK and not d.blocking for d in q.state.dice):
            yield Contribution(q.stat, 1, "Harpie Lady: a Sidekick attacks")

    def resolve(ctx):
        die = ctx.die(ctx.source)
        if die.face is None or not die.face.bursts:
            return
        sidekicks = [d.id for d in ctx.characters() if d.is_sidekick]
        if sidekicks:
            for target in ctx.choose(
                "up to 3 Sidekick dice to get +1A", sidekicks, count=min(3, len(sidekicks)),
                minimum=0,
            ):  # fmt: skip
                ctx.modify(target, 1, 0)

    return (
        Ability("flock", "static", "", continuous=continuous),
        _triggered("attacks", "attacks", "* up to 3 Sidekicks +1A", resolve),
    )


@card_script(
    "red_eyes",
    text="While active: your Bolt cards cost 2 less to buy. * When fielded: move a die from "
    "the opponent's Prep Area to their Used Pile.",
)
def red_eyes(card):
    def continuous(q):
        if q.stat == "purchase_cost" and q.player == q.holder and q.params:
            bought = q.cards.get(q.params[0])
            if bought is not None and "bolt" in bought.energy:
                yield Contribution("purchase_cost", -2, "Red-Eyes B. Dragon")

    def resolve(ctx):
        die = ctx.die(ctx.source)
        if die.face is None or not die.face.bursts:
            return
        prep = [d.id for d in ctx.state.zone(ctx.opponent, Zone.PREP)]
        if prep:
            target = ctx.choose("a die from the opponent's Prep Area", prep)[0]
            ctx.move(target, Zone.USED)
            ctx.emit(
                "moved",
                f"{target} was moved to the Used Pile ({ctx.label})",
                die=target,
                player=ctx.opponent,
            )

    return (
        Ability("discount", "static", "", while_active=True, continuous=continuous),
        _triggered("fielded", "fielded", "* a Prep die to the Used Pile", resolve),
    )


@card_script(
    "dark_magician",
    text="While active: at the start of each of your turns you lose 1 life, and you draw one "
    "more die in Clear and Draw.",
)
def dark_magician(card):
    def extra(q):
        if q.stat == "draw" and q.player == q.holder:
            yield Contribution("draw", 1, "Dark Magician")

    return (
        Ability("draw", "static", "", while_active=True, continuous=extra),
        _triggered(
            "start",
            "turn_started",
            "lose 1 life",
            lambda ctx: ctx.lose_life(ctx.holder, 1),
            subject="card",
            while_active=True,
            condition=lambda tc: tc.event.player == tc.holder,
        ),
    )


@card_script(
    "crush_card_virus",
    text="Action: KO one of your character dice, then an opposing character die of at most "
    "one level higher.",
)
def crush_card_virus(card):
    def resolve(ctx):
        mine = [d.id for d in ctx.characters(ctx.holder)]
        if not mine:
            return
        chosen = ctx.die(ctx.choose("one of your character dice to KO", mine)[0])
        level = chosen.level
        ctx.ko(chosen.id)
        theirs = [d.id for d in ctx.characters(ctx.opponent) if d.level <= level + 1]
        if theirs:
            ctx.ko(
                ctx.choose(f"an opposing character die of level {level + 1} or lower", theirs)[0]
            )

    return (Ability("action", "action", "KO yours, then one of theirs", resolve=resolve),)


@card_script(
    "monster_reborn",
    text="Action: roll a character die from your Used Pile; on a level face it is fielded at "
    "that level, free; otherwise it goes into your bag.",
)
def monster_reborn(card):
    def resolve(ctx):
        used = [
            d.id for d in ctx.state.zone(ctx.holder, Zone.USED)
            if d.is_sidekick or (d.card and ctx.cards.get(d.card) is not None
                                 and ctx.cards[d.card].kind == "character")
        ]  # fmt: skip
        if not used:
            return
        target = ctx.choose("a character die from your Used Pile", used)[0]
        text = f"{ctx.holder} rolls {target}"
        answer = ctx.ask(Request("roll", ctx.holder, text, options=(target,)), Roll)
        face = dict(answer.faces).get(target)
        if face is None:
            from rules.engine.verdicts import reject

            reject("R5.2", f"Say how {target} landed.")
        dice_ops.check_face(ctx, ctx.die(target), face)
        if face.is_character:
            ctx.field(target, face.level)
        else:
            ctx.move(target, Zone.BAG)
            ctx.emit("moved", f"{target} rolled {face.notation()} and went into the bag",
                     die=target, player=ctx.holder)  # fmt: skip

    return (Ability("action", "action", "roll a die back", resolve=resolve),)


@card_script(
    "mirror_force_global",
    text="Global (pay [F]): a blocked character die of your choice deals no damage this turn.",
)
def mirror_force_global(card):
    def resolve(ctx):
        blocked = [
            d.id for d in ctx.state.dice
            if d.zone == Zone.ATTACK and not d.blocking and d.has("blocked")
        ]  # fmt: skip
        if blocked:
            ctx.last(f"{card.key}.no_damage", subject=ctx.choose("a blocked die", blocked)[0])

    def continuous(q):
        subject = q.params[0] if q.params else ""
        if q.stat == "prevent" and q.other is not None and q.other.id == subject:
            yield Contribution("prevent", q.amount, "Mirror Force")

    return (
        Ability("global", "global", "a blocked die deals no damage", resolve=resolve),
        Ability("no_damage", "lasting", "deals no damage", continuous=continuous),
    )


@card_script(
    "steve_trevor",
    text="When this die is KO'd: you may buy a Wonder Woman die of your team for its cost "
    "minus 3 (at least 1), paying now, into your Prep Area.",
)
def steve_trevor(card):
    def resolve(ctx):
        team = ctx.state.player(ctx.holder).team
        choices = {}
        for key in team:
            bought = ctx.cards.get(key)
            if bought is None or bought.display_title != "Wonder Woman":
                continue
            dice = [d.id for d in ctx.state.zone(ctx.holder, Zone.UNPURCHASED) if d.card == key]
            if dice:
                choices[key] = dice[0]
        if not choices:
            return
        key = (
            next(iter(choices))
            if len(choices) == 1
            else ctx.choose("a Wonder Woman card to buy from", list(choices))[0]
        )
        bought = ctx.cards[key]
        price = max(1, len(bought.energy), query.purchase_cost(ctx.state, ctx.cards, ctx.holder,
                                                                key).value - 3)  # fmt: skip
        cost = EnergyCost(price, tuple(bought.energy))
        if ctx.may(f"buy {bought.name} for {cost.notation()}", cost=cost):
            die = choices[key]
            ctx.move(die, Zone.PREP)
            ctx.emit(
                "purchased",
                f"{ctx.holder} bought {die} into the Prep Area ({ctx.label})",
                rule="R7.1",
                die=die,
                player=ctx.holder,
            )

    return (_triggered("kod", "kod", "buy a Wonder Woman at a discount", resolve),)


@card_script(
    "time_wizard",
    text="When fielded: name a die in your bag, then draw one: the named die goes to your Prep "
    "Area, any other back into the bag.",
    status="partial",
    manual="* when KO'd, it may take a Fist character costing 4 or less down with it (the KO'd "
    "die shows no face to read the burst from)",
)
def time_wizard(card):
    def resolve(ctx):
        bag = [d.id for d in ctx.state.zone(ctx.holder, Zone.BAG)]
        if not bag:
            return
        named = ctx.choose("name a die in your bag", bag)[0]
        drawn = ctx.draw(ctx.holder, 1)
        for die in drawn:
            if die != named:
                ctx.move(die, Zone.BAG)
                ctx.emit("moved", f"{die} went back into the bag ({ctx.label})", die=die,
                         player=ctx.holder)  # fmt: skip

    return (_triggered("fielded", "fielded", "name a die, draw one", resolve),)


def _is_character_die(ctx, die) -> bool:
    card = ctx.cards.get(die.card) if die.card else None
    return die.is_sidekick or (card is not None and card.kind == "character")


@card_script(
    "mystic_box",
    text="Action: pick an opposing character die; the opponent draws a die: a character die "
    "swaps places with the picked one (at level 1), anything else goes back into the bag. "
    "Global (pay [S]): one of your character dice and an opposing one trade their A this turn.",
)
def mystic_box(card):
    def action(ctx):
        theirs = [d.id for d in ctx.characters(ctx.opponent)]
        if not theirs:
            return
        picked = ctx.choose("an opposing character die", theirs)[0]
        drawn = ctx.draw(ctx.opponent, 1)
        for die in drawn:
            if _is_character_die(ctx, ctx.die(die)):
                ctx.swap(picked, die)
            else:
                ctx.move(die, Zone.BAG)
                ctx.emit("moved", f"{die} went back into the bag ({ctx.label})", die=die,
                         player=ctx.opponent)  # fmt: skip

    def trade(ctx):
        mine = [d.id for d in ctx.characters(ctx.holder)]
        theirs = [d.id for d in ctx.characters(ctx.opponent)]
        if not mine or not theirs:
            return
        first = ctx.die(ctx.choose("one of your character dice", mine)[0])
        second = ctx.die(ctx.choose("an opposing character die", theirs)[0])
        a, b = ctx.attack(first), ctx.attack(second)
        ctx.modify(first.id, attack=b - a)
        ctx.modify(second.id, attack=a - b)

    return (
        Ability(
            "action", "action", "a drawn character die takes a picked die's place", resolve=action
        ),  # fmt: skip
        Ability("global", "global", "trade A", resolve=trade),
    )
