"""A judge situation declared once: its parameters (name, label in words, type, default, help) and the rule
that computes its Ruling. `pnp judge` (pnp/cli/judge.py) and the companion's Rulings forms (pnp/web/judge.py)
are both built from these declarations; neither calls the other."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pnp.errors import UsageError
from pnp.names import resolve

REQUIRED = object()  # a Param's default when the value must be given


@dataclass(frozen=True)
class Content:
    """A file's text and the name it came from (the path, or 'the pasted board'), for error messages."""

    text: str
    source: str


@dataclass(frozen=True)
class Int:
    """A whole number, min..max when given (None: unbounded)."""

    min: int | None = None
    max: int | None = None

    def parse(self, text: str, label: str) -> int:
        """The number typed (ASCII digits, optional sign), within the range; else UsageError naming the label."""
        t = text.strip()
        if not (t.lstrip("+-").isascii() and t.lstrip("+-").isdigit()):
            raise UsageError(f"'{text}' is not a whole number", field=label, expected=self.expected())
        n = int(t)
        if (self.min is not None and n < self.min) or (self.max is not None and n > self.max):
            raise UsageError(f"{n} is out of range", field=label, expected=self.expected())
        return n

    def expected(self) -> str:
        """The range in words: 'a whole number 1-6'."""
        if self.min is not None and self.max is not None:
            return f"a whole number {self.min}-{self.max}" if self.min >= 0 else f"a whole number from {self.min} to {self.max}"
        if self.min is not None:
            return f"a whole number of at least {self.min}"
        return "a whole number" if self.max is None else f"a whole number up to {self.max}"


@dataclass(frozen=True)
class Die(Int):
    """One die's face, 1-6 (the web shows a dice picker)."""

    min: int = 1
    max: int = 6


@dataclass(frozen=True)
class Dice:
    """Several dice thrown together, each 1-6: "5,5" at the terminal, a dice picker per die on the web."""

    count: int = 2

    def parse(self, text: str, label: str) -> tuple[int, ...]:
        """The faces thrown, in order; else UsageError naming the label."""
        faces = [f for f in re.split(r"[,\s]+", text.strip()) if f]
        if len(faces) != self.count or not all(f.isascii() and f.isdigit() and 1 <= int(f) <= 6 for f in faces):
            raise UsageError(f"'{text}' is not a throw: it needs {self.count} dice, each 1-6", field=label,
                             expected=f"{self.count} numbers 1-6, e.g. " + ",".join(["5"] * self.count))
        return tuple(int(f) for f in faces)


@dataclass(frozen=True)
class Choice:
    """One of fixed values, typed loosely (pnp.names): a sequence of ids, or id -> name shown, or a callable
    returning either (read when first asked, e.g. from the game's data files). many: a repeatable terminal
    option giving a tuple (a simulator's option; no judge form asks for several)."""

    values: Sequence[str] | Mapping[str, str] | Callable[[], Sequence[str] | Mapping[str, str]]
    kind: str = "value"
    many: bool = False

    def options(self) -> dict[str, str]:
        """id -> name shown, in the declared order."""
        v = self.values() if callable(self.values) else self.values
        return dict(v) if isinstance(v, Mapping) else {x: x for x in v}

    def parse(self, text: str, label: str) -> str:
        """The id `text` names, loosely (by id or by the name shown); else UsageError listing the ids."""
        opts = self.options()
        return text if text in opts else resolve(self.kind, text, {k: [k, v] for k, v in opts.items()}, field=label)


@dataclass(frozen=True)
class Flag:
    """Yes or no: a --flag at the terminal, a labelled checkbox on the web."""

    def parse(self, text: str, label: str) -> bool:
        """Ticked: any text but '', 0, false, no or off."""
        return text.strip().lower() not in ("", "0", "false", "no", "off")


@dataclass(frozen=True)
class Text:
    """Free text on one line, usually a comma list; `names` (a callable) offers completions, `many` for a list."""

    names: Callable[[], Sequence[str]] | None = None
    many: bool = False

    def parse(self, text: str, label: str) -> str:
        """The text as given (the rule reads its list)."""
        return text


@dataclass(frozen=True)
class Lines:
    """The same kind of value given several times: a repeated --option, one line each on the web."""

    def parse(self, text: str, label: str) -> tuple[str, ...]:
        """One value per non-blank line."""
        return tuple(line.strip() for line in text.splitlines() if line.strip())


@dataclass(frozen=True)
class Pasted:
    """A file's text: a path read at the terminal, pasted or uploaded on the web (never a path from a request)."""

    what: str = "file"  # 'board', 'position': for 'the pasted board'

    def parse(self, text: str, label: str) -> Content:
        """Pasted text, named 'the pasted WHAT' in error messages."""
        return Content(text, f"the pasted {self.what}")


@dataclass(frozen=True)
class Param:
    """One parameter of a situation: its name (the rule's keyword), a label in words, type, default and help.

    flag: the terminal option when it is not --NAME with dashes (e.g. obj -> --object).
    """

    name: str
    label: str
    type: Int | Dice | Choice | Flag | Text | Lines | Pasted
    default: object = REQUIRED
    help: str = ""
    flag: str | None = None

    @property
    def required(self) -> bool:
        """No default: the value must be given (a flag is never required)."""
        return self.default is REQUIRED and not isinstance(self.type, Flag)

    @property
    def option(self) -> str:
        """The terminal option: --die, --deck-left, --object."""
        return self.flag or "--" + self.name.replace("_", "-")

    def value_default(self):
        """The default the rule gets when nothing is given (False for a flag, () for repeated lines)."""
        if isinstance(self.type, Flag):
            return False
        if isinstance(self.type, Lines):
            return ()
        return None if self.default is REQUIRED else self.default


@dataclass(frozen=True)
class Situation:
    """A judge situation: name, one-line summary, parameters, the rule (**values) -> Ruling, and an example
    command line (`pnp judge GAME NAME ...`) that the tests run."""

    name: str
    summary: str
    params: tuple[Param, ...]
    rule: Callable
    example: str
    details: str = ""

    def run(self, values: Mapping[str, object]):
        """The Ruling for parsed values (missing ones take their defaults); UsageError for a missing one."""
        full = {p.name: values.get(p.name, p.value_default()) for p in self.params}
        for p in self.params:
            if p.required and (full[p.name] is None or full[p.name] in ("", ())):
                raise UsageError(f"'{p.label}' is missing", hint="fill it in")
        return self.rule(**full)


@dataclass(frozen=True)
class Situations:
    """A game's judge situations, declared in its folder (situations.py) and named by its catalog.Game."""

    game: str
    title: str
    situations: tuple[Situation, ...]

    def get(self, name: str) -> Situation | None:
        """The situation of that exact name, or None."""
        return next((s for s in self.situations if s.name == name), None)
