"""How the shipped `paris` games were made: a scripted player writes each post and the referee
runs the real CLI on it.

This is a simple automatic player, not a person: it reads the public state (`adjudicator replay
--json`), writes the next post as a text file in turns/, and posts it with `adjudicator post`. It
never sees the dice secret: a post ends at the first line whose outcome needs dice (it learns
whether a line rolls by applying it to a copy of the public state with dice that refuse to roll),
so it, like a player, waits for the result before writing more. The referee reveals each turn's
dice secret when the turn is over, then exports the log.

    python3 logs/paris-dreux-1562/play.py dreux-1562 logs/paris-dreux-1562
    python3 logs/paris-dreux-1562/play.py ivry-1590 logs/paris-ivry-1590
    python3 logs/paris-dreux-1562/play.py dreux-1562 OUTDIR guise coligny-reiters   (optional rules)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from events.core import Envelope
from events.paris import (Activate, Advance, EndActivation, Fire, Melee, Move, NoAdvance, NoPreempt, Preempt, Rally, Reactivate,
                          Retreat, Turn)
from adjudicator import games
from adjudicator.notation import format_action
from adjudicator.rulesets import get
from adjudicator.rulesets.paris import hexgrid, sequence
from adjudicator.rulesets.paris.ground import nearest_enemy

RS = get("paris")
SIDES = {"dreux-1562": ("huguenot", "catholic"), "ivry-1590": ("royalist", "league")}
RESERVES = {"rochefoucault", "guise", "mbiron"}
STANDING = ("standing defensive-fire always", "standing intercept always", "standing react never",
            "standing reactive-melee never", "standing adjutant auto")


class NoDice:
    def roll(self, purpose, expr, side=""):
        raise LookupError(purpose)


def run(*args: str) -> str:
    r = subprocess.run(["adjudicator", *args], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"adjudicator {' '.join(args)} failed ({r.returncode}):\n{r.stdout}{r.stderr}")
    return r.stdout


class Game:
    def __init__(self, scenario: str, out: Path):
        self.scenario, self.out = scenario, out
        self.db = out / "game.db"
        (out / "turns").mkdir(parents=True, exist_ok=True)
        self.n = len(list((out / "turns").glob("*.txt")))  # a run that was stopped goes on where it was

    def state(self):
        return games.state_at(self.db)[1].rules

    def post(self, side: str, lines: list[str], comment: str) -> None:
        self.n += 1
        path = self.out / "turns" / f"{self.n:03d}-{side}.txt"
        path.write_text(f"# {comment}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        run("post", str(self.db), str(path), "--as", side)

    def reveal(self) -> None:
        run("reveal", str(self.db))


def dice_free(s, side, action):
    """(legal, state after it or None when its outcome needs dice)."""
    if RS.check(s, side, action):
        return False, None
    env = Envelope(game=s.game, seq=0, actor=side, turn=s.turn, phase=s.phase, epoch=s.turn, action=action, prev="0" * 64)
    try:
        return True, RS.apply(s, env, NoDice())[0]
    except LookupError:
        return True, None


def approach(s, u, side):
    """The longest run of front hexes that keeps closing on the nearest enemy and stays legal."""
    path, here = [], u.hex
    best = nearest_enemy(s, side, here)
    while True:
        options = []
        for h in hexgrid.front_hexes(here, u.facing, s.layout):
            d = nearest_enemy(s, side, h)
            if d < best or (d == best and path):
                options.append((d, h))
        moved = False
        for d, h in sorted(options):
            if not RS.check(s, side, Move(unit=u.id, path=tuple(path + [h]))):
                path.append(h)
                here, best, moved = h, d, True
                break
        if not moved or best <= 1:
            return path


def facing_toward(s, u, side):
    """A one-vertex turn that brings the nearest enemy more in front, if any."""
    target = min((e for e in s.units.values() if e.side != side), key=lambda e: hexgrid.distance(u.hex, e.hex, s.layout), default=None)
    if target is None:
        return None
    best = None
    for f in ((u.facing + 1) % 6, (u.facing + 5) % 6):
        d = min(hexgrid.distance(h, target.hex, s.layout) for h in hexgrid.front_hexes(u.hex, f, s.layout))
        cur = min(hexgrid.distance(h, target.hex, s.layout) for h in hexgrid.front_hexes(u.hex, u.facing, s.layout))
        if d < cur and (best is None or d < best[0]):
            best = (d, f)
    return hexgrid.VERTICES[best[1]] if best else None


def plan_activation(s, side):
    """Candidate actions for the active wing, in the order a player would write them."""
    wing = s.active_wing
    order = s.wings[wing].order
    acts = []
    units = sorted((u for u in s.units.values() if u.wing == wing and not u.acted),
                   key=lambda u: (nearest_enemy(s, side, u.hex), u.id))
    for u in units:
        if u.level and order != "attack":
            acts.append([Rally(unit=u.id)])
            continue
        line = []
        targets = [e for e in s.units.values() if e.side != side]
        if u.artillery:
            for t in sorted(targets, key=lambda e: hexgrid.distance(u.hex, e.hex, s.layout)):
                if not RS.check(s, side, Fire(unit=u.id, target=t.id)):
                    line.append(Fire(unit=u.id, target=t.id))
                    break
            acts.append(line)
            continue
        front = [t for t in targets if t.hex in hexgrid.front_hexes(u.hex, u.facing, s.layout)]
        if not front and order in ("attack", "march"):
            path = approach(s, u, side)
            if path:
                line.append(Move(unit=u.id, path=tuple(path)))
            elif nearest_enemy(s, side, u.hex) <= 3:
                f = facing_toward(s, u, side)
                if f:
                    line.append(Turn(unit=u.id, facing=f))
        for t in targets:
            fire = Fire(unit=u.id, target=t.id, extra=1 if not line else 0)
            if not RS.check(s, side, fire):
                line.append(fire)
                break
        acts.append(line)
    return acts


def activation_post(s, side):
    """Lines up to (and including) the first one that rolls dice."""
    lines, cur = [], s
    for group in plan_activation(s, side):
        for act in group:
            ok, nxt = dice_free(cur, side, act)
            if not ok:
                break
            lines.append(act)
            if nxt is None:
                return lines
            cur = nxt
    if lines:
        return lines
    # every unit has acted: declare melees, then end the activation
    decl = []
    taken = set()
    for u in sorted(cur.units.values(), key=lambda x: x.id):
        if u.wing != s.active_wing or u.id in taken:
            continue
        for h in hexgrid.front_hexes(u.hex, u.facing, cur.layout):
            t = next((e for e in cur.units.values() if e.hex == h and e.side != side and e.kind not in ("ART",)), None)
            if t is None:
                continue
            sup = tuple(o.id for o in cur.units.values() if o.wing == s.active_wing and o.id not in taken and o.id != u.id
                        and h in hexgrid.front_hexes(o.hex, o.facing, cur.layout) and o.level <= 1 and not o.artillery)
            m = Melee(lead=u.id, supports=sup, target=t.id)
            ok, nxt = dice_free(cur, side, m)
            if not ok:
                m = Melee(lead=u.id, target=t.id)
                ok, nxt = dice_free(cur, side, m)
            if ok and nxt is not None:
                decl.append(m)
                taken |= {u.id, *m.supports}
                cur = nxt
                break
    return decl + [EndActivation()]


def melee_answer(s, side):
    """The owner's choice after a melee result (§11.4): a retreat falls back to the hex farthest from
    the enemy (ties: the engine's own order, the first offered); an advance turns one vertex when
    that brings the nearest enemy closer to its front, and a defender advances only under Attack!."""
    offered = RS.legal_actions(s, side)
    if s.phase == "retreat":
        act = max((a for a in offered if isinstance(a, Retreat)), key=lambda a: nearest_enemy(s, side, a.path[-1]))
        return act, f"{act.unit} falls back to {act.path[-1]}"
    st = s.melee_step
    if NoAdvance() in offered and s.wings[s.units[st.unit].wing].order != "attack":
        return NoAdvance(), f"{st.unit} holds its ground"

    def closeness(a):
        f = hexgrid.parse_facing(a.facing)
        return min(nearest_enemy(s, side, h) for h in hexgrid.front_hexes(st.into, f, s.layout))

    act = min((a for a in offered if isinstance(a, Advance)), key=closeness)
    return act, f"{act.unit} advances into {st.into}"


def main(scenario: str, out: str, options: list[str]) -> None:
    g = Game(scenario, Path(out))
    a, b = SIDES[scenario]
    if not g.db.exists():
        start(g, scenario, a, b, options)
    play(g)


def start(g: Game, scenario: str, a: str, b: str, options: list[str]) -> None:
    opts = [x for o in options for x in ("--option", o)]
    run("new", str(g.db), "--ruleset", "paris", "--scenario", scenario, "--player", a, "--player", b, "--game", f"paris-{scenario}", *opts)
    seals = {}
    for side in (a, b):
        s = g.state()
        fixed = {o["wing"]: o["order"] for o in s.option_data.values() if "order" in o and "wing" in o}
        orders = [f"{w.id} {fixed.get(w.id) or ('march' if w.id in RESERVES else 'attack')}" for w in s.wings.values() if w.side == side]
        src = g.out / f"orders-{side}.tmp"
        src.write_text("\n".join(orders) + "\n")
        text = run("seal", str(g.db), str(src), "--as", side, "--label", f"turn1-{side}")
        src.unlink()
        lines = [x for x in text.splitlines() if x and not x.startswith("#")]
        seals[side] = lines[1:]
        g.post(side, [*STANDING, lines[0]], f"turn 1, {side}: standing orders, and my sealed turn-1 orders")
    for side in (a, b):
        g.post(side, seals[side], f"turn 1, {side}: my turn-1 orders, opened")


def play(g: Game) -> None:
    turn = g.state().turn
    while True:
        s = g.state()
        if s.turn != turn:
            g.reveal()
            turn = s.turn
        waits = RS.awaiting(s)
        if not waits:
            break
        side, what = waits[0].side, waits[0].decision
        if s.phase == "select":
            wings = sequence.allowed_wings(s, side)
            if wings:
                w = max(wings, key=lambda w: sum(1 for u in s.units.values() if u.wing == w.id))
                g.post(side, [format_action(Activate(wing=w.id), RS.verbs)], f"turn {s.turn}, {side}: {w.name} goes in")
            else:
                g.post(side, ["pass"], f"turn {s.turn}, {side}: nothing to activate")
        elif s.phase == "preempt":
            cands = [w for w in sequence.preempt_candidates(s, side) if w.order == "attack"]
            if cands and s.turn % 2 == 1:
                g.post(side, [format_action(Preempt(wing=cands[0].id), RS.verbs)], f"turn {s.turn}, {side}: I try to pre-empt {s.active_wing}")
            else:
                g.post(side, [format_action(NoPreempt(), RS.verbs)], f"turn {s.turn}, {side}: no pre-emption")
        elif s.phase == "act":
            acts = activation_post(s, side)
            g.post(side, [format_action(x, RS.verbs) for x in acts], f"turn {s.turn}, {side}: {s.wings[s.active_wing].name}")
        elif s.phase in ("retreat", "advance"):
            act, why = melee_answer(s, side)
            g.post(side, [format_action(act, RS.verbs)], f"turn {s.turn}, {side}: {why}")
        elif s.phase == "reactivate":
            w = s.wings[s.active_wing]
            act = Reactivate() if w.order == "attack" and w.activations == 1 else EndActivation()
            g.post(side, [format_action(act, RS.verbs)], f"turn {s.turn}, {side}: {w.name}, " + ("once more" if isinstance(act, Reactivate) else "done"))
        else:
            g.post(side, ["hold"], f"turn {s.turn}, {side}: {what}")
    g.reveal()
    run("export", str(g.db), "-o", str(g.out / "game.jsonl"))
    (g.out / "final-state.json").write_text(run("replay", str(g.out / "game.jsonl"), "--json"))
    run("map", str(g.db), "-o", str(g.out / "final-map.svg"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
