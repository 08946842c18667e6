"""Exact Argonauts odds: one roll's chance, an assignment's death distribution, and the best
assignments for a turn (computed by pnp.games.argonauts.turn, never sampled)."""
from __future__ import annotations

from fractions import Fraction

DIE = range(1, 7)


def succeeds(roll: int, crew: int, modifier: int, difficulty: int) -> bool:
    """Does a roll win: a natural 6 always (argonauts.combat.17), else roll+crew+mod >= difficulty (argonauts.combat.5)."""
    return crew > 0 and (roll == 6 or roll + crew + modifier >= difficulty)


def p_success(crew: int, difficulty: int, modifier: int = 0) -> Fraction:
    """Exact chance a card resolves; no crew means no roll and a failure (argonauts.combat.12, argonauts.gap.4)."""
    return Fraction(sum(succeeds(r, crew, modifier, difficulty) for r in DIE), 6)


def _held(treasures: list[str], levels: dict):
    from pnp.games.argonauts.cards import deck_stats, find_card, load_cards
    cards = load_cards()
    ids = [find_card(t, cards) for t in treasures]
    for t in ids:
        if cards[t].kind != "treasure":
            from pnp.errors import UsageError
            raise UsageError(f"'{cards[t].name}' is not a treasure", card=t, field="treasure")
    return list(deck_stats(ids, levels, cards).values())


def _plan_dict(plan, crew: int) -> dict:
    return {"assignment": plan.assignment,
            "assignment_text": ",".join(f"{c}:{n}" for c, n in plan.assignment.items()),
            "p_survive": plan.score.p_survive, "crew_left": plan.score.crew_left,
            "cards_won": plan.score.cards_won,
            "deaths": [{"deaths": crew - k, "p": p} for k, p in sorted(plan.distribution.items(), reverse=True)]}


def advise_turn(revealed: str, crew: int, treasures: list[str], campaign: str | None = None,
                levels: str | None = None) -> dict:
    """The best assignment and two runners-up for revealed cards (names), crew and treasures held."""
    from pnp.errors import UsageError
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    from pnp.games.argonauts.turn import Turn
    ids, lv, st = _field(revealed, campaign, levels)
    turn = Turn([st[i] for i in ids], crew, _held(treasures, lv))
    plans = [_plan_dict(p, crew) for p in turn.best(3)]
    return {"crew": crew, "revealed": ids, "plans": plans}


def odds_for(crew: int, difficulty: int | None, modifier: int, assignment: str | None,
             treasures: list[str], campaign: str | None, kind: str = "monster") -> dict:
    """`odds`: one card's exact chance, or an assignment's exact death distribution under best play."""
    from pnp.errors import UsageError
    if crew < 0:
        raise UsageError(f"--crew {crew} is out of range", field="crew", expected="0 or more")
    if assignment is None:
        if difficulty < 1:
            raise UsageError(f"--difficulty {difficulty} is out of range", field="difficulty", expected="1 or more")
        held = _held(treasures, {})
        p = card_chance(crew, difficulty, modifier, kind, held)
        return {"crew": crew, "difficulty": difficulty, "modifier": modifier, "kind": kind,
                "treasures": [t.id for t in held], "chance": str(p), "percent": float(p) * 100}
    from pnp.games.argonauts.rulings import assignment_problems, field_ids, parse_pairs
    pairs = parse_pairs(assignment, "assign")
    ids = field_ids([n for n, _ in pairs], "assign")
    problems = assignment_problems(ids, [n for _, n in pairs], crew)
    if problems:
        raise UsageError(problems[0], field="assign", hint="see argonauts.assignment.1-3")
    _, lv, st = _field(",".join(ids), campaign, None)
    from pnp.games.argonauts.turn import Turn
    fight = [(cid, n) for cid, (_, n) in zip(ids, pairs) if st[cid].kind in ("monster", "treasure")]
    turn = Turn([st[cid] for cid, _ in fight], crew, _held(treasures, lv))
    plan = turn.plan(tuple(n for _, n in fight))
    return dict(_plan_dict(plan, crew), crew=crew)


def card_chance(crew: int, difficulty: int, modifier: int, kind: str, held) -> Fraction:
    """Exact chance one card resolves with its crew, typed modifiers and the treasures held, each single-use
    treasure spent only when it saves the roll (the solver's own rule: turn.outcome, argonauts.gap.8)."""
    from pnp.games.argonauts.cards import Stats
    from pnp.games.argonauts.turn import WIN, Turn, outcome, spend
    context = Turn([], crew, held)
    card = Stats("card", "the card", kind, difficulty)
    mod = modifier + context.mod[kind]

    def chance(items: tuple) -> Fraction:
        total = Fraction(0)
        for roll in DIE:
            got = outcome(roll, crew, mod, card, items)
            if got == WIN:
                total += Fraction(1, 6)
            elif got:
                total += Fraction(1, 6) * max(chance(spend(items, pick)) if items[pick[0]][0] == "reroll"
                                              else Fraction(1) for pick in got)
        return total
    return chance(context.items)


def _field(revealed: str, campaign: str | None, levels: str | None):
    """Card ids, levels (0-based) and stats for a typed list of revealed cards."""
    from pnp.games.argonauts.cards import deck_stats, find_card, load_cards
    from pnp.games.argonauts.rulings import split_list
    cards = load_cards()
    ids = [find_card(n, cards) for n in split_list(revealed, "revealed")]
    lv = {}
    if campaign:
        from pnp.games.argonauts.campaign_link import campaign_game
        lv = campaign_game(campaign)["levels"]
    if levels:
        from pnp.games.argonauts.rulings import parse_pairs
        for name, n in parse_pairs(levels, "levels"):
            lv[find_card(name, cards)] = n - 1
    return ids, lv, deck_stats(set(ids), lv, cards)
