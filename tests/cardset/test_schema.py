"""`pnp schema`: every example set validates against the JSON Schemas, and they reject what `pnp validate` rejects."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from pnp.cardset.find import builtin_sets
from pnp.cli.main import main
from print_fixtures import write_set

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def schemas(tmp_path_factory):
    out = tmp_path_factory.mktemp("schema")
    res = CliRunner().invoke(main, ["schema", "-o", str(out), "--json"])
    assert res.exit_code == 0, res.output
    files = {Path(f).name: json.loads(Path(f).read_text()) for f in json.loads(res.output)["files"]}
    assert set(files) == {"cardset.schema.json", "layouts.schema.json"}
    for s in files.values():
        jsonschema.Draft202012Validator.check_schema(s)
    return {k: jsonschema.Draft202012Validator(v) for k, v in files.items()}


def as_json(data):
    """What an editor's YAML language server sees: JSON types (mapping keys are strings)."""
    return json.loads(json.dumps(data))


def schema_errors(schemas, folder: Path) -> list[str]:
    manifest = yaml.safe_load((folder / "cardset.yaml").read_text())
    errors = [e.message for e in schemas["cardset.schema.json"].iter_errors(as_json(manifest))]
    if isinstance(manifest.get("layouts"), str):
        layouts = yaml.safe_load((folder / manifest["layouts"]).read_text())
        errors += [e.message for e in schemas["layouts.schema.json"].iter_errors(as_json(layouts))]
    return errors


EXAMPLES = builtin_sets() + [ROOT / "docs" / "examples" / "myth-deck"]


@pytest.mark.parametrize("folder", EXAMPLES, ids=lambda p: p.name)
def test_every_example_set_validates_against_the_schema(schemas, folder):
    assert schema_errors(schemas, folder) == []


BOX = {"x": 5, "y": 5, "w": 50, "h": 10, "text": "{{ name }}"}
MISTAKES = {
    "manifest key typo": ({"bleeed": 3}, None),
    "print option typo": ({"print": {"papr": "a4"}}, None),
    "component type": ({"components": [{"name": "deck", "type": "card", "size": "poker", "data": "cards.csv",
                                        "layout": "front"}]}, None),
    "component key typo": ({"components": [{"name": "deck", "size": "poker", "data": "cards.csv",
                                            "layuot": "front"}]}, None),
    "token shape": ({"components": [{"name": "deck", "type": "tokens", "shape": "oval", "size": [20, 20],
                                     "data": "cards.csv", "layout": "front"}]}, None),
    "negative bleed": ({"bleed": -2}, None),
    "no components": ({"components": []}, None),
    "font family face typo": ({"fonts": {"story": {"italc": "a.ttf"}}}, None),
    "box key typo": (None, {"front": {"boxes": {"t": {**BOX, "colour": "#800"}}}}),
    "align value": (None, {"front": {"boxes": {"t": {**BOX, "align": "centre"}}}}),
    "shape value": (None, {"front": {"boxes": {"t": {**BOX, "shape": "circle"}}}}),
    "rotate value": (None, {"front": {"boxes": {"t": {**BOX, "rotate": 45}}}}),
    "zero width": (None, {"front": {"boxes": {"t": {**BOX, "w": 0}}}}),
    "layout key typo": (None, {"front": {"extend": "base", "boxes": {"t": BOX}}}),
    "repeat key typo": (None, {"front": {"boxes": {"t": {**BOX, "repeat": {"cont": 3}}}}}),
}


def validated(tmp_path, manifest, layouts):
    """A small set with this manifest and front layout (an empty back added) and `pnp validate`'s result on it."""
    if layouts is not None:
        layouts = {**layouts, "back": {"boxes": {}}}
    folder = write_set(tmp_path / "s", manifest=manifest, layouts=layouts)
    return folder, CliRunner().invoke(main, ["validate", str(folder)])


@pytest.mark.parametrize("name", MISTAKES)
def test_the_schema_rejects_what_validate_rejects(schemas, tmp_path, name):
    manifest, layouts = MISTAKES[name]
    folder, res = validated(tmp_path, manifest, layouts)
    assert res.exit_code == 1, res.output
    line = res.output.splitlines()[0]
    assert ("cardset.yaml:" in line) or ("layouts.yaml:" in line), line   # the file and line of the mistake
    assert schema_errors(schemas, folder), f"the schema accepted: {name}"


WRONG_SHAPES = {
    "components is text": ({"components": "deck"}, None, "expected a list"),
    "a component is text": ({"components": ["deck"]}, None, "expected a mapping"),
    "boxes is a list": (None, {"front": {"boxes": ["a"]}}, "expected a mapping"),
    "a box is text": (None, {"front": {"boxes": {"t": "hello"}}}, "expected a mapping"),
    "repeat is text": (None, {"front": {"boxes": {"t": {**BOX, "repeat": "3"}}}}, "expected a mapping"),
    "min_size is a word": (None, {"front": {"boxes": {"t": {**BOX, "min_size": "big"}}}}, "expected a number"),
    "fonts is a list": ({"fonts": ["a.ttf"]}, None, "expected a mapping"),
    "infinite x": (None, {"front": {"boxes": {"t": {**BOX, "x": float("inf")}}}}, "expected a finite number"),
}


@pytest.mark.parametrize("name", WRONG_SHAPES)
def test_wrong_shapes_are_one_line_at_their_line(tmp_path, name):
    manifest, layouts, expected = WRONG_SHAPES[name]
    _, res = validated(tmp_path, manifest, layouts)
    assert res.exit_code == 1 and "internal error" not in res.output
    line = res.output.splitlines()[0]
    assert expected in line and ("cardset.yaml:" in line or "layouts.yaml:" in line), line
