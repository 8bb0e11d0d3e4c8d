"""Rules as data: a ruleset's tables and scenarios, read from TOML files beside its code.

tables.toml holds one [section] per table, each with `source` (seed section or public
reference) and `provisional = true` where the seeds lack the table and the values are
ours. A referee who owns the printed game passes `--tables FILE` with the same sections;
each section given replaces the shipped one whole. scenarios/*.toml hold one scenario each,
with `title` and `source` at the top.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from adjudicator.errors import BadInput
from adjudicator.ruleset import Scenario


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})") from None


def load_tables(package_dir: Path) -> dict[str, Any]:
    path = package_dir / "tables.toml"
    return read_toml(path) if path.exists() else {}


def tables_template(package_dir: Path) -> str:
    """The shipped tables file, comments and provenance included, for a referee to fill in."""
    path = package_dir / "tables.toml"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def load_scenarios(package_dir: Path) -> dict[str, Scenario]:
    found = {}
    for path in sorted((package_dir / "scenarios").glob("*.toml")):
        data = read_toml(path)
        found[path.stem] = Scenario(name=path.stem, title=data.get("title", path.stem), data=data,
                                    source=data.get("source", ""))
    return found


def merge_tables(shipped: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Each table the referee gives replaces the shipped one; an unknown table name is refused."""
    unknown = sorted(set(override) - set(shipped))
    if unknown:
        raise BadInput(f"--tables: unknown table(s) {', '.join(unknown)}; known: {', '.join(sorted(shipped)) or 'none'}")
    return {**shipped, **override}
