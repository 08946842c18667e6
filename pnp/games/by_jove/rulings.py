"""By Jove rulings for `pnp judge by-jove`: each builds a Ruling from the engine's rule functions."""
from __future__ import annotations

from pnp.errors import UsageError
from pnp.games.by_jove import data, engine, rules
from pnp.games.by_jove.engine import State
from pnp.judge.ruling import Ruling, make_ruling
from pnp.names import resolve, unknown_message

GAME = "by-jove"
HOLDING_KEYS = ("coins", "vap", "labyrinth", "quest")


def _ruling(situation: str, verdict, summary: str, steps, cites) -> Ruling:
    """A By Jove ruling; make_ruling takes the weakest basis of the gaps cited."""
    return make_ruling(GAME, situation, verdict=verdict, summary=summary, steps=steps, cites=cites)


def parse_numbers(text: str, field: str, *, count: int | None = None, low: int = 1, high: int = 6) -> list[int]:
    """A comma-separated list of whole numbers in [low, high]; UsageError names the field otherwise."""
    parts = [p.strip() for p in str(text).replace(" ", ",").split(",") if p.strip()]
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise UsageError(f"--{field} must be numbers separated by commas, got '{text}'", field=field,
                         expected=f"numbers {low}-{high}, e.g. '3,5'") from None
    if not values or (count is not None and len(values) != count):
        raise UsageError(f"--{field} needs {count or 'at least one'} number(s), got {len(values)}", field=field,
                         expected=f"{count or 'one or more'} numbers {low}-{high}")
    bad = [v for v in values if not low <= v <= high]
    if bad:
        raise UsageError(f"--{field} value {bad[0]} is out of range", field=field, expected=f"{low}-{high}")
    return values


def _choice(value: str, choices, field: str) -> str:
    return resolve(field, value, list(choices), field=field)


def _range(value: int, field: str, low: int, high: int | None = None) -> int:
    if value < low or (high is not None and value > high):
        raise UsageError(f"--{field} {value} is out of range", field=field,
                         expected=f"{low}-{high}" if high is not None else f"{low} or more")
    return value


def peril(fighter: str, peril_die: int, throws, *, protected: bool = False, young: bool = False) -> Ruling:
    """Who wins a Peril battle, from the Peril's die and the fighter's throws ("2,5" or a list)."""
    fighter = _choice(fighter, rules.FIGHTERS, "fighter")
    if isinstance(throws, str):
        throws = parse_numbers(throws, "rolls")
    _range(peril_die, "peril", 1, 6)
    try:
        b = rules.battle(fighter, peril_die, throws)
    except ValueError as exc:
        raise UsageError(str(exc), field="rolls",
                         expected=f"at most {rules.throws_for(fighter)} throws, stopping at the first win") from None
    who = {"hercules": "Hercules", "hero": "a Hero", "mortal": "a Mere Mortal"}[fighter]
    steps = [f"The Peril's die shows {peril_die}.",
             f"{who} may throw the second die up to {b.allowed} time(s); the first throw of {peril_die} or more wins."]
    steps += [f"Throw {i}: {t} {'>=' if t >= peril_die else '<'} {peril_die}." for i, t in enumerate(throws, 1)]
    cites = list(b.cites) + ["by-jove.perils.3"]
    if b.won is None:
        verdict = {"result": "undecided", "throws_left": b.left}
        summary = f"Not decided yet: {b.left} throw(s) left against {peril_die}."
    elif b.won:
        verdict = {"result": "win", "vap": 1, "tie": b.tie, "throws_used": len(throws)}
        summary = f"{who} wins on throw {len(throws)} and takes a VAP award."
        if b.tie:
            steps.append("The deciding throw equals the Peril's die: a win in the standard game; "
                         "under the story variant it needs an accepted story.")
            cites += ["by-jove.gap.10", "by-jove.parents.2"]
    elif engine.protection("peril", protected) == "win-only":
        verdict = {"result": "loss-ignored", "vap": 0}
        summary = "Lost, but the Protected Turn means the result is ignored: nothing is lost."
        steps.append("Under a god's protection you keep a battle's result only if you win.")
        cites += ["by-jove.gods.7"]
    else:
        lose = (["the Hero Image that fought"] if fighter != "mortal" else []) + (
            [] if young else ["one VAP award (if you have any)"])
        verdict = {"result": "loss", "lose_hero": fighter != "mortal", "lose_vap": not young, "to": "Beginning"}
        summary = f"{who} loses: hand in {' and '.join(lose) or 'nothing'} and go back to the Beginning unpaid."
        if young:
            summary += " In the young players' variant no VAP award is lost."
        steps.append("Every throw was lower than the Peril's die.")
        cites += ["by-jove.perils.7", "by-jove.heroes.6", "by-jove.gap.7", "by-jove.gap.39"] + (
            ["by-jove.parents.3"] if young else [])
    steps.append(f"Before the fight {who} wins {rules.win_chance(fighter):.1%} of the time.")
    return _ruling("peril", verdict, summary, steps, cites)


def _god_names(board: data.Board) -> list[str]:
    return [board.spaces[i].name for i in board.gods]


def _dice(dice) -> tuple[int, int]:
    a, b = parse_numbers(dice, "dice", count=2) if isinstance(dice, str) else dice
    _range(a, "dice", 1, 6)
    _range(b, "dice", 1, 6)
    return a, b


def god(dice, *, from_god: str | None = None) -> Ruling:
    """A god's judgement of a throw "a,b": the throw that reached a god, or (from_god) the protected
    throw made from that god."""
    a, b = _dice(dice)
    board = data.board()
    where = None
    steps, cites = [], []
    if from_god is not None:
        name = _choice(from_god, _god_names(board), "god")
        start = board.find(name)
        dest = (start + a + b) % len(board.spaces)
        space = board.spaces[dest]
        where = space.name
        steps.append(f"Protected Turn from {name}: {a}+{b} = {a + b} spaces to {space.name}.")
        cites += ["by-jove.gods.5", "by-jove.gods.8", "by-jove.gap.6"]
        if start + a + b >= len(board.spaces):
            steps.append("The move passes the Beginning, which pays as usual.")
            cites += ["by-jove.beginning.1", "by-jove.gap.13"]
        if space.kind != "god":
            steps.append(f"{space.name} is not a god space: play it only if it helps you.")
            verdict = {"result": "protected-move", "space": space.name, "protected": True}
            return _ruling("god", verdict, f"Move protected to {space.name}: nothing bad can happen there.",
                           steps, cites + ["by-jove.gods.6", "by-jove.gods.7", "by-jove.gap.11"])
        steps.append(f"{space.name} is the next god: it judges the throw that brought you.")
        cites += ["by-jove.gap.12"] + (["by-jove.gods.9"] if (a, b) == (5, 5) else [])
    outcome, c = rules.god_arrival(a, b)
    cites += ["by-jove.gods.2"] + c
    if outcome == "hades":
        steps.append(f"{a} and {b} is a double: the gods are offended.")
        if (a, b) == (5, 5) and from_god:
            steps.append("Protection never covers double fives thrown from a god space.")
        verdict = {"result": "hades", "space": where}
        summary = f"Double {a}s: go straight to Hades (held there, not passing by)."
        cites += ["by-jove.hades.2"]
    else:
        steps.append(f"{a} and {b} is not a double: the god grants a Protected Turn.")
        steps.append("Roll again at once and move; play the space you reach only if it helps you.")
        verdict = {"result": "protected-turn", "space": where}
        summary = "Not a double: take a Protected Turn now (roll again; nothing bad can happen)."
        cites += ["by-jove.gods.6", "by-jove.gods.8"]
    return _ruling("god", verdict, summary, steps, cites)


def beginning(heroes: int, how: str = "pass") -> Ruling:
    """Coins paid at the Beginning for a player owning `heroes` Heroes (how: pass, land or sent)."""
    _range(heroes, "heroes", 0, 8)  # eight Hero Images in the box (by-jove.equipment.4)
    how = _choice(how, ("pass", "land", "sent"), "how")
    if how == "sent":
        return _ruling("beginning", {"coins": 0}, "Sent back to the Beginning: no coins.",
                       ["Being sent back is not passing the Beginning."],
                       ["by-jove.heroes.5", "by-jove.gap.7"])
    coins, cites = rules.beginning_pay(heroes)
    who = "a Mere Mortal (no Hero)" if heroes == 0 else f"the owner of {heroes} Hero(es)"
    steps = [f"You are {who}.", f"The Patron pays {coins} gold coin(s)."]
    if how == "land":
        steps.insert(0, "Stopping exactly on the Beginning counts as passing it.")
        cites = cites + ["by-jove.gap.7"]
    if heroes > 1:
        steps.append("The Hero owner's coin is 1 in all, not 1 per Hero.")
    return _ruling("beginning", {"coins": coins}, f"Take {coins} gold coin(s) from the Patron.", steps,
                   ["by-jove.beginning.1"] + cites)


def hero_space(owner: str, coins: int, *, protected: bool = False) -> Ruling:
    """What happens on a Hero space owned by nobody, yourself or another player."""
    owner = _choice(owner, ("self", "other", "none"), "owner")
    _range(coins, "coins", 0)
    outcome, cites = rules.hero_space(owner, coins)
    if outcome == "claim":
        return _ruling("hero-space", {"result": "claim"}, "You may take this Hero Image from the Patron.",
                       ["Nobody owns this Hero.", "Claiming it is free and optional."], cites)
    if outcome == "nothing":
        return _ruling("hero-space", {"result": "nothing"}, "Your own Hero: nothing happens.",
                       ["You would pay the fee to yourself."], cites)
    if engine.protection("hero", protected) == "no-fee":
        return _ruling("hero-space", {"result": "nothing", "fee": 0},
                       "Under a Protected Turn you pay nothing.", ["Paying a fee is harmful, so protection skips it."],
                       cites + ["by-jove.gods.6", "by-jove.gap.11"])
    if outcome == "pay":
        return _ruling("hero-space", {"result": "pay", "fee": 1, "coins_left": coins - 1},
                       "Pay the Hero's owner 1 gold coin.", [f"You hold {coins} coin(s), enough for the fee."], cites)
    return _ruling("hero-space", {"result": "beginning", "fee": 0},
                   "You cannot pay: go back to the Beginning, collecting nothing.",
                   ["You hold no coins for the 1-coin fee."], cites)


def penalty(coins: int, *, half: bool = False, amount: int | None = None) -> Ruling:
    """How many coins a penalty takes: half (rounded up) or a fixed amount, capped at what you hold."""
    _range(coins, "coins", 0)
    if half == (amount is not None):
        raise UsageError("give exactly one of --half or --amount N", field="half", expected="--half or --amount N")
    if amount is not None:
        _range(amount, "amount", 0)
    paid = rules.penalty(coins, amount, half)
    steps, cites = [], []
    if half:
        steps.append(f"Half of {coins} is {coins / 2:g}; " + (
            f"with an odd number pay the larger half, {paid}." if coins % 2 else f"pay {paid}."))
        cites += ["by-jove.penalties.1", "by-jove.oracles.3"]
    else:
        if amount > coins:
            steps.append(f"The penalty is {amount} but you hold {coins}: pay {coins}, the rest is forgiven.")
        else:
            steps.append(f"Pay {amount}.")
        cites += ["by-jove.penalties.2", "by-jove.oracles.2"]
    return _ruling("penalty", {"pay": paid, "left": coins - paid},
                   f"Pay {paid} coin(s); {coins - paid} left.", steps, cites)


def hades(turn: int, dice, coins: int, *, pay: bool = False, card: bool = False) -> Ruling:
    """One turn in Hades: turn 1-3 (or 4, after three turns sat out), the throw "a,b" and the coins held."""
    _range(turn, "turn", 1, rules.HADES_TURNS + 1)
    a, b = _dice(dice)
    _range(coins, "coins", 0)
    steps, cites = [], []
    can_pay = coins >= rules.HADES_FEE and turn <= rules.HADES_TURNS
    if pay and not can_pay:
        steps.append(f"Paying out needs {rules.HADES_FEE} coins before the roll; with {coins} you cannot, so you roll."
                     if turn <= rules.HADES_TURNS else "After three turns you leave anyway; no payment is needed.")
        cites += ["by-jove.gap.15"]
        pay = False
    if card and turn > rules.HADES_TURNS:
        card = False
    out = rules.hades_turn(turn, a, b, pay=pay, card=card, coins=coins)
    cites += out.cites
    how = {"served": "you have sat out three full turns", "card": "you hand in the release card",
           "paid": f"you pay the Patron {rules.HADES_FEE} coins before rolling",
           "doubles": f"{a} and {b} is a double", "stays": f"{a} and {b} is not a double"}[out.how]
    steps.append(f"Turn {turn} in Hades: {how}.")
    if out.leaves:
        steps.append(f"You leave Hades and move {out.moves} spaces with this throw.")
        verdict = {"leaves": True, "how": out.how, "moves": out.moves, "coins_left": coins - (
            rules.HADES_FEE if out.how == "paid" else 0)}
        summary = f"Leave Hades ({out.how}) and move {out.moves} spaces."
    else:
        nxt = turn + 1
        steps.append("Your turn ends in Hades." + (
            " Next turn you leave whatever you throw." if nxt > rules.HADES_TURNS else ""))
        if can_pay:
            steps.append(f"You could have paid {rules.HADES_FEE} coins before rolling to leave.")
        verdict = {"leaves": False, "how": "stays", "moves": 0, "next_turn": nxt, "could_pay": can_pay}
        summary = f"Stay in Hades; next is turn {nxt}."
    return _ruling("hades", verdict, summary, steps, cites)


def _places(board: data.Board) -> dict[str, str]:
    places = {s.name: s.kind for s in board.spaces}
    places.update({s.name: s.kind for s in board.maze + board.route})
    return places


def bounce(space: str, *, in_hades: bool = False) -> Ruling:
    """Whether a pawn standing on this space can be bounced (or charged a coin)."""
    places = _places(data.board())
    name = _choice(space, sorted(places), "space")
    kind = places[name]
    ok, cites = rules.can_bounce(kind, in_hades and kind == "hades")
    if ok:
        where = " (inside an adventure, so the run fails)" if name not in {s.name for s in data.board().spaces} else ""
        return _ruling("bounce", {"can_bounce": True, "choices": ["bounce", "collect 1 coin", "deal", "let stay"]},
                       f"Yes: bounce the pawn on {name} to the Beginning, take 1 coin, or strike a deal.",
                       [f"{name} is not a safe space" + (" and the pawn is only passing by" if kind == "hades" else "")
                        + where + ".", "The bounced player is not paid at the Beginning."],
                       cites + ["by-jove.gap.7"] + (["by-jove.gap.27"] if where else []))
    why = {"beginning": "the Beginning is safe", "lotus": "the Land of the Lotus Eaters is safe",
           "hades": "a player held in Hades cannot be bounced"}[kind]
    return _ruling("bounce", {"can_bounce": False, "choices": []}, f"No: {why}.", [f"{name}: {why}."], cites)


def _holdings(coins: int, vap: int, labyrinth: int, quest: int) -> dict:
    for field, v, hi in (("coins", coins, None), ("vap", vap, None), ("labyrinth", labyrinth, 1), ("quest", quest, 1)):
        _range(v, field, 0, hi)
    return {"coins": coins, "vap": vap, "labyrinth": labyrinth, "quest": quest}


def win(coins: int, vap: int, labyrinth: int, quest: int) -> Ruling:
    """Whether these holdings complete the collection, and what is missing."""
    h = _holdings(coins, vap, labyrinth, quest)
    lack = rules.missing(h)
    steps = [f"{k}: {h[k]} of {need}" + (" - done" if k not in lack else f" - {lack[k]} short")
             for k, need in rules.GOAL.items()]
    if not lack:
        return _ruling("win", {"won": True, "missing": {}}, "The collection is complete: you win at once.",
                       steps, ["by-jove.object.1", "by-jove.end.1", "by-jove.gap.34"])
    text = ", ".join(f"{n} {k}" for k, n in lack.items())
    steps.append(f"Time-limit score meanwhile: {rules.points(h)} points.")
    return _ruling("win", {"won": False, "missing": lack, "points": rules.points(h)},
                   f"Not yet: still missing {text}.", steps,
                   ["by-jove.object.1", "by-jove.end.1", "by-jove.gap.34", "by-jove.timed.2"])


def parse_player(spec: str) -> tuple[str, dict]:
    """'NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1' -> (name, holdings); missing items count 0."""
    name, _, rest = spec.partition(":")
    if not name.strip() or not rest.strip():
        raise UsageError(f"bad --player '{spec}'", field="player",
                         expected="NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1")
    h = dict.fromkeys(HOLDING_KEYS, 0)
    for part in rest.split(","):
        key, eq, val = part.strip().partition("=")
        key = key.strip().lower()
        if key in ("labyrinth", "quest") and not eq:
            val = "1"
        if key not in HOLDING_KEYS:
            raise UsageError(unknown_message("holding", key, HOLDING_KEYS), field="player")
        try:
            h[key] = int(val)
        except ValueError:
            raise UsageError(f"--player {name}: {key} must be a whole number, got '{val}'", field="player",
                             expected="NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1") from None
    return name.strip(), _holdings(**h)


def score(players) -> Ruling:
    """Time-limit points for each player spec (or (name, holdings) pair) and the winner(s)."""
    players = [parse_player(p) if isinstance(p, str) else p for p in players]
    if not players:
        raise UsageError("give at least one --player", field="player",
                         expected="NAME:coins=N,vap=N,labyrinth=0|1,quest=0|1")
    names = [n for n, _ in players]
    if len(set(names)) != len(names):
        raise UsageError("player names must differ", field="player")
    if len(players) > 6:
        raise UsageError(f"{len(players)} players", field="player", expected="By Jove is for 2 to 6 players",
                         hint="by-jove.players.1")
    cites = ["by-jove.timed.1", "by-jove.timed.2", "by-jove.timed.3", "by-jove.gap.37"]
    complete = [n for n, h in players if not rules.missing(h)]
    if len(complete) > 1:
        raise UsageError(f"{' and '.join(complete)} both hold the full collection", field="player",
                         expected="at most one: the game ends the moment a collection is complete",
                         hint="by-jove.end.1")
    scores = {n: rules.points(h) for n, h in players}
    steps = [f"{n}: {h['coins']} coins + {h['vap']}x2 VAP + {(h['labyrinth'] + h['quest'])}x8 adventure"
             f" = {scores[n]} points" for n, h in players]
    if complete:
        winners = complete[:1]
        steps.append(f"{winners[0]} holds the full collection, which ends the game at once.")
        cites += ["by-jove.end.1", "by-jove.gap.35"]
    else:
        winners = rules.leaders(scores)
        if len(winners) > 1:
            steps.append(f"{' and '.join(winners)} tie on {scores[winners[0]]} points and share the win.")
            cites += ["by-jove.gap.35"]
    summary = (f"{winners[0]} wins with {scores[winners[0]]} points." if len(winners) == 1
               else f"Shared win: {', '.join(winners)} on {scores[winners[0]]} points.")
    return _ruling("score", {"scores": scores, "winners": winners, "tie": len(winners) > 1}, summary, steps, cites)


SPACE_RULES = {
    "beginning": ("Nothing more happens; stopping here counted as passing it.", ["by-jove.beginning.1", "by-jove.gap.7"]),
    "god": ("The god judges your throw: see `god`.", ["by-jove.gods.2", "by-jove.gods.3", "by-jove.gods.4"]),
    "hero": ("Claim the Hero if nobody owns it, or pay its owner 1 coin: see `hero-space`.",
             ["by-jove.heroes.3", "by-jove.heroes.4"]),
    "peril": ("Fight the Peril shown: see `peril`.", ["by-jove.perils.2", "by-jove.perils.3"]),
    "oracle": ("Draw an Oracle card and obey it.", ["by-jove.oracles.1"]),
    "potluck": ("Draw a Potluck card and read it aloud; it falls on the named Hero's owner.",
                ["by-jove.potluck.1", "by-jove.potluck.2", "by-jove.gap.20"]),
    "labyrinth": ("Enter the maze on your next turn (optional if you already hold the award).",
                  ["by-jove.labyrinth.1", "by-jove.labyrinth.7"]),
    "quest": ("Set out on the Quest on your next turn (optional if you already hold the award).",
              ["by-jove.quest.1", "by-jove.gap.29"]),
    "taxes": (None, ["by-jove.taxes.1", "by-jove.gap.1", "by-jove.penalties.1"]),
    "helen": ("You may declare war on one other player: each throws two dice, the higher total wins; the loser "
              "gives the winner a Hero Image and a gold coin if they have them; a tie exchanges nothing.",
              ["by-jove.helen.2", "by-jove.helen.3", "by-jove.helen.4", "by-jove.gap.2", "by-jove.gap.3"]),
    "hades": ("You are only passing by; move on next turn as usual.", ["by-jove.hades.1"]),
    "lotus": ("You lose your next turn, and nobody can bounce you here.", ["by-jove.gap.4", "by-jove.bouncing.4"]),
    "scylla": ("Fight Scylla and Charybdis as a Peril; the Quest award comes only at the end of a Quest.",
               ["by-jove.gap.31", "by-jove.gap.30"]),
    "road": ("A quiet space: nothing happens.", ["by-jove.gap.5"]),
}
# How to say, in players' words, what a Protected Turn keeps on each kind of space. Which word applies
# is the engine's answer (engine.protection, the table the engine plays by); this only words it, with
# its citations.
PROTECTED_WORDS = {
    ("hero", "no-fee"): ("Protected Turn: claim the Hero if nobody owns it; if another player owns it you pay no fee.",
                         ["by-jove.gods.6", "by-jove.gap.11"]),
    ("peril", "win-only"): ("Protected Turn: fight the Peril; a win earns a VAP award, a loss is ignored (you keep "
                            "your Hero, your VAP awards and your place).", ["by-jove.gods.7", "by-jove.gap.11"]),
    ("scylla", "win-only"): ("Protected Turn: fight Scylla and Charybdis; a win earns a VAP award, a loss is ignored "
                             "(you keep your Hero, your VAP awards and your place).",
                             ["by-jove.gods.7", "by-jove.gap.11"]),
    ("oracle", "favourable-only"): ("Protected Turn: draw an Oracle card; obey it only if it is good for you, "
                                    "otherwise it is discarded unobeyed (a card you keep for later is kept).",
                                    ["by-jove.gods.7", "by-jove.gap.11"]),
    ("potluck", "favourable-only"): ("Protected Turn: draw a Potluck card; if it falls on you and harms you, ignore "
                                     "it; it falls on another Hero's owner as usual.",
                                     ["by-jove.gods.7", "by-jove.gap.11"]),
    ("labyrinth", "optional"): ("Protected Turn: you may choose whether to enter the maze on your next turn.",
                                ["by-jove.gods.6", "by-jove.gap.11"]),
    ("quest", "optional"): ("Protected Turn: you may choose whether to set out on the Quest on your next turn.",
                            ["by-jove.gods.6", "by-jove.gap.11"]),
    ("taxes", "ignored"): ("Protected Turn: this space would harm you, so ignore it: you pay nothing.",
                           ["by-jove.gods.6", "by-jove.gap.11"]),
    ("lotus", "ignored"): ("Protected Turn: this space would harm you, so ignore it: you keep your next turn.",
                           ["by-jove.gods.6", "by-jove.gap.11", "by-jove.gap.41"]),
    ("helen", "win-only"): ("Protected Turn: you may declare war; if you win you take a Hero Image and a coin, if "
                            "you lose nothing is taken from you.", ["by-jove.gods.6", "by-jove.gap.11"]),
}


def _stop(index: int, coins: int, protected: bool) -> tuple[int, int]:
    """(coins paid, turns lost) when the engine plays a stop on outer space `index` for a player holding
    `coins`, alone there, up to the first die, card or choice the space asks for."""
    state = State(2)
    mover, other = state.players
    mover.coins, mover.pos = coins, index
    other.pos = (index + 1) % len(state.board.spaces)            # nobody to bounce
    try:
        next(state._arrive(0, (1, 2), protected))
    except StopIteration:
        pass
    return coins - mover.coins, mover.skip


def space(name: str, coins: int = 0, *, protected: bool = False) -> Ruling:
    """What stopping on an outer board space does, including the spaces whose text is lost."""
    board = data.board()
    names = sorted({s.name for s in board.spaces})
    name = _choice(name, names, "space")
    _range(coins, "coins", 0)
    kind = board.spaces[board.find(name)].kind
    text, cites = SPACE_RULES[kind]
    steps = [f"{name} is a {kind} space."]
    verdict = {"space": name, "kind": kind}
    index = board.find(name)
    if kind == "taxes":
        pay = _stop(index, coins, False)[0]
        text = f"Pay the Patron half your coins, rounded up: {pay} of {coins}."
        verdict["pay"] = pay
    verdict["protected"] = bool(protected)
    word = engine.protection(kind, protected)
    if word != "as-usual":
        steps.append(f"Without protection: {text}")
        text, extra = PROTECTED_WORDS[kind, word]
        verdict["protection"] = word
        cites = cites + extra
        if kind == "taxes":
            verdict["pay"] = _stop(index, coins, True)[0]
    if kind == "lotus":
        verdict["turns_lost"] = _stop(index, coins, protected)[1]
    if kind in ("taxes", "helen", "lotus"):
        steps.append("The rulebook's text for this space is lost or incomplete; this is the project's ruling (see the gaps register).")
    verdict["effect"] = text
    return _ruling("space", verdict, text, steps + [text], cites)
