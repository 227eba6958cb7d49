"""Fixtures shared by several test packages (see tests/roles.py)."""

from tests.roles import shared_catalogue, worlds

__all__ = ["shared_catalogue", "worlds"]
