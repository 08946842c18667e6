"""Micro Hero rulings for `pnp judge micro-hero`: chain score, best order, upgrade plans, Wound checks."""
from __future__ import annotations

from collections import Counter

from pnp.errors import UsageError
from pnp.games.micro_hero.engine import MicroHeroState
from pnp.games.micro_hero.pieces import Options
from pnp.games.micro_hero.plans import chain_score, distinct_orders
from pnp.games.micro_hero.cards import Kind, catalog
from pnp.games.micro_hero.supply import (GAMES_MAX, box_copies, check_blessings_by_round, check_in_box,
                                         why_not_in_supply)
from pnp.judge.ruling import Ruling, make_ruling, weakest_basis

GAME = "micro-hero"
MAX_HAND = 8
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def _nth(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def parse_cards(text: str, option: str = "--play", games: int = GAMES_MAX) -> list[tuple[Kind, bool]]:
    """Cards from "strike,block+,wound": names (a trailing + means upgraded); bad lists, or more copies of a card
    than `games` boxes hold -> UsageError."""
    items = [t.strip() for t in (text or "").split(",")]
    if not text or any(not t for t in items):
        raise UsageError(f"{option} needs a comma-separated list of cards, e.g. \"strike,block+,training\"",
                         field=option)
    cat = catalog()
    out = []
    for item in items:
        up = item.endswith("+")
        out.append((cat.kind(item.rstrip("+").strip()), up))
    check_in_box([k for k, _ in out], option, games)
    return out


def _label(kind: Kind, up: bool) -> str:
    return kind.name + ("+" if up else "")


def _icons_text(kind: Kind, up: bool) -> str:
    ic = kind.icons(up)
    parts = [f"{n} {name}" for n, name in ((ic.attack, "attack"), (ic.defence, "defence"), (ic.xp, "XP")) if n]
    return ", ".join(parts) or "no icons"


def score(play: str) -> Ruling:
    """Attack, Defence and XP that cards played in this order give, card by card."""
    cards = parse_cards(play)
    if len(cards) > MAX_HAND:
        raise UsageError(f"--play lists {len(cards)} cards; a hand holds at most {MAX_HAND}", field="--play")
    total, steps_ = chain_score(cards)
    n, run, steps, rows = len(cards), [0, 0, 0], [], []
    for i, st in enumerate(steps_):
        run = [run[0] + st.gained.attack, run[1] + st.gained.defence, run[2] + st.gained.xp]
        later = n - i - 1
        steps.append(f"{_label(st.kind, st.upgraded)} played {_nth(i + 1)} of {n} ({_icons_text(st.kind, st.upgraded)}): "
                     f"once for itself + {later} card(s) after it = {st.triggers} trigger(s) -> "
                     f"+{st.gained.attack} attack, +{st.gained.defence} defence, +{st.gained.xp} XP "
                     f"(running: {run[0]}/{run[1]}/{run[2]})")
        rows.append({"card": st.kind.id, "upgraded": st.upgraded, "position": i + 1, "triggers": st.triggers,
                     "attack": st.gained.attack, "defence": st.gained.defence, "xp": st.gained.xp})
    cites = ["micro-hero.planning.3", "micro-hero.planning.4"]
    basis = "stated"
    if any(up for _, up in cards):
        cites += ["micro-hero.planning.5", "micro-hero.gap.6"]
        basis = "inferred"
    if any(k.kind == "wound" for k, _ in cards):
        cites.append("micro-hero.planning.6")
    if any(k.kind == "blessing" for k, _ in cards):
        cites.append("micro-hero.gap.24")
        basis = weakest_basis(basis, "house rule")
    verdict = {"attack": total.attack, "defence": total.defence, "xp": total.xp, "cards": rows}
    return make_ruling(GAME, "score", verdict=verdict,
                       summary=f"{total.attack} attack, {total.defence} defence, {total.xp} XP",
                       steps=steps, cites=cites, basis=basis)


def best_order(hand: str, need_attack: int = 0, need_defence: int = 0) -> Ruling:
    """The order that meets the Attack and Defence needs, then gives the most XP; else the closest miss."""
    for name, v in (("--need-attack", need_attack), ("--need-defence", need_defence)):
        if v < 0 or v > 200:
            raise UsageError(f"{name} must be between 0 and 200, not {v}", field=name)
    cards = parse_cards(hand, "--hand")
    if len(cards) > MAX_HAND:
        raise UsageError(f"--hand lists {len(cards)} cards; at most {MAX_HAND}", field="--hand")
    best = None
    state = MicroHeroState(Options())               # the engine's own plan preview scores every order
    state.heroes[0].hand = [state._new(kind.id) for kind, _ in cards]
    for card, (_, up) in zip(state.heroes[0].hand, cards):
        card.up = up
    orders = list(distinct_orders([(k.id, up) for k, up in cards]))
    rows = state.preview_plans(0, [("play", order, None) for order in orders]).tolist()  # micro-hero.planning.3
    for order, (a, d, x) in zip(orders, rows):
        short = max(0, need_attack - a) + max(0, need_defence - d)
        key = (-short, x, a + d, a)
        if best is None or key > best[0]:
            best = (key, order)
    order = best[1]
    total, _ = chain_score([cards[i] for i in order])
    short = -best[0][0]
    names = [_label(*cards[i]) for i in order]
    meets = short == 0
    steps = [f"tried every distinct order of {len(cards)} cards (a card scores once for itself and again "
             f"for each card after it)",
             f"best order: {', '.join(names)} -> {total.attack} attack, {total.defence} defence, {total.xp} XP"]
    if meets:
        steps.append(f"meets the needs (attack {need_attack}, defence {need_defence}); among such orders it "
                     f"gives the most XP")
        summary = f"play {', '.join(names)}: {total.attack} attack, {total.defence} defence, {total.xp} XP"
    else:
        steps.append(f"no order meets attack {need_attack} and defence {need_defence}; this one misses by "
                     f"{short} point(s) in all, the least possible")
        summary = (f"no order meets the needs; closest: {', '.join(names)} "
                   f"({total.attack} attack, {total.defence} defence), {short} short")
    cites = ["micro-hero.planning.3", "micro-hero.planning.1"]
    basis = "stated"
    if any(up for _, up in cards):
        cites.append("micro-hero.gap.6")
        basis = "inferred"
    verdict = {"meets": meets, "order": [f"{cards[i][0].id}{'+' if cards[i][1] else ''}" for i in order],
               "attack": total.attack, "defence": total.defence, "xp": total.xp,
               "shortfall": {"attack": max(0, need_attack - total.attack),
                             "defence": max(0, need_defence - total.defence)}}
    return make_ruling(GAME, "best-order", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)


def upgrade_plan(xp: int, plan: str, discard: str | None = None, round_no: int = 2) -> Ruling:
    """Whether an upgrade-phase plan ("buy strike; upgrade; foresee") is legal, and the XP left."""
    if xp < 0 or xp > 500:
        raise UsageError(f"--xp must be between 0 and 500, not {xp}", field="--xp")
    if round_no < 1 or round_no > 12:
        raise UsageError(f"--round must be 1-12, not {round_no}", field="--round")
    actions = [a.strip() for a in (plan or "").split(";")]
    if not plan or any(not a for a in actions):
        raise UsageError("--plan needs actions separated by ';', e.g. \"buy strike; upgrade; foresee\"",
                         field="--plan")
    cat = catalog()
    state = MicroHeroState(Options())            # the engine's upgrade phase, with this XP, round and discard pile
    hero = state.heroes[0]
    piled = parse_cards(discard, "--discard", games=1) if discard else []   # a solo game: one box
    check_blessings_by_round([k for k, _ in piled], round_no, "--discard")
    hero.discard = [state._new(kind.id) for kind, _ in reversed(piled)]
    for card, (_, up) in zip(hero.discard, reversed(piled)):
        card.up = up
    in_discard, bought = Counter(k.id for k, _ in piled), Counter()
    state.phase, state.round, state.xp = "upgrade", round_no, xp
    steps = [f"{xp} XP to spend this turn; unspent XP is lost"]
    cites = ["micro-hero.upgrade.1", "micro-hero.upgrade.5", "micro-hero.gap.16"]
    basis, failure = "stated", None
    for i, act in enumerate(actions, 1):
        word, _, rest = act.partition(" ")
        word = word.lower()
        if word not in ("buy", "upgrade", "foresee"):
            raise UsageError(f"unknown action '{act}' in --plan", expected="buy CARD, upgrade, foresee")
        before = state.xp
        if word == "buy":
            if not rest.strip():
                raise UsageError(f"'buy' needs a card name (action {i})", field="--plan")
            kind = cat.kind(rest.strip())
            cites.append("micro-hero.upgrade.2")
            if kind.kind == "wound":
                cites.append("micro-hero.gap.14")
            elif kind.kind == "blessing" and round_no == 1:
                cites.append("micro-hero.upgrade.6")
            else:
                short = why_not_in_supply(kind, bought, in_discard, round_no)
                if short is not None:                      # more than the supply can hold in this round
                    reason, rules = short
                    failure = f"action {i}: {reason} ({', '.join(rules)})"
                    steps.append(failure)
                    cites += rules
                    break
                if not any(c.kind == kind.id for c in state.supply):
                    state.supply.append(state._new(kind.id))   # the plan assumes one is in the supply
                bought[kind.id] += 1
            action = ("buy", kind.id, 0)
        else:
            cites.append("micro-hero.upgrade.3" if word == "upgrade" else "micro-hero.upgrade.4")
            if not hero.discard:
                failure = (f"action {i}: the top of the discard pile is unknown or empty; give it with "
                           f"--discard (top card first)")
                steps.append(failure)
                break
            kind = cat.kinds[hero.discard[-1].kind]
            if kind.kind == "wound":
                cites.append("micro-hero.gap.14")
            action = (word, 0)
        if action not in state.legal_actions():
            failure = f"action {i}: " + state._why_illegal(action)
            steps.append(failure)
            break
        state.apply_action(action)
        left = state.xp
        steps.append({"buy": f"buy {kind.name} ({kind.kind}, {before - left} XP): it goes on top of the discard "
                             f"pile at its basic level; {left} XP left",
                      "upgrade": f"upgrade {kind.name} on top of the discard pile (turn it 180 degrees), "
                                 f"{before - left} XP; {left} XP left",
                      "foresee": f"foresee {kind.name}+: move it to the top of your deck for next turn, "
                                 f"{before - left} XP; {left} XP left"}[word])
    left = state.xp
    verdict = {"legal": failure is None, "xp_left": left if failure is None else None,
               "xp_spent": xp - left, "reason": failure}
    summary = (f"legal; {left} XP left (lost at the end of the phase)" if failure is None
               else f"illegal: {failure}")
    return make_ruling(GAME, "upgrade", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)


def wound_check(wounds_left: int, taking: int | None = None, attack: int | None = None,
                defence: int | None = None, blood: bool = False) -> Ruling:
    """Whether taking Wounds loses the game, with the Wounds due from an Attack against a Defence."""
    pile = sum(box_copies(k, GAMES_MAX) for k in catalog().kinds.values()
               if k.kind == "wound" and (blood or k.module == "core"))
    if wounds_left < 0 or wounds_left > pile:
        rule = "micro-hero.blood.2, micro-hero.blood.3" if blood else "micro-hero.coop-setup.1"
        raise UsageError(f"--wounds-left must be 0-{pile} (the most a Wound pile holds{' with Blood and Bruises' if blood else ''}, "
                         f"{rule}), not {wounds_left}", field="--wounds-left")
    steps, cites, basis = [], ["micro-hero.game-end.2"], "stated"
    if (attack is None) != (defence is None):
        raise UsageError("give --attack and --defence together", field="--attack/--defence")
    if attack is not None:
        if attack < 0 or defence < 0:
            raise UsageError("--attack and --defence must be 0 or more", field="--attack/--defence")
        state = MicroHeroState(Options(expansions=frozenset({"blood"}) if blood else frozenset()))
        due, _ = state.wounds_for(defence, 0, attack)          # the engine's defence phase (gap.2, blood.7)
        if not due:
            steps.append(f"defence {defence} against attack {attack}: fully blocked, no Wound")
        else:
            rule = "one Wound per point over (Blood and Bruises)" if blood else "one Wound"
            steps.append(f"defence {defence} against attack {attack}: not blocked, {rule} -> {due}")
        cites += ["micro-hero.coop-defence.3", "micro-hero.gap.2"] + (["micro-hero.blood.7"] if blood else [])
        basis = "inferred"
        if taking is not None and taking != due:
            raise UsageError(f"--taking {taking} disagrees with the {due} Wound(s) due from attack and defence",
                             hint="give --taking or --attack/--defence, not both")
        taking = due
    if taking is None:
        taking = 1
    if taking < 0:
        raise UsageError(f"--taking must be 0 or more, not {taking}", field="--taking")
    lost = taking > wounds_left
    steps.append(f"{taking} Wound(s) due, {wounds_left} left in the supply")
    if lost:
        steps.append(f"the Wound number {wounds_left + 1} cannot be taken: the game is lost")
        summary = (f"lost: {taking} Wound(s) due and only {wounds_left} left in the supply, so the game is lost "
                   "at once")
    else:
        steps.append(f"all taken; {wounds_left - taking} left in the supply")
        summary = (f"play on: {taking} Wound(s) go onto your discard pile, {wounds_left - taking} left in the "
                   "supply")
    if blood:
        cites.append("micro-hero.blood.8")
    verdict = {"lost": lost, "wounds_taken": min(taking, wounds_left), "wounds_due": taking,
               "wounds_left_after": max(0, wounds_left - taking)}
    return make_ruling(GAME, "wound", verdict=verdict, summary=summary, steps=steps, cites=cites, basis=basis)
