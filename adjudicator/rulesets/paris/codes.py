"""Every violation code `paris` gives, and the rule of seed 000 (or the ruling) it enforces.

tests/test_paris_codes.py checks that every code the package emits is here and that every code
here is emitted: the literal codes of the checks, the codes `movement.acting_check` gives for each
of a unit's own actions (ACTING), and the phase table's gate (GATED: an action the phase does not
allow, or a side whose decision it is not; phases.py).
"""

from __future__ import annotations

ACTING = ("move", "turn", "rally", "fire")  # movement.acting_check's verbs: its codes are VERB/...

_ACTING = {
    "after-melee": "seed 000 §3.2 Г, §11.1: units act before the melees are declared, not after",
    "unknown-unit": "seed 000 §2.2: the unit named is on the map",
    "not-in-wing": "seed 000 §3.2 В: only the units of the active wing act",
    "rallied": "seed 000 §3.2 В: a unit that rallied in this activation does nothing else (moves or rallies)",
    "finished": "seed 000 §8.1: each unit completes its movement before another moves, once an activation",
}

# the phase table's gate: what each action is, for "VERB/not-now" and "VERB/not-yours"
GATED = {
    "activate": "activating a wing (§4.2)",
    "pass": "a pass (§3.2)",
    "preempt": "a pre-emption (§4.4; a pre-emption is never pre-empted)",
    "no-preempt": "declining to pre-empt (§4.4)",
    "change-order": "an order change (§6.3)",
    "move": "a move (§8.1)",
    "turn": "a turn (§7)",
    "rally": "a rally (§13.1)",
    "fire": "offensive fire (§10.3) or defensive fire in a reaction window (§10.3)",
    "melee": "a melee declaration (§11.2) or a reactive one",
    "end-moves": "the end of the unit actions (§3.2 Г)",
    "end-activation": "the end of an activation (§3.2 Е)",
    "reactivate": "a re-activation (§4.3)",
    "intercept": "an interception (§8.3)",
    "react": "reaction movement (§8.2)",
    "hold": "declining the rest of a reaction window or of the reactive melees",
    "retreat": "the path of a melee retreat, by its owner (§11.4, ruling R20)",
    "advance": "the advance after a melee, by its owner (§11.4, ruling R21)",
    "no-advance": "declining the defender's advance (§11.4, ruling R21)",
    "adjutant": "placing a fallen leader's adjutant, by his owner (§5.2.2, ruling R27)",
}

CODES: dict[str, str] = {
    # turn-1 orders (§3.1, ruling R47)
    "orders/bad": "seed 000 §3.1: one order for each of the side's wings, `WING attack|march|rally` (Guise's under the Dreux option, R38)",
    "orders/not-a-side": "seed 000 §3.1: only the two sides seal turn-1 orders",
    "orders/not-all-sealed": "seed 000 §3.1: turn-1 orders are opened together, once both sides have sealed theirs",
    "orders/sealed-twice": "seed 000 §3.1: a side seals its turn-1 orders once",
    "orders/unsealed-twice": "seed 000 §3.1: a side opens its turn-1 orders once",
    # the sequence (§4, §6.3)
    "activate/unknown-wing": "seed 000 §4.2: a side activates a wing of its own",
    "activate/unavailable": "seed 000 §4.2, §5.2.2: a wing activates once a turn, and not after its leader fell before it did "
                            "(R28) nor with no unit left (R37)",
    "activate/priority": "seed 000 §4.2: no wing activates before a wing with a higher-priority order (after a pass, ruling R11)",
    "preempt/unknown-wing": "seed 000 §4.4: a side pre-empts with a wing of its own",
    "preempt/sans-reactivation": "seed 000 §4.4: a wing marked Sans réactivation does not try to pre-empt",
    "preempt/ineligible": "seed 000 §4.4: only an Attack! or March wing not yet activated pre-empts (ruling R32)",
    "order/not-active": "seed 000 §6.3: only the wing just activated tries to change its order",
    "order/unknown": "seed 000 §6.2: the orders are attack, march and rally",
    "order/same": "seed 000 §6.3: an order change asks for another order",
    "order/tried": "seed 000 §6.3: one order change attempt an activation",
    "order/too-late": "seed 000 §3.2 Б: the order change comes before any unit acts",
    "reactivate/order": "seed 000 §4.3: only Attack! and March wings re-activate",
    "reactivate/sans-reactivation": "seed 000 §4.4: a wing marked Sans réactivation does not re-activate",
    # movement and facing (§5.1.2, §6.2, §7, §8.1, §9.1, §12.2)
    "move/artillery": "seed 000 §8.1: artillery never moves",
    "move/state": "seed 000 §12.2: a shaken unit has no movement, a broken one only routs",
    "move/empty": "seed 000 §8.1: a move names the hexes entered, one after the other",
    "move/bad-hex": "ruling R2: a hex is four digits RRCC",
    "move/off-map": "seed 000 §8.1: a move stays on the map",
    "move/not-front": "seed 000 §8.1: a unit enters only its front hexes",
    "move/out-of-mp": "seed 000 §8.1: a move costs at most the movement points left (terrain costs)",
    "move/stacking": "seed 000 §9.1: one infantry or cavalry unit a hex, no passing through; never into an enemy unit",
    "move/leader-not-active": "seed 000 §5.2: a leader moves when his wing is active",
    "move/leader-rallied": "seed 000 §6.4: a leader who helped a rally does not move in that activation",
    "move/leader-path": "seed 000 §8.1: a leader enters passable hexes on the map, one next to the other",
    "move/leader-alone": "seed 000 §5.2: a leader ends his move stacked with a unit of his wing",
    "order/march-adjacent": "seed 000 §6.2: a unit under March never moves next to the enemy (ruling R30)",
    "order/attack-engaged": "seed 000 §6.2: a unit under Attack! that began next to the enemy turns or fires, but does not "
                            "move away (ruling R13)",
    "order/attack-closer": "seed 000 §6.2: a unit under Attack! ends its move closer to the nearest enemy (ruling R13)",
    "order/rally-closer": "seed 000 §6.2: a unit under Rally does not end closer to the enemy",
    "command/adjacent-enemy": "seed 000 §5.1.2: a unit out of command never moves next to an enemy unit (ruling R15)",
    "command/must-return": "seed 000 §5.1.2: a unit out of command moves back toward its leader (ruling R15)",
    "turn/bad-facing": "seed 000 §7: a unit faces a vertex, N, NE, SE, S, SW or NW",
    "turn/artillery-fired": "seed 000 §7: artillery turns instead of firing, not after it has fired (Tiré)",
    "turn/state": "seed 000 §12.2: a shaken or broken unit does not turn",
    "turn/same": "seed 000 §7: a turn faces another vertex",
    "turn/out-of-mp": "seed 000 §7: a turn costs 1 MP a vertex for cavalry, 2 for infantry; an about-face 2 or 4",
    # rally (§13)
    "rally/moved": "seed 000 §3.2 В: a unit moves or rallies in an activation, not both",
    "rally/artillery": "seed 000 §13.1: artillery has no morale state to rally",
    "rally/normal": "seed 000 §13: a unit in normal order has nothing to rally",
    "rally/gendarme": "seed 000 §11.5: a gendarme that lost a level in melee never rallies back from disorder",
    "order/attack-rally": "seed 000 §6.2: no unit of a wing under Attack! rallies",
    "order/march-rally": "seed 000 §6.2: under March only units with or next to their leader rally",
    # fire (§10)
    "fire/bad-side": "seed 000 §10.5, ruling R25: grazing fire along an edge takes its left or right side",
    "fire/not-eligible": "seed 000 §10.3: defensive fire by a unit the reaction window names",
    "fire/defensive-target": "seed 000 §10.3: defensive fire answers the unit that triggered it",
    "fire/defensive-extra": "seed 000 §10.3: extra MP for +1 are for offensive fire only",
    "fire/bad-target": "seed 000 §10.1: fire is at an enemy unit on the map",
    "fire/twice": "seed 000 §10.3: a unit fires offensively once a turn; artillery once a turn, offensively or defensively (Tiré)",
    "fire/extra": "seed 000 §10.3: up to 2 extra MP, +1 each, and none for artillery",
    "fire/illegal": "seed 000 §10.1, §10.2, §10.4, §12.2: a fire factor, a line of sight, the target in the fire zone or "
                    "the artillery's cone, and a state that lets the unit fire",
    "fire/out-of-command": "seed 000 §5.1.2: a unit out of command fires only in reaction",
    "fire/out-of-mp": "seed 000 §8.4: offensive fire costs 2 MP, and 1 more for each +1",
    # the other side's answers (§8.2, §8.3)
    "intercept/not-eligible": "seed 000 §8.3: cavalry whose interception zone the mover entered intercepts, once an enemy activation",
    "react/not-eligible": "seed 000 §8.2: a unit the reaction window names reacts (normal or disordered, within 2 hexes, "
                          "in sight, movement at least the trigger's, once an enemy activation; its leaders, ruling R41)",
    "react/bad-facing": "seed 000 §7: a unit faces a vertex, N, NE, SE, S, SW or NW",
    "react/turn": "seed 000 §8.2: a reaction turn is one vertex for infantry, two for cavalry",
    "react/retreat-eligible": "seed 000 §8.2: only infantry under Rally, or cavalry that infantry approaches, retreats in "
                              "reaction (ruling R46)",
    "react/retreat-path": "seed 000 §8.2: a reaction retreat goes hex by hex on the map (a leader's, through passable hexes)",
    "react/retreat-mp": "seed 000 §8.2: a reaction retreat costs at most the unit's (or the leader's) movement (R33, R41)",
    "react/retreat-adjacent": "seed 000 §8.2, §9.1: a reaction retreat never enters a hex it may not stack in, nor one next "
                              "to an enemy unit",
    "react/retreat-farther": "seed 000 §8.2: a reaction retreat ends farther from the enemy unit",
    "react/kind": "seed 000 §8.2: reaction movement is a turn or a retreat",
    "react/leader-turn": "seed 000 §8.2, ruling R41: a leader has no facing: his reaction is a retreat",
    "react/leader-alone": "seed 000 §5.2, ruling R41: a leader's reaction retreat ends with a unit of his wing",
    # melee (§11)
    "melee/twice": "seed 000 §11.2: a unit is named once in a melee",
    "melee/unknown-target": "seed 000 §11.2: a melee is against a unit on the map",
    "melee/friendly": "seed 000 §11.2: a melee is against an enemy unit",
    "melee/target-taken": "seed 000 §11.2, ruling R17: one melee against a hex; more attackers join it as supports",
    "melee/unknown-unit": "seed 000 §11.2: the units of a melee are on the map",
    "melee/not-yours": "seed 000 §11.2: a side declares melees with its own units, when the decision is its own "
                       "(the phase table's gate gives this code too)",
    "melee/unit-taken": "seed 000 §11.2: a unit is in one declared melee",
    "melee/not-active": "seed 000 §11.2: a melee of the active side is fought by units of the active wing",
    "melee/reactive-attacked": "seed 000 §11.2: a unit with a melee declared against it does not melee reactively",
    "melee/illegal": "seed 000 §5.1, §9.2, §11.2, §11.5, ruling R16: the lead unit and supports may fight it (in command, "
                     "normal or disordered, the target in their front hexes, no forlorn hope or artillery leading, "
                     "no infantry against cavalry, no arquebusiers against infantry)",
    "melee/reactive-target": "seed 000 §11.2: a reactive melee is against an active unit",
    # what a melee result leaves to its owner (§11.4)
    "retreat/unit": "seed 000 §11.4: the unit the result makes retreat is the one that does",
    "retreat/length": "seed 000 §11.4: a retreat is exactly the number of hexes after R",
    "retreat/off-map": "seed 000 §11.4: a retreat stays on the map",
    "retreat/not-adjacent": "seed 000 §11.4: a retreat goes hex by hex",
    "retreat/impassable": "seed 000 §8.1, ruling R20: a retreat never enters impassable terrain",
    "retreat/enemy": "seed 000 §9.1, ruling R20: a retreat never enters an enemy unit's hex",
    "retreat/stacking": "seed 000 §9.1: a retreat never enters or passes through a unit it may not stack with",
    "retreat/not-away": "seed 000 §11.4, ruling R20: every step of a retreat leads away from the enemy",
    "advance/unit": "seed 000 §11.4: the unit that may advance is the lead attacker, or the defender (ruling R21)",
    "advance/bad-facing": "seed 000 §7: a unit faces a vertex, N, NE, SE, S, SW or NW",
    "advance/turn": "seed 000 §11.4, ruling R22: an advancing unit turns at most one vertex",
    "advance/compulsory": "seed 000 §11.4, §11.5, ruling R21: the attacker's advance and a Passage à travers are not declined",
    # the adjutant (§5.2.2, ruling R27)
    "adjutant/wing": "seed 000 §5.2.2: the wing named has an adjutant waiting to be placed",
    "adjutant/wrong-side": "seed 000 §5.2.2: a side places its own adjutants",
    "adjutant/unknown-unit": "seed 000 §5.2.2: the adjutant joins a unit still on the map",
    "adjutant/not-in-wing": "seed 000 §5.2.2: the adjutant joins a unit of his wing",
    # standing orders and rulings
    "standing/not-a-side": "ruling R49: standing orders are a side's",
    "standing/kind": "ruling R49: the kinds of standing order are those of decide.KINDS",
    "standing/mode": "ruling R49: each kind of standing order has its own modes (decide.KINDS)",
    "ruling/override": "ruling R39: a ruling that begins with unit, leader, wing or a piece's id is an override naming a piece "
                       "and a value the game has",
}

CODES.update({f"{verb}/{problem}": what for verb in ACTING for problem, what in _ACTING.items()})
CODES.update({f"{verb}/not-now": f"seed 000 §3.2, §3.1, §4.4, §5.2.2 (the phase table): {what} only in a phase that allows it"
              for verb, what in GATED.items()})
CODES.update({f"{verb}/not-yours": f"seed 000 §3.2 (the phase table): {what} only by the side whose decision it is"
              for verb, what in GATED.items() if f"{verb}/not-yours" not in CODES})
