"""``learned``: a small network, trained by the project, that plays as the search agent does.

The network was trained by imitation of :class:`~auctionrules.agents.ismcts.ISMCTSAgent`
(``benchmarks/train.py``: seeded games of one searching seat against
``heuristic`` players, each of its decisions replayed from the game record and
read from the seat's view): it learns where the search departs from the
heuristic's move, at the cost of a few small matrix products instead of a few
hundred simulated rounds. One network serves every bundled edition at 2 to 5
players: its input is the shared observation of :mod:`auctionrules.envs.encoding`
with the per-seat parts padded to five seats, and what the heuristic makes of the
view (each artist's value, the lot's worth, the amounts of the head's choices,
what each rival would pay, its own move), all money divided by the starting cash;
its output is one of the head's choices (:mod:`.choices`): the discrete moves of
the encoding and amounts as shares of the heuristic's. It is an ensemble of five
perceptrons whose scores are averaged, and it decides where an amount is asked
(a price, a bid, a limit); leads, second cards, buys and dummy cards are the
heuristic's, where imitating the search did not beat it.

It reads only the seat's view and its legal moves. Inference needs numpy (the
``learned`` extra); the weights (:data:`WEIGHTS`, about 1.3 MB) ship with the
package.
"""

from __future__ import annotations

import random
from importlib import resources
from typing import TYPE_CHECKING, Any

from auctionrules.agents.choices import (
    AMOUNT_CHOICES,
    AMOUNT_KINDS,
    Decision,
    choice_of,
    discrete_count,
    discrete_index,
    head_size,
)
from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent
from auctionrules.agents.registry import AgentError
from auctionrules.engine.actions import Action

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from auctionrules.engine.legal import Legal
    from auctionrules.engine.rules import Rules
    from auctionrules.engine.views import View

    Array = npt.NDArray[np.float32]

#: The bundled weights, in ``auctionrules/agents/weights``.
WEIGHTS = "learned.npz"
#: The most seats the input has room for (per-seat parts are padded to it).
MAX_SEATS = 5
#: The most dummy hands the input has room for.
MAX_DUMMIES = 2
#: The optional dependency group that brings numpy.
EXTRA = "learned"


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415  (the core install has no numpy: only this agent needs it)
    except ImportError:
        raise AgentError(
            f"the 'learned' agent needs numpy: pip install 'auctionrules[{EXTRA}]'") from None
    return numpy


class Reading:
    """What the network reads of one seat's decision, for one compiled ruleset."""

    def __init__(self, rules: Rules) -> None:
        from auctionrules.envs.encoding import Encoding  # noqa: PLC0415  (needs numpy)
        from auctionrules.envs.parts import PARTS  # noqa: PLC0415

        if rules.players > MAX_SEATS:
            raise AgentError(f"the 'learned' agent plays up to {MAX_SEATS} players, "
                             f"not {rules.players}")
        self.np = _numpy()
        self.rules = rules
        self.encoding = Encoding(rules)
        per_seat = {part.name for part in PARTS if part.size_text.startswith("n")}
        n = rules.players
        #: (start in the observation, width, width in the input): per-seat parts
        #: padded to :data:`MAX_SEATS` seats (one entry per seat for a part the
        #: ruleset leaves out), the dummy hands to :data:`MAX_DUMMIES`
        self.slices: list[tuple[int, int, int]] = []
        size = 0
        for name, width in self.encoding.parts:
            start = self.encoding.offsets[name]
            padded = width
            if name in per_seat:
                padded = MAX_SEATS * (width // n if width else 1)
            elif name == "dummy_sizes":
                padded = MAX_DUMMIES
            self.slices.append((start, min(width, padded), padded))
            size += padded
        self.observed = size
        self.discrete = discrete_count(rules)
        self.head = head_size(rules)
        #: where the heuristic's choices start in the input (1 at each choice that
        #: names its move)
        self.prior_at = (size + MAX_SEATS + 2 * rules.artists + 3 + AMOUNT_CHOICES
                         + len(AMOUNT_KINDS) + MAX_SEATS + 1)
        #: the length of the input vector
        self.size = self.prior_at + 2 * self.head

    def read(self, view: View, legal: Legal, decision: Decision, heuristic: Action,
             ) -> tuple[Array, Array, list[Action | None]]:
        """The input vector, the legal choices (1.0 where legal) and the legal
        discrete moves by index."""
        np = self.np
        rules = self.rules
        scale = float(rules.starting_cash)
        x = np.zeros(self.size, dtype=np.float32)
        obs = self.encoding.observe(view)
        at = 0
        for start, width, padded in self.slices:
            x[at : at + width] = obs[start : start + width]
            at += padded
        x[at + rules.players - 1] = 1.0
        at += MAX_SEATS
        artists = rules.artists
        x[at : at + artists] = np.asarray(decision.values, dtype=np.float32) / scale
        at += artists
        hand = self.encoding.offsets["hand"]
        for code in range(self.encoding.kinds):  # (own cards per artist)
            x[at + code // 5] += obs[hand + code]
        at += artists
        lot = view.lot_part
        if lot is not None:
            x[at] = sum(decision.values[c // 5] for c in lot.cards) / scale
        x[at + 1] = decision.limit / scale
        x[at + 2] = decision.base / scale
        at += 3
        x[at : at + AMOUNT_CHOICES] = np.asarray(decision.amounts, dtype=np.float32) / scale
        at += AMOUNT_CHOICES
        x[at + AMOUNT_KINDS.index(decision.kind)] = 1.0
        at += len(AMOUNT_KINDS)
        if decision.rivals:  # (the rivals' limits, the highest, and the seat's lead over it)
            top = max(decision.rivals)
            rivals = np.asarray(decision.rivals, dtype=np.float32)
            x[at : at + len(decision.rivals)] = rivals / scale
            x[at + MAX_SEATS - 1] = top / scale
            x[at + MAX_SEATS] = (decision.limit - top) / scale
        at += MAX_SEATS + 1
        mask = np.zeros(self.head, dtype=np.float32)
        discrete: list[Action | None] = [None] * self.discrete
        for action in legal.actions:
            index = discrete_index(action, rules)
            if index >= 0:
                discrete[index] = action
                mask[index] = 1.0
        if decision.moves:
            mask[self.discrete :] = 1.0
        for choice in choice_of(heuristic, decision):
            x[at + choice] = 1.0
        at += self.head
        x[at : at + self.head] = mask
        return x, mask, discrete


class Network:
    """An ensemble of multilayer perceptrons (ReLU hidden layers) over standardised
    inputs, whose scores are averaged. Each member's scores add its ``prior`` to each
    choice that names the heuristic's move: the network learns where to depart from
    the heuristic, and plays it where it has not. Every array has the members first."""

    def __init__(self, arrays: dict[str, Any]) -> None:
        self.np = _numpy()
        self.mean = arrays["mean"]
        self.std = arrays["std"]
        layers = sum(1 for key in arrays if key.startswith("w"))
        self.weights = [arrays[f"w{i}"].astype(self.np.float32) for i in range(layers)]
        self.biases = [arrays[f"b{i}"].astype(self.np.float32) for i in range(layers)]
        self.prior = arrays["prior"]
        #: the kinds of decision (:data:`AMOUNT_KINDS`) the network decides; the
        #: others are left to the heuristic's move
        self.decides = frozenset(
            kind for kind, on in zip(AMOUNT_KINDS, arrays["decides"], strict=True) if on)
        self.prior_at = int(arrays["prior_at"])
        #: the input length the weights were trained for
        self.inputs = int(self.mean.shape[-1])
        #: the number of choices of the head
        self.outputs = int(self.biases[-1].shape[-1])
        #: the number of members
        self.members = int(self.mean.shape[0])

    @classmethod
    def load(cls, path: str = "") -> Network:
        """The weights at ``path``, or the bundled ones."""
        np = _numpy()
        if path:
            with np.load(path) as data:
                return cls({key: data[key] for key in data.files})
        found = resources.files("auctionrules.agents").joinpath("weights", WEIGHTS)
        with found.open("rb") as handle, np.load(handle) as data:
            return cls({key: data[key] for key in data.files})

    def logits(self, x: Array) -> Array:
        """The score of each choice for the input row ``x``: the members' mean."""
        np = self.np
        h = ((x - self.mean) / self.std)[:, None, :]
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b[:, None, :]
            if i < last:
                h = np.maximum(h, 0.0)
        at = self.prior_at
        scores = h[:, 0, :] + self.prior[:, None] * x[None, at : at + self.outputs]
        out: Array = scores.mean(axis=0)
        return out


_CACHE: dict[str, Network] = {}


class LearnedAgent:
    """The trained network's move for each decision (see the module docstring).

    ``temperature`` 0 (the default) plays the best-scored legal choice; above 0 it
    samples the choices in proportion to ``exp(score / temperature)`` with the
    seeded generator. ``weights`` names an ``.npz`` file of other weights (the
    bundled ones by default).
    """

    def __init__(self, seed: int | str | None = None, *, temperature: float = 0.0,
                 weights: str = "") -> None:
        self.np = _numpy()
        if temperature < 0:
            raise AgentError(f"learned: temperature={temperature} must be at least 0")
        self.rng = random.Random(seed)
        self.temperature = temperature
        self.weights = weights
        network = _CACHE.get(weights)
        if network is None:
            network = _CACHE[weights] = Network.load(weights)
        self.network = network
        self.heuristic = HeuristicAgent()
        self._readings: dict[int, Reading] = {}

    def reading(self, rules: Rules) -> Reading:
        """The reading of ``rules`` (made once per rules, checked against the weights)."""
        found = self._readings.get(id(rules))
        if found is None or found.rules is not rules:
            found = Reading(rules)
            if (found.size, found.head) != (self.network.inputs, self.network.outputs):
                raise AgentError(
                    f"the 'learned' agent's weights read rulesets of 5 artists at 2 to "
                    f"{MAX_SEATS} players; {rules.ruleset.id} has {rules.artists} artists")
            self._readings[id(rules)] = found
        return found

    def act(self, view: View, legal: Legal) -> Action:
        """The network's move for the seat of ``view``."""
        if len(legal.actions) == 1 and legal.bid is None and legal.price is None:
            return legal.actions[0]
        facts = Facts.of_view(view)
        decision = Decision(self.heuristic, facts, legal)
        heuristic = self.heuristic.decide(facts, legal)
        if decision.kind not in self.network.decides:
            return heuristic
        reading = self.reading(view.rules)
        x, mask, discrete = reading.read(view, legal, decision, heuristic)
        scores = self.network.logits(x)
        return decision.move(self.choose(scores, mask), discrete)

    def choose(self, scores: Array, mask: Array) -> int:
        """The choice played: the best legal score, or a sample at a temperature."""
        np = self.np
        legal = np.flatnonzero(mask)
        if self.temperature <= 0:
            return int(legal[int(np.argmax(scores[legal]))])
        z = scores[legal] / self.temperature
        weights = np.exp(z - z.max())
        return int(self.rng.choices(legal.tolist(), weights=weights.tolist())[0])
