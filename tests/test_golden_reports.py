"""What every event of every shipped game says it did, as the report prints it, stays as recorded in
tests/golden/GAME.txt: the reports players paste must not change under a restructuring of the code.

To record them anew after a deliberate change of wording: python3 tests/test_golden_reports.py"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from conftest import LOGS  # noqa: E402

GOLDEN = HERE / "golden"
GAMES = sorted(p.parent.name for p in LOGS.glob("*/game.jsonl"))


def said(game_dir: Path) -> str:
    """Every event's report lines: `#SEQ` then its lines, indented."""
    from adjudicator import core
    from adjudicator.engine import at_head, load_game, replay_told, start
    from adjudicator.logsource import open_source
    from adjudicator.report import told_lines

    out = []
    rows = open_source(game_dir / "game.jsonl").rows()
    _, first, digest = next(rows)
    game = load_game(first)
    state = at_head(start(game), 1, digest)
    for seq, body, _ in rows:
        event = game.decode(body, f"seq {seq}")
        state, told = replay_told(game, state, event)
        lines = core.describe(event) + (told_lines(game, told.outcome()) if told is not None else [])
        out.append(f"#{seq}\n" + "".join(f"  {line}\n" for line in lines))
    return "".join(out)


@pytest.mark.parametrize("name", GAMES)
def test_every_event_says_what_it_said(name: str):
    assert said(LOGS / name) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


MAPS = sorted(p.parent.name for p in LOGS.glob("*/final-map.svg"))


@pytest.mark.parametrize("name", MAPS)
def test_the_final_map_is_drawn_as_shipped(name: str):
    from adjudicator import games

    game, state, outcome = games.state_and_outcome(LOGS / name / "game.jsonl")
    assert game.ruleset.render is not None
    assert game.ruleset.render(state.rules, outcome) == (LOGS / name / "final-map.svg").read_text(encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    for name in GAMES:
        (GOLDEN / f"{name}.txt").write_text(said(LOGS / name), encoding="utf-8")
        print(f"recorded tests/golden/{name}.txt")
