"""The real candidates of each choice set in tests/names_typos.csv, shared by the names tests."""
from __future__ import annotations

from functools import lru_cache

CAMPAIGNS = ["first-voyage", "second-voyage", "Jason's Argo", "medea-2", "medea-1", "test"]


def _situations(game: str) -> list[str]:
    import click
    from pnp.cli.judge import judge
    return list(judge.get_command(click.Context(judge), game).commands)


@lru_cache(maxsize=None)
def choices(name: str):
    """The real candidates of each set in the table (ids -> names, or a list of names)."""
    if name == "game":
        from pnp.catalog import GAMES
        return {slug: g.title for slug, g in GAMES.items()}
    if name == "card":
        from pnp.games.argonauts.campaign_cards import load_cards
        return {c.id: c.name for c in load_cards().cards}
    if name == "deed":
        from pnp.games.argonauts.campaign_cards import load_cards
        return {d.id: d.name for d in load_cards().deeds}
    if name == "campaign":
        return CAMPAIGNS
    if name == "by-jove-space":
        from pnp.games.by_jove.data import board
        return list(dict.fromkeys(s.name for s in board().spaces))
    if name.startswith("later-years-"):
        from pnp.games.later_years.engine import names as ly_names
        return list(ly_names(name.rsplit("-", 1)[1]))
    if name == "colour":
        from pnp.games.verb_adjective_noun.engine import COLOURS
        return list(COLOURS)
    if name == "van-card":
        from pnp.games.verb_adjective_noun.engine import cards
        return {c.id: c.word for c in cards().values()}
    if name == "labor":
        from pnp.games.labors_of_herakles.rulings import labor_cards
        return {c.id: c.name for c in labor_cards().values()}
    if name == "twelve-labor":
        from pnp.games.twelve_labors.rulings import board
        return [lab.name for lab in board()]
    if name.startswith("situation-"):
        return _situations(name[len("situation-"):])
    if name == "rule-argonauts":  # pnp rules argonauts show ID: section keys, statement and gap ids
        from pnp.rules.book import load
        book = load("argonauts")
        return [s.key for s in book.sections] + [s.id for s in book.statements] + [g.id for g in book.gaps]
    if name == "layout":
        from pnp.yamlio import load_yaml
        from pnp.paths import cardsets_root
        return list(load_yaml((cardsets_root() / "argonauts" / "layouts.yaml").read_text()))
    if name == "field":  # the card-set manifest's keys (docs/cardsets.md)
        return ["author", "bleed", "components", "icons", "layouts", "name", "print", "safe", "slug"]
    raise KeyError(name)
