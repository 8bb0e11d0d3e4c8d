"""`portable`: Bob Cordery's Portable Wargame, European and colonial wars 1860-1900 (seed 002).

A squared grid, d6 dice, strength points and an army Exhaustion Point. The seed breaks off at
the artillery phase: artillery fire, small-arms fire and close combat are provisional tables
(tables.toml) a referee can replace. Each game turn is one dice epoch.

The modules every ruleset has, each with something to hold here: state, setup, phases, validate
(CHECKS), apply (STEPS), decide (the owner's choice after a hit, and the standing orders that make
it), notation (VERBS), render (the SVG map), codes (the rule sections and every violation code),
play (legal_actions; random play picks among them, and there are no sealed orders). The rules by
area: grid (the squared grid), board (who stands where), movement, combat, hits (the hit tables),
losses (strength points and retreats), turn (the turn sequence and the end of the battle).
"""

from __future__ import annotations

from pathlib import Path

from events.portable import ACTIONS
from adjudicator.ruledata import load_scenarios, load_tables, tables_template
from adjudicator.ruleset import Ruleset

from .apply import STEPS
from .board import BOARD
from .codes import CODES
from .notation import VERBS
from .phases import PHASES
from .play import legal_actions
from .render import render
from .setup import setup
from .state import PortableState
from .validate import CHECKS

HERE = Path(__file__).parent


def epoch(s: PortableState) -> int:
    """The dice epoch is the game turn; once the battle is over, the last turn's epoch is closed too."""
    return s.turn + (1 if s.phase == "over" else 0)


RULESET: Ruleset[PortableState] = Ruleset(
    name="portable",
    title="The Portable Wargame: rifle and Gatling, 1860-1900 (Bob Cordery)",
    source="seed 002 (Russian text of Bob Cordery's Portable Wargame); missing procedures provisional, see tables.toml",
    state_type=PortableState,
    actions=ACTIONS,
    verbs=VERBS,
    setup=setup,
    phases=PHASES,
    checks=CHECKS,
    steps=STEPS,
    legal_actions=legal_actions,
    turn=lambda s: s.turn,
    phase=lambda s: s.phase,
    epoch=epoch,
    result=lambda s: s.result if s.phase == "over" else "",
    codes=CODES,
    board=BOARD,
    render=render,
    scenarios=load_scenarios(HERE),
    tables=load_tables(HERE),
    options={
        "half-exhaustion": "Exhaustion Point = half the initial army SP, rounded up (Cordery's Nov 2014 revision) "
                           "instead of the seed's third",
        "class-sp": "Elite units +1 SP, Poor units -1 SP (the seed's example of an agreed adjustment)",
    },
    tables_template=tables_template(HERE),
    default_epochs=200,
)
