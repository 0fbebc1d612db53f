"""Game records: schema, byte-identical output, replay and located replay errors."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest

from auctionrules.engine import Game, Outcome, ReplayError, dumps, play_game, replay
from auctionrules.engine.record import digest

from .conftest import ROOT, VARIANTS, ruleset

SCHEMA = json.loads((ROOT / "schemas" / "game-record.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_schema_is_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("variant", VARIANTS)
def test_records_validate_and_replay(variant: str) -> None:
    rs = ruleset(variant)
    players = rs.supported_players[0]
    game = play_game(rs, players, 21)
    record = game.record()
    assert list(VALIDATOR.iter_errors(record)) == []
    text = dumps(record)
    again = replay(json.loads(text))
    assert again.snapshot() == game.snapshot()
    assert dumps(again.record()) == text
    assert record["ruleset"]["digest"] == digest(record["ruleset"]["document"])
    # a reader of records gets the outcome back as a value
    assert Outcome.from_dict(json.loads(text)["outcome"]) == game.outcome


def test_record_of_a_position_replays() -> None:
    game = Game.from_position(
        ruleset("hig-1992-en"), 3, round=2, cash=[50000, 60000, 70000],
        board={"yoko": [30000]},
        hands=[["yoko/open", "krypto/open"], ["yoko/sealed"], ["krypto/sealed"]],
        played=["krypto/double"], auctioneer=1,
    )
    game.apply("play yoko/sealed", 1)
    record = game.record()
    assert list(VALIDATOR.iter_errors(record)) == []
    assert record["position"]["cash"] == [50000, 60000, 70000]
    again = replay(record)
    assert again.snapshot() == game.snapshot()


def _changed(record: dict[str, Any], index: int, action: str) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    bad["actions"][index][1] = action
    return bad


def test_a_changed_action_fails_at_its_index() -> None:
    record = play_game(ruleset("hig-1992-en"), 4, 8).record()
    index = next(i for i, (_, a) in enumerate(record["actions"]) if a.startswith("bid"))
    with pytest.raises(ReplayError, match=rf"action {index} ") as info:
        replay(_changed(record, index, "bid 999999999"))
    assert info.value.index == index
    with pytest.raises(ReplayError, match=r"action 0 .*not in the hand"):
        replay(_changed(record, 0, "play krypto/open" if "krypto/open" not in
                        record["deal"]["hands"][0] else "play lite-metal/open"))


def test_a_legal_but_different_action_is_caught() -> None:
    """Changing a bid to a pass is legal at that point; the divergence shows up at a
    later action or in the outcome, and replay still names where."""
    record = play_game(ruleset("hig-1992-en"), 4, 8).record()
    index = next(i for i, (_, a) in enumerate(record["actions"]) if a.startswith("bid"))
    with pytest.raises(ReplayError, match=r"action \d+|outcome differs"):
        replay(_changed(record, index, "pass"))


def test_wrong_seat_is_located() -> None:
    record = play_game(ruleset("hig-1992-en"), 4, 8).record()
    bad = copy.deepcopy(record)
    bad["actions"][0][0] = 2
    with pytest.raises(ReplayError, match=r"action 0 .*not seat 2's turn"):
        replay(bad)


def test_not_a_record() -> None:
    with pytest.raises(ReplayError, match="not a game record"):
        replay({"format": "something"})
