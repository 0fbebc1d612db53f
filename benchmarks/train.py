"""Train the ``learned`` agent: imitation of the search agent, numpy only.

One command, seeded, from collection to the shipped weights::

    pip install '.[train]'          # numpy and matplotlib, nothing else
    python benchmarks/train.py --seed 1 --games 1200 --jobs 2 --install

runs the four stages in turn (each may be run alone with ``--stage``), keeping
its files in ``--work`` (default ``train-work/``, not in the repository):

``collect``
    Seeded games (6 in 10 of ``hig-1992-en`` at 4 players, one each at 3 and 5,
    two of the other bundled editions at 3 to 5 players), one ``ismcts`` seat
    (drawn per game) against ``heuristic`` players. Each game's record is written
    as a JSON line with the searching seat, the log positions of its decisions and
    the seconds the game took. This is where the time goes: 3 to 5 s a game with
    the compiled engine (``pip install .``) on a quiet core, several times that
    with the plain one; ``--jobs`` plays games in that many processes. Games
    already in the file are kept and the next seeds follow them, so a run can be
    stopped and resumed.
``dataset``
    Every record is replayed (the same engine: records replay byte for byte) and
    each decision of the searching seat is read from its view and legal moves, as
    the agent reads it (:class:`auctionrules.agents.learned.Reading`), with the
    choices that name the searcher's move as the target (``dataset.npz``).
``fit``
    ``--members`` multilayer perceptrons (``--hidden``, ReLU), from successive
    seeds, each trained by Adam on the negative log of the probability it gives the
    searcher's move, on the decisions of the kinds ``--decides`` (where an amount
    is asked), the games split 9 to 1 into training and validation; each keeps the
    epoch of its best validation loss. Their arrays are stacked, the weights in
    half precision (``weights.npz``; ``--install`` copies it into the package).
``evaluate``
    ``--eval-games`` seat-rotated 4-player games of ``hig-1992-en`` of the new
    weights against three ``heuristic`` players (and ``--eval-random`` against
    three ``random`` ones): games won with a 95 % Wilson interval.

``--curve`` fits on the first 1/2, 1/4, ... of the games collected (down to 8) and
evaluates each on ``--curve-games`` games (``curve.json``;
``benchmarks/learning_curve.py`` draws it): win rate against three heuristic
players against the training time (the collection of those games and the fit).

The full run, ``--games 1200 --jobs 2``, takes about an hour on two quiet cores
with the compiled engine. A short one (``--games 200``, a quarter of the time)
already gives a policy that wins about a third of its games against three
heuristic players.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")  # (small matrices: threads only contend for the cores)

import numpy as np  # noqa: E402

from auctionrules.agents import make_agent  # noqa: E402
from auctionrules.engine.game import Game  # noqa: E402
from auctionrules.engine.record import make_record  # noqa: E402
from auctionrules.loader import load_ruleset  # noqa: E402

OTHERS = ("hig-1992-fr", "cmon-2017", "boardpia-modern", "boardpia-renaissance", "taiwan")
FIRST_SEED = 100_000
EVAL_SEED = 1
#: The kinds of decision the network decides (the others are the heuristic's move):
#: those where an amount is asked. Imitating the search's leads, adds, buys and
#: flips did not beat the heuristic's (see the docs of the ``learned`` agent).
DECIDES = ("price", "sealed", "once_around", "open")
PACKAGE_WEIGHTS = Path(__file__).resolve().parents[1] / "src/auctionrules/agents/weights"


# --- collect -------------------------------------------------------------------------

def table_of(seed: int) -> tuple[str, int, int]:
    """The edition, the player count and the searching seat of the game of ``seed``."""
    rng = random.Random(seed)
    edition, players = "hig-1992-en", 4
    j = seed % 10
    if j == 6:
        players = 3
    if j == 7:
        players = 5
    if j >= 8:
        edition, players = rng.choice(OTHERS), rng.choice((3, 4, 5))
    return edition, players, rng.randrange(players)


def collect(path: Path, games: int, seed: int, iterations: int, jobs: int = 1) -> None:
    """Play the games not yet in ``path`` (a JSON line each, in seed order), in
    ``jobs`` processes."""
    done = count_lines(path)
    first = FIRST_SEED + 10_000 * (seed - 1)
    seeds = [(s, iterations) for s in range(first + done, first + games)]
    with path.open("a") as out:
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                for line in pool.imap(_searched_game, seeds):
                    _keep(out, line)
        else:
            for task in seeds:
                _keep(out, _searched_game(task))


def _keep(out: Any, line: str) -> None:
    out.write(line + "\n")
    out.flush()
    record = json.loads(line)
    print(f"game {record['seed']}: {record['ruleset']['id']} {len(record['players'])}p, "
          f"searcher {record['searcher']}, {len(record['decisions'])} decisions, "
          f"{record['seconds']} s", flush=True)


def _searched_game(task: tuple[int, int]) -> str:
    """The record of the game of ``seed`` (JSON), with its searcher's decisions."""
    game_seed, iterations = task
    start = time.perf_counter()
    edition, players, searcher = table_of(game_seed)
    game = Game.new(load_ruleset(edition), players=players, seed=game_seed)
    agents = [
        make_agent("ismcts", seed=game_seed * 10 + s, iterations=iterations)
        if s == searcher else make_agent("heuristic", seed=game_seed * 10 + s)
        for s in range(players)
    ]
    decisions = []
    while not game.is_over:
        seat = game.to_act()[0]
        action = agents[seat].act(game.view(seat), game.legal(seat))
        if seat == searcher:
            decisions.append([len(game.log), str(action)])
        game.apply(action, seat)
    record = make_record(game)
    record.update(searcher=searcher, decisions=decisions,
                  seconds=round(time.perf_counter() - start, 3))
    return json.dumps(record)


def count_lines(path: Path) -> int:
    if not path.exists():
        return 0
    with path.open() as handle:
        return sum(1 for line in handle if line.strip())


# --- dataset -------------------------------------------------------------------------

def dataset(records: Path, out: Path) -> None:
    """Read every searcher decision of the records as (input, legal choices, target)."""
    from auctionrules.agents.choices import AMOUNT_KINDS, Decision, choice_of  # noqa: PLC0415
    from auctionrules.agents.facts import Facts  # noqa: PLC0415
    from auctionrules.agents.heuristic import HeuristicAgent  # noqa: PLC0415
    from auctionrules.agents.learned import Reading  # noqa: PLC0415
    from auctionrules.engine.replay import start_game  # noqa: PLC0415

    heuristic = HeuristicAgent()
    xs: list[Any] = []
    masks: list[Any] = []
    targets: list[Any] = []
    games: list[int] = []
    kinds: list[int] = []
    seconds: list[float] = []
    readings: dict[tuple[str, int], Reading] = {}
    with records.open() as handle:
        for number, line in enumerate(handle):
            record = json.loads(line)
            game = start_game(record)
            key = (record["ruleset"]["id"], game.state.n)
            reading = readings.get(key)
            if reading is None or reading.rules is not game.rules:
                reading = readings[key] = Reading(game.rules)
            asked = dict((position, text) for position, text in record["decisions"])
            for position, (seat, text) in enumerate(record["actions"]):
                if position in asked and not _single(game.legal(seat)):
                    view, legal = game.view(seat), game.legal(seat)
                    facts = Facts.of_view(view)
                    decision = Decision(heuristic, facts, legal)
                    x, mask, _ = reading.read(view, legal, decision,
                                              heuristic.decide(facts, legal))
                    game.apply(text, seat)
                    action = game.log[position][1]
                    target = np.zeros_like(mask)
                    target[choice_of(action, decision)] = 1.0
                    if (target * mask).sum() == 0:
                        raise ValueError(f"record {number}, action {position}: {action} "
                                         "is no legal choice")
                    xs.append(x)
                    masks.append(mask)
                    targets.append(target)
                    games.append(number)
                    kinds.append(AMOUNT_KINDS.index(decision.kind))
                else:
                    game.apply(text, seat)
            seconds.append(float(record.get("seconds", 0.0)))
    np.savez_compressed(out, x=np.stack(xs), prior_at=np.asarray(reading.prior_at),
                        mask=np.stack(masks).astype(np.int8),
                        target=np.stack(targets).astype(np.int8), game=np.asarray(games),
                        kind=np.asarray(kinds),
                        seconds=np.asarray(seconds))
    print(f"{len(xs)} decisions of {len(seconds)} games -> {out}")


def _single(legal: Any) -> bool:
    return len(legal.actions) == 1 and legal.bid is None and legal.price is None


def ensemble(data: dict[str, Any], games: int, hidden: tuple[int, ...], args: argparse.Namespace,
             ) -> dict[str, Any]:
    """``--members`` networks fitted with the seeds ``--seed``, ``--seed + 1``, ... (each
    its own validation games and order), their arrays stacked members first."""
    fitted = [fit(data, games, hidden, args.epochs, args.seed + m, lr=args.lr,
                  decay=args.decay, decides=tuple(args.decides.split(",")))
              for m in range(args.members)]
    stacked = {key: np.stack([f[key] for f in fitted]) for key in fitted[0]}
    for key, value in list(stacked.items()):  # (half precision: the shipped file stays small)
        if key[0] in "wb":
            stacked[key] = value.astype(np.float16)
    stacked["prior"] = stacked["prior"][:, 0]
    stacked["prior_at"] = fitted[0]["prior_at"]
    stacked["decides"] = fitted[0]["decides"]
    return stacked


# --- fit -----------------------------------------------------------------------------

def fit(data: dict[str, Any], games: int, hidden: tuple[int, ...], epochs: int, seed: int, *,
        lr: float = 1e-3, batch: int = 128, decay: float = 1e-4,
        decides: tuple[str, ...] = DECIDES) -> dict[str, Any]:
    """Weights trained by Adam on the decisions of the kinds ``decides`` in the first
    ``games`` games of ``data``."""
    from auctionrules.agents.choices import AMOUNT_KINDS  # noqa: PLC0415

    rng = np.random.default_rng(seed)
    on = np.asarray([kind in decides for kind in AMOUNT_KINDS], dtype=np.int8)
    keep = (data["game"] < games) & (on[data["kind"]] > 0)
    x = data["x"][keep].astype(np.float32)
    mask = data["mask"][keep].astype(np.float32)
    target = data["target"][keep].astype(np.float32) * mask
    game = data["game"][keep]
    held = rng.permutation(games)[: games // 10]
    val = np.isin(game, held)
    checked = val if val.any() else ~val  # (under ten games: scored on the training games)
    mean = x[~val].mean(axis=0)
    std = x[~val].std(axis=0) + 1e-3
    xs = (x - mean) / std
    heads = mask.shape[1]
    prior_at = int(data["prior_at"])
    prior = x[:, prior_at : prior_at + heads]
    sizes = [x.shape[1], *hidden, heads]
    params: list[Any] = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        scale = math.sqrt(2.0 / fan_in) if fan_out != heads else 0.0  # (starts at the prior)
        params.append(rng.normal(0, scale, (fan_in, fan_out)).astype(np.float32))
        params.append(np.zeros(fan_out, dtype=np.float32))
    params.append(np.array([3.0], dtype=np.float32))  # the weight of the heuristic's move
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    train_rows = np.flatnonzero(~val)
    best: tuple[float, list[Any], int, float] | None = None
    step = 0
    for epoch in range(epochs):
        rng.shuffle(train_rows)
        for at in range(0, len(train_rows), batch):
            rows = train_rows[at : at + batch]
            grads = _gradients(params, xs[rows], prior[rows], mask[rows], target[rows])
            step += 1
            for i, raw in enumerate(grads):
                g = raw + decay * params[i] if i % 2 == 0 and i + 1 < len(params) else raw
                moments[i] = 0.9 * moments[i] + 0.1 * g
                squares[i] = 0.999 * squares[i] + 0.001 * g * g
                m_hat = moments[i] / (1 - 0.9**step)
                v_hat = squares[i] / (1 - 0.999**step)
                params[i] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        loss, agree = _score(params, xs[checked], prior[checked], mask[checked],
                             target[checked])
        if best is None or loss < best[0]:
            best = (loss, [p.copy() for p in params], epoch, agree)
    assert best is not None
    print(f"fit on {games} games ({int((~val).sum())} decisions): best validation loss "
          f"{best[0]:.4f} at epoch {best[2]}, agrees with the search on {best[3]:.1%}")
    arrays: dict[str, Any] = {"mean": mean.astype(np.float32), "std": std.astype(np.float32),
                              "prior": best[1][-1], "prior_at": np.asarray(prior_at),
                              "decides": on}
    print(f"weight of the heuristic's move: {float(best[1][-1][0]):.2f}")
    for i in range(len(best[1]) // 2):
        arrays[f"w{i}"] = best[1][2 * i]
        arrays[f"b{i}"] = best[1][2 * i + 1]
    return arrays


def _forward(params: list[Any], x: Any, prior: Any) -> list[Any]:
    """The layers' outputs; the last is the scores: the network's plus ``params[-1]``
    times the heuristic's choices (``prior``)."""
    outs = [x]
    h = x
    layers = len(params) - 1
    for i in range(0, layers, 2):
        h = h @ params[i] + params[i + 1]
        if i + 2 < layers:
            h = np.maximum(h, 0.0)
        outs.append(h)
    outs[-1] = h + params[-1][0] * prior
    return outs


def _probabilities(logits: Any, mask: Any) -> Any:
    z = np.where(mask > 0, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z) * mask
    return p / p.sum(axis=1, keepdims=True)


def _gradients(params: list[Any], x: Any, prior: Any, mask: Any, target: Any) -> list[Any]:
    outs = _forward(params, x, prior)
    p = _probabilities(outs[-1], mask)
    q = p * target
    q = q / np.maximum(q.sum(axis=1, keepdims=True), 1e-12)
    delta = (p - q) / len(x)  # d(-log sum_T p) / d scores
    grads: list[Any] = [None] * len(params)
    grads[-1] = np.array([(delta * prior).sum()], dtype=np.float32)
    for i in range(len(params) - 3, -1, -2):
        grads[i] = outs[i // 2].T @ delta
        grads[i + 1] = delta.sum(axis=0)
        if i > 0:
            delta = (delta @ params[i].T) * (outs[i // 2] > 0)
    return grads


def _score(params: list[Any], x: Any, prior: Any, mask: Any, target: Any,
           ) -> tuple[float, float]:
    p = _probabilities(_forward(params, x, prior)[-1], mask)
    loss = float(-np.log(np.maximum((p * target).sum(axis=1), 1e-12)).mean())
    picked = np.argmax(np.where(mask > 0, p, -1.0), axis=1)
    agree = float(target[np.arange(len(x)), picked].mean())
    return loss, agree


# --- evaluate ------------------------------------------------------------------------

def evaluate(weights: str, games: int, opponents: str = "heuristic", *,
             edition: str = "hig-1992-en", players: int = 4, first: int = EVAL_SEED,
             ) -> dict[str, Any]:
    """Seat-rotated games of ``learned`` against ``opponents``: games won, 95 % interval."""
    ruleset = load_ruleset(edition)
    won = 0
    for g in range(games):
        seat = g % players
        seed = first + g
        agents = [make_agent("learned", seed=seed * 10 + s, weights=weights) if s == seat
                  else make_agent(opponents, seed=seed * 10 + s) for s in range(players)]
        game = Game.new(ruleset, players=players, seed=seed)
        game.playout(agents)
        assert game.outcome is not None
        won += seat in game.outcome.winners
    low, high = wilson(won, games)
    return {"opponents": opponents, "games": games, "won": won, "rate": won / games,
            "low": low, "high": high}


def wilson(won: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``won`` out of ``games``."""
    p = won / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def curve(data: dict[str, Any], work: Path, hidden: tuple[int, ...],
          args: argparse.Namespace) -> None:
    """Fit on the first 1/2^k of the games and evaluate each fit (``curve.json``)."""
    total = len(data["seconds"])
    sizes = []
    share = total
    while share >= 8:
        sizes.append(share)
        share //= 2
    points = []
    for size in sorted(sizes):
        start = time.perf_counter()
        arrays = ensemble(data, size, hidden, args)
        fitting = time.perf_counter() - start
        path = work / f"weights-{size}.npz"
        np.savez_compressed(path, **arrays)
        result = evaluate(str(path), args.curve_games)
        result.update(train_games=size, collect_seconds=float(data["seconds"][:size].sum()),
                      fit_seconds=fitting)
        print(json.dumps(result), flush=True)
        points.append(result)
        (work / "curve.json").write_text(json.dumps(points, indent=1) + "\n")


# --- the command ---------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1200, help="games to collect")
    parser.add_argument("--iterations", type=int, default=16, help="ismcts determinizations")
    parser.add_argument("--jobs", type=int, default=1, help="processes that play the games")
    parser.add_argument("--hidden", default="256,256", help="hidden layer sizes")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--members", type=int, default=5,
                        help="networks fitted with successive seeds, their scores averaged")
    parser.add_argument("--lr", type=float, default=3e-4, help="Adam's step size")
    parser.add_argument("--decay", type=float, default=1e-3, help="L2 weight decay")
    parser.add_argument("--decides", default=",".join(DECIDES),
                        help="the kinds of decision the network decides (of none, price, "
                             "sealed, once_around, open)")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--eval-random", type=int, default=200)
    parser.add_argument("--eval-seed", type=int, default=EVAL_SEED,
                        help="the first seed of the evaluation games")
    parser.add_argument("--work", type=Path, default=Path("train-work"))
    parser.add_argument("--stage", choices=("all", "collect", "dataset", "fit", "evaluate"),
                        default="all")
    parser.add_argument("--curve", action="store_true",
                        help="fit and evaluate on growing shares of the games (curve.json)")
    parser.add_argument("--curve-games", type=int, default=200,
                        help="evaluation games per point of the curve")
    parser.add_argument("--install", action="store_true",
                        help="copy the weights into the package (src/.../weights)")
    args = parser.parse_args(argv)
    work: Path = args.work
    work.mkdir(parents=True, exist_ok=True)
    records, data_path, weights = work / "records.jsonl", work / "dataset.npz", work / "weights.npz"
    hidden = tuple(int(h) for h in args.hidden.split(","))
    stages = ("collect", "dataset", "fit", "evaluate") if args.stage == "all" else (args.stage,)
    if "collect" in stages:
        collect(records, args.games, args.seed, args.iterations, args.jobs)
    if "dataset" in stages:
        dataset(records, data_path)
    if "fit" in stages or args.curve:
        with np.load(data_path) as loaded:
            data = {key: loaded[key] for key in loaded.files}
        total = len(data["seconds"])
    if "fit" in stages:
        start = time.perf_counter()
        arrays = ensemble(data, total, hidden, args)
        print(f"fit: {time.perf_counter() - start:.0f} s")
        np.savez_compressed(weights, **arrays)
        if args.install:
            PACKAGE_WEIGHTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(weights, PACKAGE_WEIGHTS / "learned.npz")
    if args.curve:
        curve(data, work, hidden, args)
    if "evaluate" in stages:
        for opponents, count in (("heuristic", args.eval_games), ("random", args.eval_random)):
            if count:
                result = evaluate(str(weights), count, opponents, first=args.eval_seed)
                print(f"learned against three {opponents}: {result['won']} of {count} games "
                      f"won, {result['rate']:.1%} [{result['low']:.1%}, {result['high']:.1%}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
