"""The simulation lab: many seeded games of a variant, summarised, compared, reported.

:func:`simulate` plays a variant with agents from the registry and streams one
:class:`GameResult` per game, in index order whatever the parallelism
(``jobs`` local processes, or a Dask cluster); its :class:`Summary` gives win
rates per agent and per seat with 95 % Wilson intervals, money, margins, game
length, auction types and prices, how rounds end and what the artists end up
worth. :func:`compare` plays the same games under two rulesets and tests every
difference. ``auctionrules simulate`` and ``auctionrules compare`` are the same on
the command line.
"""

from auctionrules.lab.comparison import Comparison, ComparisonSummary, compare
from auctionrules.lab.plan import Plan, RunFailedError, SimulationError
from auctionrules.lab.result import GameResult
from auctionrules.lab.runner import Simulation, simulate
from auctionrules.lab.seeds import game_seed
from auctionrules.lab.store import read_results
from auctionrules.lab.summary import Summary

__all__ = [
    "Comparison",
    "ComparisonSummary",
    "GameResult",
    "Plan",
    "RunFailedError",
    "Simulation",
    "SimulationError",
    "Summary",
    "compare",
    "game_seed",
    "read_results",
    "simulate",
]
