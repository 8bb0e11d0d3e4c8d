"""The turn-post format: line-based text a player can type in a forum box or an email.

    game demo                  optional first line: the game the post is for (a signed post needs it)
    after 41 9f2c1a7e          optional: the head the post was written against
    # a comment                 anywhere; text after # on a line is dropped
    roll 2d6 for morale         one action per line; verbs are case-insensitive
    rolled 3 4                  reported dice for the action above (games rolled with real dice)
    unseal t1 <salt>            an action that takes a body ...
    | brigade-1 attack hill     ... reads the | lines after it
    end                         optional: nothing after it is read

Only LF (or CRLF) ends a line; a post holding any other control or separator character is refused
(adjudicator.plaintext).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from events.core import Action
from adjudicator.errors import NotationError
from adjudicator.i18n import Msg
from adjudicator.plaintext import split_lines
from adjudicator.ruleset import Verb

_AFTER = re.compile(r"^(?:after|после)\s+(\d+)[\s:]+([0-9a-fA-F]{8,64})$", re.IGNORECASE)
_GAME = re.compile(r"^game\s+(\S+)$", re.IGNORECASE)
_ROLLED = re.compile(r"^(?:rolled|выпало)\s+(.+)$", re.IGNORECASE)
_END = ("end", "конец")
MAX_POST_BYTES = 1_000_000


@dataclass(frozen=True)
class PostLine:
    line: int
    action: Action
    reported: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Post:
    after: tuple[int, str] | None
    lines: tuple[PostLine, ...]
    game: str | None = None


def _strip_comment(text: str) -> str:
    return text.split("#", 1)[0].strip()


def _match_verb(text: str, verbs: tuple[Verb, ...]) -> tuple[Verb, str] | None:
    """The verb with the most words that starts the line, and the rest as its arguments."""
    words = text.split()
    lowered = [w.lower() for w in words]
    best: tuple[Verb, str] | None = None
    best_len = 0
    for verb in verbs:
        vw = verb.words.split()
        if len(vw) > best_len and lowered[: len(vw)] == vw:
            rest = text
            for _ in vw:  # drop the verb's words, keep the arguments' own spacing
                rest = rest.lstrip()[len(rest.lstrip().split(None, 1)[0]):]
            best, best_len = (verb, rest.strip()), len(vw)
    return best


def unknown_verb(line: str, verbs: tuple[Verb, ...], ruleset: str = "") -> str:
    """What to tell a player whose line starts with no verb: the verbs nearest what he wrote, if any
    is near (`prempt` -> preempt; `end activaton` -> end activation), then every verb, in the
    reader's language (a Russian reader is offered the Russian verbs, and his line is matched
    against them too)."""
    import difflib

    from adjudicator.i18n import _, language

    if ruleset and language() == "ru":
        from adjudicator.localize import action

        verbs = tuple(replace(v, words=action(ruleset, v.words)) for v in verbs)

    words = line.lower().split()
    known = sorted({v.words for v in verbs})
    near = [w for w in known if difflib.get_close_matches(" ".join(words[:len(w.split())]), [w], n=1, cutoff=0.75)]
    if near:
        return _("unknown action {word!r}: did you mean {near}? (this game knows: {known})").format(
            word=line.split()[0], near=_(" or ").join(near), known=", ".join(known))
    return _("unknown action {word!r} (this game knows: {known})").format(word=line.split()[0], known=", ".join(known))


def _in_english(line: str, ruleset: str) -> str:
    """A line written with the ruleset's Russian forms, read as its English form (aliases are loaded
    only for a line that is not ASCII)."""
    if not ruleset or line.isascii():
        return line
    from adjudicator.aliases import aliases

    return aliases(ruleset).english(line)


def _unreadable(number: int, verb: Verb, error: ValueError, ruleset: str) -> str:
    """What a verb's parser found wrong with a line, in the reader's language, the verb in his words."""
    from adjudicator.i18n import _, render, said

    shown, why = verb.words, render(said(error))
    if ruleset:
        from adjudicator.localize import action as in_words, line

        shown, why = in_words(ruleset, verb.words), line(ruleset, why)
    return _("line {n}: {verb}: {why}").format(n=number, verb=shown, why=why)


def parse(text: str, verbs: tuple[Verb, ...], actor: str, ruleset: str = "") -> Post:
    """Parse a whole post; NotationError names the line of the first thing that cannot be read.
    A line may be written in the ruleset's Russian forms (adjudicator.aliases): it is read as its
    English form. The `|` lines of sealed orders are kept as written (they are committed to)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_POST_BYTES:
        raise NotationError(Msg("the post is longer than {limit} bytes", limit=MAX_POST_BYTES).text())
    after: tuple[int, str] | None = None
    game: str | None = None
    pending: list[tuple[int, Verb, str, list[str], tuple[int, ...] | None]] = []
    seen_action = False
    for number, raw in enumerate(split_lines(text), start=1):
        stripped = raw.strip()
        if stripped.startswith("|"):
            if not pending or not pending[-1][1].takes_body:
                raise NotationError(Msg("line {n}: a | line belongs to an action that takes a body (unseal)", n=number).text())
            pending[-1][3].append(stripped[1:].strip())
            continue
        line = _strip_comment(raw)
        if not line:
            continue
        if line.lower() in _END:
            break
        m = _GAME.match(line)
        if m:
            if seen_action or after is not None or game is not None:
                raise NotationError(Msg("line {n}: `game ID` must be the first line of the post", n=number).text())
            game = m.group(1)
            continue
        m = _AFTER.match(line)
        if m:
            if seen_action or after is not None:
                raise NotationError(Msg("line {n}: `after SEQ HASH` must be the first line of the post", n=number).text())
            after = (int(m.group(1)), m.group(2).lower())
            continue
        if line.lower().startswith(("after", "после")):
            raise NotationError(Msg("line {n}: write the head as `after SEQ HASH`, HASH being 8 or more hex digits",
                                      n=number).text())
        m = _ROLLED.match(line)
        if m:
            if not pending:
                raise NotationError(Msg("line {n}: `rolled` reports the dice of the action above it; there is none",
                                          n=number).text())
            try:
                values = tuple(int(v) for v in m.group(1).replace(",", " ").split())
            except ValueError:
                raise NotationError(Msg("line {n}: `rolled` takes whole numbers, the faces rolled", n=number).text()) from None
            n, verb, args, body, old = pending[-1]
            if old is not None:
                raise NotationError(Msg("line {n}: the dice of line {first} are reported already", n=number, first=n).text())
            pending[-1] = (n, verb, args, body, values)
            continue
        line = _in_english(line, ruleset)
        found = _match_verb(line, verbs)
        if found is None:
            raise NotationError(Msg("line {n}: {why}", n=number, why=unknown_verb(line, verbs, ruleset)).text())
        verb, args = found
        pending.append((number, verb, args, [], None))
        seen_action = True
    if not pending:
        raise NotationError(Msg("the post holds no action").text())
    lines = []
    for number, verb, args, body, reported in pending:
        try:
            action = verb.parse(args, actor, tuple(body))
        except ValueError as e:
            raise NotationError(_unreadable(number, verb, e, ruleset)) from None
        lines.append(PostLine(number, action, reported))
    return Post(after, tuple(lines), game)


def format_action(action: Action, verbs: tuple[Verb, ...]) -> str:
    """Print an action back in the notation it is posted in."""
    for verb in verbs:
        if type(action) is verb.action:
            return verb.format(action)
    raise NotationError(f"no notation for {type(action).__name__}")
