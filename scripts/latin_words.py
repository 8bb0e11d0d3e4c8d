"""The Latin words left in a Russian report of a game: what `--lang ru` failed to translate.

    python3 scripts/latin_words.py logs/GAME/game.jsonl logs/GAME/report.ru.txt

A Latin word is allowed only where it is not ours to translate: the game's ids (its id, ruleset,
players, sealed orders' labels, and every piece's id and name in its final state: units, wings,
leaders, as the scenario names them), hex and square ids, dice expressions, hashes, the commands
quoted in backticks, a person's own text (notes, seeds, rulings, sealed orders, a freeform roll's
purpose, a concession), and what the ruleset's Russian text itself writes in Latin letters (its
`russian.KEPT` words and `KEPT_CODES`: paris keeps its French markers, «En attente», and the codes of
its melee results, D2R2), and the ids its rules give pieces made in play (`russian.MADE_IDS`). Exit 1 and every word left, with its line, if there is one.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_ALLOWED = re.compile(r"`[^`]*`|\b[0-9a-f]{8,64}\b|\b\d*[dD]\d+z?(?:[+-]\d+)?\b|\b[A-Z]?\d+\b")
_ID_KEYS = ("id", "name", "wing", "leader", "brigade", "group", "command")


def _texts(action: dict) -> list[str]:
    """What a person wrote in an action: shown as written, never translated."""
    kind = action["type"]
    if kind == "note":
        return [action["text"]]
    if kind == "seed":
        return [action["seed"]]
    if kind == "ruling":
        return [action["decision"], action["reason"]]
    if kind == "orders-voided":
        return [action["reason"]]
    if kind == "orders-unsealed":
        return list(action["orders"])
    if kind in ("game-ended", "game-conceded"):
        return [action.get("result", action.get("text", ""))]
    if kind in ("freeform.roll", "brigade.roll"):  # a roll the player or the referee names
        return [action["purpose"]]
    return []


def _named(data: object, found: set[str]) -> None:
    """Every id and name of a scenario: the values of its `id`, `name`, `wing`, `leader` members."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _ID_KEYS and isinstance(value, str):
                found.add(value)
            else:
                _named(value, found)
    elif isinstance(data, list):
        for value in data:
            _named(value, found)


def _ids(events: list[dict], state: dict) -> set[str]:
    """The game's ids: its own, its ruleset's, scenario's, options', players', sealed orders' labels,
    its tables' names, and every piece's id and name in the scenario and in the state at its start."""
    created = events[0]["action"]
    found = {created["game"], created["ruleset"], created["scenario"], *created["players"], *created["options"]}
    found |= {e["action"]["label"] for e in events if "label" in e["action"]}
    found |= set(created["data"].get("tables", {}))
    _named(created["data"].get("scenario", {}), found)
    for pieces in [*state.get("rules", {}).values(), *state.get("end", {}).values()]:
        if isinstance(pieces, dict):
            found |= {k for k, v in pieces.items() if isinstance(v, dict)}
            _named(pieces, found)
    return {i for i in found if i}


def _first_state(log: Path) -> dict:
    """The state after the game's first action (every piece of the scenario still on the table)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from adjudicator.games import state_of
    from adjudicator.views import as_json

    return json.loads(as_json(state_of(log, 2)[1]))


def _kept(ruleset: str) -> tuple[tuple[str, ...], str]:
    """What the ruleset's Russian text itself keeps in Latin letters (its markers, its table codes)."""
    import importlib

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    module = importlib.import_module(f"adjudicator.rulesets.{ruleset}.russian")
    codes = "|".join(p for p in (getattr(module, "KEPT_CODES", ""), getattr(module, "MADE_IDS", "")) if p)
    return getattr(module, "KEPT", ()), codes


def latin_words(report: str, log: Path) -> list[tuple[int, str]]:
    """(line number, word) for every Latin word of `report` outside what is allowed."""
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    state = _first_state(log)
    final = log.parent / "final-state.json"  # the pieces that came during the game (an adjutant)
    if final.exists():
        state["end"] = json.loads(final.read_text(encoding="utf-8")).get("rules", {})
    texts = sorted({t for e in events for t in _texts(e["action"]) if t}, key=len, reverse=True)
    ids = sorted(_ids(events, state), key=len, reverse=True)
    kept = _kept(events[0]["action"]["ruleset"])
    left = []
    for n, line in enumerate(report.splitlines(), 1):
        for t in texts:
            line = line.replace(t, " ")
        for word in kept[0]:
            line = line.replace(word, " ")
        for i in ids:
            line = re.sub(r"(?<![\w-])" + re.escape(i) + r"(?![\w-])", " ", line)
        if kept[1]:
            line = re.sub(kept[1], " ", line)
        line = _ALLOWED.sub(" ", line)
        left += [(n, w) for w in _WORD.findall(line)]
    return left


def main() -> int:
    log, report = Path(sys.argv[1]), Path(sys.argv[2])
    left = latin_words(report.read_text(encoding="utf-8"), log)
    for n, word in left:
        print(f"{report}:{n}: {word}")
    lines = len(report.read_text(encoding="utf-8").splitlines())
    bad = len({n for n, _ in left})
    print(f"{bad} of {lines} lines hold a Latin word ({len(left)} words)", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
