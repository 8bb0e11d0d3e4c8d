"""Issue "A forum game that flows": a pasted result keeps its shape where it is pasted. Read through
real renderers (CommonMark by markdown-it-py; BBCode by the `bbcode` parser, tests/forumtext.py):
each action is its own list item, its rolls and outcomes a list nested under it, the head and the
check command and the receipt in a code block, and the provisional-tables note once a post."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from adjudicator import games
from adjudicator.draft import Outcome
from adjudicator.report import post_report
from conftest import make_game
from forumtext import bbcode_tree, markdown_fences, markdown_tree

POST = "roll 2d6+1 for volley\nnote a *bold* claim\nroll 1d6 for morale\nend turn\n"


def _posted(tmp_path):
    db = make_game(tmp_path)
    return games.post(db, POST, "red")


def _report(posted, fmt: str) -> str:
    return post_report(posted.game, posted.built, posted.after, posted.head, fmt, posted.held, posted.received)


def _expected() -> list[tuple[str, int]]:
    return [("roll 2d6+1 for volley", 1), ("note a *bold* claim", 0), ("roll 1d6 for morale", 1), ("end turn", 1)]


@pytest.mark.parametrize("fmt", ["markdown", "bbcode"])
def test_each_action_is_an_item_with_its_rolls_and_outcomes_nested(tmp_path, fmt):
    posted = _posted(tmp_path)
    report = _report(posted, fmt)
    items, codes = (markdown_tree(report), markdown_fences(report)) if fmt == "markdown" else bbcode_tree(report)
    assert [(action, len(under)) for action, under in items] == _expected()
    assert items[0][1][0].startswith("volley: 2d6+1 [") and items[2][1][0].startswith("morale: 1d6 [")
    assert items[3][1][0].startswith("→ turn 1 ends")
    (code,) = codes
    head = posted.head
    assert posted.received is not None
    assert code.splitlines() == [f"head #{head[0]} {head[1][:16]}", f"adjudicator verify g.jsonl --head {head[0]}:{head[1][:16]}",
                                 f"adjudicator-receipt game=g seq=2-{head[0]} head={head[1][:16]} post={posted.received.digest[:16]}"]


def test_the_text_report_indents_what_each_action_did(tmp_path):
    lines = _report(_posted(tmp_path), "text").splitlines()
    assert lines[2:4] == ["  roll 2d6+1 for volley", lines[3]] and lines[3].startswith("    volley: 2d6+1 [")
    assert "  end turn" in lines and any(line.startswith("    → turn 1 ends") for line in lines)


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_the_provisional_tables_note_comes_once_a_post(tmp_path, fmt):
    """Every action decided by one of our tables used to carry the note; a post names each table once."""
    posted = _posted(tmp_path)
    built = [SimpleNamespace(event=b.event, outcome=Outcome(lines=("hit",), provisional=tables))
             for b, tables in zip(posted.built, [("fire",), (), ("fire", "morale"), ("morale",)])]
    report = post_report(posted.game, built, posted.after, posted.head, fmt)
    assert report.count("provisional table") == 1
    assert "table(s): fire, morale (ours, not the printed game" in report.replace("\\", "")
