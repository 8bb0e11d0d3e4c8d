"""The scripted players that wrote the turn texts of this game, and the referee's CLI runs.

Honest account: nobody typed these posts by hand. This script reads the game state after each post
(as a player reads the forum thread), writes the next post as a text file in turns/, and posts it with
the real command, `adjudicator post g.db turns/NNN-side.txt --as side`; after each turn the referee runs
`adjudicator reveal g.db`, and when the rules end the battle he posts `end game` with their result.
A player's post holds the moves of several units and ends with at most one
attack, because the dice of an attack can change what the next lines may do (a player on a forum would
wait for the result too). The players are simple: one side attacks, the other mostly holds and fires;
each gives a client seed first; Egypt answers each retreat-or-lose choice with `react` (guns retreat,
the rest hold and lose 1 SP), the other armies post a standing order instead.

    python3 play.py SCENARIO OUTDIR     e.g. python3 logs/portable-mahdist/play.py mahdist /tmp/game
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from adjudicator import games
from adjudicator.rulesets.portable import RULESET
from adjudicator.rulesets.portable import board
from adjudicator.rulesets.portable.board import exhausted, where
from adjudicator.rulesets.portable.combat import (
    bombard_violations, fire_range, fire_violations, melee_violations,
)
from adjudicator.rulesets.portable.grid import DIRECTIONS, FACING_NAMES, distance, in_arc
from adjudicator.rulesets.portable.movement import destinations
from events.core import Envelope
from events.portable import Face, Form, Move, Occupy

PLAYERS = {
    "mahdist": {"egypt": "hold", "mahdi": "attack"},
    "bohemia": {"prussia": "attack", "austria": "hold"},
}
SEEDS = {"egypt": "the Nile is low this year", "mahdi": "dust over the wadi",
         "prussia": "Moltke's pocket watch", "austria": "Benedek's coffee"}
STANDING = {"mahdi": "standing order lose", "prussia": "standing order retreat", "austria": "standing order lose"}


def enemies(state, side):
    return board.enemies(state, where(state), side)


def occupy_violations(state, side, uid):
    return RULESET.check(state, side, Occupy(unit=uid))


class _NoDice:
    def roll(self, purpose, expr, side=""):
        raise RuntimeError("a move rolls no dice")


def _attack(state, u, stance):
    """The best attack this unit can make now, as a post line, or None."""
    if exhausted(state, u.side) or u.arm == "commander":
        return None
    foes = sorted(enemies(state, u.side), key=lambda t: (distance(u.square, t.square), t.sp, t.id))
    for t in foes:
        if distance(u.square, t.square) == 1 and not melee_violations(state, u, t) \
                and (stance == "attack" or fire_range(state, u) <= 0 or u.arm == "cavalry"):
            return f"melee {u.id} at {t.id}"
    for t in foes:
        if 0 < distance(u.square, t.square) <= fire_range(state, u) and not fire_violations(state, u, t):
            return f"fire {u.id} at {t.id}"
    return None


def _best_move(state, u, stance):
    foes = enemies(state, u.side)
    if not foes or u.arm in ("artillery", "transport"):
        return None
    if u.arm == "commander":
        # stay with the friendly unit nearest the enemy
        friends = [f for f in state.units.values() if f.side == u.side and f.arm in ("infantry", "cavalry")]
        if not friends:
            return None
        goal = min(friends, key=lambda f: (min(distance(f.square, e.square) for e in foes), f.id))
        if goal.square == u.square:
            return None
        paths = [p for p in destinations(state, u) if p[-1] == goal.square]
        return min(paths, key=len) if paths else None
    if stance == "hold" and u.arm != "cavalry":
        return None
    if _attack(state, u, stance):
        return None
    best, score = None, min(distance(u.square, e.square) for e in foes)
    for p in destinations(state, u):
        d = min(distance(p[-1], e.square) for e in foes)
        if d < score or (d == score and best is not None and len(p) < len(best)):
            best, score = p, d
    if stance == "hold" and score > 1:
        return None  # holding cavalry moves only to charge
    return best


def _face(state, u):
    """Turn a gun that has no target in its arc towards the nearest enemy."""
    foes = enemies(state, u.side)
    if not foes or any(in_arc(u.square, u.facing, e.square) for e in foes):
        return None
    e = min(foes, key=lambda e: (distance(u.square, e.square), e.id))
    for f in DIRECTIONS:
        if f != u.facing and in_arc(u.square, f, e.square):
            return f"face {u.id} {FACING_NAMES[f]}"
    return None


def compose(state, side, stance):
    """The next post of `side`: react, artillery, or some activations ending with one attack."""
    mine = [d for d in state.pending if d.side == side]
    if mine:
        lines = []
        for d in mine:
            u = state.units[d.unit]
            lines.append(f"react {d.unit} {'retreat' if u.arm == 'artillery' else 'lose'}")
        return ["# the hit leaves us the choice"] + lines
    if state.phase == "artillery":
        lines = []
        for g in sorted(state.units.values(), key=lambda g: g.id):
            if g.side != side or g.arm != "artillery" or g.id in state.bombarded:
                continue
            targets = sorted((t for t in enemies(state, side) if not bombard_violations(state, g, t)),
                             key=lambda t: (t.id != state.last_targets.get(g.id), distance(g.square, t.square), t.id))
            if targets:
                lines.append(f"bombard {g.id} at {targets[0].id}")
        return lines + ["end artillery"]
    lines = []
    if state.vacated and state.current in state.units and state.units[state.current].side == side \
            and not occupy_violations(state, side, state.current):
        lines.append(f"occupy {state.current}")
        state = _after(state, side, Occupy(unit=state.current))
    order = sorted((u for u in state.units.values() if u.side == side and u.id not in state.activated),
                   key=lambda u: (u.arm == "commander", min([distance(u.square, e.square) for e in enemies(state, side)] or [0]), u.id))
    for u in order:
        if u.id not in state.units or u.id in state.activated:
            continue
        u = state.units[u.id]
        if u.arm == "artillery":
            face = _face(state, u)
            if face:
                lines.append(face)
                state = _after(state, side, Face(unit=u.id, facing=face.split()[-1][0]))
            elif stance == "attack" and not any(not bombard_violations(state, u, t) for t in enemies(state, side)):
                tow = _tow(state, u)
                if tow:
                    lines.append(f"move {u.id} {' '.join(tow[1])} with {tow[0]}")
                    state = _after(state, side, Move(unit=u.id, path=tow[1], tow=tow[0]))
            continue
        formation = _formation(state, u, stance)
        if formation:
            lines.append(f"form {u.id} {formation}")
            state = _after(state, side, Form(unit=u.id, formation=formation))
            continue
        path = _best_move(state, u, stance)
        if path:
            move = Move(unit=u.id, path=path)
            lines.append(f"move {u.id} {' '.join(path)}")
            state = _after(state, side, move)
            u = state.units[u.id]
        attack = _attack(state, u, stance)
        if attack:
            lines.append(attack)
            return lines
    return lines + ["end activation"]


def _after(state, side, action):
    env = Envelope(game="x", seq=0, actor=side, turn=0, phase="", epoch=0, action=action, prev="")
    return RULESET.apply(state, env, _NoDice())[0]


def _tow(state, gun):
    """A Transport next to the gun tows it towards the enemy."""
    foes = enemies(state, gun.side)
    for t in sorted(state.units.values(), key=lambda t: t.id):
        if t.side == gun.side and t.arm == "transport" and t.id not in state.activated and distance(t.square, gun.square) == 1:
            paths = destinations(state, gun, t)
            if paths and foes:
                best = min(paths, key=lambda p: (min(distance(p[-1], e.square) for e in foes), len(p)))
                if min(distance(best[-1], e.square) for e in foes) < min(distance(gun.square, e.square) for e in foes):
                    return t.id, best
    return None


def _formation(state, u, stance):
    """Holding infantry forms square when enemy cavalry is close, and line again when it has gone."""
    if u.arm != "infantry" or stance != "hold" or exhausted(state, u.side):
        return None
    cavalry = [e for e in enemies(state, u.side) if e.arm == "cavalry"]
    near = min((distance(u.square, e.square) for e in cavalry), default=99)
    if u.formation == "line" and near <= 2 and not _attack(state, u, stance):
        return "square"
    if u.formation == "square" and near > 4:
        return "line"
    return None


def run(*args):
    r = subprocess.run(["adjudicator", *map(str, args)], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"adjudicator {' '.join(map(str, args))} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def main(scenario: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "turns").mkdir(exist_ok=True)
    db = out / "g.db"
    stances = PLAYERS[scenario]
    sides = list(stances)
    run("new", db, "--ruleset", "portable", "--scenario", scenario, "--player", sides[0], "--player", sides[1])
    n = 0
    for side in sides:  # client seeds must come before the first roll
        n += 1
        f = out / "turns" / f"{n:03d}-{side}.txt"
        _, st = games.state_at(db)
        extra = [STANDING[side]] if side in STANDING else []
        f.write_text("\n".join([f"after {st.core.seq} {st.core.head[:8]}", f"# {side} joins the game",
                                 f"seed {SEEDS[side]}"] + extra) + "\n", encoding="utf-8")
        run("post", db, f, "--as", side)
    while True:
        game, st = games.state_at(db)
        rules = st.rules
        if rules.phase == "over":
            break
        waiting = RULESET.awaiting(rules)
        side = waiting[0].side
        lines = compose(rules, side, stances[side])
        head = f"after {st.core.seq} {st.core.head[:8]}"
        intro = [f"# {scenario}, turn {rules.turn}, {rules.phase} phase: {side}"]
        n += 1
        f = out / "turns" / f"{n:03d}-{side}.txt"
        f.write_text("\n".join([head] + intro + lines) + "\n", encoding="utf-8")
        run("post", db, f, "--as", side)
        _, after = games.state_at(db)
        if after.rules.turn != rules.turn or after.rules.phase == "over":
            run("reveal", db)
    # the referee records the result the rules reached, so `status` and every reader see the game over
    n += 1
    _, st = games.state_at(db)
    f = out / "turns" / f"{n:03d}-referee.txt"
    f.write_text(f"after {st.core.seq} {st.core.head[:8]}\nend game {st.rules.result}\n", encoding="utf-8")
    run("post", db, f, "--as", "referee")
    run("reveal", db)
    run("export", db, "-o", out / "game.jsonl")
    (out / "final-state.json").write_text(run("replay", out / "game.jsonl", "--json"), encoding="utf-8")
    print(f"{n} posts; {after.rules.result}")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
