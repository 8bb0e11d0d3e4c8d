"""`audit`: every roll with its purpose and verdict (matches / DOES NOT MATCH / not yet revealed /
reported), and a per-player luck table whose numbers are recomputed here from the log."""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from pathlib import Path

import pytest

from adjudicator import games
from adjudicator.audit import audit
from adjudicator.logsource import open_source
from conftest import export_log, make_game, play_sample_game, rechain, run_cli_inprocess


def audit_json(path: Path, *extra: str):
    r = run_cli_inprocess("audit", path, "--json", *extra)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    return r.returncode, json.loads(r.stdout)


@pytest.fixture(scope="module")
def revealed(tmp_path_factory) -> Path:
    return export_log(play_sample_game(tmp_path_factory.mktemp("audit"), turns=4))


def test_every_roll_of_a_revealed_game_matches(revealed):
    code, data = audit_json(revealed)
    assert code == 0 and data["ok"]
    assert len(data["rolls"]) == 12 and {r["verdict"] for r in data["rolls"]} == {"verified"}
    first = data["rolls"][0]
    assert (first["seq"], first["index"], first["epoch"], first["by"], first["purpose"], first["expr"]) == \
        (7, 0, 1, "red", "volley 1", "2d6")  # after the game, two seeds and the roll's post, each with its record
    text = run_cli_inprocess("audit", revealed).stdout
    assert "#7 roll 0 epoch 1 red: volley 1 2d6 [" in text and "] matches" in text
    assert "12 verified, 0 mismatched, 0 not yet revealed, 0 reported" in text


def test_rolls_of_open_epochs_are_not_yet_revealed(tmp_path):
    db = play_sample_game(tmp_path, turns=2, reveal=False)
    games.reveal(db)
    games.post(db, "roll 2d6 for in the open epoch", "red")
    code, data = audit_json(db)
    assert code == 0
    verdicts = [(r["epoch"], r["verdict"]) for r in data["rolls"]]
    assert verdicts[-1] == (3, "unrevealed") and all(v == "verified" for e, v in verdicts if e < 3)
    assert "not yet revealed" in run_cli_inprocess("audit", db).stdout


def test_reported_rolls_are_reported(tmp_path):
    db = make_game(tmp_path, dice="reported")
    games.post(db, "roll 2d6\nrolled 6 6\nroll 1d10z\nrolled 9", "red")
    code, data = audit_json(db)
    assert code == 0 and [r["verdict"] for r in data["rolls"]] == ["reported", "reported"]
    assert "[6, 6] reported" in run_cli_inprocess("audit", db).stdout


def edited_roll(revealed: Path, tmp_path: Path, which: int = 0) -> tuple[Path, int]:
    """The log with one die of the `which`-th rolled event changed (in range), chain re-hashed."""
    lines = revealed.read_bytes().splitlines()
    rolled = [n for n, line in enumerate(lines) if b'"dice":[' in line]
    i = rolled[which]
    event = json.loads(lines[i])
    dice = event["rolls"][0]["dice"]
    dice[0] = 2 if dice[0] == 1 else 1
    lines[i] = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    path = tmp_path / "edited.jsonl"
    path.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    return path, i + 1


def test_an_edited_roll_does_not_match(revealed, tmp_path):
    path, seq = edited_roll(revealed, tmp_path, which=3)
    code, data = audit_json(path)
    assert code == 1 and not data["ok"]
    bad = [r for r in data["rolls"] if r["verdict"] == "mismatched"]
    assert [r["seq"] for r in bad] == [seq]
    assert any(f"seq {seq}" in p for p in data["problems"])
    text = run_cli_inprocess("audit", path)
    assert text.returncode == 1 and "DOES NOT MATCH" in text.stdout and f"FAIL seq {seq}" in text.stdout
    v = run_cli_inprocess("verify", path, "--json")
    assert v.returncode == 1 and json.loads(v.stdout)["problems"][0]["seq"] == seq


def test_lenient_audit_lists_every_roll_after_a_mismatch(revealed, tmp_path):
    path, seq = edited_roll(revealed, tmp_path, which=0)
    code, data = audit_json(path, "--lenient")
    assert code == 1 and len(data["rolls"]) == 12
    assert [r["seq"] for r in data["rolls"] if r["verdict"] == "mismatched"] == [seq]


def expected_luck(log: Path) -> dict[tuple[str, str], tuple[int, float, float, float, float]]:
    """(player, die) -> (dice, mean, expected, z, p), recomputed from the log's rolls."""
    faces = defaultdict(list)
    for line in log.read_bytes().splitlines():
        event = json.loads(line)
        for roll in event["rolls"]:
            m = re.match(r"(\d+)d(\d+)(z?)", roll["expr"])
            die = f"d{m.group(2)}{m.group(3)}"
            faces[(roll["side"] or event["actor"], die)].extend(roll["dice"])
    out = {}
    for (player, die), values in faces.items():
        m = int(die[1:].rstrip("z"))
        low = 0 if die.endswith("z") else 1
        mu = low + (m - 1) / 2
        sd = math.sqrt((m * m - 1) / 12)
        mean = sum(values) / len(values)
        z = (mean - mu) / (sd / math.sqrt(len(values)))
        out[(player, die)] = (len(values), mean, mu, z, math.erfc(abs(z) / math.sqrt(2)))
    return out


def test_the_luck_table_is_recomputed_from_the_log(tmp_path):
    from adjudicator.simulate import simulate

    db = tmp_path / "sim.db"
    simulate(db, "freeform", seed=2, events=800)
    log = export_log(db)
    code, data = audit_json(log)
    assert code == 0
    want = expected_luck(log)
    got = {(r["player"], r["die"]): (r["dice"], r["mean"], r["expected"], r["z"], r["p"]) for r in data["luck"]}
    assert set(got) == set(want) and {"d6", "d10z", "d20", "d100"} <= {d for _, d in got}
    for key, (n, mean, mu, z, p) in want.items():
        gn, gmean, gmu, gz, gp = got[key]
        assert gn == n and gmean == pytest.approx(mean) and gmu == pytest.approx(mu)
        assert gz == pytest.approx(z) and gp == pytest.approx(p)
    text = run_cli_inprocess("audit", log).stdout
    assert "player" in text and "expect" in text
    for (player, die), (n, mean, *_rest) in want.items():
        assert any(line.split()[:3] == [player, die, str(n)] and f"{mean:.3f}" in line for line in text.splitlines())


def test_luck_of_a_loaded_die_is_flagged(tmp_path):
    """A player who always reports sixes has a tiny p in the luck table."""
    db = make_game(tmp_path, dice="reported")
    games.post(db, "\n".join(["roll 2d6\nrolled 6 6"] * 20), "red")
    games.post(db, "\n".join(["roll 2d6\nrolled 3 4", "roll 2d6\nrolled 4 3"] * 10), "blue")
    result = audit(open_source(db))
    rows = {(r.player, r.die): r for r in result.rows()}
    assert rows[("red", "d6")].p < 1e-6 and rows[("red", "d6")].z > 5
    assert rows[("blue", "d6")].mean == 3.5 and rows[("blue", "d6")].p == pytest.approx(1.0)
