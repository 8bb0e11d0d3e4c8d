"""A scenario file a referee writes: read, each key found on its line, checked against a shape.

tomllib reads the file and names the line of a syntax error, but gives no lines for what is wrong
with the values. `key_lines` finds the line where each key, table and list element of the file
starts (a path of keys and list indexes, `("armies", 1, "units", 0, "square")`), so a ruleset's
check can name the line of whatever it refuses. `shape` checks the keys and value types a ruleset
declares. The rulesets' own checks (unit types, overlapping units, off-map positions, a missing
commander) are in each ruleset's `scenario` module, behind `setup.check_scenario`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import BadInput
from adjudicator.i18n import N_, _, ngettext

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    line: int
    message: str

    def __str__(self) -> str:
        return _("line {n}: {message}").format(n=self.line, message=self.message)


class ScenarioError(BadInput):
    """A scenario file with problems: every one, each naming its line."""

    def __init__(self, where: str, problems: list[Problem]):
        head = ngettext("{where}: the scenario has {count} problem", "{where}: the scenario has {count} problems",
                        len(problems)).format(where=where, count=len(problems))
        super().__init__("\n".join([head, *(f"  {p}" for p in problems)]))
        self.problems = problems


@dataclass
class Scenario:
    """A scenario's text, what it reads to, and the line of each of its keys."""

    text: str
    data: dict[str, Any]
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, path: Path) -> int:
        """The line of `path`, or of the nearest enclosing key the file writes (1 for the top)."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 1

    def problem(self, path: Path, message: str) -> Problem:
        return Problem(self.line(path), message)


def read(text: str) -> Scenario:
    """The scenario in `text`; a ScenarioError naming the line of a TOML syntax error."""
    import re
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        found = re.search(r"line (\d+)", str(e))
        raise ScenarioError("TOML", [Problem(int(found[1]) if found else 1, str(e))]) from None
    return Scenario(text, data, key_lines(text))


# -- where each key is -------------------------------------------------------------------------

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scan:
    """One pass over a TOML text that tomllib has read without error: it skips the values and
    records the line where each key, table header and list element starts."""

    def __init__(self, text: str) -> None:
        self.t, self.i, self.ln = text, 0, 1
        self.found: dict[Path, int] = {}
        self.tables: dict[Path, int] = {}  # each array of tables ([[x]]) and how many it holds so far

    def peek(self, k: int = 1) -> str:
        return self.t[self.i:self.i + k]

    def blanks(self, newlines: bool) -> None:
        """Skip blanks and comments, and line ends where the value allows them."""
        while self.i < len(self.t):
            c = self.t[self.i]
            if c == "#":
                while self.i < len(self.t) and self.t[self.i] != "\n":
                    self.i += 1
            elif c in " \t\r" or (c == "\n" and newlines):
                self.ln += c == "\n"
                self.i += 1
            else:
                return

    def string(self) -> str:
        """Skip a string (a basic one's escapes, a literal one's none; one line, or three quotes
        and many); its text between the quotes, escapes unread."""
        quote = self.t[self.i]
        close = quote * 3 if self.peek(3) == quote * 3 else quote
        j = start = self.i + len(close)
        while not self.t.startswith(close, j):
            j += 2 if quote == '"' and self.t[j] == "\\" else 1
        while self.t[j + len(close):j + len(close) + 1] == quote:  # """a "quoted" end"""": the last three close
            j += 1
        body, self.i = self.t[start:j], j + len(close)
        self.ln += body.count("\n")
        return body

    def key(self) -> Path:
        parts: list[str | int] = []
        while True:
            self.blanks(False)
            if self.peek() in "\"'":
                parts.append(self.string())  # a quoted key: its escapes are not needed to find it
            else:
                j = self.i
                while self.i < len(self.t) and self.t[self.i] in _BARE:
                    self.i += 1
                parts.append(self.t[j:self.i])
            self.blanks(False)
            if self.peek() != ".":
                return tuple(parts)
            self.i += 1

    def value(self, path: Path) -> None:
        c = self.peek()
        if c == "[":
            self.i += 1
            n = 0
            while True:
                self.blanks(True)
                if self.peek() == "]":
                    self.i += 1
                    return
                self.found[(*path, n)] = self.ln
                self.value((*path, n))
                self.blanks(True)
                if self.peek() == ",":
                    self.i += 1
                n += 1
        elif c == "{":
            self.i += 1
            while True:
                self.blanks(False)
                if self.peek() == "}":
                    self.i += 1
                    return
                if self.peek() == ",":
                    self.i += 1
                    continue
                self.pair(path)
        elif c in "\"'":
            self.string()
        else:  # a number, a date, a boolean: up to what ends it
            while self.i < len(self.t) and self.t[self.i] not in ",]}\n#":
                self.i += 1

    def pair(self, table: Path) -> None:
        line, keys = self.ln, self.key()
        for n in range(1, len(keys) + 1):  # a dotted key a.b = 1 makes the table `a` here
            self.found.setdefault((*table, *keys[:n]), line)
        path = (*table, *keys)
        self.blanks(False)
        self.i += 1  # the "="
        self.blanks(False)
        self.value(path)

    def header(self) -> Path:
        """A [table] or [[array of tables]] header: the path it opens, each array in it at its last element."""
        many = self.peek(2) == "[["
        self.i += 2 if many else 1
        path: Path = ()
        keys = self.key()
        for n, k in enumerate(keys):
            path = (*path, k)
            if path in self.tables and not (many and n == len(keys) - 1):
                path = (*path, self.tables[path] - 1)
            self.found.setdefault(path, self.ln)  # a table [a.b] makes `a` here, if nothing did before
        if many:
            count = self.tables.get(path, 0)
            self.tables[path] = count + 1
            path = (*path, count)
        self.found[path] = self.ln
        self.i += 2 if many else 1
        return path

    def document(self) -> dict[Path, int]:
        table: Path = ()
        while True:
            self.blanks(True)
            if self.i >= len(self.t):
                return self.found
            if self.peek() == "[":
                table = self.header()
            else:
                self.pair(table)


def key_lines(text: str) -> dict[Path, int]:
    """The line (from 1) where each key, table and list element of a valid TOML text starts."""
    return _Scan(text).document()


# -- shape: the keys a scenario may hold and their types --------------------------------------

# A shape is a type (str, int, float: a number, int allowed; bool), a list `[shape]` of elements
# of one shape, a tuple of shapes (a fixed length: a point), a dict of keys (a key ending in "?"
# may be left out; "*" gives the shape of any other key, a table of names the file chooses), or ANY
# (a table the ruleset reads as it likes).
ANY = object()
_NAMES = {str: N_("a string"), int: N_("an integer"), float: N_("a number"), bool: N_("true or false"),
          list: N_("a list"), dict: N_("a table")}


def _named(value: Any) -> str:
    if isinstance(value, float):
        return _("a decimal number")
    return _("a table") if isinstance(value, dict) else _(_NAMES[type(value)]) if type(value) in _NAMES else type(value).__name__


def _wanted(spec: Any) -> str:
    if isinstance(spec, dict):
        return _("a table")
    if isinstance(spec, list):
        return _("a list")
    if isinstance(spec, tuple):
        return ngettext("a list of {count} value", "a list of {count} values", len(spec)).format(count=len(spec))
    return _(_NAMES[spec])


def _fits(value: Any, spec: Any) -> bool:
    if spec is ANY:
        return True
    if spec is float:
        return type(value) in (int, float)
    if isinstance(spec, (list, tuple)):
        return isinstance(value, list) and (not isinstance(spec, tuple) or len(value) == len(spec))
    if isinstance(spec, dict):
        return isinstance(value, dict)
    return type(value) is spec


def shape(sc: Scenario, spec: Mapping[str, Any], value: Any = None, path: Path = ()) -> list[Problem]:
    """Every unknown key, missing key and value of the wrong type in the scenario (or `value` at
    `path`), each on its line."""
    value = sc.data if value is None else value
    out: list[Problem] = []
    keys = {k.rstrip("?"): s for k, s in spec.items()}
    where = _("in [{table}]").format(table=_dotted(path)) if _dotted(path) else _("at the top of the file")
    for k in value:
        if k not in keys and "*" not in keys:
            out.append(sc.problem((*path, k), _("unknown key {key!r} {where}; known: {known}").format(key=k, where=where, known=", ".join(keys))))
        elif k not in keys:
            out += _check(sc, value[k], keys["*"], (*path, k))
    for k, s in spec.items():
        name = k.rstrip("?")
        if name == "*":
            continue
        if name not in value:
            if not k.endswith("?"):
                out.append(sc.problem(path, _("the key {key!r} is missing {where}").format(key=name, where=where)))
            continue
        out += _check(sc, value[name], s, (*path, name))
    return out


def _check(sc: Scenario, value: Any, spec: Any, path: Path) -> list[Problem]:
    if not _fits(value, spec):
        return [sc.problem(path, _("{key}: {found} where {wanted} is wanted").format(
            key=_dotted(path), found=_named(value), wanted=_wanted(spec)))]
    if isinstance(spec, dict):
        return shape(sc, spec, value, path)
    if isinstance(spec, list):
        return [p for n, v in enumerate(value) for p in _check(sc, v, spec[0], (*path, n))]
    if isinstance(spec, tuple):
        return [p for n, (v, s) in enumerate(zip(value, spec)) for p in _check(sc, v, s, (*path, n))]
    return []


def _dotted(path: Path) -> str:
    """`armies.units.square`: the keys, the line telling which element of a list."""
    return ".".join(k for k in path if isinstance(k, str))


def problems(text: str, check: Callable[..., list[Problem]], *args: Any) -> list[Problem]:
    """Every problem `check(scenario, *args)` finds in the scenario `text` (or its TOML syntax
    error), in the order of their lines."""
    try:
        sc = read(text)
    except ScenarioError as e:
        return e.problems
    return sorted(check(sc, *args), key=lambda p: p.line)
