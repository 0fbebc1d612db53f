"""The descending (Dutch) auction, a house rule: a card symbol played as one.

Not in any rulebook of ``shared/rulebooks``: a club's variant, written as a club
would (a file extending ``hig-1992-en``), played through the public step API.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auctionrules.agents import make_agent
from auctionrules.engine import Game, IllegalActionError
from auctionrules.engine.agents import RandomAgent
from auctionrules.engine.replay import replay
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook.log import GameLog

#: Four players, each with an open card played as descending and a spare.
HANDS = [
    ["lite-metal/open", "krypto/sealed"],
    ["yoko/open", "krypto/once_around"],
    ["christin-p/open", "krypto/fixed_price"],
    ["karl-gitter/open", "krypto/double"],
]


def club(tmp_path: Path, extra: str = "") -> Ruleset:
    """``hig-1992-en`` with open cards played as descending auctions."""
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club\ntitle: Club\nextends: hig-1992-en\n"
        f"auctions:\n  open: {{played_as: descending}}\n{extra}",
        encoding="utf-8",
    )
    return load_ruleset(path)


def play(game: Game, steps: list[tuple[int, str]]) -> list[str]:
    kinds = []
    for seat, action in steps:
        kinds += [event.kind for event in game.apply(action, seat)]
        assert game.check_invariants() == [], (seat, action)
    return kinds


def test_the_price_falls_by_the_step_until_somebody_buys(tmp_path: Path) -> None:
    ruleset = club(tmp_path)
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    play(game, [(1, "play yoko/open"), (1, "price 20000")])
    assert [str(a) for a in game.legal(2)] == ["buy", "pass"]
    kinds = play(game, [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert kinds[-1] == "price-falls"
    assert game.state.lot is not None and game.state.lot.price == 15000
    assert game.to_act() == (2,)  # (from the auctioneer's left again)
    kinds = play(game, [(2, "pass"), (3, "buy")])
    assert "sold" in kinds
    assert list(game.state.cash) == [100000, 115000, 100000, 85000]
    lines = GameLog(ruleset, lang="en").lines(game.events)
    assert any("the price falls to 15,000 dollars" in line for line in lines)
    lines = GameLog(ruleset, lang="fr").lines(game.events)
    assert any("le prix baisse à" in line for line in lines)


def test_the_step_is_an_option_and_the_auctioneer_pays_the_bank(tmp_path: Path) -> None:
    ruleset = club(tmp_path, "  descending: {step: 10000}\n")
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    play(game, [(1, "play yoko/open"), (1, "price 20000"),
                (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert game.state.lot is not None and game.state.lot.price == 10000
    play(game, [(2, "pass"), (3, "pass"), (0, "pass"), (1, "buy")])
    assert list(game.state.cash) == [100000, 90000, 100000, 100000]  # (paid to the bank)


def test_a_seat_that_cannot_pay_only_passes_and_nobody_buying_leaves_it_free(
    tmp_path: Path,
) -> None:
    game = Game.from_position(club(tmp_path), 4, hands=HANDS, auctioneer=1,
                              cash=[100000, 100000, 3000, 100000])
    play(game, [(1, "play yoko/open"), (1, "price 5000")])
    assert [str(a) for a in game.legal(2)] == ["pass"]
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="more than the buyer's cash"):
        game.apply("buy", 2)
    assert game.snapshot() == before
    kinds = play(game, [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert kinds[-1] == "price-falls" and game.state.lot is not None and game.state.lot.price == 0
    kinds = play(game, [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert "sold" in kinds and len(game.state.owned[1]) == 1 and game.state.cash[1] == 100000


def test_a_double_with_a_descending_second_card_is_a_descending_lot(tmp_path: Path) -> None:
    hands = [["krypto/open"], ["yoko/open"], ["christin-p/open"],
             ["krypto/double", "lite-metal/sealed"]]
    game = Game.from_position(club(tmp_path), 4, hands=hands, auctioneer=3)
    play(game, [(3, "play krypto/double"), (3, "pass"), (0, "add krypto/open")])
    assert game.view(0).lot_part is not None and game.legal(0).price is not None
    assert dict(game.view(1).lot or ())["type"] == "descending"


@pytest.mark.parametrize("agents", ["random", "heuristic"])
def test_whole_games_play_and_replay(tmp_path: Path, agents: str) -> None:
    ruleset = club(tmp_path)
    for seed in range(6):
        game = Game.new(ruleset, 4, seed=seed)
        players = (
            [RandomAgent(f"{seed}/{s}") for s in range(4)] if agents == "random"
            else [make_agent("heuristic") for _ in range(4)]
        )
        game.playout(players)
        assert game.check_invariants() == []
        record = json.loads(json.dumps(game.record()))
        assert replay(record).record() == record


def test_the_heuristic_buys_at_a_price_within_its_value(tmp_path: Path) -> None:
    """It buys when the price is at most what the lot is worth to it."""
    ruleset = club(tmp_path)
    heuristic = make_agent("heuristic")
    seen = {"buy": 0, "pass": 0}
    for seed in range(20):
        game = Game.new(ruleset, 4, seed=seed)
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal(seat)
            action = heuristic.act(game.view(seat), legal)
            if "buy" in [str(a) for a in legal] and game.state.lot is not None:
                seen[str(action)] += 1
            game.apply(action, seat)
    assert seen["buy"] > 0 and seen["pass"] > 0


def test_the_rl_encoding_masks_and_reads_its_actions(tmp_path: Path) -> None:
    """Its moves are a price, buy and pass, which every adapter already encodes; the lot's
    type gets a place of its own in the observation."""
    pytest.importorskip("numpy")
    from auctionrules.envs.encoding import Encoding
    from auctionrules.envs.reader import Reader

    ruleset = club(tmp_path)
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    enc = Encoding(game.rules)
    assert dict(enc.parts)["lot_type"] == 6
    play(game, [(1, "play yoko/open")])
    mask = enc.mask(game.legal(1))
    price = [enc.action(int(i), game.legal(1)) for i in mask.nonzero()[0]]
    assert price and all(str(a).startswith("price") for a in price)
    play(game, [(1, "price 20000")])
    mask = enc.mask(game.legal(2))
    assert {str(enc.action(int(i), game.legal(2))) for i in mask.nonzero()[0]} == {"buy", "pass"}
    observation = Reader(enc).observe(game.view(2), enc.new_observation())
    start = sum(size for name, size in enc.parts[: [n for n, _ in enc.parts].index("lot_type")])
    assert observation[start + 5] == 1.0  # (the descending auction's place)


def test_the_terminal_and_the_web_table_take_its_moves(tmp_path: Path) -> None:
    """A person types ``price N``, ``buy`` or ``pass`` as at a fixed price; the web table
    names the auction and quotes its rule."""
    from auctionrules.cli.seat import interpret
    from auctionrules.web.present import Presenter

    ruleset = club(tmp_path)
    game = Game.from_position(ruleset, 4, hands=HANDS, auctioneer=1)
    play(game, [(1, "play yoko/open")])
    assert str(interpret("price 20000", game.legal(1))) == "price 20000"
    play(game, [(1, "price 20000")])
    assert str(interpret("buy", game.legal(2))) == "buy"
    lot = Presenter(ruleset, "en", ["Ann", "Bob", "Cy", "Di"]).lot(game.view(2).to_dict()["lot"])
    assert lot is not None and lot["auction"] == "descending"
    assert lot["rule"].startswith("A house rule.") and "20,000" in (lot["price"] or "")


def test_ismcts_searches_its_prices_and_purchases(tmp_path: Path) -> None:
    """The search plans over its starting prices and buy or pass, like a fixed price."""
    ruleset = club(tmp_path)
    game = Game.new(ruleset, 4, seed=4)
    agents = [make_agent("ismcts:iterations=2"), *(make_agent("heuristic") for _ in range(3))]
    game.playout(agents)
    assert game.is_over and game.check_invariants() == []
    assert any(event.kind == "price-falls" for event in game.events) or any(
        event.kind == "buy" for event in game.events
    )
