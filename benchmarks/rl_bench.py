"""Speed of the RL environments: ``python benchmarks/rl_bench.py [--games 200] [--record]``.

Times the PettingZoo AEC loop through :func:`auctionrules.envs.pettingzoo.env`
(with PettingZoo's wrappers written into the class) and
:class:`~auctionrules.envs.pettingzoo.raw_env`, and the Gymnasium step of
:class:`~auctionrules.envs.gymnasium.ModernArtEnv` (the learning seat's, its
``random`` opponents' moves included), as :mod:`auctionrules.envs.bench` plays
them: random masked play of seeded games. In the same process it times the
yardstick ``refsim.py`` (see ``auctionrules bench``) and prints the PettingZoo
steps/s as a ratio of the yardstick's decisions/s. Rates are per second of
process CPU time, best of ``--repeats`` alternating runs.

``--record`` keeps the figures in ``benchmarks/rl_bench.json`` (with the date,
the build and the load) and writes the speed table of
``docs/rl-pettingzoo.rst`` from them; ``tests/envs/test_speed_tables.py`` fails
when the page and the recorded figures differ, so the docs show what this
script last measured.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
from pathlib import Path
from typing import Any

from auctionrules.bench import time_refsim
from auctionrules.cli.bench import find_refsim as find_yardstick
from auctionrules.engine import game
from auctionrules.envs.bench import env_rates

HERE = Path(__file__).resolve().parent
RECORD = HERE / "rl_bench.json"
PAGE = HERE.parent / "docs" / "rl-pettingzoo.rst"
#: The comments around the table in the page.
START = ".. speed table: written by benchmarks/rl_bench.py --record"
END = ".. end of the speed table"


def find_refsim() -> Path | None:
    """``shared/bench/refsim.py`` in a folder above this checkout (a worktree layout)."""
    for folder in HERE.parents:
        path = folder / "shared" / "bench" / "refsim.py"
        if path.is_file():
            return path
    return None


def table_rst(record: dict[str, Any]) -> str:
    """The docs' speed table of a record, with its note (what the page holds between
    :data:`START` and :data:`END`)."""
    heads = ("players", "env() steps/s", "raw_env steps/s", "Gymnasium steps/s",
             "refsim decisions/s", "env() ÷ refsim")
    rows = []
    for row in record["rows"]:
        ratio = f"{row['env'] / row['refsim']:.3f}" if row["refsim"] else "-"
        refsim = f"{row['refsim']:,.0f}" if row["refsim"] else "-"
        rows.append((str(row["players"]), f"{row['env']:,.0f}", f"{row['raw_env']:,.0f}",
                     f"{row['gymnasium']:,.0f}", refsim, ratio))
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    rule = "  ".join("=" * w for w in widths)

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    note = (f"({record['date']}, {record['build']} build, {record['variant']}, "
            f"{record['games']} games a run, best of {record['repeats']}, load average "
            f"{record['load']:.1f} on {record['cores']} shared cores. A step builds a fresh "
            "observation and mask and checks the move; the rates follow the machine's load "
            "as the yardstick's do, the ratio much less.)")
    words, wrapped, current = note.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > 79:
            wrapped.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    wrapped.append(current)
    return "\n".join([rule, line(heads), rule, *(line(r) for r in rows), rule, "",
                      *wrapped])


def write_page(record: dict[str, Any], page: Path = PAGE) -> None:
    """Put the record's table into the page, between :data:`START` and :data:`END`."""
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(START + "\n")
    _, _, tail = rest.partition(END)
    page.write_text(f"{head}{START}\n\n{table_rst(record)}\n\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    """Print the table of the measured rates (and with ``--record`` keep them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", default="hig-1992-fr")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures in rl_bench.json and write the docs' table")
    args = parser.parse_args(argv)
    ref = find_yardstick(None) or find_refsim()
    print(f"{'players':>7} {'env() steps/s':>14} {'raw_env steps/s':>16} "
          f"{'gym steps/s':>12} {'refsim decisions/s':>19} {'env()/ref':>10}")
    rows = []
    for players in args.players:
        decisions = 0.0
        rates = {"env": 0.0, "raw_env": 0.0, "gymnasium": 0.0}
        for _ in range(args.repeats):
            for key, rate in env_rates(args.games, players, args.variant, 1).items():
                rates[key] = max(rates[key], rate)
            timed = None if ref is None else time_refsim(ref, max(args.games, 200), players)
            if timed is not None:
                decisions = max(decisions, timed[1])
        ratio = f"{rates['env'] / decisions:.3f}" if decisions else "-"
        print(f"{players:>7} {rates['env']:>14,.0f} {rates['raw_env']:>16,.0f} "
              f"{rates['gymnasium']:>12,.0f} {decisions:>19,.0f} {ratio:>10}")
        rows.append({"players": players, **{k: round(v) for k, v in rates.items()},
                     "refsim": round(decisions)})
    if args.record:
        compiled = not game.__file__.endswith(".py")
        record = {
            "date": datetime.date.today().isoformat(),
            "build": "compiled" if compiled else "plain-Python",
            "variant": args.variant, "games": args.games, "repeats": args.repeats,
            "load": os.getloadavg()[0], "cores": os.cpu_count() or 1, "rows": rows,
        }
        RECORD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        write_page(record)
        print(f"recorded in {RECORD.name}; {PAGE.relative_to(HERE.parent)} written")


if __name__ == "__main__":
    main()
