"""`adjudicator show`: the result of the post that wrote an event, printed again as it was pasted.

A post is its record (`post-received`) and the run of consecutive events its author wrote after it;
in a log without records (or for events no post made: a reveal, a key), the run of consecutive events
one actor wrote, two such posts of the same actor in a row reading as one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from events.core import Envelope, PostReceived
from adjudicator.draft import Outcome
from adjudicator.engine import Game
from adjudicator.errors import BadInput
from adjudicator.logsource import open_source
from adjudicator.i18n import _


@dataclass(frozen=True)
class Event:
    event: Envelope
    outcome: Outcome
    digest: str


@dataclass(frozen=True)
class Repost:
    game: Game
    events: list[Event]
    after: tuple[int, str]
    head: tuple[int, str]
    record: PostReceived | None = None  # the post's record, the event before `events`, when a text was posted


def post_at(log: str | Path, seq: int) -> Repost:
    """The events of the post that wrote event `seq` of a game (its database or public log), folded
    and checked on the way as `log` does (rolls are left to `verify`)."""
    from adjudicator.verify import verify

    run: list[Event] = []
    found: list[Event] = []
    games: list[Game] = []

    def each(game: Game, event: Envelope, digest: str, outcome: Outcome) -> None:
        if found:
            return
        if run and (run[-1].event.actor != event.actor or type(event.action) is PostReceived):
            if run[0].event.seq <= seq <= run[-1].event.seq:
                found.extend(run)
                return
            run.clear()
        run.append(Event(event, outcome, digest))
        games[:] = [game]

    report = verify(open_source(log), check_rolls=False, each_event=each)
    error = report.error()
    if error is not None:
        raise error
    if not found and run and run[0].event.seq <= seq <= run[-1].event.seq:
        found.extend(run)
    if not found:
        raise BadInput(_("{log}: no event {seq} (the log has events 1 to {head})").format(log=log, seq=seq, head=report.events))
    first, last = found[0], found[-1]
    after, head = (first.event.seq - 1, first.event.prev), (last.event.seq, last.digest)
    record = first.event.action
    if isinstance(record, PostReceived) and len(found) > 1:
        return Repost(games[0], found[1:], after, head, record)
    return Repost(games[0], found, after, head)
