"""Limit bids at the table: "Up to ..." sends ``limit N``, "Out of this lot" ``limit 0``.

The engine offers a limit (``legal.limit``) in open auctions where it has limit
bids; the page and the server only pass it on. Until the engine offers them the
tests skip, saying so.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.web.conftest import create, state, token


def _open_lot(client: TestClient, **fields: Any) -> tuple[str, str, dict[str, Any]]:
    """A table where the person has led an open lot and is asked to bid."""
    body = create(client, seed=11, **fields)
    table, seat = body["id"], token(body["seats"][0]["url"])
    lead = next(b["action"] for b in state(client, table, seat)["controls"]["buttons"]
                if b["action"].endswith("/open"))
    client.post(f"/api/tables/{table}/actions", json={"seat": seat, "action": lead})
    for _ in range(2000):
        message = state(client, table, seat)
        if "bid" in message["controls"]:
            if "limit" not in message["controls"]:
                pytest.skip("the engine offers no limit bids (legal.limit) yet")
            return table, seat, message
        time.sleep(0.005)
    raise AssertionError("the person was never asked to bid")


def test_the_limit_is_offered_with_its_range_in_words(client: TestClient) -> None:
    _, _, message = _open_lot(client)
    limit = message["controls"]["limit"]
    assert limit["min"] == 0 and limit["max"] >= message["controls"]["bid"]["min"]
    assert "dollars" in limit["text"]


ANNOUNCED = (
    "id: club\ntitle: Club\nextends: hig-1992-en\nauctions: {open: {limits: announced}}\n"
)


def test_the_limits_said_aloud_are_shown_with_the_lot(client: TestClient) -> None:
    """``auctions.open.limits: announced``: the log says the bots' limits, and the lot
    shows them."""
    _, _, message = _open_lot(client, variant=ANNOUNCED)  # (the log is about this lot)
    said = [line.strip().replace(" will go up to ", " goes up to ")
            for line in message["log"]["lines"] if " will go up to " in line]
    assert said, "the bots said no limit (the heuristic agent says one in open auctions)"
    assert sorted(message["lot"]["limits"]) == sorted(said)


def test_a_private_limit_is_not_said_at_the_table(client: TestClient) -> None:
    """The default: the same lot, the bots' limits (the same as above) are neither in
    the log nor with the lot, only the bids made on them; nor is the person's, which
    settles the lot at once (every other seat able to bid is on a limit), heard as the
    bids the engine makes for the person. (What a seat's own view shows of its own
    limit: ``tests/engine/test_limits.py``.)"""
    table, seat, message = _open_lot(client)
    lines = message["log"]["lines"]
    assert not any(" go up to " in line or "drops out" in line for line in lines)
    assert message["lot"]["limits"] == []
    assert any(" bids " in line for line in lines)
    amount = message["controls"]["limit"]["max"]
    response = client.post(f"/api/tables/{table}/actions",
                           json={"seat": seat, "action": f"limit {amount}"})
    assert response.status_code == 200, response.text
    for shown in (state(client, table, seat), state(client, table)):
        after = shown["log"]["lines"][len(lines):]
        assert any(line.strip().startswith("Player 1 bids ") for line in after)
        assert any(line.strip().startswith("-> Player 1 buys ") for line in after)
        assert not any(" go up to " in line for line in shown["log"]["lines"])


def test_out_of_this_lot_is_never_asked_again_in_the_lot(client: TestClient) -> None:
    table, seat, message = _open_lot(client)
    lines = len(message["log"]["lines"])
    response = client.post(f"/api/tables/{table}/actions",
                           json={"seat": seat, "action": "limit 0"})
    assert response.status_code == 200, response.text
    for _ in range(2000):
        message = state(client, table, seat)
        if any("->" in line for line in message["log"]["lines"][lines:]):
            return  # the lot was settled without the person
        assert not message["controls"]["buttons"] and "bid" not in message["controls"]
        time.sleep(0.005)
    raise AssertionError("the lot was never settled")
