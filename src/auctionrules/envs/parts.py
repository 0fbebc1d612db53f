"""The observation, declared once: its named parts, each with its width, scale, top and writer.

As OpenSpiel's ``kuhn_poker`` observer lists its pieces, :data:`PARTS` lists
the parts of a seat's observation in order. Everything else is derived from
it: the offsets (:attr:`Encoding.offsets <auctionrules.envs.encoding.Encoding.offsets>`),
the ``Box`` bounds of the spaces (:func:`bounds`), the table in
``docs/rl-encoding.rst`` (:func:`table_rst`, held to the page by a test) and
the reference encoding of a view (:func:`write_view`), part by part, from the
view's public fields alone. The fast reader (:mod:`.reader`) writes the same
vector from the same offsets, with what it may keep between steps; the tests
hold it to :func:`write_view` at every step of random games.

Features are scaled, never squashed: money is divided by the starting cash (1
is what a seat starts with), cards are counted, one-hot parts are 0 or 1. Each
part's top is true (no observation exceeds it) and as tight as the rules alone
allow: for cash that is everything the bank can ever pay
(:attr:`Rules.most_money <auctionrules.engine.rules.Rules.most_money>`), far
above what games reach, so a learner should use the documented scales rather
than divide by the tops.

Pure Python, no numpy: the core may import it (the docs' table and the bounds
come from here).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import attrs

from auctionrules.engine.cards import KIND_INDEX, artist_of, code_count
from auctionrules.engine.rules import MOST_PAINTINGS
from auctionrules.model import AUCTION_TYPES

if TYPE_CHECKING:
    from auctionrules.engine.rules import Rules
    from auctionrules.engine.views import View

#: The view's phases, in the order of the ``phase`` part.
PHASE_NAMES: Final = ("lead", "auction", "flip", "over")


@attrs.frozen
class Sight:
    """What a writer reads: the view, its rules and the seats from the observing one on."""

    view: View
    rules: Rules
    #: the seats in the order of per-seat parts: the observing seat (a spectator's
    #: anchor), then its left neighbour, and so on
    order: tuple[int, ...]
    #: the lot as ``dict(view.lot)``, or ``None`` between lots
    lot: dict[str, Any] | None

    def money(self, amount: int | None) -> float:
        """``amount`` on the money scale (÷ starting cash; ``None`` is 0)."""
        return (amount or 0) / self.rules.starting_cash

    def place(self, seat: int) -> int:
        """Where ``seat`` comes in per-seat parts."""
        return self.order.index(seat)


#: A part's writer: fills the part's entries (a list of zeros of its width).
Writer = Callable[[Sight, list[float]], None]


@attrs.frozen
class Part:
    """One named part of the observation."""

    name: str
    #: the width in words (``n`` players, ``A`` artists, ``K`` card kinds ...)
    size_text: str
    #: the width for a compiled ruleset
    size: Callable[[Rules], int]
    #: the scale in words (``money``, ``cards``, ``one-hot``, ``0/1``)
    scale: str
    #: the top of each entry for a compiled ruleset (the bottom is always 0)
    top: Callable[[Rules], float]
    #: what it shows, for the docs' table
    text: str
    write: Writer


# --- tops -------------------------------------------------------------------------------

def _money(rules: Rules) -> float:
    return rules.most_money / rules.starting_cash


def _copies(rules: Rules) -> float:
    return float(max(Counter(rules.deck).values()))


def _per_artist(rules: Rules) -> float:
    return float(max(Counter(artist_of(code) for code in rules.deck).values()))


def _hand_cards(rules: Rules) -> float:
    """The most cards one hand can hold: every deal of the game (and no more than the deck)."""
    return float(min(sum(rules.hand_deal), len(rules.deck)))


def _lots(rules: Rules) -> float:
    """What a seat can pay over the game: the most money, once per card of the deck
    (every lot has at least one card, and each lot is paid for once)."""
    return _money(rules) * len(rules.deck)


def _one(rules: Rules) -> float:
    return 1.0


def _board_top(rules: Rules) -> float:
    return max(rules.ranking, default=0) / rules.starting_cash


# --- writers ----------------------------------------------------------------------------

def _hand(s: Sight, out: list[float]) -> None:
    codes = s.rules.codec.by_name
    for name in s.view.hand or ():
        out[codes[name]] += 1.0


def _hand_sizes(s: Sight, out: list[float]) -> None:
    for k, seat in enumerate(s.order):
        out[k] = s.view.hand_sizes[seat]


def _dummy_sizes(s: Sight, out: list[float]) -> None:
    out[:] = [float(size) for size in s.view.dummy_sizes]


def _cash(s: Sight, out: list[float]) -> None:
    for k, seat in enumerate(s.order):
        out[k] = s.money(s.view.cash[seat])


def _cash_known(s: Sight, out: list[float]) -> None:
    for k, seat in enumerate(s.order):
        out[k] = float(s.view.cash[seat] is not None)


def _spent(s: Sight, out: list[float]) -> None:
    paid = [0] * s.rules.players
    for _, buyer, price in s.view.sales or ():
        paid[buyer] += price
    for k, seat in enumerate(s.order):
        out[k] = s.money(paid[seat])


def _board(s: Sight, out: list[float]) -> None:
    out[:] = [s.money(value) for row in s.view.board for value in row]


def _counts(s: Sight, out: list[float]) -> None:
    out[:] = [float(count) for count in s.view.counts]


def _owned(s: Sight, out: list[float]) -> None:
    codes, artists = s.rules.codec.by_name, s.rules.artists
    for k, seat in enumerate(s.order):
        for name in s.view.owned[seat]:
            out[k * artists + artist_of(codes[name])] += 1.0


def _table(s: Sight, out: list[float]) -> None:
    codes = s.rules.codec.by_name
    for name in s.view.table:
        out[artist_of(codes[name])] += 1.0


def _lot_cards(s: Sight, out: list[float]) -> None:
    codes = s.rules.codec.by_name
    for name in s.lot["cards"] if s.lot else ():
        out[codes[name]] += 1.0


def _lot_type(s: Sight, out: list[float]) -> None:
    if s.lot:
        out[KIND_INDEX[s.lot["type"]]] = 1.0


def _seat_of(key: str) -> Writer:
    def write(s: Sight, out: list[float]) -> None:
        if s.lot and s.lot[key] is not None:
            out[s.place(s.lot[key])] = 1.0
    return write


def _amount_of(key: str) -> Writer:
    def write(s: Sight, out: list[float]) -> None:
        if s.lot:
            out[0] = s.money(s.lot[key])
    return write


def _sealed_done(s: Sight, out: list[float]) -> None:
    done = s.lot["sealed_done"] if s.lot else None
    if done is not None:
        for k, seat in enumerate(s.order):
            out[k] = float(done[seat])


def _own_limit(s: Sight, out: list[float]) -> None:
    seat = s.view.seat
    limits = s.lot["limits"] if s.lot and seat is not None else None
    if limits:
        out[0] = s.money(limits[seat])


def _to_act(s: Sight, out: list[float]) -> None:
    for seat in s.view.to_act:
        out[s.place(seat)] = 1.0


def _phase(s: Sight, out: list[float]) -> None:
    out[PHASE_NAMES.index(s.view.phase)] = 1.0


def _round(s: Sight, out: list[float]) -> None:
    out[min(s.view.round, s.rules.rounds) - 1] = 1.0


def _paintings(s: Sight, out: list[float]) -> None:
    for k, seat in enumerate(s.order):
        out[k] = float(s.view.paintings[seat])


def _players(rules: Rules) -> int:
    return rules.players


def _kinds(rules: Rules) -> int:
    return code_count(rules.artists)


def _artists(rules: Rules) -> int:
    return rules.artists


def _lot_types(rules: Rules) -> int:
    # the five types, and the descending auction where a symbol is played as one
    return max(len(AUCTION_TYPES), *(kind + 1 for kind in rules.played_as))


def _single(rules: Rules) -> int:
    return 1


#: The parts of the observation, in order. A new part goes where it belongs: offsets
#: are derived, never written down.
PARTS: Final[tuple[Part, ...]] = (
    Part("hand", "K", _kinds, "cards", _copies,
         "own cards, a count per card kind", _hand),
    Part("hand_sizes", "n", _players, "cards", _hand_cards,
         "cards in each player's hand", _hand_sizes),
    Part("dummy_sizes", "dummies", lambda r: r.dummies, "cards", _hand_cards,
         "cards left in each dummy hand", _dummy_sizes),
    Part("cash", "n", _players, "money", _money,
         "own cash; the others' only where the ruleset shows money (no ``money.screens``) "
         "or once the game is over", _cash),
    Part("cash_known", "n", _players, "0/1", _one, "1 where ``cash`` is shown", _cash_known),
    Part("spent", "n", _players, "money", _lots,
         "what each player paid for lots this game, where prices are public "
         "(``money.public_prices``; else 0)", _spent),
    Part("board", "rounds × A", lambda r: r.rounds * r.artists, "money", _board_top,
         "the values placed on the board, round by round, artist by artist", _board),
    Part("counts", "A", _artists, "cards", _per_artist,
         "cards of each artist laid this round (lots, sold or not, and dummy cards)", _counts),
    Part("owned", "n × A", lambda r: r.players * r.artists, "cards", _per_artist,
         "cards of each artist each player bought this round", _owned),
    Part("table", "A", _artists, "cards", _per_artist,
         "unowned cards of each artist on the table: turned-over dummy cards, unsold lots",
         _table),
    Part("lot_cards", "K", _kinds, "cards", _copies, "the lot's cards", _lot_cards),
    Part("lot_type", "5 (6)", _lot_types, "one-hot", _one,
         "the auction type running (a sixth, descending, where a symbol is played as one)",
         _lot_type),
    Part("leader", "n", _players, "one-hot", _one, "who led the lot", _seat_of("leader")),
    Part("adder", "n", _players, "one-hot", _one, "who added its second card",
         _seat_of("adder")),
    Part("auctioneer", "n", _players, "one-hot", _one, "who runs the auction",
         _seat_of("auctioneer")),
    Part("high_bid", "1", _single, "money", _money, "the standing bid", _amount_of("high")),
    Part("high_bidder", "n", _players, "one-hot", _one, "who holds it",
         _seat_of("high_bidder")),
    Part("price", "1", _single, "money", _money, "the fixed price named", _amount_of("price")),
    Part("sealed_done", "n", _players, "0/1", _one,
         "who has given a sealed bid (never the amount)", _sealed_done),
    Part("own_sealed_bid", "1", _single, "money", _money, "the seat's own sealed bid",
         _amount_of("own_sealed_bid")),
    Part("own_limit", "1", _single, "money", _money,
         "the seat's own open-auction limit in this lot (0: none said)", _own_limit),
    Part("to_act", "n", _players, "0/1", _one, "who must act now", _to_act),
    Part("phase", "4", lambda r: len(PHASE_NAMES), "one-hot", _one,
         "lead, auction, flip, over", _phase),
    Part("round", "rounds", lambda r: r.rounds, "one-hot", _one, "the round", _round),
    Part("paintings", "n or 0",
         lambda r: r.players if r.winner_tie_break == MOST_PAINTINGS else 0, "cards",
         lambda r: float(len(r.deck)),
         "the paintings each player acquired over the game (bought, taken free, both "
         "cards of a double), only where the winner's tie-break counts them "
         "(``winner.tie_break: most-paintings``)", _paintings),
)

#: What each scale means, for the docs.
SCALES: Final = {
    "money": "÷ the starting cash (1 is what a seat starts with)",
    "cards": "a number of cards",
    "one-hot": "1 at one entry, else 0",
    "0/1": "1 or 0 per entry",
}


def layout(rules: Rules) -> tuple[tuple[str, int], ...]:
    """``(name, width)`` of each part for ``rules``, in order."""
    return tuple((part.name, part.size(rules)) for part in PARTS)


def bounds(rules: Rules) -> tuple[list[float], list[float]]:
    """``(low, high)`` of every entry of the vector: 0, and each part's top."""
    high: list[float] = []
    for part in PARTS:
        high += [part.top(rules)] * part.size(rules)
    return [0.0] * len(high), high


def write_view(view: View, rules: Rules, anchor: int | None = None) -> list[float]:
    """The observation of ``view``, part by part from its writers (a spectator's view:
    per-seat parts from ``anchor``, by default seat 0): the reference the fast reader
    is held to."""
    me = view.seat if view.seat is not None else (anchor or 0)
    n = rules.players
    sight = Sight(view, rules, tuple((me + k) % n for k in range(n)),
                  None if view.lot is None else dict(view.lot))
    out: list[float] = []
    for part in PARTS:
        entries = [0.0] * part.size(rules)
        if entries:
            part.write(sight, entries)
        out += entries
    return out


def table_rst() -> str:
    """The docs' tables of the parts and of the scales (``docs/rl-encoding.rst`` holds
    them verbatim)."""
    rows = [(f"``{p.name}``", p.size_text, p.scale, p.text) for p in PARTS]
    heads = ("part", "size", "scale", "content")
    widths = [max(len(heads[i]), *(len(row[i]) for row in rows[:])) for i in range(3)]
    widths.append(60)
    rule = "  ".join("=" * w for w in widths)

    def line(cells: tuple[str, ...]) -> list[str]:
        words = cells[3].split()
        wrapped: list[str] = []
        current = ""
        for word in words:
            if current and len(current) + 1 + len(word) > widths[3]:
                wrapped.append(current)
                current = word
            else:
                current = f"{current} {word}" if current else word
        wrapped.append(current)
        first = "  ".join(c.ljust(w) for c, w in zip(cells[:3], widths, strict=False))
        pad = " " * (sum(widths[:3]) + 6)
        return [f"{first}  {wrapped[0]}".rstrip()] + [f"{pad}{more}".rstrip()
                                                     for more in wrapped[1:]]

    out = [rule, "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip(),
           rule]
    for row in rows:
        out += line(row)
    out.append(rule)
    scales = max(map(len, SCALES))
    out += ["", "=" * scales + "  " + "=" * 50, "scale".ljust(scales) + "  meaning",
            "=" * scales + "  " + "=" * 50]
    out += [f"{name.ljust(scales)}  {meaning}" for name, meaning in SCALES.items()]
    out.append("=" * scales + "  " + "=" * 50)
    return "\n".join(out)
