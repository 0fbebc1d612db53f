"""Train the learned agent: ``python benchmarks/rl_train.py --seed 1`` (numpy alone).

Two stages, both on the shared encoding (``auctionrules.envs.encoding``, with
the limit buckets) and through views only:

1. **Imitation.** Seeded games of four ``heuristic`` players; every decision
   is kept as (observation, mask, the heuristic's move as an index: its limit
   as a limit bucket, a limit below the lowest bid as ``pass``). A multilayer
   perceptron (``--hidden 128 128``) learns the moves by a masked softmax
   cross-entropy, with Adam, in minibatches.
2. **Policy gradient** (``--pg-games``, 0 to skip). REINFORCE with a running
   baseline, the learner in a seat drawn at every game against three
   ``heuristic`` players, its moves sampled from the masked softmax, the
   reward its ``rank`` (+1 first to -1 last), a small step size so that it
   does not forget what it imitated.

Then it plays ``--eval-games`` seat-rotated games against three ``heuristic``
players (and as many against three ``random`` ones) with the greedy policy,
prints the win rates with their 95 % Wilson intervals, and writes the weights
(``--out``, by default the shipped file of ``auctionrules.envs.learned``) with
what they were trained for and how they did. Every draw comes from ``--seed``:
the same command with one BLAS thread (``OMP_NUM_THREADS=1``: a multithreaded
matrix product may add in another order) writes the same file. The defaults
are the shipped weights' (about seven minutes of CPU).
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from auctionrules.agents import make_agent
from auctionrules.engine import Game
from auctionrules.envs.encoding import Encoding
from auctionrules.envs.learned import WEIGHTS, LearnedAgent, Network, save, weights_name
from auctionrules.envs.table import final_rewards
from auctionrules.loader import load_ruleset


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion."""
    if not games:
        return 0.0, 1.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def imitation_data(variant: str, players: int, games: int, seed: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, Encoding]:
    """Observations, masks and the heuristic's indices over ``games`` seeded games."""
    ruleset = load_ruleset(variant)
    observations, masks, indices = [], [], []
    enc = None
    for g in range(games):
        game = Game.new(ruleset, players=players, seed=seed * 1_000_003 + g)
        enc = enc or Encoding(game.rules)
        agents = [make_agent("heuristic", seed=f"{seed}/{g}/{s}") for s in range(players)]
        while not game.is_over:
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal(seat)
            action = agents[seat].act(view, legal)
            index = enc.index_or_none(action, legal)  # (a limit too low to bid: pass)
            mask = enc.mask(legal)
            if index is not None and mask[index]:
                observations.append(enc.observe(view))
                masks.append(mask)
                indices.append(index)
            game.apply(action, seat)
    assert enc is not None
    return np.array(observations), np.array(masks, dtype=bool), np.array(indices), enc


class Adam:
    """Adam over a network's arrays."""

    def __init__(self, network: Network, rate: float) -> None:
        self.network, self.rate, self.t = network, rate, 0
        self.m = [(np.zeros_like(w), np.zeros_like(b)) for w, b in network.layers]
        self.v = [(np.zeros_like(w), np.zeros_like(b)) for w, b in network.layers]

    def step(self, grads: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.t += 1
        for k, ((w, b), (gw, gb)) in enumerate(zip(self.network.layers, grads, strict=True)):
            (mw, mb), (vw, vb) = self.m[k], self.v[k]
            self._update(w, gw, mw, vw)
            self._update(b, gb, mb, vb)

    def _update(self, value: np.ndarray, grad: np.ndarray, first: np.ndarray,
                second: np.ndarray) -> None:
        """One Adam step of ``value`` in place (its moments ``first`` and ``second`` too)."""
        b1, b2, eps = 0.9, 0.999, 1e-8
        first *= b1
        first += (1 - b1) * grad
        second *= b2
        second += (1 - b2) * grad * grad
        value -= (self.rate * (first / (1 - b1**self.t))
                  / (np.sqrt(second / (1 - b2**self.t)) + eps)).astype(np.float32)


def gradients(network: Network, x: np.ndarray, mask: np.ndarray, weight: np.ndarray,
              chosen: np.ndarray) -> tuple[list[tuple[np.ndarray, np.ndarray]], float]:
    """The gradients of ``-sum(weight * log softmax_mask(x)[chosen]) / rows`` and its value."""
    activations = [x]
    h = x
    for k, (w, b) in enumerate(network.layers):
        h = h @ w + b
        if k < len(network.layers) - 1:
            h = np.maximum(h, 0.0)
        activations.append(h)
    logits = np.where(mask, activations[-1], -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(x))
    loss = float(-(weight * np.log(p[rows, chosen] + 1e-12)).sum() / len(x))
    delta = p
    delta[rows, chosen] -= 1.0
    delta *= weight[:, None] / len(x)
    grads = []
    for k in range(len(network.layers) - 1, -1, -1):
        w, _ = network.layers[k]
        a = activations[k]
        grads.append((a.T @ delta, delta.sum(axis=0)))
        if k:
            delta = (delta @ w.T) * (activations[k] > 0)
    return grads[::-1], loss


def imitate(network: Network, data: tuple[np.ndarray, ...], epochs: int, rng: np.random.Generator,
            *, rate: float = 1e-3, batch: int = 256) -> None:
    x, mask, chosen = data
    adam = Adam(network, rate)
    ones = np.ones(batch, dtype=np.float32)
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        total = 0.0
        for start in range(0, len(x), batch):
            rows = order[start : start + batch]
            grads, loss = gradients(network, x[rows], mask[rows], ones[: len(rows)], chosen[rows])
            adam.step(grads)
            total += loss * len(rows)
        logits = np.where(mask, network.logits(x), -np.inf)
        agree = float((logits.argmax(axis=1) == chosen).mean())
        print(f"  imitation epoch {epoch + 1}: loss {total / len(x):.3f}, "
              f"agrees with the heuristic on {agree:.1%} of decisions", flush=True)


def policy_gradient(network: Network, variant: str, players: int, rng: np.random.Generator,
                    *, games: int, minutes: float = 0.0, rate: float = 1e-4) -> int:
    """REINFORCE against three heuristic players for ``games`` games (or, with
    ``minutes``, as many as that much CPU time allows: not repeatable); games played."""
    ruleset = load_ruleset(variant)
    adam = Adam(network, rate)
    baseline, played = 0.0, 0
    end = time.process_time() + 60 * minutes
    while played < games if not minutes else time.process_time() < end:
        seed = int(rng.integers(2**31))
        game = Game.new(ruleset, players=players, seed=seed)
        enc = Encoding(game.rules)
        me = int(rng.integers(players))
        agents = {s: make_agent("heuristic", seed=f"pg/{seed}/{s}") for s in range(players)
                  if s != me}
        xs, masks, chosen = [], [], []
        while not game.is_over:
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal(seat)
            if seat != me:
                game.apply(agents[seat].act(view, legal), seat)
                continue
            x, mask = enc.observe(view), enc.mask(legal).astype(bool)
            logits = np.where(mask, network.logits(x), -np.inf)
            p = np.exp(logits - logits.max())
            index = int(rng.choice(len(p), p=p / p.sum()))
            xs.append(x)
            masks.append(mask)
            chosen.append(index)
            game.apply(enc.action(index, legal), seat)
        reward = final_rewards(game, "rank")[me]
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        played += 1
        if xs:
            weight = np.full(len(xs), advantage, dtype=np.float32)
            grads, _ = gradients(network, np.array(xs), np.array(masks), weight,
                                 np.array(chosen))
            adam.step(grads)
    return played


def evaluate(network: Network, meta: dict[str, str], variant: str, players: int, *, games: int,
             opponents: str, seed: int) -> tuple[int, int]:
    """Wins of the greedy policy in ``games`` seat-rotated games against ``opponents``."""
    ruleset = load_ruleset(variant)
    wins = 0
    for g in range(games):
        game = Game.new(ruleset, players=players, seed=10**9 + seed * 100_003 + g)
        me = g % players
        agents = [LearnedAgent(network, meta) if s == me else
                  make_agent(opponents, seed=f"eval/{g}/{s}") for s in range(players)]
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(agents[seat].act(game.view(seat), game.legal(seat)), seat)
        wins += me in game.outcome.winners  # type: ignore[union-attr]
    return wins, games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="hig-1992-en")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3000, help="games of imitation data")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
    parser.add_argument("--pg-games", type=int, default=45964,
                        help="games of policy gradient (0 to skip)")
    parser.add_argument("--pg-minutes", type=float, default=0.0,
                        help="CPU minutes of policy gradient instead of --pg-games "
                        "(not repeatable)")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    started = time.process_time()
    print(f"imitation data: {args.games} games of four heuristic players", flush=True)
    x, mask, chosen, enc = imitation_data(args.variant, args.players, args.games, args.seed)
    print(f"  {len(x):,} decisions, {enc.obs_size} features, {enc.size} actions", flush=True)
    network = Network.new([enc.obs_size, *args.hidden, enc.size], rng)
    imitate(network, (x, mask, chosen), args.epochs, rng)
    pg_games = 0
    if args.pg_games > 0 or args.pg_minutes > 0:
        pg_games = policy_gradient(network, args.variant, args.players, rng,
                                   games=args.pg_games, minutes=args.pg_minutes)
        print(f"policy gradient: {pg_games} games against three heuristic players", flush=True)
    meta = {"variant": args.variant, "players": args.players, "buckets": enc.buckets,
            "amounts": enc.amounts, "limits": enc.limits, "seed": args.seed,
            "hidden": " ".join(map(str, args.hidden)), "imitation_games": args.games,
            "epochs": args.epochs, "pg_games": pg_games}
    results = {}
    for opponents in ("heuristic", "random"):
        wins, games = evaluate(network, {k: str(v) for k, v in meta.items()}, args.variant,
                               args.players, games=args.eval_games, opponents=opponents,
                               seed=args.seed)
        low, high = wilson(wins, games)
        results[opponents] = f"{wins}/{games} [{low:.3f}, {high:.3f}]"
        print(f"against three {opponents} players: won {wins} of {games} "
              f"({wins / games:.1%}, 95 % interval {low:.1%} to {high:.1%})", flush=True)
    meta.update({f"against_{k}": v for k, v in results.items()})
    out = args.out or WEIGHTS / weights_name(args.variant, args.players)
    save(out, network, meta)
    print(f"weights written to {out} ({out.stat().st_size / 1024:.0f} KiB, "
          f"{time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
