"""Preview: PNGs of just the named cards of a set (by id, name or component), for the designer's edit-and-look loop."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.model import CardSet, Component, Piece
from pnp.errors import UsageError
from pnp.names import suggest
from pnp.outpath import OutFolder, make_folder, write_file
from pnp.print.exports import face_pdf, rasterise
from pnp.print.options import PrintOptions
from pnp.print.render import effective_options


@dataclass
class PreviewResult:
    """The PNG files written, one per face, and the cards they show."""

    files: list[Path] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        """JSON form."""
        return {"files": [str(f) for f in self.files], "cards": self.cards}


def select(cs: CardSet, names: list[str]) -> list[tuple[Component, Piece]]:
    """Pieces named by id, by `name` field (case-insensitive) or by component; none named: each component's first."""
    if not names:
        return [(c, c.pieces[0]) for c in cs.components if c.pieces]
    chosen: list[tuple[Component, Piece]] = []
    for name in names:
        key = name.casefold()
        hits = [(c, p) for c in cs.components for p in c.pieces if p.id == name]
        hits = hits or [(c, p) for c in cs.components for p in c.pieces
                        if str(p.fields.get("name") or "").casefold() == key]
        hits = hits or [(c, p) for c in cs.components if c.name.casefold() == key for p in c.pieces]
        if not hits:
            known = [p.id for c in cs.components for p in c.pieces] + [c.name for c in cs.components]
            near = suggest(name, known + [str(p.fields.get("name")) for c in cs.components for p in c.pieces
                                           if p.fields.get("name")], n=1)
            raise UsageError(f"no card or component '{name}' in {cs.slug}", field="CARD",
                             expected="a card id, a card name or a component name",
                             hint=(f"did you mean '{near[0]}'? " if near else "") +
                                  f"ids: {', '.join(known[:12])}{' ...' if len(known) > 12 else ''}")
        chosen += [h for h in hits if h not in chosen]
    return chosen


def preview(cs: CardSet, names: list[str], out_dir: Path, *, back: bool = False, dpi: int = 150,
            options=None) -> PreviewResult:
    """Write <out_dir>/<id>[-back].png for each chosen card (trimmed, at dpi); backs only with back=True.

    Card ids pass through pnp.outpath (the same id in two components gets two files); each PNG is written whole.
    """
    options = effective_options(cs, options or PrintOptions())
    folder = OutFolder(make_folder(Path(out_dir), link_ok=True))
    result = PreviewResult()
    by_comp: dict[str, tuple[Component, list]] = {}
    for comp, piece in select(cs, names):
        faces = by_comp.setdefault(comp.name, (comp, []))[1]
        faces.append((piece, "front"))
        if back and piece.has_back:
            faces.append((piece, "back"))
        result.cards.append(piece.id)
    if back and not any(side == "back" for _, faces in by_comp.values() for _, side in faces):
        raise UsageError("none of the chosen cards has a back", field="--back",
                         hint="give the set's components a back: or leave out --back")
    for comp, faces in by_comp.values():
        for (piece, side), img in zip(faces, rasterise(face_pdf(cs, comp, faces, options), dpi=dpi)):
            path = folder.file(piece.id, "-back.png" if side == "back" else ".png", key=(comp.name, piece.id, side))
            write_file(path, lambda out, img=img: img.save(out, format="PNG", dpi=(dpi, dpi)))
            result.files.append(path)
    return result

