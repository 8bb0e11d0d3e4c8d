"""A post's text as the log binds it: normalised so that the copy a forum shows, saves or exports
has the digest of the text the tool received, and split from its SSH signature.

The normal form (README, "Posts and signatures"): line ends are LF; Unicode is NFC; in each line
every run of blanks (spaces, tabs, no-break spaces) is one space and none starts or ends it; forum
smileys (`:)`, `:-)`, `;)`, ...) standing as words are dropped, since a forum shows them as pictures
that its text dump loses; blank lines are dropped; every line ends with LF. Pure functions.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from adjudicator.errors import NotationError
from adjudicator.i18n import _

BEGIN, END = "-----BEGIN SSH SIGNATURE-----", "-----END SSH SIGNATURE-----"

# The smileys phpBB and the source forum turn into pictures, as words of their own (none that starts
# with a digit, such as `8)`, which a turn may write as text).
SMILEYS = (":)", ":-)", ";)", ";-)", ":(", ":-(", ":D", ":-D", ":P", ":-P", ":p", ":-p", ":o", ":-o",
           ":O", ":-O", ":|", ":-|", ":/", ":-/", ":?", ":-?", ":x", ":-x", ":lol:", ":oops:",
           ":cry:", ":evil:", ":twisted:", ":roll:", ":wink:", ":!:", ":?:", ":idea:", ":arrow:", ":mrgreen:")
_SMILEY = re.compile(r"(?<!\S)(?:" + "|".join(re.escape(s) for s in sorted(SMILEYS, key=len, reverse=True)) + r")(?!\S)")
_BLANKS = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+")


def normalise(text: str) -> str:
    """The normal form of a post's text: the lines that are not blank, each ending with LF."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    out = []
    for line in text.split("\n"):
        line = _BLANKS.sub(" ", _SMILEY.sub(" ", line)).strip()
        if line:
            out.append(line + "\n")
    return "".join(out)


def digest(text: str) -> str:
    """The sha256 hex of the normal form: what the log records of a post."""
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()


def split_signed(text: str) -> tuple[str, str]:
    """(the signed text, the armoured signature), both normalised; ("", "") when the post is not signed.

    The signature block is the post's last: nothing but blank lines may follow it."""
    lines = normalise(text).splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.rstrip("\n") == BEGIN]
    if not starts:
        if any(line.rstrip("\n") == END for line in lines):
            raise NotationError(_("the post has `{end}` without `{begin}` above it").format(end=END, begin=BEGIN))
        return "", ""
    first = starts[-1]
    if len(starts) > 1 or lines[-1].rstrip("\n") != END:
        raise NotationError(_("a signed post ends with one signature block, `{begin}` to `{end}`").format(begin=BEGIN, end=END))
    return "".join(lines[:first]), "".join(lines[first:])
