"""The simple-text wrapper: justified lines reach the box's right edge, a paragraph's last line does not."""
import numpy as np

from pnp.cardset.load import load_cardset
from pnp.print.exports import face_pdf, rasterise
from pnp.print.options import PrintOptions
from print_fixtures import write_set

TEXT = "Look at the top card of any deck and put it back then draw two more cards and pass the turn to the left"


def ink_rows(tmp_path, align):
    folder = write_set(tmp_path / align, cards=f"id,text\na,{TEXT}\n", layouts={
        "front": {"background": "#ffffff", "boxes": {"t": {"x": 10, "y": 10, "w": 43, "h": 60, "text": "{{ text }}",
                                                           "size": 9, "leading": 16, "align": align}}},
        "back": {"boxes": {}}})
    cs = load_cardset(folder)
    comp = cs.components[0]
    img = np.asarray(rasterise(face_pdf(cs, comp, [(comp.pieces[0], "front")], PrintOptions()), dpi=200)[0]
                     .convert("L")) < 128
    px = 200 / 25.4
    rows = [r for r in range(img.shape[0]) if img[r].any()]
    lines, start = [], rows[0]
    for a, b in zip(rows, rows[1:] + [None]):
        if b is None or b > a + 1:
            lines.append(img[start:a + 1].any(axis=0).nonzero()[0].max() / px)   # right end of ink, mm
            start = b
    return lines


def test_justified_lines_reach_the_right_edge(tmp_path):
    left, justified = ink_rows(tmp_path, "left"), ink_rows(tmp_path, "justify")
    assert len(left) == len(justified) >= 3
    assert all(abs(r - 53) < 0.6 for r in justified[:-1])       # the box ends at x = 10 + 43 mm
    assert justified[-1] == left[-1] and any(r < 51 for r in left[:-1])


def test_font_colour_markup_and_short_hex_colours_are_drawn_in_their_colour(tmp_path):
    folder = write_set(tmp_path / "c", cards="id,text\na,<font color=\"#c00\">RED</font> plain\n", layouts={
        "front": {"background": "#ffffff", "boxes": {
            "t": {"x": 5, "y": 5, "w": 53, "h": 20, "text": "{{ text|safe }}", "size": 30},
            "bar": {"x": 5, "y": 40, "w": 53, "h": 10, "shape": "rect", "fill": "#00c"}}},
        "back": {"boxes": {}}})
    cs = load_cardset(folder)
    comp = cs.components[0]
    img = np.asarray(rasterise(face_pdf(cs, comp, [(comp.pieces[0], "front")], PrintOptions()), dpi=100)[0]).astype(int)
    red = (img[..., 0] > 150) & (img[..., 1] < 80) & (img[..., 2] < 80)
    blue = (img[..., 2] > 150) & (img[..., 0] < 80) & (img[..., 1] < 80)
    assert red.sum() > 100           # <font color="#c00"> is #cc0000, not the number 0xc00
    assert blue.sum() > 1000         # fill: "#00c" is #0000cc


def test_underline_is_a_rule_under_the_word(tmp_path):
    def ink(text, name):
        folder = write_set(tmp_path / name, cards=f"id,text\na,{text}\n", layouts={
            "front": {"background": "#ffffff", "boxes": {"t": {"x": 5, "y": 5, "w": 53, "h": 20,
                                                               "text": "{{ text|safe }}", "size": 24}}},
            "back": {"boxes": {}}})
        cs = load_cardset(folder)
        comp = cs.components[0]
        return np.asarray(rasterise(face_pdf(cs, comp, [(comp.pieces[0], "front")], PrintOptions()), dpi=150)[0]
                          .convert("L")) < 128
    plain, under = ink("Labor", "plain"), ink("<u>Labor</u>", "under")
    extra = under & ~plain
    rows = extra.sum(axis=1)
    cols = plain.any(axis=0).nonzero()[0]
    assert rows.max() > 0.9 * (cols.max() - cols.min())     # one full-width row of new ink: the rule
    assert extra.any(axis=1).nonzero()[0].min() > plain.any(axis=1).nonzero()[0].max() - 12  # at the bottom


def test_justified_word_spacing_and_colour_end_with_their_box(tmp_path):
    """A justified box widens its spaces with the PDF word spacing and may end in a coloured word: text
    drawn after it (the next box) is as wide and as black as when it is drawn alone."""
    def ink(name, boxes):
        folder = write_set(tmp_path / name, cards=f"id,text\na,{TEXT} <font color=\"#c00\">red</font>\n",
                           layouts={"front": {"background": "#ffffff", "boxes": boxes}, "back": {"boxes": {}}})
        cs = load_cardset(folder)
        comp = cs.components[0]
        img = np.asarray(rasterise(face_pdf(cs, comp, [(comp.pieces[0], "front")], PrintOptions()), dpi=150)[0]
                         .convert("RGB")).astype(int)
        return img[int(70 * 150 / 25.4):]      # below y = 70 mm: the second box only
    after = {"x": 5, "y": 72, "w": 53, "h": 10, "text": "a b c d e f g", "size": 9}
    alone = ink("alone", {"after": after})
    both = ink("both", {"first": {"x": 5, "y": 5, "w": 53, "h": 60, "text": "{{ text|safe }}", "size": 9,
                                  "align": "justify"}, "after": after})
    assert (alone < 128).any()
    assert np.array_equal(both, alone)
