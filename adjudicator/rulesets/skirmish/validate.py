"""The rules an action must keep, one check per action type, each citing its rule section
(codes.py). The phase table's gate (phases.py) comes first: whose decision it is, and what the
moment allows; these say the rest."""

from __future__ import annotations

from typing import Any

from events.core import OrdersUnsealed
from events import skirmish as ev
from adjudicator.ruleset import Check

from . import actions, ambush, artillery, buildings, decide, forces, groups, initiative, melee, movement, reaction, shooting, suppression
from .state import SkirmishState

check_orders = ambush.check_orders  # what sealed orders may say: an ambush marker's figures

CHECKS: dict[type[Any], Check[SkirmishState]] = {
    ev.Deploy: forces.validate_deploy,
    ev.PlaceAmbush: ambush.validate_place_ambush,
    ev.RevealAmbush: ambush.validate_reveal_ambush,
    ev.EndDeployment: forces.validate_end_deployment,
    ev.RollInitiative: initiative.validate_roll_initiative,
    ev.Reroll: initiative.validate_reroll,
    ev.Distribute: initiative.validate_distribute,
    ev.FormGroup: groups.validate_form_group,
    ev.Activate: actions.validate_activate,
    ev.Move: movement.validate_move,
    ev.Charge: melee.validate_charge,
    ev.Shoot: shooting.validate_shoot,
    ev.Fire: artillery.validate_fire,
    ev.Aim: shooting.validate_aim,
    ev.Reload: shooting.validate_reload,
    ev.Recover: suppression.validate_recover,
    ev.Spot: ambush.validate_spot,
    ev.Building: buildings.validate_building,
    ev.ChangeOrder: groups.validate_change_order,
    ev.FixBayonets: melee.validate_fix_bayonets,
    ev.TurnGun: artillery.validate_turn_gun,
    ev.React: reaction.validate_react,
    ev.Evade: melee.validate_evade,
    ev.Allocate: shooting.validate_allocate,
    ev.Melee: melee.validate_melee,
    ev.Skip: actions.validate_skip,
    ev.EndActivations: initiative.validate_end_activations,
    ev.StandingOrder: decide.validate_standing_order,
    OrdersUnsealed: ambush.validate_orders_unsealed,  # the engine's own: opening an ambush marker
}
