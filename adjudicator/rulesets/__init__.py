"""The registry of game systems: every subpackage here that defines RULESET."""

from __future__ import annotations

import pkgutil
from importlib import import_module
from typing import Any

from adjudicator.errors import BadInput
from adjudicator.ruleset import Ruleset

AnyRuleset = Ruleset[Any]


def names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def get(name: str) -> AnyRuleset:
    if name not in names():
        from adjudicator.i18n import _

        raise BadInput(_("unknown ruleset {name!r}; known: {known}").format(name=name, known=", ".join(names())))
    return import_module(f"{__name__}.{name}").RULESET
