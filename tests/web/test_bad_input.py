"""Bad input: a clear message with a status that says its kind, and the game unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.web.conftest import TWO_PEOPLE, create, make_client, state, token

from auctionrules.web.limits import Limits


def _snapshot(client: TestClient, body: dict[str, Any]) -> Any:
    """Everything about the table that an action could change."""
    return client.get(body["host"]).json(), client.get(f"/api/tables/{body['id']}").json()


@pytest.mark.parametrize(("request_body", "status", "words"), [
    ({"variant": "hig-1992-en", "players": 4, "seats": ["person"] * 3}, 400, "3 chairs for 4"),
    ({"variant": "hig-1992-en", "players": 4, "seats": ["person", "robot", "random", "random"]},
     400, "unknown agent 'robot'"),
    ({"variant": "hig-1992-en", "players": 4, "seats": ["person"] * 4, "language": "de"},
     400, "unknown language 'de'"),
    ({"variant": "hig-1992-en", "players": 4, "seats": ["person"] * 4, "colour": "red"},
     400, "unknown field 'colour'"),
    ({"variant": "hig-1992-en", "players": 4, "seats": ["person"] * 4, "pause": 99},
     400, "'pause' must be"),
    ({"variant": "hig-1992", "players": 4, "seats": ["person"] * 4}, 422, "unknown variant"),
    ({"variant": "hig-1992-en", "players": 9, "seats": ["person"] * 9}, 422, "9"),
    ({"variant": "hig-1992-en", "modules": ["no-such"], "players": 4, "seats": ["person"] * 4},
     400, "unknown module 'no-such'"),
    ([1, 2], 400, "JSON object"),
])
def test_a_bad_create_request_is_refused_with_its_problems(
    client: TestClient, request_body: Any, status: int, words: str
) -> None:
    response = client.post("/api/tables", json=request_body)
    assert response.status_code == status
    assert words in " ".join(response.json()["problems"])
    assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]


def test_an_invalid_variant_file_comes_back_located(client: TestClient) -> None:
    text = "id: house\ntitle: {en: House}\nextends: hig-1992-en\nmoney:\n  starting_cash: -5\n"
    response = client.post("/api/tables", json={"variant": text, "seats": ["person"] * 4})
    assert response.status_code == 422
    located = response.json()["located"][0]
    assert (located["file"], located["line"]) == ("variant.yaml", 5)
    assert located["text"].startswith("variant.yaml:5:")


def test_a_variant_file_may_not_name_a_path_on_the_server(client: TestClient) -> None:
    text = "id: house\ntitle: {en: House}\nextends: /etc/passwd.yaml\n"
    response = client.post("/api/tables", json={"variant": text, "seats": ["person"] * 4})
    assert response.status_code == 422
    assert "only bundled editions and modules" in response.json()["error"]


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and "not JSON" in response.json()["error"]
    huge = "x" * (Limits().upload + 1)
    response = client.post("/api/tables", json={"variant": huge})
    assert response.status_code == 413 and "limit" in response.json()["error"]
    response = client.post("/api/validate", content=huge.encode())
    assert response.status_code == 413


def test_unknown_tables_are_not_found(client: TestClient) -> None:
    for url in ("/api/tables/nope", "/api/tables/nope/state", "/api/tables/nope/record",
                "/api/tables/nope/rulebook", "/table/nope"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert "nope" in response.text
    response = client.post("/api/tables/nope/actions", json={"seat": "x", "action": "pass"})
    assert response.status_code == 404
    with client.websocket_connect("/ws/tables/nope") as socket:
        assert "no table 'nope'" in socket.receive_json()["message"]
    for odd in ("..", ".", "a.b", "%2e%2e", "x" * 65):  # never a path on the server's disk
        assert client.get(f"/api/tables/{odd}/record").status_code == 404


def test_actions_refused_leave_the_game_unchanged(client: TestClient) -> None:
    body = create(client, seats=TWO_PEOPLE)
    table = body["id"]
    zero, one = (token(s["url"]) for s in body["seats"])
    before = _snapshot(client, body)
    url = f"/api/tables/{table}/actions"
    cases = [
        ({"seat": "forged-token", "action": "pass"}, 403, "not valid"),
        ({"action": "pass"}, 403, "needs the seat's token"),
        ({"seat": one, "action": "pass"}, 409, ""),            # seat 1 is not to act
        ({"seat": zero, "action": "bid 5000"}, 409, ""),       # no lot to bid on
        ({"seat": zero, "action": "play nobody/open"}, 409, ""),
        ({"seat": zero, "action": "dance"}, 400, "unknown verb"),
        ({"seat": zero, "action": 7}, 400, "short text"),
        ({"seat": zero, "action": "bid " + "9" * 40}, 400, ""),
        ({"seat": zero, "action": "x" * (Limits().message + 10)}, 413, "limit"),
        ([], 400, "send"),
    ]
    for request_body, status, words in cases:
        response = client.post(url, json=request_body)
        assert response.status_code == status, (request_body, response.text)
        assert words in response.json()["error"]
        assert _snapshot(client, body) == before
    assert state(client, table, zero)["version"] == 0


def test_websocket_messages_refused_keep_the_connection_and_the_game(client: TestClient) -> None:
    body = create(client, seats=TWO_PEOPLE)
    table = body["id"]
    zero = token(body["seats"][0]["url"])
    before = _snapshot(client, body)
    with client.websocket_connect(f"/ws/tables/{table}?seat={zero}") as socket:
        first = socket.receive_json()
        assert first["type"] == "state"
        for text, words in [
            ("{not json", "not JSON"),
            ('{"move": "pass"}', "send {"),
            ("x" * (Limits().message + 1), "limit"),
            ('{"action": "bid 5000"}', ""),
            ('{"action": "pass pass"}', "takes no argument"),
        ]:
            socket.send_text(text)
            answer = socket.receive_json()
            assert answer["type"] == "error" and words in answer["message"]
        assert _snapshot(client, body) == before
        socket.send_json({"action": first["controls"]["buttons"][0]["action"]})
        assert socket.receive_json()["version"] == 1  # still connected, and acting
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        spectator.receive_json()
        spectator.send_text('{"action": "pass"}')
        assert "spectator cannot act" in spectator.receive_json()["message"]
    with client.websocket_connect(f"/ws/tables/{table}?seat=forged") as forged:
        assert "not valid" in forged.receive_json()["message"]


def test_the_number_of_unfinished_tables_is_bounded(data: Path) -> None:
    with make_client(data, Limits(tables=1)) as client:
        create(client)
        response = client.post("/api/tables", json={"variant": "hig-1992-en",
                                                    "seats": ["person"] * 4})
        assert response.status_code == 503
        assert "1 unfinished tables" in response.json()["error"]
