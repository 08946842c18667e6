"""Card rows from a CSV file, strictly: UTF-8, comma-separated, every row as wide as the header."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from pnp import limits
from pnp.cardset.sheets import check_cells, duplicate_header
from pnp.errors import CardsetError
from pnp.textfile import read_text


def read_csv(path: Path) -> list[dict]:
    """Rows as dicts of stripped strings; ragged rows, semicolon files, blank or repeated headers, control
    characters and over-long cells are refused."""
    text = read_text(path, field="data")
    csv.field_size_limit(max(csv.field_size_limit(), int(limits.CELL_CHARS.value) + 1))  # so a raised cell_chars limit is the one met
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):  # only past Python's own limit (131072), above ours
            limits.CELL_CHARS.check(csv.field_size_limit(), file=path, field="data")
        raise CardsetError(f"not valid CSV ({exc})", file=str(path), field="data",
                           hint="save it again as CSV from a spreadsheet") from None
    rows = [r for r in rows if any(c.strip() for c in r)]
    limits.ROWS.check(len(rows) - 1, file=path, field="data")
    if not rows:
        return []
    header = [h.strip() for h in rows[0]]
    if len(header) == 1 and header[0].count(";") >= 1:
        raise CardsetError("the header is one column holding ';' - a semicolon-separated file", file=str(path),
                           field="data", expected="comma-separated values",
                           hint="save it as CSV with commas (or 'CSV UTF-8 (comma delimited)')")
    if "" in header:
        raise CardsetError(f"column {header.index('') + 1} of the header has no name", file=str(path), field="data",
                           expected="a name for every column", hint="name the column or remove it")
    duplicate_header(header, path, line=1)
    check_cells(header, path, 1, header)
    out = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise CardsetError(f"row {line} has {len(row)} values but the header has {len(header)} columns",
                               file=str(path), field="data", expected=f"{len(header)} comma-separated values",
                               hint="quote values containing commas (\"a, b\") and fill or remove the extra cells")
        check_cells(row, path, line, header)
        out.append({k: v.strip() for k, v in zip(header, row)})
    return out
