"""The catalogue of violation codes (codes.py): every code the package gives is in it, with the rule it
enforces, and it holds no code that nothing gives. The codes come from the checks' `violation(...)`
calls and from the phase table's gate; and every ruling the code cites is in RULINGS.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import msgspec
import pytest

from events import brigade as ev
from events.core import REFEREE
from adjudicator.rulesets.brigade import RULESET
from adjudicator.rulesets.brigade.codes import CODES
from adjudicator.rulesets.brigade.phases import PHASES, SETUP, TURN, label
from adjudicator.rulesets.brigade.state import BrigadeState
from test_brigade_helpers import created

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "brigade"
SOURCES = sorted(PACKAGE.glob("*.py"))

# one action of every type the phase table gates (the gate looks only at the type)
GATED = (ev.RollSkills(), ev.RollInitiative(), ev.ChooseInitiative(take=True),
         ev.ChangeOrder(brigade="kempt", order="hold"), ev.BrigadierInitiative(brigade="kempt", order="hold"),
         ev.Done(), ev.Move(piece="b45", x=1.0, y=1.0), ev.Charge(unit="b45", target="f6l"),
         ev.Fire(unit="b45", target="f6l"))


def from_checks() -> set[str]:
    """Every code passed to violation(...) anywhere in the package: a literal, or one of two literals."""
    found: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("violation", "Violation") and node.args:
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for o in options:
                    assert isinstance(o, ast.Constant) and isinstance(o.value, str), \
                        f"{path.name}:{node.lineno}: a code is a literal"
                    found.add(o.value)
    return found


def in_row(s: BrigadeState, name: str) -> BrigadeState:
    """`s` in the phase or step `name`, the british phasing and the initiative's winners."""
    if name in SETUP:
        return msgspec.structs.replace(s, phase=name)
    step = [row.name for row in TURN].index(name)
    return msgspec.structs.replace(s, turn=1, phase=label(name), step=step, phasing="british", initiative_winner="british")


def from_gate() -> set[str]:
    """Every code the phase table's gate gives: each gated action, posted by each side and the referee
    in each phase and step."""
    assert {type(a) for a in GATED} == PHASES.gated
    start = RULESET.setup(created())
    found: set[str] = set()
    for row in PHASES.table:
        s = in_row(start, row.name)
        assert PHASES.current(s) == row.name
        for action in GATED:
            for actor in (*s.players, REFEREE):
                found |= {v.code for v in PHASES.gate(s, actor, action)}
    return found


def test_every_code_the_package_gives_is_catalogued_and_every_catalogued_code_is_given():
    given = from_checks() | from_gate()
    assert given - set(CODES) == set()
    assert set(CODES) - given == set()


def test_the_gate_gives_what_the_phases_allow():
    gate = from_gate()
    assert {"roll-initiative/not-now", "done/not-yours", "choose-initiative/not-yours"} <= gate
    assert "roll-initiative/not-yours" not in gate  # either side, or the referee, rolls the initiative (R24)


@pytest.mark.parametrize("code", sorted(CODES))
def test_the_code_says_what_it_enforces_and_ends_on_its_rule(code: str):
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*/[a-z]+(-[a-z]+)*", code)
    assert re.search(r"\((seed 00[34] §|R\d+|scenario)[^()]*\)$", CODES[code])


def test_every_ruling_the_code_cites_is_in_rulings_md():
    ruled = set(re.findall(r"^- \*\*(R\d+)\*\*", (PACKAGE / "RULINGS.md").read_text(encoding="utf-8"), re.M))
    cited = {r for path in SOURCES for r in re.findall(r"\bR\d+\b", path.read_text(encoding="utf-8"))}
    assert "R12" in cited and cited - ruled == set()
