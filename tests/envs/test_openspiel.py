"""The OpenSpiel game: OpenSpiel's random simulation test, and its Python IS-MCTS playing."""

from __future__ import annotations

import os
import pickle
import random
import runpy
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import auctionrules
from auctionrules.engine import Game
from auctionrules.envs import chance, holder, openspiel
from auctionrules.envs.openspiel import ModernArtState, load

from .support import bundled, configurations, secrets_changed

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
#: Where the package imported here lives (for a new process to import the same one).
SRC = str(Path(auctionrules.__file__).resolve().parents[1])

#: Every bundled variant at every player count; the optional modules at the smallest.
CONFIGS = [
    (variant, modules, players)
    for variant, modules, players in configurations()
    if not modules or players == min(bundled(variant, modules).supported_players)
]


@pytest.mark.parametrize("variant,modules,players", CONFIGS)
def test_random_sim(variant: str, modules: tuple[str, ...], players: int) -> None:
    game = load(variant, players, modules, bid_buckets=6)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def dealt(game: pyspiel.Game, seed: int = 3) -> ModernArtState:
    """A state after the whole deal, each card drawn with its probability (seeded)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def test_registered_with_its_parameters() -> None:
    game = pyspiel.load_game(openspiel.NAME, {"variant": "taiwan", "players": 3})
    assert game.num_players() == 3
    kinds = game.table.encoding.kinds
    assert game.max_chance_outcomes() == kinds
    assert game.get_type().parameter_specification["bid_buckets"] == openspiel.DEFAULTS[
        "bid_buckets"]
    state = dealt(load("hig-1992-en", 4))
    assert state.observation_tensor(0) == pytest.approx(
        state._shared.table.observation(state.engine_game, 0).tolist())


def test_each_card_dealt_is_a_chance_node_with_its_probability() -> None:
    """The deal, card by card in the engine's dealing order: each outcome a card kind with
    its share of the cards left; the game dealt is the one ``Game.new`` deals from a
    shuffle in that order."""
    game = load("hig-1992-en", 4)
    rules = game.table.rules
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    counts = Counter(rules.deck)
    assert first == pytest.approx({code: k / len(rules.deck) for code, k in counts.items()})
    engine = Game.new(rules=rules, seed=21)
    order = [c for hand in engine.state.start["hands"] for c in hand] + engine.state.start["deck"]
    for depth, code in enumerate(order[: chance.deal_size(rules)]):
        assert state.is_chance_node() and state.engine_game is None
        left = counts - Counter(order[:depth])
        assert dict(state.chance_outcomes())[code] == pytest.approx(
            left[code] / sum(left.values()))
        state.apply_action(code)
    ours = state.engine_game
    assert ours is not None and not state.is_chance_node()
    dealt_later = chance.deal_size(rules) - sum(map(len, engine.state.hands))
    assert ours.state.hands == engine.state.hands
    assert ours.state.deck[:dealt_later] == engine.state.deck[:dealt_later]
    assert sorted(ours.state.deck) == sorted(engine.state.deck)  # (the rest is never dealt)
    moves = np.random.default_rng(4)
    while not state.is_terminal():
        seat = state.current_player()
        index = int(moves.choice(state.legal_actions()))
        engine.apply(game.table.encoding.action(index, engine.legal(seat)), seat)
        state.apply_action(index)
    assert ours.outcome == engine.outcome and ours.events == engine.events


def test_a_random_dummy_card_is_a_chance_node_with_its_probabilities() -> None:
    """hig-1992-fr with the mystery hand at 3 players turns a dummy card over at random
    (``flip: {card: random}``): the move that turns it waits for chance, whose outcomes
    are the kinds in the dummy hand, each with its share of the hand."""
    game = load("hig-1992-fr", 3, ["mystery-hand"], bid_buckets=4)
    assert game.max_chance_outcomes() == game.table.encoding.kinds
    kinds = game.table.encoding.kinds
    seen = 0
    for seed in range(6):
        state = dealt(game, seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                engine = state.engine_game
                assert engine is not None
                outcomes = dict(state.chance_outcomes())
                hand = engine.state.hands[3]  # (the one dummy hand: the test may look)
                assert outcomes == pytest.approx(
                    {code: k / len(hand) for code, k in Counter(hand).items()})
                assert all(key // kinds == 0 for key in outcomes)
                pick = int(rng.choice(list(outcomes)))
                flips = len(engine.events_of("flip"))
                state.apply_action(pick)
                flip = state.engine_game.events_of("flip")[flips]  # type: ignore[union-attr]
                assert flip["card"] == game.table.rules.codec.names[pick]
                seen += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert seen >= 3


def test_the_length_bound_holds_and_comes_from_the_rules() -> None:
    game = load("hig-1992-en", 4, bid_buckets=4)
    bound = game.max_game_length()
    assert bound == openspiel.max_game_length(game.table) < 9_520_981
    rng = np.random.default_rng(0)
    for seed in range(3):
        state, moves = dealt(game, seed), 0
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
        assert 0 < moves <= bound


def test_clones_are_independent() -> None:
    state = dealt(load("hig-1992-fr", 4))
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.engine_game is not state.engine_game
    assert len(twin.engine_game.log) == len(state.engine_game.log) + 1  # type: ignore[union-attr]
    assert str(twin) != str(state)


def test_resampling_keeps_what_the_player_knows() -> None:
    game = load("hig-1992-fr", 4)
    state = dealt(game)
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    changed = 0
    for k in range(5):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 5)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()
        others = [h for s, h in enumerate(sample.engine_game.state.hands) if s != player]
        changed += others != [h for s, h in enumerate(state.engine_game.state.hands) if s != player]
    assert changed >= 4
    other = (player + 1) % 4
    assert state.information_state_string(other) != state.information_state_string(player)


@pytest.mark.parametrize("variant,players,modules", [
    ("hig-1992-fr", 3, ()),
    ("hig-1992-fr", 3, ("mystery-hand",)),  # (a dummy card turned over at random)
    ("cmon-2017", 4, ()),
])
def test_ismcts_plays_a_whole_game_against_random_bots(
    variant: str, players: int, modules: tuple[str, ...]
) -> None:
    """OpenSpiel's own Python IS-MCTS, seeded, four simulations a move, plays seat 0 of
    a whole game through the adapter, sampling the hidden cards with
    ``resample_from_infostate``."""
    game = load(variant, players, modules, bid_buckets=4)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=4,
                           random_state=rng)
    resampled = []
    original = ModernArtState.resample_from_infostate

    def counting(self: ModernArtState, player: int, sampler: object) -> ModernArtState:
        resampled.append(player)
        return original(self, player, sampler)

    # the game loop of the documentation's example: the bot as seat 0, random seats elsewhere
    play = runpy.run_path(str(EXAMPLES / "ismcts_custom_variant.py"), run_name="example")["play"]
    ModernArtState.resample_from_infostate = counting  # type: ignore[method-assign]
    try:
        returns = play(game, bot, rng)
    finally:
        ModernArtState.resample_from_infostate = original  # type: ignore[method-assign]
    assert resampled and set(resampled) == {0}
    assert len(returns) == players and set(returns) <= {-1.0, 1.0}


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        load(reward="points")


def test_random_sim_with_money_share_rewards() -> None:
    game = load("boardpia-modern", 2, reward="share")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sum(state.returns()) == pytest.approx(1.0)


def _observation_types() -> list[pyspiel.IIGObservationType]:
    kinds = (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER)
    return [
        pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=kind)
        for recall in (False, True) for public in (False, True) for kind in kinds
    ]


def _seen(game: pyspiel.Game, state: ModernArtState, seat: int) -> list[object]:
    """What every observer of ``game`` shows ``seat`` of ``state``."""
    out: list[object] = []
    for kind in _observation_types():
        observation = make_observation(game, kind)
        observation.set_from(state, seat)
        out.append((observation.tensor.tolist(), observation.string_from(state, seat)))
    out += [state.observation_tensor(seat), state.observation_string(seat),
            state.information_state_string(seat)]
    return out


def _with_game(state: ModernArtState, engine: Game) -> ModernArtState:
    """A copy of ``state`` whose engine game is ``engine``, the original untouched: a
    copy shares its holder until it moves, so the copy takes its own holder (as a
    move would) and a new position (nothing kept of the original's)."""
    twin = state.clone()
    holder = twin._shared = twin._shared.to_change()
    holder.own()  # (its own record)
    holder.game = engine
    holder.moved()
    assert state.engine_game is not engine and twin._shared is not state._shared
    return twin  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant,modules,players", [
    ("hig-1992-en", (), 4), ("cmon-2017", (), 3), ("hig-1992-fr", ("mystery-hand",), 3),
])
def test_observers_show_a_seat_nothing_it_may_not_see(
    variant: str, modules: tuple[str, ...], players: int
) -> None:
    """Two states whose games differ only in what a seat may not see (the others' hands,
    the dummy hands, the deck, others' sealed bids, hidden cash) look the same to that
    seat through every observer; and a change it may see (its own cash) does not."""
    game = load(variant, players, modules, bid_buckets=5)
    rng = random.Random(7)
    moves = np.random.default_rng(7)
    state = dealt(game, 7)
    checked = 0
    while not state.is_terminal() and checked < 20:
        for _ in range(rng.randint(1, 15)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(moves.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(moves.choice(state.legal_actions())))
        engine = state.engine_game
        assert engine is not None
        for seat in range(players):
            twin = _with_game(state, secrets_changed(engine, seat, rng))
            assert _seen(game, twin, seat) == _seen(game, state, seat)
            richer = engine.clone()
            cash = richer.state.cash
            richer.state.cash = tuple(c + 1000 * (s == seat) for s, c in enumerate(cash))
            assert _seen(game, _with_game(state, richer), seat) != _seen(game, state, seat)
        checked += 1
    assert checked >= 5


def test_observers_honour_the_observation_type() -> None:
    game = load("hig-1992-en", 4)
    state = dealt(game)
    engine = state.engine_game
    assert engine is not None
    kinds = pyspiel.PrivateInfoType
    iig = pyspiel.IIGObservationType
    hand = " ".join(engine.view(1).hand or ())
    full = make_observation(game, iig(perfect_recall=False, public_info=True,
                                      private_info=kinds.SINGLE_PLAYER))
    public = make_observation(game, iig(perfect_recall=False, public_info=True,
                                        private_info=kinds.NONE))
    private = make_observation(game, iig(perfect_recall=False, public_info=False,
                                         private_info=kinds.SINGLE_PLAYER))
    for observation in (full, public, private):
        observation.set_from(state, 1)
    parts = game.table.encoding.split(np.asarray(full.tensor, dtype=np.float32))
    assert parts["hand"].sum() == len(engine.state.hands[1])
    assert not game.table.encoding.split(np.asarray(public.tensor, dtype=np.float32))[
        "hand"].any()
    assert list(private.dict) == ["hand", "cash", "own_sealed_bid", "own_limit"]
    assert np.array_equal(private.dict["hand"], parts["hand"])
    recall = make_observation(game, iig(perfect_recall=True, public_info=True,
                                        private_info=kinds.SINGLE_PLAYER))
    public_recall = make_observation(game, iig(perfect_recall=True, public_info=True,
                                               private_info=kinds.NONE))
    private_recall = make_observation(game, iig(perfect_recall=True, public_info=False,
                                                private_info=kinds.SINGLE_PLAYER))
    assert hand in recall.string_from(state, 1)
    assert hand not in public_recall.string_from(state, 1)
    assert public_recall.string_from(state, 1) == public_recall.string_from(state, 2)
    assert hand in private_recall.string_from(state, 1)
    assert "deal" not in private_recall.string_from(state, 1)
    assert state.information_state_string(1) == recall.string_from(state, 1)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(game, iig(perfect_recall=False, public_info=True,
                                   private_info=kinds.ALL_PLAYERS))


def test_the_information_state_recalls_each_deal() -> None:
    """Perfect recall: the seat's hand as each round's deal left it, in order with the
    public events (the current hand alone would merge histories with different deals)."""
    game = load("hig-1992-en", 3, bid_buckets=4)
    state = dealt(game, 1)
    rng = np.random.default_rng(1)
    while not state.is_terminal() and state.engine_game.round < 2:  # type: ignore[union-attr]
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = state.information_state_string(0)
    assert "p0 round 1 hand:" in text and "p0 round 2 hand:" in text
    assert text.index("p0 round 1 hand:") < text.index("p0 round 2 hand:")


def test_while_dealing_the_information_state_names_the_seats_own_cards_only() -> None:
    """During the deal (one chance node a card) a seat's information state names the
    cards dealt to it so far, as its hand in the dealt game holds them, and no other
    seat's."""
    game = load("hig-1992-en", 3, bid_buckets=4)
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    seen: list[list[str]] = [[], [], []]
    while state.is_chance_node():
        for seat in range(3):
            text = state.information_state_string(seat)
            assert text.startswith(f"p{seat} dealt:")
            seen[seat] = text.removeprefix(f"p{seat} dealt:").split()
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    engine = state.engine_game
    assert engine is not None
    # (the later rounds' cards are dealt after the hands: the last texts show whole hands)
    assert chance.deal_size(engine.rules) > 3 * engine.rules.hand_deal[0]
    for seat in range(3):
        assert sorted(seen[seat]) == sorted(engine.view(seat).hand or ())


def test_observations_kept_for_a_position_are_those_of_that_position() -> None:
    """The observers keep what they made for a position (OpenSpiel asks again for
    every copy of it): a state being dealt, asked after a played one, is all zeros,
    and a copy that made the same move as another reads the same observations."""
    game = load("hig-1992-en", 4)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    played = [state.observation_string(seat) for seat in range(4)]
    assert all(played)
    dealing = game.new_initial_state()
    assert [dealing.observation_string(seat) for seat in range(4)] == [""] * 4
    assert not np.any(dealing.observation_tensor(0))
    move = state.legal_actions()[0]
    twin = state.clone()
    state.apply_action(move)
    after = [(state.observation_string(s), state.information_state_string(s)) for s in range(4)]
    twin.apply_action(move)
    assert [(twin.observation_string(s), twin.information_state_string(s))
            for s in range(4)] == after
    other = game.deserialize_state(state.serialize())
    assert [(other.observation_string(s), other.information_state_string(s))
            for s in range(4)] == after


def test_the_pseudo_players_are_pyspiels() -> None:
    assert int(pyspiel.PlayerId.CHANCE) == holder.CHANCE
    assert int(pyspiel.PlayerId.TERMINAL) == holder.TERMINAL


def _replayed(game: pyspiel.Game, state: ModernArtState) -> ModernArtState:
    fresh = game.new_initial_state()
    for action in state.history():
        fresh.apply_action(action)
    return fresh


def _observed(state: ModernArtState) -> list[object]:
    return [str(state)] + [
        (state.observation_string(s), state.observation_tensor(s),
         state.information_state_string(s)) for s in range(state.num_players())]


def test_copies_that_move_apart_each_read_as_their_own_replay() -> None:
    """A copy shares its state's holder, game and record until one of them moves; two
    copies that then make different moves, and the state they came from, each read
    exactly as the same moves replayed on a new state (words, tensors, information
    states), whichever moved first, across a round's end too."""
    game = load("hig-1992-en", 4)
    rng = random.Random(5)
    state = dealt(game, seed=5)
    for step in range(160):
        copies = [state.clone() for _ in range(3)]
        moves = state.legal_actions()
        for copy in copies[1:]:
            copy.apply_action(rng.choice(moves))
        if step % 20 == 0:
            for copy in copies:
                assert _observed(copy) == _observed(_replayed(game, copy))
        state = copies[1 + step % 2]
        if state.is_terminal():
            break
    assert _observed(state) == _observed(_replayed(game, state))


def test_a_serialised_state_is_read_back_in_a_new_process() -> None:
    """The compiled rules travel as a reference to the table, itself its arguments: a
    process that never made the table makes it again."""
    game = load("hig-1992-en", 4)
    state = dealt(game)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    code = (
        "import sys, pyspiel, auctionrules.envs.openspiel\n"
        "game, state = pyspiel.deserialize_game_and_state(sys.stdin.read())\n"
        "print(state.information_state_string(0))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(
                              filter(None, (SRC, os.environ.get("PYTHONPATH"))))})
    assert done.stdout.rstrip("\n") == state.information_state_string(0)



def test_a_game_of_two_modules_or_a_variant_file_reads_back_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSpiel's game string keeps a comma between parameters, so the modules are
    joined by ``+``; a variant file is kept as its absolute path, so a process in
    another folder reads the state back."""
    game = load("hig-1992-fr", 3, ("mystery-hand", "single-beneficiary"))
    assert "modules=mystery-hand+single-beneficiary," in str(game)
    state = dealt(game)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    twin_game, twin = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(twin_game) == str(game) and twin.history() == state.history()
    assert twin.information_state_string(1) == state.information_state_string(1)
    (tmp_path / "club.yaml").write_text("id: club\ntitle: Club\nextends: hig-1992-en\n",
                                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taiwan").write_text("not read", encoding="utf-8")
    # (a bundled id wins over a file of that name, as the loader reads it)
    assert str(load("taiwan", 3)).endswith(",variant=taiwan)")
    club = load("club.yaml", 3)
    assert f"variant={tmp_path.resolve() / 'club.yaml'}" in str(club)
    text = pyspiel.serialize_game_and_state(club, dealt(club))
    monkeypatch.chdir("/")
    assert str(pyspiel.deserialize_game_and_state(text)[0]) == str(club)

def test_a_state_pickles_its_rules_by_reference_only_to_a_named_table() -> None:
    """A table named by a variant pickles as its arguments, so a state's pickle holds
    its rules as a reference to it; a table made from a ruleset object holds them by
    value (a reference to it would pickle the table, that ruleset in it, again)."""
    from auctionrules.envs.table import Table, table_for
    from auctionrules.loader import load_ruleset

    named = table_for("hig-1992-en", 4, (), 6)
    data = holder.dumps(named, (named.rules, named.rules.ruleset))
    assert pickle.loads(data) == (named.rules, named.rules.ruleset) and len(data) < 1000
    loose = Table(load_ruleset("hig-1992-en"), 4)
    rules, ruleset = pickle.loads(holder.dumps(loose, (loose.rules, loose.rules.ruleset)))
    assert rules is not loose.rules and rules.players == 4 and ruleset == loose.rules.ruleset


def test_a_state_pickles_and_reads_back_as_it_was() -> None:
    """``pickle`` (and so ``copy.deepcopy`` and multiprocessing) takes a state new or
    played: a new state is of a class made for its game, which pickle cannot name, so
    it pickles as :class:`ModernArtState`; read back, it moves on as the original does,
    and the game's start is left as it was."""
    game = load("hig-1992-en", 4)
    new = pickle.loads(pickle.dumps(game.new_initial_state()))
    assert type(new) is ModernArtState and str(new) == str(game.new_initial_state())
    new.apply_action(new.chance_outcomes()[0][0])
    assert str(game.new_initial_state()).startswith("dealing: 0 of")
    state = dealt(game)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.information_state_string(0) == state.information_state_string(0)
    for twin in (back, state):
        twin.apply_action(twin.legal_actions()[-1])
    assert str(back) == str(state)


@pytest.mark.parametrize("params", [
    {"reward": "rank", "bid_amounts": "absolute"},
    {"reward": "money-share", "limit_actions": False},
])
def test_random_sim_with_the_encoding_and_reward_options(params: dict[str, object]) -> None:
    game = load("hig-1992-en", 3, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    size = game.table.encoding.size
    assert game.num_distinct_actions() == size
    assert size == (89 if params.get("limit_actions", True) else 77)
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    returns = state.returns()
    if params["reward"] == "rank":
        assert max(returns) == 1.0 and min(returns) == -1.0
    else:
        assert sum(returns) == pytest.approx(1.0)


def test_an_illegal_action_raises_and_leaves_the_state() -> None:
    from auctionrules.engine import IllegalActionError

    state = dealt(load("hig-1992-en", 4))
    before = str(state)
    illegal = next(a for a in range(state.get_game().num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert str(state) == before and state.legal_actions()
