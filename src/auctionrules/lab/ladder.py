"""A ladder: agents rated by playing each other, on any variant.

The schedule seats the agents in every way a table allows: with at least as
many agents as seats, every set of ``players`` of them (each agent meets each
other equally often); with fewer, each agent in turn first round the table, the
list repeated to fill it (``random,heuristic`` at four seats: random, heuristic,
random, heuristic, then heuristic, random, heuristic, random). Each seating is
played ``players`` games in a row, rotated one seat a game, so every agent sits
everywhere equally often; a run of a whole number of :attr:`Ladder.cycle` games
is balanced. The games are the simulation lab's (:class:`~auctionrules.lab.Simulation`):
seeded, ``jobs`` or Dask, progress, a results file that ``resume`` continues.

**How a game counts, once for both figures.** The winners are those the
ruleset's own ``winner`` rules name; a shared win counts as a whole win for
each player sharing it (as :class:`~auctionrules.lab.Summary` counts it). For
the rating, the winners share first place and the others follow by money, equal
money sharing a place. An agent's figures are per seat it held: an agent seated
twice in a game has played two games.

**Ratings** are ``openskill``'s Plackett-Luce model (Weng and Lin, "A Bayesian
approximation method for online ranking", JMLR 12 (2011); the ``ladder`` extra),
updated game by game in index order, so a seed gives the same ladder whatever
``jobs``. ``rating`` is the mean skill μ, ``low`` and ``high`` μ ∓ 1.96 σ (the
model's 95 % interval). An agent seated twice in one game takes the sum of its
seats' updates. Win rates come with 95 % Wilson intervals.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules.agents import AgentSpec, parse_agents
from auctionrules.lab.plan import Plan, SimulationError
from auctionrules.lab.result import GameResult
from auctionrules.lab.runner import ProgressHook, Simulation, make_backend
from auctionrules.lab.stats import Z95, wilson
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

#: The statement of how ties count, for every table a ladder prints.
TIES = (
    "A shared win counts as a win for each player sharing it; for the rating the "
    "winners share first place and the others follow by money, equal money sharing a place."
)


def seatings(agents: Sequence[AgentSpec], players: int) -> tuple[tuple[AgentSpec, ...], ...]:
    """The tables of the schedule (see the module docstring).

    >>> from auctionrules.agents import parse_agents
    >>> from auctionrules.lab.ladder import seatings
    >>> names = lambda tables: [" ".join(map(str, t)) for t in tables]
    >>> names(seatings(parse_agents("random,heuristic,ismcts"), 2))
    ['random heuristic', 'random ismcts', 'heuristic ismcts']
    >>> names(seatings(parse_agents("random,heuristic"), 3))
    ['random heuristic random', 'heuristic random heuristic']
    """
    k = len(agents)
    if k >= players:
        return tuple(itertools.combinations(agents, players))
    return tuple(tuple(agents[(first + s) % k] for s in range(players)) for first in range(k))


def places(result: GameResult) -> list[int]:
    """Each seat's place: how many players finished ahead of it (0 the best). The
    winners are ahead of everyone else; the others are placed by money."""
    winners = set(result.winners)
    others = [cash for seat, cash in enumerate(result.cash) if seat not in winners]
    return [
        0 if seat in winners else len(winners) + sum(1 for c in others if c > cash)
        for seat, cash in enumerate(result.cash)
    ]


@attrs.frozen
class Standing:
    """One agent's line of the ladder."""

    agent: str
    rating: float
    low: float
    high: float
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins per game played (per seat held)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`win_rate`."""
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``--format json``."""
        low, high = self.win_interval
        return {
            "agent": self.agent, "rating": round(self.rating, 3), "low": round(self.low, 3),
            "high": round(self.high, 3), "games": self.games, "wins": self.wins,
            "win_rate": round(self.win_rate, 4), "win_low": round(low, 4),
            "win_high": round(high, 4),
        }


class Ratings:
    """Plackett-Luce ratings updated game by game (needs the ``ladder`` extra)."""

    def __init__(self, agents: Sequence[str]) -> None:
        try:
            from openskill.models import PlackettLuce  # noqa: PLC0415 - optional extra
        except ImportError:
            raise SimulationError(
                "the ladder needs the ladder extra: pip install 'auctionrules[ladder]'"
            ) from None
        self.model = PlackettLuce()
        start = self.model.rating()
        self.skill: dict[str, tuple[float, float]] = {a: (start.mu, start.sigma) for a in agents}
        self.games: Counter[str] = Counter()
        self.wins: Counter[str] = Counter()

    def add(self, result: GameResult) -> None:
        """Count one game."""
        model, skill = self.model, self.skill
        teams = [[model.rating(*skill[agent])] for agent in result.agents]
        rated = model.rate(teams, ranks=[float(p) for p in places(result)])
        moved: dict[str, tuple[float, float]] = {}
        for seat, agent in enumerate(result.agents):
            mu, sigma = skill[agent]
            dmu, shrink = moved.get(agent, (0.0, 1.0))
            after = rated[seat][0]
            moved[agent] = (dmu + after.mu - mu, shrink * after.sigma / sigma)
            self.games[agent] += 1
            self.wins[agent] += seat in result.winners
        for agent, (dmu, shrink) in moved.items():
            mu, sigma = skill[agent]
            skill[agent] = (mu + dmu, sigma * shrink)

    def standings(self) -> list[Standing]:
        """Every agent, best rating first (ties: more wins, then by name)."""
        out = [
            Standing(agent, mu, mu - Z95 * sigma, mu + Z95 * sigma, self.games[agent],
                     self.wins[agent])
            for agent, (mu, sigma) in self.skill.items()
        ]
        return sorted(out, key=lambda s: (-s.rating, -s.wins, s.agent))


class Ladder:
    """A ladder's games and ratings: iterate :attr:`simulation` or call :meth:`standings`."""

    def __init__(self, simulation: Simulation) -> None:
        self.simulation = simulation
        self.plan = simulation.plan
        self.ratings = Ratings([str(spec) for spec in self.plan.agents])
        self._done = False

    @property
    def cycle(self) -> int:
        """Games in one pass of the schedule (every seating, every rotation)."""
        return len(self.plan.tables) * self.plan.players

    def standings(self) -> list[Standing]:
        """The ladder after every game (played now, or read back when resumed)."""
        if not self._done:
            for result in self.simulation:
                self.ratings.add(result)
            self._done = True
        return self.ratings.standings()

    def settings(self) -> dict[str, Any]:
        """What the ladder played, for its tables' captions."""
        plan = self.plan
        return {
            "variant": plan.variant, "modules": list(plan.modules), "players": plan.players,
            "games": self.simulation.games, "seed": plan.seed, "cycle": self.cycle,
        }

    def to_dict(self) -> dict[str, Any]:
        """``{"ratings": [...], "settings": {...}, "ties": "..."}``, best first."""
        return {
            "ratings": [standing.to_dict() for standing in self.standings()],
            "settings": self.settings(),
            "ties": TIES,
        }


def ladder_plan(
    ruleset: Ruleset,
    players: int,
    agents: str | Sequence[str],
    *,
    seed: int = 0,
    variant: str = "",
    modules: Sequence[str] = (),
) -> Plan:
    """The plan of a ladder of ``agents`` (registry specs, each once) on a loaded
    ``ruleset``; ``variant`` and ``modules`` (already applied) name it in the
    results file."""
    specs = parse_agents(agents) if isinstance(agents, str) else parse_agents(list(agents))
    names = [str(spec) for spec in specs]
    if len(specs) < 2:
        raise SimulationError("a ladder needs at least two agents")
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise SimulationError(f"each agent once: {', '.join(twice)} named twice")
    return Plan.of(ruleset, players, specs, seed=seed, variant=variant, modules=modules,
                   tables=seatings(specs, players))


def ladder(
    variant: str | Path | Ruleset,
    players: int,
    games: int,
    agents: str | Sequence[str] = "random,heuristic,ismcts",
    *,
    seed: int = 0,
    modules: Sequence[str] = (),
    jobs: int = 1,
    dask: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    progress: ProgressHook | None = None,
) -> Ladder:
    """A ladder of ``agents`` (registry specs, each once) on ``variant`` (a bundled
    id, a file or a :class:`~auctionrules.model.Ruleset`) with ``modules``, at
    ``players`` players, ``games`` games; the rest as :func:`~auctionrules.lab.simulate`.

    >>> from auctionrules.lab.ladder import ladder
    >>> board = ladder("hig-1992-en", 3, 6, "random,heuristic", seed=1).standings()
    >>> [(s.agent, s.games) for s in board]
    [('heuristic', 9), ('random', 9)]
    """
    if isinstance(variant, Ruleset):
        if modules:
            raise SimulationError("modules apply to a variant named by id or path")
        ruleset, name = variant, variant.id
    else:
        ruleset, name = load_ruleset(variant, list(modules)), str(variant)
    plan = ladder_plan(ruleset, players, agents, seed=seed, variant=name, modules=modules)
    backend = make_backend(jobs, dask)
    return Ladder(Simulation(plan, games, backend, out=out, resume=resume, progress=progress))
