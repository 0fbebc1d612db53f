"""What a simulation plays: the ruleset, the seats and the seeds, as one picklable value.

:class:`Plan` is what every worker receives (a local process or a Dask task), and
what the results file's header records, so that ``--resume`` can refuse to
continue a file made with other settings.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from auctionrules.agents import AgentError, AgentSpec, parse_agents, seat_agents
from auctionrules.engine import Rules, compile_rules
from auctionrules.engine.record import digest
from auctionrules.lab.carried import Registrations
from auctionrules.lab.seeds import game_seed
from auctionrules.lab.summary import Frame
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset


class SimulationError(Exception):
    """A simulation cannot start (bad settings, an unreadable results file)."""


class RunFailedError(SimulationError):
    """A game of the run failed (an agent raised, or played an illegal action): the
    run stopped there; the message names the game's index and seed."""


@attrs.frozen
class Plan:
    """A simulation's settings: ``agents`` are the specs as given (one, or one per
    seat), seated in turn around the table when ``rotate``.

    ``variant`` names the ruleset for people (its id, or the file given); the
    ruleset itself travels with the plan, so workers need not find the file.

    ``tables`` (a ladder's schedule, :mod:`auctionrules.lab.ladder`), when given,
    are the seatings played in turn, each for ``players`` games rotated one seat
    a game; ``agents`` then lists every agent of the schedule.

    ``carried`` are the registrations of this process the games need (the agents'
    factories, the custom strategies), so that a worker that was not forked from
    this process knows them (:mod:`auctionrules.lab.carried`).
    """

    ruleset: Ruleset
    players: int
    agents: tuple[AgentSpec, ...]
    seed: int = 0
    rotate: bool = True
    variant: str = ""
    modules: tuple[str, ...] = ()
    tables: tuple[tuple[AgentSpec, ...], ...] = ()
    carried: Registrations = attrs.field(factory=Registrations, eq=False, repr=False)

    @classmethod
    def make(
        cls,
        variant: str | Path | Ruleset,
        players: int,
        agents: str | Sequence[str | AgentSpec] = ("random",),
        *,
        seed: int = 0,
        modules: Sequence[str] = (),
        rotate: bool = True,
    ) -> Plan:
        """A checked plan; :class:`SimulationError` (or the loader's
        :class:`~auctionrules.loader.RulesetError`, the registry's
        :class:`~auctionrules.agents.AgentError`) says what is wrong."""
        if isinstance(variant, Ruleset):
            if modules:
                raise SimulationError("modules apply to a variant named by id or path")
            return cls.of(variant, players, agents, seed=seed, rotate=rotate)
        ruleset = load_ruleset(variant, list(modules))
        return cls.of(
            ruleset, players, agents, seed=seed, rotate=rotate, variant=str(variant),
            modules=modules,
        )

    @classmethod
    def of(
        cls,
        ruleset: Ruleset,
        players: int,
        agents: str | Sequence[str | AgentSpec] = ("random",),
        *,
        seed: int = 0,
        rotate: bool = True,
        variant: str = "",
        modules: Sequence[str] = (),
        tables: Sequence[Sequence[AgentSpec]] = (),
    ) -> Plan:
        """A checked plan of a loaded ruleset; ``variant`` and ``modules`` say, for the
        results file's header, where it came from (``modules`` already applied)."""
        specs = _specs(agents)
        for spec in specs:
            _check_builds(spec)
        if any(len(table) != players for table in tables):
            raise SimulationError(f"every table of the schedule needs {players} agents")
        if not tables:
            seat_agents(specs, players)  # (refuses a count that fits no table)
        plan = cls(
            ruleset, players, specs, seed, rotate, variant or ruleset.id, tuple(map(str, modules)),
            tuple(map(tuple, tables)), Registrations.of(spec.name for spec in specs),
        )
        try:
            plan.rules()
        except Exception as exc:  # RulesError: an unsupported player count
            raise SimulationError(str(exc)) from None
        return plan

    def rules(self) -> Rules:
        """The compiled rules (a worker compiles them once per shard, after taking in
        the registrations the plan carries)."""
        missing = self.carried.adopt()
        if missing:
            raise SimulationError(
                f"{' and '.join(missing)} cannot reach a worker process that was not "
                "forked from this one (a lambda, a function or class defined inside another "
                "or in a notebook cannot be sent): define it at the top level of a "
                "module, or play in this process (jobs=1)")
        return compile_rules(self.ruleset, self.players)

    def seats(self, index: int) -> tuple[AgentSpec, ...]:
        """The agent of each seat in game ``index``: with ``rotate``, the agents
        move one seat to the left each game, so every agent sits everywhere equally
        often over any run of ``players`` games."""
        if self.tables:
            specs = self.tables[index // self.players % len(self.tables)]
        else:
            specs = seat_agents(self.agents, self.players)
        if not self.rotate:
            return specs
        shift = index % self.players
        return specs[-shift:] + specs[:-shift] if shift else specs

    def seed_of(self, index: int) -> int:
        """The seed of game ``index``."""
        return game_seed(self.seed, index)

    def artist_names(self, lang: str = "en") -> dict[str, str]:
        """Each artist's name in ``lang``, by id (reports name artists, not ids)."""
        return {artist.id: artist.name.get(lang) for artist in self.ruleset.theme.artists}

    def frame(self) -> Frame:
        """The rounds, starting money and deal of this player count, as a summary reads
        its games against them."""
        rules = compile_rules(self.ruleset, self.players)
        return Frame(rules.rounds, rules.starting_cash, tuple(rules.hand_deal))

    def header(self) -> dict[str, Any]:
        """The settings as the results file records them (everything that decides
        the games, except how many)."""
        document = json.loads(json.dumps(dict(self.ruleset.document), default=str))
        schedule = {"tables": [[str(spec) for spec in table] for table in self.tables]}
        return {
            "variant": self.variant,
            "ruleset": self.ruleset.id,
            "digest": digest(document),
            "modules": list(self.modules),
            "players": self.players,
            "agents": [str(spec) for spec in self.agents],
            "seed": self.seed,
            "rotate": self.rotate,
            **(schedule if self.tables else {}),
        }


def _check_builds(spec: AgentSpec) -> None:
    """Make the agent once: a parameter only the agent itself checks (a budget of
    zero, an unknown rollout) is refused before the run starts, not in its first
    game, after a results file was begun."""
    try:
        spec.build(0)
    except AgentError:
        raise
    except Exception as exc:  # a custom agent's own complaint
        raise AgentError(f"agent {spec}: {type(exc).__name__}: {exc}") from None


def _specs(agents: str | Sequence[str | AgentSpec]) -> tuple[AgentSpec, ...]:
    if isinstance(agents, str):
        return parse_agents(agents)
    specs: list[AgentSpec] = []
    for agent in agents:
        specs.extend((agent,) if isinstance(agent, AgentSpec) else parse_agents(agent))
    if not specs:
        raise SimulationError("no agent named")
    return tuple(specs)

