"""Card data from .xlsx and .ods sheets: one row a card, same field rules as CSV."""
import pytest
from click.testing import CliRunner

from pnp.cardset.load import load_cardset
from pnp.cli.main import main
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import write_set

ROWS = [["id", "name", "copies", "power"],
        ["hydra", "Hydra", 2, 9],
        [None, None, None, None],            # a blank row is skipped
        ["lion", "Nemean Lion", 3, 2.5]]


def write_xlsx(path, rows):
    from openpyxl import Workbook
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    book.save(path)


def write_ods(path, rows):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for row in rows:
        tr = TableRow()
        for value in row:
            if value is None:
                cell = TableCell()
            elif isinstance(value, (int, float)):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


WRITERS = {"xlsx": write_xlsx, "ods": write_ods}
LAYOUTS = {"front": {"boxes": {"t": {"x": 5, "y": 5, "w": 53, "h": 10, "text": "{{ name }} {{ power }}"}}},
           "back": {"boxes": {}}}


def sheet_set(tmp_path, ext, rows):
    folder = write_set(tmp_path / "s", layouts=LAYOUTS, manifest={"components": [
        {"name": "deck", "type": "cards", "size": "poker", "data": f"cards.{ext}", "layout": "front",
         "back": {"layout": "back"}}]})
    WRITERS[ext](folder / f"cards.{ext}", rows)
    return folder


@pytest.mark.parametrize("ext", WRITERS)
def test_a_sheet_is_card_data_like_csv(tmp_path, ext):
    folder = sheet_set(tmp_path, ext, ROWS)
    cs = load_cardset(folder)
    pieces = cs.components[0].pieces
    assert [(p.id, p.copies, p.fields["name"], p.fields["power"]) for p in pieces] == \
        [("hydra", 2, "Hydra", "9"), ("lion", 3, "Nemean Lion", "2.5")]   # numbers arrive as CSV text would
    assert pieces[1].source == f"cards.{ext} row 4"
    res = render_pdf(cs, tmp_path / "o.pdf", PrintOptions())
    assert res.cards == 5
    assert CliRunner().invoke(main, ["validate", str(folder)]).exit_code == 0


@pytest.mark.parametrize("ext", WRITERS)
def test_a_value_in_a_column_without_header_is_an_error(tmp_path, ext):
    rows = [["id", "name"], ["hydra", "Hydra", "lost?"]]
    folder = sheet_set(tmp_path, ext, rows)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1
    assert f"cards.{ext}" in res.output and "row 2 has a value in column C ('lost?')" in res.output


@pytest.mark.parametrize("ext", WRITERS)
def test_field_rules_apply_to_sheets(tmp_path, ext):
    folder = sheet_set(tmp_path, ext, [["id", "name", "copies"], ["hydra", "Hydra", "many"]])
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "bad copies value 'many'" in res.output and "card hydra" in res.output


def test_a_broken_sheet_is_one_line(tmp_path):
    folder = sheet_set(tmp_path, "xlsx", ROWS)
    (folder / "cards.xlsx").write_bytes(b"not a zip")
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "cannot read the spreadsheet" in res.output and "Traceback" not in res.output


def test_a_named_sheet_of_a_workbook(tmp_path):
    from openpyxl import Workbook
    folder = sheet_set(tmp_path, "xlsx", ROWS)
    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["just", "notes"])
    heroes = book.create_sheet("Heroes")
    for row in [["id", "name", "power"], ["jason", "Jason", 3]]:
        heroes.append(row)
    book.save(folder / "book.xlsx")
    (folder / "cardset.yaml").write_text((folder / "cardset.yaml").read_text().replace("cards.xlsx", "book.xlsx#Heroes"))
    pieces = load_cardset(folder).components[0].pieces
    assert [(p.id, p.fields["power"]) for p in pieces] == [("jason", "3")]
    (folder / "cardset.yaml").write_text((folder / "cardset.yaml").read_text().replace("#Heroes", "#Heros"))
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "no sheet 'Heros'" in res.output and "did you mean 'Heroes'" in res.output


@pytest.mark.parametrize("ext", WRITERS)
def test_a_header_written_twice_is_an_error(tmp_path, ext):
    folder = sheet_set(tmp_path, ext, [["id", "name", "name"], ["hydra", "Hydra", "Lion"]])
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "column header 'name' appears twice (columns B, C)" in res.output
