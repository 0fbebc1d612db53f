"""Load benchmark of ``auctionrules serve``: many tables at once on one server, loopback only.

``python benchmarks/web_load.py [--tables 50] [--seconds 60] [--mix people|search]``
starts the server in a subprocess on a free 127.0.0.1 port with a fresh data
directory, creates the tables and a spectator at each, plays until every game is
over or ``--seconds`` have passed, and reports the figures below. The tables:

- ``--mix people`` (the default): two people played by this script over
  WebSockets and two ``heuristic`` bots on the server, four players;
- ``--mix search``: one person played by this script, an ``ismcts`` bot at the
  lobby's default strength (it thinks in the server's worker processes) and a
  ``heuristic`` bot, three players: what a person waits for while search bots
  think at every table.

Bots pause 0 s. The figures:

- actions/s: every action the server carried out (people's and bots'), over the
  wall time of the run;
- the time from a person's action being sent to every connection of its table
  (both people and the spectator) having received a state that includes it:
  50th and 95th percentile and maximum;
- the server's CPU time per action (start-up included): unlike the wall-clock
  figures, it does not depend on what else the machine is running.

Bounded in count (``--tables``, at most 200) and time (``--seconds``); nothing
listens beyond the loopback interface; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
#: Per mix: the chairs of each table, and its description.
MIXES = {
    "people": (["person", "heuristic", "person", "heuristic"],
               "2 people over WebSockets + 2 heuristic bots + 1 spectator"),
    "search": (["person", "ismcts", "heuristic"],
               "1 person over WebSockets + 1 ismcts bot (default strength) + 1 heuristic "
               "bot + 1 spectator"),
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def choose(message: dict[str, Any], rng: random.Random) -> str | None:
    """A light random player reading only the controls the page shows."""
    controls = message["controls"]
    actions = [b["action"] for b in controls["buttons"]]
    if "pass" in actions and rng.random() < 0.7:
        return "pass"
    for kind in ("price", "bid"):
        if kind in controls and (not actions or rng.random() < 0.5):
            low, high, step = (controls[kind][k] for k in ("min", "max", "step"))
            amount = low + step * rng.randrange(3) if low + 2 * step <= high else low
            return f"{kind} {amount}"
    return rng.choice(actions) if actions else None


class Connection:
    """One WebSocket: the versions it saw and when."""

    def __init__(self, table: str, seat: str | None, rng: random.Random) -> None:
        self.table, self.seat, self.rng = table, seat, rng
        self.seen: list[tuple[int, float]] = []
        self.sent: list[tuple[float, int]] = []  # (time, acted before the action)
        self.applied: dict[int, int] = {}  # acted count -> version it was first seen in
        self.over = False

    async def run(self, base: str, deadline: float) -> None:
        url = f"ws://{base}/ws/tables/{self.table}" + (f"?seat={self.seat}" if self.seat else "")
        async with websockets.connect(url, max_size=2**22) as ws:
            pending: int | None = None
            while time.monotonic() < deadline:
                try:
                    text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] != "state":
                    pending = None
                    continue
                now = time.perf_counter()
                self.seen.append((message["version"], now))
                if message["phase"] == "over":
                    self.over = True
                    return
                acted = message["acted"]
                if acted is not None:
                    self.applied.setdefault(acted, message["version"])
                if self.seat is None or (pending is not None and acted <= pending):
                    continue
                pending = None
                action = choose(message, self.rng)
                if action is not None:
                    pending = acted
                    self.sent.append((time.perf_counter(), acted))
                    await ws.send(json.dumps({"action": action}))


async def play(
    base: str, tables: list[dict[str, Any]], seconds: float, seed: int
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    rng = random.Random(seed)
    by_table: dict[str, list[Connection]] = {}
    for body in tables:
        tokens = [s["url"].split("seat=")[1] for s in body["seats"]]
        by_table[body["id"]] = [Connection(body["id"], t, random.Random(rng.random()))
                                for t in [*tokens, None]]
    start = time.perf_counter()
    await asyncio.gather(*(c.run(base, deadline) for cs in by_table.values() for c in cs))
    elapsed = time.perf_counter() - start
    latencies = []
    actions = 0
    finished = 0
    for connections in by_table.values():
        actions += max((v for c in connections for v, _ in c.seen), default=0)
        finished += all(c.over for c in connections)
        for person in connections:
            for sent_at, acted in person.sent:
                version = person.applied.get(acted + 1)
                if version is None:
                    continue  # the run ended before the action came back
                arrivals = [next((t for v, t in c.seen if v >= version), None)
                            for c in connections]
                if None not in arrivals:
                    latencies.append(max(arrivals) - sent_at)  # type: ignore[type-var]
    return {"elapsed": elapsed, "actions": actions, "finished": finished,
            "latencies": sorted(latencies)}


def stop(server: subprocess.Popen[bytes]) -> float:
    """Stop the server; the CPU seconds it used (user + system)."""
    server.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        pid, _, usage = os.wait4(server.pid, os.WNOHANG)
        if pid:
            server.returncode = 0
            return float(usage.ru_utime + usage.ru_stime)
        time.sleep(0.05)
    server.kill()
    _, _, usage = os.wait4(server.pid, 0)
    server.returncode = -9
    return float(usage.ru_utime + usage.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables at once (max 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time bound of the play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the people")
    parser.add_argument("--mix", choices=sorted(MIXES), default="people",
                        help="who sits at each table (default people)")
    parser.add_argument(
        "--port", type=int, default=None,
        help="load a server already running on 127.0.0.1:PORT (e.g. under a profiler) "
        "instead of starting one",
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 0 < args.seconds <= 600:
        parser.error("--tables 1..200, --seconds up to 600")

    port = args.port or free_port()
    base = f"127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get(
        "PYTHONPATH", "")}
    with tempfile.TemporaryDirectory(prefix="web-load-") as data:
        cpu: float | None = None
        server = subprocess.Popen(
            [sys.executable, "-m", "auctionrules", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--data", data, "--bot-pause", "0",
             "--tables-per-minute", str(args.tables), "--tables", str(max(100, args.tables))],
            env=env, stdout=subprocess.DEVNULL) if args.port is None else None
        try:
            with httpx.Client(base_url=f"http://{base}", trust_env=False, timeout=30) as http:
                for _ in range(400):
                    try:
                        http.get("/api/catalog")
                        break
                    except httpx.HTTPError:
                        time.sleep(0.05)
                seats, _ = MIXES[args.mix]
                tables = [http.post("/api/tables", json={
                    "variant": "hig-1992-en", "players": len(seats), "seed": args.seed + index,
                    "seats": seats}).json()
                    for index in range(args.tables)]
            result = asyncio.run(play(base, tables, args.seconds, args.seed))
        finally:
            cpu = stop(server) if server is not None else None
    lat = result["latencies"]
    seats, about = MIXES[args.mix]
    connections = args.tables * (seats.count("person") + 1)
    print(f"tables: {args.tables} ({about} each), {connections} connections, "
          f"finished games: {result['finished']}")
    print(f"actions: {result['actions']} in {result['elapsed']:.1f} s = "
          f"{result['actions'] / result['elapsed']:.0f} actions/s")
    if lat:
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        print(f"action -> every connection of its table updated, over {len(lat)} people's "
              f"actions: p50 {statistics.median(lat) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
              f"max {lat[-1] * 1000:.1f} ms")
    if cpu is not None:  # robust to a busy machine, unlike the wall-clock figures
        print(f"server CPU time: {cpu:.1f} s (start-up included) = "
              f"{cpu / max(result['actions'], 1) * 1000:.2f} ms per action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
