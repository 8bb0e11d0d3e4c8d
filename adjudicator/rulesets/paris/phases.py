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
from adjudicator.phases import Marks, Phase, Phases
from adjudicator.rulesets.paris import aftermath, hexgrid, melee, sequence
from adjudicator.rulesets.paris.state import PState
from adjudicator.i18n import Joined, Msg, N_
from adjudicator.localize import Command, Word

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

# what sets off a reaction window (reactions.trigger), as a prompt names it
_TRIGGERS = (N_("enter"), N_("turn"), N_("rally"))


def _seal(s: PState, side: str) -> Msg:
    return Msg("seal your turn-1 orders, one line per wing: {form} (seed 000 §3.1)", form=Msg("WING attack|march|rally"))


def _unseal(s: PState, side: str) -> Msg:
    return Msg("unseal your turn-1 orders: they are revealed together (seed 000 §3.1)")


def _place(s: PState, side: str) -> Msg:
    wings = [Msg("{wing} with one of its units ({units})", wing=x.wing,
                 units=", ".join(sorted(u.id for u in s.units.values() if u.wing == x.wing)))
             for x in s.adjutants_due if x.side == side]
    return Msg("place the adjutant of {wings}: `{command}` (seed 000 §5.2.2)", wings=Joined(", ", wings),
               command=Command("paris", "adjutant WING UNIT"))


def _select(s: PState, side: str) -> Msg:
    allowed = ", ".join(w.id for w in sequence.allowed_wings(s, s.to_play))
    return Msg("turn {turn}: activate a wing ({wings}) or pass (seed 000 §4.2)", turn=s.turn, wings=allowed)


def _preempt(s: PState, side: str) -> Msg:
    cands = ", ".join(w.id for w in sequence.preempt_candidates(s, s.other(s.active_side)))
    return Msg("pre-empt {wing}'s activation with {wings}, or `{command}` (seed 000 §4.4)", wing=s.active_wing, wings=cands,
               command=Command("paris", "no preempt"))


def _act(s: PState, side: str) -> Msg:
    return Msg("act with {wing} ({order}): move, turn, fire, rally, melee; then `{moves}` or `{activation}` (seed 000 §3.2)",
               wing=s.active_wing, order=Word("paris", s.wings[s.active_wing].order), moves=Command("paris", "end moves"),
               activation=Command("paris", "end activation"))


def _react(s: PState, side: str) -> Msg | str:
    win = s.window
    if win is None:
        return ""
    parts = [Msg("fire ({units})", units=", ".join(win.fire)) if win.fire else None,
             Msg("intercept ({units})", units=", ".join(win.intercept)) if win.intercept else None,
             Msg("react ({units})", units=", ".join(win.react)) if win.react else None]
    return Msg("answer {unit} ({event}): {choices}, or `{command}` (seed 000 §8.2, §8.3, §10.3)", unit=win.trigger,
               event=Msg(win.event), choices=Joined(", ", [p for p in parts if p is not None]), command=Command("paris", "hold"))


def _reactive_melee(s: PState, side: str) -> Msg:
    cands = ", ".join(u.id for u in melee.reactive_candidates(s))
    return Msg("declare reactive melees ({units}), then `{command}` (seed 000 §11.2)",
               units=cands, command=Command("paris", "hold"))


def _reactivate(s: PState, side: str) -> Msg:
    return Msg("`{command}` {wing} or `{end}` (seed 000 §4.3)", command=Command("paris", "reactivate"), wing=s.active_wing,
               end=Command("paris", "end activation"))


def _retreat(s: PState, side: str) -> Msg | str:
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    if st is None or u is None:
        return ""
    return Msg("retreat {unit} {count} hex from {hex}, every step farther from the enemy at {away}: `{command}` "
               "(seed 000 §11.4, ruling R20)", plural="retreat {unit} {count} hexes from {hex}, every step farther from the enemy "
               "at {away}: `{command}` (seed 000 §11.4, ruling R20)", unit=u.id, count=st.hexes, hex=u.hex, away=st.away,
               command=Command("paris", f"retreat {u.id} HEX..."))


def _advance(s: PState, side: str) -> Msg | str:
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    if st is None or u is None:
        return ""
    keep, right, left = (hexgrid.VERTICES[f] for f in aftermath.facings(u))
    how = Msg("`{stay}` keeps its facing {keep}; `{right}` or `{left}` turns one "
              "vertex", stay=Command("paris", f"advance {u.id}"),
              keep=Word("paris", keep), right=Command("paris", f"advance {u.id} {right}"), left=Word("paris", left))
    if st.must:
        if st.ride_through:
            return Msg("{unit} must advance into {hex}: {how} (seed 000 §11.5: it rides through "
                       "{through})", unit=u.id, hex=st.into,
                       how=how, through=st.defender_hex)
        return Msg("{unit} must advance into {hex}: {how} (seed 000 §11.4)", unit=u.id, hex=st.into, how=how)
    return Msg("{unit} may advance into {hex}, which the attacker left: {how}; or `{command}` (seed 000 §11.4)", unit=u.id,
               hex=st.into, how=how, command=Command("paris", "no advance"))


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


MARKS = Marks.by_turn(over=lambda s: s.phase == "over")
