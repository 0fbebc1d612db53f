"""The answer on top of a simulation's report: is the variant fair, how long does it
last, is every round played, how does money spread; in sentences a designer can act on.

Only what says something is said: an agent's share when different agents
play (one agent in every seat wins an even share by construction), the
balance between seats where each seat holds the same agent. The balance is one
test across all the seats (Pearson's, :mod:`.goodness`), not one a seat, which
with four seats would call a fair game unfair far more often than 5 % of the time;
its sentence names the seat that strays most and says "unlikely to be chance"
only when the test does.
"""

from __future__ import annotations

import math
import textwrap

import attrs

from auctionrules.lab.goodness import chi_square_quantile, enough
from auctionrules.lab.stats import quantile
from auctionrules.lab.summary import Summary
from auctionrules.lab.words import interval, pct
from auctionrules.text import player_name

#: How a round or a game ends, in words (``round-end`` and outcome reasons).
ENDS = {
    "artist-cards": "on an artist's last card",
    "hands-exhausted": "on empty hands",
    "no-playable-card": "when nobody can lead a card",
    "rounds-complete": "after the last round",
}


@attrs.frozen
class Findings:
    """The sentences, in the order a designer asks the questions."""

    #: Is the variant fair between seats?
    balance: str
    #: How each agent fares (only when several agents play).
    agents: tuple[str, ...]
    #: How long games are; whether every round is played; how money spreads.
    length: str
    rounds: str
    money: str

    def lines(self) -> list[str]:
        """Every sentence, in order."""
        return [self.balance, *self.agents, self.length, self.rounds, self.money]

    def text(self, width: int = 88) -> str:
        """The findings as the terminal shows them: a point a sentence."""
        out = ["In short"]
        for sentence in self.lines():
            out += textwrap.wrap(sentence, width, initial_indent="  - ",
                                 subsequent_indent="    ")
        return "\n".join(out) + "\n"


def findings(summary: Summary) -> Findings:
    """What the games of ``summary`` say of the variant."""
    return Findings(balance(summary), tuple(_agents(summary)), _length(summary),
                    _rounds(summary), _money(summary))


def balance(summary: Summary) -> str:
    """One sentence: are the seats fair, which player is favoured, by how much, how sure."""
    n, games = summary.players, summary.games
    if not summary.seats_fixed():
        return ("The balance between seats is not measured: the seats rotate among "
                "different agents, so a seat's win rate mixes them (play with fixed "
                "seats, or one agent in every seat, to measure it).")
    wins = summary.seat_wins
    agents = list(summary.settings.get("agents", ()))
    if len(set(agents)) > 1:  # fixed seats, different agents: seat and agent go together
        rates = [summary.seat_rate(seat)[0] for seat in range(n)]
        best = max(range(n), key=lambda seat: (rates[seat], -seat))
        worst = min(range(n), key=lambda seat: (rates[seat], seat))
        return (f"Each player keeps its agent, so a player's wins are its agent's as much as "
                f"its seat's: {player_name(best)} ({agents[best % len(agents)]}) wins most "
                f"often, {pct(rates[best])}, {player_name(worst)} "
                f"({agents[worst % len(agents)]}) least, {pct(rates[worst])} (one agent in "
                "every seat measures the seats alone).")
    if not enough(wins):
        return (f"{games} game{'s' * (games != 1)} cannot tell whether the seats are fair "
                f"(each of the {n} players should expect at least 5 wins): play a few "
                "hundred.")
    chance = 1 / n
    rates = [summary.seat_rate(seat)[0] for seat in range(n)]
    lead = max(range(n), key=lambda seat: (abs(rates[seat] - chance), -seat))
    more = rates[lead] >= chance
    fit = summary.seat_balance()
    test = (f"{_p(fit.p)}, chi-square test of the {n} players' wins against an even "
            "share")
    if fit.significant():
        other = (min if more else max)(range(n), key=lambda seat: (rates[seat], seat))
        return (
            f"{player_name(lead)} wins {'more' if more else 'less'} often than the "
            f"others: {pct(rates[lead])} against an even {pct(chance)} (95 % CI "
            f"{interval(summary.seat_rate(lead)[1])}), and this is unlikely to be chance "
            f"({test}); {player_name(other)} wins {'least' if more else 'most'} often, "
            f"{pct(rates[other])}."
        )
    step = noticeable(n, sum(wins), games)
    return (
        f"The seats look even: {player_name(lead)} wins {'most' if more else 'least'} "
        f"often, {pct(rates[lead])} against an even {pct(chance)}, but this could well be "
        f"chance ({test}; with {games} games a player's rate must stray about "
        f"{100 * step:.0f} points from the even share to be noticed)."
    )


def noticeable(players: int, wins: int, games: int) -> float:
    """About how far one seat's win rate must stray from the even share, the others
    sharing the difference, before :func:`~.goodness.even_fit` calls it significant
    at 5 %: with win shares 1/n + d and 1/n - d/(n - 1), X^2 = W n^2 d^2 / (n - 1)
    for W wins in all; as a rate, a share times W / games."""
    if wins <= 0 or games <= 0:
        return 1.0
    share = math.sqrt(chi_square_quantile(players - 1) * (players - 1) / (wins * players ** 2))
    return share * wins / games


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.2g}"


def _agents(summary: Summary) -> list[str]:
    if len(summary.agent_seats) < 2:
        return []
    chance = 1 / summary.players
    out = []
    ranked = sorted(summary.agent_seats, key=lambda agent: -summary.agent_rate(agent)[0])
    for agent in ranked:
        rate, (low, high) = summary.agent_rate(agent)
        sure = ("clearly more than" if low > chance else "clearly less than"
                if high < chance else "within chance of")
        out.append(f"{agent} wins {pct(rate)} of its seats (95 % CI {interval((low, high))}), "
                   f"{sure} an even {pct(chance)}.")
    return out


def _length(summary: Summary) -> str:
    lots = summary.lots
    mean = sum(value * count for value, count in lots.items()) / max(summary.games, 1)
    rounds = sum(value * count for value, count in summary.rounds.items()) / max(
        summary.games, 1)
    planned = summary.planned_rounds()
    span = f"90 % of games between {quantile(lots, 0.05):.0f} and {quantile(lots, 0.95):.0f}"
    over = (f"over its {planned} rounds" if min(summary.rounds, default=0) == planned
            else f"over {rounds:.2f} of its {planned} rounds on average")
    return f"A game lasts {mean:.1f} lots on average ({span}), {over}."


def _rounds(summary: Summary) -> str:
    planned, games = summary.planned_rounds(), summary.games
    early = {(reason, rounds): count for (reason, rounds), count in summary.endings.items()
             if rounds < planned}
    # rounds played to their end on empty hands (the game going on, or the last round)
    empty = [(number, (ends["hands-exhausted"] - early.get(("hands-exhausted", number), 0))
              / games) for number, ends in sorted(summary.round_ends.items())]
    short = _listed([f"round {number} ends on empty hands, before any artist's last card, in "
                     f"{pct(share)} of games" if k == 0 else f"round {number} in {pct(share)}"
                     for k, (number, share) in enumerate(n for n in empty if n[1] > 0)])
    if not early:
        return f"Every game plays all {planned} rounds" + (f", but {short}." if short else ".")
    share = sum(early.values()) / games
    ways = [
        f"{ENDS.get(reason, reason)} in round "
        + _listed([f"{rounds} ({pct(count / games)})" for (why, rounds), count
                   in sorted(early.items(), key=lambda item: item[0][1]) if why == reason],
                  "or")
        for reason in sorted({reason for reason, _ in early})
    ]
    first = min(rounds for _, rounds in early) + 1
    out = (f"Not every round is played: {pct(share)} of games end before round {planned}, "
           + _listed(ways))
    left = summary.early_deck
    if left:
        deck = sum(v * c for v, c in left.items()) / sum(left.values())
        out += (f", while {min(left)} card{' is' if min(left) == 1 else 's are'} still in "
                "the deck"
                if min(left) == max(left) else
                f", while {deck:.1f} cards on average are still in the deck")
    deal = summary.frame.deal if summary.frame is not None else ()
    if first <= len(deal):
        later = deal[first - 1:]
        out += (f" (round {first} deals {later[0]} card{'s' * (later[0] != 1)} a hand)"
                if len(later) == 1 else
                f" (rounds {first} {'and' if len(later) == 2 else 'to'} {len(deal)} deal "
                f"{_listed([str(n) for n in later])} cards a hand)")
    return out + (f"; {short}." if short else ".")


def _money(summary: Summary) -> str:
    money = summary.money()
    median = quantile(money, 0.5)
    out = (f"Players end with {median:,.0f} (median; the middle half between "
           f"{quantile(money, 0.25):,.0f} and {quantile(money, 0.75):,.0f})")
    start = summary.frame.starting_cash if summary.frame is not None else 0
    if start > 0:
        out += f", {median / start:.1f} times the {start:,} they start with"
    out += (f"; the winner leads the runner-up by {quantile(summary.margin, 0.5):,.0f} "
            f"(median)")
    if summary.ties:
        out += (f", and {summary.ties} of {summary.games} games "
                f"{'has' if summary.ties == 1 else 'have'} no single winner")
    return out + "."


def _listed(items: list[str], last: str = "and") -> str:
    """``a, b and c`` (or ``last``); empty for no items."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
