"""Chapter IV (seed 003 §4.1-§4.8) as a table: the setup, then the turn step by step, and whose
decision each step is.

The setup: skills are rolled where an option asks for it (§5.2, §5.3), then each side seals its
written orders and opens them once both have sealed (§5.5). A turn step belongs to the phasing
player, the non-phasing player, the initiative winner, either side (the initiative roll, R24) or
the referee, who enters the outcomes of the procedures the seeds do not hold (charge resolution,
fire, melee, morale: R12) and may act in any step for a side.

A turn step's name is the phase the envelope records (`phase`), then `/` and whose step it is
where the phase has two. Results, rolls for the referee's procedures, automatic options and the
referee's `set order` belong to no step: their checks say when they may come.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from events import brigade as ev
from events.core import REFEREE, Action
from adjudicator.phases import Marks, Phase, Phases
from adjudicator.rulesets.brigade.codes import RULE_PHASE
from adjudicator.rulesets.brigade.state import BrigadeState
from adjudicator.i18n import Msg, N_
from adjudicator.localize import PhaseName

SETUP = ("skills", "orders", "orders-reveal")

Deciders = Callable[[BrigadeState], Sequence[str]]


def _phasing(s: BrigadeState) -> Sequence[str]:
    return (s.phasing,)


def _non_phasing(s: BrigadeState) -> Sequence[str]:
    return (s.other(s.phasing),)


def _referee(s: BrigadeState) -> Sequence[str]:
    return (REFEREE,)


def label(name: str) -> str:
    """The phase a step belongs to, as the envelope records it: `firing` for `firing/phasing`."""
    return name.partition("/")[0]


def _step(name: str, deciders: Deciders, what: str, *actions: type[Action],
          may: Deciders | None = None) -> Phase[BrigadeState]:
    """A step of the turn; the referee may take its actions for the side whose step it is."""
    return Phase(name, RULE_PHASE[label(name)], actions, deciders=deciders, referee=True, may=may,
                 prompt=lambda s, side: Msg("turn {turn}, {phase}: {what}", turn=s.turn, phase=PhaseName("brigade", s.phase),
                                            what=Msg(what)))


_MOVES = N_("compulsory moves of retreating, routing, pursuing units and broken brigades, then done")

# the turn, step by step, in the order of §4.1-§4.8; the state's `step` counts them from 0
TURN: tuple[Phase[BrigadeState], ...] = (
    # R24: either side (or the referee) rolls; the game waits for the first player
    _step("initiative", lambda s: s.players[:1], N_("roll initiative (either side or the referee)"), ev.RollInitiative,
          may=lambda s: s.players),
    _step("initiative/choice", lambda s: (s.initiative_winner,), N_("take initiative or give initiative"),
          ev.ChooseInitiative),
    _step("command/non-phasing", _non_phasing,
          N_("order changes first, as non-phasing player: change order, brigadier initiative, then done"),
          ev.ChangeOrder, ev.BrigadierInitiative, ev.Done),
    _step("command/phasing", _phasing, N_("order changes, as phasing player: change order, brigadier initiative, then done"),
          ev.ChangeOrder, ev.BrigadierInitiative, ev.Done),
    _step("compulsory/phasing", _phasing, _MOVES, ev.Move, ev.Done),
    _step("compulsory/non-phasing", _non_phasing, _MOVES, ev.Move, ev.Done),
    _step("charges/phasing", _phasing, N_("declare charges, then done"), ev.Charge, ev.Done),
    _step("charges/non-phasing", _non_phasing, N_("declare charges, then done"), ev.Charge, ev.Done),
    _step("charge-results", _referee, N_("resolve the charges (moves and results), then done"), ev.Move, ev.Done),
    _step("movement/phasing", _phasing, N_("move, then done"), ev.Move, ev.Done),
    _step("movement/non-phasing", _non_phasing, N_("move, then done"), ev.Move, ev.Done),
    _step("firing/phasing", _phasing, N_("fire, then done"), ev.Fire, ev.Done),
    _step("fire-results/phasing", _referee, N_("enter the casualties of the phasing player's fire, then done"),
          ev.Move, ev.Done),
    _step("firing/non-phasing", _non_phasing, N_("fire, then done"), ev.Fire, ev.Done),
    _step("fire-results/non-phasing", _referee, N_("enter the casualties of the non-phasing player's fire, then done"),
          ev.Move, ev.Done),
    _step("melee", _referee, N_("resolve every melee (results), then done"), ev.Move, ev.Done),
    _step("morale", _referee, N_("unit morale results first, then brigade morale results, then done"), ev.Move, ev.Done),
)
TURN_LABELS = tuple(label(p.name) for p in TURN)  # the phase of each step, by the state's `step`
TURN_PHASES = frozenset(TURN_LABELS)


def _opening(s: BrigadeState) -> Sequence[str]:
    """§5.5 with R26, R27: each side whose written orders are still sealed opens them; for a side whose
    orders were voided once the other's were open, the referee settles them."""
    return [p if s.sides[p].orders_label else REFEREE for p in s.players if not s.sides[p].orders_open]


def _opening_prompt(s: BrigadeState, side: str) -> Msg:
    if side != REFEREE:
        return Msg("reveal your written brigade orders: unseal LABEL SALT with | BRIGADE ORDER lines (§5.5)")
    voided = next(p for p in s.players if not s.sides[p].orders_open and not s.sides[p].orders_label)
    return Msg("{side}'s written orders are void and stand as not given: `set order` each of its brigades, then `done` "
               "(§5.5, R26, R27)", side=voided)


SETUP_PHASES: tuple[Phase[BrigadeState], ...] = (
    Phase("skills", RULE_PHASE["skills"], (ev.RollSkills,),
          deciders=lambda s: [p for p in s.players if not s.sides[p].skills_rolled],
          prompt=lambda s, side: Msg("roll skills (§5.2, §5.3); written orders may be sealed before or after (R32)")),
    # sealing is the core's `seal`, which any side may use at any time for orders of its own: its
    # check says what the setup asks of it
    Phase("orders", RULE_PHASE["orders"], (),
          deciders=lambda s: [p for p in s.players if not s.sides[p].orders_label],
          prompt=lambda s, side: Msg("seal your written brigade orders: seal LABEL COMMITMENT (§5.5)")),
    # R26: the referee's `done` closes the setup once every brigade has an order
    Phase("orders-reveal", RULE_PHASE["orders-reveal"], (ev.Done,), deciders=_opening, prompt=_opening_prompt, referee=True),
)


def current(s: BrigadeState) -> str:
    """The setup phase, or the step of the turn; `over` (no row) once the game has ended."""
    if s.over:
        return "over"
    return s.phase if s.phase in SETUP else TURN[s.step].name


PHASES: Phases[BrigadeState] = Phases(current=current, table=SETUP_PHASES + TURN, anytime=(ev.Standing,))


def whose(s: BrigadeState) -> str:
    """The side (or the referee) whose step of the turn it is."""
    return TURN[s.step].deciders(s)[0]


MARKS: Marks[BrigadeState] = Marks(
    turn=lambda s: s.turn,
    phase=lambda s: "over" if s.over else s.phase,
    epoch=lambda s: s.turn + 1 if s.over else max(1, s.turn),  # setup rolls share turn 1's epoch; past the end, the last closes
    result=lambda s: s.result if s.over else "",
)
