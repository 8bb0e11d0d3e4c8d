"""Legal actions for the side (or referee) whose decision it is, and the policy of random play:
they drive `simulate` and `adjudicator options`. Every action listed passes the phase table's gate
and the action's check.

The list offers one representative of each kind of decision (a move straight at the
nearest enemy or straight away from it, a charge at the nearest enemy, a spread of
referee results), not every point of the table.
"""

from __future__ import annotations

import math

import msgspec

from events import brigade as ev
from events.core import REFEREE, Action
from adjudicator.rulesets.brigade.conduct import (MUST_MOVE_COMPULSORY, check_move, exempt, move_rate, obeyed, ways,
                                                  nearest_enemy_unit)
from adjudicator.rulesets.brigade.decide import KINDS, away
from adjudicator.rulesets.brigade.phases import PHASES, whose
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, BrigadeState, Unit, dist, units_of
from adjudicator.rulesets.brigade.validate import CHECKS, SEALING

SIM_ORDER_SETS = 3


def _legal(state: BrigadeState, actor: str, a: Action) -> bool:
    """The game takes `a` from `actor` now: it passes the phase's gate, then its own check."""
    check = CHECKS.get(type(a))
    return not PHASES.gate(state, actor, a) and not (check is not None and check(state, actor, a))


def _ok(state: BrigadeState, actor: str, acts: list[Action]) -> list[Action]:
    return [a for a in acts if _legal(state, actor, a)]


# -- written orders: a few fixed sets, for `options` and random play ---------------

def sim_orders(state: BrigadeState, side: str, k: int) -> tuple[str, ...]:
    enemy = state.other(side)
    keys = sorted(state.places)
    enemy_brigades = sorted(b.id for b in state.brigades.values() if b.side == enemy)
    own = sorted(b.id for b in state.brigades.values() if b.side == side)
    lines = []
    for i, b in enumerate(own):
        pick = (i + k) % 4
        if pick == 0:
            lines.append(f"{b} attack {keys[(i + k) % len(keys)]}")
        elif pick == 1:
            lines.append(f"{b} engage {enemy_brigades[(i * 3 + k) % len(enemy_brigades)]}")
        elif pick == 2:
            lines.append(f"{b} hold {keys[(i + 2 * k) % len(keys)]}")
        else:
            lines.append(f"{b} support {own[(i + 1) % len(own)]} left" if len(own) > 1 else f"{b} hold")
    return tuple(lines)


def sealable_orders(state: BrigadeState, side: str) -> list[tuple[str, ...]]:
    """§5.5, R32: a few sets of written orders `side` may seal now, before or after its skill rolls (far
    from all it may write). No commitment is made here: only a salt of the side's own (`adjudicator
    seal`, or random play's generator) keeps its orders secret."""
    if state.phase not in SEALING or side not in state.sides or state.sides[side].orders_label:
        return []
    return [sim_orders(state, side, k) for k in range(SIM_ORDER_SETS)]


# -- geometry helpers --------------------------------------------------------

def _step_toward(state: BrigadeState, x: float, y: float, tx: float, ty: float, length: float) -> tuple[float, float]:
    d = dist(x, y, tx, ty)
    if d < 1e-9:
        return x, y
    f = min(1.0, length / d)
    nx, ny = x + (tx - x) * f, y + (ty - y) * f
    return round(min(max(nx, 0.0), state.width), 2), round(min(max(ny, 0.0), state.height), 2)


def _away_from_all(state: BrigadeState, u: Unit, length: float) -> tuple[float, float] | None:
    enemies = [t for t in state.units.values() if t.side != u.side and t.on_table]
    if not enemies:
        return None
    cx, cy = sum(t.x for t in enemies) / len(enemies), sum(t.y for t in enemies) / len(enemies)
    dx, dy = u.x - cx, u.y - cy
    d = math.hypot(dx, dy) or 1.0
    return _step_toward(state, u.x, u.y, u.x + dx / d * length, u.y + dy / d * length, length)


def _allowed(state: BrigadeState, u: Unit, p: tuple[float, float] | None) -> tuple[float, float] | None:
    """A point the rules let `u` move to now (on no other unit, R30, among the rest): `p`, else the move
    turned aside, else shortened; None when there is none."""
    if p is None:
        return None
    dx, dy = p[0] - u.x, p[1] - u.y
    for f in (1.0, 0.75, 0.5, 0.25):
        for turn in (0.0, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05, 1.4, -1.4):  # radians: 20, 40, 60, 80 degrees aside
            c, sn = math.cos(turn) * f, math.sin(turn) * f
            q = (round(min(max(u.x + dx * c - dy * sn, 0.0), state.width), 2),
                 round(min(max(u.y + dx * sn + dy * c, 0.0), state.height), 2))
            if q != (u.x, u.y) and not check_move(state, u.side, ev.Move(piece=u.id, x=q[0], y=q[1]), state.phase, False):
                return q
    return None


def _obeying(state: BrigadeState, u: Unit, order: str, p: tuple[float, float] | None) -> tuple[float, float] | None:
    """`p`, or where a unit turned aside (R30) still does the half move its Attack or Withdraw order asks
    (§5.6, §5.11), or its side could not end its moves: the first such way the rules leave (R34), if any."""
    if order not in ("attack", "withdraw") or (order == "attack" and exempt(u)):
        return p
    advance = order == "attack"
    if p and obeyed(state, msgspec.structs.replace(u, x=p[0], y=p[1], moved="movement"), advance):
        return p
    return next((q for q in ways(state, u, advance)
                 if not check_move(state, u.side, ev.Move(piece=u.id, x=q[0], y=q[1]), state.phase, False)), p)


def _contact(state: BrigadeState, u: Unit, reach: float) -> tuple[float, float] | None:
    """A point in contact (1.05") with one of the three enemy units nearest `u`, within `reach` of it and
    allowed now (on no other unit, R30): the nearest side of the nearest first, then round it."""
    foes = sorted((t for t in state.units.values() if t.side != u.side and t.on_table),
                  key=lambda t: dist(u.x, u.y, t.x, t.y))[:3]
    for t in foes:
        d = dist(u.x, u.y, t.x, t.y) or 1.0
        ax, ay = (u.x - t.x) / d, (u.y - t.y) / d
        for k in range(12):  # round the enemy unit, nearest side first
            turn = (k + 1) // 2 * 0.5 * (1 if k % 2 else -1)
            c, sn = math.cos(turn), math.sin(turn)
            q = (round(t.x + 1.05 * (ax * c - ay * sn), 2), round(t.y + 1.05 * (ax * sn + ay * c), 2))
            if (0 <= q[0] <= state.width and 0 <= q[1] <= state.height and dist(u.x, u.y, *q) <= reach
                    and not check_move(state, u.side, ev.Move(piece=u.id, x=q[0], y=q[1]), state.phase, False)):
                return q
    return None


def _moves(state: BrigadeState, side: str) -> list[Action]:
    acts: list[Action] = []
    phase = state.phase
    for u in state.units.values():
        if u.side != side or not u.on_table or u.moved == phase:
            continue
        rate = move_rate(state, u.kind)
        b = state.brigades[u.brigade]
        if phase == "compulsory":
            if u.status in MUST_MOVE_COMPULSORY or b.morale != "steady":
                limit = rate if u.status in MUST_MOVE_COMPULSORY else state.tables["broken_brigade"]["retreat_inches"]
                p = _allowed(state, u, away(state, u, limit - 0.01))
                if p:
                    acts.append(ev.Move(piece=u.id, x=p[0], y=p[1]))
            continue
        order = b.order.kind if b.order else "hold"
        t = nearest_enemy_unit(state, u)
        if t is None:
            continue
        if order == "withdraw":
            p = away(state, u, rate - 0.01)
            q = _obeying(state, u, order, _allowed(state, u, _away_from_all(state, u, rate - 0.01)))
            if q and q != p and q != (u.x, u.y):
                acts.append(ev.Move(piece=u.id, x=q[0], y=q[1]))
        elif order == "hold" and b.order and b.order.objective in state.places:
            pl = state.places[b.order.objective]
            p = _step_toward(state, u.x, u.y, pl.x, pl.y, min(rate - 0.01, max(dist(u.x, u.y, pl.x, pl.y) - 2, 0)))
        else:
            gap = dist(u.x, u.y, t.x, t.y)
            p = _step_toward(state, u.x, u.y, t.x, t.y, min(rate - 0.01, max(gap - 1.05, 0.0)))  # contact, not on it (R30)
            if gap - 1.05 <= rate - 0.01:  # in reach: contact beside the friends already there
                p = _contact(state, u, rate - 0.01) or p
        p = _allowed(state, u, p)
        p = _obeying(state, u, order, p)
        if p and p != (u.x, u.y):
            acts.append(ev.Move(piece=u.id, x=p[0], y=p[1]))
    if phase == "movement":
        for g in state.generals.values():
            if g.side != side or g.fate != "present" or g.moved == phase or not g.brigade:
                continue
            units = [u for u in units_of(state, g.brigade) if u.on_table]
            if units:
                cx = sum(u.x for u in units) / len(units)
                cy = sum(u.y for u in units) / len(units)
                p = _step_toward(state, g.x, g.y, cx, cy, move_rate(state, "general") - 0.01)
                if p != (g.x, g.y):
                    acts.append(ev.Move(piece=g.id, x=p[0], y=p[1]))
    return acts


def _charges(state: BrigadeState, side: str) -> list[Action]:
    acts: list[Action] = []
    for u in state.units.values():
        if u.side != side or not u.on_table or u.charged or u.kind in ARTILLERY:
            continue
        t = nearest_enemy_unit(state, u)
        if t is None or dist(u.x, u.y, t.x, t.y) > 18:
            continue
        for kind in ("charge", "counter", "opportunity") if u.kind in CAVALRY else ("charge", "counter"):
            acts.append(ev.Charge(unit=u.id, target=t.id, kind=kind))
    return acts


def _fires(state: BrigadeState, side: str) -> list[Action]:
    acts: list[Action] = []
    for u in state.units.values():
        if u.side == side and u.on_table and not u.fired and u.kind not in CAVALRY:
            t = nearest_enemy_unit(state, u)
            if t is not None and dist(u.x, u.y, t.x, t.y) <= 24:
                acts.append(ev.Fire(unit=u.id, target=t.id))
    return acts


def _command(state: BrigadeState, side: str) -> list[Action]:
    acts: list[Action] = []
    enemy = state.other(side)
    targets = {"attack": sorted(state.places)[:2], "hold": [""] + sorted(state.places)[:1],
               "engage": sorted(b.id for b in state.brigades.values() if b.side == enemy)[:1]}
    for b in state.brigades.values():
        if b.side != side:
            continue
        for kind, objs in targets.items():
            for obj in objs:
                acts.append(ev.ChangeOrder(brigade=b.id, order=kind, objective=obj))
        acts.append(ev.BrigadierInitiative(brigade=b.id, order="withdraw"))
        acts.append(ev.BrigadierInitiative(brigade=b.id, order="hold"))
        acts.append(ev.AutomaticOrder(brigade=b.id, order="hold", reason="repulsed"))
        acts.append(ev.AutomaticOrder(brigade=b.id, order="hold", reason="supported-broken"))
    return acts


def _referee(state: BrigadeState) -> list[Action]:
    """A spread of results for the referee's step (R12): casualties for the open rolls, then what the
    step resolves."""
    acts: list[Action] = []
    for r in state.open_rolls.values():  # a roll's casualties are entered once (R12)
        if r.unit in state.units and state.units[r.unit].on_table and "casualties" not in r.entered:
            n = 0 if r.total <= 5 else 1 if r.total <= 8 else 3
            acts.append(ev.Casualties(unit=r.unit, count=n, roll_seq=r.seq))
    if state.phase in ("charge-results", "melee"):
        acts += _fights(state)
    elif state.phase == "morale":
        acts += _morale(state)
    return acts


def _fights(state: BrigadeState) -> list[Action]:
    """Charge and melee results for the units that charged or stand within 4" of the enemy, and the
    generals caught in a melee."""
    acts: list[Action] = []
    melee = state.phase == "melee"
    engaged = [u for u in state.units.values() if u.on_table and u.charged]
    for u in state.units.values():
        if u.on_table:
            t = nearest_enemy_unit(state, u)
            if t is not None and dist(u.x, u.y, t.x, t.y) <= 4:
                engaged.append(u)
    for u in engaged:
        if u.status == "formed":
            acts.append(ev.UnitStatus(unit=u.id, status="disordered"))
        if melee:
            acts.append(ev.Casualties(unit=u.id, count=max(1, u.start_strength // 8)))
            if u.status != "retreating":
                acts.append(ev.UnitStatus(unit=u.id, status="retreating"))
    for g in state.generals.values() if melee else ():
        if g.fate == "present" and any(u.side != g.side and u.on_table and dist(u.x, u.y, g.x, g.y) <= 2
                                       for u in state.units.values()):
            acts.append(ev.GeneralFate(general=g.id, fate="wounded"))
            acts.append(ev.GeneralFate(general=g.id, fate="lost"))
    return acts


def _morale(state: BrigadeState) -> list[Action]:
    """Units rallying or routing (before any brigade result, §4.8), brigades breaking, key points taken."""
    acts: list[Action] = []
    if not state.brigade_tested:
        for u in state.units.values():
            if u.on_table and u.status in ("disordered", "retreating", "wavering"):
                acts.append(ev.UnitStatus(unit=u.id, status="routed" if u.status == "retreating" else "formed"))
    for b in state.brigades.values():
        units = units_of(state, b.id)
        if b.morale == "steady" and sum(1 for u in units if not u.on_table or u.status == "routed") * 2 >= len(units):
            acts.append(ev.BrigadeMorale(brigade=b.id, result="broken"))
    for p in state.places.values():
        for side in state.players if p.key else ():
            if p.holder != side and any(u.side == side and u.on_table and dist(u.x, u.y, p.x, p.y) <= 3
                                        for u in state.units.values()):
                acts.append(ev.Control(place=p.id, side=side))
    return acts


def legal_actions(state: BrigadeState, actor: str) -> list[Action]:
    if state.over:
        return []
    if state.phase == "skills":
        return _ok(state, actor, [ev.RollSkills()])
    if state.phase in ("orders", "orders-reveal"):
        return []  # written orders are the side's own to seal (sealable_orders) and to open: only it holds the salt
    if state.phase == "initiative":
        return _ok(state, actor, [ev.RollInitiative()] if state.step == 0 else
                   [ev.ChooseInitiative(take=True), ev.ChooseInitiative(take=False)])
    side = whose(state)
    if actor not in (side, REFEREE):
        return []
    acts: list[Action] = []
    if state.phase == "command":
        acts = _command(state, side)
    elif state.phase in ("compulsory", "movement"):
        acts = _moves(state, side)
    elif state.phase == "charges":
        acts = _charges(state, side)
    elif state.phase == "firing":
        acts = _fires(state, side)
    elif side == REFEREE:
        acts = _referee(state)
    return _ok(state, actor, acts + [ev.Done()])

def standing_orders(state: BrigadeState, side: str) -> list[Action]:
    """Every decision `side` may leave to the engine, left to it (the first mode of each kind that is
    not `ask`): what scripted play and the hand-offs benchmark give before the first turn."""
    return [ev.Standing(kind=kind, mode=next(m for m in modes if m != "ask")) for kind, modes in KINDS.items()]


# What ends or declines (scripted play takes it when nothing else is left, or at times)
RESTS = (ev.Done,)
