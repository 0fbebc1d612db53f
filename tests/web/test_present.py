"""The words a table sends, checked against the engine: refusals are said in the player's
words and language, the controls name what they do ("No second card"), a sealed bid is
labelled as the seat's own, and seats are named from 1."""

from __future__ import annotations

from starlette.testclient import TestClient
from tests.web.conftest import FOUR, create, state, token

from auctionrules.engine import Game
from auctionrules.loader import load_ruleset
from auctionrules.web.present import Presenter, ink
from auctionrules.web.table import seat_names

NAMES = seat_names([None, None, None, None], "en")


def _until(game: Game, wanted: object) -> int:
    """Play first legal moves until ``wanted(game, seat)`` holds for the seat to act."""
    for _ in range(500):
        seat = game.to_act()[0]
        if wanted(game, seat):  # type: ignore[operator]
            return seat
        legal = game.legal(seat)
        move = next((str(a) for a in legal.actions if str(a) != "pass"), None)
        if move is None:
            move = "pass" if legal.actions else f"price {legal.price[0]}" if legal.price \
                else f"bid {legal.bid[0]}"  # type: ignore[index]
        game.apply(move, seat)
    raise AssertionError("no such position")


def test_pass_at_a_double_is_no_second_card_and_the_rule_is_the_doubles() -> None:
    game = Game.new(load_ruleset("hig-1992-en"), players=4, seed=3)
    presenter = Presenter(game.rules.ruleset, "en", NAMES)

    def double_offered(g: Game, seat: int) -> bool:
        return any(str(a).startswith("add ") for a in g.legal(seat).actions)

    seat = _until(game, double_offered)
    message = presenter.message(game.view(seat), game.legal(seat), [], 0, 0)
    labels = {b["action"]: b["label"] for b in message["controls"]["buttons"]}
    assert labels["pass"] == "No second card"
    assert message["turn"]["text"].startswith("Add a second painting")
    assert "double" in message["lot"]["rule"].lower()


def test_a_sealed_bid_is_labelled_as_the_seats_own() -> None:
    game = Game.new(load_ruleset("hig-1992-en"), players=4, seed=2)
    presenter = Presenter(game.rules.ruleset, "fr", seat_names([None] * 4, "fr"))

    def sealed(g: Game, seat: int) -> bool:
        lot = g.view(seat).to_dict()["lot"]
        return lot is not None and lot["type"] == "sealed" and len(g.to_act()) > 1

    _until(game, sealed)  # every seat still to bid, nobody has yet
    bidder = game.to_act()[-1]
    low = game.legal(bidder).bid
    assert low is not None
    game.apply(f"bid {low[0]}", bidder)
    for seat in range(4):
        lot = presenter.message(game.view(seat), game.legal(seat), [], 0, 0)["lot"]
        mine = "Votre offre secrète\u00a0: " + presenter.log.money(low[0])
        assert lot["own_sealed_bid"] == (mine if seat == bidder else None)


def test_refusals_are_in_the_players_words_and_language(client: TestClient) -> None:
    body = create(client, seats=FOUR, seed=4, language="fr")
    assert [s["name"] for s in body["seats"]] == ["Joueur 1"]
    table, me = body["id"], token(body["seats"][0]["url"])
    assert state(client, table, me)["players"][1]["name"] == "Joueur 2 (heuristic)"
    bad = client.post(f"/api/tables/{table}/actions", json={"seat": me, "action": "bid 5"})
    assert bad.status_code == 409
    message = bad.json()["error"]
    assert message == "Vous ne pouvez pas enchérir maintenant."
    assert "seat" not in message and "by" not in message
    english = create(client, seats=FOUR, seed=4)
    table, me = english["id"], token(english["seats"][0]["url"])
    card = state(client, table, me)["hand"][0]
    played = client.post(f"/api/tables/{table}/actions",
                         json={"seat": me, "action": f"play {card['card']}"})
    assert played.status_code == 200
    for _ in range(400):  # the bots' turns come; a second lead is refused by name
        again = client.post(f"/api/tables/{table}/actions",
                            json={"seat": me, "action": f"play {card['card']}"})
        text = again.json().get("error", "")
        if text.startswith("It is not your turn: waiting for Player "):
            break
        if again.status_code == 409 and text.startswith(("A bid must be", "You cannot")):
            break
    else:
        raise AssertionError("no refusal came")
    assert "seat" not in text and " a open" not in text


def test_ink_reads_on_every_palette_colour() -> None:
    from auctionrules.model import PALETTE

    assert ink("#ffffff") == "#1d1d1f" and ink("#000000") == "#ffffff"
    assert {ink(c) for c in PALETTE} == {"#1d1d1f", "#ffffff"}
