"""Train a seat of Modern Art with plain numpy policy gradient, and compare it with random play.

    python docs/examples/train_policy_gradient.py --minutes 3 --plot curve.png

The learner is a linear softmax policy over the legal indices (the mask of
:mod:`auctionrules.envs.encoding`; illegal indices get no probability) on the
observation vector of ``auctionrules/ModernArt-v0``, trained with REINFORCE
against opponents from the agents registry (``heuristic`` by default; any
``--opponents`` spec works, ``random`` for instance). The reward is the seat's
share of the final money (the environment's ``reward="share"``): against
heuristic opponents a random seat almost never wins a game, so a win rate stays
at zero, while the share moves. The return is centred on a running mean and
scaled by a running mean absolute deviation before the update.

Every ``--eval-every`` episodes it plays ``--eval`` games on fixed seeds,
sampling from the policy, and records its mean money share; at zero weights
the policy is uniformly random over the legal moves, so the curve starts at
the random seat's share. Two references are played on the same seeds: a
uniformly random seat, and a seat that always takes the lowest legal index (it
passes whenever it may, bids and prices the minimum). The curve is plotted with
matplotlib (the ``report`` extra). Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import auctionrules.envs.gymnasium  # noqa: F401 - registers auctionrules/ModernArt-v0


class LinearPolicy:
    """Softmax over the legal indices of ``W @ [observation, 1]``."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, observations + 1))
        self.rng = rng

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The policy's distribution (zero on illegal indices)."""
        logits = self.weights[:, :-1] @ observation + self.weights[:, -1]
        logits = np.where(mask, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def act(self, observation: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        """A sampled index (or the likeliest one)."""
        p = self.probabilities(observation, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(p.size, p=p))

    def gradient(self, observation: np.ndarray, mask: np.ndarray, action: int) -> np.ndarray:
        """The gradient of ``log p(action)`` with respect to the weights."""
        p = self.probabilities(observation, mask)
        p[action] -= 1.0
        features = np.append(observation, 1.0)
        return -np.outer(p, features)


def episode(env: Any, policy: LinearPolicy | str, seed: int, greedy: bool = False,
            trace: list[tuple[np.ndarray, np.ndarray, int]] | None = None) -> float:
    """Play one game for the learning seat; its reward. ``policy`` may also be
    ``"random"`` (uniform over the legal indices) or ``"lowest"`` (the lowest one)."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        mask = info["action_mask"].astype(bool)
        if policy == "random":
            action = int(rng.choice(np.flatnonzero(mask)))
        elif policy == "lowest":
            action = int(np.flatnonzero(mask)[0])
        else:
            assert isinstance(policy, LinearPolicy)
            action = policy.act(observation, mask, greedy)
            if trace is not None:
                trace.append((observation, mask, action))
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward)


def mean_share(env: Any, policy: LinearPolicy | str, games: int, greedy: bool = False) -> float:
    """The seat's mean share of the final money over the evaluation games (seeds 10^6 + k)."""
    total = 0.0
    for k in range(games):
        if isinstance(policy, LinearPolicy):
            policy.rng, kept = np.random.default_rng(k), policy.rng
            total += episode(env, policy, 10**6 + k, greedy)
            policy.rng = kept
        else:
            total += episode(env, policy, 10**6 + k)
    return total / games


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train; the learning curve and the final comparison."""
    env: Any = gymnasium.make("auctionrules/ModernArt-v0", variant=args.variant,
                              players=args.players, opponents=args.opponents,
                              bid_buckets=args.buckets, reward="share").unwrapped
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, rng)
    baseline = mean_share(env, "random", args.eval)
    lowest = mean_share(env, "lowest", args.eval)
    curve: list[tuple[int, float]] = [(0, mean_share(env, policy, args.eval))]
    print(f"{0:6d} episodes: money share {curve[-1][1]:.3f} (random seat {baseline:.3f}, "
          f"lowest legal index {lowest:.3f})")
    mean_return, spread = 0.0, 1.0 / args.players
    deadline = time.monotonic() + 60 * args.minutes
    done = 0
    while done < args.episodes and time.monotonic() < deadline:
        trace: list[tuple[np.ndarray, np.ndarray, int]] = []
        reward = episode(env, policy, seed=done, trace=trace)
        if done == 0:
            mean_return = reward
        advantage = (reward - mean_return) / spread
        mean_return += 0.02 * (reward - mean_return)
        spread += 0.02 * (abs(reward - mean_return) - spread)
        spread = max(spread, 1e-3)
        step = args.learning_rate * advantage
        for observation, mask, action in trace:
            policy.weights += step * policy.gradient(observation, mask, action)
        done += 1
        if done % args.eval_every == 0:
            curve.append((done, mean_share(env, policy, args.eval)))
            print(f"{done:6d} episodes: money share {curve[-1][1]:.3f} "
                  f"({time.monotonic() - deadline + 60 * args.minutes:.0f} s)", flush=True)
    if curve[-1][0] != done:
        curve.append((done, mean_share(env, policy, args.eval)))
    return {"curve": curve, "baseline": baseline, "lowest": lowest, "episodes": done,
            "final": curve[-1][1], "greedy": mean_share(env, policy, args.eval, greedy=True),
            "players": args.players, "opponents": args.opponents}


def plot(result: dict[str, Any], path: Path) -> None:
    """The learning curve, with the random and lowest-index seats' shares as lines."""
    import matplotlib  # noqa: PLC0415 - the report extra, only when plotting

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    episodes, shares = zip(*result["curve"], strict=True)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(episodes, shares, marker="o", label="policy gradient (sampled)")
    ax.axhline(result["baseline"], color="grey", linestyle="--", label="random seat")
    ax.axhline(result["lowest"], color="grey", linestyle=":", label="lowest legal index")
    ax.set_xlabel("training episodes")
    ax.axhline(1 / result["players"], color="lightgrey", linewidth=0.8, label="an even share")
    ax.set_ylabel("share of the final money")
    ax.set_ylim(0, None)
    ax.set_title(f"One seat of {result['players']} against {result['opponents']} opponents")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Parse the options, train, print the comparison, plot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hig-1992-fr")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--buckets", type=int, default=8)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--episodes", type=int, default=10**9)
    parser.add_argument("--eval", type=int, default=200)
    parser.add_argument("--eval-every", type=int, default=1000)
    parser.add_argument("--learning-rate", type=float, default=0.003)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=None)
    args = parser.parse_args(argv)
    result = train(args)
    print(f"after {result['episodes']} episodes: money share {result['final']:.3f} sampled, "
          f"{result['greedy']:.3f} greedy; a random seat {result['baseline']:.3f}, the lowest "
          f"legal index {result['lowest']:.3f} ({args.eval} games each, same seeds)")
    if args.plot is not None:
        plot(result, args.plot)
    return result


if __name__ == "__main__":
    main()
