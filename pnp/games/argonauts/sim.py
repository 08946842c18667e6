"""Simulate many Argonauts games or whole campaigns with a policy; summarise win rate and killers."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from pnp.games.argonauts import campaign_model as model
from pnp.games.argonauts.campaign_cards import load_cards as campaign_cards
from pnp.games.argonauts.cards import deck_stats, load_cards, starting_deck
from pnp.games.argonauts.fast import compile_deck, play_greedy
from pnp.games.argonauts.state import State
from pnp.games.base import pick_index
from pnp.games.stats import wilson
from pnp.simulate.jobs import play_games

POLICIES = ("advise", "greedy", "random")


def play_state(stats, deck: list[str], crew: int, policy: str, rng: random.Random) -> tuple:
    """One game through the State engine; returns (won, crew_left, turns, killers, victory pile)."""
    from pnp.games.argonauts.policies import Greedy, advise_action  # numpy: not loaded by the greedy fast loop
    st = State(stats, deck, crew)
    pick = {"advise": advise_action, "greedy": Greedy(st), "random": lambda s: rng.choice(s.legal_actions())}[policy]
    killers: Counter = Counter()
    while not st.is_terminal():
        if st.phase == "quest":
            st.apply_action(st.deck[0])
        elif st.phase == "roll":
            st.apply_action(pick_index(6, rng) + 1)                  # a die: 1-6, each equally likely
        else:
            before = st.crew
            st.apply_action(pick(st))
            if st.crew < before:
                killer = next(c for c in reversed(st.discard) if st.stats[c].kind == "monster")
                killers[killer] += before - st.crew
    return st.result > 0, st.crew, st.turn, dict(killers), list(st.victory)


def _chunk(args) -> tuple:
    """Play games [lo, hi) of a run; picklable for multiprocessing."""
    lo, hi, seed, ids, levels, crew, policy, path = args
    cards = load_cards(path)
    stats = deck_stats(ids, levels, cards)
    info = compile_deck(stats)
    wins = crew_sum = turns = 0
    killers: Counter = Counter()
    rng = random.Random(seed * 1_000_003 + lo)  # one stream per chunk: chunks are fixed, so runs repeat
    rand = rng.random
    for _ in range(lo, hi):
        deck = sorted(ids, key=lambda _c: rand())  # a uniform shuffle (argonauts.setup.4)
        if policy == "greedy":
            won, left, t, k = play_greedy(deck, info, crew, rng)
        else:
            won, left, t, k, _ = play_state(stats, deck, crew, policy, rng)
        wins += won
        crew_sum += left if won else 0
        turns += t
        killers.update(k)
    return hi - lo, wins, crew_sum, turns, killers


def simulate(n: int, policy: str = "greedy", seed: int = 0, deck: list[str] | None = None,
             levels: dict | None = None, crew: int = 12, cards_path: str | None = None,
             jobs: int = 1, progress=None) -> dict:
    """Play n seeded games over `jobs` processes; win rate with a Wilson interval, crew left on wins, turns,
    top killers. Each fixed chunk of games has its own random stream, so any number of jobs gives the same result."""
    cards = load_cards(cards_path)
    ids = list(deck) if deck is not None else starting_deck(cards)
    levels = levels or {}
    size = 2000 if policy == "greedy" else 20
    chunks = [(lo, min(lo + size, n), seed, ids, levels, crew, policy, cards_path) for lo in range(0, n, size)]
    total = Counter()
    killers: Counter = Counter()
    for res in play_games(_chunk, chunks, jobs, progress, games=lambda job: job[1] - job[0]):
        _add(total, killers, res)
    games, wins = total["games"], total["wins"]
    lo, hi = wilson(wins, games)
    names = {c: cards[c].name for c in killers}
    return {"games": games, "policy": policy, "seed": seed, "crew": crew, "deck_size": len(ids),
            "win_rate": wins / games if games else 0.0, "ci95": [lo, hi],
            "crew_left_on_win": total["crew"] / wins if wins else 0.0,
            "turns": total["turns"] / games if games else 0.0,
            "killers": [{"card": c, "name": names[c], "deaths_per_game": k / games}
                        for c, k in killers.most_common(5)]}


def _add(total, killers, res):
    g, w, c, t, k = res
    total["games"] += g
    total["wins"] += w
    total["crew"] += c
    total["turns"] += t
    killers.update(k)


def campaigns(n: int, policy: str = "greedy", seed: int = 0, max_games: int = 400, cards_path: str | None = None,
              progress=None) -> dict:
    """Play n whole campaigns to completion with the campaign library's pure functions.

    Each win records the victory pile and the first open deed not granted by a card; `cards_path`
    (a cards.yaml with player.yaml beside it) tries another card set.
    """
    data = campaign_cards(Path(cards_path).parent if cards_path else None)
    cards = load_cards(cards_path)
    losses, games_needed, unfinished = [], [], 0
    for k in range(n):
        rng = random.Random(seed * 7919 + k)
        state = model.initial("sim", data)
        games = 0
        while not model.complete(state, data) and games < max_games:
            games += 1
            lv = {c: v - 1 for c, v in state.levels.items()}
            stats = deck_stats(state.deck, lv, cards)
            deck = list(state.deck)
            rng.shuffle(deck)  # argonauts.gap.29: shuffled before every game
            crew = model.crew(state, data)
            won, _, _, _, victory = play_state(stats, deck, crew, policy, rng)
            if won:
                granted = {cards[c].deed for c in victory if cards[c].deed}
                open_deeds = [d.id for d in data.deeds if d.id not in state.deeds and d.id not in granted]
                state, _ = model.apply_win(state, data, victory, open_deeds[0] if open_deeds else None)
            else:
                state, _ = model.apply_loss(state, data)
        if not model.complete(state, data):
            unfinished += 1
        losses.append(state.losses)
        games_needed.append(games)
        if progress is not None:
            progress(1)
    return {"campaigns": n, "policy": policy, "losses_mean": sum(losses) / n, "losses_max": max(losses),
            "games_mean": sum(games_needed) / n, "unfinished": unfinished, "max_games": max_games}
