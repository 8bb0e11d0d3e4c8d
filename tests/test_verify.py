"""`verify`: any edited, dropped, duplicated, swapped or inserted event fails and names the first
bad seq; a truncated tail is caught by a kept head; lenient mode reports everything and goes on;
a hostile log never crashes the verifier."""

from __future__ import annotations

import hashlib
import json
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.chain import event_hash, to_line
from adjudicator.logsource import open_source
from adjudicator.verify import verify
from conftest import export_log, play_sample_game, rechain

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class Sample(tuple):
    """(log path, its bytes), with a short repr for hypothesis' falsifying examples."""

    def __repr__(self) -> str:
        return f"Sample({self[0].name}, {len(self[1])} bytes)"


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> Sample:
    d = tmp_path_factory.mktemp("sample")
    db = play_sample_game(d, turns=4)
    log = export_log(db)
    return Sample((log, log.read_bytes()))


def lines_of(content: bytes) -> list[bytes]:
    return content.splitlines()


def write(tmp_path: Path, lines_or_bytes, name: str = "t.jsonl") -> Path:
    p = tmp_path / name
    data = lines_or_bytes if isinstance(lines_or_bytes, bytes) else b"".join(x + b"\n" for x in lines_or_bytes)
    p.write_bytes(data)
    return p


def first_problem(path: Path, heads=(), lenient: bool = False):
    report = verify(open_source(path), list(heads), lenient=lenient)
    return report, (report.problems[0] if report.problems else None)


# -- the sample itself ------------------------------------------------------------

def test_sample_log_verifies_with_every_roll_rederived(sample):
    log, content = sample
    report, bad = first_problem(log)
    assert bad is None
    assert report.events == len(lines_of(content))
    assert report.rolls["verified"] == 12 and report.rolls["unrevealed"] == 0


def test_rechain_reproduces_the_exported_bytes(sample):
    """The test's own forger writes exactly the canonical lines: so its forgeries are real ones."""
    _, content = sample
    assert rechain(lines_of(content)) == lines_of(content)


# -- any changed byte ---------------------------------------------------------------

@SETTINGS
@given(data=st.data())
def test_any_changed_byte_fails_naming_its_line(sample, tmp_path, data):
    _changed_byte_case(sample, tmp_path, data)


@pytest.mark.soak
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_changed_byte_fails_naming_its_line_soak(sample, tmp_path, data):
    _changed_byte_case(sample, tmp_path, data)


def _changed_byte_case(sample, tmp_path, data) -> None:
    _, content = sample
    pos = data.draw(st.integers(0, len(content) - 1), label="pos")
    new = data.draw(st.integers(0, 255).filter(lambda b: b != content[pos]), label="byte")
    # A CR for the final newline leaves every event line intact (CRLF endings are tolerated).
    assume(not (pos == len(content) - 1 and new == 0x0D))
    edited = content[:pos] + bytes([new]) + content[pos + 1:]
    expected_seq = content[:pos].count(b"\n") + 1
    report, bad = first_problem(write(tmp_path, edited))
    assert bad is not None, f"byte {pos} changed to {new:#x} and the log still verifies"
    assert bad.seq == expected_seq, (bad, expected_seq)


@SETTINGS
@given(data=st.data())
def test_any_changed_byte_fails_in_lenient_mode_too_without_crashing(sample, tmp_path, data):
    _, content = sample
    pos = data.draw(st.integers(0, len(content) - 1), label="pos")
    new = data.draw(st.integers(0, 255).filter(lambda b: b != content[pos]), label="byte")
    assume(not (pos == len(content) - 1 and new == 0x0D))
    edited = content[:pos] + bytes([new]) + content[pos + 1:]
    report, bad = first_problem(write(tmp_path, edited), lenient=True)
    assert bad is not None and bad.seq == content[:pos].count(b"\n") + 1


def test_lenient_verify_of_a_first_event_whose_hash_is_not_hex_reports_instead_of_crashing(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    lines[0] = lines[0][:-10] + b"zzzzzzzz\"}"
    report, bad = first_problem(write(tmp_path, lines), lenient=True)
    assert bad is not None and bad.seq == 1 and bad.kind == "chain"


def test_lenient_verify_of_a_log_whose_anchor_is_not_hex_reports_instead_of_crashing(sample, tmp_path):
    """A foreign log with an unreadable dice anchor: lenient mode must report it, not raise."""
    _, content = sample
    lines = lines_of(content)
    first = json.loads(lines[0])
    anchor = first["action"]["dice"]["anchor"]
    lines[0] = lines[0].replace(anchor.encode(), b"zz" + anchor[2:].encode())
    report, bad = first_problem(write(tmp_path, lines), lenient=True)
    assert bad is not None and bad.seq == 1


# -- dropped, duplicated, swapped, inserted events ------------------------------------

@SETTINGS
@given(data=st.data())
def test_a_dropped_event_fails_at_its_seq(sample, tmp_path, data):
    _, content = sample
    lines = lines_of(content)
    i = data.draw(st.integers(0, len(lines) - 2), label="dropped index")  # the last is a truncation
    report, bad = first_problem(write(tmp_path, lines[:i] + lines[i + 1:]))
    assert bad is not None and bad.seq == i + 1


@SETTINGS
@given(data=st.data())
def test_a_duplicated_event_fails_at_the_copy(sample, tmp_path, data):
    _, content = sample
    lines = lines_of(content)
    i = data.draw(st.integers(0, len(lines) - 1), label="duplicated index")
    report, bad = first_problem(write(tmp_path, lines[: i + 1] + [lines[i]] + lines[i + 1:]))
    assert bad is not None and bad.seq == i + 2


@SETTINGS
@given(data=st.data())
def test_two_swapped_events_fail_at_the_first(sample, tmp_path, data):
    _, content = sample
    lines = lines_of(content)
    i = data.draw(st.integers(0, len(lines) - 2), label="i")
    j = data.draw(st.integers(i + 1, len(lines) - 1), label="j")
    lines[i], lines[j] = lines[j], lines[i]
    report, bad = first_problem(write(tmp_path, lines))
    assert bad is not None and bad.seq == i + 1


def marks_before(sample, lines: list[bytes], i: int) -> tuple[int, str, int]:
    """The turn, phase and epoch of the game just before line index i."""
    if 0 < i < len(lines):  # a note changes nothing, so the event now at i was made in that state
        event = json.loads(lines[i])
        return event["turn"], event["phase"], event["epoch"]
    if i == 0:
        return 1, "play", 1
    from adjudicator import rulesets

    state, rs = verify(open_source(sample[0])).state, rulesets.get("freeform")
    return rs.turn(state.rules), rs.phase(state.rules), rs.epoch(state.rules)


@SETTINGS
@given(data=st.data())
def test_an_inserted_event_fails_at_its_position(sample, tmp_path, data):
    _, content = sample
    lines = lines_of(content)
    i = data.draw(st.integers(0, len(lines)), label="insert before index")
    kind = data.draw(st.sampled_from(["copy", "chained-note", "foreign"]), label="kind")
    if kind == "copy":
        copied = data.draw(st.integers(0, len(lines) - 1), label="copied")
        extra = lines[copied]
        if copied == i:  # a copy of the event that follows it: the second one is the bad one
            kind = "copy-of-next"
    elif kind == "foreign":
        extra = b'{"game":"g","seq":1,"note":"hello","hash":"' + b"ab" * 32 + b'"}'
    else:  # a well-formed event chained on its predecessor, with the seq and marks it would have
        prev = json.loads(lines[i - 1])["hash"] if i else "0" * 64
        turn, phase, epoch = marks_before(sample, lines, i)
        body = json.dumps({"game": "g", "seq": i + 1, "actor": "red", "turn": turn, "phase": phase, "epoch": epoch,
                           "action": {"type": "note", "text": "slipped in"}, "rolls": [], "prev": prev},
                          separators=(",", ":")).encode()
        extra = to_line(body, event_hash(prev, body))
    edited = lines[:i] + [extra] + lines[i:]
    report, bad = first_problem(write(tmp_path, edited))
    if kind == "chained-note" and i == len(lines):
        # appending a legal, chained event is simply a longer game
        assert bad is None
        return
    # a chained note is itself fine (except as seq 1): the event after it no longer chains
    later = kind == "copy-of-next" or (kind == "chained-note" and i > 0)
    assert bad is not None and bad.seq == (i + 2 if later else i + 1), (kind, i, bad)


# -- truncation and kept heads -------------------------------------------------------

def test_a_truncated_tail_passes_alone_but_fails_against_a_later_kept_head(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    full_head = json.loads(lines[-1])["hash"]
    for keep in (1, 5, len(lines) - 1):
        path = write(tmp_path, lines[:keep], f"cut{keep}.jsonl")
        report, bad = first_problem(path)
        assert bad is None and report.events == keep
        report, bad = first_problem(path, heads=[(len(lines), full_head[:8])])
        assert bad is not None and bad.kind == "head" and bad.seq == len(lines)
        assert "truncated" in bad.message


def test_kept_heads_match_with_any_prefix_of_8_or_more_digits_in_any_case(sample):
    log, content = sample
    lines = lines_of(content)
    heads = [(n, json.loads(lines[n - 1])["hash"]) for n in (1, 9, len(lines))]
    for width in (8, 12, 64):
        for case in (str.lower, str.upper):
            report, bad = first_problem(log, heads=[(s, case(h[:width])) for s, h in heads])
            assert bad is None and len(report.heads_checked) == 3


def test_a_kept_head_of_a_different_history_fails_at_its_seq(sample, tmp_path):
    log, content = sample
    lines = lines_of(content)
    wrong = json.loads(lines[5])["hash"][:10]  # seq 6's hash kept for seq 9
    report, bad = first_problem(log, heads=[(9, wrong)])
    assert bad is not None and bad.seq == 9 and bad.kind == "head" and "rewritten" in bad.message


def test_a_rewritten_and_rechained_history_passes_alone_but_not_against_a_kept_head(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    kept = (len(lines), json.loads(lines[-1])["hash"][:8])
    # rewrite a note in the middle, re-hash everything after it
    i = next(n for n, line in enumerate(lines) if b'"type":"note"' in line)
    event = json.loads(lines[i])
    event["action"]["text"] = "history is written by the victors"
    lines[i] = json.dumps(event, separators=(",", ":")).encode()
    forged = write(tmp_path, rechain(lines))
    report, bad = first_problem(forged)
    assert bad is None
    report, bad = first_problem(forged, heads=[kept])
    assert bad is not None and bad.seq == kept[0] and bad.kind == "head"


@pytest.mark.parametrize("head", ["5", "5:", "x:12345678", "5:1234567", "5:12345g78", ":12345678", "-1:12345678"])
def test_cli_refuses_a_malformed_head_with_exit_2(sample, cli_fast, head):
    log, _ = sample
    r = cli_fast("verify", str(log), "--head", head)
    assert r.returncode == 2 and "--head" in r.stderr and "Traceback" not in r.stderr


def test_cli_exit_codes_and_first_bad_seq_for_tampered_logs(sample, tmp_path, cli, cli_fast):
    """Real processes: 0 for the log, 1 for a broken chain (naming the seq), 2 for a malformed line,
    1 for a truncated log against a later kept head."""
    log, content = sample
    lines = lines_of(content)
    swapped = lines[:]
    swapped[6], swapped[7] = swapped[7], swapped[6]
    garbled = lines[:]
    garbled[3] = b"this is not an event"
    r = cli("verify", write(tmp_path, garbled, "garbled.jsonl"))
    assert r.returncode == 2 and "line 4" in r.stdout and "Traceback" not in r.stderr
    # the same in-process (faster), and the other codes
    ok = cli_fast("verify", log, "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["ok"]
    r = cli_fast("verify", write(tmp_path, lines[:10], "cut.jsonl"), "--head",
                 f"{len(lines)}:{json.loads(lines[-1])['hash'][:8]}")
    assert r.returncode == 1 and "truncated" in r.stdout and "DOES NOT MATCH" not in r.stdout
    r = cli_fast("verify", write(tmp_path, swapped, "swapped.jsonl"))
    assert r.returncode == 1 and "FAIL seq 7" in r.stdout
    r = cli_fast("verify", write(tmp_path, swapped, "swapped.jsonl"), "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["problems"][0]["seq"] == 7


@pytest.mark.parametrize("kind,expected_seq,codes", [
    ("changed byte", 6, (1, 2)), ("dropped", 6, (1,)), ("duplicated", 7, (1,)), ("swapped", 6, (1,)),
    ("inserted garbage", 6, (2,)), ("inserted copy", 6, (1,)), ("dropped first", 1, (2,)),
])
def test_cli_names_the_first_bad_seq_for_each_kind_of_tampering(sample, tmp_path, cli_fast, kind, expected_seq, codes):
    _, content = sample
    lines = lines_of(content)
    i = 5
    edited = {
        "changed byte": lines[:i] + [lines[i].replace(b'"actor":"', b'"actor":"X', 1)] + lines[i + 1:],
        "dropped": lines[:i] + lines[i + 1:],
        "duplicated": lines[:i + 1] + [lines[i]] + lines[i + 1:],
        "swapped": lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:],
        "inserted garbage": lines[:i] + [b"hello world"] + lines[i:],
        "inserted copy": lines[:i] + [lines[2]] + lines[i:],
        "dropped first": lines[1:],
    }[kind]
    r = cli_fast("verify", write(tmp_path, edited), "--json")
    assert r.returncode in codes, (r.returncode, r.stdout, r.stderr)
    problems = json.loads(r.stdout)["problems"]
    assert problems[0]["seq"] == expected_seq
    text = cli_fast("verify", write(tmp_path, edited))
    assert text.returncode == r.returncode
    assert f"FAIL seq {expected_seq}" in text.stdout or f"line {expected_seq}" in text.stdout


# -- lenient mode ---------------------------------------------------------------

def test_lenient_mode_reports_every_broken_event_and_goes_on(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    for i in (4, 12, 20):
        lines[i] = lines[i].replace(b'"actor":"', b'"actor":"x', 1)
    path = write(tmp_path, lines)
    strict, _ = first_problem(path)
    assert [p.seq for p in strict.problems] == [5]
    lenient, _ = first_problem(path, lenient=True)
    seqs = sorted({p.seq for p in lenient.problems})
    assert seqs == [5, 13, 21]
    assert lenient.events == len(lines)


def test_lenient_mode_on_a_log_with_an_illegal_but_chained_action(sample, tmp_path):
    """A game played without the tool: chain fine, one action illegal (blue ends red's turn)."""
    _, content = sample
    lines = lines_of(content)
    i = next(n for n, line in enumerate(lines) if b'"freeform.end-turn"' in line)
    event = json.loads(lines[i])
    event["actor"] = "blue" if event["actor"] == "red" else "red"
    lines[i] = json.dumps(event, separators=(",", ":")).encode()
    path = write(tmp_path, rechain(lines))
    strict, bad = first_problem(path)
    assert bad is not None and bad.seq == i + 1 and bad.kind == "rule" and "turn/not-yours" in bad.message
    lenient, _ = first_problem(path, lenient=True)
    assert lenient.events == len(lines) and {p.seq for p in lenient.problems} == {i + 1}


# -- hostile logs -----------------------------------------------------------------

class _Timeout(Exception):
    pass


def _with_alarm(seconds: int, fn):
    def on_alarm(signum, frame):
        raise _Timeout
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_reveal_of_an_absurd_epoch_is_refused_quickly(sample, tmp_path):
    epoch = 10**12
    """A forged chained reveal claiming epoch 10**12 must not make verify hash 10**12 times."""
    _, content = sample
    lines = lines_of(content)
    body_event = {"game": "g", "seq": 0, "actor": "referee", "turn": 3, "phase": "play", "epoch": 3,
                  "action": {"type": "secret-revealed", "epoch": epoch, "secret": "ab" * 32},
                  "rolls": [], "prev": "", "hash": ""}
    lines.insert(8, json.dumps(body_event, separators=(",", ":")).encode())
    path = write(tmp_path, rechain(lines))
    try:
        report, bad = _with_alarm(2, lambda: first_problem(path))
    except _Timeout:
        pytest.fail(f"verify still hashing a reveal of epoch {epoch} after 2 s")
    assert bad is not None and bad.seq == 9


def test_a_roll_with_an_impossible_expression_fails_cleanly(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    i = next(n for n, line in enumerate(lines) if b'"expr":"2d6"' in line)
    lines[i] = lines[i].replace(b'"expr":"2d6"', b'"expr":"2d1"', 1)
    path = write(tmp_path, rechain(lines))
    report, bad = first_problem(path)
    assert bad is not None and bad.seq == i + 1
    lenient, _ = first_problem(path, lenient=True)
    assert any(p.seq == i + 1 for p in lenient.problems)


def test_events_of_another_game_or_a_wrong_seq_are_named(sample, tmp_path):
    _, content = sample
    lines = lines_of(content)
    event = json.loads(lines[6])
    event["game"] = "other"
    lines[6] = json.dumps(event, separators=(",", ":")).encode()
    path = write(tmp_path, rechain(lines))
    report, bad = first_problem(path)
    assert bad is not None and bad.seq == 7 and bad.kind == "sequence"


def test_verify_of_a_database_and_of_its_export_agree(tmp_path):
    db = play_sample_game(tmp_path, turns=3)
    log = export_log(db)
    a, b = verify(open_source(db)), verify(open_source(log))
    assert a.ok and b.ok and a.head == b.head and a.rolls == b.rolls and a.events == b.events
    assert a.state == b.state


def test_an_empty_log_is_bad_input(tmp_path, cli_fast):
    path = write(tmp_path, b"")
    r = cli_fast("verify", str(path))
    assert r.returncode == 2 and "empty" in r.stderr


@pytest.mark.parametrize("game,seq,face", [("paris-dreux-1562", 18, 6), ("paris-ivry-1590", 59, 1)])
def test_lenient_verify_goes_on_past_states_no_game_reaches_without_crashing(tmp_path, game, seq, face):
    """A die changed in a shipped game leads to a state in which the logged events are illegal; lenient
    mode applies them anyway, into states the rules were never written for. Judging an event there
    must be a rule problem, not a crash."""
    from conftest import LOGS

    lines = (LOGS / game / "game.jsonl").read_bytes().splitlines()
    event = json.loads(lines[seq - 1])
    assert event["rolls"][0]["dice"][0] != face
    event["rolls"][0]["dice"][0] = face
    lines[seq - 1] = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    report, bad = first_problem(write(tmp_path, rechain(lines)), lenient=True)
    assert bad is not None and report.events == len(lines)
    assert all(p.kind in ("rule", "marks", "apply", "dice") for p in report.problems)
