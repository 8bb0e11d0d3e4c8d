"""Conditional and standing orders: what the engine decides on a brigade's or a side's behalf.

The order changes the rules make by themselves: a brigade under Move is under Hold once its
brigadier reaches the objective (§5.9); an order changed on an equal roll (§5.12 optional rule) and
an automatic option declared last turn (§5.6, §5.8) take effect in the command phase; so does Hold
for a brigade whose Attack objective was taken (§5.6). Then the standing orders a side gives
(`standing KIND MODE`) for its decisions in the steps of the turn.
"""

from __future__ import annotations

from typing import Any

from events.brigade import Move
from adjudicator.rulesets.brigade.conduct import check_move, nearest_enemy_unit
from adjudicator.rulesets.brigade.state import Brigade, BrigadeState, Order, Unit, dist


def arrival(s: BrigadeState, brigade: str) -> Order | None:
    """§5.9: the Hold a brigade under Move is given as soon as its brigadier reaches the objective, a
    place or the brigadier of the friendly brigade it moves to (R3); None while it has not."""
    b = s.brigades[brigade]
    if b.order is None or b.order.kind != "move":
        return None
    g = s.generals[b.general]
    obj = b.order.objective
    if obj in s.places:
        tx, ty = s.places[obj].x, s.places[obj].y
    elif obj in s.brigades:
        og = s.generals[s.brigades[obj].general]
        tx, ty = og.x, og.y
    else:
        return None
    if dist(g.x, g.y, tx, ty) > s.tables["areas"]["arrival_inches"]:
        return None
    return Order(kind="hold", objective=obj if obj in s.places else "")


def at_command(s: BrigadeState, b: Brigade) -> dict[str, Any]:
    """§4.2, §5.6, §5.12: the changes to the brigade due at the start of the command phase (none: {})."""
    order, pending, pending_auto, taken = b.order, b.pending, b.pending_auto, b.objective_taken
    if pending is not None:  # §5.12 optional rule: the order changed on an equal roll
        order, pending = pending, None
    if pending_auto is not None:  # §5.6/§5.8 automatic option declared last turn
        order, pending_auto, taken = pending_auto, None, 0
    if order and order.kind == "attack" and 0 < taken < s.turn:
        # §5.6: objective taken -> Hold in the next command phase
        order, taken = Order(kind="hold", objective=order.objective if order.objective in s.places else ""), 0
    if (order, pending, pending_auto, taken) == (b.order, b.pending, b.pending_auto, b.objective_taken):
        return {}
    return {"order": order, "pending": pending, "pending_auto": pending_auto, "objective_taken": taken}


# -- standing orders: what the engine decides on a side's behalf when it comes up -------------------
#
# A side may say in advance how the engine answers a decision of its own (`standing KIND MODE`) rather
# than have the game wait for its post; the report then says that the engine decided, and by which
# order. A side that has posted none is asked ("ask"). The decisions are made here, as the actions a
# side would have posted, each passing the check a posted one meets; apply.py carries them out.

KINDS = {
    "initiative-roll": ("ask", "auto"),  # §4.1, R24: the engine rolls the initiative as each turn begins
    "initiative": ("ask", "take", "give"),  # §4.1: the winner's choice
    "command": ("ask", "pass"),  # §4.2: no order change and no brigadier's initiative in the side's step
    "compulsory": ("ask", "auto"),  # §4.3: the compulsory moves, made by the engine (R33)
    "counter-charge": ("ask", "always", "never"),  # §4.4, R29: as non-phasing player, counter-charges only
    "fire": ("ask", "always", "never"),  # §4.6: every unit that may fires at the nearest enemy unit, or none
}

# the steps of the turn (phases.TURN's names) a standing order can decide, and the kind that does
BY_STEP = {
    "command/non-phasing": "command", "command/phasing": "command",
    "compulsory/phasing": "compulsory", "compulsory/non-phasing": "compulsory",
    "charges/non-phasing": "counter-charge",
    "firing/phasing": "fire", "firing/non-phasing": "fire",
}


def mode(s: BrigadeState, side: str, kind: str) -> str:
    """How `side`'s standing order decides `kind` on its behalf; "ask" when it posted none."""
    return s.standing.get(side, {}).get(kind, "ask")


def said(side: str, kind: str, m: str) -> str:
    """How the report names the standing order the engine acted on."""
    return f"{side}'s standing order: {kind} {m}"


def initiative_roller(s: BrigadeState) -> str:
    """R24: the first side whose standing order rolls the initiative for it; "" when none does."""
    return next((p for p in s.players if mode(s, p, "initiative-roll") == "auto"), "")


def step_order(s: BrigadeState, step: str, side: str) -> tuple[str, str]:
    """The kind and mode of `side`'s standing order that decides the step `step`; ("", "ask") for none."""
    kind = BY_STEP.get(step, "")
    return (kind, mode(s, side, kind)) if kind else ("", "ask")


def away(s: BrigadeState, u: Unit, length: float) -> tuple[float, float] | None:
    """`length` straight away from the nearest enemy unit (§4.3: "строго от вражеского подразделения"),
    stopped at the table's edge; None when no enemy is left."""
    foe = nearest_enemy_unit(s, u)
    if foe is None:
        return None
    d = dist(u.x, u.y, foe.x, foe.y) or 1.0
    return _on_table(s, u.x + (u.x - foe.x) / d * length, u.y + (u.y - foe.y) / d * length)


def _toward(s: BrigadeState, u: Unit, t: Unit, length: float) -> tuple[float, float]:
    """Toward `t`, at most `length`, stopping in contact with it (R7, R30)."""
    d = dist(u.x, u.y, t.x, t.y)
    go = min(length, max(d - 1.05, 0.0))
    return _on_table(s, u.x + (t.x - u.x) / (d or 1.0) * go, u.y + (t.y - u.y) / (d or 1.0) * go)


def _on_table(s: BrigadeState, x: float, y: float) -> tuple[float, float]:
    return round(min(max(x, 0.0), s.width), 2), round(min(max(y, 0.0), s.height), 2)


def _fleeing_foe(s: BrigadeState, u: Unit) -> Unit | None:
    """The enemy unit nearest `u` among those that retreat or rout; else the nearest (None: none left)."""
    fleeing = [t for t in s.units.values() if t.side != u.side and t.status in ("retreating", "routed")]
    return min(fleeing, key=lambda t: dist(u.x, u.y, t.x, t.y), default=None) or nearest_enemy_unit(s, u)


def compulsory_target(s: BrigadeState, u: Unit) -> tuple[float, float] | None:
    """R33: where the engine moves `u` in the compulsory move phase under `compulsory auto`; None when
    it need not move. Retreating and routing units go their full move straight away from the nearest
    enemy unit, a broken brigade's other units their 18" (§4.3); pursuing units go toward the nearest
    enemy unit that retreats or routs (else the nearest), at most their move, stopping in contact."""
    rate = float(s.tables["move_rates"][u.kind])
    if u.status == "pursuing":
        t = _fleeing_foe(s, u)
        return _toward(s, u, t, rate) if t is not None else None
    if u.status in ("retreating", "routed"):
        return away(s, u, rate)
    if s.brigades[u.brigade].morale in ("broken", "mass-panic"):
        return away(s, u, float(s.tables["broken_brigade"]["retreat_inches"]))
    return None


def pulled_back(u: Unit, x: float, y: float) -> list[tuple[float, float]]:
    """The points of the way from `u` to (x, y), from its end back toward `u`, 0.25" apart: where a move
    the rules refuse is tried again shorter (on a unit, R30; nearer the enemy)."""
    d = dist(u.x, u.y, x, y)
    steps = int(d / 0.25)
    return [(round(u.x + (x - u.x) * (1 - i * 0.25 / d), 2), round(u.y + (y - u.y) * (1 - i * 0.25 / d), 2))
            for i in range(steps)] if d > 0 else []


def counter_targets(s: BrigadeState, side: str) -> list[tuple[Unit, Unit]]:
    """R33 under `counter-charge always`: each unit of `side` on the table that an enemy unit charged this
    turn, with the nearest of its chargers (the rules' checks then say which may counter-charge)."""
    out = []
    for u in s.units.values():
        if u.side == side and u.on_table and not u.charged:
            chargers = [t for t in s.units.values() if t.side != side and t.on_table and t.charged_at == u.id]
            if chargers:
                out.append((u, min(chargers, key=lambda t: dist(u.x, u.y, t.x, t.y))))
    return out


def fire_targets(s: BrigadeState, side: str) -> list[tuple[Unit, Unit]]:
    """Under `fire always`: each unit of `side` that has not fired, with the nearest enemy unit (ranges
    are in the missing chapter IX, R11: the checks say which may fire)."""
    out = []
    for u in s.units.values():
        if u.side == side and u.on_table and not u.fired:
            t = nearest_enemy_unit(s, u)
            if t is not None:
                out.append((u, t))
    return out


def compulsory_move(s: BrigadeState, u: Unit) -> tuple[Move | None, str]:
    """R33: the move `compulsory auto` makes for `u` now, the first point of its way back from
    compulsory_target that the rules allow (a posted move's check); (None, why) when none is."""
    there = compulsory_target(s, u)
    if there is None or there == (u.x, u.y):
        return None, ""
    why = ""
    for x, y in pulled_back(u, *there):
        a = Move(piece=u.id, x=x, y=y)
        found = check_move(s, u.side, a, "compulsory", False)
        if not found:
            return a, ""
        why = why or found[0].message
    return None, why

