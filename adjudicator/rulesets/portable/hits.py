"""What a hit does (seed 002, hit reaction): the class table, the cavalry-against-line table,
the unit in square, the commander in the hit unit's square; a retreat or a loss of strength, or
the owner's choice between them (decide.py)."""

from __future__ import annotations

from adjudicator.draft import Draft
from adjudicator.localize import Word

from .board import commanders_at
from .decide import owner_chooses
from .losses import army_loses, destroy, lose_sp, remove
from .state import PortableState, Unit


def commander_checks(d: Draft[PortableState], u: Unit) -> None:
    """2d6 for each commander in the hit unit's square: 12 killed, 11 wounded -2 SP (seed 002)."""
    table = d.s.tables["commander_hit"]
    for c in commanders_at(d.s, d.index(), u.square, u.side):
        total = sum(d.dice.roll(f"commander {c.id} with hit {u.id}", table["dice"], side=c.side))
        if total >= int(table["killed_on"]):
            d.say("commander {} is killed ({}): {} SP count towards exhaustion", c.id, total, c.sp)
            army_loses(d, c.side, c.sp)
            remove(d, c.id)
        elif total >= int(table["wounded_on"]):
            wound = min(int(table["wound_sp"]), c.sp)
            d.say("commander {} is wounded ({}): -{} SP", c.id, total, wound)
            army_loses(d, c.side, wound)
            if c.sp - wound <= 0:
                remove(d, c.id)
            else:
                d.update(d.s.units, c.id, sp=c.sp - wound)
        else:
            d.say("commander {} is unharmed ({})", c.id, total)


def _charged_in_line(d: Draft[PortableState], u: Unit) -> None:
    """Infantry in line hit by cavalry in close combat: the second table (seed 002; R15)."""
    table = d.s.tables["cavalry_vs_line"]
    roll = d.dice.roll(f"infantry in line {u.id} charged by cavalry", table["dice"], side=u.side)[0]
    if roll <= int(table["destroyed_on_or_below"][u.cls]):
        d.say("{} ({}) in line rolls {} against cavalry", u.id, Word("portable", u.cls), roll)
        destroy(d, u.id)
        return
    d.say("{} ({}) rolls {}: loses 1 SP and forms square at once (not an activation)", u.id, Word("portable", u.cls), roll)
    lose_sp(d, u.id, 1)
    if u.id in d.s.units:
        d.update(d.s.units, u.id, formation="square")


def resolve_hit(d: Draft[PortableState], target: str, origin: str, by: str, cavalry_charge: bool = False) -> None:
    """One hit on `target` from a unit at `origin`."""
    u = d.s.units.get(target)
    if u is None:
        return
    d.say("hit on {} (by {})", target, by)
    commander_checks(d, u)
    if cavalry_charge and u.arm == "infantry" and u.formation == "line":
        _charged_in_line(d, u)
        return
    if u.arm == "infantry" and u.formation == "square":
        d.say("{} is in square: no roll", target)
        lose_sp(d, target, 1)
        return
    table = d.s.tables["hit_reaction"]
    roll = d.dice.roll(f"hit reaction {target}", table["dice"], side=u.side)[0]
    if roll <= int(table["lose_on_or_below"][u.cls]):
        d.say("{} ({}) rolls {}: loses 1 SP", target, Word("portable", u.cls), roll)
        lose_sp(d, target, 1)
        return
    d.say("{} ({}) rolls {}: retreats 1 square or loses 1 SP, owner's choice", target, Word("portable", u.cls), roll)
    owner_chooses(d, u, origin, by)
