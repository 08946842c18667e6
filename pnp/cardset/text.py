"""Jinja2 text templates rendered into reportlab paragraph markup, with inline icons."""
from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import jinja2
from jinja2 import meta
from markupsafe import Markup, escape

from pnp import limits
from pnp.cardset import sandbox
from pnp.cardset.svg import is_svg
from pnp.errors import CardsetError, PnpError
from pnp.names import suggest

ICON_RE = re.compile(r":([A-Za-z0-9_-]+):")
REFUSED_TAG = re.compile(r"<\s*(img|a|link)\b", re.IGNORECASE)  # local files or links: nothing a card can use
FIELD_ONLY = re.compile(r"^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$")
# Compiled code of inline and plain templates, by (kind, source), shared by every engine: all engines' environments
# are built with the same settings, so a source compiles to the same code in each (only a file template's source
# depends on the set's folders). Compiling is most of a print's Jinja2 time; bounded for a long `pnp serve`.
_CODE: dict[tuple[str, str], object] = {}
_NAMES: dict[tuple[str, str], frozenset] = {}  # the names an inline or plain source reads, likewise shared
CODE_CACHE_SIZE = 4096


def _keep(cache: dict, key, value):
    """Put value in one of the shared caches (emptied when full: a long `pnp serve` stays bounded); value."""
    if len(cache) >= CODE_CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


def _blank_none(value):
    """A missing value (None, e.g. a YAML card without that key) prints as nothing, not 'None'."""
    return "" if value is None else value


class TextEngine:
    """Compiles and renders a card set's text, image and colour templates."""

    def __init__(self, folders: list[Path], icons: dict[str, Path]):
        self.icons = icons
        self.env = sandbox.environment(folders, autoescape=True, undefined=jinja2.StrictUndefined,
                                       keep_trailing_newline=False, finalize=_blank_none)
        self.env.globals["icon"] = lambda name: Markup(f":{name}:")
        self.plain_env = sandbox.environment(None, undefined=jinja2.StrictUndefined, autoescape=False,
                                             finalize=_blank_none)
        self._compile = lru_cache(maxsize=None)(self._compile_uncached)

    def _compile_uncached(self, kind: str, source: str):
        if kind == "file":
            return self.env.get_template(source)
        env = self.plain_env if kind == "plain" else self.env
        code = _CODE.get((kind, source))
        if code is None:
            code = _keep(_CODE, (kind, source), env.compile(source))  # a syntax error raises, nothing kept
        return env.template_class.from_code(env, code, env.make_globals(None))  # as env.from_string(source)

    def template(self, kind: str, source: str, where: str, file: str):
        """A compiled template; syntax errors name the file and line."""
        try:
            return self._compile(kind, source)
        except jinja2.TemplateSyntaxError as exc:
            name = exc.filename or file
            raise CardsetError(f"template syntax error in {where}, line {exc.lineno}: {exc.message}",
                               file=name, hint="fix the Jinja2 syntax on that line") from None
        except jinja2.TemplateNotFound as exc:
            raise CardsetError(f"template file '{exc.name}' not found for {where}", file=file, field="template",
                               expected="a file in the set's templates/ or the shared templates/",
                               hint="create the file or fix its name") from None
        except sandbox.SecurityError as exc:
            raise CardsetError(f"template refused for {where}: {exc}", file=file, field="template",
                               expected="a template file inside the card set's folder",
                               hint="copy the template into the set's templates/ folder") from None

    def render(self, kind: str, source: str, fields: dict, *, where: str, file: str, card: str) -> str:
        """Render a template with a card's fields; an unknown field names the card and field."""
        only = FIELD_ONLY.match(source) if kind != "file" else None
        if only and only.group(1) in fields and isinstance(fields[only.group(1)], (type(None), *sandbox.PRINTABLE)):
            # `{{ name }}` of plain text: no need to run Jinja2 (other values go through its checks)
            value = fields[only.group(1)]
            text = "" if value is None else str(value)
            limits.TEXT_CHARS.check(len(text), file=file, card=card, field=only.group(1))
            return (text if kind == "plain" else str(escape(text))).strip()
        tpl = self.template(kind, source, where, file)
        tpl_file = tpl.filename if tpl.filename and not tpl.filename.startswith("<") else file
        try:
            with sandbox.time_limit():
                out = str(tpl.render(**fields)).strip()
            limits.TEXT_CHARS.check(len(out), file=tpl_file, card=card, field=where)
            tag = REFUSED_TAG.search(out) if kind != "plain" else None
            if tag:
                raise CardsetError(f"{where} writes an <{tag.group(1).lower()}> tag; printed cards take no links, "
                                   "and only :name: icons and image boxes place pictures", file=tpl_file, card=card,
                                   field=where, expected="text, <b>, <i>, <font>, <br/> and :name: icons",
                                   hint="remove the tag (use :name: or an image box for pictures)")
            return out
        except sandbox.SecurityError as exc:
            line = sandbox.error_line(exc, tpl.filename)
            at = f", line {line}" if line else ""
            raise CardsetError(f"template refused in {where}{at}: {exc}", file=tpl_file, card=card,
                               field=where, expected="card fields, the filters and functions in 'pnp docs security'",
                               hint="remove that expression from the template") from None
        except jinja2.UndefinedError as exc:
            missing = re.search(r"'([^']+)' is undefined", str(exc))
            field = missing.group(1) if missing else where
            near = suggest(field, [k for k in fields if k != "i"], n=1)
            line = sandbox.error_line(exc, tpl.filename)
            at = f", line {line}" if line and tpl_file != file else ""
            raise CardsetError(f"unknown field '{field}' used by {where}{at}", file=tpl_file, card=card, field=field,
                               expected=f"one of the card's fields: {', '.join(sorted(fields)) or '(none)'}",
                               hint=(f"did you mean '{near[0]}'? or " if near else "") +
                                    f"add a '{field}' column to the data or fix the template") from None
        except jinja2.TemplateError as exc:
            raise CardsetError(f"template error in {where}: {exc}", file=tpl_file, card=card, field=where,
                               hint="fix the template") from None
        except PnpError as exc:  # a size limit met inside the template
            exc.file, exc.card, exc.field = tpl_file, card, where
            raise
        except RecursionError:
            raise CardsetError(f"template in {where} calls or includes itself without end", file=tpl_file, card=card,
                               field=where, hint="remove the include or macro loop") from None
        except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
            raise CardsetError(f"template error in {where}: {type(exc).__name__}: {exc}", file=tpl_file, card=card,
                               field=where, hint="fix the expression (check the values' types)") from None

    def variables(self, kind: str, source: str) -> set[str]:
        """Names a template reads from its context (for sharing identical faces between cards)."""
        env = self.plain_env if kind == "plain" else self.env
        try:
            if kind == "file":  # its source depends on the set's folders: read each time
                return set(meta.find_undeclared_variables(env.parse(env.loader.get_source(env, source)[0])))
            names = _NAMES.get((kind, source))
            if names is None:
                names = _keep(_NAMES, (kind, source), frozenset(meta.find_undeclared_variables(env.parse(source))))
            return set(names)
        except (jinja2.TemplateError, PnpError):  # rendering reports it, naming the card
            return {"*"}

    def expand_icons(self, markup: str, size: float, svg_src) -> str:
        """Replace :name: with an inline image of the named icon, sized to the font (points), for Paragraph.

        svg_src(path) gives the <img src> standing for an SVG icon (the print layer's vectors.inline_src)."""
        def repl(m):
            path = self.icons.get(m.group(1))
            if path is None:
                return m.group(0)
            if is_svg(path):
                path = svg_src(str(path))
            return f'<img src="{path}" width="{size:.2f}" height="{size:.2f}" valign="middle"/>'
        return ICON_RE.sub(repl, markup) if ":" in markup else markup


MARKUP_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z]+)[^>]*?(/?)\s*>")
EMPTY_TAGS = {"br", "img"}


def unbalanced_tag(markup: str) -> str | None:
    """The first unclosed or stray tag of paragraph markup, as '<b> is never closed' / '</i> has no <i>'; else None."""
    stack: list[str] = []
    for m in MARKUP_TAG.finditer(markup):
        closing, name, empty = m.group(1), m.group(2).lower(), m.group(3)
        if empty or name in EMPTY_TAGS:
            continue
        if not closing:
            stack.append(name)
        elif stack and stack[-1] == name:
            stack.pop()
        else:
            return f"</{name}> has no matching <{name}>" if name not in stack else f"<{stack[-1]}> is never closed"
    return f"<{stack[-1]}> is never closed" if stack else None


def unknown_icons(markup: str, icons) -> list[str]:
    """Names written as :name: in markup that are not icons of the set."""
    return [m.group(1) for m in ICON_RE.finditer(markup) if m.group(1) not in icons] if ":" in markup else []


def plain_text(markup: str) -> str:
    """The characters a reader sees: tags and :icons: removed, entities decoded."""
    return html.unescape(MARKUP_TAG.sub(" ", ICON_RE.sub(" ", markup)))
