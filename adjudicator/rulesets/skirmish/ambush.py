"""Ambush markers: sealed orders of 0 to 10 figures, spotted, opened and placed.

seed 001 §Ambushes: 2 markers for every full 100 points; each stands for 0 to 10 figures written
down in secret; it moves as a rank-and-file fighter; revealed by a Spot action from 30 cm (Scouts
45 cm, re-rolling a failure) passing the test, when in an enemy's view not even partly hidden, or
with an enemy within 15 cm; its owner may reveal it at any time.

What a marker hides is the engine's sealed orders (adjudicator/sealed.py): the owner posts
`seal MARKER COMMITMENT` (made with `adjudicator seal`, one figure id a line, `decoy` for none,
which check_orders checks first) and then `ambush MARKER at X,Y`; the log shows nobody which
figures a marker hides. To reveal it the owner posts `unseal MARKER SALT` with those lines, which
the engine checks against the commitment, and then `place MARKER ...` where its figures stand
(rulings S17, S47).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.core import OrdersSealed, OrdersUnsealed
from events.skirmish import PlaceAmbush, Placement, RevealAmbush, Spot

from . import actions, geometry as geo
from .codes import violation
from .results import Msg, Outcome, Said
from .state import OK, RESERVE, Figure, Marker, SkirmishState
from .units import av, figures_of

HIDDEN, SPOTTED, OPENED, REVEALED = "hidden", "spotted", "opened", "revealed"
WAITING = (SPOTTED, OPENED)  # a marker its owner must open, or whose figures are to be placed


def allowed(state: SkirmishState, points: int) -> int:
    """2 markers for every full 100 points of troops."""
    return points // 100 * state.tables.ambush.per_hundred


# -- the engine's sealed orders, as the rules see them ------------------------------------------

def resolve_orders_sealed(state: SkirmishState, side: str, action: OrdersSealed, dice: Dice) -> Outcome:
    """Sealed orders are kept in mind by label, so that a marker can name the ones it stands for."""
    return Outcome(state=msgspec.structs.replace(state, sealed={**state.sealed, action.label: side}))


def check_orders(state: SkirmishState, side: str, lines: Sequence[str]) -> list[Violation]:
    """What a marker may hide (ruling S47): figures of the side still off the table, each once, ten
    at most, or `decoy` for none. `adjudicator seal` asks it before anything is sealed; opening the
    orders later is not refused for a figure set up since (it is left out: open_marker)."""
    figures = [line for line in lines if line != "decoy"]
    if len(set(figures)) != len(figures) or len(figures) > state.tables.ambush.most:
        return [violation("ambush/size", Msg('a marker stands for 0 to {most} different figures, one id a line (`decoy` for none)', most=state.tables.ambush.most))]
    for fid in figures:
        f = state.figures.get(fid)
        if f is None or f.side != side or f.status != RESERVE:
            return [violation("ambush/figure", Msg('{figure} is no figure of {side} waiting off the table', figure=repr(fid), side=side))]
    return []


def validate_orders_unsealed(state: SkirmishState, side: str, action: OrdersUnsealed) -> list[Violation]:
    """A side's sealed orders are what an ambush marker of the same label hides (ruling S47): they
    are opened once the marker is set up, by its owner, once; the engine checks the commitment."""
    m = state.markers.get(action.label)
    if m is None:
        return [violation("ambush/unplaced", Msg('no ambush marker {label} is set up: the orders it hides are opened once it is (ambush {label2} at X,Y)', label=repr(action.label), label2=action.label))]
    if m.status not in (HIDDEN, SPOTTED):
        return [violation("ambush/open", Msg('marker {marker} is opened already', marker=m.id))]
    return []


def resolve_orders_unsealed(state: SkirmishState, side: str, action: OrdersUnsealed, dice: Dice) -> Outcome:
    sealed = {k: v for k, v in state.sealed.items() if k != action.label}
    state = msgspec.structs.replace(state, sealed=sealed)
    if action.label not in state.markers:
        return Outcome(state=state)
    return open_marker(state, action.label, action.orders)


def open_marker(state: SkirmishState, marker: str, orders: Sequence[str]) -> Outcome:
    """The marker's figures are the lines that name a figure of its side still off the table and
    claimed by no other marker, 10 at most; a marker that hid nobody is a decoy, gone at once.
    Lines that name nothing of the kind are said and left: the sealed orders are what they are,
    and refusing them would leave the marker unopenable (ruling S47)."""
    m = state.markers[marker]
    claimed = {f for other in state.markers.values() if other.id != marker for f in other.figures}
    most = state.tables.ambush.most
    found: list[str] = []
    lines: list[Said] = []
    for line in orders:
        f = state.figures.get(line)
        if f is None or f.side != m.side or f.status != RESERVE or line in claimed or line in found:
            if line != "decoy":
                lines.append(Msg("marker {marker}: {line} is no figure of {side} waiting off the table: left out", marker=marker,
                                  line=repr(line), side=m.side))
        elif len(found) >= most:
            lines.append(Msg("marker {marker}: {line} is over the {most} figures a marker stands for: left out", marker=marker,
                              line=line, most=most))
        else:
            found.append(line)
    if not found:
        markers = {**state.markers, marker: msgspec.structs.replace(m, status=REVEALED)}
        return Outcome(state=msgspec.structs.replace(state, markers=markers),
                       lines=(*lines, Msg("marker {marker} is opened: nobody, a decoy", marker=marker)))
    markers = {**state.markers, marker: msgspec.structs.replace(m, status=OPENED, figures=tuple(found))}
    return Outcome(state=msgspec.structs.replace(state, markers=markers),
                   lines=(*lines, Msg("marker {marker} is opened: {figures}; {side} places them", marker=marker,
                                      figures=", ".join(found), side=m.side)))


# -- setting up a marker -----------------------------------------------------------------------

def validate_place_ambush(state: SkirmishState, side: str, action: PlaceAmbush) -> list[Violation]:
    return check_place(state, side, action.marker, action.at, state.scenario.points.get(side, 0))


def resolve_place_ambush(state: SkirmishState, side: str, action: PlaceAmbush, dice: Dice) -> Outcome:
    return place(state, side, action.marker, action.at)


def check_place(state: SkirmishState, side: str, marker: str, at: tuple[float, float], points: int) -> list[Violation]:
    from . import forces

    if state.phase != "deployment":
        return [violation("ambush/late", Msg('markers are set up with the troops, before the battle'))]
    if marker in state.markers or marker in state.figures or marker in state.groups or marker in state.guns:
        return [violation("ambush/id", Msg('{marker} names something already', marker=repr(marker)))]
    if state.sealed.get(marker) != side:
        return [violation("ambush/unsealed", Msg('post `seal {marker} COMMITMENT` first: the figures a marker stands for are sealed orders (adjudicator seal ... --label MARKER)', marker=marker))]
    mine = sum(1 for m in state.markers.values() if m.side == side)
    if mine >= allowed(state, points):
        return [violation("ambush/too-many", Msg('{side} has {allowed} markers for {points} points', side=side, allowed=allowed(state, points), points=points))]
    why = forces.outside_zone(state, side, at, scouts=False)
    if why:
        return [violation("ambush/zone", Msg('marker {marker}: {why}', marker=marker, why=why))]
    return []


def place(state: SkirmishState, side: str, marker: str, at: tuple[float, float]) -> Outcome:
    """The marker moves as the main company's rank-and-file fighter: it takes that AV."""
    rank = [f for f in state.figures.values() if f.side == side and not f.role]
    main = max(dict.fromkeys(f.company for f in rank), key=lambda c: sum(1 for f in rank if f.company == c), default="")
    ranker = next((f for f in rank if f.company == main), None)
    command = ranker.command if ranker else next(c.id for c in state.commands.values() if c.side == side)
    m = Marker(id=marker, side=side, command=command, x=at[0], y=at[1], av=ranker.av if ranker else (1, 2, 3))
    return Outcome(state=msgspec.structs.replace(state, markers={**state.markers, marker: m}),
                   lines=(Msg("{side} sets up ambush marker {marker}", side=side, marker=marker),))


# -- placing the figures of an opened marker -------------------------------------------------------

def validate_reveal_ambush(state: SkirmishState, side: str, action: RevealAmbush) -> list[Violation]:
    return check_reveal(state, side, action.marker, action.placements)


def resolve_reveal_ambush(state: SkirmishState, side: str, action: RevealAmbush, dice: Dice) -> Outcome:
    return reveal(state, action.marker, action.placements)


def check_reveal(state: SkirmishState, side: str, marker: str, placements: Sequence[Placement]) -> list[Violation]:
    m = state.markers.get(marker)
    if m is None or m.side != side:
        return [violation("ambush/unknown", Msg('{side} has no marker {marker}', side=side, marker=repr(marker)))]
    if m.status != OPENED:
        return [violation("ambush/not-opened", Msg('marker {marker} is {status}: its figures are placed once `unseal {marker} SALT` has opened it', marker=marker, status=m.status))]
    figs = [p.figure for p in placements]
    if sorted(figs) != sorted(m.figures):
        return [violation("ambush/figure", Msg('marker {marker} hid {names}: place each of them once', marker=marker, names=', '.join(m.figures)))]
    t = state.tables
    for p in placements:
        if geo.centre_distance(p.at, m.pos) > t.ambush_reveal.radius + 1e-6 or not geo.on_table(state.terrain, p.at):
            return [violation("ambush/place", Msg('{figure} stands within {radius:g} cm of the marker, on the table (ruling S17)', figure=p.figure, radius=t.ambush_reveal.radius))]
    placed = [msgspec.structs.replace(state.figures[p.figure], x=p.at[0], y=p.at[1]) for p in placements]
    standing = [f for f in state.figures.values() if f.on_table]
    for i, f in enumerate(placed):
        if any(g < -1e-6 for g in geo.gaps(t, f, [*standing, *placed[i + 1:]])):
            return [violation("ambush/place", Msg("{figure} would stand on another figure's base", figure=f.id))]
    return []


def reveal(state: SkirmishState, marker: str, placements: Sequence[Placement]) -> Outcome:
    figures = dict(state.figures)
    for p in placements:
        figures[p.figure] = msgspec.structs.replace(figures[p.figure], x=p.at[0], y=p.at[1], facing=p.facing, status=OK)
    m = state.markers[marker]
    markers = {**state.markers, marker: msgspec.structs.replace(m, status=REVEALED)}
    return Outcome(state=msgspec.structs.replace(state, figures=figures, markers=markers),
                   lines=(Msg("marker {marker} is revealed: {figures}", marker=marker,
                              figures=", ".join(p.figure for p in placements)),))


# -- discovering a marker -----------------------------------------------------------------------

def exposed(state: SkirmishState, m: Marker) -> Said:
    """Why the marker must be revealed now, or "": an enemy within 15 cm, or an enemy that sees it
    in its arc with nothing of terrain or obstacle hiding any part of it (ruling S17)."""
    t = state.tables
    foes = [f for f in state.figures.values() if f.side != m.side and f.on_table]
    for f in foes:
        if geo.gap_to_point(t, f, m.pos, t.bases.marker) <= t.ambush.auto:
            return Msg("{figure} is within {cm:g} cm", figure=f.id, cm=t.ambush.auto)
    ground = geo.ground(state)
    disc = geo.disc(m.pos, t.bases.marker)
    if any(shape.intersects(disc) for _, kind, shape in ground.areas if kind.cover or kind.sight):
        return ""
    for f in foes:
        if not geo.in_arc(f.pos, f.facing, t.visibility.single_arc, m.pos, t.bases.marker):
            continue
        sight = geo.sight_line(f.pos, m.pos).buffer(t.bases.marker / 2)
        if any(sight.intersects(shape) for _, _, shape in ground.obstacles):
            continue
        if any(sight.intersects(shape) for _, kind, shape in ground.areas if kind.sight):
            continue
        return Msg("{figure} sees it in the open", figure=f.id)
    return ""


def mark_exposed(state: SkirmishState) -> Outcome:
    """Markers the enemy now sees must be opened by their owner."""
    markers = dict(state.markers)
    lines: list[Said] = []
    for m in state.markers.values():
        if m.status == HIDDEN:
            why = exposed(state, m)
            if why:
                markers[m.id] = msgspec.structs.replace(m, status=SPOTTED)
                lines.append(Msg("marker {marker} is discovered ({why}): {side} opens it", marker=m.id, why=why, side=m.side))
    if not lines:
        return Outcome(state=state)
    return Outcome(state=msgspec.structs.replace(state, markers=markers), lines=tuple(lines))


def spot_range(state: SkirmishState, fig: Figure) -> float:
    t = state.tables.ambush
    return t.scout_spot if fig.has("scouts") else t.spot


def validate_spot(state: SkirmishState, side: str, action: Spot) -> list[Violation]:
    unit, marker = action.unit, action.marker
    out = actions.check_next(state, side, unit, "spot")
    if out:
        return out
    m = state.markers.get(marker)
    if m is None or m.side == side or m.status != HIDDEN:
        return [violation("spot/marker", Msg('{marker} is no hidden enemy ambush marker', marker=repr(marker)))]
    figs = [f for f in figures_of(state, unit) if f.status == OK]
    if not any(geo.gap_to_point(state.tables, f, m.pos, state.tables.bases.marker) <= spot_range(state, f) for f in figs):
        return [violation("spot/range", Msg('{unit} is not within 30 cm (Scouts 45 cm) of marker {marker}', unit=unit, marker=marker))]
    return []


def resolve_spot(state: SkirmishState, side: str, action: Spot, dice: Dice) -> Outcome:
    return spot(state, side, action.unit, action.marker, dice)


def spot(state: SkirmishState, side: str, unit: str, marker: str, dice: Dice) -> Outcome:
    """Roll more than the AV's last figure on a d6; Scouts roll a failure again."""
    figs = [f for f in figures_of(state, unit) if f.status == OK]
    last = av(state, figs)[2]
    (face,) = dice.roll(f"spot {marker} by {unit}", state.tables.ambush.test, side)
    out: list[Said] = [Msg("{unit} tries to spot marker {marker}: {face} > {last}?", unit=unit, marker=marker, face=face, last=last)]
    found = face > last
    if not found and any(f.has("scouts") for f in figs):
        (face,) = dice.roll(f"spot again {marker} by {unit} (scouts)", state.tables.ambush.test, side)
        out.append(Msg("scouts roll again: {face}", face=face))
        found = face > last
    markers = state.markers
    if found:
        markers = {**markers, marker: msgspec.structs.replace(markers[marker], status=SPOTTED)}
        out.append(Msg("marker {marker} is discovered: its owner opens it", marker=marker))
    else:
        out.append(Msg("nothing found"))
    return Outcome(state=actions.step(msgspec.structs.replace(state, markers=markers)), lines=tuple(out))
