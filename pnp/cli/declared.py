"""Click options built from declared parameters (pnp.judge.situation.Param): `pnp judge` and `pnp simulate`
build their commands' options here, so a parameter is declared once in the game's folder."""
from __future__ import annotations

import click

from pnp.cli.complete import names
from pnp.cli.content import FileText
from pnp.judge.situation import Choice, Dice, Flag, Int, Lines, Param, Pasted, Text


class Declared(click.ParamType):
    """A click type over a declared parameter type: the declaration's own parse, range and message."""

    def __init__(self, param: Param):
        self.param = param
        self.name = "integer" if isinstance(param.type, Int) else "dice" if isinstance(param.type, Dice) else "choice"

    def get_metavar(self, param, ctx=None):
        if isinstance(self.param.type, Choice):
            ids = list(self.param.type.options())
            return "[" + "|".join(ids) + "]" if len(ids) <= 6 else "NAME"
        return None

    def convert(self, value, param, ctx):
        """The parsed value; a bad one is the declaration's UsageError (one line naming the option, exit 2)."""
        if not isinstance(value, str):  # a default, already a value
            return value
        return self.param.type.parse(value, self.param.option)


def option(p: Param) -> click.Option:
    """The click option of a declared parameter: --NAME, its type, default, help and completion."""
    t = p.type
    kw: dict = {"required": p.required, "help": p.help or p.label}
    if isinstance(t, Flag):
        return click.Option([p.option, p.name], is_flag=True, help=kw["help"])
    if isinstance(t, (Int, Dice, Choice)):
        kw["type"] = Declared(p)
    if isinstance(t, Choice):
        kw["shell_complete"] = names(lambda ctx: list(t.options()))
        kw["multiple"] = t.many
    elif isinstance(t, Text) and t.names:
        kw["shell_complete"] = names(lambda ctx: t.names(), many=t.many)
    elif isinstance(t, Pasted):
        kw["type"] = FileText()
    elif isinstance(t, Lines):
        kw["multiple"] = True
    if not p.required and not kw.get("multiple"):
        kw["default"] = p.value_default()
        kw["show_default"] = p.value_default() not in (None, "")
    return click.Option([p.option, p.name], **kw)
