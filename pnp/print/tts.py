"""Tabletop Simulator export: card sheets and saved-object JSON that TTS imports (decks, single cards, boards, tiles).

The JSON follows the saved-object shape TTS writes itself (outer SaveName/ObjectStates/...; each object with
GUID, Name, Transform, Nickname, ...): single cards are `Card` objects, decks `DeckCustom` with a CustomDeck key
unique across the job, boards `Custom_Board` and tokens `Custom_Tile`. Image URLs are local file:// URLs unless
a hosting base URL is given (friends in a multiplayer game can only load hosted images).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from pnp.cardset.model import CardSet, Component
from pnp.outpath import OutFolder, make_folder, out_path, write_file
from pnp.print.exports import face_pdf, rasterise
from pnp.print.options import PrintOptions

TTS_MAX_COLS, TTS_MAX_ROWS, TTS_MAX_PX = 10, 7, 4096
TILE_BOX, TILE_CIRCLE = 0, 2                 # CustomTile.Type values (Box, Hex, Circle, Rounded)
SPACING = 4.0                                # TTS units between spawned objects along x


@dataclass
class TtsOptions:
    """How a job's TTS export is written; `used_keys` keeps CustomDeck keys unique across the whole job."""

    url: str | None = None                   # base URL the sheets will be hosted at (else file:// URLs)
    saved_objects: Path | None = None        # also copy each saved object into this folder
    used_keys: set[int] = field(default_factory=set)

    def deck_key(self, *names: str) -> int:
        """A CustomDeck key from the deck's names (stable between runs), bumped until unused in this job."""
        key = int(hashlib.sha1("/".join(names).encode()).hexdigest()[:8], 16) % 9000 + 1000
        while key in self.used_keys:
            key = key + 1 if key < 9999 else 1000
        self.used_keys.add(key)
        return key

    def image_url(self, path: Path) -> str:
        """The URL TTS loads an image from: BASE/<set folder>/<file> when hosted, else its file:// URL."""
        if self.url:
            return f"{self.url.rstrip('/')}/{quote(path.parent.name)}/{quote(path.name)}"
        return path.resolve().as_uri()


def default_saved_objects() -> Path:
    """TTS's Saved Objects folder on this platform."""
    home = Path.home()
    if sys.platform.startswith("win"):
        docs = Path(os.environ.get("USERPROFILE", home)) / "Documents"
        return docs / "My Games" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    if sys.platform == "darwin":
        return home / "Library" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    return home / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"


def tts_card_px(size: tuple[float, float]) -> tuple[int, int]:
    """Card pixel size so a 10 x 7 sheet stays within 4096 px each way, keeping the aspect ratio."""
    w, h = size
    cw = min(TTS_MAX_PX // TTS_MAX_COLS, int(TTS_MAX_PX // TTS_MAX_ROWS * w / h))
    return cw, int(round(cw * h / w))


def _guid(*names: str) -> str:
    return hashlib.sha1("/".join(names).encode()).hexdigest()[:6]


def _transform(x: float = 0.0, flipped: bool = False) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _object(name: str, nickname: str, guid: str, x: float, *, flipped=False) -> dict:
    """The fields every TTS object carries."""
    return {"GUID": guid, "Name": name, "Transform": _transform(x, flipped), "Nickname": nickname,
            "Description": "", "GMNotes": "", "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259,
                                                                         "b": 0.713235259},
            "LayoutGroupSortIndex": 0, "Value": 0, "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": False, "Hands": False, "XmlUI": "", "LuaScript": "",
            "LuaScriptState": ""}


def saved_object(name: str, objects: list[dict]) -> dict:
    """The outer saved-object file around objects, as TTS writes it."""
    return {"SaveName": name, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "TabStates": {}, "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects}


def _render(cs: CardSet, comp: Component, faces, options: PrintOptions, px):
    return rasterise(face_pdf(cs, comp, faces, options), size_px=px) if faces else []


def _png(img, path: Path) -> Path:
    """Write a PIL image as a PNG at path, whole or not at all."""
    return write_file(path, lambda out: img.save(out, format="PNG"))


def _deck(cs, comp, options, folder: OutFolder, tts: TtsOptions) -> tuple[list[Path], list[dict]]:
    """Sheets of at most 10 x 7 (69 cards and the hidden slot) and the deck (or single Card) object."""
    px = tts_card_px(comp.size)
    pieces = comp.pieces
    fronts = _render(cs, comp, [(p, "front") for p in pieces], options, px)
    backs = [p for p in pieces if p.has_back]
    back_of = dict(zip([p.id for p in backs], _render(cs, comp, [(p, "back") for p in backs], options, px)))
    per_sheet = TTS_MAX_COLS * TTS_MAX_ROWS - 1
    files, custom, cards = [], {}, []
    for s, start in enumerate(range(0, len(pieces), per_sheet), start=1):
        chunk = list(range(start, min(start + per_sheet, len(pieces))))
        cols = min(TTS_MAX_COLS, max(2, len(chunk) + 1))
        rows = math.ceil((len(chunk) + 1) / cols)
        sheet = Image.new("RGB", (cols * px[0], rows * px[1]), "white")
        back_sheet = Image.new("RGB", sheet.size, "white")
        for k, i in enumerate(chunk):
            r, c = divmod(k, cols)
            sheet.paste(fronts[i], (c * px[0], r * px[1]))
            if pieces[i].id in back_of:
                back_sheet.paste(back_of[pieces[i].id], (c * px[0], r * px[1]))
        face_path = _png(sheet, folder.file(comp.name, f"-{s}.png", key=(comp.name, s, "front")))
        back_path = _png(back_sheet, folder.file(comp.name, f"-{s}-back.png", key=(comp.name, s, "back")))
        files += [face_path, back_path]
        key = tts.deck_key(cs.slug, comp.name, str(s))
        custom[str(key)] = {"FaceURL": tts.image_url(face_path), "BackURL": tts.image_url(back_path),
                            "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": True, "Type": 0}
        for k, i in enumerate(chunk):
            for copy in range(pieces[i].copies):
                card = _object("Card", str(pieces[i].fields.get("name") or pieces[i].id),
                               _guid(cs.slug, comp.name, pieces[i].id, str(copy)), 0.0, flipped=True)
                card.update({"Hands": True, "CardID": key * 100 + k, "SidewaysCard": comp.size[0] > comp.size[1],
                             "CustomDeck": {str(key): custom[str(key)]}})
                cards.append(card)
    if len(cards) == 1:  # a one-card deck does not show up in TTS: a lone card is a Card, face up
        cards[0]["Transform"]["rotZ"] = 0.0
        return files, cards
    deck = _object("DeckCustom", f"{cs.name}: {comp.name}", _guid(cs.slug, comp.name), 0.0, flipped=True)
    deck.update({"SidewaysCard": comp.size[0] > comp.size[1], "DeckIDs": [c["CardID"] for c in cards],
                 "CustomDeck": custom, "ContainedObjects": cards})
    return files, [deck]


def _board(cs, comp, options, folder: OutFolder, tts: TtsOptions) -> tuple[list[Path], list[dict]]:
    """One Custom_Board per board or track, its image at most 4096 px on the long side."""
    w, h = comp.size
    scale = TTS_MAX_PX / max(w, h)
    px = (max(1, round(w * scale)), max(1, round(h * scale)))
    img = _render(cs, comp, [(comp.pieces[0], "front")], replace(options, bleed=0.0), px)[0]
    path = _png(img, folder.file(comp.name, ".png", key=(comp.name, "board")))
    board = _object("Custom_Board", f"{cs.name}: {comp.name}", _guid(cs.slug, comp.name), 0.0)
    board.update({"Locked": False, "CustomImage": {"ImageURL": tts.image_url(path), "ImageSecondaryURL": "",
                                                   "ImageScalar": 1.0, "WidthScale": 0.0}})
    return [path], [board]


def _tiles(cs, comp, options, folder: OutFolder, tts: TtsOptions) -> tuple[list[Path], list[dict]]:
    """One Custom_Tile per token copy (round tokens are circle tiles), front and back images."""
    px = tuple(max(1, round(v / 25.4 * 300)) for v in comp.size)
    pieces = comp.pieces
    fronts = _render(cs, comp, [(p, "front") for p in pieces], options, px)
    backs = dict(zip([p.id for p in pieces if p.has_back],
                     _render(cs, comp, [(p, "back") for p in pieces if p.has_back], options, px)))
    files, objects = [], []
    for piece, img in zip(pieces, fronts):
        front = _png(img, folder.file(f"{comp.name}-{piece.id}", ".png", key=(comp.name, piece.id, "front")))
        files.append(front)
        back_url = ""
        if piece.id in backs:
            back = _png(backs[piece.id], folder.file(f"{comp.name}-{piece.id}", "-back.png",
                                                     key=(comp.name, piece.id, "back")))
            files.append(back)
            back_url = tts.image_url(back)
        for copy in range(piece.copies):
            tile = _object("Custom_Tile", str(piece.fields.get("name") or piece.id),
                           _guid(cs.slug, comp.name, piece.id, str(copy)), len(objects) * 0.1)
            tile["CustomImage"] = {"ImageURL": tts.image_url(front), "ImageSecondaryURL": back_url,
                                   "ImageScalar": 1.0, "WidthScale": 0.0,
                                   "CustomTile": {"Type": TILE_CIRCLE if comp.shape == "round" else TILE_BOX,
                                                  "Thickness": 0.1, "Stackable": True, "Stretch": True}}
            objects.append(tile)
    return files, objects


def export_tts(cs: CardSet, options: PrintOptions, out_dir: Path, tts: TtsOptions | None = None,
               tick=None) -> list[Path]:
    """Images and one saved-object JSON per component in <out>/<slug>-tts/ (and the Saved Objects folder).

    Names from the set pass through pnp.outpath; each file is written whole or not at all.
    """
    tts = tts or TtsOptions()
    folder = OutFolder(make_folder(out_path(make_folder(out_dir, link_ok=True), cs.slug, "-tts")))
    saved = None
    files: list[Path] = []
    for comp in cs.components:
        build = _board if comp.type == "board" else _tiles if comp.type == "tokens" else _deck
        images, objects = build(cs, comp, options, folder, tts)
        for i, obj in enumerate(objects if build is not _tiles else []):
            obj["Transform"]["posX"] = i * SPACING
        text = json.dumps(saved_object(f"{cs.name}: {comp.name}", objects), indent=2, ensure_ascii=False)
        json_path = write_file(folder.file(comp.name, ".json", key=(comp.name, "json")), text)
        files += images + [json_path]
        if tts.saved_objects is not None:
            if saved is None:
                pnp_objects = make_folder(Path(tts.saved_objects) / "pnp", link_ok=True)
                saved = OutFolder(make_folder(out_path(pnp_objects, cs.slug)))
            target = write_file(saved.file(comp.name, ".json", key=(comp.name, "json")), text)
            if images:  # TTS shows <name>.png beside a saved object as its thumbnail
                with Image.open(images[0]) as im:
                    im.thumbnail((256, 256))
                    _png(im, saved.file(comp.name, ".png", key=(comp.name, "thumbnail")))
            files.append(target)
        if tick:
            tick(1)  # one component done (the print command's progress bar)
    return files
