"""Keywords of the experience family (rules/abilities/templates/experience.py): the abilities
an encoding's keyword adds to its card, and their English.

Each keyword's rule is what the real card pool prints for it (paraphrased; the card text is
never copied into the repository):

- Regenerate: the reminder the cards print is only 'reroll when KO'd' ('reroll when knocked
  out'). What the reroll leads to is printed by other cards of the pool: a character that
  'uses Regenerate but rolls an energy face' has failed, one that 'regenerates successfully'
  may then be spun to another level, and the cards that spell the same reroll out say 'if you
  roll a character face, return it to the field' / 'it stays in the Field Zone on that face'.
  So: when one of the card's dice is KO'd (by combat damage or an effect), its owner rerolls
  it (how it lands is a recorded input, R14.1); on a character face it returns from the Prep
  Area to the Field Zone at that face's level (not fielding it, R8.2: no cost, no 'when
  fielded'; no damage, R12.2); on any other face it stays KO'd in the Prep Area. Read the
  weaker way where the pool is silent (T5.1): the die comes back to the Field Zone, not to
  the Attack Zone it may have been KO'd in (no longer attacking or blocking), and only if it
  is still in its owner's Prep Area when the reroll resolves (a token, which ceases to exist,
  or a die moved meanwhile does not regenerate).
- Experience, as Battle for Faerun prints it: once per turn, the character gains a +1A / +1D
  token when you knock out a monster. Where the token goes is printed by the same set's
  Mummy ('remove one Experience counter from each adventurer card') and by the later sets
  ('Experience tokens on this character card'): on the card, so each token gives every one
  of the card's character dice +1A and +1D, for the rest of the game (R13.1 persistent: the
  pool prints no end; a lasting effect per token, so A/D are explained by it). Read the
  weaker way where the pool is silent (T5.1): a monster is a character die whose card has
  the Monster affiliation ([DDM]); 'you knock out' is only a KO by combat damage (R11.5) of
  an opposing Monster die (combat damage to an opposing die can only come from the
  player's own dice; who KO'd a die by an effect is not recorded); the card must be active
  (a die of it in the Field) when the monster is KO'd; once per turn per card.
- Experience, as the later D&D sets print it (Trouble in Waterdeep's reminder; Faerun
  Under Siege, Tomb of Annihilation, The Zhentarim, Adventures in Waterdeep and Trouble in
  Waterdeep print the word bare, and their cards speak of 'Experience tokens on this
  character card' gained 'at end of turn'): if you KO'd an opposing Monster during your
  turn, one Experience token goes on the card at the end of your turn. These tokens give
  no stats by themselves (the pool prints none: only other cards read them). Read the
  weaker way (T5.1): the KO is one by combat damage (R11.5), the card is active both when
  the monster is KO'd and at the end of the turn, and one token per turn however many
  monsters were KO'd.
- Immortal (the Mighty Thor and Bitter Rivals cards' reminder): except when purchased,
  when one of the card's dice would go to the Used Pile it goes to its owner's bag instead.
  A replacement played where the engine moves a die (rules/engine/txn.py asks the stat query
  layer's 'used_to_bag' question); a purchase puts the die in the Used Pile without moving
  it, so the exception is the engine's own. Any die of the card, wherever it is and whoever
  controls it (the reminder is not 'while active').

Only a card printing the keyword gets its ability; a Regenerate another card grants ('gains
Regenerate') stays with the families that read that card (manual for now).
"""

from dataclasses import replace

from rules.engine.abilities import Ability, Contribution, Query, is_active
from rules.engine.state import Zone


def reroll_back_to_field(ctx, die, why: str) -> None:
    """A die in its owner's Prep Area rerolled (a recorded input): on a character face it goes
    back to the Field Zone on that face, not fielded (R8.2); otherwise it stays where it is
    (Regenerate; Sandman's Aftershock, rules/abilities/extensions/leave_tail.py)."""
    face = ctx.reroll_face(die.id, why)
    if not face.is_character:
        ctx.emit(
            "rerolled_die",
            f"{die.id} rerolled to {face.notation()}: it stays in the Prep Area ({ctx.label})",
            rule="R14.1",
            die=die.id,
            player=die.owner,
        )
        return
    ctx.put(replace(die, zone=Zone.FIELD, face=face, controller=die.owner))
    ctx.emit(
        "moved",
        f"{die.id} rerolled to level {face.level}, back in the Field Zone, not fielded"
        f" ({ctx.label})",
        rule="R8.2",
        die=die.id,
        player=die.owner,
    )


def _regenerate(card) -> tuple[Ability, ...]:
    def resolve(ctx) -> None:
        die = ctx.state.die(ctx.source) if ctx.source else None
        if die is None or die.zone != Zone.PREP or die.is_token:
            return  # no longer in the Prep Area (or a token): nothing to reroll (T5.1)
        reroll_back_to_field(ctx, die, "Regenerate")

    return (
        Ability(
            "regenerate",
            "triggered",
            "Regenerate: when it is KO'd, reroll it; on a character face it returns to the Field"
            " Zone at that level",
            trigger="kod",
            resolve=resolve,
        ),
    )


MONSTER = "monster"


def _monster_kod_in_combat(tc) -> bool:
    """The event KO'd an opposing Monster character die by combat damage (R11.5), while
    the card is active."""
    event = tc.event
    if event.rule != "R11.5" or not is_active(tc.state, tc.card, tc.holder):
        return False
    die = tc.state.die(event.die) if event.die else None
    if die is None or die.owner == tc.holder or not die.card:
        return False
    card_def = tc.cards.get(die.card)
    return card_def is not None and MONSTER in card_def.affiliations


def _card_name(q: Query) -> str:
    return q.cards[q.card].name if q.card in q.cards else q.card


def _experience_bff(card) -> tuple[Ability, ...]:
    def gain(ctx) -> None:
        ctx.last(f"{ctx.card}.experience_token", subject=ctx.card, until="game")
        ctx.emit(
            "modified",
            f"{ctx.card} gained an Experience token: +1A and +1D for its dice ({ctx.label})",
            rule="R13.1",
            player=ctx.holder,
        )

    def token(q: Query):
        die = q.die
        if q.stat not in ("attack", "defense") or die is None or not die.is_character:
            return
        if die.card != q.card or die.owner != q.holder:
            return
        yield Contribution(q.stat, 1, f"{_card_name(q)}: Experience token")

    return (
        Ability(
            "experience",
            "triggered",
            "Experience: once per turn, when you knock out a Monster, the card gains a +1A / +1D"
            " token",
            trigger="kod",
            subject="card",
            condition=_monster_kod_in_combat,
            resolve=gain,
            limit="once_per_turn",
        ),
        Ability(
            "experience_token", "lasting", "an Experience token: +1A and +1D", continuous=token
        ),
    )


def _experience_counter(card) -> tuple[Ability, ...]:
    def earned(ctx) -> None:
        key = f"{ctx.card}.experience_earned"
        if not any(e.ability == key and e.holder == ctx.holder for e in ctx.state.effects):
            # until 'game': the turn's lasting effects end before its end-of-turn effects
            ctx.last(key, subject=ctx.card, until="game")

    def ends_my_turn(tc) -> bool:
        return tc.event.player == tc.holder

    def place(ctx) -> None:
        key = f"{ctx.card}.experience_earned"
        marks = [e for e in ctx.state.effects if e.ability == key and e.holder == ctx.holder]
        if not marks:
            return
        ctx.update(effects=tuple(e for e in ctx.state.effects if e not in marks))
        if not is_active(ctx.state, ctx.card, ctx.holder):
            return  # T5.1: the card must still be active at the end of the turn
        ctx.last(f"{ctx.card}.experience_counter", subject=ctx.card, until="game")
        ctx.emit(
            "modified",
            f"{ctx.card} gained an Experience token ({ctx.label})",
            rule="R13.1",
            player=ctx.holder,
        )

    def during_my_turn(tc) -> bool:
        return tc.state.active == tc.holder and _monster_kod_in_combat(tc)

    return (
        Ability(
            "experience_kod",
            "triggered",
            "Experience: remembers an opposing Monster KO'd during your turn",
            trigger="kod",
            subject="card",
            condition=during_my_turn,
            resolve=earned,
            limit="once_per_turn",  # one token per turn however many monsters
        ),
        Ability("experience_earned", "lasting", "Experience: a Monster was KO'd this turn"),
        Ability(
            "experience_end_of_turn",
            "triggered",
            "Experience: at the end of your turn, one Experience token on the card if you KO'd"
            " an opposing Monster",
            trigger="end_of_turn",
            subject="card",
            condition=ends_my_turn,
            resolve=place,
        ),
        Ability("experience_counter", "lasting", "an Experience token on the card"),
    )


def experience_tokens(state, card_key: str, holder: str) -> int:
    """How many Experience tokens are on a player's card (either kind)."""
    names = (f"{card_key}.experience_token", f"{card_key}.experience_counter")
    return sum(1 for e in state.effects if e.ability in names and e.holder == holder)


def _immortal(card) -> tuple[Ability, ...]:
    def to_bag(q: Query):
        die = q.die
        if q.stat != "used_to_bag" or die is None:
            return
        if die.card == q.card and die.owner == q.holder:
            yield Contribution("used_to_bag", 1, f"{_card_name(q)}: Immortal")

    return (
        Ability(
            "immortal",
            "static",
            "Immortal: except when purchased, its dice go to the bag instead of the Used Pile",
            continuous=to_bag,
        ),
    )


KEYWORD_ABILITIES = {
    "immortal": _immortal,
    "regenerate": _regenerate,
    "experience_+1a/+1d": _experience_bff,
    "experience": _experience_counter,
}
KEYWORD_TEXT = {
    "immortal": "Immortal: except when purchased, when one of its dice would go to the Used"
    " Pile, it goes to its owner's bag instead.",
    "experience_+1a/+1d": "Experience: once per turn, when an opposing Monster character die is"
    " KO'd by combat damage while this card is active, the card gains an Experience token"
    " for the rest of the game; each gives its character dice +1A and +1D.",
    "experience": "Experience: if an opposing Monster character die was KO'd by combat damage"
    " during your turn while this card was active, one Experience token goes on the card at"
    " the end of your turn (if it is still active); the tokens give no stats by themselves.",
    "regenerate": "Regenerate: when one of its dice is KO'd, its owner rerolls it; on a"
    " character face it returns from the Prep Area to the Field Zone at that level (not"
    " fielded), otherwise it stays KO'd.",
}
