"""Load a card-set folder (manifest, layouts, CSV/YAML data, image decks) into a CardSet."""
from __future__ import annotations

import math
from pathlib import Path

import yaml

from pnp import limits
from pnp.cardset.bounds import check_bounds, check_row, check_shapes
from pnp.cardset.csvrows import read_csv
from pnp.cardset.images import check_image
from pnp.cardset.svg import check_svg, is_svg
from pnp.cardset.inside import inside
from pnp.cardset.layout import Layout, resolve_layouts
from pnp.cardset.fonts import font_families
from pnp.cardset.model import CardSet, Component, Piece
from pnp.cardset.schema import check_layouts, check_manifest
from pnp.cardset.sheets import SHEET_EXTS, read_sheet, sheet_name
from pnp.cardset.sizes import parse_size
from pnp.cardset.track import track_layout
from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.names import suggest
from pnp.textfile import read_text
from pnp.yamlio import load_yaml

MANIFEST = "cardset.yaml"
IMAGE_EXTS = (".png", ".jpg", ".jpeg")
RESERVED = {"id", "copies", "qty", "layout", "back", "back_layout"}


def read_yaml(path: Path):
    """A card set's YAML file (bounded, UTF-8) as data; bad YAML is a one-line CardsetError naming the line."""
    try:
        return load_yaml(read_text(path), file=path)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f", line {mark.line + 1}" if mark else ""
        raise CardsetError(f"not valid YAML{line}: {getattr(exc, 'problem', exc)}", file=str(path),
                           hint="fix the YAML syntax") from None
    except OSError as exc:
        raise CardsetError(f"cannot read file: {exc.strerror}", file=str(path), hint="check the path") from None


def _number(value, file, field, *, minimum=0.0) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        v = None
    if v is None or not math.isfinite(v) or v < minimum:
        raise CardsetError(f"bad value {value!r}", file=str(file), field=field,
                           expected=f"a number of mm >= {minimum:g}", hint=f"set {field} to a number")
    return v


def read_rows(path: Path) -> list[dict]:
    """Card rows from a CSV, YAML or spreadsheet (.xlsx, .ods; `book.xlsx#Sheet` names a sheet) file."""
    sheet = sheet_name(path)
    if sheet is not None:
        return read_sheet(path.with_name(path.name[:-len(sheet) - 1]), sheet)
    if not path.exists():
        raise CardsetError("data file not found", file=str(path), field="data", hint="fix the path in cardset.yaml")
    if path.suffix.lower() == ".csv":
        return read_csv(path)
    if path.suffix.lower() in (".yaml", ".yml"):
        data = read_yaml(path)
        if isinstance(data, dict) and "cards" in data:
            data = data["cards"]
        if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
            raise CardsetError("card data must be a list of cards", file=str(path), field="cards",
                               expected="a YAML list of mappings (or cards: [...])", hint="see 'pnp docs cardsets'")
        limits.ROWS.check(len(data), file=path, field="data")
        return data
    if path.suffix.lower() in SHEET_EXTS:
        return read_sheet(path)
    raise CardsetError(f"unsupported data file type '{path.suffix}'", file=str(path), field="data",
                       expected=".csv, .yaml, .yml, .xlsx or .ods", hint="convert the data to CSV or YAML")


def _copies(row: dict, file, card) -> int:
    raw = row.get("copies", row.get("qty", 1))
    if raw in (None, ""):
        return 1
    try:
        n = int(str(raw).strip())
    except ValueError:
        n = -1
    if n < 0:
        raise CardsetError(f"bad copies value {raw!r}", file=str(file), card=card, field="copies",
                           expected="a whole number >= 0", hint="write e.g. 3")
    return n


def _image_path(folder: Path, value, file, card, field) -> Path:
    path = inside(folder, value, file=file, card=card, field=field, what="image")
    if not path.is_file():
        raise CardsetError(f"image '{value}' not found", file=str(file), card=card, field=field,
                           expected=f"an image file relative to {folder}", hint="add the file or fix the name")
    if is_svg(path):
        check_svg(path, file=file, card=card, field=field)
    else:
        check_image(path, file=file, card=card, field=field)
    return path


def _unknown_layout(name, layouts, file, field: str, card: str | None = None) -> CardsetError:
    near = suggest(str(name), list(layouts), n=1)
    return CardsetError(f"unknown layout '{name}'", file=str(file), card=card, field=field,
                        expected=f"one of {', '.join(sorted(layouts)) or '(none defined)'}",
                        hint=f"did you mean '{near[0]}'?" if near else "define the layout or fix its name")


def _images_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXTS and p.is_file())


def _back(spec, folder: Path, layouts, file, where) -> tuple[str | None, Path | None]:
    if spec is None:
        return None, None
    if not isinstance(spec, dict):
        raise CardsetError(f"bad back in {where}", file=str(file), field="back",
                           expected="{layout: NAME} or {image: FILE}", hint="see 'pnp docs cardsets'")
    if "layout" in spec:
        if spec["layout"] not in layouts:
            raise CardsetError(f"unknown back layout '{spec['layout']}' in {where}", file=str(file), field="back.layout",
                               expected=f"one of {', '.join(sorted(layouts)) or '(no layouts defined)'}",
                               hint="define the layout or fix its name")
        return spec["layout"], None
    if "image" in spec:
        return None, _image_path(folder, spec["image"], file, None, "back.image")
    return None, None


def _data_pieces(comp: dict, folder: Path, layouts, file, name: str) -> list[Piece]:
    files = comp.get("data")
    rows: list[tuple[dict, str, Path]] = []
    if files is not None:
        for f in files if isinstance(files, list) else [files]:
            path = inside(folder, f, file=file, field="data", what="data file")
            data = read_rows(path)
            lines = getattr(data, "lines", None) or [i + 2 if path.suffix.lower() == ".csv" else i + 1
                                                     for i in range(len(data))]
            rows += [(r, f"{f} row {n}", path) for r, n in zip(data, lines)]
    elif "fields" in comp:
        rows = [(dict(comp["fields"] or {}), f"component {name} fields", file)]
    else:
        rows = [({}, f"component {name}", file)]
    all_keys = {k for r, _, _ in rows for k in r}
    back_layout, back_image = _back(comp.get("back"), folder, layouts, file, f"component '{name}'")
    pieces, seen = [], set()
    for i, (row, where, path) in enumerate(rows):
        card = str(row.get("id") or f"{name}-{i + 1}")
        at = folder / where if path != file else path  # a data row's mistakes name the file and row
        if card in seen:
            raise CardsetError(f"duplicate card id '{card}'", file=str(at), card=card, field="id",
                               expected="unique ids", hint="rename one of the cards")
        seen.add(card)
        check_row(row, path, card)
        layout = row.get("layout") or comp.get("layout")
        if not layout:
            raise CardsetError(f"no layout for {where}", file=str(file), card=card, field="layout",
                               expected=f"one of {', '.join(sorted(layouts)) or '(none defined)'}",
                               hint=f"set layout: on component '{name}' or a layout column")
        if layout not in layouts:
            raise _unknown_layout(layout, layouts, at, "layout", card)
        b_layout, b_image = back_layout, back_image
        if row.get("back_layout"):
            if row["back_layout"] not in layouts:
                raise _unknown_layout(row["back_layout"], layouts, at, "back_layout", card)
            b_layout, b_image = row["back_layout"], None
        if row.get("back"):
            b_layout, b_image = None, _image_path(folder, row["back"], at, card, "back")
        fields = {k: None for k in all_keys - RESERVED}
        fields.update({k: v for k, v in row.items() if k not in RESERVED})
        fields["id"] = card
        pieces.append(Piece(card, fields, _copies(row, at, card), layout, None, b_layout, b_image, where))
    return pieces


def _image_pieces(folder: Path, fronts: Path, backs: Path | None, back_image: Path | None, file) -> list[Piece]:
    if not fronts.is_dir():
        raise CardsetError("image folder not found", file=str(fronts), field="images",
                           hint="create the folder or fix the path")
    images = [p for p in _images_in(fronts) if p.stem.lower() != "back"]
    pieces = []
    for img in images:
        _image_path(folder, img.absolute(), img, img.stem, "image")
        back = back_image
        if backs is not None:
            matches = [b for b in _images_in(backs) if b.stem == img.stem]
            if not matches:
                raise CardsetError(f"no back for front '{img.name}'", file=str(backs), card=img.stem, field="back",
                                   expected=f"an image named {img.stem}.png or .jpg in {backs}",
                                   hint="add the back image or remove the backs folder")
            back = _image_path(folder, matches[0].absolute(), matches[0], img.stem, "back")
        pieces.append(Piece(img.stem, {"id": img.stem, "name": img.stem}, 1, None, img.resolve(), None,
                            back.resolve() if back else None, img.name))
    return pieces


def _component(comp, folder: Path, layouts: dict[str, Layout], file, index: int) -> Component:
    if not isinstance(comp, dict):
        raise CardsetError(f"component {index + 1} is not a mapping", file=str(file), field="components",
                           expected="name, type, size, ...", hint="see 'pnp docs cardsets'")
    name = str(comp.get("name") or f"component-{index + 1}")
    ctype = comp.get("type", "cards")
    shape = comp.get("shape", "square")
    overlap = _number(comp.get("overlap", 10), file, "overlap")
    if ctype == "track":
        layout, size = track_layout(name, comp, file)
        layouts[layout.name] = layout
        piece = Piece(f"{name}", {"id": name}, 1, layout.name, source=f"component {name}")
        return Component(name, "board", size, [piece], shape, overlap)
    if "size" not in comp:
        raise CardsetError(f"component '{name}' has no size", file=str(file), field="size",
                           expected="a preset or [width, height] in mm", hint="add size: poker")
    size = parse_size(comp["size"], file=str(file), field=f"components.{name}.size")
    for keys in (("layout",), ("back", "layout")):  # a manifest typo is reported at its line, not per card
        value = comp.get(keys[0]) if len(keys) == 1 else (comp.get("back") or {}).get("layout")
        if value is not None and value not in layouts:
            raise _unknown_layout(value, layouts, located(file, "components", index, *keys), ".".join(keys))
    if "images" in comp:
        b_layout, b_image = _back(comp.get("back"), folder, layouts, file, f"component '{name}'")
        backs = inside(folder, comp["backs"], file=file, field="backs", what="folder") if comp.get("backs") else None
        pieces = _image_pieces(folder, inside(folder, comp["images"], file=file, field="images", what="folder"),
                               backs, b_image, file)
        for p in pieces:
            p.back_layout = p.back_layout or b_layout
    else:
        pieces = _data_pieces(comp, folder, layouts, file, name)
    return Component(name, ctype, size, pieces, shape, overlap)


def _bare_image_deck(folder: Path) -> CardSet:
    backs_dir = folder / "backs"
    back = next((p for p in _images_in(folder) if p.stem.lower() == "back"), None)
    if back is not None:
        _image_path(folder, back.absolute(), back, None, "back")
    pieces = _image_pieces(folder, folder, backs_dir if backs_dir.is_dir() else None, back, folder)
    comp = Component("cards", "cards", (63.0, 88.0), pieces)
    return CardSet(folder.name, folder.name, folder, 3.0, 3.0, {}, [comp])


def load_cardset(folder: Path) -> CardSet:
    """Load and structurally check a card-set folder (raises CardsetError naming file and field)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CardsetError("card set folder not found", file=str(folder), hint="give a folder path or a game name")
    file = folder / MANIFEST
    if not file.exists():
        if _images_in(folder):
            return _finish(_bare_image_deck(folder))
        raise CardsetError(f"no {MANIFEST} and no images", file=str(folder), field=MANIFEST,
                           expected="a manifest or a folder of PNG/JPG fronts", hint="see 'pnp docs cardsets'")
    raw = read_yaml(file) or {}
    if not isinstance(raw, dict):
        raise CardsetError("manifest must be a mapping", file=str(file), expected="name:, components:, ...",
                           hint="see 'pnp docs cardsets'")
    check_manifest(raw, file)
    layouts_raw = raw.get("layouts") or {}
    layouts_file, prefix = file, ("layouts",)
    if isinstance(layouts_raw, str):
        layouts_file, prefix = inside(folder, layouts_raw, file=file, field="layouts", what="layouts file"), ()
        layouts_raw = read_yaml(layouts_file) or {}
        check_layouts(layouts_raw, layouts_file)
    check_shapes(raw, layouts_raw, file, layouts_file)
    layouts = resolve_layouts(layouts_raw, str(layouts_file), prefix)
    fonts = font_families(folder, raw.get("fonts"), layouts, file)
    icons = {str(k): _image_path(folder, v, file, None, f"icons.{k}") for k, v in (raw.get("icons") or {}).items()}
    comps = raw.get("components")
    if not comps:
        raise CardsetError("the card set has no components", file=str(file), field="components",
                           expected="at least one component", hint="add a components: list")
    components = [_component(c, folder, layouts, file, i) for i, c in enumerate(comps)]
    cs = CardSet(name=str(raw.get("name") or folder.name), slug=str(raw.get("slug") or folder.name), folder=folder,
                 bleed=_number(raw.get("bleed", 3), file, "bleed"), safe=_number(raw.get("safe", 3), file, "safe"),
                 layouts=layouts, components=components, icons=icons, author=str(raw.get("author") or ""),
                 print_defaults=dict(raw.get("print") or {}), manifest=file, fonts=fonts)
    check_bounds(cs, layouts_file)
    return _finish(cs)


def _finish(cs: CardSet) -> CardSet:
    if cs.count == 0:
        where = cs.manifest or cs.folder
        raise CardsetError("the card set is empty: no card has copies > 0", file=str(where), field="copies",
                           expected="at least one card to print", hint="add data rows or set copies above 0")
    return cs
