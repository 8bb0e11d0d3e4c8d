"""The after-action report page (`adjudicator report`), what Python builds of it: the committed report
of every shipped game is current, the log it carries comes back byte for byte, it holds no secret,
and the boards share their drawing. Its script is tested in a browser: tests/test_report_browser.py.

To write the shipped games' reports anew after a deliberate change: python3 tests/test_report_page.py"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from conftest import LOGS, export_log, make_game, play_sample_game, run_cli_inprocess  # noqa: E402

GAMES = sorted(p.parent.name for p in LOGS.glob("*/game.jsonl"))
LOG_ELEMENT = re.compile(r'<script type="application/x-ndjson" id="log" data-head="(\d+):([0-9a-f]{64})">(.*?)</script>', re.S)


def build(log: Path) -> str:
    from adjudicator.htmlreport import build as build_page

    return build_page(log)


def carried(page: str) -> str:
    """The log a page carries, read back as its script reads it."""
    from adjudicator.htmlreport import unembedded_log

    found = LOG_ELEMENT.search(page)
    assert found, "the page has no log element"
    return unembedded_log(found.group(3))


@pytest.mark.parametrize("name", GAMES)
def test_the_committed_report_is_current(name: str):
    """logs/GAME/report.html is what `adjudicator report logs/GAME/game.jsonl` writes now."""
    page = build(LOGS / name / "game.jsonl")
    assert page == (LOGS / name / "report.html").read_text(encoding="utf-8"), \
        f"logs/{name}/report.html is stale: python3 tests/test_report_page.py"


RUSSIAN = sorted(p.parent.name for p in LOGS.glob("*/report.ru.html"))


def build_russian(log: Path) -> str:
    from adjudicator import i18n

    i18n.set_language("ru")
    try:
        return build(log)
    finally:
        i18n.set_language(None)


def test_a_russian_report_is_shipped():
    assert "paris-dreux-1562" in RUSSIAN


@pytest.mark.parametrize("name", RUSSIAN)
def test_the_committed_russian_report_is_current(name: str):
    """logs/GAME/report.ru.html is what `adjudicator --lang ru report logs/GAME/game.jsonl` writes now."""
    page = build_russian(LOGS / name / "game.jsonl")
    assert page == (LOGS / name / "report.ru.html").read_text(encoding="utf-8"), \
        f"logs/{name}/report.ru.html is stale: python3 tests/test_report_page.py"


def test_the_russian_page_has_every_word_of_the_page_in_russian_and_the_same_log():
    """Every word of PAGE_WORDS is put in its Russian form (none is left English or gone from its asset),
    and the page carries the same log and head as the English one."""
    from importlib import resources

    from adjudicator import i18n
    from adjudicator.htmlreport import PAGE_WORDS, in_language

    log = LOGS / "paris-dreux-1562" / "game.jsonl"
    russian = build_russian(log)
    english = (LOGS / "paris-dreux-1562" / "report.html").read_text(encoding="utf-8")
    assert russian.startswith('<!DOCTYPE html>\n<html lang="ru">')
    assert carried(russian) == carried(english) and LOG_ELEMENT.search(russian).group(1, 2) == LOG_ELEMENT.search(english).group(1, 2)
    for name, words in PAGE_WORDS.items():
        asset = resources.files("adjudicator").joinpath("page", name).read_text(encoding="utf-8")
        i18n.set_language("ru")
        try:
            translated = in_language(name, asset)
        finally:
            i18n.set_language(None)
        assert (translated in russian) == (name != "report.html")  # the page itself has its fields filled
        for entry in words:
            word = entry[0] if isinstance(entry, tuple) else entry
            quoted = [left + word + right for left, right in ((">", "<"), ('"', '"'), ("`", "`"))]
            assert any(q in asset for q in quoted), (name, word)
            assert not any(q in translated for q in quoted), (name, word)
    assert "Проверка" in russian and "Итог:" in russian and "победа: гугеноты" in russian
    assert "<td>католики</td>" in russian and ">гугеноты: " in russian  # the sides in the charts and the luck table


def test_report_in_russian_from_the_command_line(tmp_path: Path):
    from adjudicator import i18n

    out = tmp_path / "x.html"
    try:
        r = run_cli_inprocess("--lang", "ru", "report", str(LOGS / "paris-dreux-1562" / "game.jsonl"), "-o", str(out))
    finally:
        i18n.set_language(None)  # the option set it for this process
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == (LOGS / "paris-dreux-1562" / "report.ru.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GAMES)
def test_the_page_carries_the_log_verbatim_and_its_head(name: str):
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify

    log = LOGS / name / "game.jsonl"
    page = (LOGS / name / "report.html").read_text(encoding="utf-8")
    assert carried(page).encode("utf-8") == log.read_bytes()
    head = verify(open_source(log), check_rolls=False).head
    m = LOG_ELEMENT.search(page)
    assert m and (int(m.group(1)), m.group(2)) == head


def test_the_ivry_report_shares_its_boards_and_stays_small():
    """500 boards of about 110 kB each would be 55 MB; shared, the whole page is well under 3 MB."""
    page = (LOGS / "paris-ivry-1590" / "report.html").read_bytes()
    assert len(page) < 3_000_000
    assert page.count(b"<svg") < 10  # the charts; the boards are lines in the step data, not whole SVGs


def test_a_step_board_is_the_map_of_that_event():
    """The board the page rebuilds for a step (the viewer's decoding, here in Python) is what
    `adjudicator map --at SEQ` draws."""
    import json

    from adjudicator import games

    log = LOGS / "portable-mahdist" / "game.jsonl"
    page = (LOGS / "portable-mahdist" / "report.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="steps">(.*?)</script>', page, re.S).group(1))
    boards: list[list[int]] = []
    for step in data["steps"]:
        ops, before, now, i = step["board"], boards[-1] if boards else [], [], 0
        while i < len(ops):
            if ops[i] < 0:
                now.append(-1 - ops[i])
            else:
                now.extend(before[ops[i]:ops[i] + ops[i + 1]])
                i += 1
            i += 1
        boards.append(now)
    for seq in (1, 2, 40, len(data["steps"])):
        drawn = "\n".join(data["lines"][k] for k in boards[seq - 1])
        assert drawn == games.draw_map(log, seq)[0], seq


@given(st.text(alphabet=st.sampled_from("a<\r\n\x00\x01/!-sé\u2028"), max_size=60))
def test_the_log_escape_is_undone_exactly(text: str):
    from adjudicator.htmlreport import embedded_log, unembedded_log

    held = embedded_log(text)
    assert not set(held) & {"<", "\r", "\x00"}
    assert unembedded_log(held) == text


def test_a_log_with_markup_and_crlf_comes_back_byte_for_byte(tmp_path: Path):
    """A note that would end the script element or open a comment, and CRLF line ends (an HTML
    parser turns CR LF into LF): the page's log text, unescaped, is the file."""
    from adjudicator import games

    db = make_game(tmp_path)
    games.post(db, "note </script><!-- <script>alert(1)</script> -->\nroll 1d6 for <b>luck</b>\nend turn", "red")
    games.reveal(db)
    log = export_log(db)
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(log.read_bytes().replace(b"\n", b"\r\n"))
    page = build(crlf)
    assert "</script><!--" not in LOG_ELEMENT.search(page).group(3)
    assert page.lower().count("</script") == page.lower().count("<script")
    assert carried(page).encode("utf-8") == crlf.read_bytes()


def test_the_page_holds_no_secret(tmp_path: Path):
    """Built from the public log alone: neither the referee's secret nor any epoch's secret not yet
    revealed is in it, in hex or otherwise."""
    from adjudicator.dice import hash_down

    top = hashlib.sha256(b"report secret test").digest()
    db = play_sample_game(tmp_path, turns=3, reveal=False, top=top)
    from adjudicator import games

    games.post(db, "roll 2d6 for the open turn", "blue")
    page = build(db)
    secret_file = Path(str(db) + ".secret").read_text()
    for value in re.findall(r"[0-9a-f]{64}", secret_file):
        assert value not in page
    epochs = games.status(db)
    assert epochs.revealed_through == 0
    for k in range(0, 6):  # s_N (k = 0) and the secrets just below it
        assert hash_down(top, k).hex() not in page


def test_a_report_of_a_log_that_does_not_verify_is_refused(tmp_path: Path):
    log = LOGS / "freeform-demo" / "game.jsonl"
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(log.read_bytes().replace(b"voltigeur", b"Voltigeur", 1))
    out = tmp_path / "r.html"
    r = run_cli_inprocess("report", str(edited), "-o", str(out))
    assert r.returncode == 1 and "only a log that verifies gets a report" in r.stderr and "seq" in r.stderr
    assert not out.exists()


def test_report_from_a_database_is_the_report_of_its_export(tmp_path: Path):
    db = play_sample_game(tmp_path, turns=2)
    out = tmp_path / "g.html"
    r = run_cli_inprocess("report", str(db), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == build(export_log(db))


def test_the_scripts_cannot_end_their_element():
    """The page's scripts are inlined: none may hold `</script` (or a comment opener)."""
    from importlib import resources

    for name in ("check.js", "viewer.js", "report.css"):
        text = resources.files("adjudicator").joinpath("page", name).read_text(encoding="utf-8").lower()
        assert "</script" not in text and "<!--" not in text, name


def test_losses_count_what_each_ruleset_counts():
    """Each board ruleset's losses, at the end of its shipped game, against the final state's own record."""
    import json

    from adjudicator import games

    for name, lost in (("paris-ivry-1590", lambda s: {k: len(v) for k, v in s["destroyed"].items()}),
                       ("portable-bohemia", lambda s: {a["player"]: a["lost"] for a in s["armies"].values()}),
                       ("skirmish-assault", lambda s: {side: sum(f["side"] == side and f["status"] in ("out", "fled")
                                                                 for f in s["figures"].values()) for side in s["sides"]})):
        game, state = games.state_of(LOGS / name / "game.jsonl")
        final = json.loads((LOGS / name / "final-state.json").read_text())
        rules = final.get("rules", final)
        assert game.ruleset.losses is not None
        counted = game.ruleset.losses(state.rules)
        assert {k: v for k, v in counted.items() if v} == {k: v for k, v in lost(rules).items() if v}, name


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from adjudicator.htmlreport import build as build_page

    for name in GAMES:
        page = build_page(LOGS / name / "game.jsonl")
        (LOGS / name / "report.html").write_text(page, encoding="utf-8")
        print(f"logs/{name}/report.html: {len(page.encode()) // 1024} KiB")
    for name in RUSSIAN:
        page = build_russian(LOGS / name / "game.jsonl")
        (LOGS / name / "report.ru.html").write_text(page, encoding="utf-8")
        print(f"logs/{name}/report.ru.html: {len(page.encode()) // 1024} KiB")
