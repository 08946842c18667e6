"""A card set's own fonts (`fonts:` in the manifest, or a TTF path as a box's font) and the check of box fonts."""
from __future__ import annotations

from pathlib import Path

from pnp import limits
from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.names import suggest

FONT_EXTS = (".ttf", ".otf")
BUNDLED = ("regular", "bold", "italic", "bold-italic")  # the bundled family's box font names (pnp.print.fonts draws them)
STYLE_SUFFIX = {"": (False, False), "-bold": (True, False), "-italic": (False, True), "-bold-italic": (True, True)}
DISPLAY_FACES = ("cinzel",)  # bundled display faces for titles (pnp.print.fonts draws them): cinzel, cinzel-bold, ...


def font_names(families) -> list[str]:
    """Every box font name a set may use: the bundled four, the display faces (cinzel, cinzel-bold, ...) and
    NAME, NAME-bold, ... for each of its families."""
    return list(BUNDLED) + [f"{fam}{suffix}" for fam in list(DISPLAY_FACES) + list(families) for suffix in STYLE_SUFFIX]


def _font_file(folder: Path, value, manifest: Path, keys: tuple) -> Path:
    path = (folder / str(value)).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise CardsetError(f"font file '{value}' is outside the card set", file=located(manifest, *keys),
                           field=".".join(map(str, keys)), expected="a path inside the set folder",
                           hint="copy the font into the set, e.g. fonts/")
    if path.suffix.lower() not in FONT_EXTS or not path.is_file():
        problem = "is not a .ttf or .otf file" if path.suffix.lower() not in FONT_EXTS else "not found"
        raise CardsetError(f"font file '{value}' {problem}", file=located(manifest, *keys), field=".".join(map(str, keys)),
                           expected=f"a .ttf or .otf file relative to {folder}", hint="add the file or fix the path")
    limits.FONT_BYTES.check(path.stat().st_size, file=located(manifest, *keys), field=".".join(map(str, keys)))
    return path


def font_families(folder: Path, spec, layouts: dict, manifest: Path) -> dict[str, dict[str, Path]]:
    """Families from `fonts:` (NAME: file, or NAME: {regular, bold, italic, bold_italic}) and TTF box fonts.

    Every box's `font` must then be a known name; an unknown one is an error at its line listing the valid ones.
    """
    families: dict[str, dict[str, Path]] = {}
    if spec is not None and not isinstance(spec, dict):
        raise CardsetError("fonts must be a mapping of family names", file=located(manifest, "fonts"), field="fonts",
                           expected="NAME: file.ttf or NAME: {regular: ..., bold: ..., italic: ..., bold_italic: ...}",
                           hint="see 'pnp docs cardsets'")
    for family, files in (spec or {}).items():
        family = str(family)
        if family in font_names(()):
            raise CardsetError(f"font family '{family}' hides a bundled font name", file=located(manifest, "fonts", family),
                               field=f"fonts.{family}", expected="a name other than regular, bold, italic, bold-italic",
                               hint="rename the family, e.g. 'body'")
        if not isinstance(files, dict):
            files = {"regular": files}
        if not files:
            raise CardsetError(f"font family '{family}' has no files", file=located(manifest, "fonts", family),
                               field=f"fonts.{family}", expected="at least a regular face", hint="add regular: FILE.ttf")
        families[family] = {face: _font_file(folder, v, manifest, ("fonts", family, face)) for face, v in files.items()}
    for layout in layouts.values():
        for box in layout.boxes:
            name = box.get("font")
            if name is None or not isinstance(name, str):
                if name is not None:
                    _unknown_font(name, box, layout, families)
                continue
            if name in families or name in font_names(families):
                continue
            if name.lower().endswith(FONT_EXTS) and (folder / name).is_file():
                families[name] = {"regular": _font_file(folder, name, Path(box.file), box.keys + ("font",))}
                continue
            _unknown_font(name, box, layout, families)
    return families


def _unknown_font(name, box, layout, families) -> None:
    valid = font_names(families)
    near = suggest(str(name), list(valid), n=1)
    raise CardsetError(f"unknown font '{name}' in layout '{layout.name}' box '{box.name}'",
                       file=located(box.file, *box.keys, "font") if box.keys else box.file, field="font",
                       expected=f"one of {', '.join(valid)}, or a .ttf file in the set",
                       hint=(f"did you mean '{near[0]}'? " if near else "") +
                            "name your own TTF files under fonts: in cardset.yaml")
