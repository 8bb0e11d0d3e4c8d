"""Seed 000 §5.2 (leaders), §5.2.2 (the adjutant), §8.2 (a leader's reaction movement) and §8.1
(every move a unit or leader can afford, as `legal_actions` offers them)."""

from __future__ import annotations

import msgspec

from events.paris import Adjutant, EndMoves, Fire, Hold, Melee, Move, Pass, React, Standing
from adjudicator.draft import Draft
from adjudicator.notation import format_action, parse
from adjudicator.rulesets.paris import hexgrid, leaders, sequence
from adjudicator.rulesets.paris.morale import lose_levels
from adjudicator.rulesets.paris.play import leader_moves, unit_moves
from adjudicator.rulesets.paris.reactions import eligible
from adjudicator.rulesets.paris.state import BOARD, PState
from adjudicator.draft import Outcome
from test_paris_helpers import RS, FixedDice, acting, codes, new_state, only, place, post, posted, refuse, standing

LAY = "odd-r"


# -- the adjutant (§5.2.2, ruling R27) -------------------------------------------------------

def condé_under_fire(**modes: str) -> PState:
    return condé_fired_on(**modes)[0]


def condé_fired_on(**modes: str) -> tuple[PState, Outcome]:
    """Picardie (active) fires at Condé's gendarmes; the roll kills Condé (8 hits, 0 passes, 9 kills)."""
    s = only(new_state(), "picardie", "conde-g1", "conde-g2", "coligny-g1")
    s = place(s, "conde", "1010")
    s = place(s, "conde-g1", "1010", "N")
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "0910", "S")
    s = place(s, "montmorency", "0910")
    s = acting(s, "montmorency")
    if modes:
        s = standing(s, "huguenot", **modes)
    return posted(s, "catholic", Fire(unit="picardie", target="conde-g1"), faces=(8, 0, 9))


def test_the_owner_places_the_adjutant_with_any_unit_of_the_wing_and_the_game_waits_for_it():
    """§5.2.2 «Если командир крыла уничтожен, он замещается «адъютантом», который ставится с любым
    отрядом этого крыла» (if a wing leader is killed he is replaced by an adjutant, placed with any
    unit of the wing) «Адъютант всегда прибывает с тем же приказом, что и его предшественник» (with
    his predecessor's order). Ruling R27: his owner chooses the unit; the game waits for it."""
    s = condé_under_fire()
    assert "conde" not in s.leaders and s.wings["conde"].leader == "conde-adjutant-1"
    assert [x.id for x in s.adjutants_due] == ["conde-adjutant-1"]
    waits = RS.awaiting(s)
    assert [a.side for a in waits] == ["huguenot"]
    assert "adjutant" in waits[0].decision and "conde-g1, conde-g2" in waits[0].decision and "§5.2.2" in waits[0].decision
    assert sorted(RS.legal_actions(s, "huguenot"), key=lambda a: a.unit) == [
        Adjutant(wing="conde", unit="conde-g1"), Adjutant(wing="conde", unit="conde-g2")]
    assert RS.legal_actions(s, "catholic") == []
    placed, told = posted(s, "huguenot", Adjutant(wing="conde", unit="conde-g2"))
    adj = placed.leaders["conde-adjutant-1"]
    assert (adj.hex, adj.wing, adj.rating, adj.adjutant) == ("1212", "conde", 0, True)
    assert placed.wings["conde"].order == s.wings["conde"].order and not placed.adjutants_due
    assert any("takes command of conde with conde-g2" in x for x in told.lines)


def test_the_sequence_paused_by_the_placement_goes_on_where_it_was():
    """R27: Picardie's fire, which killed Condé, also opened a window for the Huguenots' reactions
    (§8.2); nothing is decided until the adjutant stands on the map, then the window is answered."""
    s = condé_under_fire()
    assert s.phase == "react" and s.window is not None and s.window.react == ("conde-g1",)
    for side, action, code in (("huguenot", Hold(), "hold/not-now"),
                               ("huguenot", React(unit="conde-g1", kind="turn", facing="NE"), "react/not-now"),
                               ("catholic", EndMoves(), "end-moves/not-now"), ("huguenot", Move(unit="conde", path=("1110",)), "move/not-now")):
        assert codes(s, side, action) == [code], action
        assert "place the adjutant of conde" in refuse(s, side, action)[0].message
    after = post(s, "huguenot", Adjutant(wing="conde", unit="conde-g1"))
    assert after.phase == "react" and after.window == s.window
    assert post(after, "huguenot", Hold()).phase == "act"


def test_an_adjutant_placement_is_refused_with_the_rule_it_breaks():
    """§5.2.2 «ставится с любым отрядом этого крыла»: a unit of that wing, still on the map, by its owner."""
    s = condé_under_fire()
    assert codes(s, "huguenot", Adjutant(wing="conde", unit="coligny-g1")) == ["adjutant/not-in-wing"]
    assert codes(s, "huguenot", Adjutant(wing="conde", unit="picardie")) == ["adjutant/not-in-wing"]
    assert codes(s, "huguenot", Adjutant(wing="conde", unit="conde-g3")) == ["adjutant/unknown-unit"]  # not on the map
    assert codes(s, "huguenot", Adjutant(wing="coligny", unit="coligny-g1")) == ["adjutant/wing"]
    assert codes(s, "catholic", Adjutant(wing="conde", unit="conde-g1")) == ["adjutant/not-yours"]
    assert codes(new_state(), "huguenot", Adjutant(wing="conde", unit="conde-g1")) == ["adjutant/not-now"]
    found = refuse(s, "huguenot", Adjutant(wing="conde", unit="coligny-g1"))
    assert found[0].rule == "seed 000 §5.2.2"


def test_standing_adjutant_auto_places_him_with_the_first_unit_and_says_so():
    """R27 under `standing adjutant auto`: the engine places him with the wing's first unit by id, on
    the player's behalf, and the report says so; the game does not wait."""
    s, told = condé_fired_on(adjutant="auto")
    assert not s.adjutants_due and s.leaders["conde-adjutant-1"].hex == "1010"
    assert any("standing order: adjutant auto" in x and "on huguenot's behalf" in x for x in told.lines)
    # set while a placement waits, the standing order places him at once
    waiting = condé_under_fire()
    done = post(waiting, "huguenot", Standing(kind="adjutant", mode="auto"))
    assert not done.adjutants_due and done.leaders["conde-adjutant-1"].hex == "1010" and done.phase == "react"
    assert codes(waiting, "huguenot", Standing(kind="adjutant", mode="always")) == ["standing/mode"]


def test_adjutant_notation_round_trips():
    line = "adjutant conde conde-g2"
    (parsed,) = parse(line, RS.verbs, "huguenot").lines
    assert parsed.action == Adjutant(wing="conde", unit="conde-g2")
    assert format_action(parsed.action, RS.verbs) == line


def test_a_leader_killed_in_melee_pauses_the_end_of_the_activation_until_his_adjutant_is_placed():
    """§5.2.1 «После рукопашной схватки каждый игрок должен бросить к10 за каждого участвовавшего
    командира. На 9 командир уничтожен»; §4.3 re-activation uses the leader's rating, so what follows
    the melees (re-activation or the end of the activation) waits for the adjutant (R27)."""
    s = only(new_state(), "conde-g1", "conde-g2", "picardie")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "1010", "S")
    s = acting(s, "conde", order="attack")
    s = standing(standing(s, "huguenot", retreat="auto", advance="always"), "catholic", retreat="auto", advance="always",
                 reactive_melee="never")
    s = post(s, "huguenot", Melee(lead="conde-g1", target="picardie"))
    paused = post(s, "huguenot", EndMoves(), faces=(4, 9))  # the melee roll, then Condé's: 9
    assert "conde" not in paused.leaders and paused.resume == "melee" and paused.phase == "act"
    assert codes(paused, "huguenot", EndMoves()) == ["end-moves/not-now"]
    after = post(paused, "huguenot", Adjutant(wing="conde", unit="conde-g2"))
    assert after.phase == "reactivate" and after.resume == "" and after.leaders["conde-adjutant-1"].hex == "1212"


def test_a_move_stops_when_defensive_fire_kills_the_movers_leader_and_may_go_on_after_the_placement():
    """§8.2 «Активный отряд ... может затем возобновить свое движение»: as after a reaction window, the
    moving unit stops where its leader fell (R27) and goes on once the adjutant is placed."""
    s = only(new_state(), "picardie", "conde-g1", "conde-g2")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "0909", "S")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", defensive_fire="always", intercept="never", react="never")
    # entering 1010: Picardie fires (9: a hit), the gendarmes hold (0), Condé, who rode with them, dies (9)
    s = post(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910")), faces=(9, 0, 9))
    assert s.units["conde-g1"].hex == "1010" and s.acting_unit == "conde-g1" and s.adjutants_due
    s = post(s, "huguenot", Adjutant(wing="conde", unit="conde-g1"))
    assert s.leaders["conde-adjutant-1"].hex == "1010"
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("0910",))) == []


def test_a_wing_destroyed_before_its_adjutant_is_placed_gets_none():
    """§5.2.2 «Если все отряды крыла уничтожены, тогда замены быть не может»."""
    s = only(new_state(), "rochefoucault-g")
    d = Draft(s, None, BOARD)
    from adjudicator.rulesets.paris.morale import destroy, kill_leader

    kill_leader(d, "rochefoucault", "test")
    assert [x.wing for x in d.s.adjutants_due] == ["rochefoucault"]
    destroy(d, "rochefoucault-g", "test")
    assert d.s.adjutants_due == () and d.s.wings["rochefoucault"].barred


def test_a_second_adjutant_follows_the_first():
    """§5.2.2: an adjutant who falls is replaced in turn."""
    s = condé_under_fire(adjutant="auto")
    d = Draft(s, None, BOARD)
    from adjudicator.rulesets.paris.morale import kill_leader

    kill_leader(d, "conde-adjutant-1", "test")
    assert d.s.wings["conde"].leader == "conde-adjutant-2" and "conde-adjutant-2" in d.s.leaders


# -- a leader goes with his unit (§5.2) ------------------------------------------------------

def test_a_leader_goes_with_the_unit_he_is_stacked_with_when_it_reaction_retreats():
    """§5.2 «Он должен оставаться с отрядом, с которым он сгруппирован, если тот продвигается вперёд
    после рукопашной схватки или отступает» (he must stay with the unit he is stacked with if it
    advances after melee or retreats)."""
    s = only(new_state(), "conde-lansq", "gendarmerie-1", "gendarmerie-2")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = place(s, "gendarmerie-1", "0910", "S")
    s = place(s, "montmorency", "0910")
    s = place(s, "gendarmerie-2", "0410", "S")
    s = standing(acting(s, "conde", order="attack"), "catholic", intercept="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    assert s.phase == "react" and "gendarmerie-1" in s.window.react
    s = post(s, "catholic", React(unit="gendarmerie-1", kind="retreat", path=("0810", "0710")))
    assert s.units["gendarmerie-1"].hex == "0710" and s.leaders["montmorency"].hex == "0710"
    assert not s.leaders["montmorency"].reacted  # going with his unit is not his own reaction


def test_a_leader_goes_with_a_unit_broken_by_fire_and_with_a_routing_unit():
    """§5.2 (as above); §13.2 a unit that becomes broken retreats two hexes; §3.3 the rout movement."""
    s = only(new_state(), "conde-lansq", "conde-g2", "picardie")
    s = place(s, "conde", "1010")
    s = place(s, "conde-lansq", "1010", "N")
    s = place(s, "picardie", "0410", "S")
    d = Draft(s, None, BOARD)
    lose_levels(d, "conde-lansq", 3, "test", away="0910")
    assert d.s.units["conde-lansq"].hex != "1010" and d.s.leaders["conde"].hex == d.s.units["conde-lansq"].hex
    s2 = d.freeze()
    d2 = Draft(s2, None, BOARD)
    sequence.rout_phase(d2)
    assert d2.s.units["conde-lansq"].hex != s2.units["conde-lansq"].hex
    assert d2.s.leaders["conde"].hex == d2.s.units["conde-lansq"].hex


def test_a_leader_whose_unit_routs_off_the_map_joins_the_nearest_unit_of_his_wing():
    """§9.1 «Командиры: они должны группироваться с отрядом своего крыла» (leaders must stack with a
    unit of their wing); ruling R42 when his unit leaves the map by rout."""
    s = only(new_state(), "conde-g1", "conde-g2", "conde-g3", "picardie")
    s = place(s, "conde", "1710")
    s = place(s, "conde-g1", "1710", "S", level=3)
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "conde-g3", "1005", "N")
    s = place(s, "picardie", "0410", "S")
    s = msgspec.structs.replace(s, phase="select", to_play="huguenot", passes=1)
    s, told = posted(s, "huguenot", Pass(), faces=(5, 3))  # the next turn's initiative: wings and leaders tie (§4.1)
    assert "conde-g1" not in s.units
    assert s.leaders["conde"].hex == "1212"
    assert any("ruling R42" in x for x in told.lines)


# -- a leader's own reaction movement (§8.2, ruling R41) -------------------------------------

def reaction_field() -> PState:
    """Condé's gendarmes ride into 1010, two hexes from Montmorency and his gendarmes at 0810; more of
    his gendarmes stand at 0610, farther away."""
    s = only(new_state(), "conde-g1", "gendarmerie-1", "gendarmerie-2", "gendarmerie-3")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "gendarmerie-1", "0810", "S")
    s = place(s, "montmorency", "0810")
    s = place(s, "gendarmerie-2", "0610", "S")
    s = place(s, "gendarmerie-3", "0811", "S")
    s = standing(acting(s, "conde", order="attack"), "catholic", intercept="never")
    return post(s, "huguenot", Move(unit="conde-g1", path=("1010",)))


def test_a_leader_may_react_by_retreating_to_another_unit_of_his_wing():
    """§5.2 «он может двигаться обычным образом и совершать реагирующие движения (см. 8.2)»; §8.2
    «Только отряды в нормальном состоянии или в беспорядке и их командиры могут делать попытку
    реагирующего движения» (only normal or disordered units and their leaders may attempt reaction
    movement) ... «Отступление: ... уйти (он должен закончить движение дальше от вражеского отряда). Он
    не может оказываться рядом с вражеским отрядом». R41: he ends with a unit of his wing."""
    s = reaction_field()
    assert s.phase == "react" and "montmorency" in s.window.react
    offered = [a for a in RS.legal_actions(s, "catholic") if isinstance(a, React) and a.unit == "montmorency"]
    assert {a.path[-1] for a in offered} == {"0610"}
    s2 = post(s, "catholic", React(unit="montmorency", kind="retreat", path=("0710", "0610")))
    assert s2.leaders["montmorency"].hex == "0610" and s2.leaders["montmorency"].reacted
    assert s2.units["gendarmerie-1"].hex == "0810"  # his unit stays
    assert "montmorency" not in s2.window.react


def test_a_leaders_reaction_is_refused_with_the_rule_it_breaks():
    """§8.2 «он должен закончить движение дальше от вражеского отряда. Он не может оказываться рядом с
    вражеским отрядом» (end farther from the enemy unit, never next to an enemy unit); §5.2 «Он должен
    всегда заканчивать свое движение сгруппированным с отрядом» (always end stacked with a unit); R41."""
    s = reaction_field()
    bad = {
        "react/leader-turn": React(unit="montmorency", kind="turn", facing="N"),
        "react/leader-alone": React(unit="montmorency", kind="retreat", path=("0710",)),
        "react/retreat-adjacent": React(unit="montmorency", kind="retreat", path=("0910", "0810")),
        "react/retreat-farther": React(unit="montmorency", kind="retreat", path=("0811",)),
        "react/retreat-path": React(unit="montmorency", kind="retreat", path=("0610",)),
    }
    for code, action in bad.items():
        assert codes(s, "catholic", action) == [code], action


def test_a_leader_reacts_once_an_enemy_activation_and_only_to_what_spends_movement():
    """§8.2 «Каждый отряд может делать попытку реагирующего движения только один раз за вражескую
    активацию»; artillery fire spends no MP (R34)."""
    s = reaction_field()
    once = place(s, "montmorency", "0810", reacted=True)
    assert "montmorency" not in eligible(once, "conde-g1", "enter")[2]
    assert "montmorency" not in eligible(s, "conde-g1", "artfire")[2]
    far = place(s, "montmorency", "0610")
    assert "montmorency" not in eligible(far, "conde-g1", "enter")[2]  # three hexes away
    d = Draft(once, None, BOARD)
    sequence.begin_activation(d, "coligny")
    assert not d.s.leaders["montmorency"].reacted  # a new enemy activation


# -- every move a unit or a leader can afford (§8.1, legal_actions) ---------------------------

def _front_paths(s: PState, u, mp: int):
    """Brute force: every path of front hexes (facing kept) of at most `mp` hexes."""
    out = []

    def walk(here, path):
        if path:
            out.append(tuple(path))
        if len(path) == mp:
            return
        for h in hexgrid.front_hexes(here, u.facing, LAY):
            walk(h, path + [h])

    walk(u.hex, [])
    return out


def _check_moves_complete(s: PState, side: str, uid: str) -> list[Move]:
    """Every offered move is legal, and every hex a legal move can end in is offered."""
    u = s.units[uid]
    offered = unit_moves(s, side, u)
    for m in offered:
        assert refuse(s, side, m) == [], m
    legal_ends = {p[-1] for p in _front_paths(s, u, u.ma) if not refuse(s, side, Move(unit=uid, path=p))}
    assert {m.path[-1] for m in offered} == legal_ends
    assert len(offered) == len(legal_ends)  # one move per end hex
    return offered


def test_legal_actions_offer_moves_of_every_affordable_length():
    """§8.1 «Каждый отряд имеет норму движения на тур ... Отряд может двигаться только в одно из полей по
    своему фронту» (each unit has a movement allowance; it moves only into one of its front hexes)."""
    s = only(new_state(), "conde-g1", "conde-lansq", "picardie")
    s = place(s, "conde", "1210")
    s = place(s, "conde-g1", "1210", "N")
    s = place(s, "conde-lansq", "1311", "N")
    s = place(s, "picardie", "0210", "S")
    for order in ("attack", "march", "rally"):
        st = acting(s, "conde", order=order)
        moves = _check_moves_complete(st, "huguenot", "conde-g1")
        if order != "rally":
            assert max(len(m.path) for m in moves) >= 8  # ten MP of clear ground
        _check_moves_complete(st, "huguenot", "conde-lansq")
    offered = RS.legal_actions(acting(s, "conde", order="march"), "huguenot")
    assert any(isinstance(a, Move) and a.unit == "conde-g1" and len(a.path) >= 8 for a in offered)


def test_moves_follow_the_cheapest_path_through_terrain():
    """§8.1 «Чтобы войти в поле, отряд расходует цену местности в очках движения» (to enter a hex a unit
    spends its terrain cost): the path offered to each hex is a cheapest one."""
    s = only(new_state(), "conde-lansq", "picardie")
    s = place(s, "conde", "1210")
    s = place(s, "conde-lansq", "1210", "N")
    s = place(s, "picardie", "0210", "S")
    woods = {"1110", "1010"}  # 2 MP each for infantry (tables.toml [terrain])
    s = msgspec.structs.replace(s, terrain={h: "woods" for h in woods})
    st = acting(s, "conde", order="march")
    moves = {m.path[-1]: m.path for m in _check_moves_complete(st, "huguenot", "conde-lansq")}

    def cost(path):
        return sum(2 if h in woods else 1 for h in path)

    assert moves["1010"] == ("1109", "1010")  # 1 + 2, not 2 + 2 through the woods at 1110
    assert moves["1011"] == ("1110", "1011")  # the only way: through the woods
    u = st.units["conde-lansq"]
    for end, path in moves.items():
        best = min(cost(p) for p in _front_paths(st, u, u.ma) if p[-1] == end and cost(p) <= u.ma)
        assert cost(path) == best, (end, path)


def test_moves_respect_the_order_and_command_limits():
    """§6.2 «Атака!: все отряды должны заканчивать движение ближе ... к ближайшему вражескому отряду»;
    «Марш: ... не могут оказываться рядом с врагом»; §5.1.2 a unit out of command moves back toward
    its leader and never next to an enemy unit."""
    s = only(new_state(), "conde-g1", "picardie", "garde-1")
    s = place(s, "conde", "1510")
    s = place(s, "conde-g1", "1010", "N")
    s = place(s, "picardie", "0710", "S")
    s = place(s, "garde-1", "0712", "S")
    for order in ("attack", "march", "rally"):
        _check_moves_complete(acting(s, "conde", order=order), "huguenot", "conde-g1")
    out_of_command = place(s, "conde", "1810")
    _check_moves_complete(acting(out_of_command, "conde", order="rally"), "huguenot", "conde-g1")


def test_a_leader_is_offered_a_move_to_every_unit_of_his_wing_he_can_reach():
    """§5.2 «Он должен всегда заканчивать свое движение сгруппированным с отрядом»; §8.1 his movement."""
    s = acting(new_state(), "conde")
    ld = s.leaders["conde"]
    offered = leader_moves(s, "huguenot", ld)
    assert offered and all(refuse(s, "huguenot", m) == [] for m in offered)
    ends = {m.path[-1] for m in offered}
    wing_hexes = {u.hex for u in s.units.values() if u.wing == "conde" and u.hex != ld.hex}
    assert ends == {h for h in wing_hexes if hexgrid.distance(ld.hex, h, LAY) <= ld.ma}
    assert max(len(m.path) for m in offered) > 1


def test_in_random_games_every_offered_move_is_legal_and_every_short_move_is_offered(tmp_path):
    """The search and `movement.check_move` agree in the states real play reaches: moves under way,
    disordered units, units out of command, every order (§5.1.2, §6.2, §8.1, §9.1, §12.2)."""
    from adjudicator.engine import replay_event, start
    from adjudicator.games import open_game
    from adjudicator.simulate import simulate
    from adjudicator.store import Store

    db = tmp_path / "g.db"
    simulate(db, "paris", seed=5, scenario="dreux-1562", players=["huguenot", "catholic"], events=400)
    checked = 0
    with Store(db, readonly=True) as store:
        game = open_game(store)
        state = start(game)
        for seq, _, body in store.rows(1, None):
            state = replay_event(game, state, game.decode(bytes(body), f"seq {seq}"))
            s = state.rules
            if s.phase != "act" or s.adjutants_due or seq % 3:
                continue
            side = s.active_side
            for a in RS.legal_actions(s, side):
                if isinstance(a, Move):
                    assert refuse(s, side, a) == [], (seq, a)
            for u in s.units.values():
                if u.wing != s.active_wing:
                    continue
                offered = {m.path[-1] for m in unit_moves(s, side, u)}
                short = [p for p in _front_paths(s, u, 2) if not refuse(s, side, Move(unit=u.id, path=p))]
                assert {p[-1] for p in short} <= offered, (seq, u.id)
                checked += 1
    assert checked > 30


def test_whether_a_leader_can_react_is_whether_any_retreat_is_open_to_him():
    """R41: a leader may react only with a retreat open to him (§8.2 «он должен закончить движение
    дальше от вражеского отряда. Он не может оказываться рядом с вражеским отрядом»). The reaction
    check answers it with a home next to him before any search: on every state of the shipped games,
    for every leader and every enemy unit within 2 hexes, its answer is the full search's."""
    from adjudicator.rulesets.paris import reach
    from conftest import paris_states

    asked = {True: 0, False: 0}
    for s in paris_states(4):  # one state in four: enough positions, in a few seconds
        for ld in s.leaders.values():
            for u in s.units.values():
                if u.side != ld.side and hexgrid.distance(u.hex, ld.hex, s.layout) <= 2:
                    can = reach.leader_can_retreat(s, ld, u.hex)
                    assert can == bool(reach.leader_retreats(s, ld, u.hex)), (ld.id, u.id, s.turn)
                    asked[can] += 1
    assert asked[True] > 20 and asked[False] > 20
