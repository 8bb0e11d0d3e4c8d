"""What every ruleset shares: players and client seeds, dice reveals, sealed orders,
notes, referee rulings and the end of the game. Pure functions over plain data.

Who ends a game: the rules, through the ruleset's `result`; the referee, with `end game RESULT`;
a side, only by conceding for itself, `concede [TEXT]` ("SIDE concedes: TEXT")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from events.core import (
    REFEREE,
    Action,
    Envelope,
    GameConceded,
    GameCreated,
    GameEnded,
    Note,
    OrdersSealed,
    OrdersUnsealed,
    OrdersVoided,
    PlayerKey,
    PostReceived,
    Ruling,
    SecretRevealed,
    SeedContributed,
)
from adjudicator import sealed
from adjudicator.chain import GENESIS
from adjudicator.dice import chains_to, seed_mix
from adjudicator.i18n import Msg
from adjudicator.ruleset import Verb, Violation, usage

ENGINE_RULE = "engine"
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_KEY = re.compile(r"[a-z0-9@.-]+ [A-Za-z0-9+/]+={0,2}")


class Seal(msgspec.Struct, frozen=True):
    side: str
    commitment: str


class CoreState(msgspec.Struct, frozen=True, kw_only=True):
    game: str
    ruleset: str
    players: tuple[str, ...]
    dice_mode: str
    epochs: int
    seq: int = 0
    head: str = GENESIS
    seeds: tuple[tuple[str, str], ...] = ()
    mix: bytes = seed_mix(())
    rolled: bool = False
    revealed_epoch: int = 0
    revealed_secret: str = ""  # s_revealed_epoch; the anchor s_0 at the start
    sealed: dict[str, Seal] = {}
    rulings: int = 0
    ended: str = ""
    keys: dict[str, str] = {}  # a player's registered SSH public key: his actions come in posts signed with it
    signed_by: str = ""  # the author of the signed post whose actions are being written
    signed: str = ""  # its signed text
    signed_next: int = 0  # how many of its actions are written


S = TypeVar("S")


class GameState(msgspec.Struct, Generic[S], frozen=True):
    core: CoreState
    rules: S


def initial_core(created: GameCreated) -> CoreState:
    return CoreState(
        game=created.game,
        ruleset=created.ruleset,
        players=created.players,
        dice_mode=created.dice.mode,
        epochs=created.dice.epochs,
        revealed_secret=created.dice.anchor,
    )


def _v(code: str, message: str) -> list[Violation]:
    return [Violation(code, ENGINE_RULE, message)]


def _check_created(core: CoreState, closed: int, actor: str, action: GameCreated) -> list[Violation]:
    return _v("game/created-twice", "a game is created once, by its first event")


def _check_seed(core: CoreState, closed: int, actor: str, action: SeedContributed) -> list[Violation]:
    if action.player not in core.players:
        return _v("seed/unknown-player", f"{action.player!r} is not a player")
    if actor not in (action.player, REFEREE):
        return _v("seed/not-yours", f"{actor} cannot give {action.player}'s client seed")
    if core.rolled:
        return _v("seed/after-roll", "client seeds must be given before the first roll")
    if any(p == action.player for p, _ in core.seeds):
        return _v("seed/twice", f"{action.player} has given a client seed already")
    if not action.seed.strip():
        return _v("seed/empty", "a client seed cannot be empty")
    return []


def _check_reveal(core: CoreState, closed: int, actor: str, action: SecretRevealed) -> list[Violation]:
    if actor != REFEREE:
        return _v("reveal/not-referee", "only the referee reveals dice secrets")
    if not 1 <= action.epoch <= core.epochs:
        return _v("reveal/off-chain", f"epoch {action.epoch} is outside the committed dice chain (1 to {core.epochs})")
    if action.epoch > closed:
        return _v("reveal/open-epoch", f"epoch {action.epoch} is not closed yet (closed: 1 to {closed})")
    if action.epoch <= core.revealed_epoch:
        return _v("reveal/twice", f"epoch {action.epoch} is revealed already")
    known = core.revealed_secret  # may be bad in a lenient audit that went on past a bad reveal
    if not _HEX64.fullmatch(action.secret) or not _HEX64.fullmatch(known) or not chains_to(
        bytes.fromhex(action.secret), action.epoch, bytes.fromhex(known), core.revealed_epoch
    ):
        return _v("reveal/not-committed", f"the secret for epoch {action.epoch} does not hash to the committed chain")
    return []


def last_closed_epoch(epoch: int, over: str, chain: int) -> int:
    """Epochs before the current one are closed; once the game is over, no roll can follow, so all are;
    none beyond the committed chain (`chain` epochs), which has no secret for them and held no roll."""
    return min(epoch if over else epoch - 1, chain)


def _check_seal(core: CoreState, closed: int, actor: str, action: OrdersSealed) -> list[Violation]:
    if not _HEX64.fullmatch(action.commitment):
        return _v("seal/bad-commitment", "a commitment is 64 lowercase hex digits (sha256)")
    if action.label in core.sealed:
        return _v("seal/label-taken", f"sealed orders {action.label!r} are already posted")
    return []


def _check_unseal(core: CoreState, closed: int, actor: str, action: OrdersUnsealed) -> list[Violation]:
    seal = core.sealed.get(action.label)
    if seal is None:
        return _v("seal/unknown", f"no sealed orders {action.label!r} are waiting to be revealed")
    if actor not in (seal.side, REFEREE):
        return _v("seal/not-yours", f"sealed orders {action.label!r} are {seal.side}'s")
    if action.orders != sealed.normalise(action.orders):
        return _v("seal/not-normal", "opened orders are stored as they are committed to: no comment, no blank line, "
                  "no surrounding blanks (sealed.normalise)")
    try:
        salt = bytes.fromhex(action.salt)
    except ValueError:
        salt = b""
    if len(salt) != 32 or sealed.commitment(core.game, seal.side, action.orders, salt) != seal.commitment:
        return _v("seal/mismatch", f"these orders and salt do not match the commitment of {action.label!r}")
    return []


def _check_ruling(core: CoreState, closed: int, actor: str, action: Ruling) -> list[Violation]:
    return [] if actor == REFEREE else _v("ruling/not-referee", "only the referee records rulings")


def _check_void(core: CoreState, closed: int, actor: str, action: OrdersVoided) -> list[Violation]:
    if actor != REFEREE:
        return _v("void/not-referee", "only the referee voids sealed orders")
    if action.label not in core.sealed:
        return _v("void/unknown", f"no sealed orders {action.label!r} are waiting to be opened: only those can be voided")
    if not action.reason.strip():
        return _v("void/no-reason", "a void says why: void LABEL because REASON")
    return []


KEY_TYPES = ("ssh-ed25519", "ssh-rsa")  # what ssh-keygen signs with and the report page checks too


def _check_key(core: CoreState, closed: int, actor: str, action: PlayerKey) -> list[Violation]:
    if actor != REFEREE:
        return _v("key/not-referee", "only the referee registers a player's key")
    if action.player not in core.players:
        return _v("key/unknown-player", f"{action.player!r} is not a player")
    if action.player in core.keys:
        return _v("key/twice", f"{action.player} has a registered key already: a key is registered once")
    if not _KEY.fullmatch(action.key):
        return _v("key/malformed", "a key is KEYTYPE BASE64, as the first two words of a .pub file")
    if action.key.split(" ")[0] not in KEY_TYPES:
        return _v("key/type", f"players sign with {' or '.join(KEY_TYPES)} keys, not {action.key.split(' ')[0]}")
    return []


def _check_post(core: CoreState, closed: int, actor: str, action: PostReceived) -> list[Violation]:
    if not _HEX64.fullmatch(action.digest):
        return _v("post/bad-digest", "a post's digest is 64 lowercase hex digits (sha256)")
    return []


def _check_end(core: CoreState, closed: int, actor: str, action: GameEnded) -> list[Violation]:
    if actor != REFEREE:
        return _v("end/not-referee", "only the referee ends the game with `end game`; a side ends it only by "
                  "conceding for itself: `concede [TEXT]`")
    return []


def _check_concede(core: CoreState, closed: int, actor: str, action: GameConceded) -> list[Violation]:
    if actor == REFEREE:
        return _v("concede/not-a-side", "a side concedes for itself; the referee ends the game with `end game RESULT`")
    return []


def concession(side: str, action: GameConceded) -> str:
    """The result of a side's concession."""
    return f"{side} concedes" + (f": {action.text}" if action.text else "")


_CHECKS: dict[type[Any], Callable[[CoreState, int, str, Any], list[Violation]]] = {
    GameCreated: _check_created,
    SeedContributed: _check_seed,
    SecretRevealed: _check_reveal,
    OrdersSealed: _check_seal,
    OrdersUnsealed: _check_unseal,
    Ruling: _check_ruling,
    OrdersVoided: _check_void,
    GameEnded: _check_end,
    GameConceded: _check_concede,
    PlayerKey: _check_key,
    PostReceived: _check_post,
}
_AFTER_END = (Note, SecretRevealed, Ruling, PostReceived)
_AFTER_RULES_END = _AFTER_END + (GameEnded,)


def validate(core: CoreState, closed: int, actor: str, action: Action, over: str = "") -> list[Violation]:
    """The engine's own rules; the ruleset's come after these. `closed` is the last closed dice
    epoch; `over` is the result once the ruleset's own rules have ended the game: then only the
    referee's `end game` may follow, with notes, rulings and reveals."""
    if actor != REFEREE and actor not in core.players:
        return _v("actor/unknown", f"{actor!r} is neither a player ({', '.join(core.players)}) nor the referee")
    if core.ended and not isinstance(action, _AFTER_END):
        return _v("game/ended", f"the game has ended ({core.ended}): only notes, rulings and reveals")
    if over and not isinstance(action, _AFTER_RULES_END):
        return _v("game/over", f"the rules have ended the game ({over}): only notes, rulings, reveals and `end game`")
    check = _CHECKS.get(type(action))
    return check(core, closed, actor, action) if check else []


def _apply_seed(core: CoreState, event: Envelope) -> dict[str, Any]:
    seeds = core.seeds + ((event.action.player, event.action.seed),)
    return {"seeds": seeds, "mix": seed_mix(seeds)}


def _apply_reveal(core: CoreState, event: Envelope) -> dict[str, Any]:
    return {"revealed_epoch": event.action.epoch, "revealed_secret": event.action.secret}


def _apply_seal(core: CoreState, event: Envelope) -> dict[str, Any]:
    return {"sealed": {**core.sealed, event.action.label: Seal(event.actor, event.action.commitment)}}


def _apply_unseal(core: CoreState, event: Envelope) -> dict[str, Any]:
    return {"sealed": {k: v for k, v in core.sealed.items() if k != event.action.label}}


_APPLY: dict[type[Any], Callable[[CoreState, Envelope[Any]], dict[str, Any]]] = {
    SeedContributed: _apply_seed,
    SecretRevealed: _apply_reveal,
    OrdersSealed: _apply_seal,
    OrdersUnsealed: _apply_unseal,
    OrdersVoided: _apply_unseal,
    Ruling: lambda core, event: {"rulings": core.rulings + 1},
    GameEnded: lambda core, event: {"ended": event.action.result},
    GameConceded: lambda core, event: {"ended": concession(event.actor, event.action)},
    PlayerKey: lambda core, event: {"keys": {**core.keys, event.action.player: event.action.key}},
    PostReceived: lambda core, event: {"signed_by": event.actor if event.action.signed else "",
                                       "signed": event.action.signed, "signed_next": 0},
}


# The actions the engine's own rules check or change the core state with.
OWN_ACTIONS = frozenset(_CHECKS) | frozenset(_APPLY)


def leaves_to_ruleset(core: CoreState, over: str) -> bool:
    """Whether validate passes, and apply keeps `core` as it is, for every event whose action is not
    one of OWN_ACTIONS, posted by a player or the referee: true in a game that goes on (`over` as for
    validate) once its first die is rolled. Most events of a long log are such: see engine.left_to_ruleset."""
    return core.rolled and not core.ended and not over and not core.keys


def apply(core: CoreState, event: Envelope) -> CoreState:
    """The core state after `event`; its seq and head are set where the hash is known (engine.at_head)."""
    step = _APPLY.get(type(event.action))
    changes = step(core, event) if step else None
    if core.signed_by and event.actor == core.signed_by and type(event.action) is not PostReceived:
        changes = {**(changes or {}), "signed_next": core.signed_next + 1}  # one more action of the signed post
    if event.rolls and not core.rolled:
        changes = {**(changes or {}), "rolled": True}
    return msgspec.structs.replace(core, **changes) if changes else core


def describe(event: Envelope) -> list[str]:
    """What an event every game has did, in the reader's language (the first line; the orders of an
    unsealing follow as they were written)."""
    from adjudicator.i18n import _

    action = event.action
    if isinstance(action, SecretRevealed):
        return [_("dice secret of epoch {epoch} revealed: every roll of that epoch and of those before it "
                  "can now be audited").format(epoch=action.epoch)]
    if isinstance(action, OrdersUnsealed):
        return [_("sealed orders {label!r} opened and match their commitment:").format(label=action.label)] + [
            f"  {o}" for o in action.orders]
    if isinstance(action, OrdersSealed):
        return [_("orders {label!r} sealed: {commitment}…").format(label=action.label, commitment=action.commitment[:16])]
    if isinstance(action, Ruling):
        return [_("referee ruling: {decision} (reason: {reason})").format(decision=action.decision, reason=action.reason)]
    if isinstance(action, OrdersVoided):
        return [_("referee ruling: sealed orders {label!r} are void: they will not be opened (reason: {reason})").format(
            label=action.label, reason=action.reason)]
    if isinstance(action, GameEnded):
        return [_("game over: {result}").format(result=action.result)]
    if isinstance(action, GameConceded):
        said = _("{side} concedes: {text}") if action.text else _("{side} concedes")
        return [_("game over: {result}").format(result=said.format(side=event.actor, text=action.text))]
    if isinstance(action, SeedContributed):
        return [_("{player}'s client seed is mixed into every roll from now on").format(player=action.player)]
    if isinstance(action, PlayerKey):
        return [_("{player}'s actions come from now on in posts signed with this key").format(player=action.player)]
    return []


# -- notation ---------------------------------------------------------------

def _words(args: str, n: int, usage_form: str) -> list[str]:
    parts = args.split()
    if len(parts) != n:
        raise usage("", usage_form)
    return parts


def _text(args: str, usage_form: str) -> str:
    if not args.strip():
        raise usage("", usage_form)
    return args.strip()


def _ruling(args: str) -> Ruling:
    decision, sep, reason = args.partition(" because ")
    if not sep or not decision.strip() or not reason.strip():
        raise usage("", "ruling DECISION because REASON")
    return Ruling(decision=decision.strip(), reason=reason.strip())


def _void(args: str) -> OrdersVoided:
    label, sep, reason = args.partition(" because ")
    if not sep or len(label.split()) != 1 or not reason.strip():
        raise usage("", "void LABEL because REASON")
    return OrdersVoided(label=label.strip(), reason=reason.strip())


def _unseal(args: str, body: tuple[str, ...]) -> OrdersUnsealed:
    parts = args.split()
    if len(parts) != 2:
        raise usage("", "unseal LABEL SALT", Msg("then the orders on lines starting with |"))
    label, salt = parts
    orders = sealed.normalise(body)
    if not orders:
        raise ValueError(Msg("the orders follow on lines starting with |"))
    return OrdersUnsealed(label=label, salt=salt.lower(), orders=orders)


def _seal(args: str) -> OrdersSealed:
    label, commitment = _words(args, 2, "seal LABEL COMMITMENT")
    return OrdersSealed(label=label, commitment=commitment.lower())


def _key(args: str) -> PlayerKey:
    parts = args.split()
    if len(parts) < 3:
        raise usage("", "key PLAYER KEYTYPE BASE64", Msg("an SSH public key, as in a .pub file"))
    return PlayerKey(player=parts[0], key=f"{parts[1]} {parts[2]}")


def _reveal(args: str) -> SecretRevealed:
    epoch, secret = _words(args, 2, "reveal EPOCH SECRET")
    if not epoch.isdigit():
        raise ValueError(Msg("{epoch!r} is not an epoch number", epoch=epoch))
    return SecretRevealed(epoch=int(epoch), secret=secret.lower())


VERBS: tuple[Verb, ...] = (
    Verb("note", Note, lambda a, actor, b: Note(text=_text(a, "note TEXT")), lambda x: f"note {x.text}",
         "note TEXT: a remark kept in the log (note the voltigeurs are in soft cover)"),
    Verb("seed", SeedContributed, lambda a, actor, b: SeedContributed(player=actor, seed=_text(a, "seed TEXT")),
         lambda x: f"seed {x.seed}", "seed TEXT: your client seed, mixed into every roll, before the first roll (seed the owls "
                                     "are not what they seem)"),
    Verb("seal", OrdersSealed, lambda a, actor, b: _seal(a), lambda x: f"seal {x.label} {x.commitment}",
         "seal LABEL COMMITMENT: commit to secret orders; `adjudicator seal GAME ORDERS --as SIDE --label L` makes the line "
         "(seal t1-catholic 4c13d911…)"),
    Verb("unseal", OrdersUnsealed, lambda a, actor, b: _unseal(a, b),
         lambda x: f"unseal {x.label} {x.salt}\n" + "\n".join(f"| {o}" for o in x.orders),
         "unseal LABEL SALT: open sealed orders, their | ORDER lines following, as `adjudicator seal` printed them "
         "(unseal t1-catholic 9f2c… then | montmorency attack)", takes_body=True),
    Verb("reveal", SecretRevealed, lambda a, actor, b: _reveal(a), lambda x: f"reveal {x.epoch} {x.secret}",
         "reveal EPOCH SECRET: the referee publishes a closed epoch's dice secret (`adjudicator reveal` posts them all)"),
    Verb("ruling", Ruling, lambda a, actor, b: _ruling(a), lambda x: f"ruling {x.decision} because {x.reason}",
         "ruling DECISION because REASON: the referee's decision over the engine (ruling the ford is passable because the "
         "river froze)"),
    Verb("void", OrdersVoided, lambda a, actor, b: _void(a), lambda x: f"void {x.label} because {x.reason}",
         "void LABEL because REASON: the referee voids sealed orders that cannot be opened (void t1-catholic because `atack` "
         "is no order)"),
    Verb("key", PlayerKey, lambda a, actor, b: _key(a), lambda x: f"key {x.player} {x.key}",
         "key PLAYER KEYTYPE BASE64: the referee registers a player's SSH public key; his posts are signed with it "
         "from then on (`adjudicator join GAME --as PLAYER --key KEYFILE` posts it)"),
    Verb("end game", GameEnded, lambda a, actor, b: GameEnded(result=_text(a, "end game RESULT")),
         lambda x: f"end game {x.result}", "end game RESULT: the referee ends the game (end game red holds the farm at dusk)"),
    Verb("concede", GameConceded, lambda a, actor, b: GameConceded(text=a.strip()),
         lambda x: f"concede {x.text}".rstrip(), "concede [TEXT]: your side concedes the game (concede the farm is lost)"),
)
