"""Helpers of the environment tests: configurations, random legal play, a reference encoder,
games changed in what one seat may not see."""

from __future__ import annotations

import copy
import random
from functools import cache

import numpy as np

from auctionrules import resources
from auctionrules.engine import Game, View
from auctionrules.engine.flow import index_hands
from auctionrules.envs.encoding import Encoding
from auctionrules.envs.parts import write_view
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset


@cache
def bundled(variant: str, modules: tuple[str, ...] = ()) -> Ruleset:
    """A bundled ruleset with optional modules, loaded once."""
    return load_ruleset(variant, modules=modules)


def configurations() -> list[tuple[str, tuple[str, ...], int]]:
    """Every bundled variant at every supported player count, alone and with each of its
    optional modules: ``(variant, modules, players)``."""
    out = []
    for variant in resources.bundled_variant_ids():
        for modules in [(), *((m,) for m in bundled(variant).optional_modules)]:
            for players in bundled(variant, modules).supported_players:
                out.append((variant, modules, players))
    return out


def random_moves(game: Game, rng: random.Random, enc: Encoding, limit: int = 10_000) -> int:
    """Play random legal indices (any seat to act) until the end; the number of moves."""
    moves = 0
    while not game.is_over and moves < limit:
        seat = rng.choice(game.to_act())
        index = rng.choice(enc.legal_indices(game.legal(seat)))
        game.apply(enc.action(index, game.legal(seat)), seat)
        moves += 1
    return moves


def encode_view(enc: Encoding, view: View) -> np.ndarray:
    """The observation built from a :class:`View` alone, part by part by the declared
    writers (:func:`auctionrules.envs.parts.write_view`): the reference that the fast
    reader must match (so it shows nothing the view does not)."""
    assert view.seat is not None
    return np.array(write_view(view, enc.rules), dtype=np.float32)


def differences(enc: Encoding, a: np.ndarray, b: np.ndarray) -> dict[str, tuple[list[float], ...]]:
    """The parts where two observations differ, for assertion messages."""
    x, y = enc.split(a), enc.split(b)
    return {k: (x[k].tolist(), y[k].tolist()) for k in x if not np.array_equal(x[k], y[k])}


def secrets_changed(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``seat`` may not see is changed: the other
    hands, the dummy hands and the deck reshuffled among themselves, the others' sealed
    bids, and behind screens the others' cash."""
    other = copy.deepcopy(game)
    n = game.state.n
    others = [s for s in range(n) if s != seat]
    groups = [other.state.hands[s] for s in others] + other.state.hands[n:] + [other.state.deck]
    pool = [c for g in groups for c in g]
    rng.shuffle(pool)
    for group in groups:
        group[:], pool = pool[: len(group)], pool[len(group):]
    index_hands(other.state)
    other._legal = None
    lot = other.state.lot
    if lot is not None and lot.sealed:
        for s in others:
            if lot.sealed[s] is not None:
                lot.sealed[s] = (lot.sealed[s] or 0) + game.rules.unit * rng.randint(1, 7)
    if game.rules.screens and not game.is_over:
        cash = list(other.state.cash)
        for s in others:
            cash[s] += game.rules.unit * rng.randint(1, 9)
        other.state.cash = tuple(cash)
    return other
