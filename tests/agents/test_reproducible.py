"""A seeded game with the built-in agents at their default budgets is the same game on
every run: the budgets are counted in work, never in seconds.

The command line is checked in two fresh interpreters with different string-hash
seeds (anything that iterated a set of strings, or read the clock, would show);
the Python path twice in this one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from auctionrules.agents import ISMCTSAgent, agent_entries, make_agent
from auctionrules.agents.match import play_views
from auctionrules.engine import Game
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def test_every_built_in_agent_has_a_budget_in_work_by_default() -> None:
    names = {entry.name for entry in agent_entries()}
    assert {"random", "heuristic", "ismcts"} <= names
    search = make_agent("ismcts", seed=1)
    assert isinstance(search, ISMCTSAgent)
    assert search.iterations > 0 and search.seconds == 0


def _record(seed: int) -> dict[str, object]:
    rules = rules_for(load_ruleset("hig-1992-en"), 3)
    agents = [make_agent(name, seed=f"{seed}/{seat}")
              for seat, name in enumerate(("random", "heuristic", "ismcts"))]
    return play_views(Game.new(rules=rules, seed=seed), agents).record()


def test_a_seeded_game_with_every_built_in_agent_gives_the_same_record() -> None:
    first = _record(5)
    assert first == _record(5)
    assert first != _record(6)


def _play(tmp_path: Path, hash_seed: str) -> str:
    record = tmp_path / f"game-{hash_seed}.json"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", "play", "hig-1992-fr", "--players", "4",
         "--seed", "5", "--agents", "heuristic,ismcts:iterations=4,random", "--quiet",
         "--record", str(record)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # (no progress unless on a terminal or asked)
    return record.read_text(encoding="utf-8")


def test_play_gives_the_same_record_in_every_process(tmp_path: Path) -> None:
    first, second = _play(tmp_path, "1"), _play(tmp_path, "2")
    assert first == second
    assert json.loads(first)["actions"]
