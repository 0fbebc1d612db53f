"""Fixtures of the web tests: the application under Starlette's TestClient, and helpers
that drive a table through the JSON API as a person would."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

with warnings.catch_warnings():  # Starlette 1.x nudges toward httpx2; httpx still works
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from auctionrules.web.app import create_app
from auctionrules.web.limits import Limits

FOUR = ["person", "heuristic", "heuristic", "heuristic"]
TWO_PEOPLE = ["person", "person", "heuristic", "heuristic"]


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "tables"


@pytest.fixture
def client(data: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data, pause=0.0, limits=Limits(per_minute=10_000))) as test_client:
        yield test_client


def make_client(data: Path, limits: Limits | None = None) -> TestClient:
    return TestClient(create_app(data, pause=0.0, limits=limits or Limits(per_minute=10_000)))


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    """A new table (hig-1992-en, seed 1, one person and three bots unless told)."""
    request = {"variant": "hig-1992-en", "players": 4, "seats": FOUR, "seed": 1, **fields}
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def token(url: str) -> str:
    return url.split("?seat=", 1)[1]


def state(client: TestClient, table: str, seat_token: str | None = None) -> dict[str, Any]:
    params = {"seat": seat_token} if seat_token else {}
    response = client.get(f"/api/tables/{table}/state", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def first_move(message: dict[str, Any]) -> str | None:
    """A plain choice from a state's controls: pass if allowed, else the first button,
    else the lowest amount (``None``: nothing to do)."""
    controls = message["controls"]
    actions = [b["action"] for b in controls["buttons"]]
    if "pass" in actions:
        return "pass"
    if actions:
        return actions[0]
    for kind in ("bid", "price"):
        if kind in controls:
            return f"{kind} {controls[kind]['min']}"
    return None


def wait_for_turn(client: TestClient, table: str, seat_token: str,
                  tries: int = 2000) -> dict[str, Any]:
    """The seat's state once it must act, or the game is over (bots play meanwhile)."""
    import time

    for _ in range(tries):
        message = state(client, table, seat_token)
        if message["phase"] == "over" or first_move(message) is not None:
            return message
        time.sleep(0.005)
    raise AssertionError("the seat was never asked to act")
