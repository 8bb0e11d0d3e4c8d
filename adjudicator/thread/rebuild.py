"""`thread import`: a game played again from its thread, for a referee who lost the database, or to
audit a game played on a forum without the tool.

The game is made anew as `new` makes it (with the dice secret the referee kept, its rolls are the
same); then, in the thread's order, each turn post is posted as its author's (a post that does not
read as the game's notation is talk, and is passed over), and each result's events that no post made
(a reveal, a client seed given with `join`, a key) are made again. Every receipt must name the head the
rebuilt log has at its seq; at the end the thread is checked against the rebuilt log as `thread
verify` checks it. Leniently, a post the game refuses is reported and passed over, and a thread
without receipts (a game played without the tool, its dice in `rolled` lines) is only played."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator import games
from adjudicator.errors import AdjudicatorError, BadInput, NotationError
from adjudicator.i18n import _
from adjudicator.thread.check import check, read_log, sides_of
from adjudicator.thread.posts import ThreadPost
from adjudicator.thread.witness import Receipt, actor_of_result, receipts


@dataclass
class Rebuilt:
    head: tuple[int, str] = (0, "")
    posted: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


_ITEM = re.compile(r"^(?:\[\*\]|[•*\-–] )")


class _Stop(Exception):
    """Strict: the first problem ends the rebuild."""


def rebuild(posts: list[ThreadPost], db: str | Path, new: dict[str, Any] | None, authors: dict[str, str], *,
            secret: str | Path | None = None, lenient: bool = False, tables: str | Path | None = None) -> Rebuilt:
    """Play the thread into a new game at `db` (`new`: new_game's arguments; None: as the thread's
    result of `new` says, with `tables` if the game had its own). The game is built beside its place
    and put there only when the thread could be played (strictly: without a refused post)."""
    db = Path(db)
    if db.exists():
        raise BadInput(_("{path} already exists: refusing to overwrite a game").format(path=db))
    if new is None:
        new = {**created_in(posts), "tables_path": tables}
    if secret is not None:
        new = {**new, **_kept_secret(Path(secret))}
    work = Path(tempfile.mkdtemp(prefix=f".{db.name}.", dir=db.parent))
    try:
        built = work / db.name
        games.new_game(built, **new)
        done = _play(posts, built, authors, lenient)
        if not done.problems or lenient:
            for path in (built, Path(str(built) + ".secret")):
                if path.exists():
                    os.replace(path, db.parent / path.name.replace(built.name, db.name, 1))
        return done
    finally:
        shutil.rmtree(work, ignore_errors=True)


_NEW = re.compile(r"^new (\S+) game '([^']+)' in .*: players ([^:]+?)(?:, scenario ([^,\s]+))?(?:, options (.+))?$")


def created_in(posts: list[ThreadPost]) -> dict[str, Any]:
    """new_game's arguments, as the result of `new` in the thread (its receipt names seq 1) states them:
    the ruleset, game, players, scenario, options and dice (the keys it registered are made again from
    its `key` lines, as a result's other events no post made)."""
    for p in posts:
        if any(r.first == 1 for r in receipts(p)):
            for line in p.body.splitlines():
                m = _NEW.match(" ".join(line.split()))
                if m:
                    return {"ruleset_name": m.group(1), "game_id": m.group(2), "players": m.group(3).split(", "),
                            "scenario": m.group(4), "options": m.group(5).split(", ") if m.group(5) else [],
                            "dice_mode": "reported" if "dice: reported" in p.body else "committed"}
    raise BadInput(_("the thread holds no result of `new` (its receipt names seq 1): give --ruleset and --player"))


def _kept_secret(path: Path) -> dict[str, Any]:
    import msgspec

    from adjudicator.secrets import DiceSecret

    try:
        kept = msgspec.json.decode(path.read_bytes(), type=DiceSecret)
        top = bytes.fromhex(kept.top)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, ValueError) as e:
        raise BadInput(_("{path}: not a dice secret file ({error})").format(path=path, error=e)) from None
    return {"game_id": kept.game, "epochs": kept.epochs, "secret_top": top}


def _play(posts: list[ThreadPost], db: Path, authors: dict[str, str], lenient: bool) -> Rebuilt:
    done = Rebuilt()
    game, _state = games.state_at(db)

    def problem(message: str) -> None:
        done.problems.append(message)
        if not lenient:
            raise _Stop

    try:
        for n, p in enumerate(posts):
            found = receipts(p)
            if found:
                for r in found:
                    _redo_tool_events(db, p, r, problem)
                    _against(db, r, problem)
                continue
            side = sides_of(authors, p) if p.author else _unnamed_author(db, posts, n)
            if side not in game.actors:
                continue
            try:
                games.post(db, p.body, side)
                done.posted += 1
            except NotationError:
                continue  # talk, not a turn
            except AdjudicatorError as e:
                problem(_("{post}: refused: {error}").format(post=p.named(), error=e))
    except _Stop:
        pass
    _game, state = games.state_at(db)
    done.head = (state.core.seq, state.core.head)
    if not done.problems and any(receipts(p) for p in posts):
        game, events = read_log(db)
        done.problems += check(posts, game, events, authors).disagreements
    return done


def _unnamed_author(db: Path, posts: list[ThreadPost], n: int) -> str:
    """Who wrote a post the thread shows without its author (the source forum's dump): the player whose
    key signed it, or else the side the result that answers it names."""
    _game, state = games.state_at(db)
    if state.core.keys:
        from adjudicator.signing import signer

        found = signer(state.core.keys, posts[n].body)
        if found:
            return found
    answer = next((p for p in posts[n + 1:] if receipts(p)), None)
    return actor_of_result(answer) if answer is not None else ""


def _redo_tool_events(db: Path, post: ThreadPost, r: Receipt, problem) -> None:
    """The events of a result that no post made, made again as the tool made them."""
    _game, state = games.state_at(db)
    if r.digest or r.last <= state.core.seq:
        return
    # each line as a reader sees it, less a list item's mark (a result's actions are list items)
    lines = [_ITEM.sub("", " ".join(line.split())) for line in post.body.replace("\u200b", "").splitlines()]
    try:
        if any(line.startswith("reveal ") for line in lines):
            games.reveal(db)
        for line in lines:
            words = line.split()
            if words[:1] == ["seed"] and len(words) > 1:
                games.join(db, actor_of_result(post), line[len("seed "):])
            elif words[:1] == ["key"] and len(words) >= 4:
                games.register_key(db, words[1], f"{words[2]} {words[3]}")
    except AdjudicatorError as e:
        problem(_("{post}: its events cannot be made again: {error}").format(post=post.named(), error=e))


def _against(db: Path, r: Receipt, problem) -> None:
    """The rebuilt log at the receipt's last seq has the receipt's head."""
    from adjudicator.store import Store

    with Store(db, readonly=True) as store:
        row = store.event(r.last)
    if row is None or not row[1].startswith(r.head):
        got = f"#{r.last} {row[1][:16]}" if row else _("no event #{seq}").format(seq=r.last)
        problem(_("{post}: the rebuilt game does not reach its receipt's head {head} at #{seq} (it has {got})").format(
            post=r.post.named(), head=r.head, seq=r.last, got=got))

