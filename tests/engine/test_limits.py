"""Limit bids in open auctions: ``limit N`` said once, the engine answering for the seat.

From the ``limit N`` answer on, in that lot, whenever the seat would be asked the
engine answers for it: a pass while it holds the high bid, else the lowest legal
bid while that is at most ``N``, else a pass. The tests check it against the same
game played by asking the seat every time (the rule written out here, apart from
the engine's), on the rulebook's example and on random games and limits.
"""

from __future__ import annotations

import atexit
import copy
import json
import os
import pickle
import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionrules.engine import (
    Action,
    Bid,
    Event,
    Game,
    IllegalActionError,
    Legal,
    Limit,
    Pass,
    RandomAgent,
    dumps,
    replay,
)
from auctionrules.engine.hiding import events_seen
from auctionrules.engine.history import COMPACT
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset

from .conftest import ROOT, ruleset
from .helpers import run

AXEL, BEATRIX, CLEMENS, DORIS = range(4)
_FOLDER = Path(tempfile.mkdtemp(prefix="auctionrules-limits-"))
atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)


def _announced() -> Ruleset:
    """``hig-1992-en`` with ``auctions.open.limits: announced``: every seat hears the
    limits said (the default keeps each seat's limit its own)."""
    return _house("auctions: {open: {limits: announced}}\n")


def _house(body: str) -> Ruleset:
    """``hig-1992-en`` with ``body`` (YAML) on top."""
    path = _FOLDER / f"house-{abs(hash(body))}.yaml"
    path.write_text(f"id: house\ntitle: House\nextends: hig-1992-en\n{body}", encoding="utf-8")
    return load_ruleset(path)


def _book_game(rs: Ruleset | None = None) -> Game:
    """001, "The First round": Axel (seat 0) leads a Krypto card with a cross, an open
    auction; four players, starting cash."""
    return Game.from_position(
        rs or ruleset("hig-1992-en"), 4,
        hands=[["krypto/open", "yoko/sealed"], ["yoko/open"], ["yoko/open"], ["yoko/open"]],
    )


def _position(game: Game) -> tuple[Any, ...]:
    """The whole state but the history's length (a limit said is one entry more)."""
    whole = game.state.snapshot()
    return whole[:21] + whole[22:]


def _plain(events: list[Event]) -> list[tuple[str, Any, Any]]:
    """The bidding as the table heard it: each bid and pass, who and how much (whether
    the engine answered on a limit or the seat itself), without the limits said."""
    return [
        (e.kind, e["seat"], e.get("amount")) for e in events
        if e.kind in ("bid", "pass", "sold")
    ]


# --- the rulebook's example ---------------------------------------------------------------


def test_the_books_open_auction_with_limits_is_the_same_as_asked_in_turn() -> None:
    """001, "The First round": "Doris could start with a bid of 14,000, Clemens tops her
    with 15,000, Doris replies with 17,000, Axel bids 18,000 and Doris then 19,000. Axel
    ... fails, giving Doris the card for 19,000." Here Beatrix is out at once, Axel goes
    up to 18,000 and Doris up to 25,000: once Clemens is out too, the engine settles the
    lot without asking anyone, as asking each in turn would have."""
    limits = _book_game()
    said = run(limits, [
        (AXEL, "play krypto/open"),
        (BEATRIX, "limit 0"),  # out of the lot
        (CLEMENS, "pass"), (DORIS, "bid 14000"), (AXEL, "pass"),
        (CLEMENS, "bid 15000"), (DORIS, "bid 17000"),
        (AXEL, "limit 18000"),  # bids 18,000 at once
        (CLEMENS, "limit 0"),
    ])
    assert limits.to_act() == (DORIS,)  # (Axel and Beatrix are never asked again)
    said += run(limits, [(DORIS, "limit 25000")])
    # settled at once: the next lead is Beatrix's, nobody was asked in between
    assert limits.state.lot is None and limits.to_act() == (BEATRIX,)
    sold = [e for e in said if e.kind == "sold"]
    assert [(e["seat"], e["price"]) for e in sold] == [(DORIS, 19000)]

    asked = _book_game()
    heard = run(asked, [
        (AXEL, "play krypto/open"),
        (BEATRIX, "pass"), (CLEMENS, "pass"), (DORIS, "bid 14000"), (AXEL, "pass"),
        (BEATRIX, "pass"), (CLEMENS, "bid 15000"), (DORIS, "bid 17000"),
        (AXEL, "bid 18000"), (BEATRIX, "pass"), (CLEMENS, "pass"), (DORIS, "bid 19000"),
        (AXEL, "pass"), (BEATRIX, "pass"), (CLEMENS, "pass"),
    ])
    assert _plain(said) == _plain(heard)
    assert limits.state.cash == asked.state.cash == (119000, 100000, 100000, 81000)
    assert limits.state.owned == asked.state.owned
    assert _position(limits) == _position(asked)


def test_the_log_keeps_the_limits_and_the_events_show_the_answers() -> None:
    """``auctions.open.limits: announced``: a limit is said aloud, every seat knows it."""
    game = _book_game(_announced())
    events = run(game, [
        (AXEL, "play krypto/open"), (BEATRIX, "limit 0"), (CLEMENS, "limit 3000"),
    ])
    assert game.log[-2:] == [(BEATRIX, Limit(0)), (CLEMENS, Limit(3000))]
    assert [(e.kind, dict(e.fields)) for e in events[1:]] == [
        ("limit", {"seat": BEATRIX, "amount": 0, "out": True}),
        ("pass", {"seat": BEATRIX, "automatic": True}),
        ("limit", {"seat": CLEMENS, "amount": 3000, "out": False}),
        ("bid", {"seat": CLEMENS, "amount": 1000, "automatic": True}),
    ]
    for event in events:
        if event.kind == "limit":
            assert tuple(event.fields) == COMPACT["limit"]
    lot = dict(game.view(DORIS).lot or ())
    assert lot["limits"] == (None, 0, 3000, None)  # said aloud: public
    assert lot["bids"] == ((CLEMENS, 1000),)
    assert dict(game.view(None).lot or ())["limits"] == (None, 0, 3000, None)


def test_a_private_limit_is_its_seats_alone_the_others_hear_the_bids() -> None:
    """The default, ``auctions.open.limits: private``: the action log (the referee's
    record) keeps the limits; every other seat and a spectator hear only the bids and
    passes the engine makes on them, unmarked, as if the seat had said them."""
    game = _book_game()
    events = run(game, [
        (AXEL, "play krypto/open"), (BEATRIX, "limit 0"), (CLEMENS, "limit 3000"),
    ])
    assert game.log[-2:] == [(BEATRIX, Limit(0)), (CLEMENS, Limit(3000))]
    heard = [("pass", {"seat": BEATRIX}), ("bid", {"seat": CLEMENS, "amount": 1000})]
    assert [(e.kind, dict(e.fields)) for e in events[1:]] == heard
    assert [(e.kind, dict(e.fields)) for e in game.events[-2:]] == heard
    for seat in (AXEL, DORIS, None):
        assert [(e.kind, dict(e.fields)) for e in events_seen(game, seat)[0][-2:]] == heard
    # each seat on a limit hears its own, and the others' answers as bids and passes
    assert [(e.kind, dict(e.fields)) for e in events_seen(game, CLEMENS)[0][-3:]] == [
        ("pass", {"seat": BEATRIX}),
        ("limit", {"seat": CLEMENS, "amount": 3000, "out": False}),
        ("bid", {"seat": CLEMENS, "amount": 1000, "automatic": True}),
    ]
    assert [(e.kind, dict(e.fields)) for e in events_seen(game, BEATRIX)[0][-3:]] == [
        ("limit", {"seat": BEATRIX, "amount": 0, "out": True}),
        ("pass", {"seat": BEATRIX, "automatic": True}),
        ("bid", {"seat": CLEMENS, "amount": 1000}),
    ]
    assert dict(game.view(DORIS).lot or ())["limits"] == (None,) * 4
    assert dict(game.view(None).lot or ())["limits"] == (None,) * 4
    assert dict(game.view(BEATRIX).lot or ())["limits"] == (None, 0, None, None)
    assert dict(game.view(CLEMENS).lot or ())["limits"] == (None, None, 3000, None)
    assert dict(game.view(DORIS).lot or ())["bids"] == ((CLEMENS, 1000),)


# --- the legal moves ------------------------------------------------------------------------


def test_a_limit_is_offered_exactly_where_an_open_bid_is() -> None:
    game = _book_game()
    game.apply("play krypto/open", AXEL)
    legal = game.legal(BEATRIX)
    assert legal.bid == (1000, 100000, 1000)
    assert legal.limit == (0, 100000, 1000)
    assert Limit(0) in legal and Limit(100000) in legal and Limit(37000) in legal
    assert Limit(101000) not in legal and Limit(500) not in legal
    assert legal.count() == 1 + 100 + 101
    assert legal.to_dict()["limit"] == [0, 100000, 1000]
    assert "limit 0..100000 step 1000" in repr(legal)
    assert legal != Legal(BEATRIX, legal.actions, legal.bid)
    assert hash(legal) == hash(Legal(BEATRIX, legal.actions, legal.bid, None, legal.limit))
    assert game.legal(CLEMENS).limit is None  # (not this seat's turn)


@pytest.mark.parametrize("card", ["yoko/sealed", "yoko/once_around", "yoko/fixed_price"])
def test_no_limit_outside_an_open_auction(card: str) -> None:
    game = Game.from_position(
        ruleset("hig-1992-en"), 4, hands=[[card], ["yoko/open"], ["yoko/open"], ["yoko/open"]],
    )
    game.apply(f"play {card}", AXEL)
    if card == "yoko/fixed_price":
        game.apply("price 10000", AXEL)
    seat = game.to_act()[0]
    assert game.legal(seat).limit is None
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="limit"):
        game.apply("limit 5000", seat)
    assert game.snapshot() == before


@pytest.mark.parametrize(
    ("seat", "text", "reason"),
    [
        (BEATRIX, "limit 101000", "a limit must be from 0 to 100000 in steps of 1000"),
        (BEATRIX, "limit 2500", "a limit must be from 0 to 100000 in steps of 1000"),
        (CLEMENS, "limit 5000", "not seat 2's turn"),
    ],
)
def test_an_illegal_limit_is_refused_and_changes_nothing(seat: int, text: str, reason: str) -> None:
    game = _book_game()
    game.apply("play krypto/open", AXEL)
    before, log = game.snapshot(), list(game.log)
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(text, seat)
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(Action.parse(text), seat)
    assert game.snapshot() == before and game.log == log


def test_an_auctioneer_barred_from_bidding_says_no_limit(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text(
        "id: v\ntitle: v\nextends: hig-1992-en\nauctions: {open: {auctioneer_may_bid: false}}\n",
        encoding="utf-8",
    )
    game = _book_game(load_ruleset(path))
    run(game, [(AXEL, "play krypto/open"), (BEATRIX, "bid 3000"), (CLEMENS, "pass"),
               (DORIS, "pass")])
    assert game.to_act() == (AXEL,) and game.legal(AXEL).limit is None
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="auctioneer may not bid"):
        game.apply("limit 9000", AXEL)
    assert game.snapshot() == before



def _asked_until_settled(game: Game, answers: dict[int, str]) -> list[int]:
    """Play the lot under the hammer to its end, each seat giving its answer of
    ``answers`` where it may (else a pass); the seats asked, in turn."""
    asked = []
    while game.state.lot is not None:
        seat = game.to_act()[0]
        asked.append(seat)
        legal = game.legal(seat)
        game.apply(answers[seat] if seat in answers and legal.limit else "pass", seat)
    return asked


def test_once_every_seat_able_to_raise_is_on_a_limit_nobody_is_asked(tmp_path: Path) -> None:
    """Doris has no money, so she can only pass; once Beatrix, Clemens and Axel are
    on limits the engine settles the lot without asking anyone, Doris included,
    and it ends as it would asking her in turn (a pass each time)."""
    game = Game.from_position(
        ruleset("hig-1992-en"), 4, cash=[60000, 60000, 60000, 0],
        hands=[["krypto/open", "yoko/sealed"], ["yoko/open"], ["yoko/open"], ["yoko/open"]],
    )
    run(game, [(AXEL, "play krypto/open")])
    answers = {BEATRIX: "limit 40000", CLEMENS: "limit 60000", AXEL: "limit 50000"}
    assert _asked_until_settled(game, answers) == [BEATRIX, CLEMENS, DORIS, AXEL]
    sold = game.events_of("sold")[-1].fields
    assert (sold["seat"], sold["price"]) == (CLEMENS, 51000)
    # Doris's passes after Axel's limit are the engine's, as the others' answers are
    # (she knows it; the others hear passes)
    passes = [e.fields for e in events_seen(game, DORIS)[0]
              if e.kind == "pass" and e.fields["seat"] == DORIS]
    assert passes[0] == {"seat": DORIS} and len(passes) > 1
    assert all(data.get("automatic") for data in passes[1:])


def test_an_auctioneer_barred_from_bidding_is_not_asked_once_the_others_are_on_limits(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v.yaml"
    path.write_text(
        "id: v\ntitle: v\nextends: hig-1992-en\nauctions: {open: {auctioneer_may_bid: false}}\n",
        encoding="utf-8",
    )
    game = _book_game(load_ruleset(path))
    run(game, [(AXEL, "play krypto/open")])
    answers = {BEATRIX: "limit 9000", CLEMENS: "limit 12000", DORIS: "limit 5000"}
    assert _asked_until_settled(game, answers) == [BEATRIX, CLEMENS, DORIS]
    sold = game.events_of("sold")[-1].fields
    assert (sold["seat"], sold["price"]) == (CLEMENS, 9000)

# --- the same game as asking in turn: random games, random limits ----------------------------

#: An ``open.ending`` of each kind: a pass is not final (001) or drops the seat out.
ENDINGS = ("hig-1992-en", "pass-is-final")


def _ruleset(name: str, tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    if name == "hig-1992-en":
        return ruleset(name)
    path = tmp_path_factory.mktemp("v") / "v.yaml"
    path.write_text(
        "id: v\ntitle: v\nextends: hig-1992-en\nauctions: {open: {ending: pass-is-final}}\n",
        encoding="utf-8",
    )
    return load_ruleset(path)


def _to_open_bid(game: Game, agent: RandomAgent, skip: int) -> bool:
    """Play randomly up to the ``skip``-th decision of the game that offers a limit;
    ``False`` if the game ended first."""
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        if legal.limit is not None:
            if skip == 0:
                return True
            skip -= 1
        game.apply(agent.act(game.view(seat), legal), seat)
    return False


def _on_limit(game: Game, seat: int, limit: int) -> Action:
    """The answer the rule gives for ``seat`` on ``limit`` (written out from the rule's
    words, apart from the engine's)."""
    lot, legal = game.state.lot, game.legal(seat)
    assert lot is not None
    if lot.high_bidder == seat or legal.bid is None or legal.bid[0] > limit:
        return Pass()
    return Bid(legal.bid[0])


def _finish_lot(game: Game, limits: dict[int, float], said: bool, seed: int) -> None:
    """Play the lot under the hammer to its end: a seat of ``limits`` (a share of what
    it may bid) says its limit when first asked (``said``) or is answered by the rule
    every time; the others bid the minimum or pass at random (the same draws in
    both games: they are asked in the same order)."""
    rng = random.Random(seed)
    lot = game.state.lot
    amounts: dict[int, int] = {}
    while game.state.lot is lot and not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        if seat in limits and legal.limit is not None:
            if seat not in amounts:
                top, step = legal.limit[1], legal.limit[2]
                amounts[seat] = int(limits[seat] * top) // step * step
            if said:
                action: Action = Limit(amounts[seat])
            else:
                action = _on_limit(game, seat, amounts[seat])
        elif seat in amounts:  # (on a limit: never asked again when it was said)
            assert not said, "a seat on a limit was asked"
            action = _on_limit(game, seat, amounts[seat])
        elif legal.bid is not None and rng.random() < 0.6:
            action = Bid(legal.bid[0] + legal.bid[2] * rng.randrange(3) if
                         legal.bid[0] + 2 * legal.bid[2] <= legal.bid[1] else legal.bid[0])
        else:
            action = Pass()
        game.apply(action, seat)
        assert game.check_invariants() == []


def test_the_limit_game_equals_the_game_asked_in_turn(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    rulesets = {name: _ruleset(name, tmp_path_factory) for name in ENDINGS}

    @settings(max_examples=40, deadline=None,
              derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None)
    @given(
        ending=st.sampled_from(ENDINGS),
        players=st.sampled_from([3, 4, 5]),
        seed=st.integers(0, 10**6),
        skip=st.integers(0, 6),
        shares=st.lists(st.one_of(st.just(0.0), st.floats(0, 1)), min_size=5, max_size=5),
        on_limit=st.sets(st.integers(0, 4), min_size=1),
    )
    def same(  # noqa: PLR0917 - hypothesis passes the drawn values by name
        ending: str, players: int, seed: int, skip: int, shares: list[float], on_limit: set[int]
    ) -> None:
        game = Game.new(rulesets[ending], players=players, seed=seed)
        if not _to_open_bid(game, RandomAgent(seed), skip):
            return
        limits = {seat: shares[seat] for seat in on_limit if seat < players}
        said, asked = game.clone(), game.clone()
        mark = len(game.events)
        _finish_lot(said, limits, said=True, seed=seed)
        _finish_lot(asked, limits, said=False, seed=seed)
        assert _plain(list(said.events[mark:])) == _plain(list(asked.events[mark:]))
        # the same position after the lot (the history differs: the limits said)
        assert _position(said) == _position(asked)
        assert said.to_act() == asked.to_act()
        # and the same game to its end
        said.playout([RandomAgent(seed + s) for s in range(players)])
        asked.playout([RandomAgent(seed + s) for s in range(players)])
        assert said.outcome == asked.outcome

    same()


# --- records, clones, views, playouts -------------------------------------------------------


def _game_with_limits(players: int = 4, seed: int = 5) -> Game:
    """A random game in which every open-auction answer of seat 0 is a limit of half
    what it may bid, played to its end."""
    game = Game.new(ruleset("hig-1992-en"), players=players, seed=seed)
    agents = [RandomAgent(seed + s) for s in range(players)]
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal(seat)
        if seat == 0 and legal.limit is not None:
            action: Action = Limit(legal.limit[1] // 2 // legal.limit[2] * legal.limit[2])
        else:
            action = agents[seat].act(game.view(seat), legal)
        game.apply(action, seat)
        assert game.check_invariants() == []
    return game


def test_a_record_with_limits_replays_to_the_same_game() -> None:
    game = _game_with_limits()
    record = game.record()
    limits = [text for seat, text in record["actions"] if text.startswith("limit")]
    assert limits and all(seat == 0 for seat, text in record["actions"] if text in limits)
    schema = json.loads((ROOT / "schemas" / "game-record.schema.json").read_text("utf-8"))
    jsonschema.validate(record, schema)
    again = replay(json.loads(dumps(record)))
    assert dumps(again.record()) == dumps(record)
    assert again.snapshot() == game.snapshot()
    assert again.events == game.events
    assert not any(e.get("automatic") or e.kind == "limit" for e in game.events)  # (private)
    automatic = [e for e in events_seen(game, 0)[0] if e.get("automatic")]
    assert automatic and {e["seat"] for e in automatic} == {0}


@pytest.mark.parametrize("announced", [True, False])
def test_clones_pickles_and_determinizations_keep_the_limits(announced: bool) -> None:
    game = _book_game(_announced() if announced else None)
    run(game, [(AXEL, "play krypto/open"), (BEATRIX, "limit 0"), (CLEMENS, "limit 7000")])
    twin = game.clone()
    for other in (twin, pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert other.snapshot() == game.snapshot()
        assert other.state.lot is not None and other.state.lot.limits == [None, 0, 7000, None]
    twin.apply("pass", DORIS)
    assert game.state.lot is not None and game.state.lot.limits == [None, 0, 7000, None]
    assert twin.to_act() == (AXEL,)  # (Beatrix and Clemens answered by the engine)
    sampled = game.determinize(DORIS, 3)
    assert sampled.view(DORIS) == game.view(DORIS)
    # a determinization knows the limits its seat knows: all of them, or (private) its own
    assert sampled.state.lot is not None
    assert sampled.state.lot.limits == ([None, 0, 7000, None] if announced else None)
    sampled = game.determinize(CLEMENS, 3)
    assert sampled.view(CLEMENS) == game.view(CLEMENS)
    assert sampled.state.lot is not None
    assert sampled.state.lot.limits == (
        [None, 0, 7000, None] if announced else [None, None, 7000, None]
    )


def test_a_playout_answers_for_the_seats_on_a_limit() -> None:
    game = _book_game()
    run(game, [(AXEL, "play krypto/open"), (BEATRIX, "limit 40000")])
    game.playout([RandomAgent(s) for s in range(4)])
    events, _ = events_seen(game, BEATRIX)
    sale = next(i for i, e in enumerate(events) if e.kind == "sold")
    lot = events[3:sale]  # (after the lead and Beatrix's limit and first answer)
    # Beatrix was not asked again: every answer of hers is the engine's, on her limit
    assert [e for e in lot if e.get("seat") == BEATRIX and not e.get("automatic")] == []
    high = 1000
    for event in events[2:sale]:
        if event.kind == "bid":
            if event["seat"] == BEATRIX:  # the lowest legal bid, within the limit
                assert event["amount"] == high and event["amount"] <= 40000
            high = event["amount"] + 1000
    assert events[sale]["seat"] != BEATRIX or events[sale]["price"] <= 40000


@pytest.mark.parametrize("announced", [True, False])
def test_views_made_before_a_limit_keep_what_they_showed(announced: bool) -> None:
    game = _book_game(_announced() if announced else None)
    game.apply("play krypto/open", AXEL)
    before, own = game.view(DORIS), game.view(BEATRIX)
    game.apply("limit 9000", BEATRIX)
    assert dict(before.lot or ())["limits"] == dict(own.lot or ())["limits"] == (None,) * 4
    said = (None, 9000, None, None)
    assert dict(game.view(DORIS).lot or ())["limits"] == (said if announced else (None,) * 4)
    assert dict(game.view(BEATRIX).lot or ())["limits"] == said
