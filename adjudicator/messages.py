"""Babel's extraction method for this code (babel.cfg; scripts/catalogue.py): the messages are
read from the syntax tree, so that a message is a whole literal argument or nothing. A message
built at run time (an f-string, a concatenation) cannot be looked up in a catalogue: it is not
extracted, it is counted (`untranslatable`), and it stays English until its call site is given
a template with fields. Not imported by the program."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import IO, Any

# the function names and which of their arguments are messages (0-based)
KEYWORDS: dict[str, tuple[int, ...]] = {"_": (0,), "N_": (0,), "Msg": (0,), "say": (0,), "violation": (2,),
                                        "ngettext": (0, 1), "Verb": (4,)}


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def calls(source: str) -> Iterator[tuple[int, str, list[ast.expr]]]:
    """Every call of a keyword: its line, its name and its message arguments."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _name(node)
            if name in KEYWORDS and len(node.args) > max(KEYWORDS[name]):
                yield node.lineno, name, [node.args[i] for i in KEYWORDS[name]]


def literal(arg: ast.expr) -> str | None:
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def _command_help(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """The docstrings of the command line's commands (functions decorated `@app.command(...)` or
    `@app.callback()`): typer shows them as the commands' help, cleaned as inspect.getdoc cleans them."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in ("command", "callback")
                for d in node.decorator_list):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.lineno, doc


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extraction interface: (line, function, message or (singular, plural), comments)."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for lineno, doc in _command_help(tree):
        yield lineno, "N_", doc, []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node) not in KEYWORDS:
            continue
        name, index = _name(node), KEYWORDS[_name(node)]
        if len(node.args) <= max(index):
            continue
        texts = [literal(node.args[i]) for i in index]
        if name == "Verb" and texts[0]:  # only what the verb does is a message; its form is notation
            from adjudicator.ruleset import help_parts

            texts = [help_parts(texts[0])[1]]
        plural = [literal(k.value) for k in node.keywords if k.arg == "plural"]
        if not all(texts) or not all(plural):
            continue
        if plural:  # Msg(singular, plural=...): a plural message, as ngettext's
            yield node.lineno, "ngettext", (texts[0], plural[0]), []
        else:
            yield node.lineno, name, texts[0] if len(texts) == 1 else tuple(texts), []


def _made_at_run_time(arg: ast.expr) -> bool:
    """A message text built when the program runs (an f-string, a concatenation, `str(e)`): no catalogue
    can hold it. A name, a subscript or a Msg passes on a message made (and extracted) elsewhere."""
    if isinstance(arg, (ast.JoinedStr, ast.BinOp)):
        return True
    return isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id in ("str", "repr", "format")


def untranslatable(source: str) -> list[int]:
    """The lines of the calls whose message is made at run time."""
    return [lineno for lineno, _name, args in calls(source) if any(_made_at_run_time(a) for a in args)]
