"""Every violation code `brigade` gives, with what it enforces and its rule section; and the rule
sections the checks and the report lines cite."""

from __future__ import annotations

# -- the rule sections cited ----------------------------------------------------------------------

RULE_SEQUENCE = "seed 003 §4"
RULE_PHASE = {"skills": "seed 003 §5.2", "orders": "seed 003 §5.5", "orders-reveal": "seed 003 §5.5",
              "initiative": "seed 003 §4.1", "command": "seed 003 §4.2", "compulsory": "seed 003 §4.3",
              "charges": "seed 003 §4.4", "charge-results": "seed 003 §4.4", "movement": "seed 003 §4.5",
              "firing": "seed 003 §4.6", "fire-results": "seed 003 §4.6", "melee": "seed 003 §4.7",
              "morale": "seed 003 §4.8"}
RULE_INITIATIVE = "seed 003 §4.1"
RULE_SKILL = "seed 003 §5.2"
RULE_COMPULSORY = "seed 003 §4.3"
RULE_MOVEMENT = "seed 003 §4.5"
RULE_CINC = "seed 003 §5.1"
RULE_COUNTER = "seed 003 §4.4, §5.7"  # the phasing player declares first, then the non-phasing; counter-attacks answer
RULE_STACKING = "seed 003 §4.3, §4.5, R30"  # units meet in contact, never on one another
RULE_RADIUS = "seed 003 §5.3, §5.4"
RULE_ORDERS = "seed 003 §5.5"
RULE_KIND = {"attack": "seed 003 §5.6", "engage": "seed 003 §5.7", "support": "seed 003 §5.8",
             "move": "seed 003 §5.9", "hold": "seed 003 §5.10", "withdraw": "seed 003 §5.11"}
RULE_CHANGE = "seed 003 §5.12"
RULE_ONE_CHANGE = "seed 003 §4.2, §5.12"
RULE_BRIG_INIT = "seed 003 §4.2, §5.3"
RULE_AUTO_ORDER = {"attack": "seed 003 §5.6", "support": "seed 003 §5.8"}
RULE_RESULTS = "R12"  # the referee enters the outcomes of the procedures the seeds do not hold
RULE_DEFEAT = "seed 004 §15.5"
RULE_AUTO_DEFEAT = "seed 004 §15.6"

# -- the codes ------------------------------------------------------------------------------------

_GATE = {  # given by the phase table (adjudicator/phases.py), each citing the rule of the phase it is in
    "roll-skills/not-now": "skills are rolled before the game, where an option asks for it (seed 003 §5.2, §5.3)",
    "roll-skills/not-yours": "each side rolls its own generals' skills, once (seed 003 §5.2)",
    "roll-initiative/not-now": "initiative is rolled at the start of each turn (seed 003 §4.1)",
    "choose-initiative/not-now": "the initiative is chosen once it is won (seed 003 §4.1)",
    "choose-initiative/not-yours": "the winner chooses; the opponent may not refuse the initiative (seed 003 §4.1)",
    "change-order/not-now": "orders are changed in the command phase (seed 003 §4.2, §5.12)",
    "change-order/not-yours": "the non-phasing player announces his order changes first (seed 003 §4.2)",
    "brigadier-initiative/not-now": "brigadiers take their initiative in the command phase (seed 003 §4.2)",
    "brigadier-initiative/not-yours": "the non-phasing player announces first (seed 003 §4.2)",
    "done/not-now": "`done` closes a step of the turn, or the referee's settling of written orders (seed 003 §4, R26)",
    "done/not-yours": "only the side whose step it is, or the referee, closes it (seed 003 §4)",
    "move/not-now": "units move in the compulsory and movement phases, and as the referee's results place them "
                    "(seed 003 §4.3, §4.5, R12)",
    "move/not-yours": "the phasing player moves first; a side moves only its own pieces (seed 003 §4.3, §4.5)",
    "charge/not-now": "charges are declared in the charge phase (seed 003 §4.4)",
    "charge/not-yours": "the phasing player declares first; a side charges only with its own units (seed 003 §4.4)",
    "fire/not-now": "units fire in the firing phase (seed 003 §4.6)",
    "fire/not-yours": "the phasing player fires first (seed 003 §4.6)",
}

_SEQUENCE = {
    "sequence/nothing-to-close": "a side's `done` closes a step of the turn, not the setup (seed 003 §4, R26)",
    "side/not-yours": "a side gives orders to its own brigades only (seed 003 §4)",
    "standing/not-a-side": "standing orders are a side's (seed 003 §4)",
    "standing/kind": "the kinds of standing order are initiative-roll, initiative, command, compulsory, "
                     "counter-charge, fire (seed 003 §4)",
    "standing/mode": "each kind of standing order has its own modes; ask waits for the side (seed 003 §4)",
    "orders/referee": "each side seals its own written orders (seed 003 §5.5)",
    "orders/sealed-twice": "a side seals its written orders once (seed 003 §5.5)",
    "orders/reveal-early": "written orders are opened once both sides have sealed theirs (seed 003 §5.5)",
    "orders/unreadable": "a written order reads BRIGADE KIND [OBJECTIVE] [FLANK] (seed 003 §5.5)",
    "orders/not-a-brigade": "a side writes orders for its own brigades (seed 003 §5.5)",
    "orders/twice": "one written order per brigade (seed 003 §5.5)",
    "orders/missing": "every brigade has a written order before play (seed 003 §5.5, R26)",
}

_ORDERS = {
    "order/unknown-brigade": "an order is given to a brigade of the game (seed 003 §5.5)",
    "order/withdraw-from-cinc": "Withdraw is a brigadier's order, never the CinC's (seed 003 §5.11, R6)",
    "order/flank": "only a Support order names a flank (seed 003 §5.8)",
    "order/attack-objective": "an Attack order names a place or an enemy brigade (seed 003 §5.6)",
    "order/engage-objective": "an Engage order names enemy units, an enemy brigade or a place (seed 003 §5.7)",
    "order/support-objective": "a Support order names the friendly brigade it supports (seed 003 §5.8)",
    "order/support-flank": "support is given by the left flank, the right flank or the rear (seed 003 §5.8)",
    "order/move-objective": "a Move order names a place or a friendly brigade (seed 003 §5.9)",
    "order/area": "a Hold or Withdraw objective, if any, is a place marked before play (seed 003 §5.10, §5.11)",
    "order/not-your-step": "the CinC changes an order of the side whose command step it is (seed 003 §4.2, §5.12)",
    "order/one-change": "the CinC changes one brigade's order per turn (seed 003 §4.2, §5.12)",
    "order/cinc-absent": "a wounded or lost CinC changes no order (seed 003 §5.12)",
    "order/leaderless": "a brigade whose brigadier is absent gets no order change (seed 003 §5.12, §4.2, R15)",
    "order/referee-only": "only the referee sets an order outright (R12, R26)",
    "initiative/not-your-step": "a brigadier takes his initiative in his side's command step (seed 003 §4.2, §5.3)",
    "initiative/one-per-turn": "one brigadier per side per turn tries his initiative (seed 003 §4.2, §5.3, R22)",
    "initiative/replaced": "last turn's automatic option replaces this turn's brigadier's initiative (seed 003 §5.6)",
    "auto/setup": "automatic options are taken during the game (seed 003 §5.6, R23)",
    "auto/one-per-turn": "one automatic option per side per turn (seed 003 §5.6)",
    "auto/reason": "the automatic options are those of §5.6 and §5.8 (seed 003 §5.6)",
    "auto/wrong-order": "an automatic option belongs to one order and gives one order (seed 003 §5.6, §5.8)",
    "auto/not-repulsed": "Hold when repulsed: half or more of the units retreat, rout or are dispersed (seed 003 §5.6)",
    "auto/not-cavalry": "attack again: a brigade of cavalry and horse artillery only (seed 003 §5.6, R23)",
    "auto/supported-steady": "Hold when the supported brigade broke or dispersed (seed 003 §5.8)",
}

_CONDUCT = {
    "charge/unknown-unit": "a charge is declared by a unit of the game (seed 003 §4.4)",
    "charge/target": "a charge targets an enemy unit on the table (seed 003 §4.4)",
    "charge/kind": "a charge is a charge, a counter-charge or an opportunity charge; the CinC orders the first "
                   "two (seed 003 §4.4, §5.1)",
    "charge/unit-state": "retreating, routing and pursuing units declare no charge (seed 003 §4.3, R10)",
    "charge/moved-compulsory": "a unit that moved in the compulsory phase declares no charge (seed 003 §4.5, R10)",
    "charge/twice": "one charge declaration per unit per turn (seed 003 §4.4)",
    "charge/no-enemy-charge": "a counter-charge answers a charge the enemy unit declared this turn (seed 003 §4.4, "
                              "§5.7, R29)",
    "charge/artillery": "artillery does not charge (seed 003 §4.4, R11)",
    "charge/cinc-absent": "a wounded or lost CinC orders no charge (seed 003 §5.1)",
    "charge/cinc-radius": "the CinC orders charges within 12\" (seed 003 §5.1)",
    "charge/leaderless": "a brigade without its brigadier charges only on the CinC's order (seed 003 §5.3, §5.4, §5.1)",
    "charge/out-of-radius": "charges are declared within the brigadier's 12\" (seed 003 §5.3, §5.4)",
    "charge/opportunity": "only cavalry under Hold or Move charges as opportunity (seed 003 §5.9, §5.10, R4)",
    "charge/engage-infantry": "under Engage or Support infantry charges formed close-order enemy only as a "
                              "counter-attack (seed 003 §5.7, §5.8)",
    "charge/engage-cavalry": "under Engage or Support a brigade declares one cavalry charge per turn against formed "
                             "units (seed 003 §5.7, §5.8)",
    "charge/hold": "under Hold units do not charge; cavalry counter-charges or charges as opportunity (seed 003 §5.10)",
    "charge/move": "under Move units do not charge; cavalry counter-charges or charges as opportunity (seed 003 §5.9)",
    "charge/withdraw": "under Withdraw no charges but counter-charges (seed 003 §5.11, R5)",
    "move/unknown": "a move is made by a unit or general of the game (seed 003 §4.5)",
    "move/off-table": "a piece stays on the table (scenario)",
    "move/off-table-unit": "a dispersed or removed unit does not move (seed 003 §4.5)",
    "move/general-phase": "generals move in the movement phase (seed 003 §4.5, R9)",
    "move/general-absent": "a wounded or lost general does not move (seed 003 §4.2)",
    "move/twice": "a unit or general moves once per phase (seed 003 §4.5, R9)",
    "move/stacked": "a unit ends no move on another unit: at least the contact distance apart (seed 003 §4.3, §4.5, "
                    "R30)",
    "move/too-far": "a move is at most the piece's rate, or 18\" for a broken brigade (seed 003 §4.3, §4.5)",
    "move/not-compulsory": "only retreating, routing, pursuing units and broken brigades move in the compulsory "
                           "phase (seed 003 §4.3)",
    "move/toward-enemy": "a retreating unit does not end nearer the enemy (seed 003 §4.3)",
    "move/moved-compulsory": "a unit that moves in the compulsory phase does not move again (seed 003 §4.5)",
    "move/engage-retreat": "under Engage or Support infantry does not retreat (seed 003 §5.7, §5.8, R7)",
    "move/attack-retreat": "under Attack no formed unit retires voluntarily (seed 003 §5.6, R7)",
    "move/withdraw-advance": "under Withdraw no unit moves nearer the enemy (seed 003 §5.11, R7)",
    "move/hold-area": "under Hold the brigade stays in its area (seed 003 §5.10, R3)",
    "attack/half-advance": "under Attack half the formed units charge or advance half a move (seed 003 §5.6, R7)",
    "withdraw/half-move": "under Withdraw every unit retires at least half a move (seed 003 §5.11, R7)",
}

_RESULTS = {
    "fire/unknown-unit": "fire comes from a unit of the game (seed 003 §4.6)",
    "fire/not-your-step": "the phasing player fires first, then the non-phasing player (seed 003 §4.6)",
    "fire/unit-state": "dispersed, retreating and routing units do not fire (seed 003 §4.6, R11)",
    "fire/cavalry": "cavalry does not fire (seed 003 §4.6, R11)",
    "fire/twice": "a unit fires once per turn (seed 003 §4.6)",
    "fire/target": "fire targets an enemy unit on the table (seed 003 §4.6)",
    "roll/phase": "rolls for the procedures the seeds do not hold are made during the turn (R12)",
    "roll/bad-expression": "a roll is a dice expression the engine can roll (R12)",
    "roll/unknown": "a roll is made for a unit, brigade or general of the game (R12)",
    "result/referee-only": "results of fire, melee and morale are entered by the referee (R12)",
    "result/phase": "results are entered during the turn (R12)",
    "result/no-roll": "a result names a roll of this turn (R12)",
    "result/other-roll": "a result names a roll made for the same piece (R12)",
    "result/entered": "a roll gives each kind of result once: a second one naming it is refused (R12)",
    "result/unit": "a result is entered for a unit on the table (R12)",
    "result/count": "casualties are 0 or more figures (guns) (R12)",
    "result/status": "a unit's status is one of formed, disordered, wavering, retreating, routed, pursuing, "
                     "dispersed, removed (R12)",
    "result/brigade": "a brigade result names a brigade of the game (R12)",
    "result/brigade-result": "a brigade morale result is steady, broken or mass-panic (R12)",
    "result/general": "a general's fate names a general of the game (R12)",
    "result/fate": "a general is present, wounded or lost (R12)",
    "result/general-lost": "a lost general is lost for good (seed 004 §15.4)",
    "result/place": "control is of a place marked before play (seed 003 §5.5)",
    "result/side": "a place is held by a side or by none (R12)",
    "result/not-attacking": "only a brigade under Attack takes its objective (seed 003 §5.6)",
    "morale/units-first": "unit morale is tested before brigade morale (seed 003 §4.8)",
    "morale/brigade-phase": "brigade morale is tested in the morale phase (seed 003 §4.8)",
}

CODES: dict[str, str] = {**_GATE, **_SEQUENCE, **_ORDERS, **_CONDUCT, **_RESULTS}
