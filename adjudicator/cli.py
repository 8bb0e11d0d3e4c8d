"""The `adjudicator` command: parses arguments and calls the library. Nothing else.

Exit codes: 0 ok; 1 rejected or invalid; 2 bad input; 3 conflict; 4 internal error; 5 a storage
fault (the disk is full or read-only, the database is locked past the busy timeout, an I/O error):
nothing was written.
"""

from __future__ import annotations

import json
import secrets as _random
import sys
from pathlib import Path
from typing import Annotated, Optional

import msgspec
import typer

from adjudicator import games, rulesets
from adjudicator.core import last_closed_epoch
from adjudicator.engine import game_over
from adjudicator.audit import audit as run_audit, roll_line
from adjudicator.errors import AdjudicatorError, BadInput, Rejected, StorageFault, storage_cause
from adjudicator.logsource import open_source
from adjudicator.notation import PostLine
from adjudicator.plaintext import check_line, escaped, split_lines
from adjudicator.report import FORMATS, event_line, post_report
from adjudicator.secrets import secret_path
from events.core import SeedContributed

app = typer.Typer(
    help="Referee for wargames played by email and on forums: a hash-chained log, auditable dice, rules enforced.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

Fmt = Annotated[str, typer.Option("--format", "-f", help="text, markdown or bbcode")]
AsJson = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def _out(text: str, err: bool = False) -> None:
    """Print for a person: every control character a player could have written shows escaped
    (`\\x1b`), so no escape sequence reaches the terminal (newlines and tabs are kept)."""
    typer.echo(escaped(text.rstrip("\n")), err=err)


def _fmt(fmt: str) -> str:
    if fmt not in FORMATS:
        raise BadInput(f"--format: one of {', '.join(FORMATS)}")
    return fmt


def _dump(data: object) -> None:
    typer.echo(msgspec.json.format(msgspec.json.encode(data), indent=2).decode())


@app.command("rulesets")
def rulesets_cmd(as_json: AsJson = False) -> None:
    """List the game systems, their scenarios, options and where their tables come from."""
    data = []
    for name in rulesets.names():
        rs = rulesets.get(name)
        data.append({
            "name": rs.name, "title": rs.title, "source": rs.source,
            "scenarios": {k: {"title": s.title, "source": s.source} for k, s in rs.scenarios.items()},
            "options": rs.options,
            "tables": {k: {"source": v.get("source", ""), "provisional": bool(v.get("provisional", False))}
                       for k, v in rs.tables.items() if isinstance(v, dict)},
        })
    if as_json:
        _dump(data)
        return
    for d in data:
        _out(f"{d['name']}: {d['title']}\n  rules: {d['source']}")
        for k, s in d["scenarios"].items():
            _out(f"  scenario {k}: {s['title']}")
        for k, v in d["options"].items():
            _out(f"  option {k}: {v}")
        for k, t in d["tables"].items():
            _out(f"  table {k}: {'PROVISIONAL, ' if t['provisional'] else ''}{t['source']}")


@app.command()
def new(
    db: Path,
    ruleset: Annotated[str, typer.Option(help="the game system (see `adjudicator rulesets`)")],
    player: Annotated[list[str], typer.Option(help="a side, in turn order; repeat for each")],
    game: Annotated[Optional[str], typer.Option(help="game id (default: the file name)")] = None,
    scenario: Annotated[Optional[str], typer.Option()] = None,
    option: Annotated[Optional[list[str]], typer.Option(help="an optional rule; repeat")] = None,
    tables: Annotated[Optional[Path], typer.Option(help="a TOML file of tables replacing the shipped ones")] = None,
    dice: Annotated[str, typer.Option(help="committed (referee's secret) or reported (real dice)")] = "committed",
    epochs: Annotated[Optional[int], typer.Option(help="length of the committed dice chain, in epochs")] = None,
) -> None:
    """Start a game: the database, and the referee's dice secret beside it."""
    posted = games.new_game(db, ruleset, player, game_id=game, scenario=scenario, options=option or [],
                            tables_path=tables, dice_mode=dice, epochs=epochs)
    c = posted.game.created
    _out(f"new {c.ruleset} game {c.game!r} in {db}: players {', '.join(c.players)}"
         + (f", scenario {c.scenario}" if c.scenario else ""))
    _out(f"head #1 {posted.head[1][:16]}")
    if c.dice.mode == "committed":
        _out(f"dice secret: {secret_path(db)} (owner-only). Keep it; never send it. The database and its "
             "exports can go to anyone. If the secret is lost, rolls not yet revealed can never be audited.")
        _out(f"dice anchor s_0 = {c.dice.anchor} ({c.dice.epochs} epochs)")
    else:
        _out("dice: reported; players roll real dice and post the faces with `rolled`.")


@app.command()
def join(
    db: Path,
    as_: Annotated[str, typer.Option("--as", help="the player giving the seed")],
    seed: Annotated[Optional[str], typer.Option(help="any text you choose; random if left out")] = None,
    fmt: Fmt = "text",
) -> None:
    """Mix a player's client seed into every later roll (before the first roll)."""
    if seed is not None:
        check_line(seed, "--seed", "a client seed")
    action = SeedContributed(player=as_, seed=seed or _random.token_hex(16))
    posted = games.submit(db, as_, (PostLine(0, action),))
    _out(post_report(posted.game, posted.built, posted.after, posted.head, _fmt(fmt)))


@app.command()
def post(
    db: Path,
    turn: Annotated[str, typer.Argument(help="the turn text file, or - for standard input")],
    as_: Annotated[str, typer.Option("--as", help="the side posting (or referee)")],
    fmt: Fmt = "text",
) -> None:
    """Adjudicate a posted turn and append it; prints the result ready to paste."""
    _fmt(fmt)
    text = _read_text(turn)
    posted = games.post(db, text, as_)
    _out(post_report(posted.game, posted.built, posted.after, posted.head, fmt))


def _read_text(path: str) -> str:
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise BadInput(f"{path}: cannot read ({e.strerror})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadInput(f"line {line}: the post is not UTF-8 text") from None


@app.command()
def status(db: Path, as_json: AsJson = False) -> None:
    """Turn, phase, head, dice epochs, and who must decide what now."""
    game, state = games.state_of(db)
    rs, c = game.ruleset, state.core
    over = game_over(game, state)
    data = {
        "game": c.game, "ruleset": c.ruleset, "scenario": game.created.scenario, "players": list(c.players),
        "turn": rs.turn(state.rules), "phase": rs.phase(state.rules), "head": f"{c.seq}:{c.head}",
        "dice": c.dice_mode, "epoch": rs.epoch(state.rules), "revealed_through": c.revealed_epoch,
        "seeds": [p for p, _ in c.seeds], "sealed": {k: v.side for k, v in c.sealed.items()},
        "ended": over,
        "awaiting": [{"side": a.side, "decision": a.decision} for a in ([] if over else rs.awaiting(state.rules))],
    }
    if as_json:
        _dump(data)
        return
    _out(f"{c.game} · {game.ruleset.title}" + (f" · {game.created.scenario}" if game.created.scenario else ""))
    _out(f"turn {data['turn']} · phase {data['phase']} · head #{c.seq} {c.head[:16]}")
    if c.dice_mode == "committed":
        closed = last_closed_epoch(data["epoch"], over)
        _out((f"dice: every epoch closed (game over)" if over else f"dice: epoch {data['epoch']} open")
             + f"; revealed through {c.revealed_epoch}"
             + (f" ({closed - c.revealed_epoch} closed epoch(s) to reveal: adjudicator reveal {db})"
                if closed > c.revealed_epoch else ""))
        if not c.rolled:
            missing = [p for p in c.players if p not in data["seeds"]]
            if missing:
                _out(f"client seeds still welcome before the first roll: {', '.join(missing)} (adjudicator join)")
    else:
        _out("dice: reported")
    for label, side in data["sealed"].items():
        _out(f"sealed orders {label!r} from {side}, not yet revealed")
    if over:
        _out(f"game over: {over}")
    for a in data["awaiting"]:
        _out(f"awaiting {a['side']}: {a['decision']}")


@app.command()
def reveal(db: Path, fmt: Fmt = "text") -> None:
    """Publish the dice secrets of every closed epoch, so anyone can audit their rolls."""
    _fmt(fmt)
    posted = games.reveal(db)
    if posted is None:
        _out("nothing to reveal: every closed epoch is revealed already")
        return
    _out(post_report(posted.game, posted.built, posted.after, posted.head, fmt))


@app.command("log")
def log_cmd(log: Path) -> None:
    """One line per event."""
    report = _verify_streaming(log, lambda game, event, digest: _out(event_line(game, event, digest)))
    _fail_if(report)


def _verify_streaming(log: Path, each):
    from adjudicator.verify import verify

    return verify(open_source(log), lenient=False, check_rolls=False, each_event=each)


@app.command()
def replay(
    log: Path,
    at: Annotated[Optional[int], typer.Option(help="the state after this event (default: the head)")] = None,
    as_json: AsJson = False,
) -> None:
    """The game state at any point: after event --at."""
    game, state = games.state_of(log, at)
    if as_json:
        _dump(state)
        return
    rs = game.ruleset
    _out(f"{state.core.game} after #{state.core.seq} {state.core.head[:16]}: turn {rs.turn(state.rules)}, "
         f"phase {rs.phase(state.rules)}")
    _out(msgspec.json.format(msgspec.json.encode(state.rules), indent=2).decode())


@app.command()
def export(db: Path, out: Annotated[Path, typer.Option("-o", "--out", help="the .jsonl file to write")]) -> None:
    """Write the public log: every event, no secret, ever."""
    head = games.export(db, out)
    _out(f"wrote {head[0]} events to {out}; head #{head[0]} {head[1][:16]}")


@app.command("import")
def import_cmd(log: Path, db: Path) -> None:
    """Verify a public log, then store it as a game database."""
    head = games.import_log(log, db)
    _out(f"verified and stored {head[0]} events in {db}; head #{head[0]} {head[1][:16]}")


def _parse_head(text: str) -> tuple[int, str]:
    seq, sep, prefix = text.partition(":")
    if not sep or not seq.isdigit() or int(seq) < 1 or len(prefix) < 8 or any(ch not in "0123456789abcdefABCDEF" for ch in prefix):
        raise BadInput(f"--head {text!r}: write SEQ:HASH, HASH being 8 or more hex digits")
    return int(seq), prefix


@app.command()
def verify(
    log: Path,
    head: Annotated[Optional[list[str]], typer.Option(help="SEQ:HASH you kept; repeat")] = None,
    lenient: Annotated[bool, typer.Option(help="report every problem and go on")] = False,
    as_json: AsJson = False,
) -> None:
    """Check the hash chain, kept heads, every rule, the reducer and every revealed roll."""
    from adjudicator.verify import verify as run

    report = run(open_source(log), [_parse_head(h) for h in head or []], lenient=lenient)
    if as_json:
        _dump({
            "ok": report.ok, "game": report.game, "ruleset": report.ruleset, "events": report.events,
            "head": f"{report.head[0]}:{report.head[1]}", "rolls": dict(report.rolls),
            "revealed_through": report.revealed_through,
            "heads_checked": [f"{s}:{p}" for s, p in report.heads_checked],
            "rulings": [{"seq": s, "decision": d, "reason": r} for s, d, r in report.rulings],
            "problems": [{"seq": p.seq, "kind": p.kind, "message": p.message} for p in report.problems],
        })
    else:
        for p in report.problems:
            _out(f"FAIL {p.message}")
        r = report.rolls
        _out(f"{'OK' if report.ok else 'FAILED'}: {report.events} events of {report.game or '?'} ({report.ruleset or '?'}); "
             f"head #{report.head[0]} {report.head[1][:16]}")
        _out(f"rolls: {r['verified']} verified, {r['unrevealed']} not yet revealed, {r['reported']} reported"
             + (f", {r['mismatched']} MISMATCHED" if r["mismatched"] else "")
             + (f", {r['off-chain']} OUTSIDE THE COMMITTED CHAIN" if r["off-chain"] else "") + _revealed(report))
        for s, p in report.heads_checked:
            _out(f"kept head {s}:{p} {'matches' if not any(x.seq == s and x.kind == 'head' for x in report.problems) else 'DOES NOT MATCH'}")
        for s, d, why in report.rulings:
            _out(f"ruling at #{s}: {d} (reason: {why})")
    if not report.ok:
        raise typer.Exit(2 if report.malformed else 1)


def _revealed(report) -> str:
    """What status says too, once the whole log is read: a reveal of epoch k reveals every epoch below it."""
    committed = report.ok and report.context is not None and report.context.created.dice.mode == "committed"
    return f"; dice secrets revealed through epoch {report.revealed_through}" if committed else ""


def _fail_if(report) -> None:
    if not report.ok:
        err = BadInput if report.malformed else Rejected
        raise err("\n".join(p.message for p in report.problems))


@app.command()
def audit(log: Path, as_json: AsJson = False, lenient: Annotated[bool, typer.Option()] = False) -> None:
    """Every roll with its verdict, and a luck table per player."""
    lines: list[dict] = []

    def each(event, index, roll, verdict):
        if as_json:
            lines.append({"seq": event.seq, "index": index, "epoch": event.epoch, "by": roll.side or event.actor,
                          "purpose": roll.purpose, "expr": roll.expr, "dice": list(roll.dice), "verdict": verdict})
        else:
            _out(roll_line(event, index, roll, verdict))

    result = run_audit(open_source(log), each, lenient=lenient)
    rows = result.rows()
    if as_json:
        _dump({"ok": result.report.ok, "rolls": lines, "luck": [r.__dict__ for r in rows],
               "revealed_through": result.report.revealed_through,
               "problems": [p.message for p in result.report.problems]})
    else:
        _out("")
        _out(f"{'player':<12} {'die':<6} {'dice':>7} {'mean':>7} {'expect':>7} {'z':>6} {'p':>6}")
        for r in rows:
            _out(f"{r.player:<12} {r.die:<6} {r.dice:>7} {r.mean:>7.3f} {r.expected:>7.3f} {r.z:>6.2f} {r.p:>6.3f}")
        c = result.report.rolls
        _out(f"{c['verified']} verified, {c['mismatched']} mismatched, {c['unrevealed']} not yet revealed, "
             f"{c['reported']} reported" + (f", {c['off-chain']} outside the committed chain" if c["off-chain"] else "")
             + _revealed(result.report))
        for p in result.report.problems:
            _out(f"FAIL {p.message}")
    if not result.report.ok:
        raise typer.Exit(2 if result.report.malformed else 1)


@app.command()
def schema() -> None:
    """JSON Schema of every event, generated from the event Structs."""
    from adjudicator.schema import event_schema

    _dump(event_schema())


@app.command()
def seal(
    game: Annotated[Path, typer.Argument(help="the game: its database, or its public log (.jsonl)")],
    orders: Annotated[str, typer.Argument(help="a file of order lines, or - for standard input")],
    as_: Annotated[str, typer.Option("--as", help="your side")],
    label: Annotated[str, typer.Option(help="a name for these orders, e.g. turn1-orders")],
) -> None:
    """Seal secret orders: checks them as the game will when they are opened, then prints the line to
    post now and the lines to post to open them. `#` comments and blank lines are dropped, as in a post."""
    text = _read_text(orders)
    made = games.seal_orders(game, as_, label, list(split_lines(text, "orders")), "stdin" if orders == "-" else orders)
    _out("# post now:")
    _out(f"seal {made.seal.label} {made.seal.commitment}")
    _out("# keep this private; post it when the orders are to be opened:")
    _out(f"unseal {made.unseal.label} {made.unseal.salt}")
    for line in made.unseal.orders:
        _out(f"| {line}")


@app.command()
def options(
    db: Path,
    as_: Annotated[Optional[str], typer.Option("--as", help="the side (default: whoever must decide)")] = None,
    unit: Annotated[Optional[str], typer.Option(help="only the actions that name this unit")] = None,
) -> None:
    """What the deciding player may post now, in the post notation; where the rules ask for sealed
    orders, the orders it may seal and the command that seals them (never a commitment: only the
    side's own salt keeps its orders secret)."""
    from adjudicator.notation import format_action

    game, state = games.state_of(db)
    rs = game.ruleset
    sides = [as_] if as_ else [a.side for a in rs.awaiting(state.rules)]
    for side in dict.fromkeys(sides):
        lines = [format_action(a, game.verbs) for a in rs.legal_actions(state.rules, side)]
        sets = rs.sealable_orders(state.rules, side) if rs.sealable_orders else []
        if unit:
            lines = [line for line in lines if unit.lower() in line.lower().split()]
            sets = [s for s in sets if any(unit.lower() in line.lower().split() for line in s)]
        if lines or not sets:
            _out(f"{side} may post:")
            for line in lines:
                _out("  " + line)
        if sets:
            _out(f"{side} may seal its orders now, for instance one of these sets (one order a line in a file ORDERS; "
                 "`;` here ends a line):")
            for s in sets:
                _out("  " + "; ".join(s))
            _out(f"  then: adjudicator seal {db} ORDERS --as {side} --label orders-{side}, and post the `seal` line it prints")


@app.command("map")
def map_cmd(
    db: Path,
    out: Annotated[Path, typer.Option("-o", "--out", help="the .svg file to write")],
    at: Annotated[Optional[int], typer.Option(help="the map after this event (default: the head)")] = None,
) -> None:
    """Draw the board at any point of the game (a database or an exported log) as SVG."""
    game, state, outcome = games.state_and_outcome(db, at)
    if game.ruleset.render is None:
        raise BadInput(f"{game.ruleset.name} has no board to draw")
    out.write_text(game.ruleset.render(state.rules, outcome), encoding="utf-8")
    _out(f"wrote {out} (after #{state.core.seq})")


@app.command()
def tables(
    ruleset: Annotated[str, typer.Option(help="the game system")],
    template: Annotated[bool, typer.Option(help="print the tables file, provenance included, to fill in")] = False,
) -> None:
    """The tables a ruleset uses, where each comes from, and which are ours (provisional)."""
    rs = rulesets.get(ruleset)
    if template:
        if not rs.tables_template:
            raise BadInput(f"{rs.name} has no tables")
        _out(rs.tables_template)
        return
    for name, table in rs.tables.items():
        if isinstance(table, dict):
            mark = "PROVISIONAL (ours)" if table.get("provisional") else "from the rules"
            _out(f"{name}: {mark}; source: {table.get('source', '?')}")


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Option()],
    out: Annotated[Path, typer.Option("-o", "--out")],
    seed: Annotated[int, typer.Option()] = 1,
    events: Annotated[Optional[int], typer.Option(help="stop after this many events")] = None,
    scenario: Annotated[Optional[str], typer.Option()] = None,
    player: Annotated[Optional[list[str]], typer.Option()] = None,
    option: Annotated[Optional[list[str]], typer.Option(help="an optional rule; repeat")] = None,
    reveal: Annotated[bool, typer.Option(help="reveal each closed epoch as play goes")] = True,
) -> None:
    """Play a synthetic game with random legal actions through the real engine."""
    from adjudicator.simulate import simulate as run

    head = run(out, ruleset, seed=seed, events=events, players=player, scenario=scenario, options=option or [],
               reveal=reveal)
    _out(f"simulated {head[0]} events into {out}; head #{head[0]} {head[1][:16]}")


def main() -> None:
    """Run the app in typer's standalone mode (usage errors: its message and exit 2); our own
    errors leave it as exceptions and become one line and their exit code, never a traceback."""
    try:
        app()
    except AdjudicatorError as e:
        _out(f"error: {e}", err=True)
        sys.exit(e.exit_code)
    except Exception as e:
        cause = storage_cause(e)
        where = f"{e.filename}: " if isinstance(e, OSError) and e.filename else ""
        if cause is not None:  # the disk failed where no file was named yet
            _out(f"error: {where}{cause}", err=True)
            sys.exit(StorageFault.exit_code)
        if isinstance(e, OSError):  # a path the user gave that cannot be read or written
            _out(f"error: {where}{e.strerror or e}", err=True)
            sys.exit(2)
        # a bug: say so plainly, no traceback
        _out(f"internal error: {type(e).__name__}: {e} (please report it with the command you ran)", err=True)
        sys.exit(4)
