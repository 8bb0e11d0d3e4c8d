"""Helpers for the brigade suites (no tests here): a game state built from the shipped
scenario, dice with chosen faces, actions checked (the phase table's gate, then the action's check)
and applied, what they said, and pieces edited."""

from __future__ import annotations

import msgspec

from events.core import DiceCommitment, Envelope, GameCreated, OrdersSealed, OrdersUnsealed
from events import brigade as ev
from adjudicator import core
from adjudicator.engine import Game, violations
from adjudicator.rulesets.brigade import RULESET
from adjudicator.rulesets.brigade.phases import whose
from adjudicator.rulesets.brigade.state import BrigadeState

BRITISH_ORDERS = ("kempt attack ventosa", "pack engage menne", "stopford hold hill", "anson support stopford left",
                  "lemarchant hold wood", "alten move hill")
FRENCH_ORDERS = ("chemineau attack ventosa", "desgraviers engage pack", "menne engage kempt", "thomieres hold bridge",
                 "berlier support thomieres right", "curto engage anson")


class FakeDice:
    """Returns the faces it was given, in order, and records what was asked."""

    def __init__(self, *faces: tuple[int, ...]):
        self.faces = list(faces)
        self.asked: list[tuple[str, str, str]] = []

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        self.asked.append((purpose, expr, side))
        if not self.faces:
            raise AssertionError(f"unexpected roll: {purpose} {expr}")
        return self.faces.pop(0)


class NoDice(FakeDice):
    def __init__(self):
        super().__init__()


def created(options: tuple[str, ...] = (), players=("british", "french"), tables_override=None) -> GameCreated:
    tables = dict(RULESET.tables)
    if tables_override:
        tables.update(tables_override)
    return GameCreated(game="t", ruleset="brigade", players=tuple(players), scenario="peninsula", options=options,
                       data={"scenario": RULESET.scenarios["peninsula"].data, "tables": tables},
                       dice=DiceCommitment(mode="committed", epochs=50, anchor="00" * 32))


_seq = [100]


def apply(state: BrigadeState, actor: str, action, dice=None) -> BrigadeState:
    """Check (it must be legal) and apply."""
    return said(state, actor, action, dice)[0]


def said(state: BrigadeState, actor: str, action, dice=None) -> tuple[BrigadeState, list[str]]:
    """Check (it must be legal) and apply; the state after, and what the action said it did."""
    found = RULESET.check(state, actor, action)
    assert not found, found
    return force_said(state, actor, action, dice)


def force(state: BrigadeState, actor: str, action, dice=None) -> BrigadeState:
    return force_said(state, actor, action, dice)[0]


def force_said(state: BrigadeState, actor: str, action, dice=None) -> tuple[BrigadeState, list[str]]:
    _seq[0] += 1
    e = Envelope(game="t", seq=_seq[0], actor=actor, turn=state.turn, phase=state.phase, epoch=1, action=action,
                 prev="00" * 32)
    after, draft = RULESET.apply(state, e, dice or NoDice())
    return after, list(draft.outcome().lines) if draft is not None else []


def edit(state: BrigadeState, pieces: str, key: str, **fields) -> BrigadeState:
    """A copy of `state` with one piece changed, for setting up a case: the pieces are frozen.
    edit(s, "units", "fc3", strength=9)."""
    was = getattr(state, pieces)
    return msgspec.structs.replace(state, **{pieces: {**was, key: msgspec.structs.replace(was[key], **fields)}})


def last_seq() -> int:
    return _seq[0]


def codes(state: BrigadeState, actor: str, action) -> list[str]:
    return [v.code for v in RULESET.check(state, actor, action)]


def rules(state: BrigadeState, actor: str, action) -> list[str]:
    return [v.rule for v in RULESET.check(state, actor, action)]


def engine_codes(state: BrigadeState, actor: str, action) -> list[str]:
    """What the engine refuses `action` with: its own rules (the end of the game...), then the ruleset's."""
    game = Game(created(), RULESET)
    return [v.code for v in violations(game, core.GameState(core.initial_core(game.created), state), actor, action)]


def with_orders(options=(), british=BRITISH_ORDERS, french=FRENCH_ORDERS) -> BrigadeState:
    """Setup done: both written orders sealed and opened; turn 1 waits for the initiative roll."""
    s = RULESET.setup(created(options))
    for side in ("british", "french"):
        s = apply(s, side, OrdersSealed(label=f"o-{side}", commitment="ab" * 32))
    s = apply(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32, orders=british))
    s = apply(s, "french", OrdersUnsealed(label="o-french", salt="00" * 32, orders=french))
    return s


def turn_to(state: BrigadeState, phase: str, phasing: str = "french", step_actor: str | None = None) -> BrigadeState:
    """From the initiative roll, on to `phase` (the british win 10 to 7 and choose)."""
    s = apply(state, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    s = apply(s, "british", ev.ChooseInitiative(take=(phasing == "british")))
    while s.phase != phase or (step_actor is not None and whose(s) != step_actor):
        s = apply(s, "referee", ev.Done())
    return s
