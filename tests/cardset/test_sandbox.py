"""Card-set templates render in a sandbox: no Python internals, only documented filters, bounded size and time."""
import os
import time

import pytest
from click.testing import CliRunner

from pnp.cardset import sandbox
from pnp.cardset.text import TextEngine
from pnp.cli.main import main
from pnp.errors import PnpError
from print_fixtures import write_set
from waiting import wait_for

FIELDS = {"name": "Bob", "n": 3}


def render(source: str, fields=FIELDS) -> str:
    return TextEngine([], {}).render("inline", source, dict(fields), where="box 't'", file="layouts.yaml", card="c")


def refused(source: str) -> str:
    with pytest.raises(PnpError) as info:
        render(source)
    return info.value.one_line()


ESCAPES = [
    "{{ ''.__class__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ name.__class__.__base__ }}",
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ joiner.__init__.__globals__ }}",
    "{{ namespace.__init__.__globals__ }}",
    "{{ lipsum.__globals__['os'].popen('id').read() }}",
    "{{ self.__init__.__globals__ }}",
    "{{ range.__init__ }}",
    "{{ '{0.__class__.__mro__}'.format(name) }}",
    "{{ '{x.__class__}'.format_map({'x': name}) }}",
    "{{ name|attr('__class__') }}",
    "{{ [name]|map(attribute='__class__')|list }}",
    "{{ [name]|selectattr('__class__')|list }}",
    "{{ [name]|map('attr', '__class__')|list }}",
    "{{ ['ab']|groupby('__class__')|list }}",
    "{{ [name]|sort(attribute='__class__') }}",
    "{{ [].append(1) }}",
    "{{ dict(a=1).update(b=2) }}",
    "{{ name|format }}",
    "{{ name|random }}",
]


@pytest.mark.parametrize("source", ESCAPES)
def test_escape_routes_are_refused(source):
    msg = refused(source)
    assert "class" not in msg.split("refused")[0]  # no Python object leaked into the message's head
    assert "<class" not in msg and "uid=" not in msg
    assert "layouts.yaml" in msg and "fix:" in msg


def test_internals_refusal_names_the_attribute_and_the_line():
    msg = refused("ok\n{{ name }}\n{{ ''.__class__ }}")
    assert "'__class__'" in msg and "line 3" in msg and "layouts.yaml" in msg


def test_percent_formatting_is_plain_text_only():
    assert render("{{ '%s!' % name }}") == "Bob!"
    assert "template_chars" in refused("{{ '%999999999s' % 1 }}")


def test_documented_filters_and_functions_work():
    out = render("{{ name|upper }} {{ range(n)|list|join(',') }} {{ dict(a=1).get('a') }} "
                 "{{ name|replace('o', '0') }} {{ [3, 1, 2]|sort|first }} {{ name ~ n }}")
    assert out == "BOB 0,1,2 1 B0b 1 Bob3"
    env = sandbox.environment(None)
    assert set(env.filters) == set(sandbox.FILTERS)
    assert set(env.globals) == {"range", "dict"}


@pytest.mark.parametrize("source", [
    "{{ 'a' * 1000000000 }}",
    "{{ (range(9000)|join)|replace('', range(9000)|join) }}",
    "{% set a = [name * 1000] * 50 %}{% set b = [a, a] %}{% set c = [b, b] %}{% set d = [c, c] %}{{ d }}",
    "{% macro f(s, k) %}{% if k %}{{ f(s ~ s, k - 1) }}{% endif %}{% endmacro %}{{ f('a', 40) }}",
    "{{ 9 ** 99999999 }}",
    "{{ name.center(9999999999) }}",
    "{{ name.zfill(9999999999) }}",
    "{{ (name * 1000).replace('', name * 1000) }}",
    "{{ ('\t' * 1000).expandtabs(99999) }}",
    "{{ (name * 100000).join(range(5000)|map('string')|list) }}",
    "{{ '{:>9999999999}'.format(name) }}",
    "{{ '{0:{1}}'.format(name, 9999999999) }}",
    "{{ '{a:{w}}'.format_map({'a': name, 'w': 9999999999}) }}",
    "{{ [1]|batch(999999999, 'x')|list }}",
    "{{ [1]|slice(999999999)|list }}",
    "{% macro sq(x, k) %}{% if k %}{{ sq(x * x, k - 1) }}{% endif %}{% endmacro %}{{ sq(10 ** 60, 40) }}",
])
def test_memory_bombs_stop_at_the_size_limit(source):
    msg = refused(source)
    assert ("template_chars" in msg and "PNP_LIMIT_TEMPLATE_CHARS" in msg) or "too large" in msg


def test_cpu_bomb_stops_at_the_time_limit(monkeypatch):
    monkeypatch.setenv("PNP_LIMIT_TEMPLATE_SECONDS", "0.3")
    start = time.monotonic()
    msg = refused("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}")
    assert time.monotonic() - start < 5
    assert "longer than 0.3 s" in msg and "PNP_LIMIT_TEMPLATE_SECONDS" in msg


def test_endless_macro_recursion_is_an_error():
    assert "without end" in refused("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}")


def _set_with_template(tmp_path, body: str, files=None):
    return write_set(tmp_path / "s", files={"templates/body.j2": body, **(files or {})},
                     layouts={"front": {"boxes": {"b": {"x": 5, "y": 5, "w": 50, "h": 40, "template": "body.j2"}}},
                              "back": {"boxes": {}}})


def test_validate_names_file_and_line_of_a_refused_template(tmp_path):
    folder = _set_with_template(tmp_path, "{{ name }}\n\n{{ cycler.__init__.__globals__ }}\n")
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1
    assert "body.j2" in res.output and "line 3" in res.output and "refused" in res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


def test_unknown_field_in_a_template_file_names_that_file_and_line(tmp_path):
    folder = _set_with_template(tmp_path, "{{ name }}\n{{ nmae }}\n")
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1
    assert "body.j2" in res.output and "line 2" in res.output and "unknown field 'nmae'" in res.output
    assert "did you mean 'name'" in res.output and "cardset.yaml" not in res.output


def test_include_loop_is_an_error(tmp_path):
    folder = _set_with_template(tmp_path, "{% include 'loop.j2' %}", {"templates/loop.j2": "x{% include 'loop.j2' %}"})
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "without end" in res.output and "internal error" not in res.output


def test_template_symlinked_outside_the_set_is_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    folder = _set_with_template(tmp_path, "{% include 'leak.j2' %}")
    os.symlink(secret, folder / "templates" / "leak.j2")
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "outside its folder" in res.output and "TOP SECRET" not in res.output


def test_printed_pdf_of_a_hostile_set_is_not_written(tmp_path):
    folder = _set_with_template(tmp_path, "{{ ''.__class__.__mro__ }}")
    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["print", str(folder), "-o", str(out)])
    assert res.exit_code == 1 and "refused" in res.output
    assert not list(out.glob("*.pdf")) and not list(out.glob(".*part"))


def test_security_doc_lists_the_filters_and_every_limit():
    from pathlib import Path

    from pnp import limits
    doc = (Path(__file__).parents[2] / "docs" / "security.md").read_text()
    listed = doc.split("these filters only: `", 1)[1].split("`", 1)[0].split()
    assert listed == sorted(sandbox.FILTERS)
    for limit in (v for v in vars(limits).values() if isinstance(v, limits.Limit)):
        assert f"`{limit.env}`" in doc, limit.name


def test_an_outer_alarm_survives_a_render():
    import signal
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *a: fired.append(True))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        assert render("{{ name }}!") == "Bob!"
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < remaining <= 0.3
        assert wait_for(lambda: fired, 5) and fired == [True]  # the outer alarm still goes off, once
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
