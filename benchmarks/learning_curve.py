"""Draw the ``learned`` agent's learning curve from ``train.py --curve``'s ``curve.json``.

Each point is a policy fitted on the first games collected; its abscissa is the
training time (the wall time of collecting those games plus the fit), its
ordinate the share of seat-rotated 4-player ``hig-1992-en`` games it won against
three ``heuristic`` players, with the 95 % Wilson interval::

    python benchmarks/learning_curve.py train-work/curve.json docs/images/learned_curve.png
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("curve", type=Path, help="curve.json written by train.py --curve")
    parser.add_argument("image", type=Path, help="the PNG to write")
    args = parser.parse_args(argv)
    import matplotlib  # noqa: PLC0415  (the train extra; --help needs none of it)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    points = json.loads(args.curve.read_text())
    minutes = [(p["collect_seconds"] + p["fit_seconds"]) / 60 for p in points]
    rates = [p["rate"] for p in points]
    below = [p["rate"] - p["low"] for p in points]
    above = [p["high"] - p["rate"] for p in points]
    fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
    ax.errorbar(minutes, rates, yerr=[below, above], marker="o", capsize=4,
                label="learned (95 % interval)")
    for x, p in zip(minutes, points, strict=True):
        ax.annotate(f"{p['train_games']} games", (x, p["rate"]), textcoords="offset points",
                    xytext=(6, -12), fontsize=8)
    ax.axhline(0.25, color="grey", linestyle=":", label="a fourth (a heuristic seat)")
    ax.axhline(0.35, color="tab:red", linestyle="--", label="35 %")
    ax.set_xscale("log")
    ax.set_xlim(min(minutes) / 1.5, max(minutes) * 2)
    ax.set_xlabel("training time, minutes (collecting the search's games + fitting)")
    ax.set_ylabel("games won against 3 heuristic")
    ax.set_ylim(0, max(0.6, max(p["high"] for p in points) + 0.05))
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title(f"learned, hig-1992-en, 4 players, {points[0]['games']} games a point")
    fig.tight_layout()
    args.image.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.image, metadata={"Software": None})
    print(f"wrote {args.image}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
