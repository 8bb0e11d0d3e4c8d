"""Fire (seed 000 §10): who may fire at what, and the roll "≥ strength → morale check with +(roll − strength)"."""

from __future__ import annotations

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import Unit
from adjudicator.rulesets.paris.morale import destroy, leader_risk, morale_check
from adjudicator.rulesets.paris.work import View, Work, los, terrain_row, terrain_with, units_at

ART_RANGE = 10  # §10.4
GRAZING = 3  # §10.5


def can_fire_at(s: View, u: Unit, target: Unit, defensive: bool) -> str:
    """'' when u may fire at target, else the reason (with its rule)."""
    lay = s.layout
    if u.artillery:
        if u.fired:
            return "artillery fires once a turn and this one is marked Tiré (seed 000 §10.3)"
        if not hexgrid.in_cone(u.hex, u.facing, target.hex, ART_RANGE, lay):
            return f"{target.id} is not in the artillery's cone of fire, 10 hexes from its front hexes (seed 000 §10.4)"
        grazing = hexgrid.distance(u.hex, target.hex, lay) <= GRAZING
        # grazing fire strikes every hex of the line, so units on it do not block it (ruling R25)
        terrain, clear = terrain_with(s, "blocks")
        mapped = s.terrain
        if not (hexgrid.has_los(u.hex, target.hex, lambda h: h in terrain or (clear and h not in mapped), lay) if grazing
                else los(s, u.hex, target.hex)):
            return f"{u.id} has no line of sight to {target.id} (seed 000 §10.2)"
        return ""
    if u.fire <= 0:
        return f"{u.id} ({u.kind}) has no fire factor (seed 000 §10.1)"
    if u.level >= 3:
        return f"{u.id} is broken: no fire (seed 000 §12.2)"
    if u.level == 2 and not defensive:
        return f"{u.id} is shaken: defensive fire only (seed 000 §12.2)"
    if target.hex not in hexgrid.fire_zone(u.hex, u.facing, lay):
        return f"{target.id} at {target.hex} is not in {u.id}'s fire zone (front and flank hexes, range 1) (seed 000 §10.4)"
    return ""


def strength(w: Work, u: Unit, target_hex: str) -> int:
    if not u.artillery:
        return u.fire
    d = w.dist(u.hex, target_hex)
    for lo, hi, value in w.table("fire").get("artillery_range", [[1, 10, 6]]):
        if lo <= d <= hi:
            return int(value)
    return 10


def _shoot_hex(w: Work, u: Unit, h: str, extra: int, label: str) -> None:
    """One fire roll at one hex: every unit in it checks separately (§9.2), leaders risk death (§5.2.1)."""
    st = strength(w, u, h)
    fire_t = w.table("fire")
    state_mod = int(fire_t.get("disorder", -1)) if u.level == 1 else int(fire_t.get("shaken", -2)) if u.level == 2 else 0
    terrain_mod = int(terrain_row(w, h).get("fire", 0))
    roll = w.d10(f"fire {u.id} at {h}", u.side)
    total = roll + extra + state_mod + terrain_mod
    mods = "".join(f"{m:+d}" for m in (extra, state_mod, terrain_mod) if m)
    hit = total >= st
    tag = w.used("fire") if u.artillery or w.s.tables.get("fire", {}).get("provisional") else ""
    w.say(f"{label} {u.id} → {h}: d10 {roll}{mods} = {total} vs strength {st}: "
          + (f"hit, morale checks at +{total - st}" if hit else "no effect") + f"{tag} (seed 000 §10.5)")
    w.mark("fire", u.hex, h)
    if not hit:
        return
    # §5.2.1, ruling R43: the leaders in the hex fired on roll after the morale checks (which count the
    # rating of a leader stacked with the unit, §12.1), even those a broken unit carried off meanwhile
    present = [ld.id for ld in w.leaders.values() if ld.hex == h]
    for t in sorted(units_at(w, h), key=lambda x: x.id):
        if t.artillery and t.id == u.id:
            continue
        if t.id in w.units:
            morale_check(w, t.id, total - st, f"under fire from {u.id}")
    leader_risk(w, present, f"fire on {h}")


def resolve(w: Work, uid: str, target_id: str, extra: int, side: str, label: str) -> list[str]:
    """Fire from uid at target; returns the ids of units that were fired upon."""
    u = w.units[uid]
    target = w.units[target_id]
    hexes = [target.hex]
    if u.artillery:
        w.set_unit(uid, fired=True)
        if w.dist(u.hex, target.hex) <= GRAZING:
            # grazing fire: every hex on the line, friend or foe, is attacked separately (§10.5)
            hexes = hexgrid.line_hexes(u.hex, target.hex, side or "left", w.s.layout)
            w.say(f"{uid} fires grazing shot along {'→'.join(hexes)} (seed 000 §10.5)")
    hit_units: list[str] = []
    for h in hexes:
        there = [x.id for x in units_at(w, h) if x.id != uid]
        hit_units += there
        if there or h == target.hex:
            _shoot_hex(w, w.units[uid] if uid in w.units else u, h, extra, label)
    return hit_units


__all__ = ["can_fire_at", "resolve", "strength", "destroy"]
