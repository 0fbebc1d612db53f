"""Warnings: a valid ruleset that is probably not what its author meant.

An error makes a ruleset unplayable; a warning does not (``auctionrules
validate`` exits 0 unless ``--strict``). Each check here flags a combination
the engine plays without complaint but whose result surprises: a ranking
scaled for another currency, an option that another option makes
unreachable. They run on the resolved, valid document with defaults filled in,
and know which keys the checked file itself wrote (``written``), so that an
option left at its default, or inherited from an edition, is never blamed: a
combination a file only inherits is its base's to fix, so each check needs
one of its values written by the checked file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from auctionrules.loader import rounds
from auctionrules.loader.problems import JsonPath, Problem, json_path
from auctionrules.model import AUCTION_TYPES

Locate = Callable[..., tuple[str, int, int]]

#: The first place is worth this share of the starting cash in every book (30 of 100).
BOOK_SHARE = Fraction(3, 10)
#: A first place this many times the book's share of the starting cash, or this many
#: times less, is taken for a ranking written for another starting cash.
SCALE_LIMIT = 10


def check(
    doc: Mapping[str, Any], locate: Locate, written: Callable[[JsonPath], bool]
) -> list[Problem]:
    """Every warning of the resolved, valid ruleset ``doc``."""
    problems: list[Problem] = []
    top = locate(())[0]

    def warn(path: JsonPath, message: str, also: tuple[JsonPath, ...] = ()) -> None:
        # point at the value the checked file itself wrote, if it wrote one
        for candidate in (path, *also):
            if written(candidate) and locate(candidate)[0] == top:
                path = candidate
                break
        file, line, column = locate(path)
        problems.append(Problem(file, line, column, message, json_path(path), "warning"))

    _ranking_scale(doc, warn, written)
    _double_options(doc, warn, written)
    _disabled_options(doc, warn, written)
    _fixed_price_options(doc, warn, written)
    _skipped_rounds(doc, warn, written)
    _descending_options(doc, warn, written)
    return problems


Warn = Callable[..., None]
Written = Callable[[JsonPath], bool]


def _ranking_scale(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    first = doc["scoring"]["ranking"][0]
    cash = doc["money"]["starting_cash"]
    if (
        not cash
        or not first
        or not (written(("scoring", "ranking")) or written(("money", "starting_cash")))
    ):
        return
    ratio = Fraction(first, cash) / BOOK_SHARE
    if ratio >= SCALE_LIMIT or ratio * SCALE_LIMIT <= 1:
        expected = max(doc["money"]["bid_unit"], round(cash * BOOK_SHARE))
        warn(
            ("scoring", "ranking"),
            also=(("money", "starting_cash"),),
            message=f"the first ranking value {first} looks scaled for a starting cash other "
            f"than {cash} (the books give first place {float(BOOK_SHARE):.0%} of the "
            f"starting cash, here about {expected})",
        )


def _double_options(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    double = doc["auctions"]["double"]
    if not double["enabled"]:
        return
    base: JsonPath = ("auctions", "double")
    if (
        double["who_may_add"] == "leader-only"
        and double["payee"] == "split-equally"
        and (written((*base, "who_may_add")) or written((*base, "payee")))
    ):
        warn(
            (*base, "payee"),
            also=((*base, "who_may_add"),),
            message="payee split-equally splits the price only when another player added the "
            "second card, but who_may_add leader-only lets only the leader add it: the price "
            "is never split",
        )
    elif double["payee"] != "split-equally" and written((*base, "split")):
        warn(
            (*base, "split"),
            message=f"auctions.double.split has no effect: the payee is {double['payee']!r}, "
            "not 'split-equally'",
        )


def _disabled_options(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    for kind in AUCTION_TYPES:
        options = doc["auctions"][kind]
        if options["enabled"]:
            continue
        for name in options:
            path: JsonPath = ("auctions", kind, name)
            if name != "enabled" and written(path):
                warn(
                    path,
                    message=f"auctions.{kind}.{name} has no effect: the {kind} auction is disabled",
                )


def _descending_options(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    """The step of a descending auction no symbol is played as; the options of a symbol's
    own type when it is played as a descending auction."""
    auctions = doc["auctions"]
    played = [k for k in AUCTION_TYPES if auctions[k].get("played_as") == "descending"]
    step: JsonPath = ("auctions", "descending", "step")
    if not played and written(step):
        warn(step, message="auctions.descending.step has no effect: no card symbol is "
             "played as a descending auction (played_as: descending)")
    for kind in played:
        for name in auctions[kind]:
            path: JsonPath = ("auctions", kind, name)
            if name not in ("enabled", "played_as") and written(path):
                warn(path, message=f"auctions.{kind}.{name} has no effect: the {kind} "
                     "symbol is played as a descending auction")


def _fixed_price_options(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    fixed = doc["auctions"]["fixed_price"]
    if not fixed["enabled"]:
        return
    broke: JsonPath = ("auctions", "fixed_price", "broke_auctioneer")
    if written(broke) and fixed["max_price"] == "unlimited":
        warn(
            broke,
            message="auctions.fixed_price.broke_auctioneer has no effect: with max_price "
            "unlimited any price may be named, so no auctioneer is too poor to name one",
        )
    path: JsonPath = ("auctions", "fixed_price", "above_cash")
    if not written(path):
        return
    if fixed["max_price"] != "unlimited" or fixed["nobody_buys"] != "auctioneer-buys":
        warn(
            path,
            message="auctions.fixed_price.above_cash has no effect: only with max_price "
            "unlimited and nobody_buys auctioneer-buys can a price exceed what the "
            "auctioneer must pay",
        )


def _skipped_rounds(doc: Mapping[str, Any], warn: Warn, written: Written) -> None:
    """A round that the deal tables let the hands run out before (see :mod:`rounds`)."""
    shared: tuple[JsonPath, ...] = (
        ("rounds",), ("theme", "artists"), ("round_end", "artist_cards"),
        ("round_end", "hands_exhausted", "then"),
    )
    counts = [key for key in doc["player_counts"] if written(("player_counts", key, "deal"))]
    if not counts and not any(written(path) for path in shared):
        return  # all inherited: the base's to fix (and the estimate is not free)
    for reach in rounds.unreached(doc):
        deal: JsonPath = ("player_counts", str(reach.players), "deal")
        count = doc["player_counts"][str(reach.players)].get("artist_cards") or doc[
            "round_end"]["artist_cards"]
        warn(
            (*deal, reach.round), also=(deal, *shared),
            message=rounds.message(reach, count),
        )
