"""The after-action report in a real browser (headless Chromium): every shipped game's page opens,
checks its log and says OK with as many rolls re-derived as `adjudicator audit`; its replay moves by
slider, buttons, arrow keys and turn; a page whose log is changed by one byte or replaced says FAIL;
the log saved out of a page is the file, which `adjudicator verify` accepts; and the page's check
accepts and refuses what the README's own program does, forged logs included."""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from browser import browser, console_errors, downloaded, open_report, page_check, saved_log  # noqa: E402,F401
from conftest import LOGS, export_log, play_sample_game, run_cli_inprocess  # noqa: E402

GAMES = sorted(p.parent.name for p in LOGS.glob("*/report.html"))
BOARDS = {name for name in GAMES if not name.startswith("freeform")}  # every game system but freeform draws a map


def audited(log: Path) -> tuple[int, str, int]:
    r = run_cli_inprocess("verify", str(log), "--json")
    assert r.returncode == 0, r.stderr
    v = json.loads(r.stdout)
    return v["events"], v["head"].split(":")[1], v["rolls"].get("verified", 0)


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def where(driver) -> str:
    return driver.find_element("id", "where").text


@pytest.mark.parametrize("name", GAMES)
def test_a_shipped_report_checks_its_log_and_replays(browser, name):
    events, head, rolls = audited(LOGS / name / "game.jsonl")
    verdict = open_report(browser, LOGS / name / "report.html")
    assert verdict == f"OK: {events} events, head #{events} {head[:16]}, {rolls} rolls re-derived"
    assert where(browser).startswith(f"event #1 of {events} · turn 0 · phase setup")
    body = browser.find_element("tag name", "body")
    browser.find_element("id", "next").click()
    assert where(browser).startswith(f"event #2 of {events}")
    body.send_keys("\ue014")  # the right arrow key
    assert where(browser).startswith(f"event #3 of {events}")
    body.send_keys("\ue012")  # the left arrow key
    assert where(browser).startswith(f"event #2 of {events}")
    browser.execute_script('const s = document.getElementById("slider"); s.value = arguments[0];'
                           's.dispatchEvent(new Event("input"));', events // 2 - 1)
    assert where(browser).startswith(f"event #{events // 2} of {events}")
    text = browser.find_element("id", "text").text
    assert text.startswith(f"#{events // 2} ")
    turns = browser.find_elements("css selector", "#turn option")
    last_turn = turns[-1].get_attribute("value")
    turns[-1].click()
    assert f" · turn {last_turn} · " in where(browser)
    browser.find_element("id", "last").click()
    assert where(browser).startswith(f"event #{events} of {events}")
    boards = browser.find_elements("css selector", "#board svg")
    assert len(boards) == (1 if name in BOARDS else 0)
    assert browser.find_elements("css selector", "#summary svg.chart")  # the luck chart, and losses where counted
    shot = browser.find_element("id", "replay").screenshot_as_png
    width, height = png_size(shot)
    assert width > 600 and height > (300 if name in BOARDS else 100)
    assert console_errors(browser) == []


def test_the_russian_report_checks_its_log_and_replays_in_russian(browser):
    events, head, rolls = audited(LOGS / "paris-dreux-1562" / "game.jsonl")
    verdict = open_report(browser, LOGS / "paris-dreux-1562" / "report.ru.html")
    assert verdict == f"OK: событий: {events}, вершина #{events} {head[:16]}, бросков пересчитано: {rolls}"
    assert browser.find_element("id", "checked").text.startswith(f"Из раскрытых секретов пересчитано бросков: {rolls}; ")
    assert where(browser) == f"событие #1 из {events} · тур 0 · фаза подготовка · судья"
    browser.find_element("id", "last").click()
    assert where(browser).startswith(f"событие #{events} из {events} · тур ")
    assert browser.find_element("css selector", "#replay h2").text == "Повтор партии"
    assert console_errors(browser) == []


def test_a_step_shows_its_rolls_and_a_ruling_is_marked(browser):
    name = "paris-dreux-1562"
    page = LOGS / name / "report.html"
    lines = (LOGS / name / "game.jsonl").read_text(encoding="utf-8").splitlines()
    rolled = next(json.loads(x) for x in lines if json.loads(x)["rolls"])
    open_report(browser, page)
    browser.execute_script('const s = document.getElementById("slider"); s.value = arguments[0];'
                           's.dispatchEvent(new Event("input"));', rolled["seq"] - 1)
    shown = [li.text for li in browser.find_elements("css selector", "#rolls li")]
    assert len(shown) == len(rolled["rolls"])
    assert all(s.startswith(r["purpose"]) and r["expr"] in s for s, r in zip(shown, rolled["rolls"]))
    ruled = [json.loads(x)["seq"] for x in lines if json.loads(x)["action"]["type"] in ("ruling", "orders-voided")]
    if ruled:
        browser.execute_script('const s = document.getElementById("slider"); s.value = arguments[0];'
                               's.dispatchEvent(new Event("input"));', ruled[0] - 1)
        assert "referee's ruling" in where(browser)
        assert browser.find_element("id", "text").get_attribute("class") == "ruling"


def _tampered(tmp_path: Path, name: str, edit) -> Path:
    page = (LOGS / name / "report.html").read_text(encoding="utf-8")
    start = page.index('id="log"')
    start = page.index(">", start) + 1
    end = page.index("</script>", start)
    out = tmp_path / f"{name}.html"
    out.write_text(page[:start] + edit(page[start:end]) + page[end:], encoding="utf-8")
    return out


def test_one_byte_changed_in_the_page_log_fails(browser, tmp_path):
    def one_die(log: str) -> str:  # the first die of the last roll, one pip more or less
        at = log.rindex('"dice":[') + len('"dice":[')
        die = log[at]
        return log[:at] + ("2" if die == "1" else "1") + log[at + 1:]

    verdict = open_report(browser, _tampered(tmp_path, "paris-ivry-1590", one_die))
    assert verdict.startswith("FAIL seq ") and "bad hash" in verdict


def test_a_page_whose_log_is_replaced_fails(browser, tmp_path):
    from adjudicator.htmlreport import embedded_log

    other = (LOGS / "paris-dreux-1562" / "game.jsonl").read_text(encoding="utf-8")
    verdict = open_report(browser, _tampered(tmp_path, "paris-ivry-1590", lambda _: embedded_log(other)))
    assert verdict.startswith("FAIL the log in this page ends at #") and "replaced" in verdict


def test_the_log_saved_out_of_a_page_is_the_file_and_verifies(browser, tmp_path):
    """The page's save link writes the log it carries, byte for byte: `adjudicator verify` accepts it."""
    name = "skirmish-key-point"
    open_report(browser, LOGS / name / "report.html")
    assert browser.find_element("css selector", "code").text  # the page names the command
    assert f"adjudicator verify {name}.jsonl" in browser.find_element("id", "check").text
    assert "The rules are not re-run in the browser" in browser.find_element("id", "check").text
    saved = tmp_path / f"{name}.jsonl"
    saved.write_bytes(downloaded(browser, f"{name}.jsonl"))
    assert saved.read_bytes() == (LOGS / name / "game.jsonl").read_bytes() == saved_log(browser)
    assert run_cli_inprocess("verify", str(saved)).returncode == 0


def test_a_log_with_markup_and_crlf_checks_ok_and_saves_out_whole(browser, tmp_path):
    from adjudicator import games
    from adjudicator.htmlreport import build

    db = play_sample_game(tmp_path, turns=2)
    games.post(db, "note </script><!-- <script>alert(1)</script> --> é ✓", "red")
    log = export_log(db)
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(log.read_bytes().replace(b"\n", b"\r\n"))
    page = tmp_path / "crlf.html"
    page.write_text(build(crlf), encoding="utf-8")
    events, head, rolls = audited(crlf)
    assert open_report(browser, page) == f"OK: {events} events, head #{events} {head[:16]}, {rolls} rolls re-derived"
    assert saved_log(browser) == crlf.read_bytes() == downloaded(browser, "g.jsonl")
    assert console_errors(browser) == []


# -- the page's check against the README's program --------------------------------------------

def test_the_page_check_refuses_every_forged_log_that_the_readme_program_refuses(browser, tmp_path):
    from test_readme_spec import _forgeries

    open_report(browser, LOGS / "freeform-demo" / "report.html")
    forged = _forgeries(tmp_path)
    assert len(forged) > 30
    for name, log in forged.items():
        r = page_check(browser, log.read_bytes())
        assert r["ok"] is False and r["why"].startswith(("seq ", "the log")), (name, r)
        assert not r["why"].startswith("the check stopped"), (name, r)


def test_the_page_check_names_the_seq_the_readme_program_names(browser, tmp_path):
    from test_readme_spec import SCHEMA, readme_check_program, run_program

    from conftest import rechain

    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    demo = (LOGS / "freeform-demo" / "game.jsonl").read_bytes().splitlines()
    i = max(n for n, line in enumerate(demo) if b'"dice":[' in line)
    event = json.loads(demo[i])
    event["rolls"][0]["dice"][0] = event["rolls"][0]["dice"][0] % 6 + 1
    demo[i] = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(demo)))
    said = run_program(program, forged, SCHEMA).stderr.strip()
    assert said == f"FAIL seq {i + 1}: roll 0 does not match"
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    r = page_check(browser, forged.read_bytes())
    assert r == {"ok": False, "why": f"seq {i + 1}: roll 0 does not match"}


def test_the_page_check_accepts_what_the_readme_program_accepts(browser, tmp_path):
    import test_verify_forgeries as f

    open_report(browser, LOGS / "freeform-demo" / "report.html")
    logs = {"skipped reveal": f.write_jsonl(tmp_path / "skipped.jsonl", f.forge_skipped_reveal(tmp_path, change_die=False)[0])}
    (tmp_path / "ends").mkdir()
    (tmp_path / "open").mkdir()
    bodies, _ = f.rolled_game(tmp_path / "ends")
    lines = f.readme_chain(bodies)
    (tmp_path / "crlf.jsonl").write_bytes(b"".join(x + b"\r\n" for x in lines))
    (tmp_path / "nolf.jsonl").write_bytes(b"\n".join(lines))
    logs["crlf"], logs["no final LF"] = tmp_path / "crlf.jsonl", tmp_path / "nolf.jsonl"
    unrevealed = play_sample_game(tmp_path / "open", turns=3, reveal=False)
    logs["unrevealed"] = export_log(unrevealed)
    logs["brigade floats"] = LOGS / "brigade-peninsula" / "game.jsonl"
    (tmp_path / "many").mkdir()
    many = play_sample_game(tmp_path / "many", turns=1)
    from adjudicator import games

    games.post(many, "roll 12d6 for a big volley\nroll 30d10z for the rest\nroll 100d1000 for luck\nend turn", "blue")
    games.reveal(many)
    logs["rolls of several blocks"] = export_log(many)
    for name, log in logs.items():
        events, head, rolls = audited(log)
        r = page_check(browser, log.read_bytes())
        assert r == {"ok": True, "events": events, "head": head, "rolls": rolls, "signed": 0}, name


def test_a_ruling_is_marked_as_one(browser, tmp_path):
    from adjudicator import games
    from adjudicator.htmlreport import build

    db = play_sample_game(tmp_path, turns=1)
    games.post(db, "ruling the volley stands because the wood is light cover", "referee")
    events = games.status(db).head.partition(":")[0]
    page = tmp_path / "ruled.html"
    page.write_text(build(db), encoding="utf-8")
    assert open_report(browser, page).startswith("OK")
    browser.find_element("id", "last").click()
    shown = where(browser)
    assert shown.startswith(f"event #{events} of {events} · turn ") and shown.endswith(" · referee · referee's ruling")
    assert browser.find_element("id", "text").get_attribute("class") == "ruling"
    assert "the volley stands" in browser.find_element("id", "text").text
    browser.find_element("id", "prev").click()
    assert "ruling" not in where(browser)


def _python_reads(text: str) -> bool:
    """The README program's reading of a line, members aside: JSON whose canonical encoding is the text."""
    def unique(pairs):
        if len({k for k, _ in pairs}) != len(pairs):
            raise ValueError("repeated")
        return dict(pairs)

    def plain(t):
        if "e" in t.lower():
            raise ValueError("exponent")
        return float(t)

    def refuse(t):
        raise ValueError(t)

    try:
        value = json.loads(text, object_pairs_hook=unique, parse_float=plain, parse_constant=refuse)
        # a line that is not an object fails the program's members check: the page refuses it at once
        return type(value) is dict and json.dumps(value, ensure_ascii=False, separators=(",", ":")) == text
    except (ValueError, RecursionError):
        return False


def test_the_page_reads_a_line_exactly_as_the_readme_program_does(browser):
    """The page's canonical reader against Python's json, as the README's program uses it, on
    canonical encodings of many values and on texts that differ from them by little."""
    import random

    rng = random.Random(20)
    atoms = [0, -1, 7, 2**53 + 1, -(10**40), 72.0, 11.09, -0.0, 0.0001, 9999999999999998.0, 1e16, 1e-05, 0.1 + 0.2, True,
             False, None, "", "é", "\u2028", "\x7f", "a\"b\\c", "\x00\x1f\n\t\b\f\r", "</script>", "😀", "\ud7ff"]

    def value(depth: int):
        k = rng.random()
        if depth > 3 or k < 0.5:
            return rng.choice(atoms)
        if k < 0.75:
            return [value(depth + 1) for _ in range(rng.randrange(4))]
        return {rng.choice(["a", "b", "type", "10", "2", "é", ""]) + str(i): value(depth + 1) for i in range(rng.randrange(4))}

    texts = []
    for _ in range(300):
        try:
            texts.append(json.dumps({"v": value(0)}, ensure_ascii=False, separators=(",", ":")))
        except ValueError:
            continue
    texts += ['{"a":1.0}', '{"a":1.50}', '{"a":1e5}', '{"a":1E5}', '{"a":-0}', '{"a":-0.0}', '{"a":01}', '{"a":1.}',
              '{"a":.5}', '{"a":NaN}', '{"a":Infinity}', '{"a": 1}', '{"a":1,"a":2}', '{"a":"\\/"}', '{"a":"\\u00e9"}',
              '{"a":"\\u001F"}', '{"a":"\\u001f"}', '{"a":"\\u000a"}', '{"a":"\\n"}', '{"a":"\\ud800"}', '{"a":"\x01"}',
              '{"a":[1,]}', '{"a":{}}', '{"a":[]}', '{"a":true}', '{"a":tru}', '{"a":1}x', '[1]', '{"a":"x"} ',
              '{"a":1' + "0" * 4299 + '}', '{"a":1' + "0" * 4300 + '}', '{"a":-1' + "0" * 4299 + '}',
              '{"a":' + "[" * 900 + "]" * 900 + "}", '{"a":' + "[" * 1200 + "]" * 1200 + "}",
              '{"a":100000000000000000000.0}', '{"a":1234567890123456.0}', '{"a":0.00001}', '{"a":0.0001}']
    for t in list(texts[:300]):  # small changes of canonical texts
        at = rng.randrange(len(t))
        texts.append(t[:at] + rng.choice([" ", "\\", '"', "0", ".", ",", "e", ""]) + t[at + 1:])
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    read = browser.execute_script("""return arguments[0].map((t) => {
        try { AdjudicatorCheck.parse(t); return true; } catch (e) { return false; } });""", texts)
    wrong = [(t, js) for t, js in zip(texts, read) if js != _python_reads(t)]
    assert wrong == []
    assert sum(read) > 300 and len(read) - sum(read) > 100


# -- posts and signatures: the page asks all the README's questions of them but ssh-keygen's -------------

def _signed_game(tmp_path: Path) -> Path:
    """A freeform game in which red and blue sign their posts (ed25519 and RSA keys made here)."""
    import shutil
    import subprocess

    from adjudicator import games
    from adjudicator.signing import sign

    if shutil.which("ssh-keygen") is None:
        pytest.skip("ssh-keygen (OpenSSH's client tools) is not installed: it makes the keys and signatures")
    for name, kind in (("red", "ed25519"), ("blue", "rsa")):
        subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(tmp_path / name)], check=True)
    db = tmp_path / "g.db"
    games.new_game(db, "freeform", ["red", "blue"], keys={"red": tmp_path / "red.pub", "blue": tmp_path / "blue.pub"})
    for side, text in (("red", "roll 2d6 for volley\nend turn"), ("blue", "note holds\nroll 1d6\nend turn")):
        _, state = games.state_at(db)
        games.post(db, sign(f"game g\nafter {state.core.seq} {state.core.head}\n{text}", tmp_path / side), side)
    games.post(db, "ruling the wood is open because the map says so", "referee")
    return export_log(db)  # unrevealed: a forgery that moves a roll is caught by the rules of posts, not by its dice


def test_a_signed_game_checks_ok_with_its_signatures_checked(browser, tmp_path):
    from adjudicator.htmlreport import build

    log = _signed_game(tmp_path)
    events, head, rolls = audited(log)
    page = tmp_path / "signed.html"
    page.write_text(build(log), encoding="utf-8")
    assert open_report(browser, page) == (f"OK: {events} events, head #{events} {head[:16]}, {rolls} rolls re-derived, "
                                          "2 signatures checked")
    assert console_errors(browser) == []


def _ssh_sign(tmp_path: Path, key: str, text: str, namespace: str = "adjudicator") -> str:
    """ssh-keygen's armoured signature of `text` with the private key `key` (made here)."""
    import subprocess

    message = tmp_path / "message.txt"
    message.write_text(text, encoding="utf-8")
    (tmp_path / "message.txt.sig").unlink(missing_ok=True)
    subprocess.run(["ssh-keygen", "-q", "-Y", "sign", "-n", namespace, "-f", str(tmp_path / key), str(message)],
                   check=True, capture_output=True)
    return (tmp_path / "message.txt.sig").read_text(encoding="ascii")


def _new_key(tmp_path: Path, name: str, kind: str) -> None:
    import subprocess

    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(tmp_path / name)], check=True)


@pytest.mark.parametrize("side,forgery,why", [(side, *case) for side in ("red", "blue") for case in (  # ed25519, RSA
    ("edited text", "is not {side}'s key's signature of the signed text"),
    ("another key", "it is made with another key than {side}'s registered one"),
    ("wrong namespace", 'it is in the namespace "git", not "adjudicator"'),
)] + [("blue", "RSA key's hash", "an RSA signature is rsa-sha2-256 or rsa-sha2-512, not ssh-rsa")])
def test_the_page_refuses_a_bad_signature_at_its_seq_as_verify_does(browser, tmp_path, side, forgery, why):
    """A signed post whose signature is not its author's registered key's over its signed text, its
    digest made good and the log rechained: the page says FAIL at that post's seq, with the reason, where
    the README's program (asking ssh-keygen) and `adjudicator verify` refuse the same seq."""
    import hashlib
    import struct

    from test_readme_spec import readme_check_program, run_program

    from conftest import rechain

    events = [json.loads(line) for line in _signed_game(tmp_path).read_bytes().splitlines()]
    record = next(e for e in events if e["action"]["type"] == "post-received" and e["actor"] == side)
    seq, a = events.index(record) + 1, record["action"]
    if forgery == "edited text":  # one more pip asked for: a referee's edit the digest alone would not show
        edited = a["signed"].replace("roll 2d6", "roll 3d6").replace("roll 1d6", "roll 2d6")
        assert edited != a["signed"]
        a["signed"] = edited
    elif forgery == "another key":
        _new_key(tmp_path, "other", "ed25519" if side == "red" else "rsa")
        a["signature"] = _ssh_sign(tmp_path, "other", a["signed"])
    elif forgery == "wrong namespace":
        a["signature"] = _ssh_sign(tmp_path, side, a["signed"], namespace="git")
    else:  # the RSA signature's algorithm named ssh-rsa (SHA-1), which ssh-keygen refuses in SSHSIG
        from sshsig.sshsig import SshsigSignature

        outer = SshsigSignature.from_armored(a["signature"])
        name, rest = "ssh-rsa".encode(), outer.signature[4 + 12:]  # "rsa-sha2-512" is 12 bytes
        outer.signature = struct.pack(">I", len(name)) + name + rest
        a["signature"] = outer.to_armored()
    a["digest"] = hashlib.sha256((a["signed"] + a["signature"]).encode()).hexdigest()
    lines = rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in lines))
    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    assert run_program(program, forged).stderr.strip() == f"FAIL seq {seq}: bad signature"
    verified = run_cli_inprocess("verify", str(forged))
    assert verified.returncode != 0 and f"#{seq}" in verified.stdout + verified.stderr, verified
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    r = page_check(browser, forged.read_bytes())
    assert r["ok"] is False and r["why"].startswith(f"seq {seq}: bad signature ("), r
    assert why.format(side=side) in r["why"], r


def test_an_rsa_sha2_256_signature_checks_ok_as_in_verify(browser, tmp_path):
    """ssh-keygen signs with rsa-sha2-512; an SSHSIG by an RSA key with rsa-sha2-256, which ssh-keygen
    and `adjudicator verify` accept too, is checked with SHA-256 and is OK."""
    import hashlib
    import struct

    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import padding
    from sshsig.sshsig import SshsigSignature, SshsigWrapper
    from test_readme_spec import readme_check_program, run_program

    from conftest import rechain

    def string(b: bytes) -> bytes:
        return struct.pack(">I", len(b)) + b

    events = [json.loads(line) for line in _signed_game(tmp_path).read_bytes().splitlines()]
    a = next(e for e in events if e["action"]["type"] == "post-received" and e["actor"] == "blue")["action"]
    outer = SshsigSignature.from_armored(a["signature"])
    message = a["signed"].encode()
    data = SshsigWrapper(namespace=b"adjudicator", hash_algo=outer.hash_algo,
                         hash=hashlib.new(outer.hash_algo.decode(), message).digest()).to_bytes()
    private = serialization.load_ssh_private_key((tmp_path / "blue").read_bytes(), password=None)
    outer.signature = string(b"rsa-sha2-256") + string(private.sign(data, padding.PKCS1v15(), hashes.SHA256()))
    a["signature"] = outer.to_armored()
    a["digest"] = hashlib.sha256((a["signed"] + a["signature"]).encode()).hexdigest()
    lines = rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])
    log = tmp_path / "sha256.jsonl"
    log.write_bytes(b"".join(x + b"\n" for x in lines))
    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    assert run_program(program, log).returncode == 0
    n, head, rolls = audited(log)
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    assert page_check(browser, log.read_bytes()) == {"ok": True, "events": n, "head": head, "rolls": rolls, "signed": 2}


def test_a_key_the_page_cannot_check_fails(browser, tmp_path):
    """An ECDSA key, which ssh-keygen would take, is refused where it is registered, alike by the
    README's program, `adjudicator verify` and the page: players sign with ed25519 or RSA keys."""
    import hashlib
    import re

    from test_readme_spec import readme_check_program, run_program

    from conftest import rechain

    def chained(events):
        return rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])

    events = [json.loads(line) for line in _signed_game(tmp_path).read_bytes().splitlines()]
    _new_key(tmp_path, "ecdsa", "ecdsa")
    key = next(e for e in events if e["action"]["type"] == "player-key" and e["action"]["player"] == "red")
    key["action"]["key"] = " ".join((tmp_path / "ecdsa.pub").read_text(encoding="utf-8").split()[:2])
    record = next(e for e in events if e["action"]["type"] == "post-received" and e["actor"] == "red")
    i = events.index(record)
    end = next(n for n in range(i + 1, len(events)) if events[n]["action"]["type"] == "post-received")
    events = events[:end]  # red's post and its actions, signed anew after the head the new key makes
    head = json.loads(chained(events[:i])[-1])["hash"]
    a = record["action"]
    a["signed"] = re.sub(r"^after [0-9]+ [0-9a-f]+$", f"after {i} {head}", a["signed"], count=1, flags=re.M)
    a["signature"] = _ssh_sign(tmp_path, "ecdsa", a["signed"])
    a["digest"] = hashlib.sha256((a["signed"] + a["signature"]).encode()).hexdigest()
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in chained(events)))
    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    key_seq = key["seq"]
    assert run_program(program, forged).stderr.strip() == f"FAIL seq {key_seq}: an ed25519 or RSA key"
    r = run_cli_inprocess("verify", str(forged))
    assert r.returncode == 1 and f"#{key_seq}" in r.stdout + r.stderr and "key/type" in r.stdout + r.stderr, r
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    r = page_check(browser, forged.read_bytes())
    assert r["ok"] is False and r["why"] == f"seq {key_seq}: an ed25519 or RSA key", r


@pytest.mark.parametrize("forgery,why", [("action-unsigned", "red's action is not in a post signed with red's key"),
                                         ("replayed-head", "a signed post names its game and the head it follows"),
                                         ("record-dropped", "red's action is not in a post signed with red's key"),
                                         ("second key", "a key is the referee's, once a player")])
def test_the_page_refuses_a_forged_signed_game_as_the_readme_program_does(browser, tmp_path, forgery, why):
    from test_readme_spec import readme_check_program, run_program

    from conftest import rechain

    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    events = [json.loads(line) for line in _signed_game(tmp_path).read_bytes().splitlines()]
    record = next(e for e in events if e["action"]["type"] == "post-received" and e["actor"] == "red")
    i = events.index(record)
    if forgery == "action-unsigned":  # red's roll, as though the referee's unsigned post had made it
        record["actor"], record["action"] = "referee", {"type": "post-received", "digest": "ab" * 32, "signed": "",
                                                         "signature": ""}
    elif forgery == "replayed-head":  # the post moved one event later, behind a note of the referee's
        events.insert(i, {**record, "actor": "referee", "action": {"type": "note", "text": "x"}})
    elif forgery == "record-dropped":
        del events[i]
    else:
        key = next(e for e in events if e["action"]["type"] == "player-key")
        events.insert(i, {**key})
    lines = rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in lines))
    said = run_program(program, forged).stderr.strip()
    assert said.startswith("FAIL seq ") and why in said, said
    open_report(browser, LOGS / "freeform-demo" / "report.html")
    assert page_check(browser, forged.read_bytes()) == {"ok": False, "why": said.removeprefix("FAIL ")}
