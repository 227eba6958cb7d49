"""Dice manipulation (R14, R15) and the dice-shaped keywords: spinning, rerolling, prepping
(K-PREP), tokens (K-TOKEN, R1.7), capture, control, copy and swap (K-SWAP), applied
modifiers and granted keywords. Each function checks its own rule and rejects with it.
"""

from rules.engine import query
from rules.engine.faces import SIDEKICK_FACES, Face
from rules.engine.state import IN_FIELD, ROLLED, Copy, Die, Modifier, Zone, replace
from rules.engine.txn import Txn
from rules.engine.verdicts import reject


def check_face(txn: Txn, die: Die, face: Face) -> Face:
    """A die can only show one of its own faces (R1.3; a sidekick's are fixed, R1.5). Returns
    the face as the die shows it: declared when the card data can't check it."""
    if die.is_token:
        reject("R1.7", f"{die.id} is a token: it can't be rolled.", subject=die.id)
    if die.is_sidekick:
        if face not in SIDEKICK_FACES:
            reject(
                "R1.5",
                f"A sidekick die has no {face.notation()} face.",
                subject=die.id,
                hint="Sidekick faces: fist, bolt, mask, shield, wild and L1.",
            )
        return face
    card = txn.cards[die.card]
    if not card.can_show(face):
        reject(
            "R1.3",
            f"{card.name}'s die has no {face.notation()} face.",
            subject=die.id,
            hint=card.face_hint(),
        )
    return card.as_shown(face)


def character_card_levels(txn: Txn, die: Die) -> tuple[Face, ...]:
    if die.is_sidekick:
        return SIDEKICK_FACES[5:]
    card = txn.cards.get(die.card)
    return card.levels if card else ()


def can_spin(txn: Txn, die: Die, levels: int) -> str:
    """Why `die` can't spin `levels` (R14.2, R1.7); '' if it can."""
    if die.is_token:
        return f"{die.id} is a token and can't be spun (R1.7)."
    if not die.is_character:
        return f"{die.id} is not showing a character face."
    target = die.level + levels
    top = len(character_card_levels(txn, die))
    if target < 1:
        return f"{die.id} is at level {die.level} and can't spin below level 1."
    if target > top:
        return f"{die.id} is at level {die.level}, its top level is {top}."
    return ""


def spin(txn: Txn, die_id: str, levels: int, *, source: str = "") -> bool:
    """Spin a character die up (levels > 0) or down one level at a time (R14.2). Damage stays,
    so spinning down can KO it (R12.2, checked after the effect)."""
    die = txn.die(die_id)
    if why := can_spin(txn, die, levels):
        reject("R1.7" if die.is_token else "R14.2", why, subject=die.id)
    face = character_card_levels(txn, die)[die.level + levels - 1]
    txn.put(replace(die, face=face))
    way = "up" if levels > 0 else "down"
    txn.emit(
        "spun",
        f"{die.id} spun {way} to level {face.level}" + _by(source),
        rule="R14.2",
        die=die.id,
        player=die.controller,
        amount=levels,
    )
    return True


def reroll(txn: Txn, die_id: str, face: Face, *, source: str = "") -> None:
    """Reroll a rolled die to `face` (an input): it stays in its zone unless the face can't be
    there, an energy or action face in the Field going to the Reserve Pool (R14.1)."""
    die = txn.die(die_id)
    if die.zone not in ROLLED:
        reject("R14.1", f"{die.id} is not a rolled die (it is in the {_zone(die.zone)}).")
    if die.has("partially_spent"):
        reject("R6.3", f"{die.id} was partially spent and can't be rerolled.", subject=die.id)
    face = check_face(txn, die, face)
    keeps_field = face.is_character or (
        face.action and die.zone == Zone.FIELD and _continuous(txn, die)
    )
    if die.zone in IN_FIELD and not keeps_field:
        txn.move(die.id, Zone.RESERVE)
        die = txn.die(die.id)
        where = " and moved to the Reserve Pool"
    else:
        where = ""
    txn.put(replace(die, face=face))
    txn.emit(
        "rerolled_die",
        f"{die.id} was rerolled to {face.described()}{where}" + _by(source),
        rule="R14.1",
        die=die.id,
        player=die.controller,
    )


def _continuous(txn: Txn, die: Die) -> bool:
    from rules.engine.keywords import continuous

    return continuous.KEYWORD in query.keywords(txn.state, txn.cards, die)


def prep(txn: Txn, die_id: str, *, source: str = "") -> None:
    """Move a die to its owner's Prep Area (K-PREP, R4.2)."""
    die = txn.die(die_id)
    if die.zone in (Zone.UNPURCHASED, Zone.CAPTURED, Zone.OUT_OF_PLAY):
        reject(
            "R4.6" if die.zone == Zone.OUT_OF_PLAY else "R4.2",
            f"{die.id} is in the {_zone(die.zone)} and can't be prepped.",
        )
    txn.move(die.id, Zone.PREP, controller=die.owner)
    txn.emit(
        "prepped",
        f"{die.id} was moved to {die.owner}'s Prep Area" + _by(source),
        rule="K-PREP",
        die=die.id,
        player=die.owner,
    )


def modify(txn: Txn, die_id: str, attack: int, defense: int, *, source: str) -> None:
    """An applied stat modifier until end of turn (R13.1); only character dice in the Field
    can be affected (R13.2)."""
    die = txn.die(die_id)
    if not (die.is_character and die.zone in IN_FIELD):
        reject("R13.2", f"{die.id} is not a character die in the Field.", subject=die.id)
    txn.put(replace(die, modifiers=(*die.modifiers, Modifier(attack, defense, source))))
    txn.emit(
        "modified",
        f"{die.id} gets {attack:+d}A {defense:+d}D until end of turn" + _by(source),
        rule="R13.1",
        die=die.id,
        player=die.controller,
    )


def grant_keyword(txn: Txn, die_id: str, keyword: str, *, source: str) -> None:
    die = txn.die(die_id)
    if not (die.is_character and die.zone in IN_FIELD):
        reject("R13.2", f"{die.id} is not a character die in the Field.", subject=die.id)
    txn.put(replace(die, keywords=tuple(dict.fromkeys((*die.keywords, keyword)))))
    txn.emit(
        "keyword_granted",
        f"{die.id} has {keyword.replace('_', ' ')} until end of turn" + _by(source),
        rule="R13.1",
        die=die.id,
        player=die.controller,
    )


def create_token(
    txn: Txn, player: str, attack: int, defense: int, *, name: str = "Token", source: str = ""
) -> str:
    """A token: a level-1 character die with purchase cost 0, no energy type, the given A and
    D, that exists only in the Field (R1.7)."""
    number = txn.new_id()
    die = Die(
        f"{player}:T{number}",
        player,
        f"token:{name}",
        Zone.FIELD,
        face=Face(level=1, attack=attack, defense=defense),
        flags=frozenset({"token"}),
    )
    txn.state = replace(txn.state, dice=(*txn.state.dice, die))
    txn.emit(
        "token_created",
        f"{player} got a {attack}/{defense} token {die.id} ({name})" + _by(source),
        rule="R1.7",
        die=die.id,
        player=player,
    )
    return die.id


def capture(txn: Txn, captor_id: str, die_id: str, *, source: str = "") -> None:
    """The die goes under its captor in the captor's Field and doesn't exist for game
    purposes until the capture ends (R15.1)."""
    captor, die = txn.die(captor_id), txn.die(die_id)
    if captor.zone not in IN_FIELD:
        reject("R15.1", f"{captor.id} is not in the Field and can't capture.", subject=captor.id)
    if die.zone in (Zone.CAPTURED, Zone.UNPURCHASED, Zone.OUT_OF_PLAY) or die.id == captor.id:
        reject("R15.1", f"{die.id} can't be captured from the {_zone(die.zone)}.", subject=die.id)
    if captor.attached_to == die.id:
        reject("R15.1", f"{captor.id} is attached to {die.id} and can't capture it.")
    _leave_combat(txn, die)
    die = txn.die(die_id)
    # Dice attached to the captured die go along, out of the game with it (R15.1).
    along = [d for d in txn.state.dice if d.attached_to == die.id and d.zone in IN_FIELD]
    txn.put(
        replace(
            die,
            zone=Zone.CAPTURED,
            held_by=captor.id,
            held_from=die.zone,
            controller=captor.controller,
            damage=0,
            modifiers=(),
            blocking=None,
            attached_to=None,  # a captured attachment leaves its character
        ),
        *(
            replace(
                d,
                zone=Zone.CAPTURED,
                held_from=d.zone,
                controller=captor.controller,
                damage=0,
                modifiers=(),
                blocking=None,
            )
            for d in along
        ),
    )
    went = f", with {', '.join(d.id for d in along)} attached" if along else ""
    txn.emit(
        "captured",
        f"{die.id} was captured by {captor.id}{went}" + _by(source),
        rule="R15.1",
        die=die.id,
        other=captor.id,
        player=captor.controller,
        dice=tuple(d.id for d in along),
    )


def release(txn: Txn, die_id: str, *, why: str = "") -> None:
    """A capture ends: the die returns where it came from, at the same level, and the dice
    attached to it return to the Field with it, still attached (R15.1). A die captured from
    the Attack Zone returns to the Field (R4.5): it attacks or blocks no more."""
    die = txn.die(die_id)
    if die.zone != Zone.CAPTURED:
        reject("R15.1", f"{die.id} is not captured.", subject=die.id)
    host = txn.state.die(die.attached_to) if die.attached_to else None
    if host is not None and host.zone == Zone.CAPTURED:
        reject(
            "R15.1",
            f"{die.id} is attached to {host.id} and returns with it: release {host.id}.",
            subject=die.id,
        )
    _return(txn, die, why)
    for attached in [d for d in txn.state.dice if d.attached_to == die.id]:
        if attached.zone == Zone.CAPTURED:
            _return(txn, attached, f"attached to {die.id}")
    back = txn.die(die.id)
    if back.attached_to and not (back.zone in IN_FIELD and host and host.zone in IN_FIELD):
        txn.put(replace(back, attached_to=None))  # its character is no longer in the Field
    if back.zone not in IN_FIELD:  # nothing stays attached to a die outside the Field
        txn.put(*(replace(d, attached_to=None) for d in txn.state.dice if d.attached_to == die.id))


def _return(txn: Txn, die: Die, why: str) -> None:
    zone = die.held_from or Zone.FIELD
    if zone == Zone.ATTACK:
        zone = Zone.FIELD
    face = die.face if zone in ROLLED else None
    txn.put(replace(die, zone=zone, face=face, held_by=None, held_from=None, controller=die.owner))
    txn.emit(
        "released",
        f"{die.id} returned to {die.owner}'s {_zone(zone)}" + (f" ({why})" if why else ""),
        rule="R15.1",
        die=die.id,
        player=die.owner,
    )


def attach(txn: Txn, die_id: str, host_id: str, *, source: str = "") -> None:
    """Attach a die in the Field (equipment, a continuous die) to a character die in the
    Field. Attachments are one deep: a die that is attached, or has dice attached, is not a
    host and can't be attached (R15.1)."""
    die, host = txn.die(die_id), txn.die(host_id)
    if die.id == host.id:
        reject("R15.1", f"{die.id} can't be attached to itself.", subject=die.id)
    if die.zone not in IN_FIELD:
        reject("R15.1", f"{die.id} is not in the Field: only a die there is attached.")
    if not (host.is_character and host.zone in IN_FIELD):
        reject("R15.1", f"{host.id} is not a character die in the Field.", subject=host.id)
    if host.attached_to:
        reject("R15.1", f"{host.id} is itself attached to {host.attached_to}.", subject=host.id)
    if any(d.attached_to == die.id for d in txn.state.dice):
        reject("R15.1", f"{die.id} has dice attached to it: it can't be attached.")
    txn.put(replace(die, attached_to=host.id))
    txn.emit(
        "attached",
        f"{die.id} was attached to {host.id}" + _by(source),
        rule="R15.1",
        die=die.id,
        other=host.id,
        player=die.controller,
    )


def detach(txn: Txn, die_id: str, *, source: str = "") -> None:
    """End an attachment: the die stays in the Field, attached to nothing."""
    die = txn.die(die_id)
    if not die.attached_to:
        reject("R15.1", f"{die.id} is not attached to a die.", subject=die.id)
    if die.zone not in IN_FIELD:
        reject("R15.1", f"{die.id} is captured with {die.attached_to}: it returns with it.")
    txn.put(replace(die, attached_to=None))
    txn.emit(
        "detached",
        f"{die.id} is no longer attached to {die.attached_to}" + _by(source),
        rule="R15.1",
        die=die.id,
        other=die.attached_to,
        player=die.controller,
    )


def control(txn: Txn, controller_id: str, die_id: str, *, source: str = "") -> None:
    """Take control of an opposing character die in the Field: it becomes the controller's
    and moves to their Field, still using its owner's card (R15.2)."""
    controller, die = txn.die(controller_id), txn.die(die_id)
    if controller.zone not in IN_FIELD:
        reject("R15.2", f"{controller.id} is not in the Field.", subject=controller.id)
    if not (die.is_character and die.zone in IN_FIELD) or die.controller == controller.controller:
        reject("R15.2", f"{die.id} is not an opposing character die in the Field.", subject=die.id)
    _leave_combat(txn, die)
    die = txn.die(die_id)
    txn.put(
        replace(
            die,
            zone=Zone.FIELD,
            controller=controller.controller,
            held_by=controller.id,
            held_from=die.zone,
        )
    )
    txn.emit(
        "controlled",
        f"{controller.controller} took control of {die.id} with {controller.id}" + _by(source),
        rule="R15.2",
        die=die.id,
        other=controller.id,
        player=controller.controller,
    )


def end_control(txn: Txn, die_id: str, *, why: str = "") -> None:
    """Control ends: the die returns to its owner where it was taken from (R15.2)."""
    die = txn.die(die_id)
    if die.controller == die.owner:
        return
    zone = die.held_from or Zone.FIELD
    if die.zone not in IN_FIELD:
        zone = Zone.PREP
    txn.put(
        replace(die, zone=zone, controller=die.owner, held_by=None, held_from=None, blocking=None)
    )
    txn.emit(
        "control_ended",
        f"{die.id} returned to {die.owner}" + (f" ({why})" if why else ""),
        rule="R15.2",
        die=die.id,
        player=die.owner,
    )


def copy(txn: Txn, die_id: str, source_id: str, mode: str, *, source: str = "") -> None:
    """The die copies the other die's stats, abilities, or the whole die (R15.3), until end
    of turn."""
    if mode not in ("stats", "abilities", "die"):
        reject("R15.3", f"{mode!r} is not a kind of copy (stats, abilities or die).")
    die, copied = txn.die(die_id), txn.die(source_id)
    if copied.card is None or copied.is_token:
        reject("R15.3", f"{copied.id} has no card to copy.", subject=copied.id)
    if not (die.is_character and die.zone in IN_FIELD):
        reject("R13.2", f"{die.id} is not a character die in the Field.", subject=die.id)
    txn.put(replace(die, copy=Copy(mode, copied.card, copied.id)))
    txn.emit(
        "copied",
        f"{die.id} copies the {mode} of {copied.id}" + _by(source),
        rule="R15.3",
        die=die.id,
        other=copied.id,
        player=die.controller,
    )


def swap(txn: Txn, first_id: str, second_id: str, *, source: str = "") -> None:
    """Two dice exchange places exactly; attack and block status go along; a die swapped
    from an unrolled zone into a rolled one shows level 1. Not fielding (R15.4, R8.2)."""
    first, second = txn.die(first_id), txn.die(second_id)
    if Zone.CAPTURED in (first.zone, second.zone) or Zone.UNPURCHASED in (first.zone, second.zone):
        reject("R15.4", "Captured and unpurchased dice can't be swapped.")
    if first.is_token or second.is_token:
        reject("R1.7", "A token exists only in the Field and can't be swapped out of it.")
    placed = [_swapped(txn, first, second), _swapped(txn, second, first)]
    renamed = {first.id: second.id, second.id: first.id}
    others = [
        replace(d, blocking=renamed[d.blocking])
        for d in txn.state.dice
        if d.blocking in renamed and d.id not in renamed
    ]
    txn.put(*placed, *others)
    txn.emit(
        "swapped",
        f"{first.id} and {second.id} swapped places" + _by(source),
        rule="R15.4",
        die=first.id,
        other=second.id,
        player=first.controller,
    )


def _swapped(txn: Txn, die: Die, into: Die) -> Die:
    if into.zone in ROLLED:
        face = die.face if die.zone in ROLLED else character_card_levels(txn, die)[0]
        return replace(
            die,
            zone=into.zone,
            face=face,
            blocking=into.blocking,
            controller=into.controller,
            flags=(die.flags - {"blocked"}) | (into.flags & {"blocked"}),
            attached_to=die.attached_to if into.zone in IN_FIELD else None,
        )
    return replace(
        die,
        zone=into.zone,
        face=None,
        attached_to=None,
        damage=0,
        modifiers=(),
        blocking=None,
        keywords=(),
        flags=die.flags & {"token"},
        copy=None,
        controller=die.owner,
    )


def _leave_combat(txn: Txn, die: Die) -> None:
    """A die taken out of the Attack Zone stops blocking; an attacker it blocked stays
    blocked (R11.4)."""
    if die.blocking:
        txn.put(replace(die, blocking=None))


def _zone(zone: Zone) -> str:
    return zone.value.replace("_", " ")


def _by(source: str) -> str:
    return f" ({source})" if source else ""
