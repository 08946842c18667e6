"""Micro Hero: Hercules as code: a solo (or two-player co-op) deckbuilder against 12 Trials.

Rules summary (ids in cardsets/micro-hero/rules.yaml, rulings in gaps.yaml):
* Setup: 10 Techniques shuffled as your deck, the other 6 plus the Wounds as the supply; the
  Trials shuffled face down and one revealed (micro-hero.setup-*).
* A round is one Trial, fought over several turns (micro-hero.gap.5). A turn: draw 5, turning the
  discard pile over unshuffled when the deck runs out (micro-hero.draw.1, .3); plan: play every card,
  a card scoring its icons once for itself and once per card after it (micro-hero.planning.3,
  gap.6); upgrade: buy / upgrade / foresee at 4 XP per Technique, 8 per Blessing, no Blessing in
  round 1 (micro-hero.upgrade.*); attack: Attack over the Trial's Defence takes Life (gap.1);
  defence: Defence under the Trial's Attack costs a Wound (gap.2); maintenance (gap.3).
* A beaten Trial becomes a Blessing (micro-hero.upgrade.7), lingering 1 or 2 rounds at Heroic or
  Mythic (micro-hero.difficulty.*); two Preparation Actions follow (gap.4).
* Win: 12 Trials beaten (micro-hero.game-end.1). Lose: a Wound is due and none is left
  (micro-hero.game-end.2), or 30 turns on one Trial (gap.33).
Actions are tuples; chance nodes shuffle the starting decks card by card and reveal Trials (a state
given an rng draws them itself, as base.sample_chance would, and stops only at decisions).
"""
from __future__ import annotations

from pnp.errors import IllegalMove
from pnp.games.base import CHANCE, TERMINAL, sample_chance, sample_count
from pnp.games.micro_hero.cards import Icons, catalog
from pnp.games.micro_hero.pieces import (CHANCE_PHASES, HAND, LINGER, NO_ICONS, PREP_ACTIONS, SHIELD_MAX, TRIALS,
                                         TURN_LIMIT, Card, Hero, Options, first_of)
from pnp.games.micro_hero.plans import HandPlans
from pnp.games.micro_hero.spending import Spending


# ---------------------------------------------------------------- the game state

class MicroHeroState(HandPlans, Spending):
    """The full game state in the open_spiel shape (see pnp.games.base.State); its planning questions are
    plans.HandPlans, its upgrade phase and Preparation Actions spending.Spending."""

    def __init__(self, options: Options | None = None, rng=None):
        self.opt = options or Options()
        self.opt.check()
        self.cat = catalog()
        self._uid = 0
        self.heroes = [Hero(stance=self.opt.stances[p]) for p in range(self.opt.players)]
        self.supply: list[Card] = []
        self.wounds: list[Card] = []               # the Wound pile, top last
        self.upcoming: list[Card] = []             # face-down Trials (as their Blessing cards)
        self.trial: Card | None = None
        self.lingering: list[list] = []            # [card, rounds left]
        self.beaten = 0
        self.beaten_order: list[str] = []          # Blessing kinds of beaten Trials, in order
        self.round = 0                             # 1-based once a Trial is revealed
        self.turn = 0                              # turns against the current Trial
        self.t_attack = self.t_defence = self.t_life = self.t_start_life = 0
        self.revenge_order: list[str] = []
        self.revenge: str | None = None
        self.lifecard: str | None = None
        self.xp = 0
        self.phase = "shuffle"
        self.actor = 0
        self.outcome = 0                           # +1 win, -1 loss
        self.end_reason = ""
        self.log: list[str] = []
        self._choices: tuple | None = None         # plan_choices' last (player, version, hand, answer)
        self._listed: tuple | None = None          # legal_actions()' last (version, actions) outside planning
        self._buyable: tuple | None = None         # buyable()'s last (version, kinds)
        self._version = 0                          # bumped by every change of the state (changed())
        self._ranks = self.cat.ranks                # how plan_choices sorts a hand
        self._eff_key: tuple | None = None         # effects()' last (key, answer)
        self._eff: dict = {}
        self._eff_at: int | None = None            # the _version effects() last answered at (None: read afresh)
        self._cheapest = min([k.cost for k in self.cat.kinds.values()])   # the least any upgrade action costs
        self._athena = "athena" in self.opt.expansions     # the expansions asked about every turn, looked up once
        self._blood = "blood" in self.opt.expansions
        # Given an rng (a random.Random), the state shuffles the starting decks, reveals Trials and draws Hera's
        # Revenge from it at once, each outcome the one base.sample_chance(state, rng) draws (the same random
        # numbers in the same order), so it stops only at decisions; without one, each is a chance node.
        self.rng = rng
        self._setup()
        if rng is not None:
            self._draw_inline()

    # ---------------------------------------------------------------- setup
    def _new(self, kind: str) -> Card:
        self._uid += 1
        return Card(self._uid, kind)

    def _setup(self) -> None:
        copies = self.opt.players                                   # micro-hero.coop-setup.1
        for k in self.cat.kinds.values():
            if k.kind != "technique":
                continue
            for _ in range(k.copies * copies):
                self.supply.append(self._new(k.id))
        for hero in self.heroes:                                    # micro-hero.setup-deck.1
            for kid, n in self.opt.start_deck.items():
                kid = self.cat.kind(kid).id
                for _ in range(n):
                    card = self.supply.pop(first_of(self.supply, kid))
                    hero.pool.append(card)
        pile = []                                                   # micro-hero.blood.2, gap.12
        if self._blood:
            order = ("deep-wound", "serious-wound", "superficial-wound")
        else:
            order = ("serious-wound",)
        for kid in order:                                           # bottom first
            for _ in range(self.cat.kinds[kid].copies * copies):
                pile.append(self._new(kid))
        self.wounds = pile
        for t in self.cat.trials.values():                          # micro-hero.gap.21
            self.upcoming.append(self._new(t.blessing))

    # ---------------------------------------------------------------- protocol
    def current_player(self) -> int:
        """Player to act, CHANCE or TERMINAL."""
        if self.phase == "over":
            return TERMINAL
        if self.is_chance_node():
            return CHANCE
        return self.actor

    def is_chance_node(self) -> bool:
        """Deck shuffling, Trial reveals and Hera's Revenge draws are chance."""
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        """True once the game is won or lost."""
        return self.phase == "over"

    def returns(self) -> list[float]:
        """+1 each on a win, -1 each on a loss, 0 while unfinished."""
        return [float(self.outcome)] * self.opt.players

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(card kind or Trial id, probability) at a chance node."""
        if self.phase == "shuffle":
            counts = self._pool_counts()
            total = len(self.heroes[self.actor].pool)
            return [(k, n / total) for k, n in sorted(counts.items())]
        if self.phase == "reveal":
            kinds = self.cat.kinds
            ids = sorted([kinds[c.kind].trial for c in self.upcoming])
            return [(t, 1 / len(ids)) for t in ids]
        if self.phase == "revenge":
            left = sorted(set(self.cat.revenge) - set(self.revenge_order))
            return [(r, 1 / len(left)) for r in left]
        return []

    def sample_chance(self, rng):
        """One chance outcome by its probability: the one base.sample_chance(state, rng) draws, with the same
        random number; a starting deck's next card is drawn from its counts without listing the outcomes."""
        if self.phase != "shuffle":
            return sample_chance(self, rng)
        counts = self._pool_counts()
        return sample_count(counts, sorted(counts), rng)

    def _pool_counts(self) -> dict[str, int]:
        """How many cards of each kind the shuffling hero's starting pool still holds."""
        counts: dict[str, int] = {}
        for c in self.heroes[self.actor].pool:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        return counts

    def _is_outcome(self, action) -> bool:
        """Whether `action` is one of chance_outcomes(), found without listing them."""
        try:
            if self.phase == "shuffle":
                return any(c.kind == action for c in self.heroes[self.actor].pool)
            if self.phase == "reveal":
                kinds = self.cat.kinds
                return any(kinds[c.kind].trial == action for c in self.upcoming)
            return action in self.cat.revenge and action not in self.revenge_order
        except TypeError:                                           # an unhashable action: no outcome
            return False

    def legal_actions(self) -> list[tuple]:
        """The current player's legal actions (tuples); outside planning, kept until changed() for
        apply_action's check."""
        if self.phase == "plan":
            return self._plan_actions(self.heroes[self.actor])
        acts = self._listing()
        self._listed = self._version, tuple(acts)
        return acts

    def _listing(self) -> list[tuple]:
        """legal_actions() outside planning."""
        if self.phase == "upgrade":
            return self._upgrade_actions()
        if self.phase == "split":
            total = sum(h.result.defence for h in self.heroes)
            return [("split", d) for d in range(total + 1)]
        if self.phase == "prep":
            return self._prep_actions(self.actor)
        if self.phase == "lifecard":
            return [("lifecard", k) for k in sorted(self.cat.lifecards) if k != self.lifecard]  # calm.4
        return []

    def changed(self) -> None:
        """Drop what was worked out from the state as it was (plan_choices' choices, legal_actions()' listing):
        apply_action calls it for every action; code that edits a state's piles, cards or stances directly
        calls it too."""
        self._version += 1

    def apply_action(self, action) -> None:
        """Apply one action or chance outcome; IllegalMove with the reason if not allowed."""
        try:
            self._apply(action)
        finally:
            self.changed()
        if self.rng is not None and self.phase in CHANCE_PHASES:
            self._draw_inline()

    def _draw_inline(self) -> None:
        """Settle the chance nodes ahead with the state's rng, each outcome drawn as base.sample_chance draws
        it and applied as apply_action applies it (an outcome drawn from chance_outcomes() needs no check)."""
        rng = self.rng
        while self.phase in CHANCE_PHASES:
            self._settle(self.sample_chance(rng))
            self.changed()

    def _settle(self, outcome) -> None:
        """Apply a chance outcome known to be possible (drawn from chance_outcomes(), or checked by _apply)."""
        self.changed()
        _STEP[self.phase](self, outcome)

    def _apply(self, action) -> None:
        """apply_action's check and change (what was worked out from the state is dropped as it starts
        changing, and again by apply_action once it is done)."""
        phase = self.phase
        if phase == "over":
            raise IllegalMove("the game is over")
        if phase in CHANCE_PHASES:
            if not self._is_outcome(action):
                valid = [o for o, _ in self.chance_outcomes()]
                raise IllegalMove(f"'{action}' is not a possible outcome here", expected=", ".join(map(str, valid)))
            self._settle(action)
            return
        if phase == "plan":
            row = self.plan_choices(self.actor).outcome_of(action)     # a plan the table lists is legal
            if row is None:
                if not self._plan_legal(action):
                    raise IllegalMove(self._why_illegal(action))
                row = self.preview_plans(self.actor, [action])[0].tolist()   # an unlisted order of identical cards
            self.changed()
            self._act_plan(action, row)
            return
        listed = self._listed
        if listed is not None and listed[0] == self._version:      # listed by legal_actions() since the last change
            legal = action in listed[1]
        elif phase == "upgrade":
            legal = self.upgrade_legal(action)
        elif phase == "prep":
            legal = self.prep_legal(action)
        else:
            legal = action in self._listing()
        if not legal:
            raise IllegalMove(self._why_illegal(action))
        self.changed()
        _STEP[phase](self, action)

    # ---------------------------------------------------------------- chance
    def _chance_shuffle(self, kind: str) -> None:
        hero = self.heroes[self.actor]
        card = hero.pool.pop(first_of(hero.pool, kind))
        hero.deck.append(card)                                      # bottom of the new deck
        if not hero.pool:
            if self.actor + 1 < len(self.heroes):
                self.actor += 1
            else:
                self.actor = 0
                self.phase = "reveal"

    def _chance_reveal(self, trial_id: str) -> None:
        t = self.cat.trials[trial_id]
        card = self.upcoming.pop(first_of(self.upcoming, t.blessing))   # the Trial's card is its Blessing's
        self.trial = card
        self.round += 1
        self.turn = 0
        self._eff_at = None                                         # effects() reads the round, turn, Trial
        life = t.life + self.beaten                                 # micro-hero.gap.11
        life *= self.opt.players                                    # micro-hero.coop-setup.2
        self.t_attack, self.t_defence, self.t_life = t.attack, t.defence, life
        self.log.append(f"round {self.round}: {t.name} (A{t.attack} D{t.defence} L{life})")
        if "hera" in self.opt.expansions:
            if len(self.revenge_order) < len(self.cat.revenge):
                self.phase = "revenge"
                return
            self._apply_revenge(self.revenge_order[(self.round - 1) % len(self.revenge_order)])
        self._after_reveal()

    def _chance_revenge(self, rid: str) -> None:
        self.revenge_order.append(rid)
        self._apply_revenge(rid)
        self._after_reveal()

    def _apply_revenge(self, rid: str) -> None:                     # micro-hero.gap.13
        self.revenge = rid
        self._eff_at = None
        eff = self.cat.revenge[rid]
        self.t_attack += eff.get("attack", 0)
        self.t_defence += eff.get("defence", 0)
        self.t_life += eff.get("life", 0) * self.opt.players
        self.log.append(f"Hera's Revenge: {rid}")

    def _after_reveal(self) -> None:
        self.t_start_life = self.t_life
        if self.revenge and self.cat.revenge[self.revenge].get("wound_now"):
            for p in range(len(self.heroes)):
                if not self._take_wounds(p, self.cat.revenge[self.revenge]["wound_now"]):
                    return
        if "calm" in self.opt.expansions:                           # micro-hero.calm.2, .4
            self.phase, self.actor = "lifecard", 0
            return
        self._start_turn()

    # ---------------------------------------------------------------- effects
    def effects(self) -> dict:
        """Special rules in force: the current Trial's plus lingering ones, added up (gap.30)."""
        if self._eff_at == self._version:          # nothing changed since the last answer (steps that change
            return self._eff                        # what it reads set _eff_at to None; changed() bumps _version)
        key = (self.round, self.turn == 1, self.trial is None, len(self.lingering), self.revenge)   # what they read
        if self._eff_key == key:
            self._eff_at = self._version
            return self._eff
        out: dict = {}
        cards = ([self.trial] if self.trial else []) + [c for c, _ in self.lingering]
        for c in cards:
            for k, v in self.cat.trials[self.cat.kinds[c.kind].trial].effect.items():
                if isinstance(v, bool):
                    out[k] = out.get(k, False) or v
                elif k == "damage_cap":
                    out[k] = min(out.get(k, v), v)
                else:
                    out[k] = out.get(k, 0) + v
        if self.revenge:
            eff = self.cat.revenge[self.revenge]
            out["xp_penalty"] = out.get("xp_penalty", 0) + eff.get("xp_penalty", 0)
            if self.turn == 1:
                out["hand_size"] = out.get("hand_size", 0) + eff.get("first_hand", 0)
        self._eff_key, self._eff, self._eff_at = key, out, self._version
        return out

    def calm_bonus(self, life: int) -> Icons:
        """Calm and Wrath: Attack/Defence the Trial gains beside this Life (micro-hero.calm.3)."""
        if not self.lifecard:
            return NO_ICONS
        for band in self.cat.lifecards[self.lifecard]:
            if band["from"] <= life <= band["to"]:
                return Icons(band.get("attack", 0), band.get("defence", 0), 0)
        return NO_ICONS

    # ---------------------------------------------------------------- turn
    def _start_turn(self) -> None:
        self.turn += 1
        self._eff_at = None
        if self.turn > TURN_LIMIT:                                  # micro-hero.gap.33
            self._end(-1, f"round {self.round}: not beaten within {TURN_LIMIT} turns")
            return
        size = max(1, HAND + self.effects().get("hand_size", 0))
        for hero in self.heroes:
            self._draw(hero, size)
        self.phase, self.actor = "plan", 0

    def _draw(self, hero: Hero, n: int) -> None:
        while n > 0:                                                # micro-hero.draw.1: n from the top
            if not hero.deck:
                hero.deck, hero.discard = hero.discard, []          # micro-hero.draw.3 (no shuffle)
                if not hero.deck:
                    return                                          # micro-hero.gap.17
            deck = hero.deck
            taken = deck[:n]
            del deck[:n]
            hero.hand += taken
            n -= len(taken)

    def _act_plan(self, action, row) -> None:
        """Play a legal plan; `row` is its (attack, defence, xp), looked up by apply_action's check."""
        _, order, stance = action
        hero = self.heroes[self.actor]
        hero.result = Icons(*row)
        hero.played = list(map(hero.hand.__getitem__, order))
        if stance and stance[0] == "stash":                         # micro-hero.gap.26
            hero.stash.append(hero.hand[stance[1]])
        hero.hand = []
        hero.turned = stance is not None
        if self.actor + 1 < len(self.heroes):
            self.actor += 1
            return
        penalty = self.effects().get("xp_penalty", 0)
        xp = 0
        for h in self.heroes:                                       # micro-hero.coop-upgrade.1
            xp += max(0, h.result.xp - penalty)
        self.xp = xp
        self.phase, self.actor = "upgrade", 0

    # ---------------------------------------------------------------- attack and defence
    def damage(self, attack: int) -> int:
        """Life the Trial loses to this Attack, after its Defence and special rules (gap.1, gap.32)."""
        return self.damages((attack,))[0]

    def damages(self, attacks) -> list[int]:
        """damage() of each of these Attacks (the Trial's Defence and special rules looked up once)."""
        eff = self.effects()
        defence = self.t_defence + self.calm_bonus(self.t_life).defence    # micro-hero.gap.18
        floor, cap = eff.get("damage_floor", 0), eff.get("damage_cap")
        out = []
        for attack in attacks:
            dmg = attack - defence
            if dmg < 0 or dmg < floor:
                dmg = 0
            if cap is not None and dmg > cap:
                dmg = cap
            out.append(dmg)
        return out

    def trial_attack(self) -> int:
        """The Trial's Attack in the defence phase, with the Calm and Wrath bonus (gap.18)."""
        return self.t_attack + self.calm_bonus(self.t_life).attack

    def _attack_phase(self) -> None:
        attack = 0
        for hero in self.heroes:                                    # micro-hero.coop-attack.1
            attack += hero.result.attack
        dmg = self.damage(attack)
        self.t_life = max(0, self.t_life - dmg)                     # micro-hero.gap.25
        self.log.append(f"turn {self.turn}: attack {attack} deals {dmg}, Life {self.t_life}")
        if dmg == 0 and self.effects().get("idle_wound"):
            for p in range(len(self.heroes)):
                if not self._take_wounds(p, 1):
                    return
        if self.t_life == 0:                                        # micro-hero.gap.9
            self._maintenance()
            return
        if len(self.heroes) == 2:                                   # micro-hero.coop-defence.2
            self.phase, self.actor = "split", 0
            return
        self._defend([self.heroes[0].result.defence])

    def _act_split(self, action) -> None:
        total = sum(h.result.defence for h in self.heroes)
        self._defend([action[1], total - action[1]])

    def wounds_for(self, defence: int, shield: int, attack: int) -> tuple[int, int]:
        """(wounds taken, shield after) for this Defence against this Attack (gap.2, gap.19, blood.7)."""
        if self._athena:
            if defence >= attack:
                return 0, min(SHIELD_MAX, shield + defence - attack)    # micro-hero.athena.3
            spent = min(shield, attack - defence)                       # micro-hero.athena.4
            shield -= spent
            defence += spent
        if defence >= attack:
            return 0, shield
        wounds = attack - defence if self._blood else 1
        return wounds + self.effects().get("extra_wound", 0), shield

    def _defend(self, defences: list[int]) -> None:
        attack = self.trial_attack()                                # micro-hero.coop-defence.1
        for p, d in enumerate(defences):
            hero = self.heroes[p]
            n, hero.shield = self.wounds_for(d, hero.shield, attack)
            if n:
                self.log.append(f"player {p + 1}: defence {d} against {attack}: {n} Wound(s)")
                if not self._take_wounds(p, n):
                    return
        self._maintenance()

    def _take_wounds(self, p: int, n: int) -> bool:
        """Move n Wounds from the pile to player p's discard; False (and the game lost) if short."""
        for _ in range(n):
            if not self.wounds:                                     # micro-hero.game-end.2
                self._end(-1, f"round {self.round}: a Wound was due and none was left")
                return False
            self.heroes[p].discard.append(self.wounds.pop())        # micro-hero.gap.22
        return True

    # ---------------------------------------------------------------- maintenance and round end
    def _maintenance(self) -> None:
        heroes, kinds = self.heroes, self.cat.kinds
        for p, hero in enumerate(heroes):                           # micro-hero.gap.3, gap.8
            dest = heroes[1 - p] if len(heroes) == 2 else hero      # micro-hero.coop-maintenance.1
            deep, kept = 0, dest.discard
            for card in hero.played:
                k = kinds[card.kind]
                if k.kind == "wound":
                    if card.up or k.severity == "superficial":
                        card.up = False                             # micro-hero.gap.15, blood.4
                        self.wounds.append(card)
                        continue
                    deep += k.severity == "deep"                    # micro-hero.blood.6
                kept.append(card)
            hero.played = []
            if deep and not self._take_wounds(p, deep):
                return
            if hero.stance == "hercules":                           # micro-hero.gap.7
                if hero.side == "A" and hero.turned:
                    hero.side = "B"
                elif hero.side == "B":
                    hero.side = "A"
            elif hero.turned:                                       # micro-hero.gap.26
                hero.side = "B" if hero.side == "A" else "A"
            hero.turned = False
        if self.t_life > 0:
            eff = self.effects()
            self.t_life = min(self.t_start_life, self.t_life + eff.get("regen", 0))
            self.t_attack += eff.get("attack_growth", 0)
            self.t_defence += eff.get("defence_growth", 0)
            self._start_turn()
            return
        self._end_round()

    def _end_round(self) -> None:
        self.beaten += 1
        self.beaten_order.append(self.trial.kind)
        if self.beaten == TRIALS:                                   # micro-hero.game-end.1, gap.23
            self._end(+1, "all 12 Trials beaten")
            return
        still = []
        for entry in self.lingering:                                # micro-hero.difficulty.2, .4
            entry[1] -= 1
            if entry[1] <= 0:
                self.supply.append(entry[0])
            else:
                still.append(entry)
        self.lingering = still
        linger = LINGER[self.opt.difficulty]
        if linger:
            self.lingering.append([self.trial, linger])
        else:
            self.supply.append(self.trial)                          # micro-hero.upgrade.7
        self.trial, self.revenge, self._eff_at = None, None, None   # and the lingering Trials
        for hero in self.heroes:
            hero.shield = 0                                         # micro-hero.athena.5
            hero.deck.extend(hero.stash)                            # micro-hero.omphale.4, gap.26
            hero.stash = []
            hero.prep_left = PREP_ACTIONS
        self.phase, self.actor = "prep", 0

    def _act_lifecard(self, action) -> None:
        self.lifecard = action[1]
        self._start_turn()

    # ---------------------------------------------------------------- end and checks
    def _end(self, outcome: int, reason: str) -> None:
        self.outcome, self.end_reason, self.phase = outcome, reason, "over"
        self.log.append(reason)

    def _why_illegal(self, action) -> str:
        if not isinstance(action, tuple) or not action:
            return f"'{action}' is not an action"
        if self.phase == "upgrade" and action[0] in ("buy", "upgrade", "foresee"):
            if action[0] == "buy" and len(action) > 1 and action[1] in self.cat.kinds:
                k = self.cat.kinds[action[1]]
                if k.kind == "blessing" and self.round == 1:
                    return "no Blessing may be gained in the first round (micro-hero.upgrade.6)"
                if k.kind == "wound":
                    return "Wounds cannot be bought (micro-hero.gap.14)"
                if k.cost > self.xp:
                    return f"{k.name} costs {k.cost} XP and only {self.xp} XP is left (micro-hero.upgrade.5)"
                return f"no {k.name} left in the supply (micro-hero.gap.27)"
            p = action[-1] if isinstance(action[-1], int) and action[-1] < len(self.heroes) else 0
            top = self.heroes[p].discard[-1] if self.heroes[p].discard else None
            if action[0] in ("upgrade", "foresee") and top is not None:
                k = self.cat.kinds[top.kind]
                if action[0] == "upgrade" and top.up:
                    return f"{k.name} on top is already upgraded and cannot be upgraded again (micro-hero.upgrade.3)"
                if action[0] == "foresee" and not top.up:
                    return f"only an upgraded card can be foreseen; {k.name} on top is basic (micro-hero.upgrade.4)"
                if action[0] == "foresee" and k.kind == "wound":
                    return "a Wound cannot be foreseen (micro-hero.gap.14)"
                if k.cost > self.xp:
                    return f"{action[0]} of {k.name} costs {k.cost} XP, only {self.xp} left (micro-hero.upgrade.5)"
            return f"'{action[0]}' is not possible now (micro-hero.upgrade.3, .4)"
        return f"{action} is not legal in the {self.phase} phase"

    def all_cards(self) -> list[Card]:
        """Every card in every zone (for invariant checks: each uid exactly once)."""
        out = list(self.supply) + list(self.wounds) + list(self.upcoming)
        out += [self.trial] if self.trial else []
        out += [c for c, _ in self.lingering]
        for h in self.heroes:
            out += h.deck + h.discard + h.hand + h.played + h.stash + h.pool
        return out

    def card_count(self) -> int:
        """How many physical cards the game started with."""
        return self._uid


_STEP = {"shuffle": MicroHeroState._chance_shuffle, "reveal": MicroHeroState._chance_reveal,
         "revenge": MicroHeroState._chance_revenge, "upgrade": MicroHeroState._act_upgrade,
         "split": MicroHeroState._act_split, "prep": MicroHeroState._act_prep,
         "lifecard": MicroHeroState._act_lifecard}   # what apply_action does in each phase but planning
