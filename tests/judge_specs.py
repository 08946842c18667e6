"""`pnp judge` arguments for the tests: read off an engine state (the tests that put real positions to the
judge: judge/test_positions.py, judge/test_judge_differential.py) and found in the docs (judge/test_judge_docs.py,
judge/test_situations.py)."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def doc_commands() -> list[tuple[str, str]]:
    """(page, command) of every runnable `pnp judge` and `pnp argonauts odds` line in docs/*.md and README.md."""
    out = []
    for path in sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            cmd = line.strip().removeprefix("$ ").split("  #")[0].strip()
            runnable = not re.search(r"[\[…<]|\.yaml|\.json|--help\b", cmd)  # no placeholder, file or help
            if cmd.startswith(("pnp judge ", "pnp argonauts odds ")) and runnable:
                out.append((path.name, cmd))
    return out


def twelve_labors_helpers_and_order(state, i: int, names: dict) -> tuple[list[str], str | None]:
    """The judge's helper specs ('red:3,5 cards:2') and turn order of the dice on Labor i of an engine state."""
    from pnp.games.twelve_labors.engine import PLAYER_COLOURS
    specs = []
    for owner in dict.fromkeys(state.dice_on[i]):
        spec = f"{names[owner]}:{','.join(map(str, state._rolls.get(owner, ())))}"
        if state._wit.get(owner):
            spec += " cards:" + ",".join(map(str, state._wit[owner]))
        specs.append(spec)
    order = ",".join(PLAYER_COLOURS[p] for p in state.order if p in state.dice_on[i]) or None
    return specs, order
