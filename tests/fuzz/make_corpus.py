"""Write the hostile-input corpus: broken and hostile card sets, print options and campaign imports.

Each case is a folder under tests/fuzz/corpus/ holding `case.json` (the pnp command lines to run,
with {set}, {out}, {store} and {file} placeholders, the expected outcome, text the output must show,
and environment overrides) and the files the case needs. Every case starts from one small valid card
set and changes one thing. Run `python tests/fuzz/make_corpus.py` after editing; test_fuzz.py checks
that the committed corpus is exactly what this script writes.
"""
from __future__ import annotations

import json
import shutil
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
MISSING = object()  # a file the case deletes

MANIFEST = """name: Fuzz Base
slug: fuzz
bleed: 3
layouts: layouts.yaml
icons:
  star: art/star.png
components:
  - name: deck
    type: cards
    size: poker
    data: cards.csv
    layout: front
    back: {layout: back}
"""
LAYOUTS = """front:
  background: "#ffffff"
  boxes:
    title: {x: 5, y: 5, w: 53, h: 10, text: "{{ name }} :star:", size: 10}
    body: {x: 5, y: 20, w: 53, h: 40, template: body.j2, size: 9}
    art: {x: 5, y: 62, w: 20, h: 20, image: "{{ art }}"}
back:
  boxes:
    frame: {x: 2, y: 2, w: 59, h: 84, shape: rect, stroke: "#333333", stroke_width: 0.5}
"""
CARDS = "id,name,art,copies\nalpha,Alpha,art/star.png,2\nbeta,Beta,art/star.png,1\n"
BODY = "{{ name }} strikes {{ 'twice' if copies is not defined else '' }}.\n"


def png(width: int, height: int, *, truncate: bool = False) -> bytes:
    """A grey PNG of the given size (its IDAT holds one row: a huge header stays a tiny file)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = min(height, 4) if width * height <= 64 else 1
    raw = (b"\x00" + b"\x80" * width) * rows
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return data[:len(data) - 20] if truncate else data


STAR = png(4, 4)
JPEG = bytes.fromhex(
    "ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a"
    "1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080010001001011100ffc4001f0000010501010101"
    "010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107"
    "227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a63"
    "6465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9"
    "cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fb9a28a2803fffd9")
VALIDATE = ["validate", "{set}"]
PRINT = ["print", "{set}", "-o", "{out}", "--no-calibration"]


def card_case(files: dict, *, expect: str = "error", says: str | None = None, args=None, env=None,
              symlinks: dict | None = None) -> dict:
    """A card-set case: base files overridden by `files` (MISSING deletes), run through validate and print."""
    return {"kind": "cardset", "files": files, "symlinks": symlinks or {}, "expect": expect, "says": says,
            "runs": args or [VALIDATE, PRINT], "env": env or {}}


def layout_box(box: str) -> str:
    """Layouts whose front's body box is replaced by the given YAML flow mapping."""
    return LAYOUTS.replace("body: {x: 5, y: 20, w: 53, h: 40, template: body.j2, size: 9}", f"body: {box}")


def template(body: str, **kw) -> dict:
    return card_case({"templates/body.j2": body}, **kw)


def cases() -> dict[str, dict]:
    """Every case by name."""
    c: dict[str, dict] = {}
    # -- templates: escapes, bombs, loops ----------------------------------------------------------
    c["tpl-class"] = template("{{ ''.__class__ }}", says="unsafe")
    c["tpl-mro"] = template("{{ ''.__class__.__mro__[1].__subclasses__() }}", says="unsafe")
    c["tpl-cycler-globals"] = template("{{ cycler.__init__.__globals__.os.popen('id').read() }}", says="refused")
    c["tpl-joiner"] = template("{{ joiner.__init__.__globals__ }}", says="refused")
    c["tpl-namespace"] = template("{% set ns = namespace(a=1) %}{{ ns.__init__ }}", says="namespace")
    c["tpl-lipsum"] = template("{{ lipsum.__globals__['os'].popen('id').read() }}", says="unknown field 'lipsum'")
    c["tpl-self"] = template("{{ self.__init__.__globals__ }}", says="unsafe")
    c["tpl-format-method"] = template("{{ '{0.__class__.__mro__}'.format(name) }}", says="unsafe")
    c["tpl-format-map"] = template("{{ '{x.__class__}'.format_map({'x': name}) }}", says="unsafe")
    c["tpl-attr-filter"] = template("{{ name|attr('__class__') }}", says="No filter named 'attr'")
    c["tpl-percent-bomb"] = template("{{ '%999999999s' % name }}", says="template_chars")
    c["tpl-mul-bomb"] = template("{{ name * 999999999 }}", says="template_chars")
    c["tpl-list-bomb"] = template("{% set a = [name * 900] * 20 %}{% set b = [a, a] %}{% set c = [b, b] %}"
                                  "{% set d = [c, c] %}{% set e = [d, d] %}{{ e }}", says="template_chars")
    c["tpl-cpu-bomb"] = template("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}",
                                 says="longer than", env={"PNP_LIMIT_TEMPLATE_SECONDS": "0.5"})
    c["text-huge-box"] = template("{% for i in range(5000) %}word{{ i }} {% endfor %}", says="text_chars")
    c["text-huge-field"] = card_case({"cards.csv": "id,name,art\nalpha," + "A" * 20000 + ",art/star.png\n"},
                                     says="text_chars")
    c["tpl-macro-recursion"] = template("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", says="without end")
    c["tpl-include-loop"] = card_case({"templates/body.j2": "{% include 'loop.j2' %}",
                                       "templates/loop.j2": "x{% include 'loop.j2' %}"}, says="without end")
    c["tpl-syntax"] = template("{{ name }\n", says="line 1")
    c["tpl-symlink-outside"] = card_case({"templates/body.j2": "{% include 'leak.j2' %}"},
                                         symlinks={"templates/leak.j2": "/etc/hostname"}, says="outside")
    c["tpl-not-utf8"] = template("caf\u00e9 {{ name }}".encode("latin-1"), says="UTF-8")
    c["tpl-img-tag"] = template('<img src="/etc/hostname"/> {{ name }}', says="<img>")
    c["tpl-link-tag"] = template("<a href='file:///etc/passwd'>{{ name }}</a>", says="<a>")
    c["markup-bad-colour"] = template("<font color='notacolour'>{{ name }}</font>", says="markup")
    c["markup-unclosed-para"] = template("<para><para>{{ name }}", says="markup")
    c["markup-size-word"] = template("<font size='huge'>{{ name }}</font>", says="markup")
    c["markup-unclosed-bold"] = template("<b>{{ name }}", expect="any")
    c["tpl-random"] = template("{{ [1, 2]|random }}", says="random")
    # -- paths leaving the set ---------------------------------------------------------------------
    c["path-back-image"] = card_case({"cards.csv": "id,name,art,back\nalpha,A,art/star.png,../../../etc/hostname\n"},
                                     says="outside")
    c["path-icon-abs"] = card_case({"cardset.yaml": MANIFEST.replace("art/star.png", "/etc/hostname")}, says="outside")
    c["path-data-up"] = card_case({"cardset.yaml": MANIFEST.replace("data: cards.csv", "data: ../../cards.csv")},
                                  says="outside")
    c["path-layouts-abs"] = card_case({"cardset.yaml": MANIFEST.replace("layouts: layouts.yaml",
                                                                        "layouts: /etc/hostname")}, says="outside")
    c["path-field-image"] = card_case({"cards.csv": "id,name,art\nalpha,A,../../../../etc/hostname\n"},
                                      says="outside")
    c["path-symlink-loop"] = card_case({"cards.csv": "id,name,art\nalpha,A,art/loop1.png\n"},
                                       symlinks={"art/loop1.png": "loop2.png", "art/loop2.png": "loop1.png"},
                                       says="image")
    c["path-symlink-out"] = card_case({"cards.csv": "id,name,art\nalpha,A,art/out.png\n"},
                                      symlinks={"art/out.png": "/etc/hostname"}, says="outside")
    c["path-images-up"] = card_case({"cardset.yaml": MANIFEST.replace("data: cards.csv", "images: ../..")},
                                    says="outside")
    # -- images ------------------------------------------------------------------------------------
    c["img-text"] = card_case({"art/star.png": b"this is not an image at all\n"}, says="image")
    c["img-truncated"] = card_case({"art/star.png": png(64, 64, truncate=True)}, says="image")
    c["img-huge-header"] = card_case({"art/star.png": png(20000, 20000)}, says="image_pixels")
    c["img-short-data"] = card_case({"art/star.png": png(64, 64)}, expect="ok")  # Pillow pads short pixel data
    c["img-jpeg-truncated"] = card_case({"art/star.png": JPEG[:len(JPEG) // 2]}, says="image")
    c["img-empty"] = card_case({"art/star.png": b""}, says="image")
    c["img-gif"] = card_case({"art/star.png": b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9"
                                              b"\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00"
                                              b"\x02\x02D\x01\x00;"}, says="GIF")
    c["img-deck-truncated"] = card_case({"cardset.yaml": MISSING, "layouts.yaml": MISSING, "cards.csv": MISSING,
                                         "templates/body.j2": MISSING, "art/star.png": MISSING,
                                         "a.png": png(64, 64), "b.png": png(64, 64, truncate=True)}, says="b.png")
    # -- SVG icons: read as data, the safe subset only -------------------------------------------------
    svg_set = MANIFEST.replace("star: art/star.png", "star: art/star.svg")

    def svg_case(svg: str, **kw):
        return card_case({"cardset.yaml": svg_set, "art/star.svg": svg}, **kw)
    c["svg-valid"] = svg_case('<svg viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>', expect="ok")
    c["svg-xxe"] = svg_case('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                            '<svg viewBox="0 0 8 8"><path d="M0 0h8v8z"/><title>&x;</title></svg>', says="DOCTYPE")
    c["svg-script"] = svg_case('<svg viewBox="0 0 8 8"><script>alert(1)</script></svg>', says="<script>")
    c["svg-image-link"] = svg_case('<svg viewBox="0 0 8 8"><image href="/etc/passwd"/></svg>', says="<image>")
    c["svg-style"] = svg_case('<svg viewBox="0 0 8 8"><path style="fill:url(x)" d="M0 0h8v8z"/></svg>',
                              says="style")
    c["svg-many-paths"] = svg_case('<svg viewBox="0 0 8 8">' + '<path d="M0 0h1v1z"/>' * 300 + "</svg>",
                                   says="icon_paths")
    c["svg-huge-number"] = svg_case('<svg viewBox="0 0 8 8"><path d="M0 0h1e300v1z"/></svg>', says="out of range")
    c["svg-bad-path"] = svg_case('<svg viewBox="0 0 8 8"><path d="M0 0 Q"/></svg>', says="number")
    # -- encodings and bytes -----------------------------------------------------------------------
    c["enc-manifest-latin1"] = card_case({"cardset.yaml": MANIFEST.replace("Fuzz Base", "F\u00fczz").encode("latin-1")},
                                         says="not UTF-8")
    c["enc-csv-latin1"] = card_case({"cards.csv": CARDS.replace("Alpha", "\u00c4lpha").encode("latin-1")},
                                    says="not UTF-8")
    c["enc-csv-utf16"] = card_case({"cards.csv": CARDS.encode("utf-16")}, says="not UTF-8")
    c["enc-layouts-cp1252"] = card_case({"layouts.yaml": LAYOUTS.replace("{{ name }}", "\u201c{{ name }}\u201d")
                                         .encode("cp1252")}, says="not UTF-8")
    c["enc-binary-manifest"] = card_case({"cardset.yaml": bytes(range(256)) * 4}, says="cardset.yaml")
    c["nul-csv"] = card_case({"cards.csv": CARDS.replace("Beta", "Be\x00ta")}, says="NUL")
    c["nul-manifest"] = card_case({"cardset.yaml": MANIFEST.replace("Fuzz Base", "Fuzz\x00Base")}, says="NUL")
    c["utf8-bom-ok"] = card_case({"cards.csv": "\ufeff" + CARDS}, expect="ok")
    # -- CSV shape ---------------------------------------------------------------------------------
    c["csv-semicolons"] = card_case({"cards.csv": CARDS.replace(",", ";")}, says="semicolon")
    c["csv-ragged-long"] = card_case({"cards.csv": CARDS + "gamma,Gamma,art/star.png,1,extra\n"}, says="row 4")
    c["csv-ragged-short"] = card_case({"cards.csv": CARDS + "gamma,Gamma\n"}, says="row 4")
    c["csv-blank-header"] = card_case({"cards.csv": "id,,art\nalpha,A,art/star.png\n"}, says="no name")
    c["csv-open-quote"] = card_case({"cards.csv": 'id,name,art\nalpha,"Alpha,art/star.png\n'}, expect="any")
    # -- numbers and limits ------------------------------------------------------------------------
    c["copies-float-huge"] = card_case({"cards.csv": CARDS.replace(",2\n", ",1e9\n")}, says="copies")
    c["copies-huge"] = card_case({"cards.csv": CARDS.replace(",2\n", ",1000000000\n")}, says="copies_per_card")
    c["copies-set-total"] = card_case({"cards.csv": "id,name,art,copies\n" + "".join(
        f"c{i},C{i},art/star.png,900\n" for i in range(30))}, says="pieces_per_set")
    c["rows-many"] = card_case({"cards.csv": "id,name\n" + "".join(f"r{i},R\n" for i in range(61))},
                               says="PNP_LIMIT_ROWS", env={"PNP_LIMIT_ROWS": "60"})
    c["copies-word"] = card_case({"cards.csv": CARDS.replace(",2\n", ",two\n")}, says="copies")
    c["repeat-word"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: 5, h: 5, text: x, repeat: five}")},
                                 says="repeat")
    c["repeat-huge"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: 5, h: 5, text: x, "
                                                             "repeat: {count: 1000000000, dx: 1}}")}, says="repeat")
    c["boxes-many"] = card_case({"layouts.yaml": LAYOUTS + "many:\n  boxes:\n" + "".join(
        f"    b{i}: {{x: 1, y: 1, w: 1, h: 1, text: x}}\n" for i in range(31))}, says="PNP_LIMIT_BOXES",
        env={"PNP_LIMIT_BOXES": "30"})
    c["repeat-count-word"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: 5, h: 5, text: x, "
                                                                   "repeat: {count: five}}")}, says="repeat.count")
    c["stroke-word"] = card_case({"layouts.yaml": LAYOUTS.replace("stroke_width: 0.5", "stroke_width: thick")},
                                 says="stroke_width")
    c["font-size-word"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: 53, h: 40, text: x, size: big}")},
                                    says="size")
    c["min-size-negative"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: 53, h: 40, text: x, "
                                                                   "min_size: -4}")}, says="min_size")
    c["box-nan"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 20, w: .nan, h: 40, text: x}")}, says="w")
    c["box-inf"] = card_case({"layouts.yaml": layout_box("{x: .inf, y: 20, w: 5, h: 40, text: x}")}, says="x")
    c["box-huge"] = card_case({"layouts.yaml": layout_box("{x: 5, y: 1e12, w: 5, h: 40, text: x}")}, says="board_mm")
    c["bleed-nan"] = card_case({"cardset.yaml": MANIFEST.replace("bleed: 3", "bleed: .nan")}, says="bleed")
    c["bleed-word"] = card_case({"cardset.yaml": MANIFEST.replace("bleed: 3", "bleed: wide")}, says="bleed")
    c["size-inf"] = card_case({"cardset.yaml": MANIFEST.replace("size: poker", "size: [.inf, 88]")}, says="size")
    c["size-words"] = card_case({"cardset.yaml": MANIFEST.replace("size: poker", "size: [wide, tall]")}, says="size")
    c["board-huge"] = card_case({"cardset.yaml": MANIFEST + "  - {name: map, type: board, size: [1000000, 1000000], "
                                                            "layout: back}\n"}, says="board_mm")
    c["track-huge"] = card_case({"cardset.yaml": MANIFEST + "  - {name: score, type: track, to: 1000000000}\n"},
                                says="track_boxes")
    c["track-inf"] = card_case({"cardset.yaml": MANIFEST + "  - {name: score, type: track, to: .inf}\n"}, says="to")
    c["track-cell-zero"] = card_case({"cardset.yaml": MANIFEST + "  - {name: score, type: track, to: 20, "
                                                                 "cell: [0, 0]}\n"}, says="cell")
    c["print-margins-nan"] = card_case({"cardset.yaml": MANIFEST + "print: {margins: .nan}\n"},
                                       says="field 'print.margins'")
    c["print-gap-manifest-huge"] = card_case({"cardset.yaml": MANIFEST + "print: {gap: 1e9}\n"},
                                             says="cardset.yaml: field 'print.gap'")
    for name, opt in {"cli-gap-huge": ["--gap", "1e9"], "cli-gap-nan": ["--gap", "nan"],
                      "cli-bleed-inf": ["--bleed", "inf"], "cli-margins-nan": ["--margins", "nan"],
                      "cli-margins-negative": ["--margins", "-5"], "cli-margins-huge": ["--margins", "200"],
                      "cli-paper-huge": ["--paper", "1e9x1e9"], "cli-paper-words": ["--paper", "bigxbig"],
                      "cli-back-offset-nan": ["--back-offset", "nan,0"]}.items():
        c[name] = card_case({}, args=[PRINT + opt], says=opt[0].lstrip("-").replace("-", "_"))
    # -- YAML --------------------------------------------------------------------------------------
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8))
    c["yaml-alias-bomb"] = card_case({"layouts.yaml": LAYOUTS + "x-bomb:\n  boxes: {}\n" + bomb.replace(
        "a: &a", "_a: &a")}, says="yaml_nodes")
    c["yaml-deep"] = card_case({"layouts.yaml": "front: " + "[" * 5000 + "]" * 5000 + "\n"}, says="layouts.yaml")
    c["yaml-deep-block"] = card_case({"layouts.yaml": "front:\n" + "".join("  " * i + "k:\n" for i in range(1, 150))},
                                     says="layouts.yaml")
    c["yaml-syntax"] = card_case({"cardset.yaml": MANIFEST + "  - name: [unclosed\n"}, says="YAML")
    c["yaml-list-manifest"] = card_case({"cardset.yaml": "- a\n- b\n"}, says="mapping")
    c["yaml-huge"] = card_case({"layouts.yaml": LAYOUTS + "#" + "x" * 3000 + "\n"},
                               env={"PNP_LIMIT_FILE_BYTES": "2000"}, says="file_bytes")
    c["yaml-python-tag"] = card_case({"cardset.yaml": MANIFEST.replace("Fuzz Base", "!!python/object/apply:os.system"
                                                                                   " ['id']")}, says="YAML")
    c["shape-boxes-list"] = card_case({"layouts.yaml": "front:\n  boxes: [1, 2]\nback: {boxes: {}}\n"}, says="boxes")
    c["shape-box-string"] = card_case({"layouts.yaml": "front:\n  boxes: {a: hello}\nback: {boxes: {}}\n"},
                                      says="front.boxes.a")
    c["shape-align-list"] = card_case({"layouts.yaml": LAYOUTS.replace("size: 10}", "size: 10, align: [1]}")},
                                      says="align")
    c["shape-fill-list"] = card_case({"layouts.yaml": LAYOUTS.replace('stroke: "#333333"', "stroke: [1]")},
                                     says="stroke")
    c["shape-icons-list"] = card_case({"cardset.yaml": MANIFEST.replace("icons:\n  star: art/star.png", "icons: [a]")},
                                      says="icons")
    c["shape-fields-list"] = card_case({"cardset.yaml": MANIFEST.replace("data: cards.csv", "fields: [1]")},
                                       says="fields")
    c["shape-print-string"] = card_case({"cardset.yaml": MANIFEST + "print: nope\n"}, says="print")
    c["shape-track-labels"] = card_case({"cardset.yaml": MANIFEST + "  - {name: t, type: track, to: 5, labels: {a: b}}\n"},
                                        says="labels")
    c["shape-layout-column-list"] = card_case({"cardset.yaml": MANIFEST.replace("cards.csv", "cards.yaml"),
                                               "cards.yaml": "- {id: a, name: A, art: art/star.png, layout: [1]}\n"},
                                              says="layout")
    c["components-string"] = card_case({"cardset.yaml": "name: x\ncomponents: nope\n"}, says="component")
    # -- output folder -----------------------------------------------------------------------------
    c["out-is-file"] = card_case({}, args=[["print", "{set}", "-o", "{set}/cards.csv", "--no-calibration"]],
                                 says="is a file")
    c["out-pdf-is-folder"] = card_case({}, args=[PRINT], says="folder", env={"FUZZ_OUT_DIR": "fuzz.pdf"})
    c["out-stale-part"] = card_case({}, args=[PRINT], expect="ok", env={"FUZZ_OUT_FILE": ".fuzz-p999999999-x.pdf.part"})
    c["base-valid"] = card_case({}, expect="ok")
    # -- campaign imports --------------------------------------------------------------------------
    for name, content, says in [
        ("import-future-version", json.dumps({"format": "pnp-argonauts-campaign", "version": 7, "events": []}),
         "upgrade pnp"),
        ("import-deep", "[" * 50000 + "]" * 50000, "nested"),
        ("import-latin1", '{"format": "pnp-argonauts-campaign", "name": "J\u00e9"}'.encode("latin-1"), "not UTF-8"),
        ("import-binary", bytes(range(256)) * 8, "not UTF-8"),
        ("import-truncated", '{"format": "pnp-argonauts-campaign", "version": 1, "events": [', "not JSON"),
        ("import-wrong-types", json.dumps({"format": "pnp-argonauts-campaign", "version": 1,
                                           "events": [{"seq": "1", "kind": 5}]}), "malformed"),
        ("import-nul", '{"format": "pnp-argonauts-campaign\x00"}', "NUL"),
    ]:
        c[name] = {"kind": "import", "files": {"in.json": content}, "symlinks": {}, "expect": "error", "says": says,
                   "runs": [["campaign", "import", "{file}", "--store", "{store}"]], "env": {}}
    return c


def base_files() -> dict:
    """The valid card set every card case starts from."""
    return {"cardset.yaml": MANIFEST, "layouts.yaml": LAYOUTS, "cards.csv": CARDS, "templates/body.j2": BODY,
            "art/star.png": STAR}


def write(folder: Path = CORPUS) -> int:
    """Write every case under folder (replacing what was there); return the number of cases."""
    if folder.exists():
        shutil.rmtree(folder)
    all_cases = cases()
    for name, case in sorted(all_cases.items()):
        root = folder / name
        files = dict(base_files()) if case["kind"] == "cardset" else {}
        files.update(case["files"])
        for rel, content in sorted(files.items()):
            if content is MISSING:
                continue
            path = root / ("set" if case["kind"] == "cardset" else "") / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        for rel, target in sorted(case["symlinks"].items()):
            link = root / "set" / rel
            link.parent.mkdir(parents=True, exist_ok=True)
            link.unlink(missing_ok=True)
            link.symlink_to(target)
        meta = {k: case[k] for k in ("kind", "expect", "says", "runs", "env")}
        (root / "case.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    return len(all_cases)


if __name__ == "__main__":
    n = write(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS)
    print(f"wrote {n} cases")
