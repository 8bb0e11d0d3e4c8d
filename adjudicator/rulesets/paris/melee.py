"""Melee (seed 000 §11): declarations, modifiers (§11.3), results "A1-D2R2" (§11.4), retreat,
advance, charge bonus and "Passage à travers" (§11.5), leader death (§5.2.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.ruleset import Violation
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.command import unit_in_command
from adjudicator.rulesets.paris.model import MeleeDecl, Unit
from adjudicator.rulesets.paris.morale import can_stack, destroy, kill_leader, lose_levels, retreat, retreat_impossible
from adjudicator.rulesets.paris.work import View, Work, effective_morale, layout, terrain_row

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


def V(code: str, rule: str, msg: str) -> list[Violation]:
    return [Violation(code, f"seed 000 {rule}", msg)]


def defender_in(s: View, h: str, side: str, by_hex: dict[str, list[Unit]] | None = None) -> Unit | None:
    """The unit that fights for a hex: forlorn hopes and artillery share its fate (§9.2)."""
    units = by_hex.get(h, ()) if by_hex is not None else s.units.values()
    here = sorted((u for u in units if u.hex == h and u.side != side), key=lambda u: (u.kind in ("E", "ART"), u.id))
    return here[0] if here else None


def attacker_problem(s: View, u: Unit, target: Unit, reactive: bool) -> str:
    if u.kind == "E":
        return f"{u.id} is a forlorn hope (E): it cannot start a melee (seed 000 §11.5)"
    if u.artillery:
        return f"{u.id}: artillery does not melee (seed 000 §9.2)"
    if u.level >= 2:
        return f"{u.id} is {'shaken' if u.level == 2 else 'broken'}: only normal or disordered units melee (ruling R16)"
    if target.hex not in hexgrid.front_hexes(u.hex, u.facing, layout(s)):
        return f"{target.id} at {target.hex} is not in {u.id}'s front hexes (seed 000 §11.2)"
    d = defender_in(s, target.hex, u.side)
    if u.infantry and d is not None and d.cavalry:
        return f"{u.id} is infantry: infantry never attacks cavalry in melee, only by fire (seed 000 §11.5)"
    if u.kind == "A" and d is not None and d.infantry and d.kind != "E":
        return f"{u.id} is arquebusiers: they never attack infantry in melee, only by fire (seed 000 §11.5)"
    if not reactive and not unit_in_command(s, u.id):
        return f"{u.id} is out of command: it cannot fight normally (seed 000 §5.1)"
    return ""


def check_declare(s: View, actor: str, lead: str, supports: tuple[str, ...], target: str, reactive: bool) -> list[Violation]:
    code = "melee"
    ids = (lead,) + supports
    if len(set(ids)) != len(ids):
        return V(f"{code}/twice", "§11.2", "a unit is named twice in one melee")
    t = s.units.get(target)
    if t is None:
        return V(f"{code}/unknown-target", "§11.2", f"no unit {target!r}")
    if t.side == actor:
        return V(f"{code}/friendly", "§11.2", f"{target} is your own unit")
    taken = {x for m in s.melees for x in (m.lead,) + m.supports}
    targeted = {s.units[m.target].hex for m in s.melees if m.target in s.units}
    if t.hex in targeted:
        return V(f"{code}/target-taken", "§11.2", f"a melee is already declared against {t.hex}: add supports to it instead (ruling R17)")
    for uid in ids:
        u = s.units.get(uid)
        if u is None:
            return V(f"{code}/unknown-unit", "§11.2", f"no unit {uid!r}")
        if u.side != actor:
            return V(f"{code}/not-yours", "§11.2", f"{uid} is not {actor}'s")
        if uid in taken:
            return V(f"{code}/unit-taken", "§11.2", f"{uid} is already in a declared melee")
        if not reactive and u.wing != s.active_wing:
            return V(f"{code}/not-active", "§11.2", f"{uid} is not in the active wing {s.active_wing}")
        if reactive and uid in targeted_hex_units(s):
            return V(f"{code}/reactive-attacked", "§11.2", f"{uid} has a melee declared against it: no reactive melee")
        why = attacker_problem(s, u, t, reactive)
        if why:
            return V(f"{code}/illegal", "§11.5" if "never" in why else "§11.2", why)
    if reactive and s.units[target].side != s.active_side:
        return V(f"{code}/reactive-target", "§11.2", "a reactive melee is against an active unit")
    # more than five may support; only five count towards the modifier (§11.3, applied in resolution)
    return []


def targeted_hex_units(s: View) -> set[str]:
    hexes = {s.units[m.target].hex for m in s.melees if m.target in s.units and not m.reactive}
    return {u.id for u in s.units.values() if u.hex in hexes}


def reactive_candidates(s: View) -> list[Unit]:
    """§11.2: inactive units with no melee declared against them and an active unit in their front hexes."""
    attacked = targeted_hex_units(s)
    lay = layout(s)
    out = []
    active = s.active_side
    by_hex: dict[str, list[Unit]] = {}
    for x in s.units.values():
        by_hex.setdefault(x.hex, []).append(x)
    for u in sorted(s.units.values(), key=lambda x: x.id):
        if u.side == active or u.id in attacked or any(u.id in (m.lead,) + m.supports for m in s.melees):
            continue
        for h in hexgrid.front_hexes(u.hex, u.facing, lay):
            if h not in by_hex:
                continue
            t = defender_in(s, h, u.side, by_hex)
            if t is not None and t.side == active and not attacker_problem(s, u, t, True):
                out.append(u)
                break
    return out


def modifiers(s: View, lead: Unit, supports: list[Unit], d: Unit) -> list[tuple[str, int, str]]:
    """§11.3, every modifier with its source: (name, value, table used or '')."""
    lay = layout(s)
    inter = s.tables.get("interaction", {}).get(lead.kind, {}).get(d.kind, 0)
    mods = [("morale difference", effective_morale(s, lead) - effective_morale(s, d), ""),
            ("unit interaction", int(inter), "interaction")]
    mods.append(("supports", min(len(supports), 5), ""))
    rear_flank = {u.hex for u in [lead] + supports if hexgrid.aspect(d.hex, d.facing, u.hex, lay) in ("flank", "rear")}
    mods.append(("flank or rear hexes", len(rear_flank), ""))
    att_leaders = [ld.rating for ld in s.leaders.values() if ld.side == lead.side and ld.hex in {u.hex for u in [lead] + supports}]
    def_leaders = [ld.rating for ld in s.leaders.values() if ld.side == d.side and ld.hex == d.hex]
    mods.append(("attacking leader", max(att_leaders) if att_leaders else 0, ""))
    mods.append(("defending leader", -max(def_leaders) if def_leaders else 0, ""))
    mods.append(("defender's terrain", int(terrain_row(s, d.hex).get("melee", 0)), "terrain"))
    bonus = 0
    if lead.charge:
        bonus = 2 if lead.kind in ("G", "C") else 1
    mods.append(("charge bonus", bonus, ""))
    return mods


def crt(w: Work, total: int) -> str:
    t = w.table("melee_results")
    results = t.get("results", ["A1"])
    i = max(0, min(total - int(t.get("lowest", 0)), len(results) - 1))
    return results[i]


def _advance(w: Work, uid: str, into: str) -> None:
    u = w.units.get(uid)
    if u is None or not can_stack(w, u, into) or any(o.hex == into and o.side != u.side and not o.artillery for o in w.units.values()):
        return
    for e in [x for x in w.units.values() if x.hex == into and x.side != u.side and x.artillery]:
        destroy(w, e.id, f"{uid} advanced into its hex (seed 000 §9.1)")
    w.mark("move", u.hex, into)
    old = u.hex
    w.set_unit(uid, hex=into)
    for ld in list(w.leaders.values()):
        if ld.hex == old and ld.wing == u.wing and not any(o.hex == old and o.wing == u.wing and o.id != uid for o in w.units.values()):
            w.set_leader(ld.id, hex=into)
    w.say(f"{uid} advances {old}→{into} (seed 000 §11.4)")


def _fate_of_stack(w: Work, h: str, side: str, gone_or_left: bool) -> None:
    """§9.2: forlorn hopes and artillery share the fate of the unit they are stacked with."""
    if not gone_or_left:
        return
    for o in [x for x in w.units.values() if x.hex == h and x.side == side and x.kind in ("E", "ART")]:
        destroy(w, o.id, "shares the fate of the unit it was stacked with (seed 000 §9.2)")


def resolve(w: Work, m: MeleeDecl) -> None:
    lead = w.units.get(m.lead)
    target = w.units.get(m.target)
    lay = w.s.layout
    label = "reactive melee" if m.reactive else "melee"
    if lead is None or target is None or lead.level >= 2 or target.hex not in hexgrid.front_hexes(lead.hex, lead.facing, lay):
        w.say(f"{label} {m.lead} → {m.target} does not take place: the lead unit no longer stands to fight it (seed 000 §11.2)")
        return
    d = defender_in(w, target.hex, lead.side)
    dhex = d.hex
    supports = [w.units[x] for x in m.supports if x in w.units and w.units[x].level <= 1
                and dhex in hexgrid.front_hexes(w.units[x].hex, w.units[x].facing, lay)]
    w.mark("melee", lead.hex, dhex)
    involved = {lead.hex, dhex} | {u.hex for u in supports}
    leaders_in = [ld.id for ld in w.leaders.values() if ld.hex in involved]
    if d.kind == "E" and not any(x.hex == dhex and x.kind not in ("E", "ART") for x in w.units.values()):
        w.say(f"{label}: {d.id} (forlorn hope) attacked alone is destroyed (seed 000 §11.5)")
        destroy(w, d.id, f"attacked alone by {lead.id}")
        _fate_of_stack(w, dhex, d.side, True)
        _advance(w, lead.id, dhex)
        return
    mods = modifiers(w, lead, supports, d)
    total_mod = sum(v for _, v, _ in mods)
    tags = "".join(w.used(t) for _, v, t in mods if t and v)
    roll = w.d10(f"melee {lead.id} vs {d.id}", lead.side)
    total = roll + total_mod
    code = crt(w, total)
    res = parse_result(code)
    w.say(f"{label} {lead.id}" + (f" (+{', '.join(u.id for u in supports)})" if supports else "") + f" → {d.id} at {dhex}: "
          + ", ".join(f"{n} {v:+d}" for n, v, _ in mods if v) + f"; d10 {roll} {total_mod:+d} = {total} → {code}"
          + w.used("melee_results") + tags + " (seed 000 §11.3, §11.4)")
    lead_kind, lead_charge = lead.kind, lead.charge
    if res.attacker:
        if lead_kind == "G":
            w.set_unit(lead.id, lance_lost=True)
        lose_levels(w, lead.id, res.attacker, f"melee result {code}", away=dhex)
    if res.defender:
        if d.kind == "G":
            w.set_unit(d.id, lance_lost=True)
        lose_levels(w, d.id, res.defender, f"melee result {code}", away=lead.hex)
    destroyed_def = d.id not in w.units
    if destroyed_def and lead.side in w.s.players:
        _reiters(w, lead.id, lead_kind)
    if res.attacker_retreat and lead.id in w.units:
        retreat(w, lead.id, res.attacker_retreat, dhex)
    vacated = destroyed_def
    if not destroyed_def and (res.defender_retreat or res.passage):
        du = w.units[d.id]
        if res.passage and lead_charge and lead_kind in ("G", "C"):
            w.say(f"Passage à travers: {d.id} does not retreat; {lead.id} rides through (seed 000 §11.5)")
            beyond = hexgrid.neighbour(dhex, hexgrid.direction_of(w.units[lead.id].hex, dhex, lay) or 0, lay) if lead.id in w.units else ""
            lu = w.units.get(lead.id)
            if lu is not None and beyond and can_stack(w, lu, beyond) and not any(o.hex == beyond and o.side != lu.side for o in w.units.values()):
                w.mark("move", lu.hex, beyond)
                w.set_unit(lead.id, hex=beyond)
                w.say(f"{lead.id} passes through {dhex} to {beyond}")
            else:
                w.say(f"{lead.id} cannot pass through: the hex beyond is taken or closed; it stays (seed 000 §11.5)")
                if du.infantry:
                    retreat_impossible(w, d.id, "Passage à travers blocked")
        elif du.level < 3:
            n = res.defender_retreat or 1
            retreat(w, d.id, n, lead.hex)
        vacated = d.id not in w.units or w.units[d.id].hex != dhex
    _fate_of_stack(w, dhex, d.side, vacated)
    if vacated and lead.id in w.units and w.units[lead.id].hex != dhex and not res.passage:
        _advance(w, lead.id, dhex)
    elif vacated and lead.id in w.units and res.passage and not (lead_charge and lead_kind in ("G", "C")):
        _advance(w, lead.id, dhex)
    # §5.2.1: a leader stacked with a unit destroyed in melee is removed; every leader in the melee rolls
    for lid in leaders_in:
        ld = w.leaders.get(lid)
        if ld is None:
            continue
        if not any(u.hex == ld.hex and u.side == ld.side for u in w.units.values()):
            kill_leader(w, lid, "his unit was destroyed in melee")
            continue
        on = int(w.table("leader_death").get("killed_on", 9))
        r = w.d10(f"leader {lid} after melee", ld.side)
        if r == on:
            kill_leader(w, lid, f"rolled {r} after the melee")
        else:
            w.say(f"leader {ld.name} survives the melee: d10 {r} (dies on {on}) (seed 000 §5.2.1)")


def _reiters(w: Work, uid: str, kind: str) -> None:
    """Dreux option "Coligny's reiters": a reiter unit that destroys an enemy unit leaves the
    field to plunder on 0-4; it does not count for normal victory."""
    if "coligny-reiters" not in w.s.options or uid not in w.units:
        return
    u = w.units[uid]
    if kind != "R" or w.s.side_names.get(u.side) != "huguenot":
        return
    roll = w.d10(f"reiters {uid} plunder", u.side)
    if roll <= 4:
        w.say(f"{uid} destroyed its enemy and rides off to plunder the camp: d10 {roll} ≤ 4 (Dreux option coligny-reiters)")
        destroy(w, uid, "left to plunder (not counted for normal victory)", counts=False)
    else:
        w.say(f"{uid} stays on the field: d10 {roll} > 4 (Dreux option coligny-reiters)")


def resolve_all(w: Work) -> None:
    """§11.2: reactive melees first, then the active player's in the order declared."""
    melees = sorted(w.melees, key=lambda m: not m.reactive)
    for m in melees:
        resolve(w, m)
    w.set(melees=())
