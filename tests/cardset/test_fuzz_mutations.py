"""Random edits of a valid card set's text files never give an internal error (seeded; the seed is printed)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli.main import main

sys.path.insert(0, str(Path(__file__).parents[1] / "fuzz"))
import make_corpus  # noqa: E402

SEED = 18
ALPHABET = list(":{}[]-'\"\n,&*!%|>#@` \t0123456789.eE") + ["\u00e9", "\x00", "{{", "}}", "{%", "%}", "__"]


def mutate(text: str, rng: random.Random) -> str:
    """One to four random edits: delete, insert, duplicate or swap lines, cut the end."""
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(("delete", "insert", "dup", "swap", "cut"))
        i = rng.randrange(max(1, len(text)))
        if op == "delete":
            text = text[:i] + text[i + rng.randint(1, 8):]
        elif op == "insert":
            text = text[:i] + rng.choice(ALPHABET) + text[i:]
        elif op == "dup":
            text = text[:i] + text[i:i + 40] + text[i:]
        elif op == "swap":
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[a], lines[b] = lines[b], lines[a]
                text = "".join(lines)
        else:
            text = text[:i]
    return text


@pytest.mark.parametrize("target", ["cardset.yaml", "layouts.yaml", "cards.csv", "templates/body.j2"])
def test_random_edits_give_errors_not_crashes(tmp_path, target):
    rng = random.Random(f"{SEED}-{target}")
    print(f"seed {SEED}-{target}")
    base = make_corpus.base_files()
    for n in range(25):
        folder = tmp_path / f"m{n}"
        for rel, content in base.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if rel == target:
                content = mutate(content, rng)
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        res = CliRunner().invoke(main, ["validate", str(folder)])
        text = res.output
        edited = (folder / target).read_bytes()[:300]
        assert "internal error" not in text and "Traceback" not in text, f"{target} edit {n}: {edited!r}\n{text}"
        assert res.exception is None or isinstance(res.exception, SystemExit), f"{edited!r}: {res.exception!r}"
        assert res.exit_code in (0, 1), text
