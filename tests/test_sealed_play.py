"""Sealed orders in play (issue 14, items 4 and 5): nothing the tool shows a player holds a commitment
anyone else can compute; `adjudicator seal GAME ORDERS` refuses the orders the game would refuse when
they are opened, by the same check; comments are dropped alike everywhere; and the referee's `void`
ruling unblocks orders that cannot be opened without ever letting a side choose knowing the other's."""

from __future__ import annotations

import hashlib
import itertools
import json
import re

import msgspec
import pytest

from adjudicator import games, sealed
from adjudicator.chain import split_line
from adjudicator.engine import load_game
from adjudicator.errors import Rejected
from adjudicator.logsource import open_source
from adjudicator.report import outcome
from adjudicator.verify import verify
from conftest import LOGS, event_rows, export_log, make_game, rechain, run_cli_inprocess
from adjudicator.rulesets.brigade.play import sim_orders
from adjudicator.rulesets.paris.state import ORDERS
from test_brigade_helpers import BRITISH_ORDERS, FRENCH_ORDERS

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")
H = ("conde attack", "coligny attack", "rochefoucault march")
C = ("montmorency attack", "st-andre march", "guise rally")


def write(tmp_path, text: str, name: str = "orders.txt"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def cli_ok(*args):
    r = run_cli_inprocess(*map(str, args))
    assert r.returncode == 0, (r.stdout, r.stderr)
    return r.stdout


@pytest.fixture
def dreux(tmp_path):
    db = tmp_path / "dreux.db"
    games.new_game(db, "paris", ["huguenot", "catholic"], scenario="dreux-1562", dice_mode="reported")
    return db


@pytest.fixture
def peninsula(tmp_path):
    db = tmp_path / "pen.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula", dice_mode="reported")
    return db


def seal_with_cli(tmp_path, db, side: str, orders: str, label: str) -> tuple[str, str]:
    """`adjudicator seal`, as a player runs it: (the seal line, the unseal post)."""
    out = cli_ok("seal", db, write(tmp_path, orders, f"{label}.txt"), "--as", side, "--label", label).splitlines()
    seal_line = next(x for x in out if x.startswith("seal "))
    unseal = out[out.index(next(x for x in out if x.startswith("unseal "))):]
    return seal_line, "\n".join(unseal)


# -- item 4: `options` gives nothing away ---------------------------------------------------------

def _old_paris_salt(game: str, side: str) -> bytes:
    return hashlib.sha256(b"paris-example-salt\x00" + game.encode() + b"\x00" + side.encode()).digest()


def _old_brigade_salt(game: str, side: str, k: int) -> bytes:
    return hashlib.sha256(f"brigade-sim\x00{game}\x00{side}\x00{k}".encode()).digest()


@pytest.mark.parametrize("ruleset", ["paris", "brigade"])
def test_options_in_the_orders_phase_show_orders_and_the_seal_command_never_a_commitment(ruleset, dreux, peninsula):
    """The issue's repro: `options` listed ready-to-post `seal` lines whose salt came from the game and
    the side, so the opponent recovered the orders by trying the few sets (27 in paris)."""
    db, side, first = (dreux, "huguenot", "conde") if ruleset == "paris" else (peninsula, "british", "kempt")
    out = cli_ok("options", db, "--as", side)
    assert not HEX64.search(out), out
    assert not any(line.strip().startswith("seal ") for line in out.splitlines()), out
    # a label no other side or turn uses
    assert re.search(rf"adjudicator seal {re.escape(str(db))} ORDERS --as {side} --label turn\d+-{side}\b", out), out
    sets = [line.strip().split("; ") for line in out.splitlines() if line.startswith("  ") and first in line]
    assert sets and all(games.state_at(db)[0].ruleset.check_orders(games.state_at(db)[1].rules, side, tuple(s)) == []
                        for s in sets)
    if ruleset == "paris":
        assert len(sets) == 27  # every set of three wings' orders


def test_every_order_set_options_lists_can_be_sealed_and_opened(dreux, tmp_path):
    out = cli_ok("options", dreux, "--as", "huguenot")
    chosen = next(line.strip().split("; ") for line in out.splitlines() if "; conde march;" in line)
    seal_line, unseal = seal_with_cli(tmp_path, dreux, "huguenot", "\n".join(chosen) + "\n", "orders-huguenot")
    games.post(dreux, seal_line, "huguenot")
    c_seal, c_unseal = seal_with_cli(tmp_path, dreux, "catholic", "\n".join(C), "orders-catholic")
    games.post(dreux, c_seal, "catholic")
    games.post(dreux, unseal, "huguenot")
    games.post(dreux, c_unseal, "catholic")
    assert games.state_at(dreux)[1].rules.wings["conde"].order == "march"


@pytest.mark.parametrize("ruleset,scenario,players", [("paris", "dreux-1562", ["huguenot", "catholic"]),
                                                      ("brigade", "peninsula", ["british", "french"])])
def test_random_play_seals_with_salts_no_one_else_can_compute(tmp_path, ruleset, scenario, players):
    """A simulated game's sealed orders: trying every set the ruleset offers with every salt derived from
    the game and the side (as the old sample seals were) recovers nothing; the game still verifies."""
    from adjudicator.simulate import simulate

    db = tmp_path / "sim.db"
    simulate(db, ruleset, seed=4, scenario=scenario, players=players, events=60)
    assert verify(open_source(db)).ok
    lines = [json.loads(x) for x in export_log(db).read_bytes().splitlines()]
    seals = {e["actor"]: e["action"]["commitment"] for e in lines if e["action"]["type"] == "orders-sealed"}
    opened = [e for e in lines if e["action"]["type"] == "orders-unsealed"]
    assert set(seals) == set(players) and len(opened) == 2
    game = load_game(split_line(export_log(db).read_bytes().splitlines()[0], "")[0])
    state = game.ruleset.setup(game.created)
    for side, commitment in seals.items():
        if ruleset == "paris":  # every set of orders the side's wings can be given, with the salt of the game and side
            wings = sorted(w.id for w in state.wings.values() if w.side == side)
            candidates = [tuple(f"{w} {o}" for w, o in zip(wings, combo)) for combo in itertools.product(ORDERS, repeat=len(wings))]
            salts = [_old_paris_salt("sim", side)]
        else:  # the ruleset's sample sets, with the salts of the game, side and set
            candidates = [sim_orders(state, side, k) for k in range(3)]
            salts = [_old_brigade_salt("sim", side, k) for k in range(3)]
        for orders, salt in itertools.product(candidates, salts):
            assert sealed.commitment("sim", side, orders, salt) != commitment, (side, orders)


def test_random_play_is_still_the_same_game_for_the_same_seed(tmp_path):
    from adjudicator.simulate import simulate

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert simulate(tmp_path / "a" / "sim.db", "paris", seed=9, events=40) == \
        simulate(tmp_path / "b" / "sim.db", "paris", seed=9, events=40)


# -- item 5: a typo in sealed orders must not stall a game --------------------------------------

def test_seal_refuses_orders_the_game_would_refuse_when_opened(dreux, tmp_path):
    """The issue's repro: `montmorency atack` was sealed, posted, then refused at the opening, and no
    way out was left. `adjudicator seal` now checks it, against the database or the public log."""
    log = export_log(dreux)
    for game in (dreux, log):
        r = run_cli_inprocess("seal", str(game), str(write(tmp_path, "# my plan\nmontmorency atack\nst-andre march\nguise rally\n")),
                              "--as", "catholic", "--label", "t1c")
        assert r.returncode == 2, r
        assert "order line 1 ('montmorency atack')" in r.stderr and "seed 000 §3.1" in r.stderr and "[orders/bad]" in r.stderr
        assert "orders.txt" in r.stderr and not r.stdout
    r = run_cli_inprocess("seal", str(log), str(write(tmp_path, "montmorency attack\n")), "--as", "catholic", "--label", "t1c")
    assert r.returncode == 2 and "every wing needs an order: missing guise, st-andre" in r.stderr


def test_seal_refuses_what_the_seal_post_itself_would_meet(dreux, tmp_path):
    seal_line, _ = seal_with_cli(tmp_path, dreux, "huguenot", "\n".join(H), "t1h")
    games.post(dreux, seal_line, "huguenot")
    for side, label, code, exit_code in (("huguenot", "t1h-again", "orders/sealed-twice", 1), ("catholic", "t1h", "seal/label-taken", 1),
                                         ("nobody", "x", "the sides of this game", 2), ("catholic", "a#b", "--label", 2)):
        orders = H if side == "huguenot" else C
        r = run_cli_inprocess("seal", str(dreux), str(write(tmp_path, "\n".join(orders))), "--as", side, "--label", label)
        assert r.returncode == exit_code and code in r.stderr, (side, r.stderr)


def test_brigade_orders_are_checked_at_seal_by_the_unseal_check(peninsula, tmp_path):
    bad = "\n".join(BRITISH_ORDERS[:2]) + "\nstopford hold nowhere\n" + "\n".join(BRITISH_ORDERS[3:])
    r = run_cli_inprocess("seal", str(peninsula), str(write(tmp_path, bad)), "--as", "british", "--label", "b")
    assert r.returncode == 2 and "order line 3: Hold" in r.stderr and "(seed 003 §5.10) [order/area]" in r.stderr, r.stderr
    seal_with_cli(tmp_path, peninsula, "british", "\n".join(BRITISH_ORDERS), "b")


def test_freeform_orders_are_free_text(tmp_path):
    db = make_game(tmp_path)
    seal_line, unseal = seal_with_cli(tmp_path, db, "blue", "advance on the ford\nhold the mill\n", "t1")
    games.post(db, seal_line, "blue")
    games.post(db, unseal, "blue")


def test_comments_and_blank_lines_are_dropped_alike_by_seal_by_the_opening_and_by_the_commitment(dreux, tmp_path):
    """A file that starts with a `# comment` was sealed with the comment as an order, then refused at the
    opening. Now `seal`, the `|` lines of an `unseal` post and the commitment drop them alike."""
    seal_line, unseal = seal_with_cli(tmp_path, dreux, "huguenot", "# turn 1, my plan\n\nconde attack  # the main blow\n"
                                      "coligny attack\n  # reserve:\nrochefoucault march\n", "t1h")
    assert "#" not in unseal and unseal.splitlines()[1:] == ["| " + o for o in H]
    games.post(dreux, seal_line, "huguenot")
    games.post(dreux, "seal t1c " + sealed.commitment("dreux", "catholic", C, bytes(32)), "catholic")
    # the player opens with the comments and blank lines still in: the same orders
    salt = unseal.splitlines()[0].split()[2]
    games.post(dreux, f"unseal t1h {salt}\n| # my plan\n| conde attack # the main blow\n|\n# between\n| coligny attack\n"
                      "| rochefoucault march\n", "huguenot")
    assert sealed.commitment("dreux", "huguenot", ("# x", "conde attack # y", "", *H[1:]), bytes.fromhex(salt)) == \
        games.state_at(dreux)[1].rules.commitments["huguenot"]


def test_no_shipped_log_holds_an_order_line_the_comment_rule_would_change():
    for log in sorted(LOGS.glob("*/game.jsonl")):
        for line in log.read_bytes().splitlines():
            action = json.loads(line)["action"]
            if action["type"] == "orders-unsealed":
                assert tuple(action["orders"]) == sealed.normalise(action["orders"]), (log, action["orders"])


def test_a_forged_opening_with_a_comment_in_its_orders_fails_verify(tmp_path):
    """An orders-unsealed event is valid only with its orders in their normal form (no comment, no
    blank line), so its commitment is the JSON of the orders as the log holds them: a forged log whose
    commitment was computed over a comment line, re-chained, fails."""
    db = make_game(tmp_path)
    orders = ("# plan", "advance on the ford")
    salt = bytes(range(32))
    raw = hashlib.sha256(b"adj-seal1\x00g\x00blue\x00" + json.dumps(list(orders), separators=(",", ":")).encode()
                         + salt).hexdigest()
    games.post(db, f"seal t1 {raw}", "blue")
    games.post(db, f"seal t2 {sealed.commitment('g', 'blue', orders[1:], salt)}", "blue")
    games.post(db, f"unseal t2 {salt.hex()}\n| advance on the ford", "blue")
    lines = export_log(db).read_bytes().splitlines()
    lines[-1] = lines[-1].replace(b'"label":"t2"', b'"label":"t1"').replace(b'"orders":["advance', b'"orders":["# plan","advance')
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    r = run_cli_inprocess("verify", forged)
    assert r.returncode == 1 and "[seal/not-normal]" in r.stdout, r.stdout


# -- item 5: the referee's way out --------------------------------------------------------------

def _typo_sealed(db, side: str, orders: tuple[str, ...], label: str) -> str:
    """Orders sealed by hand, as a player who did not use `adjudicator seal` can: the post cannot see them."""
    salt = bytes(range(32))
    games.post(db, f"seal {label} {sealed.commitment(db.stem, side, orders, salt)}", side)
    return f"unseal {label} {salt.hex()}\n" + "".join(f"| {o}\n" for o in orders)


def test_paris_a_voided_seal_is_sealed_again_while_the_other_side_is_still_sealed(dreux, tmp_path):
    """Seed 000 §3.1 «Каждый из игроков секретно выбирает приказы для каждого из своих крыльев ... Они
    одновременно открываются в начале игры» (each player secretly chooses each wing's orders; they are
    opened together). The stall of the issue, then the referee's way out (ruling R47)."""
    typo = _typo_sealed(dreux, "catholic", ("montmorency atack", "st-andre march", "guise rally"), "t1c")
    h_seal, h_unseal = seal_with_cli(tmp_path, dreux, "huguenot", "\n".join(H), "t1h")
    games.post(dreux, h_seal, "huguenot")
    with pytest.raises(Rejected, match="orders/bad"):
        games.post(dreux, typo, "catholic")
    with pytest.raises(Rejected, match="orders/sealed-twice"):
        games.post(dreux, "seal t1c-fixed " + "ab" * 32, "catholic")
    with pytest.raises(Rejected, match="void/not-referee"):
        games.post(dreux, "void t1c because I made a typo", "catholic")
    with pytest.raises(Rejected, match="void/unknown"):
        games.post(dreux, "void nosuch because a typo", "referee")
    posted = games.post(dreux, "void t1c because the catholic player's first line reads `atack`, not a known order", "referee")
    said = "\n".join(outcome(posted.game, posted.built[0]))
    assert "sealed orders 't1c' are void" in said and "catholic seals them again (ruling R47)" in said
    with pytest.raises(Rejected, match="seal/unknown"):
        games.post(dreux, typo, "catholic")  # the voided commitment can no longer be opened
    c_seal, c_unseal = seal_with_cli(tmp_path, dreux, "catholic", "\n".join(C), "t1c-2")
    games.post(dreux, c_seal, "catholic")
    games.post(dreux, h_unseal, "huguenot")
    games.post(dreux, c_unseal, "catholic")
    state = games.state_at(dreux)[1]
    assert state.rules.phase == "select" and state.rules.wings["st-andre"].order == "march"
    report = verify(open_source(export_log(dreux)))
    assert report.ok and [d for _, d, _ in report.rulings] == ["void t1c"]
    out = run_cli_inprocess("verify", export_log(dreux)).stdout
    assert "ruling at #" in out and "void t1c" in out


def test_paris_once_the_other_side_is_open_voided_orders_stand_as_not_given(dreux, tmp_path):
    """A side may not choose its orders knowing the other's: once the Huguenot orders are open, the
    Catholic orders voided stand as not given, and its wings keep their set-up orders (ruling R47)."""
    typo = _typo_sealed(dreux, "catholic", ("montmorency atack", "st-andre march", "guise rally"), "t1c")
    h_seal, h_unseal = seal_with_cli(tmp_path, dreux, "huguenot", "\n".join(("conde march", "coligny march", "rochefoucault rally")), "t1h")
    games.post(dreux, h_seal, "huguenot")
    games.post(dreux, h_unseal, "huguenot")
    with pytest.raises(Rejected, match="orders/bad"):
        games.post(dreux, typo, "catholic")
    posted = games.post(dreux, "void t1c because montmorency atack is no order", "referee")
    said = "\n".join(posted.built[0].outcome.lines)
    assert "stand as not given" in said and "R47" in said
    state = games.state_at(dreux)[1]
    assert state.rules.phase != "orders" and state.rules.first  # the game goes on: initiative (§4.1)
    assert {w.id: w.order for w in state.rules.wings.values() if w.side == "catholic"} == \
        {"montmorency": "attack", "st-andre": "attack", "guise": "attack"}
    assert {w.id: w.order for w in state.rules.wings.values() if w.side == "huguenot"} == \
        {"conde": "march", "coligny": "march", "rochefoucault": "rally"}
    assert verify(open_source(export_log(dreux))).ok


def test_brigade_a_voided_seal_is_sealed_again_or_stands_as_not_given(tmp_path):
    """Seed 003 §5.5 (written orders for every brigade), rulings R26 and R27."""
    db = tmp_path / "pen.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula", dice_mode="reported")
    bad = ("kempt atack ventosa",) + BRITISH_ORDERS[1:]
    typo = _typo_sealed(db, "british", bad, "b")
    f_seal, f_unseal = seal_with_cli(tmp_path, db, "french", "\n".join(FRENCH_ORDERS), "f")
    games.post(db, f_seal, "french")
    with pytest.raises(Rejected, match="orders/unreadable"):
        games.post(db, typo, "british")
    games.post(db, "void b because kempt's order reads atack", "referee")
    state = games.state_at(db)[1]
    assert state.rules.phase == "orders" and [a.side for a in games.state_at(db)[0].ruleset.awaiting(state.rules)] == ["british"]
    b_seal, b_unseal = seal_with_cli(tmp_path, db, "british", "\n".join(BRITISH_ORDERS), "b2")
    games.post(db, b_seal, "british")
    games.post(db, b_unseal, "british")
    games.post(db, f_unseal, "french")
    assert games.state_at(db)[1].rules.turn == 1

    db = tmp_path / "pen2.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula", dice_mode="reported")
    typo = _typo_sealed(db, "british", bad, "b")
    f_seal, f_unseal = seal_with_cli(tmp_path, db, "french", "\n".join(FRENCH_ORDERS), "f")
    games.post(db, f_seal, "french")
    games.post(db, f_unseal, "french")
    games.post(db, "void b because kempt's order reads atack", "referee")
    game, state = games.state_at(db)
    assert state.rules.phase == "orders-reveal"
    assert [(a.side, "set order" in a.decision) for a in game.ruleset.awaiting(state.rules)] == [("referee", True)]
    with pytest.raises(Rejected, match="orders/missing"):
        games.post(db, "done", "referee")  # no British brigade has an order yet
    orders = "\n".join(f"set order {line.split(' ', 1)[0]} to {line.split(' ', 1)[1]}" for line in BRITISH_ORDERS)
    games.post(db, orders + "\ndone", "referee")
    assert games.state_at(db)[1].rules.turn == 1
    assert verify(open_source(export_log(db))).ok


def test_freeform_a_void_frees_the_label(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "seal t1 " + "ab" * 32, "blue")
    games.post(db, "void t1 because the commitment was pasted wrong", "referee")
    assert games.state_at(db)[1].core.sealed == {}
    games.post(db, "seal t1 " + "cd" * 32, "blue")
    with pytest.raises(Rejected, match="void/unknown"):
        games.post(db, "void t9 because no such seal", "referee")
    games.post(db, "ruling void t1 because a free ruling that reads like a void voids nothing", "referee")
    assert set(games.state_at(db)[1].core.sealed) == {"t1"}


def test_a_forged_void_by_a_player_fails_verify(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "seal t1 " + "ab" * 32, "blue")
    games.post(db, "void t1 because a typo", "referee")
    lines = export_log(db).read_bytes().splitlines()
    lines[-1] = lines[-1].replace(b'"actor":"referee"', b'"actor":"blue"')
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    r = run_cli_inprocess("verify", forged)
    assert r.returncode == 1 and "[void/not-referee]" in r.stdout
