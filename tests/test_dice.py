"""adjudicator.dice: expressions, the epoch-secret chain, roll derivation (pinned, matching the
README's spec, uniform), and the three dice sources."""

from __future__ import annotations

import hashlib
import hmac
import math
import struct
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import dice as dice_module
from adjudicator.dice import (
    DiceExpr,
    DrawnDice,
    RecordedDice,
    ReportedDice,
    chains_to,
    derive,
    hash_down,
    RollDeriver,
    parse_expr,
    seed_mix,
)
from adjudicator.errors import BadInput, Rejected
from events.core import Roll

# -- expressions ------------------------------------------------------------------


@pytest.mark.parametrize("text,count,faces,zero,mod,canon", [
    ("2d6", 2, 6, False, 0, "2d6"),
    ("d6", 1, 6, False, 0, "1d6"),
    ("1d10z", 1, 10, True, 0, "1d10z"),
    ("2D6+1", 2, 6, False, 1, "2d6+1"),
    ("3d6-2", 3, 6, False, -2, "3d6-2"),
    (" 2d6 + 1 ", 2, 6, False, 1, "2d6+1"),
    ("1d10Z+3", 1, 10, True, 3, "1d10z+3"),
    ("100d1000", 100, 1000, False, 0, "100d1000"),
    ("1d2", 1, 2, False, 0, "1d2"),
])
def test_parse_expr_reads_every_documented_form(text, count, faces, zero, mod, canon):
    e = parse_expr(text)
    assert (e.count, e.faces, e.zero, e.modifier) == (count, faces, zero, mod)
    assert str(e) == canon and parse_expr(str(e)) == e


@pytest.mark.parametrize("text", ["", "d", "6", "2d", "0d6", "101d6", "1d1", "1d0", "1d1001", "2x6", "2d6+",
                                  "1d6+1+1", "1d6*2", "-1d6", "1d-6", "2d6z1", "1.5d6", "1d6+" + "9" * 5000])
def test_parse_expr_refuses_everything_else_with_a_value_error(text):
    with pytest.raises(ValueError):
        parse_expr(text)


def test_expression_bounds_and_totals():
    assert (parse_expr("1d10z").low, parse_expr("1d10z").high) == (0, 9)
    assert (parse_expr("2d6").low, parse_expr("2d6").high) == (1, 6)
    assert parse_expr("3d6-2").total((1, 2, 3)) == 4


# -- the epoch-secret chain ---------------------------------------------------------

def test_the_epoch_chain_hashes_down_to_the_anchor():
    top = hashlib.sha256(b"top").digest()
    n = 5
    s = [hash_down(top, n - k) for k in range(n + 1)]  # s[k] = s_k
    assert s[n] == top and hash_down(top, 0) == top
    for k in range(1, n):
        assert hashlib.sha256(s[k]).digest() == s[k - 1]
        assert chains_to(s[k], k, s[0], 0)
        assert chains_to(s[n], n, s[k], k)
        assert not chains_to(s[k], k, s[k], k)  # not a later epoch
        assert not chains_to(s[k - 1], k, s[0], 0)


# -- the README's worked example ------------------------------------------------------

S3 = hashlib.sha256(b"example top secret").digest()
S1 = bytes.fromhex("d0f468e270d41ebc723ae9866cccbf0774cef45a213baf59354a968d9c28c40c")
MIX = bytes.fromhex("349a9d3cbd46a42230b9b5f856002e64c49e7c99451c2e56e138b3dfec74b1f2")


def test_worked_example_secret_and_mix_are_pinned():
    assert hash_down(S3, 3 - 1) == S1
    assert seed_mix((("red", "owls"), ("blue", "kettle"))) == MIX
    assert seed_mix(()) == hashlib.sha256(b"adj-mix1\x00").digest()


def test_worked_example_roll_is_pinned():
    assert derive(S1, "demo", MIX, 7, 0, parse_expr("2d6")) == (1, 6)


def test_more_pinned_values_from_a_known_secret():
    """Values computed once and pinned: a change of derivation changes every stored game."""
    assert derive(S1, "demo", MIX, 7, 1, parse_expr("3d6")) == _reference(S1, "demo", MIX, 7, 1, 6, 3, 1)
    pinned = {expr: derive(S1, "demo", MIX, 8, 0, parse_expr(expr)) for expr in ("1d10z", "2d6", "1d20", "1d100")}
    assert pinned == {"1d10z": PINNED_D10Z, "2d6": PINNED_2D6, "1d20": PINNED_D20, "1d100": PINNED_D100}
    assert PINNED_D10Z == _reference(S1, "demo", MIX, 8, 0, 10, 1, 0)
    assert PINNED_2D6 == _reference(S1, "demo", MIX, 8, 0, 6, 2, 1)
    assert PINNED_D100 == _reference(S1, "demo", MIX, 8, 0, 100, 1, 1)


# computed at the time of writing, and checked against the reference implementation below
PINNED_D10Z = (0,)
PINNED_2D6 = (5, 5)
PINNED_D20 = (1,)
PINNED_D100 = (61,)


def _reference(secret: bytes, game: str, mix: bytes, seq: int, index: int, faces: int, count: int, low: int):
    """The README's roll derivation, written from its text with the standard library only."""
    msg = b"adj-dice1\x00" + game.encode() + b"\x00" + mix + seq.to_bytes(8, "big") + index.to_bytes(4, "big")
    out, c = [], 0
    while len(out) < count:
        for u in struct.unpack(">8I", hmac.digest(secret, msg + c.to_bytes(4, "big"), "sha256")):
            if u < 2**32 - 2**32 % faces and len(out) < count:
                out.append(u % faces + low)
        c += 1
    return tuple(out)


@settings(max_examples=200, deadline=None)
@given(secret=st.binary(min_size=32, max_size=32), game=st.text(min_size=1, max_size=20),
       mix=st.binary(min_size=32, max_size=32), seq=st.integers(1, 2**40), index=st.integers(0, 500),
       count=st.integers(1, 100), faces=st.integers(2, 1000), zero=st.booleans())
def test_derive_agrees_with_the_readme_spec(secret, game, mix, seq, index, count, faces, zero):
    expr = DiceExpr(count, faces, zero)
    assert derive(secret, game, mix, seq, index, expr) == _reference(secret, game, mix, seq, index, faces, count, expr.low)


@settings(max_examples=100, deadline=None)
@given(key=st.binary(max_size=200), msg=st.binary(max_size=300))
def test_the_fast_hmac_is_rfc_2104_hmac(key, msg):
    assert RollDeriver(key, "g", b"").hmac(msg) == hmac.digest(key, msg, "sha256")


def test_rejection_sampling_skips_biased_words_and_reads_further_blocks(monkeypatch):
    """For a d6 a word >= 2**32 - 4 is thrown away; when a block runs out the next counter is read."""
    limit = 2**32 - 2**32 % 6
    seen: list[bytes] = []

    def fake(self, message):
        seen.append(message[-4:])
        if message[-4:] == b"\x00\x00\x00\x00":
            return struct.pack(">8I", limit, 2**32 - 1, 7, limit + 1, limit + 2, limit + 3, limit, limit)
        return struct.pack(">8I", 0, 11, 0, 0, 0, 0, 0, 0)

    monkeypatch.setattr(dice_module.RollDeriver, "hmac", fake)
    assert derive(b"k" * 32, "g", b"m" * 32, 1, 0, DiceExpr(3, 6)) == (7 % 6 + 1, 0 % 6 + 1, 11 % 6 + 1)
    assert seen == [b"\x00\x00\x00\x00", b"\x00\x00\x00\x01"]
    assert derive(b"k" * 32, "g", b"m" * 32, 1, 0, DiceExpr(1, 6, zero=True)) == (7 % 6,)


def test_rolls_differ_with_seq_index_game_mix_and_secret():
    base = (S1, "demo", MIX, 7, 0)
    e = DiceExpr(20, 1000)
    ref = derive(*base, e)
    for i, other in enumerate([b"\x00" * 32, "demo2", b"\x01" * 32, 8, 1]):
        args = list(base)
        args[i] = other
        assert derive(*args, e) != ref


# -- uniformity -------------------------------------------------------------------------

def chi2_sf(x: float, k: int) -> float:
    """P(chi-square with k degrees of freedom > x): the regularized upper incomplete gamma Q(k/2, x/2).

    Standard library only (scipy need not be installed); checked against scipy when it is."""
    a, z = k / 2, x / 2
    if z <= 0:
        return 1.0
    if z < a + 1:  # series for P, then 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # continued fraction for Q (Lentz)
    tiny = 1e-300
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-z + a * math.log(z) - math.lgamma(a)) * h


def test_chi2_sf_against_known_values():
    # textbook critical values: P(X > x) for k degrees of freedom
    assert chi2_sf(11.0705, 5) == pytest.approx(0.05, rel=1e-3)
    assert chi2_sf(21.666, 9) == pytest.approx(0.01, rel=1e-3)
    assert chi2_sf(2.0, 2) == pytest.approx(math.exp(-1), rel=1e-9)
    assert chi2_sf(40.0, 10) == pytest.approx(1.6945e-5, rel=1e-3)


@pytest.mark.soak
def test_chi2_sf_agrees_with_scipy_when_installed():
    stats = pytest.importorskip("scipy.stats")
    for k in (1, 5, 9, 10, 19, 35, 99):
        for x in (0.01, 0.5 * k, k, 2 * k, 3 * k + 20):
            assert chi2_sf(x, k) == pytest.approx(float(stats.chi2.sf(x, k)), rel=1e-6, abs=1e-300)


def chi_square(observed: Counter, expected: dict[int, float]) -> float:
    assert set(observed) <= set(expected), f"faces out of range: {set(observed) - set(expected)}"
    return sum((observed.get(f, 0) - e) ** 2 / e for f, e in expected.items())


UNIFORM_SECRET = hashlib.sha256(b"adjudicator uniformity test").digest()


def _faces(expr: DiceExpr, rolls: int) -> list[tuple[int, ...]]:
    return [derive(UNIFORM_SECRET, "chi", seed_mix(()), seq, 0, expr) for seq in range(1, rolls + 1)]


@pytest.mark.parametrize("expr,low", [(DiceExpr(100, 6), 1), (DiceExpr(100, 10, zero=True), 0), (DiceExpr(100, 20), 1)])
def test_single_die_faces_are_uniform(expr, low):
    counts = Counter(f for roll in _faces(expr, 1200) for f in roll)  # 120,000 dice
    n = sum(counts.values())
    expected = {f: n / expr.faces for f in range(low, low + expr.faces)}
    x = chi_square(counts, expected)
    assert chi2_sf(x, expr.faces - 1) > 1e-4, (x, counts)


def test_2d6_sums_follow_their_exact_distribution():
    rolls = 40_000
    counts = Counter(sum(r) for r in _faces(DiceExpr(2, 6), rolls))
    ways = {s: 6 - abs(s - 7) for s in range(2, 13)}
    expected = {s: rolls * w / 36 for s, w in ways.items()}
    x = chi_square(counts, expected)
    assert chi2_sf(x, 10) > 1e-4, (x, counts)


def test_successive_dice_of_a_roll_are_independent():
    """Pairs (first, second) of 2d6 rolls are uniform over the 36 cells."""
    rolls = 36_000
    counts = Counter(r for r in _faces(DiceExpr(2, 6), rolls))
    cells = {i: rolls / 36 for i in range(36)}
    x = chi_square(Counter({(a - 1) * 6 + (b - 1): n for (a, b), n in counts.items()}), cells)
    assert chi2_sf(x, 35) > 1e-4


def test_a_biased_die_is_caught_by_the_same_check():
    """The uniformity test can fail: faces taken modulo 6 of a byte (biased) are caught."""
    counts = Counter(b % 6 + 1 for b in hashlib.shake_256(b"bias").digest(1_200_000))
    x = chi_square(counts, {f: 200_000 for f in range(1, 7)})
    assert chi2_sf(x, 5) < 1e-4


# -- dice sources -----------------------------------------------------------------------

def test_drawn_dice_record_each_roll_in_order_and_ask_for_the_epoch_secret():
    asked = []

    def secret_for(epoch):
        asked.append(epoch)
        return S1

    d = DrawnDice(secret_for, "demo", MIX, 7, 1)
    assert d.roll("volley", "2d6") == (1, 6)
    d.roll("morale", "1d10z", side="blue")
    assert asked == [1, 1]
    assert [(r.purpose, r.expr, r.side) for r in d.rolls] == [("volley", "2d6", ""), ("morale", "1d10z", "blue")]
    assert d.rolls[1].dice == derive(S1, "demo", MIX, 7, 1, parse_expr("1d10z"))


def test_drawn_dice_canonicalise_the_expression():
    d = DrawnDice(lambda e: S1, "demo", MIX, 7, 1)
    d.roll("x", "2D6 + 1")
    assert d.rolls[0].expr == "2d6+1"


def test_reported_dice_are_taken_in_order_and_range_checked():
    d = ReportedDice((3, 5, 0), "line 4")
    assert d.roll("a", "2d6") == (3, 5)
    assert d.roll("b", "1d10z") == (0,)
    d.finish()
    assert [r.dice for r in d.rolls] == [(3, 5), (0,)]


@pytest.mark.parametrize("values,expr,match", [((7,), "1d6", "not a face"), ((0,), "1d6", "not a face"),
                                               ((10,), "1d10z", "not a face"), ((3,), "2d6", "only 1"),
                                               ((-1,), "1d6", "not a face")])
def test_reported_dice_refuse_impossible_faces_and_missing_values(values, expr, match):
    with pytest.raises(BadInput, match=f"line 4.*{match}"):
        ReportedDice(values, "line 4").roll("x", expr)


def test_reported_dice_refuse_values_left_over():
    d = ReportedDice((3, 4, 5), "line 2")
    d.roll("x", "2d6")
    with pytest.raises(BadInput, match="not needed"):
        d.finish()


def test_recorded_dice_replay_what_is_stored_and_refuse_any_other_call_sequence():
    rolls = (Roll(purpose="a", expr="2d6", dice=(1, 6)), Roll(purpose="b", expr="1d10z", dice=(0,), side="blue"))
    d = RecordedDice(rolls, 9)
    assert d.roll("a", "2d6") == (1, 6) and d.roll("b", "1d10z", "blue") == (0,)
    d.finish()
    with pytest.raises(Rejected, match="seq 9"):
        RecordedDice(rolls, 9).roll("other purpose", "2d6")
    with pytest.raises(Rejected):
        RecordedDice(rolls, 9).roll("a", "3d6")
    d = RecordedDice(rolls, 9)
    d.roll("a", "2d6")
    with pytest.raises(Rejected):
        d.roll("b", "1d10z")  # wrong side
    d = RecordedDice(rolls, 9)
    d.roll("a", "2d6")
    with pytest.raises(Rejected, match="never used"):
        d.finish()
    d = RecordedDice(rolls[:1], 9)
    d.roll("a", "2d6")
    with pytest.raises(Rejected, match="does not hold"):
        d.roll("b", "1d10z", "blue")


@pytest.mark.parametrize("dice_", [(0, 6), (1, 7), (1,), (1, 2, 3)])
def test_recorded_dice_refuse_impossible_stored_faces(dice_):
    with pytest.raises(Rejected, match="impossible"):
        RecordedDice((Roll(purpose="a", expr="2d6", dice=dice_),), 3).roll("a", "2d6")
