"""The eight built-in games: slug, title, rulebook file and language."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    """One built-in game."""

    slug: str
    title: str
    rulebook: str
    language: str  # rulebook language: en, cs or zh

    @property
    def module(self) -> str:
        """Python module name used for this game's engine, judge and simulator."""
        return self.slug.replace("-", "_")


GAMES: dict[str, Game] = {g.slug: g for g in [
    Game("argonauts", "(Your Name Here) and the Argonauts", "argonauts.txt", "en"),
    Game("hera-zeus", "Hera and Zeus", "hera-and-zeus.zh.txt", "zh"),
    Game("micro-hero", "Micro Hero: Hercules", "micro-hero-hercules.cs.txt", "cs"),
    Game("twelve-labors", "The Twelve Labors", "the-twelve-labors.txt", "en"),
    Game("labors-of-herakles", "The Labors of Herakles", "the-labors-of-herakles.txt", "en"),
    Game("by-jove", "By Jove", "by-jove.txt", "en"),
    Game("later-years", "Hercules: The Later Years", "hercules-the-later-years.txt", "en"),
    Game("verb-adjective-noun", "Verb the Adjective Noun", "verb-the-adjective-noun.txt", "en"),
]}


def game(slug: str) -> Game:
    """The game a typed slug or title names, loosely ("Argonauts", "hera zeus": pnp.names); else UsageError (exit 2)."""
    if slug in GAMES:
        return GAMES[slug]
    from pnp.names import resolve
    return GAMES[resolve("game", slug, {s: [s, g.title] for s, g in GAMES.items()})]
