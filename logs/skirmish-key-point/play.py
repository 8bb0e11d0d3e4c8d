"""How the shipped `skirmish` games were made: a scripted player writes each post and the referee
runs the real CLI on it.

This is a simple automatic player, not a person: it reads the public state, writes the next post as
a text file in turns/, and posts it with `adjudicator post`. It never sees the dice secret: a post
ends at the first line whose outcome needs dice (it learns whether a line rolls by applying it to a
copy of the public state with dice that refuse to roll), so it, like a player, waits for the result
before writing more. Its ambush markers are sealed with `adjudicator seal`, whose salt it keeps as a
player keeps hers. The referee reveals each turn's dice secret when the turn is over, then exports
the log, its final state and map.

    python3 logs/skirmish-key-point/play.py key-point logs/skirmish-key-point
    python3 logs/skirmish-key-point/play.py assault logs/skirmish-assault

How it plays: a group broken up by its losses, or whose Leader is down, is formed again first, under
the nearest Leader free to lead it, with the figures still in one chain. Then each activation takes
the unit nearest the enemy that has something worth doing:
recover, charge an enemy within reach (Zouaves, Zulus), shoot (aimed if the AP allow) at the enemy
its plan gives most dice against when it is at close or effective range or on the key point,
reload, or else move (and fire at long range after it): on the key point until there, then on the
enemy; the Zulus on the nearest redcoat; the British hold their walls. It keeps 3 AP for reaction
fire.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from events.core import Envelope
from events import skirmish as ev
from events.skirmish import Fight, FigurePath, Placement
from adjudicator import games
from adjudicator.notation import format_action
from adjudicator.rulesets import get
from adjudicator.rulesets.skirmish import actions, decide, geometry as geo, groups, movement, shooting, suppression
from adjudicator.rulesets.skirmish.phases import current
from adjudicator.rulesets.skirmish.state import OK, SUPPRESSED

RS = get("skirmish")
SIDES = {"key-point": ("french", "prussians"), "assault": ("british", "zulus")}
CHARGERS = {"french", "zulus"}  # the sides whose troops seek the melee
RESERVE_AP = 3

OPENING = {
    "french": ["seed le képi de Bugeaud", "standing fire all at chargers", "standing evade all never"],
    "prussians": ["seed Ordnung muss sein", "standing fire all within 25", "standing reroll prussians below 3",
                  "standing hits all auto", "standing evade all always"],
    "british": ["seed Rorke's Drift", "standing fire all within 20", "standing reroll british below 3",
                "form west-face under br-sgt with private-1 private-2 private-3 private-4 facing west",
                "form east-face under br-lt with private-5 private-6 private-7 private-8 facing east"],
    "zulus": ["seed uSuthu", "standing fire all within 30", "standing hits all auto", "standing evade all never",
              "standing reroll zulus below 3",
              "form chest under induna-1 with " + " ".join(f"warrior-{i}" for i in range(1, 26)),
              "form horns under induna-2 with " + " ".join(f"veteran-{i}" for i in range(1, 16))],
}
# the Zulu riflemen wait hidden in the boulders; the bush hides nobody
MARKERS = {"m1": ((102.0, 42.0), ["rifle-1", "rifle-2", "rifle-3"]), "m2": ((108.0, 48.0), ["rifle-4", "rifle-5", "rifle-6"]),
           "m3": ((9.0, 110.0), ["decoy"])}


class NoDice:
    def roll(self, purpose, expr, side=""):
        raise LookupError(purpose)


def cli(*args: str) -> str:
    """The real command, as the referee runs it; a refusal stops the script with what it said."""
    done = subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"adjudicator {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout


class Game:
    """The game on disk, and the turn texts posted to it, numbered in the order they were posted."""

    def __init__(self, scenario: str, out: Path):
        self.scenario, self.out, self.db, self.turns = scenario, out, out / "game.db", out / "turns"
        self.turns.mkdir(parents=True, exist_ok=True)
        self.posted = sum(1 for _ in self.turns.glob("*.txt"))
        self.unseal: dict[str, list[str]] = {}  # the Zulu player's own notes: how to open each marker

    def post(self, side: str, lines: list[str], comment: str) -> None:
        self.posted += 1
        turn = self.turns / f"{self.posted:03d}-{side}.txt"
        turn.write_text("\n".join([f"# {comment}", *lines]) + "\n", encoding="utf-8")
        cli("post", str(self.db), str(turn), "--as", side)


def public_state(g: Game):
    return games.state_at(g.db)[1].rules


def text(action) -> str:
    return format_action(action, RS.verbs)


def legal(s, side, action) -> bool:
    return not RS.check(s, side, action)


def dice_free(s, side, action):
    """Whether the line is legal, and the state after it when its outcome needs no dice (else None)."""
    if not legal(s, side, action):
        return False, None
    envelope = Envelope(game=s.game, seq=0, actor=side, turn=s.turn, phase=s.phase, epoch=s.turn, action=action,
                        prev="0" * 64)
    try:
        after, _ = RS.apply(s, envelope, NoDice())
    except LookupError:  # it rolls: the player waits for the dice
        after = None
    return True, after


# -- what a unit should do ---------------------------------------------------------------------

def units(s, side):
    """The side's groups that can act as one, then its figures outside them, nearest the enemy first."""
    out, covered = [], set()
    for g in s.groups.values():
        members = [s.figures[m] for m in g.members if s.figures[m].on_table]
        if g.side == side and s.figures[g.leader].status == OK and not groups.validate_group(s, g):
            out.append(g.id)
            covered |= {f.id for f in members}
    out += [f.id for f in s.figures.values() if f.side == side and f.on_table and f.id not in covered]
    fresh = [u for u in out if not any(f.id in s.acted for f in actions.acting_figures(s, u))]
    return sorted(fresh, key=lambda u: (enemy_gap(s, u), u))


def enemy_gap(s, unit) -> float:
    figs = [f for f in actions.acting_figures(s, unit)]
    foes = [e for e in s.figures.values() if e.on_table and figs and e.side != figs[0].side]
    return min((geo.gap(s.tables, f, e) for f in figs for e in foes), default=math.inf)


def best_shot(s, unit, moved=False):
    """The plan of the unit's shot with most dice (the nearer target on equal dice), or None."""
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    if not figs or not any(f.loaded and s.tables.weapon(f.weapon) for f in figs):
        return None
    plans = []
    for e in s.figures.values():
        if e.on_table and e.side != figs[0].side and min(geo.gap(s.tables, f, e) for f in figs) <= 130:
            p = shooting.plan(s, unit, e.id, moved=moved)
            if not isinstance(p, list):
                plans.append((-p.dice, p.need, min(geo.gap(s.tables, f, e) for f in figs), e.id, p))
    return min(plans)[4] if plans else None


def charge_target(s, unit):
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    if not figs or figs[0].side not in CHARGERS or (unit in s.groups and s.groups[unit].order == "loose"):
        return None
    reach = movement.allowance(s, figs, 0, group=unit in s.groups, charge=True)
    foes = sorted((e for e in s.figures.values() if e.on_table and e.side != figs[0].side),
                  key=lambda e: (min(geo.gap(s.tables, f, e) for f in figs), e.id))
    return next((e.id for e in foes[:3] if min(geo.gap(s.tables, f, e) for f in figs) <= reach - 0.3), None)


def declaration(s, side, unit):
    figs = [f for f in actions.acting_figures(s, unit) if f.on_table]
    if unit in s.figures and figs[0].status == SUPPRESSED:
        return ("recover",) * suppression.actions_needed(s, figs[0])
    if unit in s.groups and sum(f.status == SUPPRESSED for f in figs) * 2 >= len(figs):
        return ("recover",)
    if charge_target(s, unit):
        return ("charge",)
    shot = best_shot(s, unit)
    there = s.scenario.objective is None or near_objective(s, unit)
    if shot is not None and (shot.band in ("close", "effective") or there or side == "british"):
        return ("aim", "shoot")
    if any(f.status == OK and not f.loaded and s.tables.weapon(f.weapon) for f in figs):
        return ("reload",)
    if side == "british":
        return None  # the walls are held, not left
    return ("move", "shoot") if shot is not None else ("move", "move")


def near_objective(s, unit) -> bool:
    return any(geo.gap_to_point(s.tables, f, s.scenario.objective) <= 10 for f in actions.acting_figures(s, unit))


def goal(s, side, unit):
    figs = [f for f in actions.acting_figures(s, unit) if f.on_table]
    centre = (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))
    key = s.scenario.objective
    if key is not None and not near_objective(s, unit):
        return key
    foes = [e for e in s.figures.values() if e.on_table and e.side != side]
    return min(foes, key=lambda e: (geo.centre_distance(centre, e.pos), e.id)).pos if foes else centre


def shifted(figs, v):
    """Every figure by the same step (rounded to the mm, so that the figures keep their spacing)."""
    dx, dy = round(v[0], 1), round(v[1], 1)
    return tuple(FigurePath(figure=f.id, points=((round(f.x + dx, 2), round(f.y + dy, 2)),)) for f in figs)


def a_move(s, side, unit):
    """The longest legal step of the whole unit toward its goal, each figure by the same vector."""
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    if not figs:
        return ev.Skip(unit=unit)  # shot down or put to flight since it was activated
    group = s.groups.get(unit)
    reach = movement.allowance(s, figs, actions.moves_before(s), group=group is not None,
                               column=bool(group and group.formation == "column"))
    to = goal(s, side, unit)
    lead = min(figs, key=lambda f: (geo.centre_distance(f.pos, to), f.id))
    heading = geo.bearing(lead.pos, to)
    for share in (0.95, 0.75, 0.5, 0.3):
        d = min(reach * share, max(geo.centre_distance(lead.pos, to) - 3.0, 0.5))
        v = (d * math.cos(math.radians(heading)), d * math.sin(math.radians(heading)))
        move = ev.Move(unit=unit, paths=shifted(figs, v))
        if legal(s, side, move):
            return move
    return ev.Skip(unit=unit)


def a_charge(s, side, unit):
    """Straight at the target: every figure by the step that brings the nearest into contact; those
    whose step the rules refuse stay where they are."""
    target = s.activation.target or charge_target(s, unit)
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    if target is None or not figs:
        return ev.Skip(unit=unit)
    foe = s.figures[target]
    lead = min(figs, key=lambda f: (geo.gap(s.tables, f, foe), f.id))
    reach = movement.allowance(s, figs, actions.moves_before(s), group=unit in s.groups, charge=True)
    d = min(reach - 0.05, geo.gap(s.tables, lead, foe) - 0.1)
    heading = geo.bearing(lead.pos, foe.pos)
    v = (d * math.cos(math.radians(heading)), d * math.sin(math.radians(heading)))
    paths = [p for p in shifted(figs, v) if legal(s, side, ev.Charge(unit=unit, target=target, paths=(p,)))]
    lead_path = next((p for p in paths if p.figure == lead.id), None)
    if lead_path is None:
        return ev.Skip(unit=unit)
    while paths:
        charge = ev.Charge(unit=unit, target=target, paths=tuple(paths))
        if legal(s, side, charge):
            return charge
        paths.pop()  # the farthest from the lead go last: drop them until the rest may go together
    return ev.Charge(unit=unit, target=target, paths=(lead_path,))


def next_action(s, side):
    a = s.activation
    kind = a.declared[a.done]
    if kind == "move":
        return a_move(s, side, a.unit)
    if kind == "charge":
        return a_charge(s, side, a.unit)
    if kind == "shoot":
        shot = best_shot(s, a.unit, moved=actions.moves_declared(s) > 0)
        return ev.Shoot(unit=a.unit, target=shot.target) if shot else ev.Skip(unit=a.unit)
    simple = {"aim": ev.Aim, "reload": ev.Reload, "recover": ev.Recover}
    return simple[kind](unit=a.unit)


def regroup(s, side):
    """A group broken up by its losses, or whose Leader is down, is formed again (it costs nothing,
    ruling S6): under its Leader, or the nearest other Leader free to lead it, with the figures
    still in one chain with the one nearest him."""
    out = []
    for g in [g for g in s.groups.values() if g.side == side]:
        leader = s.figures[g.leader]
        if leader.status == OK and not groups.validate_group(s, g):
            continue
        rank = [s.figures[m] for m in g.members if m != g.leader and s.figures[m].on_table]
        if not rank:
            continue
        busy = {x.leader for x in s.groups.values() if x.id != g.id and not groups.validate_group(s, x)}
        leaders = [f for f in s.figures.values() if f.side == side and f.status == OK and f.id not in busy
                   and f.role in s.tables.roles.leaders and f.id not in s.acted]
        for lead in sorted(leaders, key=lambda f: (f.id != g.leader, min(geo.gap(s.tables, f, m) for m in rank), f.id)):
            first = min(rank, key=lambda m: (geo.gap(s.tables, lead, m), m.id))
            chain, todo = [first], [first]
            while todo:
                a = todo.pop()
                for b in rank:
                    if b not in chain and geo.gap(s.tables, a, b) <= s.tables.groups.spacing:
                        chain.append(b)
                        todo.append(b)
            if len(chain) < 2:
                continue
            joined = {f.id for f in chain}
            form = ev.FormGroup(group=g.id, leader=lead.id, members=tuple(m for m in g.members if m in joined),
                                formation=g.formation, facing=g.facing)
            if legal(s, side, form):
                out.append(form)
                break
    return out


def activation_post(s, side):
    """Lines up to (and including) the first one that rolls dice, or that leaves a decision to
    another moment of the game (a melee, hits, a charge answered)."""
    lines, cur = [], s
    if s.activation is None:
        for form in regroup(s, side):
            ok, nxt = dice_free(cur, side, form)
            if ok and nxt is not None:
                lines.append(form)
                cur = nxt
    while current(cur) == "activation" and cur.commands[cur.active].side == side:
        if cur.activation is not None:
            act = next_action(cur, side)
        else:
            act = None
            ap = cur.commands[cur.active].ap
            for unit in units(cur, side):
                kinds = declaration(cur, side, unit)
                while kinds and actions.cost(cur, unit, kinds) > max(ap - RESERVE_AP, 0):
                    kinds = kinds[1:] if kinds[0] == "aim" else kinds[:-1]
                if kinds and legal(cur, side, ev.Activate(unit=unit, actions=kinds)):
                    act = ev.Activate(unit=unit, actions=kinds)
                    break
            act = act or ev.EndActivations(command=cur.active)
        ok, nxt = dice_free(cur, side, act)
        if not ok:
            raise SystemExit(f"the scripted player wrote an illegal line: {text(act)}: {RS.check(cur, side, act)}")
        lines.append(act)
        if nxt is None or isinstance(act, ev.EndActivations):
            break
        cur = nxt
    return lines


# -- the other decisions ---------------------------------------------------------------------------

def melee_post(s, side):
    t = s.tables
    fights, used = [], set()
    perimeter = geo.ground(s).area(s.scenario.perimeter) if s.scenario.perimeter else None
    for f in [f for f in actions.acting_figures(s, s.moving) if f.status == OK]:
        foes = sorted((e for e in s.figures.values() if e.side != side and e.on_table and e.id not in used
                       and geo.in_contact(t, f, e)), key=lambda e: (geo.gap(t, f, e), e.id))
        if foes:
            used.add(foes[0].id)
            inside = perimeter is not None and geo.within(perimeter, foes[0].pos)
            fights.append(Fight(attackers=(f.id,), defenders=(foes[0].id,), occupy=inside))
    return [ev.Melee(fights=tuple(fights))]


def reroll_post(s, side):
    out = []
    for cid, c in s.commands.items():
        if c.side == side and c.roll and c.rerolls:
            low = min(c.roll)
            out.append(ev.Reroll(command=cid, faces=(low,) if low <= 2 else ()))
    return out


def hits_post(s, side):
    h = s.hits[0]
    members = [s.figures[m] for m in s.groups[h.group].members if s.figures[m].on_table]
    return [ev.Allocate(figures=tuple(decide.auto_hits(s, h, members)))]


def charged_post(s, side):
    c = s.charge
    return [ev.Evade(unit=c.target, evade=False)]


def ambush_post(g: Game, s, side):
    m = next(m for m in s.markers.values() if m.side == side and m.status in ("spotted", "opened"))
    if m.status == "spotted":
        return g.unseal[m.id], f"marker {m.id} is discovered: it opens"
    spots = []
    for i, fid in enumerate(m.figures):
        spot = (round(m.x + 3.0 * math.cos(math.radians(90 + 120 * i)), 1), round(m.y + 3.0 * math.sin(math.radians(90 + 120 * i)), 1))
        spots.append(Placement(figure=fid, at=spot, facing=180.0))
    return [text(ev.RevealAmbush(marker=m.id, placements=tuple(spots)))], f"the figures of {m.id} stand up"


def open_markers(g: Game, s, side):
    """The Zulu riflemen stand up once the impi is near the walls; the decoy is opened at the end."""
    if side != "zulus" or s.turn < 2:
        return None
    hidden = [m for m in s.markers.values() if m.side == side and m.status == "hidden" and m.id in g.unseal]
    ready = [m for m in hidden if m.id != "m3" or s.turn >= 4]
    if not ready:
        return None
    m = ready[0]
    return g.unseal[m.id], f"turn {s.turn}, zulus: marker {m.id} stands up"


# -- the game ----------------------------------------------------------------------------------------

def start(g: Game) -> None:
    a, b = SIDES[g.scenario]
    cli("new", str(g.db), "--ruleset", "skirmish", "--scenario", g.scenario, "--player", a, "--player", b,
        "--game", f"skirmish-{g.scenario}")
    for side in (a, b):
        g.post(side, OPENING[side], f"{side}: my client seed, standing orders and groups")
    if g.scenario == "assault":
        lines = []
        for marker, (at, figures) in MARKERS.items():
            src = g.out / f"{marker}.tmp"
            src.write_text("\n".join(figures) + "\n")
            said = [x for x in cli("seal", str(g.db), str(src), "--as", "zulus", "--label", marker).splitlines()
                    if x and not x.startswith("#")]
            src.unlink()
            g.unseal[marker] = said[1:]
            lines += [said[0], f"ambush {marker} at {at[0]:g},{at[1]:g}"]
        g.post("zulus", lines + ["end deployment"], "zulus: the riflemen hide in the boulders, and in the bush?")
        g.post("british", ["end deployment"], "british: we hold the station")


def play(g: Game) -> None:
    turn = public_state(g).turn
    while True:
        s = public_state(g)
        if s.turn != turn:
            cli("reveal", str(g.db))
            turn = s.turn
        waits = RS.awaiting(s)
        if not waits:
            break
        side = waits[0].side
        now = current(s)
        if now == "initiative":
            opened = open_markers(g, s, "zulus") if g.scenario == "assault" else None
            if opened:
                g.post("zulus", *opened)
                continue
            g.post(side, ["roll initiative"], f"turn {s.turn}: initiative")
        elif now == "ambush":
            g.post(side, *ambush_post(g, s, side))
        else:
            make = {"reroll": reroll_post, "melee": melee_post, "hits": hits_post, "charge": charged_post,
                    "activation": activation_post}[now]
            g.post(side, [text(a) for a in make(s, side)], f"turn {s.turn}, {side}: {now}")
    cli("reveal", str(g.db))
    cli("export", str(g.db), "-o", str(g.out / "game.jsonl"))
    (g.out / "final-state.json").write_text(cli("replay", str(g.out / "game.jsonl"), "--json"))
    cli("map", str(g.db), "-o", str(g.out / "final-map.svg"))


def main(scenario: str, out: str) -> None:
    g = Game(scenario, Path(out))
    if not g.db.exists():
        start(g)
    play(g)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
