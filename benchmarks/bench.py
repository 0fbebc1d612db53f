"""Benchmark script: ``python benchmarks/bench.py [--games N] [--players 3 4 5]``.

The same as ``auctionrules bench`` (the measuring code lives in
:mod:`auctionrules.bench`, so that the installed command has it too).
"""

from __future__ import annotations

import sys

from auctionrules.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
