"""adjudicator.chain: canonical bytes, the hash chain, stored lines, kept-head prefixes."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.core import Envelope, Note, Roll
from adjudicator.chain import DOMAIN, GENESIS, canonical, event_hash, matches_prefix, split_line, to_line
from adjudicator.errors import BadInput

HEX64 = st.text("0123456789abcdef", min_size=64, max_size=64)


def envelope(**kw) -> Envelope:
    base = dict(game="g", seq=2, actor="red", turn=1, phase="play", epoch=1, action=Note(text="hi"), prev=GENESIS)
    base.update(kw)
    return Envelope(**base)


def test_genesis_is_64_zeros_and_the_domain_is_as_specified():
    assert GENESIS == "0" * 64
    assert DOMAIN == b"adj-ev1\x00"


def test_canonical_bytes_are_compact_json_in_declared_order():
    env = envelope(rolls=(Roll(purpose="p", expr="2d6", dice=(1, 6)),))
    body = canonical(env)
    assert body == (b'{"game":"g","seq":2,"actor":"red","turn":1,"phase":"play","epoch":1,'
                    b'"action":{"type":"note","text":"hi"},'
                    b'"rolls":[{"purpose":"p","expr":"2d6","dice":[1,6],"side":""}],'
                    b'"prev":"' + GENESIS.encode() + b'"}')
    assert list(json.loads(body)) == ["game", "seq", "actor", "turn", "phase", "epoch", "action", "rolls", "prev"]


def test_canonical_bytes_keep_non_ascii_as_utf8():
    body = canonical(envelope(action=Note(text="Montmorency’s wing — été")))
    assert "Montmorency’s wing — été".encode() in body


def test_event_hash_is_sha256_of_domain_prev_bytes_and_body():
    body = b'{"x":1}'
    prev = "ab" * 32
    assert event_hash(prev, body) == hashlib.sha256(b"adj-ev1\x00" + bytes.fromhex(prev) + body).hexdigest()


@given(prev=HEX64, text=st.text(max_size=200))
@settings(max_examples=100, deadline=None)
def test_to_line_and_split_line_are_inverse(prev, text):
    body = canonical(envelope(action=Note(text=text), prev=prev))
    digest = event_hash(prev, body)
    line = to_line(body, digest)
    assert json.loads(line)["hash"] == digest
    assert list(json.loads(line))[-1] == "hash"
    assert line[:-75] + b"}" == body
    assert split_line(line, "line 1") == (body, digest)
    assert split_line(line + b"\r\n", "line 1") == (body, digest)


@pytest.mark.parametrize("line", [b"", b"{}", b"not json at all", b'{"hash":"' + b"a" * 64 + b'"}'[:-1],
                                  b"x" * 200, b'["hash","' + b"a" * 64 + b'"]'])
def test_split_line_refuses_what_is_no_event_line_naming_where(line):
    with pytest.raises(BadInput, match="line 7"):
        split_line(line, "line 7")


@pytest.mark.parametrize("prefix,ok", [("", False), ("abcdef1", False), ("abcdef12", True), ("ABCDEF12", True),
                                       ("abcdef12" + "0" * 56, True), ("abcdef13", False)])
def test_a_kept_head_prefix_needs_8_or_more_hex_digits(prefix, ok):
    digest = "abcdef12" + "0" * 56
    assert matches_prefix(digest, prefix) is ok


def test_changing_prev_or_body_changes_the_hash():
    body = canonical(envelope())
    h = event_hash(GENESIS, body)
    assert event_hash("0" * 63 + "1", body) != h
    assert event_hash(GENESIS, body.replace(b"hi", b"ho")) != h
