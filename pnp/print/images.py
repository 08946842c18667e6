"""Image files into PDF without a decode and re-encode: 8-bit PNG data as it is, JPEG as DCT; others via Pillow."""
from __future__ import annotations

import hashlib
import io
import os
import re
import struct
from functools import lru_cache
from pathlib import Path

from reportlab.lib.boxstuff import aspectRatioFix
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfutils import readJPEGInfo

from pnp.cardset.png import PNG_COLOURS, PNG_SIGNATURE, PngImage, png_overrun

def _jpeg_info(data: bytes):
    """(width, height, components) of a baseline/progressive 8-bit JPEG, or None."""
    if not data.startswith(b"\xff\xd8"):
        return None
    try:
        w, h, n, _ = readJPEGInfo(io.BytesIO(data))
    except Exception:
        return None
    return (w, h, n) if n in (1, 3) else None  # CMYK JPEGs keep reportlab's handling


MARKER = b"\x00pnp-image-%s\x00"  # stands in a saved PDF for image data copied from its file afterwards


@lru_cache(maxsize=None)
def _xobject_class():

    class PassThroughImage(pdfdoc.PDFImageXObject):
        """An image XObject whose data is a file's bytes (whole, or PNG IDAT ranges) used as they are.

        Formatting writes a short marker where the data goes; splice() copies the data in afterwards,
        so the images never sit in memory together.
        """

        decode_parms: dict | None = None
        source: str = ""
        ranges: tuple = ()

        def format(self, document):
            d = pdfdoc.PDFDictionary()
            d["Type"] = pdfdoc.PDFName("XObject")
            d["Subtype"] = pdfdoc.PDFName("Image")
            d["Width"], d["Height"] = self.width, self.height
            d["BitsPerComponent"] = self.bitsPerComponent
            d["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
            d["Filter"] = pdfdoc.PDFName(self._filters[0])  # one filter: a name, so DecodeParms may be a dict
            if self.decode_parms:
                d["DecodeParms"] = pdfdoc.PDFDictionary(dict(self.decode_parms))
            d["Length"] = sum(n for _, n in self.ranges)
            if getattr(document, "pnp_splice", False):  # save() copies the data in after formatting
                pending = document.__dict__.setdefault("pnp_images", {})
                data = MARKER % self.name.encode("ascii")
                pending[data] = (self.source, self.ranges)
            else:  # a plain canvas.save(): the data goes in here
                data = b"".join(_read_ranges(self.source, self.ranges))
            return pdfdoc.format(d, document) + b"\nstream\n" + data + b"\nendstream\n"

    return PassThroughImage


def pass_through(path: str):
    """An image XObject embedding the file's own compressed data, or None when it must be decoded."""
    cls = _xobject_class()
    with open(path, "rb") as fh:
        head = fh.read(len(PNG_SIGNATURE))
    if head == PNG_SIGNATURE:
        try:
            with open(path, "rb") as fh:
                png = PngImage(fh)
        except (ValueError, struct.error):
            return None
        if not png.passes_through or png_overrun(path):  # a bomb is never copied in (check_image refuses it)
            return None
        space, colours = PNG_COLOURS[png.colour_type]
        obj = cls("pass")
        obj.width, obj.height, obj.bitsPerComponent, obj.colorSpace = png.width, png.height, 8, space
        obj._filters = ("FlateDecode",)
        obj.ranges = tuple(png.ranges)
        obj.decode_parms = {"Predictor": 15, "Colors": colours, "BitsPerComponent": 8, "Columns": png.width}
    else:
        with open(path, "rb") as fh:
            info = _jpeg_info(fh.read(65536 * 4))
        if info is None:
            return None
        obj = cls("pass")
        obj.width, obj.height = info[0], info[1]
        obj.bitsPerComponent, obj.colorSpace = 8, "DeviceGray" if info[2] == 1 else "DeviceRGB"
        obj._filters = ("DCTDecode",)
        obj.ranges = ((0, Path(path).stat().st_size),)
    obj.source = str(path)
    obj.mask = None
    return obj


def _read_ranges(source: str, ranges):
    """The bytes of a file's (offset, length) ranges, a megabyte at a time."""
    with open(source, "rb") as fh:
        for offset, length in ranges:
            fh.seek(offset)
            while length:
                block = fh.read(min(length, 1 << 20))
                if not block:
                    raise OSError(f"{source} changed while printing")
                yield block
                length -= len(block)


def save(canvas, target) -> None:
    """canvas.save() into target (a path or a binary file object), with pass-through image data spliced in."""
    doc = canvas._doc
    doc.pnp_splice = True
    buf = io.BytesIO()
    canvas._filename = buf
    canvas.save()
    pending = getattr(doc, "pnp_images", {})
    if hasattr(target, "write"):
        splice(buf.getvalue(), pending, target)
    else:
        with open(target, "wb") as out:
            splice(buf.getvalue(), pending, out)


def splice(pdf: bytes, pending: dict, out) -> None:
    """Write pdf to out with each marker replaced by its image data, and the xref offsets moved to match."""
    if not pending:
        out.write(pdf)
        return
    pattern = re.compile(b"|".join(re.escape(m) for m in pending))
    xref_at = pdf.rindex(b"\nxref\n") + 1
    shifts = []  # (position in the original, bytes added up to and including this marker)
    added, pos = 0, 0
    for m in pattern.finditer(pdf, 0, xref_at):
        out.write(pdf[pos:m.start()])
        source, ranges = pending[m.group(0)]
        for block in _read_ranges(source, ranges):
            out.write(block)
        added += sum(n for _, n in ranges) - len(m.group(0))
        shifts.append((m.start(), added))
        pos = m.end()
    out.write(pdf[pos:xref_at])

    def moved(offset: int) -> int:
        extra = 0
        for at, total in shifts:
            if at < offset:
                extra = total
            else:
                break
        return offset + extra

    tail = pdf[xref_at:]
    head, _, rest = tail.partition(b"\n")          # b"xref"
    section, _, rest = rest.partition(b"\n")       # b"0 N"
    count = int(section.split()[1])
    entries = []
    for i in range(count):
        entry = rest[i * 20:(i + 1) * 20]
        if entry[17:18] == b"n":
            entry = b"%010d" % moved(int(entry[:10])) + entry[10:]
        entries.append(entry)
    trailer = rest[count * 20:]
    start = trailer.rindex(b"startxref")
    trailer = trailer[:start] + b"startxref\n%d\n%%%%EOF\n" % (xref_at + added)
    out.write(head + b"\n" + section + b"\n" + b"".join(entries) + trailer)


def image_size(path: str) -> tuple[int, int]:
    """Pixel width and height, read from the PNG or JPEG header (Pillow for anything else)."""
    with open(path, "rb") as fh:
        head = fh.read(33)
    if head.startswith(PNG_SIGNATURE) and head[12:16] == b"IHDR":
        return struct.unpack(">II", head[16:24])
    return ImageReader(path).getSize()


@lru_cache(maxsize=4096)
def _content_name(path: str, mtime_ns: int, size: int) -> str:
    """A name from the file's SHA-1, remembered per path, modification time and size."""
    digest = hashlib.sha1()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return "Img" + digest.hexdigest()


def draw_image(canvas, path: str, x: float, y: float, w: float, h: float,
               preserve_aspect: bool = False) -> None:
    """Draw an image file in the box (points), like canvas.drawImage(..., mask='auto'), stored once per document.

    The XObject is named after the file's content, so the same images give the same bytes wherever the
    card set lives; PNG and JPEG data go in as they are when the format allows (see pass_through).
    """
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
