"""The JSON API: tables created, played through, their records and rulebooks."""

from __future__ import annotations

import time

from starlette.testclient import TestClient
from tests.web.conftest import (
    FOUR,
    TWO_PEOPLE,
    create,
    first_move,
    state,
    token,
    wait_for_turn,
)

from auctionrules.engine import replay


def test_create_answers_the_links_of_every_person_and_the_spectators(client: TestClient) -> None:
    body = create(client, seats=TWO_PEOPLE)
    assert [s["seat"] for s in body["seats"]] == [0, 1]
    assert all(s["url"].startswith(f"/table/{body['id']}?seat=") for s in body["seats"])
    assert token(body["seats"][0]["url"]) != token(body["seats"][1]["url"])
    assert body["spectate"] == f"/table/{body['id']}"
    assert client.get(body["seats"][0]["url"]).status_code == 200
    summary = client.get(f"/api/tables/{body['id']}").json()
    assert [p["person"] for p in summary["players"]] == [True, True, False, False]


def test_a_person_plays_a_whole_game_against_three_bots(client: TestClient) -> None:
    body = create(client)
    table, seat = body["id"], token(body["seats"][0]["url"])
    for _ in range(500):
        message = wait_for_turn(client, table, seat)
        if message["phase"] == "over":
            break
        move = first_move(message)
        response = client.post(f"/api/tables/{table}/actions",
                               json={"seat": seat, "action": move})
        assert response.status_code == 200, response.text
    else:
        raise AssertionError("the game did not end")
    assert message["result"] and message["view"]["outcome"] is not None
    record = client.get(f"/api/tables/{table}/record").json()
    game = replay(record)  # the record replays, checked action by action
    assert game.outcome is not None
    assert game.outcome.to_dict() == record["outcome"]
    download = client.get(f"/api/tables/{table}/record?download=1")
    assert "attachment" in download.headers["content-disposition"]


def test_a_table_of_bots_plays_to_the_end_and_its_record_replays(client: TestClient) -> None:
    body = create(client, seats=["heuristic", "random", "ismcts:strength=weak", "random"])
    assert body["seats"] == []
    for _ in range(3000):
        if client.get(f"/api/tables/{body['id']}").json()["over"]:
            break
        time.sleep(0.01)
    record = client.get(f"/api/tables/{body['id']}/record").json()
    assert replay(record).outcome is not None


def test_the_running_record_needs_the_host_token(client: TestClient) -> None:
    body = create(client)
    refused = client.get(f"/api/tables/{body['id']}/record")
    assert refused.status_code == 403
    assert "host token" in refused.json()["error"]
    record = client.get(body["host"]).json()
    assert record["outcome"] is None
    assert replay(record).to_act() == (0,)  # the person leads; the bots wait


def test_the_log_and_the_controls_speak_the_tables_language(client: TestClient) -> None:
    body = create(client, language="fr")
    message = state(client, body["id"], token(body["seats"][0]["url"]))
    assert message["log"]["lines"][0].startswith("Manche 1")
    assert message["controls"]["buttons"][0]["label"].startswith("Jouer ")
    summary = client.get(f"/api/tables/{body['id']}").json()
    assert summary["words"]["hand"] == "Votre main"


def test_the_lot_is_described_with_the_rulebooks_sentence(client: TestClient) -> None:
    body = create(client)
    table, seat = body["id"], token(body["seats"][0]["url"])
    message = state(client, table, seat)
    card = next(b for b in message["controls"]["buttons"] if b["action"].endswith("/open"))
    client.post(f"/api/tables/{table}/actions", json={"seat": seat, "action": card["action"]})
    lot = state(client, table, seat)["lot"]
    assert lot["auction"] == "open"
    # hig-1992-en rulebook, "Open auction": its first sentence
    assert lot["rule"].startswith("All players, the auctioneer included, may bid")


def test_the_rulebook_is_served_as_html_and_markdown(client: TestClient) -> None:
    body = create(client)
    page = client.get(f"/api/tables/{body['id']}/rulebook")
    assert page.headers["content-type"].startswith("text/html")
    assert "<h1>Modern Art" in page.text and "Open auction" in page.text
    text = client.get(f"/api/tables/{body['id']}/rulebook?format=md").text
    assert text.startswith("# Modern Art")


def test_validate_locates_the_problems_of_a_pasted_file(client: TestClient) -> None:
    good = "id: house\ntitle: {en: House}\nextends: hig-1992-en\nmoney:\n  starting_cash: 90000\n"
    assert client.post("/api/validate", json={"variant": good}).json()["valid"] is True
    bad = "id: house\ntitle: {en: House}\nextends: hig-1992-en\nmoney:\n  starting_cash: lots\n"
    answer = client.post("/api/validate", json={"variant": bad}).json()
    assert answer["valid"] is False
    assert answer["problems"][0]["text"].startswith("variant.yaml:5:")


def test_a_pasted_variant_is_played(client: TestClient) -> None:
    text = ("id: open-money\ntitle: {en: Open money}\nextends: hig-1992-en\n"
            "money:\n  screens: false\n")
    body = create(client, variant=text)
    summary = client.get(f"/api/tables/{body['id']}").json()
    assert summary["variant"] == "variant.yaml"
    message = state(client, body["id"], token(body["seats"][0]["url"]))
    assert all(p["cash"] is not None for p in message["players"])  # no screens: public


def test_the_catalog_lists_editions_modules_and_agents(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert "hig-1992-en" in [v["id"] for v in catalog["variants"]]
    assert {"random", "heuristic", "ismcts"} <= {a["name"] for a in catalog["agents"]}
    assert catalog["languages"] == ["en", "fr"]


def test_the_pages_are_static_and_keep_to_their_own_origin(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "Create table" in lobby.text
    assert "default-src 'self'" in lobby.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    _ = FOUR
