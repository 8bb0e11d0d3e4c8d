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
from adjudicator.ruleset import Ruleset, help_parts
from adjudicator.verify import Report
from adjudicator import localize
from adjudicator.i18n import _, Msg, ngettext


def as_json(data: object) -> str:
    return msgspec.json.format(msgspec.json.encode(data), indent=2).decode()


# -- new, status ----------------------------------------------------------------------

def created(posted: Posted, db: Path, secret_file: Path) -> Iterator[str]:
    c = posted.game.created
    players = ", ".join(localize.side(c.ruleset, p) for p in c.players)
    options = _(", options {options}").format(options=", ".join(c.options)) if c.options else ""
    if c.scenario:
        yield _("new {ruleset} game {game!r} in {db}: players {players}, scenario {scenario}").format(
            ruleset=c.ruleset, game=c.game, db=db, players=players, scenario=c.scenario) + options
    else:
        yield _("new {ruleset} game {game!r} in {db}: players {players}").format(ruleset=c.ruleset, game=c.game, db=db,
                                                                                players=players) + options
    yield _("head #{seq} {hash}").format(seq=posted.head[0], hash=posted.head[1][:16])
    if c.dice.mode == "committed":
        yield _("dice secret: {path} (owner-only). Keep it; never send it. The database and its exports can go to anyone. "
                "If the secret is lost, rolls not yet revealed can never be audited.").format(path=secret_file)
        yield _("dice anchor s_0 = {anchor} ({epochs} epochs)").format(anchor=c.dice.anchor, epochs=c.dice.epochs)
    else:
        yield _("dice: reported; players roll real dice and post the faces with `rolled`.")
    for b in posted.built[1:]:  # in the notation, so that `thread import` can register them again
        yield _("{player}'s posts are signed with the key registered by:").format(player=b.event.action.player)
        yield f"key {b.event.action.player} {b.event.action.key}"
    from adjudicator.report import receipt

    yield receipt(c.game, 1, posted.head)


def status(st: Status, where: Path) -> Iterator[str]:
    seq, _sep, head = st.head.partition(":")
    name = st.ruleset
    yield f"{st.game} · {localize.title(name, st.title)}" + (f" · {st.scenario}" if st.scenario else "")
    yield _("turn {turn} · phase {phase} · head #{seq} "
            "{hash}").format(turn=st.turn, phase=localize.phase(name, st.phase), seq=seq,
                                                                     hash=head[:16])
    if st.dice == "committed":
        to_reveal = st.closed_epoch - st.revealed_through
        dice = _("dice: every epoch closed (game over)") if st.ended else _("dice: epoch {epoch} open").format(epoch=st.epoch)
        dice += _("; revealed through {epoch}").format(epoch=st.revealed_through)
        if to_reveal > 0:
            dice += ngettext(" ({count} closed epoch(s) to reveal: adjudicator reveal {path})",
                             " ({count} closed epoch(s) to reveal: adjudicator reveal {path})", to_reveal).format(
                count=to_reveal, path=where)
        yield dice
        missing = [localize.side(name, p) for p in st.players if p not in st.seeds]
        if not st.rolled and missing:
            yield _("client seeds still welcome before the first roll: {players} (adjudicator "
                    "join)").format(players=", ".join(missing))
    else:
        yield _("dice: reported")
    if st.signing:
        yield _("signed posts: {players} (a registered key each: adjudicator sign)").format(players=", ".join(st.signing))
    for label, side in st.sealed.items():
        yield _("sealed orders {label!r} from {side}, not yet revealed").format(label=label, side=localize.side(name, side))
    if st.ended:
        yield _("game over: {result}").format(result=localize.result(name, st.ended))
    for a in st.awaiting:
        said = a.__dict__.get("said")
        decision = said.text() if isinstance(said, Msg) else _(a.decision)
        yield _("awaiting {side}: {decision}").format(side=localize.side(name, a.side), decision=localize.line(name, decision))


def options(choices: list[Choices], where: Path) -> Iterator[str]:
    """What each side may post, in the notation of the reader's language (a Russian reader gets the
    Russian forms, which the game reads as well as the English ones)."""
    for c in choices:
        side = localize.side(c.ruleset, c.side)
        if c.lines or not c.seal_sets:
            yield _("{side} may post:").format(side=side)
            yield from ("  " + localize.action(c.ruleset, line) for line in c.lines)
        if c.seal_sets:
            yield _("{side} may seal its orders now, for instance one of these sets (one order a line in a file ORDERS; "
                    "`;` here ends a line):").format(side=side)
            yield from ("  " + "; ".join(localize.words(c.ruleset, line) for line in s) for s in c.seal_sets)
            yield "  " + _("then: adjudicator seal {path} ORDERS --as {side} --label turn{turn}-{side}, and post the `seal` line it "
                           "prints").format(path=where, side=c.side, turn=c.turn)


def replay(game: Game, state: Any) -> Iterator[str]:
    """The position in a few lines a person reads: where the game is, then every piece of every side
    (anything in the state with an id and a side), a line each with what is set on it. The whole
    state, defaults and tables included, is `replay --json`'s."""
    rs = game.ruleset
    rules = msgspec.to_builtins(state.rules)
    yield _("{game} after #{seq} {hash}: turn {turn}, phase {phase}").format(
        game=state.core.game, seq=state.core.seq, hash=state.core.head[:16], turn=rs.turn(state.rules),
        phase=localize.phase(rs.name, rs.phase(state.rules)))
    if state.core.ended:
        yield _("game over: {result}").format(result=localize.result(rs.name, state.core.ended))
    for awaited in () if state.core.ended else rs.awaiting(state.rules):
        yield _("awaiting {side}: {decision}").format(side=localize.side(rs.name, awaited.side),
                                                      decision=localize.line(rs.name, awaited.said().text()))
    name = _Names(rs.name, game.created.scenario)
    for key, value in rules.items():
        if _shown(value) and key not in ("turn", "phase", "game", "players", "result"):
            yield f"{name.field(key)}: {name.value(key, value)}"
    for key, value in rules.items():
        pieces = [v for v in value.values() if isinstance(v, dict) and "id" in v] if isinstance(value, dict) else []
        if not pieces:
            continue
        for side in dict.fromkeys(str(p.get("side", "")) for p in pieces):
            yield (_("{pieces} of {side}:").format(pieces=name.field(key), side=localize.side(rs.name, side)) if side
                   else f"{name.field(key)}:")
            yield from ("  " + _piece(p, name) for p in pieces if str(p.get("side", "")) == side)


# the state's members that hold a side, in every ruleset
_SIDE_FIELDS = frozenset({"first", "to_play", "phasing", "initiative_winner", "holder", "start_holder"})


class _Names:
    """The names `replay` gives the state's members and their values: as they are in English; for a
    Russian reader, by the ruleset's russian.FIELDS and VALUES (ids, places and numbers as they are)."""

    def __init__(self, ruleset: str, scenario: str):
        self.ruleset, self.scenario = ruleset, scenario

    def field(self, key: str) -> str:
        return localize.own(self.ruleset, "FIELDS", key, key)

    def value(self, key: str, value: Any) -> str:
        shown = _scalar(value)
        if localize.language() == "en" or not isinstance(value, str):
            return shown
        if key == "title":
            return localize.scenario_title(self.ruleset, self.scenario, value)
        if key in _SIDE_FIELDS:
            return localize.side(self.ruleset, value)
        return localize.own(self.ruleset, "VALUES", value, value)


def _shown(value: Any) -> bool:
    """A plain value worth a line: set, and short (not a table, a map or a long list)."""
    if isinstance(value, list):
        return 0 < len(value) <= 12 and all(isinstance(v, (str, int, float)) for v in value)
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and value not in ("", 0) or value is True


def _scalar(value: Any) -> str:
    return " ".join(str(v) for v in value) if isinstance(value, list) else _("yes") if value is True else str(value)


def _piece(piece: dict[str, Any], name: _Names) -> str:
    said = [f"{name.field(k)} {name.value(k, v)}" if v is not True else name.field(k) for k, v in piece.items()
            if k not in ("id", "side") and _shown(v)]
    return f"{piece['id']}: " + ", ".join(said)


# -- verify, audit ------------------------------------------------------------------

def revealed(report: Report) -> str:
    """What status says too, once the whole log is read: a reveal of epoch k reveals every epoch below it."""
    committed = report.ok and report.context is not None and report.context.created.dice.mode == "committed"
    return _("; dice secrets revealed through epoch {epoch}").format(epoch=report.revealed_through) if committed else ""


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
        yield _("FAIL {message}").format(message=problem.message)
    r = report.rolls
    verdict = _("OK") if report.ok else _("FAILED")
    yield _("{verdict}: {events} events of {game} ({ruleset}); head #{seq} {hash}").format(
        verdict=verdict, events=report.events, game=report.game or "?", ruleset=report.ruleset or "?", seq=report.head[0],
        hash=report.head[1][:16])
    yield (_("rolls: {verified} verified, {unrevealed} not yet revealed, {reported} reported").format(
        verified=r["verified"], unrevealed=r["unrevealed"], reported=r["reported"])
           + (_(", {count} MISMATCHED").format(count=r["mismatched"]) if r["mismatched"] else "")
           + (_(", {count} OUTSIDE THE COMMITTED "
                "CHAIN").format(count=r["off-chain"]) if r["off-chain"] else "") + revealed(report))
    for s, prefix in report.heads_checked:
        kept = not any(x.seq == s and x.kind == "head" for x in report.problems)
        yield (_("kept head {seq}:{prefix} matches") if kept else _("kept head {seq}:{prefix} DOES NOT MATCH")).format(
            seq=s, prefix=prefix)
    for s, d, why in report.rulings:
        yield _("ruling at #{seq}: {decision} (reason: {reason})").format(seq=s, decision=d, reason=why)


def audited_data(result: Audit, rolls: list[dict[str, Any]]) -> dict[str, Any]:
    return {"ok": result.report.ok, "rolls": rolls, "luck": [r.__dict__ for r in result.rows()],
            "revealed_through": result.report.revealed_through,
            "problems": [p.message for p in result.report.problems]}


def audited(result: Audit) -> Iterator[str]:
    """The luck table and the verdicts' count, after the rolls (printed as they are met)."""
    yield ""
    yield f"{_('player'):<12} {_('die'):<6} {_('dice'):>7} {_('mean'):>7} {_('expect'):>7} {'z':>6} {'p':>6}"
    for r in result.rows():
        yield f"{r.player:<12} {r.die:<6} {r.dice:>7} {r.mean:>7.3f} {r.expected:>7.3f} {r.z:>6.2f} {r.p:>6.3f}"
    c = result.report.rolls
    yield (_("{verified} verified, {mismatched} mismatched, {unrevealed} not yet revealed, {reported} reported").format(
        verified=c["verified"], mismatched=c["mismatched"], unrevealed=c["unrevealed"], reported=c["reported"])
           + (_(", {count} outside the committed chain").format(count=c["off-chain"]) if c["off-chain"] else "")
           + revealed(result.report))
    for p in result.report.problems:
        yield _("FAIL {message}").format(message=p.message)


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
        yield (f"{d['name']}: {localize.title(rs.name, d['title'])}\n  "
               + _("rules: {source}").format(source=localize.own(rs.name, "SOURCE", d["source"])))
        yield from ("  " + _("scenario {name}: {title}").format(name=k, title=localize.scenario_title(rs.name, k, s["title"]))
                    for k, s in d["scenarios"].items())
        if rs.check_scenario is not None:
            yield "  " + _("scenario of your own: `adjudicator scenario --ruleset {ruleset} --template` prints one to "
                           "start from").format(ruleset=rs.name)
        yield from ("  " + _("option {name}: {value}").format(name=k, value=localize.own(rs.name, "OPTIONS", v, k))
                    for k, v in d["options"].items())
        yield from ("  " + (_("table {name}: PROVISIONAL, {source}") if t["provisional"] else _("table {name}: {source}"))
                    .format(name=k, source=localize.own(rs.name, "TABLES", t["source"], k)) for k, t in d["tables"].items())


def _verb_help(ruleset: str, verb: Any, example: str = "") -> str:
    """A verb's line of help, `FORM: WHAT IT DOES`, and an example, in the reader's language: the form
    and the example in the notation's Russian words, what it does from the catalogue."""
    form, what = help_parts(verb.help)
    if localize.language() == "en":
        return f"  {verb.help}" + (f" (e.g. {example})" if example else "")
    line = f"  {localize.form(ruleset, form)}: {localize.line(ruleset, _(what))}"
    return line + (_(" (e.g. {example})").format(example=localize.action(ruleset, example)) if example else "")


def notation(rs: Ruleset[Any], engine_verbs: tuple[Any, ...]) -> Iterator[str]:
    """The post notation of a game system: every verb with what it does, its own then the engine's."""
    yield f"{rs.name}: {localize.title(rs.name, rs.title)}"
    yield ""
    yield _("A post is plain text, one action a line; verbs are case-insensitive and `#` starts a comment. "
            "`after SEQ HASH` first names the head the post was written against; `end` stops reading.")
    if rs.words:
        yield _("In {ruleset}, {words}.").format(ruleset=rs.name, words=localize.line(rs.name, _(rs.words)))
    yield ""
    yield _("{ruleset}'s own verbs:").format(ruleset=rs.name)
    yield from (_verb_help(rs.name, verb, rs.examples.get(verb.words, "")) for verb in rs.verbs)
    yield ""
    yield _("every game's verbs:")
    yield from (_verb_help(rs.name, verb) for verb in engine_verbs)
    yield "  " + _("rolled FACES (under an action, in a game rolled with real dice): the faces of its rolls, in order")
    if localize.language() == "ru":
        yield ""
        yield _("the Russian forms of the fixed words (a post may mix both): {words}").format(
            words=", ".join(f"{en} = {ru}" for en, ru in localize.fixed_words(rs.name).items()))
        yield _("every verb and word is also read in English: `adjudicator --lang en help {ruleset}`").format(
            ruleset=rs.name)
    if rs.check_scenario is not None:
        yield ""
        yield _("a battle of your own: `adjudicator scenario --ruleset {ruleset} --template > mine.toml`, edit it, then "
                "`adjudicator new GAME.db --ruleset {ruleset} --scenario mine.toml ...` (README: \"Set up your own "
                "battle\")").format(ruleset=rs.name)


def tables(rs: Ruleset[Any]) -> Iterator[str]:
    for name, table in rs.tables.items():
        if isinstance(table, dict):
            mark = _("PROVISIONAL (ours)") if table.get("provisional") else _("from the rules")
            source = localize.own(rs.name, "TABLES", table.get("source", "?"), name)
            yield _("{name}: {mark}; source: {source}").format(name=name, mark=mark, source=source)
