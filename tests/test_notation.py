"""The turn-post notation: comments, case-insensitive verbs, the `after SEQ HASH` header, `rolled`
lines, `|` bodies, `end`; errors name the line; anything else is BadInput, never a crash; actions
print back in the notation they are parsed from."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.core import GameConceded, GameEnded, Note, OrdersSealed, OrdersUnsealed, Ruling, SecretRevealed, SeedContributed
from events.freeform import EndTurn, RollDice
from adjudicator import core
from adjudicator.errors import BadInput
from adjudicator.notation import MAX_POST_BYTES, format_action, parse
from adjudicator.rulesets.freeform.notation import VERBS as FREEFORM_VERBS

VERBS = core.VERBS + FREEFORM_VERBS


def actions(text: str, actor: str = "red"):
    return [line.action for line in parse(text, VERBS, actor).lines]


def test_the_readme_post_parses():
    post = parse("after 3 9f2c1a7e\n# Turn 1: the 95th fire at the voltigeurs\nroll 2d6 for 95th volley\n"
                 "note the voltigeurs are in soft cover\nroll 1d6 for voltigeur morale\nend turn\n", VERBS, "red")
    assert post.after == (3, "9f2c1a7e")
    assert [pl.line for pl in post.lines] == [3, 4, 5, 6]
    assert [pl.action for pl in post.lines] == [
        RollDice(expr="2d6", purpose="95th volley"), Note(text="the voltigeurs are in soft cover"),
        RollDice(expr="1d6", purpose="voltigeur morale"), EndTurn()]


def test_verbs_are_case_insensitive_and_arguments_keep_their_case():
    got = actions("ROLL 2D6+1 for Morale\nNote Hello There\nEnd  TURN")
    assert got == [RollDice(expr="2d6+1", purpose="Morale"), Note(text="Hello There"), EndTurn()]


def test_comments_and_blank_lines_are_dropped():
    assert actions("# only a comment\n\n   \nnote a # not this\n  # indented comment\n") == [Note(text="a")]


def test_end_stops_reading():
    assert actions("note a\nEND\nthis is not read at all ???") == [Note(text="a")]


@pytest.mark.parametrize("header,expected", [("after 41 9f2c1a7e", (41, "9f2c1a7e")),
                                             ("AFTER 41 9F2C1A7E", (41, "9f2c1a7e")),
                                             ("after 41:9f2c1a7e", (41, "9f2c1a7e")),
                                             ("after 7 " + "ab" * 32, (7, "ab" * 32))])
def test_the_after_header(header, expected):
    assert parse(f"# a comment first is fine\n{header}\nnote x", VERBS, "red").after == expected


@pytest.mark.parametrize("text,line", [("note x\nafter 3 9f2c1a7e", 2), ("after 3 9f2c1a7e\nafter 3 9f2c1a7e\nnote x", 2),
                                       ("after 3 9f2c1a7", 1), ("after three 9f2c1a7e\nnote x", 1),
                                       ("after 3 9f2c1a7g\nnote x", 1), ("after 3\nnote x", 1)])
def test_a_misplaced_or_malformed_after_header_names_its_line(text, line):
    with pytest.raises(BadInput, match=f"^line {line}:"):
        parse(text, VERBS, "red")


def test_unknown_verbs_name_the_line_and_list_the_known_ones():
    with pytest.raises(BadInput, match=r"line 2: unknown action 'charge'.*roll") as e:
        parse("note fine\ncharge the guns\n", VERBS, "red")
    assert "end turn" in str(e.value)


@pytest.mark.parametrize("text,line,what", [("note\n", 1, "note"), ("note a\nroll\n", 2, "roll"),
                                            ("roll 2d7x for x", 1, "roll"), ("end turn now", 1, "end turn"),
                                            ("ruling no reason", 1, "ruling"), ("seed", 1, "seed"),
                                            ("seal onlylabel", 1, "seal"), ("reveal x y", 1, "reveal"),
                                            ("end game", 1, "end game"), ("unseal t1 abcd", 1, "unseal")])
def test_bad_arguments_name_the_line_and_the_verb(text, line, what):
    with pytest.raises(BadInput, match=f"^line {line}: {what}:"):
        parse(text, VERBS, "red")


def test_the_longest_verb_wins():
    assert actions("end turn") == [EndTurn()]
    assert actions("end game red wins") == [GameEnded(result="red wins")]


def test_rolled_lines_attach_to_the_action_above():
    post = parse("roll 2d6 for a\nrolled 3 4\nroll 1d10z\nrolled 0", VERBS, "red")
    assert [pl.reported for pl in post.lines] == [(3, 4), (0,)]
    assert parse("roll 2d6\nrolled 3, 4", VERBS, "red").lines[0].reported == (3, 4)


@pytest.mark.parametrize("text,line", [("rolled 3 4\nroll 2d6", 1), ("roll 2d6\nrolled 3 4\nrolled 1 2", 3),
                                       ("roll 2d6\nrolled three four", 2), ("roll 2d6\nrolled 3.5", 2)])
def test_misplaced_or_malformed_rolled_lines(text, line):
    with pytest.raises(BadInput, match=f"^line {line}:"):
        parse(text, VERBS, "red")


def test_body_lines_belong_to_an_action_that_takes_one():
    post = parse("unseal t1 " + "AB" * 32 + "\n| advance \n|hold\n", VERBS, "red")
    assert post.lines[0].action == OrdersUnsealed(label="t1", salt="ab" * 32, orders=("advance", "hold"))
    with pytest.raises(BadInput, match="^line 2:"):
        parse("note x\n| stray body", VERBS, "red")
    with pytest.raises(BadInput, match="^line 1:"):
        parse("| stray body", VERBS, "red")


def test_seed_names_the_poster():
    assert actions("seed lucky charms", "blue") == [SeedContributed(player="blue", seed="lucky charms")]


@pytest.mark.parametrize("text,match", [("", "no action"), ("# nothing\n\n", "no action"), ("end\nnote x", "no action"),
                                        ("note a\x00b", "NUL"), ("note " + "x" * MAX_POST_BYTES, "longer")])
def test_posts_with_no_action_a_nul_or_too_long_are_refused(text, match):
    with pytest.raises(BadInput, match=match):
        parse(text, VERBS, "red")


def test_crlf_and_a_byte_order_mark_free_text_parse_the_same():
    assert actions("note a\r\nroll 2d6\r\nend turn\r\n") == actions("note a\nroll 2d6\nend turn\n")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_parses_or_is_bad_input(text):
    try:
        post = parse(text, VERBS, "red")
    except BadInput as e:
        assert str(e)
        return
    assert post.lines


VERBISH = st.sampled_from(["roll", "note", "end", "end turn", "end game", "seed", "seal", "unseal", "reveal", "ruling",
                           "rolled", "after", "|", "#", "ROLL", "d6", "2d6", "because", "for"])


@settings(max_examples=120, deadline=None)
@given(st.lists(st.lists(st.one_of(VERBISH, st.text(max_size=8)), max_size=6).map(" ".join), max_size=8).map("\n".join))
def test_verb_shaped_garbage_parses_or_is_bad_input_naming_a_line(text):
    try:
        parse(text, VERBS, "red")
    except BadInput as e:
        assert str(e).startswith("line ") or "no action" in str(e) or "NUL" in str(e)


# -- printing back ---------------------------------------------------------------------------

SAFE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                             blacklist_characters="#|\x85\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"),
               min_size=1, max_size=30).map(str.strip).filter(bool)
WORD = st.text("abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=10)
HEX64 = st.text("0123456789abcdef", min_size=64, max_size=64)
EXPR = st.builds(lambda n, m, z, k: f"{n}d{m}{'z' if z else ''}{k:+d}" if k else f"{n}d{m}{'z' if z else ''}",
                 st.integers(1, 100), st.integers(2, 1000), st.booleans(), st.integers(-20, 20))

ACTIONS = st.one_of(
    st.builds(Note, text=SAFE),
    st.builds(SeedContributed, player=st.just("red"), seed=SAFE),
    st.builds(OrdersSealed, label=WORD, commitment=HEX64),
    st.builds(OrdersUnsealed, label=WORD, salt=HEX64, orders=st.lists(SAFE, min_size=1, max_size=4).map(tuple)),
    st.builds(SecretRevealed, epoch=st.integers(0, 10**6), secret=HEX64),
    st.builds(Ruling, decision=SAFE.filter(lambda s: " because " not in s), reason=SAFE),
    st.builds(GameEnded, result=SAFE),
    st.builds(GameConceded, text=SAFE | st.just("")),
    st.builds(RollDice, expr=EXPR, purpose=SAFE.filter(lambda s: " for " not in f" {s} ") | st.just("")),
    st.just(EndTurn()),
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_format_then_parse_gives_the_action_back(action):
    text = format_action(action, VERBS)
    assert actions(text) == [action], text


def test_format_of_an_action_without_a_verb_is_bad_input():
    from events.core import GameCreated, DiceCommitment

    with pytest.raises(BadInput):
        format_action(GameCreated(game="g", ruleset="freeform", players=("a",),
                                  dice=DiceCommitment(mode="reported", epochs=1, anchor="")), VERBS)


def test_a_verb_typo_suggests_the_nearest_verb():
    """A typo lists every verb, and first the one the player most likely meant."""
    from adjudicator import rulesets
    from adjudicator.core import VERBS
    from adjudicator.errors import NotationError

    verbs = VERBS + rulesets.get("paris").verbs
    with pytest.raises(NotationError, match=r"line 1: unknown action 'prempt': did you mean preempt\? \(this game knows: "):
        parse("prempt conde", verbs, "catholic")
    with pytest.raises(NotationError, match=r"did you mean end activation\?"):
        parse("end activaton", verbs, "catholic")
    with pytest.raises(NotationError, match=r"unknown action 'xyzzy' \(this game knows: activate, "):
        parse("xyzzy", verbs, "catholic")


@pytest.mark.parametrize("name", ["paris", "brigade", "portable", "skirmish", "freeform"])
def test_every_verb_of_a_ruleset_has_an_example_that_reads_back_as_written(name):
    """Issue "A forum game that flows", "The notation, documented": `adjudicator help RULESET` gives a
    line of every verb as a post writes it; each parses to that verb's action and prints back the same
    (skirmish prints a compass word's facing in degrees and a group's order when it is the default: the
    line it prints reads back as the same action)."""
    from adjudicator import rulesets
    from adjudicator.notation import format_action, parse

    rs = rulesets.get(name)
    assert set(rs.examples) == {verb.words for verb in rs.verbs} and rs.words
    for verb in rs.verbs:
        example = rs.examples[verb.words]
        (line,) = parse(example, rs.verbs, "someone").lines
        assert type(line.action) is verb.action, (example, line.action)
        printed = format_action(line.action, rs.verbs)
        if name == "skirmish":
            assert parse(printed, rs.verbs, "someone").lines[0].action == line.action, (example, printed)
        else:
            assert printed == example
