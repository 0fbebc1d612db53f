"""Who plays the seats an environment does not learn: agents, factories, names, a pool.

An *opponent* is any of: a registry spec (``"heuristic"``,
``"ismcts:iterations=50"``, ``"mylab.agents:make"``), an agent object (anything
with ``act(view, legal)``, used as it is, game after game), or a factory called
as ``factory(seed=...)`` for a new agent each game. Specs and factories give a
fresh agent seeded from the game's seed and the seat, so seeded runs repeat; an
agent object keeps whatever state it has from one game to the next.

:class:`OpponentPool` is the self-play hook: a set of opponents, one drawn for
each other seat at every reset, to which a learner adds snapshots of its own
policy (as :class:`~auctionrules.envs.encoding.PolicyAgent` objects) as it
trains.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Union

from auctionrules.agents import AgentSpec, make_agent, parse_agents

if TYPE_CHECKING:
    import numpy as np

    from auctionrules.engine.agents import Agent

#: One opponent: a spec, an agent, or a factory of agents.
Opponent = Union[str, AgentSpec, "Agent", Callable[..., "Agent"]]


def is_agent(value: object) -> bool:
    """Whether ``value`` is an agent object (it has ``act``), not a factory or a spec."""
    return callable(getattr(value, "act", None))


def check_opponent(value: object) -> Opponent:
    """``value`` as one opponent: a spec text is parsed (and refused with the registry's
    message), an agent or a factory kept; anything else is a ``TypeError``."""
    if isinstance(value, str):
        specs = parse_agents(value)
        if len(specs) != 1:
            raise ValueError(f"{value!r} names {len(specs)} agents: one opponent here")
        return specs[0]
    if isinstance(value, AgentSpec) or is_agent(value) or callable(value):
        return value  # type: ignore[return-value]
    raise TypeError(f"an opponent is a registry spec, an agent (with act) or a factory, "
                    f"not {type(value).__name__}")


def build(opponent: Opponent, seed: str) -> Agent:
    """The agent of ``opponent`` for one game: an agent object itself, else a new one
    seeded with ``seed``."""
    if isinstance(opponent, AgentSpec):
        return opponent.build(seed)
    if is_agent(opponent):
        return opponent  # type: ignore[return-value]
    if isinstance(opponent, str):
        return make_agent(opponent, seed=seed)
    made = opponent(seed=seed)  # type: ignore[operator]
    if not is_agent(made):
        raise TypeError(f"the opponent factory {opponent!r} returned "
                        f"{type(made).__name__!r}, not an agent (an object with act)")
    return made


class OpponentPool:
    """Opponents to draw from at every reset, one per other seat (the self-play hook).

    ``weights`` (one per opponent, default equal) say how often each is drawn;
    :meth:`add` puts a new one in (a snapshot of the learner's policy, say) with
    its weight. The draw uses the environment's generator, so a seeded
    environment draws the same opponents again.

    >>> from auctionrules.envs.opponents import OpponentPool
    >>> pool = OpponentPool(["heuristic", "random"], weights=[3, 1])
    >>> pool.add("ismcts:iterations=20")
    >>> len(pool)
    3
    """

    def __init__(self, opponents: Sequence[object], weights: Sequence[float] | None = None
                 ) -> None:
        if isinstance(opponents, str):
            opponents = [opponents]
        self.opponents: list[Opponent] = [check_opponent(o) for o in opponents]
        if not self.opponents:
            raise ValueError("an opponent pool needs at least one opponent")
        self.weights: list[float] = (
            [1.0] * len(self.opponents) if weights is None else [float(w) for w in weights])
        if len(self.weights) != len(self.opponents) or min(self.weights) < 0 or not sum(
                self.weights):
            raise ValueError("weights: one non-negative weight per opponent, not all 0")

    def __len__(self) -> int:
        return len(self.opponents)

    def add(self, opponent: object, weight: float = 1.0) -> None:
        """Put ``opponent`` in the pool, drawn with ``weight``."""
        self.opponents.append(check_opponent(opponent))
        self.weights.append(float(weight))

    def draw(self, rng: np.random.Generator) -> Opponent:
        """One opponent, drawn by weight."""
        total = sum(self.weights)
        point = float(rng.random()) * total
        for opponent, weight in zip(self.opponents, self.weights, strict=True):
            point -= weight
            if point < 0:
                return opponent
        return self.opponents[-1]


def lineup(opponents: Any, others: int) -> OpponentPool | list[Opponent]:
    """The opponents of an environment: a pool as it is, else one opponent for every
    other seat or one per other seat, in seat order."""
    if isinstance(opponents, OpponentPool):
        return opponents
    if isinstance(opponents, str):
        listed: list[object] = list(parse_agents(opponents))
    elif is_agent(opponents) or callable(opponents) or isinstance(opponents, AgentSpec):
        listed = [opponents]
    else:
        listed = []
        for item in opponents:
            listed.extend(parse_agents(item) if isinstance(item, str) else [item])
    checked = [check_opponent(o) for o in listed]
    if len(checked) == 1:
        checked *= others
    if len(checked) != others:
        raise ValueError(f"{len(checked)} opponents for {others} other seats: "
                         "name one, or one per other seat")
    return checked
