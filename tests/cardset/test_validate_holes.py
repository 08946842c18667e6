"""No silent holes: every mistake is an error or warning naming file (and line), card and field, said once."""
import io

from click.testing import CliRunner
from PIL import Image

from pnp.cardset.text import unbalanced_tag
from pnp.cli.main import main
from print_fixtures import validate, write_set


def png():
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), "#aa8800").save(buf, format="PNG")
    return buf.getvalue()


def body(text="{{ text }}", **extra):
    box = {"x": 5, "y": 5, "w": 53, "h": 40, "text": text, "size": 9}
    box.update(extra)
    return {"front": {"boxes": {"body": box}}, "back": {"boxes": {}}}


ICONS = {"manifest": {"icons": {"laurel": "icons/laurel.png"}}, "files": {"icons/laurel.png": png()}}


def test_unknown_icon_in_data_is_an_error_with_did_you_mean(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,text\nok,Score :laurel:\nbad,Score :lauerl:\n",
                       layouts=body(), **ICONS)
    code, out = validate(folder)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "unknown icon" in ln)
    assert "cards.csv row 3" in line and "card bad" in line and "field 'text'" in line
    assert "did you mean ':laurel:'" in line and "card ok" not in out


def test_unknown_icon_in_a_layout_is_said_once_for_all_cards(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,text\na,x\nb,y\nc,z\n", layouts=body("{{ text }} :star:"), **ICONS)
    code, out = validate(folder)
    assert code == 1 and out.count("unknown icon ':star:'") == 1
    line = next(ln for ln in out.splitlines() if "unknown icon" in ln)
    assert "layouts.yaml:3" in line and "a, b, c (3 cards)" in line and "laurel" in line


def test_unclosed_markup_with_safe_is_an_error(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,text\nfine,<b>Hit</b> twice\nbroken,<b>Hit twice\n",
                       layouts=body("{{ text|safe }}"))
    code, out = validate(folder)
    assert code == 1
    line = next(ln for ln in out.splitlines() if "unbalanced markup" in ln)
    assert "card broken" in line and "field 'text'" in line and "<b> is never closed" in line
    assert "card fine" not in out


def test_markup_balance_rules():
    assert unbalanced_tag("<b>a</b> <i>b<br/></i>") is None
    assert unbalanced_tag("<b><i>x</b></i>") == "<i> is never closed"
    assert unbalanced_tag("x</u>") == "</u> has no matching <u>"
    assert unbalanced_tag('<font color="#800">x') == "<font> is never closed"


def test_shape_far_past_the_bleed_is_a_warning_at_its_line(tmp_path):
    layouts = {"front": {"boxes": {"band": {"x": -10, "y": 0, "w": 20, "h": 5, "shape": "rect", "fill": "#800"},
                                   "edge": {"x": -3, "y": -3, "w": 69, "h": 94, "shape": "rect", "fill": "#eee"}}},
               "back": {"boxes": {}}}
    folder = write_set(tmp_path / "s", layouts=layouts)
    code, out = validate(folder)
    assert code == 0
    warnings = [ln for ln in out.splitlines() if "past the" in ln]
    assert len(warnings) == 1 and "box 'band'" in warnings[0] and "7 mm past the 3 mm bleed" in warnings[0]
    assert "layouts.yaml:3" in warnings[0]


def test_min_size_above_size_is_an_error_at_its_line(tmp_path):
    folder = write_set(tmp_path / "s", layouts=body(size=8, min_size=10))
    code, out = validate(folder)
    assert code == 1 and "min_size 10 above size 8" in out and "layouts.yaml:10" in out


def test_layout_key_typo_names_the_layout_file_line_once_with_did_you_mean(tmp_path):
    folder = write_set(tmp_path / "s", cards="".join(["id,name\n"] + [f"c{i},N{i}\n" for i in range(10)]),
                       layouts=body(colour="#800"))
    code, out = validate(folder)
    assert code == 1 and out.count("unknown key 'colour'") == 1
    assert "layouts.yaml:10" in out and "did you mean 'color'" in out and "cards.csv" not in out


def test_manifest_key_typo_names_its_line(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"print": {"papr": "a4"}})
    code, out = validate(folder)
    assert code == 1 and "cardset.yaml:" in out and "did you mean 'paper'" in out


def test_template_field_typo_is_said_once_with_the_cards(tmp_path):
    folder = write_set(tmp_path / "s", cards="".join(["id,name\n"] + [f"c{i},N{i}\n" for i in range(10)]),
                       layouts=body("{{ nmae }}"))
    code, out = validate(folder)
    assert code == 1 and out.count("unknown field 'nmae'") == 1
    assert "(10 cards)" in out and "did you mean 'name'" in out and "layouts.yaml:3" in out


def test_a_full_stop_after_an_icon_stays_on_its_line(tmp_path):
    from pnp.print import simpletext
    from pnp.print.fonts import bundled_fonts
    icons = {"laurel": tmp_path / "l.png"}
    runs = simpletext.parse("Score one for each hero :laurel:. Then more", icons)
    font = bundled_fonts()["regular"]
    starts = set()
    for width in range(40, 200):
        wrapped = simpletext.layout(runs, font, 9, width)
        if wrapped is None:
            continue
        starts |= {words[0][0][0] for words, *_ in wrapped}
        assert all(not words[0][0][0].startswith(".") for words, *_ in wrapped), width
    assert str(icons["laurel"]) in starts  # the icon did wrap to a new line, and took its full stop along


def test_icon_text_is_drawn_with_the_icon_inline(tmp_path):
    import numpy as np

    from pnp.cardset.load import load_cardset
    from pnp.print.exports import face_pdf, rasterise
    from pnp.print.options import PrintOptions
    folder = write_set(tmp_path / "s", cards="id,text\na,Score :laurel:.\n", layouts=body(size=20), **ICONS)
    cs = load_cardset(folder)
    img = np.asarray(rasterise(face_pdf(cs, cs.components[0], [(cs.components[0].pieces[0], "front")],
                                        PrintOptions()), dpi=100)[0]).astype(int)
    gold = (np.abs(img - [0xaa, 0x88, 0x00]).sum(axis=-1) < 40)
    assert gold.sum() > 200  # the icon's colour is on the card: it was drawn, not printed as ':laurel:'


def test_a_layout_typo_in_the_manifest_is_reported_there_once(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"components": [
        {"name": "deck", "size": "poker", "data": "cards.csv", "layout": "frnot", "back": {"layout": "bakc"}}]})
    code, out = validate(folder)
    assert code == 1 and out.count("unknown layout") == 1
    line = out.splitlines()[0]
    assert "cardset.yaml:" in line and "cards.csv" not in line and "did you mean 'front'" in line


def test_an_unknown_icon_in_a_template_file_names_the_template(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,text\na,x\n", files={"templates/rule.j2": "{{ text }} :lauerl:\n",
                                                                    **ICONS["files"]},
                       manifest=ICONS["manifest"],
                       layouts={"front": {"boxes": {"b": {"x": 5, "y": 5, "w": 53, "h": 40, "template": "rule.j2"}}},
                                "back": {"boxes": {}}})
    code, out = validate(folder)
    assert code == 1 and "templates/rule.j2" in out and "did you mean ':laurel:'" in out


def test_print_overflow_warning_names_the_data_file_and_row(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,text\nshort,Hi\nwordy," + "word " * 200 + "\n",
                       layouts=body(size=9, min_size=8))
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(tmp_path / "out")])
    assert res.exit_code == 0
    assert "warning: cards.csv row 3: card wordy: text in box 'body' overflows at 8 pt" in res.output


def test_a_bad_data_cell_names_its_row(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,copies\na,A,1\nb,B,lots\n")
    code, out = validate(folder)
    assert code == 1 and "cards.csv row 3: card b: field 'copies': bad copies value 'lots'" in out
