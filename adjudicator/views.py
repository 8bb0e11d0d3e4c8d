"""What the commands show a person, and their JSON: from the library's results to lines of text.

The pasted result of a post is adjudicator/report.py's; everything else a command prints for a
person is here, so that the CLI only parses arguments and prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from adjudicator.audit import Audit
from adjudicator.engine import Game
from adjudicator.games import Choices, Posted, Status
from adjudicator.ruleset import Ruleset
from adjudicator.verify import Report


def as_json(data: object) -> str:
    return msgspec.json.format(msgspec.json.encode(data), indent=2).decode()


# -- new, status ----------------------------------------------------------------------

def created(posted: Posted, db: Path, secret_file: Path) -> Iterator[str]:
    c = posted.game.created
    yield (f"new {c.ruleset} game {c.game!r} in {db}: players {', '.join(c.players)}"
           + (f", scenario {c.scenario}" if c.scenario else "") + (f", options {', '.join(c.options)}" if c.options else ""))
    yield f"head #{posted.head[0]} {posted.head[1][:16]}"
    if c.dice.mode == "committed":
        yield (f"dice secret: {secret_file} (owner-only). Keep it; never send it. The database and its "
               "exports can go to anyone. If the secret is lost, rolls not yet revealed can never be audited.")
        yield f"dice anchor s_0 = {c.dice.anchor} ({c.dice.epochs} epochs)"
    else:
        yield "dice: reported; players roll real dice and post the faces with `rolled`."
    for b in posted.built[1:]:  # in the notation, so that `thread import` can register them again
        yield f"{b.event.action.player}'s posts are signed with the key registered by:"
        yield f"key {b.event.action.player} {b.event.action.key}"
    from adjudicator.report import receipt

    yield receipt(c.game, 1, posted.head)


def status(st: Status, where: Path) -> Iterator[str]:
    seq, _, head = st.head.partition(":")
    yield f"{st.game} · {st.title}" + (f" · {st.scenario}" if st.scenario else "")
    yield f"turn {st.turn} · phase {st.phase} · head #{seq} {head[:16]}"
    if st.dice == "committed":
        to_reveal = st.closed_epoch - st.revealed_through
        yield (("dice: every epoch closed (game over)" if st.ended else f"dice: epoch {st.epoch} open")
               + f"; revealed through {st.revealed_through}"
               + (f" ({to_reveal} closed epoch(s) to reveal: adjudicator reveal {where})" if to_reveal > 0 else ""))
        missing = [p for p in st.players if p not in st.seeds]
        if not st.rolled and missing:
            yield f"client seeds still welcome before the first roll: {', '.join(missing)} (adjudicator join)"
    else:
        yield "dice: reported"
    if st.signing:
        yield f"signed posts: {', '.join(st.signing)} (a registered key each: adjudicator sign)"
    for label, side in st.sealed.items():
        yield f"sealed orders {label!r} from {side}, not yet revealed"
    if st.ended:
        yield f"game over: {st.ended}"
    for a in st.awaiting:
        yield f"awaiting {a.side}: {a.decision}"


def options(choices: list[Choices], where: Path) -> Iterator[str]:
    for c in choices:
        if c.lines or not c.seal_sets:
            yield f"{c.side} may post:"
            yield from ("  " + line for line in c.lines)
        if c.seal_sets:
            yield (f"{c.side} may seal its orders now, for instance one of these sets (one order a line in a file "
                   "ORDERS; `;` here ends a line):")
            yield from ("  " + "; ".join(s) for s in c.seal_sets)
            yield f"  then: adjudicator seal {where} ORDERS --as {c.side} --label turn{c.turn}-{c.side}, and post the `seal` line it prints"


def replay(game: Game, state: Any) -> Iterator[str]:
    """The position in a few lines a person reads: where the game is, then every piece of every side
    (anything in the state with an id and a side), a line each with what is set on it. The whole
    state, defaults and tables included, is `replay --json`'s."""
    rs = game.ruleset
    rules = msgspec.to_builtins(state.rules)
    yield (f"{state.core.game} after #{state.core.seq} {state.core.head[:16]}: turn {rs.turn(state.rules)}, "
           f"phase {rs.phase(state.rules)}")
    if state.core.ended:
        yield f"game over: {state.core.ended}"
    for awaited in () if state.core.ended else rs.awaiting(state.rules):
        yield f"awaiting {awaited.side}: {awaited.decision}"
    for key, value in rules.items():
        if _shown(value) and key not in ("turn", "phase", "game", "players", "result"):
            yield f"{key}: {_scalar(value)}"
    for key, value in rules.items():
        pieces = [v for v in value.values() if isinstance(v, dict) and "id" in v] if isinstance(value, dict) else []
        if not pieces:
            continue
        for side in dict.fromkeys(str(p.get("side", "")) for p in pieces):
            yield f"{key}" + (f" of {side}" if side else "") + ":"
            yield from ("  " + _piece(p) for p in pieces if str(p.get("side", "")) == side)


def _shown(value: Any) -> bool:
    """A plain value worth a line: set, and short (not a table, a map or a long list)."""
    if isinstance(value, list):
        return 0 < len(value) <= 12 and all(isinstance(v, (str, int, float)) for v in value)
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and value not in ("", 0) or value is True


def _scalar(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else "yes" if value is True else str(value)


def _piece(piece: dict[str, Any]) -> str:
    said = [f"{k} {_scalar(v)}" if v is not True else k for k, v in piece.items()
            if k not in ("id", "side") and _shown(v)]
    return f"{piece['id']}: " + ", ".join(said)


# -- verify, audit ------------------------------------------------------------------

def revealed(report: Report) -> str:
    """What status says too, once the whole log is read: a reveal of epoch k reveals every epoch below it."""
    committed = report.ok and report.context is not None and report.context.created.dice.mode == "committed"
    return f"; dice secrets revealed through epoch {report.revealed_through}" if committed else ""


def verified_data(report: Report) -> dict[str, Any]:
    return {
        "ok": report.ok, "game": report.game, "ruleset": report.ruleset, "events": report.events,
        "head": f"{report.head[0]}:{report.head[1]}", "rolls": dict(report.rolls),
        "revealed_through": report.revealed_through,
        "heads_checked": [f"{s}:{p}" for s, p in report.heads_checked],
        "rulings": [{"seq": s, "decision": d, "reason": r} for s, d, r in report.rulings],
        "problems": [{"seq": p.seq, "kind": p.kind, "message": p.message} for p in report.problems],
    }


def verified(report: Report) -> Iterator[str]:
    for problem in report.problems:
        yield f"FAIL {problem.message}"
    r = report.rolls
    yield (f"{'OK' if report.ok else 'FAILED'}: {report.events} events of {report.game or '?'} ({report.ruleset or '?'}); "
           f"head #{report.head[0]} {report.head[1][:16]}")
    yield (f"rolls: {r['verified']} verified, {r['unrevealed']} not yet revealed, {r['reported']} reported"
           + (f", {r['mismatched']} MISMATCHED" if r["mismatched"] else "")
           + (f", {r['off-chain']} OUTSIDE THE COMMITTED CHAIN" if r["off-chain"] else "") + revealed(report))
    for s, prefix in report.heads_checked:
        kept = not any(x.seq == s and x.kind == "head" for x in report.problems)
        yield f"kept head {s}:{prefix} {'matches' if kept else 'DOES NOT MATCH'}"
    for s, d, why in report.rulings:
        yield f"ruling at #{s}: {d} (reason: {why})"


def audited_data(result: Audit, rolls: list[dict[str, Any]]) -> dict[str, Any]:
    return {"ok": result.report.ok, "rolls": rolls, "luck": [r.__dict__ for r in result.rows()],
            "revealed_through": result.report.revealed_through,
            "problems": [p.message for p in result.report.problems]}


def audited(result: Audit) -> Iterator[str]:
    """The luck table and the verdicts' count, after the rolls (printed as they are met)."""
    yield ""
    yield f"{'player':<12} {'die':<6} {'dice':>7} {'mean':>7} {'expect':>7} {'z':>6} {'p':>6}"
    for r in result.rows():
        yield f"{r.player:<12} {r.die:<6} {r.dice:>7} {r.mean:>7.3f} {r.expected:>7.3f} {r.z:>6.2f} {r.p:>6.3f}"
    c = result.report.rolls
    yield (f"{c['verified']} verified, {c['mismatched']} mismatched, {c['unrevealed']} not yet revealed, "
           f"{c['reported']} reported" + (f", {c['off-chain']} outside the committed chain" if c["off-chain"] else "")
           + revealed(result.report))
    for p in result.report.problems:
        yield f"FAIL {p.message}"


# -- the game systems -----------------------------------------------------------------

def rulesets_data(found: list[Ruleset[Any]]) -> list[dict[str, Any]]:
    return [{
        "name": rs.name, "title": rs.title, "source": rs.source,
        "scenarios": {k: {"title": s.title, "source": s.source} for k, s in rs.scenarios.items()},
        "options": rs.options,
        "tables": {k: {"source": v.get("source", ""), "provisional": bool(v.get("provisional", False))}
                   for k, v in rs.tables.items() if isinstance(v, dict)},
    } for rs in found]


def rulesets(found: list[Ruleset[Any]]) -> Iterator[str]:
    for rs, d in zip(found, rulesets_data(found)):
        yield f"{d['name']}: {d['title']}\n  rules: {d['source']}"
        yield from (f"  scenario {k}: {s['title']}" for k, s in d["scenarios"].items())
        if rs.check_scenario is not None:
            yield f"  scenario of your own: `adjudicator scenario --ruleset {rs.name} --template` prints one to start from"
        yield from (f"  option {k}: {v}" for k, v in d["options"].items())
        yield from (f"  table {k}: {'PROVISIONAL, ' if t['provisional'] else ''}{t['source']}" for k, t in d["tables"].items())


def notation(rs: Ruleset[Any], engine_verbs: tuple[Any, ...]) -> Iterator[str]:
    """The post notation of a game system: every verb with what it does, its own then the engine's."""
    yield f"{rs.name}: {rs.title}"
    yield ""
    yield ("A post is plain text, one action a line; verbs are case-insensitive and `#` starts a comment. "
           "`after SEQ HASH` first names the head the post was written against; `end` stops reading.")
    if rs.words:
        yield f"In {rs.name}, {rs.words}."
    yield ""
    yield f"{rs.name}'s own verbs:"
    yield from (f"  {verb.help}" + (f" (e.g. {rs.examples[verb.words]})" if verb.words in rs.examples else "")
                for verb in rs.verbs)
    yield ""
    yield "every game's verbs:"
    yield from (f"  {verb.help}" for verb in engine_verbs)
    yield "  rolled FACES (under an action, in a game rolled with real dice): the faces of its rolls, in order"
    if rs.check_scenario is not None:
        yield ""
        yield f"a battle of your own: {OWN_BATTLE.format(rs.name)}"


OWN_BATTLE = ("`adjudicator scenario --ruleset {0} --template > mine.toml`, edit it, then `adjudicator new GAME.db "
              "--ruleset {0} --scenario mine.toml ...` (README: \"Set up your own battle\")")


def tables(rs: Ruleset[Any]) -> Iterator[str]:
    for name, table in rs.tables.items():
        if isinstance(table, dict):
            mark = "PROVISIONAL (ours)" if table.get("provisional") else "from the rules"
            yield f"{name}: {mark}; source: {table.get('source', '?')}"
