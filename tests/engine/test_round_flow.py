"""Round ends, hands exhausted, next-round starters and a player without cards."""

from __future__ import annotations

from auctionrules.engine import Game, Reason

from .conftest import ruleset, with_modules
from .helpers import kinds, last, run, translate


def test_001_fifth_card_is_not_auctioned_and_counts() -> None:
    """001 "The First round" end: the 5th card is not auctioned nor sold; it counts."""
    game = Game.from_position(
        ruleset("hig-1992-en"), 3,
        hands=[["yoko/open", "krypto/open"], ["krypto/sealed"], ["krypto/double"]],
        played=["yoko/sealed", "yoko/once_around", "yoko/fixed_price", "yoko/double"],
    )
    events = run(game, [(0, "play yoko/open")])
    assert kinds(events)[:3] == ["play", "round-end", "scored"]
    end = last(events, "round-end")
    assert (end["reason"], end["artist"], end["counts"]["yoko"]) == ("artist-cards", "yoko", 5)
    assert end["unsold"] == ["yoko/open"]  # the event names the card left unsold
    scored = last(events, "scored")
    assert scored["payouts"] == [0, 0, 0]
    assert scored["totals"]["yoko"] == 30000 == scored["board"]["yoko"]
    assert game.round == 2 and game.to_act() == (1,)


def test_001_early_end_of_the_game() -> None:
    """001 "An early end to the game": all hands played out before any 5th card; the
    game ends after the last card is played, before it is auctioned; it counts, unsold."""
    game = Game.from_position(
        ruleset("hig-1992-en"), 3,
        round=2,
        hands=[["krypto/open"], [], ["yoko/open"]],
        owned=[["yoko/sealed"], ["krypto/sealed"], []],
        deck=[],
    )
    events = run(game, [(0, "play krypto/open"), (1, "bid 5000"), (2, "pass"), (0, "pass")])
    assert list(game.state.cash) == [105000, 95000, 100000]
    events = run(game, [(2, "play yoko/open")])
    assert game.is_over
    assert game.outcome is not None and game.outcome.reason is Reason.HANDS_EXHAUSTED
    assert last(events, "round-end")["reason"] == "hands-exhausted"
    scored = last(events, "scored")
    # Yoko 2 cards (1 owned + the unsold last card) ties Krypto 2 and is further left.
    assert scored["ranked"] == ["yoko", "krypto"]
    assert scored["payouts"] == [30000, 20000 * 2, 0]
    assert "bid" not in kinds(events)


def test_002_last_card_is_auctioned_before_the_game_ends() -> None:
    """002 "Preparing for the next round": "as the last painting card becomes auctioned
    off, it triggers the end of the game" (boardpia: round_end.hands_exhausted.last_card
    sold)."""
    rs = ruleset("boardpia-modern")
    ids = tuple(a.id for a in rs.theme.artists)
    game = Game.from_position(rs, 3, hands=[[translate(ids, "yoko/open")], [], []], deck=[],
                              round=4)
    events = run(game, [(0, translate(ids, "play yoko/open")), (1, "bid 7"), (2, "pass"),
                        (0, "pass")])
    assert game.is_over
    assert last(events, "sold")["seat"] == 1
    assert last(events, "scored")["payouts"] == [0, 30, 0]
    assert list(game.state.cash) == [107, 93 + 30, 100]


def test_player_without_cards_is_skipped_but_still_bids() -> None:
    """001 "All cards played": players who run out miss their turn but may still bid."""
    game = Game.from_position(
        ruleset("hig-1992-en"), 3,
        hands=[["yoko/open", "yoko/sealed"], [], ["krypto/open"]],
    )
    run(game, [(0, "play yoko/open"), (1, "bid 3000"), (2, "pass"), (0, "pass")])
    assert game.state.owned[1]
    assert game.to_act() == (2,)


def test_next_round_starter_after_a_dummy_card() -> None:
    """Who starts the next round when a dummy card ends it (rulebooks/README.md, "Edges
    no book settles"). With the mystery hand the winner of a lot turns the card over in
    002 and 000. 002 starts "left of the previous Auctioneer" (seat 1 auctioned: seat 2);
    000 starts left of the player who laid out the last card, the flipper (seat 0: seat 1).
    """
    hands = [["krypto/open", "krypto/sealed"], ["krypto/once_around"],
             ["karl-gitter/sealed", "karl-gitter/open"]]
    played = ["yoko/once_around", "yoko/fixed_price", "yoko/double", "yoko/open"]
    starters = {}
    for variant in ("boardpia-modern", "taiwan"):
        rs = with_modules(variant, "mystery-hand")
        ids = tuple(a.id for a in rs.theme.artists)
        game = Game.from_position(
            rs, 3, hands=[[translate(ids, c) for c in h] for h in hands],
            played=[translate(ids, c) for c in played], auctioneer=1,
            dummy_hands=[[translate(ids, "yoko/sealed"), translate(ids, "krypto/double")]],
        )
        run(game, [(1, translate(ids, "play krypto/once_around")), (2, "pass"), (0, "bid 5"),
                   (1, "pass")])
        assert game.to_act() == (0,) and [str(a) for a in game.legal(0)] == ["flip", "pass"]
        events = run(game, [(0, "flip")])
        assert last(events, "flip")["card"] == translate(ids, "yoko/sealed")
        assert last(events, "round-end")["artist"] == ids[1]
        starters[variant] = game.to_act()
    assert starters == {"boardpia-modern": (2,), "taiwan": (1,)}
