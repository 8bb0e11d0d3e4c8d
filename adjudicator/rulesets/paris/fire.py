"""Fire (seed 000 §10): who may fire at what, and the roll "≥ strength → morale check with +(roll − strength)"."""

from __future__ import annotations

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import View, los, now, terrain_row, units_at
from adjudicator.rulesets.paris.morale import leader_risk, morale_check
from adjudicator.rulesets.paris.state import PState, Unit, d10, table
from adjudicator.i18n import Joined, Msg, N_
from adjudicator.localize import Word

ART_RANGE = 10  # §10.4
GRAZING = 3  # §10.5


def can_fire_at(v: View, u: Unit, target: Unit, defensive: bool) -> tuple[str, str] | None:
    """None when u may fire at target, else the rule it would break and why."""
    s = now(v)
    lay = s.layout
    if u.artillery:
        if u.fired:
            return "seed 000 §10.3", f"{u.id} is marked Tiré: artillery fires once a turn, offensively or defensively"
        if not hexgrid.in_cone(u.hex, u.facing, target.hex, ART_RANGE, lay):
            return "seed 000 §10.4", f"{target.id} is not in {u.id}'s cone of fire, 10 hexes from its front hexes"
        grazing = hexgrid.distance(u.hex, target.hex, lay) <= GRAZING
        # grazing fire strikes every hex of the line, so units on it do not block it (ruling R25)
        if not (hexgrid.has_los(u.hex, target.hex, lambda h: bool(terrain_row(s, h).get("blocks")), lay) if grazing
                else los(v, u.hex, target.hex)):
            return "seed 000 §10.1, §10.2", f"{u.id} has no line of sight to {target.id}: artillery fires only at what it sees"
        return None
    if u.fire <= 0:
        return "seed 000 §10.1", f"{u.id} ({u.kind}) has no fire factor: only units with one fire"
    if u.level >= 3:
        return "seed 000 §12.2", f"{u.id} is broken: no fire"
    if u.level == 2 and not defensive:
        return "seed 000 §12.2", f"{u.id} is shaken: defensive fire only"
    if target.hex not in hexgrid.fire_zone(u.hex, u.facing, lay):
        return "seed 000 §10.4", f"{target.id} at {target.hex} is not in {u.id}'s fire zone (front and flank hexes, range 1)"
    return None


def strength(s: PState, u: Unit, target_hex: str) -> int:
    if not u.artillery:
        return u.fire
    d = hexgrid.distance(u.hex, target_hex, s.layout)
    for lo, hi, value in table(s, "fire").get("artillery_range", [[1, 10, 6]]):
        if lo <= d <= hi:
            return int(value)
    return 10


def _shoot_hex(d: Draft[PState], u: Unit, h: str, extra: int, label: str) -> None:
    """One fire roll at one hex: every unit in it checks separately (§9.2), leaders risk death (§5.2.1)."""
    s = d.s
    st = strength(s, u, h)
    fire_t = table(s, "fire")
    state_mod = int(fire_t.get("disorder", -1)) if u.level == 1 else int(fire_t.get("shaken", -2)) if u.level == 2 else 0
    terrain_mod = int(terrain_row(s, h).get("fire", 0))
    roll = d10(d, f"fire {u.id} at {h}", u.side)
    total = roll + extra + state_mod + terrain_mod
    mods = "".join(f"{m:+d}" for m in (extra, state_mod, terrain_mod) if m)
    hit = total >= st
    tag = d.used(s.tables, "fire") if u.artillery or fire_t.get("provisional") else ""
    result = Msg("hit, morale checks at +{margin}", margin=total - st) if hit else Msg("no effect")
    d.say("{label} {unit} → {hex}: d10 {roll}{mods} = {total} vs strength {strength}: {result}{tag} (seed 000 §10.5)",
          label=Msg(label), unit=u.id, hex=h, roll=roll, mods=mods, total=total, strength=st, result=result, tag=tag)
    d.mark("fire", u.hex, h)
    if not hit:
        return
    # §5.2.1, ruling R43: the leaders in the hex fired on roll after the morale checks (which count the
    # rating of a leader stacked with the unit, §12.1), even those a broken unit carried off meanwhile
    present = [ld.id for ld in s.leaders.values() if ld.hex == h]
    for t in sorted(units_at(d, h), key=lambda x: x.id):
        if t.artillery and t.id == u.id:
            continue
        if t.id in s.units:
            morale_check(d, t.id, total - st, Msg("under fire from {unit}", unit=u.id))
    leader_risk(d, present, Msg("fire on {hex}", hex=h))


def resolve(d: Draft[PState], uid: str, target_id: str, extra: int, side: str, label: str) -> list[str]:
    """Fire from uid at target; returns the ids of units that were fired upon."""
    s = d.s
    u = s.units[uid]
    target = s.units[target_id]
    hexes = [target.hex]
    if u.artillery:
        d.update(s.units, uid, fired=True)
        if hexgrid.distance(u.hex, target.hex, s.layout) <= GRAZING:
            # grazing fire: every hex on the line, friend or foe, is attacked separately (§10.5)
            hexes = hexgrid.line_hexes(u.hex, target.hex, side or "left", s.layout)
            d.say("{unit} fires grazing shot along {path} (seed 000 §10.5)", unit=uid, path="→".join(hexes))
    hit_units: list[str] = []
    for h in hexes:
        there = [x.id for x in units_at(d, h) if x.id != uid]
        hit_units += there
        if there or h == target.hex:
            _shoot_hex(d, s.units[uid] if uid in s.units else u, h, extra, label)
    return hit_units
