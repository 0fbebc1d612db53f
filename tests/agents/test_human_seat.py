"""The human seat: short forms read, bad lines answered, the real command driven through a
pipe and through a pseudo-terminal."""

from __future__ import annotations

import itertools
import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from auctionrules.cli.seat import InputProblemError, amount_of, describe_moves, interpret
from auctionrules.engine import Game, Legal
from auctionrules.engine.actions import BUY, PASS, Bid, Limit, Play, Price
from auctionrules.engine.cards import Card
from auctionrules.engine.rules import rules_for
from auctionrules.loader import load_ruleset

COMMAND = [sys.executable, "-m", "auctionrules.cli", "play"]

LEAD = Legal(0, (Play(Card("krypto", "open")), Play(Card("yoko", "double"))))
BIDDING = Legal(0, (PASS,), bid=(3000, 50000, 1000))
PRICING = Legal(0, (), price=(1000, 40000, 1000))
OPEN = Legal(0, (PASS,), bid=(3000, 50000, 1000), limit=(0, 50000, 1000))


@pytest.mark.parametrize(
    ("line", "legal", "expected"),
    [
        ("2", LEAD, Play(Card("yoko", "double"))),
        ("krypto/open", LEAD, Play(Card("krypto", "open"))),
        ("play krypto/open", LEAD, Play(Card("krypto", "open"))),
        ("b 12000", BIDDING, Bid(12000)),
        ("bid 12,000", BIDDING, Bid(12000)),
        ("12k", BIDDING, Bid(12000)),
        ("  7000 ", BIDDING, Bid(7000)),
        ("p", BIDDING, PASS),
        ("PASS", BIDDING, PASS),
        ("20000", PRICING, Price(20000)),
        ("b 20000", PRICING, Price(20000)),
        ("price 20000", PRICING, Price(20000)),
        ("buy", Legal(1, (BUY, PASS)), BUY),
        ("1", Legal(1, (BUY, PASS)), BUY),
        ("help", LEAD, "help"),
        ("rules scoring", BIDDING, "rules scoring"),
        ("q", BIDDING, "quit"),
        ("up to 40k", OPEN, Limit(40000)),
        ("Up to 40,000", OPEN, Limit(40000)),
        ("limit 40000", OPEN, Limit(40000)),
        ("out", OPEN, Limit(0)),
        ("out", BIDDING, PASS),  # (once around, sealed: out is a pass)
        ("12k", OPEN, Bid(12000)),
        ("up to 1.5k", Legal(0, (PASS,), bid=(500, 50000, 500), limit=(0, 50000, 500)),
         Limit(1500)),
    ],
)
def test_short_forms(line: str, legal: Legal, expected: object) -> None:
    assert interpret(line, legal) == expected


@pytest.mark.parametrize(
    ("line", "legal", "reason"),
    [
        ("", LEAD, "type a move"),
        ("9", LEAD, "choose a number from 1 to 2"),
        ("p", LEAD, "pass is not possible now; you may: 1=play krypto/open"),
        ("b 5000", LEAD, "you cannot name a bid now"),
        ("lite-metal/open", LEAD, "lite-metal/open is not a card you may play now"),
        ("b 2000", BIDDING, "a bid must be from 3000 to 50000 in steps of 1000; 2000 is not"),
        ("b 3500", BIDDING, "in steps of 1000"),
        ("b lots", BIDDING, "an amount"),
        ("dance", BIDDING, "unknown verb 'dance'"),
        ("krypto/purple", LEAD, "is not a card"),
        ("up to 40k", BIDDING, "is for an open auction; you may: b 3000..50000"),
        ("up to 40k", Legal(0, (PASS,)), "you cannot bid now, nor say a limit; you may: 1=p"),
        ("up to 60k", OPEN, "a limit must be from 0 to 50000 in steps of 1000; 60000 is not"),
        ("up to lots", OPEN, "an amount, e.g. up to 40k"),
    ],
)
def test_bad_lines_say_why(line: str, legal: Legal, reason: str) -> None:
    with pytest.raises(InputProblemError, match=reason.replace("(", r"\(")):
        interpret(line, legal)


def test_amounts_and_the_moves_line() -> None:
    assert [amount_of(t) for t in ("12,000", "$12.000", "3k", "12 000", "x", "")] == [
        12000, 12000, 3000, 12000, None, None
    ]
    # with k the last point or comma is a decimal mark; without, it groups thousands
    assert [amount_of(t) for t in ("1.5k", "1,5k", "40.5k", "1.250k", "1,000.5k")] == [
        1500, 1500, 40500, 1250, 1000500
    ]
    assert [amount_of(t) for t in ("1.2345k", "1.5", "40,00")] == [None, None, None]
    assert describe_moves(BIDDING) == "you may: b 3000..50000 (step 1000); p (pass)"
    assert describe_moves(LEAD) == "you may: 1=play krypto/open; 2=play yoko/double"
    assert describe_moves(OPEN) == (
        "you may: b 3000..50000 (step 1000); up to 50000 or less (a limit); out; p (pass)"
    )


def _run(args: list[str], lines: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=lines, capture_output=True, text=True, timeout=120,
        cwd=tmp_path, check=False,
    )


def test_piped_bad_input_then_quit_writes_the_record_so_far(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = _run(
        ["hig-1992-en", "--players", "4", "--human", "0", "--agents", "heuristic",
         "--seed", "3", "--record", str(record)],
        "b 5000\nwhat\n42\nhelp\nrules\n1\nquit\n", tmp_path,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert "Not accepted: you cannot name a bid now" in out
    assert "Not accepted: 'what': unknown verb" in out
    assert "Not accepted: choose a number from 1 to" in out
    assert "Commands:" in out and "PLAYING A ROUND" in out
    assert "Game stopped (quit)" in out
    # what the seat may see, and no more: its money, the others' behind screens
    assert re.search(r"Player 1 \(you\) +100,000", out)
    assert re.search(r"Player 2 \(heuristic\) +hidden", out)
    assert not re.search(r"Player 2 \(heuristic\) +[0-9]", out)
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["outcome"] is None
    assert data["actions"][0][0] == 0 and data["actions"][0][1].startswith("play ")


def test_piped_full_game_to_the_end(tmp_path: Path) -> None:
    # "p" passes; where passing is refused, "1" leads the first card; where a price is
    # asked and 1 is too low, "b 1000" names one
    lines = "".join(itertools.islice(itertools.cycle(["p\n", "1\n", "b 1000\n"]), 6000))
    record = tmp_path / "game.json"
    done = _run(
        ["hig-1992-fr", "--players", "4", "--human", "2", "--agents", "heuristic,random,heuristic",
         "--seed", "5", "--record", str(record), "--lang", "en"],
        lines, tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Result (" in done.stdout and "Traceback" not in done.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["outcome"] is not None
    assert data["players"][2] == "Player 3 (you)"  # (seat 2: people count from 1)
    assert "Player 2 (random)" in data["players"]
    # the sealed bids of the others appear only at the reveal
    out = done.stdout
    assert "Sealed bid: the others'" in out
    for prompt_block in out.split("Sealed bid: the others'")[1:]:
        before_prompt = prompt_block.split("> ")[0]
        assert "sealed bids:" not in before_prompt


def test_watching_agents_prints_moves_in_the_currency_format(tmp_path: Path) -> None:
    done = _run(["hig-1992-en", "-p", "3", "--agents", "heuristic", "-s", "2"], "", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Player 1 (heuristic) auctions" in done.stdout
    assert " dollars" in done.stdout and "Result (" in done.stdout
    french = _run(["hig-1992-fr", "-p", "3", "--agents", "heuristic", "-s", "2"], "", tmp_path)
    assert "Joueur 1 (heuristic) met en vente" in french.stdout
    assert re.search(r"\d\u00a0000\u00a0\$", french.stdout) and "Player" not in french.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--human", "7"], "--human 7 is not a seat of 4 players"),
        (["--agents", "heuristc"], "did you mean 'heuristic'?"),
        (["--agents", "random,random,random,random,random"], "5 agents for 4 seats"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    done = _run(["taiwan", "-p", "4", *args], "", tmp_path)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_pseudo_terminal_session(tmp_path: Path) -> None:
    """The command on a terminal: rich draws the tables, moves are answered one by one."""
    pytest.importorskip("rich")
    record = tmp_path / "game.json"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real command on the terminal
        os.chdir(tmp_path)
        os.execv(sys.executable, [*COMMAND, "taiwan", "--players", "3", "--human", "1",
                                  "--agents", "heuristic", "--seed", "4", "--record",
                                  str(record)])
    out = b""
    moves = 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 5)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if out.rstrip().endswith(b">"):
                moves += 1
                answer = b"zzz\n" if moves == 1 else b"quit\n" if moves > 6 else b"p\n1\n"
                os.write(fd, answer)
                out += b"<answered>"
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 0, text[-2000:]
    assert "Not accepted" in text and "Game stopped (quit)" in text
    assert "━" in text  # rich's table rule: the terminal got the rich screen
    assert "Traceback" not in text
    assert json.loads(record.read_text(encoding="utf-8"))["outcome"] is None


def test_a_full_game_through_the_step_loop_matches_its_record() -> None:
    """The record a session writes replays: the same loop the command runs."""
    from auctionrules.agents import make_agent
    from auctionrules.agents.match import play_views
    from auctionrules.engine import replay

    rules = rules_for(load_ruleset("taiwan"), 3)
    game = play_views(Game.new(rules=rules, seed=8),
                      [make_agent("heuristic", seed=s) for s in range(3)])
    again = replay(game.record())
    assert again.outcome == game.outcome
