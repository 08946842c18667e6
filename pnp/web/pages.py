"""The web shell's own pages of `pnp serve`: rules search and statements (the judge situations' forms are
pnp/web/judge.py).

A game's pages (its campaign, its table play) live in its folder and are mounted through the
registry (Game.web, see pnp/web/app.py). Builders take (store, request) and return the template's context.
"""
from __future__ import annotations

from pnp import catalog
from pnp.rules.book import load
from pnp.rules.cards import lookup, reference
from pnp.rules.search import is_open, search
from pnp.web import inputs
from pnp.web.forms import with_query
from pnp.web.inputs import BadInput
from pnp.web.memo import FRESH_S

# ---- rules -----------------------------------------------------------------------------------------

def _game(slug: str):
    if len(slug) > inputs.NAME_CHARS:
        raise BadInput(f"is {len(slug)} characters long, over the limit of {inputs.NAME_CHARS}", "game")
    return catalog.game(slug)


def rules(store, request) -> dict:
    """Search every game's rules (FTS5, pnp.rules.search) for the query: each game's title and its hits,
    each with the address that shows it (a card's in the card reference, a rule's or gap's own page).
    The games' data files are looked at for changes at most every memo.FRESH_S seconds."""
    q = inputs.text(request.query_params, "q", required=False) or ""
    results = []
    if q:
        for slug, g in catalog.games().items():
            hits = search(slug, q, 5, within=FRESH_S)
            if hits:
                results.append((g.title, [(_href(slug, h), h) for h in hits]))
    return {"q": q, "results": results, "games": [(s, g.title) for s, g in catalog.games().items()]}


def searchable(request) -> bool:
    """Whether a rules search would only read indexes already open (quick: no file is opened or built)."""
    return all(is_open(slug, FRESH_S) for slug in catalog.games())


def _href(slug: str, hit) -> str:
    """The address of a search hit: a card in its game's card reference, else the rule's or gap's own page."""
    if hit.kind == "card":
        return with_query("/cards", game=slug, q=hit.id.split(".card.")[1])
    return f"/rules/{slug}/{hit.id}"


def cards(store, request) -> dict:
    """A game's card reference (pnp.rules.cards): every card, or the ones a typed name fits (?game=&q=)."""
    games = catalog.games()
    default = next((s for s, g in games.items() if g.web), next(iter(games)))  # the game whose pages are served
    slug = _game(inputs.text(request.query_params, "game", required=False) or default).slug
    q = inputs.text(request.query_params, "q", required=False) or ""
    return {"game": slug, "title": games[slug].title, "q": q, "games": [(s, g.title) for s, g in games.items()],
            "cards": lookup(slug, q) if q else reference(slug)}


def statement(store, request) -> dict:
    """One rule statement or gap, with its section."""
    g, rid = _game(request.path_params["game"]), request.path_params["rule"]
    if len(rid) > inputs.NAME_CHARS:
        raise BadInput(f"is {len(rid)} characters long, over the limit of {inputs.NAME_CHARS}", "rule")
    slug, title = g.slug, g.title
    book = load(slug)
    if ".gap." in rid:
        return {"game": slug, "title": title, "gap": book.gap(rid), "rule": None}
    s = book.statement(rid)
    return {"game": slug, "title": title, "rule": {"id": s.id, "text": s.text, "section": s.section.title},
            "gap": None}


def rulebook(store, request) -> dict:
    """A game's whole rules, section by section (what a phone keeps to read offline)."""
    g = _game(request.path_params["game"])
    return {"game": g.slug, "title": g.title, "sections": load(g.slug).sections}


def gaps(store, request) -> dict:
    """A game's gaps: the questions its rulebook leaves open, each with its ruling and basis."""
    g = _game(request.path_params["game"])
    return {"game": g.slug, "title": g.title, "gaps": load(g.slug).gaps}
