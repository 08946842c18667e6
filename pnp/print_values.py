"""The values print options may take, stated once: print options, the manifest's print: schema and `pnp print` read them."""
from __future__ import annotations

BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")
CUT_MODES = ("marks", "lines", "none")
LAYOUTS = ("auto", "packed", "gutters")
CUT_FILES = ("svg",)
