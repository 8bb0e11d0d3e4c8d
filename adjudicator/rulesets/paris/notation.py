"""The post notation of `paris`: one action a line, as a player writes it on a forum."""

from __future__ import annotations

from collections.abc import Callable

from events.core import Action
from events.paris import (Activate, Adjutant, Advance, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move,
                          NoAdvance, NoPreempt, Pass, Preempt, Rally, React, Reactivate, Retreat, Standing, Turn)
from adjudicator.i18n import Msg, N_
from adjudicator.localize import Form, Word
from adjudicator.ruleset import Verb, usage
from adjudicator.rulesets.paris import hexgrid


NAME = "paris"


def _words(args: str, n: int, form: str, note: Msg | None = None) -> list[str]:
    parts = args.lower().split()
    if len(parts) != n:
        raise usage(NAME, form, note)
    return parts


def _bare(form: str, action: type[Action]) -> Callable[[str, str, tuple[str, ...]], Action]:
    """The parser of a verb that takes nothing after it."""
    def parse(args: str, actor: str, body: tuple[str, ...]) -> Action:
        if args.strip():
            raise ValueError(Msg("`{form}` takes nothing after it", form=Form(NAME, form)))
        return action()

    return parse


def _hexes(parts: list[str]) -> tuple[str, ...]:
    for h in parts:
        hexgrid.parse_hex(h)
    return tuple(parts)


def _unit_path(args: str, form: str, note: Msg) -> tuple[str, tuple[str, ...]]:
    """`UNIT HEX [HEX...]`, the hexes written with spaces, commas or arrows between them."""
    parts = args.lower().replace("→", " ").replace("->", " ").replace(",", " ").split()
    if len(parts) < 2:
        raise usage(NAME, form, note)
    return parts[0], _hexes(parts[1:])


def _move(args: str, actor: str, body: tuple[str, ...]) -> Move:
    unit, path = _unit_path(args, "move UNIT HEX [HEX...]", Msg("the hexes entered one after the other"))
    return Move(unit=unit, path=path)


def _turn(args: str, actor: str, body: tuple[str, ...]) -> Turn:
    unit, facing = _words(args, 2, "turn UNIT FACING", Msg("{facing}: {facings}", facing=Form(NAME, "FACING"),
                                                           facings=Form(NAME, "N, NE, SE, S, SW, NW")))
    hexgrid.parse_facing(facing)
    return Turn(unit=unit, facing=facing.upper())


def _fire(args: str, actor: str, body: tuple[str, ...]) -> Fire:
    parts = args.lower().split()
    form = "fire UNIT at TARGET [+1|+2] [left|right]"
    if len(parts) < 3 or parts[1] != "at":
        raise usage(NAME, form)
    extra, side = "", ""
    for p in parts[3:]:
        if p in ("+1", "+2", "+0"):
            if extra:
                raise ValueError(Msg("the extra MP for the die are given twice ({first} and {second}): write one, +1 "
                                     "or +2 (§10.3: up to 2 extra MP, +1 each)", first=extra, second=p))
            extra = p
        elif p in ("left", "right"):
            if side:
                raise ValueError(Msg("the side of the edge is given twice ({first} and {second}): write one, {left} or "
                                     "{right} (§10.5)", first=Word(NAME, side), second=Word(NAME, p),
                                     left=Word(NAME, "left"), right=Word(NAME, "right")))
            side = p
        else:
            raise ValueError(Msg("{word!r} is not a fire modifier; usage: {form}", word=p, form=Form(NAME, form)))
    return Fire(unit=parts[0], target=parts[2], extra=int(extra or 0), side=side)


def _format_fire(a: Fire) -> str:
    return f"fire {a.unit} at {a.target}" + (f" +{a.extra}" if a.extra else "") + (f" {a.side}" if a.side else "")


def _melee(args: str, actor: str, body: tuple[str, ...]) -> Melee:
    parts = args.lower().replace(",", " ").split()
    if "at" not in parts or parts.index("at") == 0 or len(parts) != parts.index("at") + 2:
        raise usage(NAME, "melee LEAD [SUPPORT...] at TARGET")
    i = parts.index("at")
    return Melee(lead=parts[0], supports=tuple(parts[1:i]), target=parts[i + 1])


def _change(args: str, actor: str, body: tuple[str, ...]) -> ChangeOrder:
    parts = [p for p in args.lower().split() if p != "to"]
    if len(parts) != 2:
        raise usage(NAME, "change order WING to attack|march|rally")
    return ChangeOrder(wing=parts[0], order=parts[1].rstrip("!"))


def _react(args: str, actor: str, body: tuple[str, ...]) -> React:
    parts = args.lower().split()
    form = "react UNIT turn FACING | react UNIT retreat HEX [HEX...]"
    if len(parts) < 3 or parts[1] not in ("turn", "retreat"):
        raise usage(NAME, form)
    if parts[1] == "turn":
        if len(parts) != 3:
            raise usage(NAME, form)
        hexgrid.parse_facing(parts[2])
        return React(unit=parts[0], kind="turn", facing=parts[2].upper())
    return React(unit=parts[0], kind="retreat", path=_hexes(parts[2:]))


def _format_react(a: React) -> str:
    return f"react {a.unit} turn {a.facing}" if a.kind == "turn" else f"react {a.unit} retreat {' '.join(a.path)}"


def _retreat(args: str, actor: str, body: tuple[str, ...]) -> Retreat:
    unit, path = _unit_path(args, "retreat UNIT HEX [HEX...]", Msg("the hexes it retreats through one after the other"))
    return Retreat(unit=unit, path=path)


def _advance(args: str, actor: str, body: tuple[str, ...]) -> Advance:
    parts = args.lower().split()
    if len(parts) not in (1, 2):
        raise usage(NAME, "advance UNIT [FACING]", Msg("{facing}: {facings}; none keeps the facing",
                                                       facing=Form(NAME, "FACING"), facings=Form(NAME, "N, NE, SE, S, SW, NW")))
    if len(parts) == 2:
        hexgrid.parse_facing(parts[1])
    return Advance(unit=parts[0], facing=parts[1].upper() if len(parts) == 2 else "")


def _adjutant(args: str, actor: str, body: tuple[str, ...]) -> Adjutant:
    wing, unit = _words(args, 2, "adjutant WING UNIT", Msg("the wing whose leader fell, the unit the adjutant joins"))
    return Adjutant(wing=wing, unit=unit)


def _standing(args: str, actor: str, body: tuple[str, ...]) -> Standing:
    kind, mode = _words(args, 2, "standing KIND MODE", Msg("e.g. {example}", example=Form(NAME, "standing defensive-fire always")))
    return Standing(kind=kind, mode=mode)


VERBS = (
    Verb("activate", Activate, lambda a, actor, b: Activate(wing=_words(a, 1, "activate WING")[0]),
         lambda x: f"activate {x.wing}", "activate WING: activate one of your wings (§4.2)"),
    Verb("pass", Pass, _bare("pass", Pass), lambda x: "pass",
         "pass: activate nothing now (§3.2)"),
    Verb("preempt", Preempt, lambda a, actor, b: Preempt(wing=_words(a, 1, "preempt WING")[0]),
         lambda x: f"preempt {x.wing}", "preempt WING: try to pre-empt the activation just made (§4.4)"),
    Verb("no preempt", NoPreempt, _bare("no preempt", NoPreempt), lambda x: "no preempt",
         "no preempt: let the activation go ahead (§4.4)"),
    Verb("change order", ChangeOrder, _change, lambda x: f"change order {x.wing} to {x.order}",
         "change order WING to ORDER: try to change the active wing's order (§6.3)"),
    Verb("move", Move, _move, lambda x: f"move {x.unit} {' '.join(x.path)}",
         "move UNIT HEX [HEX...]: enter front hexes one after the other (§8.1); a leader moves the same way"),
    Verb("turn", Turn, _turn, lambda x: f"turn {x.unit} {x.facing}", "turn UNIT FACING: face another vertex (§7)"),
    Verb("fire", Fire, _fire, _format_fire, "fire UNIT at TARGET [+1|+2] [left|right]: offensive or defensive fire (§10)"),
    Verb("rally", Rally, lambda a, actor, b: Rally(unit=_words(a, 1, "rally UNIT")[0]), lambda x: f"rally {x.unit}",
         "rally UNIT: try to regain a morale level (§13)"),
    Verb("melee", Melee, _melee, lambda x: f"melee {' '.join((x.lead,) + x.supports)} at {x.target}",
         "melee LEAD [SUPPORT...] at TARGET: declare a melee (§11.2)"),
    Verb("end moves", EndMoves, _bare("end moves", EndMoves), lambda x: "end moves",
         "end moves: resolve the melees, then decide on re-activation (§3.2 Г-Д)"),
    Verb("end activation", EndActivation, _bare("end activation", EndActivation),
         lambda x: "end activation", "end activation: resolve the melees and finish the wing (§3.2 Е)"),
    Verb("reactivate", Reactivate, _bare("reactivate", Reactivate), lambda x: "reactivate",
         "reactivate: try to activate the wing a second time (§4.3)"),
    Verb("intercept", Intercept, lambda a, actor, b: Intercept(unit=_words(a, 1, "intercept UNIT")[0]),
         lambda x: f"intercept {x.unit}", "intercept UNIT: cavalry tries to intercept the moving unit (§8.3)"),
    Verb("react", React, _react, _format_react,
         "react UNIT turn FACING | retreat HEX...: reaction movement (§8.2); a leader only retreats (§5.2, ruling R41)"),
    Verb("hold", Hold, _bare("hold", Hold), lambda x: "hold",
         "hold: no (further) reaction or reactive melee now"),
    Verb("retreat", Retreat, _retreat, lambda x: f"retreat {x.unit} {' '.join(x.path)}",
         "retreat UNIT HEX [HEX...]: the path of a retreat a melee result calls for (§11.4)"),
    Verb("advance", Advance, _advance, lambda x: f"advance {x.unit}" + (f" {x.facing}" if x.facing else ""),
         "advance UNIT [FACING]: advance into the hex vacated in melee, turning one vertex if FACING is given (§11.4)"),
    Verb("no advance", NoAdvance, _bare("no advance", NoAdvance), lambda x: "no advance",
         "no advance: the defender stays after the attacker's retreat (§11.4)"),
    Verb("standing", Standing, _standing, lambda x: f"standing {x.kind} {x.mode}",
         "standing KIND MODE: preempt ask|never, defensive-fire ask|always|never, intercept ask|always|never, "
         "react ask|never, reactive-melee ask|never, retreat ask|auto, advance ask|always|never, adjutant ask|auto"),
    Verb("adjutant", Adjutant, _adjutant,
         lambda x: f"adjutant {x.wing} {x.unit}",
         "adjutant WING UNIT: place the adjutant of a wing whose leader fell with one of its units (§5.2.2)"),
)


WORDS = N_("a hex is four digits, its row then its place along the row, as on the map (0908; ruling R2); a facing is "
           "a vertex: N NE SE S SW NW; unit, leader and wing ids are those the map and `adjudicator replay GAME` show")

# One line of each verb as a post writes it (`adjudicator help paris`; a test parses each back to its verb).
EXAMPLES = {
    "activate": "activate conde", "pass": "pass", "preempt": "preempt montmorency", "no preempt": "no preempt",
    "change order": "change order coligny to march", "move": "move conde-arq 1008 0908 0809",
    "turn": "turn gendarmerie-2 S", "fire": "fire hug-art-1 at gendarmerie-2 +1 left", "rally": "rally rochefoucault-g",
    "melee": "melee conde-arq conde-g1 at damville", "end moves": "end moves", "end activation": "end activation",
    "reactivate": "reactivate", "intercept": "intercept gendarmerie-1", "react": "react garde-1 turn SW",
    "hold": "hold", "retreat": "retreat gendarmerie-2 0716 0717", "advance": "advance coligny-g1 N",
    "no advance": "no advance", "standing": "standing defensive-fire always", "adjutant": "adjutant conde conde-g2",
}
