"""A game on disk: its database and the referee's secret file beside it.

Creating a game, posting to it, revealing its dice, reading any point of it,
exporting and importing its public log. The CLI is a thin layer over these.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from typing import TYPE_CHECKING

import msgspec

from events.core import (REFEREE, DiceCommitment, GameCreated, OrdersSealed, OrdersUnsealed, PlayerKey, PostReceived,
                         SecretRevealed, SeedContributed)
from adjudicator import notation, rulesets, sealed
from adjudicator.chain import DOMAIN, FLOATS, GENESIS, to_line, unwritable_float
from adjudicator.core import CoreState, GameState, last_closed_epoch
from adjudicator.dice import chains_to
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import (Built, Game, Held, at_head, build_all, creation_event, data_digest, game_over, load_game, replay_event,
                                replay_told, start, violations)
from adjudicator.errors import BadInput, Conflict, Rejected, StorageFault, storage_cause
from adjudicator.i18n import N_, _
from adjudicator.localize import core_action
from adjudicator.notation import PostLine
from adjudicator.ruleset import Awaiting
from adjudicator.logsource import LogSource, open_source
from adjudicator.store import SNAPSHOT_EVERY, Store

# verify (for a .jsonl), staging (to make a game), ruledata and secrets are imported by the functions
# that use them: status, options and post of a game database never pay for them at start-up.

if TYPE_CHECKING:
    from adjudicator.secrets import DiceSecret
    from adjudicator.verify import Report

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


@dataclass(frozen=True)
class Posted:
    game: Game
    built: list[Built]  # the events the post's lines made
    after: tuple[int, str]  # the head the post was written against
    head: tuple[int, str]
    held: Held | None = None  # lines not applied: an earlier line handed the decision on
    record: Built | None = None  # the post's record, the event before `built`, when a text was posted

    @property
    def received(self) -> PostReceived | None:
        """What the post's record holds: its digest, and its signed text and signature."""
        return self.record.event.action if self.record is not None else None


def _check_names(players: list[str]) -> tuple[str, ...]:
    if not players:
        raise BadInput(_("a game needs at least one --player"))
    for p in players:
        if not _NAME.match(p) or p == REFEREE:
            raise BadInput(_("player name {name!r}: lowercase letters, digits, - and _, starting with a letter, not 'referee'")
                           .format(name=p))
    if len(set(players)) != len(players):
        raise BadInput(_("player names must differ"))
    return tuple(players)


def new_game(
    db_path: str | Path,
    ruleset_name: str,
    players: list[str],
    *,
    game_id: str | None = None,
    scenario: str | None = None,
    options: Sequence[str] = (),
    tables_path: str | Path | None = None,
    dice_mode: str = "committed",
    epochs: int | None = None,
    secret_top: bytes | None = None,
    keys: dict[str, str | Path] | None = None,
) -> Posted:
    """Create the database and, for committed dice, the referee's secret file beside it; with `keys`
    (a player's SSH public key file), the events that register them follow the game's first."""
    rs = rulesets.get(ruleset_name)
    db_path = Path(db_path)
    game_id = game_id or db_path.stem
    if not _NAME.match(game_id):
        raise BadInput(_("game id {game!r}: lowercase letters, digits, - and _ (use --game)").format(game=game_id))
    if dice_mode not in ("committed", "reported"):
        raise BadInput(_("--dice is committed (the referee's secret) or reported (players roll real dice)"))
    for opt in options:
        if opt not in rs.options:
            raise BadInput(_("unknown option {option!r} for {ruleset}; known: {known}").format(
                option=opt, ruleset=rs.name, known=", ".join(rs.options) or _("none")))
    from adjudicator import secrets
    from adjudicator.ruledata import merge_tables, read_toml
    from adjudicator.staging import staged

    tables = dict(rs.tables)
    if tables_path is not None:
        tables = merge_tables(tables, read_toml(Path(tables_path)), str(tables_path))
    scenario, played = _scenario(rs, scenario, tables)
    data = {"scenario": played, "tables": tables}
    bad = unwritable_float(data)
    if bad is not None:
        where = _("{path} = {value!r} (from {file})") if tables_path else _("{path} = {value!r}")
        raise BadInput(where.format(path=bad[0], value=bad[1], file=tables_path) + ": " + _(FLOATS))
    epochs = epochs or rs.default_epochs
    secret_file = secrets.secret_path(db_path)
    if db_path.exists():
        raise BadInput(_("{path} already exists: refusing to overwrite a game").format(path=db_path))
    secret = secrets.generate(game_id, epochs, secret_top) if dice_mode == "committed" else None
    created = GameCreated(
        game=game_id, ruleset=rs.name, players=_check_names(list(players)), scenario=scenario or "",
        options=tuple(options), data=data, data_digest=data_digest(data),
        dice=DiceCommitment(mode=dice_mode, epochs=epochs, anchor=secret.anchor() if secret else ""),
    )
    env, body, digest = creation_event(created)
    game = load_game(body)
    state = start(game)  # a bad scenario fails here, before anything is written
    built = [Built(env, body, digest, state, at_head(state, 1, digest))]
    if keys:
        from adjudicator.signing import read_key

        unknown = sorted(set(keys) - set(created.players))
        if unknown:
            raise BadInput(_("--player {name}=KEYFILE: {name} is not a player of the game").format(name=unknown[0]))
        lines = tuple(PostLine(0, PlayerKey(player=p, key=read_key(keys[p]))) for p in created.players if p in keys)
        built += build_all(game, built[0].after, REFEREE, lines, _no_secret)[0]
    # both files are made beside their places and put there whole: a killed `new` leaves no stub
    with staged(db_path, *([secret_file] if secret else [])) as staging:
        if secret is not None:
            secrets.write(staging[1], secret)
        with Store(staging[0], create=True) as store:
            store.append(game_id, (0, GENESIS), [(b.event.seq, b.hash, b.body) for b in built],
                         snapshots_for(game, built[1:]) if len(built) > 1 else [])
    return Posted(game, built, (0, GENESIS), (built[-1].event.seq, built[-1].hash))


def _no_secret(epoch: int) -> bytes:
    raise AssertionError("a key's registration rolls no dice")


def _scenario(rs: rulesets.AnyRuleset, given: str | None, tables: dict) -> tuple[str, dict]:
    """The name and content of the scenario a new game plays: a shipped one by its name (the first
    when none is given), or a referee's own file in the same format. Either is checked first, and a
    ScenarioError names each problem's line; the game's first event then holds the content whole."""
    if rs.check_scenario is None:
        if given is not None:
            raise BadInput(_("{ruleset} plays no scenario: a game needs only its players").format(ruleset=rs.name))
        return "", {}
    given = given or next(iter(rs.scenarios))
    if given in rs.scenarios:
        path, name = rs.scenarios[given].path, given
    elif given.endswith(".toml") or os.sep in given or Path(given).is_file():
        path = Path(given)
        name = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-") or "scenario"
    else:
        raise BadInput(_("unknown scenario {scenario!r} for {ruleset}; known: {known}, or a scenario file of your own "
                         "(`adjudicator scenario --ruleset {ruleset} --template` prints one to start from)").format(
            scenario=given, ruleset=rs.name, known=", ".join(rs.scenarios) or _("none")))
    assert path is not None  # every shipped scenario is read from its file
    return name, read_scenario(rs, path, tables, f"scenario {given}" if given in rs.scenarios else str(path))


def read_scenario(rs: rulesets.AnyRuleset, path: Path, tables: dict, where: str = "") -> dict:
    """The content of a scenario file once the ruleset's check finds nothing wrong in it; else a
    ScenarioError naming `where` (the file) and each problem's line."""
    import tomllib

    from adjudicator.ruledata import read_text
    from adjudicator.scenariofile import ScenarioError

    text = read_text(path)
    problems = rs.check_scenario(text, tables) if rs.check_scenario is not None else []
    if problems:
        raise ScenarioError(where or str(path), problems)
    return tomllib.loads(text)


def open_game(store: Store) -> Game:
    first = store.event(1)
    if first is None:
        raise BadInput(_("{path}: the game has no events").format(path=store.path))
    return load_game(bytes(first[2]))


def current_state(store: Store, game: Game, upto: int | None = None) -> GameState:
    """The state at `upto` (default: the head): the nearest snapshot, then the events after it.

    A snapshot is only a cache: one that does not decode, or does not sit on the stored
    chain, is passed over and the events are replayed instead."""
    state = _snapshot_state(store, game, upto)
    if state is None:
        first = store.event(1)
        if first is None:
            raise BadInput(_("{path}: the game has no events").format(path=store.path))
        state = at_head(start(game), 1, first[1])
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
        from adjudicator import secrets

        self._path = secrets.secret_path(db_path)
        self._game = game
        self._known = (core.revealed_epoch, bytes.fromhex(core.revealed_secret))
        self._secret: DiceSecret | None = None
        self._cache: dict[int, bytes] = {}

    def __call__(self, epoch: int) -> bytes:
        if epoch not in self._cache:
            if self._secret is None:
                c = self._game.created
                from adjudicator import secrets

                self._secret = secrets.load(self._path, c.game, c.dice.anchor)
            secret = self._secret.for_epoch(epoch)
            if not chains_to(secret, epoch, self._known[1], self._known[0]):
                raise Rejected(_("{path} is corrupt: its secret for epoch {epoch} is not on the committed chain").format(
                    path=self._path, epoch=epoch))
            self._cache[epoch] = secret
        return self._cache[epoch]


def snapshots_for(game: Game, built: list[Built]) -> list[tuple[int, str, bytes]]:
    keep = [b for b in built[:-1] if b.event.seq % SNAPSHOT_EVERY == 0] + built[-1:]
    return [(b.event.seq, b.hash, game.encode_state(b.after)) for b in keep]


def submit(db_path: str | Path, actor: str, lines: tuple[PostLine, ...], after: tuple[int, str] | None = None) -> Posted:
    """Validate, roll and append a whole post in one transaction, or nothing.

    The head is read, the post built on it and appended under the write lock: a post that names
    no head (`after`) lands on whatever head it finds; one that names a stale head is refused."""
    with Store(db_path) as store:
        game = open_game(store)
        with store.transaction():
            head = store.head()
            if after is not None:
                seq, prefix = after
                if seq != head[0] or not head[1].startswith(prefix):
                    raise Conflict(_("the post was written after #{seq} {prefix}, but the head is #{head} {hash}: read the "
                                     "new events and post again").format(seq=seq, prefix=prefix, head=head[0],
                                                                          hash=head[1][:8]))
            state = current_state(store, game)
            built, held = build_all(game, state, actor, lines, _SecretLoader(Path(db_path), game, state.core))
            if held is not None and lines and isinstance(lines[0].action, PostReceived) and lines[0].action.signature:
                # the log holds a signed post whole: its record is followed by every action it signs
                raise Rejected(_("a signed post is taken whole, and line {line} is refused after line {by} handed the "
                                 "decision on (now {now}): {refused}").format(
                    line=held.lines[0].line, by=held.handed_by, now=held.now, refused=held.refused))
            rows = [(b.event.seq, b.hash, b.body) for b in built]
            new_head = store.append(game.created.game, head, rows, snapshots_for(game, built))
    return Posted(game, built, head, new_head, held)


def post(db_path: str | Path, text: str, actor: str) -> Posted:
    """Append a post: its record (the digest of its text, and its signature if it is signed), then the
    events its lines make."""
    with Store(db_path, readonly=True) as store:
        game = open_game(store)
    parsed, record = read_post(game, text, actor)
    posted = submit(db_path, actor, (PostLine(0, record),) + parsed.lines, parsed.after)
    return Posted(posted.game, posted.built[1:], posted.after, posted.head, posted.held, posted.built[0])


def read_post(game: Game, text: str, actor: str) -> tuple[notation.Post, PostReceived]:
    """A post's lines and its record. A signed post is read from its signed text (its normal form)."""
    from adjudicator import posttext

    signed, signature = posttext.split_signed(text)
    parsed = notation.parse(signed if signature else text, game.verbs, actor, game.ruleset.name)
    if parsed.game is not None and parsed.game != game.created.game:
        raise BadInput(_("the post is for game {posted}, not {game}").format(posted=parsed.game, game=game.created.game))
    digest = posttext.digest(text)
    return parsed, PostReceived(digest=digest, signed=signed, signature=signature)


def reveal(db_path: str | Path) -> Posted | None:
    """Publish the secret of every closed epoch not yet revealed; None when there is none."""
    with Store(db_path, readonly=True) as store:
        game = open_game(store)
        state = current_state(store, game)
    if state.core.dice_mode != "committed":
        raise Rejected(_("this game's dice are reported by the players: there is no secret to reveal"))
    loader = _SecretLoader(Path(db_path), game, state.core)
    last = last_closed_epoch(game.ruleset.epoch(state.rules), game_over(game, state), state.core.epochs)
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
            raise BadInput(_("--at {at}: the game has events 1 to {head}").format(at=at, head=head))
        return game, current_state(store, game, at)


def state_of(log: str | Path, at: int | None = None) -> tuple[Game, GameState]:
    """The state at `at` (default: the end) of a game database or of an exported log.

    A database is read from its nearest snapshot; an export is folded and checked on the way
    (its chain and rules; rolls are left to `verify`)."""
    source = open_source(log)
    if source.is_database:
        return state_at(log, at)
    from adjudicator.verify import verify

    report = verify(source, upto=at, check_rolls=False)
    error = report.error()
    if error is not None:
        raise error
    if at is not None and not 1 <= at <= report.events:
        raise BadInput(_("--at {at}: the log has events 1 to {head}").format(at=at, head=report.events))
    return _read(report)


def _read(report: Report) -> tuple[Game, GameState]:
    """The game and the state a log that verified leads to (a report with no problem has both)."""
    if report.context is None or report.state is None:
        raise BadInput(_("the log holds no game"))
    return report.context, report.state


_LABEL = re.compile(r"^[^\s#]{1,64}$")


@dataclass(frozen=True)
class Sealing:
    """Orders sealed by `adjudicator seal`: the line to post now and, kept private, the lines that open them."""

    seal: OrdersSealed
    unseal: OrdersUnsealed


def seal_orders(log: str | Path, side: str, label: str, lines: list[str], where: str = "orders") -> Sealing:
    """Seal `side`'s orders against the game (its database or public log) as it stands, with a fresh
    random salt. Orders the game would refuse when they are opened are refused now (BadInput naming the
    order line and the rule), by the same check the opening meets (the ruleset's check_orders; the
    engine's own sealed orders have no rules); so is a seal the game would refuse (Rejected)."""
    game, state = state_of(log)
    if side not in game.created.players:
        raise BadInput(_("--as {side!r}: the sides of this game are {sides}").format(side=side, sides=", ".join(game.created.players)))
    if not _LABEL.match(label):
        raise BadInput(_("--label {label!r}: one word, without # (it is posted as `seal LABEL COMMITMENT`)").format(label=label))
    orders = sealed.normalise(lines)
    if not orders:
        raise BadInput(_("{where}: no orders to seal").format(where=where))
    check = game.ruleset.check_orders
    found = check(state.rules, side, orders) if check else []
    if found:
        raise BadInput("\n".join(f"{where}: {v}" for v in found))
    commitment, salt = sealed.seal(game.created.game, side, orders)
    action = OrdersSealed(label=label, commitment=commitment)
    found = violations(game, state, side, action)
    if found:
        raise Rejected("\n".join(f"{core_action('seal')} {label}: {v}" for v in found), violations=found)
    return Sealing(action, OrdersUnsealed(label=label, salt=salt, orders=orders))


class Awaited(msgspec.Struct, frozen=True, dict=True):
    side: str
    decision: str

    @classmethod
    def of(cls, a: Awaiting) -> Awaited:
        found = cls(a.side, a.decision)
        found.__dict__["said"] = a.said()  # shown in the reader's language; never in the JSON
        return found


class Status(msgspec.Struct, frozen=True, kw_only=True):
    """Where a game stands: `adjudicator status`, as data (its --json is this, encoded)."""

    game: str
    title: str
    ruleset: str
    scenario: str
    players: list[str]
    turn: int
    phase: str
    head: str
    dice: str
    epoch: int
    closed_epoch: int  # the last dice epoch that is closed (all of them once the game is over)
    revealed_through: int
    rolled: bool
    seeds: list[str]
    sealed: dict[str, str]
    ended: str
    awaiting: list[Awaited]
    signing: list[str] = []  # the sides with a registered key: their posts are signed


def status(log: str | Path) -> Status:
    game, state = state_of(log)
    rs, c, rules = game.ruleset, state.core, state.rules
    over = game_over(game, state)
    return Status(
        game=c.game, title=rs.title, ruleset=c.ruleset, scenario=game.created.scenario, players=list(c.players),
        turn=rs.turn(rules), phase=rs.phase(rules), head=f"{c.seq}:{c.head}", dice=c.dice_mode,
        epoch=rs.epoch(rules), closed_epoch=last_closed_epoch(rs.epoch(rules), over, c.epochs), revealed_through=c.revealed_epoch,
        rolled=c.rolled, seeds=[p for p, _ in c.seeds], sealed={k: v.side for k, v in c.sealed.items()}, ended=over,
        awaiting=[] if over else [Awaited.of(a) for a in rs.awaiting(rules)], signing=sorted(c.keys),
    )


@dataclass(frozen=True)
class Choices:
    """What one side may post now, in the notation, and the order sets it may seal."""

    side: str
    lines: list[str]
    seal_sets: list[tuple[str, ...]]
    turn: int = 0  # the game's turn, for a seal label no other side or turn has used
    ruleset: str = ""  # whose notation the lines are in (a Russian reader is offered its Russian forms)


def options(log: str | Path, side: str | None = None, unit: str | None = None) -> list[Choices]:
    """What `side` (default: each side the game waits for) may post now; with `unit`, only the
    actions and order sets that name it."""
    game, state = state_of(log)
    rs = game.ruleset
    sides = [side] if side else [a.side for a in rs.awaiting(state.rules)]
    out = []
    for who in dict.fromkeys(sides):
        lines = [notation.format_action(a, game.verbs) for a in rs.legal_actions(state.rules, who)]
        sets = rs.sealable_orders(state.rules, who) if rs.sealable_orders else []
        if unit:
            lines = [line for line in lines if unit.lower() in line.lower().split()]
            sets = [s for s in sets if any(unit.lower() in line.lower().split() for line in s)]
        out.append(Choices(who, lines, sets, rs.turn(state.rules), rs.name))
    return out


def join(db_path: str | Path, side: str, seed: str | None, key_file: str | Path | None = None) -> Posted:
    """Mix `side`'s client seed into every later roll (a random one when none is given); with
    `key_file`, register `side`'s SSH public key instead (the referee's action)."""
    if key_file is not None:
        if seed is not None:
            raise BadInput(_("join registers a key (--key) or mixes a seed (--seed), one at a time"))
        from adjudicator.signing import read_key

        return register_key(db_path, side, read_key(key_file))
    import secrets as random_source

    from adjudicator.plaintext import check_line

    if seed is not None:
        check_line(seed, "--seed", N_("a client seed"))
    action = SeedContributed(player=side, seed=seed or random_source.token_hex(16))
    return submit(db_path, side, (PostLine(0, action),))


def register_key(db_path: str | Path, side: str, key: str) -> Posted:
    """The referee registers `side`'s SSH public key (`KEYTYPE BASE64`): its posts are signed from now on."""
    from adjudicator.signing import public_key

    return submit(db_path, REFEREE, (PostLine(0, PlayerKey(player=side, key=public_key(key, "the key"))),))


def draw_map(log: str | Path, at: int | None = None, layers: Sequence[str] = ()) -> tuple[str, int]:
    """The board after event `at` (default: the last) as SVG, with what that event did, and the
    `layers` its ruleset draws only when asked; and its seq."""
    game, state, outcome = state_and_outcome(log, at)
    rs = game.ruleset
    if rs.render is None:
        raise BadInput(_("{ruleset} has no board to draw").format(ruleset=rs.name))
    unknown = [x for x in layers if x not in rs.map_layers]
    if unknown:
        said = _("--{layer}: the {ruleset} map has no such layer; it has: {layers}") if rs.map_layers else _(
            "--{layer}: the {ruleset} map has no such layer")
        raise BadInput(said.format(layer=unknown[0], ruleset=rs.name, layers=", ".join(f"--{k}" for k in rs.map_layers)))
    if layers:
        return rs.render(state.rules, outcome, layers=frozenset(layers)), state.core.seq
    return rs.render(state.rules, outcome), state.core.seq


def state_and_outcome(log: str | Path, at: int | None = None) -> tuple[Game, GameState, Outcome]:
    """state_of, with what the event at `at` (default: the last) did: for the map of that moment."""
    game, state = state_of(log, at)
    seq = state.core.seq
    if seq <= 1:
        return game, state, NOTHING
    _game, before = state_of(log, seq - 1)
    after, said = replay_told(game, before, game.decode(_body_at(open_source(log), seq), f"seq {seq}"))
    return game, at_head(after, seq, state.core.head), said.outcome() if said is not None else NOTHING


def _body_at(source: LogSource, seq: int) -> bytes:
    for number, body, _digest in source.rows():
        if number == seq and body is not None:
            return body
    raise BadInput(_("{path}: no event {seq}").format(path=source.path, seq=seq))


def export(db_path: str | Path, out: str | Path) -> tuple[int, str]:
    """Write the public log (the database never holds a secret, so neither does this).

    It is written beside `out` and renamed into place: a failure leaves `out` as it was."""
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    try:
        with Store(db_path, readonly=True) as store, open(tmp, "wb") as f:
            head = store.head()
            for _seq, digest, body in store.rows(0, head[0]):
                f.write(to_line(bytes(body), digest) + b"\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, out)
    except BaseException as e:
        with contextlib.suppress(OSError):  # a read-only folder refuses even to remove what is not there
            tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            cause = storage_cause(e)
            if cause is not None:
                raise StorageFault(out, cause) from None
            raise BadInput(_("{path}: cannot be written ({why})").format(path=out, why=e.strerror or e)) from None
        raise
    return head


def import_log(jsonl: str | Path, db_path: str | Path) -> tuple[int, str]:
    """Verify a public log, then store it as a new game database.

    Both passes stream: memory stays flat however long the log. The database is built beside its
    place and put there whole, and holds exactly the events verify read (they are chained again
    as they are stored, in case the file changed in between)."""
    db_path = Path(db_path)
    if db_path.exists():
        raise BadInput(_("{path} already exists: refusing to overwrite a game").format(path=db_path))
    source = open_source(jsonl)
    from adjudicator.staging import staged
    from adjudicator.verify import verify

    report = verify(source)
    error = report.error(f"{jsonl} does not verify: ")
    if error is not None:
        raise error
    game, state = _read(report)
    with staged(db_path) as built:
        with Store(built[0], create=True) as store:
            store.append(game.created.game, (0, GENESIS), _rows_as_verified(source, report.head, jsonl),
                         [(report.head[0], report.head[1], game.encode_state(state))])
    return report.head


def _rows_as_verified(source: LogSource, head: tuple[int, str], where: str | Path) -> Iterator[tuple[int, str, bytes]]:
    """The log's events, read again, each proved to chain on the one before up to the verified head."""
    sha256, prev, seq = hashlib.sha256, bytes(32), 0
    for seq, (_number, body, digest) in enumerate(source.rows(), start=1):
        if body is None or seq > head[0]:
            break
        raw = sha256(DOMAIN + prev + body).digest()
        if raw.hex() != digest:
            break
        prev = raw
        yield seq, digest, body
    else:
        if (seq, prev.hex()) == head:
            return
    raise BadInput(_("{where} changed while it was being imported: import it again").format(where=where))
