"""PNG files read by their chunks, without decoding pixels: size, colour type, where the image data lies,
and whether that data inflates past what its header declares (a decompression bomb)."""
from __future__ import annotations

import io
import os
import struct
import zlib
from functools import lru_cache

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: ("DeviceGray", 1), 2: ("DeviceRGB", 3)}  # colour type: colour space, components
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type: samples per pixel
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


class PngImage:
    """The parts of a PNG file a PDF image needs: size, colour type, bit depth and where the IDAT data lies."""

    def __init__(self, source):
        """source: the PNG's bytes or a binary file; only chunk headers and IHDR are read."""
        fh = io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else source
        if fh.read(len(PNG_SIGNATURE)) != PNG_SIGNATURE:
            raise ValueError("not a PNG file")
        fh.seek(0, 2)
        size = fh.tell()
        self.ranges: list[tuple[int, int]] = []  # (offset, length) of each IDAT chunk's data in the file
        self.chunks: set[bytes] = set()
        pos = len(PNG_SIGNATURE)
        while pos + 8 <= size:
            fh.seek(pos)
            length, kind = struct.unpack(">I4s", fh.read(8))
            if pos + 12 + length > size:
                raise ValueError("truncated PNG chunk")
            if kind == b"IHDR":
                (self.width, self.height, self.depth, self.colour_type, _, _,
                 self.interlace) = struct.unpack(">IIBBBBB", fh.read(13))
            elif kind == b"IDAT":
                self.ranges.append((pos + 8, length))
            elif kind == b"IEND":
                break
            self.chunks.add(kind)
            pos += 12 + length
        if b"IHDR" not in self.chunks or not self.ranges:
            raise ValueError("PNG without a header or image data")

    def raw_bytes(self) -> int:
        """Bytes the image's rows take once inflated (a filter byte per row), as its header declares them."""
        bits = PNG_CHANNELS.get(self.colour_type, 4) * self.depth

        def rows(w: int, h: int) -> int:
            return h * (1 + (w * bits + 7) // 8) if w and h else 0
        if self.interlace != 1:
            return rows(self.width, self.height)
        return sum(rows((self.width - x + dx - 1) // dx, (self.height - y + dy - 1) // dy) for x, y, dx, dy in ADAM7)

    def inflated_bytes(self, fh, bound: int) -> int:
        """Bytes the IDAT data inflates to, read from the open file fh, stopping once past bound."""
        inflate, total = zlib.decompressobj(), 0
        for offset, length in self.ranges:
            fh.seek(offset)
            while length and not inflate.eof:
                data = fh.read(min(length, 1 << 16))
                if not data:
                    raise ValueError("truncated PNG data")
                length -= len(data)
                while data and not inflate.eof:
                    total += len(inflate.decompress(data, 1 << 20))
                    if total > bound:
                        return total
                    data = inflate.unconsumed_tail
        return total

    @property
    def passes_through(self) -> bool:
        """True when the compressed rows are valid PDF Flate data with the PNG predictor as they stand.

        Needs 8-bit grey or RGB, not interlaced, no transparency chunk; palette, 16-bit and alpha images
        (and any with tRNS) take the decoding path so they look the same as before.
        """
        return (self.depth == 8 and self.colour_type in PNG_COLOURS and self.interlace == 0
                and b"tRNS" not in self.chunks)


@lru_cache(maxsize=4096)
def _overrun(path: str, mtime_ns: int, size: int) -> tuple[int, int] | None:
    with open(path, "rb") as fh:
        png = PngImage(fh)
        need = png.raw_bytes()
        got = png.inflated_bytes(fh, need)
    return (got, need) if got > need else None


def png_overrun(path) -> tuple[int, int] | None:
    """(bytes inflated so far, bytes needed) when a PNG's data inflates past the rows its header declares
    (a decompression bomb), else None; remembered per file version. Raises ValueError for a broken PNG."""
    st = os.stat(path)
    return _overrun(str(path), st.st_mtime_ns, st.st_size)
