"""The extension tables: merged from every module, a name defined twice refused."""

from types import SimpleNamespace

import pytest

from rules.abilities import extensions


def _modules(*tables):
    return tuple(SimpleNamespace(__name__=f"ext{i}", **table) for i, table in enumerate(tables))


def test_tables_of_every_module_are_merged(monkeypatch):
    found = _modules({"EFFECT_RUNNERS": {"a": 1}}, {"EFFECT_RUNNERS": {"b": 2}}, {})
    monkeypatch.setattr(extensions, "modules", lambda: found)
    assert extensions.merged("EFFECT_RUNNERS") == {"a": 1, "b": 2}


def test_a_name_defined_twice_is_refused(monkeypatch):
    found = _modules({"EFFECT_RUNNERS": {"a": 1}}, {"EFFECT_RUNNERS": {"a": 2}})
    monkeypatch.setattr(extensions, "modules", lambda: found)
    with pytest.raises(ValueError, match="ext1: EFFECT_RUNNERS 'a' is already defined"):
        extensions.merged("EFFECT_RUNNERS")


def test_a_core_name_is_refused(monkeypatch):
    monkeypatch.setattr(extensions, "modules", lambda: _modules({"EFFECT_SCHEMAS": {"ko": {}}}))
    with pytest.raises(ValueError, match="'ko' is already defined"):
        extensions.merged("EFFECT_SCHEMAS", {"ko": {}})


def test_effect_schema_names_its_effect():
    schema = extensions.effect_schema("x", ["to"], to=extensions.SELECTOR)
    assert schema["required"] == ["do", "to"]
    assert schema["properties"]["do"] == {"const": "x"}


def test_clauses_are_tried_core_first_then_by_module_whatever_the_import_order():
    from rules.abilities import phrases, templates

    templates.load()
    modules = [function.__module__ for _, function in phrases._PHRASES]
    core = [m for m in modules if m in phrases._CORE]
    assert modules[: len(core)] == core  # every core clause before any family's
    ranks = [phrases._rank(m) for m in modules]
    assert ranks == sorted(ranks)

    # A module registering late still gets its place by name, not at the end.
    @phrases.phrase("a clause no card says, for this test only")
    def late(match, line):
        return None

    try:
        at = [f for _, f in phrases._PHRASES].index(late)
        assert phrases._rank(modules[at - 1]) <= phrases._rank(late.__module__)
    finally:
        index = [f for _, f in phrases._PHRASES].index(late)
        del phrases._PHRASES[index], phrases._ORDER[index]
