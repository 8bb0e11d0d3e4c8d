"""Illegal posts are refused through the `adjudicator` command, with exit code 1 and the rule they break;
status, options and map work on a portable game. Dice are reported (`rolled`) so every case is exact.

The command runs in-process (its `main`, exit code and output as a user sees them), to keep the suite
fast; one case runs it as a real child process.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import cli
from conftest import run_cli as run_child


def run_cli(*args) -> subprocess.CompletedProcess:
    out, err = _Capture(), _Capture()
    old = sys.argv, sys.stdout, sys.stderr
    sys.argv, sys.stdout, sys.stderr = ["adjudicator", *map(str, args)], out, err
    try:
        cli.main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    finally:
        sys.argv, sys.stdout, sys.stderr = old
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


class _Capture:
    def __init__(self):
        self.parts: list[str] = []

    encoding = "utf-8"

    @property
    def buffer(self) -> "_Capture":
        return self

    def write(self, s) -> int:
        self.parts.append(s.decode() if isinstance(s, bytes) else s)
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def getvalue(self) -> str:
        return "".join(self.parts)


def _new(tmp: Path, scenario: str, *extra: str) -> Path:
    db = tmp / "g.db"
    players = ("egypt", "mahdi") if scenario == "mahdist" else ("prussia", "austria")
    r = run_cli("new", db, "--ruleset", "portable", "--scenario", scenario, "--player", players[0],
                "--player", players[1], "--dice", "reported", *extra)
    assert r.returncode == 0, r.stderr
    return db


def _post(tmp: Path, db: Path, side: str, text: str):
    f = tmp / "turn.txt"
    f.write_text(text, encoding="utf-8")
    return run_cli("post", db, f, "--as", side)


def _ok(tmp, db, side, text):
    r = _post(tmp, db, side, text)
    assert r.returncode == 0, r.stderr
    return r


def _refused(tmp, db, side, text, code, rule):
    r = _post(tmp, db, side, text)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"[{code}]" in r.stderr and rule in r.stderr, r.stderr
    return r


@pytest.fixture
def bohemia(tmp_path):
    """Turn 1 of the 1866 scenario, artillery phase done: Prussia (6) activates first."""
    db = _new(tmp_path, "bohemia")
    _ok(tmp_path, db, "prussia", "end artillery")
    _ok(tmp_path, db, "austria", "end artillery\nrolled 6 1")
    return tmp_path, db


def test_moving_too_far(bohemia):
    """«Пехота … Дальность движения 2» (infantry moves 2 squares): three squares off the road is refused."""
    tmp, db = bohemia
    r = _refused(tmp, db, "prussia", "move pru-inf2 E3 E4 E5", "move/too-far", "seed 002 Unit types")
    assert "line 1" in r.stderr


def test_leaving_a_ford_in_one_turn(bohemia):
    """«В первый ход он заходит в реку и останавливается» (the first turn it enters the river and stops)."""
    tmp, db = bohemia
    _refused(tmp, db, "prussia", "move pru-inf1 D3 D4 D5 D6 D7", "move/ford-stop", "seed 002 Special rules: Rivers")


def test_firing_out_of_range(bohemia):
    """«Пехота с винтовками … Дальность атаки 3» (rifles reach 3 squares)."""
    tmp, db = bohemia
    _refused(tmp, db, "prussia", "fire pru-inf1 at aus-inf1", "fire/out-of-range", "seed 002 Unit types")


def test_firing_out_of_the_arc(tmp_path):
    """PW19C-Squared: the gun's arc is 90 degrees forward (provisional artillery rules)."""
    db = _new(tmp_path, "bohemia")
    _refused(tmp_path, db, "austria", "bombard aus-gun2 at pru-inf4", "artillery/arc", "artillery fire, provisional")


def test_acting_out_of_turn(bohemia):
    """«4. После того как игрок А активирует все свои отряды, игрок В …» (B acts after A)."""
    tmp, db = bohemia
    _refused(tmp, db, "austria", "move aus-inf4 H8", "move/not-yours", "seed 002 Turn sequence")


def test_attacking_then_moving_refuses_the_whole_post(tmp_path):
    """«не может сначала Атаковать, а потом выполнить Движение» (may not attack and then move): the post is
    refused whole, nothing is written."""
    db = _new(tmp_path, "mahdist")
    _ok(tmp_path, db, "egypt", "end artillery\nrolled 6 1")
    before = run_cli("status", db).stdout
    _refused(tmp_path, db, "egypt", "fire egy-mg1 at mah-rf1\nrolled 1\nmove egy-mg1 G5",
             "sequence/attack-then-move", "seed 002 Turn sequence")
    assert run_cli("status", db).stdout == before


def test_an_exhausted_army_may_not_attack(tmp_path):
    """«Армия, достигшая Точки Истощения не может предпринимать агрессивные действия» (an exhausted army may take
    no aggressive action). A referee's tables file makes the Exhaustion Point 1 SP to reach it in one turn."""
    tables = tmp_path / "t.toml"
    tables.write_text('[exhaustion]\nsource = "test"\ndivisor = 1000\nhalf_divisor = 1000\n', encoding="utf-8")
    db = _new(tmp_path, "bohemia", "--tables", str(tables))
    _ok(tmp_path, db, "prussia", "bombard pru-gun2 at aus-inf4\nrolled 6\nend artillery")
    _ok(tmp_path, db, "austria", "end artillery\nrolled 1 6 1")  # aus-inf4 reacts 1: -1 SP; initiative 6 v 1
    _ok(tmp_path, db, "prussia", "end activation")
    r = _ok(tmp_path, db, "austria", "end activation")
    assert "exhausted" in r.stdout
    r = _refused(tmp_path, db, "austria", "bombard aus-gun1 at pru-gun2", "exhausted/attack", "seed 002 Exhaustion Point")
    _ok(tmp_path, db, "prussia", "end artillery\nrolled 1 6")
    _refused(tmp_path, db, "austria", "move aus-cav2 B8", "exhausted/advance", "seed 002 Exhaustion Point")


def test_a_real_child_process_refuses_with_exit_code_1(bohemia):
    """The same refusal from the installed command in its own process."""
    tmp, db = bohemia
    f = tmp / "far.txt"
    f.write_text("move pru-inf2 E3 E4 E5\n", encoding="utf-8")
    r = run_child("post", db, f, "--as", "prussia")
    assert r.returncode == 1 and "[move/too-far]" in r.stderr and "seed 002 Unit types" in r.stderr


def test_unknown_unit_and_unreadable_line(bohemia):
    """Errors name the line and the rule; an unreadable line is bad input (exit 2), never a traceback."""
    tmp, db = bohemia
    _refused(tmp, db, "prussia", "move pru-inf9 D3", "unit/unknown", "the scenario file")
    r = _post(tmp, db, "prussia", "move pru-inf1 Z")
    assert r.returncode == 2 and "line 1" in r.stderr and "Traceback" not in r.stderr


def test_status_options_and_map(bohemia):
    """`status` names the side and its decision; `options` lists legal posts; `map` draws the grid."""
    tmp, db = bohemia
    st = run_cli("status", db)
    assert st.returncode == 0 and "awaiting prussia: turn 1: activate units" in st.stdout
    opts = run_cli("options", db, "--unit", "pru-inf1")
    assert opts.returncode == 0 and "move pru-inf1 D3" in opts.stdout
    svg = tmp / "m.svg"
    m = run_cli("map", db, "-o", svg)
    assert m.returncode == 0 and "<svg" in svg.read_text() and "pru-inf1" in svg.read_text()
