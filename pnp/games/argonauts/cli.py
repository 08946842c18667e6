"""`pnp argonauts …`: exact odds, best crew assignment, and a whole game at the terminal."""
from __future__ import annotations

import click

from pnp.cli.complete import names as complete
from pnp.cli.output import emit_json
from pnp.errors import UsageError
from pnp.games.argonauts.campaign import names_in_store
from pnp.games.argonauts.campaign_cards import card_ids, treasure_ids
from pnp.games.argonauts.campaign_link import campaign_game
from pnp.games.argonauts.cards import Stats, deck_stats, find_card, load_cards
from pnp.games.argonauts.rulings import assignment_problems, field_ids, listed_twice, parse_pairs, split_list


def _held(treasures: list[str], levels: dict) -> list[Stats]:
    """The treasures held (names) at their levels; anything not a treasure is refused."""
    cards = load_cards()
    ids = [find_card(t, cards) for t in treasures]
    for t in ids:
        if cards[t].kind != "treasure":
            raise UsageError(f"'{cards[t].name}' is not a treasure", card=t, field="treasure")
    return list(deck_stats(ids, levels, cards).values())


def _plan_dict(plan, crew: int) -> dict:
    return {"assignment": plan.assignment,
            "assignment_text": ",".join(f"{c}:{n}" for c, n in plan.assignment.items()),
            "p_survive": plan.score.p_survive, "crew_left": plan.score.crew_left,
            "cards_won": plan.score.cards_won,
            "deaths": [{"deaths": crew - k, "p": p} for k, p in sorted(plan.distribution.items(), reverse=True)]}


def _field(revealed: str, campaign: str | None, levels: str | None):
    """Card ids, levels (0-based) and stats for a typed list of revealed cards, each card once."""
    cards = load_cards()
    ids = []
    for name in split_list(revealed, "revealed"):
        cid = find_card(name, cards)
        if cid in ids:
            raise listed_twice(cid, cards, "revealed")
        ids.append(cid)
    lv = campaign_game(campaign)["levels"] if campaign else {}
    if levels:
        for name, n in parse_pairs(levels, "levels"):
            lv[find_card(name, cards)] = n - 1
    return ids, lv, deck_stats(set(ids), lv, cards)


def advise_turn(revealed: str, crew: int, treasures: list[str], campaign: str | None = None,
                levels: str | None = None) -> dict:
    """`advise`: the best assignment and two runners-up for revealed cards (names), crew and treasures held."""
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    from pnp.games.argonauts.turn import Turn  # numpy: loaded only when advice is asked (start-up time)
    ids, lv, st = _field(revealed, campaign, levels)
    turn = Turn([st[i] for i in ids], crew, _held(treasures, lv))
    plans = [_plan_dict(p, crew) for p in turn.best(3)]
    return {"crew": crew, "revealed": ids, "plans": plans}


def odds_for(crew: int, difficulty: int | None, modifier: int, assignment: str | None,
             treasures: list[str], campaign: str | None, kind: str = "monster") -> dict:
    """`odds`: one card's exact chance, or an assignment's exact death distribution under best play."""
    from pnp.games.argonauts.odds import card_chance  # numpy: loaded only when odds are asked (start-up time)
    from pnp.games.argonauts.turn import Turn  # numpy: as above
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    if assignment is None:
        if difficulty < 1:
            raise UsageError(f"--difficulty {difficulty} is out of range", field="difficulty", expected="1 or more")
        held = _held(treasures, {})
        p = card_chance(crew, difficulty, modifier, kind, held)
        return {"crew": crew, "difficulty": difficulty, "modifier": modifier, "kind": kind,
                "treasures": [t.id for t in held], "chance": str(p), "percent": float(p) * 100}
    pairs = parse_pairs(assignment, "assign")
    ids = field_ids([n for n, _ in pairs], "assign")
    problems = assignment_problems(ids, [n for _, n in pairs], crew)
    if problems:
        raise UsageError(problems[0], field="assign", hint="see argonauts.assignment.1-3")
    _, lv, st = _field(",".join(ids), campaign, None)
    fight = [(cid, n) for cid, (_, n) in zip(ids, pairs) if st[cid].kind in ("monster", "treasure")]
    turn = Turn([st[cid] for cid, _ in fight], crew, _held(treasures, lv))
    plan = turn.plan(tuple(n for _, n in fight))
    return dict(_plan_dict(plan, crew), crew=crew)


@click.group(name="argonauts")
def argonauts():
    """Play companion for (Your Name Here) and the Argonauts.

    Example: pnp argonauts advise --revealed "harpies,scylla,calm-seas" --crew 12
    """


@argonauts.command()
@click.option("--crew", type=int, required=True, help="Crew alive (with --assign), or crew on the card.")
@click.option("--difficulty", type=int, default=None, help="The card's current difficulty.")
@click.option("--modifier", type=int, default=0, show_default=True, help="Treasure roll modifiers.")
@click.option("--assign", "assignment", default=None, help='A whole assignment: "harpies:3,talos:2".')
@click.option("--treasure", "treasures", multiple=True, shell_complete=complete(treasure_ids),
              help="A treasure held (repeatable).")
@click.option("--kind", type=click.Choice(["monster", "treasure"]), default="monster", show_default=True,
              help="The kind of the one card rolled for (treasures may apply to one kind only).")
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Read card levels from this campaign.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def odds(crew, difficulty, modifier, assignment, treasures, kind, campaign, as_json):
    """Exact chance a card resolves, or the crew-death distribution of a whole assignment.

    Example: pnp argonauts odds --crew 3 --difficulty 8 --modifier 1
    """
    if assignment is None and difficulty is None:
        raise UsageError("give --difficulty (one card) or --assign (a whole assignment)", field="difficulty")
    res = odds_for(crew, difficulty, modifier, assignment, list(treasures), campaign, kind)
    if as_json:
        emit_json(res)
    elif "chance" in res:
        note = "; no crew means no roll and a failure (argonauts.gap.4)" if res["crew"] == 0 else ""
        held = f", holding {', '.join(res['treasures'])}" if res["treasures"] else ""
        click.echo(f"{res['chance']} = {res['percent']:.2f}% ({res['crew']} crew + {res['modifier']} "
                   f"against {res['difficulty']}{held}{note})")
    else:
        click.echo(f"Assignment {res['assignment']} with {res['crew']} crew:")
        click.echo(f"  survive the turn {res['p_survive']:.4f}, expected crew left {res['crew_left']:.3f}")
        for d in res["deaths"]:
            click.echo(f"  {d['deaths']:>2} deaths: {d['p']:.4f}")


@argonauts.command()
@click.option("--revealed", required=True, shell_complete=complete(card_ids, many=True),
              help='The cards on the field: "harpies,scylla,calm-seas".')
@click.option("--crew", type=int, required=True, help="Crew alive.")
@click.option("--treasure", "treasures", multiple=True, shell_complete=complete(treasure_ids),
              help="A treasure held (repeatable).")
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Read card levels from this campaign.")
@click.option("--levels", default=None, help='Ticked boxes per card instead: "harpies:3".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def advise(revealed, crew, treasures, campaign, levels, as_json):
    """The exact best crew assignment for this turn and two runners-up.

    Example: pnp argonauts advise --revealed "harpies,scylla,lyre-of-orpheus" --crew 12
    """
    res = advise_turn(revealed, crew, list(treasures), campaign, levels)
    if as_json:
        emit_json(res)
        return
    for i, p in enumerate(res["plans"], 1):
        tag = "best" if i == 1 else f"runner-up {i - 1}"
        click.echo(f"{tag}: {p['assignment_text']}  survive {p['p_survive']:.4f}, crew left {p['crew_left']:.3f}, "
                   f"cards won {p['cards_won']:.3f}")


@argonauts.command()
@click.option("--campaign", default=None, shell_complete=complete(names_in_store),
              help="Play this campaign's current deck and record the result.")
@click.option("--seed", type=int, default=None, help="Shuffle seed (printed when chosen for you).")
@click.option("--new", "fresh", is_flag=True, help="Start afresh even if a saved game exists.")
@click.option("--table", "at_table", is_flag=True,
              help="Follow your physical deck: type each revealed card and die (the campaign's, default current).")
def play(campaign, seed, fresh, at_table):
    """Play a whole game at the terminal, advice as the default; saved after every step.

    With --table it follows the cards and dice on your table instead (pnp argonauts play --table).

    Example: pnp argonauts play --seed 7
    """
    if at_table:  # the games load numpy (their advice): only when played (start-up time of pnp argonauts)
        from pnp.games.argonauts.table_play import run_table
        run_table(None, campaign, fresh)
        return
    from pnp.games.argonauts.play import run  # lazy: as above (numpy)
    run(campaign, seed, fresh)
