"""The page's own words (buttons, region names, headings) in English and French.

The game's words (cards, auctions, money, the log, the rule of each auction)
come from the rulebook's catalogs (:mod:`auctionrules.rulebook.lang`); these are
only what a table page adds around them. Button and region names are the page's
accessible names: tests and screen readers address the page by them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

_EN: Final = {
    "play": "Play {card}",
    "add": "Add {card}",
    "pass": "Pass",
    "buy": "Buy",
    "flip": "Flip",
    "bid": "Bid",
    "price": "Price",
    "up_to": "Up to",
    "out": "Out of this lot",
    "amount": "Amount",
    "range": "{low} to {high}, in steps of {step}",
    "hand": "Your hand",
    "players": "Players",
    "board": "Board",
    "lot": "Lot",
    "log": "Log",
    "result": "Result",
    "moves": "Your move",
    "rulebook": "Rulebook",
    "record": "Download the record",
    "round": "Round {n}",
    "artist": "Artist",
    "cash": "Money",
    "hidden": "behind a screen",
    "cards": "Cards",
    "paintings": "Paintings",
    "bought": "Bought this round",
    "waiting": "Waiting for {who}.",
    "you": "you",
    "spectator": "You are watching.",
    "high": "Highest bid: {amount} by {who}",
    "asked": "Price: {amount}",
    "auctioneer": "Auctioneer: {who}",
    "limit_of": "{who} goes up to {amount}",
    "out_of": "{who} is out of this lot",
    "no_lot": "No lot under the hammer.",
    "over": "The game is over.",
    "connection": "Connection lost; reconnecting…",
}

_FR: Final = {
    "play": "Jouer {card}",
    "add": "Ajouter {card}",
    "pass": "Passer",
    "buy": "Acheter",
    "flip": "Retourner",
    "bid": "Enchérir",
    "price": "Fixer le prix",
    "up_to": "Jusqu’à",
    "out": "Hors de ce lot",
    "amount": "Montant",
    "range": "de {low} à {high}, par pas de {step}",
    "hand": "Votre main",
    "players": "Joueurs",
    "board": "Tableau",
    "lot": "Lot",
    "log": "Journal",
    "result": "Résultat",
    "moves": "À vous de jouer",
    "rulebook": "Règles",
    "record": "Télécharger la partie",
    "round": "Manche {n}",
    "artist": "Artiste",
    "cash": "Argent",
    "hidden": "derrière un paravent",
    "cards": "Cartes",
    "paintings": "Tableaux",
    "bought": "Achetés cette manche",
    "waiting": "En attente de {who}.",
    "you": "vous",
    "spectator": "Vous regardez la partie.",
    "high": "Meilleure enchère : {amount} par {who}",
    "asked": "Prix : {amount}",
    "auctioneer": "Commissaire-priseur : {who}",
    "limit_of": "{who} va jusqu’à {amount}",
    "out_of": "{who} est hors de ce lot",
    "no_lot": "Aucun lot aux enchères.",
    "over": "La partie est terminée.",
    "connection": "Connexion perdue ; reconnexion…",
}

#: Language code -> the page's words in it.
WORDS: Final = MappingProxyType({"en": MappingProxyType(_EN), "fr": MappingProxyType(_FR)})

#: The languages a table can be played in.
LANGUAGES: Final = tuple(WORDS)


def words(lang: str) -> MappingProxyType[str, str]:
    """The page's words in ``lang`` (English for a language it does not have)."""
    return WORDS.get(lang, WORDS["en"])
