"""docs/cardsets.md matches behaviour: every example in it is built as a card set and passes `pnp validate`."""
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cardset.sizes import CARD_SIZES, PAPER_SIZES
from pnp.cli.main import main
from pnp.print.fonts import FONT_DIR

DOC = Path(__file__).resolve().parents[2] / "docs" / "cardsets.md"
FENCE = re.compile(r"^```(\w*)\s*(\S*)\s*$")
ASSET = re.compile(r"[\w./-]+\.(?:png|jpg|ttf|svg)\b")


def doc_blocks():
    """(set name or None, language, file name, text) for every fenced block of the doc."""
    blocks, current, inside = [], None, None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if inside is None:
            note = re.match(r"<!-- set: ([\w-]+) -->", line)
            if note:
                current = note.group(1)
            fence = FENCE.match(line)
            if fence and line != "```" or (fence and inside is None and line == "```"):
                inside = (current, fence.group(1), fence.group(2), [])
        elif line == "```":
            blocks.append((inside[0], inside[1], inside[2], "\n".join(inside[3]) + "\n"))
            inside = None
        else:
            inside[3].append(line)
    return blocks


def doc_sets() -> dict[str, dict[str, str]]:
    sets: dict[str, dict[str, str]] = {}
    for name, lang, file, text in doc_blocks():
        if name and file and lang in ("yaml", "csv", "text"):
            sets.setdefault(name, {})[file] = text
    return sets


def test_every_data_example_belongs_to_a_built_set():
    loose = [(lang, text[:40]) for name, lang, file, text in doc_blocks()
             if lang in ("yaml", "csv") and not (name and file)]
    assert loose == []
    assert set(doc_sets()) >= {"manifest", "layouts", "markup", "fonts", "yaml-data"}


@pytest.mark.parametrize("name", sorted(doc_sets()))
def test_each_doc_example_validates(tmp_path, name):
    folder = tmp_path / name
    files = doc_sets()[name]
    for file, text in files.items():
        (folder / file).parent.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(text, encoding="utf-8")
    for ref in {m for text in files.values() for m in ASSET.findall(text)}:   # the pictures and fonts named
        path = folder / ref
        path.parent.mkdir(parents=True, exist_ok=True)
        if ref.endswith(".ttf"):
            shutil.copy(FONT_DIR / "DejaVuSans-Oblique.ttf", path)
        elif ref.endswith(".svg"):
            path.write_text('<svg viewBox="0 0 8 8"><path fill="currentColor" d="M1 1h6v6H1z"/></svg>')
        else:
            Image.new("RGB", (32, 32), "#996633").save(path)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 0 and "0 error(s)" in res.output, res.output
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(tmp_path / "out"), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["cards"] > 0


def test_editor_settings_example_names_the_files_pnp_schema_writes(tmp_path):
    settings = next(json.loads(text) for _, lang, _, text in doc_blocks() if lang == "json")
    res = CliRunner().invoke(main, ["schema", "-o", str(tmp_path / ".vscode"), "--json"])
    written = {Path(f).name for f in json.loads(res.output)["files"]}
    assert {Path(k).name for k in settings["yaml.schemas"]} == written
    assert set(settings["yaml.schemas"].values()) == {"cardset.yaml", "layouts.yaml"}


def test_every_size_preset_and_paper_size_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for name, (w, h) in CARD_SIZES.items():
        assert re.search(rf"\| {name} \| {w:g} × {h:g} \|", text), name
    for name, (w, h) in PAPER_SIZES.items():
        assert re.search(rf"\| {name} \| {w:g} × {h:g}", text), name
