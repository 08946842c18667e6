"""Image files into PDF without a decode and re-encode: 8-bit PNG data as it is, JPEG as DCT; others via Pillow."""
from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: ("DeviceGray", 1), 2: ("DeviceRGB", 3)}  # colour type: colour space, components


class PngImage:
    """The parts of a PNG file a PDF image needs: size, colour type, bit depth and the IDAT data."""

    def __init__(self, data: bytes):
        if not data.startswith(PNG_SIGNATURE):
            raise ValueError("not a PNG file")
        self.idat: list[bytes] = []
        self.chunks: set[bytes] = set()
        pos = len(PNG_SIGNATURE)
        while pos + 8 <= len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if len(body) != length:
                raise ValueError("truncated PNG chunk")
            if kind == b"IHDR":
                (self.width, self.height, self.depth, self.colour_type, _, _,
                 self.interlace) = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT":
                self.idat.append(body)
            elif kind == b"IEND":
                break
            self.chunks.add(kind)
            pos += 12 + length
        if b"IHDR" not in self.chunks or not self.idat:
            raise ValueError("PNG without a header or image data")

    @property
    def passes_through(self) -> bool:
        """True when the compressed rows are valid PDF Flate data with the PNG predictor as they stand.

        Needs 8-bit grey or RGB, not interlaced, no transparency chunk; palette, 16-bit and alpha images
        (and any with tRNS) take the decoding path so they look the same as before.
        """
        return (self.depth == 8 and self.colour_type in PNG_COLOURS and self.interlace == 0
                and b"tRNS" not in self.chunks)


def _jpeg_info(data: bytes):
    """(width, height, components) of a baseline/progressive 8-bit JPEG, or None."""
    from io import BytesIO

    from reportlab.pdfbase.pdfutils import readJPEGInfo
    if not data.startswith(b"\xff\xd8"):
        return None
    try:
        w, h, n, _ = readJPEGInfo(BytesIO(data))
    except Exception:
        return None
    return (w, h, n) if n in (1, 3) else None  # CMYK JPEGs keep reportlab's handling


@lru_cache(maxsize=None)
def _xobject_class():
    from reportlab.pdfbase import pdfdoc

    class PassThroughImage(pdfdoc.PDFImageXObject):
        """An image XObject whose stream is file data used as it is (with optional DecodeParms)."""

        decode_parms: dict | None = None

        def format(self, document):
            stream = pdfdoc.PDFStream(content=self.streamContent)
            d = stream.dictionary
            d["Type"] = pdfdoc.PDFName("XObject")
            d["Subtype"] = pdfdoc.PDFName("Image")
            d["Width"], d["Height"] = self.width, self.height
            d["BitsPerComponent"] = self.bitsPerComponent
            d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
            d["Filter"] = pdfdoc.PDFName(self._filters[0])  # one filter: a name, so DecodeParms may be a dict
            if self.decode_parms:
                d["DecodeParms"] = pdfdoc.PDFDictionary(dict(self.decode_parms))
            d["Length"] = len(self.streamContent)
            return stream.format(document)

    return PassThroughImage


def pass_through(path: str):
    """An image XObject embedding the file's own compressed data, or None when it must be decoded."""
    data = Path(path).read_bytes()
    cls = _xobject_class()
    if data.startswith(PNG_SIGNATURE):
        try:
            png = PngImage(data)
        except (ValueError, struct.error):
            return None
        if not png.passes_through:
            return None
        space, colours = PNG_COLOURS[png.colour_type]
        obj = cls("pass")
        obj.width, obj.height, obj.bitsPerComponent, obj.colorSpace = png.width, png.height, 8, space
        obj._filters = ("FlateDecode",)
        obj.streamContent = b"".join(png.idat)
        obj.decode_parms = {"Predictor": 15, "Colors": colours, "BitsPerComponent": 8, "Columns": png.width}
        obj.mask = None
        return obj
    info = _jpeg_info(data)
    if info is None:
        return None
    obj = cls("pass")
    obj.width, obj.height = info[0], info[1]
    obj.bitsPerComponent, obj.colorSpace = 8, "DeviceGray" if info[2] == 1 else "DeviceRGB"
    obj._filters = ("DCTDecode",)
    obj.streamContent = data
    obj.mask = None
    return obj


def image_size(path: str) -> tuple[int, int]:
    """Pixel width and height, read from the PNG or JPEG header (Pillow for anything else)."""
    with open(path, "rb") as fh:
        head = fh.read(33)
    if head.startswith(PNG_SIGNATURE) and head[12:16] == b"IHDR":
        return struct.unpack(">II", head[16:24])
    from reportlab.lib.utils import ImageReader
    return ImageReader(path).getSize()


@lru_cache(maxsize=4096)
def _content_name(path: str, mtime_ns: int, size: int) -> str:
    import hashlib
    return "Img" + hashlib.md5(Path(path).read_bytes()).hexdigest()


def draw_image(canvas, path: str, x: float, y: float, w: float, h: float,
               preserve_aspect: bool = False) -> None:
    """Draw an image file in the box (points), like canvas.drawImage(..., mask='auto'), stored once per document.

    The XObject is named after the file's content, so the same images give the same bytes wherever the
    card set lives; PNG and JPEG data go in as they are when the format allows (see pass_through).
    """
    import os

    from reportlab.lib.boxstuff import aspectRatioFix
    from reportlab.pdfbase import pdfdoc
    st = os.stat(path)
    name = _content_name(path, st.st_mtime_ns, st.st_size)
    doc = canvas._doc
    reg = doc.getXObjectName(name)
    obj = doc.idToObject.get(reg)
    if obj is None:
        obj = pass_through(path) or pdfdoc.PDFImageXObject(name, path, mask="auto")
        obj.name = name
        doc.Reference(obj, reg)
        doc.addForm(name, obj)
        smask = getattr(obj, "_smask", None)
        if smask:  # the alpha channel of a decoded image, as drawImage sets it up
            mreg = doc.getXObjectName(smask.name)
            obj.smask = doc.Reference(smask, mreg) if mreg not in doc.idToObject else pdfdoc.PDFObjectReference(mreg)
            del obj._smask
    x, y, w, h, _ = aspectRatioFix(preserve_aspect, "c", x, y, w, h, obj.width, obj.height)
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{reg} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)
