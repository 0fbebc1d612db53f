"""Driving the engine at random and checking it with invariants of our own.

:class:`Watcher` follows a game through its public event log and the state
attributes the engine documents as readable (``cash``, ``hands``, ``deck``,
``owned``, ``table``, ``discard``, ``lot``), and re-derives from the ruleset
alone, not from the engine's own counters:

- money: every unit that moves is in a ``sold`` or ``scored`` event, and each
  seat's cash equals the starting cash plus what those events give it (an
  exact ledger; the bank's net is what it takes minus what it pays); nobody's
  cash is ever negative; a sale pays exactly its price, to the payees the
  rulebook names (auctioneer, adder, or the 004 split);
- bids: an accepted bid, revealed sealed bid, fixed price or sale price is
  within the payer's cash at that moment, a multiple of the bid unit, and at
  least the minimum bid;
- cards: deck + hands (dummies included) + lot + table + owned + discarded
  equals the ruleset's card split, card for card;
- rounds: at most one round-ending card per round; no artist passes the
  round-ending count; the counts in ``round-end`` are the cards laid;
- scoring: the ranking recomputed from the counts and the board-order
  tie-break, the board row holds exactly the ranking table's values, card
  values follow the valuation (cumulative or this round), each payout equals
  the owner's cards times their values;
- the outcome's cash is the final cash and its winners are the richest seats;
- and the engine's own ``check_invariants()`` is empty.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

from auctionrules import engine, resources
from auctionrules.loader import load_ruleset

BANK = -1


@cache
def bundled(variant: str) -> Any:
    """A bundled ruleset by id, or ``id+module+module``: the variant with its optional
    modules applied, loaded once."""
    base, *modules = variant.split("+")
    return load_ruleset(base, modules=modules)


def configurations() -> list[str]:
    """Every bundled variant, and each one with all its optional modules applied."""
    out = []
    for variant in resources.bundled_variant_ids():
        out.append(variant)
        optional = tuple(getattr(bundled(variant), "optional_modules", ()) or ())
        out.extend(f"{variant}+{module}" for module in optional)
        if len(optional) > 1:
            out.append("+".join((variant, *optional)))
    return out


def supported() -> list[tuple[str, int]]:
    """Every (configuration, player count) pair: bundled variants and their optional rules."""
    return [
        (variant, players)
        for variant in configurations()
        for players in bundled(variant).supported_players
    ]


# -- random play ------------------------------------------------------------------------


def random_amount(lo: int, hi: int, step: int, rng: random.Random) -> int:
    """An amount in the range: an edge, near the minimum, or anywhere."""
    steps = (hi - lo) // step
    roll = rng.random()
    if roll < 0.15:
        return lo
    if roll < 0.25:
        return lo + steps * step
    if roll < 0.65:
        return lo + rng.randint(0, min(steps, 8)) * step
    return lo + rng.randint(0, steps) * step


def random_action(legal: Any, rng: random.Random, bid_chance: float = 0.45) -> Any:
    """A random legal action: a discrete one, or an amount drawn inside a legal range."""
    if legal.price is not None and (not legal.actions or rng.random() < 0.9):
        return engine.Price(random_amount(*legal.price, rng))
    if legal.bid is not None and (not legal.actions or rng.random() < bid_chance):
        return engine.Bid(random_amount(*legal.bid, rng))
    if not legal.actions:
        raise AssertionError(f"no legal action at all: {legal!r}")
    return rng.choice(legal.actions)


def random_step(game: Any, rng: random.Random, bid_chance: float = 0.45) -> tuple[int, Any]:
    """One random legal action by one of the seats to act (any of them, for sealed bids)."""
    seats = game.to_act()
    if not seats:
        raise AssertionError("the game is not over but nobody is to act")
    seat = rng.choice(seats)
    action = random_action(game.legal(seat), rng, bid_chance)
    game.apply(action, seat)
    return seat, action


def play_random_game(
    ruleset: Any,
    seed: int,
    players: int | None = None,
    *,
    watch: bool = True,
    max_actions: int = 20_000,
    on_step: Callable[[Any], None] | None = None,
    bid_chance: float = 0.45,
) -> int | None:
    """Play one random game to its end; the number of actions.

    ``players`` defaults to a random supported count. With ``watch`` the
    :class:`Watcher` checks every action and raises ``AssertionError`` on the
    first violation, naming the seed and the action.
    """
    rng = random.Random(seed)
    if players is None:
        players = rng.choice(ruleset.supported_players)
    game = engine.Game.new(ruleset, players=players, seed=seed)
    watcher = Watcher(game) if watch else None
    actions = 0
    while not game.is_over:
        seat, action = random_step(game, rng, bid_chance)
        actions += 1
        if watcher is not None:
            problems = watcher.step()
            if problems:
                raise AssertionError(
                    f"{ruleset.id} players={players} seed={seed} action {actions - 1} "
                    f"(seat {seat}: {action}): " + "; ".join(problems)
                )
        if on_step is not None:
            on_step(game)
        if actions > max_actions:
            raise AssertionError(f"{ruleset.id} players={players} seed={seed}: no end after "
                                 f"{max_actions} actions")
    return actions


# -- the independent checker ----------------------------------------------------------------


def card_counts(ruleset: Any) -> Counter[str]:
    """Every card of the ruleset by name, from the split in the ruleset itself."""
    out: Counter[str] = Counter()
    for artist in ruleset.theme.artists:
        for kind in ("open", "once_around", "sealed", "fixed_price", "double"):
            out[f"{artist.id}/{kind}"] += getattr(artist.split, kind)
    return out


def expected_payments(
    ruleset: Any, *, leader: int, adder: int | None, auctioneer: int, winner: int, price: int
) -> Counter[int]:
    """Who receives what of ``price``, from the rulebook rules (bank = -1); zero shares dropped."""
    def seller(seat: int) -> int:
        return BANK if seat == winner else seat

    out: Counter[int] = Counter()
    double = ruleset.auctions.double
    if adder is None or adder == leader:
        out[seller(auctioneer)] += price
    elif double.payee == "adder":
        out[seller(adder)] += price
    elif double.payee == "auctioneer":
        out[seller(auctioneer)] += price
    elif double.payee == "split-equally":
        unit = ruleset.money.bid_unit
        if double.split.seller_wins == "all-to-bank" and winner in (leader, adder):
            out[BANK] += price
        else:
            small = price // unit // 2 * unit
            adder_share = price - small if double.split.odd_unit_to == "adder" else small
            out[seller(adder)] += adder_share
            out[seller(leader)] += price - adder_share
    else:  # a custom payee: only the total is checked
        return Counter()
    return +out


class Watcher:
    """Checks one game after every action (see the module docstring)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        rules = game.rules
        self.ruleset = ruleset = rules.ruleset
        self.n = rules.players
        self.unit = ruleset.money.bid_unit
        self.minimum = ruleset.money.minimum_bid
        self.capped = ruleset.auctions.fixed_price.max_price == "auctioneer-cash"
        self.artist_cards = ruleset.round_end.artist_cards
        self.ranking = tuple(ruleset.scoring.ranking)
        self.artists = [a.id for a in ruleset.theme.artists]
        self.all_cards = card_counts(ruleset)
        codec = rules.codec
        code_of = {codec.name(c): c for c in range(len(codec.cards))}
        self.all_codes = sorted(code_of[name] for name in self.all_cards.elements())
        self.cash = list(game.state.cash)
        self.bank = 0  # what the bank took minus what it paid
        self.seen = 0
        self.placed: Counter[str] = Counter()
        self.owned: list[list[str]] = [[] for _ in range(self.n)]
        self.round_ends: Counter[int] = Counter()
        self.board: list[dict[str, int]] = []
        self.leader: int | None = None
        self.adder: int | None = None
        self.counts: dict[str, int] = {}
        if "position" in getattr(game, "start", {}):
            raise ValueError("the Watcher follows games from the start only")

    def step(self) -> list[str]:
        """Every violation after the actions applied since the last call."""
        game = self.game
        out: list[str] = []
        events = game.events
        for event in events[self.seen:]:
            self._event(event, out)
        self.seen = len(events)
        if list(game.state.cash) != self.cash:
            out.append(
                f"money: cash is {list(game.state.cash)}, the events account for {self.cash}"
            )
        if any(c < 0 for c in game.state.cash):
            out.append(f"money: negative cash {list(game.state.cash)}")
        codes = list(game.state.deck)
        for group in (*game.state.hands, *game.state.owned, game.state.table, game.state.discard):
            codes += group
        if game.state.lot is not None:
            codes += game.state.lot.cards
        codes.sort()
        if codes != self.all_codes:
            name = game.rules.codec.name
            cards = Counter(name(c) for c in codes)
            diff = (cards - self.all_cards) + (self.all_cards - cards)
            out.append(f"cards: not conserved, differing {sorted(diff.elements())[:10]}")
        if game.is_over:
            outcome = game.outcome
            if outcome is None or list(outcome.cash) != list(game.state.cash):
                out.append(f"outcome: {outcome} does not hold the final cash {game.state.cash}")
            else:
                best = max(game.state.cash)
                richest = tuple(s for s, c in enumerate(game.state.cash) if c == best)
                if self.ruleset.winner.ties != "shared" and len(richest) > 1:
                    richest = ()
                if tuple(outcome.winners) != richest:
                    out.append(f"outcome: winners {outcome.winners}, richest {richest}")
        out.extend(f"engine: {v}" for v in game.check_invariants())
        return out

    # one event ---------------------------------------------------------------------------

    def _amount_ok(self, what: str, amount: int, cash: int, out: list[str], *,
                   capped: bool = True) -> None:
        if capped and amount > cash:
            out.append(f"{what} {amount} above the cash {cash}")
        if amount % self.unit:
            out.append(f"{what} {amount} not a multiple of the unit {self.unit}")

    def _event(self, event: Any, out: list[str]) -> None:
        kind = event.kind
        cash = self.cash
        if kind in ("play", "add", "flip"):
            artist = event["card"].split("/")[0]
            self.placed[artist] += 1
            if self.placed[artist] > self.artist_cards:
                out.append(f"round: {artist} has {self.placed[artist]} cards laid this round")
            if kind == "play":
                self.leader, self.adder = event["seat"], None
            elif kind == "add":
                self.adder = event["seat"]
        elif kind == "bid":
            self._amount_ok(f"bid by seat {event['seat']}", event["amount"],
                            cash[event["seat"]], out)
            if event["amount"] < self.minimum:
                out.append(f"bid {event['amount']} below the minimum {self.minimum}")
        elif kind == "sealed-bid":
            if set(dict(event.fields)) - {"seat"}:
                out.append(f"hidden: a sealed-bid event shows more than the seat: {event}")
        elif kind == "reveal":
            for seat, bid in enumerate(event["bids"]):
                if bid:
                    self._amount_ok(f"sealed bid by seat {seat}", bid, cash[seat], out)
        elif kind == "price":
            self._amount_ok(f"fixed price by seat {event['seat']}", event["amount"],
                            cash[event["seat"]], out, capped=self.capped)
        elif kind == "sold":
            self._sold(event, out)
        elif kind == "round-end":
            self._round_end(event, out)
        elif kind == "scored":
            self._scored(event, out)
        elif kind == "deal" and set(dict(event.fields)) - {"cards", "deck"}:
            out.append(f"hidden: a deal event shows more than counts: {event}")

    def _sold(self, event: Any, out: list[str]) -> None:
        cash = self.cash
        winner, price = event["seat"], event["price"]
        payments = [tuple(p) for p in event["payments"]]
        if price > cash[winner]:
            out.append(f"money: seat {winner} paid {price} with only {cash[winner]}")
        if price < 0 or any(amount < 0 for _, amount in payments):
            out.append(f"money: negative price or payment in {event}")
        if sum(amount for _, amount in payments) != price:
            out.append(f"money: payments {payments} do not add up to the price {price}")
        if event.get("free") and (price or payments):
            out.append(f"money: a free lot was paid for: {event}")
        if price:
            got: Counter[int] = Counter()
            for to, amount in payments:
                got[to] += amount
            expected = expected_payments(
                self.ruleset,
                leader=self.leader if self.leader is not None else event["auctioneer"],
                adder=self.adder, auctioneer=event["auctioneer"], winner=winner, price=price,
            )
            if expected and +got != expected:
                out.append(f"money: {event} pays {dict(+got)}, the rules give {dict(expected)}")
        cash[winner] -= price
        for to, amount in payments:
            if to == BANK:
                self.bank += amount
            else:
                cash[to] += amount
        self.owned[winner].extend(card.split("/")[0] for card in event["cards"])

    def _round_end(self, event: Any, out: list[str]) -> None:
        self.round_ends[event.round] += 1
        if self.round_ends[event.round] > 1:
            out.append(f"round: round {event.round} ended twice")
        counts = dict(event["counts"])
        laid = {a: self.placed[a] for a in self.artists}
        if counts != laid:
            out.append(f"round: round-end counts {counts}, cards laid {laid}")
        if event["reason"] == "artist-cards":
            artist = event["artist"]
            if counts.get(artist) != self.artist_cards:
                out.append(f"round: ended on {artist} with {counts.get(artist)} cards")
            others = [a for a, c in counts.items() if a != artist and c >= self.artist_cards]
            if others:
                out.append(f"round: {others} also reached {self.artist_cards} cards")
        elif any(c >= self.artist_cards for c in counts.values()):
            out.append(f"round: ended on exhausted hands with a full artist {counts}")
        self.counts = counts

    def _scored(self, event: Any, out: list[str]) -> None:
        ruleset, ranking = self.ruleset, self.ranking
        counts = self.counts
        index = {a: i for i, a in enumerate(self.artists)}
        tie_break = ruleset.scoring.tie_break
        if tie_break in ("board-order", "reverse-board-order"):
            sign = 1 if tie_break == "board-order" else -1
            order = sorted(self.artists, key=lambda a: (-counts[a], sign * index[a]))
            if not ruleset.scoring.rank_unplayed_artists:
                order = [a for a in order if counts[a] > 0]
            expected_ranked = order[: len(ranking)]
            if list(event["ranked"]) != expected_ranked:
                out.append(f"scoring: ranked {event['ranked']}, counts {counts} give "
                           f"{expected_ranked}")
        added = dict(event["added"])
        ranked = list(event["ranked"])
        expected_added = {a: 0 for a in self.artists}
        for place, artist in enumerate(ranked):
            expected_added[artist] = ranking[place]
        if added != expected_added:
            out.append(f"scoring: board row {added}, the ranking table gives {expected_added}")
        self.board.append(added)
        valuation = ruleset.scoring.valuation
        values = dict(event["values"])
        if valuation in ("cumulative", "this-round"):
            expected_values = {
                a: (sum(row[a] for row in self.board) if valuation == "cumulative"
                    else added[a]) if a in ranked else 0
                for a in self.artists
            }
            if values != expected_values:
                out.append(f"scoring: values {values}, the board gives {expected_values}")
        payouts = list(event["payouts"])
        expected_payouts = [sum(values[a] for a in owned) for owned in self.owned]
        if payouts != expected_payouts:
            out.append(f"scoring: payouts {payouts}, cards owned give {expected_payouts}")
        for seat, pay in enumerate(payouts):
            self.cash[seat] += pay
            self.bank -= pay
        self.placed.clear()
        self.owned = [[] for _ in range(self.n)]


# -- illegal actions ------------------------------------------------------------------------

MALFORMED_TEXTS = [
    "", "   ", "bid", "bid -5", "bid 1.5", "bid 1e3", "bid 0x10", "bid 10 20", "price",
    "price -1", "play", "play lite-metal", "play x/auction", "add", "add /open",
    "buy now", "pass pass", "fly", "pass\x00", "ビッド 10", "🎨", "play ../../etc/passwd",
]
#: Well-formed text that names no card of the ruleset or an absurd amount: refused,
#: as malformed (unknown card) or illegal (not now), depending on the phase.
ODD_TEXTS = ["play nobody/open", "add nobody/sealed", "bid 9" + "0" * 30, "price 9" + "0" * 30]
MALFORMED_VALUES: list[Any] = [None, 42, 3.5, b"pass", ["pass"], {"bid": 1}, object()]


def _ceil_to(amount: int, unit: int) -> int:
    return -(-amount // unit) * unit


def illegal_candidates(game: Any) -> list[tuple[str, Any, Any, Any]]:
    """Actions that must be refused now: ``(label, seat, action, expected error class)``.

    Only actions that are illegal whatever the rules' details are listed; each
    one's refusal must leave the state unchanged.
    """
    e = engine
    out: list[tuple[str, Any, Any, Any]] = []
    if game.is_over:
        for seat in range(game.state.n):
            out.append(("after game over: pass", seat, "pass", e.GameOverError))
            out.append(("after game over: bid", seat, e.Bid(game.rules.unit), e.GameOverError))
        out.append(("after game over: no seat", None, "pass", e.GameOverError))
        return out
    to_act = game.to_act()
    unit = game.rules.unit
    actor = to_act[0]
    legal = game.legal(actor)
    some_legal = (
        legal.actions[0] if legal.actions
        else e.Bid(legal.bid[0]) if legal.bid else e.Price(legal.price[0])
    )
    for seat in range(game.state.n):
        if seat not in to_act:
            out.append(("out of turn: a legal action of another seat", seat, some_legal,
                        e.IllegalActionError))
            out.append(("out of turn: pass", seat, "pass", e.IllegalActionError))
    for seat in (-1, game.state.n, 99):
        out.append((f"no such seat {seat}", seat, some_legal, e.IllegalActionError))
    if len(to_act) > 1:
        out.append(("no seat while several must act", None, "pass", e.IllegalActionError))
    cash = game.state.cash[actor]
    if legal.bid is not None:
        lo, hi, step = legal.bid
        out.append(("bid above cash", actor, e.Bid(_ceil_to(cash + 1, unit)),
                    e.IllegalActionError))
        out.append(("bid above the range", actor, e.Bid(hi + step), e.IllegalActionError))
        if lo - unit >= 0:
            out.append(("bid below the minimum", actor, e.Bid(lo - unit), e.IllegalActionError))
        if unit > 1 and lo + 1 <= hi:
            out.append(("bid off the increment", actor, e.Bid(lo + 1), e.IllegalActionError))
    elif "bid" not in {str(a).split()[0] for a in legal.actions} and legal.price is None:
        out.append(("bid where no bid is possible", actor, e.Bid(_ceil_to(max(cash, 1), unit)),
                    e.IllegalActionError))
    if legal.price is not None:
        lo, hi, step = legal.price
        out.append(("price above the range", actor, e.Price(hi + step), e.IllegalActionError))
        if game.rules.ruleset.auctions.fixed_price.max_price == "auctioneer-cash":
            out.append(("price above the auctioneer's cash", actor,
                        e.Price(_ceil_to(cash + 1, unit)), e.IllegalActionError))
        if unit > 1 and lo + 1 <= hi:
            out.append(("price off the increment", actor, e.Price(lo + 1), e.IllegalActionError))
    else:
        out.append(("price when none is asked", actor, e.Price(unit), e.IllegalActionError))
    kinds = {type(a).__name__ for a in legal.actions}
    for action, name in ((e.Buy(), "Buy"), (e.Flip(), "Flip"), (e.Pass(), "Pass")):
        if name not in kinds:
            out.append((f"{name.lower()} when not offered", actor, action, e.IllegalActionError))
    name = game.rules.codec.name
    held = set(game.state.hands[actor])
    missing = [c for c in range(len(game.rules.codec.cards)) if c not in held]
    if missing:
        card = engine.Card.parse(name(missing[0]))
        out.append(("play a card not in hand", actor, e.Play(card), e.IllegalActionError))
        out.append(("add a card not in hand", actor, e.Add(card), e.IllegalActionError))
    for text in ODD_TEXTS:
        out.append((f"odd {text[:20]!r}", actor, text,
                    (e.MalformedActionError, e.IllegalActionError)))
    for text in MALFORMED_TEXTS:
        out.append((f"malformed {text[:20]!r}", actor, text, e.MalformedActionError))
    for value in MALFORMED_VALUES:
        out.append((f"not an action: {type(value).__name__}", actor, value,
                    e.MalformedActionError))
    return out


# -- the long run ---------------------------------------------------------------------------


def run_games(job: tuple[int, int, int], progress: int = 0) -> dict[str, Any]:
    """Games number ``first``, ``first + stride``, ... below ``stop``, with the watcher on.

    Game ``k`` plays configuration ``k % len(supported())`` with seed ``k`` and a
    bid eagerness that varies with ``k``. Returns the figures (picklable, for a
    process pool).
    """
    first, stop, stride = job
    configs = supported()
    stats: dict[str, Any] = {"games": 0, "actions": 0, "violations": [], "by_config": Counter(),
                             "reasons": Counter(), "longest": 0}
    for k in range(first, stop, stride):
        variant, players = configs[k % len(configs)]
        eagerness = (0.15, 0.45, 0.8)[(k // len(configs)) % 3]
        key = f"{variant}/{players}"

        def on_step(game: Any, key: str = key) -> None:
            if game.is_over:
                stats["reasons"][game.outcome.reason.value] += 1

        try:
            actions = play_random_game(bundled(variant), seed=k, players=players,
                                       on_step=on_step, bid_chance=eagerness)
        except AssertionError as exc:
            stats["violations"].append(f"game {k}: {exc}")
            continue
        except Exception as exc:
            stats["violations"].append(f"game {k} ({key}): {type(exc).__name__}: {exc}")
            continue
        assert actions is not None
        stats["games"] += 1
        stats["actions"] += actions
        stats["longest"] = max(stats["longest"], actions)
        stats["by_config"][key] += 1
        if progress and stats["games"] % progress == 0:
            print(f"[job {first}] games={stats['games']} actions={stats['actions']} "
                  f"violations={len(stats['violations'])}", file=sys.stderr, flush=True)
    return stats


def merge_stats(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of several :func:`run_games` calls together."""
    total: dict[str, Any] = {"games": 0, "actions": 0, "violations": [], "by_config": Counter(),
                             "reasons": Counter(), "longest": 0}
    for part in parts:
        for key in ("games", "actions"):
            total[key] += part[key]
        total["violations"] += part["violations"]
        total["by_config"].update(part["by_config"])
        total["reasons"].update(part["reasons"])
        total["longest"] = max(total["longest"], part["longest"])
    return total
