"""The speed paths agree with the plain ones: ``play_game`` (``Game.step`` with the
agents' shared action values, compact raw events) and ``Game.apply_unchecked``
give the same game, byte for byte, as ``Game.apply`` of the action *text* (parsed,
checked, events built per action), for many seeds of every bundled variant and
player count."""

from __future__ import annotations

import pytest

from auctionrules.engine import Event, Game, compile_rules, dumps, play_game
from auctionrules.engine.events import COMPACT

from .conftest import VARIANTS, ruleset, with_modules

CASES = [(v, p) for v in VARIANTS for p in ruleset(v).supported_players]


def _replayed(game: Game, *, unchecked: bool = False) -> tuple[Game, list[Event]]:
    """A fresh game of the same rules and seed with ``game``'s actions re-applied; the
    events returned by every ``apply``."""
    again = Game.new(rules=game.rules, seed=game.seed)
    returned: list[Event] = []
    for seat, action in game.log:
        if unchecked:
            again.apply_unchecked(action, seat)
        else:
            returned.extend(again.apply(str(action), seat))
    return again, returned


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_step_and_apply_of_text_give_the_same_game(variant: str, players: int) -> None:
    rules = compile_rules(ruleset(variant), players)
    for seed in range(8):
        game = play_game(rules, seed=seed)
        again, returned = _replayed(game)
        assert dumps(again.record()) == dumps(game.record())
        assert again.snapshot() == game.snapshot()
        assert again.events == game.events
        # the events returned action by action are the log after the deal
        assert tuple(returned) == game.events[1:]
        unchecked, _ = _replayed(game, unchecked=True)
        assert unchecked.snapshot() == game.snapshot()


def test_compact_events_have_their_fields_in_order() -> None:
    seen = set()
    for seed in range(3):
        for event in play_game(with_modules("hig-1992-en", "mystery-hand"), 3, seed).events:
            if event.kind in COMPACT:
                assert tuple(event.fields) == COMPACT[event.kind]
                seen.add(event.kind)
    assert seen == set(COMPACT)
