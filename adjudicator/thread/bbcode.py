"""A thread exported as BBCode: every post `[post author="NAME" date="DATE" title="TITLE"]`, its
BBCode source, `[/post]`. Quotes (`[quote]...[/quote]`, nested too) are dropped; every other tag is
dropped and its text kept (a `[code]` block's text as it is)."""

from __future__ import annotations

import re

from adjudicator.errors import BadInput
from adjudicator.i18n import _
from adjudicator.thread.posts import ThreadPost

POST_TAG = "[post "
_POST = re.compile(r"\[post((?:\s+\w+=\"[^\"]*\")*)\s*\](.*?)\[/post\]", re.S | re.I)
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")
_TAG = re.compile(r"\[(/?)([a-z*]+)(?:=[^\]\n]*)?\]", re.I)
_DROPPED = {"img"}  # a picture's address is not text


def posts(text: str) -> list[ThreadPost]:
    found = []
    for n, m in enumerate(_POST.finditer(text), start=1):
        attrs = dict(_ATTR.findall(m.group(1)))
        found.append(ThreadPost(n, attrs.get("date", ""), attrs.get("author", ""), attrs.get("title", ""),
                                plain(m.group(2))))
    if text.count("[/post]") != len(found):
        raise BadInput(_("the BBCode export has a [post ...] without its [/post], or the other way round"))
    return found


def plain(source: str) -> str:
    """The text a BBCode source shows, less its quotes."""
    out: list[str] = []
    quote = dropped = 0
    pos = 0
    for m in _TAG.finditer(source):
        if not quote and not dropped:
            out.append(source[pos:m.start()])
        pos = m.end()
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name == "quote":
            quote = max(0, quote - 1) if closing else quote + 1
        elif name in _DROPPED:
            dropped = max(0, dropped - 1) if closing else dropped + 1
    if not quote and not dropped:
        out.append(source[pos:])
    return "".join(out)
