"""Vector icons from SVG files: a safe subset (<path d>, viewBox, fill) parsed into PDF path operators.

A card set is untrusted, so an SVG is read as data, never rendered by a general SVG engine: only <svg>, <g>,
<path>, <title> and <desc> elements with the attributes in ALLOWED are accepted; no DOCTYPE or entity
(nothing external can be named), no style, script, transform or link. Sizes are bounded by named limits.
Coordinates stay in viewBox units, y down; pnp.print.vectors flips and scales them onto the page.
"""
from __future__ import annotations

import hashlib
import math
import re
import stat
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp import limits
from pnp.cardset.colours import to_colour
from pnp.errors import CardsetError, PnpError

SVG_NS = "{http://www.w3.org/2000/svg}"
ALLOWED = {"svg": {"viewBox", "width", "height", "version", "fill", "fill-rule", "id", "class"},
           "g": {"fill", "fill-rule", "id", "class"},
           "path": {"d", "fill", "fill-rule", "id", "class"},
           "title": set(), "desc": set()}
EXPECTED = "an SVG of <path d=...> shapes with a viewBox (fill colours allowed; no style, transform, link or entity)"
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


@dataclass(frozen=True)
class Shape:
    """One filled path: its PDF operators (viewBox units, y down), fill (None: the box's colour) and rule."""

    ops: str
    fill: tuple[float, float, float] | None
    even_odd: bool


@dataclass(frozen=True)
class VectorIcon:
    """A parsed SVG icon: its viewBox (min x, min y, width, height) and filled shapes, named by content."""

    box: tuple[float, float, float, float]
    shapes: tuple[Shape, ...]
    digest: str


class SvgRefused(ValueError):
    """The SVG is outside the safe subset; the message says what was found."""


def is_svg(path) -> bool:
    """True when a file name ends in .svg (any case)."""
    return str(path).lower().endswith(".svg")


def check_svg(path: Path, *, file, field: str, card: str | None = None) -> VectorIcon:
    """The parsed icon; a file outside the safe subset or over a limit is refused with a one-line error."""
    try:
        st = Path(path).stat()
    except OSError as exc:
        raise CardsetError(f"icon '{path}' cannot be read ({exc.strerror})", file=str(file), card=card, field=field,
                           hint="add the file or fix the name") from None
    if not stat.S_ISREG(st.st_mode):
        raise CardsetError(f"icon '{path}' is not a regular file", file=str(file), card=card, field=field,
                           expected=EXPECTED, hint="give a plain .svg file")
    try:
        return load_svg(str(path), st.st_mtime_ns, st.st_size)
    except SvgRefused as exc:
        raise CardsetError(f"SVG icon refused: {exc}", file=str(path), card=card, field=field, expected=EXPECTED,
                           hint="save it as plain paths (e.g. a game-icons.net SVG, or Inkscape 'Plain SVG' with "
                                "objects converted to paths)") from None
    except PnpError as exc:
        exc.file, exc.card, exc.field = str(path), card, field
        raise


@lru_cache(maxsize=1024)
def load_svg(path: str, mtime_ns: int, size: int) -> VectorIcon:
    """Parse an SVG file (cached per file version); SvgRefused or LimitError when it is not acceptable."""
    limits.ICON_BYTES.check(size, file=path)
    with open(path, "rb") as fh:
        data = fh.read(int(limits.ICON_BYTES.value) + 1)
    limits.ICON_BYTES.check(len(data), file=path)
    return parse_svg(data)


def parse_svg(data: bytes) -> VectorIcon:
    """A VectorIcon from SVG bytes in the safe subset; SvgRefused names the first thing outside it."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SvgRefused("not UTF-8 text") from None
    declared = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    if "<!" in declared:
        raise SvgRefused("it has a DOCTYPE, ENTITY or CDATA section")
    if re.search(r"<\?(?!xml\s)", declared):
        raise SvgRefused("it has a processing instruction")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise SvgRefused(f"not well-formed XML ({exc})") from None
    if _tag(root) != "svg":
        raise SvgRefused(f"the root element is <{_tag(root)}>, not <svg>")
    box = _view_box(root)
    shapes: list[Shape] = []
    numbers = [0]
    _walk(root, None, False, shapes, numbers, 0)
    if not shapes:
        raise SvgRefused("it has no <path d=...> to draw")
    digest = hashlib.sha1(repr((box, shapes)).encode()).hexdigest()
    return VectorIcon(box, tuple(shapes), digest)


def _tag(el) -> str:
    tag = el.tag if isinstance(el.tag, str) else "?"
    return tag[len(SVG_NS):] if tag.startswith(SVG_NS) else tag


def _view_box(root) -> tuple[float, float, float, float]:
    raw = root.get("viewBox")
    try:
        if raw is not None:
            box = tuple(float(v) for v in re.split(r"[\s,]+", raw.strip()))
        else:
            box = (0.0, 0.0, float(root.get("width", "")), float(root.get("height", "")))
    except ValueError:
        raise SvgRefused("it has no usable viewBox (or plain width and height)") from None
    if len(box) != 4 or not all(math.isfinite(v) for v in box) or box[2] <= 0 or box[3] <= 0:
        raise SvgRefused(f"its viewBox '{raw}' is not four numbers with a positive width and height")
    return box  # type: ignore[return-value]


def _walk(el, fill, even_odd, shapes, numbers, depth) -> None:
    name = _tag(el)
    if name not in ALLOWED:
        raise SvgRefused(f"<{name}> is not allowed (only svg, g, path, title, desc)")
    limits.NESTING.check(depth)
    for attr in el.attrib:
        if attr not in ALLOWED[name]:
            raise SvgRefused(f"attribute '{attr}' on <{name}> is not allowed")
    if name in ("title", "desc"):
        if len(el):
            raise SvgRefused(f"<{name}> holds elements")
        return
    if "fill" in el.attrib:
        fill = _fill(el.get("fill"))
    if "fill-rule" in el.attrib:
        rule = el.get("fill-rule")
        if rule not in ("nonzero", "evenodd"):
            raise SvgRefused(f"fill-rule '{rule}' is not nonzero or evenodd")
        even_odd = rule == "evenodd"
    if name == "path":
        if len(el):
            raise SvgRefused("<path> holds elements")
        limits.ICON_PATHS.check(len(shapes) + 1)
        ops = path_ops(el.get("d", ""), numbers)
        if ops and fill != "none":
            shapes.append(Shape(ops, None if fill in (None, "current") else fill, even_odd))
        return
    for child in el:
        _walk(child, fill, even_odd, shapes, numbers, depth + 1)


def _fill(value: str):
    """'none', 'current' (currentColor: the box's colour) or an (r, g, b) triple."""
    value = value.strip()
    if value == "none":
        return "none"
    if value == "currentColor":
        return "current"
    try:
        c = to_colour(value)
    except (ValueError, KeyError, AttributeError):
        raise SvgRefused(f"fill '{value[:40]}' is not a colour (#rrggbb, a name, currentColor or none)") from None
    return (round(c.red, 4), round(c.green, 4), round(c.blue, 4))


def _fmt(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def path_ops(d: str, numbers: list | None = None) -> str:
    """PDF path operators (m, l, c, h) for SVG path data, all commands absolute; SvgRefused on bad data."""
    numbers = numbers if numbers is not None else [0]
    out: list[str] = []
    pos, n = 0, len(d)
    cmd = None
    x = y = sx = sy = 0.0
    ctrl = None          # the last cubic control point (for S) ...
    qctrl = None         # ... and quadratic one (for T)

    def skip(p):
        while p < n and (d[p].isspace() or d[p] == ","):
            p += 1
        return p

    def number(p):
        m = NUMBER.match(d, p)
        if not m:
            raise SvgRefused(f"path data has '{d[p:p + 12]}' where a number belongs")
        v = float(m.group(0))
        if not math.isfinite(v) or abs(v) > 1e7:
            raise SvgRefused("path data has a number out of range")
        return v, m.end()

    def flag(p):
        if p < n and d[p] in "01":
            return float(d[p]), p + 1
        raise SvgRefused(f"arc flag '{d[p:p + 4]}' is not 0 or 1")

    def cubic(x1, y1, x2, y2, x3, y3):
        out.append(f"{_fmt(x1)} {_fmt(y1)} {_fmt(x2)} {_fmt(y2)} {_fmt(x3)} {_fmt(y3)} c")

    while True:
        pos = skip(pos)
        if pos >= n:
            break
        ch = d[pos]
        if ch.isalpha():
            if ch.upper() not in ARGS:
                raise SvgRefused(f"path command '{ch}' is not an SVG path command")
            cmd = ch
            pos += 1
        elif cmd is None:
            raise SvgRefused("path data does not start with a command")
        rel = cmd.islower()
        up = cmd.upper()
        if up == "Z":
            if not ch.isalpha():
                raise SvgRefused("path data has numbers after Z")
            out.append("h")
            x, y = sx, sy
            ctrl = qctrl = None
            continue
        args = []
        for k in range(ARGS[up]):
            pos = skip(pos)
            if up == "A" and k in (3, 4):
                v, pos = flag(pos)
            else:
                v, pos = number(pos)
            args.append(v)
        numbers[0] += len(args)
        limits.ICON_NUMBERS.check(numbers[0])
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if up == "M":
            x, y = args[0] + ox, args[1] + oy
            sx, sy = x, y
            out.append(f"{_fmt(x)} {_fmt(y)} m")
            cmd = "l" if rel else "L"  # further pairs are line-tos
            ctrl = qctrl = None
        elif up in ("L", "H", "V"):
            if up == "L":
                x, y = args[0] + ox, args[1] + oy
            elif up == "H":
                x = args[0] + (x if rel else 0.0)
            else:
                y = args[0] + (y if rel else 0.0)
            out.append(f"{_fmt(x)} {_fmt(y)} l")
            ctrl = qctrl = None
        elif up in ("C", "S"):
            if up == "C":
                x1, y1, x2, y2, x3, y3 = (args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy,
                                          args[4] + ox, args[5] + oy)
            else:
                x1, y1 = (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl else (x, y)
                x2, y2, x3, y3 = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
            cubic(x1, y1, x2, y2, x3, y3)
            ctrl, qctrl = (x2, y2), None
            x, y = x3, y3
        elif up in ("Q", "T"):
            if up == "Q":
                qx, qy, x3, y3 = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
            else:
                qx, qy = (2 * x - qctrl[0], 2 * y - qctrl[1]) if qctrl else (x, y)
                x3, y3 = args[0] + ox, args[1] + oy
            cubic(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x3 + 2 / 3 * (qx - x3), y3 + 2 / 3 * (qy - y3), x3, y3)
            qctrl, ctrl = (qx, qy), None
            x, y = x3, y3
        else:  # A
            x3, y3 = args[5] + ox, args[6] + oy
            for seg in _arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), x3, y3):
                cubic(*seg)
            x, y = x3, y3
            ctrl = qctrl = None
    if out and not out[0].endswith(" m"):
        raise SvgRefused("path data does not start with a move (M)")
    return "\n".join(out)


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2):
    """Cubic segments (x1, y1, x2, y2, x, y) for an SVG elliptical arc (SVG 1.1 appendix F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [(x1, y1, x2, y2, x2, y2)]
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    count = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / count
    k = 4 / 3 * math.tan(step / 4)
    segs = []

    def point(t):
        px, py = rx * math.cos(t), ry * math.sin(t)
        return cos * px - sin * py + cx, sin * px + cos * py + cy

    def deriv(t):
        px, py = -rx * math.sin(t), ry * math.cos(t)
        return cos * px - sin * py, sin * px + cos * py

    t = t1
    for i in range(count):
        ta, tb = t, t + step
        (ax, ay), (bx, by) = point(ta), point(tb)
        (dax, day), (dbx, dby) = deriv(ta), deriv(tb)
        if i == count - 1:
            bx, by = x2, y2
        segs.append((ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by))
        t = tb
    return segs
