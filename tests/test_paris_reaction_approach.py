"""Seed 000 §8.2, ruling R46: cavalry may retreat in reaction only when infantry approaches it.

«Отступление: если вражеский отряд расходует очки движения или собирается на дистанции в 2 поля или
меньше, отряд может расходовать всю свою норму движения на то, чтобы уйти [...] Этот выбор доступен
только для отрядов пехоты с приказом «Сбор» или кавалерии (с любым приказом), к которым приближается
пехота» (retreat: when an enemy unit spends movement points or rallies within 2 hexes, the unit may
spend its whole movement to get away [...] only infantry under Rally, or cavalry (under any order)
that infantry approaches)."""

from __future__ import annotations

import msgspec

from events.paris import React
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import Window
from test_paris_helpers import RS, acting, new_state, only, place, refuse


def _state(event: str, came_from: str = ""):
    """Picardie (Catholic infantry) at 1010, two hexes from Condé's gendarmes at 1210; a window opened
    by Picardie's `event` offers the gendarmes a reaction."""
    s = only(new_state(), "conde-g1", "picardie")
    s = place(s, "conde-g1", "1210", "N")
    s = place(s, "picardie", "1010", "S")
    s = acting(s, s.units["picardie"].wing)
    win = Window(trigger="picardie", event=event, came_from=came_from, react=("conde-g1",))
    return msgspec.structs.replace(s, phase="react", acting_unit="picardie", window=win)


def _retreat(s):
    away = [h for h in hexgrid.neighbours("1210", s.layout)
            if hexgrid.distance(h, "1010", s.layout) > 2 and h not in {u.hex for u in s.units.values()}]
    return React(unit="conde-g1", kind="retreat", path=(sorted(away)[0],))


def _offered(s):
    return [a for a in RS.legal_actions(s, s.units["conde-g1"].side) if isinstance(a, React) and a.kind == "retreat"]


def test_cavalry_retreats_from_infantry_that_steps_nearer():
    s = _state("enter", came_from="0910")  # from three hexes away to two
    assert refuse(s, s.units["conde-g1"].side, _retreat(s)) == []
    assert _offered(s)


def test_cavalry_does_not_retreat_from_infantry_that_turns_or_keeps_its_distance():
    for s in (_state("turn"), _state("rally"), _state("enter", came_from="1011")):
        assert hexgrid.distance("1011", "1210", s.layout) <= hexgrid.distance("1010", "1210", s.layout) or s.window.event != "enter"
        codes = [v.code for v in refuse(s, s.units["conde-g1"].side, _retreat(s))]
        assert codes == ["react/retreat-eligible"], (s.window, codes)
        assert _offered(s) == []
        # it may still turn in reaction: the enemy spent movement points within 2 hexes
        assert any(isinstance(a, React) and a.kind == "turn" for a in RS.legal_actions(s, s.units["conde-g1"].side))
