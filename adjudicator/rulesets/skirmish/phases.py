"""The sequence of a turn as data: who decides now, and what the moment allows (ruling S2, S18, S45).

    deployment  the sides set up their figures (three at a time) and ambush markers, each then
                `end deployment`; the battle begins when both have
    initiative  a side rolls every command's initiative (`roll initiative`: the turn's first dice)
    reroll      a command with an unsuppressed Officer chooses the dice to roll again, or keeps its roll
    activation  the command whose turn it is activates its figures, groups, guns and markers, one at a
                time, then ends its actions; the next command in the order acts, or the turn ends
    melee       a charge has brought the chargers into contact: the side acting posts the fights
    hits        hits on a close-order group wait for its owner to place them
    charge      a charge waits for the charged to evade or stand
    ambush      an ambush marker is discovered, or opened: its owner opens it (`unseal`) and places
                its figures

The last four interrupt the others. Standing orders (decide.py) settle most of those decisions in
advance; reaction fire, standing orders and a Capable Senior Officer's sharing out of his points
may be posted at any time, their checks saying when they apply. A dice epoch is a game turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from events import skirmish as ev
from adjudicator.draft import memo
from adjudicator.i18n import Joined, Msg
from adjudicator.phases import Marks, Phase, Phases

from . import geometry as geo
from .ambush import WAITING
from .codes import ACTIONS, AMBUSH, DEPLOYMENT, GROUP_ATTACK, INITIATIVE, MELEE, SPECIAL, VOLLEY
from .results import word
from .state import OK, SkirmishState
from .units import figures_of


def current(s: SkirmishState) -> str:
    """The phase a state is in, worked out once a state (the gate, the prompts and play ask it)."""
    return memo(s, "phase", lambda: _current(s))


def _current(s: SkirmishState) -> str:
    if s.result:
        return "over"
    if any(m.status in WAITING for m in s.markers.values()):
        return "ambush"
    if s.phase == "deployment":
        return "deployment"
    if s.hits:
        return "hits"
    if s.charge is not None:
        return "charge"
    if s.phase == "initiative":
        return "reroll" if _rerollers(s) else "initiative"
    if melee_due(s):
        return "melee"
    return "activation"


def melee_due(s: SkirmishState) -> bool:
    """A charge has ended with a charger in base contact with an enemy: the melee is fought now."""
    if not (s.charging and s.moving):
        return False
    t = s.tables
    chargers = [f for f in figures_of(s, s.moving) if f.status == OK]
    return any(geo.in_contact(t, f, e) for f in chargers for e in s.figures.values() if e.side != f.side and e.on_table)


def _active(s: SkirmishState) -> Sequence[str]:
    c = s.commands.get(s.active)
    return (c.side,) if c is not None else ()


def _rerollers(s: SkirmishState) -> list[str]:
    return list(dict.fromkeys(c.side for c in s.commands.values() if c.roll and c.rerolls))


def _ambushers(s: SkirmishState) -> list[str]:
    return list(dict.fromkeys(m.side for m in s.markers.values() if m.status in WAITING))


def _ambush_prompt(s: SkirmishState, side: str) -> Msg:
    m = next(m for m in s.markers.values() if m.side == side and m.status in WAITING)
    if m.status == "spotted":
        return Msg("marker {marker} is discovered: unseal {marker} SALT with the | lines it was sealed with", marker=m.id)
    return Msg("place the figures of marker {marker} ({figures}): place {marker} FIGURE at X,Y ...; ...", marker=m.id,
               figures=", ".join(m.figures))


def _reroll_prompt(s: SkirmishState, side: str) -> Msg:
    c = next(c for c in s.commands.values() if c.side == side and c.roll and c.rerolls)
    return Msg("{command} rolled {faces}: reroll {command} FACE (up to {count} dice), or keep {command}", command=c.id,
               faces=" ".join(map(str, c.roll)), count=c.rerolls)


def _activation_prompt(s: SkirmishState, side: str) -> Msg:
    a = s.activation
    if a is not None:
        return Msg("{unit} declared {declared}: its {kind} next, or skip {unit}", unit=a.unit,
                   declared=Joined(", ", map(word, a.declared)), kind=word(a.declared[a.done]))
    return Msg("turn {turn}, {command} ({ap} AP): activate UNIT ACTIONS..., or end actions {command}", turn=s.turn,
               command=s.active, ap=s.commands[s.active].ap)


ACTIVATION = (ev.Activate, ev.Move, ev.Charge, ev.Shoot, ev.Fire, ev.Aim, ev.Reload, ev.Recover, ev.Spot, ev.Building,
              ev.ChangeOrder, ev.FixBayonets, ev.TurnGun, ev.Melee, ev.Skip, ev.EndActivations, ev.FormGroup)

PHASES: Phases[SkirmishState] = Phases(
    current=current,
    table=(
        Phase("deployment", DEPLOYMENT, (ev.Deploy, ev.PlaceAmbush, ev.EndDeployment, ev.FormGroup),
              deciders=lambda s: [side for side in s.sides if side not in s.deployed],
              prompt=lambda s, side: Msg("set up: deploy FIGURE at X,Y; ... (three at a time), seal and ambush MARKER at X,Y, "
                                         "then end deployment")),
        Phase("initiative", INITIATIVE, (ev.RollInitiative, ev.FormGroup), deciders=lambda s: s.sides,
              prompt=lambda s, side: Msg("turn {turn}: roll initiative", turn=s.turn), referee=True),
        Phase("reroll", f"{SPECIAL}: Officer", (ev.Reroll,), deciders=_rerollers, prompt=_reroll_prompt),
        Phase("activation", ACTIONS, ACTIVATION, deciders=_active, prompt=_activation_prompt),
        Phase("melee", MELEE, (ev.Melee,), deciders=_active,
              prompt=lambda s, side: Msg("{unit} has charged into contact: melee ATTACKER vs DEFENDER; ...", unit=s.moving)),
        Phase("hits", VOLLEY, (ev.Allocate,), deciders=lambda s: (s.hits[0].side,),
              prompt=lambda s, side: Msg("place {count} hit(s) on {group}: hits FIGURE ...", count=s.hits[0].count, group=s.hits[0].group)),
        Phase("charge", GROUP_ATTACK, (ev.Evade,), deciders=lambda s: (s.charge.side,) if s.charge else (),
              prompt=lambda s, side: Msg("{unit} charges {target}: evade {target}, or stand {target}", unit=s.charge.unit,
                                         target=s.charge.target) if s.charge else ""),
        Phase("ambush", AMBUSH, (ev.RevealAmbush,), deciders=_ambushers, prompt=_ambush_prompt),
    ),
    anytime=(ev.React, ev.StandingOrder, ev.Distribute),
)


# A dice epoch is a game turn; the last closes when the game is over (the engine's rule).
MARKS: Marks[SkirmishState] = Marks(turn=lambda s: s.turn, phase=lambda s: s.phase, epoch=lambda s: s.turn,
                                    result=lambda s: s.result)
