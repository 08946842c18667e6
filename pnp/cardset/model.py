"""The loaded card set: components and their pieces (cards, tokens, boards, tracks, aids)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.cardset.layout import Layout


@dataclass
class Piece:
    """One card design (or token, board, aid) with its data fields and how many copies to print."""

    id: str
    fields: dict
    copies: int = 1
    layout: str | None = None          # front layout name
    image: Path | None = None          # front image (image decks)
    back_layout: str | None = None
    back_image: Path | None = None
    source: str = ""                   # file and row, for error messages

    @property
    def has_back(self) -> bool:
        """True when this piece has a back to print."""
        return bool(self.back_layout or self.back_image)


@dataclass
class Component:
    """A group of same-size pieces printed together on their own sheets."""

    name: str
    type: str                          # cards | tokens | board | track | aid
    size: tuple[float, float]          # trim width, height in mm
    pieces: list[Piece]
    shape: str = "square"              # tokens: round | square
    overlap: float = 10.0              # boards: overlap strip in mm

    @property
    def count(self) -> int:
        """Number of pieces printed, copies included."""
        return sum(p.copies for p in self.pieces)


@dataclass
class CardSet:
    """A whole card set folder, loaded and checked for structure."""

    name: str
    slug: str
    folder: Path
    bleed: float
    safe: float
    layouts: dict[str, Layout]
    components: list[Component]
    icons: dict[str, Path] = field(default_factory=dict)
    author: str = ""
    print_defaults: dict = field(default_factory=dict)
    manifest: Path | None = None
    fonts: dict[str, dict[str, Path]] = field(default_factory=dict)   # family -> face -> TTF file

    @property
    def count(self) -> int:
        """Total pieces printed across components."""
        return sum(c.count for c in self.components)
