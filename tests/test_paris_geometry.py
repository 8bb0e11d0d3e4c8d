"""Seed 000 §7 (facing), §10.2 (line of sight), §10.4 (fire zones, artillery cone), §10.5 (grazing fire):
the hex geometry of `paris`."""

from __future__ import annotations

from adjudicator.rulesets.paris import hexgrid as g
from adjudicator.rulesets.paris.ground import los, on_map
from test_paris_helpers import new_state, only, place


def test_units_face_a_vertex_with_two_front_two_flank_two_rear_hexes():
    """§7 «Все отряды должны равняться на вершину поля. Отряд всегда имеет два поля по фронту, два
    фланговых поля и два поля в тылу» — every unit faces a vertex: two front, two flank, two rear hexes."""
    for facing in range(6):
        front, flank, rear = (set(f("1110", facing)) for f in (g.front_hexes, g.flank_hexes, g.rear_hexes))
        assert len(front) == len(flank) == len(rear) == 2
        assert front | flank | rear == set(g.neighbours("1110"))
    assert g.front_hexes("1110", g.NORTH) == ("1011", "1010")  # rows are counted from the north edge
    assert g.front_hexes("0710", g.SOUTH) == ("0810", "0811")


def test_hex_ids_are_four_digits_row_then_column():
    """§14 hexes such as «1110, 1111, 1112» (ruling R2: RR row from the north edge, CC along the row)."""
    assert g.parse_hex("0711") == (7, 11)
    assert g.distance("1110", "1112") == 2
    assert g.distance("1110", "0710") == 4
    for bad in ("7011x", "711", "abcd"):
        try:
            g.parse_hex(bad)
        except ValueError as e:
            assert "four digits" in str(e)
        else:
            raise AssertionError(bad)


def test_a_hex_is_on_the_map_when_its_row_and_column_are_within_the_scenarios_size():
    """§7, R2: rows 01..rows from the north edge, columns 01..cols along the row; nothing else is a hex of the map."""
    s = new_state()
    assert on_map(s, "0101") and on_map(s, g.hex_id(s.rows, s.cols))
    for off in (g.hex_id(s.rows + 1, 1), g.hex_id(1, s.cols + 1), "0001", "0100", "", "abcd", "101", "01011"):
        assert not on_map(s, off), off


def test_even_r_layout_is_supported():
    assert g.neighbours("0202", "even-r") != g.neighbours("0202", "odd-r")
    assert all(g.distance("0202", n, "even-r") == 1 for n in g.neighbours("0202", "even-r"))


def test_fire_zone_is_front_and_flank_hexes():
    """§10.4 «Фронтальные и фланговые шестиугольники пехоты и кавалерии составляют их зону огня» —
    the front and flank hexes of infantry and cavalry are their fire zone."""
    zone = set(g.fire_zone("1110", g.NORTH))
    assert zone == set(g.front_hexes("1110", g.NORTH)) | set(g.flank_hexes("1110", g.NORTH))
    assert not zone & set(g.rear_hexes("1110", g.NORTH))


def test_artillery_cone_runs_ten_hexes_from_its_front_hexes():
    """§10.4 «Артиллерия обладает конусом огня, расходящимся на 10 полей из ее полей по фронту» —
    artillery has a cone of fire spreading 10 hexes from its front hexes (ruling R9)."""
    assert g.in_cone("1116", g.NORTH, "0716", 10)
    assert g.in_cone("1116", g.NORTH, "0116", 10)
    assert not g.in_cone("1116", g.NORTH, "0016", 10) or g.distance("1116", "0016") <= 10
    assert not g.in_cone("1116", g.NORTH, "1117", 10)  # a flank hex
    assert not g.in_cone("1116", g.NORTH, "1216", 10)  # behind


def test_adjacent_hexes_always_see_each_other_and_units_block_sight():
    """§10.2 «Отряды всегда имеют ЛВ в смежные шестиугольники. Отряды, дружественные и вражеские,
    блокируют ЛВ, кроме лидеров, отрядов, выполняющих опасное задание, и артиллерии» — adjacent hexes
    always see; units block sight except leaders, forlorn hopes and artillery."""
    s = only(new_state(), "conde-g1", "gendarmerie-1", "garde-1")
    s = place(s, "conde-g1", "1110")
    s = place(s, "garde-1", "0910")
    assert los(s, "1110", "1011")
    assert not los(s, "1110", "0810")  # garde-1 stands at 0910, on the line
    s2 = place(s, "garde-1", "0605")
    assert los(s2, "1110", "0810")


def test_sight_along_a_hex_edge_is_blocked_only_if_both_hexes_block():
    """§10.2 «Если ЛВ проходит по грани двух шестиугольников, оба шестиугольника должны блокировать,
    чтобы ЛВ была блокирована» — along an edge, both hexes must block."""
    pairs = g.line_pairs("1110", "0710")
    edge = next(p for p in pairs if p[0] != p[1])
    one, two = edge
    assert g.has_los("1110", "0710", lambda h: h == one)
    assert g.has_los("1110", "0710", lambda h: h == two)
    assert not g.has_los("1110", "0710", lambda h: h in (one, two))


def test_grazing_line_takes_the_named_side_of_an_edge():
    """§10.5 «Когда ЛВ проходит по грани между полями, игрок может выбрать, по какую сторону грани поля
    будут накрыты» — along an edge the firer chooses which side is hit (ruling R25)."""
    left = g.line_hexes("1110", "1012", "left")
    right = g.line_hexes("1110", "1012", "right")
    assert left[-1] == right[-1] == "1012"
    assert left != right
