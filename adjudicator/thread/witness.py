"""What a thread says of a log: its receipts (the results the referee pasted), the rolls those results
show, and which posts are turns. Pure functions over a thread's posts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.thread.posts import ThreadPost

_RECEIPT = re.compile(r"adjudicator-receipt game=(\S+) seq=(\d+)-(\d+) head=([0-9a-f]{8,64}) post=([0-9a-f]{8,64}|-)")
_ROLL = re.compile(r"^(?:.+?): (\d+d\d+z?(?:[+-]\d+)?) \[([\d ]*)\](?: [+-]\d+)? = -?\d+$")
_INVISIBLE = "\u200b"  # what a BBCode result puts after `[` so that no tag forms


@dataclass(frozen=True)
class Receipt:
    post: ThreadPost
    game: str
    first: int
    last: int
    head: str  # a prefix of the log's hash at `last`
    digest: str  # a prefix of the post's digest; "" where no post made the events (`post=-`)


def receipts(post: ThreadPost) -> list[Receipt]:
    return [Receipt(post, m.group(1), int(m.group(2)), int(m.group(3)), m.group(4),
                    "" if m.group(5) == "-" else m.group(5))
            for m in _RECEIPT.finditer(post.body.replace(_INVISIBLE, ""))]


def shown_rolls(post: ThreadPost) -> list[tuple[str, tuple[int, ...]]]:
    """Every roll a result shows, `purpose: 2d6 [3 5] = 8`, as (expression, faces), in order."""
    found = []
    for line in post.body.replace(_INVISIBLE, "").splitlines():
        m = _ROLL.match(" ".join(line.split()))
        if m:
            found.append((m.group(1), tuple(int(d) for d in m.group(2).split())))
    return found


def actor_of_result(post: ThreadPost) -> str:
    """Who a result is for: its title line ends `· turn N · SIDE`."""
    for line in post.body.replace(_INVISIBLE, "").splitlines():
        m = re.search(r"· turn \d+ · ([a-z][a-z0-9_-]*)", line)
        if m:
            return m.group(1)
    return ""
