"""The `adjudicator` command: parses arguments and calls the library. Nothing else.

Exit codes: 0 ok; 1 rejected or invalid; 2 bad input; 3 conflict; 4 internal error; 5 a storage
fault (the disk is full or read-only, the database is locked past the busy timeout, an I/O error):
nothing was written.
"""

# no `from __future__ import annotations`: typer reads the signatures, and strings would cost it an eval each

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Optional

import typer

from adjudicator.errors import AdjudicatorError, BadInput, StorageFault, storage_cause
from adjudicator.i18n import N_
from adjudicator.plaintext import escaped

# Every command imports what it needs when it runs: a referee runs the CLI dozens of times a game,
# and `status` should not pay for what `simulate` or `schema` use.
# The help is Russian when the language is (adjudicator/clitext.py): a command's docstring and every
# N_() help text are messages of the catalogue, translated when shown; English loads nothing for them.

app = typer.Typer(
    help=N_("Referee for wargames played by email and on forums: a hash-chained log, auditable dice, rules enforced."),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

def _english_json(value: bool) -> bool:
    """JSON output is never translated: --json sets the language to English for the command."""
    if value:
        from adjudicator.i18n import set_language

        set_language("en")
    return value


Fmt = Annotated[str, typer.Option("--format", "-f", help=N_("text, markdown or bbcode"))]
AsJson = Annotated[bool, typer.Option("--json", help=N_("machine-readable output (never translated)"), callback=_english_json)]


@app.callback()
def _options(
    lang: Annotated[Optional[str], typer.Option(
        "--lang", help=N_("the language of the output: en or ru (default: ADJUDICATOR_LANG, then the locale, then en)"))] = None,
) -> None:
    """Referee for wargames played by email and on forums: a hash-chained log, auditable dice, rules enforced."""
    from adjudicator.i18n import LANGUAGES, _, set_language

    if lang is not None and lang not in LANGUAGES:
        raise BadInput(_("--lang: one of {languages}, not {value}").format(languages=", ".join(LANGUAGES), value=repr(lang)))
    set_language(lang)  # every invocation chooses afresh: an earlier one in the same process leaves nothing behind


def _out(text: str, err: bool = False) -> None:
    """Print for a person: every control character a player could have written shows escaped
    (`\\x1b`), so no escape sequence reaches the terminal (newlines and tabs are kept)."""
    typer.echo(escaped(text.rstrip("\n")), err=err)


def _lines(lines: Iterable[str]) -> None:
    for line in lines:
        _out(line)


def _fmt(fmt: str) -> str:
    from adjudicator.i18n import _
    from adjudicator.report import FORMATS

    if fmt not in FORMATS:
        raise BadInput(_("--format: one of {formats}").format(formats=", ".join(FORMATS)))
    return fmt


def _dump(data: object) -> None:
    from adjudicator.views import as_json

    typer.echo(as_json(data))


def _pasted(posted, fmt: str) -> None:
    from adjudicator.report import post_report

    _out(post_report(posted.game, posted.built, posted.after, posted.head, fmt, posted.held, posted.received))


@app.command("rulesets")
def rulesets_cmd(as_json: AsJson = False) -> None:
    """List the game systems, their scenarios, options and where their tables come from."""
    from adjudicator import rulesets, views

    found = [rulesets.get(name) for name in rulesets.names()]
    if as_json:
        _dump(views.rulesets_data(found))
    else:
        _lines(views.rulesets(found))


@app.command()
def new(
    db: Path,
    ruleset: Annotated[str, typer.Option(help=N_("the game system (see `adjudicator rulesets`)"))],
    player: Annotated[list[str], typer.Option(help=N_("a side, in turn order; repeat for each; NAME=KEYFILE registers "
                                              "the side's SSH public key (.pub): its posts must then be signed"))],
    game: Annotated[Optional[str], typer.Option(help=N_("game id (default: the file name)"))] = None,
    scenario: Annotated[Optional[str], typer.Option(help=N_("a shipped scenario's name, or a scenario file of your own "
                                                         "(see `adjudicator scenario`)"))] = None,
    option: Annotated[Optional[list[str]], typer.Option(help=N_("an optional rule; repeat"))] = None,
    tables: Annotated[Optional[Path], typer.Option(help=N_("a TOML file of tables replacing the shipped ones"))] = None,
    dice: Annotated[str, typer.Option(help=N_("committed (referee's secret) or reported (real dice)"))] = "committed",
    epochs: Annotated[Optional[int], typer.Option(help=N_("length of the committed dice chain, in epochs"))] = None,
) -> None:
    """Start a game: the database, and the referee's dice secret beside it."""
    from adjudicator import games, views
    from adjudicator.secrets import secret_path

    names = [p.partition("=")[0] for p in player]
    keys: dict[str, str | Path] = {name: key for name, sep, key in (p.partition("=") for p in player) if sep}
    posted = games.new_game(db, ruleset, names, game_id=game, scenario=scenario, options=option or [],
                            tables_path=tables, dice_mode=dice, epochs=epochs, keys=keys)
    _lines(views.created(posted, db, secret_path(db)))


@app.command()
def join(
    db: Path,
    as_: Annotated[str, typer.Option("--as", help=N_("the player giving the seed"))],
    seed: Annotated[Optional[str], typer.Option(help=N_("any text you choose; random if left out"))] = None,
    key: Annotated[Optional[Path], typer.Option(help=N_("register the player's SSH public key (.pub) instead: "
                                                     "his posts must then be signed with it"))] = None,
    fmt: Fmt = "text",
) -> None:
    """Mix a player's client seed into every later roll (before the first roll), or register his key."""
    from adjudicator import games

    _fmt(fmt)
    _pasted(games.join(db, as_, seed, key), fmt)


@app.command()
def post(
    db: Path,
    turn: Annotated[str, typer.Argument(help=N_("the turn text file, a saved e-mail (.eml), or - for standard input"))],
    as_: Annotated[Optional[str], typer.Option("--as", help=N_("the side posting (or referee); "
                                                          "for an e-mail, default: the sender's name"))] = None,
    fmt: Fmt = "text",
) -> None:
    """Adjudicate a posted turn and append it; prints the result ready to paste."""
    from adjudicator import games
    from adjudicator.i18n import _

    _fmt(fmt)
    if turn.endswith(".eml"):
        from adjudicator.mail import read_mail

        mail = read_mail(turn)
        as_ = as_ or mail.author
        _out(_("# {file}: from {sender}, {date}").format(file=turn, sender=mail.sender, date=mail.date), err=True)
        text = mail.body
    else:
        text = _read_text(turn)
    if not as_:
        raise BadInput(_("--as: name the side posting (or referee)"))
    _pasted(games.post(db, text, as_), fmt)


def _read_text(path: str) -> str:
    from adjudicator.i18n import _

    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise BadInput(_("{path}: cannot read ({cause})").format(path=path, cause=e.strerror)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadInput(_("line {line}: the post is not UTF-8 text").format(line=line)) from None


@app.command()
def sign(
    turn: Annotated[str, typer.Argument(help=N_("the turn text file, or - for standard input"))],
    key: Annotated[Path, typer.Option(help=N_("your SSH private key, e.g. ~/.ssh/id_ed25519"))],
) -> None:
    """Print the post signed with your SSH key, ready to paste (as ssh-keygen -Y sign -n adjudicator).
    The post starts `game ID` then `after SEQ HASH`, the head of the receipt it answers."""
    from adjudicator.signing import sign as run

    typer.echo(run(_read_text(turn), key), nl=False)


@app.command()
def status(db: Path, as_json: AsJson = False) -> None:
    """Turn, phase, head, dice epochs, and who must decide what now."""
    from adjudicator import games, views

    st = games.status(db)
    if as_json:
        _dump(st)
    else:
        _lines(views.status(st, db))


@app.command()
def reveal(db: Path, fmt: Fmt = "text") -> None:
    """Publish the dice secrets of every closed epoch, so anyone can audit their rolls."""
    from adjudicator import games

    _fmt(fmt)
    posted = games.reveal(db)
    if posted is None:
        from adjudicator.i18n import _

        _out(_("nothing to reveal: every closed epoch is revealed already"))
        return
    _pasted(posted, fmt)


@app.command()
def show(log: Path, seq: Annotated[int, typer.Argument(help=N_("an event the post wrote"))], fmt: Fmt = "text") -> None:
    """Print again the result of the post that wrote event SEQ, in any format (GAME: database or log)."""
    from adjudicator.report import post_report
    from adjudicator.repost import post_at

    _fmt(fmt)
    p = post_at(log, seq)
    _out(post_report(p.game, p.events, p.after, p.head, fmt, record=p.record))


@app.command("log")
def log_cmd(log: Path) -> None:
    """One line per event, and under it what the event did."""
    from adjudicator.logsource import open_source
    from adjudicator.report import event_line
    from adjudicator.verify import verify

    report = verify(open_source(log), check_rolls=False,
                    each_event=lambda game, event, digest, outcome: _out(event_line(game, event, digest, outcome)))
    _fail_if(report)


@app.command()
def replay(
    log: Path,
    at: Annotated[Optional[int], typer.Option(help=N_("the state after this event (default: the head)"))] = None,
    as_json: AsJson = False,
) -> None:
    """The game state at any point: after event --at."""
    from adjudicator import games, views

    game, state = games.state_of(log, at)
    if as_json:
        _dump(state)
    else:
        _lines(views.replay(game, state))


@app.command()
def export(db: Path, out: Annotated[Path, typer.Option("-o", "--out", help=N_("the .jsonl file to write"))]) -> None:
    """Write the public log: every event, no secret, ever."""
    from adjudicator import games

    from adjudicator.i18n import _

    head = games.export(db, out)
    _out(_("wrote {count} events to {path}; head #{seq} {hash}").format(count=head[0], path=out, seq=head[0], hash=head[1][:16]))


@app.command("import")
def import_cmd(log: Path, db: Path) -> None:
    """Verify a public log, then store it as a game database."""
    from adjudicator import games

    from adjudicator.i18n import _

    head = games.import_log(log, db)
    _out(_("verified and stored {count} events in {path}; head #{seq} {hash}").format(count=head[0], path=db, seq=head[0],
                                                                                    hash=head[1][:16]))


def _parse_head(text: str) -> tuple[int, str]:
    seq, sep, prefix = text.partition(":")
    if not sep or not seq.isdigit() or int(seq) < 1 or len(prefix) < 8 or any(ch not in "0123456789abcdefABCDEF" for ch in prefix):
        from adjudicator.i18n import _

        raise BadInput(_("--head {value}: write SEQ:HASH, HASH being 8 or more hex digits").format(value=repr(text)))
    return int(seq), prefix


@app.command()
def verify(
    log: Path,
    head: Annotated[Optional[list[str]], typer.Option(help=N_("SEQ:HASH you kept; repeat"))] = None,
    lenient: Annotated[bool, typer.Option(help=N_("report every problem and go on"))] = False,
    as_json: AsJson = False,
) -> None:
    """Check the hash chain, kept heads, every rule, the reducer and every revealed roll."""
    from adjudicator import views
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify as run

    report = run(open_source(log), [_parse_head(h) for h in head or []], lenient=lenient)
    if as_json:
        _dump(views.verified_data(report))
    else:
        _lines(views.verified(report))
    if not report.ok:
        raise typer.Exit(report.exit_code)


def _fail_if(report) -> None:
    error = report.error()
    if error is not None:
        raise error


@app.command()
def audit(log: Path, as_json: AsJson = False, lenient: Annotated[bool, typer.Option()] = False) -> None:
    """Every roll with its verdict, and a luck table per player."""
    from adjudicator import views
    from adjudicator.audit import audit as run, roll_line, ruleset_of
    from adjudicator.logsource import open_source

    rolls: list[dict] = []
    ruleset = [""]  # the game's, read off its first event: a roll's purpose is shown in the reader's words

    def each(event, index, roll, verdict):
        if not ruleset[0]:
            ruleset[0] = ruleset_of(open_source(log))
        if as_json:
            rolls.append({"seq": event.seq, "index": index, "epoch": event.epoch, "by": roll.side or event.actor,
                          "purpose": roll.purpose, "expr": roll.expr, "dice": list(roll.dice), "verdict": verdict})
        else:
            _out(roll_line(event, index, roll, verdict, ruleset[0]))

    result = run(open_source(log), each, lenient=lenient)
    if as_json:
        _dump(views.audited_data(result, rolls))
    else:
        _lines(views.audited(result))
    if not result.report.ok:
        raise typer.Exit(result.report.exit_code)


@app.command()
def schema() -> None:
    """JSON Schema of every event, generated from the event Structs."""
    from adjudicator.schema import event_schema

    _dump(event_schema())


@app.command()
def seal(
    game: Annotated[Path, typer.Argument(help=N_("the game: its database, or its public log (.jsonl)"))],
    orders: Annotated[str, typer.Argument(help=N_("a file of order lines, or - for standard input"))],
    as_: Annotated[str, typer.Option("--as", help=N_("your side"))],
    label: Annotated[str, typer.Option(help=N_("a name for these orders, e.g. turn1-orders"))],
) -> None:
    """Seal secret orders: checks them as the game will when they are opened, then prints the line to
    post now and the lines to post to open them. `#` comments and blank lines are dropped, as in a post."""
    from adjudicator import games
    from adjudicator.plaintext import split_lines

    text = _read_text(orders)
    from adjudicator.i18n import _
    from adjudicator.localize import core_action

    made = games.seal_orders(game, as_, label, list(split_lines(text, N_("orders"))), "stdin" if orders == "-" else orders)
    _out(_("# post now:"))
    _out(core_action(f"seal {made.seal.label} {made.seal.commitment}"))
    _out(_("# keep this private; post it when the orders are to be opened:"))
    _out(core_action(f"unseal {made.unseal.label} {made.unseal.salt}"))
    for line in made.unseal.orders:
        _out("| " + line)


@app.command()
def options(
    db: Path,
    as_: Annotated[Optional[str], typer.Option("--as", help=N_("the side (default: whoever must decide)"))] = None,
    unit: Annotated[Optional[str], typer.Option(help=N_("only the actions that name this unit"))] = None,
) -> None:
    """What the deciding player may post now, in the post notation; where the rules ask for sealed
    orders, the orders it may seal and the command that seals them (never a commitment: only the
    side's own salt keeps its orders secret)."""
    from adjudicator import games, views

    _lines(views.options(games.options(db, as_, unit), db))


@app.command("map")
def map_cmd(
    db: Path,
    out: Annotated[Path, typer.Option("-o", "--out", help=N_("the file to write: .svg, or .png for a picture"))],
    at: Annotated[Optional[int], typer.Option(help=N_("the map after this event (default: the head)"))] = None,
    radii: Annotated[bool, typer.Option(help=N_("every general's command radius, not only those that matter now "
                                             "(brigade)"))] = False,
) -> None:
    """Draw the board at any point of the game (a database or an exported log) as SVG or PNG."""
    from adjudicator import games
    from adjudicator.picture import encoded

    svg, seq = games.draw_map(db, at, ("radii",) if radii else ())
    out.write_bytes(encoded(svg, out))
    from adjudicator.i18n import _

    _out(_("wrote {path} (after #{seq})").format(path=out, seq=seq))


@app.command("report")
def report_cmd(
    log: Path,
    out: Annotated[Path, typer.Option("-o", "--out", help=N_("the .html file to write"))],
) -> None:
    """The after-action report: one HTML file that replays the game step by step and checks its log in the browser."""
    from adjudicator.htmlreport import build
    from adjudicator.i18n import _

    page = build(log).encode("utf-8")
    out.write_bytes(page)
    _out(_("wrote {path} ({size} KiB)").format(path=out, size=len(page) // 1024))


@app.command()
def tables(
    ruleset: Annotated[str, typer.Option(help=N_("the game system"))],
    template: Annotated[bool, typer.Option(help=N_("print the tables file, provenance included, to fill in"))] = False,
) -> None:
    """The tables a ruleset uses, where each comes from, and which are ours (provisional)."""
    from adjudicator import rulesets, views
    from adjudicator.i18n import _

    rs = rulesets.get(ruleset)
    if not template:
        _lines(views.tables(rs))
    elif not rs.tables_template:
        raise BadInput(_("{ruleset} has no tables").format(ruleset=rs.name))
    else:
        _out(rs.tables_template)


@app.command()
def scenario(
    ruleset: Annotated[str, typer.Option(help=N_("the game system"))],
    file: Annotated[Optional[Path], typer.Argument(help=N_("a scenario file of your own, to check"))] = None,
    template: Annotated[bool, typer.Option(help=N_("print a commented scenario file to start your own battle from"))] = False,
    tables: Annotated[Optional[Path], typer.Option(help=N_("the tables file the game will use, if not the shipped one"))] = None,
) -> None:
    """Set up your own battle: print a scenario template, or check a scenario file as `new` would."""
    from adjudicator import rulesets
    from adjudicator.i18n import _

    rs = rulesets.get(ruleset)
    if rs.check_scenario is None:
        raise BadInput(_("{ruleset} plays no scenario: a game needs only its players").format(ruleset=rs.name))
    if template == (file is not None):
        raise BadInput(_("give either --template or a scenario FILE to check"))
    if template:
        _out(rs.scenario_template)
        return
    from adjudicator.games import read_scenario
    from adjudicator.ruledata import merge_tables, read_toml

    assert file is not None
    played = dict(rs.tables) if tables is None else merge_tables(dict(rs.tables), read_toml(tables), str(tables))
    read_scenario(rs, file, played)
    _out(_("{file}: a {ruleset} scenario `adjudicator new` accepts").format(file=file, ruleset=rs.name))


@app.command("help")
def help_cmd(ruleset: Annotated[str, typer.Argument(help=N_("the game system (see `adjudicator rulesets`)"))]) -> None:
    """The post notation of a game system: every verb, with an example."""
    from adjudicator import rulesets, views
    from adjudicator.core import VERBS

    _lines(views.notation(rulesets.get(ruleset), VERBS))


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Option()],
    out: Annotated[Path, typer.Option("-o", "--out")],
    seed: Annotated[int, typer.Option()] = 1,
    events: Annotated[Optional[int], typer.Option(help=N_("stop after this many events"))] = None,
    scenario: Annotated[Optional[str], typer.Option()] = None,
    player: Annotated[Optional[list[str]], typer.Option()] = None,
    option: Annotated[Optional[list[str]], typer.Option(help=N_("an optional rule; repeat"))] = None,
    reveal: Annotated[bool, typer.Option(help=N_("reveal each closed epoch as play goes"))] = True,
) -> None:
    """Play a synthetic game with random legal actions through the real engine."""
    from adjudicator.i18n import ngettext
    from adjudicator.simulate import simulate as run

    head = run(out, ruleset, seed=seed, events=events, players=player, scenario=scenario, options=option or [],
               reveal=reveal)
    _out(ngettext("simulated {count} event into {path}; head #{seq} {hash}",
                  "simulated {count} events into {path}; head #{seq} {hash}", head[0]).format(
        count=head[0], path=out, seq=head[0], hash=head[1][:16]))


thread_app = typer.Typer(help=N_("A forum thread as the game's witness: check it against the log, or rebuild a game "
                                "from it."), no_args_is_help=True)
app.add_typer(thread_app, name="thread")
Authors = Annotated[Optional[list[str]], typer.Option("--author", help=N_("FORUM_NAME=SIDE (or =referee): who a forum "
                                                                         "name posts as; repeat (default: the name itself)"))]
Form = Annotated[Optional[str], typer.Option("--form", help=N_("dump, bbcode or html (default: read from the file)"))]


def _authors(pairs: Optional[list[str]]) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        name, sep, side = pair.partition("=")
        if not sep or not name.strip() or not side.strip():
            from adjudicator.i18n import _

            raise BadInput(_("--author {value}: write FORUM_NAME=SIDE").format(value=repr(pair)))
        out[name.strip()] = side.strip()
    return out


@thread_app.command("verify")
def thread_verify(
    thread: Annotated[Path, typer.Argument(help=N_("the thread as saved: the forum's text dump, a BBCode export or a phpBB page "
                                                "(.html)"))],
    log: Annotated[Path, typer.Option(help=N_("the game: its public log (.jsonl) or its database"))],
    author: Authors = None,
    form: Form = None,
) -> None:
    """Check a forum thread against the log: receipts, recorded posts and their authors, rolls, events.

    Each disagreement names the post's date, author and title. Exit 0 agrees, 1 not, 2 unreadable."""
    from adjudicator.i18n import _, ngettext
    from adjudicator.thread.check import check, read_log
    from adjudicator.thread.posts import read_thread

    posts = read_thread(thread, form)
    game, events = read_log(log)
    verdict = check(posts, game, events, _authors(author))
    _lines(verdict.disagreements)
    if verdict.ok:
        _out(_("OK: the thread ({posts}) agrees with the log: {recorded}, {results}, {events}").format(
            posts=ngettext("{count} post", "{count} posts", len(posts)).format(count=len(posts)),
            recorded=ngettext("{count} recorded post", "{count} recorded posts", verdict.posts).format(count=verdict.posts),
            results=ngettext("{count} result", "{count} results", verdict.results).format(count=verdict.results),
            events=ngettext("{count} event", "{count} events", verdict.events).format(count=verdict.events)))
        return
    count = len(verdict.disagreements)
    _out(ngettext("DISAGREES: {count} disagreement between the thread and the log",
                  "DISAGREES: {count} disagreements between the thread and the log", count).format(count=count))
    raise typer.Exit(1)


@thread_app.command("import")
def thread_import(
    thread: Annotated[Path, typer.Argument(help=N_("the thread as saved (see thread verify)"))],
    db: Annotated[Path, typer.Argument(help=N_("the game database to build (it must not exist)"))],
    ruleset: Annotated[Optional[str], typer.Option(help=N_("the game system, as given to `new` (default: as the "
                                                        "thread's result of `new` says, with its players)"))] = None,
    player: Annotated[Optional[list[str]], typer.Option(help=N_("a side, in turn order, as given to `new` (NAME=KEYFILE "
                                                             "too)"))] = None,
    scenario: Annotated[Optional[str], typer.Option()] = None,
    option: Annotated[Optional[list[str]], typer.Option(help=N_("an optional rule; repeat"))] = None,
    tables: Annotated[Optional[Path], typer.Option(help=N_("the tables file given to `new`"))] = None,
    dice: Annotated[str, typer.Option(help=N_("committed or reported (a game played with real dice: `rolled` lines)"))] = "committed",
    secret: Annotated[Optional[Path], typer.Option(help=N_("the dice secret file the referee kept: the same rolls again"))] = None,
    game: Annotated[Optional[str], typer.Option(help=N_("game id (default: the secret's, or the file name)"))] = None,
    author: Authors = None,
    form: Form = None,
    lenient: Annotated[bool, typer.Option(help=N_("report every refused post and go on (an audit of a game played "
                                               "without the tool)"))] = False,
) -> None:
    """Rebuild a game from its thread's turn posts and check it against the thread's receipts."""
    from adjudicator.i18n import _, ngettext
    from adjudicator.thread.posts import read_thread
    from adjudicator.thread.rebuild import rebuild

    posts = read_thread(thread, form)
    new: dict | None = None
    if ruleset or player:
        if not (ruleset and player):
            raise BadInput(_("--ruleset and --player go together (or neither: the thread's result of `new` says them)"))
        keys: dict[str, str | Path] = {n: k for n, sep, k in (p.partition("=") for p in player) if sep}
        new = {"ruleset_name": ruleset, "players": [p.partition("=")[0] for p in player], "scenario": scenario,
               "options": option or [], "tables_path": tables, "dice_mode": dice, "keys": keys or None}
        if game:
            new["game_id"] = game
    done = rebuild(posts, db, new, _authors(author), secret=secret, lenient=lenient, tables=tables)
    _lines(done.problems)
    where = _("stored in {path}").format(path=db) if db.exists() else _("nothing stored")
    played = ngettext("{count} turn post played", "{count} turn posts played", done.posted).format(count=done.posted)
    if done.ok:
        _out(_("OK: {played}; the game agrees with the thread; {where}; head #{seq} {hash}").format(
            played=played, where=where, seq=done.head[0], hash=done.head[1][:16]))
        return
    count = len(done.problems)
    _out(ngettext("DISAGREES: {count} problem; {played}; {where}", "DISAGREES: {count} problems; {played}; {where}",
                  count).format(count=count, played=played, where=where))
    raise typer.Exit(1)


def _asked(args: list[str]) -> Optional[str]:
    """The language given with --lang before the command, if it is one (else the option's check says so)."""
    from adjudicator.i18n import LANGUAGES

    for i, arg in enumerate(args):
        if arg == "--lang":
            value = args[i + 1] if i + 1 < len(args) else ""
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        elif arg.startswith("-"):
            continue
        else:  # the command: --lang is not its option
            return None
        return value if value in LANGUAGES else None
    return None


def main() -> None:
    """Run the app in typer's standalone mode (usage errors: its message and exit 2); our own
    errors leave it as exceptions and become one line and their exit code, never a traceback.
    The language is chosen before typer reads the arguments, so that its help and its errors are
    in it too; afresh at each call (an in-process call leaves no language behind for the next)."""
    from adjudicator.i18n import _, language, render, said, set_language

    set_language(_asked(sys.argv[1:]))
    try:
        if language() == "en":
            app()
        else:
            from adjudicator.clitext import in_russian

            with in_russian():
                app()
    except AdjudicatorError as e:
        _out(_("error: {message}").format(message=render(said(e))), err=True)
        sys.exit(e.exit_code)
    except Exception as e:
        cause = storage_cause(e)
        where = f"{e.filename}: " if isinstance(e, OSError) and e.filename else ""
        if cause is not None:  # the disk failed where no file was named yet
            _out(_("error: {message}").format(message=where + cause), err=True)
            sys.exit(StorageFault.exit_code)
        if isinstance(e, OSError):  # a path the user gave that cannot be read or written
            _out(_("error: {message}").format(message=where + str(e.strerror or e)), err=True)
            sys.exit(2)
        # a bug: say so plainly, no traceback
        _out(_("internal error: {kind}: {error} (please report it with the command you ran)").format(
            kind=type(e).__name__, error=e), err=True)
        sys.exit(4)
