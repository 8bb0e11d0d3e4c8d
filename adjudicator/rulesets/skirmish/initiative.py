"""Initiative: 3d6 a command, the total is its Action Points; order of play; banked AP.

seed 001 §Initiative; §Appendix I: Large format; §Special rules: Officer, Senior Officer, *Agitators.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import Distribute, EndActivations, Reroll, RollInitiative

from . import geometry as geo
from .results import Msg, Outcome, Said, dice_text
from .codes import violation
from .state import OK, SUPPRESSED, Command, Figure, SkirmishState
from .units import is_leader


def dice_count(state: SkirmishState, command: Command) -> int:
    """3d6; a Stubborn Senior Officer's chosen company rolls one die more."""
    t = state.tables.initiative
    return t.dice + (t.stubborn_dice if stubborn(state, command) else 0)


def bank_cap(state: SkirmishState, command: Command) -> int:
    t = state.tables.initiative
    return t.stubborn_bank if stubborn(state, command) else t.bank


def senior_officers(state: SkirmishState, side: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.side == side and f.role == "senior-officer" and f.status == OK]


def in_reach_of_senior(state: SkirmishState, command: Command, senior: Figure) -> bool:
    """A company whose Leader is within 60 cm of the Senior Officer (§Senior Officer)."""
    radius = state.tables.initiative.senior_radius
    return any(f.command == command.id and is_leader(state, f) and f.role != "senior-officer" and f.on_table
               and geo.gap(state.tables, f, senior) <= radius for f in state.figures.values())


def stubborn(state: SkirmishState, command: Command) -> bool:
    return command.stubborn and any(s.has("stubborn") and in_reach_of_senior(state, command, s)
                                    for s in senior_officers(state, command.side))


def rerolls(state: SkirmishState, command: Command) -> int:
    """An unsuppressed Officer lets his company roll one initiative die again, two if Outstanding."""
    t = state.tables.initiative
    best = 0
    for f in state.figures.values():
        if f.command == command.id and f.role in ("officer", "chief") and f.status == OK:
            best = max(best, t.outstanding_rerolls if f.has("outstanding") else t.officer_rerolls)
    return best


def roll(state: SkirmishState, dice: Dice) -> Outcome:
    """Every command rolls for the turn (§Initiative)."""
    commands = dict(state.commands)
    lines: list[Said] = []
    for cid, command in state.commands.items():
        n = dice_count(state, command)
        faces = dice.roll(f"initiative {cid}", f"{n}d6", command.side)
        commands[cid] = msgspec.structs.replace(command, roll=faces, rerolls=rerolls(state, command), done=False)
        lines.append(Msg("initiative {command}: {n}d6 {faces} = {total}", command=cid, n=n, faces=dice_text(faces), total=sum(faces)))
    return Outcome(state=msgspec.structs.replace(state, commands=commands, phase="initiative"), lines=tuple(lines))


def validate_roll_initiative(state: SkirmishState, side: str, action: RollInitiative) -> list[Violation]:
    if state.phase != "initiative" or any(c.roll for c in state.commands.values()):
        return [violation("initiative/not-now", Msg('initiative is rolled once, at the start of a turn'))]
    return []


def resolve_roll_initiative(state: SkirmishState, side: str, action: RollInitiative, dice: Dice) -> Outcome:
    """Every command rolls; with no Officer's re-roll to decide, the order is settled at once."""
    out = roll(state, dice)
    return _settle_if_decided(out.state, out.lines, dice)


def validate_reroll(state: SkirmishState, side: str, action: Reroll) -> list[Violation]:
    """An Officer's re-roll: the faces of the dice to roll again; none keeps the roll."""
    c = state.commands.get(action.command)
    if c is None or c.side != side:
        return [violation("initiative/not-yours", Msg('{command} is not a command of {side}', command=action.command, side=side))]
    if state.phase != "initiative" or not c.roll:
        return [violation("initiative/no-roll", Msg('re-roll initiative dice only once they are rolled'))]
    if not c.rerolls or len(action.faces) > c.rerolls:
        return [violation("initiative/no-reroll",
                          Msg('{command} may roll {rerolls} initiative die again (an unsuppressed Officer: 1, Outstanding: 2)', command=action.command, rerolls=c.rerolls))]
    if positions_of(c.roll, action.faces) is None:
        return [violation("initiative/bad-die", Msg('{command} rolled {dice_text}: name faces it shows, each die once', command=action.command, dice_text=dice_text(c.roll)))]
    return []


def positions_of(rolled: Sequence[int], faces: Sequence[int]) -> list[int] | None:
    """Which dice of the roll show these faces, one die a face named; None if it has not them."""
    chosen: list[int] = []
    for face in faces:
        i = next((i for i, f in enumerate(rolled) if f == face and i not in chosen), None)
        if i is None:
            return None
        chosen.append(i)
    return chosen


def resolve_reroll(state: SkirmishState, side: str, action: Reroll, dice: Dice) -> Outcome:
    c = state.commands[action.command]
    positions = positions_of(c.roll, action.faces) or []
    lines: list[Said]
    if not positions:
        commands = {**state.commands, action.command: msgspec.structs.replace(c, rerolls=0)}
        state, lines = msgspec.structs.replace(state, commands=commands), [Msg("{command} keeps its roll", command=action.command)]
    else:
        out = apply_reroll(state, action.command, positions, dice)
        state, lines = out.state, list[Said](out.lines)
    return _settle_if_decided(state, tuple(lines), dice)


def _settle_if_decided(state: SkirmishState, lines: tuple[Said, ...], dice: Dice) -> Outcome:
    if any(c.rerolls for c in state.commands.values()):
        return Outcome(state=state, lines=lines)
    out = settle(state, dice)
    return Outcome(state=out.state, lines=lines + out.lines)


def apply_reroll(state: SkirmishState, command: str, positions: Sequence[int], dice: Dice) -> Outcome:
    """The Officer's dice rolled again; he has no more re-rolls this turn."""
    c = state.commands[command]
    faces = list(c.roll)
    new = dice.roll(f"initiative re-roll {command}", f"{len(positions)}d6", c.side)
    for p, face in zip(positions, new):
        faces[p] = face
    commands = {**state.commands, command: msgspec.structs.replace(c, roll=tuple(faces), rerolls=0)}
    # English says "die" whatever the count (the shipped reports); Russian counts them
    line = Msg("{command} rolls {count} initiative die again: {new} -> {faces} = {total}", command=command, count=len(positions),
               new=dice_text(new), faces=dice_text(tuple(faces)), total=sum(faces),
               plural="{command} rolls {count} initiative die again: {new} -> {faces} = {total}")
    return Outcome(state=msgspec.structs.replace(state, commands=commands), lines=(line,))


def order(state: SkirmishState, totals: dict[str, int]) -> tuple[list[str], list[list[str]]]:
    """Commands by total, high first; equal totals on different sides go to the side with the
    greater sum (§Large format), on one side in the order its companies are listed (ruling S2).
    Returns the order and the groups of commands still tied (to be rolled again)."""
    side_total: dict[str, int] = {}
    for cid, total in totals.items():
        side = state.commands[cid].side
        side_total[side] = side_total.get(side, 0) + total
    listed = list(state.commands)
    ranked = sorted(totals, key=lambda c: (-totals[c], -side_total[state.commands[c].side], listed.index(c)))
    ties: list[list[str]] = []
    for i, cid in enumerate(ranked):
        same = [o for o in ranked if totals[o] == totals[cid] and side_total[state.commands[o].side]
                == side_total[state.commands[cid].side] and state.commands[o].side != state.commands[cid].side]
        if same and not any(cid in t for t in ties):
            ties.append(sorted({cid, *same}, key=listed.index))
    return ranked, ties


def settle(state: SkirmishState, dice: Dice) -> Outcome:
    """Ties are rolled again (every die of the tied commands, no Officer's re-roll: ruling S2);
    each command's AP = its total + the AP it kept; Agitators and a Capable Senior Officer act."""
    commands = dict(state.commands)
    lines: list[Said] = []
    totals = {cid: sum(c.roll) for cid, c in commands.items()}
    for _ in range(1000):
        ranked, ties = order(msgspec.structs.replace(state, commands=commands), totals)
        if not ties:
            break
        for tied in ties:
            for cid in tied:
                c = commands[cid]
                faces = dice.roll(f"initiative tie {cid}", f"{len(c.roll)}d6", c.side)
                commands[cid] = msgspec.structs.replace(c, roll=faces)
                totals[cid] = sum(faces)
                lines.append(Msg("tie: {command} rolls again {faces} = {total}", command=cid, faces=dice_text(faces), total=totals[cid]))
    state = msgspec.structs.replace(state, commands=commands)
    figures = dict(state.figures)
    for cid, c in commands.items():
        won = all(totals[cid] > totals[o] for o, oc in commands.items() if oc.side != c.side)
        turn_av = None
        if max((c.roll.count(v) for v in c.roll), default=0) >= 3 and any(
                f.command == cid and f.has("agitator") and f.on_table for f in figures.values()):
            if won:
                turn_av = (1, 1, 1)
                lines.append(Msg("{command}: agitators and three alike with the initiative won: AV 1/1/1 this turn", command=cid))
            else:
                for f in [f for f in figures.values() if f.command == cid and f.status == OK]:
                    figures[f.id] = msgspec.structs.replace(f, status=SUPPRESSED, aimed=False)
                lines.append(Msg("{command}: agitators and three alike with the initiative lost: the company is suppressed", command=cid))
        ap = totals[cid] + c.ap
        commands[cid] = msgspec.structs.replace(c, ap=ap, done=False, turn_av=turn_av, rerolls=0)
        lines.append(Msg("{command}: {total} + {kept} kept = {ap} AP", command=cid, total=totals[cid], kept=c.ap, ap=ap))
    state = msgspec.structs.replace(state, figures=figures, commands=commands)
    for side in state.sides:
        for senior in senior_officers(state, side):
            if senior.has("capable"):
                faces = dice.roll(f"capable {senior.id}", state.tables.initiative.capable, side)
                cid = senior.command
                commands = {**state.commands, cid: msgspec.structs.replace(state.commands[cid], to_share=sum(faces))}
                state = msgspec.structs.replace(state, commands=commands)
                lines.append(Msg("{figure} (Capable): {faces} = {total} AP to share out", figure=senior.id, faces=dice_text(faces), total=sum(faces)))
    ranked, _ = order(state, totals)
    state = msgspec.structs.replace(state, phase="activation", order=tuple(ranked), active="")
    lines.append(Msg("order: {commands}", commands=", ".join(ranked)))
    return Outcome(state=begin(state, ranked[0]), lines=tuple(lines))


def begin(state: SkirmishState, command: str) -> SkirmishState:
    """A command starts its actions: its aims from before lapse (§Aiming), and every figure may try
    reaction fire once in this enemy phase (§Fire in the enemy's turn, ruling S10)."""
    aimed = [fid for fid, f in state.figures.items() if f.command == command and f.aimed]
    figures = {**state.figures, **{fid: msgspec.structs.replace(state.figures[fid], aimed=False) for fid in aimed}} \
        if aimed else state.figures
    return msgspec.structs.replace(state, active=command, figures=figures, activation=None, reacted=())


def validate_distribute(state: SkirmishState, side: str, action: Distribute) -> list[Violation]:
    shares = action.shares
    pool = sum(c.to_share for c in state.commands.values() if c.side == side)
    if pool == 0:
        return [violation("initiative/nothing-to-share", Msg('{side} has no Capable points to share', side=side))]
    if any(cid not in state.commands or state.commands[cid].side != side or n < 0 for cid, n in shares.items()):
        return [violation("initiative/share-not-yours", Msg('share Capable points among your own companies only'))]
    if sum(shares.values()) > pool:
        return [violation("initiative/too-many", Msg('{sum} shared, {pool} to share', sum=sum(shares.values()), pool=pool))]
    return []


def resolve_distribute(state: SkirmishState, side: str, action: Distribute, dice: Dice) -> Outcome:
    commands = {cid: (msgspec.structs.replace(c, to_share=0) if c.side == side else c) for cid, c in state.commands.items()}
    for cid, n in action.shares.items():
        commands[cid] = msgspec.structs.replace(commands[cid], ap=commands[cid].ap + n)
    return Outcome(state=msgspec.structs.replace(state, commands=commands),
                   lines=tuple(Msg("{command} +{n} AP (Capable)", command=cid, n=n) for cid, n in action.shares.items()))


def validate_end_activations(state: SkirmishState, side: str, action: EndActivations) -> list[Violation]:
    c = state.commands.get(action.command)
    if state.phase != "activation" or c is None or state.active != action.command:
        return [violation("turn/not-yours", Msg('{command} is not the command acting now ({active})', command=action.command, active=state.active))]
    if c.side != side:
        return [violation("turn/not-yours", Msg("{command} is not {side}'s", command=action.command, side=side))]
    if state.activation is not None:
        return [violation("activation/busy", Msg('{unit} has not finished its declared actions (or skip them)', unit=state.activation.unit))]
    if state.hits or state.charge is not None:
        return [violation("turn/waiting", Msg('a decision of the other side is awaited first'))]
    return []


def resolve_end_activations(state: SkirmishState, side: str, action: EndActivations, dice: Dice) -> Outcome:
    """The command passes; at the end of a turn the armies' Morale Points are counted (victory.py)."""
    from . import victory

    out = end_actions(state, action.command)
    if out.state.phase != "initiative":
        return out
    checked = victory.check(out.state)
    return Outcome(state=checked.state, lines=out.lines + checked.lines)


def end_actions(state: SkirmishState, command: str) -> Outcome:
    """The command passes: it keeps up to 6 AP (12 Stubborn) for reactions and next turn;
    the next command in the order acts, or the turn ends."""
    c = state.commands[command]
    kept = min(c.ap, bank_cap(state, c))
    commands = {**state.commands, command: msgspec.structs.replace(c, ap=kept, done=True)}
    state = msgspec.structs.replace(state, commands=commands, activation=None, moving="")
    lines: list[Said] = [Msg("{command} ends its actions, keeping {kept} AP ({lost} lost)", command=command, kept=kept, lost=c.ap - kept)
                         if c.ap > kept else Msg("{command} ends its actions, keeping {kept} AP", command=command, kept=kept)]
    left = [cid for cid in state.order if not state.commands[cid].done]
    if left:
        return Outcome(state=begin(state, left[0]), lines=tuple(lines))
    return Outcome(state=end_turn(state), lines=tuple(lines + [Msg("turn {turn} ends", turn=state.turn)]))


def end_turn(state: SkirmishState) -> SkirmishState:
    commands = {cid: msgspec.structs.replace(c, roll=(), rerolls=0, done=False) for cid, c in state.commands.items()}
    return msgspec.structs.replace(state, commands=commands, acted=(), ran=(), evaded=(), turn=state.turn + 1,
                                   phase="initiative", order=(), active="", activation=None, moving="", charging=False)
