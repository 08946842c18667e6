"""The games' art: every card a picture, every game its own back, icons and fonts credited, same bytes."""
import io
import re
from collections import Counter

import pytest
import yaml

from pnp.print.credits import credits
from pnp.cardset.find import builtin_sets
from pnp.cardset.load import load_cardset
from pnp.print.canvas import new_canvas
from pnp.print.face import FaceDrawer
from pnp.print.render import text_engine
from print_fixtures import SHARED_PRINTS

SETS = {p.name: p for p in builtin_sets()}
ICON_DO = re.compile(r"/FormXob\.Vec[0-9a-f]+ Do")


def drawn(cs, drawer, piece, side, comp) -> str:
    """The PDF operators of one face, drawn on a scratch canvas."""
    canvas = new_canvas(io.BytesIO())
    drawer.face(canvas, piece, side, comp.size, cs.bleed, comp.shape)
    return "\n".join(canvas._code)


@pytest.fixture(scope="module")
def sets():
    return {name: load_cardset(path) for name, path in SETS.items()}


def test_every_card_shows_a_picture_or_emblem(sets):
    assert len(sets) == 8
    for name, cs in sets.items():
        drawer = FaceDrawer(cs, text_engine(cs))
        for comp in cs.components:
            if comp.type != "cards":
                continue
            for piece in comp.pieces:
                assert ICON_DO.search(drawn(cs, drawer, piece, "front", comp)), f"{name}: {piece.id} has no picture"


def test_every_token_and_board_shows_an_emblem(sets):
    """Coins, markers, pawns, tokens and every board (tracks too) carry a vector icon as cards do."""
    faces = 0
    for name, cs in sets.items():
        drawer = FaceDrawer(cs, text_engine(cs))
        for comp in cs.components:
            if comp.type not in ("tokens", "board"):
                continue
            for piece in comp.pieces:
                faces += 1
                assert ICON_DO.search(drawn(cs, drawer, piece, "front", comp)), f"{name}: {piece.id} has no emblem"
    assert faces >= 40


def test_every_game_has_its_own_backs(sets):
    owner: dict[str, str] = {}
    for name, cs in sets.items():
        drawer = FaceDrawer(cs, text_engine(cs))
        counts = Counter()  # each piece's back drawn once and counted once per copy (its copies print the same)
        for c in cs.components:
            for p in c.pieces if c.type == "cards" else ():
                if p.has_back:
                    counts[drawn(cs, drawer, p, "back", c)] += p.copies
        backs = [back for back, n in counts.items() if n > 1]     # deck backs (a stance's side B is a face)
        assert backs, f"{name} prints no card backs"
        for back in backs:
            assert ICON_DO.search(back) and " re" in back, f"{name}: a back without emblem or ornament"
            assert owner.setdefault(back, name) == name, f"{name} shares a back with {owner[back]}"


def test_argonauts_deck_and_reserve_share_one_back(sets):
    cs = sets["argonauts"]
    drawer = FaceDrawer(cs, text_engine(cs))
    comp = next(c for c in cs.components if c.name == "adventure")
    assert {p.fields["reserve"] for p in comp.pieces} == {True, False}
    assert len({drawn(cs, drawer, p, "back", comp) for p in comp.pieces}) == 1


def test_every_vendored_icon_is_credited_to_its_author():
    for name, folder in SETS.items():
        icons = folder / "icons"
        listed = yaml.safe_load((icons / "credits.yaml").read_text())
        files = {p.name for p in icons.glob("*.svg")}
        assert set(listed["icons"]) == files, name
        assert listed["licence"] == "CC BY 3.0" and (icons / "LICENSE.txt").is_file()
        assert all(v["author"] for v in listed["icons"].values())
        manifest = yaml.safe_load((folder / "cardset.yaml").read_text())
        assert {v.split("/")[-1] for v in manifest["icons"].values()} == files, f"{name}: unused or missing icons"


def test_credits_name_icon_authors_and_fonts(sets):
    lines = credits(sets["by-jove"])
    text = " ".join(lines)
    assert "game-icons.net, CC BY 3.0" in text and "by Lorc" in text and "by Delapouite" in text
    assert "minotaur" in text and "Cinzel" in text and "SIL Open Font License" in text and "DejaVu" in text
    assert credits("by-jove") == lines    # a game's slug works as well as a loaded set (front matter passes it)
    assert credits("no-such-game") == []


def test_credits_never_guess_an_author(tmp_path):
    from print_fixtures import write_set
    svg = '<svg viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>'
    folder = write_set(tmp_path / "s", manifest={"icons": {"a": "icons/a.svg"}}, files={"icons/a.svg": svg})
    assert credits(load_cardset(folder))[0] == "Icons without recorded credits: a."


@SHARED_PRINTS
def test_the_print_carries_the_credits_and_the_display_face(tmp_path, tmp_path_factory):
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    from print_fixtures import printed_builtin
    out = printed_builtin(tmp_path_factory, SETS["verb-adjective-noun"])  # PrintOptions(), shared
    doc = pdfium.PdfDocument(str(out))
    first = doc[0].get_textpage().get_text_range()
    doc.close()
    assert "Credits" in first and "game-icons.net" in first and "Cinzel" in first
    assert first.count("Credits") == 1 and first.count("Titles: Cinzel") == 1  # the front matter says them once
    fonts = {f["/BaseFont"] for p in PdfReader(out).pages for f in (p["/Resources"].get("/Font") or {}).values()}
    assert any(str(f).endswith("+Cinzel-Bold") for f in fonts), fonts
    bare = tmp_path / "bare.pdf"                      # without the first page the credits stay in the metadata
    render_pdf(load_cardset(SETS["verb-adjective-noun"]), bare, PrintOptions(calibration=False))
    subject = PdfReader(bare).metadata["/Subject"]
    assert "game-icons.net" in subject and "by Lorc" in subject and "Cinzel" in subject


@SHARED_PRINTS
def test_same_game_same_bytes(tmp_path, tmp_path_factory):
    from pnp.print.options import PrintOptions
    from pnp.print.render import render_pdf
    from print_fixtures import printed_builtin
    a, b = printed_builtin(tmp_path_factory, SETS["hera-zeus"]), tmp_path / "b.pdf"  # a: printed earlier or now
    render_pdf(load_cardset(SETS["hera-zeus"]), b, PrintOptions())
    assert a.read_bytes() == b.read_bytes()


def test_docs_credits_list_what_each_game_prints(sets):
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "credits.md").read_text()
    for cs in sets.values():
        for line in credits(cs):
            if line.startswith("Icons"):
                assert f"* {line}" in doc, f"docs/credits.md is stale for {cs.name}"


def test_your_name_here_never_runs_across_a_ring(sets):
    """Argonauts: the title text stands clear of every ring (ellipse) on its face."""
    cs = sets["argonauts"]
    checked = 0
    for layout in cs.layouts.values():
        rings = [b for b in layout.boxes if b.get("shape") == "ellipse"]
        for box in layout.boxes:
            if "(Your Name Here)" in str(box.get("text", "")):
                for ring in rings:
                    checked += 1
                    apart = (box.y >= ring.y + ring.h or box.y + box.h <= ring.y or
                             box.x >= ring.x + ring.w or box.x + box.w <= ring.x)
                    assert apart, f"layout '{layout.name}': box '{box.name}' overlaps ring '{ring.name}'"
    assert checked >= 2   # the adventure back and the Player card's back both have a ring


def _face(cs, comp_name: str, piece_id: str | None = None, side: str = "front") -> str:
    drawer = FaceDrawer(cs, text_engine(cs))
    comp = next(c for c in cs.components if c.name == comp_name)
    piece = next(p for p in comp.pieces if piece_id in (None, p.id))
    return drawn(cs, drawer, piece, side, comp)


def test_hera_zeus_fighters_show_their_strength_large(sets):
    """A fighter without rules text showed its strength only in the 18 pt corner index."""
    assert re.search(r" 46 Tf", _face(sets["hera-zeus"], "decks", "hera-peacock"))
    assert not re.search(r" 46 Tf", _face(sets["hera-zeus"], "decks", "hera-io"))  # its text says what it does


def test_argonauts_treasures_show_their_figure_in_the_band_below_the_track(sets):
    cs = sets["argonauts"]
    treasure = _face(cs, "adventure", "golden-fleece")
    ink = ".541176 .415686 .070588 rg\n"           # the treasure colour #8a6a12, not a pale watermark tint
    assert re.search(re.escape(ink) + r".* cm\n/FormXob\.Vec[0-9a-f]+ Do", treasure), "no figure in the colour"


def test_verb_adjective_noun_worth_clears_the_corner_index(sets):
    boxes = {b.name: b for b in sets["verb-adjective-noun"].layouts["challenge"].boxes}
    worth, tab = boxes["laurels"], boxes["index_tab2"]
    assert worth.x + worth.w <= tab.x or worth.y + worth.h <= tab.y, "the worth runs into the index tab"


def test_later_years_starter_pawn_reads_upright_from_both_sides_when_folded(sets):
    boxes = {b.name: b for b in sets["later-years"].layouts["starter-pawn"].boxes}
    for name in ("club", "label"):               # the top copy is the bottom one turned about the centre
        a, b = boxes[name], boxes[f"{name}2"]
        assert b.spec.get("rotate") == 180 and not a.spec.get("rotate")
        assert (b.x + b.w, b.y + b.h) == pytest.approx((30 - a.x, 40 - a.y)) and (b.w, b.h) == (a.w, a.h)
        assert a.y >= 20 >= b.y + b.h, f"{name}: one copy on each side of the fold"


def test_by_jove_aids_lead_each_line_with_its_board_icon(sets):
    cs = sets["by-jove"]
    aids = yaml.safe_load((SETS["by-jove"] / "aid.yaml").read_text())
    assert aids  # the loop below asserts nothing on an empty aid.yaml
    for aid in aids:
        face = _face(cs, "aid", aid["id"])
        with_icon = sum(1 for line in aid["lines"] if line.get("icon"))
        assert with_icon >= len(aid["lines"]) - 1
        assert len(ICON_DO.findall(face)) >= with_icon + 1, aid["id"]   # and the wreath by the title
