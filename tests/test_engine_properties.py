"""Property tests of the engine: replay equals the incremental state at every seq (from scratch,
from snapshots, through verify); decode(encode(e)) == e for every event type of every ruleset;
canonical bytes are stable."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from events.core import CORE_ACTIONS, REFEREE, Envelope, Roll
from adjudicator import games, rulesets, store as store_module
from adjudicator.chain import canonical
from adjudicator.engine import Game, at_head, load_game, replay_event, start
from adjudicator.errors import AdjudicatorError
from adjudicator.logsource import open_source
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import LOGS, SAMPLE_TOP, make_game

# -- replay equals incremental state -------------------------------------------------------

WORDS = st.text("abcdefghij klmnop’é", min_size=1, max_size=12).filter(lambda s: s.strip() and "#" not in s)
EXPRS = st.sampled_from(["1d6", "2d6", "1d10z", "3d6+1", "2d6-1", "1d20", "d100", "4d8"])

ROLL = st.builds(lambda e, p: f"roll {e} for {p}", EXPRS, WORDS)
LINE = st.one_of(ROLL, ROLL, st.builds(lambda e: f"roll {e}", EXPRS), st.builds(lambda t: f"note {t}", WORDS))
EXTRA = st.sampled_from(["", "", "", "seed", "ruling", "end turn twice"])
# (actor, lines, extra, end the turn, reveal after it); most posts are legal, some are refused whole
POST = st.tuples(st.sampled_from(["to-play", "to-play", "to-play", "red", "blue", "referee"]),
                 st.lists(LINE, max_size=5), EXTRA, st.booleans(), st.booleans())


def _post_text(lines: list[str], extra: str, end: bool) -> str:
    lines = list(lines)
    if extra == "seed":
        lines.insert(0, "seed a seed")
    elif extra == "ruling":
        lines.append("ruling the ford is passable because of the drought")
    if end or extra == "end turn twice":
        lines.append("end turn")
    if extra == "end turn twice":
        lines.append("end turn")
    return "\n".join(lines) or "note nothing to do"


def _fold_from_scratch(game: Game, db: Path) -> list[Any]:
    """State after every seq, folding stored events from the game's start without any snapshot."""
    states = [None]
    with Store(db) as s:
        rows = list(s.rows())
    state = None
    for seq, digest, body in rows:
        if seq == 1:
            state = at_head(start(game), 1, digest)
        else:
            state = at_head(replay_event(game, state, game.decode(bytes(body), f"seq {seq}")), seq, digest)
        states.append(state)
    return states


@pytest.fixture
def small_snapshots(monkeypatch):
    """A snapshot every 3 events, so that state_at folds from many different snapshots."""
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(games, "SNAPSHOT_EVERY", 3)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(posts=st.lists(POST, min_size=3, max_size=12))
def test_replay_equals_incremental_state_at_every_seq(tmp_path_factory, small_snapshots, posts):
    _replay_case(tmp_path_factory, posts)


@pytest.mark.soak
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(posts=st.lists(POST, min_size=3, max_size=30))
def test_replay_equals_incremental_state_at_every_seq_soak(tmp_path_factory, small_snapshots, posts):
    _replay_case(tmp_path_factory, posts)


def _replay_case(tmp_path_factory, posts) -> None:
    db = make_game(tmp_path_factory.mktemp("replay"), top=SAMPLE_TOP)
    incremental: dict[int, Any] = {}
    posted = games.state_at(db)[1]
    incremental[1] = posted
    for actor, lines, extra, end, reveal in posts:
        before = games.state_at(db)[1]
        if actor == "to-play":
            actor = before.rules.to_play
        try:
            result = games.post(db, _post_text(lines, extra, end), actor)
        except AdjudicatorError:
            assert games.state_at(db)[1] == before  # a refused post changes nothing
            continue
        for b in [result.record, *result.built]:  # the post's record, then its events
            assert b is not None
            incremental[b.event.seq] = b.after
            assert b.after.core.seq == b.event.seq and b.after.core.head == b.hash
        if reveal:
            r = games.reveal(db)
            for b in r.built if r else ():
                incremental[b.event.seq] = b.after
    n = _check_every_seq(db, incremental)
    event(f"events: {min(n // 10 * 10, 40)}+")


def _check_every_seq(db: Path, incremental: dict[int, Any]) -> int:
    game, head_state = games.state_at(db)
    n = head_state.core.seq
    assert sorted(incremental) == list(range(1, n + 1))
    scratch = _fold_from_scratch(game, db)
    source = open_source(db)
    for seq in range(1, n + 1):
        assert scratch[seq] == incremental[seq], f"fold from scratch differs at seq {seq}"
        assert games.state_at(db, seq)[1] == incremental[seq], f"state_at (snapshots) differs at seq {seq}"
        report = verify(source, upto=seq)
        assert report.ok, report.problems
        assert report.state == incremental[seq], f"verify's state differs at seq {seq}"
    full = verify(source)
    assert full.ok and full.head == (n, head_state.core.head)
    assert full.rolls["mismatched"] == 0
    return n


def test_replay_equals_incremental_over_a_longer_game(tmp_path, small_snapshots):
    """Sixty-odd events, every kind of core action, snapshots every 3 events."""
    from adjudicator import sealed

    db = make_game(tmp_path, top=SAMPLE_TOP)
    incremental = {1: games.state_at(db)[1]}

    def post(text, actor):
        posted = games.post(db, text, actor)
        for b in [posted.record, *posted.built]:  # the post's record, then its events
            assert b is not None
            incremental[b.event.seq] = b.after

    def reveal():
        r = games.reveal(db)
        for b in r.built if r else ():
            incremental[b.event.seq] = b.after

    post("seed owls\nnote red is here", "red")
    post("seed kettle", "blue")
    commitment, salt = sealed.seal("g", "blue", ("advance on the ford", "hold the mill"))
    post(f"seal t1 {commitment}", "blue")
    for t in range(8):
        side = ("red", "blue")[t % 2]
        post(f"roll 2d6 for volley {t}\nroll 1d10z for morale\nnote {t}\nroll 3d6-1 for charge\nend turn", side)
        if t % 3 == 2:
            reveal()
        if t == 4:
            post(f"unseal t1 {salt}\n| advance on the ford\n| hold the mill", "blue")
            post("ruling the mill is a building because the map shows one", "referee")
    post("end game red wins", "referee")
    reveal()
    assert _check_every_seq(db, incremental) > 50


def test_replay_equals_incremental_in_a_reported_dice_game(tmp_path):
    db = make_game(tmp_path, dice="reported")
    steps = [("red", "roll 2d6 for volley\nrolled 3 4\nnote hit\nend turn"),
             ("blue", "roll 1d10z for morale\nrolled 0\nroll 3d6+1\nrolled 6 6 6"),
             ("blue", "end turn")]
    incremental = {}
    for actor, text in steps:
        for b in games.post(db, text, actor).built:
            incremental[b.event.seq] = b.after
    game = games.state_at(db)[0]
    scratch = _fold_from_scratch(game, db)
    for seq, state in incremental.items():
        assert scratch[seq] == state == games.state_at(db, seq)[1]
    report = verify(open_source(db))
    assert report.ok and report.rolls["reported"] == 3


def test_a_snapshot_that_does_not_match_its_row_is_ignored(tmp_path):
    """Snapshots are a cache: a stale or foreign snapshot must not change the state read."""
    import sqlite3

    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "note one", "blue")
    truth = games.state_at(db)[1]
    conn = sqlite3.connect(db)
    conn.execute("UPDATE snapshots SET hash = ?", ("0" * 64,))
    conn.commit()
    conn.close()
    assert games.state_at(db)[1] == truth


# -- decode(encode(e)) == e for every event type ----------------------------------------------

JSON_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**63 - 1),
                        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20))
JSON_VALUE = st.recursive(JSON_SCALAR, lambda c: st.one_of(st.lists(c, max_size=4),
                                                           st.dictionaries(st.text(max_size=8), c, max_size=4)),
                          max_leaves=12)


def strategy_for(t: mi.Type) -> st.SearchStrategy:
    """A hypothesis strategy for any msgspec type, read from msgspec.inspect."""
    if isinstance(t, mi.StrType):
        if t.pattern:
            return st.from_regex(t.pattern, fullmatch=True)
        return st.text(min_size=t.min_length or 0, max_size=min(t.max_length or 30, 30))
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.IntType):
        lo = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else -2**63)
        hi = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else 2**63 - 1)
        return st.integers(lo, hi)
    if isinstance(t, mi.FloatType):
        return st.floats(allow_nan=False, allow_infinity=False, min_value=t.ge, max_value=t.le)
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.AnyType):
        return JSON_VALUE
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, mi.EnumType):
        return st.sampled_from(list(t.cls))
    if isinstance(t, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        inner = st.lists(strategy_for(t.item_type), max_size=4, unique=isinstance(t, (mi.SetType, mi.FrozenSetType)))
        conv = {mi.ListType: list, mi.VarTupleType: tuple, mi.SetType: set, mi.FrozenSetType: frozenset}[type(t)]
        return inner.map(conv)
    if isinstance(t, mi.TupleType):
        return st.tuples(*(strategy_for(x) for x in t.item_types))
    if isinstance(t, mi.DictType):
        return st.dictionaries(strategy_for(t.key_type), strategy_for(t.value_type), max_size=4)
    if isinstance(t, mi.StructType):
        kwargs = {f.name: strategy_for(f.type) for f in t.fields}
        return st.fixed_dictionaries(kwargs).map(lambda kw: t.cls(**kw))
    if isinstance(t, mi.UnionType):
        return st.one_of(*(strategy_for(x) for x in t.types))
    if isinstance(t, mi.BytesType):
        return st.binary(max_size=40)
    raise NotImplementedError(f"no strategy for {t!r}")


def _ruleset_names() -> list[str]:
    try:
        return rulesets.names()
    except Exception:  # a ruleset being written must not stop this file from being collected
        return ["freeform"]


def _game_for(name: str) -> Game:
    return Game(created=None, ruleset=rulesets.get(name))  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", _ruleset_names())
def test_every_action_type_of_every_ruleset_is_covered_by_a_strategy(ruleset):
    game = _game_for(ruleset)
    for cls in CORE_ACTIONS + game.ruleset.actions:
        strategy_for(mi.type_info(cls))  # raises if some field type has no strategy
        assert cls.__struct_config__.tag, f"{cls.__name__} has no tag"
    tags = [cls.__struct_config__.tag for cls in CORE_ACTIONS + game.ruleset.actions]
    assert len(tags) == len(set(tags)), "two actions share a tag"
    if ruleset != "freeform":
        assert all(t.startswith(f"{ruleset}.") for t in (c.__struct_config__.tag for c in game.ruleset.actions))


@pytest.mark.parametrize("ruleset", _ruleset_names())
def test_decode_of_encode_is_the_event_for_every_event_type(ruleset):
    game = _game_for(ruleset)
    actions = st.one_of(*(strategy_for(mi.type_info(cls)) for cls in CORE_ACTIONS + game.ruleset.actions))
    rolls = st.lists(strategy_for(mi.type_info(Roll)), max_size=3).map(tuple)
    text = st.text(max_size=12)
    envelope = st.builds(
        lambda g, seq, actor, turn, phase, epoch, action, rolls, prev: Envelope(
            game=g, seq=seq, actor=actor, turn=turn, phase=phase, epoch=epoch, action=action, rolls=rolls, prev=prev),
        text, st.integers(1, 2**62), text, st.integers(0, 10**6), text, st.integers(0, 10**6), actions, rolls,
        st.text("0123456789abcdef", min_size=64, max_size=64))

    @settings(max_examples=120, deadline=None)
    @given(envelope)
    def roundtrip(env):
        body = canonical(env)
        decoded = game.decoder.decode(body)
        assert decoded == env
        assert type(decoded.action) is type(env.action)
        assert canonical(decoded) == body  # canonical bytes are stable through a round trip

    roundtrip()


def test_every_stored_line_of_the_golden_logs_re_encodes_to_its_own_bytes():
    for log in sorted(LOGS.glob("*/game.jsonl")):
        source = open_source(log)
        rows = list(source.rows())
        game = load_game(rows[0][1])
        for number, body, digest in rows:
            assert canonical(game.decode(body, f"line {number}")) == body, f"{log}: line {number}"


def test_stored_events_tolerate_unknown_fields():
    """A newer writer may add a field with a default: an older reader still decodes the event."""
    from events.core import Note

    game = _game_for("freeform")
    body = canonical(Envelope(game="g", seq=2, actor="red", turn=1, phase="play", epoch=1, action=Note(text="x"),
                              prev="0" * 64))
    extended = body.replace(b'"text":"x"', b'"text":"x","colour":"red"').replace(b'"prev"', b'"claimed":"hit","prev"')
    assert game.decoder.decode(extended).action == Note(text="x")


def test_the_game_created_event_round_trips_with_its_data():
    from events.core import DiceCommitment, GameCreated

    from adjudicator.engine import data_digest

    data = {"scenario": {"a": [1, 2.5, "x", None, True]}, "tables": {"t": {"k": -3}}}
    created = GameCreated(game="g", ruleset="freeform", players=("red", "blue"), data=data,
                          data_digest=data_digest(data), dice=DiceCommitment(mode="committed", epochs=7, anchor="cd" * 32))
    env = Envelope(game="g", seq=1, actor=REFEREE, turn=0, phase="setup", epoch=0, action=created, prev="0" * 64)
    body = canonical(env)
    assert load_game(body).created == created
    assert json.loads(body)["action"]["data"]["scenario"]["a"][1] == 2.5 and not math.isnan(2.5)
