"""Helpers for the brigade suites (no tests here): a game state built from the shipped
scenario, dice with chosen faces, actions applied through validate + apply, and pieces edited."""

from __future__ import annotations

import msgspec

from events.core import DiceCommitment, Envelope, GameCreated, OrdersSealed, OrdersUnsealed
from events import brigade as ev
from adjudicator.rulesets.brigade import RULESET
from adjudicator.rulesets.brigade.state import BrigadeState, changed

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
    """Validate (it must be legal) and apply."""
    found = RULESET.validate(state, actor, action)
    assert not found, found
    return force(state, actor, action, dice)


def force(state: BrigadeState, actor: str, action, dice=None) -> BrigadeState:
    _seq[0] += 1
    e = Envelope(game="t", seq=_seq[0], actor=actor, turn=state.turn, phase=state.phase, epoch=1, action=action,
                 prev="00" * 32)
    return RULESET.apply(state, e, dice or NoDice())[0]


def edit(state: BrigadeState, pieces: str, key: str, **fields) -> BrigadeState:
    """A copy of `state` with one piece changed, for setting up a case: the pieces are frozen.
    edit(s, "units", "fc3", strength=9)."""
    return msgspec.structs.replace(state, **{pieces: changed(getattr(state, pieces), key, **fields)})


def last_seq() -> int:
    return _seq[0]


def codes(state: BrigadeState, actor: str, action) -> list[str]:
    return [v.code for v in RULESET.validate(state, actor, action)]


def rules(state: BrigadeState, actor: str, action) -> list[str]:
    return [v.rule for v in RULESET.validate(state, actor, action)]


def with_orders(options=(), british=BRITISH_ORDERS, french=FRENCH_ORDERS) -> BrigadeState:
    """Setup done: both written orders sealed and opened; turn 1 waits for the initiative roll."""
    s = RULESET.initial_state(created(options))
    for side in ("british", "french"):
        s = apply(s, side, OrdersSealed(label=f"o-{side}", commitment="ab" * 32))
    s = apply(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32, orders=british))
    s = apply(s, "french", OrdersUnsealed(label="o-french", salt="00" * 32, orders=french))
    return s


def turn_to(state: BrigadeState, phase: str, phasing: str = "french", step_actor: str | None = None) -> BrigadeState:
    """From the initiative roll, on to `phase` (the british win 10 to 7 and choose)."""
    s = apply(state, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    s = apply(s, "british", ev.ChooseInitiative(take=(phasing == "british")))
    from adjudicator.rulesets.brigade.sequence import step_actor as who
    while s.phase != phase or (step_actor is not None and who(s) != step_actor):
        s = apply(s, "referee", ev.Done())
    return s
