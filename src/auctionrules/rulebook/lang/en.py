"""English catalog: the wording follows the Hans im Glück / Mayfair translation (001).

Keys are option paths with their value (see :mod:`auctionrules.rulebook.lang`).
"""

from __future__ import annotations

from collections.abc import Sequence

from auctionrules.rulebook.lang.auctions.en import SENTENCES as AUCTIONS
from auctionrules.rulebook.lang.labels.en import OPTION_TITLES, VALUES
from auctionrules.text import group_digits

NAME = "English"

SENTENCES: dict[str, str] = {
    # Overview
    "@overview.game": "{title} is an auction game by Reiner Knizia for {players} players.",
    "rounds": "A game lasts {rounds} rounds.",
    "@overview.goal": (
        "The players are art dealers: in turn they put paintings from their hands up for "
        "auction and buy paintings from one another, and at the end of each round the bank "
        "buys the paintings of the best-selling {nouns}. The player with the most money at "
        "the end of the game wins."
    ),
    "description": "{description}",
    "publisher": "Published by {publisher}.",
    # Components
    "theme.artists": (
        "The deck holds {total} cards of {count} {nouns}, listed here in board order, "
        "from left to right:"
    ),
    "theme.artists.N": "{name}: {cards} cards",
    "theme.currency": "Money is counted in {currency}; amounts are written like {example}.",
    "@components.split": (
        "Each card carries the symbol of one auction type; the table gives how many cards "
        "of each {noun} carry each symbol."
    ),
    # Setup
    "money.starting_cash": "Each player starts with {cash}.",
    "player_counts.N.starting_cash": "With {players} players, each player starts with {cash}.",
    "player_counts.N.artist_cards": (
        "With {players} players, the round ends at the {nth} card of one {noun} instead."
    ),
    "player_counts.N.ranking": (
        "With {players} players, the ranked places are worth {values}, in order."
    ),
    "money.screens=true": (
        "Players keep their money hidden behind their screens until the end of the game."
    ),
    "money.screens=false": "Players keep their money in the open, for everyone to see.",
    "money.public_prices=true": (
        "Prices are paid openly, so players may keep track of each other's money."
    ),
    "money.public_prices=false": (
        "Prices are paid in secret: nobody may keep track of the money of the others."
    ),
    "@setup.deal": (
        "Shuffle the cards. Before each round, deal each hand the number of cards the table "
        "gives for the number of players and the round; the rest of the deck stays face down "
        "for later rounds. Cards left in a hand at the end of a round are kept for the next one."
    ),
    "@setup.first": "The youngest player is the first auctioneer.",
    # Playing a round
    "@round.turn": (
        "The auctioneer chooses a card from their hand and lays it face up in the middle of "
        "the table: this painting is now up for auction."
    ),
    "@round.pay": (
        "The highest bidder pays the price to the auctioneer and lays the card face up in "
        "front of them; an auctioneer who buys their own card pays the bank instead."
    ),
    "@round.order": (
        "Then the player on the auctioneer's left becomes the next auctioneer; play goes on "
        "clockwise."
    ),
    "@round.kinds": "The symbol on the card tells which kind of auction is held.",
    "auctions.open.enabled=false": "There are no cards for the {auction} in this game.",
    "auctions.once_around.enabled=false": "There are no cards for the {auction} in this game.",
    "auctions.sealed.enabled=false": "There are no cards for the {auction} in this game.",
    "auctions.fixed_price.enabled=false": "There are no cards for the {auction} in this game.",
    "auctions.double.enabled=false": "There are no cards for the {auction} in this game.",
    "money.bid_unit": "All bids and prices are multiples of {unit}.",
    "money.bid_unit=1": "All bids and prices are whole numbers of {currency}.",
    "money.minimum_bid": (
        "The smallest bid or price is {minimum}, and each bid must be higher than the last one."
    ),
    "money.minimum_raise": (
        "In open and once-around auctions, a bid must top the last one by at least {amount}."
    ),
    "@money.minimum_raise.rebid": (
        "In open and once-around auctions, and when tied sealed bids are bid again, a bid "
        "must top the last one (the tied bid) by at least {amount}."
    ),
    "@round.cash": "Nobody may bid or offer more money than they have.",
    "@round.cash.bids": (
        "Nobody may bid more money than they have (a fixed price may be higher: see the "
        "fixed-price auction)."
    ),
    "no_bid=auctioneer-takes-free": (
        "If nobody bids (fixed-price auctions excepted), the auctioneer takes the card "
        "without paying."
    ),
    "no_bid=unsold": (
        "If nobody bids (fixed-price auctions excepted), the card stays on the table unsold: "
        "nobody owns it, but it counts for the ranking."
    ),
    "@round.empty_hand": (
        "A player who has no cards left misses their turn as auctioneer, but may still bid "
        "for the cards of the other players."
    ),
    **AUCTIONS,
    # End of a round
    "round_end.artist_cards": (
        "The round ends at once when the {nth} card of one {noun} is laid on the table this "
        "round. That card is not auctioned and nobody owns it, but it counts for the ranking."
    ),
    "@round_end.artist_cards_sold": (
        "The round ends when the {nth} card of one {noun} is laid on the table this round."
    ),
    "round_end.ending_card=sold": (
        "That card is still auctioned as usual (a double may still get its second card), "
        "and the round ends after its sale."
    ),
    "@round_end.ending_dummy": (
        "A card turned over from a {hand} is never auctioned: if it is that card, the round "
        "ends at once."
    ),
    "@round_end.double_first": "If that card is a double, no second card is added.",
    "@round_end.double_second": (
        "If it is the second card of a double, neither card is auctioned."
    ),
    "round_end.hands_exhausted.last_card=unsold": (
        "If all players have played all their cards before any {noun} has {count} cards on "
        "the table, play stops as soon as the last card is played, before it is auctioned: "
        "it is not sold, but it counts for the ranking."
    ),
    "round_end.hands_exhausted.last_card=sold": (
        "If all players have played all their cards before any {noun} has {count} cards on "
        "the table, the last card is auctioned as usual, then the round ends."
    ),
    "round_end.hands_exhausted.then=end-game": (
        "That round is scored as usual, and then the game is over."
    ),
    "round_end.hands_exhausted.then=next-round": (
        "That round is scored as usual, and play goes on with the next round, if any."
    ),
    "@round_end.early_end": (
        "This can happen before the last round: the game then ends there, the rounds left "
        "are not played and the cards left in the deck are not dealt."
    ),
    "round_end.no_playable_card=next-round": (
        "With {counts} players, if every player who still holds cards holds only doubles "
        "without a second card of their {noun}, nobody can lead: the round ends and is scored "
        "as usual, and play goes on with the next round, if any; the cards in hand are kept."
    ),
    "round_end.no_playable_card=end-game": (
        "With {counts} players, if every player who still holds cards holds only doubles "
        "without a second card of their {noun}, nobody can lead: the round is scored as "
        "usual, and then the game is over."
    ),
    "next_round.starter=left-of-last-card-player": (
        "The next round starts with the player on the left of the player who laid out the "
        "last card of the round."
    ),
    "next_round.starter=left-of-last-auctioneer": (
        "The next round starts with the player on the left of the last auctioneer (the last "
        "player who put a lot up for auction)."
    ),
    # Scoring
    "scoring.ranking": (
        "At the end of the round, count the cards of each {noun} on the table, the card that "
        "ended the round included. The {noun} with the most cards comes first, the next one "
        "second, and so on; the first {places} places are worth the values of the table, "
        "marked in the {noun}'s column on the board, in this round's row."
    ),
    "@scoring.extra_rows": (
        "The printed board has {rows} rows, one per round: from round {first} on, lay each "
        "round's markers in a row of their own below the board, each under its {noun}'s "
        "column; they count exactly as the rows on the board."
    ),
    "scoring.tie_break=board-order": (
        "If two or more {nouns} have the same number of cards, the one further left on the "
        "board ranks higher: "
        "{first} beats everyone, {last} nobody."
    ),
    "scoring.tie_break=reverse-board-order": (
        "If two or more {nouns} have the same number of cards, the one further right on the "
        "board ranks higher: "
        "{last} beats everyone, {first} nobody."
    ),
    "scoring.rank_unplayed_artists=false": (
        "Only {nouns} with at least one card on the table are ranked: if fewer were played "
        "than there are places, only those are ranked."
    ),
    "scoring.rank_unplayed_artists=true": (
        "Even {nouns} without a card on the table may be ranked, in the order of the ties."
    ),
    "scoring.valuation=cumulative": (
        "Each player then sells to the bank every card they got this round, bought or taken "
        "for nothing. A card of a "
        "ranked {noun} is worth the sum of all the values in that {noun}'s column, this "
        "round's and the earlier rounds'; a card of an unranked {noun} is worth nothing, "
        "whatever it was worth before."
    ),
    "scoring.valuation=cumulative-always": (
        "Each player then sells to the bank every card they got this round, bought or taken "
        "for nothing. A card is "
        "worth the sum of all the values in its {noun}'s column, this round's and the earlier "
        "rounds', whether the {noun} is ranked this round or not: an unranked {noun} keeps "
        "the value of the earlier rounds."
    ),
    "scoring.valuation=this-round": (
        "Each player then sells to the bank every card they got this round, bought or taken "
        "for nothing. A card of a "
        "ranked {noun} is worth this round's value only; a card of an unranked {noun} is "
        "worth nothing."
    ),
    "@scoring.discard": (
        "After the sale, all cards on the table are discarded; cards in hand are kept."
    ),
    # End of the game
    "@end.last": "The game ends after round {rounds}. Cards left in hand are worthless.",
    "@end.early": (
        "The game ends after round {rounds}, or earlier in the cases described under "
        "\u201c{section}\u201d. Cards left in hand are worthless."
    ),
    "@end.winner": "All players reveal their money: the richest player wins.",
    "winner.tie_break=none": "",
    "winner.tie_break=most-purchases": (
        "If the richest players tie, the one among them who bought the most lots during "
        "the game wins (a lot taken free is not a purchase)."
    ),
    "winner.tie_break=most-paintings": (
        "If the richest players tie, the one among them who acquired the most paintings "
        "during the game wins (every painting they came to own counts, bought or taken "
        "free)."
    ),
    "winner.ties=shared": "Tied richest players share the victory.",
    "winner.ties=none": "If the richest players tie, nobody wins.",
    # Player counts
    "player_counts.N.dummy_hands.hands": (
        "With {players} players, {hands} dealt as well, to nobody: every hand receives "
        "{deal} cards in the successive rounds, and {face_down}."
    ),
    "@dummy.cards": (
        "The {cards} are turned face up during the round. They are never auctioned, nobody "
        "owns them and they earn nobody any money, but they count for the ranking and can "
        "end the round. If a {card} is a double, no second card is added."
    ),
    "player_counts.N.dummy_hands.flip.when=after-auction": (
        "After each auction, it is time to turn a {card} over."
    ),
    "player_counts.N.dummy_hands.flip.when=between-turns": (
        "Between the players' turns, a {card} is turned over."
    ),
    "player_counts.N.dummy_hands.flip.by=auctioneer": (
        "The player who just auctioned turns it over."
    ),
    "player_counts.N.dummy_hands.flip.by=winner": (
        "The player who won the auction (who took the card, when nobody bid) turns it over."
    ),
    "player_counts.N.dummy_hands.flip.optional=true": (
        "Turning a {card} over is optional: that player decides."
    ),
    "player_counts.N.dummy_hands.flip.optional=false": "A card must be turned over.",
    "player_counts.N.dummy_hands.flip.card=top": "The top card of the {hand} is turned over.",
    "player_counts.N.dummy_hands.flip.card=random": (
        "A card drawn at random from the {hand} is turned over."
    ),
    "player_counts.N.dummy_hands.flip.hand=alternate": (
        "The {hands_word} are used in turn; an empty one is passed over."
    ),
    "player_counts.N.dummy_hands.flip.hand=random": (
        "The {hand} is chosen at random; an empty one is passed over."
    ),
    "next_round.dummy_card_laid_by=flipper": (
        "A dummy card that ends the round counts as laid out by the player who turned it "
        "over (between turns: by the player whose turn came before)."
    ),
    "next_round.dummy_card_laid_by=last-auctioneer": (
        "A dummy card that ends the round counts as laid out by the last auctioneer."
    ),
    # Optional rules
    "optional_modules": "{description}",
    # For designers: where the ruleset comes from, its readings, its non-default options
    "@designer": (
        "This part is for game designers and for players comparing this rulebook with a "
        "printed one; nothing in it is needed to play."
    ),
    "edition": "Transcribed edition: {edition}.",
    "theme.split_source": "Card split: {source}.",
    "theme.split_source=none": "Card split: as printed in the rulebook.",
    "notes": (
        "The ruleset explains the following rules: readings it takes where a printed "
        "rulebook is silent or unclear, and rules of its own."
    ),
    "notes.quoted": (
        "The ruleset explains the following rules: readings it takes where a printed "
        "rulebook is silent or unclear, and rules of its own (those in quotation marks are "
        "quoted as the ruleset writes them, in {language})."
    ),
    "notes.N": "{topic}: {text}",
    "@defaults": (
        "These rules differ from the ones a ruleset plays when it does not set them."
    ),
    "@default.item": "{title}: {value} (default: {default})",
    "@base": "This ruleset extends {base} ({ref}) and changes the following rules.",
    "@base.item": "{title}: {value} (instead of {base})",
    "@base.same": "It changes none of its rules.",
    "@base.removed": "{title}: without {base}",
    "@base.added": "{title}: also {value}",
    "custom": "{option}: this rule is played by the custom strategy {strategy}.",
    # Worked example
    "@example.intro": (
        "Follow one {noun}, {name}, through a game of {rounds} rounds. The table gives, "
        "round by round, how many {name} cards were laid out, the place {name} took, the "
        "value added to the column on the board and what one {name} card sells for."
    ),
    "@example.ranked": (
        "In round {round}, {name} comes {place}: the column gains {added}, so each {name} "
        "card sells for {value}."
    ),
    "@example.intro_first": (
        "Follow one {noun}, {name}, through the first {rounds} rounds of a game. The table "
        "gives, round by round, how many {name} cards were laid out, the place {name} took, "
        "the value added to the column on the board and what one {name} card sells for."
    ),
    "@example.unranked_paid": (
        "In round {round}, {name} is not ranked, but the {board} marked in the column still "
        "count: each {name} card sells for {value}."
    ),
    "@example.unranked": (
        "In round {round}, {name} is not ranked: although {board} is marked in the column, "
        "{name} cards sell for nothing."
    ),
}

WORDS: dict[str, str] = {
    "overview": "Overview",
    "components": "Components",
    "setup": "Setup",
    "playing": "Playing a round",
    "auctions": "The auctions",
    "auction.open": "Open auction",
    "auction.once_around": "Once-around auction",
    "auction.sealed": "Sealed auction",
    "auction.fixed_price": "Fixed-price auction",
    "auction.double": "Double auction",
    "auction.descending": "Descending auction",
    "total": "Total",
    "players": "Players",
    "round_n": "Round {n}",
    "n_players": "{n} players",
    "dummy_hands": "Dummy hands",
    "dummy_hands_one": "one dummy hand is",
    "dummy_hands_many": "{n} dummy hands are",
    "dummy_face_down_one": "the dummy hand lies face down",
    "dummy_face_down_many": "the dummy hands lie face down",
    "dummy_hand_one": "dummy hand",
    "dummy_hands_word_one": "dummy hands",
    "dummy_card_one": "dummy card",
    "dummy_cards_word_one": "dummy cards",
    "dummy_hand_many": "dummy hand",
    "dummy_hands_word_many": "dummy hands",
    "dummy_card_many": "dummy card",
    "dummy_cards_word_many": "dummy cards",
    "round_end": "End of a round",
    "scoring": "Scoring",
    "place": "Place",
    "value": "Value",
    "others": "Others",
    "end": "End of the game",
    "players_rules": "Rules for some numbers of players",
    "optional": "Optional rules",
    "designer": "For designers: about this ruleset",
    "sources": "Sources",
    "notes": "Readings and house rules",
    "defaults": "Rules that differ from the defaults",
    "base": "Rules that differ from {base}",
    "example": "Worked example",
    "round": "Round",
    "cards": "Cards",
    "added": "Added",
    "column": "Column total",
    "paid": "Per card",
    "rebid.more": "more than the tied bid",
    "rebid.more_by": "at least {amount} more than the tied bid",
    "broke.auctioneer": "An auctioneer who has less than the smallest price ({minimum})",
    "broke.keeps": "otherwise the auctioneer keeps it",
    "broke.unsold": (
        "otherwise it is not sold: it stays on the table and counts for the ranking"
    ),
    "not_set": "not set",
    "value_with_players": "{value} with {counts} players",
    "with_exceptions": "{value} ({exceptions})",
    "with_players": "with {counts} players",
    "yes": "yes",
    "no": "no",
    "quote": "“{text}”",
    "lang.en": "English",
    "lang.fr": "French",
    "seat": "Player {n}",
    "identical": "{a} and {b} have the same rules.",
    "differ": "Rules that differ between {a} and {b}:",
    "options": "Options that differ:",
    "option": "{title}: {a} / {b}",
}


def plural(noun: str) -> str:
    """``artist`` -> ``artists``, ``genre`` -> ``genres``."""
    return noun if noun.endswith("s") else noun + "s"


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def singular(unit: str) -> str:
    """``dollars`` -> ``dollar``, ``coins`` -> ``coin``: the unit after the amount 1."""
    return unit[:-1] if unit.endswith("s") and not unit.endswith("ss") else unit


def money(amount: int, fmt: str, separator: str, unit: str | None) -> str:
    """An amount as the ruleset writes it (``100,000``, ``$100.000``, ``100 TWD``).

    A format without a currency sign of its own is followed by the currency's
    name (``100,000 dollars``), so that no amount is a bare number; ``unit`` is
    ``None`` when the ruleset names no currency.
    """
    text = fmt.replace("{amount}", group_digits(amount, separator))
    if unit and fmt.strip() == "{amount}":
        text += " " + (singular(unit) if abs(amount) == 1 else unit)
    return text


__all__ = ["NAME", "OPTION_TITLES", "SENTENCES", "VALUES", "WORDS"]
