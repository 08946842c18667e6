"""Card-set names that become output file names (the slug, component names, card ids), checked by pnp.outpath's
rules: one line per unsafe name, naming the file, row and field."""
from __future__ import annotations

from pnp.cardset.model import CardSet
from pnp.cardset.yamlpos import located
from pnp.errors import CardsetError
from pnp.outpath import MAX_NAME_BYTES, name_problem, shown

EXPECTED = "a name that can be a file name, as it names output files"
HINT = (f"use letters, digits, spaces, '-' and '_' (no / \\ : * ? \" < > |, no control characters, no leading '.', "
        f"no device names like CON or NUL, at most {MAX_NAME_BYTES} bytes)")


def unsafe_names(cs: CardSet) -> list[str]:
    """One error line per slug, component name or card id that pnp.outpath would have to change to write it."""
    manifest = cs.manifest
    out = []

    def report(what: str, name, file, field: str, card=None) -> None:
        problem = name_problem(name)
        if problem:
            out.append(CardsetError(f"{what} '{shown(name)}' {problem}", file=str(file), card=card, field=field,
                                    expected=EXPECTED, hint=HINT).one_line())

    report("slug", cs.slug, located(manifest, "slug") if manifest else cs.folder, "slug")
    for i, comp in enumerate(cs.components):
        report("component name", comp.name, located(manifest, "components", i, "name") if manifest else cs.folder,
               f"components.{i}.name")
        for piece in comp.pieces:
            if piece.source == f"component {comp.name}" and piece.id in (comp.name, f"{comp.name}-1"):
                continue  # a track's or a data-less component's piece: its id is made from the name reported above
            if piece.image is not None or " row " in piece.source:  # an image file, or a data file's row
                file = cs.folder / piece.source
            else:
                file = located(manifest, "components", i, "fields", "id") if manifest else cs.folder
            report("card id", piece.id, file, "id", shown(piece.id))
    return out
