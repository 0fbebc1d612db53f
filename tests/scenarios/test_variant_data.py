"""The books' fixed numbers as the engine deals them: artists in board order, cards per
artist, starting money, ranking values."""

from __future__ import annotations

from collections import Counter

import pytest

from auctionrules.engine import Game

from .support import VARIANTS, ruleset

BOARD = {
    # 001 "Equal numbers of cards": "Lite Metal has precedence over Yoko, Yoko over
    # Christin P and so on ... 12 Lite Metal, 13 Yoko, 14 Christin P, 15 Gitter and 16
    # Krypto."
    "hig-1992-en": ["Lite Metal", "Yoko", "Christin P", "Karl Gitter", "Krypto"],
    # 004 "Contenu": "12 de Lite Metal, 13 de Yoko, 14 de Christin P., 15 de Karl Gitter,
    # 16 de Krypto"
    "hig-1992-fr": ["Lite Metal", "Yoko", "Christin P.", "Karl Gitter", "Krypto"],
    # 000 "Equal numbers of cards": "There are 12 Objects, 13 Human, 14 International
    # scenery, 15 Taiwan scenery and 16 Chia yi scenery."
    "taiwan": ["Objects", "Human", "International scenery", "Taiwan scenery",
               "Chia yi scenery"],
    # 002 NOTE: "Édouard Manet consists of twelve cards ... Paul Cézanne consists of
    # thirteen cards, Vincent Van Gogh fourteen cards, Edvard Munch fifteen cards, and
    # Gustave Klimt sixteen cards."
    "boardpia-modern": ["Manet", "Cézanne", "Van Gogh", "Munch", "Klimt"],
    # 002 ARTIST BIOGRAPHY, Renaissance Art, in that order
    "boardpia-renaissance": ["van Eyck", "Arcimboldo", "da Vinci", "Sanzio", "Botticelli"],
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_seventy_cards_twelve_to_sixteen_in_board_order(variant: str) -> None:
    """001 "Before the first game": "The 70 art cards are well shuffled"; the card counts
    12..16 from left to right (001, 000, 002, 004)."""
    game = Game.new(ruleset(variant), 4, seed=11)
    cards = Counter(c // 5 for h in game.state.hands for c in h)
    cards.update(c // 5 for c in game.state.deck)
    assert [cards[a] for a in range(5)] == [12, 13, 14, 15, 16]
    if variant in BOARD:
        artists = ruleset(variant).theme.artists
        got = [str(a.name.get("en") if isinstance(a.name, dict) else a.name) for a in artists]
        for expected, name in zip(BOARD[variant], got, strict=True):
            assert expected.lower().replace("é", "e") in name.lower().replace("é", "e"), got


@pytest.mark.parametrize("variant", VARIANTS)
def test_starting_money_and_ranking_values(variant: str) -> None:
    """001: "Each player takes 100,000 in starting capital"; "a 30,000 marker ... 20,000
    ... 10,000"; 000: "100 Taiwanese dollars"; 002: "Each player starts with a
    distribution of coins valuing 100", "1st place: 30, 2nd place: 20, 3rd place: 10";
    003: "The Banker gives 100 k€"; 004: "$100.000", "Premier : $30.000 ..."."""
    game = Game.new(ruleset(variant), 3, seed=1)
    unit = 1000 if variant.startswith("hig") else 1
    assert list(game.state.cash) == [100 * unit] * 3
    assert game.rules.ranking == (30 * unit, 20 * unit, 10 * unit)
    assert game.rules.rounds == 4
