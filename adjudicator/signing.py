"""Signed posts: a player binds his posts to an SSH key he already has.

A post signed with `ssh-keygen -Y sign -n adjudicator` (or `adjudicator sign`) carries its armoured
signature as its last block. The signed text is the post's normal form (adjudicator.posttext) above
the block; it names the game (`game ID`) and the head it was written against (`after SEQ HASH`, 16 hex
digits or more), so a signature cannot be replayed into another game or another turn. In a game where
a player has a registered key (`player-key`), every action of his must come in a post signed with it,
and the actions that follow the post's record must be the signed text's, in order. Verification is
the `sshsig` library's (ssh-keygen's SSHSIG format, over `cryptography`); signing is ssh-keygen's.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from pathlib import Path

from events.core import REFEREE, Action, Envelope, PostReceived
from adjudicator.core import ENGINE_RULE, KEY_TYPES, GameState
from adjudicator.errors import BadInput, NotationError
from adjudicator.notation import PostLine
from adjudicator.i18n import Msg, _
from adjudicator.ruleset import Violation, violation

NAMESPACE = "adjudicator"
MIN_HEAD_DIGITS = 16  # a head prefix a referee cannot grind another head to match
# the first two lines of a signed text: the game and the head it was written against (README, "Posts and signatures")
HEAD = re.compile(rf"game (\S+)\nafter ([0-9]+) ([0-9a-f]{{{MIN_HEAD_DIGITS},64}})\n")
_KEY_LINE = re.compile(r"^(\S+) ([A-Za-z0-9+/]+={0,2})(?: .*)?$")


def public_key(text: str, where: str) -> str:
    """`KEYTYPE BASE64` of an OpenSSH public key line (a .pub file), its comment dropped; BadInput
    naming `where` when it is not one the verifier reads (ed25519, RSA of 1024 bits or more)."""
    from sshsig.ssh_public_key import PublicKey

    line = text.strip()
    m = _KEY_LINE.match(line)
    if not m or "\n" in line:
        raise BadInput(_("{where}: not an SSH public key line (KEYTYPE BASE64 [COMMENT], as in a .pub file)").format(where=where))
    if m.group(1) not in KEY_TYPES:
        raise BadInput(_("{where}: a {kind} key; players sign with {kinds} keys").format(
            where=where, kind=m.group(1), kinds=_(" or ").join(KEY_TYPES)))
    try:
        fields = _strings(base64.b64decode(m.group(2), validate=True))
        PublicKey.from_openssh_str(f"{m.group(1)} {m.group(2)}")
    except (ValueError, NotImplementedError) as e:
        raise BadInput(_("{where}: not an SSH public key this tool can verify ({error})").format(where=where, error=e)) from None
    if m.group(1) == "ssh-rsa" and int.from_bytes(fields[-1], "big").bit_length() < MIN_RSA_BITS:
        raise BadInput(_("{where}: an RSA key of fewer than {bits} bits, which ssh-keygen refuses").format(where=where, bits=MIN_RSA_BITS))
    return f"{m.group(1)} {m.group(2)}"


def read_key(path: str | Path) -> str:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(_("{path}: cannot read the public key ({why})").format(path=path, why=getattr(e, "strerror", None) or e)) from None
    if "PRIVATE KEY" in text:
        raise BadInput(_("{path}: this is a private key; register the public one (the .pub file)").format(path=path))
    return public_key(text, str(path))


def signer(keys: dict[str, str], text: str) -> str:
    """The player whose registered key signed the post `text`; "" when none did (or it is not signed)."""
    from adjudicator.posttext import split_signed

    try:
        signed, signature = split_signed(text)
    except NotationError:
        return ""
    if not signature:
        return ""
    return next((player for player, key in sorted(keys.items()) if not signature_ok(key, signed, signature)), "")


def signature_ok(key: str, signed: str, signature: str) -> str:
    """"" when `signature` is `key`'s over `signed` in the adjudicator namespace; else why not. The
    blob is first held to what ssh-keygen writes and accepts (`blob_problem`), so that verify accepts
    no more than `ssh-keygen -Y verify` (the README's spec) does; the cryptography is the library's."""
    import sshsig
    from sshsig.ssh_public_key import PublicKey

    problem = blob_problem(key, signature)
    if problem:
        return problem
    try:
        sshsig.verify(signed.encode("utf-8"), signature, [PublicKey.from_openssh_str(key)], namespace=NAMESPACE)
    except (sshsig.InvalidSignature, ValueError, NotImplementedError, AssertionError) as e:
        return str(e) or type(e).__name__
    return ""


SIG_TYPES = {"ssh-ed25519": ("ssh-ed25519",), "ssh-rsa": ("rsa-sha2-256", "rsa-sha2-512")}
MIN_RSA_BITS = 1024  # ssh-keygen refuses a smaller RSA key


def _strings(data: bytes) -> list[bytes]:
    """SSH wire strings (uint32 length, bytes), the whole of `data`; ValueError if it is not just that."""
    out, at = [], 0
    while at < len(data):
        if at + 4 > len(data):
            raise ValueError("a truncated string")
        n = int.from_bytes(data[at:at + 4], "big")
        if at + 4 + n > len(data):
            raise ValueError("a truncated string")
        out.append(data[at + 4:at + 4 + n])
        at += 4 + n
    return out


def blob_problem(key: str, signature: str) -> str:
    """Why an armoured SSHSIG block is not one ssh-keygen would have made with `key` ("" if it is): the
    magic and version 1, the signer's public key exactly the registered one (ed25519, or RSA of at least
    1024 bits), the namespace `adjudicator`, a sha256 or sha512 message hash, a
    signature of the key's kind (RSA: rsa-sha2-256 or -512, never SHA-1), and no byte more."""
    lines = signature.strip().split("\n")
    if len(lines) < 3 or lines[0] != "-----BEGIN SSH SIGNATURE-----" or lines[-1] != "-----END SSH SIGNATURE-----":
        return _("not an armoured SSH signature")
    try:
        blob = base64.b64decode("".join(lines[1:-1]), validate=True)
        if blob[:6] != b"SSHSIG" or len(blob) < 10 or int.from_bytes(blob[6:10], "big") != 1:
            return _("not an SSHSIG signature of version 1")
        public, namespace, _reserved, hashed, sig = _strings(blob[10:])
        kind, *fields = _strings(public)
        sig_kind, _signed = _strings(sig)
    except ValueError:  # binascii.Error among them
        return _("the signature's bytes are not SSHSIG's form")
    if base64.b64encode(public).decode() != key.split(" ")[1] or kind.decode("latin-1") != key.split(" ")[0]:
        return _("signed with another key than the registered one")
    if namespace != NAMESPACE.encode() or hashed not in (b"sha256", b"sha512"):  # reserved: ignored, as by ssh-keygen
        return _("the namespace is {namespace} and the hash sha256 or sha512").format(namespace=NAMESPACE)
    if sig_kind.decode("latin-1") not in SIG_TYPES.get(kind.decode("latin-1"), ()):
        return _("a {kind} key signs as {kinds}").format(
            kind=kind.decode("latin-1"), kinds=_(" or ").join(SIG_TYPES.get(kind.decode("latin-1"), (_("nothing here"),))))
    if kind == b"ssh-rsa" and len(fields) == 2 and int.from_bytes(fields[1], "big").bit_length() < MIN_RSA_BITS:
        return _("an RSA key of fewer than {bits} bits").format(bits=MIN_RSA_BITS)
    return ""


@functools.lru_cache(maxsize=64)
def _lines(ruleset: str, actor: str, text: str) -> tuple[PostLine, ...] | None:
    """The lines a signed text holds, in the game's notation; None when it cannot be read (a log
    verified leniently goes on past a refused record)."""
    from adjudicator import core, notation, rulesets

    try:
        return notation.parse(text, core.VERBS + rulesets.get(ruleset).verbs, actor).lines
    except NotationError:
        return None


def _actions(ruleset: str, actor: str, text: str) -> tuple[Action, ...] | None:
    lines = _lines(ruleset, actor, text)
    return None if lines is None else tuple(line.action for line in lines)


def reported_faces(state: GameState, event: Envelope) -> list[Violation]:
    """In a game played with real dice, the faces of a signed action's rolls are those its `rolled`
    line reports (the referee cannot change what the player rolled)."""
    core = state.core
    if core.dice_mode != "reported" or core.signed_by != event.actor or event.actor not in core.keys:
        return []
    lines = _lines(core.ruleset, event.actor, core.signed)
    if lines is None or core.signed_next >= len(lines):
        return []  # check() names these
    reported = lines[core.signed_next].reported or ()
    faces = tuple(d for roll in event.rolls for d in roll.dice)
    if faces != reported:
        return violation("signature/faces", ENGINE_RULE, "the faces {faces} are not the {reported} that {actor}'s signed post reports for "
                  "its action {n}", faces=list(faces), reported=list(reported), actor=event.actor, n=core.signed_next + 1)
    return []


def check(state: GameState, actor: str, action: Action) -> list[Violation]:
    """The rules of signed posts, for an event posted by `actor` in `state`."""
    core = state.core
    if type(action) is PostReceived:
        return _unfinished(state) or _check_record(state, actor, action)
    if actor == REFEREE or actor not in core.keys:
        return []
    if core.signed_by != actor:
        return violation("signature/unsigned", ENGINE_RULE, "{actor} has a registered key: {actor}'s actions come in posts signed "
                  "with it, and this one is not in one", actor=actor)
    actions = _actions(core.ruleset, actor, core.signed)
    if actions is None:
        return violation("signature/unreadable", ENGINE_RULE, "{actor}'s signed post cannot be read in the game's notation", actor=actor)
    if core.signed_next >= len(actions):
        return violation("signature/beyond", ENGINE_RULE, "{actor}'s signed post holds {count} action(s); this one is not among them",
                  actor=actor, count=len(actions))
    if actions[core.signed_next] != action:
        return violation("signature/differs", ENGINE_RULE, "this is not action {n} of {actor}'s signed post", n=core.signed_next + 1, actor=actor)
    return []


def unfinished(state: GameState) -> Msg | None:
    """Why the signed post in progress is not whole (some of its actions are not in the log), or None."""
    core = state.core
    if not core.signed_by:
        return None
    actions = _actions(core.ruleset, core.signed_by, core.signed)
    if actions is None:
        return Msg("{actor}'s signed post cannot be read in the game's notation", actor=core.signed_by)
    if core.signed_next < len(actions):
        return Msg("{actor}'s signed post holds {count} action(s), but only {done} of them follow its record",
                   actor=core.signed_by, count=len(actions), done=core.signed_next)
    return None


def _unfinished(state: GameState) -> list[Violation]:
    why = unfinished(state)
    return violation("signature/unfinished", ENGINE_RULE, why) if why else []


def _check_record(state: GameState, actor: str, action: PostReceived) -> list[Violation]:
    core = state.core
    key = core.keys.get(actor)
    if not action.signed and not action.signature:
        if key is not None:
            return violation("signature/missing", ENGINE_RULE, "{actor} has a registered key: a post by {actor} is signed with it "
                      "(`adjudicator sign`, or ssh-keygen -Y sign -n adjudicator), and this one is not", actor=actor)
        return []
    if key is None:
        return violation("signature/no-key", ENGINE_RULE, "the post is signed, but {actor} has no registered key "
                  "(`adjudicator join GAME --as {actor} --key KEYFILE`)", actor=actor)
    if hashlib.sha256((action.signed + action.signature).encode("utf-8")).hexdigest() != action.digest:
        return violation("post/digest", ENGINE_RULE, "the post's digest is not that of its signed text and signature")
    why = signature_ok(key, action.signed, action.signature)
    if why:
        return violation("signature/bad", ENGINE_RULE, "the signature is not {actor}'s registered key's over this text ({why})", actor=actor, why=why)
    head = HEAD.match(action.signed)
    if head is None or head.group(1) != core.game:
        if head is None:
            return violation("signature/other-game", ENGINE_RULE, "the signed text is for game (none named), not {game}: a signed post's "
                      "first lines are `game ID` and `after SEQ HASH`", game=core.game)
        return violation("signature/other-game", ENGINE_RULE, "the signed text is for game {named}, not {game}: a signed post's "
                  "first lines are `game ID` and `after SEQ HASH`", named=head.group(1), game=core.game)
    if int(head.group(2)) != core.seq or not core.head.startswith(head.group(3)):
        return violation("signature/other-head", ENGINE_RULE, "the signed text was written after #{seq} {hash}, but this post follows "
                  "#{head} {head_hash}: a signature is good for the turn it was written in only",
                  seq=head.group(2), hash=head.group(3), head=core.seq, head_hash=core.head[:16])
    if _actions(core.ruleset, actor, action.signed) is None:  # one with no action is unreadable too
        return violation("signature/unreadable", ENGINE_RULE, "the signed text cannot be read in the game's notation")
    return []


def sign(text: str, key_file: str | Path) -> str:
    """The post, normalised, with ssh-keygen's signature of it as its last block: ready to paste."""
    import shutil
    import subprocess
    import tempfile

    from adjudicator import posttext

    body = posttext.normalise(text)
    if not HEAD.match(body):
        raise BadInput(_("a signed post starts with the lines `game ID` and `after SEQ HASH`, HASH being {digits} or "
                         "more lowercase hex digits of the head of the receipt it answers: the signature is then good for "
                         "that game and that turn only").format(digits=MIN_HEAD_DIGITS))
    tool = shutil.which("ssh-keygen")
    if tool is None:
        raise BadInput(_("ssh-keygen is not installed: it makes the signature (OpenSSH's client tools)"))
    with tempfile.TemporaryDirectory() as tmp:
        message = Path(tmp) / "post.txt"
        message.write_text(body, encoding="utf-8")
        done = subprocess.run([tool, "-Y", "sign", "-n", NAMESPACE, "-f", str(key_file), str(message)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise BadInput(_("{path}: ssh-keygen could not sign ({why})").format(path=key_file, why=done.stderr.strip() or done.returncode))
        armour = (Path(tmp) / "post.txt.sig").read_text(encoding="ascii")
    return body + posttext.normalise(armour)
