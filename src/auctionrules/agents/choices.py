"""The moves the ``learned`` policy chooses between, as the search agent plans them.

The :class:`~auctionrules.agents.ismcts.ISMCTSAgent` it imitates does not search
amounts over the whole legal range: it compares the heuristic's amount times a
few factors and the range's two ends. The policy's head has one entry per such
choice, so an amount means the same thing in every edition and at every stake
(a share of what the heuristic would pay, not a number of dollars):

* the discrete moves of the shared encoding (:mod:`auctionrules.envs.encoding`):
  ``play`` and ``add`` a card kind, ``pass``, ``buy``, ``flip``, at the same
  indices ``0 … 2K+2``;
* then :data:`FACTORS` amounts (the heuristic's times each factor) and the legal
  range's minimum and maximum: a fixed price; a sealed bid (the heuristic's
  shaded limit); a once-around bid (its limit); in an open auction a limit (said
  as :class:`~auctionrules.engine.actions.Limit`, or as the first bid up to it
  where the seat is asked bid by bid).

Several choices may name the same move (a factor below the legal minimum is the
minimum); :func:`choice_of` gives every choice that names a move, so a trained
policy is scored on the move, not on which of its names it picked.
"""

from __future__ import annotations

from collections.abc import Sequence

from auctionrules.agents.facts import Facts
from auctionrules.agents.heuristic import HeuristicAgent, open_answer, within
from auctionrules.engine.actions import (
    Action,
    Add,
    AmountAction,
    Buy,
    Flip,
    Pass,
    Play,
    bid_of,
    price_of,
)
from auctionrules.engine.cards import ONCE_AROUND, SEALED, artist_of, code_count
from auctionrules.engine.legal import Legal
from auctionrules.engine.rules import Rules

#: Shares of the heuristic's amount the head offers (the search's plans: its
#: ``spread`` 0.3 in ``buckets`` 2 steps each side).
FACTORS = (0.7, 0.85, 1.0, 1.15, 1.3)
#: The amount choices: the factors, then the legal minimum and the legal maximum.
AMOUNT_CHOICES = len(FACTORS) + 2
#: What kind of amount a decision asks for (one-hot in the features).
AMOUNT_KINDS = ("none", "price", "sealed", "once_around", "open")


def discrete_count(rules: Rules) -> int:
    """The number of discrete choices: ``2K + 3`` (plays, adds, pass, buy, flip)."""
    return 2 * code_count(rules.artists) + 3


def head_size(rules: Rules) -> int:
    """The number of choices of the head for ``rules``."""
    return discrete_count(rules) + AMOUNT_CHOICES


class Decision:
    """One decision of a seat read as the head's choices: what each amount choice
    plays, the heuristic's amounts and which choices are legal."""

    __slots__ = ("amounts", "base", "discrete", "kind", "limit", "moves", "rivals", "rules",
                 "values")

    def __init__(self, heuristic: HeuristicAgent, facts: Facts, legal: Legal) -> None:
        rules = facts.rules
        self.rules = rules
        self.discrete = discrete_count(rules)
        #: the heuristic's value of each artist's card, and of the lot (0 between lots)
        self.values = heuristic.values(facts)
        #: the heuristic's limit for the lot (0 between lots)
        self.limit = heuristic.limit(facts) if facts.lot is not None else 0.0
        #: each rival's limit for the lot as a heuristic player would set it, from
        #: what the seat sees (the rival's hand unknown), the seat on the left first
        self.rivals = rival_limits(heuristic, facts)
        #: the move of each amount choice (empty where no amount is asked)
        self.moves: list[Action] = []
        #: the amount of each amount choice (0 where none)
        self.amounts: list[float] = [0.0] * AMOUNT_CHOICES
        self.kind = "none"
        self.base = 0.0
        lot = facts.lot
        if legal.price is not None:
            self.kind = "price"
            span = legal.price
            self.base = heuristic.price_share * heuristic.lot_value(facts)
            picks = [within(span, f * self.base) for f in FACTORS] + [span[0], span[1]]
            self.moves = [price_of(a) for a in picks]
            self.amounts = [float(a) for a in picks]
        elif legal.bid is not None and lot is not None:
            span = legal.bid
            lo = span[0]
            if lot.kind in (SEALED, ONCE_AROUND):
                self.kind = "sealed" if lot.kind == SEALED else "once_around"
                self.base = heuristic.shading * self.limit if lot.kind == SEALED else self.limit
                picks = [within(span, f * self.base) for f in FACTORS] + [span[0], span[1]]
                self.moves = [bid_of(a) for a in picks]
                self.amounts = [float(a) for a in picks]
            else:
                self.kind = "open"
                self.base = self.limit
                targets = [f * self.limit for f in FACTORS] + [float(lo), float(span[1])]
                self.moves = [
                    open_answer(target, legal, auctioneer=lot.auctioneer,
                                high_bidder=lot.high_bidder, seat=facts.seat, rules=rules)
                    for target in targets
                ]
                self.amounts = targets

    def move(self, choice: int, discrete: Sequence[Action | None]) -> Action:
        """The move of ``choice``: a discrete one (``discrete[choice]``, the legal
        move at that index) or an amount choice."""
        if choice < self.discrete:
            found = discrete[choice]
            if found is None:
                raise ValueError(f"choice {choice} is not a legal move")
            return found
        return self.moves[choice - self.discrete]


def rival_limits(heuristic: HeuristicAgent, facts: Facts) -> list[float]:
    """What each other seat would pay for the lot were it a heuristic player that
    holds nothing in hand, in seat order from the seat's left (empty between lots)."""
    lot = facts.lot
    if lot is None:
        return []
    public = Facts(rules=facts.rules, seat=facts.seat, round_index=facts.round,
                   counts=facts.counts, hand=[], owned=facts.owned, board=facts.board,
                   cash=facts.cash, lot=lot)
    values = heuristic.values(public)
    worth = sum(values[artist_of(card)] for card in lot.cards)
    n = facts.rules.players
    out = []
    for step in range(1, n):
        seat = (facts.seat + step) % n
        if seat == lot.auctioneer:
            out.append(heuristic.own_share * worth)
        else:
            out.append(heuristic.aggression * worth * (n - 1) / n)
    return out


def discrete_index(action: Action, rules: Rules) -> int:
    """The encoding's index of a discrete move (-1 for an amount)."""
    kinds = code_count(rules.artists)
    cls = action.__class__
    if cls is Play:
        return rules.codec.codes[action.card]  # type: ignore[attr-defined]
    if cls is Add:
        return kinds + rules.codec.codes[action.card]  # type: ignore[attr-defined]
    if cls is Pass:
        return 2 * kinds
    if cls is Buy:
        return 2 * kinds + 1
    if cls is Flip:
        return 2 * kinds + 2
    return -1


def choice_of(action: Action, decision: Decision) -> list[int]:
    """Every choice of the head whose move is ``action`` (an amount that no choice
    names goes to the choice with the nearest amount of its kind)."""
    found = [decision.discrete + j for j, move in enumerate(decision.moves) if move == action]
    index = discrete_index(action, decision.rules)
    if index >= 0:
        return [index, *found]
    if found:
        return found
    if not isinstance(action, AmountAction):
        raise ValueError(f"{action}: not a move of the head")
    if not decision.moves:
        raise ValueError(f"{action}: not a move of the head")
    same = [(abs(move.amount - action.amount), j) for j, move in enumerate(decision.moves)
            if isinstance(move, type(action))]
    if not same:  # (a first bid said where the head says a limit: the heuristic's amount)
        return [decision.discrete + FACTORS.index(1.0)]
    return [decision.discrete + min(same)[1]]
