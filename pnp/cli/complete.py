"""Shell completion of names: games, card sets, campaigns, each game's cards, deeds, spaces and labors.

Each option or argument that takes a name gets `shell_complete=names("SOURCE")`; click's own
machinery (bash, zsh, fish) then offers the names that start with what is typed. Names are
offered as one shell word each: as they are when already plain ("argonauts.combat.3"), else as
slugs ("bronze-bulls", "nemean-lion"); pnp.names reads them back. A comma list ("harpies,bro")
completes its last item. Completion never fails: a source that cannot be read offers nothing.
"""
from __future__ import annotations

import re

from pnp.names import normalise

_PLAIN = re.compile(r"[a-z0-9][a-z0-9.-]*")


def slug(name: str) -> str:
    """A name as one shell word: "Dragon's-Teeth Warriors" -> "dragons-teeth-warriors"."""
    return "-".join(normalise(name).split())


def _argonauts_cards(ctx) -> list[str]:
    from pnp.campaign.cards import load_cards
    return [c.id for c in load_cards().cards]


def _argonauts_treasures(ctx) -> list[str]:
    from pnp.campaign.cards import load_cards
    return [c.id for c in load_cards().cards if c.kind == "treasure"]


def _deeds(ctx) -> list[str]:
    from pnp.campaign.cards import load_cards
    return [d.id for d in load_cards().deeds]


def _campaigns(ctx) -> list[str]:
    """Campaign names in the store given by --store (if typed before) or the default; none if no store yet."""
    from pnp.store.db import store_path
    path = store_path((ctx.params or {}).get("store"))
    if not path.exists():
        return []
    from pnp.campaign.store import open_store
    st = open_store(path)
    try:
        return st.names()
    finally:
        st.close()


def _games(ctx) -> list[str]:
    from pnp.catalog import GAMES
    return list(GAMES)


def _card_sets(ctx) -> list[str]:
    from pnp.cardset.find import builtin_sets
    return [p.name for p in builtin_sets()]


def _by_jove_spaces(ctx) -> list[str]:
    from pnp.games.by_jove.data import board
    return [s.name for s in board().spaces]


def _by_jove_fighters(ctx) -> list[str]:
    from pnp.games.by_jove.rules import FIGHTERS
    return list(FIGHTERS)


def _by_jove_gods(ctx) -> list[str]:
    from pnp.games.by_jove.data import board
    return [board().spaces[i].name for i in board().gods]


def _later_years(kind: str):
    def source(ctx) -> list[str]:
        from pnp.games.later_years import names
        return list(names(kind))
    return source


def _twelve_labors(ctx) -> list[str]:
    from pnp.games.twelve_labors_rulings import board
    return [lab.name for lab in board()]


def _herakles_labors(ctx) -> list[str]:
    from pnp.games.labors_of_herakles_rulings import labor_cards
    return list(labor_cards())


def _herakles_traits(ctx) -> list[str]:
    from pnp.games.labors_of_herakles import TRAITS
    return list(TRAITS)


def _herakles_gods(ctx) -> list[str]:
    from pnp.games.labors_of_herakles import GODS
    return list(GODS)


def _van_cards(ctx) -> list[str]:
    from pnp.games.verb_adjective_noun import cards
    return list(cards())


def _micro_hero_cards(ctx) -> list[str]:
    from pnp.games.micro_hero_cards import catalog
    return list(catalog().kinds)


def _micro_hero_trials(ctx) -> list[str]:
    from pnp.games.micro_hero_cards import catalog
    return list(catalog().trials)


def _rule_refs(ctx) -> list[str]:
    """Section keys, statement and gap ids of the game typed before (`pnp rules GAME show ...`)."""
    from pnp.catalog import game
    from pnp.rules.book import load
    book = load(game(ctx.parent.params["game"]).slug)
    return [s.key for s in book.sections] + [s.id for s in book.statements] + [g.id for g in book.gaps]


def _hera_zeus_cards(ctx) -> list[str]:
    from pnp.games.hera_zeus.cards import all_cards
    return sorted({c.token for c in all_cards().values()})


SOURCES = {
    "game": _games, "card-set": _card_sets, "campaign": _campaigns, "deed": _deeds,
    "argonauts-card": _argonauts_cards, "argonauts-treasure": _argonauts_treasures,
    "by-jove-space": _by_jove_spaces, "by-jove-fighter": _by_jove_fighters, "by-jove-god": _by_jove_gods,
    "later-years-action": _later_years("action"), "later-years-object": _later_years("object"),
    "twelve-labors-labor": _twelve_labors, "labors-of-herakles-labor": _herakles_labors,
    "labors-of-herakles-trait": _herakles_traits, "labors-of-herakles-god": _herakles_gods,
    "verb-adjective-noun-card": _van_cards, "micro-hero-card": _micro_hero_cards,
    "micro-hero-trial": _micro_hero_trials, "hera-zeus-card": _hera_zeus_cards, "rule-ref": _rule_refs,
}


def shell_word(name: str) -> str:
    """A name as offered: as it is when it is already one plain lower-case word ("argonauts.combat.3"),
    else its slug."""
    return name if _PLAIN.fullmatch(name) else slug(name)


def candidates(source: str, ctx, incomplete: str) -> list[str]:
    """The source's names (as shell words) that start with `incomplete`, or have a word that does."""
    try:
        offered = list(dict.fromkeys(shell_word(n) for n in SOURCES[source](ctx)))
    except Exception:  # completion must never break the shell: a broken source offers nothing
        return []
    typed = slug(incomplete)
    first = [n for n in offered if slug(n).startswith(typed)]
    inner = [n for n in offered if n not in first and any(w.startswith(typed) for w in slug(n).split("-"))]
    return first + inner


def names(source: str, many: bool = False, dirs: bool = False):
    """A click shell_complete callback offering the names of SOURCES[source].

    many=True: the value is a comma list and its last item is completed; dirs=True: folders too
    (the shell's own folder completion, when a path is being typed or no name fits).
    """
    def complete(ctx, param, incomplete):
        from click.shell_completion import CompletionItem
        head, last = "", incomplete
        if many and "," in incomplete:
            done, _, last = incomplete.rpartition(",")
            head = ",".join(shell_word(p.strip()) or p.strip() for p in done.split(",")) + ","
        found = [] if dirs and "/" in incomplete else candidates(source, ctx, last.strip())
        items = [CompletionItem(head + n) for n in found]
        if dirs and not found:
            items.append(CompletionItem(incomplete, type="dir"))
        return items
    return complete
