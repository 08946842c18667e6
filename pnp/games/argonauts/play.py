"""`pnp argonauts play`: a whole game at the terminal, saved after every step and resumable."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import click

from pnp.errors import IllegalMove, PnpError
from pnp.games.argonauts.campaign_link import campaign_game, record_result
from pnp.games.argonauts.cards import load_cards
from pnp.games.argonauts.dice import p_success
from pnp.games.argonauts.policies import advise_action
from pnp.games.argonauts.rulings import parse_pairs
from pnp.games.argonauts.state import State, new_game
from pnp.names import resolve
from pnp.store.db import store_path


def save_path(campaign: str | None) -> Path:
    """The save file for a game in progress (beside the pnp store)."""
    return store_path().parent / "argonauts-play" / f"{campaign or '_free'}.json"


def save(path: Path, state: State, meta: dict) -> None:
    """Write the game atomically (temporary file, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"meta": meta, "state": json.loads(state.to_json())}), encoding="utf-8")
    os.replace(tmp, path)


def load(path: Path) -> tuple[State, dict]:
    """Read a saved game."""
    d = json.loads(path.read_text(encoding="utf-8"))
    return State.from_json(json.dumps(d["state"])), d["meta"]


def describe(state: State) -> str:
    """One line of game state."""
    held = ", ".join(state.stats[t].name for t in state.treasures) or "none"
    return (f"turn {state.turn}: crew {state.crew}, deck {len(state.deck)}, victory {len(state.victory)}, "
            f"discard {len(state.discard)}, treasures: {held}")


def _card_line(state: State, c: str) -> str:
    s = state.stats[c]
    if s.kind == "monster":
        return f"{c}: {s.name} (monster, difficulty {s.difficulty}, deadliness {s.deadliness}{', ignorable' if s.ignorable else ''})"
    if s.kind == "treasure":
        return f"{c}: {s.name} (treasure, difficulty {s.difficulty}, {s.use})"
    return f"{c}: {s.name} ({s.kind})"


def _fmt_assign(a: dict) -> str:
    return ",".join(f"{c}:{n}" for c, n in a.items()) or "none"


def parse_assign(text: str, state: State) -> dict:
    """Typed crew placement ('hydra:3, fleece:2' or 'none') as {card: crew} over the field's cards."""
    if text.strip().lower() == "none":
        return {}
    on_field = {c: state.stats[c].name for c in state.field}
    out = {}
    for name, n in parse_pairs(text, "assignment"):
        cid = resolve("card on the field", name, on_field)  # typed loosely: "harpy:3"
        out[cid] = out.get(cid, 0) + n
    return out


def _label(state: State, a) -> str:
    n = state.stats
    def chance(c):
        p = p_success(state.on.get(c, 0), n[c].difficulty, state.modifier(n[c].kind))
        return f"{state.on.get(c, 0)} crew, chance {p}"
    return {"resolve": lambda: f"resolve {n[a[1]].name} ({chance(a[1])})",
            "ignore": lambda: f"ignore {n[a[1]].name}" + (f" spending {n[a[2]].name}" if len(a) > 2 and a[2] else ""),
            "use": lambda: f"spend {n[a[1]].name}",
            "accept": lambda: "accept the roll",
            "kill": lambda: "a death from " + ("free crew" if a[1] == "free" else f"the crew on {n[a[1]].name}"),
            "done": lambda: "done"}[a[0]]()


def run(campaign: str | None, seed: int | None, fresh: bool = False) -> State:
    """Play (or resume) a game interactively; returns the final state."""
    path = save_path(campaign)
    if path.exists() and not fresh:
        state, meta = load(path)
        click.echo(f"Resuming the saved game (seed {meta['seed']}). {describe(state)}")
    else:
        seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        meta = {"seed": seed, "campaign": campaign, "rolls": 0}
        if campaign:
            g = campaign_game(campaign)
            meta["campaign"] = g["name"]
            state = new_game(g["levels"], g["deck"], g["crew"], seed=seed)
        else:
            state = new_game(seed=seed)
        click.echo(f"New game, seed {seed}: {len(state.deck)} cards, {state.crew} crew.")
        save(path, state, meta)
    while not state.is_terminal():
        if state.phase == "quest":
            while state.phase == "quest":
                state.apply_action(state.deck[0])
            state.log = []
            click.echo(f"-- {describe(state)}")
            for c in state.field:
                click.echo("  " + _card_line(state, c))
        elif state.phase == "assign":
            advice = advise_action(state)[2]
            while True:
                text = click.prompt("Assign crew (card:n,...)", default=_fmt_assign(advice))
                try:
                    state.apply_action(("assign", None, parse_assign(text, state)))
                    break
                except PnpError as exc:
                    click.echo(f"  not accepted: {exc.one_line()}")
        elif state.phase == "roll":
            while True:
                text = click.prompt(f"Die for {state.stats[state.rolling].name} (Enter to roll, or type 1-6)",
                                    default="", show_default=False).strip()
                if text == "":
                    r = random.Random(f"{meta['seed']}-{meta['rolls']}").randint(1, 6)  # same dice after a resume
                    meta["rolls"] += 1
                elif text in "123456" and len(text) == 1:
                    r = int(text)
                else:
                    click.echo("  not accepted: a die shows 1 to 6")
                    continue
                state.apply_action(r)
                break
        else:
            acts = state.legal_actions()
            best = advise_action(state)
            acts = [best] + [a for a in acts if a != best]
            for i, a in enumerate(acts, 1):
                click.echo(f"  {i}) {_label(state, a)}" + ("  (advised)" if i == 1 else ""))
            while True:
                text = click.prompt("Choose", default="1")
                if text.isdigit() and 1 <= int(text) <= len(acts):
                    try:
                        state.apply_action(acts[int(text) - 1])
                        break
                    except IllegalMove as exc:
                        click.echo(f"  not accepted: {exc.one_line()}")
                else:
                    click.echo(f"  not accepted: type a number from 1 to {len(acts)}")
        for line in state.log:
            click.echo("  " + line)
        state.log = []
        save(path, state, meta)
    click.echo(("You won" if state.result > 0 else "You lost") + f" with {state.crew} crew left. {describe(state)}")
    if meta.get("campaign"):
        _record(state, meta["campaign"])
    path.unlink(missing_ok=True)
    return state


def _record(state: State, campaign: str) -> None:
    deed = None
    if state.result > 0:
        granted = {load_cards()[c].deed for c in state.victory if load_cards()[c].deed}
        open_deeds = [d for d in campaign_game(campaign)["open_deeds"] if d[0] not in granted]
        if open_deeds:
            for i, (_, name) in enumerate(open_deeds, 1):
                click.echo(f"  {i}) {name}")
            while True:
                text = click.prompt("Heroic Deed to tick", default="1")
                if text.isdigit() and 1 <= int(text) <= len(open_deeds):
                    deed = open_deeds[int(text) - 1][0]
                    break
                click.echo(f"  not accepted: type a number from 1 to {len(open_deeds)}")
    res = record_result(campaign, state.result > 0, list(state.victory), deed)
    click.echo(f"Recorded in campaign '{res['campaign']}': {res['summary']}")
