"""What pnp loads before a command runs: a command's help and the commands that read no rules start without
the rules books, pydantic or reportlab (how long start-up takes: bench/print_bench.py times `pnp --help`)."""
from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("pnp.rules.book", "pydantic", "reportlab")  # modules, with their submodules
PROBE = """
import json, sys
from pnp.cli.main import main
heavy = tuple(json.loads(sys.argv[2]))
loaded = {}
for argv in json.loads(sys.argv[1]):
    try:
        main(argv)
    except SystemExit:
        pass
    loaded[" ".join(argv)] = sorted(m for m in sys.modules if m in heavy or m.startswith(tuple(h + "." for h in heavy)))
print(json.dumps(loaded), file=sys.stderr)
"""


def test_help_and_plain_commands_start_without_the_rules_pydantic_or_reportlab():
    commands = [["print", "--help"], ["campaign", "status", "--help"], ["serve", "--help"], ["docs", "--where"]]
    res = subprocess.run([sys.executable, "-c", PROBE, json.dumps(commands), json.dumps(HEAVY)], capture_output=True,
                         text=True, timeout=60)
    loaded = json.loads(res.stderr.strip().splitlines()[-1])
    assert loaded == {" ".join(argv): [] for argv in commands}, loaded
