"""Ambush markers: sealed commitments of 0 to 10 figures, spotted and revealed.

seed 001 §Ambushes: 2 markers for every full 100 points; each stands for 0 to 10 figures written
down in secret; it moves as a rank-and-file fighter; revealed by a Spot action from 30 cm (Scouts
45 cm, re-rolling a failure) passing the test, when in an enemy's view not even partly hidden, or
with an enemy within 15 cm; its owner may reveal it at any time.

A marker's figures are sealed as adjudicator.sealed commitments over the lines "ambush MARKER"
then one figure id a line, so the log shows nobody which figures a marker hides until it opens.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator import sealed
from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import PlaceAmbush, Placement, RevealAmbush, Spot

from . import actions, geometry as geo
from .results import Outcome
from .codes import violation
from .state import OK, RESERVE, Figure, Marker, SkirmishState
from .units import av, figures_of


def allowed(state: SkirmishState, points: int) -> int:
    """2 markers for every full 100 points of troops."""
    return points // 100 * state.tables.ambush.per_hundred


def lines(marker: str, figures: Sequence[str]) -> tuple[str, ...]:
    return (f"ambush {marker}", *figures)


def commitment(game: str, side: str, marker: str, figures: Sequence[str], salt: bytes) -> str:
    return sealed.commitment(game, side, lines(marker, figures), salt)


def validate_place_ambush(state: SkirmishState, side: str, action: PlaceAmbush) -> list[Violation]:
    return check_place(state, side, action.marker, action.at, action.commitment, state.scenario.points.get(side, 0))


def resolve_place_ambush(state: SkirmishState, side: str, action: PlaceAmbush, dice: Dice) -> Outcome:
    return place(state, side, action.marker, action.at, action.commitment)


def check_place(state: SkirmishState, side: str, marker: str, at: tuple[float, float], commit: str,
                points: int) -> list[Violation]:
    from . import forces

    if state.phase != "deployment":
        return [violation("ambush/late", "markers are set up with the troops, before the battle")]
    if marker in state.markers or marker in state.figures or marker in state.groups or marker in state.guns:
        return [violation("ambush/id", f"{marker!r} names something already")]
    mine = sum(1 for m in state.markers.values() if m.side == side)
    if mine >= allowed(state, points):
        return [violation("ambush/too-many", f"{side} has {allowed(state, points)} markers for {points} points")]
    if len(commit) != 64 or any(c not in "0123456789abcdef" for c in commit):
        return [violation("ambush/commitment", "the commitment is 64 hex digits (adjudicator seal)")]
    why = forces.outside_zone(state, side, at, scouts=False)
    if why:
        return [violation("ambush/zone", f"marker {marker}: {why}")]
    return []


def place(state: SkirmishState, side: str, marker: str, at: tuple[float, float], commit: str) -> Outcome:
    """The marker moves as the main company's rank-and-file fighter: it takes that AV."""
    rank = [f for f in state.figures.values() if f.side == side and not f.role]
    main = max({f.company for f in rank}, key=lambda c: sum(1 for f in rank if f.company == c), default="")
    ranker = next((f for f in rank if f.company == main), None)
    command = ranker.command if ranker else next(c.id for c in state.commands.values() if c.side == side)
    m = Marker(id=marker, side=side, command=command, x=at[0], y=at[1], commitment=commit,
               av=ranker.av if ranker else (1, 2, 3))
    return Outcome(state=msgspec.structs.replace(state, markers={**state.markers, marker: m}),
                   lines=(f"{side} sets up ambush marker {marker}",))


def validate_reveal_ambush(state: SkirmishState, side: str, action: RevealAmbush) -> list[Violation]:
    return check_reveal(state, side, state.game, action.marker, action.salt, action.placements)


def resolve_reveal_ambush(state: SkirmishState, side: str, action: RevealAmbush, dice: Dice) -> Outcome:
    return reveal(state, action.marker, action.placements)


def check_reveal(state: SkirmishState, side: str, game: str, marker: str, salt: str,
                 placements: Sequence[Placement]) -> list[Violation]:
    m = state.markers.get(marker)
    if m is None or m.side != side:
        return [violation("ambush/unknown", f"{side} has no marker {marker!r}")]
    if m.status == "revealed":
        return [violation("ambush/open", f"marker {marker} is revealed already")]
    figs = [p.figure for p in placements]
    if len(set(figs)) != len(figs) or len(figs) > state.tables.ambush.most:
        return [violation("ambush/size", f"a marker is 0 to {state.tables.ambush.most} different figures")]
    try:
        raw = bytes.fromhex(salt)
    except ValueError:
        return [violation("ambush/salt", "the salt is hex")]
    if commitment(game, side, marker, figs, raw) != m.commitment:
        return [violation("ambush/mismatch", f"these figures and salt do not open marker {marker}'s commitment")]
    t = state.tables
    for p in placements:
        f = state.figures.get(p.figure)
        if f is None or f.side != side or f.status != RESERVE:
            return [violation("ambush/figure", f"{p.figure} is not a figure of {side} kept off the table")]
        if geo.centre_distance(p.at, m.pos) > t.ambush_reveal.radius + 1e-6 or not geo.on_table(state.terrain, p.at):
            return [violation("ambush/place", f"{p.figure} stands within {t.ambush_reveal.radius:g} cm of the "
                                                      "marker, on the table (ruling S17)")]
    return []


def reveal(state: SkirmishState, marker: str, placements: Sequence[Placement]) -> Outcome:
    figures = dict(state.figures)
    for p in placements:
        figures[p.figure] = msgspec.structs.replace(figures[p.figure], x=p.at[0], y=p.at[1], facing=p.facing, status=OK)
    m = state.markers[marker]
    markers = {**state.markers, marker: msgspec.structs.replace(m, status="revealed")}
    who = ", ".join(p.figure for p in placements) or "nobody: a decoy"
    return Outcome(state=msgspec.structs.replace(state, figures=figures, markers=markers),
                   lines=(f"marker {marker} is revealed: {who}",))


def exposed(state: SkirmishState, m: Marker) -> str:
    """Why the marker must be revealed now, or "": an enemy within 15 cm, or an enemy that sees it
    in its arc with nothing of terrain or obstacle hiding any part of it (ruling S17)."""
    t = state.tables
    disc = geo.disc(m.pos, t.bases.marker)
    for f in state.figures.values():
        if f.side == m.side or not f.on_table:
            continue
        if geo.gap_to_point(t, f, m.pos, t.bases.marker) <= t.ambush.auto:
            return f"{f.id} is within {t.ambush.auto:g} cm"
    ground = geo.Ground(t, state.terrain)
    if any(shape.intersects(disc) for _, kind, shape in ground.areas if kind.cover or kind.sight):
        return ""
    for f in state.figures.values():
        if f.side == m.side or not f.on_table:
            continue
        if not geo.in_arc(f.pos, f.facing, t.visibility.single_arc, m.pos, t.bases.marker):
            continue
        sight = geo.sight_line(f.pos, m.pos).buffer(t.bases.marker / 2)
        if any(sight.intersects(shape) for _, _, shape in ground.obstacles):
            continue
        if any(sight.intersects(shape) for _, kind, shape in ground.areas if kind.sight):
            continue
        return f"{f.id} sees it in the open"
    return ""


def mark_exposed(state: SkirmishState) -> Outcome:
    """Markers the enemy now sees must be revealed by their owner."""
    markers = dict(state.markers)
    lines = []
    for m in state.markers.values():
        if m.status == "hidden":
            why = exposed(state, m)
            if why:
                markers[m.id] = msgspec.structs.replace(m, status="spotted")
                lines.append(f"marker {m.id} is discovered ({why}): {m.side} reveals it")
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
    if m is None or m.side == side or m.status != "hidden":
        return [violation("spot/marker", f"{marker!r} is no hidden enemy ambush marker")]
    figs = [f for f in figures_of(state, unit) if f.status == OK]
    if not any(geo.gap_to_point(state.tables, f, m.pos, state.tables.bases.marker) <= spot_range(state, f) for f in figs):
        return [violation("spot/range", f"{unit} is not within 30 cm (Scouts 45 cm) of marker {marker}")]
    return []


def resolve_spot(state: SkirmishState, side: str, action: Spot, dice: Dice) -> Outcome:
    return spot(state, side, action.unit, action.marker, dice)


def spot(state: SkirmishState, side: str, unit: str, marker: str, dice: Dice) -> Outcome:
    """Roll more than the AV's last figure on a d6; Scouts roll a failure again."""
    figs = [f for f in figures_of(state, unit) if f.status == OK]
    last = av(state, figs)[2]
    (face,) = dice.roll(f"spot {marker} by {unit}", state.tables.ambush.test, side)
    out = [f"{unit} tries to spot marker {marker}: {face} > {last}?"]
    found = face > last
    if not found and any(f.has("scouts") for f in figs):
        (face,) = dice.roll(f"spot again {marker} by {unit} (scouts)", state.tables.ambush.test, side)
        out.append(f"scouts roll again: {face}")
        found = face > last
    markers = state.markers
    if found:
        markers = {**markers, marker: msgspec.structs.replace(markers[marker], status="spotted")}
        out.append(f"marker {marker} is discovered: its owner reveals it")
    else:
        out.append("nothing found")
    return Outcome(state=actions.step(msgspec.structs.replace(state, markers=markers)), lines=tuple(out))
