"""The catalogue of violation codes (adjudicator/rulesets/portable/codes.py) is exactly what the package
can give: every code its checks pass to `violation(...)` and every code the phase table's gate gives,
each with the rule section it enforces; no code in it that nothing gives."""

from __future__ import annotations

import re
from pathlib import Path

from adjudicator.ruleset import action_tag
from adjudicator.rulesets.portable import RULESET, codes

PACKAGE = Path(codes.__file__).parent
CALL = re.compile(r"\bviolation\(")
LITERAL = re.compile(r"\bviolation\(\s*\"([^\"]+)\"")


def _sources() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(PACKAGE.glob("*.py"))}


def emitted_by_checks() -> set[str]:
    return {code for text in _sources().values() for code in LITERAL.findall(text)}


def emitted_by_the_gate() -> set[str]:
    phases = RULESET.phases
    return {f"{action_tag(kind)}/{why}" for row in phases.table for kind in row.actions if kind in phases.gated
            for why in ("not-now", "not-yours")}


def test_every_violation_the_package_makes_names_its_code_literally():
    """So that the scan below sees every code: no code built at run time, no Violation made by hand."""
    for name, text in _sources().items():
        assert len(CALL.findall(text)) == len(LITERAL.findall(text)), name
        assert "Violation(" not in text, name


def test_every_code_the_package_gives_is_in_the_catalogue():
    given = emitted_by_checks() | emitted_by_the_gate()
    assert not given - set(codes.CODES), sorted(given - set(codes.CODES))


def test_the_catalogue_holds_no_code_that_nothing_gives():
    given = emitted_by_checks() | emitted_by_the_gate()
    assert not set(codes.CODES) - given, sorted(set(codes.CODES) - given)


def test_every_code_says_what_it_enforces_and_its_section():
    sections = [v for k, v in vars(codes).items() if k.isupper() and isinstance(v, str)]
    for code, enforces in codes.CODES.items():
        assert enforces and any(f"({section}" in enforces for section in sections), code


def test_the_ruleset_publishes_the_catalogue():
    assert RULESET.codes is codes.CODES
