"""The Russian message catalogue: extract every message of the code into the .po (keeping the
translations made), and compile the .po into the .mo that the program reads.

    python3 scripts/catalogue.py extract     update adjudicator/locale/ru/LC_MESSAGES/adjudicator.po
    python3 scripts/catalogue.py compile     write adjudicator.mo beside it
    python3 scripts/catalogue.py check       exit 1 if a message has no translation or the .mo is stale
    python3 scripts/catalogue.py measure     how many messages the code has, and how many are made at run
                                             time (not translatable until they are templates), by file

The messages are the literal first arguments of _(), N_(), Msg() and Draft.say(), the two of
ngettext(), the third of violation(), what a Verb() does and the docstrings of the command line's
commands, typer's help (adjudicator/messages.py, named by babel.cfg);
tests/test_i18n.py runs the same checks.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "adjudicator" / "locale" / "ru" / "LC_MESSAGES" / "adjudicator.po"
MO = PO.with_suffix(".mo")
sys.path.insert(0, str(ROOT))
METHODS = [("**.py", "adjudicator.messages:extract")]  # babel.cfg's map, under adjudicator/
KEYWORDS = {"_": None, "N_": None, "Msg": None, "say": None, "violation": None, "ngettext": (1, 2), "Verb": None}


def extracted() -> Catalog:
    """Every message the code holds, with where it is."""
    template = Catalog(project="adjudicator", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "adjudicator"), METHODS, keywords=KEYWORDS, strip_comment_tags=True):
        template.add(message, None, [(f"adjudicator/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def read() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f, locale="ru", domain="adjudicator")


def extract() -> None:
    template = extracted()
    catalogue = read() if PO.exists() else Catalog(locale="ru", domain="adjudicator", project="adjudicator")
    created = catalogue.creation_date
    catalogue.update(template, no_fuzzy_matching=True)
    catalogue.creation_date = created  # the catalogue's, not this run's: an extract that finds nothing new changes nothing
    catalogue.obsolete.clear()
    with PO.open("wb") as f:
        write_po(f, catalogue, width=120, omit_header=False, sort_output=False, include_previous=False)


def compiled(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def compile_mo() -> None:
    MO.write_bytes(compiled(read()))


def untranslated(catalogue: Catalog) -> list[str]:
    """The message ids without a Russian translation (a plural one needs each of its forms)."""
    missing = []
    for m in catalogue:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if not all(strings) or m.fuzzy:
            missing.append(m.id if isinstance(m.id, str) else m.id[0])
    return missing


def check() -> int:
    catalogue = read()
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogue if m.id}
    used = {m.id if isinstance(m.id, str) else m.id[0] for m in extracted() if m.id}
    problems = [f"not in the catalogue: {i!r}" for i in sorted(used - known)]
    problems += [f"not translated: {i!r}" for i in untranslated(catalogue)]
    if not MO.exists() or MO.read_bytes() != compiled(catalogue):
        problems.append(f"{MO.name} is not the compiled {PO.name}: run scripts/catalogue.py compile")
    for p in problems:
        print(p)
    return 1 if problems else 0


def measure() -> None:
    from adjudicator.messages import calls, untranslatable

    total = fixed = 0
    for path in sorted((ROOT / "adjudicator").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        n, bad = len(list(calls(source))), len(untranslatable(source))
        total, fixed = total + n, fixed + n - bad
        if bad:
            print(f"{path.relative_to(ROOT)}: {bad} of {n} made at run time")
    print(f"messages: {total}; templates (translatable): {fixed} ({100 * fixed / max(total, 1):.1f}%)")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "compile":
        compile_mo()
    elif command == "measure":
        measure()
    elif command == "check":
        sys.exit(check())
    else:
        sys.exit(__doc__)
