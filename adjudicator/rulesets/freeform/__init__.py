"""`freeform`: a verifiable dice log for any game, with no board rules.

Players take turns in the order they were named; every player-turn is one dice
epoch, closed by `end turn`. Anyone may roll or note at any time (a defender's
saving throw in the attacker's turn); only the player whose turn it is, or the
referee, ends it.
"""

from __future__ import annotations

import re

import msgspec

from events.core import REFEREE, Action, Envelope, GameCreated, Note
from events.freeform import ACTIONS, EndTurn, RollDice
from adjudicator.dice import Dice, parse_expr
from adjudicator.ruleset import Awaiting, Ruleset, Verb, Violation

RULE = "freeform"


class FreeformState(msgspec.Struct, frozen=True, kw_only=True):
    players: tuple[str, ...]
    turn: int = 1
    active: int = 0

    @property
    def to_play(self) -> str:
        return self.players[self.active]


def initial_state(created: GameCreated) -> FreeformState:
    return FreeformState(players=created.players)


# validate and apply run once per event of a long log: they test the action's exact type, which
# costs less than isinstance of a Struct class (events are decoded to exactly these types).

def validate(state: FreeformState, actor: str, action: Action) -> list[Violation]:
    kind = type(action)
    if kind is RollDice:
        try:
            parse_expr(action.expr)
        except ValueError as e:
            return [Violation("roll/bad-expression", RULE, str(e))]
    elif kind is EndTurn and actor not in (state.to_play, REFEREE):
        return [Violation("turn/not-yours", RULE, f"it is {state.to_play}'s turn {state.turn}: only they or the referee end it")]
    return []


def apply(state: FreeformState, event: Envelope, dice: Dice) -> FreeformState:
    action = event.action
    kind = type(action)
    if kind is RollDice:
        dice.roll(action.purpose or "roll", action.expr)
    elif kind is EndTurn:
        return msgspec.structs.replace(state, turn=state.turn + 1, active=(state.active + 1) % len(state.players))
    return state


def awaiting(state: FreeformState) -> list[Awaiting]:
    return [Awaiting(state.to_play, f"turn {state.turn}: roll, note, end turn")]


_SIM_EXPRS = ("1d6", "2d6", "1d10z", "3d6", "1d20", "1d100")


def legal_actions(state: FreeformState, actor: str) -> list[Action]:
    acts: list[Action] = [RollDice(expr=e, purpose=f"{actor} {e}") for e in _SIM_EXPRS]
    acts.append(Note(text=f"{actor} considers turn {state.turn}"))
    if actor in (state.to_play, REFEREE):
        acts.append(EndTurn())
    return acts


def describe(before: FreeformState, after: FreeformState, event: Envelope) -> list[str]:
    if isinstance(event.action, EndTurn):
        return [f"turn {before.turn} ends (dice epoch {before.turn} closed); turn {after.turn}: {after.to_play} to play"]
    return []


_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)


def _parse_roll(args: str, actor: str, body: tuple[str, ...]) -> RollDice:
    expr, purpose = (_FOR.split(args, maxsplit=1) + [""])[:2]
    if not expr.strip():
        raise ValueError("usage: roll EXPR [for PURPOSE], e.g. roll 2d6+1 for morale")
    return RollDice(expr=str(parse_expr(expr)), purpose=purpose.strip())


def _format_roll(action: RollDice) -> str:
    return f"roll {action.expr}" + (f" for {action.purpose}" if action.purpose else "")


def _parse_end(args: str, actor: str, body: tuple[str, ...]) -> EndTurn:
    if args:
        raise ValueError("`end turn` takes nothing after it")
    return EndTurn()


VERBS = (
    Verb("roll", RollDice, _parse_roll, _format_roll, "roll EXPR [for PURPOSE]: 2d6, 1d6+1, 1d10z (a d10 read 0-9)"),
    Verb("end turn", EndTurn, _parse_end, lambda a: "end turn", "end turn: close your turn and its dice epoch"),
)

RULESET = Ruleset(
    name="freeform",
    title="Freeform: a verifiable dice log for any game",
    source="no rule text: the engine's own rules only",
    state_type=FreeformState,
    actions=ACTIONS,
    verbs=VERBS,
    initial_state=initial_state,
    validate=validate,
    apply=apply,
    awaiting=awaiting,
    legal_actions=legal_actions,
    describe=describe,
    turn=lambda s: s.turn,
    phase=lambda s: "play",
    epoch=lambda s: s.turn,
)
