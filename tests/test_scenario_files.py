"""A referee's own battle: `new --scenario FILE` for every ruleset that plays scenarios, the file
checked at `new` (exit 2 naming the line of each problem), embedded whole in the first event, and
`adjudicator scenario --template`, a starting point that itself starts a game."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from adjudicator import rulesets
from adjudicator.scenariofile import ScenarioError, key_lines, read
from conftest import ROOT

PLAYING = [name for name in rulesets.names() if rulesets.get(name).check_scenario is not None]
SHIPPED = [(name, s) for name in PLAYING for s in rulesets.get(name).scenarios]


def test_every_ruleset_but_freeform_plays_scenarios_of_ones_own():
    assert sorted(PLAYING) == ["brigade", "paris", "portable", "skirmish"]
    assert all(rulesets.get(name).scenario_template for name in PLAYING)


# -- where each key is ----------------------------------------------------------------------------

def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for n, v in enumerate(value):
            yield from _paths(v, (*path, n))


TOML_FILES = sorted(ROOT.glob("adjudicator/rulesets/*/scenarios/*.toml")) + sorted(
    ROOT.glob("adjudicator/rulesets/*/*.toml"))


@pytest.mark.parametrize("path", TOML_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_key_of_every_shipped_toml_file_is_found_on_its_line(path: Path):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    found = key_lines(text)
    for p in _paths(tomllib.loads(text)):
        if not p:
            continue
        assert p in found, p
        if isinstance(p[-1], str):  # a key is written on its line (bare or quoted)
            assert p[-1] in lines[found[p] - 1], (p, found[p], lines[found[p] - 1])


def test_key_lines_skip_what_strings_and_comments_hold():
    text = '\n'.join([
        'title = "a [table] # not a comment"',       # 1
        "note = '''",                                # 2
        "[not-a-table]",                             # 3
        "x = 1'''",                                  # 4
        '"quoted key" = 2  # [comment]',              # 5
        "a.b = 3",                                   # 6
        "[[armies]]",                                # 7
        "units = [",                                 # 8
        '  { id = "u1", at = [1, 2] },',             # 9
        "",                                          # 10
        '  { id = "u2", at = [',                     # 11
        "      3, 4] },",                            # 12
        "]",                                         # 13
        "[[armies]]",                                # 14
        'name = """two\nlines"""',                   # 15, 16
        "[[armies.units]]",                          # 17
        'id = "u3"',                                 # 18
        "[map.terrain]",                             # 19
        "woods = []",                                # 20
    ])
    found = key_lines(text)
    assert found[("note",)] == 2 and found[("quoted key",)] == 5 and found[("a", "b")] == 6 and found[("a",)] == 6
    assert found[("armies", 0)] == 7 and found[("armies", 0, "units", 1)] == 11
    assert found[("armies", 0, "units", 1, "at", 1)] == 12
    assert found[("armies", 1, "name")] == 15 and found[("armies", 1, "units", 0, "id")] == 18
    assert found[("map",)] == 19 and found[("map", "terrain", "woods")] == 20
    assert ("not-a-table",) not in found


def test_key_lines_read_escaped_and_empty_strings():
    text = 'a = """x\\"""\ny"""\nb = 1\nc = \'\'\'p\n\'q\'\'\'\'\nd = "e\\"f"\ne = ""\nf = \'\'\ng = """"q""""\nh = 2\n'
    assert tomllib.loads(text)["c"] == "p\n'q'"
    assert key_lines(text) == {("a",): 1, ("b",): 3, ("c",): 4, ("d",): 6, ("e",): 7, ("f",): 8, ("g",): 9, ("h",): 10}


# -- shipped scenarios and templates ----------------------------------------------------------------

@pytest.mark.parametrize("ruleset,scenario", SHIPPED)
def test_the_shipped_scenarios_pass_the_checks(ruleset: str, scenario: str):
    rs = rulesets.get(ruleset)
    path = rs.scenarios[scenario].path
    assert path is not None
    assert rs.check_scenario is not None and rs.check_scenario(path.read_text(encoding="utf-8"), rs.tables) == []


@pytest.mark.parametrize("ruleset", PLAYING)
def test_the_template_passes_the_checks_and_starts_a_game(ruleset: str, tmp_path: Path, cli_fast):
    r = cli_fast("scenario", "--ruleset", ruleset, "--template")
    assert r.returncode == 0, r.stderr
    assert r.stdout.lstrip().startswith("#")  # commented
    mine = tmp_path / "my-battle.toml"
    mine.write_text(r.stdout, encoding="utf-8")
    checked = cli_fast("scenario", "--ruleset", ruleset, str(mine))
    assert checked.returncode == 0 and "accepts" in checked.stdout, checked.stderr
    db = tmp_path / "g.db"
    made = cli_fast("new", str(db), "--ruleset", ruleset, "--scenario", str(mine), "--player", "red", "--player", "blue")
    assert made.returncode == 0, made.stderr
    assert "scenario my-battle" in made.stdout
    status = cli_fast("status", str(db))
    assert status.returncode == 0 and "awaiting" in status.stdout, status.stderr


def test_a_scenario_file_is_embedded_whole_and_the_log_verifies_without_it(tmp_path: Path, cli_fast):
    from adjudicator.store import Store
    from adjudicator.games import open_game

    text = rulesets.get("portable").scenario_template.replace("max_turns = 12", "max_turns = 9")
    mine = tmp_path / "Ford of the Elbe.toml"
    mine.write_text(text, encoding="utf-8")
    db = tmp_path / "g.db"
    assert cli_fast("new", str(db), "--ruleset", "portable", "--scenario", str(mine),
                    "--player", "red", "--player", "blue").returncode == 0
    with Store(db) as store:
        created = open_game(store).created
    assert created.scenario == "ford-of-the-elbe"
    assert created.data["scenario"] == tomllib.loads(text)
    log = tmp_path / "g.jsonl"
    assert cli_fast("export", str(db), "-o", str(log)).returncode == 0
    mine.unlink()
    verified = cli_fast("verify", str(log))
    assert verified.returncode == 0, verified.stderr


def test_freeform_plays_no_scenario(tmp_path: Path, cli_fast):
    r = cli_fast("new", str(tmp_path / "f.db"), "--ruleset", "freeform", "--player", "a", "--scenario", "x.toml")
    assert r.returncode == 2 and "freeform plays no scenario" in r.stderr
    assert cli_fast("scenario", "--ruleset", "freeform", "--template").returncode == 2
    assert not (tmp_path / "f.db").exists()


def test_an_unknown_scenario_name_points_to_the_template(tmp_path: Path, cli_fast):
    r = cli_fast("new", str(tmp_path / "g.db"), "--ruleset", "brigade", "--player", "a", "--player", "b",
                 "--scenario", "waterloo")
    assert r.returncode == 2 and "known: peninsula" in r.stderr and "--template" in r.stderr


def test_a_missing_file_is_bad_input(tmp_path: Path, cli_fast):
    r = cli_fast("new", str(tmp_path / "g.db"), "--ruleset", "portable", "--player", "a", "--player", "b",
                 "--scenario", str(tmp_path / "nowhere.toml"))
    assert r.returncode == 2 and "nowhere.toml: cannot read" in r.stderr


# -- each kind of bad scenario, per ruleset, naming its line -------------------------------------
# (ruleset, what the template says, what the bad file says instead, the text whose first line is
# the one to be named, what the message says). A `# here` comment makes a changed line unique.

BAD = [
    # portable
    ("portable", 'type = "lance_cavalry"', 'type = "lancers"', 'type = "lancers"', "unknown unit type 'lancers'"),
    ("portable", 'square = "E2"', 'square = "C2"  # here', 'square = "C2"  # here', "C2 already holds n-inf1"),
    ("portable", 'square = "E7"', 'square = "E17"', 'square = "E17"', "E17 is off the 8x8 grid"),
    ("portable", '[[armies.units]]\nid = "s-cmd"\ntype = "commander"\nsquare = "D8"\n', "",
     '[[armies]]\nname = "south"', "army 'south' has no commander"),
    ("portable", "max_turns = 12", "max_turns = 12\nfog = true", "fog = true", "unknown key 'fog'"),
    ("portable", "width = 8 ", 'width = "8" ', 'width = "8"', "width: a string where an integer is wanted"),
    ("portable", 'class = "average"', 'class = "veteran"', 'class = "veteran"', "class is one of elite, average, poor"),
    ("portable", "height = 8 ", "height = = 8 ", "height = = 8", "Invalid value"),
    ("portable", 'name = "Dragoons"', 'name = "Dragoons"\nhorse = true  # here', "horse = true  # here",
     "n-cav1: only artillery takes horse"),
    # brigade
    ("brigade", '"line-cavalry", strength = 12, at = [50, 10]', '"hussars", strength = 12, at = [50, 10]', '"hussars"',
     "unit n4: unknown kind 'hussars'"),
    ("brigade", 'kind = "line-infantry", strength = 24, at = [30, 12]', 'kind = "line-infantry", strength = 24, at = [26.5, 12]',
     "at = [26.5, 12]", "unit n2 stands on n1"),
    ("brigade", "at = [50, 10]", "at = [80, 10]", "at = [80, 10]", "unit n4: 80,10 is off the 72x48 inch table"),
    ("brigade", 'cinc = "gale"', 'cinc = "wells"', 'cinc = "wells"\n\n# Places',
     "side south: its commander-in-chief 'wells' is not one of its [[generals]]"),
    ("brigade", 'id = "bridge"', 'id = "bridge"\nbridge_type = "stone"', 'bridge_type', "unknown key 'bridge_type' in [places]"),
    ("brigade", "turns = 10 ", "turns = 10.5 ", "turns = 10.5", "turns: a decimal number where an integer is wanted"),
    ("brigade", 'holder = ""', 'holder = "west"', 'holder = "west"', "place bridge: unknown side 'west'"),
    # paris
    ("paris", 'kind = "S", morale = 8', 'kind = "X", morale = 8', 'kind = "X"', "unit nevers-s: unknown type 'X'"),
    ("paris", 'kind = "F", morale = 7, ma = 4, hex = "1010"', 'kind = "F", morale = 7, ma = 4, hex = "1009"',
     'hex = "1009" },\n  { id = "nevers-s"', "unit nevers-f2: stands on nevers-f1"),
    ("paris", 'hex = "0311"', 'hex = "1311"', 'hex = "1311"', "hex 1311 is off the map (12 rows by 16 columns)"),
    ("paris", 'leader = { id = "egmont", name = "Egmont", rating = 2, ma = 12, hex = "0310" }\n', "",
     '[[wings]]\nid = "egmont"', "the key 'leader' is missing in [wings]"),
    ("paris", 'leader = { id = "mayenne", name = "Mayenne", rating = 1, ma = 12, hex = "0305" }',
     'leader = { id = "mayenne", name = "Mayenne", rating = 1, ma = 12, hex = "0405" }', 'hex = "0405"',
     "leader mayenne stands with no unit of wing mayenne"),
    ("paris", "rows = 12", "rows = 12\nshape = \"hex\"", 'shape = "hex"', "unknown key 'shape' in [map]"),
    ("paris", "G = 0", 'G = "0"', 'G = "0"', "fire_factors.G: a string where an integer is wanted"),
    ("paris", "woods = [", "forest = [", "forest = [", "unknown terrain 'forest'"),
    ("paris", 'facing = "SW"', 'facing = "W"', 'facing = "W"', "unit egmont-c: a unit faces a vertex"),
    ("paris", 'level = "disorder"', 'level = "routed"', 'level = "routed"', "unit mayenne-r1: its state is one of normal"),
    # skirmish
    ("skirmish", 'profile = "jaeger", at = [65.0, 72.0]', 'profile = "jager", at = [65.0, 72.0]', '"jager"',
     "jaeger-2: unknown profile 'jager'"),
    ("skirmish", "at = [29.0, 15.0]", "at = [26.0, 15.0]", "at = [26.0, 15.0]", "zouave-2 stands on zouave-1's base"),
    ("skirmish", "at = [65.0, 72.0]", "at = [95.0, 72.0]", "at = [95.0, 72.0]", "jaeger-2: 95,72 is off the 90 by 90 cm table"),
    ("skirmish", '{ id = "fr-sgt", profile = "zouave-sergeant"', '{ id = "fr-sgt", profile = "zouave"',
     '[[sides]]\nid = "french"', "company main must have one Sergeant, it has 0"),
    ("skirmish", 'edges = ["north"]', 'edges = ["north"]\nmorale = 30', "morale = 30", "unknown key 'morale' in [sides]"),
    ("skirmish", "turns = 10 ", "turns = 1e1 ", "turns = 1e1", "turns: a decimal number where an integer is wanted"),
    ("skirmish", 'kind = "hedge"', 'kind = "bocage"', 'kind = "bocage"', "unknown terrain 'bocage'"),
]


def _line_of(text: str, anchor: str) -> int:
    at = text.index(anchor)
    return text[:at].count("\n") + 1


@pytest.mark.parametrize("ruleset,old,new,anchor,needle", BAD, ids=[f"{b[0]}-{n}" for n, b in enumerate(BAD)])
def test_a_bad_scenario_is_refused_at_new_naming_its_line(ruleset, old, new, anchor, needle, tmp_path: Path, cli_fast):
    template = rulesets.get(ruleset).scenario_template
    assert template.count(old) >= 1, old
    text = template.replace(old, new, 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    db = tmp_path / "g.db"
    r = cli_fast("new", str(db), "--ruleset", ruleset, "--scenario", str(bad), "--player", "red", "--player", "blue")
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    line = _line_of(text, anchor)
    named = [m for m in r.stderr.splitlines() if needle in m]
    assert named, r.stderr
    assert re.match(rf"\s+line {line}: ", named[0]), (line, r.stderr)
    assert f"{bad}: the scenario has" in r.stderr
    assert not db.exists()  # nothing was written


def test_every_problem_is_named_not_only_the_first(tmp_path: Path):
    rs = rulesets.get("portable")
    text = rs.scenario_template.replace('square = "E7"', 'square = "E17"').replace('type = "lance_cavalry"', 'type = "x"')
    assert rs.check_scenario is not None
    found = rs.check_scenario(text, rs.tables)
    assert [p.line for p in found] == sorted(p.line for p in found) and len(found) == 3


def test_a_toml_syntax_error_names_its_line():
    sc_text = "title = 'x'\nwidth = \n"
    with pytest.raises(ScenarioError) as e:
        read(sc_text)
    assert e.value.problems[0].line == 2


def test_the_check_reads_the_tables_the_game_will_use(tmp_path: Path, cli_fast):
    """Smaller bases in a referee's tables let figures stand closer (skirmish [bases])."""
    rs = rulesets.get("skirmish")
    close = tmp_path / "close.toml"
    close.write_text(rs.scenario_template.replace("at = [29.0, 15.0]", "at = [27.0, 15.0]"), encoding="utf-8")
    bases = dict(rs.tables["bases"], foot=1.5)
    tables = tmp_path / "tables.toml"
    tables.write_text("[bases]\n" + "".join(f"{k} = {v!r}\n".replace("'", '"').replace("True", "true")
                                            for k, v in bases.items()), encoding="utf-8")
    refused = cli_fast("scenario", "--ruleset", "skirmish", str(close))
    assert refused.returncode == 2 and "zouave-2 stands on zouave-1's base" in refused.stderr
    assert cli_fast("scenario", "--ruleset", "skirmish", "--tables", str(tables), str(close)).returncode == 0
    db = tmp_path / "g.db"
    made = cli_fast("new", str(db), "--ruleset", "skirmish", "--scenario", str(close), "--tables", str(tables),
                    "--player", "red", "--player", "blue")
    assert made.returncode == 0, made.stderr


def test_a_paris_option_of_ones_own_scenario_is_checked_as_its_wings_are(tmp_path: Path):
    rs = rulesets.get("paris")
    assert rs.check_scenario is not None
    text = rs.scenario_template + (
        '\n[options.huguenot-artillery]\nwing = "biron"\n'
        'units = [ { id = "biron-g1", name = "Artillerie", kind = "ART", hex = "1305" } ]\n'
        '\n[options.guise]\nwing = "guise"\norder = "hold"\npenalty = [4, 3]\n')
    found = [(p.line, p.message) for p in rs.check_scenario(text, rs.tables)]
    lines = text.split("\n")
    extra = lines.index('units = [ { id = "biron-g1", name = "Artillerie", kind = "ART", hex = "1305" } ]') + 1
    first = _line_of(text, '{ id = "biron-g1", name = "Gendarmes"')
    assert (extra, f"unit id 'biron-g1' is used twice (first on line {first})") in found
    assert (extra, "unit biron-g1: hex 1305 is off the map (12 rows by 16 columns)") in found
    assert (lines.index('wing = "guise"') + 1, "option guise: no wing 'guise'") in found
    assert (lines.index('order = "hold"') + 1, "option guise: the order is attack, march, rally (§1.2)") in found
    assert len(found) == 4


def test_a_paris_unit_may_face_another_vertex_than_its_side_and_start_in_disorder(tmp_path: Path):
    from adjudicator import games

    rs = rulesets.get("paris")
    mine = tmp_path / "mine.toml"
    mine.write_text(rs.scenario_template, encoding="utf-8")
    state = games.new_game(tmp_path / "g.db", "paris", ["royal", "league"], scenario=str(mine)).built[0].after.rules
    assert 'hex = "0311", facing = "SW"' in rs.scenario_template  # egmont-c's own; its side faces S
    assert (state.units["egmont-c"].facing, state.units["egmont-t"].facing) == (3, 4)  # SW, S (hexgrid.VERTICES)
    assert (state.units["mayenne-r1"].level, state.units["mayenne-c1"].level) == (1, 0)  # disorder, normal (§12)


def _mutants(text: str):
    """The template with one line left out, or one value of another type."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        yield "\n".join(lines[:i] + lines[i + 1:])
        key, eq, value = line.partition(" = ")
        if eq and not line.lstrip().startswith("#") and value.strip()[:1] not in "[{":
            for other in ('"x"', "1.5", "[]"):
                yield "\n".join(lines[:i] + [f"{key} = {other}"] + lines[i + 1:])


@pytest.mark.parametrize("ruleset", PLAYING)
def test_a_scenario_the_check_accepts_sets_up_a_game(ruleset: str):
    """No file the check lets through fails when the game is set up from it, and the check itself
    never fails on a file: it names problems."""
    from adjudicator.engine import data_digest
    from events.core import DiceCommitment, GameCreated

    rs = rulesets.get(ruleset)
    assert rs.check_scenario is not None
    accepted = 0
    for text in _mutants(rs.scenario_template):
        if rs.check_scenario(text, rs.tables):
            continue
        accepted += 1
        data = {"scenario": tomllib.loads(text), "tables": rs.tables}
        rs.setup(GameCreated(game="g", ruleset=ruleset, players=("red", "blue"), scenario="mine", options=(), data=data,
                             data_digest=data_digest(data), dice=DiceCommitment(mode="reported", epochs=1, anchor="")))
    assert accepted > 10  # comments, optional keys, names
