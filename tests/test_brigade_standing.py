"""Standing orders (R33): a side leaves a decision of a step of the turn to the engine in advance, and
the report says that the engine took it. Each case quotes the rule of the step it decides."""

from __future__ import annotations

from events import brigade as ev
from adjudicator.rulesets.brigade import RULESET
from adjudicator.rulesets.brigade.notation import VERBS
from adjudicator.rulesets.brigade.phases import whose
from adjudicator.rulesets.brigade.play import standing_orders
from adjudicator.rulesets.brigade.state import dist, nearest_enemy
from test_brigade_helpers import apply, codes, edit, last_seq, said, turn_to, with_orders


class Steady:
    """Every die shows the same face."""

    def __init__(self, face: int = 3):
        self.face = face

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        return (self.face,) * int(expr.split("d")[0])


def standing(kind: str, mode: str) -> ev.Standing:
    return ev.Standing(kind=kind, mode=mode)


def test_a_standing_order_is_a_sides_one_of_its_kinds_and_modes():
    s = with_orders()
    assert codes(s, "british", standing("fire", "always")) == []
    assert codes(s, "british", standing("retreat", "auto")) == ["standing/kind"]
    assert codes(s, "british", standing("fire", "auto")) == ["standing/mode"]
    assert codes(s, "referee", standing("fire", "always")) == ["standing/not-a-side"]
    verb = next(v for v in VERBS if v.words == "standing")
    assert verb.parse("Fire Always", "british", ()) == standing("fire", "always")
    assert verb.format(standing("counter-charge", "never")) == "standing counter-charge never"
    assert RULESET.examples["standing"] == "standing fire always"  # `help brigade` shows it as its example
    # scripted play gives one of each kind, none of them `ask`
    assert {(a.kind, a.mode) for a in standing_orders(s, "british")} == {
        ("initiative-roll", "auto"), ("initiative", "take"), ("command", "pass"), ("compulsory", "auto"),
        ("counter-charge", "always"), ("fire", "always")}


def test_the_initiative_rolled_and_chosen_by_standing_orders():
    """§4.1: «В начале каждого хода, игроки бросают 2D6 ... Победитель решает, будет ли он обладать
    инициативой, или передаст ее оппоненту.» (each turn begins with the 2D6 roll; the winner chooses);
    either side rolls (R24), so one side's `initiative-roll auto` rolls it."""
    s = with_orders()
    s, lines = said(s, "british", standing("initiative", "give"))
    assert s.phase == "initiative" and s.initiative_winner == ""  # the roll still waits
    s, lines = said(s, "french", standing("initiative-roll", "auto"), Steady())
    assert lines[1] == "french's standing order: initiative-roll auto: the engine rolls the initiative (R24)"
    assert "British (Picton) 6 +1 (british CinC) +1 (gifted CinC) = 8 against French (Foy) 6 +1 (french CinC) = 7" \
        in lines[2]
    assert "british's standing order: initiative give: the engine chooses for british" in lines
    assert s.phasing == "french" and s.phase == "command" and whose(s) == "british"
    assert lines[-1].startswith("next: turn 1, command: order changes first, as non-phasing player")


def test_command_pass_closes_the_sides_command_step():
    """§4.2: «В каждом ходу может быть изменен приказ только для одной бригады. Фазовый игрок озвучивает
    изменение своих приказов только после того, как это сделал его противник.» (one order change a turn;
    the phasing player announces after his opponent): `command pass` announces none, at once."""
    s = turn_to(with_orders(), "command", phasing="french")
    assert whose(s) == "british"
    s, lines = said(s, "british", standing("command", "pass"))
    assert "british's standing order: command pass: the engine takes british's command step (seed 003 §4.2)" in lines
    assert s.phase == "command" and whose(s) == "french"
    assert s.sides["british"].order_change_used is False  # it changed nothing; it may still declare automatic options
    assert codes(s, "british", ev.ChangeOrder(brigade="pack", order="hold")) == ["change-order/not-yours"]


def test_compulsory_auto_moves_the_retreating_straight_away_from_the_enemy():
    """§4.3: «Если это первое обязательное передвижение подразделения, то первая часть расстояния
    передвижения должна быть направлена строго от вражеского подразделения» and «Бригады, провалившие
    бригадный тест на Мораль в прошлом ходу, в этот ход отступают на 18”» (the first compulsory move goes
    straight away from the enemy unit; broken brigades retreat 18"). R33: the engine makes them."""
    s = turn_to(with_orders(), "command", phasing="british")
    s = edit(s, "units", "b45", x=16.0, y=24.0, status="retreating")
    s = edit(s, "brigades", "pack", morale="broken")
    s = apply(s, "british", standing("compulsory", "auto"))
    while s.phase == "command":  # the French, then the British command steps
        s, lines = said(s, "referee", ev.Done())
    assert "british's standing order: compulsory auto: the engine takes british's compulsory step (seed 003 §4.3)" \
        in lines
    b45 = s.units["b45"]
    assert abs(dist(16.0, 24.0, b45.x, b45.y) - 12) < 0.3  # its full move (provisional rate 12")
    assert nearest_enemy(s, "british", b45.x, b45.y) > nearest_enemy(s, "british", 16.0, 24.0)
    for u in ("b42", "b79", "b91"):  # Pack's broken brigade: 18" back, unless the table's edge stops it
        moved = s.units[u]
        assert moved.moved == "compulsory" and moved.y < 12
        assert f"  move {u} to {moved.x:g},{moved.y:g}" in lines
    assert s.units["b74"].moved == ""  # a steady unit of a steady brigade does not move now
    # the French gave no such order: their compulsory step waits for them
    assert s.phase == "compulsory" and whose(s) == "french"


def test_compulsory_auto_stops_short_of_a_unit_in_the_way():
    """R30 with R33: the engine's retreat ends at the farthest point of its way not on another unit."""
    s = turn_to(with_orders(), "command", phasing="british")
    s = edit(s, "units", "b45", x=20.0, y=20.0, status="retreating")  # straight back lies b95 (20,16) and b74 (20,12)
    s = edit(s, "units", "b74", x=20.0, y=8.0)
    s = apply(s, "british", standing("compulsory", "auto"))
    while s.phase == "command":
        s = apply(s, "referee", ev.Done())
    b45 = s.units["b45"]
    assert b45.moved == "compulsory" and all(dist(b45.x, b45.y, u.x, u.y) >= 1.0 for u in s.units.values() if u.id != "b45")


def test_counter_charge_always_answers_the_phasing_players_charges():
    """§4.4: «Фазовый игрок вслух объявляет, какие подразделения его армии будут проводить атаку. Затем
    тоже самое делает Внефазовый игрок.» (the phasing player declares, then the non-phasing player); §5.10
    «кавалерия может контратаковать» (under Hold cavalry may counter-charge): under `counter-charge always`
    each unit charged counter-charges its charger where the checks allow, and nothing else is declared."""
    s = turn_to(with_orders(british=("kempt hold ventosa", "pack hold", "stopford hold hill",
                                      "anson support stopford left", "lemarchant hold wood", "alten move hill")),
                "charges", phasing="french")
    s = apply(s, "british", standing("counter-charge", "always"))
    assert whose(s) == "french"  # the French declare first: the order waits for the British step
    s = apply(s, "french", ev.Charge(unit="fc3", target="b3d"))
    s = apply(s, "french", ev.Charge(unit="f6l", target="b45"))
    s, lines = said(s, "french", ev.Done())
    assert "british's standing order: counter-charge always: the engine takes british's charges step (seed 003 §4.4)" \
        in lines
    assert "  charge b3d at fc3 counter" in lines
    assert not s.units["b45"].charged  # infantry under Hold does not charge (§5.10)
    assert not s.units["b4d"].charged  # no one charged it
    assert s.phase == "charge-results"


def test_counter_charge_never_declares_nothing():
    s = turn_to(with_orders(), "charges", phasing="french")
    s = apply(s, "british", standing("counter-charge", "never"))
    s = apply(s, "french", ev.Charge(unit="fc3", target="b3d"))
    s, lines = said(s, "french", ev.Done())
    assert "british's standing order: counter-charge never: the engine takes british's charges step (seed 003 §4.4)" \
        in lines
    assert not any(u.charged for u in s.units.values() if u.side == "british") and s.phase == "charge-results"


def test_fire_always_fires_every_unit_that_may_and_each_roll_gives_its_result_once():
    """§4.6: «Сначала стрельбу проводит Фазовый игрок, затем Внефазовый игрок.» (the phasing player fires
    first, then the non-phasing player); under `fire always` every unit that may fires at the nearest enemy
    unit, in the event that opened the step. R12: each roll gives its casualties once."""
    s = turn_to(with_orders(), "movement", phasing="british")
    s = apply(s, "british", standing("fire", "always"))
    s = apply(s, "referee", ev.Done())
    s, lines = said(s, "referee", ev.Done(), Steady())  # the French movement closes: British fire opens
    seq = last_seq()
    assert "british's standing order: fire always: the engine takes british's firing step (seed 003 §4.6)" in lines
    fired = [u for u in s.units.values() if u.fired]
    assert len(fired) > 1 and all(u.side == "british" for u in fired)
    assert not s.units["b3d"].fired  # cavalry does not fire (R11)
    assert s.phase == "fire-results" and {r.seq for r in s.open_rolls.values()} == {seq}
    target = s.open_rolls[str(seq)].unit
    shots = [r for r in s.open_rolls.values() if r.unit == target]
    for _ in shots:
        s = apply(s, "referee", ev.Casualties(unit=target, count=1, roll_seq=seq))
    assert codes(s, "referee", ev.Casualties(unit=target, count=1, roll_seq=seq)) == ["result/entered"]


def test_with_every_standing_order_a_turn_waits_only_for_charges_moves_and_results():
    """§4.1-§4.8 with R33: from the referee's last `done` of a turn, one event rolls and chooses the next
    turn's initiative, passes both command steps and makes the compulsory moves: the game then waits for
    the phasing player's charges."""
    s = with_orders()
    for side in ("british", "french"):
        for a in standing_orders(s, side):
            s = apply(s, side, a, Steady())
    assert s.turn == 1 and s.phase == "charges" and whose(s) == s.phasing
    while s.turn == 1:
        s = apply(s, "referee", ev.Done(), Steady())
    assert s.turn == 2 and s.phase == "charges" and RULESET.awaiting(s)[0].side == s.phasing
