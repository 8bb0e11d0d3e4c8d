"""Seed 000 §8.2: a unit's reaction retreat is offered to every hex it can reach, one action per end
hex (its cheapest path), and each one offered is one `rules._check_react` accepts."""

from __future__ import annotations

import msgspec

from events.paris import Move, React
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.play import unit_retreats
from adjudicator.rulesets.paris.state import PState, Window
from adjudicator.rulesets.paris.movement import step_cost
from test_paris_helpers import RS, acting, new_state, only, place, post, refuse, standing


def _short_paths(s: PState, start: str, length: int):
    """Every walk of 1..length hexes, each next to the last, in any direction (no rule applied)."""
    frontier = [()]
    for _ in range(length):
        frontier = [p + (h,) for p in frontier for h in hexgrid.neighbours(p[-1] if p else start, s.layout)]
        yield from frontier


def _window(s: PState, uid: str, trig_id: str, order: str | None = None) -> PState:
    """`s` with the trigger's wing active and `uid` offered a reaction to it (§8.2)."""
    trig = s.units[trig_id]
    s = acting(s, trig.wing)
    if order:
        wings = {**s.wings, s.units[uid].wing: msgspec.structs.replace(s.wings[s.units[uid].wing], order=order)}
        s = msgspec.structs.replace(s, wings=wings)
    return msgspec.structs.replace(s, phase="react", acting_unit=trig_id,
                                   window=Window(trigger=trig_id, event="enter", react=(uid,)))


def _offered(s: PState, uid: str) -> list[React]:
    side = s.units[uid].side
    return [a for a in RS.legal_actions(s, side) if isinstance(a, React) and a.unit == uid and a.kind == "retreat"]


def _check_complete(s: PState, uid: str, depth: int = 3) -> list[React]:
    """Every retreat offered validates, one per end hex; every end hex a short valid path reaches is offered."""
    side = s.units[uid].side
    offered = _offered(s, uid)
    for a in offered:
        assert refuse(s, side, a) == [], a
    ends = [a.path[-1] for a in offered]
    assert len(ends) == len(set(ends))  # one action per end hex
    valid = {p[-1] for p in _short_paths(s, s.units[uid].hex, depth)
             if not refuse(s, side, React(unit=uid, kind="retreat", path=p))}
    assert valid <= set(ends), sorted(valid - set(ends))
    return offered


def test_a_reaction_retreat_is_offered_to_every_hex_within_its_movement():
    """§8.2 «Отступление: если вражеский отряд расходует очки движения ... на дистанции в 2 поля или
    меньше, отряд может расходовать всю свою норму движения на то, чтобы уйти (он должен закончить
    движение дальше от вражеского отряда). Он не может оказываться рядом с вражеским отрядом. Этот выбор
    доступен только для отрядов пехоты с приказом «Сбор» или кавалерии (с любым приказом), к которым
    приближается пехота» (retreat: the unit may spend its whole movement to get away, ending farther from
    the enemy unit, never next to an enemy unit; only infantry under Rally, or cavalry approached by infantry)."""
    s = only(new_state(), "conde-lansq", "gendarmerie-1", "gendarmerie-2")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = place(s, "gendarmerie-1", "0910", "S")
    s = place(s, "gendarmerie-2", "0410", "S")
    s = standing(acting(s, "conde", order="attack"), "catholic", intercept="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    assert s.phase == "react" and "gendarmerie-1" in s.window.react
    offered = _check_complete(s, "gendarmerie-1")
    g = s.units["gendarmerie-1"]
    assert max(len(a.path) for a in offered) > 3  # ten MP: far more than the one-hex samples once offered
    assert all(sum(step_cost(s, g, h) for h in a.path) <= g.ma for a in offered)
    # the infantry unit may not retreat unless its wing is under Rally (§8.2)
    foot = _window(s, "conde-lansq", "gendarmerie-1")
    assert _offered(foot, "conde-lansq") == []
    rallying = _window(s, "conde-lansq", "gendarmerie-1", order="rally")
    assert _offered(rallying, "conde-lansq") and _check_complete(rallying, "conde-lansq")


def test_a_reaction_retreat_takes_the_cheapest_path_through_terrain():
    """§8.1 «Чтобы войти в поле, отряд расходует цену местности в очках движения» (to enter a hex a unit
    spends its terrain cost); ruling R33: a reaction retreat pays terrain costs."""
    s = only(new_state(), "conde-lansq", "gendarmerie-1")
    s = place(s, "conde-lansq", "1110", "N")
    s = place(s, "gendarmerie-1", "0910", "S")
    s = msgspec.structs.replace(s, terrain={"0810": "woods", "0811": "woods"})  # 3 MP each for cavalry
    s = _window(s, "gendarmerie-1", "conde-lansq")
    g = s.units["gendarmerie-1"]
    offered = {a.path[-1]: a.path for a in _check_complete(s, "gendarmerie-1")}

    def cost(path):
        return sum(step_cost(s, g, h) for h in path)

    assert offered["0711"] == ("0911", "0812", "0711")  # 3 MP round the woods, not 4 through 0811
    best: dict[str, int] = {}
    for p in _short_paths(s, g.hex, 4):
        if not refuse(s, "catholic", React(unit="gendarmerie-1", kind="retreat", path=p)):
            best[p[-1]] = min(best.get(p[-1], 99), cost(p))
    for end, c in best.items():
        assert cost(offered[end]) <= c, (end, offered[end], c)


def test_in_random_games_every_offered_reaction_retreat_is_legal_and_every_short_one_is_offered(tmp_path):
    """The search and the `React` validator agree in the states real play reaches: every unit that stands
    within two hexes of an enemy unit is offered a reaction to it, under every order (§6.2, §8.2, §9.1)."""
    from adjudicator.engine import replay_event, start
    from adjudicator.games import open_game
    from adjudicator.simulate import simulate
    from adjudicator.store import Store

    db = tmp_path / "g.db"
    simulate(db, "paris", seed=7, scenario="dreux-1562", players=["huguenot", "catholic"], events=600)
    checked = offered_any = 0
    with Store(db, readonly=True) as store:
        game = open_game(store)
        state = start(game)
        for seq, _, body in store.rows(1, None):
            state = replay_event(game, state, game.decode(bytes(body), f"seq {seq}"))
            s = state.rules
            if s.phase in ("orders", "over") or s.adjutants_due or seq % 15:
                continue
            for u in sorted(s.units.values(), key=lambda x: x.id):
                if u.artillery or u.level > 1:
                    continue
                near = [t for t in s.units.values() if t.side != u.side and 1 <= hexgrid.distance(u.hex, t.hex, s.layout) <= 2]
                for t in near[:1]:
                    for order in ("rally", "attack"):
                        w = _window(s, u.id, t.id, order=order)
                        offered_any += bool(_check_complete(w, u.id, depth=2))
                        checked += 1
                        if u.cavalry:
                            break  # its order does not matter (§8.2)
    assert checked > 200 and offered_any > 50, (checked, offered_any)


def test_unit_retreats_matches_the_validator_for_both_layouts():
    """The same check on the odd-r and even-r layouts (ruling R2)."""
    for layout in ("odd-r", "even-r"):
        s = only(new_state(), "conde-lansq", "gendarmerie-1", "gendarmerie-3")
        s = msgspec.structs.replace(s, layout=layout)
        s = place(s, "conde-lansq", "1110", "N")
        s = place(s, "gendarmerie-1", "0910", "S")
        s = place(s, "gendarmerie-3", "0713", "S")
        s = _window(s, "gendarmerie-1", "conde-lansq")
        assert {a.path[-1] for a in unit_retreats(s, s.units["gendarmerie-1"], s.units["conde-lansq"])} \
            == {a.path[-1] for a in _check_complete(s, "gendarmerie-1")}
