"""The after-action report: one self-contained HTML file that replays a game step by step and checks
its log in the browser (`adjudicator report LOG -o game.html`).

The page is built from the public log alone, so it holds nothing a player may not see. It carries:
- the log verbatim, as JSON Lines, which its script re-checks with the browser's own crypto as the
  README's "Trust without our code" says (page/check.js);
- every step: the event as `adjudicator log` prints it, its rolls, turn and phase, and the board as
  `adjudicator map` draws it then. The boards share their lines: each distinct SVG line is stored
  once, and a step says which lines of the step before it keeps and which it adds;
- a summary: the result, losses per side over the game, and audit's luck table as a chart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from events.core import Envelope, OrdersVoided, Ruling
from adjudicator import charts, localize
from adjudicator.audit import Audit, audit
from adjudicator.chain import to_line
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import Game, game_over, replay_told, start
from adjudicator.errors import BadInput
from adjudicator.i18n import N_, _, language
from adjudicator.logsource import LogSource, open_source
from adjudicator.report import event_line, roll_text

# Characters the page's log text may not hold as they are, each written as ESCAPE and a letter: `<`
# (no `</script` or `<!--` can end or confuse the element), CR (an HTML parser turns CRLF into LF),
# NUL (turned into U+FFFD) and ESCAPE itself. None of them but the CR of a CRLF line end can stand
# raw in a canonical line, so the text of a log without them is the log, byte for byte.
ESCAPE = "\x01"
_LOG_ESCAPES = {ESCAPE: ESCAPE + "e", "<": ESCAPE + "l", "\r": ESCAPE + "r", "\x00": ESCAPE + "z"}
_LOG_ESCAPED = re.compile("[\x01<\r\x00]")


def embedded_log(text: str) -> str:
    """The log as the page holds it in its <script type="application/x-ndjson"> (see _LOG_ESCAPES)."""
    return _LOG_ESCAPED.sub(lambda m: _LOG_ESCAPES[m.group()], text)


def unembedded_log(text: str) -> str:
    """What the page's script reads back from embedded_log's text: the log itself."""
    back = {v[1]: k for k, v in _LOG_ESCAPES.items()}
    return re.sub("\x01(.)", lambda m: back[m.group(1)], text, flags=re.DOTALL)


def json_in_script(data: object) -> str:
    """JSON for a <script type="application/json">: every `<` as \\u003c, which only strings hold."""
    return msgspec.json.encode(data).decode().replace("<", "\\u003c")


@dataclass
class Boards:
    """Every step's board as runs of the step before's SVG lines and new ones, over one table of lines."""

    table: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    prev: list[int] = field(default_factory=list)

    def add(self, svg: str) -> list[int]:
        """The step's board as ops: a copy of lines [start, start + n) of the step before is `start, n`
        (start >= 0); a line of the table is `-1 - its index`."""
        index, table = self.index, self.table
        now = []
        for line in svg.split("\n"):
            k = index.get(line)
            if k is None:
                k = index[line] = len(table)
                table.append(line)
            now.append(k)
        ops: list[int] = []
        matcher = SequenceMatcher(None, self.prev, now, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                ops += [i1, i2 - i1]
            elif tag != "delete":
                ops += [-1 - k for k in now[j1:j2]]
        self.prev = now
        return ops


@dataclass
class Steps:
    """What the page shows of each event, gathered in one pass over a log that verified."""

    game: Game
    state: Any = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    losses: list[tuple[int, dict[str, int]]] = field(default_factory=list)
    boards: Boards = field(default_factory=Boards)

    def add(self, event: Envelope, digest: str, outcome: Outcome) -> None:
        game, rules = self.game, self.state.rules
        step: dict[str, Any] = {
            "seq": event.seq, "turn": event.turn, "phase": localize.phase(game.ruleset.name, event.phase),
            "actor": localize.side(game.ruleset.name, event.actor),
            "text": event_line(game, event, digest, outcome),
            "rolls": [roll_text(r, game.ruleset.name) for r in event.rolls],
            "ruling": isinstance(event.action, (Ruling, OrdersVoided)),
        }
        if game.ruleset.render is not None:
            step["board"] = self.boards.add(game.ruleset.render(rules, outcome))
        self.steps.append(step)
        if game.ruleset.losses is not None:
            lost = game.ruleset.losses(rules)
            if not self.losses or self.losses[-1][1] != lost:
                self.losses.append((event.seq, lost))


def gather(source: LogSource, game: Game) -> Steps:
    """Replay the log (already verified) event by event, keeping each step for the page."""
    steps = Steps(game)
    rows = source.rows()
    number, body, digest = next(rows)
    steps.state = start(game)
    steps.add(game.decode(body or b"", f"seq {number}"), digest, NOTHING)
    for number, body, digest in rows:
        event = game.decode(body or b"", f"seq {number}")
        steps.state, said = replay_told(game, steps.state, event)
        steps.add(event, digest, said.outcome() if said is not None else NOTHING)
    return steps


def log_text(source: LogSource) -> str:
    """The public log the page carries: a .jsonl as it is, a database as `export` writes it."""
    if source.is_database:
        return "".join((to_line(body, digest) + b"\n").decode() for _, body, digest in source.rows() if body is not None)
    return source.path.read_bytes().decode("utf-8")


# The page's own words, each written as it stands in its asset: in report.html a text between two
# tags (between `>` and `<`) or an attribute's value (between quotes), in the scripts a string
# literal (between quotes or backquotes). A Russian page has each put in its translation's place
# when it is built, so the English page is its assets as they are, byte for byte. A word whose
# message would be ambiguous in the catalogue is a pair: as written, and its message.
PAGE_WORDS: dict[str, tuple[str | tuple[str, str], ...]] = {
    "report.html": (
        N_("After-action report of game "),
        N_(" ({{RULESET}}): {{EVENTS}} events, head #{{EVENTS}} "),
        N_("Check"),
        N_("checking the log in this page…"),
        N_("This page re-checks, with the browser's own cryptography (WebCrypto SHA-256 and HMAC), the log it\n"
           "carries: each line's canonical form, the hash chain, the epoch-secret chain and every roll whose secret is revealed,\n"
           "as the README's “Trust without our code” says. "),
        N_("The rules are not re-run in the browser."),
        N_(" For that, save the log\n("),
        N_(") and run "),
        N_("Replay"),
        N_("first event (Home)"),
        N_("previous event (←)"),
        N_("event"),
        N_("next event (→)"),
        N_("last event (End)"),
        N_("turn "),
        N_("Rolls"),
        N_("Summary"),
    ),
    "check.js": (
        N_("OK: ${r.events} events, head #${r.events} ${r.head.slice(0, 16)}, ${r.rolls} rolls re-derived"),
        N_(", ${r.signed} signatures checked"),
        N_("the log in this page ends at #${r.events} ${r.head.slice(0, 16)}, not at the head the page was made "),
        N_("for and shows (#${made.replace(\":\", \" \").slice(0, made.indexOf(\":\") + 17)}): it was replaced"),
        N_("${r.rolls} rolls re-derived from the revealed secrets, ${r.events} events in ${(ms / 1000).toFixed(2)} s."),
        N_("the check stopped: ${e}"),
    ),
    "viewer.js": (
        N_("event #${s.seq} of ${steps.length} · turn ${s.turn} · phase ${s.phase} · ${s.actor}"),
        N_("referee's ruling"),
        ("none", N_("no rolls")),
        N_("(this game system has no board)"),
    ),
}
_DELIMITERS = {"report.html": ((">", "<"), ('"', '"')), "check.js": (('"', '"'), ("`", "`")),
               "viewer.js": (('"', '"'), ("`", "`"))}


def _asset(name: str) -> str:
    text = resources.files("adjudicator").joinpath("page", name).read_text(encoding="utf-8")
    if language() == "en" or name not in PAGE_WORDS:
        return text
    if name == "report.html":
        text = text.replace('<html lang="en">', '<html lang="ru">', 1)
    return in_language(name, text)


def in_language(name: str, text: str) -> str:
    """An asset of the page with its words (PAGE_WORDS) in the reader's language. A word no longer
    where it was written is an error, not an English word left in a Russian page."""
    for entry in PAGE_WORDS[name]:
        word, message = entry if isinstance(entry, tuple) else (entry, entry)
        said, found = _(message), 0
        for left, right in _DELIMITERS[name]:
            written = left + word + right
            if written not in text:
                continue
            if left in said or right in said:  # it would end the text or the literal
                raise ValueError(f"page/{name}: the translation of {word!r} holds {left} or {right}")
            found += 1
            text = text.replace(written, left + said + right)
        if not found:
            raise ValueError(f"page/{name}: {word!r} is not there as it is written in PAGE_WORDS")
    return text


def _schema() -> str:
    from adjudicator.schema import event_schema

    return json_in_script(event_schema())


# What each ruleset's `losses` counts: the first line of its docstring, which the chart shows.
LOSSES = (
    N_("what each side lost"),
    N_("Units destroyed per side, the count of the victory conditions (§14)."),
    N_("Strength points lost per side, the count that exhausts an army."),
    N_("Units off the table per side (dispersed or removed)."),
    N_("Figures out of action or fled, per side (a figure in reserve is not lost)."),
)


def _luck_table(result: Audit, named: Callable[[str], str]) -> Iterator[str]:
    heads = (_("player"), _("die"), _("dice"), _("mean"), _("expected"), "z", "p")
    yield "<table class='luck'><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"
    for r in result.rows():
        yield (f"<tr><td>{escape(named(r.player))}</td><td>{escape(r.die)}</td><td>{r.dice}</td><td>{r.mean:.3f}</td>"
               f"<td>{r.expected:.3f}</td><td>{r.z:.2f}</td><td>{r.p:.3f}</td></tr>")
    yield "</table>"


def _summary(steps: Steps, result: Audit, name: str) -> str:
    game, rs = steps.game, steps.game.ruleset
    ended = game_over(game, steps.state)

    def named(side: str) -> str:  # a side (or a player) as the reader calls it
        return localize.side(rs.name, side)

    out = [f"<p class='result'><b>{escape(_('Result:'))}</b> {escape(localize.result(rs.name, ended)) if ended else escape(_('the game goes on'))}</p>"]
    if rs.losses is not None:
        what = _((rs.losses.__doc__ or LOSSES[0]).split("\n")[0].strip())
        sides = list(steps.losses[0][1]) if steps.losses else list(game.created.players)
        out.append(charts.losses_chart(steps.losses, sides, what, len(steps.steps), named))
    c = result.report.rolls
    rolls = _("Rolls at report time: {verified} re-derived and matching, {unrevealed} not yet revealed, "
              "{reported} reported with real dice (from {command}).")
    command = f"<code>adjudicator audit {escape(name)}</code>"
    counts = {k: c[k] for k in ("verified", "unrevealed", "reported")}
    out.append("<p>" + escape(rolls).format(**counts, command=command) + "</p>")
    out.append(charts.luck_chart(result.rows(), named))
    out.extend(_luck_table(result, named))
    return "\n".join(out)


def build(log: str | Path, name: str | None = None) -> str:
    """The report of a log (a .jsonl export or a game database) that `verify` accepts, as HTML.
    `name` is what the page calls the saved log in the commands it gives (default: the game's id)."""
    source = open_source(log)
    result = audit(source)
    error = result.report.error(_("{path}: only a log that verifies gets a report:").format(path=source.path) + "\n")
    if error is not None:
        raise error
    game = result.report.context
    if game is None:
        raise BadInput(_("{path}: the log holds no game").format(path=source.path))
    steps = gather(source, game)
    created = game.created
    name = name or f"{created.game}.jsonl"
    fields = {
        "TITLE": escape(f"{created.game} · {localize.title(game.ruleset.name, game.ruleset.title)}"
                        + (f" · {created.scenario}" if created.scenario else "")),
        "GAME": escape(created.game), "NAME": escape(name), "RULESET": escape(game.ruleset.name),
        "EVENTS": str(result.report.events), "HEAD": escape(result.report.head[1][:16]),
        "HEADFULL": escape(result.report.head[1]),
        "SUMMARY": _summary(steps, result, name),
        "STYLE": _asset("report.css"),
        "STEPS": json_in_script({"steps": steps.steps, "lines": steps.boards.table}),
        "SCHEMA": _schema(),
        "LOG": embedded_log(log_text(source)),
        "CHECK": _asset("check.js"), "VIEWER": _asset("viewer.js"),
    }
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: fields[m.group(1)], _asset("report.html"))
