"""The forged logs of issue 14, each rebuilt the way an outsider would: edited as JSON text and
re-chained with the README's own formula, hash = sha256(b"adj-ev1\\x00" + bytes.fromhex(prev) + body).

1. a skipped reveal must not hide a changed die: a reveal of epoch k reveals every epoch below it;
2. a roll outside the committed chain (epoch 0, or above dice.epochs) fails, kind "dice";
3. a line that is not byte for byte the canonical encoding of what it decodes to is malformed (exit 2).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from adjudicator import dicecheck, games
from adjudicator.audit import audit
from adjudicator.logsource import open_source
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import export_log, make_game, run_cli_inprocess

PREV = re.compile(rb'"prev":"[0-9a-f]{64}"')


def readme_chain(bodies: list[bytes]) -> list[bytes]:
    """Lines from event bodies (JSON objects without "hash"), chained as the README says: each body's
    "prev" is set to the hash of the line before (64 zeros for the first), then
    hash = sha256(b"adj-ev1\\x00" + bytes.fromhex(prev) + body) is put before the closing brace."""
    prev, lines = "0" * 64, []
    for body in bodies:
        body = PREV.sub(b'"prev":"' + prev.encode() + b'"', body)
        prev = hashlib.sha256(b"adj-ev1\x00" + bytes.fromhex(prev) + body).hexdigest()
        lines.append(body[:-1] + b',"hash":"' + prev.encode() + b'"}')
    return lines


def dump(event: dict) -> bytes:
    """An event as compact JSON without its hash, the way the README's program re-dumps it."""
    event = {k: v for k, v in event.items() if k != "hash"}
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()


def renumbered(events: list[dict]) -> list[bytes]:
    """Bodies of a log whose events were dropped or inserted: seq made 1, 2, 3... again."""
    return [dump({**e, "seq": n}) for n, e in enumerate(events, 1)]


def write_jsonl(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def write_db(path: Path, lines: list[bytes]) -> Path:
    """A game database whose rows were stored by hand, with no check: the lines' bodies and hashes."""
    rows = [(n, line[-66:-2].decode(), line[:-75] + b"}") for n, line in enumerate(lines, 1)]
    game = re.search(rb'"game":"([^"]*)"', lines[0])  # the first line may be no JSON at all
    with Store(path, create=True) as store:
        store.append(game.group(1).decode() if game else "g", (0, "0" * 64), rows)
    return path


def events_of(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_bytes().splitlines()]


def verify_cli(log: Path, *extra: str) -> tuple[int, dict]:
    r = run_cli_inprocess("verify", str(log), "--json", *extra)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def test_the_readme_formula_rebuilds_an_exported_log_byte_for_byte(tmp_path):
    """So the forgeries below are what an outsider following the README would make."""
    log = export_log(skipped_reveal_game(tmp_path))
    lines = log.read_bytes().splitlines()
    assert readme_chain([dump(e) for e in events_of(log)]) == lines


# -- hole 1: a skipped reveal hides changed dice --------------------------------------------------

def skipped_reveal_game(tmp_path: Path) -> Path:
    """The issue's game: red rolls 2d6 and ends, blue ends, the referee reveals (epochs 1 and 2)."""
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "end turn", "blue")
    games.reveal(db)
    return db


def forge_skipped_reveal(tmp_path: Path, change_die: bool = True) -> tuple[list[bytes], int]:
    """Drop the reveal of epoch 1 (keep epoch 2's), change the rolled die, re-chain."""
    events = events_of(export_log(skipped_reveal_game(tmp_path)))
    events = [e for e in events if e["action"] != {**e["action"], "type": "secret-revealed", "epoch": 1}]
    assert [e["action"]["epoch"] for e in events if e["action"]["type"] == "secret-revealed"] == [2]
    roll = next(e for e in events if e["rolls"])
    if change_die:
        dice = roll["rolls"][0]["dice"]
        dice[0] = dice[0] % 6 + 1
    return readme_chain(renumbered(events)), roll["seq"]


@pytest.mark.parametrize("store", ["jsonl", "db"])
def test_a_die_changed_under_a_skipped_reveal_fails_verify_naming_its_seq(tmp_path, store):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = (write_jsonl if store == "jsonl" else write_db)(tmp_path / f"forged.{store}", lines)
    code, data = verify_cli(log)
    assert code == 1 and not data["ok"]
    assert [(p["seq"], p["kind"]) for p in data["problems"]] == [(seq, "dice")]
    assert "revealed secret of epoch 1" in data["problems"][0]["message"]


def test_the_dice_check_in_a_second_process_catches_it_too(tmp_path):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = write_jsonl(tmp_path / "forged.jsonl", lines)
    created = verify(open_source(log), check_rolls=False).context.created
    counts, failures = dicecheck.check_beside(open_source(log), created, None, lenient=True)
    assert counts == {"mismatched": 1} and [(s, k) for s, k, _ in failures] == [(seq, "dice")]


def test_audit_and_import_catch_it_too(tmp_path, cli_fast):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = write_jsonl(tmp_path / "forged.jsonl", lines)
    result = audit(open_source(log), lenient=True)
    assert result.report.rolls == {"mismatched": 1}
    r = cli_fast("import", str(log), str(tmp_path / "copy.db"))
    assert r.returncode == 1 and f"seq {seq}" in r.stderr and not (tmp_path / "copy.db").exists()


def test_rolls_under_a_skipped_reveal_are_verified_and_status_and_audit_agree(tmp_path, cli_fast):
    """Without the changed die, the roll of epoch 1 is re-derived from epoch 2's secret: it is
    verified, not "not yet revealed"; status and audit both say epochs 1 and 2 are revealed."""
    lines, _ = forge_skipped_reveal(tmp_path, change_die=False)
    log = write_jsonl(tmp_path / "skipped.jsonl", lines)
    code, data = verify_cli(log)
    assert code == 0 and data["rolls"] == {"verified": 1} and data["revealed_through"] == 2
    status = cli_fast("status", str(log), "--json")
    assert json.loads(status.stdout)["revealed_through"] == 2
    r = cli_fast("audit", str(log), "--json")
    audited = json.loads(r.stdout)
    assert r.returncode == 0 and audited["revealed_through"] == 2
    assert [x["verdict"] for x in audited["rolls"]] == ["verified"]
    assert "revealed through epoch 2" in cli_fast("audit", str(log)).stdout
    assert "revealed through epoch 2" in cli_fast("verify", str(log)).stdout


def test_a_reveal_below_the_last_revealed_one_is_a_rule_failure(tmp_path):
    """Reveals in the wrong order (2, then 1): `post` refuses the second one ([reveal/twice]),
    and verify fails on it the same way."""
    db = skipped_reveal_game(tmp_path)
    events = events_of(export_log(db))
    reveals = [i for i, e in enumerate(events) if e["action"]["type"] == "secret-revealed"]
    a, b = reveals
    events[a], events[b] = events[b], events[a]
    log = write_jsonl(tmp_path / "swapped.jsonl", readme_chain(renumbered(events)))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(b + 1, "rule")]
    assert "reveal/twice" in data["problems"][0]["message"]
    posted = run_cli_inprocess("post", str(db), "-", "--as", "referee",
                               input=f"reveal 1 {events[b]['action']['secret']}\n")
    assert posted.returncode == 1 and "reveal/twice" in posted.stderr


# -- hole 2: a roll outside the committed chain ---------------------------------------------------

def short_chain_game(tmp_path: Path) -> list[dict]:
    """A freeform game on a chain of 2 epochs: both player-turns roll, then the chain is used up."""
    db = make_game(tmp_path, epochs=2)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "roll 1d6\nend turn", "blue")
    games.reveal(db)
    refused = run_cli_inprocess("post", str(db), "-", "--as", "red", input="roll 1d6\n")
    assert refused.returncode == 1 and "outside the committed dice chain" in refused.stderr
    return events_of(export_log(db))


@pytest.mark.parametrize("store", ["jsonl", "db"])
def test_a_roll_above_the_committed_chain_fails_verify_naming_its_seq(tmp_path, store):
    events = short_chain_game(tmp_path)
    roll = next(e for e in events if e["rolls"] and e["epoch"] == 2)
    epoch3 = {**roll, "turn": 3, "epoch": 3, "actor": "red"}  # red's turn 3: epoch 3 of a chain of 2
    lines = readme_chain(renumbered(events + [epoch3]))
    log = (write_jsonl if store == "jsonl" else write_db)(tmp_path / f"forged.{store}", lines)
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(len(events) + 1, "dice")]
    assert "outside the committed dice chain" in data["problems"][0]["message"]
    assert data["rolls"].get("unrevealed", 0) == 0


def test_a_roll_in_epoch_0_fails_verify_as_a_dice_problem(tmp_path):
    """Epoch 0's key would be the public anchor. The first event is the only one at epoch 0: a roll
    stuck on it is outside the chain, and so is a roll whose event claims epoch 0 later on."""
    events = short_chain_game(tmp_path)
    roll = next(e for e in events if e["rolls"])
    first = {**events[0], "rolls": roll["rolls"]}
    log = write_jsonl(tmp_path / "first.jsonl", readme_chain(renumbered([first] + events[1:])))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(1, "dice")]
    assert "epoch 0" in data["problems"][0]["message"]
    later = [e if e is not roll else {**roll, "epoch": 0} for e in events]
    log = write_jsonl(tmp_path / "later.jsonl", readme_chain(renumbered(later)))
    code, data = verify_cli(log, "--lenient")
    assert code == 1 and (roll["seq"], "dice") in [(p["seq"], p["kind"]) for p in data["problems"]]


def test_a_reveal_above_the_committed_chain_is_a_rule_failure(tmp_path):
    """A referee who kept a longer chain than the one committed to can reveal a secret above N that
    hashes down to the anchor: the game commits to 2 epochs, the referee's chain has 3."""
    db = make_game(tmp_path, epochs=3)
    for side in ("red", "blue", "red"):
        games.post(db, "end turn", side)
    games.reveal(db)
    events = events_of(export_log(db))
    events[0]["action"]["dice"]["epochs"] = 2
    reveal3 = next(e for e in events if e["action"] == {**e["action"], "type": "secret-revealed", "epoch": 3})
    log = write_jsonl(tmp_path / "forged.jsonl", readme_chain(renumbered(events)))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(reveal3["seq"], "rule")]
    assert "reveal/off-chain" in data["problems"][0]["message"]


# -- hole 3: the canonical form -------------------------------------------------------------------

def rolled_game(tmp_path: Path) -> tuple[list[bytes], int]:
    """The bodies of a small revealed game, and the index of its first event with a roll."""
    db = make_game(tmp_path)
    games.post(db, "roll 2d6 for volley\nnote the wood\nend turn", "red")
    games.post(db, "end turn", "blue")
    games.reveal(db)
    events = events_of(export_log(db))
    return [dump(e) for e in events], next(i for i, e in enumerate(events) if e["rolls"])


def _dice_twice(body: bytes) -> bytes:
    """The issue's duplicate: other dice first, then the true ones: the last wins in most parsers."""
    real = json.loads(body)["rolls"][0]["dice"]
    other = json.dumps([d % 6 + 1 for d in real], separators=(",", ":")).encode()
    return body.replace(b'"dice":[', b'"dice":' + other + b',"dice":[', 1)


def _action_type_last(body: bytes) -> bytes:
    event = json.loads(body)
    action = event["action"]
    event["action"] = {**{k: v for k, v in action.items() if k != "type"}, "type": action["type"]}
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()


def _roll_members_reordered(body: bytes) -> bytes:
    event = json.loads(body)
    event["rolls"] = [dict(reversed(list(r.items()))) for r in event["rolls"]]
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()


def _roll_side_missing(body: bytes) -> bytes:
    return body.replace(b',"side":""', b"", 1)


def _envelope_reordered(body: bytes) -> bytes:
    event = json.loads(body)
    return json.dumps({"seq": event.pop("seq"), **event}, separators=(",", ":"), ensure_ascii=False).encode()


FORGERIES = {
    "duplicate member": _dice_twice,
    "extra member": lambda b: b.replace(b'"rolls":', b'"luck":"good","rolls":', 1),
    "extra action member": lambda b: b.replace(b'"type":"freeform.roll"', b'"type":"freeform.roll","x":1', 1),
    "action type not first": _action_type_last,
    "roll members reordered": _roll_members_reordered,
    "roll member missing": _roll_side_missing,
    "envelope reordered": _envelope_reordered,
    "a space": lambda b: b.replace(b'"actor":', b'"actor": ', 1),
    "an escape written otherwise": lambda b: b.replace(b'"red"', b'"r\\u0065d"', 1),
    "a number written otherwise": lambda b: re.sub(rb'"turn":([0-9]+)', rb'"turn":\1.0', b, count=1),
    "an exponent": lambda b: re.sub(rb'"turn":([0-9]+)', rb'"turn":\1e0', b, count=1),
}


@pytest.mark.parametrize("store", ["jsonl", "db"])
@pytest.mark.parametrize("kind", sorted(FORGERIES))
def test_a_line_that_is_not_canonical_is_malformed_exit_2_naming_its_seq(tmp_path, kind, store):
    bodies, i = rolled_game(tmp_path)
    forged = FORGERIES[kind](bodies[i])
    assert forged != bodies[i]
    bodies[i] = forged
    log = (write_jsonl if store == "jsonl" else write_db)(tmp_path / f"forged.{store}", readme_chain(bodies))
    code, data = verify_cli(log)
    assert code == 2, (kind, data)
    assert data["problems"][0]["seq"] == i + 1 and data["problems"][0]["kind"] in ("malformed", "decode")
    r = run_cli_inprocess("import", str(log), str(tmp_path / "copy.db"))
    assert r.returncode == 2 and f"seq {i + 1}" in r.stderr


def test_the_duplicate_dice_of_the_issue_would_pass_a_first_wins_parser_as_other_dice(tmp_path):
    """Why a duplicate must be malformed: a verifier keeping the first member sees [6, 6] under the same hash."""
    bodies, i = rolled_game(tmp_path)
    forged = _dice_twice(bodies[i])
    first_wins = json.loads(forged, object_pairs_hook=lambda pairs: dict(reversed(pairs)))
    true_dice = json.loads(bodies[i])["rolls"][0]["dice"]
    assert first_wins["rolls"][0]["dice"] != json.loads(forged)["rolls"][0]["dice"] == true_dice


LINE_ENDS = {
    "CRLF": (lambda lines: b"".join(x + b"\r\n" for x in lines), None),
    "no final LF": (lambda lines: b"\n".join(lines), None),
    "a blank line": (lambda lines: b"\n".join(lines[:2]) + b"\n\n" + b"\n".join(lines[2:]) + b"\n", 3),
    "a final blank line": (lambda lines: b"\n".join(lines) + b"\n\n", "end"),
    "a BOM": (lambda lines: b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n", 1),
    "a lone CR": (lambda lines: b"\n".join(lines[:2]) + b"\n" + lines[2] + b"\r\r\n" + b"\n".join(lines[3:]) + b"\n", 3),
    "a final lone CR": (lambda lines: b"\n".join(lines) + b"\r", "last"),
    "trailing blanks": (lambda lines: b"\n".join(lines[:2]) + b"\n" + lines[2] + b" \n" + b"\n".join(lines[3:]) + b"\n",
                        3),
}


@pytest.mark.parametrize("kind", sorted(LINE_ENDS))
def test_line_ends_are_lf_or_crlf_and_nothing_else(tmp_path, kind):
    bodies, _ = rolled_game(tmp_path)
    lines = readme_chain(bodies)
    make, bad = LINE_ENDS[kind]
    path = tmp_path / "ends.jsonl"
    path.write_bytes(make(lines))
    code, data = verify_cli(path)
    if bad is None:
        assert code == 0 and data["ok"] and data["events"] == len(lines)
        return
    seq = {"end": len(lines) + 1, "last": len(lines)}.get(bad, bad)
    assert code == 2 and data["problems"][0]["seq"] == seq, (kind, data)


BRIGADE = Path(__file__).resolve().parent.parent / "logs" / "brigade-peninsula" / "game.jsonl"


@pytest.mark.parametrize("written,why", [
    (b"11.090", "not canonical"), (b"1.109e1", "not canonical"), (b"11", "not canonical"),
    (b"1e16", "exponent"), (b"0.00001", "exponent"), (b"1e-7", "exponent"),
])
def test_a_float_written_otherwise_or_needing_an_exponent_is_malformed(tmp_path, written, why):
    """A brigade move's inches: msgspec writes 11.09. It writes 1e16 and 0.00001 too, but Python writes
    those 1e+16 and 1e-05: a float whose text needs an exponent, or differs between the two, is refused."""
    bodies = [line[:-75] + b"}" for line in BRIGADE.read_bytes().splitlines()]
    i = next(n for n, b in enumerate(bodies) if b'"x":11.09,' in b)
    bodies[i] = bodies[i].replace(b'"x":11.09,', b'"x":' + written + b",", 1)
    code, data = verify_cli(write_jsonl(tmp_path / "forged.jsonl", readme_chain(bodies)))
    assert code == 2 and data["problems"][0]["seq"] == i + 1, data["problems"]
    assert ("canonical" if why == "not canonical" else "without an exponent") in data["problems"][0]["message"]


def test_a_roll_expression_in_another_form_than_the_engine_writes_fails(tmp_path):
    """The engine writes NdM, NdMz, NdM+K, NdM-K with N and K in plain decimal (1d6, not d6 or 1D6)."""
    bodies, i = rolled_game(tmp_path)
    assert b'"expr":"2d6","dice"' in bodies[i]
    for other in (b"2D6", b"02d6", b"2d6+0", b" 2d6"):
        bodies_ = bodies[:]
        bodies_[i] = bodies[i].replace(b'"expr":"2d6","dice"', b'"expr":"' + other + b'","dice"', 1)
        code, data = verify_cli(write_jsonl(tmp_path / "forged.jsonl", readme_chain(bodies_)))
        assert code == 1 and data["problems"][0]["seq"] == i + 1, (other, data["problems"])


def test_a_float_a_log_cannot_hold_is_refused_when_the_game_is_made(tmp_path, cli_fast):
    """At write time too: a tables file with 1e20 inches is refused, naming the table and the key."""
    tables = tmp_path / "t.toml"
    template = cli_fast("tables", "--ruleset", "brigade", "--template").stdout
    start = template.index("[order_change_table]")
    section = template[start: template.index("\n[", start + 1)]
    tables.write_text(re.sub(r"base_contact_inches = [0-9.]+", "base_contact_inches = 1e20", section), encoding="utf-8")
    r = cli_fast("new", str(tmp_path / "b.db"), "--ruleset", "brigade", "--player", "a", "--player", "b",
                 "--tables", str(tables))
    assert r.returncode == 2 and "base_contact_inches" in r.stderr and not (tmp_path / "b.db").exists(), r.stderr
