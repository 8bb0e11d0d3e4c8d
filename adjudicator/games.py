"""A game on disk: its database and the referee's secret file beside it.

Creating a game, posting to it, revealing its dice, reading any point of it,
exporting and importing its public log. The CLI is a thin layer over these.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from events.core import REFEREE, DiceCommitment, GameCreated, SecretRevealed
from adjudicator import notation, rulesets, secrets
from adjudicator.chain import FLOATS, GENESIS, to_line, unwritable_float
from adjudicator.core import CoreState, GameState, last_closed_epoch
from adjudicator.dice import chains_to
from adjudicator.engine import Built, Game, at_head, game_over, build_all, creation_event, data_digest, load_game, replay_event, start
from adjudicator.errors import BadInput, Conflict, Rejected
from adjudicator.notation import PostLine
from adjudicator.logsource import open_source
from adjudicator.ruledata import merge_tables, read_toml
from adjudicator.store import SNAPSHOT_EVERY, Store
from adjudicator.verify import verify

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


@dataclass(frozen=True)
class Posted:
    game: Game
    built: list[Built]
    after: tuple[int, str]  # the head the post was written against
    head: tuple[int, str]


def _check_names(players: list[str]) -> tuple[str, ...]:
    if not players:
        raise BadInput("a game needs at least one --player")
    for p in players:
        if not _NAME.match(p) or p == REFEREE:
            raise BadInput(f"player name {p!r}: lowercase letters, digits, - and _, starting with a letter, not 'referee'")
    if len(set(players)) != len(players):
        raise BadInput("player names must differ")
    return tuple(players)


def new_game(
    db_path: str | Path,
    ruleset_name: str,
    players: list[str],
    *,
    game_id: str | None = None,
    scenario: str | None = None,
    options: list[str] = (),
    tables_path: str | Path | None = None,
    dice_mode: str = "committed",
    epochs: int | None = None,
    secret_top: bytes | None = None,
) -> Posted:
    """Create the database and, for committed dice, the referee's secret file beside it."""
    rs = rulesets.get(ruleset_name)
    db_path = Path(db_path)
    game_id = game_id or db_path.stem
    if not _NAME.match(game_id):
        raise BadInput(f"game id {game_id!r}: lowercase letters, digits, - and _ (use --game)")
    if dice_mode not in ("committed", "reported"):
        raise BadInput("--dice is committed (the referee's secret) or reported (players roll real dice)")
    if scenario is None and rs.scenarios:
        scenario = next(iter(rs.scenarios))
    if scenario is not None and scenario not in rs.scenarios:
        raise BadInput(f"unknown scenario {scenario!r} for {rs.name}; known: {', '.join(rs.scenarios) or 'none'}")
    for opt in options:
        if opt not in rs.options:
            raise BadInput(f"unknown option {opt!r} for {rs.name}; known: {', '.join(rs.options) or 'none'}")
    tables = dict(rs.tables)
    if tables_path is not None:
        tables = merge_tables(tables, read_toml(Path(tables_path)))
    data = {"scenario": rs.scenarios[scenario].data if scenario else {}, "tables": tables}
    bad = unwritable_float(data)
    if bad is not None:
        raise BadInput(f"{bad[0]} = {bad[1]!r}{f' (from {tables_path})' if tables_path else ''}: {FLOATS}")
    epochs = epochs or rs.default_epochs
    secret_file = secrets.secret_path(db_path)
    if db_path.exists():
        raise BadInput(f"{db_path} already exists: refusing to overwrite a game")
    secret = secrets.generate(game_id, epochs, secret_top) if dice_mode == "committed" else None
    created = GameCreated(
        game=game_id, ruleset=rs.name, players=_check_names(list(players)), scenario=scenario or "",
        options=tuple(options), data=data, data_digest=data_digest(data),
        dice=DiceCommitment(mode=dice_mode, epochs=epochs, anchor=secret.anchor() if secret else ""),
    )
    env, body, digest = creation_event(created)
    game = load_game(body)
    state = start(game)  # a bad scenario fails here, before anything is written
    if secret is not None:
        secrets.write(secret_file, secret)
    try:
        with Store(db_path, create=True) as store:
            store.append(game_id, (0, GENESIS), [(1, digest, body)])
    except BaseException:
        _remove(db_path)
        secret_file.unlink(missing_ok=True)
        raise
    return Posted(game, [Built(env, body, digest, state, at_head(state, 1, digest))], (0, GENESIS), (1, digest))


def open_game(store: Store) -> Game:
    first = store.event(1)
    if first is None:
        raise BadInput(f"{store.path}: the game has no events")
    return load_game(bytes(first[2]))


def current_state(store: Store, game: Game, upto: int | None = None) -> GameState:
    """The state at `upto` (default: the head): the nearest snapshot, then the events after it.

    A snapshot is only a cache: one that does not decode, or does not sit on the stored
    chain, is passed over and the events are replayed instead."""
    state = _snapshot_state(store, game, upto)
    if state is None:
        _, digest, _ = store.event(1)
        state = at_head(start(game), 1, digest)
    head = (state.core.seq, state.core.head)
    for seq, digest, body in store.rows(state.core.seq, upto):
        state = replay_event(game, state, game.decode(bytes(body), f"seq {seq}"))
        head = (seq, digest)
    return at_head(state, *head)


def _snapshot_state(store: Store, game: Game, upto: int | None) -> GameState | None:
    snap = store.snapshot(upto)
    if snap is None:
        return None
    seq, digest, blob = snap
    row = store.event(seq)
    try:
        state = game.decode_state(bytes(blob))
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError):
        return None
    if row is None or row[1] != digest or state.core.seq != seq or state.core.head != digest:
        return None
    return state


class _SecretLoader:
    """Reads the secret file only when a roll or a reveal needs it, and proves every epoch
    secret it hands out on the committed chain (down to the last revealed secret, or the
    anchor) before any die is drawn from it, so a corrupt file cannot draw rolls off the chain."""

    def __init__(self, db_path: Path, game: Game, core: CoreState):
        self._path = secrets.secret_path(db_path)
        self._game = game
        self._known = (core.revealed_epoch, bytes.fromhex(core.revealed_secret))
        self._secret: secrets.DiceSecret | None = None
        self._cache: dict[int, bytes] = {}

    def __call__(self, epoch: int) -> bytes:
        if epoch not in self._cache:
            if self._secret is None:
                c = self._game.created
                self._secret = secrets.load(self._path, c.game, c.dice.anchor)
            secret = self._secret.for_epoch(epoch)
            if not chains_to(secret, epoch, self._known[1], self._known[0]):
                raise Rejected(f"{self._path} is corrupt: its secret for epoch {epoch} is not on the committed chain")
            self._cache[epoch] = secret
        return self._cache[epoch]


def snapshots_for(game: Game, built: list[Built]) -> list[tuple[int, str, bytes]]:
    keep = [b for b in built[:-1] if b.event.seq % SNAPSHOT_EVERY == 0] + built[-1:]
    return [(b.event.seq, b.hash, game.encode_state(b.after)) for b in keep]


def submit(db_path: str | Path, actor: str, lines: tuple[PostLine, ...], after: tuple[int, str] | None = None) -> Posted:
    """Validate, roll and append a whole post in one transaction, or nothing."""
    with Store(db_path) as store:
        game = open_game(store)
        head = store.head()
        if after is not None:
            seq, prefix = after
            if seq != head[0] or not head[1].startswith(prefix):
                raise Conflict(
                    f"the post was written after #{seq} {prefix}, but the head is #{head[0]} {head[1][:8]}: "
                    "read the new events and post again"
                )
        state = current_state(store, game)
        if (state.core.seq, state.core.head) != head:
            raise Conflict("the game moved while the post was read: post again")
        built = build_all(game, state, actor, lines, _SecretLoader(Path(db_path), game, state.core))
        rows = [(b.event.seq, b.hash, b.body) for b in built]
        new_head = store.append(game.created.game, head, rows, snapshots_for(game, built))
    return Posted(game, built, head, new_head)


def post(db_path: str | Path, text: str, actor: str) -> Posted:
    with Store(db_path, readonly=True) as store:
        game = open_game(store)
    parsed = notation.parse(text, game.verbs, actor)
    return submit(db_path, actor, parsed.lines, parsed.after)


def reveal(db_path: str | Path) -> Posted | None:
    """Publish the secret of every closed epoch not yet revealed; None when there is none."""
    with Store(db_path, readonly=True) as store:
        game = open_game(store)
        state = current_state(store, game)
    if state.core.dice_mode != "committed":
        raise Rejected("this game's dice are reported by the players: there is no secret to reveal")
    loader = _SecretLoader(Path(db_path), game, state.core)
    last = last_closed_epoch(game.ruleset.epoch(state.rules), game_over(game, state))
    lines = tuple(
        PostLine(0, SecretRevealed(epoch=e, secret=loader(e).hex()))
        for e in range(state.core.revealed_epoch + 1, last + 1)
    )
    if not lines:
        return None
    return submit(db_path, REFEREE, lines, (state.core.seq, state.core.head))


def state_at(db_path: str | Path, at: int | None = None) -> tuple[Game, GameState]:
    with Store(db_path, readonly=True) as store:
        game = open_game(store)
        head = store.head()[0]
        if at is not None and not 1 <= at <= head:
            raise BadInput(f"--at {at}: the game has events 1 to {head}")
        return game, current_state(store, game, at)


def state_of(log: str | Path, at: int | None = None) -> tuple[Game, GameState]:
    """The state at `at` (default: the end) of a game database or of an exported log.

    A database is read from its nearest snapshot; an export is folded and checked on the way
    (its chain and rules; rolls are left to `verify`)."""
    source = open_source(log)
    if source.is_database:
        return state_at(log, at)
    report = verify(source, upto=at, check_rolls=False)
    if not report.ok:
        err = BadInput if report.malformed else Rejected
        raise err("\n".join(p.message for p in report.problems))
    if at is not None and not 1 <= at <= report.events:
        raise BadInput(f"--at {at}: the log has events 1 to {report.events}")
    return report.context, report.state


def export(db_path: str | Path, out: str | Path) -> tuple[int, str]:
    """Write the public log (the database never holds a secret, so neither does this)."""
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    with Store(db_path, readonly=True) as store, open(tmp, "wb") as f:
        head = store.head()
        for _seq, digest, body in store.rows(0, head[0]):
            f.write(to_line(bytes(body), digest) + b"\n")
    os.replace(tmp, out)
    return head


def import_log(jsonl: str | Path, db_path: str | Path) -> tuple[int, str]:
    """Verify a public log, then store it as a new game database."""
    db_path = Path(db_path)
    if db_path.exists():
        raise BadInput(f"{db_path} already exists: refusing to overwrite a game")
    source = open_source(jsonl)
    report = verify(source)
    if not report.ok:
        err = BadInput if report.malformed else Rejected
        raise err(f"{jsonl} does not verify: {report.problems[0].message}")
    rows = [(seq, digest, body) for seq, (_n, body, digest) in enumerate(source.rows(), start=1)]
    game = load_game(rows[0][2])
    try:
        with Store(db_path, create=True) as store:
            store.append(game.created.game, (0, GENESIS), rows,
                         [(report.head[0], report.head[1], game.encode_state(report.state))])
    except BaseException:
        _remove(db_path)
        raise
    return report.head


def _remove(db_path: Path) -> None:
    """Take away a database this call created and could not finish."""
    for p in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        p.unlink(missing_ok=True)
