"""``play`` shows a search in progress on stderr: redrawn on a terminal, a line a
searched decision with ``--progress`` elsewhere, nothing otherwise."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from auctionrules.agents import make_agent
from auctionrules.cli.thinking import Thinking
from auctionrules.engine import Game
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def _searched_decision(thinking: Thinking) -> None:
    agent = make_agent("ismcts:iterations=3", seed=1)
    thinking.attach(agent, "Player 1 (ismcts)")
    thinking.attach(make_agent("random", seed=1), "Player 2 (random)")  # (no hook: ignored)
    game = Game.new(rules=rules_for(load_ruleset("hig-1992-en"), 4), seed=2)
    agent.act(game.view(0), game.legal(0))  # the first lead: several cards, searched
    thinking.moved()


def test_on_a_terminal_the_count_is_redrawn_then_wiped() -> None:
    stream = io.StringIO()
    _searched_decision(Thinking(stream, live=True))
    text = stream.getvalue()
    assert "\rPlayer 1 (ismcts) thinking: 1/3 determinizations" in text
    assert "thinking: 3/3 determinizations" in text and text.endswith("\r\x1b[K")
    assert "\n" not in text


def test_elsewhere_each_searched_decision_is_one_line() -> None:
    stream = io.StringIO()
    _searched_decision(Thinking(stream, live=False))
    (line,) = stream.getvalue().splitlines()
    assert line.startswith("Player 1 (ismcts): 3 determinizations, ")


def test_play_progress_goes_to_stderr_only_when_asked() -> None:
    command = [sys.executable, "-m", "auctionrules", "play", "taiwan", "-p", "3", "-s", "2",
               "--agents", "random,ismcts:iterations=1,random", "--quiet"]
    asked = subprocess.run([*command, "--progress"], cwd=ROOT, capture_output=True, text=True,
                           timeout=600, check=True)
    quiet = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                           check=True)
    assert asked.stdout == quiet.stdout and "determinizations" not in asked.stdout
    assert quiet.stderr == ""
    lines = asked.stderr.splitlines()
    assert lines and all(" (ismcts): 1 determinization, " in line for line in lines)
