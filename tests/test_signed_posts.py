"""Signed posts, with real SSH keys made by ssh-keygen in the test (ed25519 and RSA): a keyed side's
post is refused without a good signature by its key over a text that names the game and the head;
`verify` proves every keyed side's action was signed by it, and the referee's are the only unsigned."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import threadplay as tp
from conftest import export_log, rechain, run_cli_inprocess
from adjudicator import games
from adjudicator.errors import BadInput, Conflict, Rejected
from adjudicator.logsource import open_source
from adjudicator.signing import sign
from adjudicator.verify import verify

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None,
                                reason="ssh-keygen (OpenSSH's client tools) is not installed: it makes the keys and signatures")
KINDS = ("ed25519", "rsa")


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> dict[str, Path]:
    """red's ed25519 key, blue's RSA key, and an ed25519 key of somebody else: the private key files."""
    d = tmp_path_factory.mktemp("keys")
    out = {}
    for name, kind in (("red", "ed25519"), ("blue", "rsa"), ("mallory", "ed25519"), ("red-rsa", "rsa")):
        subprocess.run(["ssh-keygen", "-q", "-t", kind, *(["-b", "2048"] if kind == "rsa" else []), "-N", "",
                        "-C", f"{name}@example", "-f", str(d / name)], check=True)
        out[name] = d / name
    return out


def pub(key: Path) -> Path:
    return key.with_name(key.name + ".pub")


def keyed_game(tmp_path: Path, keys: dict[str, Path], red: str = "red") -> Path:
    db = tmp_path / "g.db"
    games.new_game(db, "freeform", ["red", "blue"], keys={"red": pub(keys[red]), "blue": pub(keys["blue"])})
    return db


def signed(db: Path, text: str, key: Path, game: str | None = None, at: tuple[int, str] | None = None) -> str:
    _, state = games.state_at(db)
    seq, head = at or (state.core.seq, state.core.head)
    return sign(f"game {game or state.core.game}\nafter {seq} {head}\n{text}", key)


@pytest.mark.parametrize("kind", KINDS)
def test_a_post_signed_with_the_sides_key_is_taken_and_verifies(tmp_path, keys, kind):
    red = "red" if kind == "ed25519" else "red-rsa"
    db = keyed_game(tmp_path, keys, red)
    posted = games.post(db, signed(db, "roll 2d6 for volley\nend turn", keys[red]), "red")
    assert posted.received is not None and posted.received.signature.startswith("-----BEGIN SSH SIGNATURE-----")
    assert posted.received.signed.startswith("game g\nafter 3 ")
    games.post(db, signed(db, "note blue holds\nend turn", keys["blue"]), "blue")
    games.post(db, "ruling the wood is open ground because the map says so", "referee")  # the referee signs nothing
    report = verify(open_source(export_log(db)))
    assert report.ok, report.problems


@pytest.mark.parametrize("kind", KINDS)
def test_a_post_signed_with_another_key_is_refused_naming_the_side(tmp_path, keys, kind):
    db = keyed_game(tmp_path, keys)
    other = keys["mallory"] if kind == "ed25519" else keys["blue"]
    with pytest.raises(Rejected, match=r"the post: the signature is not red's registered key's .*\[signature/bad\]"):
        games.post(db, signed(db, "roll 2d6", other), "red")
    assert games.state_at(db)[1].core.seq == 3  # nothing written
    r = run_cli_inprocess("post", db, _file(tmp_path, signed(db, "roll 2d6", other)), "--as", "red")
    assert r.returncode == 1 and "red" in r.stderr and "signature/bad" in r.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_an_edited_signed_text_is_refused(tmp_path, keys, kind):
    red = "red" if kind == "ed25519" else "red-rsa"
    db = keyed_game(tmp_path, keys, red)
    text = signed(db, "roll 2d6 for volley\nend turn", keys[red])
    with pytest.raises(Rejected, match="signature/bad"):
        games.post(db, text.replace("roll 2d6", "roll 9d6"), "red")


def test_a_missing_signature_is_refused_naming_the_side_and_why(tmp_path, keys):
    db = keyed_game(tmp_path, keys)
    r = run_cli_inprocess("post", db, _file(tmp_path, "roll 2d6\nend turn"), "--as", "red")
    assert r.returncode == 1
    assert "red has a registered key: a post by red is signed with it" in r.stderr and "[signature/missing]" in r.stderr
    assert "nothing" not in r.stdout and len(games.state_at(db)[1].core.keys) == 2


def test_a_signature_replayed_into_another_game_is_refused(tmp_path, keys):
    db = keyed_game(tmp_path, keys)
    text = signed(db, "roll 2d6 for volley", keys["red"])
    other = tmp_path / "other.db"
    games.new_game(other, "freeform", ["red", "blue"], keys={"red": pub(keys["red"])})
    with pytest.raises(BadInput, match="the post is for game g, not other"):
        games.post(other, text, "red")
    # the signed text of game g, its first lines made to name the other game and its head
    _, state = games.state_at(other)
    lines = text.split("\n")
    lines[:2] = ["game other", f"after {state.core.seq} {state.core.head}"]
    with pytest.raises(Rejected, match="signature/bad"):
        games.post(other, "\n".join(lines), "red")
    games.post(db, text, "red")  # where it was written, it is taken


def test_a_signature_replayed_at_another_seq_is_refused_and_a_log_that_replays_it_fails_verify(tmp_path, keys):
    db = keyed_game(tmp_path, keys)
    text = signed(db, "roll 2d6 for volley\nend turn", keys["red"])
    games.post(db, text, "red")
    games.post(db, signed(db, "end turn", keys["blue"]), "blue")
    with pytest.raises(Conflict, match="the post was written after #3"):
        games.post(db, text, "red")  # the referee cannot post it again: it names the head it was written against
    # a forger who copies red's signed post and its events to the end of the log, in turn 3, re-chained
    lines = export_log(db).read_bytes().splitlines()
    copied = [json.loads(line) | {"turn": 3, "epoch": 3} for line in lines[3:6]]
    copied = [json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in copied]
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines + copied)))
    report = verify(open_source(forged))
    assert not report.ok and report.problems[0].seq == 9 and "[signature/other-head]" in report.problems[0].message


def test_a_log_whose_events_differ_from_the_signed_text_fails_verify(tmp_path, keys):
    db = keyed_game(tmp_path, keys)
    games.post(db, signed(db, "roll 2d6 for volley\nnote steady", keys["red"]), "red")
    lines = export_log(db).read_bytes().splitlines()
    edited = json.loads(lines[5])
    edited["action"]["text"] = "red surrenders"
    lines[5] = json.dumps(edited, separators=(",", ":"), ensure_ascii=False).encode()
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    report = verify(open_source(forged))
    assert not report.ok and report.problems[0].seq == 6 and "[signature/differs]" in report.problems[0].message
    # the same post with its last action dropped
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(export_log(db).read_bytes().splitlines()[:5])))
    report = verify(open_source(forged))
    assert not report.ok and "[signature/unfinished]" in report.problems[0].message
    # and red's action written as though the referee had posted it unsigned
    lines = export_log(db).read_bytes().splitlines()
    for n in (3, 4, 5):
        event = json.loads(lines[n])
        event["actor"] = "referee" if n == 3 else "red"
        if n == 3:
            event["action"] = {"type": "post-received", "digest": "ab" * 32, "signed": "", "signature": ""}
        lines[n] = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    report = verify(open_source(forged))
    assert not report.ok and "[signature/unsigned]" in report.problems[0].message


def test_keys_are_registered_by_the_referee_once_and_only_public_ones(tmp_path, keys, cli_fast=run_cli_inprocess):
    db = tmp_path / "g.db"
    games.new_game(db, "freeform", ["red", "blue"])
    r = cli_fast("join", db, "--as", "red", "--key", pub(keys["red"]))
    assert r.returncode == 0 and "key red ssh-ed25519 " in r.stdout and "adjudicator-receipt game=g seq=2-2" in r.stdout
    r = cli_fast("join", db, "--as", "red", "--key", pub(keys["mallory"]))
    assert r.returncode == 1 and "[key/twice]" in r.stderr
    r = cli_fast("join", db, "--as", "blue", "--key", keys["blue"])
    assert r.returncode == 2 and "private key" in r.stderr
    bad = tmp_path / "bad.pub"
    bad.write_text("ssh-ed25519 not-base64!\n")
    assert cli_fast("join", db, "--as", "blue", "--key", bad).returncode == 2
    r = cli_fast("new", tmp_path / "k.db", "--ruleset", "freeform", "--player", f"red={pub(keys['red'])}", "--player", "blue")
    assert r.returncode == 0 and "seq=1-2" in r.stdout
    assert f"key red {' '.join(pub(keys['red']).read_text().split()[:2])}\n" in r.stdout
    assert "signed posts: red (a registered key each" in cli_fast("status", tmp_path / "k.db").stdout
    assert json.loads(cli_fast("status", tmp_path / "k.db", "--json").stdout)["signing"] == ["red"]
    r = cli_fast("new", tmp_path / "x.db", "--ruleset", "freeform", "--player", "red", "--player", f"blue={tmp_path / 'none.pub'}")
    assert r.returncode == 2 and not (tmp_path / "x.db").exists()


def test_adjudicator_sign_prints_the_post_ready_to_paste(tmp_path, keys):
    db = keyed_game(tmp_path, keys)
    _, state = games.state_at(db)
    turn = _file(tmp_path, f"game g\nafter {state.core.seq} {state.core.head[:16]}\n\nroll 2d6 for volley  :)\nend turn\n")
    r = run_cli_inprocess("sign", turn, "--key", keys["red"])
    assert r.returncode == 0 and r.stdout.endswith("-----END SSH SIGNATURE-----\n")
    assert r.stdout.startswith(f"game g\nafter {state.core.seq} {state.core.head[:16]}\nroll 2d6 for volley\nend turn\n")
    assert run_cli_inprocess("post", db, _file(tmp_path, r.stdout), "--as", "red").returncode == 0
    r = run_cli_inprocess("sign", _file(tmp_path, "roll 2d6\n"), "--key", keys["red"])
    assert r.returncode == 2 and "game ID" in r.stderr
    r = run_cli_inprocess("sign", _file(tmp_path, "game g\nafter 3 abcd1234\nroll 2d6\n"), "--key", keys["red"])
    assert r.returncode == 2 and "16 or more lowercase hex digits" in r.stderr


def test_a_keyed_games_signed_thread_in_the_source_forums_dump_verifies_and_its_edits_do_not(tmp_path, keys):
    """The dump of seed 000's form shows no author: the signatures say who posted."""
    played = tp.play_short_game(tmp_path, "freeform", posts=8, seed=5,
                                keys={"red": pub(keys["red"]), "blue": pub(keys["blue"])},
                                signers={"red": keys["red"], "blue": keys["blue"]})
    log = export_log(played.db)
    assert verify(open_source(log)).ok
    thread = tmp_path / "thread.txt"
    thread.write_text(tp.as_dump(played.entries, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "verify", thread, "--log", log)
    assert r.returncode == 0, r.stdout
    i = tp.turn_entries(played.entries)[3]
    edited = tp.edited(played.entries, i, played.entries[i].body.replace("\n-----BEGIN", "\n# edited\n-----BEGIN"))
    thread.write_text(tp.as_dump(edited, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "verify", thread, "--log", log)
    assert r.returncode == 1 and "edited after its result" in r.stdout
    gone = played.entries[:i] + played.entries[i + 2:]  # the post and its result
    thread.write_text(tp.as_dump(gone, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "verify", thread, "--log", log)
    assert r.returncode == 1 and "a missing post" in r.stdout and "have no result in the thread" in r.stdout


def test_a_post_from_a_saved_email(tmp_path):
    from email.message import EmailMessage

    db = tp.Played(tmp_path / "g.db", tp.new_thread(tmp_path / "g.db", "freeform", ["red", "blue"])).db
    message = EmailMessage()
    message["From"] = "Red <red.player@example.org>"
    message["To"] = "referee@example.org"
    message["Date"] = "Wed, 07 Jan 2026 07:32:00 +0000"
    message["Subject"] = "Turn 1"
    message.set_content("roll 2d6 for volley\nend turn\n\n> blue wrote:\n> roll 9d6\n-- \nRed, on the farm\n")
    eml = tmp_path / "turn1.eml"
    eml.write_bytes(bytes(message))
    r = run_cli_inprocess("post", db, eml)
    assert r.returncode == 0, r.stderr
    assert "from Red <red.player@example.org>, Wed, 07 Jan 2026 07:32:00 +0000" in r.stderr
    assert "turn 1 · red" in r.stdout and "9d6" not in r.stdout and "farm" not in r.stdout
    from adjudicator.posttext import digest

    assert games.state_at(db)[1].core.seq == 4
    from adjudicator.mail import read_mail

    mail = read_mail(eml)
    assert mail.author == "red" and f"post={digest(mail.body)[:16]}" in r.stdout
    not_mail = tmp_path / "x.eml"
    not_mail.write_text("roll 2d6\n")
    assert run_cli_inprocess("post", db, not_mail).returncode == 2


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / f"post-{abs(hash(text))}.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_faces_a_signed_post_reports_are_the_logs(tmp_path, keys):
    """With real dice, the player's `rolled` line is in the signed text: a referee who changes a face
    (to another face the die has) is caught by verify."""
    db = tmp_path / "g.db"
    games.new_game(db, "freeform", ["red", "blue"], dice_mode="reported", keys={"red": pub(keys["red"])})
    games.post(db, signed(db, "roll 2d6 for volley\nrolled 3 5\nend turn", keys["red"]), "red")
    log = export_log(db)
    assert verify(open_source(log)).ok
    lines = log.read_bytes().splitlines()
    lines = [line.replace(b'"dice":[3,5]', b'"dice":[3,6]') for line in lines]
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    report = verify(open_source(forged))
    assert not report.ok and "[signature/faces]" in report.problems[0].message and report.problems[0].seq == 4


def test_a_signed_post_is_taken_whole_no_line_held_back(tmp_path, keys):
    """An unsigned post keeps its lines before a hand-off and holds back those refused after it (line 5,
    the signed text's lines counting `game` and `after`); a
    signed post's record vouches for every line it signs, so it is taken whole or refused."""
    db = keyed_game(tmp_path, keys)
    _, before = games.state_at(db)
    with pytest.raises(Rejected, match=r"a signed post is taken whole, and line 5 is refused after line 4"):
        games.post(db, signed(db, "roll 2d6\nend turn\nend turn", keys["red"]), "red")
    assert games.state_at(db)[1] == before
    posted = games.post(db, signed(db, "roll 2d6\nend turn", keys["red"]), "red")
    r = run_cli_inprocess("show", db, str(posted.head[0]), "--format", "bbcode")
    assert r.returncode == 0 and f"post={posted.received.digest[:16]}" in r.stdout and "signed with red's registered key" in r.stdout


@pytest.mark.parametrize("ruleset", ["portable", "brigade", "paris", "skirmish"])
def test_a_short_signed_game_of_every_board_ruleset_verifies_and_its_thread_agrees(tmp_path, keys, ruleset):
    players, _, _ = tp.shipped_setup(ruleset)
    mine = dict(zip(players, (keys["red"], keys["blue"])))
    played = tp.play_short_game(tmp_path, ruleset, posts=6, seed=2, keys={p: pub(k) for p, k in mine.items()}, signers=mine)
    log = export_log(played.db)
    report = verify(open_source(log))
    assert report.ok, report.problems
    assert sum(1 for e in played.entries if "-----BEGIN SSH SIGNATURE-----" in e.body) == len(tp.turn_entries(played.entries))
    thread = tmp_path / "thread.txt"
    thread.write_text(tp.as_dump(played.entries, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "verify", thread, "--log", log)
    assert r.returncode == 0, r.stdout


def test_import_rebuilds_a_signed_game_from_its_thread_keys_and_all(tmp_path, keys):
    played = tp.play_short_game(tmp_path, "paris", posts=5, seed=4,
                                keys={"huguenot": pub(keys["red"]), "catholic": pub(keys["blue"])},
                                signers={"huguenot": keys["red"], "catholic": keys["blue"]})
    thread = tmp_path / "thread.txt"
    thread.write_text(tp.as_dump(played.entries, authors=False), encoding="utf-8")
    r = run_cli_inprocess("thread", "import", thread, tmp_path / "again.db", "--secret", f"{played.db}.secret")
    assert r.returncode == 0, r.stdout + r.stderr
    assert export_log(tmp_path / "again.db").read_bytes() == export_log(played.db).read_bytes()


def _reblob(signature: str, edit) -> str:
    """The armoured SSHSIG block with its blob's wire strings (after magic and version) edited."""
    import base64

    from adjudicator.signing import _strings

    lines = signature.strip().split("\n")
    blob = base64.b64decode("".join(lines[1:-1]))
    parts = edit(_strings(blob[10:]))
    body = blob[:10] + b"".join(len(p).to_bytes(4, "big") + p for p in parts[:5]) + b"".join(parts[5:])
    text = base64.b64encode(body).decode()
    return "\n".join([lines[0], *(text[i:i + 70] for i in range(0, len(text), 70)), lines[-1]]) + "\n"


def test_verify_takes_no_signature_form_ssh_keygen_refuses(tmp_path, keys):
    """README, "Posts and signatures": a signature is good as `ssh-keygen -Y verify -n adjudicator`
    checks it. Forms the library alone would let through are refused before any cryptography: a hash
    other than sha256 or sha512, bytes after the signature, an RSA signature made with SHA-1 (`ssh-rsa`),
    a signature type that is not the key's; what is reserved is ignored, as by ssh-keygen."""
    from adjudicator.posttext import split_signed
    from adjudicator.signing import blob_problem, read_key, signature_ok

    db = keyed_game(tmp_path, keys)
    for who in ("red", "blue"):
        text, signature = split_signed(signed(db, "note hello", keys[who]))
        key = read_key(pub(keys[who]))
        assert signature_ok(key, text, signature) == "" and blob_problem(key, signature) == ""
        sha1 = _reblob(signature, lambda p: [p[0], p[1], p[2], b"sha1", p[4]])
        assert "sha256 or sha512" in blob_problem(key, sha1) and signature_ok(key, text, sha1)
        trailing = _reblob(signature, lambda p: [*p, b"\x00"])
        assert "SSHSIG's form" in blob_problem(key, trailing) and signature_ok(key, text, trailing)
        wrong_type = _reblob(signature, lambda p: [*p[:4], _with_sig_type(p[4], b"ssh-rsa" if who == "blue" else b"rsa-sha2-512")])
        assert "signs as" in blob_problem(key, wrong_type) and signature_ok(key, text, wrong_type)
        reserved = _reblob(signature, lambda p: [p[0], p[1], b"x", p[3], p[4]])
        assert blob_problem(key, reserved) == ""


def _with_sig_type(sig: bytes, kind: bytes) -> bytes:
    from adjudicator.signing import _strings

    _, raw = _strings(sig)
    return len(kind).to_bytes(4, "big") + kind + len(raw).to_bytes(4, "big") + raw


def test_only_ed25519_and_rsa_keys_of_1024_bits_or_more_are_registered(tmp_path):
    """README: `KEYTYPE` is `ssh-ed25519` or `ssh-rsa`, an RSA modulus of 1024 bits or more."""
    from adjudicator.errors import BadInput
    from adjudicator.signing import read_key

    for kind, bits in (("ecdsa", "256"), ("rsa", "768")):
        key = tmp_path / kind
        made = subprocess.run(["ssh-keygen", "-q", "-t", kind, "-b", bits, "-N", "", "-f", str(key)], capture_output=True)
        if made.returncode:  # this ssh-keygen makes no RSA key that small: the check is ours all the same
            continue
        with pytest.raises(BadInput, match="ed25519 or ssh-rsa|fewer than 1024 bits"):
            read_key(pub(key))
