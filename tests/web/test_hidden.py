"""Hidden information on the wire: every message a connection receives is its seat's view,
its legal moves and the public log, and nothing else.

Two people and a spectator play whole games over WebSockets; afterwards the
game is replayed from its record and each message received is checked against
the position it was sent in: its ``view`` and ``legal`` are exactly
``game.view(seat)`` and ``game.legal(seat)`` (the spectator's ``public_view()``),
and every word it adds is the same when everything the seat cannot see is drawn
again (``game.determinize``): nothing hidden reaches a message.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.web.conftest import TWO_PEOPLE, create, first_move, state, token

from auctionrules.engine import Game
from auctionrules.engine.legal import Legal
from auctionrules.engine.replay import start_game
from auctionrules.web.present import Presenter
from auctionrules.web.worth import worth_now

KEYS = {"type", "version", "seat", "phase", "round", "view", "legal", "controls", "players",
        "board", "hand", "lot", "waiting", "log", "table", "result", "acted", "worth"}


def _play(client: TestClient, table: str, seats: list[str]) -> None:
    """Both people play plain moves until the game is over (the bots play meanwhile)."""
    for _ in range(5000):
        if client.get(f"/api/tables/{table}").json()["over"]:
            return
        for seat in seats:
            move = first_move(state(client, table, seat))
            if move is not None:
                client.post(f"/api/tables/{table}/actions", json={"seat": seat, "action": move})
    raise AssertionError("the game did not end")


def _drain(socket: Any) -> list[dict[str, Any]]:
    messages = []
    while True:
        message = socket.receive_json()
        messages.append(message)
        if message["phase"] == "over":
            return messages


def _words(presenter: Presenter, game: Game, seat: int | None) -> dict[str, Any]:
    view = game.public_view() if seat is None else game.view(seat)
    legal = Legal(-1, ()) if seat is None else game.legal(seat)
    message = presenter.message(view, legal, [], 0, 0)
    return {key: message[key] for key in ("controls", "players", "board", "hand", "lot")}


@pytest.mark.parametrize(("variant", "modules", "players"), [
    ("hig-1992-en", [], 4),          # money behind screens, sealed auctions
    ("hig-1992-en", ["mystery-hand"], 3),  # a dummy hand whose cards are hidden
])
def test_every_message_holds_only_what_its_seat_may_see(
    client: TestClient, variant: str, modules: list[str], players: int
) -> None:
    seats = TWO_PEOPLE[:players]
    body = create(client, variant=variant, modules=modules, players=players, seats=seats, seed=5)
    table = body["id"]
    tokens = [token(s["url"]) for s in body["seats"]]
    base = f"/ws/tables/{table}"
    with (client.websocket_connect(f"{base}?seat={tokens[0]}") as zero,
          client.websocket_connect(f"{base}?seat={tokens[1]}") as one,
          client.websocket_connect(base) as spectator):
        _play(client, table, tokens)
        received = {0: _drain(zero), 1: _drain(one), None: _drain(spectator)}
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["outcome"] is not None

    game = start_game(record)
    presenter = Presenter(game.rules.ruleset, "en", record["players"])
    pending = {seat: list(messages) for seat, messages in received.items()}
    checked = 0
    for version in range(len(record["actions"]) + 1):
        for seat, messages in pending.items():
            while messages and messages[0]["version"] == version:
                message = messages.pop(0)
                assert set(message) == KEYS
                assert message["seat"] == seat
                # "worth now" is the engine's scoring of public facts: every seat alike
                assert [w["amount"] for w in message["worth"]] == worth_now(game.public_view())
                if seat is None:
                    assert message["view"] == game.public_view().to_dict()
                    assert message["legal"] is None and message["hand"] is None
                    if not game.is_over:  # (the final money is public)
                        assert all(p["cash"] is None for p in message["players"])  # screens
                else:
                    assert message["view"] == game.view(seat).to_dict()
                    assert message["legal"] == game.legal(seat).to_dict()
                    assert message["acted"] == sum(s == seat for s, _ in game.log)
                    others = [p["cash"] for p in message["players"] if p["seat"] != seat]
                    if not game.is_over:
                        assert others == [None] * (players - 1)  # screens
                    if checked % 7 == 0 and not game.is_over:
                        # redraw all this seat cannot see: the words must not change
                        twin = game.determinize(seat, seed=checked)
                        assert _words(presenter, twin, seat) == _words(presenter, game, seat)
                checked += 1
        if version < len(record["actions"]):
            seat, action = record["actions"][version]
            game.apply(action, seat)
    assert all(not messages for messages in pending.values()), "messages of no position"
    assert checked > 3 * 20


def test_a_seat_token_opens_only_its_own_seat(client: TestClient) -> None:
    body = create(client, seats=TWO_PEOPLE)
    table = body["id"]
    zero, one = (token(s["url"]) for s in body["seats"])
    assert state(client, table, zero)["view"]["seat"] == 0
    assert state(client, table, one)["view"]["seat"] == 1
    assert state(client, table)["view"]["hand"] is None
