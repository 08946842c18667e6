"""The Jinja2 sandbox card-set templates render in: documented filters only, bounded size and time.

A card set is untrusted input. Templates run in ``ImmutableSandboxedEnvironment`` (no Python internals,
no mutation of values), see only the filters in ``FILTERS`` and the functions range() and dict()
(docs/security.md),
may not build strings past ``TEMPLATE_CHARS`` or run past ``TEMPLATE_SECONDS`` per render, and may only
load template files that resolve inside their own folders.
"""
from __future__ import annotations

import datetime
import functools
import re
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.filters import do_replace as _BUILTIN_REPLACE
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from pnp import limits
from pnp.errors import CardsetError
from pnp.textfile import control_char, read_text

# Pure, deterministic built-in filters a card template may use (no random, no format strings, no pprint).
FILTERS = ("abs", "batch", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first", "float",
           "groupby", "int", "join", "last", "length", "list", "lower", "map", "max", "min", "reject",
           "rejectattr", "replace", "reverse", "round", "safe", "select", "selectattr", "slice", "sort", "string",
           "striptags", "sum", "title", "trim", "truncate", "unique", "upper", "wordcount")
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]{6,}")  # a Python object's default repr: a memory address, new each run
PRINTABLE = (str, int, float, datetime.date, datetime.time)  # bool is an int; Markup a str
MAX_INT_BITS = 100_000  # whole numbers up to about 30,000 digits
FORMAT_WIDTH = re.compile(r"%[-+ #0]*(\d+)?(?:\.(\d+))?")


class TemplateTimeout(SecurityError):
    """A template ran past the per-render time limit."""


def _weight(value, budget: int) -> int:
    """About how many characters str(value) makes, walking nested lists and dicts; stops past budget."""
    total, stack = 0, [value]
    while stack and total <= budget:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v)
        elif isinstance(v, (list, tuple, set, frozenset, _Range)):
            total += 2 + len(v) if isinstance(v, _Range) else 2
            if not isinstance(v, _Range):
                stack.extend(v)
        elif isinstance(v, dict):
            total += 2
            stack.extend(v.keys())
            stack.extend(v.values())
        else:
            total += 8
    return total


def sized(value):
    """Refuse a value whose text would be longer than the template_chars limit; return it unchanged."""
    if isinstance(value, (str, list, tuple, dict, set, frozenset)):
        limit = limits.TEMPLATE_CHARS.value
        weight = _weight(value, int(limit))
        if weight > limit:
            limits.TEMPLATE_CHARS.check(weight, field="template")
    return value


def printable(value):
    """A value a template prints, unchanged: text, a number, a date, None, or a list or mapping of those
    (whose text is the same every run). Anything else is refused: a set prints in a different order each
    run, binary data as b'...', and a function, method, range or other object as "<... at 0x7f...>",
    whose memory address changes every run and would break byte-identical output."""
    stack = [value]
    while stack:
        v = stack.pop()
        if v is None or isinstance(v, jinja2.Undefined):
            continue
        if isinstance(v, str):
            if " at 0x" in v and ADDRESS.search(v):
                raise SecurityError("it prints a Python object's repr ('<... at 0x...>'), whose memory address "
                                    "changes every run; print card fields, not functions or objects")
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (set, frozenset, bytes, bytearray)):
            kind = "binary data" if isinstance(v, (bytes, bytearray)) else "a set"
            raise TypeError(f"it prints {kind}, which shows as a Python repr (a set in a different order each "
                            "run); a card prints text")
        elif not isinstance(v, PRINTABLE):
            raise SecurityError(f"it prints a {type(v).__name__} object, not text (its Python repr carries a "
                                "memory address that changes every run)")
    return value


@jinja2.pass_eval_context
def _replace(eval_ctx, s, old, new, count=None):
    """The replace filter, refusing results past the size limit before building them."""
    text, old, new = str(s), str(old), str(new)
    n = (len(text) + 1 if not old else text.count(old)) if count is None else int(count)
    limits.TEMPLATE_CHARS.check(len(text) + max(n, 0) * max(len(new) - len(old), 0), field="template")
    return _BUILTIN_REPLACE(eval_ctx, s, old, new, count)


def _bounded_filter(fn):
    """A filter whose inputs and output are size-checked, and whose counts (batch, slice) are bounded."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        for a in (*args, *kwargs.values()):
            if isinstance(a, int) and not isinstance(a, bool):
                limits.TEMPLATE_CHARS.check(abs(a), field="template")
            elif not isinstance(a, jinja2.nodes.EvalContext):
                sized(a)
        return sized(fn(*args, **kwargs))
    return run


class _SizedCodeGenerator(CodeGenerator):
    """Compiles list, tuple and dict literals and `~` joins so their size is checked as they are built."""

    def _sized(self, visit, node, frame) -> None:
        self.write("environment.sized(")
        visit(node, frame)
        self.write(")")

    def visit_List(self, node, frame) -> None:
        self._sized(super().visit_List, node, frame)

    def visit_Dict(self, node, frame) -> None:
        self._sized(super().visit_Dict, node, frame)

    def visit_Tuple(self, node, frame) -> None:
        if node.ctx == "load":
            self._sized(super().visit_Tuple, node, frame)
        else:
            super().visit_Tuple(node, frame)

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.sized((markup_join if context.eval_ctx.autoescape else str_join)((")
        for arg in node.nodes:
            self._sized(self.visit, arg, frame)
            self.write(", ")
        self.write(")))")


class _Deadline(threading.local):
    at: float | None = None


_DEADLINE = _Deadline()


def _timeout() -> TemplateTimeout:
    return TemplateTimeout(f"rendering took longer than {limits.TEMPLATE_SECONDS.value:g} s "
                           f"(template_seconds; raise it with {limits.TEMPLATE_SECONDS.env}=N)")


def _check_time() -> None:
    if _DEADLINE.at is not None and time.monotonic() > _DEADLINE.at:
        raise _timeout()


class _Range:
    """range() for templates: at most 10,000 numbers, and the time limit checked while looping."""

    def __init__(self, *args):
        self._r = range(*args)
        limits.TEMPLATE_RANGE.check(len(self._r), field="template")

    def __len__(self):
        return len(self._r)

    def __getitem__(self, index):
        return self._r[index]

    def __iter__(self):
        for n in self._r:
            _check_time()
            yield n


def _string_method_size(text: str, name: str, args: tuple, kwargs: dict) -> None:
    """Refuse a str method call whose result would pass the template_chars limit, before it runs."""
    limit = limits.TEMPLATE_CHARS
    values = [*args, *kwargs.values()]
    values += [v for a in args if isinstance(a, dict) for v in a.values()]  # format_map's mapping
    numbers = [a for a in values if isinstance(a, int) and not isinstance(a, bool)]
    estimate = max([len(text)] + [abs(n) for n in numbers])
    if name == "replace" and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        estimate = len(text) + (len(text) + 1 if not old else text.count(old)) * max(len(new) - len(old), 0)
    elif name == "join" and args:
        estimate = len(text) * (_weight(args[0], int(limit.value)) + 1) + _weight(args[0], int(limit.value))
    elif name == "expandtabs":
        estimate = len(text) + text.count("\t") * (numbers[0] if numbers else 8)
    elif name in ("format", "format_map"):
        estimate = max([estimate] + [int(d) for d in re.findall(r"\d+", text)])
    limit.check(estimate, field="template")


class CardSandbox(ImmutableSandboxedEnvironment):
    """Immutable sandbox with size-checked operators and calls, and a cooperative time limit."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _SizedCodeGenerator
    sized = staticmethod(sized)

    def unsafe_undefined(self, obj, attribute):
        """Refuse at once (not a placeholder a filter could carry along) any unsafe attribute lookup."""
        raise SecurityError(f"access to attribute {attribute!r} of {type(obj).__name__!r} object is unsafe.")

    def call_binop(self, context, op, left, right):
        """Refuse operators whose result would exceed the size limits (a string times a billion...)."""
        _check_time()
        ints = isinstance(left, int) and isinstance(right, int)
        if op == "*":
            seq, n = (left, right) if isinstance(left, (str, list, tuple)) else (right, left)
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int):
                limits.TEMPLATE_CHARS.check(_weight(seq, 10**9) * max(n, 0), field="template")
            if ints and left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise SecurityError("a product too large for a card template")
        elif op == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            bits = left.bit_length() * abs(right) if ints else 0
            if (abs(right) > 64 and abs(left) > 1) or bits > MAX_INT_BITS:
                raise SecurityError("a power too large for a card template")
        elif op == "%" and isinstance(left, str):
            for width, precision in FORMAT_WIDTH.findall(left):
                limits.TEMPLATE_CHARS.check(max(int(width or 0), int(precision or 0)), field="template")
        return sized(self.binop_table[op](left, right))

    def wrap_str_format(self, value):
        """Jinja's sandboxed str.format, with the result's size checked before formatting."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text, name = value.__self__, value.__name__

        def checked(*args, **kwargs):
            _string_method_size(text, name, args, kwargs)
            return wrapped(*args, **kwargs)
        return checked

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - jinja's own signature
        """Every call from a template: time checked, string arguments and results size-checked, and
        string methods that build big strings (center, zfill, expandtabs, replace, join, format)
        refused before they build them."""
        _check_time()
        for a in (*args, *kwargs.values()):
            sized(a)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            _string_method_size(owner, getattr(__obj, "__name__", ""), args, kwargs)
        return sized(super().call(__context, __obj, *args, **kwargs))


class ContainedLoader(jinja2.FileSystemLoader):
    """FileSystemLoader that reads UTF-8 files only and refuses ones resolving (through symlinks) outside."""

    def get_source(self, environment, template):
        """The template's source, if it lies inside the folder it was found in and is UTF-8 text."""
        name = str(template).replace("\\", "/")
        if name.startswith("/") or ".." in name.split("/") or re.match(r"[A-Za-z]:", name):
            raise SecurityError(f"include '{template}' points outside the card set's folder: templates may only "
                                "include files inside the set's folder (no '..', no absolute path)")
        pieces = split_template_path(template)
        for root in self.searchpath:
            path = Path(root, *pieces)
            if not path.is_file():
                continue
            real = path.resolve()
            if not real.is_relative_to(Path(root).resolve()):
                raise SecurityError(f"template '{template}' resolves (through a link) outside its folder: templates "
                                    "may only include files inside the set's folder")
            text = read_text(path, field="template")
            bad = control_char(text)
            if bad:
                line = text[:text.index(chr(int(bad[2:], 16)))].count("\n") + 1
                raise CardsetError(f"control character {bad} on line {line}", file=f"{path}:{line}", field="template",
                                   expected="printable template text (tabs and line breaks are fine)",
                                   hint="remove the control character (often pasted from another program)")
            mtime = path.stat().st_mtime

            def uptodate(path=path, mtime=mtime) -> bool:
                try:
                    return path.stat().st_mtime == mtime
                except OSError:
                    return False
            return text, str(path), uptodate
        raise jinja2.TemplateNotFound(template)


def environment(folders: list[Path] | None, **options) -> CardSandbox:
    """A sandboxed environment with only the documented filters and functions (range, dict)."""
    env = CardSandbox(loader=ContainedLoader([str(f) for f in folders if f.is_dir()]) if folders else None,
                      **options)
    env.filters = {name: _bounded_filter(_replace if name == "replace" else env.filters[name]) for name in FILTERS}
    finalize = options.get("finalize")
    env.finalize = (lambda v: printable(sized(finalize(v)))) if finalize else (lambda v: printable(sized(v)))
    env.globals = {"range": _Range, "dict": dict}
    return env


def _on_alarm(signum, frame):
    raise _timeout()


@contextmanager
def time_limit():
    """Bound one render: a real-time alarm in the main thread, cooperative checks in every thread.

    An interval timer someone else had running is put back afterwards, less the time spent here.
    """
    seconds = limits.TEMPLATE_SECONDS.value
    start = time.monotonic()
    _DEADLINE.at = start + seconds
    main = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if main:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if main:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if outer > 0:
                signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - start), 0.001))
        _DEADLINE.at = None


def error_line(exc: BaseException, filename: str | None) -> int | None:
    """The template line an exception was raised on (from Jinja's rewritten traceback), if known."""
    tb, line = exc.__traceback__, None
    names = {filename, "<template>"} - {None}
    while tb is not None:
        if tb.tb_frame.f_code.co_filename in names:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line

