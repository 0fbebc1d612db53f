"""French phrases of the game log (see :mod:`auctionrules.rulebook.lang.log`).

The auction names are those of the French rulebook (004): aller et retour, un
seul tour, dans la main, prix fixe, double enchère.
"""

from __future__ import annotations

PHRASES: dict[str, str] = {
    "header": "{id}, {players} joueurs, tirage n° {seed}",
    "player.you": "{player} (vous)",
    "player.agent": "{player} ({agent})",
    "card": "{artist} ({auction})",
    "auction.open": "aller et retour",
    "auction.once_around": "un seul tour",
    "auction.sealed": "dans la main",
    "auction.fixed_price": "prix fixe",
    "auction.double": "double enchère",
    "auction.descending": "enchère descendante",
    "deal": "Manche {round} : cartes distribuées {cards} (il en reste {deck} dans la pioche)",
    "play": "{who} met en vente {card}",
    "add": "{who} ajoute {card}",
    "add.declined": "{who} ne propose pas de deuxième tableau",
    "bid": "{who} offre {amount}",
    "pass": "{who} passe",
    "limit": "{who} ira jusqu'à {amount}",
    "limit.out": "{who} se retire de cette vente",
    "price": "{who} fixe le prix à {amount}",
    "price-falls": "le prix baisse à {amount}",
    "buy": "{who} achète",
    "reveal": "offres dévoilées : {bids}",
    "reveal.bid": "{who} {amount}",
    "sold": "{who} achète {cards} pour {price}",
    "sold.free": "{who} obtient {cards} gratuitement",
    "unsold": "{cards} reste invendu",
    "flip": "{who} retourne une carte mystère : {card}",
    "flip.declined": "{who} ne retourne pas de carte mystère",
    "round-end.artist-cards": "Fin de la manche {round} ({nth} tableau de {artist})",
    "round-end.hands-exhausted": "Fin de la manche {round} (toutes les mains sont vides)",
    "round-end.no-playable-card": (
        "Fin de la manche {round} (plus personne ne peut mettre de tableau en vente)"
    ),
    "scored": "valeurs : {values} ; gains : {payouts}",
    "scored.none": "aucune",
    "scored.value": "{artist} {amount}",
    "scored.payout": "{who} +{amount}",
    "game-end.rounds-complete": "Fin de la partie (toutes les manches jouées)",
    "game-end.hands-exhausted": "Fin de la partie (toutes les mains sont vides)",
    "game-end.no-playable-card": (
        "Fin de la partie (plus personne ne peut mettre de tableau en vente)"
    ),
    "result": "Résultat ({reason}) :",
    "result.line": "{who} : {amount}",
    "result.winner": "{who} : {amount}  vainqueur",
    "result.tie": "pas de vainqueur (égalité)",
    "reason.rounds-complete": "toutes les manches jouées",
    "reason.hands-exhausted": "toutes les mains sont vides",
    "reason.no-playable-card": "plus personne ne peut mettre de tableau en vente",
}
