"""Who is who: the figures of a unit, roles, the AV a unit pays by, friends and enemies."""

from __future__ import annotations

from collections.abc import Iterable

from . import geometry as geo
from .state import OK, Figure, Group, SkirmishState


def figures_of(state: SkirmishState, unit: str) -> list[Figure]:
    """A figure alone, or the figures of a group, as they stand now."""
    if unit in state.figures:
        return [state.figures[unit]]
    group = state.groups.get(unit)
    return [state.figures[m] for m in group.members if m in state.figures] if group else []


def group_of(state: SkirmishState, figure: str) -> Group | None:
    f = state.figures.get(figure)
    return state.groups.get(f.group) if f is not None and f.group else None


def is_leader(state: SkirmishState, fig: Figure) -> bool:
    return fig.role in state.tables.roles.leaders


def is_special(state: SkirmishState, fig: Figure) -> bool:
    """Leaders, standard bearers, musicians, Heroes...: they may save a hit (§Group fire)."""
    return fig.role in state.tables.roles.special


def is_officer(state: SkirmishState, fig: Figure) -> bool:
    return fig.role in state.tables.roles.officers


def is_standard(state: SkirmishState, fig: Figure) -> bool:
    return fig.role in state.tables.roles.standards


def is_musician(state: SkirmishState, fig: Figure) -> bool:
    return fig.role in state.tables.roles.musicians


def light(fig: Figure) -> bool:
    """Light troops and Skirmishers may stand in loose order (§Close and loose order)."""
    return fig.has("light") or fig.has("skirmishers") or fig.has("scouts")


def av(state: SkirmishState, figs: Iterable[Figure]) -> tuple[int, int, int]:
    """The AV a figure or group pays by. A group pays as one figure (§Actions); when its figures
    differ, by the dearest of each action (ruling S7). Agitators make it 1/1/1 for the turn."""
    figs = list(figs)
    if not figs:
        return (0, 0, 0)
    command = state.commands.get(figs[0].command)
    if command is not None and command.turn_av is not None:
        return command.turn_av
    return (max(f.av[0] for f in figs), max(f.av[1] for f in figs), max(f.av[2] for f in figs))


def enemies(state: SkirmishState, side: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.side != side and f.on_table]


def friends(state: SkirmishState, side: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.side == side and f.on_table]


def nearest(state: SkirmishState, fig: Figure, among: Iterable[Figure]) -> Figure | None:
    return min((o for o in among if o.id != fig.id), key=lambda o: (geo.gap(state.tables, fig, o), o.id), default=None)


def ok(fig: Figure) -> bool:
    return fig.status == OK
