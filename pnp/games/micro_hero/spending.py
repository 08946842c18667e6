"""Micro Hero's spending phases, mixed into MicroHeroState: the upgrade phase (buy, upgrade, foresee with
XP, micro-hero.upgrade.*) and the Preparation Actions between Trials (micro-hero.gap.4): what is legal and
what each does."""
from __future__ import annotations

from pnp.games.micro_hero.pieces import KIND_OF, PREP_KINDS, SHIELD_MAX, SHIELD_PREP, first_of


class Spending:
    """The upgrade phase and the Preparation Actions of MicroHeroState (mixed into it)."""

    def _upgrade_actions(self) -> list[tuple]:
        """The upgrade phase's legal actions: 'done', the buys of each buyable() kind for every player
        (micro-hero.gap.20), then each player's upgrade and foresee that upgrade_legal accepts."""
        acts: list[tuple] = [("done",)]
        if not self.can_spend():
            return acts
        players = range(len(self.heroes))
        for kid in self.buyable():
            acts += [("buy", kid, p) for p in players]
        for p in players:
            for what in ("upgrade", "foresee"):
                if self.upgrade_legal((what, p)):
                    acts.append((what, p))
        return acts

    def can_spend(self) -> bool:
        """Whether the XP left pays for the cheapest card: if not, 'done' is the upgrade phase's only legal
        action (micro-hero.upgrade.5)."""
        return self.xp >= self._cheapest

    def buyable(self) -> tuple[str, ...]:
        """The kinds a player may buy now, in the supply's order (micro-hero.upgrade.2, .5): in the supply,
        affordable, and no Blessing in round 1 (micro-hero.upgrade.6, gap.28); any player may buy them.
        Kept until changed(), for apply_action's check of the buy a policy picked from it."""
        kept = self._buyable
        if kept is not None and kept[0] == self._version:
            return kept[1]
        out = []                                # (none when not can_spend(): nothing costs less than the cheapest)
        kinds, xp, first_round = self.cat.kinds, self.xp, self.round == 1
        for kid in dict.fromkeys(map(KIND_OF, self.supply)):              # the same kind, the same answer
            k = kinds[kid]
            if k.cost <= xp and not (first_round and k.kind == "blessing"):
                out.append(kid)
        self._buyable = self._version, tuple(out)
        return self._buyable[1]

    def upgrade_legal(self, action) -> bool:
        """Whether an upgrade-phase action is legal now: what legal_actions() lists there and apply_action
        accepts (micro-hero.upgrade.2-6), without listing the rest. A buy, upgrade or foresee needs its card's
        cost in XP (micro-hero.upgrade.5), so none is legal unless can_spend()."""
        if not isinstance(action, tuple) or not action:
            return False
        what = action[0]
        if what == "done":
            return len(action) == 1
        if len(action) != (3 if what == "buy" else 2) or action[-1] not in range(len(self.heroes)):
            return False
        if what == "buy":
            return action[1] in self.buyable()
        if what not in ("upgrade", "foresee"):
            return False
        discard = self.heroes[action[1]].discard
        if not discard:
            return False
        top = discard[-1]
        k = self.cat.kinds[top.kind]
        if k.cost > self.xp:
            return False
        if what == "upgrade":                                       # micro-hero.upgrade.3
            return not top.up and not self.effects().get("no_upgrade")
        return top.up and k.kind != "wound" and not self.effects().get("no_foresee")   # micro-hero.upgrade.4, gap.14

    def _act_upgrade(self, action) -> None:
        if action[0] == "done":
            self.xp = 0                                             # micro-hero.gap.16
            self._attack_phase()
            return
        p = action[-1]
        hero = self.heroes[p]
        if action[0] == "buy":
            card = self.supply.pop(first_of(self.supply, action[1]))
            hero.discard.append(card)
            self.xp -= self.cat.kinds[card.kind].cost
        elif action[0] == "upgrade":
            hero.discard[-1].up = True
            self.xp -= self.cat.kinds[hero.discard[-1].kind].cost
        elif action[0] == "foresee":
            card = hero.discard.pop()
            hero.deck.insert(0, card)
            self.xp -= self.cat.kinds[card.kind].cost

    def _prep_actions(self, p: int) -> list[tuple]:
        """Player p's legal Preparation Actions, kind by kind in PREP_KINDS order."""
        return [action for what in PREP_KINDS for action in self.prep_options(p, what)]

    def prep_options(self, p: int, what: str) -> list[tuple]:
        """Player p's legal Preparation Actions of one kind, in legal_actions()' order (micro-hero.gap.4): pass;
        rest a Wound (each kind in the discard pile); ready a card (each kind in the deck under its top card);
        recover side A; shield (micro-hero.athena.6)."""
        hero = self.heroes[p]
        if what == "pass":
            return [("prep", "pass", p)]
        if what == "rest":
            wounds = self.cat.wound_ids.intersection(map(KIND_OF, hero.discard))
            return [("prep", "rest", p, kid) for kid in sorted(wounds)] if wounds else []
        if what == "ready":
            return [("prep", "ready", p, kid) for kid in sorted(set(map(KIND_OF, hero.deck[1:])))]
        if what == "recover":
            return [("prep", "recover", p)] if hero.side != "A" else []
        if what == "shield":
            return [("prep", "shield", p)] if self._athena and hero.shield < SHIELD_MAX else []   # micro-hero.athena.6
        return []

    def prep_legal(self, action) -> bool:
        """Whether a Preparation Action is legal now: what legal_actions() lists there and apply_action accepts,
        without listing the other kinds."""
        return isinstance(action, tuple) and len(action) > 1 and action in self.prep_options(self.actor, action[1])

    def _act_prep(self, action) -> None:                            # micro-hero.gap.4
        what, p = action[1], action[2]
        hero = self.heroes[p]
        if what == "rest":
            card = hero.discard.pop(first_of(hero.discard, action[3]))
            card.up = False
            self.wounds.append(card)
        elif what == "ready":
            card = hero.deck.pop(first_of(hero.deck, action[3]))
            hero.deck.insert(0, card)
        elif what == "recover":
            hero.side = "A"
        elif what == "shield":
            hero.shield = min(SHIELD_MAX, hero.shield + SHIELD_PREP)
        hero.prep_left -= 1
        if hero.prep_left:
            return
        if p + 1 < len(self.heroes):
            self.actor = p + 1
            return
        if self._blood:                                             # micro-hero.blood.9
            rank = {"deep": 0, "serious": 1, "superficial": 2}
            self.wounds.sort(key=lambda c: rank[self.cat.kinds[c.kind].severity])
        for h in self.heroes:                                       # micro-hero.gap.10
            h.deck.extend(h.discard)
            h.discard = []
        self.phase, self.actor = "reveal", 0
