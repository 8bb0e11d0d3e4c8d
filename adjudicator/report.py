"""Results as plain text, Markdown and BBCode, ready to paste into an email or a forum."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol
from dataclasses import dataclass

from events.core import Action, Envelope, GameCreated, PostReceived, Roll
from adjudicator import core
from adjudicator.dice import parse_expr
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import Built, Game, Held
from adjudicator.notation import format_action

FORMATS = ("text", "markdown", "bbcode")


def roll_text(r: Roll) -> str:
    expr = parse_expr(r.expr)
    faces = " ".join(str(d) for d in r.dice)
    mod = f" {expr.modifier:+d}" if expr.modifier else ""
    side = f" ({r.side})" if r.side else ""
    return f"{r.purpose}{side}: {r.expr} [{faces}]{mod} = {expr.total(r.dice)}"


def outcome(game: Game, b: Built) -> list[str]:
    """What an event of a post did, as `log` prints it."""
    return core.describe(b.event) + told_lines(game, b.outcome)


def told_lines(game: Game, outcome: Outcome) -> list[str]:
    """What the ruleset says an event did, and which of its tables decided it that are ours."""
    return list(outcome.lines) + ([provisional_note(game, list(outcome.provisional))] if outcome.provisional else [])


def action_text(game: Game, action: Action) -> str:
    """The action as it is posted; the game's creation, which nobody posts, as a summary."""
    if isinstance(action, GameCreated):
        scenario = f", scenario {action.scenario}" if action.scenario else ""
        return f"new {action.ruleset} game {action.game} for {', '.join(action.players)}{scenario}, dice {action.dice.mode}"
    if isinstance(action, PostReceived):
        return f"post received: sha256 {action.digest[:16]}" + (", signed" if action.signature else "")
    return format_action(action, game.verbs)


RECEIPT = "adjudicator-receipt"
RECEIPT_DIGITS = 16  # of the head and of the post's digest: enough that no one can make another match


def receipt(game_id: str, first: int, head: tuple[int, str], digest: str = "") -> str:
    """The one line that ends every result: the game, the seqs the result wrote, the new head and the
    digest of the post's normal form (`-` for events no post made: a game's creation, a reveal)."""
    post = digest[:RECEIPT_DIGITS] if digest else "-"
    return f"{RECEIPT} game={game_id} seq={first}-{head[0]} head={head[1][:RECEIPT_DIGITS]} post={post}"


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


def provisional_note(game: Game, tables: list[str]) -> str:
    return ("decided with provisional table(s): " + ", ".join(tables)
            + f" (ours, not the printed game's; see `adjudicator tables --ruleset {game.ruleset.name}`)")


@dataclass(frozen=True)
class _Post:
    """A post's result as a tree: each action's first line with what hangs under it (the rest of its
    lines, as a sealed order's, its rolls, then what it did)."""
    title: str
    after: str
    items: list[tuple[str, list[str]]]
    notes: list[str]
    check: list[str]  # our own lines (the head and the command), never a player's text


def held_lines(game: Game, held: Held) -> list[str]:
    """What a post did not apply, and why: the lines after a hand-off that the rules refused there."""
    first, last = held.lines[0].line, held.lines[-1].line
    which = f"line {first}" if first == last else f"lines {first}-{last}"
    return ([f"not applied: {which}. Line {held.handed_by} handed the decision on (now {held.now}); "
             f"post {'it' if first == last else 'them'} again when the game waits for you. "
             f"Refused here: {held.refused}"]
            + [f"line {pl.line}: {format_action(pl.action, game.verbs)}" for pl in held.lines])


class Told(Protocol):
    """An event of a post and what it did: a Built as it is posted, or an event as a log replays it."""

    @property
    def event(self) -> Envelope: ...

    @property
    def outcome(self) -> Outcome: ...


def _post(game: Game, built: Sequence[Told], after: tuple[int, str], head: tuple[int, str],
          held: Held | None = None, record: PostReceived | None = None) -> _Post:
    first = built[0]
    items = []
    provisional: list[str] = []
    for b in built:
        first_line, *more = action_text(game, b.event.action).split("\n")
        under = more + [roll_text(r) for r in b.event.rolls]
        under += ["→ " + line for line in core.describe(b.event) + list(b.outcome.lines)]
        provisional += [t for t in b.outcome.provisional if t not in provisional]
        items.append((first_line, under))
    return _Post(
        title=f"{game.created.game} · {game.ruleset.title} · turn {first.event.turn} · {first.event.actor}",
        after=f"(after #{after[0]} {after[1][:8]})",
        items=items,
        notes=([provisional_note(game, provisional)] if provisional else []) + (held_lines(game, held) if held else [])
        + ([f"signed with {first.event.actor}'s registered key"] if record is not None and record.signature else []),
        check=[f"head #{head[0]} {head[1][:16]}",
               f"adjudicator verify {game.created.game}.jsonl --head {head[0]}:{head[1][:16]}",
               receipt(game.created.game, after[0] + 1, head, record.digest if record is not None else "")])


def _text(p: _Post) -> list[str]:
    lines = [f"{p.title}  {p.after}", ""]
    for action, under in p.items:
        lines += ["  " + action] + ["    " + line for line in under]
    return lines + [""] + p.notes + (p.notes and [""]) + p.check


def _markdown(p: _Post) -> list[str]:
    """A CommonMark bullet list, an action an item, what hangs under it a list nested in it; the head,
    the command and the receipt in a fenced block."""
    md = markdown_text
    lines = [f"**{md(p.title)}** {md(p.after)}", ""]
    for action, under in p.items:
        lines.append("- " + md(action))
        lines += ["  - " + md(line) for line in under]
    lines.append("")
    for note in p.notes:
        lines += [md(note), ""]
    return lines + ["```"] + p.check + ["```"]


def _bbcode(p: _Post) -> list[str]:
    """phpBB's BBCode: [list] of [*] items, an action an item with its rolls and outcomes in a nested
    [list], each on a line of its own (forums differ on whether an item runs across lines); the head
    and the command and the receipt in [code], which forums show as typed."""
    bb = bbcode_text
    lines = [f"[b]{bb(p.title)}[/b] {bb(p.after)}", "[list]"]
    for action, under in p.items:
        lines.append("[*]" + bb(action))
        if under:
            lines += ["[list]"] + ["[*]" + bb(line) for line in under] + ["[/list]"]
    lines.append("[/list]")
    lines += [bb(note) for note in p.notes]
    return lines + ["[code]" + "\n".join(p.check) + "[/code]"]


_RENDER = {"text": _text, "markdown": _markdown, "bbcode": _bbcode}


def post_report(game: Game, built: Sequence[Told], after: tuple[int, str], head: tuple[int, str], fmt: str = "text",
                held: Held | None = None, record: PostReceived | None = None) -> str:
    """The result of a post, ready to paste. Everything in it a person wrote (notes, purposes, rulings,
    results, sealed orders, a scenario's names) goes through the format's escaping: it shows as text
    and never becomes a link, an image or markup of the report. The provisional-tables note comes
    once a post, after the actions, then the lines not applied, if any."""
    return "\n".join(_RENDER[fmt](_post(game, built, after, head, held, record))) + "\n"
