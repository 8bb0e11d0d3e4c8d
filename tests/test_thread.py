"""`thread verify` and `thread import`: a forum thread checked against the log, in the three forms a
thread is saved in, and every kind of disagreement named by the post's date, author and title."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import threadplay as tp
from conftest import ROOT, export_log, run_cli_inprocess
from adjudicator import posttext
from adjudicator.thread.posts import parse_thread

SEEDS = ROOT.parent / "shared" / "seeds"
SEED_000 = sorted(SEEDS.glob("000_*.txt"))


# -- reading a thread -----------------------------------------------------------------------

@pytest.mark.skipif(not SEED_000, reason="seed 000's text is not beside the repository (../shared/seeds)")
def test_the_source_forums_dump_is_read_from_seed_000_itself():
    """Seed 000 is a thread of the source forum saved as text: 37 posts, each under its header line
    `Отправлено: 07.01.11 07:32. Заголовок: 1 – Общее`; quotes (`Andreas пишет:`, `цитата:` and the
    quoted paragraph) are not the poster's own text."""
    text = SEED_000[0].read_text(encoding="utf-8")
    posts = parse_thread(text, "dump")
    assert len(posts) == text.count("Отправлено:") == 37
    assert (posts[0].date, posts[0].title) == ("07.01.11 07:32", "1 – Общее")
    assert posts[0].body.split("\n", 1)[0] == "1 – Общее"
    assert [p.date for p in posts][-1] == "13.06.17 13:08"
    quoting = next(p for p in posts if p.title.startswith("Andreas пишет: кста"))
    assert posttext.normalise(quoting.body) == "Сцылку битте!\n"  # the quote of Andreas is dropped
    assert "цитата" not in "".join(p.body for p in posts)
    assert all(p.author == "" for p in posts)  # this dump does not show who posted


def test_the_normal_form_survives_what_a_forum_does_to_a_post():
    typed = "roll 2d6 for volley :)\r\n\r\n   note the   wood\tholds ;-)\n"
    shown = "roll 2d6 for volley\nnote the wood holds\n"
    assert posttext.normalise(typed) == shown
    assert posttext.normalise(typed.replace("\r\n", "\n").replace(":)", "")) == shown
    assert posttext.normalise("note e\u0301t\u00e9\n") == "note \u00e9t\u00e9\n"  # NFC
    assert posttext.normalise("note 8) and http://x :/\n") == "note 8) and http://x\n"
    assert posttext.digest(typed) == posttext.digest(shown)


def test_the_three_forms_read_to_the_same_posts(tmp_path):
    played = tp.replay_shipped_turns(tmp_path, "freeform-demo")
    read = {form: parse_thread(tp.FORMS[form](played.entries), form) for form in tp.FORMS}
    for form, posts in read.items():
        assert len(posts) == len(played.entries), form
        assert [posttext.digest(p.body) for p in posts if p.author != "referee"] == \
            [posttext.digest(e.body) for e in played.entries if e.author != "referee"], form
        assert [p.author for p in posts] == [e.author for e in played.entries]
        assert [p.title for p in posts][1] == "01-red"


def test_quotes_are_not_the_posters_text_in_any_form(tmp_path):
    entries = [tp.Entry("red", "Turn 1", "[quote=\"blue\"]roll 9d6 for nothing[/quote]\n\nroll 2d6 for volley")]
    for form in ("bbcode", "html", "dump"):
        (post,) = parse_thread(tp.FORMS[form](entries), form)
        assert posttext.normalise(post.body) == "roll 2d6 for volley\n", form


def test_an_unreadable_thread_exits_2(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("just some words\n", encoding="utf-8")
    r = run_cli_inprocess("thread", "verify", path, "--log", ROOT / "logs" / "freeform-demo" / "game.jsonl")
    assert r.returncode == 2 and "no form this tool reads" in r.stderr
    path.write_bytes(b"\xff\xfe bad")
    assert run_cli_inprocess("thread", "verify", path, "--log", path).returncode == 2


# -- a thread made from a shipped game ------------------------------------------------------

@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("demo")
    played = tp.replay_shipped_turns(tmp, "freeform-demo")
    return played, export_log(played.db)


def thread_verify(tmp: Path, entries: list[tp.Entry], log: Path, form: str = "bbcode", *extra: str):
    return run_cli_inprocess("thread", "verify", tp.save(tmp, entries, form), "--log", log, *extra)


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_the_clean_thread_of_a_shipped_game_agrees(demo, tmp_path, form):
    played, log = demo
    r = thread_verify(tmp_path, played.entries, log, form)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"OK: the thread \(32 posts\) agrees with the log: 13 recorded posts, 19 results, 41 events", r.stdout)


def _turn(entries, n: int) -> int:
    return tp.turn_entries(entries)[n]


def _turn_with(entries, words: str) -> int:
    return next(i for i in tp.turn_entries(entries) if words in entries[i].body)


def _disagrees(r, *words: str) -> str:
    assert r.returncode == 1, r.stdout + r.stderr
    assert "DISAGREES" in r.stdout
    for w in words:
        assert w in r.stdout, (w, r.stdout)
    return r.stdout


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_an_edited_turn_post_is_caught_and_named(demo, tmp_path, form):
    played, log = demo
    i = _turn_with(played.entries, "roll 2d6")
    e = played.entries[i]
    forged = tp.edited(played.entries, i, e.body.replace("roll 2d6", "roll 3d6", 1))
    assert forged[i].body != e.body
    out = _disagrees(thread_verify(tmp_path, forged, log, form), "edited after its result", e.title)
    assert e.date in out or form == "html"  # the page's time element is its own
    assert f", {e.author}, " in out


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_an_edited_receipt_is_caught(demo, tmp_path, form):
    played, log = demo
    i = _turn(played.entries, 3) + 1
    e = played.entries[i]
    head = re.search(r"head=([0-9a-f]{16})", e.body).group(1)
    forged = tp.edited(played.entries, i, e.body.replace(f"head={head}", f"head={head[::-1]}"))
    _disagrees(thread_verify(tmp_path, forged, log, form), "a result the log never held", e.title, "referee")


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_a_deleted_post_is_caught(demo, tmp_path, form):
    played, log = demo
    i = _turn(played.entries, 5)
    forged = played.entries[:i] + played.entries[i + 1:]
    _disagrees(thread_verify(tmp_path, forged, log, form), "a missing post", f"Re: {played.entries[i].title}")


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_a_made_up_roll_is_caught(demo, tmp_path, form):
    played, log = demo
    i = next(n for n, e in enumerate(played.entries) if e.author == "referee" and re.search(r"2d6 \[\u200b\d", e.body))
    e = played.entries[i]
    m = re.search(r"2d6 \[\u200b(\d) (\d)\]", e.body)
    faces = f"{m.group(1)} {7 - int(m.group(2)) if int(m.group(2)) != 3 else 5}"
    forged = tp.edited(played.entries, i, e.body.replace(m.group(0), f"2d6 [\u200b{faces}]", 1))
    out = _disagrees(thread_verify(tmp_path, forged, log, form), "of the result shows 2d6", e.title)
    assert f"the log holds 2d6 [{m.group(1)}, {m.group(2)}]" in out


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_a_result_pasted_twice_is_caught(demo, tmp_path, form):
    played, log = demo
    i = _turn(played.entries, 2) + 1
    forged = played.entries[:i + 1] + [played.entries[i]] + played.entries[i + 1:]
    _disagrees(thread_verify(tmp_path, forged, log, form), "a result pasted twice", played.entries[i].title)


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_a_post_from_the_wrong_author_is_caught(demo, tmp_path, form):
    played, log = demo
    i = _turn(played.entries, 6)
    e = played.entries[i]
    other = "blue" if e.author == "red" else "red"
    forged = played.entries[:i] + [tp.Entry(other, e.title, e.body, e.minute)] + played.entries[i + 1:]
    _disagrees(thread_verify(tmp_path, forged, log, form), "a post from the wrong author", f"as {e.author}'s",
               f"by {other}")


def test_forum_names_are_mapped_to_sides(demo, tmp_path):
    played, log = demo
    renamed = [tp.Entry({"red": "Wellington", "blue": "Soult", "referee": "Umpire"}[e.author], e.title, e.body, e.minute)
               for e in played.entries]
    _disagrees(thread_verify(tmp_path, renamed, log), "a post from the wrong author")
    r = thread_verify(tmp_path, renamed, log, "bbcode", "--author", "Wellington=red", "--author", "Soult=blue",
                      "--author", "Umpire=referee")
    assert r.returncode == 0, r.stdout


def test_talk_in_the_thread_is_left_alone_but_a_turn_the_log_lacks_is_not(demo, tmp_path):
    played, log = demo
    talk = played.entries + [tp.Entry("blue", "Good game", "Well played, sir! :)")]
    assert thread_verify(tmp_path, talk, log).returncode == 0
    extra = played.entries + [tp.Entry("blue", "One more", "note I was never posted")]
    _disagrees(thread_verify(tmp_path, extra, log), "a turn post the log does not hold", "One more")


def test_a_log_that_does_not_verify_is_no_witness(demo, tmp_path):
    played, log = demo
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(log.read_bytes().replace(b"voltigeur", b"Voltigeur", 1))
    r = thread_verify(tmp_path, played.entries, bad)
    assert r.returncode == 1 and "does not verify" in r.stderr


# -- a short game of every ruleset, in every form ----------------------------------------------

@pytest.mark.parametrize("ruleset", ["freeform", "portable", "brigade", "paris", "skirmish"])
def test_a_short_game_of_every_ruleset_agrees_in_every_form_and_its_edits_do_not(tmp_path, ruleset):
    played = tp.play_short_game(tmp_path, ruleset, posts=6, seed=3)
    log = export_log(played.db)
    for form in tp.FORMS:
        r = thread_verify(tmp_path, played.entries, log, form)
        assert r.returncode == 0, (form, r.stdout, r.stderr)
    i = tp.turn_entries(played.entries)[-1]
    forged = tp.edited(played.entries, i, played.entries[i].body + "\n# and a word added after the result")
    for form in tp.FORMS:
        _disagrees(thread_verify(tmp_path, forged, log, form), "edited after its result")


# -- thread import ----------------------------------------------------------------------------

def _import(thread: Path, db: Path, *extra: str):
    return run_cli_inprocess("thread", "import", thread, db, "--ruleset", "freeform", "--player", "red",
                             "--player", "blue", *extra)


@pytest.mark.parametrize("form", sorted(tp.FORMS))
def test_import_rebuilds_the_lost_database_from_the_thread(demo, tmp_path, form):
    played, log = demo
    thread = tp.save(tmp_path, played.entries, form)
    r = _import(thread, tmp_path / "again.db", "--secret", f"{played.db}.secret")
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "again.db").exists() and (tmp_path / "again.db.secret").exists()
    assert export_log(tmp_path / "again.db").read_bytes() == log.read_bytes()  # byte for byte


def test_import_checks_the_rebuilt_game_against_the_receipts(demo, tmp_path):
    played, _ = demo
    i = _turn_with(played.entries, "roll 2d6")
    forged = tp.edited(played.entries, i, played.entries[i].body.replace("roll 2d6", "roll 3d6", 1))
    r = _import(tp.save(tmp_path, forged, "bbcode"), tmp_path / "again.db", "--secret", f"{played.db}.secret")
    assert r.returncode == 1 and "does not reach its receipt's head" in r.stdout, r.stdout
    assert "nothing stored" in r.stdout and not (tmp_path / "again.db").exists()
    r = _import(tp.save(tmp_path, played.entries, "bbcode"), tmp_path / "fresh.db")  # without the kept secret
    assert r.returncode == 1 and "New game" in r.stdout


def test_import_leniently_audits_a_game_played_without_the_tool(tmp_path):
    """Real dice, reported with `rolled`; one post breaks the rules, one is talk: the audit names the
    first and goes on."""
    entries = [
        tp.Entry("red", "Turn 1", "roll 2d6 for volley\nrolled 3 5\nend turn", 1),
        tp.Entry("blue", "Nice", "Nice roll!", 2),
        tp.Entry("red", "Oops", "end turn", 3),
        tp.Entry("blue", "Turn 2", "roll 1d6 for morale\nrolled 7\nend turn", 4),
        tp.Entry("blue", "Turn 2 again", "roll 1d6 for morale\nrolled 2\nend turn", 5),
    ]
    thread = tp.save(tmp_path, entries, "dump")
    r = _import(thread, tmp_path / "audit.db", "--dice", "reported", "--lenient")
    assert r.returncode == 1, r.stdout
    assert "Oops" in r.stdout and "turn/not-yours" in r.stdout
    assert "Turn 2'" in r.stdout and "7" in r.stdout
    assert "2 turn posts played" in r.stdout and (tmp_path / "audit.db").exists()
    strict = _import(thread, tmp_path / "strict.db", "--dice", "reported")
    assert strict.returncode == 1 and "Turn 2" not in strict.stdout and not (tmp_path / "strict.db").exists()


def test_import_reads_the_games_set_up_from_the_thread(demo, tmp_path):
    """Without --ruleset and --player, the thread's result of `new` says them (ruleset, game, players,
    scenario, options, dice)."""
    played, log = demo
    r = run_cli_inprocess("thread", "import", tp.save(tmp_path, played.entries, "html"), tmp_path / "again.db",
                          "--secret", f"{played.db}.secret")
    assert r.returncode == 0, r.stdout + r.stderr
    assert export_log(tmp_path / "again.db").read_bytes() == log.read_bytes()
    r = run_cli_inprocess("thread", "import", tp.save(tmp_path, played.entries[1:], "bbcode"), tmp_path / "none.db")
    assert r.returncode == 2 and "give --ruleset and --player" in r.stderr


def test_import_of_a_dump_that_shows_no_authors_takes_them_from_the_results(demo, tmp_path):
    """Seed 000's dump shows no poster: the result that answers a post names its side."""
    played, log = demo
    thread = tmp_path / "thread.txt"
    thread.write_text(tp.as_dump(played.entries, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "import", thread, tmp_path / "again.db", "--secret", f"{played.db}.secret")
    assert r.returncode == 0, r.stdout + r.stderr
    assert export_log(tmp_path / "again.db").read_bytes() == log.read_bytes()
