"""The owner's choice after a hit that allows it (seed 002, hit reaction; rulings R10, R22): retreat
one square or lose 1 SP. A standing order (`standing order [UNIT] retreat|lose|ask`, for the unit,
else for the army) makes it without asking; otherwise the game waits for the owner's `react`."""

from __future__ import annotations

from events.core import REFEREE, Envelope
from events.portable import React, StandingOrder
from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.localize import Word

from . import codes as C
from .board import own_unit, where
from .losses import choose, lose_sp, retreat_squares
from .state import Decision, PortableState, Unit

CHOICES = ("retreat", "lose")
STANDING = ("retreat", "lose", "ask")


def standing_choice(s: PortableState, u: Unit) -> str:
    """The unit's standing order, else its army's; `ask` waits for the owner (R22)."""
    return s.standing.get(u.id) or s.standing.get(u.side) or "ask"


def owner_chooses(d: Draft[PortableState], u: Unit, origin: str, by: str) -> None:
    """The hit on `u` from `origin` lets its owner retreat or lose 1 SP."""
    if not retreat_squares(d.s, d.index(), u, origin):
        d.say("{} cannot retreat", u.id)
        lose_sp(d, u.id, 1)
        return
    choice = standing_choice(d.s, u)
    decision = Decision(unit=u.id, side=u.side, origin=origin, by=by)
    if choice in CHOICES:
        d.say("standing order for {}: {}", u.id, Word("portable", choice))
        choose(d, decision, choice, "")
        return
    d.say("{} must choose for {}: react {} retreat [SQUARE] or react {} lose", u.side, u.id, u.id, u.id)
    d.s.pending = d.s.pending + (decision,)


# -- react -------------------------------------------------------------------------

def check_react(s: PortableState, actor: str, a: React) -> list[Violation]:
    x = next((x for x in s.pending if x.unit == a.unit), None)
    if x is None:
        return violation("react/nothing", C.HITS, "no hit on {unit} waits for its owner's choice", unit=a.unit)
    if x.side != actor:
        return violation("react/not-yours", C.HITS, "the choice for {unit} is {side}'s", unit=a.unit, side=x.side)
    if a.choice not in CHOICES:
        return violation("react/choice", C.HITS, "the choice is retreat (one square back) or lose (1 SP)")
    if a.choice == "retreat":
        options = retreat_squares(s, where(s), s.units[a.unit], x.origin)
        if not options:
            return violation("react/cannot-retreat", C.HITS, "{unit} has no square to retreat to: it loses 1 SP (react {unit} "
                                                             "lose)", unit=a.unit)
        if a.square and a.square not in options:
            return violation("react/bad-square", C.HITS,
                             "{square} is not one square back from the attack; {unit} may retreat to {options} "
                             "(R10)", square=a.square, unit=a.unit, options=', '.join(options))
    return []


def react(d: Draft[PortableState], event: Envelope[React]) -> None:
    a = event.action
    pending = d.base.pending
    i = next(i for i, x in enumerate(pending) if x.unit == a.unit)
    d.s.pending = pending[:i] + pending[i + 1:]
    choose(d, pending[i], a.choice, a.square)


# -- standing orders ---------------------------------------------------------------

def check_standing(s: PortableState, actor: str, a: StandingOrder) -> list[Violation]:
    if actor == REFEREE:
        return violation("actor/referee", C.SEQUENCE, "the referee posts notes and rulings; units are commanded by their side")
    if a.unit:
        _, found = own_unit(s, actor, a.unit)
        if found:
            return found
    if a.choice not in STANDING:
        return violation("standing/choice", C.HITS, "a standing order is retreat, lose or ask")
    return []


def standing_order(d: Draft[PortableState], event: Envelope[StandingOrder]) -> None:
    a = event.action
    key = a.unit or event.actor
    d.say("standing order for {}: {} when a hit gives the choice", key, Word("portable", a.choice))
    d.s.standing = {**d.base.standing, key: a.choice}

