"""Robust by construction: a bad request leaves no trace, a bad folder never stops a start,
every frame is answered, every action acknowledged or refused by its id."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.web.conftest import TWO_PEOPLE, create, make_client, state, token

from auctionrules.engine.actions import Action
from auctionrules.engine.agents import Agent
from auctionrules.engine.legal import Legal
from auctionrules.engine.views import View
from auctionrules.web.bots import Thinkers
from auctionrules.web.store import ACTIONS, RECORD, TABLE, UNREADABLE

THREE = {"variant": "hig-1992-en", "players": 3, "seed": 1}


def _folders(data: Path) -> list[str]:
    return sorted(p.name for p in data.iterdir()) if data.exists() else []


@pytest.mark.parametrize(("seats", "words"), [
    (["person", "ismcts:rollout=bogus", "heuristic"], "rollout"),
    (["person", "ismcts:iterations=100000000", "heuristic"], "strength"),
    (["person", "ismcts:seconds=86400", "heuristic"], "not 'seconds'"),
    (["person", "ismcts:strength=godlike", "heuristic"], "unknown strength 'godlike'"),
    (["person", "heuristic:aggression=lots", "heuristic"], "aggression"),
])
def test_a_bad_bot_leaves_no_folder_and_the_next_start_succeeds(
    data: Path, seats: list[str], words: str
) -> None:
    with make_client(data) as client:
        response = client.post("/api/tables", json={**THREE, "seats": seats})
        assert response.status_code == 400, response.text
        assert response.headers["content-type"] == "application/json"
        assert words in response.json()["error"]
        assert response.json()["error"].startswith("chair 1: ")
        assert _folders(data) == []
    with make_client(data) as client:  # the server starts again, and makes tables
        create(client, players=3, seats=["person", "ismcts:strength=weak", "heuristic"])
        assert len(_folders(data)) == 1


def test_a_search_bot_gets_its_strength_within_the_servers_cap(data: Path) -> None:
    from auctionrules.web.limits import Limits

    with make_client(data, Limits(iterations=20)) as client:
        body = create(client, players=3, seats=["person", "ismcts", "ismcts:strength=strong"])
        meta = json.loads((data / body["id"] / TABLE).read_text())
        assert meta["chairs"] == [None, "ismcts:iterations=20", "ismcts:iterations=20"]
        catalog = client.get("/api/catalog").json()
        assert catalog["strengths"] == ["weak", "medium", "strong"]
        assert catalog["strength"] == "medium"
        search = next(a for a in catalog["agents"] if a["name"] == "ismcts")
        assert search["search"] is True and search["parameters"] == {"strength": "medium"}


def test_a_folder_that_cannot_be_loaded_is_set_aside_and_logged(
    data: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with make_client(data) as client:
        good = create(client, seats=TWO_PEOPLE)["id"]
        broken = create(client, seats=TWO_PEOPLE)["id"]
        torn = create(client, seats=TWO_PEOPLE)["id"]
        garbled = create(client, seats=TWO_PEOPLE)["id"]
        bad_bot = create(client, seats=TWO_PEOPLE)["id"]
    (data / broken / TABLE).write_text("{not json")
    (data / torn / ACTIONS).write_text('[0, "bid 999999999"]\n')  # does not replay
    (data / garbled / ACTIONS).write_text('[0, "pass"]\nnonsense\n[1, "pass"]\n')
    meta = json.loads((data / bad_bot / TABLE).read_text())  # as the old server wrote it
    meta["chairs"][2] = "ismcts:rollout=bogus"
    (data / bad_bot / TABLE).write_text(json.dumps(meta))
    (data / "stray-file.txt").write_text("not a table")
    with caplog.at_level(logging.INFO, logger="auctionrules.web"), make_client(data) as client:
        assert set(client.app.state.tables.tables) == {good}  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{broken}").status_code == 404
        create(client)  # and it makes tables
    aside = _folders(data / UNREADABLE)
    assert aside == sorted([broken, torn, garbled, bad_bot])
    text = caplog.text
    assert f"table {good} resumed" in text
    for table_id in (broken, torn, garbled, bad_bot):
        assert f"table {table_id} cannot be resumed" in text


def test_a_draft_left_by_a_kill_is_never_a_table(data: Path) -> None:
    with make_client(data) as client:
        create(client)
    draft = data / "AAAAAAAAAAAA.new"
    draft.mkdir()
    (draft / TABLE).write_text("{")
    with make_client(data) as client:
        assert len(client.app.state.tables.tables) == 1  # type: ignore[attr-defined]
    assert not draft.exists()


def test_binary_and_malformed_frames_are_answered_and_the_connection_stays(
    client: TestClient,
) -> None:
    body = create(client, seats=TWO_PEOPLE)
    zero = token(body["seats"][0]["url"])
    with client.websocket_connect(f"/ws/tables/{body['id']}?seat={zero}") as socket:
        first = socket.receive_json()
        for frame in (b"\x00\x01binary", json.dumps({"action": "pass"}).encode()):
            socket.send_bytes(frame)
            answer = socket.receive_json()
            assert answer["type"] == "error" and "binary" in answer["message"]
        for text in ("[1, 2]", "null", '"pass"', '{"action": "pass", "id": [1]}'):
            socket.send_text(text)
            assert socket.receive_json()["type"] == "error"
        move = first["controls"]["buttons"][0]["action"]
        socket.send_json({"action": move, "id": "a1"})
        assert socket.receive_json()["version"] == 1  # still connected, and acting
        assert socket.receive_json() == {"type": "ack", "id": "a1", "version": 1, "acted": 1}


def test_every_action_is_acknowledged_or_refused_by_its_id(client: TestClient) -> None:
    body = create(client, seats=["person"] * 4)
    table = body["id"]
    zero, one = (token(s["url"]) for s in body["seats"][:2])
    with client.websocket_connect(f"/ws/tables/{table}?seat={zero}") as socket:
        first = socket.receive_json()
        socket.send_json({"action": "bid 5000", "id": 7})  # no lot to bid on
        refused = socket.receive_json()
        assert (refused["type"], refused["id"], refused["status"]) == ("error", 7, 409)
        socket.send_json({"action": first["controls"]["buttons"][0]["action"], "id": 8})
        assert socket.receive_json()["type"] == "state"
        assert socket.receive_json()["type"] == "ack"
    url = f"/api/tables/{table}/actions"
    refused = client.post(url, json={"seat": one, "action": "dance", "id": "x"})
    assert refused.status_code == 400
    assert client.post(url, json={"seat": one, "action": "pass", "id": "y" * 65}).status_code == 400
    message = state(client, table, one)
    move = message["controls"]["buttons"][0]["action"]
    answer = client.post(url, json={"seat": one, "action": move, "id": "b2"})
    assert answer.status_code == 200 and answer.json()["ack"] == "b2"


class _Stuck(Thinkers):
    """Thinkers that never come back: a bot thinking for ever."""

    def __init__(self) -> None:
        super().__init__(1)
        self.asked = 0

    async def think(self, agent: Agent, view: View, legal: Legal) -> tuple[Action, Agent]:
        self.asked += 1
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


def _sealed_lead(message: dict[str, Any]) -> str | None:
    return next((b["action"] for b in message["controls"]["buttons"]
                 if b["action"].endswith("/sealed")), None)


def test_a_persons_action_is_answered_while_a_bot_thinks(client: TestClient) -> None:
    """In a sealed auction every seat bids at once: the person's bid is carried out,
    acknowledged and sent while the search bot is still thinking."""
    stuck = _Stuck()
    client.app.state.tables.thinkers = stuck  # type: ignore[attr-defined]
    for seed in range(40):
        body = create(client, players=3, seed=seed, seats=["person", "ismcts", "random"])
        seat = token(body["seats"][0]["url"])
        lead = _sealed_lead(state(client, body["id"], seat))
        if lead is not None:
            break
    else:
        raise AssertionError("no deal gave the person a sealed card")
    with client.websocket_connect(f"/ws/tables/{body['id']}?seat={seat}") as socket:
        socket.receive_json()
        socket.send_json({"action": lead, "id": 1})
        while (answer := socket.receive_json())["type"] != "ack":
            pass
        bid = None
        for _ in range(100):  # the person is asked to bid (the random bot may bid first)
            message = state(client, body["id"], seat)
            if "bid" in message["controls"]:
                bid = f"bid {message['controls']['bid']['min']}"
                break
            socket.receive_json()
        assert bid is not None
        socket.send_json({"action": bid, "id": 2})
        while (answer := socket.receive_json())["type"] != "ack":
            assert answer["type"] == "state"
        assert answer["id"] == 2
    assert stuck.asked >= 1  # the search bot was (and still is) thinking


def test_any_create_request_makes_a_whole_table_or_leaves_nothing(data: Path) -> None:
    """Drawn requests mix good and bad chairs (agents, parameters, strengths, values),
    so that tables made are exercised as much as refusals: every answer is a 201 or a
    4xx in JSON, and the folders on disk are exactly the tables made."""
    tally: Counter[int] = Counter()
    made: list[str] = []
    chair = st.one_of(
        st.sampled_from(["person", "random", "heuristic", "ismcts", "ismcts:strength=weak"]),
        st.builds(lambda name, key, value: f"{name}:{key}={value}",
                  st.sampled_from(["random", "heuristic", "ismcts", "robot"]),
                  st.sampled_from(["strength", "iterations", "seconds", "rollout", "horizon",
                                   "bid_chance", "aggression", "c", "nothing"]),
                  st.sampled_from(["weak", "strong", "bogus", "0", "-1", "1e9", "nan",
                                   "0.5", "round", "random", ""])),
        st.text(max_size=12),
    )
    with make_client(data) as client:

        @settings(max_examples=60, deadline=None,
                  derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(seats=st.lists(chair, min_size=3, max_size=3))
        def attempt(seats: list[str]) -> None:
            response = client.post("/api/tables", json={**THREE, "seats": seats})
            assert response.headers["content-type"] == "application/json"
            tally[response.status_code] += 1
            if response.status_code == 201:
                made.append(response.json()["id"])
            else:
                assert response.status_code in (400, 422), response.text
                assert response.json()["error"]

        attempt()
        assert sorted(_folders(data)) == sorted(made)
    assert tally[201] >= 5 and tally[400] >= 5, tally
    with make_client(data) as client:  # and every table made is resumed, or is over
        tables = client.app.state.tables.tables  # type: ignore[attr-defined]
        for table_id in made:
            assert table_id in tables or (data / table_id / RECORD).is_file(), table_id
    assert not (data / UNREADABLE).exists()
