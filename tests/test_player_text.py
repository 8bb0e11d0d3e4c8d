"""Player text is data: a post's lines are split on LF alone and refuse hidden characters (issue 14,
item 9); whatever the CLI prints shows control characters escaped (item 10); reports escape every
piece of text a person wrote for their format, so that it never becomes markup (item 8)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.core import Note, Ruling
from events.freeform import RollDice
from adjudicator import core, games
from adjudicator.errors import BadInput
from adjudicator.notation import PostLine, parse
from adjudicator.rulesets.freeform.notation import VERBS as FREEFORM_VERBS
from conftest import event_rows, export_log, make_game, run_cli_inprocess

VERBS = core.VERBS + FREEFORM_VERBS

# Every character the issue names, and the rest of the class: C0 but TAB and LF, DEL, C1, the line
# and paragraph separators, the bidirectional controls.
HIDDEN = ([chr(c) for c in range(0x20) if c not in (0x09, 0x0A)] + [chr(c) for c in range(0x7F, 0xA0)]
          + ["\u2028", "\u2029", "\u061c", "\u200e", "\u200f"] + [chr(c) for c in range(0x202A, 0x202F)]
          + [chr(c) for c in range(0x2066, 0x206A)])


def post_file(tmp_path, text: str, name: str = "turn.txt"):
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


# -- item 9: only LF (and CRLF) separate lines ---------------------------------------------------

def test_an_invisible_line_separator_does_not_split_a_note_from_a_roll(tmp_path):
    """The issue's repro: `note looks like one line<U+2028>roll 1d6 for hidden` read as a note and a
    roll. It is refused, naming the line and the character, and nothing is written."""
    db = make_game(tmp_path)
    before = event_rows(db)
    text = "note fine\nnote looks like one line\u2028roll 1d6 for hidden\n"
    r = run_cli_inprocess("post", db, post_file(tmp_path, text), "--as", "red")
    assert r.returncode == 2, r
    assert "line 2: U+2028 LINE SEPARATOR is not allowed in a post" in r.stderr
    assert event_rows(db) == before


@pytest.mark.parametrize("ch", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_every_hidden_character_is_refused_naming_the_line_and_the_character(ch):
    with pytest.raises(BadInput, match=rf"^line 3: U\+{ord(ch):04X}\b.* is not allowed in a post$"):
        parse(f"note one\nnote two\nnote three{ch}roll 1d6\n", VERBS, "red")


def test_lf_and_crlf_end_lines_and_a_tab_stays_inside_one():
    assert parse("note a\r\nroll 1d6\nnote b\tc\r\n", VERBS, "red").lines[2].action == Note(text="b\tc")
    for text in ("note a\rroll 1d6\n", "note a\r"):  # a CR not before an LF ends nothing: it is refused
        with pytest.raises(BadInput, match=r"^line 1: U\+000D \(CR"):
            parse(text, VERBS, "red")


def test_nothing_after_end_is_read_so_nothing_there_is_refused():
    assert [pl.action for pl in parse("note a\nend\n\x1b[31m\u2028", VERBS, "red").lines] == [Note(text="a")]


@settings(max_examples=200, deadline=None)
@given(before=st.lists(st.sampled_from(["note a", "roll 1d6", "# c", "", "note x # y"]), max_size=4),
       ch=st.sampled_from(HIDDEN), left=st.text(max_size=5), right=st.text(max_size=5))
def test_a_hidden_character_anywhere_in_a_line_is_refused_there(before, ch, left, right):
    """Whatever surrounds it (and whatever it is written in: a comment, a note), the first line that
    holds a hidden character is named; lines split on LF only."""
    lines = before + [f"note {left}{ch}{right}"]
    text = "\n".join(lines)
    parts = text.split("\n")
    first = next(n for n, line in enumerate(parts, 1) if any(c in HIDDEN for c in (line if n == len(parts) else line.removesuffix("\r"))))
    with pytest.raises(BadInput, match=rf"^line {first}: U\+[0-9A-F]{{4}}"):
        parse(text, VERBS, "red")


def test_a_client_seed_given_on_the_command_line_is_one_line_of_plain_text(tmp_path):
    db = make_game(tmp_path)
    r = run_cli_inprocess("join", db, "--as", "red", "--seed", "owls\u202eslwo")
    assert r.returncode == 2 and "--seed: U+202E RIGHT-TO-LEFT OVERRIDE is not allowed" in r.stderr
    assert run_cli_inprocess("join", db, "--as", "red", "--seed", "owls\tand larks").returncode == 0


# -- item 10: no escape sequence reaches a terminal ----------------------------------------------

ESC_TEXT = "\x1b]0;pwned\x07\x1b[2J\x1b[31mred\x9b1m\u202etxt"


def _game_with_hostile_text(tmp_path):
    """A game whose log holds control characters in player text: written before posts refused them,
    or by hand. Neither the log nor verify forbids them; only what is printed must not pass them on."""
    db = make_game(tmp_path)
    games.submit(db, "red", (PostLine(1, Note(text=ESC_TEXT)), PostLine(2, RollDice(expr="1d6", purpose=ESC_TEXT))))
    games.submit(db, "referee", (PostLine(1, Ruling(decision=ESC_TEXT, reason=ESC_TEXT)),))
    return db


def _assert_escaped(out: str) -> None:
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]", out), repr(out)
    assert "\\x1b]0;pwned\\x07\\x1b[2J" in out and "\\x9b1m" in out and "\\u202etxt" in out


def test_log_audit_verify_status_and_reports_print_control_characters_escaped(tmp_path):
    db = _game_with_hostile_text(tmp_path)
    log = export_log(db)
    for args in (("log", db), ("log", log), ("audit", log), ("verify", log)):
        r = run_cli_inprocess(*args)
        assert r.returncode == 0, r
        if args[0] != "verify":
            _assert_escaped(r.stdout)
    verify = run_cli_inprocess("verify", log).stdout
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]", verify) and "ruling at #" in verify
    assert "\\x1b" in verify
    r = run_cli_inprocess("post", db, post_file(tmp_path, "roll 1d6 for x\n"), "--as", "red")
    assert r.returncode == 0 and "\x1b" not in r.stdout


def test_the_text_report_of_a_post_escapes_what_is_already_in_the_log(tmp_path):
    """The report of a post holding such text (through the library, as `join` or an older log could)."""
    from adjudicator.plaintext import escaped
    from adjudicator.report import post_report

    db = make_game(tmp_path)
    posted = games.submit(db, "red", (PostLine(1, Note(text=ESC_TEXT)),))
    text = post_report(posted.game, posted.built, posted.after, posted.head, "text")
    assert ESC_TEXT in text  # the library keeps the data; the CLI's output escapes it
    assert escaped(text).count("\\x1b") == 3


def test_error_messages_are_escaped_too(tmp_path):
    db = make_game(tmp_path)
    r = run_cli_inprocess("post", db, str(tmp_path / "no\x1b[31msuch.txt"), "--as", "red")
    assert r.returncode == 2 and "no\\x1b[31msuch.txt" in r.stderr and "\x1b" not in r.stderr


def test_json_output_is_escaped_by_json(tmp_path):
    import json

    db = _game_with_hostile_text(tmp_path)
    r = run_cli_inprocess("audit", export_log(db), "--json")
    assert "\x1b" not in r.stdout and json.loads(r.stdout)["rolls"][0]["purpose"] == ESC_TEXT


def test_escaped_keeps_newlines_and_tabs():
    from adjudicator.plaintext import escaped

    assert escaped("a\tb\nc\x1bd\x00\u2028") == "a\tb\nc\\x1bd\\x00\\u2028"


# -- item 8: player text is data in every report format -----------------------------------------

HOSTILE = ["[url=http://evil.example]the map[/url]", "[img]http://evil.example/x.png[/img]", "[/b][code]x[/code][b]",
           "[the map](http://evil.example)", "![map](http://evil.example/i.png)", "*em* **strong** _u_ __s__ ~~del~~",
           "<img src=x onerror=alert(1)> <b>bold</b> &amp;", "`code`", "<http://evil.example>", "[quote]q[/quote] [*]"]
HOSTILE_LINES = ["1. first", "- second", "> quoted", "---", "=====", "<div>block</div>", "    indented"]


def _reports(tmp_path, fmt: str) -> str:
    """Every kind of text a person writes, through the real CLI in format `fmt`: notes, roll purposes,
    sealed order lines, a ruling's decision and reason, the result that ends the game."""
    from adjudicator import sealed

    db = make_game(tmp_path)
    orders = tuple(HOSTILE[:3] + HOSTILE_LINES)
    commitment, salt = sealed.seal("g", "red", orders)
    posts = [("red", "".join(f"note {h}\nroll 1d6 for {h}\n" for h in HOSTILE) + f"seal t1 {commitment}\n"),
             ("red", f"unseal t1 {salt}\n" + "".join(f"| {o}\n" for o in orders)),
             ("referee", "".join(f"ruling {h} because {h}\n" for h in HOSTILE)),
             ("referee", f"end game {HOSTILE[0]} {HOSTILE[3]}\n")]
    out = []
    for n, (side, text) in enumerate(posts):
        r = run_cli_inprocess("post", db, post_file(tmp_path, text, f"{n}.txt"), "--as", side, "--format", fmt)
        assert r.returncode == 0, r
        out.append(r.stdout)
    return "\n".join(out)


def _markdown_tokens(text: str):
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    for token in md.parse(text):
        yield token
        yield from token.children or ()


def test_markdown_reports_show_player_text_as_text(tmp_path):
    """Parsed by a CommonMark parser (with GFM tables and strikethrough): the only elements are the
    report's own (lists, paragraphs, each post's bold title, the fenced block of the head and the
    verify command); every player's link, image, emphasis, HTML and block markup reads as the text
    written."""
    report = _reports(tmp_path, "markdown")
    tokens = list(_markdown_tokens(report))
    kinds = {t.type for t in tokens}
    assert kinds <= {"paragraph_open", "paragraph_close", "inline", "text", "softbreak", "bullet_list_open",
                     "bullet_list_close", "list_item_open", "list_item_close", "strong_open", "strong_close",
                     "fence", "hardbreak"}, kinds
    assert sum(t.type == "strong_open" for t in tokens) == 4  # one title a post
    assert sum(t.type == "fence" for t in tokens) == 4  # the head and the command, each post
    shown = "\n".join(t.content for t in tokens if t.type in ("text", "softbreak"))
    for h in HOSTILE + HOSTILE_LINES:
        assert h.strip() in shown, h


def test_bbcode_reports_let_no_tag_form(tmp_path):
    """Parsed by a BBCode parser (with [img] added to its tags): the only tags are the report's own
    ([b] titles, [list] and [*] items, the [code] of the head); the text of every player's tag is shown.
    A bare URL in text is left to the forum, as in any text,
    so the parser's own linking of bare URLs (and its typography: -- to a dash) is off here."""
    import html

    from forumtext import phpbb_parser

    parser = phpbb_parser()
    report = _reports(tmp_path, "bbcode")
    tags = [(kind, name) for kind, name, *_ in parser.tokenize(report) if kind in (parser.TOKEN_TAG_START, parser.TOKEN_TAG_END)]
    assert {name for _, name in tags} == {"b", "list", "*", "code"}, tags
    assert tags.count((parser.TOKEN_TAG_START, "b")) == 4 and tags.count((parser.TOKEN_TAG_START, "code")) == 4
    rendered = parser.format(report)
    assert rendered.count("<strong>") == 4 and not re.search(r"<(a|img|blockquote)\b", rendered)
    shown = html.unescape(rendered).replace("\u200b", "")
    for h in HOSTILE + HOSTILE_LINES:
        assert h.strip() in shown, h


def test_the_text_report_keeps_player_text_as_written(tmp_path):
    report = _reports(tmp_path, "text")
    for h in HOSTILE + HOSTILE_LINES:
        assert h.strip() in report, h
