"""A bounded first read of a spreadsheet's zipped XML, before calamine builds anything from it.

calamine allocates from what the file declares: a shared-strings `uniqueCount`, the span between the
first and the farthest cell (`XFD1048576`), and ODS `number-rows-repeated`/`number-columns-repeated`
expanded in full. A 5 KB file can ask for hundreds of gigabytes, so those are measured here first, with
the unzipped bytes, the rows and each cell's characters, against pnp.limits.
"""
from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.parsers import expat

from pnp import limits
from pnp.errors import CardsetError, LimitError

CELL_REF = re.compile(r"([A-Za-z]+)(\d+)$")  # any length: calamine reads AAAAAA3 as column 12356631
CHUNK = 1 << 20


def column_name(index: int) -> str:
    """Spreadsheet column letters for a 0-based index (0 -> A, 26 -> AA)."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


def _count(value: str | None, default: int = 1) -> int:
    """A whole-number attribute (a repeat or a count); missing or unreadable -> default."""
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def _attr(attrs: dict, local: str) -> str | None:
    """The attribute with this local name, whatever its namespace prefix."""
    for key, value in attrs.items():
        if key == local or key.endswith(":" + local):
            return value
    return None


class _Sheet:
    """The span (rows x columns from A1) and the rows of one sheet's cells holding a value."""

    def __init__(self, path: Path, name: str):
        self.path, self.name = path, name
        self.rows = self.last_row = self.last_col = 0
        self.max_cells, self.max_rows = limits.SHEET_CELLS.value, limits.ROWS.value + 1  # the header is not a card

    def value(self, row: int, col: int, ncols: int = 1) -> None:
        """A value in row (1-based), columns col .. col+ncols-1 (0-based): the span is checked as it grows."""
        if row > self.last_row or col + ncols > self.last_col:
            self.last_row, self.last_col = max(self.last_row, row), max(self.last_col, col + ncols)
            if self.last_row * self.last_col > self.max_cells:
                limits.SHEET_CELLS.check(self.last_row * self.last_col, file=self.path,
                                         field=f"{self.name}!{column_name(self.last_col - 1)}{self.last_row}")

    def add_rows(self, n: int) -> None:
        """n more rows holding values (a repeated row counts each time)."""
        self.rows += n
        if self.rows > self.max_rows:
            limits.ROWS.check(self.rows - 1, file=self.path, field=self.name)


class _Scan:
    """expat handlers for one XML part: xlsx worksheets and shared strings, or ODS content."""

    def __init__(self, path: Path, part: str):
        self.path, self.part = path, part
        self.sheet: _Sheet | None = None
        self.text = None        # characters of the cell or shared string being read, or None outside one
        self.row = self.col = 0
        self.has_value = False
        self.row_rep = self.col_rep = 1
        self.row_has_value = False
        self.row_cols = 0
        self.sheets = 0
        self.max_chars, self.max_cells = limits.CELL_CHARS.value, limits.SHEET_CELLS.value
        self.starts = {"sheetData": self.start_sheet_data, "row": self.start_row, "c": self.start_c,
                       "v": self.start_value, "is": self.start_value, "si": self.start_text,
                       "table": self.start_table, "table-row": self.start_table_row,
                       "table-cell": self.start_table_cell, "covered-table-cell": self.start_table_cell,
                       "p": self.start_p}  # by local name, whatever prefix the file gives a namespace
        self.ends = {"row": self.end_row, "c": self.end_c, "si": self.end_text, "table-row": self.end_table_row,
                     "table-cell": self.end_table_cell, "covered-table-cell": self.end_table_cell}

    def _where(self) -> str:
        sheet = self.sheet.name if self.sheet else self.part
        return f"{sheet}!{column_name(self.col)}{self.row}" if self.sheet else sheet

    def start(self, name: str, attrs: dict) -> None:
        if attrs:
            if max(map(len, attrs.values())) > self.max_chars:  # an ODS office:string-value holds cell text
                limits.CELL_CHARS.check(max(map(len, attrs.values())), file=self.path, field=self._where())
            if "count" in attrs or "uniqueCount" in attrs:  # calamine reserves room for a declared count
                self._declared(attrs)
        handler = self.starts.get(name) or (self.starts.get(name.rpartition(":")[2]) if ":" in name else None)
        if handler is not None:
            handler(attrs)

    def _declared(self, attrs: dict) -> None:
        for key in ("count", "uniqueCount"):
            if key in attrs and _count(attrs[key], 0) > self.max_cells:
                raise LimitError(f"{self.part} declares {key}=\"{attrs[key]}\", more than the {self.max_cells:.0f} "
                                 f"cells a sheet may span (sheet_cells)", file=str(self.path), field="data",
                                 hint=f"save the sheet again from a spreadsheet program, or raise the limit with "
                                      f"{limits.SHEET_CELLS.env}=N if you trust this file")

    def end(self, name: str) -> None:
        handler = self.ends.get(name) or (self.ends.get(name.rpartition(":")[2]) if ":" in name else None)
        if handler is not None:
            handler()

    def chars(self, data: str) -> None:
        if self.text is not None:
            self.text += len(data)
            if self.text > self.max_chars:
                limits.CELL_CHARS.check(self.text, file=self.path, field=self._where())

    # xlsx: <sheetData><row r="2"><c r="B2"><v>..</v></c></row></sheetData>, <sst><si><t>..</t></si></sst>
    def start_sheet_data(self, attrs) -> None:
        self.sheets += 1
        self.sheet, self.row = _Sheet(self.path, self.part), 0

    def start_row(self, attrs) -> None:
        self.row = _count(attrs.get("r"), self.row + 1)
        self.col, self.row_has_value = -1, False

    def end_row(self) -> None:
        if self.sheet is not None and self.row_has_value:
            self.sheet.add_rows(1)

    def start_c(self, attrs) -> None:
        found = CELL_REF.match(attrs.get("r", ""))
        if found:  # past 7 letters or 12 digits a cell is beyond any span: no need to compute how far
            letters, digits = found.group(1).upper(), found.group(2).lstrip("0") or "0"
            col = 26 ** 7
            if len(letters) <= 7:
                col = 0
                for ch in letters:
                    col = col * 26 + ord(ch) - 64
            self.row, self.col = int(digits) if len(digits) <= 12 else 10 ** 12, col - 1
        else:
            self.col += 1
        self.text, self.has_value = 0, False

    def start_value(self, attrs) -> None:
        self.has_value = True

    def end_c(self) -> None:
        if self.sheet is not None and self.has_value:
            self.sheet.value(self.row, self.col)
            self.row_has_value = True
        self.text = None

    def start_text(self, attrs) -> None:
        self.text = 0

    def end_text(self) -> None:
        self.text = None

    # ODS: <table:table><table:table-row number-rows-repeated><table:table-cell number-columns-repeated>
    def start_table(self, attrs) -> None:
        self.sheets += 1
        self.sheet, self.row = _Sheet(self.path, _attr(attrs, "name") or f"sheet {self.sheets}"), 0

    def start_table_row(self, attrs) -> None:
        self.row_rep = max(_count(_attr(attrs, "number-rows-repeated")), 1)
        self.col, self.row_has_value, self.row_cols = 0, False, 0

    def end_table_row(self) -> None:
        if self.sheet is not None and self.row_has_value:
            self.sheet.add_rows(self.row_rep)
            self.sheet.value(self.row + self.row_rep, 0, self.row_cols)
        self.row += self.row_rep

    def start_table_cell(self, attrs) -> None:
        self.col_rep = max(_count(_attr(attrs, "number-columns-repeated")), 1)
        self.text, self.has_value = 0, _attr(attrs, "value-type") is not None

    def start_p(self, attrs) -> None:
        if self.text is not None:
            self.has_value = True

    def end_table_cell(self) -> None:
        if self.has_value:
            self.row_has_value = True
            self.row_cols = self.col + self.col_rep
            if self.sheet is not None:  # the span as it grows, before the row ends
                self.sheet.value(self.row + 1, self.col, self.col_rep)
        self.col += self.col_rep
        self.text = None


def _refuse_entity(*args) -> None:
    raise ValueError("an entity declaration (spreadsheet XML has none)")


def _parser(scan: _Scan):
    """An expat parser feeding scan; entity declarations (the makings of an entity bomb) are refused."""
    parser = expat.ParserCreate()  # names as written: handlers match them by local name
    parser.StartElementHandler, parser.EndElementHandler = scan.start, scan.end
    parser.CharacterDataHandler = scan.chars
    parser.buffer_text = True
    parser.EntityDeclHandler = _refuse_entity
    return parser


def check_sheet_file(path: Path) -> None:
    """Refuse a spreadsheet whose size, unzipped XML, cell span, rows, declared counts or cell text pass
    pnp.limits, reading its XML once with bounded memory before calamine parses it."""
    limits.FILE_BYTES.check(path.stat().st_size, file=path, field="data")
    budget = limits.SHEET_XML_BYTES.value
    try:
        book = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise CardsetError(f"cannot read the spreadsheet: {exc}", file=str(path), field="data",
                           expected="an .xlsx or .ods file", hint="save the sheet again from your spreadsheet program") \
            from None
    with book:
        for info in book.infolist():
            try:
                with book.open(info) as part:
                    block = part.read(CHUNK)
                    if not block.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"<", b"\xff\xfe", b"\xfe\xff")):
                        continue  # not XML (an image, a macro store): the spreadsheet library does not parse it
                    parser = _parser(_Scan(path, info.filename))
                    while block:
                        budget -= len(block)
                        if budget < 0:
                            limits.SHEET_XML_BYTES.check(limits.SHEET_XML_BYTES.value - budget, file=path,
                                                         field=info.filename)
                        parser.Parse(block, False)
                        block = part.read(CHUNK)
                    parser.Parse(b"", True)
            except (expat.ExpatError, ValueError, zipfile.BadZipFile, OSError, EOFError, NotImplementedError,
                    RuntimeError) as exc:
                raise CardsetError(f"cannot read the spreadsheet: {info.filename} is damaged ({exc})", file=str(path),
                                   field="data", expected="an .xlsx or .ods file",
                                   hint="save the sheet again from your spreadsheet program") from None
