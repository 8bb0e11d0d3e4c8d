"""What each action does, on the draft the engine gives: the pieces it moves, the dice it rolls
(in a fixed order: a replay asks for the same rolls) and what it says it did."""

from __future__ import annotations

from typing import Any

from events.core import Envelope, Ruling
from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)
from adjudicator.draft import Draft
from adjudicator.ruleset import Step
from adjudicator.i18n import Msg
from adjudicator.localize import Word

from .combat import accepted_target, bombard_roll, fire_roll, melee
from .decide import react, standing_order
from .grid import FACING_NAMES, direction
from .hits import resolve_hit
from .state import Hit, PortableState
from .turn import artillery_complete, end_activation, finish_artillery


def _start(d: Draft[PortableState], uid: str) -> PortableState:
    """The unit's activation begins (ending the previous unit's), or goes on; the working copy."""
    s = d.s
    if uid != s.current:
        s.current, s.activated, s.moved, s.attacked, s.vacated = uid, s.activated + (uid,), -1, False, ""
    return s


def bombard(d: Draft[PortableState], event: Envelope[Bombard]) -> None:
    a = event.action
    gun = d.base.units[a.gun]
    t = accepted_target(d.base, event.actor, a.target)
    hit = bombard_roll(d, gun, t)
    s = d.s
    if hit:
        s.queued = s.queued + (Hit(target=t.id, by=gun.id, origin=gun.square),)
        d.say("the hit on {} is applied when the artillery phase ends", t.id)
    s.bombarded, s.targets, s.engaged = s.bombarded + (gun.id,), {**s.targets, gun.id: t.id}, s.engaged + (gun.id,)


def end_artillery(d: Draft[PortableState], event: Envelope[EndArtillery]) -> None:
    done = d.base.art_done + (event.actor,)
    d.s.art_done = done
    if not artillery_complete(d.base, done):
        d.say("{} has ended its artillery phase", event.actor)
        return
    d.say("artillery phase of turn {} over", d.base.turn)
    finish_artillery(d)


def move(d: Draft[PortableState], event: Envelope[Move]) -> None:
    a = event.action
    s = _start(d, a.unit)
    u = s.units[a.unit]
    start = u.square
    if u.arm == "artillery":  # a gun faces the way of its last step (R17)
        d.update(s.units, u.id,
                 square=a.path[-1], village_turns=-1, facing=direction(a.path[-2] if len(a.path) > 1 else start, a.path[-1]))
    else:
        d.update(s.units, u.id, square=a.path[-1], village_turns=-1)
    path = " -> ".join((start,) + a.path)
    if a.tow:
        d.update(s.units, a.tow, square=start, village_turns=-1)
        s.activated = s.activated + (a.tow,)
        d.say(Msg("{unit} moves {path} ({count} square), towed by {tow}, which follows into {start}",
                  plural="{unit} moves {path} ({count} squares), towed by {tow}, which follows into "
                         "{start}", unit=u.id, path=path,
                  count=len(a.path), tow=a.tow, start=start))
    else:
        d.say(Msg("{unit} moves {path} ({count} square)", plural="{unit} moves {path} ({count} squares)", unit=u.id, path=path,
                  count=len(a.path)))
    s.moved = len(a.path)


def fire(d: Draft[PortableState], event: Envelope[Fire]) -> None:
    a = event.action
    s = _start(d, a.unit)
    u = s.units[a.unit]
    t = accepted_target(d.base, event.actor, a.target)
    hit = fire_roll(d, u, t)
    s.attacked, s.engaged = True, s.engaged + (u.id,)
    if hit:
        resolve_hit(d, t.id, u.square, u.id)


def melee_step(d: Draft[PortableState], event: Envelope[Melee]) -> None:
    a = event.action
    s = _start(d, a.unit)
    u = s.units[a.unit]
    t = accepted_target(d.base, event.actor, a.target)
    s.attacked, s.vacated, s.engaged = True, t.square, s.engaged + (u.id, t.id)
    melee(d, u, t)


def occupy(d: Draft[PortableState], event: Envelope[Occupy]) -> None:
    s = d.s
    d.say("{} occupies {}", event.action.unit, s.vacated)
    d.update(s.units, event.action.unit, square=s.vacated, village_turns=-1)
    s.vacated = ""


def form(d: Draft[PortableState], event: Envelope[Form]) -> None:
    a = event.action
    s = _start(d, a.unit)
    d.say("{} forms {}", a.unit, Word("portable", a.formation))
    d.update(s.units, a.unit, formation=a.formation)
    s.moved, s.attacked = 0, True


def face(d: Draft[PortableState], event: Envelope[Face]) -> None:
    a = event.action
    s = _start(d, a.unit)
    d.say("{} turns to face {}", a.unit, Word("portable", FACING_NAMES[a.facing]))
    d.update(s.units, a.unit, facing=a.facing)
    s.moved, s.attacked = 0, True


def end_activation_step(d: Draft[PortableState], event: Envelope[EndActivation]) -> None:
    end_activation(d)


def ruling(d: Draft[PortableState], event: Envelope[Ruling]) -> None:
    """Ruling R27: the referee's words stand in the log; they change no piece and no rule."""
    d.say("the ruling is recorded as the referee's words: it changes nothing in the game, which goes on as before "
          "(portable has no overrides, ruling R27)")


STEPS: dict[type[Any], Step[PortableState]] = {
    Bombard: bombard, EndArtillery: end_artillery, Move: move, Fire: fire, Melee: melee_step, Occupy: occupy,
    Form: form, Face: face, React: react, StandingOrder: standing_order, EndActivation: end_activation_step,
    Ruling: ruling,
}
