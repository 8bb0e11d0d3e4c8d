"""The catalogue of `paris` violation codes (codes.py): every code the package can give is in it,
with the rule it enforces, and it holds no code that nothing gives."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

from adjudicator.ruleset import action_tag
from adjudicator.rulesets.paris import movement
from adjudicator.rulesets.paris.codes import ACTING, CODES, GATED
from adjudicator.rulesets.paris.phases import PHASES

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "paris"
SOURCES = sorted(PACKAGE.glob("*.py"))


def _codes_of(path: Path, node: ast.expr) -> set[str]:
    """The codes one argument can be: a literal, or `f"{verb}/..."`, the code of each of a unit's
    own actions (movement.acting_check)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.JoinedStr) and len(node.values) == 2:
        verb, rest = node.values
        if isinstance(verb, ast.FormattedValue) and getattr(verb.value, "id", "") == "verb" and isinstance(rest, ast.Constant):
            return {f"{v}{rest.value}" for v in ACTING}
    raise AssertionError(f"{path.name}:{node.lineno}: a code is a literal (or an acting check's f\"{{verb}}/...\")")


def emitted_by_checks() -> set[str]:
    """Every code passed to `violation(...)` anywhere in the package."""
    found: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "violation" and node.args:
                found |= _codes_of(path, node.args[0])
    return found


def emitted_by_the_gate() -> set[str]:
    """What the phase table's gate gives: VERB/not-now for an action of some phase, posted in
    another; VERB/not-yours for one posted by a side that does not decide in its phase."""
    tags = {action_tag(kind) for kind in PHASES.gated}
    return {f"{tag}/not-now" for tag in tags} | {f"{tag}/not-yours" for tag in tags}


def test_every_code_given_is_catalogued_and_every_catalogued_code_is_given():
    given = emitted_by_checks() | emitted_by_the_gate()
    assert given - set(CODES) == set(), "given, not catalogued"
    assert set(CODES) - given == set(), "catalogued, never given"


def test_the_gate_and_the_acting_checks_are_catalogued_for_what_they_are():
    assert set(GATED) == {action_tag(kind) for kind in PHASES.gated}
    assert set(ACTING) == set(typing.get_args(movement.Acting))
    assert len(emitted_by_checks()) > 100


def test_every_code_names_the_rule_it_enforces():
    for code, what in CODES.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*/[a-z]+(-[a-z]+)*", code), code
        assert re.match(r"(seed 000 §\d|ruling R\d)", what), (code, what)


def test_every_ruling_the_code_cites_is_in_rulings_md():
    rulings = set(re.findall(r"^- (R\d+) ·", (PACKAGE / "RULINGS.md").read_text(encoding="utf-8"), re.M))
    cited: set[str] = set()
    for path in SOURCES:
        cited |= set(re.findall(r"\bR(\d+)\b", path.read_text(encoding="utf-8")))
    assert cited and {f"R{n}" for n in cited} <= rulings, {f"R{n}" for n in cited} - rulings
