"""Hidden information: no view shows what its player may not know.

The test is non-interference: take the game at a random moment, copy it, and
in the copy change everything seat ``s`` must not know (the other players'
hands, the dummy hands and their order, the deck order, the other players'
sealed bids before the reveal and, behind screens, their cash). Seat ``s``'s
view, as an object and as JSON, must be identical in both. Whatever field a
leak would use, it shows up as a difference. The spectator's view is checked
the same way with every seat's secrets changed.

Plus direct checks (own hand, others' cash hidden behind screens, the JSON
form is JSON) and planted leaks that the detector must catch.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rel_engine import bundled, random_step, supported

CONFIGURATIONS = supported()


def shared_memo(game: Any) -> dict[int, Any]:
    """What a copy may share with ``game``: the compiled rules and the (immutable) events,
    which need no copying."""
    from auctionrules.engine import Event

    events: list[Event] = game._events
    return {id(game.rules): game.rules, id(events): events}


def secrets_changed(game: Any, seat: int | None, rng: random.Random) -> Any:
    """A copy of ``game`` with every secret of seats other than ``seat`` changed."""
    other = copy.deepcopy(game, shared_memo(game))
    n = game.state.n
    others = [s for s in range(n) if s != seat]
    # Hands of the others, the dummy hands and the deck: same sizes, cards reshuffled.
    groups = [other.state.hands[s] for s in others] + other.state.hands[n:] + [other.state.deck]
    pool = [c for g in groups for c in g]
    rng.shuffle(pool)
    if len(set(pool)) > 1:
        while pool == [c for g in groups for c in g]:
            rng.shuffle(pool)
    for group in groups:
        size = len(group)
        group[:], pool = pool[:size], pool[size:]
    lot = other.state.lot
    if lot is not None and lot.sealed:
        for s in others:
            if lot.sealed[s] is not None:
                lot.sealed[s] = lot.sealed[s] + game.rules.unit * rng.randint(1, 7)
    if game.rules.screens and not game.is_over:
        other.state.cash = tuple(
            c + (game.rules.unit * rng.randint(1, 9) if s in others else 0)
            for s, c in enumerate(other.state.cash)
        )
    return other


def view_difference(game: Any, seat: int | None, rng: random.Random) -> str | None:
    """Where ``seat``'s view depends on a secret of the others, or ``None``."""
    other = secrets_changed(game, seat, rng)
    mine = game.view(seat)
    theirs = other.view(seat)
    a = json.dumps(mine.to_dict(), sort_keys=True)
    b = json.dumps(theirs.to_dict(), sort_keys=True)
    if a != b:
        diff = [k for k in mine.to_dict() if mine.to_dict()[k] != theirs.to_dict()[k]]
        return f"seat {seat}: the JSON view changes with others' secrets in {diff}"
    if mine != theirs:
        return f"seat {seat}: the view object changes with others' secrets"
    return None


def direct_problems(game: Any, seat: int) -> list[str]:
    """Own hand shown exactly; others' cash hidden behind screens; JSON round trip."""
    out = []
    view = game.view(seat)
    data = view.to_dict()
    name = game.rules.codec.name
    if sorted(data["hand"]) != sorted(name(c) for c in game.state.hands[seat]):
        out.append(f"seat {seat}: view hand {data['hand']} is not the own hand")
    if game.rules.screens and not game.is_over:
        shown = [s for s, c in enumerate(data["cash"]) if c is not None and s != seat]
        if shown:
            out.append(f"seat {seat}: others' cash {shown} visible behind screens")
    if json.loads(json.dumps(data)) != data:
        out.append(f"seat {seat}: view.to_dict() is not plain JSON")
    return out


def check_moment(game: Any, rng: random.Random) -> list[str]:
    out = []
    for seat in [*range(game.state.n), None]:
        if (diff := view_difference(game, seat, rng)) is not None:
            out.append(diff)
        if seat is not None:
            out.extend(direct_problems(game, seat))
    return out


@settings(
    max_examples=int(os.environ.get("AUCTIONRULES_VIEW_EXAMPLES", "40")),
    deadline=None,
    derandomize=os.environ.get("AUCTIONRULES_RANDOM") is None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    config=st.sampled_from(CONFIGURATIONS or [("none", 0)]),
    seed=st.integers(0, 2**32 - 1),
    stops=st.lists(st.integers(1, 120), min_size=1, max_size=5),
)
def test_no_view_depends_on_others_secrets(
    config: tuple[str, int], seed: int, stops: list[int]
) -> None:
    """At random moments of random games, for every seat and the spectator."""
    from auctionrules.engine import Game

    variant, players = config
    game = Game.new(bundled(variant), players=players, seed=seed)
    rng = random.Random(seed)
    for stop in stops:
        for _ in range(stop):
            if game.is_over:
                break
            random_step(game, rng)
        assert check_moment(game, rng) == []


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_views_at_sealed_bids_and_dummy_flips(variant: str, players: int) -> None:
    """The moments that matter most: sealed bids half in, and dummy cards about to flip."""
    from auctionrules.engine import Game

    seen: dict[str, int] = {"sealed": 0, "flip": 0}
    for seed in range(int(os.environ.get("AUCTIONRULES_VIEW_GAMES", "1"))):
        game = Game.new(bundled(variant), players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            to_act = game.to_act()
            legal = game.legal(to_act[0])
            lot = game.state.lot
            sealed = lot is not None and bool(lot.sealed) and len(to_act) < game.state.n
            flip = any(type(a).__name__ == "Flip" for a in legal.actions)
            # Every moment of the kind until a few were checked, then one in five.
            if (sealed or flip) and (seen["sealed" if sealed else "flip"] < 4 or
                                     rng.random() < 0.2):
                seen["sealed" if sealed else "flip"] += 1
                assert check_moment(game, rng) == []
            random_step(game, rng)
        assert check_moment(game, rng) == []
    assert seen["sealed"] > 0


# -- the detector detects -------------------------------------------------------------------


@pytest.mark.parametrize("leak", ["hand", "sealed", "cash", "dummy"])
def test_planted_leaks_are_detected(monkeypatch: pytest.MonkeyPatch, leak: str) -> None:
    from auctionrules.engine import Game

    honest = Game.view

    def leaky(self: Any, seat: int) -> Any:
        view = honest(self, seat)
        name = self.rules.codec.name
        if leak == "hand":
            other = (seat + 1) % self.state.n
            return view.replace(table=(*view.table, *sorted(map(name, self.state.hands[other]))))
        if leak == "dummy":
            extra = tuple(name(h[0]) for h in self.state.hands[self.state.n:] if h)
            return view.replace(table=(*view.table, *extra))
        if leak == "cash":
            return view.replace(cash=tuple(self.state.cash))
        if self.state.lot is not None and self.state.lot.sealed:
            return view.replace(counts=(*view.counts, *[b or 0 for b in self.state.lot.sealed]))
        return view

    monkeypatch.setattr(Game, "view", leaky)
    variant, players = ("boardpia-modern", 2) if leak == "dummy" else ("hig-1992-en", 4)
    game = Game.new(bundled(variant), players=players, seed=1)
    rng = random.Random(1)
    for _ in range(400):
        if game.is_over:
            break
        problems = [d for s in range(game.state.n) if (d := view_difference(game, s, rng))]
        if problems:
            return
        random_step(game, rng)
    raise AssertionError(f"the planted {leak} leak was never detected")
