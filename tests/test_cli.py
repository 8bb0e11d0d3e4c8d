"""The `adjudicator` command end to end: every command, every exit code (0, 1, 2, 3), the three
report formats, reported-dice games, sealed orders. Real child processes where the process
boundary matters (`cli`), in-process otherwise (`cli_fast`: the same cli.main)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from adjudicator import games
from conftest import ROOT, event_rows, export_log, make_game, play_sample_game

HEAD = re.compile(r"head #(\d+) ([0-9a-f]{16})")


def turn(tmp_path: Path, text: str, name: str = "turn.txt") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def ok(r) -> subprocess.CompletedProcess:
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    return r


def fails(r, code: int, *needles: str) -> subprocess.CompletedProcess:
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    for n in needles:
        assert n in r.stderr + r.stdout, (n, r.stdout, r.stderr)
    return r


# -- as a user runs it --------------------------------------------------------------------

def test_a_game_as_a_user_runs_it_in_real_processes(tmp_path, cli):
    db = tmp_path / "skirmish.db"
    r = ok(cli("new", db, "--ruleset", "freeform", "--player", "red", "--player", "blue"))
    assert "skirmish.db.secret" in r.stdout
    r = ok(cli("post", db, turn(tmp_path, "# Turn 1\nroll 2d6 for 95th volley\nnote soft cover\nend turn\n"),
               "--as", "red", "--format", "bbcode"))
    assert r.stdout.startswith("[b]") and "[/b]" in r.stdout
    assert "95th volley: 2d6 [\u200b" in r.stdout and "turn 1 ends" in r.stdout  # a [ never opens a tag
    seq, prefix = HEAD.search(r.stdout).groups()
    assert seq == "5" and event_rows(db)[-1][2].startswith(prefix)  # the game, the post's record, its 3 actions
    assert f"adjudicator verify skirmish.jsonl --head 5:{prefix}" in r.stdout
    assert f"adjudicator-receipt game=skirmish seq=2-5 head={prefix} post=" in r.stdout
    r = ok(cli("verify", db, "--head", f"5:{prefix}"))
    assert r.stdout.startswith("OK: 5 events") and f"kept head 5:{prefix} matches" in r.stdout


def test_the_console_script_is_installed():
    exe = shutil.which("adjudicator")
    assert exe, "the console script `adjudicator` is not on PATH"
    r = subprocess.run([exe, "rulesets", "--json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "freeform" in {d["name"] for d in json.loads(r.stdout)}


@pytest.mark.parametrize("args", [["verify"], ["post", "x.db"], ["nosuch"], ["replay", "x.db", "--at", "abc"],
                                  ["new", "x.db"], ["verify", "x.jsonl", "--no-such-option"]])
def test_bad_arguments_exit_2_with_usage(cli_fast, args):
    r = cli_fast(*args)
    fails(r, 2)


def test_no_arguments_prints_help(cli_fast):
    r = cli_fast()
    assert r.returncode in (0, 2) and "Usage" in r.stdout + r.stderr and "Traceback" not in r.stderr


# -- the commands ---------------------------------------------------------------------------

def test_rulesets_and_tables(cli_fast):
    data = json.loads(ok(cli_fast("rulesets", "--json")).stdout)
    assert "freeform" in {d["name"] for d in data}
    assert "freeform:" in ok(cli_fast("rulesets")).stdout
    ok(cli_fast("tables", "--ruleset", "freeform"))


def test_join_status_reveal_log(tmp_path, cli_fast):
    db = tmp_path / "g.db"
    ok(cli_fast("new", db, "--ruleset", "freeform", "--player", "red", "--player", "blue"))
    r = ok(cli_fast("join", db, "--as", "red", "--seed", "owls"))
    assert "seed owls" in r.stdout
    status = ok(cli_fast("status", db)).stdout
    assert "client seeds still welcome" in status and "blue" in status
    fails(cli_fast("join", db, "--as", "red", "--seed", "again"), 1, "seed/twice")
    ok(cli_fast("join", db, "--as", "blue"))  # a random seed
    ok(cli_fast("post", db, turn(tmp_path, "roll 2d6\nend turn"), "--as", "red"))
    fails(cli_fast("join", db, "--as", "blue", "--seed", "late"), 1, "seed/")
    data = json.loads(ok(cli_fast("status", db, "--json")).stdout)
    assert data["turn"] == 2 and data["awaiting"][0]["side"] == "blue" and data["seeds"] == ["red", "blue"]
    assert data["head"] == f"6:{event_rows(db)[-1][2]}" and data["revealed_through"] == 0  # the post's record too
    assert "awaiting blue" in ok(cli_fast("status", db)).stdout
    r = ok(cli_fast("reveal", db))
    assert "reveal 1 " in r.stdout
    assert "nothing to reveal" in ok(cli_fast("reveal", db)).stdout
    assert json.loads(ok(cli_fast("status", db, "--json")).stdout)["revealed_through"] == 1
    printed = ok(cli_fast("log", db)).stdout.splitlines()
    log = [line for line in printed if line.startswith("#")]  # one line an event, what it did indented under it
    assert len(log) == 7 and log[0].startswith("#1 ") and log[3].startswith("#4 ") and "post received: sha256" in log[3]
    assert log[4].startswith("#5 ") and "2d6 [" in log[4]
    assert log[6].startswith("#7 ") and "reveal 1" in log[6]
    said = printed[printed.index(log[6]) + 1:]
    assert said and said[0].startswith("    dice secret of epoch 1 revealed")


@pytest.mark.parametrize("fmt,bold", [("text", ""), ("markdown", "**"), ("bbcode", "[b]")])
def test_report_formats(tmp_path, cli_fast, fmt, bold):
    db = make_game(tmp_path)
    r = ok(cli_fast("post", db, turn(tmp_path, "roll 2d6+1 for volley\nroll 1d10z\nnote a\nend turn"),
                    "--as", "red", "--format", fmt))
    lines = r.stdout.splitlines()
    assert lines[0].startswith(bold + "g · ")
    # what a reader sees: the text's escapes (tests/test_player_text.py) read back
    body = re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", "\n".join(lines)) if fmt == "markdown" else "\n".join(lines)
    body = body.replace("\u200b", "")
    for action in ("roll 2d6+1 for volley", "roll 1d10z", "note a", "end turn"):
        assert action in body
    assert re.search(r"volley: 2d6\+1 \[\d \d\] \+1 = \d+", body)
    assert "→ turn 1 ends" in body
    head = event_rows(db)[-1]
    assert f"head #{head[1]} {head[2][:16]}" in lines[-4:] or f"[code]head #{head[1]} {head[2][:16]}" in lines
    assert f"adjudicator verify g.jsonl --head {head[1]}:{head[2][:16]}" in body
    receipt = f"adjudicator-receipt game=g seq=2-{head[1]} head={head[2][:16]} post="
    assert any(line.startswith(receipt) for line in lines[-2:]), lines[-2:]  # last, in the [code] or fenced block


def test_exit_1_for_an_illegal_action_naming_line_and_rule(tmp_path, cli_fast):
    db = make_game(tmp_path)
    before = event_rows(db)
    fails(cli_fast("post", db, turn(tmp_path, "note fine\nend turn\n"), "--as", "blue"), 1,
          "line 2", "freeform", "turn/not-yours")
    fails(cli_fast("post", db, turn(tmp_path, "ruling x because y"), "--as", "red"), 1, "ruling/not-referee")
    fails(cli_fast("post", db, turn(tmp_path, "note x"), "--as", "green"), 1, "actor/unknown")
    assert event_rows(db) == before


def test_exit_3_for_a_post_written_against_an_old_head(tmp_path, cli_fast):
    db = make_game(tmp_path)
    (seq, _, digest) = event_rows(db)[-1][1:4][0], None, event_rows(db)[-1][2]
    stale = turn(tmp_path, f"after 1 {digest[:8]}\nnote written at the start\n", "stale.txt")
    ok(cli_fast("post", db, turn(tmp_path, "note someone else first"), "--as", "blue"))
    before = event_rows(db)
    fails(cli_fast("post", db, stale, "--as", "red"), 3, "#1", "post again")
    assert event_rows(db) == before
    head = before[-1]
    fails(cli_fast("post", db, turn(tmp_path, f"after {head[1]} {'0' * 8}\nnote x"), "--as", "red"), 3)
    fails(cli_fast("post", db, turn(tmp_path, f"after {head[1] + 1} {head[2][:8]}\nnote x"), "--as", "red"), 3)
    assert event_rows(db) == before
    ok(cli_fast("post", db, turn(tmp_path, f"after {head[1]} {head[2][:12].upper()}\nnote x"), "--as", "red"))


def test_replay_at_any_seq_from_the_database_and_from_the_export(tmp_path, cli_fast):
    db = play_sample_game(tmp_path, turns=2)
    log = export_log(db)
    n = len(event_rows(db))
    for at in (1, 5, n):
        from_db = json.loads(ok(cli_fast("replay", db, "--at", str(at), "--json")).stdout)
        from_log = json.loads(ok(cli_fast("replay", log, "--at", str(at), "--json")).stdout)
        assert from_db == from_log
        assert from_db["core"]["seq"] == at
    text = ok(cli_fast("replay", db, "--at", "5")).stdout
    assert text.startswith(f"g after #5 ") and "turn 1" in text
    fails(cli_fast("replay", db, "--at", str(n + 1)), 2, f"1 to {n}")
    fails(cli_fast("replay", log, "--at", str(n + 1)), 2)


def test_export_import_round_trip(tmp_path, cli_fast):
    db = play_sample_game(tmp_path, turns=2)
    out = tmp_path / "pub.jsonl"
    r = ok(cli_fast("export", db, "-o", out))
    assert f"wrote {len(event_rows(db))} events" in r.stdout
    copy = tmp_path / "copy.db"
    ok(cli_fast("import", out, copy))
    assert event_rows(copy) == event_rows(db)
    assert games.state_at(copy)[1] == games.state_at(db)[1]
    fails(cli_fast("import", out, copy), 2, "already exists")
    # a well-formed log that fails verification: exit 1, nothing created
    lines = out.read_bytes().splitlines()
    lines[4], lines[5] = lines[5], lines[4]
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\n".join(lines) + b"\n")
    fails(cli_fast("import", bad, tmp_path / "bad.db"), 1, "seq 5")
    assert not any(tmp_path.glob("bad.db*"))
    # the imported copy carries on as a game (the referee who holds the secret can use it)
    shutil.copy(f"{db}.secret", f"{copy}.secret")
    ok(cli_fast("post", copy, turn(tmp_path, "roll 2d6"), "--as", "red"))


def test_verify_json_reports_rolls_heads_and_rulings(tmp_path, cli_fast):
    db = play_sample_game(tmp_path, turns=2)
    games.post(db, "ruling the hedge is soft cover because the map says so", "referee")
    games.post(db, "roll 1d6", "red")
    data = json.loads(ok(cli_fast("verify", db, "--json", "--head", f"3:{event_rows(db)[2][2][:8]}")).stdout)
    assert data["ok"] and data["game"] == "g" and data["ruleset"] == "freeform"
    assert data["rolls"] == {"verified": 6, "unrevealed": 1}
    assert data["heads_checked"] == [f"3:{event_rows(db)[2][2][:8]}"]
    assert data["rulings"][0]["decision"] == "the hedge is soft cover"
    text = ok(cli_fast("verify", db)).stdout
    assert "6 verified, 1 not yet revealed" in text and "ruling at #" in text


def test_schema_covers_every_event(cli_fast):
    schema = json.loads(ok(cli_fast("schema")).stdout)
    text = json.dumps(schema)
    for tag in ("game-created", "seed", "secret-revealed", "orders-sealed", "orders-unsealed", "note", "ruling",
                "game-ended", "game-conceded", "freeform.roll", "freeform.end-turn"):
        assert f'"{tag}"' in text, tag
    assert schema["$ref"] == "#/$defs/Event"
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.validators.validator_for(schema)(schema)
    seen = set()
    for line in (ROOT / "logs" / "freeform-demo" / "game.jsonl").read_text().splitlines():
        event = json.loads(line)
        event.pop("hash")
        if event["action"]["type"] not in seen:  # one event of each type
            seen.add(event["action"]["type"])
            validator.validate(event)
    assert len(seen) >= 8
    assert not validator.is_valid({"game": "g", "seq": "one"})


def test_simulate_is_deterministic_and_verifies(tmp_path, cli_fast):
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    a, b = tmp_path / "1" / "sim.db", tmp_path / "2" / "sim.db"  # the game id is the file's stem
    ra = ok(cli_fast("simulate", "--ruleset", "freeform", "--events", "300", "--seed", "5", "-o", a))
    rb = ok(cli_fast("simulate", "--ruleset", "freeform", "--events", "300", "--seed", "5", "-o", b))
    assert HEAD.search(ra.stdout).groups() == HEAD.search(rb.stdout).groups() == ("300", event_rows(a)[-1][2][:16])
    data = json.loads(ok(cli_fast("verify", a, "--json")).stdout)
    assert data["ok"] and data["events"] == 300 and data["rolls"]["verified"] > 0
    c = tmp_path / "sim.db"
    ok(cli_fast("simulate", "--ruleset", "freeform", "--events", "300", "--seed", "6", "-o", c))
    assert event_rows(c)[-1][2] != event_rows(a)[-1][2]


def test_options_lists_what_the_deciding_side_may_post(tmp_path, cli_fast):
    db = make_game(tmp_path)
    r = ok(cli_fast("options", db)).stdout
    assert r.startswith("red may post:") and "end turn" in r and "roll 2d6" in r
    blue = ok(cli_fast("options", db, "--as", "blue")).stdout
    assert "end turn" not in blue and "roll 1d6" in blue
    # every option printed is a legal post for that side
    lines = [line.strip() for line in r.splitlines()[1:]]
    for line in lines:
        if line != "end turn":
            ok(cli_fast("post", db, turn(tmp_path, line), "--as", "red"))
    fails(cli_fast("map", db, "-o", tmp_path / "m.svg"), 2, "no board")


def test_seal_command_and_sealed_orders_through_posts(tmp_path, cli_fast):
    db = make_game(tmp_path)
    orders = turn(tmp_path, "  advance on the ford\n\nhold the mill  \n", "orders.txt")
    r = ok(cli_fast("seal", db, orders, "--as", "blue", "--label", "t1")).stdout.splitlines()
    seal_line = next(line for line in r if line.startswith("seal "))
    unseal_block = r[r.index(next(line for line in r if line.startswith("unseal "))):]
    assert unseal_block[1:] == ["| advance on the ford", "| hold the mill"]
    ok(cli_fast("post", db, turn(tmp_path, seal_line), "--as", "blue"))
    assert "sealed orders 't1' from blue" in ok(cli_fast("status", db)).stdout
    salt = unseal_block[0].split()[2]
    wrong = ("1" if salt[0] == "0" else "0") + salt[1:]
    before = event_rows(db)
    fails(cli_fast("post", db, turn(tmp_path, "\n".join([f"unseal t1 {wrong}"] + unseal_block[1:])), "--as", "blue"),
          1, "seal/mismatch", "line 1")
    assert event_rows(db) == before
    r = ok(cli_fast("post", db, turn(tmp_path, "\n".join(unseal_block)), "--as", "blue"))
    assert "match their commitment" in r.stdout and "advance on the ford" in r.stdout
    fails(cli_fast("seal", db, turn(tmp_path, "\n\n", "empty.txt"), "--as", "blue", "--label", "x"), 2)


# -- reported dice ------------------------------------------------------------------------------

def test_a_reported_dice_game(tmp_path, cli_fast):
    db = tmp_path / "real.db"
    r = ok(cli_fast("new", db, "--ruleset", "freeform", "--player", "red", "--player", "blue", "--dice", "reported"))
    assert "reported" in r.stdout and not Path(f"{db}.secret").exists()
    r = ok(cli_fast("post", db, turn(tmp_path, "roll 2d6 for volley\nrolled 3 5\nroll 1d10z\nrolled 0\nend turn"),
                    "--as", "red"))
    assert "volley: 2d6 [3 5] = 8" in r.stdout and "1d10z [0] = 0" in r.stdout
    before = event_rows(db)
    for text, line in [("roll 2d6\nrolled 7 1", "line 1"), ("roll 1d10z\nrolled 10", "line 1"),
                       ("note x\nroll 2d6\nrolled 0 3", "line 2"), ("roll 2d6\nrolled 3", "line 1"),
                       ("roll 2d6", "line 1"), ("roll 1d6\nrolled 1 2", "line 1"), ("roll 1d6\nrolled -1", "line 1")]:
        fails(cli_fast("post", db, turn(tmp_path, text), "--as", "blue"), 2, line)
        assert event_rows(db) == before, text
    fails(cli_fast("reveal", db), 1, "reported")
    data = json.loads(ok(cli_fast("verify", db, "--json")).stdout)
    assert data["ok"] and data["rolls"] == {"reported": 2}
    assert "dice: reported" in ok(cli_fast("status", db)).stdout
    audit = ok(cli_fast("audit", db)).stdout
    assert "[3, 5] reported" in audit


def test_a_reported_face_edited_out_of_range_in_a_log_fails_verify(tmp_path, cli_fast):
    from conftest import rechain

    db = make_game(tmp_path, dice="reported")
    games.post(db, "roll 2d6\nrolled 3 5", "red")
    lines = export_log(db).read_bytes().splitlines()
    lines[2] = lines[2].replace(b'"dice":[3,5]', b'"dice":[3,9]')  # seq 2 is the post's record
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    fails(cli_fast("verify", bad), 1, "seq 3", "impossible")


def test_map_writes_a_real_png_or_refuses_an_unknown_extension(tmp_path):
    """`map -o x.png` once wrote SVG text into x.png; now a PNG (its signature and a size), and an
    extension that is neither .svg nor .png is bad input, with nothing written."""
    from conftest import LOGS, run_cli_inprocess

    log = LOGS / "paris-dreux-1562" / "game.jsonl"
    r = run_cli_inprocess("map", str(log), "-o", str(tmp_path / "m.png"))
    assert r.returncode == 0, r.stderr
    png = (tmp_path / "m.png").read_bytes()
    width = int(re.search(r'<svg\b[^>]*\bwidth="(\d+)"', (LOGS / "paris-dreux-1562" / "final-map.svg").read_text()).group(1))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 2 * width  # the SVG's, zoomed
    r = run_cli_inprocess("map", str(log), "-o", str(tmp_path / "m.jpg"))
    assert r.returncode == 2 and ".svg or .png" in r.stderr and not (tmp_path / "m.jpg").exists()


def test_help_gives_every_verb_of_a_game_system_with_an_example():
    """`adjudicator help RULESET` documents the post notation: each of the ruleset's verbs and every
    game's verbs, each with what it does and an example, from the verbs the parser itself uses."""
    from adjudicator import rulesets
    from adjudicator.core import VERBS
    from conftest import run_cli_inprocess

    r = run_cli_inprocess("help", "freeform")
    assert r.returncode == 0, r.stderr
    examples = rulesets.get("freeform").examples
    for verb in rulesets.get("freeform").verbs + VERBS:
        assert verb.help in r.stdout and verb.help.startswith(verb.words.split()[0])
        if verb.words in examples:  # the ruleset's own verbs: an example of their own (notation.EXAMPLES)
            assert f"{verb.help} (e.g. {examples[verb.words]})" in r.stdout
        else:
            assert "(" in verb.help.split(":", 1)[1], f"{verb.words}: no example"
    assert run_cli_inprocess("help", "chess").returncode == 2


@pytest.mark.parametrize("game,piece", [("paris-dreux-1562", "  conde-g3: name Condé gendarmes, wing conde, kind G"),
                                        ("brigade-peninsula", "  picton: name Picton, role cinc"),
                                        ("portable-bohemia", "  pru-inf1: "), ("skirmish-assault", "  br-sgt: ")])
def test_replay_without_json_reads_as_a_position_not_a_dump(cli_fast, game, piece):
    """Issue "A forum game that flows": `replay` prints where the game is and every piece of every side
    a line each, grouped by side; the JSON is `--json`'s."""
    text = ok(cli_fast("replay", ROOT / "logs" / game / "game.jsonl")).stdout
    assert "{" not in text and '"' not in text
    assert piece in text.splitlines() or any(line.startswith(piece) for line in text.splitlines()), text[:2000]
    assert any(line.startswith("units of ") or line.startswith("figures of ") for line in text.splitlines())


def test_lines_after_a_hand_off_are_held_back_and_said_so_the_lines_before_stand(tmp_path, cli_fast):
    """Issue "A forum game that flows": a line refused after one that handed the decision to the other
    side is not blamed on the phase; the post keeps what was legal and names the lines not applied."""
    db = make_game(tmp_path)
    before = len(event_rows(db))
    r = ok(cli_fast("post", db, turn(tmp_path, "note one\nend turn\nend turn\nnote x"), "--as", "red"))
    assert len(event_rows(db)) == before + 3  # the post's record, `note one` and the first `end turn`
    assert "not applied: lines 3-4. Line 2 handed the decision on (now blue: turn 2" in r.stdout
    assert "Refused here: line 3: end-turn: it is blue's decision now" in r.stdout
    assert "line 3: end turn" in r.stdout and "line 4: note x" in r.stdout


def test_a_refused_line_with_no_hand_off_before_it_still_refuses_the_whole_post(tmp_path, cli_fast):
    db = make_game(tmp_path)
    before = event_rows(db)
    fails(cli_fast("post", db, turn(tmp_path, "note fine\nseal t1 x\nend turn"), "--as", "blue"), 1, "line 2")
    assert event_rows(db) == before


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_show_prints_again_the_result_of_the_post_that_wrote_an_event(tmp_path, cli_fast, fmt):
    """Issue "A forum game that flows": a referee who lost a paste, a player who asks again: `show GAME
    SEQ` gives the same result the post printed, from the database or the public log."""
    db = make_game(tmp_path)
    pasted = ok(cli_fast("post", db, turn(tmp_path, "roll 2d6+1 for volley\nnote a\nend turn"), "--as", "red",
                         "--format", fmt)).stdout
    ok(cli_fast("post", db, turn(tmp_path, "roll 1d6 for blue\nend turn"), "--as", "blue"))
    ok(cli_fast("post", db, turn(tmp_path, "note after"), "--as", "red"))
    log = export_log(db)
    for where in (db, log):
        for seq in ("2", "3", "4"):
            assert ok(cli_fast("show", where, seq, "--format", fmt)).stdout == pasted
    assert "roll 1d6 for blue" in ok(cli_fast("show", db, "6")).stdout
    fails(cli_fast("show", db, "99"), 2, "no event 99")


def test_reveal_at_the_end_stops_at_the_end_of_the_dice_chain(tmp_path, cli_fast):
    """A game over when its turn has passed the last epoch of the chain: every epoch the chain has is
    closed and revealed; the one after it, which has no secret and held no roll, is not asked for."""
    db = make_game(tmp_path, epochs=2)
    ok(cli_fast("post", db, turn(tmp_path, "roll 1d6\nend turn"), "--as", "red"))
    ok(cli_fast("post", db, turn(tmp_path, "roll 1d6\nend turn"), "--as", "blue"))
    ok(cli_fast("post", db, turn(tmp_path, "end game draw"), "--as", "referee"))
    assert "(2 closed epoch(s) to reveal" in ok(cli_fast("status", db)).stdout
    assert "reveal 2 " in ok(cli_fast("reveal", db)).stdout
    assert "revealed through 2" in ok(cli_fast("status", db)).stdout
    assert ok(cli_fast("verify", export_log(db))).stdout.startswith("OK")
