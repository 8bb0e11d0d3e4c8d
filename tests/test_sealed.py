"""Sealed orders: the commitment as the README specifies it; seal, then a wrong salt, wrong
orders or wrong side refused, the right ones accepted; available to every ruleset."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import games, sealed
from adjudicator.errors import BadInput, Rejected
from conftest import event_rows, make_game

ORDERS = ("advance on the ford", "hold the mill")


def test_commitment_is_the_readme_formula():
    salt = bytes(range(32))
    expected = hashlib.sha256(b"adj-seal1\x00" + b"g\x00blue\x00" + json.dumps(list(ORDERS), separators=(",", ":")).encode()
                              + salt).hexdigest()
    assert sealed.commitment("g", "blue", ORDERS, salt) == expected


def test_order_lines_are_stripped_and_blank_lines_dropped():
    salt = b"\x07" * 32
    assert sealed.commitment("g", "red", ("  advance on the ford ", "", "hold the mill\t"), salt) == \
        sealed.commitment("g", "red", ORDERS, salt)
    assert sealed.normalise(["  a ", "", "   ", "b"]) == ("a", "b")
    assert sealed.normalise(["# my plan", "a # first", "  #", "b"]) == ("a", "b")


@settings(max_examples=100, deadline=None)
@given(orders=st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=5))
def test_commitment_matches_the_readme_formula_for_any_text(orders):
    """`json(orders)`: the README says compact JSON; msgspec writes non-ASCII as UTF-8, not \\u escapes. The
    lines are in their normal form, as a post's: a `#` comment dropped, stripped, blank lines dropped."""
    salt = b"\x01" * 32
    norm = [o.split("#", 1)[0].strip() for o in orders if o.split("#", 1)[0].strip()]
    body = json.dumps(norm, separators=(",", ":"), ensure_ascii=False).encode()
    assert sealed.commitment("g", "red", tuple(orders), salt) == hashlib.sha256(
        b"adj-seal1\x00g\x00red\x00" + body + salt).hexdigest()


def test_seal_gives_a_fresh_salt_every_time():
    (c1, s1), (c2, s2) = sealed.seal("g", "red", ORDERS), sealed.seal("g", "red", ORDERS)
    assert s1 != s2 and c1 != c2 and len(bytes.fromhex(s1)) == 32
    assert sealed.commitment("g", "red", ORDERS, bytes.fromhex(s1)) == c1


def unseal_text(label: str, salt: str, orders=ORDERS) -> str:
    return f"unseal {label} {salt}\n" + "\n".join(f"| {o}" for o in orders)


@pytest.fixture
def sealed_game(tmp_path):
    db = make_game(tmp_path)
    commitment, salt = sealed.seal("g", "blue", ORDERS)
    games.post(db, f"seal t1 {commitment}", "blue")
    return db, salt


@pytest.mark.parametrize("case", ["wrong salt", "short salt", "not hex", "other orders", "reordered", "extra order"])
def test_a_reveal_that_does_not_match_is_refused_and_nothing_is_written(sealed_game, case):
    db, salt = sealed_game
    before = event_rows(db)
    orders, s = ORDERS, salt
    if case == "wrong salt":
        s = ("0" if salt[0] != "0" else "1") + salt[1:]
    elif case == "short salt":
        s = salt[:62]
    elif case == "not hex":
        s = "zz" + salt[2:]
    elif case == "other orders":
        orders = ("retreat", "hold the mill")
    elif case == "reordered":
        orders = tuple(reversed(ORDERS))
    elif case == "extra order":
        orders = ORDERS + ("and the church",)
    with pytest.raises(Rejected, match="seal/mismatch"):
        games.post(db, unseal_text("t1", s, orders), "blue")
    assert event_rows(db) == before


def test_the_right_salt_opens_the_orders(sealed_game):
    db, salt = sealed_game
    posted = games.post(db, unseal_text("t1", salt.upper()), "blue")
    assert posted.built[0].event.action.orders == ORDERS
    state = games.state_at(db)[1]
    assert state.core.sealed == {}


def test_only_the_sealing_side_or_the_referee_unseals(sealed_game, tmp_path):
    db, salt = sealed_game
    with pytest.raises(Rejected, match="seal/not-yours"):
        games.post(db, unseal_text("t1", salt), "red")
    games.post(db, unseal_text("t1", salt), "referee")


def test_the_commitment_binds_the_side_and_the_game(sealed_game):
    """Orders sealed by blue cannot be passed off as red's: the side is inside the hash."""
    db, salt = sealed_game
    c_red = sealed.commitment("g", "red", ORDERS, bytes.fromhex(salt))
    games.post(db, f"seal t2 {c_red}", "blue")  # blue posts a commitment computed for red
    with pytest.raises(Rejected, match="seal/mismatch"):
        games.post(db, unseal_text("t2", salt), "blue")


def test_seal_labels_are_unique_and_commitments_well_formed(sealed_game):
    db, salt = sealed_game
    with pytest.raises(Rejected, match="seal/label-taken"):
        games.post(db, f"seal t1 {'ab' * 32}", "red")
    with pytest.raises(Rejected, match="seal/bad-commitment"):
        games.post(db, "seal t9 abcdef", "red")
    with pytest.raises(Rejected, match="seal/unknown"):
        games.post(db, unseal_text("nope", salt), "blue")
    with pytest.raises(BadInput, match="line 1"):
        games.post(db, f"unseal t1 {salt}", "blue")  # no | lines


def test_a_unseal_twice_is_refused(sealed_game):
    db, salt = sealed_game
    games.post(db, unseal_text("t1", salt), "blue")
    with pytest.raises(Rejected, match="seal/unknown"):
        games.post(db, unseal_text("t1", salt), "blue")


def test_sealed_orders_are_core_verbs_available_to_every_ruleset():
    from adjudicator import core, rulesets

    words = {v.words for v in core.VERBS}
    assert {"seal", "unseal"} <= words
    for name in rulesets.names():
        try:
            rs = rulesets.get(name)
        except Exception:  # a ruleset being written: not this file's business
            continue
        from adjudicator.engine import Game

        assert {"seal", "unseal"} <= {v.words for v in Game(None, rs).verbs}  # type: ignore[arg-type]
