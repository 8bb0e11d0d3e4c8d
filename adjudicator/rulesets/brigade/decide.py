"""Conditional orders: the order changes the rules make by themselves, on a brigade's behalf.

A brigade under Move is under Hold once its brigadier reaches the objective (§5.9); an order changed
on an equal roll (§5.12 optional rule) and an automatic option declared last turn (§5.6, §5.8) take
effect in the command phase; so does Hold for a brigade whose Attack objective was taken (§5.6).
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.brigade.state import Brigade, BrigadeState, Order, dist


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
