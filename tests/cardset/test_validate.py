"""Every validation error names file, card and field, says what was expected, and exits 1 without a traceback."""
import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from print_fixtures import write_set


def run(*args):
    return CliRunner().invoke(main, list(args))


def validate(folder):
    res = run("validate", str(folder))
    return res, res.output


def test_valid_set_passes(tmp_path):
    res, out = validate(write_set(tmp_path / "s"))
    assert res.exit_code == 0 and "0 error(s)" in out


def test_missing_image(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,art\nhero,Hero,art/hero.png\n",
                       layouts={"front": {"boxes": {"art": {"x": 5, "y": 5, "w": 50, "h": 50, "image": "{{ art }}"}}},
                                "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 1
    assert "card hero" in out and "image 'art/hero.png' not found" in out and "fix:" in out


def test_unknown_layout_names_card_and_valid_layouts(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,layout\nx,X,frnt\n")
    res, out = validate(folder)
    assert res.exit_code == 1
    assert "cards.csv" in out and "card x" in out and "unknown layout 'frnt'" in out and "back, front" in out


def test_unknown_field_lists_the_card_fields(tmp_path):
    folder = write_set(tmp_path / "s", layouts={
        "front": {"boxes": {"t": {"x": 5, "y": 5, "w": 50, "h": 10, "text": "{{ titel }}"}}}, "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 1
    assert "unknown field 'titel'" in out and "card alpha" in out and "name" in out


def test_template_syntax_error_gives_its_line(tmp_path):
    folder = write_set(tmp_path / "s", files={"templates/body.j2": "line one\nline two\n{{ name }\n"},
                       layouts={"front": {"boxes": {"b": {"x": 5, "y": 5, "w": 50, "h": 40, "template": "body.j2"}}},
                                "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 1
    assert "template syntax error" in out and "line 3" in out and "body.j2" in out


def test_unknown_key_lists_valid_keys(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"bleeed": 2})
    res, out = validate(folder)
    assert res.exit_code == 1
    assert "unknown key 'bleeed'" in out and "bleed" in out and "components" in out


def test_unknown_box_key_lists_valid_keys(tmp_path):
    folder = write_set(tmp_path / "s", layouts={
        "front": {"boxes": {"t": {"x": 5, "y": 5, "w": 50, "h": 10, "txt": "hi"}}}, "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 1 and "unknown key 'txt'" in out and "template" in out


def test_bleed_larger_than_space_gives_numbers(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"bleed": 80})
    res, out = validate(folder)
    assert res.exit_code == 1 and "223 x 248 mm" in out


def test_card_larger_than_paper(tmp_path):
    folder = write_set(tmp_path / "s", manifest={"components": [
        {"name": "deck", "type": "cards", "size": [400, 500], "data": "cards.csv", "layout": "front"}]})
    res, out = validate(folder)
    assert res.exit_code == 1 and "406 x 506 mm" in out and "component 'deck'" in out


def test_empty_card_set(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,copies\na,A,0\n")
    res, out = validate(folder)
    assert res.exit_code == 1 and "empty" in out and "copies" in out


def test_text_that_cannot_fit_is_a_warning_with_card_id(tmp_path):
    long = "word " * 200
    folder = write_set(tmp_path / "s", cards=f"id,name\nwordy,{long}\n", layouts={
        "front": {"boxes": {"t": {"x": 5, "y": 5, "w": 30, "h": 10, "text": "{{ name }}", "size": 9,
                                  "min_size": 7}}}, "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 0 and "warning: cards.csv row 2: card wordy" in out and "at 7 pt" in out
    assert "layouts.yaml:3" in out and "box 't'" in out


def test_text_shrinks_to_fit_above_the_floor(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\nok,Quite a long card title here\n", layouts={
        "front": {"boxes": {"t": {"x": 5, "y": 5, "w": 40, "h": 6, "text": "{{ name }}", "size": 14,
                                  "min_size": 5}}}, "back": {"boxes": {}}})
    res, out = validate(folder)
    assert res.exit_code == 0 and "warning:" not in out


def test_bad_yaml_gives_line(tmp_path):
    folder = write_set(tmp_path / "s")
    (folder / "layouts.yaml").write_text("front:\n  boxes: [unclosed\n")
    res, out = validate(folder)
    assert res.exit_code == 1 and "layouts.yaml" in out and "line" in out


def test_print_to_unwritable_folder_fails_cleanly(tmp_path):
    folder = write_set(tmp_path / "s")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    res = run("print", str(folder), "-o", str(blocker / "sub"))
    assert res.exit_code == 1
    assert "cannot create the output folder" in res.output and "Traceback" not in res.output


def test_debug_shows_the_traceback(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,layout\nx,X,nope\n")
    res = run("print", str(folder), "-o", str(tmp_path / "o"))
    assert res.exit_code == 1 and "unknown layout 'nope'" in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    res = CliRunner().invoke(main, ["--debug", "print", str(folder), "-o", str(tmp_path / "o")])
    assert res.exit_code == 1 and res.exception is not None and not isinstance(res.exception, SystemExit)


@pytest.mark.parametrize("value", ["-1", "many"])
def test_bad_copies(tmp_path, value):
    folder = write_set(tmp_path / "s", cards=f"id,name,copies\na,A,{value}\n")
    res, out = validate(folder)
    assert res.exit_code == 1 and "copies" in out and "whole number" in out


def test_word_wider_than_its_box_shrinks_instead_of_breaking(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\nhydra,Three-Headed\n", layouts={
        "front": {"boxes": {"t": {"x": 5, "y": 5, "w": 15, "h": 20, "text": "{{ name }}", "size": 12,
                                  "min_size": 4}}}, "back": {"boxes": {}}})
    from pnp.cardset.load import load_cardset
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    from pypdf import PdfReader
    out = tmp_path / "o.pdf"
    res = render_pdf(load_cardset(folder), out, PrintOptions(calibration=False, backs="none"))
    assert res.overflows == []
    assert "Three-Headed" in PdfReader(out).pages[0].extract_text()


def test_simple_and_rich_markup_render_the_same_words(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\nx,<b>Bold</b> and plain & more\n", layouts={
        "front": {"boxes": {
            "simple": {"x": 5, "y": 5, "w": 50, "h": 20, "text": "{{ name }}"},
            "rich": {"x": 5, "y": 40, "w": 50, "h": 20, "text": "<font color='#800000'>{{ name }}</font>"}}},
        "back": {"boxes": {}}})
    from pnp.cardset.load import load_cardset
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    from pypdf import PdfReader
    out = tmp_path / "o.pdf"
    render_pdf(load_cardset(folder), out, PrintOptions(calibration=False, backs="none"))
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert text.count("<b>Bold</b> and plain & more") == 2  # data is escaped: tags in a field print as text


def test_missing_yaml_value_prints_nothing_not_none(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name\nx,X\n", layouts={
        "front": {"boxes": {"a": {"x": 5, "y": 5, "w": 50, "h": 10, "text": "{{ subtitle }}"},
                            "b": {"x": 5, "y": 20, "w": 50, "h": 10, "text": "[{{ subtitle }}]"}}},
        "back": {"boxes": {}}})
    (folder / "cards.yaml").write_text("- {id: x, name: X}\n- {id: y, name: Y, subtitle: Hero}\n")
    (folder / "cardset.yaml").write_text((folder / "cardset.yaml").read_text().replace("cards.csv", "cards.yaml"))
    from pnp.cardset.load import load_cardset
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    from pypdf import PdfReader
    out = tmp_path / "o.pdf"
    render_pdf(load_cardset(folder), out, PrintOptions(calibration=False, backs="none"))
    text = PdfReader(out).pages[0].extract_text()
    assert "None" not in text and "[]" in text and "[Hero]" in text
