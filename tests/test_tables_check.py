"""`new --tables FILE` checks the file against the ruleset's shipped tables (issue 14, item 7): an
unknown table, an unknown or missing key, or a value of another type, at any depth, is exit 2 naming
the file, the table and the key, and no game is written."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import rulesets
from conftest import run_cli_inprocess

TEMPLATES = {name: rulesets.get(name).tables_template for name in rulesets.names() if rulesets.get(name).tables_template}


def new_with(tmp_path, ruleset: str, toml: str):
    f = tmp_path / "mine.toml"
    f.write_text(toml, encoding="utf-8")
    db = tmp_path / "g.db"
    players = ("british", "french") if ruleset == "brigade" else ("red", "blue")
    r = run_cli_inprocess("new", db, "--ruleset", ruleset, *[a for p in players for a in ("--player", p)], "--tables", f)
    return r, db


def refused(tmp_path, ruleset: str, toml: str, *needles: str) -> None:
    r, db = new_with(tmp_path, ruleset, toml)
    assert r.returncode == 2, (r.stdout, r.stderr)
    for n in ("mine.toml", *needles):
        assert n in r.stderr, (n, r.stderr)
    assert not db.exists() and not db.with_name("g.db.secret").exists()


PREEMPTION = '[preemption]\nprovisional = true\nsource = "my copy"\n'


def test_the_issue_repros_an_unknown_key_and_a_string_for_a_number(tmp_path):
    """`attak = 5` under [preemption] silently left a threshold at 0; `attack = "six"` failed mid-game."""
    refused(tmp_path, "paris", PREEMPTION + "attak = 5\nattack = 5\nmarch = 4\n", "[preemption]", "unknown key attak")
    refused(tmp_path, "paris", PREEMPTION + 'attack = "six"\nmarch = 4\n', "[preemption]", "key attack: a string",
            "an integer")


@pytest.mark.parametrize("ruleset,toml,needles", [
    ("paris", PREEMPTION + "attack = 5\n", ("[preemption]", "missing key march")),
    ("paris", '[preemption]\nsource = "x"\nattack = 5\nmarch = 4\n', ("missing key provisional",)),
    ("paris", PREEMPTION + "attack = 5.0\nmarch = 4\n", ("key attack: a float", "an integer")),
    ("paris", PREEMPTION.replace("true", "1") + "attack = 5\nmarch = 4\n", ("key provisional: an integer", "a boolean")),
    ("paris", PREEMPTION + "attack = [5]\nmarch = 4\n", ("key attack: a list",)),
    ("paris", PREEMPTION + "attack = { x = 5 }\nmarch = 4\n", ("key attack: a table",)),
    ("paris", '[order_change]\nprovisional = true\nsource = "x"\nattack = { march = 5, rally = "4" }\n'
              'march = { attack = 5, rally = 6 }\nrally = { attack = 3, march = 5 }\n', ("[order_change]", "key attack.rally")),
    ("paris", '[order_change]\nprovisional = true\nsource = "x"\nattack = { march = 5, rally = 4, charge = 1 }\n'
              'march = { attack = 5, rally = 6 }\nrally = { attack = 3, march = 5 }\n', ("unknown key attack.charge",)),
    ("paris", '[order_change]\nprovisional = true\nsource = "x"\nattack = { march = 5 }\n'
              'march = { attack = 5, rally = 6 }\nrally = { attack = 3, march = 5 }\n', ("missing key attack.rally",)),
    ("brigade", '[order_change_table]\nsource = "x"\nprovisional = true\nthreshold = { attack = 7, engage = 7, support = 7, '
                'move = 7, hold = 7 }\nbase_contact_inches = 1\nbeyond_radius_per_12_inches = -1\nnationality = { french = 0, '
                'british = 0, late-prussian = 0, prussian = 0, russian = 0, portuguese = 0, spanish = 0, austrian = -1 }\n',
     ("[order_change_table]", "key base_contact_inches: an integer", "a float")),
    ("nosuch-table", "", ()),
])
def test_each_kind_of_mismatch_is_named(tmp_path, ruleset, toml, needles):
    if ruleset == "nosuch-table":
        refused(tmp_path, "paris", '[crt]\nsource = "x"\n', "unknown table(s) crt")
        return
    refused(tmp_path, ruleset, toml, *needles)


def test_a_list_of_lists_is_checked_element_by_element(tmp_path):
    shipped = tomllib.loads(TEMPLATES["paris"])["fire"]
    lines = [f"{k} = {json.dumps(v)}" for k, v in shipped.items() if k != "artillery_range"]  # JSON scalars are TOML
    refused(tmp_path, "paris", "[fire]\n" + "\n".join(lines) + '\nartillery_range = [[1, 3, 4], [4, 6, "6"]]\n',
            "[fire]", "key artillery_range[1][2]: a string")


def test_a_list_of_values_of_different_kinds_is_checked_place_by_place():
    """A fixed shape such as skirmish's range band (a share of the effective range, a number to roll):
    each place keeps its kind, and the length is the shipped one's."""
    from adjudicator.errors import BadInput
    from adjudicator.ruledata import merge_tables

    shipped = {"shooting": {"close": [0.5, 5], "long": [2.0, 9]}}
    assert merge_tables(shipped, {"shooting": {"close": [0.4, 6], "long": [2.5, 9]}})["shooting"]["close"] == [0.4, 6]
    for bad, needle in (([0.5, 5.0], "key close[1]: a float where the shipped table has an integer"),
                        ([0.5], "key close: 1 values where the shipped table has 2"),
                        ([5, 5], "key close[0]: an integer where the shipped table has a float")):
        with pytest.raises(BadInput, match=re.escape(needle)):
            merge_tables(shipped, {"shooting": {"close": bad, "long": [2.0, 9]}}, "mine.toml")


@pytest.mark.parametrize("ruleset", sorted(TEMPLATES))
def test_the_shipped_tables_given_whole_are_accepted(tmp_path, ruleset):
    r, db = new_with(tmp_path, ruleset, TEMPLATES[ruleset])
    assert r.returncode == 0, r.stderr
    assert db.exists()


def _paths(value, prefix=()):
    """Every (table, key path) of a tables file, at every depth."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))


OTHER_TYPE = {bool: 7, int: "7", float: 7, str: 7, list: {"x": 1}, dict: [1]}


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_value_changed_to_another_type_is_refused_naming_its_key(tmp_path_factory, data):
    import msgspec

    from adjudicator.errors import BadInput
    from adjudicator.ruledata import merge_tables

    ruleset = data.draw(st.sampled_from(sorted(TEMPLATES)))
    shipped = tomllib.loads(TEMPLATES[ruleset])
    path = data.draw(st.sampled_from([p for p in _paths(shipped) if len(p) > 1]))
    given = msgspec.json.decode(msgspec.json.encode(shipped))  # a deep copy
    node = given
    for k in path[:-1]:
        node = node[k]
    old = node[path[-1]]
    kind = data.draw(st.sampled_from(["type", "unknown", "missing"]))
    if kind == "type":
        node[path[-1]] = OTHER_TYPE[type(old)]
        needle = "key " + ".".join(path[1:])
    elif kind == "unknown":
        node["zz-not-a-key"] = 1
        needle = "unknown key " + ".".join(path[1:-1] + ("zz-not-a-key",))
    else:
        del node[path[-1]]
        needle = "missing key " + ".".join(path[1:]) + " ("
    with pytest.raises(BadInput) as e:
        merge_tables(shipped, {path[0]: given[path[0]]}, "mine.toml")
    assert f"mine.toml: table [{path[0]}]: {needle}" in str(e.value), (str(e.value), path, kind)
