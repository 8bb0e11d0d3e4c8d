"""The quick paths of `paris` (memoised geometry, lines of command traced once while no piece moves,
sight lines, a draft's reads) answer exactly as the plain definitions, and a memo never serves one
state the answer of another."""

from __future__ import annotations

import random

import msgspec

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.command import in_command, unit_in_command
from adjudicator.rulesets.paris.ground import blocks_los, los, nearest_enemy, on_map, terrain_row
from adjudicator.rulesets.paris.state import BOARD
from test_paris_helpers import new_state, only, place

LAYOUTS = ("odd-r", "even-r")


def _scatter(seed: int):
    """A state with the units thrown around one spot of the map (so that lines of command and sight
    lines cross each other), some hexes of blocking or impassable terrain, and either layout."""
    rng = random.Random(seed)
    s = new_state()
    row, col = rng.randint(4, s.rows - 4), rng.randint(4, s.cols - 4)

    def near(spread: int) -> str:
        return hexgrid.hex_id(min(max(1, row + rng.randint(-spread, spread)), s.rows),
                              min(max(1, col + rng.randint(-spread, spread)), s.cols))

    units = {uid: msgspec.structs.replace(u, hex=near(4)) for uid, u in s.units.items() if rng.random() < 0.9}
    leaders = {lid: msgspec.structs.replace(ld, hex=near(3)) for lid, ld in s.leaders.items()}
    terrain = {**s.terrain, **{near(4): rng.choice(("impassable", "woods", "village", "marsh")) for _ in range(rng.randint(0, 6))}}
    return msgspec.structs.replace(s, units=units, leaders=leaders, terrain=terrain, layout=rng.choice(LAYOUTS))


def _plain_lines_of_command(s, wing: str) -> set[str]:
    """§5.1.1 traced the slow way: steps of at most 2 from the leader and from every unit found so far,
    never into an enemy unit's hex or impassable terrain, again and again until nobody new is found."""
    w = s.wings[wing]
    leader = s.leaders.get(w.leader)
    if leader is None:
        return set()
    blocked = {u.hex for u in s.units.values() if u.side != w.side}
    blocked |= {h for h in s.terrain if terrain_row(s, h).get("impassable")}
    ends, found = {leader.hex}, set()
    while True:
        steps = {h: 0 for h in ends}
        frontier = list(ends)
        for step in (1, 2):
            frontier = [n for h in frontier for n in hexgrid.neighbours(h, s.layout) if n not in blocked]
            for n in frontier:
                steps.setdefault(n, step)
        new = {u.id for u in s.units.values() if u.wing == wing and not u.artillery and u.id not in found
               and steps.get(u.hex, 9) <= (2 if u.cavalry else 1) and on_map(s, u.hex)}
        if not new:
            return found
        found |= new
        ends |= {s.units[uid].hex for uid in new}


def test_within_is_every_hex_at_most_that_far():
    for layout in LAYOUTS:
        for h in ("0101", "0202", "0710", "1111", "1530"):
            r, c = hexgrid.parse_hex(h)
            around = [hexgrid.hex_id(r + dr, c + dc) for dr in range(-4, 5) for dc in range(-4, 5) if r + dr >= 0 and c + dc >= 0]
            for reach in range(4):
                assert hexgrid.within(h, reach, layout) == {x for x in around if hexgrid.distance(h, x, layout) <= reach}


def test_lines_of_command_are_those_a_plain_trace_finds():
    """§5.1.1 «Длина ЛК – одно поле для пехоты и два поля для кавалерии. Отряд, неспособный прослеживать
    ЛК до своего командира, но способный прослеживать ЛК до отряда, который сам находится под командованием,
    также считается находящимся под командованием. ЛК не может проходить через поле, содержащее вражеский
    отряд или непроходимую местность» — one hex for foot, two for horse, passed on by units in command,
    never through an enemy unit or impassable terrain: the quick search finds the same units."""
    seen_in = seen_out = 0
    for seed in range(60):
        s = _scatter(seed)
        for wing in s.wings:
            expected = _plain_lines_of_command(s, wing)
            assert in_command(s, wing) == expected
            fresh = Draft(s, None, BOARD)  # a draft that has moved nothing is answered from the state's lines
            for u in s.units.values():
                if u.wing == wing and not u.artillery:
                    assert unit_in_command(fresh, u.id) == (u.id in expected)
                    seen_in += u.id in expected
                    seen_out += u.id not in expected
    assert seen_in > 100 and seen_out > 100  # both answers were put to the test


def test_a_draft_that_has_moved_a_unit_traces_its_own_lines():
    """The lines a state's check found are not lent to a draft once it has moved a unit: moving the
    middle link of a chain puts the far unit out of command at once (§5.1.1)."""
    s = only(new_state(), "conde-lansq", "conde-milice-1", "conde-milice-2")
    s = place(s, "conde", "1410")
    s = place(s, "conde-lansq", "1410")
    s = place(s, "conde-milice-1", "1409")
    s = place(s, "conde-milice-2", "1408")
    assert "conde-milice-2" in in_command(s, "conde")
    d = Draft(s, None, BOARD)
    assert unit_in_command(d, "conde-milice-2")
    d.update(d.s.units, "conde-milice-1", hex="1412")
    assert not unit_in_command(d, "conde-milice-2")
    assert "conde-milice-2" in in_command(s, "conde")  # the state itself is unchanged


def test_sight_lines_are_those_blocks_los_draws_hex_by_hex():
    """§10.2 «Отряды всегда имеют ЛВ в смежные шестиугольники. Отряды, дружественные и вражеские,
    блокируют ЛВ, кроме лидеров, отрядов, выполняющих опасное задание, и артиллерии» — adjacent hexes
    always see each other; units block sight, except leaders, forlorn hopes and artillery."""
    blocked = clear = 0
    for seed in range(40):
        s = _scatter(seed)
        hexes = sorted({u.hex for u in s.units.values()})
        for a in hexes[::2]:
            for b in hexes[1::2]:
                expected = hexgrid.has_los(a, b, lambda h: blocks_los(s, h), s.layout)
                assert los(s, a, b) == los(Draft(s, None, BOARD), a, b) == expected
                blocked += not expected
                clear += expected
    assert blocked > 50 and clear > 50


def test_a_draft_reads_each_field_as_it_was_last_set():
    s = new_state()
    d = Draft(s, None, BOARD)
    assert d.s.phase == s.phase and d.s.turn == s.turn
    d.s.phase = "act"
    d.s.turn = s.turn + 1
    assert (d.s.phase, d.s.turn) == ("act", s.turn + 1)
    d.s.phase = "react"
    assert d.s.phase == "react" and s.phase != "react"
    assert d.freeze().phase == "react"


def test_the_nearest_enemy_is_measured_in_the_state_asked():
    s = only(new_state(), "conde-g1", "picardie")
    near = place(place(s, "conde-g1", "1110"), "picardie", "1112")
    far = place(near, "picardie", "1116")
    side = near.units["conde-g1"].side
    assert nearest_enemy(near, side, "1110") == 2
    assert nearest_enemy(far, side, "1110") == 6
    assert nearest_enemy(near, side, "1110") == 2
    d = Draft(near, None, BOARD)
    d.update(d.s.units, "picardie", hex="1111")
    assert nearest_enemy(d, side, "1110") == 1
