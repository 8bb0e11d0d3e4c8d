"""The post notation of `brigade`: one verb per action, parsed and printed back."""

from __future__ import annotations

import re
from collections.abc import Callable

from events import brigade as ev
from events.core import Action
from adjudicator.dice import parse_expr
from adjudicator.i18n import Msg, N_
from adjudicator.localize import Form
from adjudicator.ruleset import Verb, usage
from adjudicator.rulesets.brigade.orders import parse_order
from adjudicator.rulesets.brigade.state import Order

NAME = "brigade"
Parse = Callable[[str, str, tuple[str, ...]], Action]
_FROM = re.compile(r"\s+from\s+(\d+)\s*$", re.IGNORECASE)


def _none(words: str, form: str) -> None:
    if words.strip():
        raise usage(NAME, form)


def _split_from(args: str) -> tuple[str, int]:
    m = _FROM.search(args)
    if not m:
        return args, 0
    if len(m.group(1)) > 12:
        raise ValueError(Msg("from {seq}: no game has that many events", seq=m.group(1)))
    return args[: m.start()], int(m.group(1))


def _from_text(seq: int) -> str:
    return f" from {seq}" if seq else ""


def _order_args(args: str, form: str) -> tuple[str, Order]:
    words = args.split()
    if len(words) < 3 or words[1].lower() != "to":
        raise usage(NAME, form)
    return words[0].lower(), parse_order(words[2:])


def _giving(kind: type[ev.OrderGiven], form: str) -> Parse:
    """The parser of `WORDS BRIGADE to ORDER [OBJECTIVE] [FLANK]` for an action that gives an order."""
    def parse(args: str, actor: str, body: tuple[str, ...]) -> ev.OrderGiven:
        brigade, o = _order_args(args, form)
        return kind(brigade=brigade, order=o.kind, objective=o.objective, flank=o.flank)

    return parse


def _order_text(a: ev.OrderGiven) -> str:
    return " ".join(p for p in (a.order, a.objective, a.flank) if p)


def _auto(args: str, actor: str, body: tuple[str, ...]) -> ev.AutomaticOrder:
    head, sep, reason = args.partition(" because ")
    words = head.split()
    if not sep or len(words) < 2 or not reason.strip():
        raise usage(NAME, "automatic BRIGADE ORDER [OBJECTIVE] because REASON",
                    Form(NAME, "repulsed, cavalry-threat, attack-again, supported-broken"))
    o = parse_order(words[1:])
    return ev.AutomaticOrder(brigade=words[0].lower(), order=o.kind, objective=o.objective, reason=reason.strip().lower())


def _coord(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ValueError(Msg("{text!r} is not a number of inches", text=text)) from None
    if v != v or v in (float("inf"), float("-inf")):
        raise ValueError(Msg("{text!r} is not a number of inches", text=text))
    return round(v, 2)


def _move(args: str, actor: str, body: tuple[str, ...]) -> ev.Move:
    words = args.replace(",", " ").split()
    if len(words) != 4 or words[1].lower() != "to":
        raise usage(NAME, "move PIECE to X,Y", Msg("inches from the table's lower left corner"))
    return ev.Move(piece=words[0].lower(), x=_coord(words[2]), y=_coord(words[3]))


def _charge(args: str, actor: str, body: tuple[str, ...]) -> ev.Charge:
    words = [w.lower() for w in args.split()]
    by_cinc = words[-2:] == ["by", "cinc"]
    if by_cinc:
        words = words[:-2]
    kind = "charge"
    if words and words[-1] in ("counter", "opportunity"):
        kind = words.pop()
    if len(words) != 3 or words[1] != "at":
        raise usage(NAME, "charge UNIT at TARGET [counter|opportunity] [by cinc]")
    return ev.Charge(unit=words[0], target=words[2], kind=kind, by_cinc=by_cinc)


def _charge_text(a: ev.Charge) -> str:
    return (f"charge {a.unit} at {a.target}" + ("" if a.kind == "charge" else f" {a.kind}")
            + (" by cinc" if a.by_cinc else ""))


def _fire(args: str, actor: str, body: tuple[str, ...]) -> ev.Fire:
    words = [w.lower() for w in args.split()]
    if len(words) != 3 or words[1] != "at":
        raise usage(NAME, "fire UNIT at TARGET")
    return ev.Fire(unit=words[0], target=words[2])


def _roll(args: str, actor: str, body: tuple[str, ...]) -> ev.RollFor:
    expr, sep, rest = args.partition(" for ")
    words = rest.split()
    if not sep or len(words) < 2:
        raise usage(NAME, "roll EXPR for UNIT PURPOSE", Msg("e.g. {example}", example=Form(NAME, "roll 2d6 for b45 morale")))
    return ev.RollFor(expr=str(parse_expr(expr)), unit=words[0].lower(), purpose=" ".join(words[1:]))


def _two(args: str, form: str) -> tuple[str, str, int]:
    rest, seq = _split_from(args)
    words = rest.split()
    if len(words) != 2:
        raise usage(NAME, form)
    return words[0].lower(), words[1].lower(), seq


def _casualties(args: str, actor: str, body: tuple[str, ...]) -> ev.Casualties:
    unit, n, seq = _two(args, "casualties UNIT N [from SEQ]")
    if not n.isdigit() or len(n) > 6:
        raise ValueError(Msg("{n!r} is not a number of figures", n=n))
    return ev.Casualties(unit=unit, count=int(n), roll_seq=seq)


def _status(args: str, actor: str, body: tuple[str, ...]) -> ev.UnitStatus:
    unit, status, seq = _two(args, "status UNIT STATUS [from SEQ]")
    return ev.UnitStatus(unit=unit, status=status, roll_seq=seq)


def _brigade(args: str, actor: str, body: tuple[str, ...]) -> ev.BrigadeMorale:
    b, result, seq = _two(args, "brigade BRIGADE steady|broken|mass-panic [from SEQ]")
    return ev.BrigadeMorale(brigade=b, result=result, roll_seq=seq)


def _general(args: str, actor: str, body: tuple[str, ...]) -> ev.GeneralFate:
    g, fate, seq = _two(args, "general GENERAL wounded|lost|present [from SEQ]")
    return ev.GeneralFate(general=g, fate=fate, roll_seq=seq)


def _control(args: str, actor: str, body: tuple[str, ...]) -> ev.Control:
    words = [w.lower() for w in args.split()]
    if len(words) != 2:
        raise usage(NAME, "control PLACE SIDE|none")
    return ev.Control(place=words[0], side=words[1])


def _taken(args: str, actor: str, body: tuple[str, ...]) -> ev.ObjectiveTaken:
    words = args.split()
    if len(words) != 1:
        raise usage(NAME, "objective taken BRIGADE")
    return ev.ObjectiveTaken(brigade=words[0].lower())


def _bare(action: Action, form: str) -> Parse:
    def parse(args: str, actor: str, body: tuple[str, ...]) -> Action:
        _none(args, form)
        return action

    return parse


def _choose(take: bool) -> Parse:
    def parse(args: str, actor: str, body: tuple[str, ...]) -> ev.ChooseInitiative:
        _none(args, "take initiative" if take else "give initiative")
        return ev.ChooseInitiative(take=take)

    return parse


def _standing(args: str, actor: str, body: tuple[str, ...]) -> ev.Standing:
    words = args.lower().split()
    if len(words) != 2:
        raise usage(NAME, "standing KIND MODE", Msg("e.g. {example}", example=Form(NAME, "standing fire always")))
    return ev.Standing(kind=words[0], mode=words[1])


VERBS = (
    Verb("roll skills", ev.RollSkills, _bare(ev.RollSkills(), "roll skills"), lambda a: "roll skills",
         "roll skills: 1d6 per general whose skill the game generates (§5.2, §5.3)"),
    Verb("roll initiative", ev.RollInitiative, _bare(ev.RollInitiative(), "roll initiative"), lambda a: "roll initiative",
         "roll initiative: both sides roll 2D6 with their modifiers (§4.1)"),
    Verb("take initiative", ev.ChooseInitiative, _choose(True),
         lambda a: "take initiative" if a.take else "give initiative", "take initiative: the winner moves first (§4.1)"),
    Verb("give initiative", ev.ChooseInitiative, _choose(False),
         lambda a: "take initiative" if a.take else "give initiative",
         "give initiative: the winner hands the initiative to the opponent (§4.1)"),
    Verb("change order", ev.ChangeOrder, _giving(ev.ChangeOrder, "change order BRIGADE to ORDER [OBJECTIVE] [FLANK]"),
         lambda a: f"change order {a.brigade} to {_order_text(a)}",
         "change order BRIGADE to ORDER [OBJECTIVE] [FLANK]: the CinC's one change this turn (§5.12)"),
    Verb("brigadier initiative", ev.BrigadierInitiative,
         _giving(ev.BrigadierInitiative, "brigadier initiative BRIGADE to ORDER [OBJECTIVE] [FLANK]"),
         lambda a: f"brigadier initiative {a.brigade} to {_order_text(a)}",
         "brigadier initiative BRIGADE to ORDER [OBJECTIVE] [FLANK]: one per side per turn (§4.2)"),
    Verb("automatic", ev.AutomaticOrder, _auto,
         lambda a: f"automatic {a.brigade} {' '.join(p for p in (a.order, a.objective) if p)} because {a.reason}",
         "automatic BRIGADE ORDER [OBJECTIVE] because REASON: an automatic option (§5.6, §5.8)"),
    Verb("set order", ev.SetOrder, _giving(ev.SetOrder, "set order BRIGADE to ORDER [OBJECTIVE] [FLANK]"),
         lambda a: f"set order {a.brigade} to {_order_text(a)}",
         "set order BRIGADE to ORDER [OBJECTIVE] [FLANK]: the referee corrects an order"),
    Verb("done", ev.Done, _bare(ev.Done(), "done"), lambda a: "done", "done: your step of the turn is finished"),
    Verb("move", ev.Move, _move, lambda a: f"move {a.piece} to {a.x:g},{a.y:g}", "move PIECE to X,Y: a unit or general to a point, in inches from the table's lower left corner (§4.5)"),
    Verb("charge", ev.Charge, _charge, _charge_text,
         "charge UNIT at TARGET [counter|opportunity] [by cinc]: a charge declaration (§4.4)"),
    Verb("fire", ev.Fire, _fire, lambda a: f"fire {a.unit} at {a.target}", "fire UNIT at TARGET: a unit fires at an enemy unit (§4.6)"),
    Verb("roll", ev.RollFor, _roll, lambda a: f"roll {a.expr} for {a.unit} {a.purpose}",
         "roll EXPR for UNIT PURPOSE: a roll for melee or morale, kept for the referee's result"),
    Verb("casualties", ev.Casualties, _casualties, lambda a: f"casualties {a.unit} {a.count}{_from_text(a.roll_seq)}",
         "casualties UNIT N [from SEQ]: referee: figures (guns) lost"),
    Verb("status", ev.UnitStatus, _status, lambda a: f"status {a.unit} {a.status}{_from_text(a.roll_seq)}",
         "status UNIT formed|disordered|wavering|retreating|routed|pursuing|dispersed|removed [from SEQ]: referee"),
    Verb("brigade", ev.BrigadeMorale, _brigade, lambda a: f"brigade {a.brigade} {a.result}{_from_text(a.roll_seq)}",
         "brigade BRIGADE steady|broken|mass-panic [from SEQ]: referee: brigade morale (§4.8)"),
    Verb("general", ev.GeneralFate, _general, lambda a: f"general {a.general} {a.fate}{_from_text(a.roll_seq)}",
         "general GENERAL wounded|lost|present [from SEQ]: referee"),
    Verb("control", ev.Control, _control, lambda a: f"control {a.place} {a.side}",
         "control PLACE SIDE|none: referee: who holds a place now"),
    Verb("objective taken", ev.ObjectiveTaken, _taken, lambda a: f"objective taken {a.brigade}",
         "objective taken BRIGADE: referee: an Attack brigade took its objective (§5.6)"),
    Verb("standing", ev.Standing, _standing, lambda a: f"standing {a.kind} {a.mode}",
         "standing KIND MODE: let the engine decide for your side when it comes up, and say so: "
         "initiative-roll ask|auto (roll it as each turn begins), initiative ask|take|give, "
         "command ask|pass (no order change, no brigadier's initiative), compulsory ask|auto (retreats, routs, "
         "pursuits and broken brigades' moves, R33), counter-charge ask|always|never (as non-phasing player, "
         "counter-charges only, by the units charged, R29), fire ask|always|never (every unit that may, at the nearest enemy unit)"),
)


WORDS = N_("a position is X,Y in inches from the table's corner (11.09,24.06); unit, general, brigade and place ids "
         "are those the map and `adjudicator replay GAME` show; `from SEQ` names the event whose roll a result answers")

# One line of each verb as a post writes it (`adjudicator help brigade`; a test parses each back to its verb).
EXAMPLES = {
    "roll skills": "roll skills", "roll initiative": "roll initiative", "take initiative": "take initiative",
    "give initiative": "give initiative", "change order": "change order lemarchant to engage chemineau",
    "brigadier initiative": "brigadier initiative thomieres to engage stopford",
    "automatic": "automatic kempt hold because repulsed", "set order": "set order pack to attack ventosa",
    "done": "done", "move": "move f6l to 11.09,24.06", "charge": "charge f6l at b3d",
    "fire": "fire f6l at b3d", "roll": "roll 2d6 for b40 morale", "casualties": "casualties b88 4 from 71",
    "status": "status b3d retreating from 72", "brigade": "brigade curto broken", "general": "general kempt-g wounded from 80",
    "control": "control ventosa french", "objective taken": "objective taken pack", "standing": "standing fire always",
}
