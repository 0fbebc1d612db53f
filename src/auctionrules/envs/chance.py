"""Chance as OpenSpiel's solvers see it: each card dealt, each random dummy card.

The engine deals from a shuffle and draws a random dummy card from the game's
own generator (:mod:`auctionrules.engine.dummy`). An extensive-form game needs
each of those draws as a chance node with its outcomes and their probabilities,
so this module makes them explicit without writing a rule twice:

- **The deal**, card by card in the order the engine deals (the first hand's
  cards, the next hand's..., the dummy hands', then the undealt deck from the
  top), each outcome a card kind with the probability of drawing it from what is
  left: ``count / cards left``, exactly a uniform shuffle. Only the cards a game
  can ever deal are drawn (:func:`deal_size`); the rest of the deck, never dealt
  nor seen, stays in a fixed order. The game is then set up with
  :meth:`Game.from_position <auctionrules.engine.Game.from_position>`.
  (The later rounds' cards are drawn before the first lead: nobody sees them
  until they are dealt, so drawing them early changes no player's information.)
- **A random dummy card**: before a move is carried out, it is tried on a clone
  whose generator refuses to draw (:class:`Draws`). A move that draws nothing is
  done (the clone is the new game). A move that draws is tried again for every
  sequence of draws (each draw uniform over its range, as the engine asks it:
  the engine's own :func:`~auctionrules.engine.dummy.choose` decides what is
  drawn and from what), and each sequence's ``flip`` event names the outcome:
  the dummy hand and the card kind turned over, ``hand x kinds + kind``. The move
  is carried out when chance picks one, its draws scripted
  (:meth:`Game.set_chance <auctionrules.engine.Game.set_chance>`).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from auctionrules.engine.cards import code_count
from auctionrules.engine.game import Game

if TYPE_CHECKING:
    from auctionrules.engine.actions import Action
    from auctionrules.engine.events import Events
    from auctionrules.engine.rules import Rules

#: An outcome of a random flip: its probability and the draws that give it.
FlipOutcomes = dict[int, tuple[float, tuple[int, ...]]]


class UndrawnError(Exception):
    """The engine asked for a draw that no outcome has been chosen for (``bound``:
    it draws from ``0 .. bound - 1``)."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound


class Draws(random.Random):
    """A generator that answers ``randrange`` from a script, then refuses to draw."""

    def __init__(self, script: tuple[int, ...] = ()) -> None:
        super().__init__(0)
        self.script = list(script)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """The next scripted draw; :class:`UndrawnError` when none is left."""
        if stop is not None or step != 1:
            raise ValueError("the engine draws randrange(bound) only")
        if not self.script:
            raise UndrawnError(start)
        return self.script.pop(0)


def draws_at_random(rules: Rules) -> bool:
    """Whether a move may turn over a random dummy card under ``rules``."""
    return rules.dummies > 0 and (rules.flip_random_hand or rules.flip_random_card)


def deal_size(rules: Rules) -> int:
    """How many cards a game can ever deal: every round's deal to every hand
    (players' and dummies'), as far as the deck goes."""
    hands = rules.players + rules.dummies
    return min(len(rules.deck), hands * sum(rules.hand_deal))


def deal_outcomes(rules: Rules, drawn: list[int]) -> list[tuple[int, float]]:
    """The next card's kinds and their probabilities, after ``drawn``."""
    left = list(_deck_counts(rules))
    for code in drawn:
        left[code] -= 1
    total = len(rules.deck) - len(drawn)
    return [(code, count / total) for code, count in enumerate(left) if count > 0]


@cache
def _deck_counts(rules: Rules) -> tuple[int, ...]:
    """How many cards of each kind the deck holds, by code."""
    counts = [0] * (max(rules.deck, default=-1) + 1)
    for code in rules.deck:
        counts[code] += 1
    return tuple(counts)


def dealt_to(rules: Rules, drawn: list[int], hand: int) -> list[int]:
    """The cards of hand ``hand`` (a seat's, then the dummy hands') among ``drawn``, the
    cards dealt so far in dealing order: the one writing of the dealing order's hands."""
    per = rules.hand_deal[0]
    return drawn[hand * per : (hand + 1) * per]


def dealt_game(rules: Rules, drawn: list[int]) -> Game:
    """The game of a complete deal (:func:`deal_size` cards, in dealing order)."""
    names = rules.codec.names
    per, n = rules.hand_deal[0], rules.players
    hands = [dealt_to(rules, drawn, h) for h in range(n + rules.dummies)]
    rest = Counter(rules.deck)
    rest.subtract(drawn)
    deck = drawn[(n + rules.dummies) * per :]
    deck += [code for code in sorted(rest.elements())]
    return Game.from_position(
        rules=rules,
        hands=[[names[c] for c in hand] for hand in hands[:n]],
        dummy_hands=[[names[c] for c in hand] for hand in hands[n:]],
        deck=[names[c] for c in deck],
    )


def try_move(game: Game, move: Action, seat: int) -> tuple[Game, Events] | FlipOutcomes:
    """``move`` carried out on a clone of ``game`` when it draws nothing (the clone and
    the move's events); else the outcomes of its draws (see the module docstring)."""
    probe = game.clone()
    probe.set_chance(Draws())
    try:
        events = probe.apply(move, seat)
    except UndrawnError:
        return flip_outcomes(game, move, seat)
    return probe, events


def flip_outcomes(game: Game, move: Action, seat: int) -> FlipOutcomes:
    """Every way the draws of ``move`` can fall, by the card they turn over."""
    kinds = code_count(game.rules.artists)
    codes = game.rules.codec.by_name
    before = len(game.events_of("flip"))
    outcomes: FlipOutcomes = {}
    pending: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while pending:
        script, p = pending.pop()
        trial = game.clone()
        trial.set_chance(Draws(script))
        try:
            trial.apply(move, seat)
        except UndrawnError as need:
            pending.extend(((*script, v), p / need.bound) for v in range(need.bound))
            continue
        flips = trial.events_of("flip")[before:]
        if len(flips) != 1:
            raise NotImplementedError(
                f"a move turned over {len(flips)} random dummy cards: one chance node "
                "models one"
            )
        key = flips[0]["hand"] * kinds + codes[flips[0]["card"]]
        total, first = outcomes.get(key, (0.0, script))
        outcomes[key] = (total + p, first)
    return outcomes


def play_outcome(game: Game, move: Action, seat: int, script: tuple[int, ...]) -> Events:
    """Carry out ``move`` with its draws scripted; its events."""
    game.set_chance(Draws(script))
    events = game.apply(move, seat)
    game.set_chance(Draws())
    return events
