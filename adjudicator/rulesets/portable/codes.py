"""The rule sections violations cite (the seed's headings, and our provisional tables), and every
violation code `portable` gives with what it enforces."""

from __future__ import annotations

UNITS = "seed 002 Unit types"
STRENGTH = "seed 002 Strength Points"
EXHAUSTION = "seed 002 Exhaustion Point"
SEQUENCE = "seed 002 Turn sequence"
HITS = "seed 002 Hit reaction"
CAVALRY = "seed 002 Hit reaction: infantry in line attacked by cavalry"
COMMANDER = "seed 002 Commander in the hit unit's square"
VILLAGE = "seed 002 Special rules: Village"
HORSE = "seed 002 Special rules: Horse artillery"
HILLS = "seed 002 Special rules: Hills"
ROAD = "seed 002 Special rules: Road"
RIVER = "seed 002 Special rules: Rivers"
WOODS = "seed 002 Special rules: Woods"
TRENCHES = "seed 002 Special rules: Trenches"
ARTILLERY = "artillery fire, provisional (tables.toml [artillery_fire])"
FIRE = "small-arms fire, provisional (tables.toml [small_arms_fire])"
MELEE = "close combat, provisional (tables.toml [close_combat])"
MOVEMENT = "movement, rulings R2 R4 (RULINGS.md)"
SCENARIO = "the scenario file"

CODES = {
    # the phase table's gate (phases.py): the phase allows the action, and it is the side's to take
    "bombard/not-now": f"guns fire in the artillery phase ({SEQUENCE}; R21)",
    "bombard/not-yours": f"a side fires its guns until it has ended its artillery phase ({SEQUENCE}; R20)",
    "end-artillery/not-now": f"the artillery phase is ended in the artillery phase ({SEQUENCE})",
    "end-artillery/not-yours": f"each side ends its artillery phase once ({SEQUENCE}; R20)",
    "move/not-now": f"units move when their side activates them, with no hit choice pending ({SEQUENCE}; {HITS})",
    "move/not-yours": f"only the side activating now moves its units ({SEQUENCE})",
    "fire/not-now": f"units fire when their side activates them, with no hit choice pending ({SEQUENCE}; {HITS})",
    "fire/not-yours": f"only the side activating now fires ({SEQUENCE})",
    "melee/not-now": f"close combat is started in an activation, with no hit choice pending ({SEQUENCE}; {HITS})",
    "melee/not-yours": f"only the side activating now starts close combat ({SEQUENCE})",
    "occupy/not-now": f"a unit occupies only the square its enemy just left in the close combat of its own "
                      f"activation, with no hit choice pending ({SEQUENCE}; R1)",
    "occupy/not-yours": f"only the side activating now occupies ({SEQUENCE})",
    "form/not-now": f"infantry forms in an activation, with no hit choice pending ({SEQUENCE}; {HITS})",
    "form/not-yours": f"only the side activating now forms its units ({SEQUENCE})",
    "face/not-now": f"a gun turns in an activation, with no hit choice pending ({SEQUENCE}; {HITS})",
    "face/not-yours": f"only the side activating now turns its guns ({SEQUENCE})",
    "end-activation/not-now": f"a side ends its activation in it, with no hit choice pending ({SEQUENCE}; {HITS})",
    "end-activation/not-yours": f"only the side activating now ends its activation ({SEQUENCE})",
    "react/not-now": f"a reaction answers a hit that waits for its owner's choice ({HITS}; R22)",
    "react/not-yours": f"the owner of the hit unit makes the choice ({HITS})",
    # the actions' own rules
    "actor/referee": f"units are commanded by their side; the referee posts notes and rulings ({SEQUENCE})",
    "unit/unknown": f"an action names a unit of the scenario still in the game ({SCENARIO})",
    "unit/not-yours": f"a side commands only its own units ({SEQUENCE})",
    "unit/commander": f"a commander moves; he does not attack, form or face ({UNITS})",
    "sequence/activated": f"each unit activates once a turn ({SEQUENCE}; R21)",
    "sequence/attack-then-move": f"no unit attacks and then moves, except to occupy ({SEQUENCE}; R1)",
    "sequence/moved": f"a unit moves once in its activation ({SEQUENCE})",
    "sequence/attacked": f"a unit attacks once in its activation ({SEQUENCE})",
    "sequence/whole-activation": f"forming or facing is a unit's whole activation ({SEQUENCE}; R16)",
    "artillery/not-gun": f"only artillery fires in the artillery phase ({UNITS})",
    "artillery/fired": f"each gun fires once a turn ({ARTILLERY})",
    "artillery/arc": f"a gun fires into its 90-degree forward arc ({ARTILLERY}; R17)",
    "artillery/friends-in-way": f"a gun fires over friendly units only from a hill, over friends below it ({HILLS}; R6)",
    "target/empty": f"a target square holds an enemy unit ({SEQUENCE})",
    "target/unknown": f"a target is a unit of the scenario still in the game ({SCENARIO})",
    "target/friendly": f"a target is an enemy unit ({SEQUENCE})",
    "target/commander": f"commanders are hit only with their unit ({COMMANDER}; R12)",
    "exhausted/attack": f"an exhausted army takes no aggressive action: no fire, bombardment or close combat "
                        f"({EXHAUSTION}; R5)",
    "exhausted/advance": f"an exhausted army does not move towards the enemy ({EXHAUSTION}; R5)",
    "fire/out-of-range": f"a target is within the unit's range, 2 from woods ({UNITS}; {WOODS})",
    "fire/in-river": f"a unit in a river does not fire ({RIVER})",
    "fire/cannot-fire": f"only infantry, cavalry and machine guns fire when activated; artillery bombards "
                        f"({UNITS}; {ARTILLERY})",
    "fire/adjacent-only": f"a unit with range 0 attacks only the adjacent square, in close combat ({UNITS})",
    "fire/no-line": f"small-arms fire needs a line free of units, woods and villages ({FIRE}; R3)",
    "melee/cannot": f"infantry, cavalry and Transport start close combat ({MELEE}; R14)",
    "melee/in-square": f"infantry in square does not start close combat ({MELEE}; R14)",
    "melee/not-adjacent": f"close combat is with an orthogonally adjacent enemy ({MELEE})",
    "move/empty": f"a move names at least one square ({MOVEMENT})",
    "move/in-square": f"infantry in square does not move ({HITS})",
    "move/trench-after-firing": f"a unit that fired from trenches does not leave them that turn ({TRENCHES})",
    "move/fired-gun": f"only horse artillery moves in the turn it fired ({HORSE}; R8)",
    "move/needs-transport": f"heavy and medium guns move only towed by a Transport ({UNITS})",
    "move/tow-not-gun": f"a Transport tows only artillery ({UNITS})",
    "move/bad-tow": f"a gun is towed by a Transport of its side ({UNITS})",
    "move/tow-activated": f"the towing Transport has not been activated this turn ({SEQUENCE}; R19)",
    "move/tow-not-adjacent": f"the towing Transport stands next to the gun ({UNITS}; R19)",
    "move/cannot-move": f"a unit with no move allowance does not move ({UNITS})",
    "move/off-board": f"a move stays on the grid ({MOVEMENT})",
    "move/not-adjacent": f"a move is a path of orthogonal steps ({MOVEMENT}; R2)",
    "move/revisits": f"a path enters each square once ({MOVEMENT})",
    "move/river": f"a river is crossed only at a ford ({RIVER})",
    "move/enemy-square": f"a unit does not enter a square of the enemy, unit or commander ({MOVEMENT}; R12)",
    "move/occupied": f"one unit per square: a move does not end on a friend ({MOVEMENT}; R18)",
    "move/woods-stop": f"a unit entering woods stops ({WOODS})",
    "move/ford-stop": f"a unit entering a river stops ({RIVER})",
    "move/trench-stop": f"a unit entering trenches stops ({TRENCHES})",
    "move/enemy-contact": f"a unit entering a square next to the enemy stops there ({MOVEMENT}; R4)",
    "move/too-far": f"a move is no longer than the unit's allowance, +1 all on road, 1 from a ford or through "
                    f"woods ({UNITS}; {ROAD}; {RIVER}; {WOODS})",
    "occupy/arm": f"only infantry or cavalry occupies the square of a beaten enemy ({SEQUENCE}; R1)",
    "occupy/held": f"the square to occupy was left by the enemy ({SEQUENCE}; R1)",
    "occupy/not-adjacent": f"the occupying unit is next to the square it occupies ({SEQUENCE}; R1)",
    "form/not-infantry": f"only infantry forms line or square ({HITS})",
    "form/unknown": f"a formation is square or line ({HITS}; R16)",
    "form/already": f"a unit forms a formation it is not in ({HITS})",
    "face/not-gun": f"only artillery has a facing ({ARTILLERY}; R17)",
    "face/unknown": f"a facing is north, east, south or west ({ARTILLERY}; R17)",
    "face/already": f"a gun turns to a facing it does not have ({ARTILLERY})",
    "react/nothing": f"a reaction names a unit whose hit waits for its owner's choice ({HITS})",
    "react/choice": f"the choice after a hit is to retreat one square or to lose 1 SP ({HITS})",
    "react/cannot-retreat": f"a unit with no square to retreat to loses 1 SP ({HITS}; R10)",
    "react/bad-square": f"a retreat is to a square one step farther from the attacker ({HITS}; R10)",
    "standing/choice": f"a standing order is retreat, lose or ask ({HITS}; R22)",
}
