"""Fonts: the bundled italic faces, a set's own TTF files (embedded, subset), unknown names and missing glyphs."""
import shutil

import numpy as np
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cardset.load import load_cardset
from pnp.cli.main import main
from pnp.print.exports import face_pdf, rasterise
from pnp.print.fonts import FONT_DIR
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import validate, write_set


def text_layout(text, **box):
    spec = {"x": 4, "y": 4, "w": 55, "h": 30, "text": text, "size": 14}
    spec.update(box)
    return {"front": {"background": "#ffffff", "boxes": {"t": spec}}, "back": {"boxes": {}}}


def font_names(pdf):
    names = set()
    for page in PdfReader(str(pdf)).pages:
        fonts = page["/Resources"].get("/Font") or {}
        for ref in fonts.values():
            names.add(str(ref.get_object()["/BaseFont"]))
        for xobj in (page["/Resources"].get("/XObject") or {}).values():
            res = xobj.get_object().get("/Resources") or {}
            for ref in (res.get("/Font") or {}).values():
                names.add(str(ref.get_object()["/BaseFont"]))
    return names


def faces(folder):
    cs = load_cardset(folder)
    comp = cs.components[0]
    return rasterise(face_pdf(cs, comp, [(p, "front") for p in comp.pieces], PrintOptions()), dpi=150)


def test_italic_markup_uses_the_bundled_oblique_face(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\nup,Hero\nslant,<i>Hero</i>\n",
                       layouts=text_layout("{{ name|safe }}"))
    pdf = render_pdf(load_cardset(folder), tmp_path / "o.pdf", PrintOptions())
    assert any(n.endswith("+DejaVuSans-Oblique") for n in font_names(pdf.files[0]))
    up, slant = (np.asarray(img.convert("L")) < 128 for img in faces(folder))
    assert up.sum() > 50 and slant.sum() > 50          # both drew the word ...
    assert (up != slant).sum() > 0.2 * up.sum()         # ... and the italic one is drawn differently


def test_bold_italic_box_font_and_bold_inside_italic(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\na,<b>Hero</b>\n",
                       layouts=text_layout("{{ name|safe }}", font="italic"))
    pdf = render_pdf(load_cardset(folder), tmp_path / "o.pdf", PrintOptions())
    assert any(n.endswith("+DejaVuSans-BoldOblique") for n in font_names(pdf.files[0]))


def test_a_sets_own_ttf_family_is_embedded_subset(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\na,Hero <b>bold</b>\n",
                       manifest={"fonts": {"story": {"regular": "fonts/story.ttf", "bold": "fonts/story-b.ttf"}}},
                       layouts=text_layout("{{ name|safe }}", font="story"))
    (folder / "fonts").mkdir()
    shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", folder / "fonts" / "story.ttf")
    shutil.copy(FONT_DIR / "DejaVuSans-BoldOblique.ttf", folder / "fonts" / "story-b.ttf")
    assert validate(folder)[0] == 0
    pdf = tmp_path / "o.pdf"
    render_pdf(load_cardset(folder), pdf, PrintOptions())
    names = font_names(pdf)
    # subset names carry a six-letter tag; the set's two faces are both used
    assert any(n.endswith("+DejaVuSans-Oblique") and len(n.split("+")[0]) == 7 for n in names)
    assert any(n.endswith("+DejaVuSans-BoldOblique") for n in names)
    assert pdf.stat().st_size < 200_000  # subset: the whole faces are 1.2 MB


def test_a_ttf_path_as_box_font_works(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\na,Hero\n",
                       layouts=text_layout("{{ name }}", font="my.ttf"))
    shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", folder / "my.ttf")
    assert validate(folder)[0] == 0
    pdf = render_pdf(load_cardset(folder), tmp_path / "o.pdf", PrintOptions())
    assert any(n.endswith("+DejaVuSans-Oblique") for n in font_names(pdf.files[0]))


def test_unknown_font_lists_available_ones_at_its_line(tmp_path):
    folder = write_set(tmp_path / "s", layouts=text_layout("{{ name }}", font="Helvetica"))
    code, out = validate(folder)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "unknown font 'Helvetica'" in ln)
    assert "layouts.yaml:" in line and "regular, bold, italic, bold-italic" in line
    assert out.count("unknown font") == 1 and "internal error" not in out


def test_unknown_font_gets_a_did_you_mean(tmp_path):
    folder = write_set(tmp_path / "s", layouts=text_layout("{{ name }}", font="bodl"))
    code, out = validate(folder)
    assert code == 1 and "did you mean 'bold'" in out
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(tmp_path / "out")])
    assert res.exit_code == 1 and "unknown font 'bodl'" in res.output and "Traceback" not in res.output


def test_missing_font_file_names_the_manifest_line(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"fonts": {"story": "fonts/nope.ttf"}})
    code, out = validate(folder)
    assert code == 1 and "font file 'fonts/nope.ttf' not found" in out and "cardset.yaml:" in out


def test_text_the_font_cannot_draw_names_card_and_field(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,motto\nzeus,Zeus,天帝\nhera,Hera,Queen\n",
                       layouts=text_layout("{{ name }} {{ motto }}"))
    code, out = validate(folder)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "cannot draw" in ln)
    assert "card zeus" in line and "field 'motto'" in line and "U+5929" in line and "cards.csv row 2" in line
    assert "card hera" not in out


def test_a_font_outside_the_set_or_broken_is_refused_in_one_line(tmp_path):
    outside = write_set(tmp_path / "a", manifest={"fonts": {"story": "../evil.ttf"}})
    shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", tmp_path / "evil.ttf")
    code, out = validate(outside)
    assert code == 1 and "is outside the card set" in out
    broken = write_set(tmp_path / "b", manifest={"fonts": {"story": "bad.ttf"}},
                       layouts=text_layout("{{ name }}", font="story"))
    (broken / "bad.ttf").write_bytes(b"\x00\x01\x00\x00" + b"junk" * 50)
    code, out = validate(broken)
    assert code == 1 and "cannot be embedded" in out and "internal error" not in out


def test_italic_markup_in_a_family_without_italic_is_a_warning(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\na,<i>Hero</i>\nb,Plain\n",
                       manifest={"fonts": {"story": "story.ttf"}}, layouts=text_layout("{{ name|safe }}", font="story"))
    shutil.copy(FONT_DIR / "DejaVuSans.ttf", folder / "story.ttf")
    code, out = validate(folder)
    assert code == 0
    line = next(ln for ln in out.splitlines() if ln.startswith("warning:"))
    assert "card a" in line and "<i> prints as the regular face" in line and "no italic face" in line
    assert "card b" not in out


def test_bold_markup_in_a_bold_box_is_no_warning(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\na,<b>Hero</b> <i>x</i>\n",
                       layouts=text_layout("{{ name|safe }}", font="bold"))
    code, out = validate(folder)
    assert code == 0 and "0 warning(s)" in out
