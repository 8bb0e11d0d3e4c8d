"""What the engine's glue will call: for every action a player posts, one `validate_NAME(state, side,
action) -> list[Violation]` and one `resolve_NAME(state, side, action, dice)` returning the new state
and the report's lines; and the decisions that wait in the state (hits to place, a charge to evade)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import msgspec
import pytest

from adjudicator.rulesets.skirmish import initiative, melee
from events.skirmish import ACTIONS, Charge, Deploy, EndActivations, EndDeployment, Evade, Placement, RollInitiative, Skip
from test_skirmish_support import Dice, activate, board, codes, fig, path

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "skirmish"
MODULES = [importlib.import_module(f"adjudicator.rulesets.skirmish.{p.stem}") for p in sorted(PACKAGE.glob("*.py")) if p.stem != "__init__"]


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.__name__)
def test_every_action_has_one_validator_and_one_resolver_taking_the_action(action):
    name = snake(action.__name__)
    homes = [m for m in MODULES if hasattr(m, f"validate_{name}") and hasattr(m, f"resolve_{name}")]
    assert len(homes) == 1, (name, [m.__name__ for m in homes])
    validate, resolve = getattr(homes[0], f"validate_{name}"), getattr(homes[0], f"resolve_{name}")
    assert list(inspect.signature(validate).parameters) == ["state", "side", "action"]
    assert list(inspect.signature(resolve).parameters) == ["state", "side", "action", "dice"]


def test_the_turn_begins_with_one_roll_and_the_officers_choice_waits_in_the_state():
    s = board(fig("lt", "red", "zouave-officer", (10, 10)), fig("b1", "blue", "prussian", (10, 100)), phase="initiative")
    assert initiative.validate_roll_initiative(s, "red", RollInitiative()) == []
    out = initiative.resolve_roll_initiative(s, "red", RollInitiative(), Dice(1, 2, 3, 4, 4, 4))
    assert out.state.phase == "initiative" and out.state.commands["red"].rerolls == 1
    assert codes(initiative.validate_roll_initiative(out.state, "red", RollInitiative())) == ["initiative/not-now"]
    plain = board(fig("z", "red", "zouave", (10, 10)), fig("b1", "blue", "prussian", (10, 100)), phase="initiative")
    done = initiative.resolve_roll_initiative(plain, "blue", RollInitiative(), Dice(1, 2, 3, 4, 4, 4)).state
    assert done.phase == "activation" and done.order == ("blue", "red")


def test_a_charge_at_a_single_figure_waits_for_it_to_evade_or_stand():
    s = board(fig("a", "red", "zouave-sergeant", (20, 20)), fig("b", "red", "zouave", (24.5, 20)), fig("p", "blue", "prussian", (22, 34)),
              groups=({"id": "g", "leader": "a", "members": ["a", "b"]},))
    s = activate(s, "g", "charge")
    action = Charge(unit="g", target="p", paths=(path("a", (21.6, 31.5)), path("b", (24.2, 31.6))))
    assert melee.validate_charge(s, "red", action) == []
    waiting = melee.resolve_charge(s, "red", action, Dice()).state
    assert waiting.charge is not None and waiting.charge.side == "blue"
    assert codes(melee.validate_charge(waiting, "red", action)) == ["turn/waiting"]
    assert codes(melee.validate_evade(waiting, "red", Evade(unit="p", evade=True))) == ["charge/no-choice"]
    assert melee.validate_evade(waiting, "blue", Evade(unit="p", evade=False)) == []
    stood = melee.resolve_evade(waiting, "blue", Evade(unit="p", evade=False), Dice(1)).state  # morale 1 < 3
    assert stood.charge is None and stood.figures["a"].y == pytest.approx(31.5) and stood.figures["p"].status == "ok"
    fled = melee.resolve_evade(waiting, "blue", Evade(unit="p", evade=True), Dice(2)).state
    assert fled.evaded == ("p",) and fled.figures["p"].y > 50


def test_deploying_then_ending_the_deployment_side_by_side():
    """«Расставляйте войска по очереди, по 3 бойца за раз» (ruling S45): each side ends its set-up;
    the battle begins when both have."""
    s = board(fig("sgt", "red", "zouave-sergeant", (14, 10)), {"id": "z1", "side": "red", "profile": "zouave"},
              fig("p", "blue", "prussian", (10, 110)), phase="deployment")
    s = msgspec.structs.replace(s, phase="deployment")
    from adjudicator.rulesets.skirmish import forces
    deploy = Deploy(placements=(Placement(figure="z1", at=(20, 10)),))
    assert forces.validate_deploy(s, "red", deploy) == []
    s = forces.resolve_deploy(s, "red", deploy, Dice()).state
    assert s.figures["z1"].status == "ok"
    s = forces.resolve_end_deployment(s, "red", EndDeployment(), Dice()).state
    assert s.phase == "deployment" and s.deployed == ("red",)
    assert codes(forces.validate_end_deployment(s, "red", EndDeployment())) == ["deploy/late"]
    assert codes(forces.validate_deploy(s, "blue", Deploy(placements=(Placement(figure="p", at=(10, 100)),)))) == ["deploy/figure"]
    s = forces.resolve_end_deployment(s, "blue", EndDeployment(), Dice()).state
    assert s.phase == "initiative"


def test_ending_the_last_command_ends_the_turn_and_counts_morale_points():
    s = board(fig("z", "red", "zouave", (10, 10)), fig("b1", "blue", "prussian", (10, 100)))
    s = activate(s, "z", "aim", "aim")
    assert codes(initiative.validate_end_activations(s, "red", EndActivations(command="red"))) == ["activation/busy"]
    from adjudicator.rulesets.skirmish import actions
    s = actions.resolve_skip(s, "red", Skip(unit="z"), Dice()).state
    s = initiative.resolve_end_activations(s, "red", EndActivations(command="red"), Dice()).state
    assert codes(initiative.validate_end_activations(s, "red", EndActivations(command="blue"))) == ["turn/not-yours"]
    s = msgspec.structs.replace(s, figures={**s.figures, "b1": msgspec.structs.replace(s.figures["b1"], status="out")})
    out = initiative.resolve_end_activations(s, "blue", EndActivations(command="blue"), Dice())
    assert out.state.turn == 2 and out.state.result == "red wins: blue is routed" and out.state.phase == "over"
