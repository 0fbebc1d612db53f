"""The findings on top of a simulation's report: the fairness sentence says "unlikely
to be chance" as often as its test allows and no more, names the player who strays,
and the report says only what is not true by construction.

Synthetic summaries: games whose winners are drawn with known chances, so that
what the sentence should say is known.
"""

from __future__ import annotations

import math
import random

import pytest

from auctionrules.lab import simulate
from auctionrules.lab.endings import deck_note, game_rows, round_table
from auctionrules.lab.findings import findings, noticeable
from auctionrules.lab.goodness import chi_square_quantile, chi_square_sf, even_fit
from auctionrules.lab.result import GameResult
from auctionrules.lab.summary import Frame, Summary

FRAME = Frame(rounds=5, starting_cash=100_000, deal=(8, 3, 3, 2, 1))


def game(winner: int, *, rounds: int = 5, reason: str = "rounds-complete", deck: int = 0,
         agents: tuple[str, ...] = ("random",) * 4) -> GameResult:
    """A four-player game won by ``winner``; its rounds all end on an artist's last card
    but the last of an early end, on empty hands."""
    ends = ("artist-cards",) * rounds
    if reason == "hands-exhausted":
        ends = (*ends[:-1], "hands-exhausted")
    cash = tuple(300_000 if seat == winner else 200_000 + 1_000 * seat for seat in range(4))
    return GameResult(0, 0, agents, cash, (winner,), reason, rounds, 40, 0, {}, {}, ends, {},
                      deck)


def summary_of(chances: list[float], games: int, seed: int) -> Summary:
    """``games`` games whose winner is drawn with ``chances`` by seat."""
    rng = random.Random(seed)
    summary = Summary(4, {"agents": ["random"], "rotate": True}, frame=FRAME)
    for _ in range(games):
        summary.add(game(rng.choices(range(4), chances)[0]))
    return summary


# --- Pearson's test ------------------------------------------------------------------------


def test_chi_square_tail_matches_printed_tables() -> None:
    # the 5 % and 1 % points of the chi-square table (NIST e-Handbook 1.3.6.7.4)
    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(7.815, 3) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(11.345, 3) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    # closed forms: one degree is the normal's two tails, two an exponential
    for x in (0.1, 1.0, 4.0, 25.0):
        assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
        assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    assert chi_square_sf(0.0, 3) == 1.0
    assert chi_square_quantile(5) == pytest.approx(11.0705, abs=1e-3)


def test_even_fit_of_a_die() -> None:
    # 60 throws of a die: X^2 = (25 + 4 + 1 + 4 + 0 + 100) / 10 on 5 degrees of freedom
    fit = even_fit([5, 8, 9, 8, 10, 20])
    assert fit.statistic == pytest.approx(13.4)
    assert fit.df == 5
    assert fit.p == pytest.approx(0.019905, abs=1e-5)
    assert even_fit([50, 50, 50, 50]).p == 1.0


# --- the fairness sentence -----------------------------------------------------------------


def test_a_fair_game_could_be_chance() -> None:
    sentence = findings(summary_of([0.25] * 4, 400, seed=1)).balance
    assert sentence.startswith("The seats look even: Player ")
    assert "could well be chance" in sentence and "unlikely" not in sentence


def test_a_biased_game_names_the_favoured_player() -> None:
    sentence = findings(summary_of([0.22, 0.22, 0.22, 0.34], 1000, seed=2)).balance
    assert sentence.startswith("Player 4 wins more often than the others: 3")
    assert "against an even 25.0%" in sentence
    assert "unlikely to be chance" in sentence and "could well" not in sentence
    assert "chi-square test of the 4 players' wins" in sentence


def test_a_player_left_behind_is_named() -> None:
    sentence = findings(summary_of([0.14, 0.3, 0.28, 0.28], 1000, seed=3)).balance
    assert sentence.startswith("Player 1 wins less often than the others: 1")
    assert "unlikely to be chance" in sentence and "wins most often" in sentence


def test_false_alarms_are_as_rare_as_the_test_says() -> None:
    """200 fair runs of 300 games: about 5 % are called unlikely to be chance; testing
    each seat alone would call some 19 % so (1 - 0.95^4)."""
    alarms = sum("unlikely to be chance" in findings(summary_of([0.25] * 4, 300, seed)).balance
                 for seed in range(200))
    assert 2 <= alarms <= 20


def test_a_real_bias_is_seen() -> None:
    """Over 1,000 games a test at 5 % notices, on average, a seat about 4 points from the
    even share (:func:`noticeable`); one 6 points away is called unlikely in most runs."""
    assert noticeable(4, 1000, 1000) == pytest.approx(0.0383, abs=0.0005)
    chances = [0.23, 0.23, 0.23, 0.31]
    seen = sum("Player 4 wins more often" in findings(summary_of(chances, 1000, seed)).balance
               for seed in range(60))
    assert seen >= 50


def test_too_few_games_say_so() -> None:
    sentence = findings(summary_of([0.25] * 4, 12, seed=4)).balance
    assert sentence.startswith("12 games cannot tell whether the seats are fair")


def test_rotating_agents_leave_the_seats_unmeasured() -> None:
    summary = Summary(4, {"agents": ["heuristic", "random"], "rotate": True}, frame=FRAME)
    for k in range(40):  # heuristic (seats 0 and 2) wins every game
        summary.add(game(2 * (k % 2), agents=("heuristic", "random", "heuristic", "random")))
    found = findings(summary)
    assert found.balance.startswith("The balance between seats is not measured")
    # several agents: each agent's share says something
    assert [line.split()[0] for line in found.agents] == ["heuristic", "random"]
    assert found.agents[0].startswith("heuristic wins 50.0% of its seats")


def test_fixed_different_agents_are_not_called_a_seat_bias() -> None:
    summary = Summary(4, {"agents": ["heuristic", "random"], "rotate": False}, frame=FRAME)
    for k in range(200):  # heuristic in seats 0 and 2 wins every game
        summary.add(game(2 * (k % 2), agents=("heuristic", "random", "heuristic", "random")))
    sentence = findings(summary).balance
    assert sentence.startswith("Each player keeps its agent")
    assert "Player 1 (heuristic) wins most often, 50.0%" in sentence
    assert "Player 2 (random) least, 0.0%" in sentence
    assert "unlikely to be chance" not in sentence


def test_one_agent_everywhere_has_no_agent_sentence() -> None:
    found = findings(summary_of([0.25] * 4, 100, seed=5))
    assert found.agents == ()
    assert not any("of its seats" in line for line in found.lines())


# --- rounds and games ----------------------------------------------------------------------


def test_rounds_never_played_are_said_with_their_deal() -> None:
    summary = Summary(4, {"agents": ["random"], "rotate": True}, frame=FRAME)
    for k in range(10):
        if k < 3:
            summary.add(game(k % 4, rounds=4, reason="hands-exhausted", deck=6))
        elif k < 5:
            summary.add(game(k % 4, rounds=5, reason="hands-exhausted"))
        else:
            summary.add(game(k % 4))
    found = findings(summary)
    assert found.rounds == (
        "Not every round is played: 30.0% of games end before round 5, on empty hands in "
        "round 4 (30.0%), while 6 cards are still in the deck (round 5 deals "
        "1 card a hand); round 5 ends on empty hands, before any artist's last card, in "
        "20.0% of games."
    )
    assert found.length.endswith("over 4.70 of its 5 rounds on average.")
    header, rows = round_table(summary)
    assert header[-1] == "Ends on empty hands"  # nobody was ever stuck: no such column
    assert rows[3] == ("round 4", "2", "100.0%", "70.0%", "30.0%")
    assert rows[4] == ("round 5", "1", "70.0%", "50.0%", "20.0%")
    summary.add(game(0, rounds=3, reason="hands-exhausted", deck=14))
    assert "while 8.0 cards on average are still in the deck (rounds 4 and 5 deal 2 and 1 " \
        "cards a hand)" in findings(summary).rounds
    summary = Summary(4, {"agents": ["random"], "rotate": True}, frame=FRAME)
    for k in range(10):
        summary.add(game(k % 4, rounds=4, reason="hands-exhausted", deck=6) if k < 3 else
                    game(k % 4, rounds=5, reason="hands-exhausted") if k < 5 else game(k % 4))
    assert deck_note(summary) == ("In the 3 games that end before round 5, 6 cards are still "
                                  "in the deck, never dealt.")
    assert game_rows(summary) == [
        ("Every round played, the last on an artist's last card", "50.0%"),
        ("On empty hands in round 4, round 5 never played", "30.0%"),
        ("On empty hands in round 5, the last", "20.0%"),
    ]


def test_every_round_played() -> None:
    found = findings(summary_of([0.25] * 4, 20, seed=6))
    assert found.rounds == "Every game plays all 5 rounds."
    assert found.money.startswith("Players end with 2")
    assert "3.0 times the 100,000 they start with" not in found.money


def test_a_real_run_reads_its_ruleset() -> None:
    summary = simulate("hig-1992-en", 4, 8, seed=1).summary()
    assert summary.frame == Frame(4, 100_000, (9, 4, 4, 0))
    assert summary.to_dict()["reached"] == {"1": 1.0, "2": 1.0, "3": 1.0, "4": 1.0}
    assert all(result.deck == 70 - 4 * 17 for result in simulate("hig-1992-en", 4, 3, seed=1))
