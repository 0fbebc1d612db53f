"""Dummy hands: the 3-player mystery hand and the 2-player variant."""

from __future__ import annotations

import attrs
import pytest

from auctionrules.engine import Game, IllegalActionError, Reason, dumps, play_game, replay

from .conftest import ruleset, with_modules
from .helpers import kinds, last, run, translate


def test_001_mystery_hand_auctioneer_may_turn_over_the_top_card() -> None:
    """001 "Variant for Three Players": after the auction, the player who auctioned may
    turn over the topmost card of the fourth hand; it is neither auctioned nor cashed
    in; a "=" card turned over gets no second card."""
    rs = with_modules("hig-1992-en", "mystery-hand")
    game = Game.from_position(
        rs, 3,
        hands=[["yoko/open", "yoko/sealed"], ["krypto/open"], ["krypto/sealed"]],
        dummy_hands=[["lite-metal/double", "karl-gitter/open"]],
    )
    run(game, [(0, "play yoko/open"), (1, "bid 4000"), (2, "pass"), (0, "pass")])
    # the auctioneer (seat 0), not the winner (seat 1), decides
    assert game.to_act() == (0,)
    before = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply("flip", 1)
    assert game.snapshot() == before
    events = run(game, [(0, "flip")])
    assert last(events, "flip")["card"] == "lite-metal/double"
    assert "add" not in kinds(events)
    name = game.rules.codec.name
    assert [name(c) for c in game.state.table] == ["lite-metal/double"]
    assert game.state.counts[0] == 1  # the flipped card counts for Lite Metal
    assert game.to_act() == (1,)  # play goes on left of the auctioneer
    # optional: the next auctioneer may decline
    run(game, [(1, "play krypto/open"), (2, "pass"), (0, "pass"), (1, "pass"), (1, "pass")])
    assert [name(c) for c in game.state.hands[3]] == ["karl-gitter/open"]


def test_004_mystery_card_is_random_and_replays() -> None:
    """004 "Variante pour trois joueurs": "une carte au hasard de la main mystère"; the
    choice is drawn from the game's seeded generator, so a record replays it exactly."""
    rs = with_modules("hig-1992-fr", "mystery-hand")
    seen = set()
    for seed in range(12):
        game = Game.from_position(
            rs, 3, seed=seed,
            hands=[["yoko/open"], ["krypto/open"], ["krypto/sealed"]],
            dummy_hands=[["lite-metal/open", "karl-gitter/open", "christin-p/open",
                          "lite-metal/sealed"]],
        )
        events = run(game, [(0, "play yoko/open"), (1, "pass"), (2, "pass"), (0, "pass"),
                            (0, "flip")])
        seen.add(last(events, "flip")["card"])
        again = replay(game.record())
        assert again.snapshot() == game.snapshot()
        assert last(again.events, "flip")["card"] == last(events, "flip")["card"]
    assert len(seen) > 1  # not always the top card


def test_mystery_games_replay_byte_identically() -> None:
    rs = with_modules("hig-1992-fr", "mystery-hand")
    game = play_game(rs, 3, 4)
    assert any(e.kind == "flip" for e in game.events)
    record = game.record()
    assert dumps(replay(record).record()) == dumps(record)


def _two_player() -> Game:
    rs = ruleset("boardpia-modern")
    ids = tuple(a.id for a in rs.theme.artists)
    t = [[translate(ids, c) for c in h] for h in (
        ["yoko/open", "krypto/double", "yoko/double", "yoko/sealed"],
        ["karl-gitter/open", "karl-gitter/sealed"],
        ["lite-metal/open", "lite-metal/sealed"],
        ["christin-p/open", "christin-p/sealed"],
    )]
    return Game.from_position(rs, 2, hands=t[:2], dummy_hands=t[2:])


def test_002_two_player_dummy_card_between_turns() -> None:
    """002 "2 PLAYER VARIANT": between each human player's turn, the top card of one of
    the dummy decks is turned over (alternately: the natural reading, stated in the
    variant's notes); it is never auctioned but counts for the ranking."""
    game = _two_player()
    ids = game.rules.codec.artist_ids
    events = run(game, [(0, f"play {ids[1]}/open"), (1, "pass"), (0, "pass")])
    flip = last(events, "flip")
    assert (flip["hand"], flip["card"]) == (0, f"{ids[0]}/open")
    events = run(game, [(1, f"play {ids[3]}/open"), (0, "pass"), (1, "pass")])
    flip = last(events, "flip")
    assert (flip["hand"], flip["card"]) == (1, f"{ids[2]}/open")


def test_002_two_player_double_needs_a_companion() -> None:
    """002 "2 PLAYER VARIANT", Double Auctions: "you may only play a Double Auction card
    if you possess a second auction card that goes with it"."""
    game = _two_player()
    ids = game.rules.codec.artist_ids
    legal = [str(a) for a in game.legal(0)]
    assert f"play {ids[4]}/double" not in legal  # no other Krypto in hand
    assert f"play {ids[1]}/double" in legal
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match=r"companion|second card"):
        game.apply(f"play {ids[4]}/double", 0)
    assert game.snapshot() == before


def test_two_player_games_play_out() -> None:
    rs = ruleset("boardpia-modern")
    for seed in range(3):
        game = play_game(rs, 2, seed, check=True)
        assert sum(e.kind == "flip" for e in game.events) > 5


@pytest.mark.parametrize("ends_game", [False, True])
def test_two_player_round_ends_when_only_lone_doubles_are_left(ends_game: bool) -> None:
    """002: the only early end of the game is when every player runs out of cards. With
    the 2-player companion rule a player may hold only doubles without a companion and
    so be unable to lead; when nobody can lead, the round ends (reason
    ``no-playable-card``) and, the hands not being empty, the game goes on
    (``round_end.no_playable_card: next-round``, the default) or ends (``end-game``)."""
    rules = attrs.evolve(_two_player().rules, stuck_ends_game=ends_game)
    ids = rules.codec.artist_ids
    hands = [[f"{ids[0]}/open", f"{ids[1]}/double"], [f"{ids[2]}/double"]]
    game = Game.from_position(rules=rules, hands=hands, round=2,
                              dummy_hands=[[f"{ids[3]}/open"] * 3, [f"{ids[4]}/open"] * 3])
    events = run(game, [(0, f"play {ids[0]}/open"), (1, "pass"), (0, "pass")])
    assert last(events, "round-end")["reason"] == "no-playable-card"
    if ends_game:
        assert game.outcome is not None and game.outcome.reason is Reason.NO_PLAYABLE_CARD
        return
    assert not game.is_over
    assert game.round == 3
    assert [len(h) for h in game.state.hands[:2]] == [5, 5]
