"""Card data from spreadsheets (.xlsx, .ods): the first sheet (or `book.xlsx#Sheet`), first row the header."""
from __future__ import annotations

import datetime
from pathlib import Path

from pnp import limits
from pnp.cardset.sheetscan import check_sheet_file, column_name
from pnp.errors import CardsetError
from pnp.textfile import control_char
from pnp.names import suggest

SHEET_EXTS = (".xlsx", ".ods")


class SheetRows(list):
    """Row dicts that also know their row numbers in the sheet (blank rows are skipped)."""

    def __init__(self, rows, lines):
        super().__init__(rows)
        self.lines = lines


def _cell(value) -> str:
    """A cell as the text a CSV would hold: 3.0 -> '3', dates in ISO form, empty -> ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return value.isoformat()
    return str(value).strip()


def sheet_name(path: Path) -> str | None:
    """The sheet named after '#' in a data path like cards.xlsx#Heroes, or None."""
    base, sep, sheet = path.name.rpartition("#")
    return sheet if sep and Path(base).suffix.lower() in SHEET_EXTS and sheet else None


def read_sheet(path: Path, sheet: str | None = None) -> SheetRows:
    """Rows of the first (or the named) sheet as dicts of strings, like CSV rows; blank rows are skipped.

    A filled cell in a column without a header is an error (it would be lost), naming the cell.
    """
    from python_calamine import CalamineError, CalamineWorkbook  # lazy: start-up time (only spreadsheets)

    if not path.is_file():
        raise CardsetError("data file not found", file=str(path), field="data", hint="fix the path in cardset.yaml")
    check_sheet_file(path)
    try:
        book = CalamineWorkbook.from_path(str(path))
        if sheet is not None and sheet not in book.sheet_names:
            near = suggest(sheet, list(book.sheet_names), n=1)
            raise CardsetError(f"no sheet '{sheet}' in the workbook", file=str(path), field="data",
                               expected=f"one of {', '.join(book.sheet_names)}",
                               hint=f"did you mean '{near[0]}'?" if near else "fix the name after '#'")
        found = book.get_sheet_by_name(sheet) if sheet is not None else book.get_sheet_by_index(0)
        rows = found.to_python(skip_empty_area=False)
    except (CalamineError, OSError, ValueError) as exc:
        raise CardsetError(f"cannot read the spreadsheet: {exc}", file=str(path), field="data",
                           expected="an .xlsx or .ods file", hint="save the sheet again from your spreadsheet program") \
            from None
    numbered = [(n, [_cell(v) for v in row]) for n, row in enumerate(rows, start=1)]
    numbered = [(n, r) for n, r in numbered if any(r)]
    if not numbered:
        return SheetRows([], [])
    header = numbered[0][1]
    while header and not header[-1]:
        header.pop()
    duplicate_header(header, path)
    check_cells(header, path, numbered[0][0], header)
    limits.ROWS.check(len(numbered) - 1, file=path, field="data")
    out = []
    for n, row in numbered[1:]:
        for col in range(len(header), len(row)):
            if row[col]:
                raise CardsetError(f"row {n} has a value in column {column_name(col)} ({row[col]!r}), which has no header",
                                   file=str(path), field=column_name(col), expected=f"at most {len(header)} columns",
                                   hint="add a header for that column or clear the cell")
        check_cells(row, path, n, header)
        out.append({h: (row[i] if i < len(row) else "") for i, h in enumerate(header) if h})
    return SheetRows(out, [n for n, _ in numbered[1:]])


def duplicate_header(header: list[str], path: Path, line: int | None = None) -> None:
    """Refuse a header naming a column twice (the later column would silently win), naming both columns."""
    twice = sorted({h for h in header if h and header.count(h) > 1})
    if twice:
        cols = ", ".join(column_name(i) for i, h in enumerate(header) if h == twice[0])
        at = f" on line {line}" if line else ""
        raise CardsetError(f"column header '{twice[0]}' appears twice{at} (columns {cols}); the later would silently win",
                           file=str(path), field=twice[0], expected="each header once",
                           hint="rename or merge one of the columns")


def check_cells(values: list[str], path: Path, row: int, names: list[str]) -> None:
    """Refuse a row whose cells hold control characters or more characters than the cell_chars limit,
    naming the row and the column (by its header in names, else its letters)."""
    if not values:
        return
    limit = limits.CELL_CHARS.value
    if max(map(len, values)) <= limit and not control_char("".join(values)):
        return  # the common case, in one pass
    for col, value in enumerate(values):
        field = names[col] if col < len(names) else column_name(col)
        if len(value) > limit:
            limits.CELL_CHARS.check(len(value), file=f"{path}:{row}", field=field)
        bad = control_char(value)
        if bad:
            raise CardsetError(f"row {row} column {column_name(col)} holds control character {bad}",
                               file=f"{path}:{row}", field=field,
                               expected="printable text (tabs and line breaks are fine)",
                               hint="remove the control character (often pasted from another program)")
