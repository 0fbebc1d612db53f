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
from auctionrules.loader import load_ruleset
from auctionrules.model import AUCTION_TYPES, Ruleset


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
        index = rng.choice(enc.legal_indices(game, seat))
        game.apply(enc.action(game.legal(seat), index), seat)
        moves += 1
    return moves


def encode_view(enc: Encoding, view: View) -> np.ndarray:
    """The observation built from a :class:`View` alone, slowly: the reference that the
    fast reader must match (so it shows nothing the view does not)."""
    rules = enc.rules
    codes = rules.codec.by_name
    n, artists, scale = rules.players, rules.artists, 1.0 / rules.starting_cash
    assert view.seat is not None
    seat = view.seat
    order = [(seat + k) % n for k in range(n)]
    parts: dict[str, list[float]] = {name: [0.0] * width for name, width in enc.parts}
    for name in view.hand or ():
        parts["hand"][codes[name]] += 1
    parts["hand_sizes"] = [view.hand_sizes[s] for s in order]
    parts["dummy_sizes"] = list(view.dummy_sizes)
    for k, s in enumerate(order):
        if view.cash[s] is not None:
            parts["cash"][k] = view.cash[s] * scale
            parts["cash_known"][k] = 1.0
    spent = [0] * n
    for _, buyer, price in view.sales or ():
        spent[buyer] += price
    parts["spent"] = [spent[s] * scale for s in order]
    parts["board"] = [v * scale for row in view.board for v in row]
    parts["counts"] = list(view.counts)
    for k, s in enumerate(order):
        for name in view.owned[s]:
            parts["owned"][k * artists + codes[name] // 5] += 1
    for name in view.table:
        parts["table"][codes[name] // 5] += 1
    if view.lot is not None:
        lot = dict(view.lot)
        for name in lot["cards"]:
            parts["lot_cards"][codes[name]] += 1
        parts["lot_type"][AUCTION_TYPES.index(lot["type"])] = 1
        for key in ("leader", "adder", "auctioneer", "high_bidder"):
            if lot[key] is not None:
                parts[key][order.index(lot[key])] = 1
        parts["high_bid"] = [lot["high"] * scale]
        parts["price"] = [(lot["price"] or 0) * scale]
        if lot["sealed_done"] is not None:
            parts["sealed_done"] = [float(lot["sealed_done"][s]) for s in order]
        parts["own_sealed_bid"] = [(lot["own_sealed_bid"] or 0) * scale]
    for s in view.to_act:
        parts["to_act"][order.index(s)] = 1
    parts["phase"][("lead", "auction", "flip", "over").index(view.phase)] = 1
    parts["round"][view.round - 1] = 1
    if parts["paintings"]:
        parts["paintings"] = [view.paintings[s] for s in order]
    return np.array([v for name, _ in enc.parts for v in parts[name]], dtype=np.float32)


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
