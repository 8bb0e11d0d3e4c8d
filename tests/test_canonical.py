"""The canonical encoding, as the README states it: strings escaped as msgspec and json.dumps(...,
ensure_ascii=False) both write them, floats without an exponent, and any other writing of a valid line
(a repeated, reordered, extra or missing member, a blank, an escape or a number written another way)
malformed: verify exits 2 naming its seq, from a .jsonl and from a .db, and the README's program
refuses it too."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import unicodedata
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.chain import float_problem, plain_float, unwritable_float
from conftest import LOGS, ROOT, export_log, play_sample_game, run_cli_inprocess
from test_readme_spec import SCHEMA, readme_check_program
from test_verify_forgeries import readme_chain, write_db, write_jsonl


# -- strings -----------------------------------------------------------------------------------

CLASSES = {
    "C0 controls": range(0x00, 0x20), "printable ASCII": range(0x20, 0x7F), "DEL": [0x7F],
    "C1 controls, NEL among them": range(0x80, 0xA0), "Latin-1": range(0xA0, 0x100),
    "line and paragraph separators": [0x2028, 0x2029], "bidi controls": [0x200E, 0x200F, 0x202A, 0x202E, 0x2066],
    "zero-width and BOM": [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF], "noncharacters": [0xFDD0, 0xFFFE, 0xFFFF],
    "private use": [0xE000, 0xF8FF, 0xF0000, 0x10FFFD], "combining": [0x0301, 0x0489, 0x20DD],
    "astral": [0x1F600, 0x1D11E, 0x20000, 0x10FFFF], "the last below the surrogates": [0xD7FF, 0xE000],
}


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_msgspec_escapes_every_code_point_class_as_json_dumps_without_ensure_ascii(name):
    for cp in CLASSES[name]:
        s = f"a{chr(cp)}b"
        assert msgspec.json.encode(s) == json.dumps(s, ensure_ascii=False).encode(), hex(cp)


def test_and_every_code_point_outside_the_surrogates():
    text = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF)
    assert msgspec.json.encode(text) == json.dumps(text, ensure_ascii=False).encode()


def test_the_escapes_are_the_ones_the_readme_lists():
    """`\\"`, `\\\\`, `\\b \\f \\n \\r \\t`, other characters below U+0020 as \\u00XX with lowercase hex,
    everything else raw."""
    short = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    for cp in range(0x80):
        c = chr(cp)
        expected = short.get(c, f"\\u{cp:04x}" if cp < 0x20 else c)
        assert msgspec.json.encode(c).decode() == f'"{expected}"', hex(cp)
    assert msgspec.json.encode("\u2028\x7f\x85é😀").decode() == '"\u2028\x7f\x85é😀"'
    assert unicodedata.category("\x85") == "Cc"


@pytest.mark.parametrize("written", [b'"\\ud800"', b'"\\udc00"', b'"a\\ud83d"', b'"\xed\xa0\x80"'])
def test_a_lone_surrogate_cannot_be_in_a_log(written):
    """msgspec refuses to read it; what the README's program reads (json.loads) re-dumps to other text."""
    with pytest.raises(msgspec.DecodeError):
        msgspec.json.decode(written)
    try:
        text = written.decode("utf-8")
    except UnicodeDecodeError:
        return
    assert json.dumps(json.loads(text), ensure_ascii=False) != text
    with pytest.raises(UnicodeEncodeError):
        msgspec.json.encode(json.loads(text))


# -- numbers -----------------------------------------------------------------------------------

@settings(max_examples=500, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False) | st.floats(1e-4, 1e16) | st.floats(-1e16, -1e-4))
def test_a_plain_float_is_written_alike_by_msgspec_and_python(x):
    if plain_float(x):
        assert msgspec.json.encode(x).decode() == repr(x) == json.dumps(x)
        assert "e" not in repr(x) and "." in repr(x)
        assert float_problem(msgspec.json.encode([x])) is None
    else:
        assert x != 0 and not 1e-4 <= abs(x) < 1e16
        assert float_problem(msgspec.json.encode([x])) is not None
        assert unwritable_float({"t": [1.5, x]}) == ("t[1]", x)


@pytest.mark.parametrize("x,ok", [(0.0, True), (-0.0, True), (1e-4, True), (9.9e-5, False), (9999999999999998.0, True),
                                  (1e16, False), (-1e16, False), (math.nan, False), (math.inf, False)])
def test_the_float_bounds(x, ok):
    assert plain_float(x) is ok


# -- any other writing of a valid line is malformed ---------------------------------------------------

class Obj(list):
    """A JSON object as its (name, value) members, in order, repeats kept."""


class Raw(str):
    """Text written as it is: a number as written, or a string with its escapes."""


def parse(text: str):
    return json.loads(text, object_pairs_hook=Obj, parse_float=Raw, parse_int=Raw)


def write(v) -> str:
    if isinstance(v, Obj):
        return "{" + ",".join(f"{write_key(k)}:{write(x)}" for k, x in v) + "}"
    if isinstance(v, list):
        return "[" + ",".join(write(x) for x in v) + "]"
    if isinstance(v, Raw):
        return str(v)
    return json.dumps(v, ensure_ascii=False)


def write_key(k) -> str:
    return str(k) if isinstance(k, Raw) else json.dumps(k, ensure_ascii=False)


DEFS = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
TAGS = {d["properties"]["type"]["enum"][0]: d for d in DEFS.values() if "type" in d.get("properties", {})}
DEFAULTED = {"envelope": {"rolls"}, "roll": {"side"}}


def structs(event: Obj) -> list[tuple[Obj, set[str]]]:
    """The objects a Struct decodes (every member required, in order), with the members that have a default."""
    members = dict(event)
    action = members["action"]
    spec = TAGS[dict(action)["type"]]
    out = [(event, DEFAULTED["envelope"]), (action, set(spec["properties"]) - set(spec.get("required", ())))]
    out += [(roll, DEFAULTED["roll"]) for roll in members["rolls"]]
    if dict(action)["type"] == "game-created":
        out.append((dict(action)["dice"], set()))
    return out


def nodes(v, typed: bool = True, out=None) -> list:
    """(container, index, value, typed) of every value below v; typed: not inside a game's free-form data."""
    out = [] if out is None else out
    items = list(enumerate(v)) if isinstance(v, list) else []
    for i, item in items:
        if isinstance(v, Obj):
            name, item = item
            nodes(item, typed and name != "data", out)
        else:
            nodes(item, typed, out)
        out.append((v, i, item, typed))
    return out


def outside_strings(text: str) -> list[int]:
    """Indices just after a structural character ({ [ , :) of the JSON text."""
    at, inside, escaped = [], False, False
    for i, c in enumerate(text):
        if inside:
            inside, escaped = (not (c == '"' and not escaped)), (c == "\\" and not escaped)
        elif c == '"':
            inside = True
        elif c in "{[,:":
            at.append(i + 1)
    return at


def variant(body: bytes, draw) -> tuple[str, bytes]:
    """One way of writing a valid body otherwise that the canonical form refuses."""
    event = parse(body.decode("utf-8"))
    assert write(event).encode() == body
    found = nodes(event)
    floats = [n for n in found if isinstance(n[2], Raw) and "." in n[2]]
    ints = [n for n in found if isinstance(n[2], Raw) and "." not in n[2]]
    strings = [n for n in found if type(n[2]) is str and any(c >= " " for c in n[2])]
    kinds = ["duplicate", "reorder", "blank", "escape", "extra", "missing", "integer"] + (["float"] if floats else [])
    kind = draw(st.sampled_from(kinds), "kind")
    if kind == "duplicate":
        objects = [o for o, _ in structs(event)] + [n[2] for n in found if isinstance(n[2], Obj) and n[2]]
        obj = draw(st.sampled_from(objects), "object")
        name, value = obj[draw(st.integers(0, len(obj) - 1), "member")]
        if draw(st.booleans(), "other value") and not isinstance(value, (Obj, list)):
            value = value + "x" if type(value) is str else Raw("7") if isinstance(value, Raw) and value != "7" else value
        obj.insert(draw(st.integers(0, len(obj)), "at"), (name, value))
    elif kind == "reorder":
        obj = draw(st.sampled_from([o for o, _ in structs(event) if len(o) > 1]), "object")
        i = draw(st.integers(0, len(obj) - 2), "i")
        j = draw(st.integers(i + 1, len(obj) - 1), "j")
        obj[i], obj[j] = obj[j], obj[i]
    elif kind == "blank":
        text = write(event)
        at = draw(st.sampled_from(outside_strings(text) + [len(text) - 1]), "at")
        return kind, (text[:at] + draw(st.sampled_from([" ", "\t", "  "]), "blank") + text[at:]).encode()
    elif kind == "escape":
        container, i, s, _ = draw(st.sampled_from(strings), "string")
        k = draw(st.sampled_from([n for n, c in enumerate(s) if c >= " "]), "character")
        c = s[k]
        if ord(c) > 0xFFFF:
            units = c.encode("utf-16-be")
            escape = "".join(f"\\u{int.from_bytes(units[n:n + 2], 'big'):04x}" for n in (0, 2))
        else:
            forms = [f"\\u{ord(c):04x}", f"\\u{ord(c):04X}"] + (["\\/"] if c == "/" else [])
            escape = draw(st.sampled_from(forms), "escape")
        raw = Raw(json.dumps(s[:k], ensure_ascii=False)[:-1] + escape + json.dumps(s[k + 1:], ensure_ascii=False)[1:])
        if isinstance(container, Obj):
            container[i] = (container[i][0], raw)
        else:
            container[i] = raw
    elif kind == "extra":
        obj = draw(st.sampled_from([o for o, _ in structs(event)]), "object")
        obj.insert(draw(st.integers(0, len(obj)), "at"), ("extra", draw(st.sampled_from([Raw("1"), "", None]), "value")))
    elif kind == "missing":
        choices = [(o, n) for o, defaulted in structs(event) for n, (name, _) in enumerate(o) if name in defaulted]
        assume(choices)
        obj, n = draw(st.sampled_from(choices), "member")
        del obj[n]
    else:
        container, i, number, typed = draw(st.sampled_from(floats if kind == "float" else ints), "number")
        forms = ([number + "0", f"{float(number):e}", number.replace(".", ".0e0") if "e" not in number else number + "0"]
                 + ([number.split(".")[0]] if typed and number.endswith(".0") else [])
                 if kind == "float" else
                 ["0" + number.lstrip("-"), number + "e0", number + "E+0", "+" + number]
                 + ([number + ".0"] if typed else []) + (["-0"] if number == "0" else []))
        written = Raw(draw(st.sampled_from([f for f in forms if f != number]), "written"))
        if isinstance(container, Obj):
            container[i] = (container[i][0], written)
        else:
            container[i] = written
    return kind, write(event).encode()


class Pool(dict):
    """Log name -> bodies, with a short repr for hypothesis' falsifying examples."""

    def __repr__(self) -> str:
        return f"Pool({', '.join(self)})"


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> Pool:
    """Bodies of valid logs: a freeform game with seeds, rolls and notes; shipped board games (floats in brigade)."""
    from adjudicator import games

    d = tmp_path_factory.mktemp("pool")
    db = play_sample_game(d, turns=3)
    games.post(db, "note Montmorency’s wing — été / 1562 ✓ 😀 \"quoted\" back\\slash", "blue")
    logs = {"freeform": export_log(db)}
    logs.update({name: LOGS / name / "game.jsonl" for name in ("brigade-peninsula", "portable-mahdist")})
    return Pool({name: [line[:-75] + b"}" for line in log.read_bytes().splitlines()] for name, log in logs.items()})


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("readme") / "readme_check.py"
    path.write_text(readme_check_program(), encoding="utf-8")
    return path


def _case(pool, program, tmp_path, data) -> None:
    name = data.draw(st.sampled_from(sorted(pool)), label="log")
    bodies = list(pool[name])
    i = data.draw(st.integers(0, min(len(bodies), 60) - 1), label="event index")
    kind, forged = variant(bodies[i], lambda strategy, label: data.draw(strategy, label=label))
    assert forged != bodies[i], kind
    bodies[i] = forged
    lines = readme_chain(bodies)
    (tmp_path / "v.db").unlink(missing_ok=True)  # hypothesis runs every example in the same directory
    for log in (write_jsonl(tmp_path / "v.jsonl", lines), write_db(tmp_path / "v.db", lines)):
        r = run_cli_inprocess("verify", str(log), "--json")
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
        problems = json.loads(r.stdout)["problems"]
        assert r.returncode == 2 and problems[0]["seq"] == i + 1, (kind, log.suffix, forged, problems)
    p = subprocess.run([sys.executable, "-I", "-S", str(program), str(tmp_path / "v.jsonl"), str(SCHEMA)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and p.stderr.startswith("FAIL "), (kind, forged, p.stdout, p.stderr)


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@settings(max_examples=12, **SETTINGS)
@given(data=st.data())
def test_any_other_writing_of_a_valid_line_is_malformed_everywhere(pool, program, tmp_path, data):
    _case(pool, program, tmp_path, data)


@pytest.mark.soak
@settings(max_examples=400, **SETTINGS)
@given(data=st.data())
def test_any_other_writing_of_a_valid_line_is_malformed_everywhere_soak(pool, program, tmp_path, data):
    _case(pool, program, tmp_path, data)
