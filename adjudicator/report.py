"""Results as plain text, Markdown and BBCode, ready to paste into an email or a forum."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from events.core import Action, Envelope, GameCreated, Roll
from adjudicator import core
from adjudicator.dice import parse_expr
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import Built, Game
from adjudicator.notation import format_action

FORMATS = ("text", "markdown", "bbcode")


def roll_text(r: Roll) -> str:
    expr = parse_expr(r.expr)
    faces = " ".join(str(d) for d in r.dice)
    mod = f" {expr.modifier:+d}" if expr.modifier else ""
    side = f" ({r.side})" if r.side else ""
    return f"{r.purpose}{side}: {r.expr} [{faces}]{mod} = {expr.total(r.dice)}"


def outcome(game: Game, b: Built) -> list[str]:
    return core.describe(b.event) + told_lines(game, b.outcome)


def told_lines(game: Game, outcome: Outcome) -> list[str]:
    """What the ruleset says an event did, and which of its tables decided it that are ours."""
    lines = list(outcome.lines)
    if outcome.provisional:
        lines.append("decided with provisional table(s): " + ", ".join(outcome.provisional)
                     + f" (ours, not the printed game's; see `adjudicator tables --ruleset {game.ruleset.name}`)")
    return lines


def action_text(game: Game, action: Action) -> str:
    """The action as it is posted; the game's creation, which nobody posts, as a summary."""
    if isinstance(action, GameCreated):
        scenario = f", scenario {action.scenario}" if action.scenario else ""
        return f"new {action.ruleset} game {action.game} for {', '.join(action.players)}{scenario}, dice {action.dice.mode}"
    return format_action(action, game.verbs)


def event_line(game: Game, event: Envelope, digest: str, outcome: Outcome = NOTHING) -> str:
    """What `adjudicator log` prints of an event: one line (the action and its rolls), then what it
    did, a line each, indented."""
    rolls = "; ".join(roll_text(r) for r in event.rolls)
    text = action_text(game, event.action).replace("\n", " ")
    said = core.describe(event) + told_lines(game, outcome)
    return (f"#{event.seq} {digest[:8]} t{event.turn} {event.actor}: {text}" + (f" → {rolls}" if rolls else "")
            + "".join(f"\n    {line}" for line in said))


_MARKDOWN_READS = re.compile(r"""([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])""")


def markdown_text(text: str) -> str:
    """`text` as Markdown that reads as that text and nothing else: every ASCII punctuation mark, all that
    CommonMark gives a meaning to (emphasis, links, images, HTML, entities, headings, lists, code),
    backslash-escaped, as CommonMark allows for any of them."""
    return _MARKDOWN_READS.sub(r"\\\1", text)


def bbcode_text(text: str) -> str:
    """`text` as BBCode in which no tag can form: a tag needs a name or `/` right after its `[`, and
    a zero-width space (invisible) sits there instead."""
    return text.replace("[", "[\u200b")


@dataclass(frozen=True)
class _Style:
    bold: str
    code: str
    item: str
    text: Callable[[str], str]  # what any text, a player's or the referee's, becomes in this format

    def b(self, s: str) -> str:
        return self.bold.format(self.text(s))

    def c(self, s: str) -> str:
        """Our own command text, never a player's: a Markdown code span shows it as it is."""
        return self.code.format(s)


_STYLES = {
    "text": _Style("{}", "{}", "  ", str),
    "markdown": _Style("**{}**", "`{}`", "- ", markdown_text),
    "bbcode": _Style("[b]{}[/b]", "{}", "  ", bbcode_text),
}


def post_report(game: Game, built: list[Built], after: tuple[int, str], head: tuple[int, str], fmt: str = "text") -> str:
    """The result of a post, ready to paste. Everything in it a person wrote (notes, purposes, rulings,
    results, sealed orders, a scenario's names) goes through the format's escaping: it shows as text
    and never becomes a link, an image or markup of the report."""
    st = _STYLES[fmt]
    first = built[0]
    title = f"{game.created.game} · {game.ruleset.title} · turn {first.event.turn} · {first.event.actor}"
    lines = [f"{st.b(title)}  " + st.text(f"(after #{after[0]} {after[1][:8]})"), ""]
    pad = " " * len(st.item)
    for b in built:
        text = action_text(game, b.event.action)
        lines.append(st.item + "\n".join(pad * (n > 0) + st.text(part) for n, part in enumerate(text.split("\n"))))
        for r in b.event.rolls:
            lines.append(pad + "  " + st.text(roll_text(r)))
        for o in outcome(game, b):
            lines.append(pad + "  " + st.text("→ " + o))
    lines.append("")
    lines.append(st.text(f"head #{head[0]} ") + st.c(head[1][:16]) + st.text(" · check it: ")
                 + st.c(f"adjudicator verify {game.created.game}.jsonl --head {head[0]}:{head[1][:16]}"))
    return "\n".join(lines) + "\n"
