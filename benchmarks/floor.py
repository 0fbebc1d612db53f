"""How fast the README's agent loop could be in plain Python: ``python benchmarks/floor.py``.

The agent loop's target is 0.25x the yardstick's decisions/s (see README.md). The
loop is fixed by the API (``is_over``, ``to_act``, ``view``, ``legal``, the agent's
``act``, ``apply``: six calls a decision), and on CPython a call costs about a
thousand instructions. This script asks what those calls cost before any rule is
carried out: it plays the same loop, with the same seeded random agents, against
:class:`Answers`, a stand-in game with nothing behind its API. It hands out the
legal moves of a recorded game in turn (the real :class:`Legal` values), checks
each action against them and moves on; its view is a two-field object and its
events a tuple, each the least a real game could return.

It then times, in the same process and interleaved batch by batch (these machines
are noisy), the yardstick, the engine's agent loop, the playout (the mechanics
and the agents, with no API between them) and the agents' part of the playout
alone (made as the playout makes them, asked the very questions it asked them),
and prints each per decision, and the budget: at 0.25x a decision may take four
yardstick decisions' time; the answers alone take their share (the agents'
choosing included), what is left is what the mechanics may take, compared with
what they take today (the playout less its agents' part).
"""

from __future__ import annotations

import argparse
import random
import runpy
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from auctionrules.cli.bench import find_refsim
from auctionrules.engine import Game, play_game
from auctionrules.engine.actions import Action
from auctionrules.engine.agents import RandomAgent, Span, default_agents
from auctionrules.engine.errors import IllegalActionError
from auctionrules.engine.legal import Legal
from auctionrules.engine.rules import Rules, compile_rules
from auctionrules.loader import load_ruleset

#: The agent loop's target: a fraction of the yardstick's decisions/s.
FLOOR = 0.25


class Sight:
    """The least a view can be: made at each call, as a live view is, and naming
    the seat and the game it reads."""

    __slots__ = ("seat", "source")

    def __init__(self, seat: int, source: Answers) -> None:
        self.seat = seat
        self.source = source


class Answers:
    """The agent loop's API with no game behind it: the legal moves of a recorded
    game, handed out in turn; :meth:`apply` checks the action and moves on."""

    __slots__ = ("_alone", "_at", "_legal", "_legals", "is_over")

    def __init__(self, legals: Sequence[Legal], alone: Sequence[tuple[int, ...]]) -> None:
        self._legals = legals
        self._alone = alone
        self._at = 0
        self._legal = legals[0]
        self.is_over = False

    def to_act(self) -> tuple[int, ...]:
        return self._alone[self._legal.seat]

    def view(self, seat: int) -> Sight:
        return Sight(seat, self)

    def legal(self, seat: int) -> Legal:
        legal = self._legal
        return legal if legal.seat == seat else Legal(seat, ())

    def apply(self, action: Action, seat: int) -> tuple[int, int]:
        legal = self._legal
        if legal.seat != seat or action not in legal:
            raise IllegalActionError(f"{action} by seat {seat}")
        at = self._at = self._at + 1
        if at == len(self._legals):
            self.is_over = True
        else:
            self._legal = self._legals[at]
        return (at - 1, at)


def record_legals(rules: Rules, seed: int) -> list[Legal]:
    """The legal moves of each decision of a seeded game of random agents."""
    game = Game.new(rules=rules, seed=seed)
    agents = default_agents(rules.players, seed)
    legals = []
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        legals.append(legal)
        game.apply(agents[seat].act(game.view(seat), legal), seat)
    return legals


class _Asked(RandomAgent):
    """A random agent that writes down each question a playout asks it."""

    __slots__ = ("asked", "seat")

    def __init__(self, seed: str, seat: int, asked: list[tuple[int, Any, tuple[Any, ...]]]):
        super().__init__(seed)
        self.seat, self.asked = seat, asked

    def pick(self, count: int) -> int:
        self.asked.append((self.seat, RandomAgent.pick, (count,)))
        return super().pick(count)

    def bid(self, span: Span, optional: bool) -> int | None:
        self.asked.append((self.seat, RandomAgent.bid, (span, optional)))
        return super().bid(span, optional)

    def price(self, span: Span) -> int:
        self.asked.append((self.seat, RandomAgent.price, (span,)))
        return super().price(span)


def record_questions(rules: Rules, seed: int) -> list[tuple[int, Any, tuple[Any, ...]]]:
    """The questions the seeded playout asks its agents, as ``(seat, method, args)``."""
    asked: list[tuple[int, Any, tuple[Any, ...]]] = []
    agents = [_Asked(f"{seed}/{seat}", seat, asked) for seat in range(rules.players)]
    play_game(rules, seed=seed, agents=agents)
    return asked


def agent_loop(game: Any, agents: Sequence[Any]) -> int:
    """The README's loop on ``game`` (a :class:`Game` or :class:`Answers`); the
    decisions made."""
    decisions = 0
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        decisions += 1
    return decisions


def loops(rules: Rules, games: int, refsim: str) -> dict[str, Callable[[], int]]:
    """Each loop timed, by name: a callable that plays its batch and returns the
    decisions made."""
    recorded = [record_legals(rules, seed) for seed in range(games)]
    questions = [record_questions(rules, seed) for seed in range(games)]
    played = sum(map(len, recorded))
    if played != sum(len(play_game(rules, seed=seed).log) for seed in range(games)):
        raise SystemExit("the step loop and the playout played other games")  # (a bug)
    players, alone = rules.players, rules.alone
    yardstick = runpy.run_path(refsim)["play_game"]
    rng = random.Random(1)

    def refsim_batch() -> int:
        tally = [0]
        for _ in range(3 * games):
            yardstick(players, rng, tally)
        return tally[0]

    def answers() -> int:
        return sum(
            agent_loop(Answers(legals, alone), default_agents(players, seed))
            for seed, legals in enumerate(recorded)
        )

    def playout() -> int:
        for seed in range(games):
            play_game(rules, seed=seed)
        return played  # (the same games: reading their logs back is not timed)

    def choosing() -> int:
        for seed, asked in enumerate(questions):
            agents = default_agents(players, seed)
            for seat, method, question in asked:
                method(agents[seat], *question)
        return played

    def readme() -> int:
        return sum(
            agent_loop(Game.new(rules=rules, seed=seed), default_agents(players, seed))
            for seed in range(games)
        )

    return {"yardstick": refsim_batch, "agent loop (README)": readme, "answers only": answers,
            "playout": playout, "its agents' part": choosing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games a batch")
    parser.add_argument("--repeats", type=int, default=15, help="batches; medians count")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="hig-1992-en")
    parser.add_argument("--refsim", default="")
    args = parser.parse_args()
    refsim = args.refsim or str(find_refsim(None) or "")
    if not refsim:
        raise SystemExit("refsim.py not found: --refsim PATH or AUCTIONRULES_REFSIM")
    timed = loops(compile_rules(load_ruleset(args.variant), args.players), args.games, refsim)
    seconds: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(args.repeats):
        for name, batch in timed.items():
            start = time.process_time()
            decisions = batch()
            seconds[name].append((time.process_time() - start) / decisions)
    per = {name: statistics.median(values) for name, values in seconds.items()}
    unit = per["yardstick"]
    print(f"{args.variant}, {args.players} players, {args.games} games a batch, "
          f"medians of {args.repeats} interleaved batches, per decision:")
    for name, value in per.items():
        print(f"{name:<22} {value * 1e6:7.3f} us  {unit / value:5.2f}x  "
              f"({value / unit:4.2f} yardstick decisions)")
    answers = per["answers only"] / unit
    mechanics = (per["playout"] - per["its agents' part"]) / unit
    today = per["agent loop (README)"] / unit - answers - mechanics
    left = 1 / FLOOR - answers
    print(f"at {FLOOR}x a decision may take {1 / FLOOR:.2f} yardstick decisions: the answers "
          f"alone take {answers:.2f}, the mechanics {mechanics:.2f} (the playout less its "
          f"agents' part); with an API that costs no more than the answers the loop would "
          f"run at {1 / (answers + mechanics):.2f}x")
    print(f"what the API may cost above handing out answers: {left - mechanics:.2f} yardstick "
          f"decisions; today it costs {today:.2f}")

if __name__ == "__main__":
    main()
