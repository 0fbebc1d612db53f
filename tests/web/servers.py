"""Real servers for the web tests: uvicorn in a thread, or ``auctionrules serve`` in a
subprocess (a process that can be killed), each on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn

from auctionrules.web.app import create_app
from auctionrules.web.limits import Limits

SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_up(base: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if httpx.get(base + "/api/catalog", timeout=2, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"no server answered at {base} within {seconds} s")
        time.sleep(0.05)


#: Tests make tables faster than people do: the rate limit is tested on its own.
TEST_LIMITS = Limits(per_minute=10_000)


@contextmanager
def thread_server(data: Path, pause: float = 0.0) -> Iterator[str]:
    """A server in this process; its base URL."""
    port = free_port()
    config = uvicorn.Config(create_app(data, pause=pause, limits=TEST_LIMITS), host="127.0.0.1",
                            port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def start_process(data: Path, port: int, pause: float = 0.0) -> subprocess.Popen[bytes]:
    """``python -m auctionrules serve`` in a subprocess (its own process, to kill)."""
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen(
        [sys.executable, "-m", "auctionrules", "serve", "--port", str(port),
         "--data", str(data), "--bot-pause", str(pause),
         "--tables-per-minute", str(TEST_LIMITS.per_minute)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
