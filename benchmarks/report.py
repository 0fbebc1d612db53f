"""The comparison report's cost: ``python benchmarks/report.py [--games N] [A B]``.

Plays ``compare(A, B)`` (the same seeded games under both rulesets), then times,
apart from the playing, what the report adds: the rows with their tests (the
paired tests and the cluster bootstrap of the lot figures), the plots and the
page; prints the CPU seconds of each part (``time.process_time``: the machine
may be busy) and the size of the HTML page and of the Markdown report.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from auctionrules.lab import compare
from auctionrules.lab.report import write_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("a", nargs="?", default="hig-1992-en")
    parser.add_argument("b", nargs="?", default="docs/examples/split-double.yaml")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    comparison = compare(args.a, args.b, args.players, args.games, args.agents, seed=args.seed)
    start = time.process_time()
    for _ in comparison:
        pass
    played = time.process_time() - start
    start = time.process_time()
    result = comparison.summary()
    tested = time.process_time() - start
    with tempfile.TemporaryDirectory() as folder:
        start = time.process_time()
        (page,) = write_report(Path(folder) / "report.html", result)
        built = time.process_time() - start
        size = page.stat().st_size
        markdown = write_report(Path(folder) / "report.md", result)
        md_size = sum(path.stat().st_size for path in markdown)
        text = page.read_text(encoding="utf-8")
    print(f"{args.a} vs {args.b}: {args.games} games of {args.players} players "
          f"({args.agents}), seed {args.seed}")
    print(f"  play both sides      {played:8.1f} s CPU ({2 * args.games / played:,.0f} games/s)")
    print(f"  rows and their tests {tested:8.2f} s CPU ({len(result.rows)} rows)")
    print(f"  HTML report          {built:8.2f} s CPU (plots and page)")
    print(f"  report total         {tested + built:8.2f} s CPU beyond the playing")
    print(f"  HTML page            {size / 1024:8.0f} KiB ({text.count('<img')} images, "
          f"{text.count('<table')} tables)")
    print(f"  Markdown + PNGs      {md_size / 1024:8.0f} KiB ({len(markdown)} files)")


if __name__ == "__main__":
    main()
