"""Paying costs with energy (R6.1, R6.2, R7.2)."""

from collections.abc import Sequence

from rules.engine.faces import Face


def payment_problem(
    faces: Sequence[Face], cost: int, *, virtual: int = 0, types: Sequence[str] = ()
) -> tuple[str, str] | None:
    """(rule, reason) when `faces` (plus virtual energy) can't pay `cost`, else None.

    Energy is counted in symbols (R6.2); every type on the card needs one symbol of it among the
    payment, a wild standing in for one type (R7.2); and no die may be spent for nothing (R6.1).
    """
    total = virtual + sum(face.symbols for face in faces)
    if total < cost:
        return "R6.1", f"the payment gives {total} energy but {cost} is needed"
    if faces and total - min(face.symbols for face in faces) >= cost:
        return "R6.1", f"{total} energy paid for a cost of {cost}: a die would be spent for nothing"
    missing = [t for t in types if not any(t in face.energy for face in faces)]
    wilds = sum(face.energy.count("wild") for face in faces)
    if len(missing) > wilds:
        return "R7.2", f"the payment needs {' and '.join(missing)} energy (or a wild for each)"
    return None
