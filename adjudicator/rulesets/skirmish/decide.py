"""Decisions given in advance: the engine takes them on a side's behalf when they arise.

Forum and email play cannot stop after every enemy move to ask the other side whether it fires, or
after every charge whether the charged evade. A side posts standing orders instead (`standing ...`,
ruling S46), and the engine follows them in the event that calls for them, saying so in its report:

    fire    reaction fire (§Fire in the enemy's turn): `within CM` of where the enemy's move passes,
            at `chargers` only, or `never`
    evade   a charge at a single figure, Skirmishers or a loose-order group (§Attack by a group):
            `always` evade, or `never` (stand)
    reroll  the Officer's initiative re-roll (§Special rules: Officer): the dice `below` a face, or `never`
    hits    the hits on a close-order group (§Group fire): `auto` (rank and file nearest the shooter
            first), or `ask`

An order for a figure, group or command comes before its side's order for all (`all`). Where no
order says, the game waits for the side's own post (phases.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import Evade, Reroll, StandingOrder

from . import ambush, geometry as geo, initiative, melee, reaction, shooting
from .codes import violation
from .results import Msg, Outcome, Said, Shot
from .state import OK, Figure, Hits, SkirmishState, Standing
from .units import figures_of, group_of, is_special

KINDS: dict[str, tuple[str, ...]] = {
    "fire": ("within", "chargers", "never"),
    "evade": ("always", "never"),
    "reroll": ("below", "never"),
    "hits": ("auto", "ask"),
}
ALL = "all"  # how an order for all of a side's units is written and kept
FOLLOW_ROUNDS = 20  # one decision may call for another (an evasion lets the chargers move, and fire at them)


def key(side: str, kind: str, unit: str) -> str:
    return f"{side} {kind} {unit or ALL}"


def order_for(state: SkirmishState, side: str, kind: str, units: Sequence[str]) -> Standing | None:
    """The side's standing order of this kind for the first of `units` that has one, else for all."""
    for unit in (*units, ""):
        found = state.standing.get(key(side, kind, unit))
        if found is not None:
            return found
    return None


# -- posting a standing order ------------------------------------------------------------------

def validate_standing_order(state: SkirmishState, side: str, action: StandingOrder) -> list[Violation]:
    if side not in state.sides:
        return [violation("standing/side", Msg('standing orders are given by a side, for its own troops'))]
    whens = KINDS.get(action.kind)
    if whens is None:
        return [violation("standing/kind", Msg('a standing order is for {names}, not {kind}', names=', '.join(KINDS), kind=repr(action.kind)))]
    if action.when not in whens:
        return [violation("standing/when", Msg('a standing {kind} order is {names}, not {when}', kind=action.kind, names=' or '.join(whens), when=repr(action.when)))]
    why = _unit_problem(state, side, action.kind, action.unit)
    if why:
        return [violation("standing/unit", why)]
    if action.when == "within" and not 0 < action.value <= 2 * (state.terrain.width + state.terrain.height):
        return [violation("standing/value", Msg('fire within a distance in cm, not {value:g}', value=action.value))]
    if action.when == "below" and not 2 <= action.value <= 7:
        return [violation("standing/value", Msg('re-roll dice below a face of 2 to 7 (7: any die), not {value:g}', value=action.value))]
    return []


def _unit_problem(state: SkirmishState, side: str, kind: str, unit: str) -> Said:
    if not unit:
        return ""
    if kind == "reroll":
        c = state.commands.get(unit)
        return "" if c is not None and c.side == side else Msg("{unit} is not a command of {side}", unit=unit, side=side)
    if kind == "hits":
        g = state.groups.get(unit)
        return "" if g is not None and g.side == side else Msg("{unit} is not a group of {side}", unit=unit, side=side)
    figs = figures_of(state, unit)
    return "" if figs and all(f.side == side for f in figs) else Msg("{unit} is not a figure or group of {side}", unit=unit, side=side)


def resolve_standing_order(state: SkirmishState, side: str, action: StandingOrder, dice: Dice) -> Outcome:
    order = Standing(side=side, kind=action.kind, unit=action.unit, when=action.when, value=action.value)
    standing = {**state.standing, key(side, action.kind, action.unit): order}
    return Outcome(state=msgspec.structs.replace(state, standing=standing),
                   lines=(Msg("standing order for {unit}: {order}", unit=action.unit, order=describe(order)) if action.unit
                          else Msg("standing order for {side} (all): {order}", side=side, order=describe(order)),))


def describe(o: Standing) -> Msg:
    if o.kind == "fire":
        return {"within": Msg("fire at an enemy whose move passes within {cm:g} cm", cm=o.value),
                "chargers": Msg("fire at enemies charging it"), "never": Msg("no reaction fire")}[o.when]
    if o.kind == "evade":
        return Msg("evade a charge") if o.when == "always" else Msg("stand against a charge")
    if o.kind == "reroll":
        return (Msg("roll again the initiative dice below {face:g}", face=o.value) if o.when == "below"
                else Msg("keep the initiative roll"))
    return Msg("hits placed by the engine") if o.when == "auto" else Msg("hits placed by the side")


# -- reaction fire ---------------------------------------------------------------------------------

def reactions(state: SkirmishState, dice: Dice, charged: str = "") -> Outcome:
    """After a move of the side acting: each unit of the other side that a standing fire order
    covers tries reaction fire, in the order of the orders, at the moving figure where its path
    passes nearest the unit (ruling S46); `charged` is the figure a charge is made at."""
    movers = [m for m in reaction.moving_figures(state) if state.figures[m].on_table]
    if state.phase != "activation" or not movers:
        return Outcome(state=state)
    mover_side = state.figures[movers[0]].side
    fire = [o for o in state.standing.values() if o.kind == "fire" and o.side != mover_side and o.when != "never"]
    box = _box([p for m in movers for p in state.paths.get(m, ())])
    if not fire or box is None:
        return Outcome(state=state)
    reach = max((o.value for o in fire if o.when == "within"), default=0.0)
    lines: list[Said] = []
    shots: list[Shot] = []
    for side in dict.fromkeys(o.side for o in fire):
        near = {f.id for f in state.figures.values() if f.side == side and f.on_table and _near(f, box, reach, state)}
        for unit in _reactors(state, side, near):
            o = order_for(state, side, "fire", _keys(state, unit))
            if o is None or o.when == "never":
                continue
            if o.when == "chargers" and not (state.charging and charged in {f.id for f in figures_of(state, unit)}):
                continue
            if o.when == "within" and not any(_near(f, box, o.value, state) for f in figures_of(state, unit)):
                continue
            aim = aim_at_move(state, unit, movers, o.value if o.when == "within" else None)
            if aim is None or reaction.check_react(state, side, unit, *aim):
                continue
            out = reaction.react(state, side, unit, aim[0], aim[1], dice)
            state = out.state
            lines += [Msg("standing order: {unit} fires at {target}, {cm:.1f} cm along its move", unit=unit, target=aim[0], cm=aim[1]),
                      *out.lines]
            shots += out.shots
    return Outcome(state=state, lines=tuple(lines), shots=tuple(shots))


def _box(points: list[tuple[float, float]]) -> tuple[float, float, float, float] | None:
    if not points:
        return None
    return (min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points), max(p[1] for p in points))


def _near(f: Figure, box: tuple[float, float, float, float], within: float, state: SkirmishState) -> bool:
    """Whether the figure stands within `within` (and two bases) of the box round the moves; a
    figure farther off saw no move pass within reach, and nothing of it need be measured."""
    reach = within + 2 * state.tables.bases.wagon
    return box[0] - reach <= f.x <= box[2] + reach and box[1] - reach <= f.y <= box[3] + reach


def _reactors(state: SkirmishState, side: str, near: set[str]) -> list[str]:
    """The units a standing fire order may cover, with a figure `near` the moves: those named in
    one, then, if the side has one for all, its groups and its figures standing alone."""
    if not near:
        return []
    named = [o.unit for o in state.standing.values() if o.side == side and o.kind == "fire" and o.unit]
    if key(side, "fire", "") in state.standing:
        named += [g.id for g in state.groups.values() if g.side == side]
        named += [f.id for f in state.figures.values() if f.id in near and not f.group and f.weapon]
    return [u for u in dict.fromkeys(named) if any(f.id in near for f in figures_of(state, u))]


def _keys(state: SkirmishState, unit: str) -> list[str]:
    """An order for the unit itself, then (for a figure) for its group."""
    g = group_of(state, unit) if unit in state.figures else None
    return [unit, g.id] if g is not None else [unit]


def aim_at_move(state: SkirmishState, unit: str, movers: list[str], within: float | None) -> tuple[str, float] | None:
    """(the moving figure, cm along its path) where it passed nearest the unit's figures; None if
    that is farther than `within` cm, edge to edge. A charge is fired at where it ends."""
    t = state.tables
    shooters = [f for f in figures_of(state, unit) if f.status == OK]
    best: tuple[float, str, float] | None = None
    for mid in movers:
        path = state.paths.get(mid, ())
        mover = state.figures[mid]
        if len(path) < 2:
            continue
        for f in shooters:
            along, dist = _nearest_on(path, f.pos)
            if within is None:
                along = geo.length(path[0], path[1:])
                dist = geo.centre_distance(f.pos, mover.pos)
            gap = dist - (geo.diameter(t, f) + geo.diameter(t, mover)) / 2
            if best is None or (gap, mid) < best[:2]:
                best = (gap, mid, along)
    if best is None or (within is not None and best[0] > within + 1e-9):
        return None
    return best[1], round(best[2], 1)


def _nearest_on(path: Sequence[tuple[float, float]], at: tuple[float, float]) -> tuple[float, float]:
    """(distance along the path, distance from `at`) of the path's point nearest `at`."""
    best_d, best_along, walked = float("inf"), 0.0, 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        dx, dy = x1 - x0, y1 - y0
        leg = (dx * dx + dy * dy) ** 0.5
        k = 0.0 if leg == 0 else max(0.0, min(1.0, ((at[0] - x0) * dx + (at[1] - y0) * dy) / (leg * leg)))
        d = geo.centre_distance(at, (x0 + k * dx, y0 + k * dy))
        if d < best_d - 1e-9:
            best_d, best_along = d, walked + k * leg
        walked += leg
    return best_along, best_d


# -- what follows any event: the decisions that wait and have a standing order -----------------------

def follow(state: SkirmishState, dice: Dice) -> Outcome:
    """Take, one after another, every decision the state waits for that a standing order settles
    (or that nobody can take: hits on a group with nobody left), and mark the ambush markers the
    enemy now sees."""
    lines: list[Said] = []
    shots: list[Shot] = []
    for _ in range(FOLLOW_ROUNDS):
        out = _next_decision(state, dice)
        if out is None:
            break
        state, lines, shots = out.state, lines + list(out.lines), shots + list(out.shots)
    if state.phase in ("initiative", "activation") and any(m.status == ambush.HIDDEN for m in state.markers.values()):
        out = ambush.mark_exposed(state)
        state, lines = out.state, lines + list(out.lines)
    return Outcome(state=state, lines=tuple(lines), shots=tuple(shots))


def _next_decision(state: SkirmishState, dice: Dice) -> Outcome | None:
    if state.result:
        return None
    if state.hits:
        return _place_hits(state, state.hits[0], dice)
    if state.charge is not None:
        return _evade(state, dice)
    if state.phase == "initiative":
        return _reroll(state, dice)
    return None


def _place_hits(state: SkirmishState, h: Hits, dice: Dice) -> Outcome | None:
    members = [state.figures[m] for m in state.groups[h.group].members if state.figures[m].on_table] \
        if h.group in state.groups else []
    if not members:
        return Outcome(state=msgspec.structs.replace(state, hits=state.hits[1:]),
                       lines=(Msg("nobody of {group} is left to take the {count} hit(s)", group=h.group, count=h.count),))
    o = order_for(state, h.side, "hits", [h.group])
    if o is None or o.when != "auto":
        return None
    on = auto_hits(state, h, members)
    out = shooting.allocate(state, on, {}, dice)
    return Outcome(state=out.state, lines=(Msg("standing order: {side} places the hits on {figures}", side=h.side, figures=", ".join(on)),
                                              *out.lines))


def auto_hits(state: SkirmishState, h: Hits, members: list[Figure]) -> list[str]:
    """Rank and file nearest the shooter first, Leaders and special figures last; after three 5s or
    three 6s the nearest special figure takes the first (§Group fire)."""
    t = state.tables
    shooter = state.figures[h.shooter]
    by_gap = sorted(members, key=lambda f: (geo.gap(t, f, shooter), f.id))
    special = [f.id for f in by_gap if is_special(state, f)]
    plain = [f.id for f in by_gap if not is_special(state, f)] or special
    on = [plain[i % len(plain)] for i in range(h.count)]
    if h.forced and special:
        on = [special[0], *on[:h.count - 1]]
    return on


def _evade(state: SkirmishState, dice: Dice) -> Outcome | None:
    c = state.charge
    assert c is not None
    g = group_of(state, c.target)
    o = order_for(state, c.side, "evade", [c.target, *([g.id] if g else [])])
    if o is None:
        return None
    evade = o.when == "always"
    out = melee.resolve_evade(state, c.side, Evade(unit=c.target, evade=evade), dice)
    fire = reactions(out.state, dice, charged=c.target)
    said = (Msg("standing order: {figure} evades", figure=c.target) if evade
            else Msg("standing order: {figure} stands", figure=c.target))
    return Outcome(state=fire.state, lines=(said, *out.lines, *fire.lines), shots=fire.shots)


def _reroll(state: SkirmishState, dice: Dice) -> Outcome | None:
    for cid, c in state.commands.items():
        if not (c.roll and c.rerolls):
            continue
        o = order_for(state, c.side, "reroll", [cid])
        if o is None:
            continue
        faces = tuple(sorted(f for f in c.roll if f < o.value)[:c.rerolls]) if o.when == "below" else ()
        out = initiative.resolve_reroll(state, c.side, Reroll(command=cid, faces=faces), dice)
        return Outcome(state=out.state, lines=(Msg("standing order: {command} {order}", command=cid, order=describe(o)), *out.lines))
    return None
