"""Information-set Monte Carlo search over determinizations, from a view alone.

Each iteration draws a full game consistent with the agent's view
(:func:`auctionrules.engine.determinize`: the others' hands, the deck, dummy
hands and unrevealed sealed bids re-sampled). The other seats are played by
the :class:`~auctionrules.agents.heuristic.HeuristicAgent`, a model of the
opponents rather than a search of their moves (against heuristic players it is
exact but for what they hold).

With ``paired`` (the default) :class:`ISMCTSAgent` is a flat search over
**plans** (a single-observer IS-MCTS one level deep, with macro moves): every
plan is played out on the same determinization (common random numbers: the
plans are compared on the same hidden cards, which matters more than anything
else at a few dozen determinizations), to the end of the round
(``horizon="round"``: cards are discarded when a round is scored, so the round's
money settles most of what a decision changed) or of the game. A plan is

* in an **open auction**, a pass or a *limit*: raise by the minimum step while
  the bid is under it, in this decision and the later ones of the same lot (the
  rollouts play the own later bids by the same limit, so the search compares
  where to stop, not single jump bids, which it found only by overpaying). The
  limits are the heuristic's times ``1 - spread`` .. ``1 + spread``, ``2 *
  buckets + 1`` of them, and the legal range's ends (one minimum bid; up to all
  one may bid). A plan that bids is answered as a limit (``limit N``): the
  engine then plays the later bids of that lot by it, without asking the agent
  again; the plan's first bid is the engine's first answer on it;
* a **sealed** or **once-around** bid, or a **fixed price**: the heuristic's
  amount times the same factors, the legal range's minimum and maximum, and a
  pass where it is legal;
* any other decision (a lead, a card added to a double, buy or pass at a fixed
  price, a dummy card): every legal move.

A rollout scores the agent's money against the rivals' (their mean, or with
``rival`` partly the richest's): the money a view hides is estimated alike for
every plan, so a difference between plans does not depend on it. The heuristic's
plan is played unless the best plan beats it by more than ``confidence``
standard errors of their paired differences (at a few dozen determinizations
most differences are noise). A decision with one plan is not searched.

With ``paired`` false it is an open-loop tree search of its own moves (Cowling,
Powley and Whitehouse's SO-ISMCTS, the other seats played by the model):
**selects** down the tree among the children legal in the determinization by
UCB1 with availability counts, **expands** one untried own action (the
heuristic's first), **rolls out** with a default policy (``heuristic`` or
``random``) and **backs up** the money margin over the best rival squashed to
0..1; a bid or a fixed price is chosen among the minimum, the maximum and
``buckets`` amounts evenly between; the move played is the most visited.

The budget is counted in work: ``iterations`` determinizations per searched
decision (16 by default), so a seeded agent makes the same decisions on every
run and every machine, however loaded. A time budget, ``seconds`` of wall time
per searched decision (at least one determinization), replaces it when given; it
is **not reproducible**: how many determinizations fit in the time depends on
the machine and its load, and so do the moves.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent, open_answer, within
from auctionrules.agents.registry import AgentError
from auctionrules.agents.search import Model, Node, Plan, candidates
from auctionrules.compiled import set_state, state_of
from auctionrules.engine.actions import PASS, Action, Bid, Limit, bid_of, price_of
from auctionrules.engine.agents import RandomAgent
from auctionrules.engine.cards import ONCE_AROUND, SEALED
from auctionrules.engine.determinization import determinize
from auctionrules.engine.game import Game
from auctionrules.engine.legal import Legal
from auctionrules.engine.views import View

#: Rollout policies by name.
ROLLOUTS = ("heuristic", "random")
HORIZONS = ("round", "game")


#: The agent's fields: its ``__slots__``, what a copy or a pickle keeps (see
#: :mod:`auctionrules.compiled`).
FIELDS = (
    "buckets", "c", "confidence", "horizon", "iterations", "last_iterations", "model",
    "model_sealed", "opponents", "paired", "plan", "policy", "prior", "progress", "rival",
    "rng", "rollout", "seconds", "spread",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSAgent:
    """Search over determinizations of the view (see the module docstring).

    Parameters: ``iterations`` (determinizations) per decision, reproducible;
    ``seconds`` of search per decision instead (0, the default: none; a time
    budget is not reproducible), ``c`` the UCB1 exploration
    constant (tree search), ``buckets`` amounts between a range's ends (tree
    search) and plans on each side of the heuristic's (paired search),
    ``spread`` how far the outermost plan is from the heuristic's (a share of its
    amount), ``rollout`` the default policy (``heuristic`` or ``random``),
    ``horizon`` where a rollout stops (``round`` or ``game``), ``paired`` every
    plan on each determinization (else the tree search), ``confidence`` how
    clearly a plan must beat the heuristic's to replace it, ``rival`` the weight
    of the richest rival (against the rivals' mean) in the reward of the paired
    search, ``model_sealed`` the others' unrevealed sealed bids drawn as the
    heuristic would bid them with the hands dealt (else at even odds).
    """

    __slots__ = FIELDS

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        iterations: int = 16,
        seconds: float = 0.0,
        c: float = 0.7,
        buckets: int = 2,
        spread: float = 0.3,
        rollout: str = "heuristic",
        horizon: str = "round",
        paired: bool = True,
        confidence: float = 1.0,
        rival: float = 0.0,
        model_sealed: bool = True,
    ) -> None:
        if rollout not in ROLLOUTS:
            raise AgentError(f"ismcts: rollout={rollout!r}: one of {', '.join(ROLLOUTS)}")
        if horizon not in HORIZONS:
            raise AgentError(f"ismcts: horizon={horizon!r}: one of {', '.join(HORIZONS)}")
        if not math.isfinite(seconds) or seconds < 0 or iterations < 0:
            raise AgentError("ismcts: a budget is iterations >= 0 and seconds >= 0, a "
                             f"finite number (not iterations={iterations}, seconds={seconds})")
        if iterations == 0 and seconds == 0:
            raise AgentError("ismcts: give a budget: iterations > 0, or seconds > 0")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.buckets = buckets
        self.spread = spread
        self.rollout = rollout
        self.horizon = horizon
        self.paired = paired
        self.confidence = confidence
        self.rival = rival
        self.model_sealed = model_sealed
        self.policy: Any = (
            HeuristicAgent() if rollout == "heuristic" else RandomAgent(self.rng.getrandbits(32))
        )
        #: The others' moves and the order in which the own moves are first tried.
        self.opponents = self.prior = HeuristicAgent()
        self.model = Model(self.opponents)
        #: The open-auction limit chosen for a lot: ``(lot key, limit)``.
        self.plan: tuple[tuple[Any, ...], float] | None = None
        #: Iterations run by the last decision (for benchmarks).
        self.last_iterations = 0
        #: Called after each determinization with ``(done, budget)`` (``budget`` 0 under
        #: a time budget), for a front end to show a search in progress.
        self.progress: Callable[[int, int], None] | None = None

    def __getstate__(self) -> dict[str, Any]:
        # its parameters, generator, models and plan, and what a subclass keeps
        return state_of(self, FIELDS)

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_state(self, state)

    def act(self, state: Any, legal: Legal) -> Action:
        """Search from the view ``state``; the move chosen (see the module docstring)."""
        view: View = state
        if not self.paired:
            return self._tree_search(view, legal)
        facts = Facts.of_view(view)
        key = _lot_key(view)
        plan = self.plan
        if plan is not None and legal.bid is not None and plan[0] == key:
            lot = facts.lot
            assert lot is not None
            self.last_iterations = 0
            return open_answer(plan[1], legal, auctioneer=lot.auctioneer,
                               high_bidder=lot.high_bidder, seat=facts.seat, rules=facts.rules)
        plans, prior = self.plans(facts, legal)
        if len(plans) == 1:
            self.last_iterations = 0
            chosen = plans[0]
        else:
            samples: dict[Plan, list[float]] = {}
            seeds = self.rng
            deadline = time.perf_counter() + self.seconds
            done = 0
            me = facts.seat
            sealed = self._sealed_bid if self.model_sealed else None
            while self._more(done, deadline):
                game = determinize(view, seeds.getrandbits(32), sealed=sealed)
                self._paired(game, me, view.round, plans, samples)
                done += 1
                if self.progress is not None:
                    self.progress(done, self.iterations if self.seconds <= 0 else 0)
            self.last_iterations = done
            chosen = self._confident_choice(samples, prior) if samples else prior
        if chosen[1] is not None and key is not None:
            self.plan = (key, chosen[1])
        return chosen[0]

    def _more(self, done: int, deadline: float) -> bool:
        """Whether to run another determinization: until ``iterations`` are done, or with
        a time budget until ``deadline`` (at least one)."""
        if self.seconds > 0:
            return done == 0 or time.perf_counter() < deadline
        return done < self.iterations

    def _sealed_bid(self, game: Game, legal: Legal) -> Action:
        """The model's sealed bid for a seat of a determinized game."""
        return self.opponents.decide(Facts.of_game(game, legal.seat), legal)

    def plans(self, facts: Facts, legal: Legal) -> tuple[list[Plan], Plan]:
        """The plans searched from ``legal`` and the heuristic's among them.

        An open auction: a pass, or raising by the minimum step up to a limit, the
        heuristic's limit times ``1 - spread`` .. ``1 + spread`` (``2 * buckets + 1``
        limits), and the legal range's minimum and maximum as limits. A sealed bid,
        a once-around bid and a fixed price: the heuristic's amount times the same
        factors, the range's minimum and maximum (and a pass). Any other decision:
        every legal move."""
        heuristic = self.prior
        prior_action = heuristic.decide(facts, legal)
        prior: Plan = (prior_action, None)
        k = self.buckets
        factors = [1.0 + self.spread * i / k for i in range(-k, k + 1)] if k > 0 else [1.0]
        factors = [f for f in factors if f > 0]
        lot = facts.lot
        plans: list[Plan] = []
        if legal.price is not None:
            base = heuristic.price_share * heuristic.lot_value(facts)
            picks = {within(legal.price, f * base) for f in factors}
            picks.update(legal.price[:2])  # (the range's ends)
            plans = [(price_of(a), None) for a in sorted(picks)]
        elif legal.bid is not None and lot is not None:
            span = legal.bid
            lo = span[0]
            limit = heuristic.limit(facts)
            kind = lot.kind
            if kind in {SEALED, ONCE_AROUND}:
                target = heuristic.shading * limit if kind == SEALED else limit
                picks = {within(span, f * target) for f in factors if f * target >= lo}
                picks.update(span[:2])  # (the range's ends)
                plans = [(PASS, None)] if PASS in legal.actions else []
                plans += [(bid_of(a), None) for a in sorted(picks)]
            else:
                # (the heuristic's first answer: its limit, which the engine bids on)
                prior_action = open_answer(limit, legal, auctioneer=lot.auctioneer,
                                           high_bidder=lot.high_bidder, seat=facts.seat,
                                           rules=facts.rules)
                prior = (prior_action, limit) if _raises(prior_action, lo) else (PASS, None)
                # (the range's ends as limits: one minimum bid, or up to all one may bid)
                limits = sorted({f * limit for f in factors} | {lo, span[1]})
                firsts: dict[float, Action] = {
                    L: open_answer(L, legal, auctioneer=lot.auctioneer,
                                   high_bidder=lot.high_bidder, seat=facts.seat,
                                   rules=facts.rules)
                    for L in limits
                }
                plans = [(PASS, None)] if PASS in legal.actions else []
                plans += [(firsts[L], L) for L in limits if _raises(firsts[L], lo)]
                if prior[0] != PASS and prior not in plans:
                    plans.append(prior)
                if len(plans) > 1 and not any(a != PASS for a, _ in plans[1:]):
                    plans = plans[:1]
        else:
            plans = [(action, None) for action in legal.actions]
        if prior not in plans:
            plans.append(prior)
        return plans, prior

    def _confident_choice(self, samples: dict[Any, list[float]], prior: Any) -> Any:
        """The best root move by mean reward if it beats the heuristic's move by more
        than ``confidence`` standard errors of their paired differences; else the
        heuristic's move (a search this small must not trade a sound move for noise)."""
        if prior not in samples:
            return max(samples, key=lambda a: sum(samples[a]) / len(samples[a]))
        base = samples[prior]
        best = max(samples, key=lambda a: sum(samples[a]) / len(samples[a]))
        diffs = [x - y for x, y in zip(samples[best], base, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2 or mean <= 0:
            return prior
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        return best if mean > self.confidence * spread / math.sqrt(n) else prior

    def _paired(
        self,
        game: Game,
        me: int,
        round_number: int,
        plans: list[Plan],
        samples: dict[Plan, list[float]],
    ) -> None:
        """Every plan from the same determinization (common random numbers: the plans
        are compared on the same hidden cards), each played out to the horizon."""
        model = self.model
        while not game.is_over and game.to_act()[0] != me:  # (others' sealed bids first)
            seat = game.to_act()[0]
            game.apply(model.decide(game, seat, game.legal(seat)), seat)
        if game.is_over:
            return
        legal = game.legal(me)
        for plan in plans:
            if plan[0] not in legal:
                continue
            trial = game.clone()
            trial.apply(plan[0], me)
            self._play_plan(trial, me, plan[1], round_number)
            samples.setdefault(plan, []).append(self._margin(trial, me))

    def _play_plan(self, game: Game, me: int, limit: float | None, round_number: int) -> None:
        """Play on to the horizon: the own open bids in this lot up to ``limit``, every
        other move by the default policy."""
        lot = game.state.lot
        model, heuristic = self.model, self.rollout == "heuristic"
        policy = self.policy
        stop_at_round = self.horizon == "round"
        while not game.is_over and not (stop_at_round and game.state.round + 1 != round_number):
            seat = game.to_act()[0]
            legal = game.legal(seat)
            current = game.state.lot
            if current is not lot:
                limit = None
            if seat == me and limit is not None and legal.bid is not None and current is not None:
                action = open_answer(limit, legal, auctioneer=current.auctioneer,
                                     high_bidder=current.high_bidder, seat=me, rules=game.rules)
            elif heuristic:
                action = model.decide(game, seat, legal)
            else:
                action = policy.act(None, legal)
            game.apply(action, seat)

    def _margin(self, game: Game, me: int) -> float:
        """The own money against the rivals' (their mean, or with weight ``rival`` the
        richest's), on the scale of the first ranking value."""
        cash = game.state.cash
        rivals = [c for s, c in enumerate(cash) if s != me]
        mean = sum(rivals) / len(rivals)
        rival = self.rival * max(rivals) + (1.0 - self.rival) * mean
        return (cash[me] - rival) / max(game.rules.ranking[0], game.rules.unit)

    def _tree_search(self, view: View, legal: Legal) -> Action:
        """The open-loop tree search (``paired`` false): the most visited root move."""
        options = candidates(legal, self.buckets)
        if len(options) == 1:
            self.last_iterations = 0
            return options[0]
        root = Node()
        seeds = self.rng
        deadline = time.perf_counter() + self.seconds
        done = 0
        while self._more(done, deadline):
            self._iterate(root, determinize(view, seeds.getrandbits(32)), view.seat or 0,
                          view.round)
            done += 1
            if self.progress is not None:
                self.progress(done, self.iterations if self.seconds <= 0 else 0)
        self.last_iterations = done
        tried = [a for a in options if a in root.children]
        return max(tried, key=lambda a: (root.children[a].visits, root.children[a].reward))

    def _iterate(
        self, root: Node, game: Game, me: int, round_number: int, path: list[Node] | None = None
    ) -> float:
        """One descent, expansion, rollout and backup; the reward backed up."""
        path = [] if path is None else path
        node, c, policy = root, self.c, self.opponents
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal(seat)
            if seat != me:  # the others play the default policy, in the tree as after it
                game.apply(policy.decide(Facts.of_game(game, seat), legal), seat)
                continue
            options = candidates(legal, self.buckets)
            untried = [a for a in options if a not in node.children]
            if untried:
                prior = self.prior.decide(Facts.of_game(game, seat), legal)
                action = prior if prior in untried else untried[0]
                child = Node()
                node.children[action] = child
                game.apply(action, seat)
                path.append(child)
                break
            best, best_score = options[0], -math.inf
            for action in options:
                child = node.children[action]
                child.avail += 1
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_score = action, score
            node = node.children[best]
            game.apply(best, seat)
            path.append(node)
        self._roll(game, round_number)
        reward = self._rewards(game)[me]
        for node in path:
            node.visits += 1
            node.reward += reward
        return reward

    def _roll(self, game: Game, round_number: int) -> None:
        """Play on with the default policy to the horizon."""
        policy = self.policy
        if self.horizon == "game" and self.rollout == "random":
            game.playout([policy] * game.state.n)
            return
        stop_at_round = self.horizon == "round"
        heuristic = self.rollout == "heuristic"
        while not game.is_over and not (stop_at_round and game.state.round + 1 != round_number):
            seat = game.to_act()[0]
            legal = game.legal(seat)
            if heuristic:
                game.apply(policy.decide(Facts.of_game(game, seat), legal), seat)
            else:
                game.apply(policy.act(None, legal), seat)

    @staticmethod
    def _rewards(game: Game) -> list[float]:
        """Each seat's money against the best rival's, squashed to 0..1."""
        cash = game.state.cash
        scale = 2.0 * max(game.rules.ranking[0], game.rules.unit)
        out = []
        for seat in range(game.state.n):
            rival = max(c for s, c in enumerate(cash) if s != seat)
            out.append(0.5 + 0.5 * math.tanh((cash[seat] - rival) / scale))
        return out


def _raises(action: Action, lo: int) -> bool:
    """Whether ``action``, a first answer in an open auction, bids: a bid, or a limit
    the engine bids on (one below the lowest bid ``lo`` is out of the lot)."""
    return isinstance(action, Bid) or (isinstance(action, Limit) and action.amount >= lo)


def _lot_key(view: View) -> tuple[Any, ...] | None:
    """What tells one lot from another within a game: the round, the cards laid so far
    this round, the leader and the cards."""
    lot = view.lot_part
    if lot is None:
        return None
    return (view.round, sum(view.counts), lot.leader, lot.cards)
