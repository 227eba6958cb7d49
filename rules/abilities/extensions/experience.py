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

Only a card printing the keyword gets its ability; a Regenerate another card grants ('gains
Regenerate') stays with the families that read that card (manual for now).
"""

from dataclasses import replace

from rules.engine.abilities import Ability
from rules.engine.actions import Roll
from rules.engine.effects import dice as dice_ops
from rules.engine.state import Request, Zone
from rules.engine.verdicts import reject


def _regenerate(card) -> tuple[Ability, ...]:
    def resolve(ctx) -> None:
        die = ctx.state.die(ctx.source) if ctx.source else None
        if die is None or die.zone != Zone.PREP or die.is_token:
            return  # no longer in the Prep Area (or a token): nothing to reroll (T5.1)
        text = f"{die.owner} rerolls {die.id} (Regenerate)"
        answer = ctx.ask(Request("roll", die.owner, text, options=(die.id,)), Roll)
        faces = dict(answer.faces)
        if set(faces) != {die.id}:
            reject("R14.1", f"Say how {die.id} landed.")
        face = faces[die.id]
        dice_ops.check_face(ctx, die, face)
        if not face.is_character:
            ctx.emit(
                "rerolled_die",
                f"{die.id} rerolled to {face.notation()}: it stays KO'd in the Prep Area"
                f" ({ctx.label})",
                rule="R14.1",
                die=die.id,
                player=die.owner,
            )
            return
        ctx.put(replace(die, zone=Zone.FIELD, face=face, controller=die.owner))
        ctx.emit(
            "moved",
            f"{die.id} regenerated: rerolled to level {face.level}, back in the Field Zone, not"
            f" fielded ({ctx.label})",
            rule="R8.2",
            die=die.id,
            player=die.owner,
        )

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


KEYWORD_ABILITIES = {"regenerate": _regenerate}
KEYWORD_TEXT = {
    "regenerate": "Regenerate: when one of its dice is KO'd, its owner rerolls it; on a"
    " character face it returns from the Prep Area to the Field Zone at that level (not"
    " fielded), otherwise it stays KO'd."
}
