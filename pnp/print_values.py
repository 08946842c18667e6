"""The values print options (and a layout box's ornament) may take, stated once: print options, the manifest's schema and `pnp print` read them."""
from __future__ import annotations

BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")
CUT_MODES = ("marks", "lines", "none")
LAYOUTS = ("auto", "packed", "gutters")
CUT_FILES = ("svg",)
ORNAMENTS = ("meander", "laurel", "waves")  # a layout box's border motifs (pnp.print.ornaments draws them)
