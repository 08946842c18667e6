"""Image files go into the PDF as they are where the format allows, and look exactly as when decoded."""
import io

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.print.canvas import new_canvas
from pnp.print.images import PngImage, draw_image, image_size, pass_through, save


def picture(mode, size=(40, 30)):
    """A small image with a gradient and a diagonal, in the given Pillow mode."""
    w, h = size
    rgb = np.zeros((h, w, 3), np.uint8)
    rgb[..., 0] = np.linspace(0, 255, w)[None, :]
    rgb[..., 1] = np.linspace(255, 0, h)[:, None]
    for i in range(min(w, h)):
        rgb[i, i] = (10, 200, 30)
    img = Image.fromarray(rgb, "RGB")
    if mode == "RGBA":
        alpha = np.full((h, w), 255, np.uint8)
        alpha[:, : w // 2] = 90
        img.putalpha(Image.fromarray(alpha, "L"))
        return img
    if mode == "LA":
        return img.convert("LA")
    if mode == "I;16":
        return img.convert("L").convert("I;16")
    return img.convert(mode)


CASES = {
    "rgb.png": ("RGB", {}), "grey.png": ("L", {}), "palette.png": ("P", {}), "rgba.png": ("RGBA", {}),
    "grey-alpha.png": ("LA", {}), "16bit.png": ("I;16", {}), "colour-key.png": ("RGB", {"transparency": (10, 200, 30)}),
    "rgb.jpg": ("RGB", {"quality": 90}), "grey.jpg": ("L", {"quality": 90}),
}
PASS_THROUGH = {"rgb.png", "grey.png", "rgb.jpg", "grey.jpg"}


def write(tmp_path, name):
    mode, params = CASES[name]
    path = tmp_path / name
    picture(mode).save(path, **params)
    return str(path)


def render(draw):
    buf = io.BytesIO()
    c = new_canvas(buf, pagesize=(120, 90))
    c.setFillColorRGB(0.2, 0.4, 0.9)
    c.rect(0, 0, 120, 90, stroke=0, fill=1)  # a coloured ground shows alpha
    draw(c)
    c.showPage()
    save(c, buf)
    doc = pdfium.PdfDocument(buf.getvalue())
    img = np.asarray(doc[0].render(scale=2).to_pil().convert("RGB")).astype(int)
    doc.close()
    return buf.getvalue(), img


@pytest.mark.parametrize("name", sorted(CASES))
def test_pages_look_the_same_as_with_decoding(tmp_path, name):
    path = write(tmp_path, name)
    data, ours = render(lambda c: draw_image(c, path, 10, 10, 100, 75))
    _, decoded = render(lambda c: c.drawImage(path, 10, 10, 100, 75, mask="auto"))
    assert np.array_equal(ours, decoded)
    assert (pass_through(path) is not None) == (name in PASS_THROUGH)


def test_png_rows_are_embedded_as_they_are(tmp_path):
    path = write(tmp_path, "rgb.png")
    raw = open(path, "rb").read()
    png = PngImage(raw)
    data, _ = render(lambda c: draw_image(c, path, 10, 10, 100, 75))
    assert b"".join(raw[o:o + n] for o, n in png.ranges) in data
    assert b"/Predictor 15" in data and b"/Columns 40" in data


def test_jpeg_is_embedded_as_dct(tmp_path):
    path = write(tmp_path, "rgb.jpg")
    data, _ = render(lambda c: draw_image(c, path, 10, 10, 100, 75))
    assert open(path, "rb").read() in data and b"/DCTDecode" in data


def test_an_image_drawn_twice_is_stored_once(tmp_path):
    path = write(tmp_path, "rgb.png")
    data, _ = render(lambda c: (draw_image(c, path, 0, 0, 50, 40), draw_image(c, path, 60, 40, 50, 40)))
    assert data.count(b"/Subtype /Image") == 1


@pytest.mark.parametrize("name", ["rgb.png", "palette.png", "rgb.jpg"])
def test_size_from_the_header(tmp_path, name):
    assert tuple(image_size(write(tmp_path, name))) == (40, 30)


def test_interlaced_png_is_decoded(tmp_path):
    data = bytearray(open(write(tmp_path, "rgb.png"), "rb").read())
    assert PngImage(bytes(data)).passes_through
    data[28] = 1  # IHDR interlace method: Adam7 rows cannot pass through the PNG predictor
    assert not PngImage(bytes(data)).passes_through


def test_images_are_spliced_in_and_the_xref_still_points_at_every_object(tmp_path):
    from pypdf import PdfReader
    paths = [write(tmp_path, n) for n in ("rgb.png", "grey.png", "rgb.jpg")]
    data, img = render(lambda c: [draw_image(c, p, 10 + 30 * i, 10, 25, 20) for i, p in enumerate(paths)])
    assert b"pnp-image" not in data
    reader = PdfReader(io.BytesIO(data), strict=True)
    assert len(reader.pages[0].images) == 3
    xref_at = int(data.rsplit(b"startxref", 1)[1].split()[0])
    assert data[xref_at:xref_at + 4] == b"xref"
    for number in range(1, int(data[xref_at:].split(b"\n")[1].split()[1])):
        offset = int(data[xref_at:].split(b"\n")[2 + number][:10])
        assert data[offset:].startswith(b"%d 0 obj" % number)


def test_a_plain_canvas_save_still_holds_the_image(tmp_path):
    path = write(tmp_path, "rgb.png")
    buf = io.BytesIO()
    c = new_canvas(buf, pagesize=(120, 90))
    draw_image(c, path, 10, 10, 100, 75)
    c.showPage()
    c.save()  # not images.save: the data is written inline
    data = buf.getvalue()
    assert b"pnp-image" not in data
    _, spliced = render(lambda c: draw_image(c, path, 10, 10, 100, 75))
    doc = pdfium.PdfDocument(data)
    plain = np.asarray(doc[0].render(scale=2).to_pil().convert("RGB")).astype(int)
    doc.close()
    assert plain[60, 120].tolist() == spliced[60, 120].tolist() and plain[60, 120].tolist() != [51, 102, 230]


def test_broken_png_falls_back(tmp_path):
    path = tmp_path / "broken.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + b"\x00" * 5)
    assert pass_through(str(path)) is None
