"""The limits that keep a public server usable, on a clock the tests move by hand: tables
per address per minute, tables no one played expiring, finished tables archived; and the
lobby's list of open tables."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.web.conftest import TWO_PEOPLE, create, state, token

from auctionrules.web.app import create_app
from auctionrules.web.limits import Limits
from auctionrules.web.store import ARCHIVE, EXPIRED, RECORD


class Clock:
    """Seconds since the epoch that move only when told."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _client(data: Path, clock: Clock, **limits: float) -> TestClient:
    return TestClient(create_app(data, pause=0.0, clock=clock,
                                 limits=Limits(**limits)))  # type: ignore[arg-type]


@pytest.fixture
def limited(data: Path, clock: Clock) -> Iterator[TestClient]:
    with _client(data, clock, per_minute=2, idle=600, keep=3600) as client:
        yield client


def _sweep(client: TestClient) -> None:
    assert client.portal is not None
    tables = client.app.state.tables  # type: ignore[attr-defined]
    client.portal.call(tables.sweep)


def test_tables_per_address_per_minute(limited: TestClient, clock: Clock) -> None:
    request = {"variant": "hig-1992-en", "players": 4, "seats": ["person"] * 4}
    assert limited.post("/api/tables", json={**request, "seats": []}).status_code == 400
    create(limited)  # (a refused request does not count)
    clock.now += 20
    create(limited)
    refused = limited.post("/api/tables", json=request)
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "40"
    assert "2 tables a minute" in refused.json()["error"]
    clock.now += 40
    assert limited.post("/api/tables", json=request).status_code == 201


def test_a_table_no_person_played_expires(limited: TestClient, clock: Clock, data: Path) -> None:
    idle = create(limited, seats=TWO_PEOPLE)
    played = create(limited, seats=TWO_PEOPLE)
    seat = token(played["seats"][0]["url"])
    move = state(limited, played["id"], seat)["controls"]["buttons"][0]["action"]
    limited.post(f"/api/tables/{played['id']}/actions", json={"seat": seat, "action": move})
    clock.now += 599
    _sweep(limited)
    assert limited.get(f"/api/tables/{idle['id']}").status_code == 200
    clock.now += 2
    _sweep(limited)
    gone = limited.get(f"/api/tables/{idle['id']}")
    assert gone.status_code == 410 and "expired" in gone.json()["error"]
    assert (data / EXPIRED / idle["id"]).is_dir() and not (data / idle["id"]).exists()
    assert limited.get(f"/api/tables/{played['id']}").status_code == 200
    tables = limited.app.state.tables  # type: ignore[attr-defined]
    assert set(tables.tables) == {played["id"]}


def test_a_finished_table_is_archived_and_its_record_kept(
    limited: TestClient, clock: Clock, data: Path
) -> None:
    body = create(limited, seats=["random"] * 4, seed=3, pause=0)
    for _ in range(3000):
        if limited.get(f"/api/tables/{body['id']}").json()["over"]:
            break
        time.sleep(0.005)
    record = limited.get(f"/api/tables/{body['id']}/record").json()
    os.utime(data / body["id"] / RECORD, (clock.now - 3599, clock.now - 3599))
    _sweep(limited)
    assert (data / body["id"]).is_dir()
    os.utime(data / body["id"] / RECORD, (clock.now - 3601, clock.now - 3601))
    _sweep(limited)
    assert (data / ARCHIVE / body["id"]).is_dir() and not (data / body["id"]).exists()
    assert limited.get(f"/api/tables/{body['id']}/record").json() == record


def test_the_lobby_lists_open_tables_but_no_private_one(limited: TestClient, clock: Clock) -> None:
    public = create(limited, seats=TWO_PEOPLE)
    clock.now += 60
    private = create(limited, seats=TWO_PEOPLE, private=True)
    assert private["private"] is True
    listing = limited.get("/api/tables").json()
    assert [t["id"] for t in listing["waiting"]] == [public["id"]]
    assert listing["playing"] == []
    entry = listing["waiting"][0]
    assert [f["seat"] for f in entry["free"]] == [0, 1]
    assert entry["spectate"] == f"/table/{public['id']}"
    zero, one = (token(s["url"]) for s in public["seats"])
    state(limited, public["id"], zero)  # the first link is opened: that chair is taken
    assert [f["seat"] for f in limited.get("/api/tables").json()["waiting"][0]["free"]] == [1]
    url = f"/api/tables/{public['id']}/join"
    assert limited.post(url, json={"seat": 0}).status_code == 409
    taken = limited.post(url, json={"seat": 1})
    assert taken.status_code == 200
    new = token(taken.json()["url"])
    assert state(limited, public["id"], new)["seat"] == 1
    assert limited.get(f"/api/tables/{public['id']}/state",
                       params={"seat": one}).status_code == 403  # the old link no longer
    listing = limited.get("/api/tables").json()
    assert listing["waiting"] == [] and [t["id"] for t in listing["playing"]] == [public["id"]]
    assert limited.post(f"/api/tables/{private['id']}/join",
                        json={"seat": 1}).status_code == 409


def test_the_favicon_is_served(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.lstrip().startswith("<svg")


def test_play_again_makes_the_same_chairs_with_a_new_seed(
    limited: TestClient, clock: Clock
) -> None:
    first = create(limited, seats=["person", "heuristic", "ismcts:strength=weak", "person"],
                   seed=4, language="fr", private=True)
    again = limited.post(f"/api/tables/{first['id']}/again")
    assert again.status_code == 201, again.text
    body = again.json()
    assert body["id"] != first["id"] and body["private"] is True
    assert [s["seat"] for s in body["seats"]] == [0, 3]
    old, new = (limited.get(f"/api/tables/{b['id']}").json() for b in (first, body))
    assert new["players"] == old["players"] and new["language"] == "fr"
    record = limited.get(body["host"]).json()
    assert record["seed"] not in (4, 5)  # drawn: the old record tells the old seed
    refused = limited.post(f"/api/tables/{body['id']}/again")  # two a minute, made
    assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
    assert limited.post("/api/tables/nope/again").status_code == 404
