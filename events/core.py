"""Envelope, game lifecycle, dice, commitments, notes and rulings.

Tags and field meanings never change once released. A stored line is valid
only as the canonical encoding of what it decodes to, every member written,
defaults included: a field added to a released event would make the older
lines of that event non-canonical, so a changed event is a new tag instead.
events/schema.json (`adjudicator schema`) publishes every event's members.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

SCHEMA_VERSION = 1


class Action(msgspec.Struct, tag_field="type", frozen=True, kw_only=True):
    """Base of every action a player or referee can post."""


class DiceCommitment(msgspec.Struct, frozen=True, kw_only=True):
    """How the game's dice are produced and what the referee committed to.

    mode "committed": rolls derive from the epoch secrets of a reverse hash
    chain whose bottom (`anchor`, s_0) is published here.
    mode "reported": players roll real dice and report the values.
    """

    mode: str
    epochs: int
    anchor: str


class GameCreated(Action, tag="game-created", frozen=True, kw_only=True):
    game: str
    ruleset: str
    schema: int = SCHEMA_VERSION
    players: tuple[str, ...]
    scenario: str = ""
    options: tuple[str, ...] = ()
    data: dict[str, Any] = {}
    data_digest: str = ""
    dice: DiceCommitment


class SeedContributed(Action, tag="seed", frozen=True):
    """A player's client seed, mixed into every later roll."""

    player: str
    seed: str


class SecretRevealed(Action, tag="secret-revealed", frozen=True):
    """The referee publishes the dice secret of a closed epoch."""

    epoch: int
    secret: str


class OrdersSealed(Action, tag="orders-sealed", frozen=True):
    label: str
    commitment: str


class OrdersUnsealed(Action, tag="orders-unsealed", frozen=True):
    label: str
    salt: str
    orders: tuple[str, ...]


class Note(Action, tag="note", frozen=True):
    text: str


class OrdersVoided(Action, tag="orders-voided", frozen=True):
    """The referee voids sealed orders that cannot be opened (the rules refuse them): the ruleset says
    what follows (sealed again while no other side's orders are open; otherwise not given)."""

    label: str
    reason: str


class Ruling(Action, tag="ruling", frozen=True):
    """A referee's decision that stands over the engine, with its reason."""

    decision: str
    reason: str


class GameEnded(Action, tag="game-ended", frozen=True):
    """The referee ends the game with its result (the rules end it through the ruleset's result)."""

    result: str


class GameConceded(Action, tag="game-conceded", frozen=True):
    """The side that posts it concedes the game: the result is "SIDE concedes: TEXT"."""

    text: str = ""


class PostReceived(Action, tag="post-received", frozen=True):
    """A post as the tool received it, recorded before the events it makes (its actor is the post's
    author): `digest`, the sha256 hex of its normalised text (adjudicator.posttext); in a post signed
    with the author's registered key, `signed`, the normalised text the signature covers, and
    `signature`, the armoured SSH signature (ssh-keygen -Y sign -n adjudicator); "" in both otherwise."""

    digest: str
    signed: str = ""
    signature: str = ""


class PlayerKey(Action, tag="player-key", frozen=True):
    """The referee registers a player's SSH public key (`ssh-ed25519 AAAA...`, no comment): from then
    on every action of that player comes in a post signed with it."""

    player: str
    key: str


CORE_ACTIONS: tuple[type[Action], ...] = (
    GameCreated,
    SeedContributed,
    SecretRevealed,
    OrdersSealed,
    OrdersUnsealed,
    OrdersVoided,
    Note,
    Ruling,
    GameEnded,
    GameConceded,
    PostReceived,
    PlayerKey,
)


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """One dice expression rolled while resolving an event.

    `side` names whose roll it is when that is not the event's actor
    (a defender's morale check rolled during the attacker's post).
    """

    purpose: str
    expr: str
    dice: tuple[int, ...]
    side: str = ""


A = TypeVar("A")


class Envelope(msgspec.Struct, Generic[A], frozen=True, kw_only=True):
    """The stored event. Canonical bytes are its msgspec JSON, fields in this order;
    the hash is appended after them (see adjudicator.chain)."""

    game: str
    seq: int
    actor: str
    turn: int
    phase: str
    epoch: int
    action: A
    rolls: tuple[Roll, ...] = ()
    prev: str


REFEREE = "referee"
