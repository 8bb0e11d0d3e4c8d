"""The turn sequence (seed 002, ПРОЦЕДУРА ХОДА): artillery phase, initiative, side A activates,
side B activates, then the exhaustion check before the next turn; the end of the battle."""

from __future__ import annotations

from adjudicator.draft import Draft, memo
from adjudicator.i18n import Joined, Msg

from .board import combat_units, enemies, terrain, where
from .combat import bombard_violations
from .hits import resolve_hit
from .state import PortableState, other

MAX_INITIATIVE_ROLLS = 50


def can_bombard(s: PortableState, side: str) -> bool:
    """Has the side a gun that could still fire at something this artillery phase?"""
    def compute() -> bool:
        ix = where(s)
        foes = enemies(s, ix, side)
        return any(not bombard_violations(s, g, t) for g in combat_units(s, ix, side)
                   if g.arm == "artillery" and g.id not in s.bombarded for t in foes)
    return memo(s, ("can-bombard", side), compute)


def artillery_complete(s: PortableState, art_done: tuple[str, ...]) -> bool:
    """Every side that can still fire has said so, and someone has ended the phase (R20)."""
    return bool(art_done) and all(x in art_done or not can_bombard(s, x) for x in s.sides)


def finish_artillery(d: Draft[PortableState]) -> None:
    """Apply every artillery hit, all guns having fired (PW19C-Squared rule b), then roll for initiative."""
    for hit in d.s.queued:
        resolve_hit(d, hit.target, hit.origin, hit.by)
    s = d.s
    s.queued = ()
    rolls: dict[str, int] = {}
    for _ in range(MAX_INITIATIVE_ROLLS):  # a tie is rolled again (R7)
        rolls = {x: d.dice.roll(f"initiative {x}", s.tables["initiative"]["dice"], side=x)[0] for x in s.sides}
        if len(set(rolls.values())) == len(rolls):
            break
        d.say("initiative tie {}: rolled again", _each(rolls))
    else:
        rolls = {x: i for i, x in enumerate(reversed(s.sides))}
    first = max(s.sides, key=lambda x: rolls[x])
    d.say("initiative {}: {} activates first", _each(rolls), first)
    s.phase, s.initiative, s.first, s.active = "activation", rolls, first, first
    _next_side(s)


def _each(rolls: dict[str, int]) -> str:
    return ", ".join(f"{x} {r}" for x, r in rolls.items())


def _next_side(s: PortableState) -> None:
    """No unit of the side that activates now has begun its activation."""
    s.current, s.moved, s.attacked, s.vacated = "", -1, False, ""


def end_activation(d: Draft[PortableState]) -> None:
    s = d.s
    if s.active == s.first:
        nxt = other(s, s.active)
        d.say("{} has activated; now {} activates", s.active, nxt)
        s.active = nxt
        _next_side(s)
        return
    end_turn(d)


def _villages(d: Draft[PortableState]) -> None:
    """Two full turns in a village without firing or melee fortify it (seed 002, village; R23)."""
    s = d.s
    need = int(s.tables["terrain"]["village_fortify_turns"])
    fortified = list(s.fortified)
    for u in list(s.units.values()):
        if u.arm == "commander":
            continue
        if terrain(s, u.square) != "village":
            if u.village_turns:
                d.update(s.units, u.id, village_turns=0)
            continue
        turns = 0 if u.id in s.engaged else u.village_turns + 1
        if turns != u.village_turns:
            d.update(s.units, u.id, village_turns=turns)
        if turns >= need and u.square not in fortified:
            fortified.append(u.square)
            d.say("{} has held the village {} for {} full turns without firing: it is fortified", u.id, u.square, turns)
    s.fortified = tuple(fortified)


def _losses(s: PortableState) -> Joined:
    parts = []
    for x in s.sides:
        a = s.armies[x]
        if a.exhausted:
            parts.append(Msg("{army} lost {lost} SP (EP {ep}, exhausted)", army=a.name, lost=a.lost, ep=a.ep))
        else:
            parts.append(Msg("{army} lost {lost} SP (EP {ep})", army=a.name, lost=a.lost, ep=a.ep))
    return Joined("; ", parts)


def outcome(s: PortableState) -> Msg:
    """The battle ends without a victory rule; the army further from its EP holds the field (R9)."""
    share = {x: s.armies[x].lost / s.armies[x].ep for x in s.sides}
    a, b = s.sides
    if share[a] == share[b]:
        return Msg("drawn")
    w = a if share[a] < share[b] else b
    return Msg("{army} ({side}) holds the field", army=s.armies[w].name, side=w)


def _exhaustion(d: Draft[PortableState]) -> None:
    """The exhaustion check before the next turn (seed 002, Exhaustion Point)."""
    s = d.s
    for x in s.sides:
        a = s.armies[x]
        if not a.exhausted and a.lost >= a.ep:
            d.update(s.armies, x, exhausted=True)
            d.say("{} ({}) has lost {} SP, at or past its Exhaustion Point {}: "
                  "it is exhausted and may take no aggressive action", a.name, x, a.lost, a.ep)


def _ended(d: Draft[PortableState]) -> Msg | None:
    """Why the battle ends after this turn (R9), or None if it goes on."""
    s = d.s
    if all(s.armies[x].exhausted for x in s.sides):
        return Msg("both armies exhausted after turn {turn}", turn=s.turn)
    gone = [x for x in s.sides if not combat_units(s, d.index(), x)]
    if gone:
        return Msg("{army} ({side}) has no units left after turn {turn}", army=s.armies[gone[0]].name, side=gone[0], turn=s.turn)
    if s.turn >= s.max_turns:
        return Msg("the scenario's {turns} turns are played (R9)", turns=s.max_turns)
    return None


def end_turn(d: Draft[PortableState]) -> None:
    """The exhaustion check before the next turn; the battle ends when both armies are exhausted."""
    _villages(d)
    _exhaustion(d)
    result = _ended(d)
    s = d.s
    s.art_done, s.queued, s.bombarded, s.targets, s.last_targets = (), (), (), {}, s.targets
    s.initiative, s.first, s.active, s.activated, s.engaged = {}, "", "", (), ()
    _next_side(s)
    if result:
        said = Msg("{why}: {outcome}; {losses}", why=result, outcome=outcome(s), losses=_losses(s))
        s.phase, s.result = "over", said.english()
        d.say("the battle is over: {}", said)
        return
    d.say("turn {} ends; {}; turn {}: artillery phase", s.turn, _losses(s), s.turn + 1)
    s.turn, s.phase = s.turn + 1, "artillery"
