"""The front matter a print opens with: a checklist counted from the sheets, what else to fetch, assembly and
the game's rules, read back from the PDF's text; a card set's frontmatter.yaml is untrusted plain text."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
import yaml

from pnp.cardset.find import builtin_sets
from pnp.cardset.frontmatter import load_front_matter
from pnp.cardset.load import load_cardset
from pnp.errors import CardsetError
from pnp.print.options import PrintOptions
from pnp.print.render import render_pdf
from print_fixtures import SHARED_PRINTS, printed_builtin, write_set

FOOTER = "front matter, page"


def page_texts(pdf) -> list[str]:
    """Each page's text with whitespace folded (lines wrapped by the layout join with a space)."""
    doc = pdfium.PdfDocument(str(pdf))
    out = [" ".join(page.get_textpage().get_text_range().split()) for page in doc]
    doc.close()
    return out


@SHARED_PRINTS
@pytest.mark.parametrize("folder", builtin_sets(), ids=lambda p: p.name)
def test_each_game_opens_with_its_checklist_needs_assembly_and_rules(tmp_path_factory, folder):
    from pnp.rules.book import load
    cs = load_cardset(folder)
    texts = page_texts(printed_builtin(tmp_path_factory, folder))  # PrintOptions(), shared with other tests
    front = [t for t in texts if FOOTER in t]
    assert texts[0] in front and front == texts[:len(front)]  # the front matter comes first, in one run
    first, every = front[0], " ".join(front)
    assert cs.name in first and "50 mm" in first  # the title, and the calibration ruler's text on page 1
    for comp in cs.components:  # one tick line per component, counted from the pieces the sheets print
        assert f"\u2610 {comp.count} " in first, f"{comp.name}: no checklist line with {comp.count}"
    fm = yaml.safe_load((folder / "frontmatter.yaml").read_text())
    for line in fm["also_need"] + fm["assembly"]:
        assert " ".join(line.split()) in every
    book = load(cs.slug)
    for st in book.statements:  # every rule of rules.yaml, under the id pnp rules and pnp judge cite
        assert st.id.split(".", 1)[1] + " " + st.text[:40] in every, st.id
    assert not any(FOOTER in t for t in texts[len(front):])
    lead = len(front) + (texts[len(front)] == "")  # an odd count gets a blank back
    assert lead % 2 == 0  # duplex: the card sheets still start on a front page


def test_a_designers_set_without_front_matter_gets_its_checklist_on_one_sheet(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "s.pdf"
    res = render_pdf(load_cardset(folder), out, PrintOptions())
    texts = page_texts(out)
    assert res.pages == 4 and FOOTER in texts[0] and FOOTER not in texts[2]  # one sheet, then the cards
    assert "\u2610 9 deck (cards, 63 x 88 mm)" in texts[0]
    assert "Rules" not in texts[0] and "You will also need" not in texts[0]


def test_a_designers_front_matter_prints_as_plain_text(tmp_path):
    """Markup in the untrusted file is printed literally, never obeyed; rules: sections are numbered."""
    fm = {"about": "A <font size=90>duel</font> & more",
          "checklist": {"deck": {"label": "duel cards", "by": "name"}},
          "also_need": ["two d6 <b>"], "assembly": ["fold the <br/> tab"],
          "credits": ["Art: someone, CC BY 4.0"],
          "rules": [{"heading": "Setup", "points": ["Shuffle.", "Deal 5."]}]}
    folder = write_set(tmp_path / "s", files={"frontmatter.yaml": yaml.safe_dump(fm)})
    out = tmp_path / "s.pdf"
    render_pdf(load_cardset(folder), out, PrintOptions(backs="none"))
    text = page_texts(out)[0]
    for literal in ("A <font size=90>duel</font> & more", "two d6 <b>", "fold the <br/> tab",
                    "Art: someone, CC BY 4.0", "\u00a71 Setup", "1.1 Shuffle.", "1.2 Deal 5.",
                    "\u2610 9 duel cards", "5 Alpha Card \u00b7 4 Beta Card"):
        assert literal in text, literal


@pytest.mark.parametrize("content,field", [
    ("also_need: two dice\n", "also_need"),
    ("assembly:\n  - {a: b}\n", "assembly[1]"),
    ("recipe: [x]\n", "recipe"),
    ("checklist: {tokens: Tokens}\n", "checklist.tokens"),
    ("about: '" + "x" * 3000 + "'\n", "about"),
    ("rules: [{heading: Setup, points: Shuffle}]\n", "rules[1].points"),
])
def test_a_bad_front_matter_is_one_error_naming_file_and_field(tmp_path, content, field):
    folder = write_set(tmp_path / "s", files={"frontmatter.yaml": content})
    with pytest.raises(CardsetError) as err:
        load_front_matter(load_cardset(folder))
    assert err.value.field == field and err.value.file.endswith("frontmatter.yaml")
    assert "\n" not in err.value.one_line()


@SHARED_PRINTS
def test_the_front_matter_is_deterministic(tmp_path, tmp_path_factory):
    folder = next(p for p in builtin_sets() if p.name == "micro-hero")
    a = printed_builtin(tmp_path_factory, folder)  # printed earlier in this session (or just now)
    b = tmp_path / "b.pdf"
    render_pdf(load_cardset(folder), b, PrintOptions())
    assert a.read_bytes() == b.read_bytes()


def test_validate_reports_a_bad_front_matter_in_one_line(tmp_path):
    from print_fixtures import validate
    folder = write_set(tmp_path / "s", files={"frontmatter.yaml": "checklist: {tokens: Tokens}\n"})
    code, output = validate(folder)
    assert code == 1
    line = next(ln for ln in output.splitlines() if "frontmatter.yaml" in ln)
    assert "checklist names no component 'tokens'" in line and "deck" in line


def test_printing_some_of_a_sets_components_keeps_its_front_matter(tmp_path):
    """A script that prints only the deck still gets front matter: the checklist lists what is printed, and
    frontmatter.yaml's entries for the other declared components are not mistakes."""
    cs = load_cardset(next(p for p in builtin_sets() if p.name == "twelve-labors"))
    cs.components[:] = [c for c in cs.components if c.name == "deck"]
    out = tmp_path / "deck.pdf"
    render_pdf(cs, out, PrintOptions())
    first = page_texts(out)[0]
    assert "\u2610 100 cards" in first and "\u2610 10 Resolved tiles" not in first  # the rules still name them


def test_rule_headings_print_only_what_the_font_draws():
    """Hera and Zeus's rulebook heads its sections in Chinese, which the bundled face cannot draw: the front
    matter keeps the English heading and leaves the original out rather than print empty boxes."""
    from reportlab.platypus import Paragraph

    from pnp.print.fonts import missing_glyphs, register_fonts
    from pnp.print.frontmatter import front_matter, story, styles
    fonts = register_fonts()
    cs = load_cardset(next(f for f in builtin_sets() if f.name == "hera-zeus"))
    flow = story(front_matter(cs), styles(fonts["regular"], fonts["bold"]))
    headings = [p for p in flow if isinstance(p, Paragraph) and p.text.startswith("\u00a7")]
    assert len(headings) >= 10 and any("Components" in p.text for p in headings)
    assert all(not missing_glyphs(p.text, fonts["bold"]) for p in headings), [p.text for p in headings]
