"""`pnp simulate argonauts` declared once: seeded games or whole campaigns with a policy, and a balance summary."""
from __future__ import annotations

from pnp import limits
from pnp.games.argonauts.campaign_link import campaign_game
from pnp.judge.situation import Int, Param, Text
from pnp.simulate.simulation import Simulation


def _run(n, seed, policy, jobs, progress, campaign, n_campaigns, cards_path, crew):
    from pnp.games.argonauts import sim  # lazy: start-up time (its engines, loaded only when run)
    if n_campaigns:
        limits.CAMPAIGNS.check(n_campaigns, field="--campaigns")  # each may play up to 400 games
        return sim.campaigns(n_campaigns, policy, seed, cards_path=cards_path, progress=progress)
    deck = levels = None
    if campaign:
        g = campaign_game(campaign)
        deck, levels, crew = g["deck"], g["levels"], crew or g["crew"]
    return sim.simulate(n, policy, seed, deck, levels, crew or 12, cards_path, jobs, progress=progress)


def _lines(res, v) -> list[str]:
    if "campaigns" in res:
        return [f"{res['campaigns']} campaigns ({v['policy']}): losses before completion mean "
                f"{res['losses_mean']:.2f}, max {res['losses_max']}; games {res['games_mean']:.1f}; "
                f"unfinished after {res['max_games']} games: {res['unfinished']}"]
    lo, hi = res["ci95"]
    return [f"{res['games']} games, policy {v['policy']}, seed {v['seed']}, crew {res['crew']}, deck {res['deck_size']}",
            f"win rate {res['win_rate']:.4f} (95% CI {lo:.4f}-{hi:.4f})",
            f"crew left on a win {res['crew_left_on_win']:.2f}; turns per game {res['turns']:.2f}"] + [
        f"  kills {k['deaths_per_game']:.3f} crew/game: {k['name']}" for k in res["killers"]]


SIMULATION = Simulation(
    "argonauts", "Simulate Argonauts games: win rate with a 95% interval, crew left, turns, deadliest cards.",
    "pnp simulate argonauts -n 2000 --policy greedy --seed 1", 10000, ("advise", "greedy", "random"), "greedy",
    _run, _lines,
    params=(Param("campaign", "Campaign", Text(), default=None, help="Play this campaign's current deck, levels and crew."),
            Param("n_campaigns", "Whole campaigns", Int(1), default=None, flag="--campaigns",
                  help="Play this many whole campaigns to completion instead."),
            Param("cards_path", "Another cards.yaml", Text(), default=None, flag="--cards",
                  help="Another cards.yaml to try (balance tuning)."),
            Param("crew", "Starting crew", Int(1, 999), default=None,
                  help="Starting crew (default 12 or the campaign's; a what-if may go up to 999).")),
    progress=lambda values: "campaigns" if values.get("n_campaigns") else "games",
    total=lambda values: values.get("n_campaigns") or values["n"], announce_seed=True)
