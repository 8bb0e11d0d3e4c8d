"""The README's byte-level spec, checked from the README's own text: its `# readme-check` program,
run with nothing but the standard library, agrees with `adjudicator verify`; its worked example's
numbers are recomputed from the prose."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import games
from adjudicator.simulate import simulate
from conftest import LOGS, ROOT, export_log, play_sample_game, run_cli_inprocess

README = (ROOT / "README.md").read_text(encoding="utf-8")
DEMO = LOGS / "freeform-demo" / "game.jsonl"
SCHEMA = ROOT / "events" / "schema.json"


def readme_check_program() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    found = [b for b in blocks if b.startswith("# readme-check")]
    assert len(found) == 1, "the README must hold exactly one ```python block starting with # readme-check"
    return found[0]


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("readme") / "readme_check.py"
    path.write_text(readme_check_program(), encoding="utf-8")
    return path


def run_program(program: Path, log: Path, *schema: Path) -> subprocess.CompletedProcess:
    """-I -S: isolated, no site-packages: nothing but the standard library can be imported."""
    return subprocess.run([sys.executable, "-I", "-S", str(program), str(log), *map(str, schema)], capture_output=True,
                          text=True, timeout=300, cwd=program.parent)


def parse_output(out: str) -> tuple[int, str, int]:
    m = re.fullmatch(r"(\d+) events, head ([0-9a-f]{64}), (\d+) rolls re-derived, (\d+) signatures checked\n", out)
    assert m, out
    return int(m.group(1)), m.group(2), int(m.group(3))


def signatures_checked(out: str) -> int:
    m = re.search(r"(\d+) signatures checked", out)
    assert m, out
    return int(m.group(1))


def verify_json(log: Path) -> dict:
    r = run_cli_inprocess("verify", str(log), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def agree(program: Path, log: Path) -> tuple[int, str, int]:
    """The program, with the schema and without, says what verify says."""
    r = run_program(program, log, SCHEMA)
    assert r.returncode == 0, r.stderr
    events, head, rolls = parse_output(r.stdout)
    without = run_program(program, log)
    assert without.returncode == 0 and parse_output(without.stdout) == (events, head, rolls), without.stderr
    v = verify_json(log)
    assert v["ok"]
    assert events == v["events"]
    assert f"{events}:{head}" == v["head"]
    assert rolls == v["rolls"].get("verified", 0)
    return events, head, rolls


def test_the_program_uses_only_the_standard_library():
    imported = set()
    for line in readme_check_program().splitlines():
        m = re.match(r"\s*(?:import|from)\s+([\w., ]+)", line)
        if m:
            imported |= {x.strip().split(".")[0] for x in m.group(1).split(",")}
    assert imported and imported <= set(sys.stdlib_module_names), imported


def test_readme_check_agrees_with_verify_on_the_shipped_demo(program):
    events, head, rolls = agree(program, DEMO)
    assert rolls > 0


@pytest.mark.parametrize("log", sorted(LOGS.glob("*/game.jsonl")), ids=lambda p: p.parent.name)
def test_readme_check_agrees_with_verify_on_every_shipped_game(program, log):
    agree(program, log)


def test_the_committed_schema_is_what_adjudicator_schema_prints():
    """events/schema.json lets a verifier without our tool read each action's members in their order."""
    r = run_cli_inprocess("schema")
    assert r.returncode == 0 and SCHEMA.read_text(encoding="utf-8") == r.stdout, \
        "events/schema.json is stale: python3 -m adjudicator schema > events/schema.json"


def test_readme_check_agrees_with_verify_on_a_simulated_game(program, tmp_path):
    db = tmp_path / "sim.db"
    simulate(db, "freeform", seed=11, events=600)
    log = export_log(db)
    events, head, rolls = agree(program, log)
    assert events == 600 and rolls > 50


def test_readme_check_agrees_on_a_game_with_unrevealed_epochs_and_non_ascii_text(program, tmp_path):
    db = play_sample_game(tmp_path, turns=3, reveal=False)
    games.post(db, "note Montmorency’s wing — été, 1562 ✓\nroll 2d6 for Picardie’s volley", "blue")
    games.reveal(db)
    log = export_log(db)
    events, head, rolls = agree(program, log)
    assert rolls == 9  # three closed turns of three rolls are revealed; the open turn's roll is not


def test_readme_check_agrees_on_a_reported_dice_game(program, tmp_path):
    from conftest import make_game

    db = make_game(tmp_path, dice="reported")
    games.post(db, "roll 2d6\nrolled 2 3\nend turn", "red")
    assert agree(program, export_log(db))[2] == 0


def test_readme_check_fails_on_a_tampered_roll(program, tmp_path):
    """It can fail: a rolled die changed and the chain re-hashed is caught by re-deriving the roll."""
    from conftest import rechain

    lines = DEMO.read_bytes().splitlines()
    i = next(n for n, line in enumerate(lines) if b'"dice":[' in line)
    event = json.loads(lines[i])
    d = event["rolls"][0]["dice"]
    d[0] = d[0] % 6 + 1 if d[0] != 6 else 5
    lines[i] = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    r = run_program(program, forged)
    assert r.returncode != 0 and "does not match" in r.stderr
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(DEMO.read_bytes().replace(b"voltigeur", b"Voltigeur", 1))
    r = run_program(program, edited)
    assert r.returncode != 0 and "bad hash" in r.stderr


# -- the worked example, from the README's prose ------------------------------------------

def _example() -> str:
    start = README.index("**Worked example.**")
    return README[start: README.index("**Check a log yourself**", start)]


def test_worked_example_numbers_follow_from_the_readme_text():
    text = _example()
    top_text = re.search(r"`s_(\d+) = sha256\(b\"([^\"]*)\"\)`", text)
    n, phrase = int(top_text.group(1)), top_text.group(2).encode()
    s_k = re.search(r"so\s+`s_(\d+) = ([0-9a-f]{64})`", text)
    k, s_k_hex = int(s_k.group(1)), s_k.group(2)
    game = re.search(r"game `(\w+)`", text).group(1)
    seeds = re.findall(r"`(\w+): (\w+)`", text)
    mix_hex = re.search(r"`mix = ([0-9a-f]{64})`", text).group(1)
    i = int(re.search(r"\(`i = (\d+)`\)", text).group(1))
    e = int(re.search(r"event `e = (\d+)`", text).group(1))
    epoch = int(re.search(r"in epoch (\d+)", text).group(1))
    expr = re.search(r"`(\d+)d(\d+)`: block 0", text)
    count, faces = int(expr.group(1)), int(expr.group(2))
    block_hex = re.search(r"block 0 is\s+`([0-9a-f]{64})`", text).group(1)
    words = [int(w) for w in re.search(r"first words are\s+(\d+) and (\d+)", text).groups()]
    limit = int(re.search(r"below (\d+)", text).group(1))
    dice = [int(d) for d in re.findall(r"% \d+ \+ 1 = (\d+)`", text)]

    assert (n, k, epoch) == (3, 1, 1) and seeds == [("red", "owls"), ("blue", "kettle")]
    secret = hashlib.sha256(phrase).digest()
    for _ in range(n - k):
        secret = hashlib.sha256(secret).digest()
    assert secret.hex() == s_k_hex
    mix = hashlib.sha256(b"adj-mix1\x00" + b"".join(p.encode() + b"\x00" + s.encode() + b"\x00" for p, s in seeds))
    assert mix.hexdigest() == mix_hex
    msg = (b"adj-dice1\x00" + game.encode() + b"\x00" + mix.digest() + e.to_bytes(8, "big") + i.to_bytes(4, "big")
           + (0).to_bytes(4, "big"))
    block = hmac.digest(secret, msg, "sha256")
    assert block.hex() == block_hex
    assert list(struct.unpack(">8I", block)[:2]) == words
    assert limit == 2**32 - 2**32 % faces
    assert dice == [w % faces + 1 for w in words][:count] == [1, 6]


def test_worked_example_agrees_with_the_engine():
    from adjudicator.dice import derive, parse_expr, seed_mix

    s1 = bytes.fromhex(re.search(r"so\s+`s_1 = ([0-9a-f]{64})`", _example()).group(1))
    assert derive(s1, "demo", seed_mix((("red", "owls"), ("blue", "kettle"))), 7, 0, parse_expr("2d6")) == (1, 6)


def test_readme_hash_chain_spec_matches_the_shipped_log():
    """The prose spec (not the program): last 75 bytes, member order, domain, prev of seq 1."""
    lines = DEMO.read_bytes().splitlines()
    prev = "0" * 64
    for n, line in enumerate(lines, 1):
        assert line[-75:].startswith(b',"hash":"') and line.endswith(b'"}') and len(line[-75:]) == 75
        event = json.loads(line)
        assert list(event) == ["game", "seq", "actor", "turn", "phase", "epoch", "action", "rolls", "prev", "hash"]
        assert list(event["action"])[0] == "type"
        for roll in event["rolls"]:
            assert list(roll) == ["purpose", "expr", "dice", "side"]
        body = line[:-75] + b"}"
        assert body == json.dumps({k: v for k, v in event.items() if k != "hash"}, separators=(",", ":"),
                                  ensure_ascii=False).encode()
        assert event["prev"] == prev and event["seq"] == n
        prev = hashlib.sha256(b"adj-ev1\x00" + bytes.fromhex(prev) + body).hexdigest()
        assert prev == event["hash"]
    first = json.loads(lines[0])
    assert first["action"]["type"] == "game-created" and len(first["action"]["dice"]["anchor"]) == 64


# -- the forged logs of issue 14: the program refuses what verify refuses --------------------------

def _forgeries(tmp_path: Path) -> dict[str, Path]:
    """Every forged log of tests/test_verify_forgeries.py that verify refuses, by name."""
    import test_verify_forgeries as f

    out: dict[str, Path] = {}

    def put(name: str, lines: list[bytes], raw: bytes | None = None) -> None:
        path = tmp_path / f"{len(out)}.jsonl"
        path.write_bytes(raw if raw is not None else b"".join(x + b"\n" for x in lines))
        out[name] = path

    d = tmp_path / "hole1"
    d.mkdir()
    put("a die changed under a skipped reveal", f.forge_skipped_reveal(d)[0])
    d = tmp_path / "swapped"
    d.mkdir()
    events = f.events_of(export_log(f.skipped_reveal_game(d)))
    a, b = [i for i, e in enumerate(events) if e["action"]["type"] == "secret-revealed"]
    events[a], events[b] = events[b], events[a]
    put("reveals 2 then 1", f.readme_chain(f.renumbered(events)))
    events[a]["action"]["secret"] = events[a]["action"]["secret"].upper()
    put("a secret in upper case", f.readme_chain(f.renumbered(events)))
    first = events[0]["action"]["dice"]
    for name, dice in (("an anchor in upper case", {**first, "anchor": first["anchor"].upper()}),
                       ("reported dice with an anchor", {**first, "mode": "reported"}),
                       ("another dice mode", {**first, "mode": "loaded"}), ("no epochs", {**first, "epochs": 0})):
        created = {**events[0], "action": {**events[0]["action"], "dice": dice}}
        put(name, f.readme_chain(f.renumbered([created] + events[1:3])))
    d = tmp_path / "hole2"
    d.mkdir()
    events = f.short_chain_game(d)
    roll = next(e for e in events if e["rolls"] and e["epoch"] == 2)
    put("a roll above N", f.readme_chain(f.renumbered(events + [{**roll, "turn": 3, "epoch": 3, "actor": "red"}])))
    put("a roll on the first event",
        f.readme_chain(f.renumbered([{**events[0], "rolls": roll["rolls"]}] + events[1:])))
    d = tmp_path / "hole3"
    d.mkdir()
    bodies, i = f.rolled_game(d)
    for kind, forge in f.FORGERIES.items():
        put(kind, f.readme_chain(bodies[:i] + [forge(bodies[i])] + bodies[i + 1:]))
    lines = f.readme_chain(bodies)
    for kind, (make, bad) in f.LINE_ENDS.items():
        if bad is not None:
            put(kind, [], make(lines))
    brigade = [line[:-75] + b"}" for line in f.BRIGADE.read_bytes().splitlines()]
    j = next(n for n, b in enumerate(brigade) if b'"x":11.09,' in b)
    for written in (b"11.090", b"1.109e1", b"11", b"1e16", b"0.00001", b"1e-7", b"NaN", b"Infinity"):
        put(f"x = {written.decode()}", f.readme_chain(brigade[:j] + [brigade[j].replace(b'"x":11.09,', b'"x":' + written
                                                                                          + b",", 1)] + brigade[j + 1:]))
    for other in (b"2D6", b"02d6", b"2d6+0", b"d6"):
        roll = bodies[i].replace(b'"expr":"2d6","dice"', b'"expr":"' + other + b'","dice"', 1)
        put(f"expr {other.decode()}", f.readme_chain(bodies[:i] + [roll] + bodies[i + 1:]))
    return out


def test_readme_check_refuses_every_forged_log_that_verify_refuses(program, tmp_path):
    forged = _forgeries(tmp_path)
    assert len(forged) > 30
    for name, log in forged.items():
        assert run_cli_inprocess("verify", str(log)).returncode in (1, 2), name
        r = run_program(program, log, SCHEMA)
        assert r.returncode == 1 and r.stderr.startswith("FAIL ") and "Traceback" not in r.stderr, (name, r.stderr)


def test_readme_check_needs_the_schema_only_for_what_an_action_holds(program, tmp_path):
    """Without the schema the program cannot know an action's members: an extra one, or an integer
    where the schema says a float, passes it, and the schema catches them."""
    forged = _forgeries(tmp_path)
    for name in ("extra action member", "x = 11"):
        assert run_program(program, forged[name]).returncode == 0, name
        assert run_program(program, forged[name], SCHEMA).returncode == 1, name


def test_readme_check_re_derives_the_rolls_under_a_skipped_reveal(program, tmp_path):
    """The reveal of epoch 2 alone reveals epoch 1: its roll is re-derived, as verify does."""
    import test_verify_forgeries as f

    lines, _ = f.forge_skipped_reveal(tmp_path, change_die=False)
    log = f.write_jsonl(tmp_path / "skipped.jsonl", lines)
    assert agree(program, log)[2] == 1


@pytest.mark.parametrize("ends", ["crlf", "no final lf"])
def test_readme_check_takes_crlf_and_a_missing_last_line_end(program, tmp_path, ends):
    import test_verify_forgeries as f

    bodies, _ = f.rolled_game(tmp_path)
    lines = f.readme_chain(bodies)
    log = tmp_path / "ends.jsonl"
    log.write_bytes(b"".join(x + b"\r\n" for x in lines) if ends == "crlf" else b"\n".join(lines))
    assert agree(program, log)[0] == len(lines)


# -- posts and signatures -----------------------------------------------------------------

@pytest.fixture(scope="module")
def signed_game(tmp_path_factory) -> Path:
    """A freeform game in which red and blue sign their posts (ed25519 and RSA keys made here)."""
    import shutil

    if shutil.which("ssh-keygen") is None:
        pytest.skip("ssh-keygen (OpenSSH's client tools) is not installed: it makes the keys and signatures")
    from adjudicator.signing import sign

    d = tmp_path_factory.mktemp("signed")
    for name, kind in (("red", "ed25519"), ("blue", "rsa")):
        subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(d / name)], check=True)
    db = d / "g.db"
    games.new_game(db, "freeform", ["red", "blue"], keys={"red": d / "red.pub", "blue": d / "blue.pub"})
    for side, text in (("red", "roll 2d6 for volley\nend turn"), ("blue", "note holds\nroll 1d6\nend turn")):
        _, state = games.state_at(db)
        games.post(db, sign(f"game g\nafter {state.core.seq} {state.core.head}\n{text}", d / side), side)
    games.post(db, "ruling the wood is open because the map says so", "referee")
    return export_log(db)  # unrevealed: a forgery that moves a roll is caught by the rules of posts, not by its dice


def test_readme_check_agrees_with_verify_on_a_signed_game(program, signed_game):
    agree(program, signed_game)
    assert signatures_checked(run_program(program, signed_game).stdout) == 2


@pytest.mark.parametrize("forgery,why", [("action-unsigned", "not in a post signed with red's key"),
                                         ("signature-edited", "bad signature"),
                                         ("replayed-head", "names its game and the head it follows"),
                                         ("record-dropped", "not in a post signed with red's key")])
def test_readme_check_and_verify_refuse_a_forged_signed_game(program, signed_game, tmp_path, forgery, why):
    """Each forgery is re-chained by the README's formula: only the rules of posts and signatures catch it."""
    from conftest import rechain

    events = [json.loads(line) for line in signed_game.read_bytes().splitlines()]
    record = next(e for e in events if e["action"]["type"] == "post-received" and e["actor"] == "red")
    i = events.index(record)
    if forgery == "action-unsigned":  # red's roll, as though the referee's unsigned post had made it
        record["actor"], record["action"] = "referee", {"type": "post-received", "digest": "ab" * 32, "signed": "",
                                                         "signature": ""}
    elif forgery == "signature-edited":
        record["action"]["signed"] = record["action"]["signed"].replace("volley", "vollee")
        record["action"]["digest"] = hashlib.sha256((record["action"]["signed"] + record["action"]["signature"]).encode()).hexdigest()
    elif forgery == "replayed-head":  # the post moved one event later, behind a note of the referee's
        events.insert(i, {**record, "actor": "referee", "action": {"type": "note", "text": "x"}})
    else:
        del events[i]
    lines = rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in lines))
    r = run_program(program, forged)
    assert r.returncode != 0 and why in r.stderr, r.stderr
    assert run_cli_inprocess("verify", forged).returncode == 1


def _mutated_records(events: list[dict], draw) -> tuple[list[dict], bool]:
    """A post record or a key of the signed game changed as a forger might, its digest made good or not;
    and whether what changed is a signed post's text, signature or digest."""
    from hypothesis import strategies as st

    events = json.loads(json.dumps(events))
    targets = [i for i, e in enumerate(events) if e["action"]["type"] in ("post-received", "player-key")]
    e = events[draw(st.sampled_from(targets), "event")]
    a = e["action"]
    fields = [k for k in a if k != "type"] + ["actor"]
    name = draw(st.sampled_from(fields), "field")
    holder = e if name == "actor" else a
    how = draw(st.sampled_from(["empty", "flip", "other-side", "swap-with-another"]), "how")
    value = holder[name]
    if how == "empty":
        value = ""
    elif how == "flip" and value:
        at = draw(st.integers(0, len(value) - 1), "at")
        value = value[:at] + ("b" if value[at] == "a" else "a") + value[at + 1:]
    elif how == "other-side":
        value = {"red": "blue", "blue": "red", "referee": "red"}.get(value, value)
    else:
        others = [x[name] if name == "actor" else x["action"].get(name) for x in events
                  if x["action"]["type"] == a["type"] and x is not e]
        value = draw(st.sampled_from(others), "other") if others else value
    before = dict(a)
    signed = a["type"] == "post-received" and bool(a["signature"]) and name in ("digest", "signed", "signature")
    holder[name] = value
    if a["type"] == "post-received" and draw(st.booleans(), "digest made good"):
        a["digest"] = hashlib.sha256((a["signed"] + a["signature"]).encode()).hexdigest() if a["signature"] else a["digest"]
    return events, signed and a != before


def test_readme_check_and_verify_agree_on_forged_records_and_keys(program, signed_game, tmp_path):
    """Property: whatever a forger changes in a signed game's post records and keys (re-chained by the
    README's formula), a log `adjudicator verify` accepts is one the README's program accepts (verify
    also checks the rules: who may post at all); and a changed signed text, signature or digest is
    refused by both."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    from conftest import rechain

    events = [json.loads(line) for line in signed_game.read_bytes().splitlines()]

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(data=st.data())
    def case(data):
        forged_events, signature_broken = _mutated_records(events, lambda s, label: data.draw(s, label=label))
        lines = rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in forged_events])
        forged = tmp_path / "forged.jsonl"
        forged.write_bytes(b"".join(x + b"\n" for x in lines))
        by_program = run_program(program, forged).returncode == 0
        by_verify = run_cli_inprocess("verify", forged).returncode == 0
        assert by_program or not by_verify, forged_events
        assert not signature_broken or not (by_program or by_verify), forged_events

    case()
