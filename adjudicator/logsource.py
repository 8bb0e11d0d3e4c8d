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

SQLITE_MAGIC = b"SQLite format 3\x00"
REVEAL_MARK = b'"type":"secret-revealed"'

SourceRow = tuple[str, bytes | None, str]


@dataclass(frozen=True)
class LogSource:
    path: Path

    @property
    def is_database(self) -> bool:
        with open(self.path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC

    def rows(self, only_reveals: bool = False) -> Iterator[SourceRow]:
        if self.is_database:
            with Store(self.path) as store:
                found = store.rows_containing(REVEAL_MARK) if only_reveals else store.rows()
                for seq, digest, body in found:
                    yield f"seq {seq}", bytes(body), digest
            return
        with open(self.path, "rb") as f:
            for number, line in enumerate(f, start=1):
                if only_reveals and REVEAL_MARK not in line:
                    continue
                if not line.strip():
                    yield f"line {number}", None, "an empty line"
                    continue
                try:
                    body, digest = split_line(line, f"line {number}")
                except BadInput as e:
                    yield f"line {number}", None, str(e)
                    continue
                yield f"line {number}", body, digest


def open_source(path: str | Path) -> LogSource:
    p = Path(path)
    if not p.is_file():
        raise BadInput(f"{p}: no such log (a game database or a .jsonl export)")
    return LogSource(p)
