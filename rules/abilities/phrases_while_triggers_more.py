"""Clauses of the `while_triggers_more` family, registered into the shared phrase registry
(rules.abilities.phrases), so they read after any trigger."""

from rules.abilities import tokens as t
from rules.abilities.phrases import phrase


@phrase(
    rf"deal (?P<n>{t.NUMBER}) damage to your opponent and (?P<m>one|1|{t.NUMBER}) "
    r"(?:damage )?to (?:a )?target character(?: die)?"
)
def _opponent_and_target(m, line):
    """'deal 1 damage to your opponent and one to a target character': two damages, the
    second to one target character die."""
    return [
        {"do": "damage", "to": {"pick": "player", "side": "opposing"}, "amount": t.number(m["n"])},
        {"do": "damage", "to": {"pick": "target"}, "amount": t.number(m["m"])},
    ]
