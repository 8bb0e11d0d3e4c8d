"""Random legal play through the real engine ends the battle and verifies; every listed legal action is
accepted by the validator; the notation prints back what it parses; the map shows every unit."""

from __future__ import annotations

import random

import pytest

from adjudicator.draft import NOTHING
from adjudicator.logsource import open_source
from adjudicator.notation import format_action, parse
from adjudicator.rulesets.portable import RULESET
from adjudicator.simulate import simulate
from adjudicator.verify import verify
from events.core import DiceCommitment, GameCreated
from adjudicator import core
from test_portable_support import Dice, event

VERBS = core.VERBS + RULESET.verbs


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_a_random_game_reaches_the_end_and_verifies(tmp_path, scenario):
    """simulate picks a side from awaiting() and a random legal action until nobody is awaited."""
    db = tmp_path / "g.db"
    head = simulate(db, "portable", seed=11, scenario=scenario, events=20_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head and report.rolls["verified"] > 0 and report.rolls["unrevealed"] == 0
    rules = report.state.rules
    assert rules.phase == "over" and rules.result and RULESET.awaiting(rules) == []


def _start(scenario: str):
    sc = RULESET.scenarios[scenario]
    created = GameCreated(game="t", ruleset="portable", players=("red", "blue"), scenario=scenario,
                          data={"scenario": sc.data, "tables": RULESET.tables},
                          dice=DiceCommitment(mode="committed", epochs=10, anchor=""))
    return RULESET.setup(created)


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_every_legal_action_validates_and_prints_back(scenario):
    """legal_actions() lists only actions the ruleset accepts (its phase gate and its checks), and each prints
    in the post notation and parses back to the same action."""
    rng = random.Random(3)
    state = _start(scenario)
    for _ in range(120):
        waiting = RULESET.awaiting(state)
        if not waiting:
            break
        side = rng.choice(waiting).side
        choices = RULESET.legal_actions(state, side)
        assert choices
        for a in choices:
            assert RULESET.check(state, side, a) == [], (a, RULESET.check(state, side, a))
            text = format_action(a, VERBS)
            assert parse(text, VERBS, side).lines[0].action == a, text
        state = _apply(state, side, rng.choice(choices), rng)


class _RandomDice(Dice):
    def __init__(self, rng):
        super().__init__()
        self.rng = rng

    def roll(self, purpose, expr, side=""):
        n, faces = expr.split("d")
        return tuple(self.rng.randint(1, int(faces)) for _ in range(int(n or 1)))


def _apply(state, side, action, rng):
    return RULESET.apply(state, event(side, action), _RandomDice(rng))[0]


def test_the_map_draws_every_unit_with_sp_and_class():
    """`adjudicator map`: the grid, its terrain and every unit with its SP and class."""
    state = _start("bohemia")
    assert RULESET.render is not None
    svg = RULESET.render(state, NOTHING)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for u in state.units.values():
        assert u.id in svg
    assert "4 SP E" in svg and "ford" in svg and "trench" in svg and "village" in svg



def test_a_ruling_says_it_changed_nothing():
    """Ruling R27: portable has no override; a ruling is the referee's words and the report says
    that it changed nothing, not silence that reads as if it had."""
    from events.core import Ruling

    s = _start("bohemia")
    after, said = RULESET.apply(s, event("referee", Ruling(decision="aus-inf1 is destroyed", reason="it rained")), Dice())
    assert after.units == s.units and after.armies == s.armies
    assert said is not None and any("changes nothing in the game" in x for x in said.outcome().lines)
