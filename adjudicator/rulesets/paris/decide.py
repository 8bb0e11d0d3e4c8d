"""Standing orders: what the engine decides on a side's behalf (play by email; the seed has none: ruling R49).

A side may say in advance how the engine answers a decision of its own (`standing KIND MODE`) rather
than have the game wait for it; the report then says that the engine decided, and by which order.
A side that has posted none is asked ("ask"). The decisions are made here; the rule modules carry
them out. The engine's own choices, where the order leaves one (the retreat path, R20; the unit an
adjutant joins, R27), are here too.
"""

from __future__ import annotations

from adjudicator.draft import Draft
from adjudicator.rulesets.paris.state import PState, Unit
from adjudicator.i18n import Joined, Msg, N_
from adjudicator.localize import Word

# how a report names each kind of standing order
KIND_NAMES = {"preempt": N_("preempt"), "defensive-fire": N_("defensive fire"), "intercept": N_("intercept"),
              "react": N_("react"), "reactive-melee": N_("reactive melee"), "retreat": N_("retreat"),
              "advance": N_("advance"), "adjutant": N_("adjutant")}

KINDS = {
    "preempt": ("ask", "never"),  # §4.4: never try to pre-empt
    "defensive-fire": ("ask", "always", "never"),  # §10.3
    "intercept": ("ask", "always", "never"),  # §8.3
    "react": ("ask", "never"),  # §8.2
    "reactive-melee": ("ask", "never"),  # §11.2
    "retreat": ("ask", "auto"),  # the path of a melee retreat (§11.4, ruling R20)
    "advance": ("ask", "always", "never"),  # the advance after a melee and its one-vertex turn (§11.4, R21, R22)
    "adjutant": ("ask", "auto"),  # where a fallen wing leader's adjutant is placed (§5.2.2, ruling R27)
}


def mode(s: PState, side: str, kind: str) -> str:
    """How `side`'s standing order decides `kind` on its behalf; "ask" when it posted none."""
    return s.standing.get(side, {}).get(kind, "ask")


def waits_for_preemption(d: Draft[PState], side: str) -> bool:
    """§4.4: whether the game waits for `side` to pre-empt (or not) the activation just made."""
    if mode(d.s, side, "preempt") == "never":
        d.say("{side}'s standing order: pre-empt never", side=side)
        return False
    return True


def answered(d: Draft[PState], side: str, kind: str, candidates: list[str]) -> list[str] | None:
    """§8.3, §10.3: the interceptions or defensive fires (`kind`) the engine makes at once for `side`,
    in order: all of `candidates` under `always`, none under `never` (which the report says); None
    when the side is asked."""
    m = mode(d.s, side, kind)
    if m == "always":
        return candidates
    if m == "never":
        d.say("{side}'s standing order: {kind} never ({units} eligible)", side=side, kind=Msg(KIND_NAMES[kind]),
              units=", ".join(candidates))
        return []
    return None


def acting_for(d: Draft[PState], side: str, kind: str) -> None:
    """The report's word that the engine acts on `side`'s standing order `kind` always."""
    d.say("standing order of {side}: {kind} always", side=side, kind=Msg(KIND_NAMES[kind]))


def reacts(s: PState, side: str) -> bool:
    """§8.2: whether `side` is offered reaction movement (not under `standing react never`)."""
    return mode(s, side, "react") != "never"


def asks_reactive_melee(s: PState, side: str) -> bool:
    """§11.2: whether `side` is asked for reactive melees (not under `standing reactive-melee never`)."""
    return mode(s, side, "reactive-melee") != "never"


def retreat_by_order(s: PState, u: Unit) -> Msg | str:
    """§11.4, ruling R20: why the engine takes the first legal path of `u`'s retreat (its own
    choice: toward the unit's edge, then the lowest id), or "" when the owner is asked."""
    if mode(s, u.side, "retreat") == "auto":
        return Msg("{side}'s standing order: retreat auto; the engine chose by ruling R20", side=u.side)
    return ""


def advance_by_order(s: PState, u: Unit, must: bool) -> tuple[str, Msg | str]:
    """§11.4, rulings R21, R22: ("ask", "") when the owner chooses; else ("advance", why) or
    ("stay", why), the facing kept. A compulsory advance is made under any order but `ask`."""
    m = mode(s, u.side, "advance")
    if m == "ask":
        return "ask", ""
    if must or m == "always":
        if must and m == "never":
            return "advance", Msg("{side}'s standing order: advance {mode}; the advance is compulsory",
                                  side=u.side, mode=Word("paris", m))
        return "advance", Msg("{side}'s standing order: advance {mode}", side=u.side, mode=Word("paris", m))
    return "stay", Msg("{side}'s standing order: advance never", side=u.side)


def places_adjutant(s: PState, side: str) -> bool:
    """§5.2.2, ruling R27: whether the engine places `side`'s adjutants (`standing adjutant auto`)."""
    return mode(s, side, "adjutant") == "auto"


def adjutant_unit(s: PState, wing: str) -> Unit | None:
    """Ruling R27, under `standing adjutant auto`: the wing's first unit by id, artillery last; None
    when the wing has none left."""
    members = [u for u in s.units.values() if u.wing == wing]
    return min(members, key=lambda u: (u.artillery, u.id)) if members else None


def placed_by_order(side: str) -> Msg:
    """How the report says the engine placed an adjutant on `side`'s behalf (R27)."""
    return Msg("{side}'s standing order: adjutant auto; the engine placed him on {side}'s behalf with the wing's first unit "
               "(ruling R27)", side=side)
