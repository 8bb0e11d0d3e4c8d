"""The source forum's plain-text dump of a thread (seed 000's form).

Each post starts with a header line, ` Отправлено: 07.01.11 07:32. Заголовок: 1 – Общее`; the line
just above it, when no blank line stands between, is the poster's name (the dump of seed 000 leaves
it out). A quote is a line `цитата:`, often after a line `NAME пишет:`, then the quoted paragraph, up
to the next blank line: both are dropped."""

from __future__ import annotations

import re

from adjudicator.thread.posts import ThreadPost

HEADER = re.compile(r"^\s*Отправлено:\s*(\d\d\.\d\d\.\d\d \d\d:\d\d)\.\s*Заголовок:\s?(.*?)\s*$", re.MULTILINE)
_WROTE = re.compile(r"^\s*\S.*\sпишет:\s*$")
_QUOTE = re.compile(r"^\s*цитата:\s*$")


def posts(text: str) -> list[ThreadPost]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    heads = [i for i, line in enumerate(lines) if HEADER.match(line)]
    found = []
    for n, start in enumerate(heads):
        end = heads[n + 1] if n + 1 < len(heads) else len(lines)
        body = lines[start + 1:end]
        if n + 1 < len(heads) and _author_above(lines, end):
            body = body[:-1]  # the next post's author line
        m = HEADER.match(lines[start])
        assert m is not None
        author = lines[start - 1].strip() if _author_above(lines, start) else ""
        found.append(ThreadPost(n + 1, m.group(1), author, m.group(2), "\n".join(_own_lines(body)).strip("\n")))
    return found


def _author_above(lines: list[str], header: int) -> bool:
    return header > 0 and bool(lines[header - 1].strip()) and not HEADER.match(lines[header - 1])


def _own_lines(body: list[str]) -> list[str]:
    """The post's lines less its quotes: `NAME пишет:`, `цитата:` and the paragraph after it."""
    out: list[str] = []
    i = 0
    while i < len(body):
        line = body[i]
        if _WROTE.match(line) and _quote_follows(body, i + 1):
            i += 1
            continue
        if _QUOTE.match(line):
            i += 1
            while i < len(body) and not body[i].strip():
                i += 1
            while i < len(body) and body[i].strip():
                i += 1
            continue
        out.append(line)
        i += 1
    return out


def _quote_follows(body: list[str], i: int) -> bool:
    while i < len(body) and not body[i].strip():
        i += 1
    return i < len(body) and bool(_QUOTE.match(body[i]))
