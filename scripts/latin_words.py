"""The Latin words left in a Russian report of a game: what `--lang ru` failed to translate.

    python3 scripts/latin_words.py logs/GAME/game.jsonl logs/GAME/report.ru.txt

A Latin word is allowed only where it is not ours to translate: the game's ids (its id, ruleset,
players, sealed orders' labels, and every piece's id and name in its final state: units, wings,
leaders, as the scenario names them), hex and square ids, dice expressions, hashes, the commands
quoted in backticks, and a person's own text (notes, seeds, rulings, sealed orders, a freeform
roll's purpose, a concession). Exit 1 and every word left, with its line, if there is one.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_ALLOWED = re.compile(r"`[^`]*`|\b[0-9a-f]{8,64}\b|\b\d*d\d+z?(?:[+-]\d+)?\b|\b[A-Z]?\d+\b")
_ID_KEYS = ("units", "wings", "leaders", "pieces", "figures", "groups", "brigades", "generals", "commanders")


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
    if kind == "freeform.roll":
        return [action["purpose"]]
    return []


def _ids(events: list[dict], state: dict) -> set[str]:
    created = events[0]["action"]
    found = {created["game"], created["ruleset"], created["scenario"], *created["players"]}
    found |= {e["action"]["label"] for e in events if "label" in e["action"]}
    rules = state.get("rules", {})
    for key in _ID_KEYS:
        pieces = rules.get(key)
        if isinstance(pieces, dict):
            for pid, piece in pieces.items():
                found.add(pid)
                if isinstance(piece, dict) and isinstance(piece.get("name"), str):
                    found.add(piece["name"])
    return {i for i in found if i}


def latin_words(report: str, log: Path) -> list[tuple[int, str]]:
    """(line number, word) for every Latin word of `report` outside what is allowed."""
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    state_path = log.parent / "final-state.json"
    state = json.loads(state_path.read_text(encoding="utf-8")) if state_path.exists() else {}
    texts = sorted({t for e in events for t in _texts(e["action"]) if t}, key=len, reverse=True)
    ids = sorted(_ids(events, state), key=len, reverse=True)
    left = []
    for n, line in enumerate(report.splitlines(), 1):
        for t in texts:
            line = line.replace(t, " ")
        line = _ALLOWED.sub(" ", line)
        for i in ids:
            line = re.sub(r"(?<![\w-])" + re.escape(i) + r"(?![\w-])", " ", line)
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
