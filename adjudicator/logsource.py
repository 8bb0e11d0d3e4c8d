"""Where a log comes from: a game database or an exported JSON Lines file.

Both give the same rows: (where, canonical body, hash), or (where, None, why)
for a line that is not an event at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from adjudicator.chain import split_line
from adjudicator.errors import BadInput
from adjudicator.store import Store
from adjudicator.i18n import _

SQLITE_MAGIC = b"SQLite format 3\x00"
# The marks the scans for dice reveals, rolls and client seeds pick events by. They are looked for
# with bytes.find: `in` first tries the needle as an integer byte, and pays for the TypeError.
REVEAL_MARK = b'"type":"secret-revealed"'
NO_ROLLS = b'"rolls":[],"prev":'  # in canonical JSON no string can hold it: quotes in strings are escaped
SEED_MARK = b'"type":"seed"'
# What SQLite looks for first in a database (Store.bodies_matching), before the marks above are tested on
# the bytes. A row that holds REVEAL_MARK or SEED_MARK matches the first two; one that matches the third
# holds NO_ROLLS. Where a NUL byte hides the rest of a body from SQLite, that body is no JSON: never read.
REVEAL_GLOB = "*secret-revealed*"
SEED_GLOB = '*seed"*'
NO_ROLLS_GLOB = '*},"rolls":[[]],"prev":*'  # [[] is a literal [

CHUNK = 1 << 20  # the reveal scan reads this much at a time: memory stays flat

SourceRow = tuple[int, bytes | None, str]


@dataclass(frozen=True)
class LogSource:
    path: Path

    @property
    def is_database(self) -> bool:
        with open(self.path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC

    @property
    def unit(self) -> str:
        """What a row's number counts: seq in a database, line in a file."""
        return "seq" if self.is_database else "line"

    def reveal_bodies(self) -> Iterator[bytes]:
        """The canonical bodies of the events that look like dice reveals, in log order.

        Nothing here is trusted: whoever reads them checks each secret on the committed chain."""
        if self.is_database:
            with Store(self.path, readonly=True) as store:
                for (body,) in store.bodies_matching(REVEAL_GLOB):
                    body = _as_bytes(body)
                    if body.find(REVEAL_MARK) != -1:
                        yield body
            return
        with open(self.path, "rb") as f:
            tail = b""
            while chunk := f.read(CHUNK):
                # whole lines only: what follows the last newline waits for the next chunk
                block = tail + chunk
                cut = block.rfind(b"\n") + 1
                block, tail = block[:cut], block[cut:]
                yield from _reveal_lines(block)
            yield from _reveal_lines(tail)

    def dice_bodies(self) -> Iterator[bytes]:
        """The canonical bodies of the events that hold rolls or mix a client seed in, in log order:
        all that re-deriving the rolls reads. Lines that are no event are left to `rows`."""
        if self.is_database:
            with Store(self.path, readonly=True) as store:
                for (body,) in store.bodies_matching(SEED_GLOB, unless=NO_ROLLS_GLOB):
                    body = _as_bytes(body)
                    if body.find(NO_ROLLS) == -1 or body.find(SEED_MARK) != -1:
                        yield body
            return
        with open(self.path, "rb") as f:
            for line in f:
                if line.find(NO_ROLLS) != -1 and line.find(SEED_MARK) == -1:
                    continue
                if line[-76:-67] == b',"hash":"' and line[-3:] == b'"}\n':  # a line as exported: spared the rstrip
                    yield line[:-76] + b"}"
                    continue
                line = line.rstrip(b"\r\n")
                if line[-75:-66] == b',"hash":"':
                    yield line[:-75] + b"}"

    def rows(self) -> Iterator[SourceRow]:
        """(number, canonical body, hash), or (number, None, why) for a line that is no event."""
        if self.is_database:
            with Store(self.path, readonly=True) as store:
                for seq, digest, body in store.rows():
                    # what a hand edit stored as another type is made what the chain reads: tested inline, per event
                    yield seq, body if type(body) is bytes else _as_bytes(body), digest if type(digest) is str else str(digest)
            return
        with open(self.path, "rb") as f:
            for number, line in enumerate(f, start=1):
                # the fast path of chain.split_line (a line as exported), which says what is wrong when this fails
                if line[-76:-67] == b',"hash":"' and line[-3:] == b'"}\n' and line[:1] == b"{":
                    yield number, line[:-76] + b"}", line[-67:-3].decode("ascii", "replace")
                    continue
                try:
                    body, digest = split_line(line, _("line {n}").format(n=number))  # which takes off one LF or CRLF, no more
                except BadInput as e:
                    yield number, None, str(e) if line not in (b"\n", b"\r\n") else _("line {n}: an empty line").format(n=number)
                    continue
                yield number, body, digest


def _as_bytes(body: bytes | str) -> bytes:
    """A body stored as TEXT by a hand edit is still its bytes: the chain decides."""
    return body if isinstance(body, bytes) else str(body).encode("utf-8", "surrogatepass")


def _reveal_lines(block: bytes) -> Iterator[bytes]:
    at = block.find(REVEAL_MARK)
    while at != -1:
        start, end = block.rfind(b"\n", 0, at) + 1, block.find(b"\n", at)
        end = len(block) if end == -1 else end
        line = block[start:end].rstrip(b"\r")
        if line[-75:-66] == b',"hash":"':
            yield line[:-75] + b"}"
        at = block.find(REVEAL_MARK, end)


def open_source(path: str | Path) -> LogSource:
    p = Path(path)
    if not p.is_file():
        raise BadInput(_("{path}: no such log (a game database or a .jsonl export)").format(path=p))
    return LogSource(p)
