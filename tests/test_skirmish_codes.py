"""The catalogue of violation codes, the tables' provenance and the rulings the code cites."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from adjudicator.rulesets.skirmish import tables
from adjudicator.rulesets.skirmish.codes import CODES

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "skirmish"
SOURCES = sorted(PACKAGE.glob("*.py"))


def emitted() -> set[str]:
    """Every code passed to codes.violation anywhere in the package."""
    found: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "violation" and node.args:
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for o in options:
                    assert isinstance(o, ast.Constant), f"{path.name}:{node.lineno}: a code is a literal"
                    found.add(o.value)
    return found


def test_every_code_the_package_emits_is_catalogued_and_every_catalogued_code_is_emitted():
    codes = emitted()
    assert codes - set(CODES) == set()
    assert set(CODES) - codes == set()


def test_every_code_names_a_section_of_the_seed_or_says_it_is_ours():
    for code, rule in CODES.items():
        assert re.fullmatch(r"[a-z]+/[a-z-]+", code), code
        assert rule.startswith("seed 001 §") or rule.startswith("ours"), (code, rule)


def test_every_ruling_the_code_cites_is_in_rulings_md():
    rulings = set(re.findall(r"^- (S\d+) ·", (PACKAGE / "RULINGS.md").read_text(encoding="utf-8"), re.M))
    cited = set()
    for path in [*SOURCES, PACKAGE / "tables.toml"]:
        cited |= set(re.findall(r"\bS\d+\b", path.read_text(encoding="utf-8")))
    assert cited and cited <= rulings, cited - rulings


OURS = {"bases", "running_target", "cover_fives", "saves", "ambush_reveal", "extra_points", "weapons", "profiles",
        "terrain", "crew_profile", "morale_points"}


def test_every_table_names_its_source_and_ours_are_provisional():
    """Where the seed lacks a table the values are ours and marked so (seed-systems §3.3: troop
    profiles, points, saves, the running-target penalty, army Morale Points)."""
    raw = tomllib.loads((PACKAGE / "tables.toml").read_text(encoding="utf-8"))
    for name, section in raw.items():
        assert isinstance(section, dict) and section.get("source"), name
        assert bool(section.get("provisional", False)) == (name in OURS), name
        if name in OURS:
            assert section["source"].startswith("ours"), name


def test_a_referees_table_missing_a_value_is_refused_by_name():
    raw = tomllib.loads((PACKAGE / "tables.toml").read_text(encoding="utf-8"))
    del raw["movement"]["single"]
    with pytest.raises(ValueError, match="single"):
        tables.decode(raw)


def test_the_seeds_own_numbers_are_in_the_tables():
    t = tables.shipped()
    assert (t.movement.single, t.movement.group, t.movement.cavalry) == ((12, 8), (8, 5), (20, 12))
    assert (t.movement.wagon, t.movement.wagon_road, t.movement.group_fast) == ((6, 4), (16, 10), (12, 8))
    assert [t.shooting.close[1], t.shooting.effective[1], t.shooting.long[1], t.shooting.extreme[1]] == [5, 7, 9, 13]
    assert (t.initiative.dice, t.initiative.bank, t.ambush.per_hundred, t.ambush.spot, t.ambush.auto) == (3, 6, 2, 30, 15)
    assert (t.artillery.reload, t.artillery.effective, t.artillery.canister_range, t.artillery.explosion) == (6, 60, 30, 20)
    assert t.weapon("muzzle-rifle").effective == 30 and t.weapon("muzzle-rifle").reload == 2
    assert (t.formats.small.points, t.formats.medium.points, t.formats.large.points) == (250, 500, 1000)
