"""Shell completion of names: games, card sets, rule ids, and each game's own names (cards, deeds, campaigns…).

Each option or argument that takes a name gets `shell_complete=names(SOURCE)`, SOURCE a key of
SOURCES or, for a game's own names, a function in that game's code; click's own
machinery (bash, zsh, fish) then offers the names that start with what is typed. Names are
offered as one shell word each: as they are when already plain ("argonauts.combat.3"), else as
slugs ("bronze-bulls", "nemean-lion"); pnp.names reads them back. A comma list ("harpies,bro")
completes its last item. Completion never fails: a source that cannot be read offers nothing.
"""
from __future__ import annotations

import re

from pnp.cardset.find import builtin_sets
from pnp.catalog import game
from pnp.names import normalise

_PLAIN = re.compile(r"[a-z0-9][a-z0-9.-]*")


def slug(name: str) -> str:
    """A name as one shell word: "Dragon's-Teeth Warriors" -> "dragons-teeth-warriors"."""
    return "-".join(normalise(name).split())


def _games(ctx) -> list[str]:
    from pnp.catalog import GAMES  # here: GAMES is found afresh at each import, so a game added later is listed
    return list(GAMES)


def _card_sets(ctx) -> list[str]:
    return [p.name for p in builtin_sets()]


def _rule_refs(ctx) -> list[str]:
    """Section keys, statement and gap ids of the game typed before (`pnp rules GAME show ...`)."""
    from pnp.rules.book import load  # lazy: start-up time (every command's module imports this one; pydantic)
    book = load(game(ctx.parent.params["game"]).slug)
    return [s.key for s in book.sections] + [s.id for s in book.statements] + [g.id for g in book.gaps]


def _cards(ctx) -> list[str]:
    """Card ids of the game typed before (`pnp cards GAME ...`)."""
    from pnp.rules.cards import reference  # lazy: start-up time (the card set loader)
    return [c.id for c in reference(game(ctx.params["game"]).slug)]


SOURCES = {  # names outside any one game; a game's own names (cards, deeds, its campaigns) come from its
    "game": _games, "card-set": _card_sets, "rule-ref": _rule_refs,  # folder, as callables
    "card": _cards,  # the card reference of the game typed before (pnp.rules.cards)
}


def shell_word(name: str) -> str:
    """A name as offered: as it is when it is already one plain lower-case word ("argonauts.combat.3"),
    else its slug."""
    return name if _PLAIN.fullmatch(name) else slug(name)


def candidates(source, ctx, incomplete: str) -> list[str]:
    """The source's names (as shell words) that start with `incomplete`, or have a word that does.

    source: a key of SOURCES, or a callable(ctx) returning names (a game's own, from its folder).
    """
    read = SOURCES[source] if isinstance(source, str) else source
    try:
        offered = list(dict.fromkeys(shell_word(n) for n in read(ctx)))
    except Exception:  # completion must never break the shell: a broken source offers nothing
        return []
    typed = slug(incomplete)
    first = [n for n in offered if slug(n).startswith(typed)]
    inner = [n for n in offered if n not in first and any(w.startswith(typed) for w in slug(n).split("-"))]
    return first + inner


def names(source, many: bool = False, dirs: bool = False):
    """A click shell_complete callback offering the names of a source (a SOURCES key or a callable(ctx)).

    many=True: the value is a comma list and its last item is completed; dirs=True: folders too
    (the shell's own folder completion, when a path is being typed or no name fits).
    """
    def complete(ctx, param, incomplete):
        from click.shell_completion import CompletionItem  # lazy: start-up time (only when completing)
        head, last = "", incomplete
        if many and "," in incomplete:
            done, _, last = incomplete.rpartition(",")
            head = ",".join(shell_word(p.strip()) or p.strip() for p in done.split(",")) + ","
        found = [] if dirs and "/" in incomplete else candidates(source, ctx, last.strip())
        items = [CompletionItem(head + n) for n in found]
        if dirs and not found:
            items.append(CompletionItem(incomplete, type="dir"))
        return items
    complete.source = source  # for tests: what the callback offers
    return complete
