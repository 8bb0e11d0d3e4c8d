"""The sequence of play (seed 000 §3) as a table: in each phase, who decides and what they may post.

The phase the envelope records is the state's `phase` (orders, select, preempt, act, react,
reactive-melee, reactivate, retreat, advance, over). The table is finer in three places: the turn-1
orders are first sealed, then opened (§3.1); a wing that pre-empted acts under §4.4, which lets
nobody pre-empt it; and a fallen wing leader's adjutant waiting to be placed pauses whatever phase
the game is in (§5.2.2, ruling R27): nothing but his placement (and standing orders) may be posted
until he is.
"""

from __future__ import annotations

from collections.abc import Sequence

from events.paris import (Activate, Adjutant, Advance, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move,
                          NoAdvance, NoPreempt, Pass, Preempt, Rally, React, Reactivate, Retreat, Standing, Turn)
from adjudicator.phases import Phase, Phases
from adjudicator.rulesets.paris import aftermath, hexgrid, melee, sequence
from adjudicator.rulesets.paris.state import PState

SEQUENCE = "seed 000 §3.2"
WING_STEP = (ChangeOrder, Move, Turn, Rally, Fire, Melee, EndMoves, EndActivation)  # the active wing's step (§3.2 Б-Е)


def current(s: PState) -> str:
    if s.phase == "over":
        return "over"
    if s.adjutants_due:
        return "adjutant"
    if s.phase == "orders":
        return "seal" if len(s.seals) < 2 else "unseal"
    if s.phase == "act" and s.preempting:
        return "preempting"
    return s.phase


# -- who decides ---------------------------------------------------------------------------

def _unsealed(s: PState) -> Sequence[str]:
    return [p for p in s.players if p not in s.seals]


def _unopened(s: PState) -> Sequence[str]:
    return [p for p in s.players if p not in s.unsealed]


def _placing(s: PState) -> Sequence[str]:
    """The sides with an adjutant to place, in the order they fell."""
    return list(dict.fromkeys(x.side for x in s.adjutants_due))


def _to_play(s: PState) -> Sequence[str]:
    return (s.to_play,)


def _active(s: PState) -> Sequence[str]:
    return (s.active_side,)


def _inactive(s: PState) -> Sequence[str]:
    return (s.other(s.active_side),)


def _owner(s: PState) -> Sequence[str]:
    """The side whose unit a melee result has retreat or advance (§11.4)."""
    side = aftermath.decider(s)
    return (side,) if side else ()


# -- what the game waits for, in words -------------------------------------------------------

def _seal(s: PState, side: str) -> str:
    return "seal your turn-1 orders, one line per wing: WING attack|march|rally (seed 000 §3.1)"


def _unseal(s: PState, side: str) -> str:
    return "unseal your turn-1 orders: they are revealed together (seed 000 §3.1)"


def _place(s: PState, side: str) -> str:
    return "place the adjutant of " + ", ".join(
        f"{x.wing} with one of its units ({', '.join(sorted(u.id for u in s.units.values() if u.wing == x.wing))})"
        for x in s.adjutants_due if x.side == side) + ": `adjutant WING UNIT` (seed 000 §5.2.2)"


def _select(s: PState, side: str) -> str:
    allowed = ", ".join(w.id for w in sequence.allowed_wings(s, s.to_play))
    return f"turn {s.turn}: activate a wing ({allowed}) or pass (seed 000 §4.2)"


def _preempt(s: PState, side: str) -> str:
    cands = ", ".join(w.id for w in sequence.preempt_candidates(s, s.other(s.active_side)))
    return f"pre-empt {s.active_wing}'s activation with {cands}, or `no preempt` (seed 000 §4.4)"


def _act(s: PState, side: str) -> str:
    return (f"act with {s.active_wing} ({s.wings[s.active_wing].order}): move, turn, fire, rally, melee; "
            "then `end moves` or `end activation` (seed 000 §3.2)")


def _react(s: PState, side: str) -> str:
    win = s.window
    if win is None:
        return ""
    parts = [f"fire ({', '.join(win.fire)})" if win.fire else "", f"intercept ({', '.join(win.intercept)})" if win.intercept else "",
             f"react ({', '.join(win.react)})" if win.react else ""]
    return f"answer {win.trigger} ({win.event}): " + ", ".join(p for p in parts if p) + ", or `hold` (seed 000 §8.2, §8.3, §10.3)"


def _reactive_melee(s: PState, side: str) -> str:
    cands = ", ".join(u.id for u in melee.reactive_candidates(s))
    return f"declare reactive melees ({cands}), then `hold` (seed 000 §11.2)"


def _reactivate(s: PState, side: str) -> str:
    return f"`reactivate` {s.active_wing} or `end activation` (seed 000 §4.3)"


def _retreat(s: PState, side: str) -> str:
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    if st is None or u is None:
        return ""
    return (f"retreat {u.id} {st.hexes} hex{'es' if st.hexes > 1 else ''} from {u.hex}, every step "
            f"farther from the enemy at {st.away}: `retreat {u.id} HEX...` (seed 000 §11.4, ruling R20)")


def _advance(s: PState, side: str) -> str:
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    if st is None or u is None:
        return ""
    keep, right, left = (hexgrid.VERTICES[f] for f in aftermath.facings(u))
    how = f"`advance {u.id}` keeps its facing {keep}; `advance {u.id} {right}` or `{left}` turns one vertex"
    if st.must:
        rule = "§11.5: it rides through " + st.defender_hex if st.ride_through else "§11.4"
        return f"{u.id} must advance into {st.into}: {how} (seed 000 {rule})"
    return f"{u.id} may advance into {st.into}, which the attacker left: {how}; or `no advance` (seed 000 §11.4)"


PHASES: Phases[PState] = Phases(
    current=current,
    table=(
        Phase("seal", "seed 000 §3.1", (), deciders=_unsealed, prompt=_seal),
        Phase("unseal", "seed 000 §3.1", (), deciders=_unopened, prompt=_unseal),
        Phase("adjutant", "seed 000 §5.2.2", (Adjutant,), deciders=_placing, prompt=_place),
        Phase("select", SEQUENCE, (Activate, Pass), deciders=_to_play, prompt=_select),
        Phase("preempt", SEQUENCE, (Preempt, NoPreempt), deciders=_inactive, prompt=_preempt),
        Phase("act", SEQUENCE, WING_STEP, deciders=_active, prompt=_act),
        Phase("preempting", "seed 000 §4.4", WING_STEP, deciders=_active, prompt=_act),  # «упреждение нельзя упредить»
        Phase("react", SEQUENCE, (Fire, Intercept, React, Hold), deciders=_inactive, prompt=_react),
        Phase("reactive-melee", SEQUENCE, (Melee, Hold), deciders=_inactive, prompt=_reactive_melee),
        Phase("reactivate", SEQUENCE, (Reactivate, EndActivation), deciders=_active, prompt=_reactivate),
        Phase("retreat", SEQUENCE, (Retreat,), deciders=_owner, prompt=_retreat),
        Phase("advance", SEQUENCE, (Advance, NoAdvance), deciders=_owner, prompt=_advance),
    ),
    anytime=(Standing,),
)


def turn(s: PState) -> int:
    return s.turn


def phase(s: PState) -> str:
    return s.phase


def epoch(s: PState) -> int:
    """A dice epoch is a game turn; once the game is over the last turn's epoch is closed too, so it
    can be revealed."""
    return s.turn + (1 if s.phase == "over" else 0)


def result(s: PState) -> str:
    return s.result if s.phase == "over" else ""
