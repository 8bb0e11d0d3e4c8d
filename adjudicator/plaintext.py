"""Text a person reads: only LF (or CRLF) ends a line, and no invisible control character hides in one.

A post is split on LF alone (a CR before it is dropped). Any other control or separator character
(C0 but TAB, DEL, C1, U+2028, U+2029, and the bidirectional controls) would let a line look like
something else than what the engine reads (a line break a reader does not see, text shown in
another order), so a post holding one is refused, naming the line and the character. Whatever is
printed for a person shows the same characters escaped (`\\x1b`), so no escape sequence reaches a
terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from adjudicator.errors import NotationError
from adjudicator.i18n import N_, _

# The Unicode Bidi_Control characters: they reorder what a reader sees, not what the engine reads.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_HIDDEN = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")  # all but TAB and LF
_NOT_IN_A_LINE = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")  # and LF: a line is one line
_C0 = ("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
       "FS GS RS US").split()


def describe(ch: str) -> str:
    """`U+2028 LINE SEPARATOR`; the controls, which have no Unicode name, by their abbreviation."""
    import unicodedata  # only when a post is refused: every command prints through this module

    code = ord(ch)
    if code < 0x20:
        return _("U+{code} ({name}, a control character)").format(code=f"{code:04X}", name=_C0[code])
    if code == 0x7F:
        return _("U+{code} (DEL control character)").format(code=f"{code:04X}")
    if code <= 0x9F:
        return _("U+{code} (a C1 control character)").format(code=f"{code:04X}")
    name = unicodedata.name(ch, "")
    return f"U+{code:04X} {name}" if name else _("U+{code} a format character").format(code=f"{code:04X}")


A_POST = N_("a post")


def check_line(line: str, where: str, what: str = A_POST) -> None:
    """NotationError naming `where` (`line 3`, in the reader's language) and the first hidden character
    in `line`, if it holds one; `what` the line is part of is a message (N_), shown translated."""
    found = _NOT_IN_A_LINE.search(line)
    if found:
        raise NotationError(_("{where}: {character} is not allowed in {what}").format(
            where=where, character=describe(found.group()), what=_(what)))


def split_lines(text: str, what: str = A_POST) -> Iterator[str]:
    """The lines of `text`, split on LF alone (a CR before it dropped), each checked (check_line) as it
    is reached, so that a reader who stops early (a post's `end`) checks no further."""
    lines = text.split("\n")
    last = len(lines)  # the one line no LF ends: a CR there ends nothing
    for number, line in enumerate(lines, start=1):
        if number < last and line.endswith("\r"):
            line = line[:-1]
        elif number == last and line == "":
            return
        check_line(line, _("line {n}").format(n=number), what)
        yield line


def _escape(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """`text` for a terminal: newlines and tabs kept, every other hidden character shown as `\\x1b`."""
    return _HIDDEN.sub(_escape, text) if _HIDDEN.search(text) else text
