"""The post notation of `portable`: one action per line, units by their scenario ids.

    bombard egy-gun1 at mah-3         artillery phase: a gun fires at a unit (or at a square, e.g. at F4)
    end artillery                     the side's artillery phase is over
    move egy-inf1 C4 C5               a path of orthogonal steps (C4-C5 and C4>C5 read the same)
    move egy-gun2 D5 D6 with egy-tr1  a gun towed by a Transport
    fire egy-inf1 at mah-2            small-arms fire
    melee mah-1 at egy-inf2           close combat with an adjacent enemy
    occupy mah-1                      infantry or cavalry into the square its beaten enemy left
    form egy-inf1 square              or line: the unit's whole activation
    face egy-gun1 east                a gun turns (north, east, south, west): its whole activation
    react egy-inf1 retreat [E5]       the owner's choice after a hit: retreat one square ...
    react egy-inf1 lose               ... or lose 1 SP
    standing order retreat            for every such choice of the army (or: standing order UNIT lose; ask)
    end activation                    the side has activated its units
"""

from __future__ import annotations

import re

from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)
from adjudicator.i18n import Msg, N_
from adjudicator.localize import Form as Notation
from adjudicator.ruleset import Verb, usage

from .grid import is_square, parse_square

NAME = "portable"
_ID = re.compile(r"^[a-z][a-z0-9_.-]{0,31}$")
_FACINGS = {"n": "n", "north": "n", "e": "e", "east": "e", "s": "s", "south": "s", "w": "w", "west": "w"}


def _unit(text: str) -> str:
    uid = text.strip().lower()
    if not _ID.match(uid):
        raise ValueError(Msg("{text!r} is not a unit id (the ids of the scenario, e.g. egy-inf1)", text=text))
    return uid


def _target(text: str) -> str:
    t = text.strip()
    return parse_square(t) if is_square(t) else _unit(t)


def _at(args: str, form: str) -> tuple[str, str]:
    words = args.split()
    if len(words) != 3 or words[1].lower() != "at":
        raise usage(NAME, form)
    return _unit(words[0]), _target(words[2])


def _nothing_after(args: str, form: str) -> None:
    if args.strip():
        raise ValueError(Msg("`{form}` takes nothing after it", form=Notation(NAME, form)))


def _end_artillery(args: str, actor: str, body: tuple[str, ...]) -> EndArtillery:
    _nothing_after(args, "end artillery")
    return EndArtillery()


def _end_activation(args: str, actor: str, body: tuple[str, ...]) -> EndActivation:
    _nothing_after(args, "end activation")
    return EndActivation()


def _move(args: str, actor: str, body: tuple[str, ...]) -> Move:
    form, note = "move UNIT SQUARE [SQUARE ...] [with TRANSPORT]", Msg("e.g. {example}", example=Notation(NAME, "move egy-inf1 C4 C5"))
    # unit ids may hold '-', so the id is the first word and '-' separates squares only after it
    parts = args.split()
    if len(parts) < 2:
        raise usage(NAME, form, note)
    uid = _unit(parts[0])
    rest = " ".join(parts[1:])
    tow = ""
    m = re.search(r"\bwith\s+(\S+)\s*$", rest, re.IGNORECASE)
    if m:
        tow = _unit(m.group(1))
        rest = rest[: m.start()]
    words = [w for w in re.split(r"[\s,>-]+", rest) if w]
    if not words:
        raise usage(NAME, form, note)
    return Move(unit=uid, path=tuple(parse_square(w) for w in words), tow=tow)


def _fmt_move(a: Move) -> str:
    return f"move {a.unit} {' '.join(a.path)}" + (f" with {a.tow}" if a.tow else "")


def _react(args: str, actor: str, body: tuple[str, ...]) -> React:
    words = args.split()
    if len(words) < 2 or words[1].lower() not in ("retreat", "lose") or len(words) > 3 \
            or (words[1].lower() == "lose" and len(words) == 3):
        raise usage(NAME, "react UNIT retreat [SQUARE] | react UNIT lose")
    return React(unit=_unit(words[0]), choice=words[1].lower(), square=parse_square(words[2]) if len(words) == 3 else "")


def _standing(args: str, actor: str, body: tuple[str, ...]) -> StandingOrder:
    words = args.split()
    if not 1 <= len(words) <= 2 or words[-1].lower() not in ("retreat", "lose", "ask"):
        raise usage(NAME, "standing order [UNIT] retreat|lose|ask")
    return StandingOrder(unit=_unit(words[0]) if len(words) == 2 else "", choice=words[-1].lower())


def _form(args: str, actor: str, body: tuple[str, ...]) -> Form:
    words = args.split()
    if len(words) != 2 or words[1].lower() not in ("square", "line"):
        raise usage(NAME, "form UNIT square|line")
    return Form(unit=_unit(words[0]), formation=words[1].lower())


def _face(args: str, actor: str, body: tuple[str, ...]) -> Face:
    words = args.split()
    if len(words) != 2 or words[1].lower() not in _FACINGS:
        raise usage(NAME, "face GUN north|east|south|west")
    return Face(unit=_unit(words[0]), facing=_FACINGS[words[1].lower()])


def _one_unit(args: str, form: str) -> str:
    words = args.split()
    if len(words) != 1:
        raise usage(NAME, form)
    return _unit(words[0])


_FULL = {"n": "north", "e": "east", "s": "south", "w": "west"}

VERBS = (
    Verb("bombard", Bombard, lambda a, actor, b: Bombard(**dict(zip(("gun", "target"), _at(a, "bombard GUN at UNIT|SQUARE")))),
         lambda x: f"bombard {x.gun} at {x.target}", "bombard GUN at UNIT|SQUARE: artillery phase fire"),
    Verb("end artillery", EndArtillery, _end_artillery,
         lambda x: "end artillery", "end artillery: your artillery phase is over (initiative follows)"),
    Verb("move", Move, _move, _fmt_move, "move UNIT SQUARE [SQUARE ...] [with TRANSPORT]: orthogonal steps"),
    Verb("fire", Fire, lambda a, actor, b: Fire(**dict(zip(("unit", "target"), _at(a, "fire UNIT at UNIT|SQUARE")))),
         lambda x: f"fire {x.unit} at {x.target}", "fire UNIT at UNIT|SQUARE: small-arms fire"),
    Verb("melee", Melee, lambda a, actor, b: Melee(**dict(zip(("unit", "target"), _at(a, "melee UNIT at UNIT|SQUARE")))),
         lambda x: f"melee {x.unit} at {x.target}", "melee UNIT at UNIT|SQUARE: close combat with an adjacent enemy"),
    Verb("occupy", Occupy, lambda a, actor, b: Occupy(unit=_one_unit(a, "occupy UNIT")),
         lambda x: f"occupy {x.unit}", "occupy UNIT: infantry or cavalry into the square its beaten enemy left"),
    Verb("form", Form, _form, lambda x: f"form {x.unit} {x.formation}", "form UNIT square|line: the unit's activation"),
    Verb("face", Face, _face, lambda x: f"face {x.unit} {_FULL[x.facing]}", "face GUN north|east|south|west: the gun's activation"),
    Verb("react", React, _react, lambda x: f"react {x.unit} {x.choice}" + (f" {x.square}" if x.square else ""),
         "react UNIT retreat [SQUARE] | react UNIT lose: your choice after a hit"),
    Verb("standing order", StandingOrder, _standing,
         lambda x: "standing order " + (f"{x.unit} " if x.unit else "") + x.choice,
         "standing order [UNIT] retreat|lose|ask: choose after hits without being asked"),
    Verb("end activation", EndActivation, _end_activation,
         lambda x: "end activation", "end activation: your units have activated this turn"),
)


WORDS = N_("a square is its column letter and row number, as on the map (D8); unit ids are those the map and "
         "`adjudicator replay GAME` show")

# One line of each verb as a post writes it (`adjudicator help portable`; a test parses each back to its verb).
EXAMPLES = {
    "bombard": "bombard pru-gun2 at aus-gun1", "end artillery": "end artillery", "move": "move aus-cmd D8 D7",
    "fire": "fire pru-inf1 at aus-inf1", "melee": "melee pru-uhl1 at aus-gun1", "occupy": "occupy aus-cav1",
    "form": "form aus-inf2 square", "face": "face egy-gun2 west", "react": "react egy-inf4 retreat",
    "standing order": "standing order retreat", "end activation": "end activation",
}
