"""Rules as data: a ruleset's tables and scenarios, read from TOML files beside its code.

tables.toml holds one [section] per table, each with `source` (seed section or public
reference) and `provisional = true` where the seeds lack the table and the values are
ours. A referee who owns the printed game passes `--tables FILE` with the same sections;
each section given replaces the shipped one whole, and is checked against it at `new`: the same
keys, at every depth, each holding a value of the same type. scenarios/*.toml hold one scenario each,
with `title` and `source` at the top.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from adjudicator.errors import BadInput
from adjudicator.i18n import N_, _, ngettext
from adjudicator.ruleset import Scenario


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(_("{path}: cannot read ({why})").format(path=path, why=e)) from None


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(path))
    except tomllib.TOMLDecodeError as e:
        raise BadInput(_("{path}: cannot read ({why})").format(path=path, why=e)) from None


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
                                    source=data.get("source", ""), path=path)
    return found


def merge_tables(shipped: dict[str, Any], override: dict[str, Any], where: str = "--tables") -> dict[str, Any]:
    """Each table the referee gives replaces the shipped one whole, so it is given whole: the shipped
    table is its schema. BadInput (naming `where`, the table and the key) for an unknown table, an
    unknown or missing key, or a value of another type than the shipped one's, at any depth."""
    unknown = sorted(set(override) - set(shipped))
    if unknown:
        raise BadInput(_("{where}: unknown table(s) {tables}; known: {known}").format(
            where=where, tables=", ".join(unknown), known=", ".join(sorted(shipped)) or _("none")))
    for name, table in override.items():
        problem = _mismatch(shipped[name], table, "")
        if problem:
            raise BadInput(_("{where}: table [{name}]: {problem}").format(where=where, name=name, problem=problem))
    return {**shipped, **override}


_KINDS = {bool: N_("a boolean"), int: N_("an integer"), float: N_("a float"), str: N_("a string"), list: N_("a list"),
          dict: N_("a table")}


def _kind(value: Any) -> str:
    return _(_KINDS[type(value)]) if type(value) in _KINDS else type(value).__name__  # exact: a bool is not an int


def _mismatch(shipped: Any, given: Any, key: str) -> str:
    """What is wrong with `given` against `shipped` ("" when nothing), naming the dotted key."""
    if _kind(given) != _kind(shipped):
        return _("key {key}: {given} where the shipped table has {shipped} ({value!r})").format(
            key=key or _("(the table)"), given=_kind(given), shipped=_kind(shipped), value=shipped)
    if isinstance(shipped, dict):
        dot = f"{key}." if key else ""
        extra = sorted(set(given) - set(shipped))
        if extra:
            return _("unknown key {key}; known: {known}").format(key=dot + extra[0], known=", ".join(sorted(shipped)))
        missing = sorted(set(shipped) - set(given))
        if missing:
            return ngettext("missing key {keys} (a table is given whole, as `adjudicator tables --template` prints it)",
                            "missing keys {keys} (a table is given whole, as `adjudicator tables --template` prints it)",
                            len(missing)).format(keys=", ".join(dot + k for k in missing))
        return next((p for k in shipped if (p := _mismatch(shipped[k], given[k], dot + k))), "")
    if isinstance(shipped, list) and shipped:
        if len({_kind(v) for v in shipped}) > 1:
            # a fixed shape, values of different kinds (a range and a number to roll): the same length,
            # each element of the kind of the shipped one at its place
            if len(given) != len(shipped):
                return _("key {key}: {given} values where the shipped table has {shipped} ({value!r})").format(
                    key=key, given=len(given), shipped=len(shipped), value=shipped)
            return next((p for i, (a, b) in enumerate(zip(shipped, given)) if (p := _mismatch(a, b, f"{key}[{i}]"))), "")
        # the other shipped lists hold values of one shape: each given element has the shape of the first
        return next((p for i, v in enumerate(given) if (p := _mismatch(shipped[0], v, f"{key}[{i}]"))), "")
    return ""
