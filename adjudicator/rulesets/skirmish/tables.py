"""Every number the rules read, typed: tables.toml decoded into Structs.

A referee's `--tables` file replaces sections whole (adjudicator.ruledata.merge_tables); decoding
the merged dict here refuses a section that lacks a value the rules need, naming it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from adjudicator.i18n import Msg

HERE = Path(__file__).parent

Pair = tuple[float, float]


class Section(msgspec.Struct, frozen=True, kw_only=True):
    source: str
    provisional: bool = False


class Bases(Section, frozen=True, kw_only=True):
    foot: float
    horse: float
    wagon: float
    gun: float
    marker: float
    contact: float


class Groups(Section, frozen=True, kw_only=True):
    spacing: float
    leader: float
    loose_spacing: float
    musician_factor: int


class Formations(Section, frozen=True, kw_only=True):
    column_files: int
    line_ranks: int


class Actions(Section, frozen=True, kw_only=True):
    per_activation: int
    building_enter_leave: int
    building_inside: int


class Movement(Section, frozen=True, kw_only=True):
    single: Pair
    group: Pair
    group_fast: Pair
    cavalry: Pair
    wagon: Pair
    wagon_road: Pair
    fast_mob: Pair
    difficult: float
    backward: float


class Initiative(Section, frozen=True, kw_only=True):
    dice: int
    bank: int
    stubborn_dice: int
    stubborn_bank: int
    capable: str
    officer_rerolls: int
    outstanding_rerolls: int
    senior_radius: float


class Shooting(Section, frozen=True, kw_only=True):
    dice: int
    close: tuple[float, int]
    effective: tuple[float, int]
    long: tuple[float, int]
    extreme: tuple[float, int]
    aimed: int
    moved: int
    per_extra_shooter: int
    chain: float
    forced_special: int


class Dice(Section, frozen=True, kw_only=True):
    dice: int


class Enabled(Section, frozen=True, kw_only=True):
    enabled: bool


class Saves(Section, frozen=True, kw_only=True):
    special: int
    sniper: int


class Reaction(Section, frozen=True, kw_only=True):
    die: str


class Damage(Section, frozen=True, kw_only=True):
    die: str
    suppressed_up_to: int
    soft: int
    hard: int
    aimed: int
    horse_up_to: int


class Recovery(Section, frozen=True, kw_only=True):
    actions: int
    near_actions: int
    radius: float


class Visibility(Section, frozen=True, kw_only=True):
    single_arc: float
    group_arc: float
    woods_edge: float
    woods_spot: float
    building_spot: float


class Ambush(Section, frozen=True, kw_only=True):
    per_hundred: int
    most: int
    spot: float
    scout_spot: float
    auto: float
    test: str


class Radius(Section, frozen=True, kw_only=True):
    radius: float


class Melee(Section, frozen=True, kw_only=True):
    dice: int
    pair_extra: int
    part: float
    cavalry: int
    cavalry_charge: int
    impulsive: int
    suppressed: int
    join: float
    lance_rerolls: int


class Morale(Section, frozen=True, kw_only=True):
    die: str
    flee: float
    flee_die: str
    standard_radius: float
    standard_share: float


class Format(msgspec.Struct, frozen=True, kw_only=True):
    points: int
    width: float
    height: float
    core: int = 0


class Formats(Section, frozen=True, kw_only=True):
    small: Format
    medium: Format
    large: Format

    def get(self, name: str) -> Format | None:
        return {"small": self.small, "medium": self.medium, "large": self.large}.get(name)


class Deployment(Section, frozen=True, kw_only=True):
    depth: float
    scouts: float
    per_step: int


class SpecialPoints(Section, frozen=True, kw_only=True):
    outstanding: int
    stubborn: int
    capable: int
    hero: int
    lance: int


class ExtraPoints(Section, frozen=True, kw_only=True):
    standard: int
    musician: int
    agitator: int


class Weapon(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    effective: float
    reload: int


class Profile(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    arm: str  # foot, horse or wagon
    av: tuple[int, int, int]
    c: int
    weapon: str = ""
    rules: tuple[str, ...] = ()
    role: str = ""
    points: int


class Hero(msgspec.Struct, frozen=True, kw_only=True):
    av: tuple[int, int, int]
    c: int


class Roles(Section, frozen=True, kw_only=True):
    leaders: tuple[str, ...]
    special: tuple[str, ...]
    officers: tuple[str, ...]
    standards: tuple[str, ...]
    musicians: tuple[str, ...]
    hero: Hero


class TerrainKind(msgspec.Struct, frozen=True, kw_only=True):
    difficult: bool = False
    impassable: bool = False
    obstacle: bool = False
    road: bool = False
    cover: str = ""  # "", "soft" or "hard"
    sight: str = ""  # "", "block", "woods" or "hill"


class Crew(msgspec.Struct, frozen=True, kw_only=True):
    av: tuple[int, int, int]
    points: int


class Artillery(Section, frozen=True, kw_only=True):
    crew: dict[str, Crew]
    crew_radius: float
    ammo_radius: float
    light_points: int
    crew_least: int
    crew_most: int
    turn_actions: int
    turn_degrees: float
    manhandle_die: str
    reload: int
    ball_points: int
    canister_points: int
    balls_per_canister: int
    effective: float
    canister_range: float
    ball_dice: int
    strip: str
    strip_width: float
    save: int
    save_hard: int
    crew_save: int
    gun_save: int
    ammo_save: int
    explosion: float
    canister_arc: float


class CrewProfile(Section, frozen=True, kw_only=True):
    c: int


class KeyPoint(Section, frozen=True, kw_only=True):
    small: int
    medium: int
    enemy: float
    enemy_15mm: float
    guard: float
    from_turn: int


class Assault(Section, frozen=True, kw_only=True):
    morale: int
    per_intruder: int
    guard: float
    scouts: float
    depth: float
    directions: int
    soft_clear: float
    hard_clear: float
    perimeter_share: float


class Tables(msgspec.Struct, frozen=True, kw_only=True):
    bases: Bases
    groups: Groups
    formations: Formations
    actions: Actions
    movement: Movement
    initiative: Initiative
    shooting: Shooting
    running_target: Dice
    cover_fives: Enabled
    saves: Saves
    reaction: Reaction
    damage: Damage
    recovery: Recovery
    visibility: Visibility
    ambush: Ambush
    ambush_reveal: Radius
    melee: Melee
    morale: Morale
    formats: Formats
    deployment: Deployment
    special_points: SpecialPoints
    extra_points: ExtraPoints
    weapons: dict[str, Weapon | str | bool]
    profiles: dict[str, Profile | str | bool]
    roles: Roles
    terrain: dict[str, TerrainKind | str | bool]
    artillery: Artillery
    crew_profile: CrewProfile
    morale_points: dict[str, float | str | bool]
    key_point: KeyPoint
    assault: Assault

    def weapon(self, key: str) -> Weapon | None:
        w = self.weapons.get(key)
        return w if isinstance(w, Weapon) else None

    def profile(self, key: str) -> Profile | None:
        p = self.profiles.get(key)
        return p if isinstance(p, Profile) else None

    def kind(self, key: str) -> TerrainKind:
        k = self.terrain.get(key)
        return k if isinstance(k, TerrainKind) else TerrainKind()

    def mp(self, key: str) -> float:
        v = self.morale_points.get(key)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


def decode(data: dict[str, Any]) -> Tables:
    """The typed tables; ValueError names the section and value that is missing or wrong."""
    try:
        return msgspec.convert(data, Tables)
    except msgspec.ValidationError as e:
        raise ValueError(Msg("skirmish tables: {error}", error=str(e))) from None


def shipped() -> Tables:
    """The tables shipped beside the code."""
    import tomllib

    return decode(tomllib.loads((HERE / "tables.toml").read_text(encoding="utf-8")))
