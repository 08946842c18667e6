"""`pnp rules GAME [show ID | search QUERY | gaps]`: a game's rules as cited data."""
from __future__ import annotations

import click

from pnp.catalog import game as find_game, games
from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.errors import UsageError
from pnp.names import match, unknown_message
from pnp.plural import counted


class RulesGroup(click.Group):
    """A group taking GAME before its subcommand; a misspelt subcommand gets a suggestion."""

    OWN_FLAGS = ("--json", "-h", "--help")

    def parse_args(self, ctx, args):
        """Accept the group's own flags right after GAME too: `pnp rules GAME --json [show ...]`."""
        args = list(args)
        pos = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
        if pos is not None:
            end = pos + 1
            while end < len(args) and args[end] in self.OWN_FLAGS:
                end += 1
            args = args[pos + 1:end] + args[:pos + 1] + args[end:]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx, args):
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and name not in self.commands and not name.startswith("-"):
            raise click.UsageError(unknown_message("rules command", name, self.commands)
                                   + f" (for a statement use: pnp rules GAME show {name})", ctx)
        return super().resolve_command(ctx, args)


def _game_help() -> str:
    return "Games: " + ", ".join(games()) + "."


@click.group(cls=RulesGroup, invoke_without_command=True, no_args_is_help=True,
             subcommand_metavar="[show ID | search QUERY | gaps]", epilog=_game_help())
@click.argument("game", shell_complete=complete("game"))
@click.option("--json", "as_json", is_flag=True, help="Print JSON (also applies to the subcommand).")
@click.pass_context
def rules(ctx, game, as_json):
    """Look up a game's rules: contents, a statement or section, search, and the gaps register.

    With GAME alone, print the table of contents: each section with its heading as printed in the
    rulebook and its statement ids.

    \b
    Examples:
      pnp rules argonauts                          table of contents
      pnp rules argonauts show argonauts.combat.3  one statement
      pnp rules argonauts show combat              a whole section (by key)
      pnp rules argonauts search "roll a natural six"
      pnp rules argonauts gaps --json              the gaps register as JSON

    Example: pnp rules argonauts search "what happens when I fight"
    """
    obj = ctx.ensure_object(dict)
    obj["rules_game"] = find_game(game).slug
    obj["rules_json"] = as_json
    if ctx.invoked_subcommand is None:
        from pnp.rules.book import load  # lazy: start-up time (pydantic and YAML)
        _print_toc(load(obj["rules_game"]), as_json)


def _ids_label(sec) -> str:
    """The statement ids of a section, compressed to a range when they run 1..n."""
    ids = [s.id for s in sec.statements]
    if not ids:
        return "(no statements)"
    prefix = ids[0].rsplit(".", 1)[0]
    nums = [i.rsplit(".", 1)[1] for i in ids]
    if all(i.rsplit(".", 1)[0] == prefix for i in ids) and nums == [str(n) for n in range(1, len(ids) + 1)]:
        return f"{prefix}.1" if len(ids) == 1 else f"{prefix}.1–{len(ids)}"
    return ", ".join(ids)


def _section_dict(sec, with_text: bool) -> dict:
    return {"key": sec.key, "heading": sec.heading, "heading_en": sec.heading_en, "title": sec.title,
            "statements": ([{"id": s.id, "text": s.text} for s in sec.statements] if with_text
                           else [s.id for s in sec.statements])}


def _gap_dict(g) -> dict:
    return {"id": g.id, "kind": g.kind, "title": g.title, "section": g.section, "question": g.question,
            "ruling": g.ruling, "reasoning": g.reasoning, "basis": g.basis,
            "inferred_from": list(g.inferred_from)}


def _print_toc(book, as_json: bool) -> None:
    title = games()[book.game].title
    if as_json:
        emit_json({"game": book.game, "title": title, "rulebook": book.rulebook,
                   "sections": [_section_dict(s, False) for s in book.sections],
                   "gaps": [g.id for g in book.gaps]})
        return
    click.echo(f"{title}: {counted(len(book.statements), 'statement')} in {counted(len(book.sections), 'section')}, "
               f"{counted(len(book.gaps), 'gap')} (rulebook {book.rulebook})")
    width = max((len(s.key) for s in book.sections), default=0)
    for sec in book.sections:
        click.echo(f"  {sec.key:<{width}}  {sec.title}")
        click.echo(f"  {'':<{width}}    {_ids_label(sec)}")
    click.echo(f"Show one: pnp rules {book.game} show ID|SECTION   search: pnp rules {book.game} search \"...\"")


def _want_json(ctx, as_json: bool) -> bool:
    return as_json or ctx.obj.get("rules_json", False)


def lookup(book, ref: str):
    """The statement, section or gap a reference names (id, section key or '<game>.<key>').

    Typed loosely as any name (pnp.names: "Combat", "combat 3"); an unknown or ambiguous reference
    raises UsageError naming the nearest ids (exit 2).
    """
    for sec in book.sections:
        if ref in (sec.key, f"{book.game}.{sec.key}"):
            return sec
        for st in sec.statements:
            if st.id == ref:
                return st
    for g in book.gaps:
        if g.id == ref:
            return g
    items = {**{s.id: s for s in book.statements}, **{s.key: s for s in book.sections}, **{g.id: g for g in book.gaps}}
    m = match("rule id or section", ref, list(items))  # typed loosely: "Combat", "combat 3", "combt"
    if m.status == "match":
        return items[m.id]
    near = list(m.candidates[:3])
    raise UsageError(f"unknown rule id or section '{ref}' for {book.game}",
                     expected="a statement id, section key or gap id",
                     hint=(f"did you mean {', '.join(near)}?" if near else f"run 'pnp rules {book.game}' for the contents"))


@rules.command()
@click.argument("ref", metavar="ID", shell_complete=complete("rule-ref"))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def show(ctx, ref, as_json):
    """Show one statement, a whole section (by key) or a gap, with its citation; or a card a search found.

    Example: pnp rules argonauts show argonauts.combat.3
    """
    from pnp.rules.book import Gap, Section, load  # lazy: start-up time (pydantic and YAML)
    game = ctx.obj["rules_game"]
    if ref.startswith(f"{game}.card."):  # a card hit of `search`: the card reference's entry
        from pnp.cli.cards import show_card  # lazy: start-up time (as above: the card set loader)
        from pnp.rules.cards import find
        card = find(game, ref[len(f"{game}.card."):])
        if _want_json(ctx, as_json):
            emit_json({"type": "card", **card.to_dict()})
        else:
            show_card(card, full=True)
        return
    item = lookup(load(game), ref)
    if isinstance(item, Section):
        if _want_json(ctx, as_json):
            emit_json({"type": "section", **_section_dict(item, True)})
            return
        click.echo(f"{item.title}  [{item.key}]")
        for st in item.statements:
            click.echo(f"  [{st.id}] {st.text}")
    elif isinstance(item, Gap):
        if _want_json(ctx, as_json):
            emit_json({"type": "gap", **_gap_dict(item)})
            return
        _print_gap(item)
    else:
        if _want_json(ctx, as_json):
            emit_json({"type": "rule", "id": item.id, "text": item.text, "section": item.section.title,
                       "section_key": item.section.key})
            return
        click.echo(f"[{item.id}] {item.text}")
        click.echo(f"  section: {item.section.title}")


@rules.command()
@click.argument("words", metavar="QUERY", nargs=-1, required=True)
@click.option("--limit", "-n", type=click.IntRange(min=1), default=5, show_default=True, help="Hits to show.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def search(ctx, words, limit, as_json):
    """Search the statements and gaps (stemmed, with the game's synonyms); best hits first.

    Example: pnp rules argonauts search "what if I roll a six"
    """
    from pnp.rules.search import search as run  # lazy: start-up time (pydantic and YAML)
    text = " ".join(words)
    hits = run(ctx.obj["rules_game"], text, limit)
    if _want_json(ctx, as_json):
        emit_json({"game": ctx.obj["rules_game"], "query": text, "hits": [h.to_dict() for h in hits]})
        return
    if not hits:
        click.echo(f"nothing matches '{text}'; try other words, or 'pnp rules {ctx.obj['rules_game']}' "
                   f"for the contents")
        return
    for i, h in enumerate(hits, 1):
        label = f"{h.id} ({h.kind})" if h.kind in ("gap", "card") else h.id
        click.echo(f"{i}. [{label}] {h.text}")
        click.echo(f"   section: {h.section}")


def _print_gap(g) -> None:
    basis = f"inferred from {', '.join(g.inferred_from)}" if g.basis == "inferred" and g.inferred_from else g.basis
    click.echo(f"[{g.id}] {g.title}  ({g.kind}; section: {g.section})")
    click.echo(f"  question:  {g.question}")
    click.echo(f"  ruling:    {g.ruling}")
    click.echo(f"  reasoning: {g.reasoning}")
    click.echo(f"  basis:     {basis}")


@rules.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def gaps(ctx, as_json):
    """List the gaps register: where the rulebook is silent, contradicts itself or misprints.

    Example: pnp rules argonauts gaps
    """
    from pnp.rules.book import load  # lazy: start-up time (pydantic and YAML)
    register = load(ctx.obj["rules_game"]).gaps
    if _want_json(ctx, as_json):
        emit_json([_gap_dict(g) for g in register])
        return
    if not register:
        click.echo(f"no gaps recorded for {ctx.obj['rules_game']}")
    for i, g in enumerate(register):
        if i:
            click.echo("")
        _print_gap(g)
