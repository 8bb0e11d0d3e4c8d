"""Forum threads for the tests, made by playing a game through the tool as a forum game is played:
each side posts its turn, the referee posts it and pastes back the result (BBCode, with its receipt).
The thread is then saved in the three forms `thread verify` reads: the source forum's text dump, a
BBCode export and a phpBB page as the browser saves it (the BBCode rendered by the `bbcode` package)."""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import msgspec

from conftest import LOGS


@dataclass(frozen=True)
class Entry:
    author: str
    title: str
    body: str  # as typed: a turn's text, or a result's BBCode
    minute: int = 0

    @property
    def date(self) -> str:
        return f"{7 + self.minute // 1440:02d}.01.26 {self.minute // 60 % 24:02d}:{self.minute % 60:02d}"


def shipped_setup(ruleset: str) -> tuple[list[str], str | None, list[str]]:
    """The players, scenario and options of the ruleset's first shipped game."""
    log = sorted(LOGS.glob(f"{ruleset}-*/game.jsonl"))[0]
    created = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["action"]
    return list(created["players"]), created["scenario"] or None, list(created["options"])


@dataclass
class Played:
    db: Path
    entries: list[Entry]


def _result(posted, fmt: str = "bbcode") -> str:
    from adjudicator.report import post_report

    return post_report(posted.game, posted.built, posted.after, posted.head, fmt, posted.held, posted.received)


def new_thread(db: Path, ruleset: str, players: list[str], scenario: str | None = None, options: list[str] | None = None,
               keys: dict[str, Path] | None = None, **kw) -> list[Entry]:
    from adjudicator import games, views
    from adjudicator.secrets import secret_path

    posted = games.new_game(db, ruleset, players, scenario=scenario, options=options or [],
                            keys={k: str(v) for k, v in (keys or {}).items()} or None, **kw)
    return [Entry("referee", "New game", "\n".join(views.created(posted, db, secret_path(db))), 0)]


def post_turn(played: Played, side: str, text: str, title: str, key: Path | None = None) -> None:
    """`side` posts `text` (signed with `key`, against the head), the referee posts it and pastes the
    result, and the closed epochs' secrets."""
    from adjudicator import games
    from adjudicator.signing import sign

    minute = played.entries[-1].minute + 7
    if key is not None:
        _, state = games.state_at(played.db)
        header = f"game {state.core.game}\nafter {state.core.seq} {state.core.head}\n"
        text = sign(header + text, key)
    played.entries.append(Entry(side, title, text, minute))
    posted = games.post(played.db, text, side)
    played.entries.append(Entry("referee", f"Re: {title}", _result(posted), minute + 3))
    revealed = games.reveal(played.db)
    if revealed is not None:
        played.entries.append(Entry("referee", "Dice secrets", _result(revealed), minute + 4))


def play_short_game(tmp: Path, ruleset: str, posts: int = 8, seed: int = 1, keys: dict[str, Path] | None = None,
                    signers: dict[str, Path] | None = None) -> Played:
    """A short game of `ruleset`, random legal play through the tool, one action a post."""
    from adjudicator import games
    from adjudicator.notation import format_action
    from adjudicator.simulate import RandomPlay

    players, scenario, options = shipped_setup(ruleset)
    db = tmp / "g.db"
    played = Played(db, new_thread(db, ruleset, players, scenario, options, keys))
    game, _ = games.state_at(db)
    play = RandomPlay(game, random.Random(seed), eager=0.9)
    for n in range(posts):
        _, state = games.state_at(db)
        # random play asks whether an action is legal on its own; a keyed side's is, once in a signed post
        chosen = play.choose(msgspec.structs.replace(state, core=msgspec.structs.replace(state.core, keys={})))
        if chosen is None:
            break
        side, action = chosen
        post_turn(played, side, format_action(action, game.verbs), f"Turn {n + 1}", (signers or {}).get(side))
    return played


def replay_shipped_turns(tmp: Path, name: str) -> Played:
    """A shipped game's turn texts, posted again in a new game of the same set-up, each answered."""
    log = LOGS / name / "game.jsonl"
    created = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["action"]
    db = tmp / "g.db"
    played = Played(db, new_thread(db, created["ruleset"], list(created["players"]), created["scenario"] or None,
                                   list(created["options"]), game_id=created["game"]))
    for turn in sorted((LOGS / name / "turns").glob("*.txt")):
        side = turn.stem.split("-", 1)[1]
        text = re.sub(r"(?m)^after \d+ [0-9a-f]+\n", "", turn.read_text(encoding="utf-8"))  # the heads of the shipped log
        post_turn(played, side, text, f"{turn.stem}")
    return played


# -- the three saved forms ------------------------------------------------------------------

def as_bbcode(entries: list[Entry]) -> str:
    return "".join(f'[post author="{e.author}" date="{e.date}" title="{e.title}"]\n{e.body}\n[/post]\n' for e in entries)


def as_dump(entries: list[Entry], authors: bool = True) -> str:
    """The source forum's dump: the rendered text, each post under its header line (and its author's
    name just above it, unless `authors` is False, as in seed 000)."""
    out = ["Форум\n\nТема игры\n"]
    for e in entries:
        shown = re.sub(r"\[/?(?:b|code|list|\*)\]", "", e.body)  # what the forum shows of its tags: nothing
        shown = re.sub(r"\[quote(?:=[^\]]*)?\]\n?(.*?)\n?\[/quote\]", lambda m: "цитата:\n\n" + m.group(1).replace("\n\n", "\n") + "\n", shown, flags=re.S)
        out.append(("\n" + e.author if authors else "\n") + f"\n Отправлено: {e.date}. Заголовок: {e.title[:20]}\n\n{shown}\n")
    return "".join(out)


def as_html(entries: list[Entry]) -> str:
    """A phpBB (prosilver) thread page: one div.post a post, the BBCode rendered as phpBB renders it."""
    import bbcode

    parser = bbcode.Parser(replace_links=False, replace_cosmetic=False)
    parser.add_formatter("code", lambda tag, value, options, parent, context:
                         f'<div class="codebox"><p>Code: <a href="#">Select all</a></p><pre><code>{value}</code></pre></div>',
                         render_embedded=False, transform_newlines=False, escape_html=True)
    parser.add_formatter("quote", lambda tag, value, options, parent, context:
                         f'<blockquote><div><cite>{html.escape(options.get("quote", ""))} wrote:</cite>{value}</div></blockquote>')
    posts = []
    for n, e in enumerate(entries, start=1):
        body = parser.format(e.body)
        body = re.sub(r"(?<![^\s>]):\)(?![^\s<])", '<img class="smilies" src="./images/smilies/icon_e_smile.gif" alt=":)" title="Smile">', body)
        posts.append(f'''<div id="p{n}" class="post has-profile bg{n % 2 + 1}"><div class="inner">
<dl class="postprofile"><dt><a class="username">{html.escape(e.author)}</a></dt><dd>Posts: 12</dd></dl>
<div class="postbody"><div id="post_content{n}">
<h3><a href="#p{n}">{html.escape(e.title)}</a></h3>
<p class="author"><span class="responsive-hide">by <strong><a href="./memberlist.php?u={n}" class="username">{html.escape(e.author)}</a></strong> &raquo; </span><time datetime="2026-01-07T00:{n % 60:02d}:00+00:00">{e.date}</time></p>
<div class="content">{body}</div>
<div id="sig{n}" class="signature">Playing since 1998</div>
</div></div></div></div>''')
    return ('<!DOCTYPE html>\n<html dir="ltr" lang="en-gb"><head><meta charset="utf-8"><title>Game thread</title></head>'
            '<body><div id="page-body"><h2 class="topic-title"><a>Game thread</a></h2>\n' + "\n".join(posts)
            + "\n</div></body></html>\n")


FORMS = {"dump": as_dump, "bbcode": as_bbcode, "html": as_html}


def save(tmp: Path, entries: list[Entry], form: str, name: str = "thread") -> Path:
    path = tmp / f"{name}.{ {'dump': 'txt', 'bbcode': 'bbcode', 'html': 'html'}[form] }"
    path.write_text(FORMS[form](entries), encoding="utf-8")
    return path


def turn_entries(entries: list[Entry]) -> list[int]:
    """The indices of the sides' turn posts."""
    return [i for i, e in enumerate(entries) if e.author != "referee"]


def edited(entries: list[Entry], i: int, body: str) -> list[Entry]:
    return entries[:i] + [replace(entries[i], body=body)] + entries[i + 1:]
