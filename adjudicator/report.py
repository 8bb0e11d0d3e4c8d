"""Results as plain text, Markdown and BBCode, ready to paste into an email or a forum."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol
from dataclasses import dataclass

from events.core import Action, Envelope, GameCreated, OrdersUnsealed, PostReceived, Roll
from adjudicator import core
from adjudicator.dice import parse_expr
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import Built, Game, Held
from adjudicator.i18n import N_, _
from adjudicator.notation import format_action
from adjudicator import localize

FORMATS = ("text", "markdown", "bbcode")
DICE_MODES = {"committed": N_("committed"), "reported": N_("reported")}  # as a report names a game's dice


def roll_text(r: Roll, ruleset: str = "") -> str:
    """A roll as a report shows it; its purpose and side in the reader's language."""
    expr = parse_expr(r.expr)
    faces = " ".join(str(d) for d in r.dice)
    mod = f" {expr.modifier:+d}" if expr.modifier else ""
    side = f" ({localize.side(ruleset, r.side)})" if r.side else ""
    return f"{localize.purpose(ruleset, r.purpose)}{side}: {r.expr} [{faces}]{mod} = {expr.total(r.dice)}"


def outcome(game: Game, b: Built) -> list[str]:
    """What an event of a post did, as `log` prints it."""
    return described(game, b.event) + told_lines(game, b.outcome)


def described(game: Game, event: Envelope) -> list[str]:
    """What the engine says of an event every game has (a reveal, sealed orders...)."""
    name = game.ruleset.name
    lines = [localize.cite(text) for text in core.describe(event)]  # a person's text in them is left as written
    if isinstance(event.action, OrdersUnsealed):  # the orders themselves, in the reader's words
        lines[1:] = [localize.words(name, text) for text in lines[1:]]
    return lines


def told_lines(game: Game, outcome: Outcome) -> list[str]:
    """What the ruleset says an event did, and which of its tables decided it that are ours."""
    name = game.ruleset.name
    lines = [localize.line(name, text) for text in outcome.lines]
    return lines + ([provisional_note(game, list(outcome.provisional))] if outcome.provisional else [])


def action_text(game: Game, action: Action) -> str:
    """The action as it is posted (in the reader's language); the game's creation, which nobody
    posts, as a summary."""
    name = game.ruleset.name
    if isinstance(action, GameCreated):
        players = ", ".join(localize.side(name, p) for p in action.players)
        if action.scenario:
            return _("new {ruleset} game {game} for {players}, scenario {scenario}, dice {dice}").format(
                ruleset=action.ruleset, game=action.game, players=players, scenario=action.scenario,
                dice=_(DICE_MODES.get(action.dice.mode, action.dice.mode)))
        return _("new {ruleset} game {game} for {players}, dice {dice}").format(
            ruleset=action.ruleset, game=action.game, players=players, dice=_(DICE_MODES.get(action.dice.mode, action.dice.mode)))
    if isinstance(action, PostReceived):
        if action.signature:
            return _("post received: sha256 {digest}, signed").format(digest=action.digest[:16])
        return _("post received: sha256 {digest}").format(digest=action.digest[:16])
    return localize.action(name, format_action(action, game.verbs))


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
    name = game.ruleset.name
    rolls = "; ".join(roll_text(r, name) for r in event.rolls)
    text = action_text(game, event.action).replace("\n", " ")
    said = described(game, event) + told_lines(game, outcome)
    head = _("#{seq} {hash} t{turn} {actor}: {action}").format(
        seq=event.seq, hash=digest[:8], turn=event.turn, actor=localize.side(name, event.actor), action=text)
    return head + (f" → {rolls}" if rolls else "") + "".join(f"\n    {line}" for line in said)


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
    return _("decided with provisional table(s): {tables} (ours, not the printed game's; see "
             "`adjudicator tables --ruleset {ruleset}`)").format(tables=", ".join(tables), ruleset=game.ruleset.name)


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
    name = game.ruleset.name
    if first == last:
        said = _("not applied: line {first}. Line {by} handed the decision on (now {now}); post it again when the game waits for "
                 "you. Refused here: {refused}")
    else:
        said = _("not applied: lines {first}-{last}. Line {by} handed the decision on (now {now}); post them again when the game "
                 "waits for you. Refused here: {refused}")
    return ([localize.line(name, said.format(first=first, last=last, by=held.handed_by, now=held.now, refused=held.refused))]
            + [_("line {n}").format(n=pl.line) + ": " + localize.action(name, format_action(pl.action, game.verbs))
               for pl in held.lines])


class Told(Protocol):
    """An event of a post and what it did: a Built as it is posted, or an event as a log replays it."""

    @property
    def event(self) -> Envelope: ...

    @property
    def outcome(self) -> Outcome: ...


def _post(game: Game, built: Sequence[Told], after: tuple[int, str], head: tuple[int, str],
          held: Held | None = None, record: PostReceived | None = None) -> _Post:
    first = built[0]
    name = game.ruleset.name
    items = []
    provisional: list[str] = []
    for b in built:
        first_line, *more = action_text(game, b.event.action).split("\n")
        under = more + [roll_text(r, name) for r in b.event.rolls]
        under += ["→ " + line for line in described(game, b.event) + [localize.line(name, x) for x in b.outcome.lines]]
        provisional += [t for t in b.outcome.provisional if t not in provisional]
        items.append((first_line, under))
    return _Post(
        title=_("{game} · {ruleset} · turn {turn} · {actor}").format(
            game=game.created.game, ruleset=game.ruleset.title, turn=first.event.turn, actor=localize.side(name, first.event.actor)),
        after=_("(after #{seq} {hash})").format(seq=after[0], hash=after[1][:8]),
        items=items,
        notes=([provisional_note(game, provisional)] if provisional else []) + (held_lines(game, held) if held else [])
        + ([_("signed with {side}'s registered key").format(side=localize.side(name, first.event.actor))]
           if record is not None and record.signature else []),
        check=[_("head #{seq} {hash}").format(seq=head[0], hash=head[1][:16]),
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
