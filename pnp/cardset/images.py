"""Check an image before anything decodes it: a PNG or JPEG, whole, within the pixel limit, and a PNG's data
inflating to no more than its declared rows (it is copied into the PDF as it is)."""
from __future__ import annotations

import re
import stat
import struct
import warnings
import zlib
from functools import lru_cache
from pathlib import Path

from pnp import limits
from pnp.cardset.png import png_overrun
from pnp.errors import CardsetError, LimitError


@lru_cache(maxsize=4096)
def _probe(path: str, mtime_ns: int, size: int, max_pixels: float) -> tuple[int, int] | str:
    """(width, height) of a sound image, else why it is refused (cached per file version)."""
    from PIL import Image  # lazy: start-up time (Pillow, loaded only when an image is checked)

    Image.MAX_IMAGE_PIXELS = max_pixels  # Pillow's own guard, for decoders run later (reportlab)
    warnings.simplefilter("ignore", Image.DecompressionBombWarning)
    try:
        with Image.open(path) as im:
            if im.format not in ("PNG", "JPEG"):
                return f"a {im.format} image"
            w, h = im.size
            if w * h > max_pixels:
                return f"pixels:{w}x{h}"
            fmt = im.format
            if fmt == "PNG":
                im.verify()  # every chunk and checksum read, the pixels not decoded
        if fmt == "PNG":  # its data goes into the PDF as it is: it must inflate to no more than its rows
            overrun = png_overrun(path)
            if overrun:
                return (f"its compressed data inflates past the {overrun[1]} bytes its {w}x{h} header needs "
                        "(a decompression bomb)")
        if fmt == "JPEG":  # reportlab embeds JPEG data as it is: a cut-off file must end in its EOI marker
            with open(path, "rb") as fh:
                fh.seek(max(0, size - 1024))
                if b"\xff\xd9" not in fh.read():
                    return "not a readable image (the JPEG data is cut off)"
    except Image.DecompressionBombError as exc:  # Pillow refused it from the header alone
        found = re.search(r"\((\d+) pixels\)", str(exc))
        return f"pixels:{found.group(1) if found else 'too many'}"
    except (OSError, SyntaxError, ValueError, EOFError, struct.error, zlib.error) as exc:
        return f"not a readable image ({exc})"
    return w, h


def check_image(path: Path, *, file, field: str, card: str | None = None) -> tuple[int, int]:
    """The image's (width, height) in pixels; refused when it is not a whole PNG/JPEG or too large."""
    try:
        st = Path(path).stat()
    except OSError as exc:
        raise CardsetError(f"image '{path}' cannot be read ({exc.strerror})", file=str(file), card=card, field=field,
                           hint="add the file or fix the name") from None
    if not stat.S_ISREG(st.st_mode):  # a pipe or device would block or never end
        raise CardsetError(f"image '{path}' is not a regular file", file=str(file), card=card, field=field,
                           expected="a PNG or JPEG file", hint="give a plain image file")
    result = _probe(str(path), st.st_mtime_ns, st.st_size, limits.IMAGE_PIXELS.value)
    if isinstance(result, tuple):
        return result
    if result.startswith("pixels:"):
        raise LimitError(f"image of {result[7:]} pixels is over the limit of {limits.IMAGE_PIXELS.value:g} pixels "
                         "(image_pixels)", file=str(path), card=card, field=field,
                         hint=f"scale it down (300 dpi is plenty), or raise the limit with {limits.IMAGE_PIXELS.env}=N")
    raise CardsetError(f"image cannot be used: {result}", file=str(path), card=card, field=field,
                       expected="a PNG or JPEG file", hint="re-export the image as PNG or JPEG")
