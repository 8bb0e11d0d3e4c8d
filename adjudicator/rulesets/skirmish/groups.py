"""Groups: forming one, keeping it together, close and loose order, column and line.

seed 001 §Fighters and groups; §Groups and formations; §Close and loose order; §Special rules:
Leader, Musician, Skirmishers, Fast mob.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import ChangeOrder, FormGroup

from . import geometry as geo
from .results import Msg, Outcome, word
from .codes import violation
from .state import Figure, Group, SkirmishState
from .units import is_leader, is_musician, light


def spacing(state: SkirmishState, order: str) -> float:
    t = state.tables.groups
    return t.loose_spacing if order == "loose" else t.spacing


def leader_reach(state: SkirmishState, figs: Sequence[Figure]) -> float:
    """10 cm; a Musician in the group doubles it (§Special rules: Musician)."""
    t = state.tables.groups
    return t.leader * (t.musician_factor if any(is_musician(state, f) and f.status == "ok" for f in figs) else 1)


def coherency(state: SkirmishState, figs: Sequence[Figure], leader: Figure | None, order: str) -> list[Violation]:
    """The figures keep at most 3 cm (8 cm in loose order) between them, in one chain, and the
    Leader is within 10 cm of them (of the nearest: ruling S6)."""
    t = state.tables
    rank = [f for f in figs if leader is None or f.id != leader.id]
    if not geo.chained(t, rank, spacing(state, order)):
        return [violation("group/apart" if order == "close" else "group/apart-loose",
                          Msg('the figures are not within {spacing:g} cm of one another', spacing=spacing(state, order)))]
    if leader is not None and rank and geo.nearest_gap(t, leader, rank) > leader_reach(state, figs):
        return [violation("group/leader-far", Msg('the Leader {leader} is more than {leader_reach:g} cm from the figures', leader=leader.id, leader_reach=leader_reach(state, figs)))]
    return []


def formation(state: SkirmishState, figs: Sequence[Figure], facing: float, shape: str) -> list[Violation]:
    """A march column is longer than wide and at most 2 figures wide; a line wider than long, in
    1 to 3 ranks (§Groups and formations; measured on the bases' centres along the facing)."""
    if not shape or len(figs) < 2:
        return []
    t = state.tables
    depth, width = geo.extent(figs, facing)
    base = max(geo.diameter(t, f) for f in figs)
    if shape == "column":
        files = width / (base + t.groups.spacing) + 1
        if depth <= width or files > t.formations.column_files + 1e-6:
            return [violation("group/column", Msg('a march column is longer than it is wide and at most 2 figures wide'))]
        return []
    if shape == "line":
        if width <= depth or len(geo.ranks(t, figs, facing)) > t.formations.line_ranks:
            return [violation("group/line", Msg('a line is wider than it is long, in 1 to 3 ranks'))]
        return []
    return [violation("group/formation", Msg('no formation {shape}: column, line or none', shape=repr(shape)))]


def validate_group(state: SkirmishState, group: Group) -> list[Violation]:
    figs = [state.figures[m] for m in group.members if m in state.figures and state.figures[m].on_table]
    if len(figs) < 2:
        return [violation("group/size", Msg('{group}: a group is two figures or more', group=group.id))]
    leader = state.figures.get(group.leader) if group.leader else None
    out = coherency(state, figs, leader, group.order)
    return out or formation(state, figs, group.facing, group.formation)


def validate_form(state: SkirmishState, side: str, gid: str, leader: str, members: Sequence[str], order: str,
                  shape: str, facing: float | None) -> list[Violation]:
    if not gid or gid in state.figures or gid in state.guns or gid in state.markers:
        return [violation("group/id", Msg('{group} cannot name a group: it is empty or names something else', group=repr(gid)))]
    if gid in state.groups and state.groups[gid].side != side:
        return [violation("group/id", Msg("{group} is the enemy's group", group=gid))]
    ids = list(dict.fromkeys([leader, *members]))
    figs = [state.figures.get(m) for m in ids]
    if any(f is None for f in figs):
        return [violation("group/unknown", Msg('every member must be a figure on the table'))]
    figs_ = [f for f in figs if f is not None]
    if any(f.side != side or not f.on_table for f in figs_):
        return [violation("group/not-yours", Msg('a group is made of your own figures on the table'))]
    lead = state.figures[leader]
    if not is_leader(state, lead):
        return [violation("group/no-leader", Msg('{leader} is not a Leader: a group exists only under one', leader=leader))]
    if len({f.arm for f in figs_}) > 1:
        return [violation("group/mixed", Msg('cavalry and foot cannot form one group'))]
    if len(figs_) < 2:
        return [violation("group/size", Msg('a group is two figures or more'))]
    if order not in ("close", "loose"):
        return [violation("group/order", Msg('order is close or loose, not {order}', order=repr(order)))]
    rank = [f for f in figs_ if f.id != leader]
    if order == "loose" and not all(light(f) for f in rank):
        return [violation("group/loose", Msg('only light troops (and Skirmishers) stand in loose order'))]
    if order == "close" and any(f.has("skirmishers") for f in rank):
        return [violation("group/skirmishers-close", Msg('Skirmishers never stand in close order'))]
    if shape and any(f.has("fast-mob") for f in rank) and order != "close":
        return [violation("group/fast-mob", Msg('a Fast mob always moves in close order'))]
    face = facing if facing is not None else lead.facing
    return coherency(state, figs_, lead, order) or formation(state, rank, face, shape)


def apply_form(state: SkirmishState, side: str, gid: str, leader: str, members: Sequence[str], order: str,
               shape: str, facing: float | None) -> Outcome:
    """Forming or re-forming a group is free (ruling S6); its figures leave any other group, and a
    group left with fewer than two figures or without its Leader is no more."""
    ids = tuple(dict.fromkeys([leader, *members]))
    groups: dict[str, Group] = {}
    for g in state.groups.values():
        if g.id == gid:
            continue
        left = tuple(m for m in g.members if m not in ids)
        if len(left) >= 2 and g.leader in left:
            groups[g.id] = msgspec.structs.replace(g, members=left)
    face = facing if facing is not None else state.figures[leader].facing
    groups[gid] = Group(id=gid, side=side, leader=leader, members=ids, order=order, formation=shape, facing=face)
    figures = dict(state.figures)
    for fid, f in state.figures.items():
        now = gid if fid in ids else (f.group if f.group in groups else "")
        if now != f.group:
            figures[fid] = msgspec.structs.replace(f, group=now)
    return Outcome(state=msgspec.structs.replace(state, groups=groups, figures=figures),
                   lines=(_formed(gid, leader, ", ".join(i for i in ids if i != leader), order, shape),))


def _formed(gid: str, leader: str, members: str, order: str, shape: str) -> Msg:
    said = (Msg("{group}: {leader} leads {members} in close order", group=gid, leader=leader, members=members) if order == "close"
            else Msg("{group}: {leader} leads {members} in loose order", group=gid, leader=leader, members=members))
    return Msg("{formed}, {shape}", formed=said, shape=word(shape)) if shape else said


def _order_violations(state: SkirmishState, gid: str, order: str) -> list[Violation]:
    group = state.groups.get(gid)
    if group is None:
        return [violation("group/not-group", Msg('changing order is a group action'))]
    if order not in ("close", "loose") or order == group.order:
        return [violation("group/order", Msg('{group} is in {order} order already or {order2} is no order', group=gid, order=group.order, order2=repr(order)))]
    figs = [state.figures[m] for m in group.members if m != group.leader]
    if order == "loose" and not all(light(f) for f in figs):
        return [violation("group/loose", Msg('only light troops stand in loose order'))]
    if order == "close" and any(f.has("skirmishers") for f in figs):
        return [violation("group/skirmishers-close", Msg('Skirmishers never stand in close order'))]
    return []


def change_order(state: SkirmishState, gid: str, order: str) -> Outcome:
    g = state.groups[gid]
    return Outcome(state=msgspec.structs.replace(state, groups={**state.groups, gid: msgspec.structs.replace(g, order=order)}),
                   lines=(Msg("{group} forms close order", group=gid) if order == "close"
                          else Msg("{group} forms loose order", group=gid),))



def validate_change_order(state: SkirmishState, side: str, action: ChangeOrder) -> list[Violation]:
    """Changing order is a group action of its activation (§Close and loose order)."""
    from . import actions

    return actions.check_next(state, side, action.unit, "order") or _order_violations(state, action.unit, action.order)


def resolve_change_order(state: SkirmishState, side: str, action: ChangeOrder, dice: Dice) -> Outcome:
    from . import actions

    out = change_order(state, action.unit, action.order)
    return Outcome(state=actions.step(out.state), lines=out.lines)


def validate_form_group(state: SkirmishState, side: str, action: FormGroup) -> list[Violation]:
    """Forming a group is free, between activations of the side acting (ruling S6), or at set-up."""
    if state.phase == "activation":
        if state.commands[state.active].side != side:
            return [violation("turn/not-yours", Msg("it is {active}'s part of the turn, not {side}'s", active=state.active, side=side))]
        if state.activation is not None:
            return [violation("activation/busy", Msg('{unit} has not finished its declared actions', unit=state.activation.unit))]
    elif state.phase not in ("deployment", "initiative"):
        return [violation("turn/not-activation", Msg('no groups are formed in the {phase} phase', phase=state.phase))]
    return validate_form(state, side, action.group, action.leader, action.members, action.order, action.formation,
                         action.facing)


def resolve_form_group(state: SkirmishState, side: str, action: FormGroup, dice: Dice) -> Outcome:
    return apply_form(state, side, action.group, action.leader, action.members, action.order, action.formation,
                      action.facing)
