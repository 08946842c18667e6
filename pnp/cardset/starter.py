"""A designer's first card set (`pnp new SET`): a small, valid, commented folder that prints at once."""
from __future__ import annotations

import io
import math
import re
from pathlib import Path

from PIL import Image, ImageDraw

from pnp.errors import UsageError

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")

MANIFEST = """\
# {name}: a card set started by `pnp new`. Every length is in mm; see `pnp docs cardsets`.
# Print it:     pnp print {folder}
# Check it:     pnp validate {folder}
# While you work on it, re-render on every save:  pnp print {folder} --watch
name: {name}                # the set's name (the PDF title)
slug: {slug}                # the output file is output/{slug}.pdf
bleed: 3                    # mm of background beyond the cut line
icons:                      # images usable in any text as :name:
  star: icons/star.png
layouts: layouts.yaml       # how each card is drawn: named layouts of boxes
components:
  - name: deck
    type: cards             # cards | tokens | board | track | aid
    size: poker             # 63 x 88 mm; or [width, height]
    data: cards.csv         # one row per card; the column `copies` prints a card more than once
    layout: front           # the layout in layouts.yaml for every card's front
    back: {{layout: back}}    # and for every card's back (or {{image: back.png}})
"""

LAYOUTS = """\
# Layouts: boxes placed in mm from the card's top-left corner at the cut line (x right, y down).
# Text boxes take Jinja2 with the row's columns: {{ name }}, {{ text }}, ...; :star: draws the icon.
front:
  background: "{{ colour }}"
  boxes:
    panel: {x: 4, y: 4, w: 55, h: 80, shape: rect, fill: "#fffdf6", stroke: "#333333", stroke_width: 0.6, radius: 3}
    name:  {x: 6, y: 7, w: 51, h: 10, text: "<b>{{ name }}</b>", size: 13, align: center, valign: middle}
    icon:  {x: 24, y: 22, w: 15, h: 15, image: icons/star.png}
    value: {x: 6, y: 40, w: 51, h: 10, text: "<b>{{ value }}</b> :star:", size: 14, align: center, valign: middle}
    text:  {x: 7, y: 54, w: 49, h: 26, text: "{{ text }}", size: 9, min_size: 6, align: center}
back:
  background: "#2b2118"
  boxes:
    ring:  {x: 16.5, y: 29, w: 30, h: 30, shape: ellipse, stroke: "#d9b45a", stroke_width: 1.5}
    title: {x: 6, y: 39, w: 51, h: 10, text: "<b>{{ set_name }}</b>", size: 12, min_size: 6,
            align: center, valign: middle, color: "#f3e3b5"}
"""

CARDS = """\
id,name,value,colour,text,copies
spark,Spark,1,#b3261e,Draw a card.,3
ember,Ember,2,#d9822b,Take another turn after this one.,2
blaze,Blaze,3,#1f4e9c,Every other player discards a card.,1
"""


def _icon() -> bytes:
    """A 96 px gold star on a transparent ground, as PNG bytes (the same bytes every time)."""
    size, r_out, r_in = 96, 44, 18
    points = [(size / 2 + (r_out if i % 2 == 0 else r_in) * math.sin(i * math.pi / 5),
               size / 2 - (r_out if i % 2 == 0 else r_in) * math.cos(i * math.pi / 5)) for i in range(10)]
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(img).polygon(points, fill=(217, 180, 90, 255), outline=(90, 60, 20, 255))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def new_set(folder: Path) -> list[Path]:
    """Write a starter card set into `folder` (which must not exist); the files written, manifest first."""
    folder = Path(folder)
    slug = folder.name.lower()
    if not _SLUG.match(slug):
        raise UsageError(f"'{folder.name}' cannot name a card set", field="SET",
                         expected="a folder name of letters, digits and dashes (it becomes the output file name)",
                         hint="e.g. pnp new my-deck")
    if folder.exists() or folder.is_symlink():
        raise UsageError(f"'{folder}' already exists; pnp new never writes over a folder", file=str(folder),
                         hint="choose a new name, or delete or move the old folder first")
    if not folder.parent.is_dir():
        raise UsageError(f"missing path '{folder.parent}': there is no such folder to create the set in",
                         hint=f"create it first (mkdir -p {folder.parent}), or choose another place")
    name = " ".join(w.capitalize() for w in slug.split("-") if w)
    files = {"cardset.yaml": MANIFEST.format(name=name, slug=slug, folder=folder),
             "layouts.yaml": LAYOUTS.replace("{{ set_name }}", name.upper()),
             "cards.csv": CARDS, "icons/star.png": _icon()}
    folder.mkdir()
    written = []
    for rel, content in files.items():
        path = folder / rel
        path.parent.mkdir(exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        written.append(path)
    return written
