"""Nothing lost: a server killed with SIGKILL mid-game resumes every table where it was."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.conftest import FOUR, create, first_move, make_client
from tests.web.servers import free_port, start_process, wait_until_up

from auctionrules.engine import replay
from auctionrules.web.limits import Limits
from auctionrules.web.store import ACTIONS, Store

#: one client for the whole module (a new one per request costs more than the request)
HTTP = httpx.Client(timeout=10, trust_env=False)


def _state(base: str, table: str, seat: str) -> dict[str, Any]:
    response = HTTP.get(f"{base}/api/tables/{table}/state", params={"seat": seat})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _play(base: str, table: str, seat: str, actions: int) -> dict[str, Any]:
    """The person makes ``actions`` moves (the bots play between them); the last state."""
    done = 0
    deadline = time.monotonic() + 60
    while done < actions and time.monotonic() < deadline:
        message = _state(base, table, seat)
        if message["phase"] == "over":
            return message
        move = first_move(message)
        if move is None:
            time.sleep(0.01)
            continue
        response = HTTP.post(f"{base}/api/tables/{table}/actions",
                              json={"seat": seat, "action": move})
        assert response.status_code == 200, response.text
        done += 1
    return _state(base, table, seat)


def _settled(base: str, table: str, seat: str) -> dict[str, Any]:
    """The person's state once the bots have nothing left to do before the person."""
    for _ in range(1000):
        message = _state(base, table, seat)
        if message["phase"] == "over" or first_move(message) is not None:
            return message
        time.sleep(0.01)
    raise AssertionError("the bots never came back to the person")


@pytest.mark.slow
def test_a_killed_server_resumes_every_table_at_the_same_position(tmp_path: Path) -> None:
    data, port = tmp_path / "tables", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_process(data, port, pause=0.0)
    try:
        wait_until_up(base)
        person = HTTP.post(f"{base}/api/tables", json={
            "variant": "hig-1992-en", "players": 4, "seats": FOUR, "seed": 2}).json()
        bots = HTTP.post(f"{base}/api/tables", json={
            "variant": "hig-1992-en", "players": 3, "seats": ["random"] * 3, "seed": 4,
            "pause": 0.005}).json()
        table, seat = person["id"], person["seats"][0]["url"].split("seat=")[1]
        _play(base, table, seat, 12)
        before = _settled(base, table, seat)
        assert before["version"] > 0 and before["phase"] != "over"
        bots_before = HTTP.get(f"{base}/api/tables/{bots['id']}").json()["version"]
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        server.kill()
        server.wait()

    server = start_process(data, port, pause=0.0)
    try:
        wait_until_up(base)
        after = _state(base, table, seat)  # the same token still holds the seat
        assert after["version"] == before["version"]
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["log"]["lines"] == before["log"]["lines"]
        # the bots' table goes on from where it was, to the end
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            summary = HTTP.get(f"{base}/api/tables/{bots['id']}").json()
            if summary["over"]:
                break
            time.sleep(0.05)
        assert summary["over"] and summary["version"] >= bots_before
        assert replay(HTTP.get(f"{base}/api/tables/{bots['id']}/record").json()).is_over
        # and the person can finish the game
        last = _play(base, table, seat, 1000)
        assert last["phase"] == "over"
        record = HTTP.get(f"{base}/api/tables/{table}/record").json()
        assert replay(record).outcome is not None
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def test_a_torn_last_line_is_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.create("t1", {"id": "t1"})
    store.append("t1", 0, "play yoko/open")
    store.append("t1", 1, "bid 1000")
    with open(tmp_path / "t1" / ACTIONS, "a", encoding="utf-8") as handle:
        handle.write('[2, "bid 20')  # a kill in the middle of a write
    [(table_id, saved)] = list(store.load())
    assert table_id == "t1"
    assert saved.actions == [(0, "play yoko/open"), (1, "bid 1000")]
    assert (tmp_path / "t1" / ACTIONS).read_text().endswith('"bid 1000"]\n')


def test_finished_tables_leave_memory_and_are_read_back_when_asked_for(tmp_path: Path) -> None:
    with make_client(tmp_path, Limits(finished=0)) as client:
        done = create(client, seats=["random"] * 4, seed=3)
        for _ in range(2000):
            if client.get(f"/api/tables/{done['id']}").json()["over"]:
                break
            time.sleep(0.005)
        record = client.get(f"/api/tables/{done['id']}/record").json()
        create(client)  # a new table: the finished one leaves memory
        tables = client.app.state.tables.tables  # type: ignore[attr-defined]
        assert done["id"] not in tables
        assert client.get(f"/api/tables/{done['id']}/record").json() == record  # from disk
        assert client.get(f"/table/{done['id']}").status_code == 200
    with make_client(tmp_path) as client:  # a restart resumes only the unfinished one
        tables = client.app.state.tables.tables  # type: ignore[attr-defined]
        assert done["id"] not in tables and len(tables) == 1
        assert client.get(f"/api/tables/{done['id']}/record").json() == record
