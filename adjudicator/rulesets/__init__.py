"""The registry of game systems: name -> the module that builds its Ruleset."""

from __future__ import annotations

from importlib import import_module

from adjudicator.errors import BadInput
from adjudicator.ruleset import Ruleset

_MODULES = {
    "freeform": "adjudicator.rulesets.freeform",
}


def names() -> list[str]:
    return sorted(_MODULES)


def get(name: str) -> Ruleset:
    if name not in _MODULES:
        raise BadInput(f"unknown ruleset {name!r}; known: {', '.join(names())}")
    return import_module(_MODULES[name]).RULESET
