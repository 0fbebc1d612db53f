"""Setting a game up from an explicit position (rulebook examples, hand-written records).

Cards are given as ``artist-id/auction_type`` strings; the checks here make a
position that cannot arise (more cards of a kind than the deck holds, a
wrong number of hands) a :class:`~auctionrules.engine.errors.RulesError` with
the reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from auctionrules.engine.cards import Card, artist_of
from auctionrules.engine.errors import RulesError
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.model import Ruleset


def resolve_rules(ruleset: Ruleset | None, players: int | None, rules: Rules | None) -> Rules:
    """``rules`` if given, else the compiled ``ruleset`` for ``players``."""
    if rules is not None:
        if players is not None and players != rules.players:
            raise RulesError(f"rules compiled for {rules.players} players, not {players}")
        return rules
    if ruleset is None or players is None:
        raise RulesError("give a ruleset and a player count, or compiled rules")
    return rules_for(ruleset, players)


@attrs.frozen
class Position:
    """A checked starting position, cards as codes; ``round`` 0-based."""

    hands: list[list[int]]
    deck: list[int]
    cash: list[int]
    round: int
    board: list[list[int]] | None
    played: list[int]
    owned: list[list[int]] | None


def codes(rules: Rules, cards: Sequence[str]) -> list[int]:
    """Codes of card strings; ``RulesError`` names an unknown card."""
    out = []
    for text in cards:
        try:
            out.append(rules.codec.code(Card.parse(text)))
        except ValueError as exc:
            raise RulesError(str(exc)) from None
    return out


def position(
    rules: Rules,
    *,
    hands: Sequence[Sequence[str]],
    dummy_hands: Sequence[Sequence[str]],
    cash: Sequence[int] | None,
    board: Any,
    round_number: int,
    played: Sequence[str],
    owned: Sequence[Sequence[str]] | None,
    deck: Sequence[str] | None,
) -> Position:
    """Check and convert a position given with card strings."""
    n = rules.players
    if len(hands) != n:
        raise RulesError(f"{len(hands)} hands given for {n} players")
    if len(dummy_hands) not in (0, rules.dummies):
        raise RulesError(f"{len(dummy_hands)} dummy hands given; the rules use {rules.dummies}")
    if not 1 <= round_number <= rules.rounds:
        raise RulesError(f"round {round_number} is not between 1 and {rules.rounds}")
    all_hands = [codes(rules, h) for h in hands]
    dummies = [codes(rules, h) for h in dummy_hands] or [[] for _ in range(rules.dummies)]
    all_hands += dummies
    on_table = codes(rules, played)
    owned_codes = [codes(rules, o) for o in owned] if owned is not None else None
    if owned_codes is not None and len(owned_codes) != n:
        raise RulesError(f"{len(owned_codes)} owned lists given for {n} players")
    used = Counter(c for h in all_hands for c in h) + Counter(on_table)
    for o in owned_codes or ():
        used.update(o)
    given_deck = codes(rules, deck) if deck is not None else None
    available = Counter(rules.deck)
    for code, count in (used + Counter(given_deck or ())).items():
        if count > available[code]:
            raise RulesError(
                f"{count} cards {rules.codec.name(code)} in the hands, on the table and in "
                f"the deck; the game has {available[code]}"
            )
    bought = [c for cards in owned_codes or () for c in cards]
    laid = Counter(artist_of(c) for c in [*on_table, *bought])
    for artist, count in laid.items():
        if rules.ends_round(count):
            raise RulesError(
                f"{count} cards of {rules.codec.artist_ids[artist]} already laid this round: "
                f"the round ends at {rules.artist_cards}"
            )
    if given_deck is None:
        rest = available - used
        deck_codes = []
        for c in rules.deck:
            if rest[c] > 0:
                deck_codes.append(c)
                rest[c] -= 1
    else:
        deck_codes = given_deck
    cash_list = list(cash) if cash is not None else [rules.starting_cash] * n
    if len(cash_list) != n or any(c < 0 for c in cash_list):
        raise RulesError(f"cash must give a non-negative amount for each of {n} players")
    return Position(
        all_hands,
        deck_codes,
        cash_list,
        round_number - 1,
        _board(rules, board, round_number - 1),
        on_table,
        owned_codes,
    )


def _board(rules: Rules, board: Any, round_index: int) -> list[list[int]] | None:
    if board is None:
        return None
    rows = [[0] * rules.artists for _ in range(rules.rounds)]
    ids = rules.codec.artist_ids
    if isinstance(board, Mapping):
        for artist, values in board.items():
            if artist not in ids:
                raise RulesError(f"board: no artist {artist!r} (artists: {', '.join(ids)})")
            for r, v in enumerate(values):
                rows[r][ids.index(artist)] = int(v)
    else:
        for r, row in enumerate(board):
            rows[r][: len(row)] = [int(v) for v in row]
    if any(any(row) for row in rows[round_index:]):
        raise RulesError("board: values are given for the current or a later round")
    return rows


def position_dict(
    rules: Rules,
    *,
    cash: list[int],
    board: list[list[int]] | None,
    round_index: int,
    auctioneer: int,
    played: list[int] | None,
    owned: list[list[int]] | None,
) -> dict[str, Any]:
    """The JSON form of a starting position, as game records store it."""
    name = rules.codec.name
    return {
        "round": round_index + 1,
        "auctioneer": auctioneer,
        "cash": list(cash),
        "board": [list(r) for r in board] if board is not None else None,
        "played": [name(c) for c in played or ()],
        "owned": [[name(c) for c in o] for o in owned] if owned else None,
    }
