"""Many random games across every variant and player count, with the invariant watcher on.

By default a short run, ``AUCTIONRULES_GAMES`` games (default 200, a few seconds:
every configuration at least once). The long run is opt-in, for the report::

    AUCTIONRULES_LONG_RUN=1 AUCTIONRULES_GAMES=100000 AUCTIONRULES_JOBS=2 \\
        .venv/bin/python -m pytest tests/reliability/test_long_run.py -s

(``AUCTIONRULES_GAMES`` defaults to 100,000 in long mode; ``AUCTIONRULES_JOBS``
processes share the games; ``AUCTIONRULES_LONG_RUN_REPORT=path.json`` writes
the figures.) It prints the games, actions and violations; any violation fails.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rel_engine import merge_stats, run_games, supported

LONG = os.environ.get("AUCTIONRULES_LONG_RUN", "") not in ("", "0")
GAMES = int(os.environ.get("AUCTIONRULES_GAMES", "100000" if LONG else "200"))
JOBS = int(os.environ.get("AUCTIONRULES_JOBS", str(os.cpu_count() or 1) if LONG else "1"))
FIRST = int(os.environ.get("AUCTIONRULES_FIRST_GAME", "0"))
#: Print the figures so far every this many games per job (long mode only).
PROGRESS = 2500 if LONG else 0


def test_random_games_keep_every_invariant() -> None:
    start = time.perf_counter()
    stop = FIRST + GAMES
    if JOBS > 1:
        with ProcessPoolExecutor(JOBS) as pool:
            parts = list(pool.map(run_games, [(FIRST + j, stop, JOBS) for j in range(JOBS)],
                                  [PROGRESS] * JOBS))
    else:
        parts = [run_games((FIRST, stop, 1), PROGRESS)]
    stats = merge_stats(parts)
    elapsed = time.perf_counter() - start
    summary = (
        f"long run: games={stats['games']} actions={stats['actions']} "
        f"violations={len(stats['violations'])} longest={stats['longest']} actions "
        f"seconds={elapsed:.1f} ({stats['actions'] / elapsed:.0f} checked actions/s, "
        f"{JOBS} job(s)); endings {dict(stats['reasons'])}"
    )
    print(summary)
    for violation in stats["violations"][:20]:
        print("VIOLATION", violation)
    if out := os.environ.get("AUCTIONRULES_LONG_RUN_REPORT"):
        figures = {key: stats[key] for key in ("games", "actions", "longest")}
        figures |= {"violations": len(stats["violations"]), "seconds": round(elapsed, 1),
                    "jobs": JOBS, "first_game": FIRST, "endings": dict(stats["reasons"]),
                    "by_configuration": dict(stats["by_config"]),
                    "violation_details": stats["violations"][:100]}
        Path(out).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    assert stats["violations"] == [], summary
    assert stats["games"] == GAMES
    if len(supported()) <= GAMES:
        assert set(stats["by_config"]) == {f"{v}/{p}" for v, p in supported()}
    assert sum(stats["reasons"].values()) == GAMES
