"""Keywords as engine plugins, one module each, named by its rule ID (K-*): the engine calls
them at fixed hook points (stat and sidekick queries, blocking, damage, KO, purchase), so no
rule module branches on a keyword's name.

A die's keywords are its card's printed ones (`CardDef.keywords`), those granted until end
of turn (`Die.keywords`) and those static abilities give (`query.keywords`).
"""

from rules.engine.keywords import (
    ally,
    continuous,
    fast,
    heroic,
    ironwill,
    overcrush,
    strike,
    suitup,
)

PLUGINS = {
    ally.KEYWORD: ally,
    continuous.KEYWORD: continuous,
    fast.KEYWORD: fast,
    heroic.KEYWORD: heroic,
    ironwill.KEYWORD: ironwill,
    overcrush.KEYWORD: overcrush,
    suitup.KEYWORD: suitup,
    strike.KEYWORD: strike,
}

__all__ = ["PLUGINS"]
