"""Rulings for Hercules: The Later Years (`pnp judge later-years …`), computed with the engine."""
from __future__ import annotations

import json
import re
from collections import Counter

import yaml

from pnp.errors import IllegalMove, UsageError
from pnp.games.later_years.auction import Auction
from pnp.games.later_years.engine import (MAX_PLAYERS, MIN_PLAYERS, Board, card_types, count_value, draw_chains, fee,
                                          final_scores, full_deck, minimal_payments, names, need_for, resolve_name,
                                          value_of, winners)
from pnp.games.later_years.supply import check_board, check_task
from pnp.judge.ruling import Ruling, make_ruling
from pnp.yamlio import load_yaml

GAME = "later-years"
GIVEN = {"Capture": 3, "Temple": 2}          # values the rulebook states (later-years.fees.3)
MAX_DONE = 50  # an input bound, not a rule: supply.check_task refuses counts the deck cannot pay for


def _basis_for(*names_used: str) -> str:
    """stated when every value used is printed in the rulebook, else house rule (later-years.gap.1)."""
    return "stated" if all(n in GIVEN for n in names_used) else "house rule"


def fee_ruling(action: str, obj: str) -> Ruling:
    """The fee paid for one task, with the values it multiplies."""
    a, o = resolve_name("action", action), resolve_name("object", obj)
    va, vo = value_of(a), value_of(o)
    cites = ["later-years.fees.2", "later-years.fees.4", "later-years.repeat.3"]
    steps = [f"{a} has value {va}" + ("" if a in GIVEN else " (project value, later-years.gap.1)"),
             f"{o} has value {vo}" + ("" if o in GIVEN else " (project value, later-years.gap.1)"),
             f"fee = {va} x {vo} = {va * vo} coins, the same however often the task is done"]
    if (a, o) == ("Capture", "Temple"):
        cites.append("later-years.fees.3")
    if _basis_for(a, o) != "stated":
        cites.append("later-years.gap.1")
    return make_ruling(GAME, "fee", verdict={"action": a, "object": o, "action_value": va, "object_value": vo,
                                             "fee": va * vo},
                       summary=f"{a} the {o} pays {va * vo} coins ({va} x {vo}).", steps=steps, cites=cites,
                       basis=_basis_for(a, o))


def parse_hand(text: str) -> list[str]:
    """Card ids from 'capture, capture x2, temple triple, draw 3'; unknown names -> UsageError."""
    items = [t.strip() for t in text.split(",")]
    if not text.strip() or any(not t for t in items):
        raise UsageError(f"malformed card list '{text}'", field="--cards",
                         expected="cards separated by commas, e.g. 'capture, capture x2, temple'")
    ids = []
    for item in items:
        m = re.fullmatch(r"(.*?)[\s-]*(x2|x3|double|triple|2|3)?", item.lower())
        base, mult = m.group(1).strip(), m.group(2)
        if base.startswith("draw"):
            key = f"draw-{mult or base.split()[-1]}"
            if key not in card_types():
                raise UsageError(f"unknown draw card '{item}'", field="--cards", expected="draw 2 or draw 3")
            ids.append(key)
            continue
        name = None
        for kind in ("action", "object"):
            try:
                name = resolve_name(kind, base)
                break
            except UsageError:
                pass
        if name is None:
            raise UsageError(f"unknown card '{item}'", field="--cards",
                             expected="one of " + ", ".join(n.lower() for n in names("action") + names("object"))
                             + ", draw 2, draw 3 (add x2 or x3 for bonus cards)")
        k = {"x2": 2, "double": 2, "2": 2, "x3": 3, "triple": 3, "3": 3}.get(mult or "", 1)
        ids.append(next(c.id for c in card_types().values() if c.name == name and c.counts_as == k))
    deck = full_deck()
    extra = [cid for cid, n in Counter(ids).items() if n > deck[cid]]
    if extra:
        raise UsageError(f"{Counter(ids)[extra[0]]} '{extra[0]}' cards, but the deck holds {deck[extra[0]]}",
                         field="--cards", expected="no more copies of a card than the 108-card deck has")
    return ids


def task_ruling(action: str, obj: str, done_before: int, cards_text: str) -> Ruling:
    """Whether a hand can complete a task that was done `done_before` times, and with which cards."""
    a, o = resolve_name("action", action), resolve_name("object", obj)
    if not 0 <= done_before <= MAX_DONE:
        raise UsageError(f"--done-before {done_before} is out of range", field="--done-before",
                         expected=f"0..{MAX_DONE}")
    hand = parse_hand(cards_text)
    check_task(a, o, done_before, hand)
    need = need_for(done_before)
    have_a, have_o = count_value(hand, a), count_value(hand, o)
    ok = have_a >= need and have_o >= need
    counter = Counter(hand)
    pay_a = min(minimal_payments(counter, a, need), key=lambda p: (count_value(p, a), len(p)), default=())
    pay_o = min(minimal_payments(counter, o, need), key=lambda p: (count_value(p, o), len(p)), default=())
    label = lambda cid: card_types()[cid].name + {1: "", 2: " (double)", 3: " (triple)"}[card_types()[cid].counts_as]  # noqa: E731
    steps = [f"done {done_before} time(s) before, so this completion needs {need} {a} and {need} {o}",
             f"the hand counts as {have_a} {a} and {have_o} {o} (double cards count 2, triple 3)"]
    if ok:
        steps.append("pay with " + ", ".join(label(c) for c in pay_a + pay_o)
                     + "; over-paying is allowed but earns nothing extra")
        steps.append(f"place a coin on top of the {a}/{o} stack and collect the fee of {fee(a, o)} coins")
        summary = (f"Yes: {a} the {o} ({need} of each needed) can be completed: pay the cards to the discard pile, "
                   f"put a coin on its stack and collect a fee of {fee(a, o)} coins.")
    else:
        short = [f"{need - have} more {name}" for name, have in ((a, have_a), (o, have_o)) if have < need]
        steps.append("short by " + " and ".join(short))
        summary = f"No: {a} the {o} needs {need} of each this time; short by " + " and ".join(short) + "."
    cites = ["later-years.tasks.2", "later-years.repeat.1", "later-years.repeat.2", "later-years.bonus.1",
             "later-years.bonus.3", "later-years.fees.2", "later-years.repeat.3", "later-years.gap.16"]
    if ok and _basis_for(a, o) != "stated":   # the fee multiplies card values the project chose
        cites.append("later-years.gap.1")
    verdict = {"can_complete": ok, "action": a, "object": o, "need": need, "action_count": have_a,
               "object_count": have_o, "fee": fee(a, o), "pay": list(pay_a + pay_o) if ok else []}
    return make_ruling(GAME, "task", verdict=verdict, summary=summary, steps=steps, cites=cites)


def _pairs(text: str, what: str) -> list[tuple[str, str]]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    if not items or any(":" not in t for t in items):
        raise UsageError(f"malformed {what} '{text}'", field=f"--{what}", expected="NAME:N, NAME:N, ...")
    return [tuple(x.strip() for x in t.split(":", 1)) for t in items]


def _int(text: str, what: str, lo: int, hi: int) -> int:
    if not re.fullmatch(r"\d+", text or ""):
        raise UsageError(f"{what} '{text}' is not a whole number", field=what, expected=f"{lo}..{hi}")
    value = int(text)
    if not lo <= value <= hi:
        raise UsageError(f"{what} {value} is out of range", field=what, expected=f"{lo}..{hi}")
    return value


def auction_ruling(bids_text: str, coins_text: str) -> Ruling:
    """Replay an auction's bids (NAME@CARD:COINS added); who wins what, what they pay, any deadbeat.

    Seats are the --coins order, clockwise, starting with the starter pawn's holder.
    """
    coins = {name.lower(): _int(v, f"coins of {name}", 0, 10_000) for name, v in _pairs(coins_text, "coins")}
    seats = list(coins)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise UsageError(f"{len(seats)} players given", field="--coins", expected=f"{MIN_PLAYERS}-{MAX_PLAYERS} players",
                         hint="later-years.gap.13")
    bids = []
    for t in [t.strip() for t in bids_text.split(",") if t.strip()]:
        m = re.fullmatch(r"([^@:]+)@(\d+):\+?(\d+)", t)
        if not m:
            raise UsageError(f"malformed bid '{t}'", field="--bids", expected="NAME@CARD:COINS, e.g. andromeda@1:2")
        who = m.group(1).strip().lower()
        if who not in coins:
            raise UsageError(f"bidder '{who}' is not in --coins", field="--bids", expected=", ".join(seats))
        lot = _int(m.group(2), "card number", 1, len(seats))
        bids.append((who, lot - 1, int(m.group(3))))
    cites = ["later-years.auction.3", "later-years.auction.5", "later-years.auction.6", "later-years.auction.7",
             "later-years.auction.10", "later-years.gap.9"]
    steps, deadbeats, basis = [], [], "stated"
    auction = Auction(seats, coins, len(seats), seats[0])
    for who, lot, add in bids:
        if auction.done:
            steps.append(f"{who}'s bid on card {lot + 1} comes after the auction ended; ignored")
            continue
        before = auction.top.get(lot)
        try:
            auction.bid(who, lot, add)
        except IllegalMove as exc:
            steps.append(f"{who} bids {add} on card {lot + 1}: not allowed: {exc.message}")
            return make_ruling(GAME, "auction", verdict={"legal": False, "error": exc.message, "bid": [who, lot + 1, add]},
                               summary=f"Illegal bid by {who}: {exc.message}.", steps=steps,
                               cites=cites + ["later-years.gap.8", "later-years.auction.8"], basis="inferred")
        total = add + (before[1] if before else 0)
        if auction.deadbeat:
            deadbeats.append(who)
            steps.append(f"{who} bids a total of {total} on card {lot + 1} but has only {coins[who]} coins: "
                         f"deadbeat; the auction is cancelled and restarts without {', '.join(deadbeats)}")
            cites += ["later-years.deadbeat.1", "later-years.deadbeat.2", "later-years.gap.10"]
            basis = "inferred"
            auction = Auction(seats, coins, len(seats), seats[0], excluded=deadbeats)
            continue
        steps.append(f"{who} puts {add} on card {lot + 1}: bid {total}"
                     + (f", outbidding {before[0]} (refunded)" if before else ""))
    won = {f"card {lot + 1}": {"player": p, "pays": total} for lot, (p, total) in sorted(auction.top.items())}
    discarded = [lot + 1 for lot in range(len(seats)) if lot not in auction.top] if auction.done else []
    after = dict(coins)
    if auction.done:
        for lot, (p, total) in auction.top.items():
            after[p] -= total
        for lot, info in won.items():
            steps.append(f"{info['player']} pays {info['pays']} and takes {lot}")
        if discarded:
            steps.append("left without a bid and discarded: " + ", ".join(f"card {n}" for n in discarded))
            cites += ["later-years.gap.11"]
        summary = "Auction over: " + "; ".join(f"{i['player']} takes {k} for {i['pays']}" for k, i in won.items())
    else:
        summary = f"Auction still open: {auction.to_bid} must bid next (standing: " + \
                  (", ".join(f"{k} {i['player']} {i['pays']}" for k, i in won.items()) or "no bids") + ")"
    if deadbeats:
        summary += f"; deadbeat: {', '.join(deadbeats)}"
    verdict = {"legal": True, "complete": auction.done, "winners": won, "deadbeats": deadbeats,
               "discarded": discarded, "next_bidder": None if auction.done else auction.to_bid,
               "coins_after": after if auction.done else None}
    return make_ruling(GAME, "auction", verdict=verdict, summary=summary + ".", steps=steps, cites=cites, basis=basis)


def load_board(text: str, source: str = "board") -> Board:
    """A board (YAML, or JSON when `source` ends in .json): `spaces: {"Action / Object": [owner, ...]}`, bottom coin first.

    Takes the board's text, never a path: the CLI reads the file the user names, the web the pasted board.
    """
    try:
        raw = json.loads(text) if source.endswith(".json") else load_yaml(text, file=source)
    except RecursionError:
        raise UsageError("the board is nested too deeply", file=source, expected="spaces: {\"Capture / Temple\": [red, blue]}") from None
    except (ValueError, yaml.YAMLError) as exc:
        raise UsageError(f"cannot read the board: {str(exc).splitlines()[0]}", file=source,
                         expected="YAML or JSON") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("spaces", {}), dict) or set(raw) - {"spaces", "players"}:
        raise UsageError("a board is a mapping with 'spaces' (and optionally 'players')", file=source,
                         field=", ".join(sorted(map(str, set(raw) - {"spaces", "players"}))) if isinstance(raw, dict) else None,
                         expected="spaces: {\"Capture / Temple\": [red, blue]}")
    board = Board()
    for key, owners in (raw.get("spaces") or {}).items():
        if "/" not in str(key):
            raise UsageError(f"space '{key}' is not 'Action / Object'", file=source, field=str(key),
                             expected="e.g. 'Capture / Temple'")
        a_text, o_text = str(key).split("/", 1)
        try:
            a, o = resolve_name("action", a_text), resolve_name("object", o_text)
        except UsageError as exc:
            raise UsageError(exc.message, file=source, field=str(key), expected=exc.expected, hint=exc.hint) from None
        if isinstance(owners, str):
            owners = [owners]
        if not isinstance(owners, list) or not all(isinstance(x, (str, int)) for x in owners):
            raise UsageError(f"space '{key}' must list coin owners", file=source, field=str(key),
                             expected="a list of player names, bottom coin first")
        board.stack(a, o).extend(str(x).lower() for x in owners)
    check_board(board, source)
    return board


def chains_ruling(board_text: str, player: str, source: str = "board") -> Ruling:
    """The most chains a player can claim on a board (its YAML or JSON text), drawn as text."""
    board = load_board(board_text, source)
    player = player.lower()
    chains, exact = board.chains(player)
    steps = [f"{player} has {board.tasks(player)} coin(s) on the board",
             "a chain joins the top row to the bottom row, or the left column to the right column, "
             "through spaces sharing a side; each coin serves one chain, a stack of k of her coins up to k chains",
             "the most chains is the maximum number of coin-disjoint paths (max-flow on a node-split graph)"]
    for i, chain in enumerate(chains):
        steps.append(f"chain {chr(ord('A') + i)}: " + " -> ".join(f"{a}/{o}" for a, o in chain))
    steps.append("board:\n" + draw_chains(chains))
    if not exact:
        steps.append("the search stopped at its budget: this is the best found, and may not be the most")
    n = len(chains)
    verdict = {"player": player, "chains": n, "points": 3 * n, "exact": exact,
               "paths": [[{"action": a, "object": o} for a, o in chain] for chain in chains]}
    return make_ruling(GAME, "chains", verdict=verdict,
                       summary=f"{player} has {n} chain(s) worth {3 * n} points" + ("" if exact else " (at least)") + ".",
                       steps=steps, cites=["later-years.victory.4", "later-years.victory.5", "later-years.gap.3",
                                           "later-years.gap.4", "later-years.gap.5", "later-years.gap.21"],
                       basis="inferred")


def score_ruling(board_text: str, coins_text: str, cards_text: str | None = None, source: str = "board") -> Ruling:
    """Final scores on a board (its YAML or JSON text): tasks, most unspent coins, chains, winner with tiebreakers."""
    board = load_board(board_text, source)
    coins = {n.lower(): _int(v, f"coins of {n}", 0, 10_000) for n, v in _pairs(coins_text, "coins")}
    for p in board.players():
        coins.setdefault(p, 0)
    deck = sum(full_deck().values())  # 108 cards (later-years.parts.1)
    hand = {n.lower(): _int(v, f"cards of {n}", 0, deck) for n, v in _pairs(cards_text, "cards")} if cards_text else {}
    if sum(hand.values()) > deck:
        raise UsageError(f"{sum(hand.values())} cards in hand in all, but the deck has {deck} (later-years.parts.1)",
                         field="--cards", expected=f"hands the {deck}-card deck can fill")
    scores = final_scores(board, coins, hand)
    won = winners(scores)
    steps = []
    for s in scores:
        steps.append(f"{s.player}: {s.tasks} task(s) + {s.most_coins} for most coins + {s.chains} chain(s) x 3 "
                     f"= {s.total} (coins {s.coins}" + (f", cards {s.cards})" if hand else ")"))
    cites = ["later-years.victory.2", "later-years.victory.3", "later-years.victory.4", "later-years.victory.5",
             "later-years.victory.6", "later-years.gap.3", "later-years.gap.4", "later-years.gap.5"]
    top_coin = [s.player for s in scores if s.most_coins]
    if len(top_coin) > 1:
        steps.append(f"{', '.join(top_coin)} tie for the most coins and each score 2")
        cites.append("later-years.gap.6")
    best = max(s.total for s in scores)
    if sum(s.total == best for s in scores) > 1:
        steps.append("tied on points: broken by unspent coins, then cards in hand")
        cites.append("later-years.victory.7")
    if len(won) > 1:
        cites.append("later-years.gap.7")
    summary = (f"{won[0]} wins with {best} points." if len(won) == 1
               else f"{' and '.join(won)} share the win with {best} points.")
    verdict = {"scores": [{"player": s.player, "tasks": s.tasks, "most_coins": s.most_coins, "chains": s.chains,
                           "coins": s.coins, "total": s.total} for s in scores], "winners": won}
    return make_ruling(GAME, "score", verdict=verdict, summary=summary, steps=steps, cites=cites, basis="inferred")
