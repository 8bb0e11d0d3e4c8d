"""Rolls re-derived in a second process beside verify's main pass give the same verdicts."""

from __future__ import annotations

import json

import pytest

from adjudicator import dicecheck
from adjudicator.chain import event_hash, to_line
from adjudicator.logsource import open_source
from adjudicator.verify import verify
from conftest import export_log, play_sample_game


@pytest.fixture
def both_ways(monkeypatch):
    """verify(path) run inline and beside (the size threshold lowered so small logs use a process)."""

    def run(path, **kw):
        monkeypatch.setattr(dicecheck, "WORTH_A_PROCESS", 10**12)
        inline = verify(open_source(path), **kw)
        monkeypatch.setattr(dicecheck, "WORTH_A_PROCESS", 0)
        beside = verify(open_source(path), **kw)
        return inline, beside

    return run


@pytest.mark.parametrize("source", ["database", "export"])
def test_the_same_counts_both_ways(tmp_path, both_ways, source):
    db = play_sample_game(tmp_path, turns=6)
    log = db if source == "database" else export_log(db)
    inline, beside = both_ways(log)
    assert inline.ok and beside.ok
    assert inline.rolls == beside.rolls and inline.rolls["verified"] > 0


def _forge_first_roll(log):
    """Change the first roll's faces and re-hash the chain from there, as a forger would."""
    lines = log.read_bytes().splitlines()
    out, prev, forged = [], "0" * 64, None
    for line in lines:
        event = json.loads(line)
        if forged is None and event["rolls"]:
            d = event["rolls"][0]["dice"]
            d[0] = 1 if d[0] != 1 else 2
            forged = event["seq"]
        event.pop("hash")
        event["prev"] = prev
        body = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
        prev = event_hash(prev, body)
        out.append(to_line(body, prev))
    log.write_bytes(b"\n".join(out) + b"\n")
    return forged


def test_a_forged_roll_is_caught_both_ways_naming_its_seq(tmp_path, both_ways):
    log = export_log(play_sample_game(tmp_path, turns=4))
    seq = _forge_first_roll(log)
    for report in both_ways(log):
        assert not report.ok
        assert [(p.seq, p.kind) for p in report.problems] == [(seq, "dice")]
    inline, beside = both_ways(log, lenient=True)
    assert inline.rolls == beside.rolls and inline.rolls["mismatched"] == 1


def test_an_edited_event_and_a_rewritten_head_are_caught_both_ways(tmp_path, both_ways):
    """The chain and the kept heads are checked in the main pass whether or not the rolls go beside."""
    log = export_log(play_sample_game(tmp_path, turns=4))
    lines = log.read_bytes().splitlines(keepends=True)
    kept = (3, json.loads(lines[2])["hash"][:12])
    lines[4] = lines[4].replace(b'"seed":"kettle', b'"seed":"Kettle', 1)  # seq 5: blue's seed
    assert b"Kettle" in lines[4]
    log.write_bytes(b"".join(lines))
    for report in both_ways(log, heads=[kept, (6, "deadbeef00")], lenient=True):
        kinds = [(p.seq, p.kind) for p in report.problems]
        assert (5, "chain") in kinds and (6, "head") in kinds
        assert report.heads_checked == [kept, (6, "deadbeef00")]
