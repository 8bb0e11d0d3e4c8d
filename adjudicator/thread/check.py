"""`thread verify`: a forum thread and a log, checked against each other.

The log must verify on its own first. Then every receipt in the thread must name a seq range of the
log and the log's head at its end, and, where a post made the events, the digest of that post's
record; the rolls a result shows must be the log's; every post the log records must be in the thread
(a thread post whose normal form has the record's digest), by the author who posted it; every event
of the log must lie in some receipt's range; and no turn post of the thread may be missing from the
log. Each disagreement names the thread post (date, author, title)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from events.core import REFEREE, Envelope, PostReceived
from adjudicator.engine import Game
from adjudicator.errors import BadInput, NotationError
from adjudicator.i18n import _, ngettext
from adjudicator.posttext import digest as post_digest
from adjudicator.thread.posts import ThreadPost
from adjudicator.thread.witness import Receipt, receipts, shown_rolls


@dataclass(frozen=True)
class LoggedEvent:
    event: Envelope
    hash: str


@dataclass
class Verdict:
    events: int = 0
    posts: int = 0
    results: int = 0
    disagreements: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.disagreements


def read_log(log: str | Path) -> tuple[Game, list[LoggedEvent]]:
    """Every event of a log that verifies, with its hash; the log's own failure otherwise."""
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify

    found: list[LoggedEvent] = []
    report = verify(open_source(log), each_event=lambda game, event, digest, outcome: found.append(LoggedEvent(event, digest)))
    error = report.error(_("{log} does not verify, so no thread can agree with it: ").format(log=log))
    if error is not None:
        raise error
    assert report.context is not None
    return report.context, found


def sides_of(authors: dict[str, str], post: ThreadPost) -> str:
    """The side (or referee) a forum name posts as: as mapped with --author, else the name itself."""
    return authors.get(post.author, post.author.lower())


def check(posts: list[ThreadPost], game: Game, events: list[LoggedEvent], authors: dict[str, str]) -> Verdict:
    verdict = Verdict(events=len(events))
    by_seq = {e.event.seq: e for e in events}
    found = [r for p in posts for r in receipts(p)]
    result_posts = {id(r.post) for r in found}
    digests = {id(p): post_digest(p.body) for p in posts if id(p) not in result_posts}
    covered = _check_receipts(verdict, game, found, by_seq)
    records = [e for e in events if isinstance(e.event.action, PostReceived)]
    explained: set[int] = set()
    for logged in records:
        _check_record(verdict, posts, logged, digests, found, authors, explained)
    gaps = _gaps(covered, len(events))
    for first, last in gaps:
        verdict.disagreements.append(_("the log's events #{first}-#{last} have no result in the thread "
                                       "(no receipt names them)").format(first=first, last=last))
    held = {e.event.action.digest for e in records if isinstance(e.event.action, PostReceived)}
    for p in posts:
        if id(p) in digests and id(p) not in explained and digests[id(p)] not in held and _is_turn(game, p, authors):
            verdict.disagreements.append(_("{post}: a turn post the log does not hold").format(post=p.named()))
    verdict.posts, verdict.results = len(records), len(found)
    return verdict


def _check_receipts(verdict: Verdict, game: Game, found: list[Receipt], by_seq: dict[int, LoggedEvent]) -> list[tuple[int, int]]:
    """Each receipt against the log; the seq ranges of those that agree."""
    covered: list[tuple[int, int]] = []
    seen: dict[tuple[int, int], Receipt] = {}
    for r in found:
        where = r.post.named()
        if r.game != game.created.game:
            verdict.disagreements.append(_("{where}: a result of game {posted}, not {game}").format(
                where=where, posted=r.game, game=game.created.game))
            continue
        end = by_seq.get(r.last)
        if r.first < 1 or r.first > r.last or end is None or not end.hash.startswith(r.head):
            said = _("{where}: a result the log never held: its receipt names #{first}-#{last} and head {head}, but "
                     "the log's head at #{last} is {logged}") if end else \
                _("{where}: a result the log never held: its receipt names #{first}-#{last} and head {head}, but "
                  "the log ends at #{logged}")
            verdict.disagreements.append(said.format(where=where, first=r.first, last=r.last, head=r.head,
                                                     logged=end.hash[:16] if end else len(by_seq)))
            continue
        start = by_seq[r.first].event.action
        logged_digest = start.digest if isinstance(start, PostReceived) else ""
        if r.digest != logged_digest[:len(r.digest)] or bool(r.digest) != bool(logged_digest):
            verdict.disagreements.append(_("{where}: a result the log never held: its receipt names the post "
                                           "{posted} at #{first}, the log {logged}").format(
                where=where, posted=r.digest or "-", first=r.first, logged=logged_digest[:16] or "-"))
            continue
        if (r.first, r.last) in seen:
            verdict.disagreements.append(_("{where}: a result pasted twice: #{first}-#{last} is already {post}").format(
                where=where, first=r.first, last=r.last, post=seen[(r.first, r.last)].post.named()))
            continue
        seen[(r.first, r.last)] = r
        covered.append((r.first, r.last))
        _check_rolls(verdict, r, [by_seq[s].event for s in range(r.first, r.last + 1)])
    return covered


def _check_rolls(verdict: Verdict, r: Receipt, events: list[Envelope]) -> None:
    logged = [(roll.expr, tuple(roll.dice)) for e in events for roll in e.rolls]
    shown = shown_rolls(r.post)
    for n, (a, b) in enumerate(zip(shown, logged), start=1):
        if a != b:
            verdict.disagreements.append(_("{post}: roll {n} of the result shows {shown}, the log holds {logged}").format(
                post=r.post.named(), n=n, shown=f"{a[0]} {list(a[1])}", logged=f"{b[0]} {list(b[1])}"))
            return
    if len(shown) != len(logged):
        verdict.disagreements.append(ngettext("{post}: the result shows {shown} roll, the log holds {logged} in #{first}-#{last}",
                                              "{post}: the result shows {shown} rolls, the log holds {logged} in #{first}-#{last}",
                                              len(shown)).format(
            post=r.post.named(), shown=len(shown), logged=len(logged), first=r.first, last=r.last))


def _check_record(verdict: Verdict, posts: list[ThreadPost], logged: LoggedEvent, digests: dict[int, str],
                  found: list[Receipt], authors: dict[str, str], explained: set[int]) -> None:
    record, seq, actor = logged.event.action, logged.event.seq, logged.event.actor
    assert isinstance(record, PostReceived)
    matching = [p for p in posts if digests.get(id(p)) == record.digest and id(p) not in explained]
    if matching:  # two posts of the same text (`end turn`): the first by the log's author, if any is
        p = next((q for q in matching if sides_of(authors, q) == actor), matching[0])
        explained.add(id(p))
        side = sides_of(authors, p)
        if p.author and side != actor:
            verdict.disagreements.append(_("{post}: a post from the wrong author: the log holds it (#{seq}) as {actor}'s, "
                                           "the thread shows it by {author}").format(post=p.named(), seq=seq, actor=actor,
                                                                                    author=p.author))
        return
    result = next((r for r in found if r.first == seq), None)
    candidate = _answered(posts, result, digests, authors, actor, explained) if result else None
    if candidate is not None:
        explained.add(id(candidate))
        verdict.disagreements.append(_("{post}: edited after its result: its text is not the post the log holds "
                                       "(#{seq}, {actor}, sha256 {digest}), which {result} answers").format(
            post=candidate.named(), seq=seq, actor=actor, digest=record.digest[:16],
            result=result.post.named() if result else _("a result")))
    else:
        said = _("a missing post: {actor}'s post that the log holds at #{seq} (sha256 {digest}) is not in the thread, "
                 "answered by {result}") if result else \
            _("a missing post: {actor}'s post that the log holds at #{seq} (sha256 {digest}) is not in the thread")
        verdict.disagreements.append(said.format(actor=actor, seq=seq, digest=record.digest[:16],
                                                 result=result.post.named() if result else ""))


def _answered(posts: list[ThreadPost], result: Receipt, digests: dict[int, str], authors: dict[str, str],
              actor: str, explained: set[int]) -> ThreadPost | None:
    """The post a result answers, when it is not the one the log holds: the last post before the result,
    since the result before it, that no record explains, by the log's author where the thread names one."""
    at = next(i for i, p in enumerate(posts) if p is result.post)
    for p in reversed(posts[:at]):
        if id(p) not in digests:
            return None  # the result before: the post it answers is gone
        if id(p) not in explained and (not p.author or sides_of(authors, p) == actor):
            return p
    return None


def _gaps(covered: list[tuple[int, int]], events: int) -> list[tuple[int, int]]:
    seqs: set[int] = set()
    for first, last in covered:
        seqs.update(range(first, last + 1))
    gaps, start = [], None
    for s in range(1, events + 1):
        if s not in seqs and start is None:
            start = s
        if s in seqs and start is not None:
            gaps.append((start, s - 1))
            start = None
    if start is not None:
        gaps.append((start, events))
    return gaps


def _is_turn(game: Game, post: ThreadPost, authors: dict[str, str]) -> bool:
    """Whether the post reads as a turn in the game's notation (a chat post does not)."""
    from adjudicator import notation, posttext

    side = sides_of(authors, post)
    actor = side if side in game.actors else REFEREE
    try:
        signed, signature = posttext.split_signed(post.body)
        notation.parse(signed if signature else post.body, game.verbs, actor)
    except (NotationError, BadInput):
        return False
    return True
