"""Imported first by every bench script: it measures the checkout it sits in, not an installed pnp, both in
its own process (sys.path) and in the processes it starts (PYTHONPATH)."""
import os
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[1])
sys.path.insert(0, ROOT)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")]))
