"""Information-set Monte Carlo tree search over determinizations, from a view alone.

:class:`ISMCTSAgent` keeps one tree of its own decisions for the information
set it is in (an open-loop single-observer IS-MCTS: Cowling, Powley and
Whitehouse's SO-ISMCTS, with the other seats played by a model instead of being
searched). Each iteration draws a full game consistent with the agent's view
(:func:`auctionrules.engine.determinize`: the others' hands, the deck, dummy
hands and unrevealed sealed bids re-sampled), then

* at the root, with ``paired`` (the default), tries **every** own move on that
  same game (common random numbers: the moves are compared on the same hidden
  cards, which matters more than anything else at a few dozen determinizations);
* **selects** down the tree among the children legal in that game, by UCB1 with
  availability counts (a child is scored against how often it *could* have been
  chosen, since a determinization may lack the card it plays); the other seats'
  moves on the way are the :class:`~auctionrules.agents.heuristic.HeuristicAgent`'s,
  a model of the opponents rather than a search of their moves, which at a few
  hundred iterations would be nearly random;
* **expands** one untried own action, the heuristic's choice first;
* **rolls out** with a cheap default policy (``heuristic`` or ``random``) to the
  end of the round (``horizon="round"``: cards are discarded when a round is
  scored, so the round's money settles most of what a decision changed) or of
  the game;
* **backs up** the agent's money at the end of the rollout against the best
  rival's, squashed to 0..1 on the scale of the first ranking value.

Amounts are not searched one by one: a bid or a fixed price is chosen among the
minimum, the maximum and ``buckets`` amounts evenly between. The budget is
``iterations`` (determinizations) per decision, reproducible from ``seed``, or,
when that is 0, ``seconds`` of wall time. A decision with one legal move is not
searched. The move played is the most visited root move, or with ``paired`` the
heuristic's move unless the move with the best mean reward beats it by more than
``confidence`` standard errors of their paired differences: at a few dozen
determinizations most differences are noise, and trading a sound move for noise
loses games.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent
from auctionrules.agents.registry import AgentError
from auctionrules.engine.actions import Action, bid_of, price_of
from auctionrules.engine.agents import RandomAgent
from auctionrules.engine.determinization import determinize
from auctionrules.engine.game import Game
from auctionrules.engine.legal import Legal
from auctionrules.engine.views import View

#: Rollout policies by name.
ROLLOUTS = ("heuristic", "random")
HORIZONS = ("round", "game")


class Node:
    """A tree node: reached by one of the agent's own actions; its statistics."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def candidates(legal: Legal, buckets: int) -> list[Action]:
    """The actions searched: the discrete ones, and amounts from each legal range
    (its minimum, its maximum and ``buckets`` evenly between)."""
    out: list[Action] = list(legal.actions)
    for span, make in ((legal.bid, bid_of), (legal.price, price_of)):
        if span is not None:
            out.extend(make(amount) for amount in amounts(span, buckets))
    return out


def amounts(span: tuple[int, int, int], buckets: int) -> list[int]:
    """``buckets`` legal amounts evenly over ``span``, with its minimum and maximum."""
    lo, hi, step = span
    steps = (hi - lo) // step
    picks = {0, steps}
    for k in range(1, buckets + 1):
        picks.add(round(steps * k / (buckets + 1)))
    return [lo + s * step for s in sorted(picks)]


class ISMCTSAgent:
    """SO-ISMCTS over determinizations of the view (see the module docstring).

    Parameters: ``iterations`` (determinizations) per decision (0: use
    ``seconds``), ``seconds`` of search per decision, ``c`` the UCB1 exploration
    constant, ``buckets`` amounts between a range's ends, ``rollout`` the default
    policy (``heuristic`` or ``random``), ``horizon`` where a rollout stops
    (``round`` or ``game``), ``paired`` every root move on each determinization,
    ``confidence`` how clearly a move must beat the heuristic's to replace it.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        iterations: int = 0,
        seconds: float = 0.2,
        c: float = 0.7,
        buckets: int = 4,
        rollout: str = "heuristic",
        horizon: str = "round",
        paired: bool = True,
        confidence: float = 2.0,
    ) -> None:
        if rollout not in ROLLOUTS:
            raise AgentError(f"ismcts: rollout={rollout!r}: one of {', '.join(ROLLOUTS)}")
        if horizon not in HORIZONS:
            raise AgentError(f"ismcts: horizon={horizon!r}: one of {', '.join(HORIZONS)}")
        if iterations <= 0 and seconds <= 0:
            raise AgentError("ismcts: give a budget: iterations > 0 or seconds > 0")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.buckets = buckets
        self.rollout = rollout
        self.horizon = horizon
        self.paired = paired
        self.confidence = confidence
        self.policy: Any = (
            HeuristicAgent() if rollout == "heuristic" else RandomAgent(self.rng.getrandbits(32))
        )
        #: The others' moves and the order in which the own moves are first tried.
        self.opponents = self.prior = HeuristicAgent()
        #: Iterations run by the last decision (for benchmarks).
        self.last_iterations = 0

    def act(self, state: Any, legal: Legal) -> Action:
        """Search from the view ``state`` and play the most visited root action."""
        view: View = state
        options = candidates(legal, self.buckets)
        if len(options) == 1:
            self.last_iterations = 0
            return options[0]
        root = Node()
        samples: dict[Action, list[float]] = {}
        seeds = self.rng
        deadline = time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if self.iterations > 0 else (
            done == 0 or time.perf_counter() < deadline
        ):
            game = determinize(view, seeds.getrandbits(32))
            if self.paired:
                self._paired(root, game, view.seat or 0, view.round, samples)
            else:
                self._iterate(root, game, view.seat or 0, view.round)
            done += 1
        self.last_iterations = done
        if self.paired:
            return self._confident_choice(samples, self.prior.act(view, legal))
        tried = [a for a in options if a in root.children]
        return max(tried, key=lambda a: (root.children[a].visits, root.children[a].reward))

    def _confident_choice(self, samples: dict[Action, list[float]], prior: Action) -> Action:
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
        root: Node,
        game: Game,
        me: int,
        round_number: int,
        samples: dict[Action, list[float]],
    ) -> None:
        """Every root move from the same determinization (common random numbers: the
        moves are compared on the same hidden cards), each continued as an iteration."""
        policy = self.opponents
        while not game.is_over and game.to_act()[0] != me:  # (others' sealed bids first)
            seat = game.to_act()[0]
            game.step(policy.decide(Facts.of_game(game, seat), game.legal(seat)), seat)
        if game.is_over:
            return
        for action in candidates(game.legal(me), self.buckets):
            child = root.children.get(action)
            if child is None:
                child = root.children[action] = Node()
            trial = game.clone()
            trial.step(action, me)
            samples.setdefault(action, []).append(
                self._iterate(child, trial, me, round_number, [child])
            )

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
                game.step(policy.decide(Facts.of_game(game, seat), legal), seat)
                continue
            options = candidates(legal, self.buckets)
            untried = [a for a in options if a not in node.children]
            if untried:
                prior = self.prior.decide(Facts.of_game(game, seat), legal)
                action = prior if prior in untried else untried[0]
                child = Node()
                node.children[action] = child
                game.step(action, seat)
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
            game.step(best, seat)
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
            game.playout([policy] * game.n)
            return
        stop_at_round = self.horizon == "round"
        heuristic = self.rollout == "heuristic"
        while not game.is_over and not (stop_at_round and game.round + 1 != round_number):
            seat = game.to_act()[0]
            legal = game.legal(seat)
            if heuristic:
                game.step(policy.decide(Facts.of_game(game, seat), legal), seat)
            else:
                game.step(policy.act(None, legal), seat)

    @staticmethod
    def _rewards(game: Game) -> list[float]:
        """Each seat's money against the best rival's, squashed to 0..1."""
        cash = game.cash
        scale = 2.0 * max(game.rules.ranking[0], game.rules.unit)
        out = []
        for seat in range(game.n):
            rival = max(c for s, c in enumerate(cash) if s != seat)
            out.append(0.5 + 0.5 * math.tanh((cash[seat] - rival) / scale))
        return out
