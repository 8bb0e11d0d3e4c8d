"""A phase's `may`: the sides that may take its actions can be more than the sides the game waits
for (a side that need not act, but may), and the gate lets exactly those through."""

from __future__ import annotations

import msgspec

from events.core import REFEREE
from events.freeform import EndTurn
from adjudicator.phases import Phase, Phases


class Toy(msgspec.Struct, kw_only=True, dict=True):
    sides: tuple[str, ...] = ("red", "blue", "green")
    must: tuple[str, ...] = ("red",)  # who the game waits for
    done: tuple[str, ...] = ("green",)  # who may no longer act


def _table(may: bool) -> Phases[Toy]:
    return Phases(current=lambda s: "fire", table=(
        Phase("fire", "toy §1", (EndTurn,), deciders=lambda s: s.must, prompt=lambda s, side: "fire, then end",
              may=(lambda s: [x for x in s.sides if x not in s.done]) if may else None),
    ))


def test_the_game_waits_only_for_the_deciders():
    assert [a.side for a in _table(may=True).awaiting(Toy())] == ["red"]


def test_a_side_that_may_act_passes_the_gate_though_it_is_not_awaited():
    phases = _table(may=True)
    assert phases.gate(Toy(), "red", EndTurn()) == []
    assert phases.gate(Toy(), "blue", EndTurn()) == []
    (v,) = phases.gate(Toy(), "green", EndTurn())
    assert v.code == "end-turn/not-yours" and v.rule == "toy §1" and "red's decision now (fire, then end)" in v.message
    assert [v.code for v in phases.gate(Toy(), REFEREE, EndTurn())] == ["end-turn/not-yours"]


def test_without_may_only_the_deciders_pass():
    phases = _table(may=False)
    assert phases.gate(Toy(), "red", EndTurn()) == []
    assert [v.code for v in phases.gate(Toy(), "blue", EndTurn())] == ["end-turn/not-yours"]
