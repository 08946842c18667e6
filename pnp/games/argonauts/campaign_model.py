"""Campaign state and the pure functions that apply a record (new, win, loss) to it."""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from pnp.errors import CampaignError
from pnp.games.argonauts.campaign_cards import TRACK_BOXES, CardData, read_track


@dataclass(frozen=True)
class State:
    """Everything the Player card and the Adventure cards record between games."""

    player: str
    levels: dict          # card id -> ticked boxes (1..6), every Monster and Treasure
    deck: tuple           # card ids in the adventure deck (card-file order)
    reserve: tuple        # card ids still in the reserve
    deeds: tuple          # ticked deed ids (Player-card order)
    rewards: tuple        # granted reward ids (Player-card order)
    losses: int = 0
    wins: int = 0

    def to_dict(self) -> dict:
        """Plain JSON-ready form."""
        d = asdict(self)
        d.update(deck=list(self.deck), reserve=list(self.reserve), deeds=list(self.deeds), rewards=list(self.rewards))
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        """Inverse of to_dict."""
        return cls(player=d["player"], levels=dict(d["levels"]), deck=tuple(d["deck"]), reserve=tuple(d["reserve"]),
                   deeds=tuple(d["deeds"]), rewards=tuple(d["rewards"]), losses=int(d["losses"]), wins=int(d["wins"]))


def crew(state: State, data: CardData) -> int:
    """Starting crew for the next game: 12 plus crew rewards granted (argonauts.includes.4)."""
    by_id = {r.id: r for r in data.rewards}
    return data.starting_crew + sum(by_id[r].crew for r in state.rewards)


def complete(state: State, data: CardData) -> bool:
    """Every Heroic Deed ticked: the campaign is won completely (argonauts.complete.1)."""
    return set(state.deeds) >= {d.id for d in data.deeds}


def current(card, level: int) -> tuple:
    """(difficulty, deadliness) a card shows at its level (argonauts.reading.1-4)."""
    return read_track(card.difficulty, level), read_track(card.deadliness, level)


def initial(player: str, data: CardData) -> State:
    """A new campaign: non-reserve cards form the deck (argonauts.setup.2, .4), every track at box 1
    (argonauts.gap.17), no deeds, no losses."""
    return State(player=player, levels={c.id: 1 for c in data.cards if c.has_track},
                 deck=tuple(c.id for c in data.cards if not c.reserve),
                 reserve=tuple(c.id for c in data.cards if c.reserve), deeds=(), rewards=())


def _ordered(ids, data: CardData, attr: str) -> tuple:
    order = [x.id for x in getattr(data, attr)]
    return tuple(sorted(set(ids), key=order.index))


def check_win(state: State, data: CardData, victory: list, deed: str | None) -> None:
    """Refuse a win that the rules or the Player card do not allow; raise CampaignError."""
    if complete(state, data):
        raise CampaignError("the campaign is complete: every Heroic Deed is ticked",
                            hint="start a new campaign with 'pnp campaign new'")
    seen = set()
    for cid in victory:
        card = data.card(cid)
        if cid in seen:
            raise CampaignError("card named twice in the victory pile", card=card.name, hint="name each card once")
        seen.add(cid)
        if cid not in state.deck:
            raise CampaignError("card is not in the adventure deck (still in the reserve)", card=card.name,
                                hint="name only cards of this campaign's deck ('pnp campaign deck')")
        if not card.has_track:
            # argonauts.cleanup.1, argonauts.gap.27: Blessings and Wraths always go to the discard pile
            raise CampaignError(f"a {card.kind.capitalize()} never reaches the victory pile", card=card.name,
                                hint="leave Blessings and Wraths out of --victory")
    granted = {data.card(c).deed for c in victory if data.card(c).deed}
    open_deeds = [d.id for d in data.deeds if d.id not in state.deeds and d.id not in granted]
    if deed is None:  # argonauts.gap.25: the free deed may be skipped only when none is left
        if open_deeds:
            raise CampaignError("a win ticks one Heroic Deed of your choice", field="deed",
                                hint=f"add --deed with one of: {', '.join(data.deed(d).name for d in open_deeds)}")
        return
    if deed in state.deeds:
        raise CampaignError(f"the Heroic Deed '{data.deed(deed).name}' is already ticked", field="deed",
                            hint=(f"choose one of: {', '.join(data.deed(d).name for d in open_deeds)}"
                                  if open_deeds else "leave --deed out: no deed is left to choose"))
    # argonauts.gap.25 (inferred from argonauts.winning.7-8): the chosen deed must be one not
    # otherwise ticked by this win, so the free choice is never wasted.
    if deed in granted:
        raise CampaignError(f"the Heroic Deed '{data.deed(deed).name}' is already granted by a card in the victory pile",
                            field="deed", hint=(f"choose another: {', '.join(data.deed(d).name for d in open_deeds)}"
                                                if open_deeds else "leave --deed out"))


def apply_win(state: State, data: CardData, victory: list, deed: str | None) -> tuple[State, dict]:
    """Apply a checked win; return the new state and exactly what changed."""
    levels = dict(state.levels)
    deck, reserve = list(state.deck), list(state.reserve)
    ticked, added = {}, []

    def bring_in(cid):  # argonauts.winning.5; a card already in the deck stays (argonauts.gap.10)
        if cid in reserve:
            reserve.remove(cid)
            deck.append(cid)
            added.append(cid)

    # argonauts.gap.26: ticks (and ADD cards) first, then deeds, then rewards
    for cid in victory:  # argonauts.winning.3: tick the next box on every victory-pile card
        old = levels[cid]
        if old >= TRACK_BOXES:
            continue  # argonauts.winning.4: a full track stays as it is
        levels[cid] = old + 1
        ticked[cid] = [old, old + 1]
        target = data.card(cid).add.get(old)  # the box just ticked has index `old`
        if target:
            bring_in(target)
    new_deeds = [deed] if deed else []  # argonauts.winning.7
    for cid in victory:  # argonauts.winning.8, argonauts.gap.18: only victory-pile cards grant deeds
        d = data.card(cid).deed
        if d and d not in state.deeds and d not in new_deeds:
            new_deeds.append(d)
    deeds = set(state.deeds) | set(new_deeds)
    granted = []
    for r in data.rewards:  # argonauts.winning.9-10: a reward needs all of its deeds
        if r.id not in state.rewards and set(r.needs) <= deeds:
            granted.append(r.id)
            if r.add:
                bring_in(r.add)
    new = replace(state, levels=levels, deck=_ordered(deck, data, "cards"), reserve=_ordered(reserve, data, "cards"),
                  deeds=_ordered(deeds, data, "deeds"), rewards=_ordered(set(state.rewards) | set(granted), data, "rewards"),
                  wins=state.wins + 1)
    changes = {"ticked": ticked, "added": added, "deeds": new_deeds, "rewards": granted,
               "crew": crew(new, data) - crew(state, data), "losses": 0}
    return new, changes


def apply_loss(state: State, data: CardData) -> tuple[State, dict]:
    """A loss marks one loss and changes no card (argonauts.losing.3-4)."""
    if complete(state, data):
        raise CampaignError("the campaign is complete: every Heroic Deed is ticked",
                            hint="start a new campaign with 'pnp campaign new'")
    return replace(state, losses=state.losses + 1), {"ticked": {}, "added": [], "deeds": [], "rewards": [],
                                                      "crew": 0, "losses": 1}


def apply(state: State | None, data: CardData, kind: str, payload: dict) -> tuple[State, dict]:
    """Apply one recorded event (new, win or loss) to the state."""
    if kind == "new":
        return initial(payload["player"], data), {}
    if kind == "win":
        check_win(state, data, payload["victory"], payload.get("deed"))
        return apply_win(state, data, payload["victory"], payload.get("deed"))
    if kind == "loss":
        return apply_loss(state, data)
    raise CampaignError(f"unknown event type '{kind}'", expected="new, win, loss or undo")
