"""Results as plain text, Markdown and BBCode, ready to paste into an email or a forum."""

from __future__ import annotations

from dataclasses import dataclass

from events.core import Action, Envelope, GameCreated, Roll
from adjudicator import core
from adjudicator.dice import parse_expr
from adjudicator.draft import Outcome
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


def event_line(game: Game, event: Envelope, digest: str) -> str:
    """One line of `adjudicator log`."""
    rolls = "; ".join(roll_text(r) for r in event.rolls)
    text = action_text(game, event.action).replace("\n", " ")
    return f"#{event.seq} {digest[:8]} t{event.turn} {event.actor}: {text}" + (f" → {rolls}" if rolls else "")


@dataclass(frozen=True)
class _Style:
    bold: str
    code: str
    item: str

    def b(self, s: str) -> str:
        return self.bold.format(s)

    def c(self, s: str) -> str:
        return self.code.format(s)


_STYLES = {
    "text": _Style("{}", "{}", "  "),
    "markdown": _Style("**{}**", "`{}`", "- "),
    "bbcode": _Style("[b]{}[/b]", "{}", "  "),
}


def post_report(game: Game, built: list[Built], after: tuple[int, str], head: tuple[int, str], fmt: str = "text") -> str:
    st = _STYLES[fmt]
    first = built[0]
    title = f"{game.created.game} · {game.ruleset.title} · turn {first.event.turn} · {first.event.actor}"
    lines = [f"{st.b(title)}  (after #{after[0]} {after[1][:8]})", ""]
    for b in built:
        text = action_text(game, b.event.action)
        lines.append(st.item + text.replace("\n", "\n" + " " * len(st.item)))
        for r in b.event.rolls:
            lines.append(" " * len(st.item) + "  " + roll_text(r))
        for o in outcome(game, b):
            lines.append(" " * len(st.item) + "  → " + o)
    lines.append("")
    lines.append(f"head #{head[0]} {st.c(head[1][:16])} · check it: "
                 + st.c(f"adjudicator verify {game.created.game}.jsonl --head {head[0]}:{head[1][:16]}"))
    return "\n".join(lines) + "\n"
