"""Clauses of the `when_rest` family (rules/abilities/templates/when_rest.py), registered into
the shared phrase registry so they read after every trigger."""
