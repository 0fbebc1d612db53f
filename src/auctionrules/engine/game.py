"""The game: one mutable state driven through a small checked API.

``Game`` is the OpenSpiel "state" and the python-chess "board" in one object:
:meth:`Game.to_act` says who must act, :meth:`Game.legal` what they may do,
:meth:`Game.apply` does it (checking everything first, so an illegal action
leaves the state exactly as it was), :meth:`Game.view` is what one player may
see. The rules come in compiled (:class:`~auctionrules.engine.rules.Rules`);
nothing here compares an option name or an edition. Cards are int codes inside
(see :mod:`auctionrules.engine.cards`).

Attributes without a leading underscore (``hands``, ``cash``, ``lot``...) are
read by the auction strategies, views and invariant checks; treat them as
read-only outside the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from auctionrules.engine import setup
from auctionrules.engine.actions import FLIP, PASS, Action, Flip, Pass, Play
from auctionrules.engine.auctions import AUCTIONS
from auctionrules.engine.cards import DOUBLE
from auctionrules.engine.dummy import choose
from auctionrules.engine.errors import GameOverError, IllegalActionError, MalformedActionError
from auctionrules.engine.events import Event
from auctionrules.engine.invariants import violations
from auctionrules.engine.legal import Legal
from auctionrules.engine.lot import NOBODY, Lot
from auctionrules.engine.outcome import Outcome, Reason, winners
from auctionrules.engine.policies import BANK, to_seller
from auctionrules.engine.record import make_record
from auctionrules.engine.rules import Rules
from auctionrules.engine.scoring import score_round
from auctionrules.engine.views import View, make_view
from auctionrules.model import Ruleset

#: Phases of the game loop.
LEAD, AUCTION, FLIPPING, OVER = range(4)


class Game:
    """A game of Modern Art under one compiled ruleset (see the module docstring)."""

    rules: Rules
    n: int
    seed: int
    hands: list[list[int]]
    deck: list[int]
    cash: list[int]
    board: list[list[int]]
    round: int
    counts: list[int]
    owned: list[list[int]]
    table: list[int]
    discard: list[int]
    phase: int
    turn: int
    lot: Lot | None
    flipper: int
    resume: int
    last_card_player: int
    last_auctioneer: int
    dummy_next: int
    rng: random.Random
    bank_in: int
    bank_out: int
    money_total: int
    sales: list[tuple[int, int, int]]
    outcome: Outcome | None
    _events: list[Event]
    log: list[tuple[int, str]]
    start: dict[str, Any]
    start_cards: Counter[int]

    # --- creation -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        ruleset: Ruleset | None = None,
        players: int | None = None,
        seed: int = 0,
        *,
        rules: Rules | None = None,
    ) -> Game:
        """A new game: the deck shuffled with ``random.Random(seed)`` and round 1 dealt."""
        rules = setup.resolve_rules(ruleset, players, rules)
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        hands: list[list[int]] = []
        per = rules.hand_deal[0]
        for h in range(rules.players + rules.dummies):
            hands.append(deck[h * per : (h + 1) * per])
        rest = deck[(rules.players + rules.dummies) * per :]
        game = cls._blank(rules, seed)
        game._begin(
            hands=hands, deck=rest, cash=[rules.starting_cash] * rules.players,
            round_index=0, auctioneer=0, board=None, played=None, owned=None,
        )
        return game

    @classmethod
    def from_position(
        cls,
        ruleset: Ruleset | None = None,
        players: int | None = None,
        *,
        hands: Sequence[Sequence[str]],
        rules: Rules | None = None,
        cash: Sequence[int] | None = None,
        board: Any = None,
        round: int = 1,
        auctioneer: int = 0,
        dummy_hands: Sequence[Sequence[str]] = (),
        deck: Sequence[str] | None = None,
        played: Sequence[str] = (),
        owned: Sequence[Sequence[str]] | None = None,
        seed: int = 0,
    ) -> Game:
        """A game set up exactly, e.g. a rulebook example (see :mod:`.setup`).

        ``hands`` per seat, ``dummy_hands`` top card first, ``cash`` per seat
        (default starting cash), ``board`` as ``{artist_id: [value per earlier
        round]}`` or a list of rows, ``round`` 1-based, ``auctioneer`` the seat to
        lead, ``played`` cards already on the table this round (unowned),
        ``owned`` cards bought this round per seat, ``deck`` the undealt cards
        in draw order (default: the rest of the deck in a fixed order).
        """
        rules = setup.resolve_rules(ruleset, players, rules)
        pos = setup.position(
            rules, hands=hands, dummy_hands=dummy_hands, cash=cash, board=board,
            round_number=round, played=played, owned=owned, deck=deck,
        )
        game = cls._blank(rules, seed)
        game._begin(
            hands=pos.hands, deck=pos.deck, cash=pos.cash, round_index=pos.round,
            auctioneer=auctioneer, board=pos.board, played=pos.played, owned=pos.owned,
        )
        return game

    @classmethod
    def _blank(cls, rules: Rules, seed: int) -> Game:
        game = cls.__new__(cls)
        game.rules = rules
        game.n = rules.players
        game.seed = seed
        game.rng = random.Random(seed)
        return game

    def _begin(
        self,
        *,
        hands: list[list[int]],
        deck: list[int],
        cash: list[int],
        round_index: int,
        auctioneer: int,
        board: list[list[int]] | None,
        played: list[int] | None,
        owned: list[list[int]] | None,
    ) -> None:
        rules, n = self.rules, self.n
        codec = rules.codec
        self.start = {
            "hands": [[codec.name(c) for c in h] for h in hands],
            "deck": [codec.name(c) for c in deck],
        }
        if board is not None or played or owned or round_index or auctioneer or cash != [
            rules.starting_cash
        ] * n:
            self.start["position"] = setup.position_dict(
                rules, cash=cash, board=board, round_index=round_index,
                auctioneer=auctioneer, played=played, owned=owned,
            )
        self.hands = [list(h) for h in hands]
        self.start_cards = Counter(c for h in hands for c in h)
        self.start_cards.update(deck)
        self.start_cards.update(played or ())
        for cards in owned or ():
            self.start_cards.update(cards)
        self.deck = list(deck)
        self.cash = list(cash)
        self.board = board or [[0] * rules.artists for _ in range(rules.rounds)]
        self.round = round_index
        self.counts = [0] * rules.artists
        self.table = list(played or ())
        self.owned = [list(o) for o in owned] if owned else [[] for _ in range(n)]
        for c in self.table:
            self.counts[c // 5] += 1
        for cards in self.owned:
            for c in cards:
                self.counts[c // 5] += 1
        self.discard = []
        self.phase = LEAD
        self.turn = auctioneer
        self.lot = None
        self.flipper = NOBODY
        self.resume = 0
        self.last_card_player = auctioneer
        self.last_auctioneer = auctioneer
        self.dummy_next = 0
        self.bank_in = self.bank_out = 0
        self.money_total = sum(cash)
        self.sales = []
        self.outcome = None
        self._events = []
        self.log = []
        self.emit("deal", cards=[len(h) for h in self.hands], deck=len(self.deck))
        self._lead_from(auctioneer)

    # --- queries ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far (all public; see :mod:`.events`)."""
        return tuple(self._events)

    @property
    def round_number(self) -> int:
        """The current round, 1-based."""
        return self.round + 1

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now: one, or for a sealed auction every seat yet to bid."""
        phase = self.phase
        if phase == LEAD:
            return (self.turn,)
        if phase == AUCTION:
            lot = self.lot
            assert lot is not None
            return AUCTIONS[lot.kind].to_act(self, lot)
        if phase == FLIPPING:
            return (self.flipper,)
        return ()

    def legal(self, seat: int) -> Legal:
        """What ``seat`` may do now (empty if it is not their turn)."""
        if seat not in self.to_act():
            return Legal(seat, ())
        if self.phase == LEAD:
            plays = self.rules.plays
            return Legal(seat, tuple(plays[c] for c in self.leadable(seat)))
        if self.phase == FLIPPING:
            return Legal(seat, (FLIP, PASS))
        lot = self.lot
        assert lot is not None
        return AUCTIONS[lot.kind].legal(self, lot, seat)

    def leadable(self, seat: int) -> list[int]:
        """Distinct card codes ``seat`` may lead, ascending."""
        hand = self.hands[seat]
        distinct = sorted(set(hand))
        if not self.rules.lead_requires_companion:
            return distinct
        return [c for c in distinct if c % 5 != DOUBLE or self.companions(seat, c)]

    def companions(self, seat: int, first: int) -> list[int]:
        """Distinct codes in ``seat``'s hand that may join the double ``first``."""
        artist = first // 5
        return sorted({c for c in self.hands[seat] if c // 5 == artist and c % 5 != DOUBLE})

    def bid_range(self, seat: int, high: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a bid above ``high`` that ``seat`` can pay, or ``None``."""
        unit = self.rules.unit
        lo = max(self.rules.minimum_bid, high + unit)
        lo = -(-lo // unit) * unit
        cash = self.cash[seat]
        if cash < lo:
            return None
        return (lo, lo + (cash - lo) // unit * unit, unit)

    def price_range(self, seat: int) -> tuple[int, int, int] | None:
        """``(min, max, step)`` of a fixed price ``seat`` may name; ``(0, 0, unit)`` when
        broke and ``offer-at-zero``; ``None`` when broke and the auctioneer keeps the lot."""
        rules = self.rules
        unit = rules.unit
        lo = -(-rules.minimum_bid // unit) * unit
        top = self.cash[seat] if rules.fixed_price_capped else max(self.cash)
        if top < lo:
            return None if rules.broke_keeps else (0, 0, unit)
        return (lo, lo + (top - lo) // unit * unit, unit)

    # --- applying actions ---------------------------------------------------------------

    def apply(self, action: Action | str, seat: int | None = None) -> tuple[Event, ...]:
        """Check and carry out ``action`` by ``seat`` (default: the only seat to act).

        Raises :class:`MalformedActionError`, :class:`IllegalActionError` or
        :class:`GameOverError` with the reason; the state is then unchanged.
        """
        if self.phase == OVER:
            raise GameOverError(f"{str(action)!r}: the game is over")
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise MalformedActionError(f"{action!r} is not an action")
        to_act = self.to_act()
        if seat is None:
            if len(to_act) != 1:
                raise IllegalActionError(
                    f"{str(action)!r}: several seats must act ({to_act}); say which seat"
                )
            seat = to_act[0]
        elif seat not in to_act:
            raise IllegalActionError(
                f"{str(action)!r}: it is not seat {seat}'s turn (to act: {to_act})"
            )
        reason = self._check(seat, action)
        if reason is not None:
            raise IllegalActionError(f"{str(action)!r} by seat {seat}: {reason}")
        mark = len(self._events)
        self.log.append((seat, str(action)))
        self._do(seat, action)
        return tuple(self._events[mark:])

    def _check(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == LEAD:
            if not isinstance(action, Play):
                return "seat must lead a card: play ARTIST/TYPE"
            code = self.rules.codec.code(action.card)
            if code not in self.hands[seat]:
                return f"{action.card} is not in the hand"
            if code not in self.leadable(seat):
                return "a double may be led only with a second card of its artist in hand"
            return None
        if phase == FLIPPING:
            return None if isinstance(action, (Flip, Pass)) else "flip or pass"
        lot = self.lot
        assert lot is not None
        return AUCTIONS[lot.kind].check(self, lot, seat, action)

    def apply_unchecked(self, action: Action, seat: int) -> None:
        """Carry out an action known to be legal (engines and benchmarks; no checks)."""
        self.log.append((seat, str(action)))
        self._do(seat, action)

    def _do(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase == AUCTION:
            lot = self.lot
            assert lot is not None
            AUCTIONS[lot.kind].apply(self, lot, seat, action)
        elif phase == LEAD:
            assert isinstance(action, Play)
            self._lead(seat, self.rules.codec.codes[action.card])
        else:
            resume = self.resume
            if isinstance(action, Flip):
                if self._flip(seat):
                    return
            else:
                self.emit("pass", seat=seat)
            self._lead_from(resume)

    # --- the flow of a round ------------------------------------------------------------

    def emit(self, kind: str, **fields: Any) -> None:
        """Append an event to the log."""
        self._events.append(Event(kind, self.round + 1, fields))

    def _lead_from(self, start: int) -> None:
        n = self.n
        for k in range(n):
            seat = (start + k) % n
            if self.hands[seat] and self.leadable(seat):
                self.phase, self.turn = LEAD, seat
                return
        self._end_round(exhausted=True)

    def _exhausted(self) -> bool:
        hands = self.hands
        return not any(hands[s] for s in range(self.n))

    def _place(self, code: int) -> bool:
        """Count a card laid on the table; ``True`` if it ends the round."""
        artist = code // 5
        self.counts[artist] += 1
        return self.counts[artist] >= self.rules.artist_cards

    def _lead(self, seat: int, code: int) -> None:
        self.hands[seat].remove(code)
        self.emit("play", seat=seat, card=self.rules.codec.name(code))
        lot = Lot(self.n, seat, code, code % 5)
        self.lot = lot
        self.last_card_player = seat
        self.last_auctioneer = seat
        if self._place(code):
            self._end_round(exhausted=False, artist=code // 5)
        elif not self.rules.last_card_sold and self._exhausted():
            self._end_round(exhausted=True)
        else:
            self.phase = AUCTION
            AUCTIONS[lot.kind].start(self, lot)

    def add_second(self, lot: Lot, seat: int, code: int) -> None:
        """``seat`` adds ``code`` to the double ``lot``; its type runs the auction."""
        self.hands[seat].remove(code)
        lot.cards.append(code)
        lot.adder = seat
        self.emit("add", seat=seat, card=self.rules.codec.name(code))
        self.last_card_player = seat
        if self.rules.adder_auctions:
            lot.auctioneer = seat
        self.last_auctioneer = lot.auctioneer
        if self._place(code):
            self._end_round(exhausted=False, artist=code // 5)
        elif not self.rules.last_card_sold and self._exhausted():
            self._end_round(exhausted=True)
        else:
            lot.kind = code % 5
            AUCTIONS[lot.kind].start(self, lot)

    def sell(self, lot: Lot, winner: int, price: int) -> None:
        """``winner`` pays ``price`` for the lot, to the payees the rules name."""
        if lot.adder != NOBODY:
            payments = tuple(self.rules.payee.payments(lot, winner, price))
        else:
            payments = ((to_seller(lot.auctioneer, winner), price),) if price else ()
        self.cash[winner] -= price
        for to, amount in payments:
            if to == BANK:
                self.bank_in += amount
            else:
                self.cash[to] += amount
        self.owned[winner].extend(lot.cards)
        self.sales.append((self.round, winner, price))
        codec = self.rules.codec
        self.emit(
            "sold",
            seat=winner,
            price=price,
            cards=[codec.name(c) for c in lot.cards],
            auctioneer=lot.auctioneer,
            payments=[list(p) for p in payments],
        )
        self._settled(lot, winner)

    def take_free(self, lot: Lot, seat: int) -> None:
        """``seat`` takes the lot without paying (nobody bid, nobody added...)."""
        self.owned[seat].extend(lot.cards)
        codec = self.rules.codec
        self.emit("sold", seat=seat, price=0, cards=[codec.name(c) for c in lot.cards],
                  auctioneer=lot.auctioneer, payments=[], free=True)
        self._settled(lot, seat)

    def leave_unsold(self, lot: Lot) -> None:
        """The lot stays on the table, unowned; it still counts for the ranking."""
        self.table.extend(lot.cards)
        self.emit("unsold", cards=[self.rules.codec.name(c) for c in lot.cards])
        self._settled(lot, NOBODY)

    def no_bid(self, lot: Lot) -> None:
        """Nobody bid: the ``no_bid`` strategy names the taker."""
        taker = self.rules.no_bid.taker(lot)
        if taker == NOBODY:
            self.leave_unsold(lot)
        else:
            self.take_free(lot, taker)

    def _settled(self, lot: Lot, taker: int) -> None:
        self.lot = None
        self.last_auctioneer = lot.auctioneer
        rules = self.rules
        if rules.last_card_sold and self._exhausted():
            self._end_round(exhausted=True)
            return
        resume = (lot.auctioneer + 1) % self.n
        if rules.dummies and any(self.hands[self.n :]):
            decision = rules.flip_when.after_lot(lot, taker)
            if decision is not None:
                flipper, automatic = decision
                if automatic:
                    if self._flip(flipper):
                        return
                else:
                    self.phase, self.flipper, self.resume = FLIPPING, flipper, resume
                    return
        self._lead_from(resume)

    def _flip(self, flipper: int) -> bool:
        """Turn over a dummy card; ``True`` if it ended the round."""
        hand_index, card_index = choose(self)
        hand = self.hands[self.n + hand_index]
        code = hand.pop(card_index)
        self.table.append(code)
        self.emit("flip", seat=flipper, hand=hand_index, card=self.rules.codec.name(code))
        self.last_card_player = (
            flipper if self.rules.dummy_laid_by_flipper else self.last_auctioneer
        )
        if self._place(code):
            self._end_round(exhausted=False, artist=code // 5)
            return True
        return False

    def _end_round(self, exhausted: bool, artist: int | None = None) -> None:
        rules, codec = self.rules, self.rules.codec
        if self.lot is not None:
            self.table.extend(self.lot.cards)
            self.lot = None
        ids = codec.artist_ids
        self.emit(
            "round-end",
            reason="hands-exhausted" if exhausted else "artist-cards",
            artist=None if artist is None else ids[artist],
            counts={ids[a]: c for a, c in enumerate(self.counts)},
        )
        score = score_round(
            counts=self.counts,
            owned=[[c // 5 for c in cards] for cards in self.owned],
            board=self.board,
            round_index=self.round,
            ranking=rules.ranking,
            rank_unplayed=rules.rank_unplayed,
            tie_break=rules.ranking_tie_break,
            valuation=rules.valuation,
        )
        for seat, pay in enumerate(score.payouts):
            self.cash[seat] += pay
            self.bank_out += pay
        self.emit(
            "scored",
            ranked=[ids[a] for a in score.ranked],
            added={ids[a]: v for a, v in enumerate(score.added)},
            board={
                ids[a]: sum(r[a] for r in self.board[: self.round + 1]) for a in range(len(ids))
            },
            values={ids[a]: v for a, v in enumerate(score.values)},
            payouts=list(score.payouts),
        )
        for cards in self.owned:
            self.discard.extend(cards)
            cards.clear()
        self.discard.extend(self.table)
        self.table.clear()
        self.counts = [0] * rules.artists
        if (exhausted and not rules.exhausted_next_round) or self.round + 1 >= rules.rounds:
            self._finish(Reason.HANDS_EXHAUSTED if exhausted else Reason.ROUNDS_COMPLETE)
            return
        self.round += 1
        per = rules.hand_deal[self.round]
        for hand in self.hands:
            take = self.deck[:per]
            del self.deck[:per]
            hand.extend(take)
        self.emit("deal", cards=[per] * len(self.hands), deck=len(self.deck))
        self._lead_from(rules.starter.starter(self.last_card_player, self.last_auctioneer, self.n))

    def _finish(self, reason: Reason) -> None:
        cash = tuple(self.cash)
        self.outcome = Outcome(
            reason,
            cash,
            winners(cash, self.rules.ties_shared),
            tuple(tuple(r) for r in self.board),
            self.round + 1,
        )
        self.phase = OVER
        self.emit(
            "game-end", reason=reason.value, cash=list(cash), winners=list(self.outcome.winners)
        )

    # --- observation, records, checks ---------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see."""
        if not 0 <= seat < self.n:
            raise IllegalActionError(f"no seat {seat} in a {self.n}-player game")
        return make_view(self, seat)

    def public_view(self) -> View:
        """What a spectator may see."""
        return make_view(self, None)

    def snapshot(self) -> tuple[Any, ...]:
        """The complete state as a comparable, hashable value."""
        lot = self.lot
        lot_state = None
        if lot is not None:
            lot_state = tuple(
                tuple(v) if isinstance(v, list) else v
                for v in (getattr(lot, k) for k in Lot.__slots__)
            )
        return (
            self.phase, self.round, self.turn, self.flipper, self.resume,
            tuple(tuple(h) for h in self.hands), tuple(self.deck), tuple(self.cash),
            tuple(tuple(r) for r in self.board), tuple(self.counts),
            tuple(tuple(o) for o in self.owned), tuple(self.table), tuple(self.discard),
            lot_state, self.last_card_player, self.last_auctioneer, self.dummy_next,
            self.bank_in, self.bank_out, tuple(self.sales), len(self._events),
            tuple(self.log), self.rng.getstate(), self.outcome,
        )

    def check_invariants(self) -> list[str]:
        """Every violated invariant (see :mod:`.invariants`); empty when all hold."""
        return violations(self)

    def record(self, names: list[str] | None = None) -> dict[str, Any]:
        """The JSON game record (see :mod:`.record`)."""
        return make_record(self, names)
