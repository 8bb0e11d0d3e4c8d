"""Melee (seed 000 §11): declarations, modifiers (§11.3), the roll and its losses (§11.4), the charge
bonus (§11.5), and the order of resolution (§11.2). What follows a result (retreat, advance,
"Passage à travers", leader death) is aftermath.py's, since players decide parts of it."""

from __future__ import annotations

import re
from dataclasses import dataclass

import msgspec

from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import aftermath, hexgrid
from adjudicator.rulesets.paris.command import unit_in_command
from adjudicator.rulesets.paris.ground import View, now, terrain_row, units_at
from adjudicator.rulesets.paris.morale import destroy, effective_morale, lose_levels
from adjudicator.rulesets.paris.state import MeleeDecl, MeleeStep, PState, Unit, d10, table
from adjudicator.i18n import Joined, Msg, N_

_RESULT = re.compile(r"^(?:A(\d)(?:R(\d))?)?-?(?:D(\d)(?:R(\d))?(P)?)?$")


@dataclass(frozen=True)
class Result:
    attacker: int = 0
    attacker_retreat: int = 0
    defender: int = 0
    defender_retreat: int = 0
    passage: bool = False


def parse_result(code: str) -> Result:
    """§11.4: "A1-D2R2" = the attacker loses one level; the defender two and retreats two hexes."""
    m = _RESULT.match(code.strip().upper())
    if not m or not code.strip():
        raise ValueError(f"{code!r} is not a melee result (A1-D2R2 form)")
    a, ar, d, dr, p = m.groups()
    return Result(int(a or 0), int(ar or 0), int(d or 0), int(dr or 0), bool(p))


def defender_in(v: View, h: str, side: str, by_hex: dict[str, list[Unit]] | None = None) -> Unit | None:
    """The unit that fights for a hex: forlorn hopes and artillery share its fate (§9.2)."""
    units = by_hex.get(h, []) if by_hex is not None else units_at(v, h)
    here = sorted((u for u in units if u.hex == h and u.side != side), key=lambda u: (u.kind in ("E", "ART"), u.id))
    return here[0] if here else None


def attacker_problem(v: View, u: Unit, target: Unit, reactive: bool) -> tuple[str, str] | None:
    """None when u may lead or support a melee against target, else the rule it would break and why."""
    if u.kind == "E":
        return "seed 000 §11.5", f"{u.id} is a forlorn hope (E): it cannot start a melee"
    if u.artillery:
        return "seed 000 §9.2", f"{u.id}: artillery is ignored in melee and shares the fate of the unit it is stacked with"
    if u.level >= 2:
        return "ruling R16", f"{u.id} is {'shaken' if u.level == 2 else 'broken'}: only normal or disordered units melee"
    if target.hex not in hexgrid.front_hexes(u.hex, u.facing, now(v).layout):
        return "seed 000 §11.2", f"{target.id} at {target.hex} is not in {u.id}'s front hexes"
    d = defender_in(v, target.hex, u.side)
    if u.infantry and d is not None and d.cavalry:
        return "seed 000 §11.5", f"{u.id} is infantry: infantry never attacks cavalry in melee, only by fire"
    if u.kind == "A" and d is not None and d.infantry and d.kind != "E":
        return "seed 000 §11.5", f"{u.id} is arquebusiers: they never attack infantry in melee, only by fire"
    if not reactive and not unit_in_command(v, u.id):
        return "seed 000 §5.1", f"{u.id} is out of command: it cannot fight normally"
    return None


def check_declare(s: PState, actor: str, lead: str, supports: tuple[str, ...], target: str, reactive: bool) -> list[Violation]:
    ids = (lead,) + supports
    if len(set(ids)) != len(ids):
        return violation("melee/twice", "seed 000 §11.2", "a unit is named twice in one melee")
    t = s.units.get(target)
    if t is None:
        return violation("melee/unknown-target", "seed 000 §11.2", "no unit {target!r}", target=target)
    if t.side == actor:
        return violation("melee/friendly", "seed 000 §11.2", "{target} is your own unit", target=target)
    taken = {x for m in s.melees for x in (m.lead,) + m.supports}
    targeted = {s.units[m.target].hex for m in s.melees if m.target in s.units}
    if t.hex in targeted:
        return violation("melee/target-taken", "seed 000 §11.2",
                         "a melee is already declared against {hex}: add supports to it instead (ruling R17)", hex=t.hex)
    for uid in ids:
        u = s.units.get(uid)
        if u is None:
            return violation("melee/unknown-unit", "seed 000 §11.2", "no unit {uid!r}", uid=uid)
        if u.side != actor:
            return violation("melee/not-yours", "seed 000 §11.2", "{uid} is not {actor}'s", uid=uid, actor=actor)
        if uid in taken:
            return violation("melee/unit-taken", "seed 000 §11.2", "{uid} is already in a declared melee", uid=uid)
        if not reactive and u.wing != s.active_wing:
            return violation("melee/not-active", "seed 000 §11.2", "{uid} is not in the active wing {active_wing}",
                             uid=uid, active_wing=s.active_wing)
        if reactive and uid in targeted_hex_units(s):
            return violation("melee/reactive-attacked", "seed 000 "
                                                        "§11.2", "{uid} has a melee declared against it: no reactive "
                                                                 "melee", uid=uid)
        why = attacker_problem(s, u, t, reactive)
        if why:
            return violation("melee/illegal", *why)
    if reactive and s.units[target].side != s.active_side:
        return violation("melee/reactive-target", "seed 000 §11.2", "a reactive melee is against an active unit")
    # more than five may support; only five count towards the modifier (§11.3, applied in resolution)
    return []


def targeted_hex_units(s: PState) -> set[str]:
    hexes = {s.units[m.target].hex for m in s.melees if m.target in s.units and not m.reactive}
    return {u.id for u in s.units.values() if u.hex in hexes} if hexes else set()


def reactive_candidates(v: View) -> list[Unit]:
    """§11.2: inactive units with no melee declared against them and an active unit in their front hexes."""
    s = now(v)
    attacked = targeted_hex_units(s)
    engaged = {m.lead for m in s.melees}.union(*(m.supports for m in s.melees))
    lay = s.layout
    out = []
    active = s.active_side
    by_hex: dict[str, list[Unit]] = {}  # the active units: the only ones an inactive unit can fight
    inactive = []
    for x in s.units.values():
        if x.side == active:
            by_hex.setdefault(x.hex, []).append(x)
        else:
            inactive.append(x)
    for u in inactive:
        if u.id in attacked or u.id in engaged:
            continue
        for h in hexgrid.front_hexes(u.hex, u.facing, lay):
            if h not in by_hex:
                continue
            t = defender_in(v, h, u.side, by_hex)
            if t is not None and not attacker_problem(v, u, t, True):
                out.append(u)
                break
    out.sort(key=lambda x: x.id)
    return out


def modifiers(s: PState, lead: Unit, supports: list[Unit], defender: Unit) -> list[tuple[str, int, str]]:
    """§11.3, every modifier with its source: (name, value, table used or '')."""
    lay = s.layout
    inter = table(s, "interaction").get(lead.kind, {}).get(defender.kind, 0)
    mods = [(N_("morale difference"), effective_morale(s, lead) - effective_morale(s, defender), ""),
            (N_("unit interaction"), int(inter), "interaction")]
    mods.append((N_("supports"), min(len(supports), 5), ""))
    rear_flank = {u.hex for u in [lead] + supports
                  if hexgrid.aspect(defender.hex, defender.facing, u.hex, lay) in ("flank", "rear")}
    mods.append((N_("flank or rear hexes"), len(rear_flank), ""))
    att_leaders = [ld.rating for ld in s.leaders.values() if ld.side == lead.side and ld.hex in {u.hex for u in [lead] + supports}]
    def_leaders = [ld.rating for ld in s.leaders.values() if ld.side == defender.side and ld.hex == defender.hex]
    mods.append((N_("attacking leader"), max(att_leaders) if att_leaders else 0, ""))
    mods.append((N_("defending leader"), -max(def_leaders) if def_leaders else 0, ""))
    mods.append((N_("defender's terrain"), int(terrain_row(s, defender.hex).get("melee", 0)), "terrain"))
    bonus = 0
    if lead.charge:
        bonus = 2 if lead.kind in ("G", "C") else 1
    mods.append((N_("charge bonus"), bonus, ""))
    return mods


def crt(s: PState, total: int) -> str:
    t = table(s, "melee_results")
    results = t.get("results", ["A1"])
    i = max(0, min(total - int(t.get("lowest", 0)), len(results) - 1))
    return str(results[i])


def resolve(d: Draft[PState], m: MeleeDecl) -> MeleeStep | None:
    """§11.3-§11.4: the roll and the losses, at once; what follows (retreats, the advance, the
    leaders' fate) is returned as a MeleeStep for aftermath.run, since players decide parts of it."""
    s = d.s
    lead = s.units.get(m.lead)
    target = s.units.get(m.target)
    lay = s.layout
    label = Msg("reactive melee") if m.reactive else Msg("melee")
    if lead is None or target is None or lead.level >= 2 or target.hex not in hexgrid.front_hexes(lead.hex, lead.facing, lay):
        d.say("{label} {lead} → {target} does not take place: the lead unit no longer stands to fight it (seed 000 §11.2)",
              label=label, lead=m.lead, target=m.target)
        return None
    defender = defender_in(d, target.hex, lead.side)
    assert defender is not None  # the target itself stands there
    dhex = defender.hex
    supports = [s.units[x] for x in m.supports if x in s.units and s.units[x].level <= 1
                and dhex in hexgrid.front_hexes(s.units[x].hex, s.units[x].facing, lay)]
    d.mark("melee", lead.hex, dhex)
    involved = {lead.hex, dhex} | {u.hex for u in supports}
    leaders_in = tuple(sorted(ld.id for ld in s.leaders.values() if ld.hex in involved))
    step = MeleeStep(lead=lead.id, defender=defender.id, side=lead.side, lead_hex=lead.hex, defender_hex=dhex, leaders=leaders_in)
    if defender.kind == "E" and not any(x.kind not in ("E", "ART") for x in units_at(d, dhex)):
        d.say("{label}: {unit} (forlorn hope) attacked alone is destroyed (seed 000 §11.5)", label=label, unit=defender.id)
        destroy(d, defender.id, Msg("attacked alone by {unit}", unit=lead.id))
        return msgspec.structs.replace(step, roll_leaders=False)  # no roll was made: the leaders do not roll either
    mods = modifiers(s, lead, supports, defender)
    total_mod = sum(v for _, v, _ in mods)
    tags = "".join(d.used(s.tables, t) for _, v, t in mods if t and v)
    roll = d10(d, f"melee {lead.id} vs {defender.id}", lead.side)
    total = roll + total_mod
    code = crt(s, total)
    res = parse_result(code)
    shown = Joined(", ", [Msg("{name} {value}", name=Msg(n), value=f"{v:+d}") for n, v, _ in mods if v])
    with_supports = f" (+{', '.join(u.id for u in supports)})" if supports else ""
    d.say("{label} {lead}{supports} → {defender} at {hex}: {modifiers}; d10 {roll} {modifier} = {total} → {result}{tag}{tags} "
          "(seed 000 §11.3, §11.4)", label=label, lead=lead.id, supports=with_supports, defender=defender.id, hex=dhex,
          modifiers=shown, roll=roll, modifier=f"{total_mod:+d}", total=total, result=code, tag=d.used(s.tables, "melee_results"),
          tags=tags)
    if res.attacker:
        if lead.kind == "G":
            d.update(s.units, lead.id, lance_lost=True)
        lose_levels(d, lead.id, res.attacker, Msg("melee result {result}", result=code), away=dhex)
    if res.defender:
        if defender.kind == "G":
            d.update(s.units, defender.id, lance_lost=True)
        lose_levels(d, defender.id, res.defender, Msg("melee result {result}", result=code), away=lead.hex)
    if defender.id not in s.units and lead.side in s.players:
        _reiters(d, lead.id, lead.kind)
    # §11.5: "P" is a Passage à travers only for a charging gendarme or cuirassier; otherwise one hex back
    ride_through = res.passage and lead.charge and lead.kind in ("G", "C")
    return msgspec.structs.replace(step, attacker_retreat=res.attacker_retreat, ride_through=ride_through,
                                   defender_retreat=0 if ride_through else res.defender_retreat or (1 if res.passage else 0))


def _reiters(d: Draft[PState], uid: str, kind: str) -> None:
    """Dreux option "Coligny's reiters": a reiter unit that destroys an enemy unit leaves the
    field to plunder on 0-4; it does not count for normal victory."""
    s = d.s
    if "coligny-reiters" not in s.options or uid not in s.units:
        return
    u = s.units[uid]
    if kind != "R" or s.side_names.get(u.side) != "huguenot":
        return
    roll = d10(d, f"reiters {uid}: plunder check (Dreux option)", u.side)
    if roll <= 4:
        d.say("{unit} destroyed its enemy and rides off to plunder the camp: d10 {roll} ≤ 4 (Dreux option coligny-reiters)",
              unit=uid, roll=roll)
        destroy(d, uid, Msg("left to plunder (not counted for normal victory)"), counts=False)
    else:
        d.say("{unit} stays on the field: d10 {roll} > 4 (Dreux option coligny-reiters)", unit=uid, roll=roll)


def resolve_all(d: Draft[PState]) -> bool:
    """§11.2: reactive melees first, then the active player's in the order declared, each result
    applied before the next melee. False when a result waits for a player's retreat or advance
    (§11.4): the melees not yet fought stay in `melees`, and the next call goes on from there."""
    s = d.s
    pending = s.melee_step
    if pending is not None and not aftermath.run(d, pending):
        return False
    queue = sorted(s.melees, key=lambda m: not m.reactive)
    while queue:
        m = queue.pop(0)
        s.melees = tuple(queue)
        step = resolve(d, m)
        if step is not None and not aftermath.run(d, step):
            return False
    return True
