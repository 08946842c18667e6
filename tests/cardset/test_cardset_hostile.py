"""Hostile card-set input: bombs the limits must stop before the work, and garbage that must not pass silently.

Each bomb is built small in a temporary folder at test time (a far cell, a declared count, a repeat
attribute, a compressed PNG), or a limit is lowered through its PNP_LIMIT_* variable; each case goes
through `pnp validate` and must end in one error line naming the file and the limit or field.
"""
from __future__ import annotations

import re
import shutil
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
import python_calamine
from print_fixtures import validate, write_set

SHEET_MANIFEST = {"components": [{"name": "deck", "type": "cards", "size": "poker", "data": "cards.xlsx",
                                  "layout": "front", "back": {"layout": "back"}}]}


def error_line(out: str, *needles: str) -> str:
    """The one error line holding every needle; no traceback, no internal error, nothing else failing."""
    assert "Traceback" not in out and "internal error" not in out, out
    errors = [ln for ln in out.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, out
    for needle in needles:
        assert needle in errors[0], (needle, out)
    return errors[0]


def refused(folder, *needles: str) -> str:
    """`pnp validate` on the folder exits 1 with the one error line holding every needle (see error_line)."""
    code, out = validate(folder)
    assert code == 1
    return error_line(out, *needles)


@pytest.fixture
def no_calamine(monkeypatch):
    """Make reaching the spreadsheet library a failure: a bomb must be refused before it is parsed."""
    class Reached:
        @staticmethod
        def from_path(path):
            raise AssertionError(f"calamine was handed {path}")
    monkeypatch.setattr(python_calamine, "CalamineWorkbook", Reached)


# --- spreadsheets -------------------------------------------------------------------------------------

XLSX_PARTS = {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
    'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships'
    '+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
    'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
    'spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
    'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
    '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet '
    'name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
    'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
    '2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://'
    'schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
    '</Relationships>',
}


def xlsx(path: Path, rows: list[list[str]], *, extra_cells: str = "", unique_count: int | None = None) -> Path:
    """A minimal .xlsx: rows of shared strings from A1, extra raw <row> XML, an optional declared uniqueCount."""
    strings: list[str] = []
    xml_rows = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, text in enumerate(row):
            strings.append(text)
            cells.append(f'<c r="{chr(65 + c)}{r}" t="s"><v>{len(strings) - 1}</v></c>')
        xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    count = len(strings) if unique_count is None else unique_count
    sst = "".join(f"<si><t>{s}</t></si>" for s in strings)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in XLSX_PARTS.items():
            z.writestr(name, text)
        z.writestr("xl/worksheets/sheet1.xml", '<?xml version="1.0"?><worksheet xmlns="http://schemas.'
                   f'openxmlformats.org/spreadsheetml/2006/main"><sheetData>{"".join(xml_rows)}{extra_cells}'
                   '</sheetData></worksheet>')
        z.writestr("xl/sharedStrings.xml", '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/'
                   f'spreadsheetml/2006/main" count="{count}" uniqueCount="{count}">{sst}</sst>')
    return path


def ods(path: Path, rows_xml: str) -> Path:
    """A minimal .ods whose one table holds the given <table:table-row> XML."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:'
                   'names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" '
                   'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
                   'manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
                   compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("content.xml", '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:'
                   'opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
                   'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
                   f'<table:table table:name="Cards">{rows_xml}</table:table></office:spreadsheet></office:body>'
                   '</office:document-content>', compress_type=zipfile.ZIP_DEFLATED)
    return path


def ods_row(*texts: str, rows: int = 1, cols: int = 1) -> str:
    rep = f' table:number-rows-repeated="{rows}"' if rows > 1 else ""
    crep = f' table:number-columns-repeated="{cols}"' if cols > 1 else ""
    cells = "".join(f'<table:table-cell office:value-type="string"{crep}><text:p>{t}</text:p></table:table-cell>'
                    for t in texts)
    return f"<table:table-row{rep}>{cells}</table:table-row>"


def sheet_set(tmp_path: Path, name: str) -> Path:
    manifest = {"components": [dict(SHEET_MANIFEST["components"][0], data=name)]}
    return write_set(tmp_path / "s", manifest=manifest)


@pytest.mark.parametrize("row, ref, where", [("1048576", "XFD1048576", "XFD1048576"),  # ~550 GB in calamine
                                              ("3", "AAAAAA3", "AAAAAA3"),  # column 12,356,631
                                              ("3", "A00000000001048576", "B1048576")])  # the span corner
def test_xlsx_with_one_far_cell_is_refused_before_it_is_parsed(tmp_path, no_calamine, row, ref, where):
    folder = sheet_set(tmp_path, "cards.xlsx")
    far = f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>x</t></is></c></row>'
    book = xlsx(folder / "cards.xlsx", [["id", "name"], ["a", "Alpha"]], extra_cells=far)
    assert book.stat().st_size < 5000
    refused(folder, "cards.xlsx", where, "sheet_cells", "PNP_LIMIT_SHEET_CELLS")


def test_xlsx_declaring_billions_of_shared_strings_is_refused(tmp_path, no_calamine):
    folder = sheet_set(tmp_path, "cards.xlsx")
    xlsx(folder / "cards.xlsx", [["id", "name"], ["a", "Alpha"]], unique_count=4_000_000_000)
    refused(folder, "cards.xlsx", 'sharedStrings.xml declares', '="4000000000"', "PNP_LIMIT_SHEET_CELLS")


def test_ods_repeated_rows_meet_the_row_limit_before_they_expand(tmp_path, no_calamine):
    folder = sheet_set(tmp_path, "cards.ods")
    book = ods(folder / "cards.ods", ods_row("id", "name") + ods_row("a", "Alpha", rows=500_000))
    assert book.stat().st_size < 2000
    refused(folder, "cards.ods", "rows in one data file is 500000", "PNP_LIMIT_ROWS")


def test_ods_repeated_columns_meet_the_span_limit(tmp_path, no_calamine):
    folder = sheet_set(tmp_path, "cards.ods")
    ods(folder / "cards.ods", ods_row("id", "name") + ods_row("a", "Alpha", cols=5_000_000))
    refused(folder, "cards.ods", "sheet_cells", "PNP_LIMIT_SHEET_CELLS")


def test_spreadsheet_rows_count_against_the_row_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_ROWS", "10")
    folder = sheet_set(tmp_path, "cards.xlsx")
    xlsx(folder / "cards.xlsx", [["id", "name"]] + [[f"c{i}", f"Card {i}"] for i in range(30)])
    refused(folder, "cards.xlsx", "rows in one data file is 11", "PNP_LIMIT_ROWS")


def test_a_huge_cell_is_refused_by_the_cell_limit(tmp_path, monkeypatch, no_calamine):
    monkeypatch.setenv("PNP_LIMIT_CELL_CHARS", "1000")  # stands for 200 MB of text that zips to a few KB
    folder = sheet_set(tmp_path, "cards.xlsx")
    xlsx(folder / "cards.xlsx", [["id", "name", "note"], ["a", "Alpha", "z" * 5000]])
    refused(folder, "cards.xlsx", "characters in one cell or value", "over the limit of 1000 (cell_chars)",
               "PNP_LIMIT_CELL_CHARS")


def test_a_huge_csv_or_yaml_value_is_refused_by_the_cell_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_CELL_CHARS", "1000")
    folder = write_set(tmp_path / "csv", cards="id,name,note\na,Alpha," + "z" * 5000 + "\n")
    refused(folder, "cards.csv:2", "field 'note'", "PNP_LIMIT_CELL_CHARS")
    folder = write_set(tmp_path / "yaml", manifest=yaml_data_manifest(),
                       files={"cards.yaml": "- id: a\n  name: Alpha\n  note: " + "z" * 5000 + "\n"})
    refused(folder, "cards.yaml:3", "field '[0].note'", "PNP_LIMIT_CELL_CHARS")


def test_a_normal_spreadsheet_still_reads(tmp_path):
    folder = sheet_set(tmp_path, "cards.ods")
    ods(folder / "cards.ods", ods_row("id", "name") + ods_row("a", "Alpha") + ods_row("b", "Beta")
        + '<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
          'table:number-columns-repeated="1024"/></table:table-row>')  # the empty tail LibreOffice writes
    code, out = validate(folder)
    assert code == 0, out


# --- images and fonts ---------------------------------------------------------------------------------

def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(width: int, height: int, raw: bytes) -> bytes:
    """An 8-bit grey PNG whose IDAT is raw compressed (raw need not match the size)."""
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def test_png_whose_data_inflates_past_its_rows_is_refused(tmp_path):
    bomb = png_bytes(10, 10, bytes(64 << 20))  # 10 x 10 pixels, 64 MB of inflated data copied into the PDF
    assert len(bomb) < 100_000
    folder = write_set(tmp_path / "s", manifest={"icons": {"bomb": "icons/bomb.png"}},
                       files={"icons/bomb.png": bomb})
    refused(folder, "bomb.png", "inflates past the 110 bytes its 10x10 header needs")


def test_png_bomb_is_never_passed_through_into_a_pdf(tmp_path):
    from pnp.print.images import pass_through
    fine, bomb = tmp_path / "fine.png", tmp_path / "bomb.png"
    fine.write_bytes(png_bytes(10, 10, bytes(110)))
    bomb.write_bytes(png_bytes(10, 10, bytes(8 << 20)))
    assert pass_through(str(fine)) is not None  # a sound 8-bit grey PNG goes in as it is
    assert pass_through(str(bomb)) is None      # a bomb would be decoded (10 rows), never copied


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA", "P", "1", "I;16", "LA"])
def test_real_pngs_inflate_to_exactly_their_declared_rows(tmp_path, mode):
    from PIL import Image

    from pnp.cardset.png import PngImage
    path = tmp_path / "x.png"
    Image.new(mode, (37, 23)).save(path)
    with open(path, "rb") as fh:
        png = PngImage(fh)
        assert png.inflated_bytes(fh, 1 << 30) == png.raw_bytes()


def test_font_file_over_the_font_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_FONT_BYTES", "1000")
    folder = write_set(tmp_path / "s", manifest={"fonts": {"story": "fonts/story.ttf"}})
    (folder / "fonts").mkdir()
    shutil.copy(Path(__file__).parents[2] / "pnp" / "fonts" / "DejaVuSans.ttf", folder / "fonts" / "story.ttf")
    refused(folder, "cardset.yaml:", "fonts.story.regular", "bytes in one font file", "PNP_LIMIT_FONT_BYTES")


# --- silent garbage -------------------------------------------------------------------------------------

def yaml_data_manifest() -> dict:
    return {"components": [{"name": "deck", "type": "cards", "size": "poker", "data": "cards.yaml",
                            "layout": "front", "back": {"layout": "back"}}]}


def test_duplicate_csv_header_is_an_error(tmp_path):
    folder = write_set(tmp_path / "s", cards="id,name,name\na,Alpha,Other\n")
    refused(folder, "cards.csv", "field 'name'", "column header 'name' appears twice on line 1 (columns B, C)")


def test_duplicate_key_in_the_manifest_is_an_error(tmp_path):
    folder = write_set(tmp_path / "s")
    text = (folder / "cardset.yaml").read_text()
    (folder / "cardset.yaml").write_text(text + "name: Shadow Set\n")
    code, out = validate(folder)
    assert code == 1
    line = text.count("\n") + 1
    error_line(out, f"cardset.yaml:{line}", "field 'name'", f"key 'name' appears twice in one mapping (lines 1 and {line})")


def test_duplicate_key_in_layouts_and_yaml_data_is_an_error(tmp_path):
    folder = write_set(tmp_path / "s", layouts=None)
    lay = folder / "layouts.yaml"
    lay.write_text(lay.read_text().replace("  boxes:\n", "  boxes:\n    name: {x: 1, y: 1, w: 9, h: 9, text: x}\n", 1))
    refused(folder, "layouts.yaml:", "field 'front.boxes.name'", "key 'name' appears twice")
    folder = write_set(tmp_path / "y", manifest=yaml_data_manifest(),
                       files={"cards.yaml": "- id: a\n  name: Alpha\n  name: Beta\n"})
    refused(folder, "cards.yaml:3", "field '[0].name'", "lines 2 and 3")


def test_keys_the_loader_reads_as_one_are_duplicates():
    from pnp.errors import CardsetError
    from pnp.yamlio import load_yaml
    for text in ("yes: a\ntrue: b\n", "labels: {1: a, 0x1: b}\n"):
        with pytest.raises(CardsetError, match="appears twice in one mapping"):
            load_yaml(text, file="x.yaml")
    assert load_yaml("labels: {1: a, '1': b}\n") == {"labels": {1: "a", "1": "b"}}  # a number and a text


def test_control_characters_are_errors_naming_file_line_and_field(tmp_path):
    folder = write_set(tmp_path / "csv", cards="id,name\na,Alpha\nb,Be\x07ta\n")
    refused(folder, "cards.csv:3", "field 'name'", "U+0007")
    folder = write_set(tmp_path / "yaml", manifest=yaml_data_manifest(),
                       files={"cards.yaml": '- id: a\n  name: "\\e[31mRed"\n'})
    refused(folder, "cards.yaml:2", "field '[0].name'", "U+001B")
    folder = sheet_set(tmp_path / "sheet", "cards.xlsx")
    xlsx(folder / "cards.xlsx", [["id", "name"], ["a", "Al_x001B_pha"]])  # how Excel writes U+001B
    refused(folder, "cards.xlsx:2", "field 'name'", "U+001B")


@pytest.mark.parametrize("tag, value", [("!!binary", "QWxwaGE="), ("!!set", "{x, y, z}")])
def test_binary_and_set_values_are_errors(tmp_path, tag, value):
    folder = write_set(tmp_path / "s", manifest=yaml_data_manifest(),
                       files={"cards.yaml": f"- id: a\n  name: {tag} {value}\n"})
    refused(folder, "cards.yaml:2", "field '[0].name'", tag)


def test_a_list_as_card_id_is_an_error(tmp_path):
    folder = write_set(tmp_path / "id", manifest=yaml_data_manifest(),
                       files={"cards.yaml": "- id: [1, 2]\n  name: Alpha\n"})
    refused(folder, "cards.yaml", "field 'id'", "id is a list")


@pytest.mark.parametrize("text", ["{{ name.upper }}", "{{ range(3) }}", "{{ name.upper | string }}",
                                  "{{ 'x' ~ name.upper }}", "{{ [name.upper] | join(',') }}"])
def test_template_printing_an_object_is_refused_not_given_an_address(tmp_path, text):
    layouts = {"front": {"boxes": {"t": {"x": 5, "y": 5, "w": 53, "h": 20, "text": text, "size": 8}}},
               "back": {"boxes": {}}}
    folder = write_set(tmp_path / "s", layouts=layouts)
    code, out = validate(folder)
    assert code == 1
    assert not re.search(r"0x[0-9a-fA-F]{6,}", out)
    error_line(out, "layouts.yaml", "memory address")


def test_include_outside_the_set_says_why(tmp_path):
    (tmp_path / "outside.j2").write_text("SECRET")
    layouts = {"front": {"boxes": {"t": {"x": 5, "y": 5, "w": 53, "h": 20, "template": "body.j2", "size": 8}}},
               "back": {"boxes": {}}}
    folder = write_set(tmp_path / "s", layouts=layouts,
                       files={"templates/body.j2": "{{ name }} {% include '../../outside.j2' %}"})
    code, out = validate(folder)
    assert code == 1 and "SECRET" not in out
    error_line(out, "include '../../outside.j2' points outside the card set's folder",
               "may only include files inside the set's folder")


def test_a_template_holding_a_control_character_is_refused_naming_file_and_line(tmp_path):
    layouts = {"front": {"boxes": {"t": {"x": 5, "y": 5, "w": 53, "h": 20, "template": "body.j2", "size": 8}}},
               "back": {"boxes": {}}}
    folder = write_set(tmp_path / "s", layouts=layouts,
                       files={"templates/body.j2": "{{ name }}\nline two \x1b[2J cleared\n"})
    code, out = validate(folder)
    assert code == 1 and "\x1b" not in out
    error_line(out, "body.j2:2", "control character U+001B on line 2", "remove the control character")


def test_simulate_campaigns_count_is_bounded_before_any_work(monkeypatch):
    from click.testing import CliRunner

    from pnp.cli.main import main
    from pnp.games.argonauts import sim

    def no_work(*args, **kwargs):
        raise AssertionError("campaigns started")
    monkeypatch.setattr(sim, "campaigns", no_work)
    res = CliRunner().invoke(main, ["simulate", "argonauts", "--campaigns", "100000000000"])
    assert res.exit_code == 1
    assert "internal error" not in res.output
    assert "--campaigns" in res.output and "over the limit of 25000" in res.output
    assert "PNP_LIMIT_CAMPAIGNS" in res.output


@pytest.mark.parametrize("option", ["--cap", "--time-limit"])
def test_simulate_rounds_are_bounded_before_any_game(monkeypatch, option):
    from click.testing import CliRunner

    from pnp.cli.main import main
    from pnp.games.by_jove import sim

    def no_work(*args, **kwargs):
        raise AssertionError("games started")
    monkeypatch.setattr(sim, "play_games", no_work)
    res = CliRunner().invoke(main, ["simulate", "by-jove", "-n", "1", option, "10000000000"])
    assert res.exit_code == 1
    assert "internal error" not in res.output
    assert f"field '{option}'" in res.output and "over the limit of 10000 (rounds)" in res.output
    assert "PNP_LIMIT_ROUNDS" in res.output


def test_a_yaml_text_read_again_is_a_fresh_copy_and_is_checked_against_the_limits_in_force(monkeypatch):
    """load_yaml keeps what it parsed (a set read again is not parsed again), but never shares it with a
    caller, and a text accepted under one limit is refused when read again under a lower one."""
    from pnp import yamlio
    from pnp.errors import LimitError
    monkeypatch.setattr(yamlio, "_PARSED", {})  # this worker's earlier reads play no part
    parsed = []
    parse = yamlio._parse
    monkeypatch.setattr(yamlio, "_parse", lambda *a: parsed.append(a[0]) or parse(*a))
    text = "cards:\n- {id: a, name: Alpha, tags: [x, y]}\n- {id: b, name: " + "B" * 300 + "}\n"
    first = yamlio.load_yaml(text, file="cards.yaml")
    first["cards"][0]["tags"].append("changed by the caller")
    again = yamlio.load_yaml(text, file="cards.yaml")
    assert again["cards"][0]["tags"] == ["x", "y"] and again is not first
    again["cards"][0]["tags"].append("changed by the second caller")
    assert yamlio.load_yaml(text, file="cards.yaml")["cards"][0]["tags"] == ["x", "y"]
    assert parsed == [text]  # the later reads were not parsed again
    monkeypatch.setenv(yamlio.limits.CELL_CHARS.env, "100")  # now a 300-character value is over the limit
    with pytest.raises(LimitError, match="cell_chars"):
        yamlio.load_yaml(text, file="cards.yaml")
    with pytest.raises(LimitError):  # a refusal is not kept either: refused again, parsed again
        yamlio.load_yaml(text, file="cards.yaml")
    assert parsed == [text] * 3


def test_a_yaml_value_nested_too_deep_to_copy_is_read_as_before_and_not_kept(monkeypatch):
    """Seen with PyYAML 6.0 (.ci/lowest): a document its loader could still build was too deep for
    copy.deepcopy, which ended as 'internal error: RecursionError'; such a value is handed out as parsed."""
    from pnp import yamlio
    def too_deep(value, memo=None):
        raise RecursionError("maximum recursion depth exceeded")
    monkeypatch.setattr(yamlio, "_PARSED", {})
    monkeypatch.setattr(yamlio.copy, "deepcopy", too_deep)
    text = "a: {b: {c: [1, 2]}}\n"
    assert yamlio.load_yaml(text, file="deep.yaml") == {"a": {"b": {"c": [1, 2]}}}
    assert yamlio._PARSED == {}
