"""The post notation of `skirmish`: one action a line, as a player would write it on a forum.

Figures, groups, guns and markers are named by their ids (the scenario's; a group's by the id it was
formed with). A position is `X,Y` in centimetres from the table's south-west corner (no space
inside); a path is the points a figure passes through, `X,Y X,Y ...`, after the one where it stands;
several figures' paths are `FIGURE X,Y ...; FIGURE X,Y ...`. A facing is degrees counter-clockwise
from east (north is 90) or a compass word: north, north-east (ne), east, ... Keywords are
case-insensitive; ids are as the scenario spells them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from events import skirmish as ev
from events.skirmish import KINDS, Fight, FigurePath, Placement, Point
from adjudicator.i18n import Msg, N_
from adjudicator.localize import Command, Form
from adjudicator.ruleset import Verb, usage

NAME = "skirmish"

COMPASS = {
    "east": 0.0, "e": 0.0, "north-east": 45.0, "northeast": 45.0, "ne": 45.0, "north": 90.0, "n": 90.0,
    "north-west": 135.0, "northwest": 135.0, "nw": 135.0, "west": 180.0, "w": 180.0, "south-west": 225.0,
    "southwest": 225.0, "sw": 225.0, "south": 270.0, "s": 270.0, "south-east": 315.0, "southeast": 315.0, "se": 315.0,
}
_POINT = re.compile(r"^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$")
_FACING_AT_END = re.compile(r"\s+facing\s+(\S+)\s*$", re.IGNORECASE)


# -- numbers, points, facings ------------------------------------------------------------------

def num(x: float) -> str:
    """A number as it is written back: no trailing .0, nothing lost."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def is_point(token: str) -> bool:
    return _POINT.match(token) is not None


def point(token: str) -> Point:
    m = _POINT.match(token)
    if m is None:
        raise ValueError(Msg("{token!r} is not a position X,Y in cm (e.g. 45.5,30)", token=token))
    return (float(m.group(1)), float(m.group(2)))


def pt(p: Point) -> str:
    return f"{num(p[0])},{num(p[1])}"


def facing(token: str) -> float:
    word = token.lower()
    if word in COMPASS:
        return COMPASS[word]
    try:
        return float(token) % 360.0
    except ValueError:
        raise ValueError(Msg("{token!r} is no facing: degrees (north is 90) or north, north-east, east, ...",
                             token=token)) from None


def _number(token: str, verb: str) -> float:
    """A number `verb`'s line gives, or an error that names the verb."""
    try:
        return float(token)
    except ValueError:
        raise ValueError(Msg("{verb}: {token!r} is not a number", verb=Command(NAME, verb), token=token)) from None


def _facing_at_end(args: str) -> tuple[str, float | None]:
    m = _FACING_AT_END.search(args)
    if m is None:
        return args, None
    return args[:m.start()], facing(m.group(1))


def _face(f: float | None) -> str:
    return "" if f is None else f" facing {num(f)}"


# -- paths and placements ----------------------------------------------------------------------

def paths(text: str, unit: str) -> tuple[FigurePath, ...]:
    """`X,Y X,Y` (the unit's own figure) or `FIGURE X,Y ...; FIGURE X,Y ...`."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        tokens = part.split()
        figure = unit if is_point(tokens[0]) else tokens.pop(0)
        out.append(FigurePath(figure=figure, points=tuple(point(t) for t in tokens)))
    return tuple(out)


def paths_text(unit: str, ps: Sequence[FigurePath]) -> str:
    parts = []
    for p in ps:
        points = " ".join(pt(x) for x in p.points)
        parts.append(points if p.figure == unit and points else f"{p.figure} {points}".rstrip())
    return "; ".join(parts)


def placements(text: str) -> tuple[Placement, ...]:
    """`FIGURE at X,Y [facing F]; ...`."""
    out = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        rest, face = _facing_at_end(" " + part)
        tokens = rest.split()
        if len(tokens) != 3 or tokens[1].lower() != "at":
            raise ValueError(Msg("{part!r}: write {form}", part=part, form=Form(NAME, "FIGURE at X,Y [facing F]")))
        out.append(Placement(figure=tokens[0], at=point(tokens[2]), facing=90.0 if face is None else face))
    if not out:
        raise ValueError(Msg("name at least one {form}", form=Form(NAME, "FIGURE at X,Y")))
    return tuple(out)


def placements_text(ps: Sequence[Placement]) -> str:
    return "; ".join(f"{p.figure} at {pt(p.at)} facing {num(p.facing)}" for p in ps)


def _words(args: str, least: int, form: str, note: Msg | None = None) -> list[str]:
    words = args.split()
    if len(words) < least:
        raise usage(NAME, form, note)
    return words


def _keyword(words: list[str], i: int, word: str, form: str) -> None:
    if len(words) <= i or words[i].lower() != word:
        raise usage(NAME, form)


# -- set-up -----------------------------------------------------------------------------------

def _deploy(args: str, actor: str, body: tuple[str, ...]) -> ev.Deploy:
    return ev.Deploy(placements=placements(args))


def _ambush(args: str, actor: str, body: tuple[str, ...]) -> ev.PlaceAmbush:
    form, note = "ambush MARKER at X,Y", Msg("after `{seal}`", seal=Form(NAME, "seal MARKER COMMITMENT"))
    words = _words(args, 3, form, note)
    _keyword(words, 1, "at", form)
    if len(words) != 3:
        raise usage(NAME, form, note)
    return ev.PlaceAmbush(marker=words[0], at=point(words[2]))


def _place(args: str, actor: str, body: tuple[str, ...]) -> ev.RevealAmbush:
    marker, _, rest = args.strip().partition(" ")
    if not marker or not rest.strip():
        raise usage(NAME, "place MARKER FIGURE at X,Y [facing F]; FIGURE at X,Y ...")
    return ev.RevealAmbush(marker=marker, placements=placements(rest))


def _nothing(make: Callable[[], Any], form: str) -> Callable[[str, str, tuple[str, ...]], Any]:
    def parse(args: str, actor: str, body: tuple[str, ...]) -> Any:
        if args.strip():
            raise ValueError(Msg("`{form}` takes nothing after it", form=Form(NAME, form)))
        return make()
    return parse


# -- initiative -------------------------------------------------------------------------------

def _reroll(args: str, actor: str, body: tuple[str, ...]) -> ev.Reroll:
    words = _words(args, 2, "reroll COMMAND FACE [FACE]", Msg("the faces of the dice to roll again"))
    faces = tuple(int(_number(w, "reroll")) for w in words[1:])
    return ev.Reroll(command=words[0], faces=faces)


def _keep(args: str, actor: str, body: tuple[str, ...]) -> ev.Reroll:
    words = _words(args, 1, "keep COMMAND")
    if len(words) != 1:
        raise usage(NAME, "keep COMMAND")
    return ev.Reroll(command=words[0])


def _reroll_text(a: ev.Reroll) -> str:
    return f"reroll {a.command} {' '.join(map(str, a.faces))}" if a.faces else f"keep {a.command}"


def _distribute(args: str, actor: str, body: tuple[str, ...]) -> ev.Distribute:
    words = _words(args, 2, "distribute COMMAND N [COMMAND N ...]")
    if len(words) % 2:
        raise usage(NAME, "distribute COMMAND N [COMMAND N ...]")
    return ev.Distribute(shares={words[i]: int(_number(words[i + 1], "distribute")) for i in range(0, len(words), 2)})


# -- groups and activations --------------------------------------------------------------------

_FORM_USAGE = "form GROUP under LEADER with FIGURE ... [close|loose] [line|column] [facing F]"


def _form(args: str, actor: str, body: tuple[str, ...]) -> ev.FormGroup:
    rest, face = _facing_at_end(" " + args)
    words = _words(rest, 5, _FORM_USAGE)
    _keyword(words, 1, "under", _FORM_USAGE)
    _keyword(words, 3, "with", _FORM_USAGE)
    order, shape, members = "close", "", []
    for w in words[4:]:
        low = w.lower()
        if low in ("close", "loose"):
            order = low
        elif low in ("line", "column"):
            shape = low
        else:
            members.append(w)
    if not members:
        raise usage(NAME, _FORM_USAGE)
    return ev.FormGroup(group=words[0], leader=words[2], members=tuple(members), order=order, formation=shape, facing=face)


def _form_text(a: ev.FormGroup) -> str:
    shape = f" {a.formation}" if a.formation else ""
    return f"form {a.group} under {a.leader} with {' '.join(m for m in a.members if m != a.leader)} {a.order}{shape}{_face(a.facing)}"


def _activate(args: str, actor: str, body: tuple[str, ...]) -> ev.Activate:
    words = _words(args, 2, "activate UNIT ACTION [ACTION [ACTION]]",
                   Msg("{action}: one of {kinds}", action=Form(NAME, "ACTION"), kinds=Form(NAME, ", ".join(KINDS))))
    return ev.Activate(unit=words[0], actions=tuple(w.lower() for w in words[1:]))


def _move(args: str, actor: str, body: tuple[str, ...]) -> ev.Move:
    rest, face = _facing_at_end(" " + args)
    unit, _, text = rest.strip().partition(" ")
    if not unit:
        raise usage(NAME, "move UNIT X,Y ... [facing F] | GROUP FIGURE X,Y ...; FIGURE X,Y ...")
    return ev.Move(unit=unit, paths=paths(text, unit), facing=face)


def _move_text(a: ev.Move) -> str:
    ps = paths_text(a.unit, a.paths)
    return f"move {a.unit}" + (f" {ps}" if ps else "") + _face(a.facing)


def _charge(args: str, actor: str, body: tuple[str, ...]) -> ev.Charge:
    form = "charge UNIT at TARGET X,Y ... | GROUP at TARGET FIGURE X,Y ...; ..."
    words = _words(args, 3, form)
    _keyword(words, 1, "at", form)
    text = args.strip().split(None, 3)[3] if len(words) > 3 else ""
    return ev.Charge(unit=words[0], target=words[2], paths=paths(text, words[0]))


def _charge_text(a: ev.Charge) -> str:
    ps = paths_text(a.unit, a.paths)
    return f"charge {a.unit} at {a.target}" + (f" {ps}" if ps else "")


_SHOOT_USAGE = "shoot UNIT at TARGET [and at SECOND with FIGURE ...] [reloading FIGURE ...] [through suppressed]"


def _shoot(args: str, actor: str, body: tuple[str, ...]) -> ev.Shoot:
    words = _words(args, 3, _SHOOT_USAGE)
    _keyword(words, 1, "at", _SHOOT_USAGE)
    second, through = "", False
    split: list[str] = []
    reloaders: list[str] = []
    i, into = 3, None
    while i < len(words):
        low = words[i].lower()
        if low == "and":
            _keyword(words, i + 1, "at", _SHOOT_USAGE)
            if len(words) <= i + 2:
                raise usage(NAME, _SHOOT_USAGE)
            second, i, into = words[i + 2], i + 3, None
            continue
        if low == "with":
            into = split
        elif low == "reloading":
            into = reloaders
        elif low == "through":
            _keyword(words, i + 1, "suppressed", _SHOOT_USAGE)
            through, i, into = True, i + 2, None
            continue
        elif into is None:
            raise usage(NAME, _SHOOT_USAGE)
        else:
            into.append(words[i])
        i += 1
    return ev.Shoot(unit=words[0], target=words[2], second=second, split=tuple(split), reloaders=tuple(reloaders),
                    include_suppressed=through)


def _shoot_text(a: ev.Shoot) -> str:
    text = f"shoot {a.unit} at {a.target}"
    if a.second:
        text += f" and at {a.second} with {' '.join(a.split)}"
    if a.reloaders:
        text += f" reloading {' '.join(a.reloaders)}"
    return text + (" through suppressed" if a.include_suppressed else "")


def _fire(args: str, actor: str, body: tuple[str, ...]) -> ev.Fire:
    form = "fire GUN [at TARGET] [ordered by OFFICER]"
    words = _words(args, 1, form)
    target = ordered = ""
    i = 1
    while i < len(words):
        low = words[i].lower()
        if low == "at" and i + 1 < len(words):
            target, i = words[i + 1], i + 2
        elif low == "ordered" and i + 2 < len(words) and words[i + 1].lower() == "by":
            ordered, i = words[i + 2], i + 3
        else:
            raise usage(NAME, form)
    return ev.Fire(gun=words[0], target=target, ordered_by=ordered)


def _fire_text(a: ev.Fire) -> str:
    return f"fire {a.gun}" + (f" at {a.target}" if a.target else "") + (f" ordered by {a.ordered_by}" if a.ordered_by else "")


def _unit_only(make: Callable[[str], Any], form: str) -> Callable[[str, str, tuple[str, ...]], Any]:
    def parse(args: str, actor: str, body: tuple[str, ...]) -> Any:
        words = args.split()
        if len(words) != 1:
            raise usage(NAME, form)
        return make(words[0])
    return parse


def _reload(args: str, actor: str, body: tuple[str, ...]) -> ev.Reload:
    form = "reload UNIT | GUN ball|canister"
    words = _words(args, 1, form)
    if len(words) > 2:
        raise usage(NAME, form)
    return ev.Reload(unit=words[0], ammo=words[1].lower() if len(words) == 2 else "")


def _spot(args: str, actor: str, body: tuple[str, ...]) -> ev.Spot:
    words = args.split()
    if len(words) != 2:
        raise usage(NAME, "spot UNIT MARKER")
    return ev.Spot(unit=words[0], marker=words[1])


def _building(how: str) -> Callable[[str, str, tuple[str, ...]], ev.Building]:
    form = {"enter": "enter UNIT BUILDING [hidden] [FIGURE X,Y; ...]", "leave": "leave UNIT BUILDING FIGURE X,Y; ...",
            "inside": "move inside UNIT BUILDING [hidden] [FIGURE X,Y; ...]"}[how]

    def parse(args: str, actor: str, body: tuple[str, ...]) -> ev.Building:
        words = _words(args, 2, form)
        rest = args.strip().split(None, 2)[2] if len(words) > 2 else ""
        hidden = rest.lower().startswith("hidden")
        if hidden:
            rest = rest[len("hidden"):]
        return ev.Building(unit=words[0], building=words[1], how=how, hidden=hidden, at=paths(rest, words[0]))
    return parse


def _building_text(a: ev.Building) -> str:
    verb = "move inside" if a.how == "inside" else a.how
    ps = paths_text(a.unit, a.at)
    return f"{verb} {a.unit} {a.building}" + (" hidden" if a.hidden else "") + (f" {ps}" if ps else "")


def _order(args: str, actor: str, body: tuple[str, ...]) -> ev.ChangeOrder:
    words = args.split()
    if len(words) != 2:
        raise usage(NAME, "order GROUP close|loose")
    return ev.ChangeOrder(unit=words[0], order=words[1].lower())


def _turn(args: str, actor: str, body: tuple[str, ...]) -> ev.TurnGun:
    words = args.split()
    if len(words) != 3 or words[1].lower() != "to":
        raise usage(NAME, "turn GUN to F")
    return ev.TurnGun(gun=words[0], facing=facing(words[2]))


# -- the other side's decisions ------------------------------------------------------------------

def _react(args: str, actor: str, body: tuple[str, ...]) -> ev.React:
    form, note = "react UNIT at TARGET [after CM]", Msg("fire at a moving enemy, {cm} along its move", cm=Form(NAME, "CM"))
    words = _words(args, 3, form, note)
    _keyword(words, 1, "at", form)
    at = 0.0
    if len(words) == 5 and words[3].lower() == "after":
        at = _number(words[4], "react")
    elif len(words) != 3:
        raise usage(NAME, form, note)
    return ev.React(unit=words[0], target=words[2], at=at)


def _hits(args: str, actor: str, body: tuple[str, ...]) -> ev.Allocate:
    form = "hits FIGURE ... [pass FIGURE to COMRADE]"
    words = _words(args, 1, form)
    on: list[str] = []
    pass_to: dict[str, str] = {}
    i = 0
    while i < len(words):
        if words[i].lower() == "pass":
            if i + 3 >= len(words) or words[i + 2].lower() != "to":
                raise usage(NAME, form)
            pass_to[words[i + 1]] = words[i + 3]
            i += 4
        else:
            on.append(words[i])
            i += 1
    return ev.Allocate(figures=tuple(on), pass_to=pass_to)


def _hits_text(a: ev.Allocate) -> str:
    return "hits " + " ".join(a.figures) + "".join(f" pass {k} to {v}" for k, v in a.pass_to.items())


def _melee(args: str, actor: str, body: tuple[str, ...]) -> ev.Melee:
    form = "melee ATTACKER[+ATTACKER] vs DEFENDER[+DEFENDER] [occupy]; ..."
    fights = []
    for part in (p.strip() for p in args.split(";")):
        if not part:
            continue
        words = part.split()
        occupy = words[-1].lower() == "occupy"
        if occupy:
            words = words[:-1]
        if len(words) != 3 or words[1].lower() != "vs":
            raise usage(NAME, form)
        fights.append(Fight(attackers=tuple(words[0].split("+")), defenders=tuple(words[2].split("+")), occupy=occupy))
    if not fights:
        raise usage(NAME, form)
    return ev.Melee(fights=tuple(fights))


def _melee_text(a: ev.Melee) -> str:
    return "melee " + "; ".join(f"{'+'.join(f.attackers)} vs {'+'.join(f.defenders)}" + (" occupy" if f.occupy else "")
                                for f in a.fights)


def _end_actions(args: str, actor: str, body: tuple[str, ...]) -> ev.EndActivations:
    words = args.split()
    if len(words) != 1:
        raise usage(NAME, "end actions COMMAND", Msg("a side's name, or in the Large format its company"))
    return ev.EndActivations(command=words[0])


_STANDING_USAGE = ("standing fire UNIT|all within CM|at chargers|never | evade UNIT|all always|never | "
                   "reroll COMMAND|all below FACE|never | hits GROUP|all auto|ask")


def _standing(args: str, actor: str, body: tuple[str, ...]) -> ev.StandingOrder:
    words = _words(args, 3, _STANDING_USAGE)
    kind, unit, when = words[0].lower(), words[1], [w.lower() for w in words[2:]]
    value = 0.0
    if when == ["at", "chargers"]:
        when = ["chargers"]
    if len(when) == 2 and when[0] in ("within", "below"):
        value = _number(when[1], "standing")
        when = when[:1]
    if len(when) != 1:
        raise usage(NAME, _STANDING_USAGE)
    return ev.StandingOrder(kind=kind, unit="" if unit.lower() == "all" else unit, when=when[0], value=value)


def _standing_text(a: ev.StandingOrder) -> str:
    when = {"chargers": "at chargers", "within": f"within {num(a.value)}", "below": f"below {num(a.value)}"}.get(a.when, a.when)
    return f"standing {a.kind} {a.unit or 'all'} {when}"


VERBS: tuple[Verb, ...] = (
    Verb("deploy", ev.Deploy, _deploy, lambda a: f"deploy {placements_text(a.placements)}",
         "deploy FIGURE at X,Y [facing F]; ...: set up your figures in your deployment zone, three at a time (a whole "
         "company at a time in the Large format) (§Appendix I: deployment before the battle, ruling S45)"),
    Verb("ambush", ev.PlaceAmbush, _ambush, lambda a: f"ambush {a.marker} at {pt(a.at)}",
         "ambush MARKER at X,Y: set up an ambush marker after `seal MARKER COMMITMENT`, the ids of the figures it "
         "hides sealed one a line by `adjudicator seal GAME FILE --label MARKER` (§Ambushes, ruling S47)"),
    Verb("end deployment", ev.EndDeployment, _nothing(ev.EndDeployment, "end deployment"), lambda a: "end deployment",
         "end deployment: your set-up is done; the figures left off the table are those your markers hide "
         "(§Appendix I: deployment before the battle, ruling S47)"),
    Verb("place", ev.RevealAmbush, _place, lambda a: f"place {a.marker} {placements_text(a.placements)}",
         "place MARKER FIGURE at X,Y [facing F]; ...: reveal an ambush marker after `unseal MARKER SALT`, its "
         "figures set up within 5 cm of it (§Ambushes, ruling S17)"),
    Verb("roll initiative", ev.RollInitiative, _nothing(ev.RollInitiative, "roll initiative"), lambda a: "roll initiative",
         "roll initiative: every command rolls its initiative dice, its Action Points for the turn (§Initiative)"),
    Verb("reroll", ev.Reroll, _reroll, _reroll_text,
         "reroll COMMAND FACE [FACE]: an Officer rolls again the command's dice that show these faces "
         "(§Special rules: Officer)"),
    Verb("keep", ev.Reroll, _keep, _reroll_text,
         "keep COMMAND: the Officer keeps the command's roll as it is (§Special rules: Officer)"),
    Verb("distribute", ev.Distribute, _distribute, lambda a: "distribute " + " ".join(f"{k} {v}" for k, v in a.shares.items()),
         "distribute COMMAND N [COMMAND N ...]: share out a Capable Senior Officer's Action Points among your "
         "companies (§Special rules: Senior Officer)"),
    Verb("form", ev.FormGroup, _form, _form_text,
         "form GROUP under LEADER with FIGURE ... [close|loose] [line|column] [facing F]: form or re-form a group "
         "under its Leader, at no cost (§Fighters and groups, §Groups and formations, ruling S6)"),
    Verb("activate", ev.Activate, _activate, lambda a: f"activate {a.unit} {' '.join(a.actions)}",
         "activate UNIT ACTION [ACTION [ACTION]]: declare the actions of a figure's or a group's activation, three "
         "at most, paid at once and done in that order (§Actions and Action Points, ruling S8)"),
    Verb("move", ev.Move, _move, _move_text,
         "move UNIT X,Y ... [facing F] | GROUP FIGURE X,Y ...; FIGURE X,Y ...: move a figure along its path, or a "
         "group figure by figure (§Movement)"),
    Verb("charge", ev.Charge, _charge, _charge_text,
         "charge UNIT at TARGET X,Y ... | GROUP at TARGET FIGURE X,Y ...; ...: charge an enemy, straight into base "
         "contact (§Melee, ruling S18)"),
    Verb("shoot", ev.Shoot, _shoot, _shoot_text,
         "shoot UNIT at TARGET [and at SECOND with FIGURE ...] [reloading FIGURE ...] [through suppressed]: a "
         "figure shoots, or a group fires a volley, some of its figures at a second target or reloading; `through "
         "suppressed` lets the hits fall on suppressed figures too (§How to shoot, §Group fire (volley), ruling S35)"),
    Verb("fire", ev.Fire, _fire, _fire_text,
         "fire GUN [at TARGET] [ordered by OFFICER]: a gun fires what it is loaded with; canister with friends in its "
         "zone needs an officer's order (§Light cannon, ruling S28)"),
    Verb("aim", ev.Aim, _unit_only(lambda u: ev.Aim(unit=u), "aim UNIT"), lambda a: f"aim {a.unit}",
         "aim UNIT: aim, until its command's next actions begin (§Aiming)"),
    Verb("reload", ev.Reload, _reload, lambda a: f"reload {a.unit}" + (f" {a.ammo}" if a.ammo else ""),
         "reload UNIT | GUN ball|canister: reload the weapons, or load a gun with ball or canister (§Reloading, "
         "§Artillery: ammunition)"),
    Verb("recover", ev.Recover, _unit_only(lambda u: ev.Recover(unit=u), "recover UNIT"), lambda a: f"recover {a.unit}",
         "recover UNIT: a suppressed figure or group recovers (§Suppressed fighters, ruling S9)"),
    Verb("spot", ev.Spot, _spot, lambda a: f"spot {a.unit} {a.marker}",
         "spot UNIT MARKER: try to spot an enemy ambush marker (§Ambushes)"),
    Verb("enter", ev.Building, _building("enter"), _building_text,
         "enter UNIT BUILDING [hidden] [FIGURE X,Y; ...]: enter a building, hidden or at the windows "
         "(§Movement in buildings)"),
    Verb("leave", ev.Building, _building("leave"), _building_text,
         "leave UNIT BUILDING FIGURE X,Y; ...: leave a building, each figure to its place outside "
         "(§Movement in buildings)"),
    Verb("move inside", ev.Building, _building("inside"), _building_text,
         "move inside UNIT BUILDING [hidden] [FIGURE X,Y; ...]: move within a building (§Movement in buildings)"),
    Verb("order", ev.ChangeOrder, _order, lambda a: f"order {a.unit} {a.order}",
         "order GROUP close|loose: change a group's order (§Close and loose order)"),
    Verb("fix bayonets", ev.FixBayonets, _unit_only(lambda u: ev.FixBayonets(unit=u), "fix bayonets UNIT"),
         lambda a: f"fix bayonets {a.unit}", "fix bayonets UNIT: fix bayonets for the melee (§Special rules: *Bayonets)"),
    Verb("turn", ev.TurnGun, _turn, lambda a: f"turn {a.gun} to {num(a.facing)}",
         "turn GUN to F: turn a gun, up to 45° an action (§Light cannon, ruling S26)"),
    Verb("react", ev.React, _react, lambda a: f"react {a.unit} at {a.target} after {num(a.at)}",
         "react UNIT at TARGET [after CM]: reaction fire at an enemy that moves, so many cm along its move "
         "(§Fire in the enemy's turn, ruling S15)"),
    Verb("evade", ev.Evade, _unit_only(lambda u: ev.Evade(unit=u, evade=True), "evade UNIT"),
         lambda a: f"{'evade' if a.evade else 'stand'} {a.unit}",
         "evade UNIT: the charged figure or group evades the charge (§Attack by a group, ruling S18)"),
    Verb("stand", ev.Evade, _unit_only(lambda u: ev.Evade(unit=u, evade=False), "stand UNIT"),
         lambda a: f"{'evade' if a.evade else 'stand'} {a.unit}",
         "stand UNIT: the charged figure or group stands against the charge (§Attack by a group, ruling S18)"),
    Verb("hits", ev.Allocate, _hits, _hits_text,
         "hits FIGURE ... [pass FIGURE to COMRADE]: place the hits on your close-order group; `pass` names the comrade "
         "to whom a Leader or special figure passes a hit it saves (§Group fire (volley), rulings S21, S33)"),
    Verb("melee", ev.Melee, _melee, _melee_text,
         "melee ATTACKER[+ATTACKER] vs DEFENDER[+DEFENDER] [occupy]; ...: the fights of the melee a charge brought, "
         "`occupy` where the winner takes the enemy's position (§Melee, rulings S24, S48)"),
    Verb("skip", ev.Skip, _unit_only(lambda u: ev.Skip(unit=u), "skip UNIT"), lambda a: f"skip {a.unit}",
         "skip UNIT: give up the rest of its declared actions, their Action Points not repaid "
         "(§Actions and Action Points, ruling S8)"),
    Verb("end actions", ev.EndActivations, _end_actions, lambda a: f"end actions {a.command}",
         "end actions COMMAND: the command is done this turn (§Actions and Action Points)"),
    Verb("standing", ev.StandingOrder, _standing, _standing_text,
         "standing fire UNIT|all within CM|at chargers|never | evade UNIT|all always|never | reroll COMMAND|all "
         "below FACE|never | hits GROUP|all auto|ask: decide in advance what the game would otherwise wait for your "
         "post to decide: reaction fire, evading a charge, the Officer's re-roll, the hits on a close-order group "
         "(ruling S46)"),
)

# How the notation writes positions, paths, facings and ids (`adjudicator help skirmish`).
WORDS = N_("a position is X,Y in cm from the table's south-west corner, without a space (45.5,30); a path is the "
           "points a figure passes through after the one where it stands, X,Y X,Y ...; a group's move gives each "
           "figure its path, FIGURE X,Y ...; FIGURE X,Y ... (figures not named stay where they are); a facing F is "
           "degrees counter-clockwise from east (north is 90) or a compass word: north (n), north-east (ne), east "
           "(e), south-east (se), south (s), south-west (sw), west (w), north-west (nw); CM is a distance in cm; a "
           "UNIT is a figure or a group; figure, group, gun and marker ids are the scenario's (a group's is the id "
           "it was formed with), as `adjudicator replay GAME --json` lists them; the actions of an activation are "
           "move, charge, shoot, aim, reload, recover, spot, enter, leave, inside (a move inside a building), order, "
           "bayonets (fix bayonets) and turn (a gun's)")

# One line of each verb as a post writes it (`adjudicator help skirmish`, the README; a test parses each back to
# its verb).
EXAMPLES = {
    "deploy": "deploy rifle-1 at 110,50 facing west; rifle-2 at 110,55 facing west",
    "ambush": "ambush m1 at 115,30",
    "end deployment": "end deployment",
    "place": "place m1 rifle-1 at 114,31 facing west",
    "roll initiative": "roll initiative",
    "reroll": "reroll french 1",
    "keep": "keep french",
    "distribute": "distribute hussars 5 highlanders 4",
    "form": "form zug under pr-sgt with musketeer-1 musketeer-2 line",
    "activate": "activate zug move shoot",
    "move": "move jaeger-1 62,50 60,46",
    "charge": "charge jaeger-2 at zouave-3 34,24",
    "shoot": "shoot zug at zouave-4",
    "fire": "fire gun-1 at zouave-2",
    "aim": "aim jaeger-3",
    "reload": "reload zug",
    "recover": "recover zouave-2",
    "spot": "spot jaeger-1 m2",
    "enter": "enter jaeger-2 farm",
    "leave": "leave jaeger-2 farm 60,48",
    "move inside": "move inside jaeger-2 farm hidden",
    "order": "order tirailleurs loose",
    "fix bayonets": "fix bayonets first-section",
    "turn": "turn gun-1 to north-east",
    "react": "react jaeger-2 at zouave-3 after 6.5",
    "evade": "evade jaeger-1",
    "stand": "stand jaeger-1",
    "hits": "hits musketeer-3 musketeer-4 pr-sgt pass pr-sgt to musketeer-5",
    "melee": "melee warrior-3 vs private-2 occupy; warrior-4+warrior-5 vs private-3",
    "skip": "skip zug",
    "end actions": "end actions french",
    "standing": "standing fire zug within 20",
}
