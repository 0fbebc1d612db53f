"""Catalogue français : le vocabulaire suit la traduction de François Haffner (004).

Le joueur qui met un tableau aux enchères est le « vendeur » ; les cinq ventes
s'appellent « aller et retour », « un seul tour », « dans la main », « prix
fixe » et « double enchère » ; une partie se joue en « manches ».
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from auctionrules.rulebook.lang.auctions.fr import SENTENCES as AUCTIONS
from auctionrules.rulebook.lang.labels.fr import OPTION_TITLES, VALUES
from auctionrules.text import group_digits

NAME = "Français"

SENTENCES: dict[str, str] = {
    # Présentation
    "@overview.game": (
        "{title} est un jeu de ventes aux enchères de Reiner Knizia pour {players} joueurs."
    ),
    "rounds": "Une partie se joue en {rounds} manches.",
    "@overview.goal": (
        "Les joueurs sont des marchands d'art : chacun à son tour met aux enchères un tableau "
        "de sa main, et les joueurs s'achètent des tableaux les uns aux autres ; à la fin de "
        "chaque manche, la banque rachète les tableaux des {nouns} les plus cotés. Le joueur "
        "possédant le plus d'argent à la fin de la partie est le vainqueur."
    ),
    "description": "{description}",
    "publisher": "Éditeur : {publisher}.",
    # Contenu
    "theme.artists": (
        "Le paquet comporte {total} cartes de {count} {nouns}, dans l'ordre du plateau, de "
        "gauche à droite :"
    ),
    "theme.artists.N": "{name} : {cards} cartes",
    "theme.currency": (
        "L'argent se compte en {currency} ; les sommes s'écrivent ainsi : {example}."
    ),
    "@components.split": (
        "Chaque carte porte le symbole d'un type de vente aux enchères ; la grille ci-dessous "
        "donne, pour chaque {noun}, le nombre de cartes qui portent chaque symbole."
    ),
    # Préparation
    "money.starting_cash": "Le banquier donne à chacun {cash} au début de la partie.",
    "player_counts.N.starting_cash": "À {players} joueurs, chacun commence avec {cash}.",
    "player_counts.N.artist_cards": (
        "À {players} joueurs, la manche se termine au {nth} tableau d'un même {noun}."
    ),
    "player_counts.N.ranking": (
        "À {players} joueurs, les places du classement valent {values}, dans l'ordre."
    ),
    "money.screens=true": (
        "Chaque joueur cache son argent derrière son écran jusqu'à la fin de la partie."
    ),
    "money.screens=false": "Chaque joueur garde son argent à la vue de tous.",
    "money.public_prices=true": (
        "Les prix sont payés ouvertement : chacun peut tenir le compte de l'argent des autres."
    ),
    "money.public_prices=false": (
        "Les prix sont payés en secret : personne ne peut tenir le compte de l'argent des "
        "autres."
    ),
    "@setup.deal": (
        "Battre les cartes. Avant chaque manche, chaque main reçoit le nombre de cartes "
        "indiqué dans la grille ci-dessous selon le nombre de joueurs et la manche ; le reste "
        "du paquet est mis de côté, face cachée, pour les manches suivantes. Les cartes qui "
        "restent en main à la fin d'une manche sont conservées pour la suivante."
    ),
    "@setup.first": "Le plus jeune joueur commence : il est le premier vendeur.",
    # Déroulement d'une manche
    "@round.turn": (
        "Le vendeur choisit une carte de sa main et la pose face visible au milieu de la "
        "table : ce tableau est mis aux enchères."
    ),
    "@round.pay": (
        "Le joueur qui a fait l'offre la plus élevée paie au vendeur la somme offerte, prend "
        "le tableau et le place visible devant lui ; si c'est le vendeur qui a fait la plus "
        "forte enchère, il paie la somme annoncée à la banque."
    ),
    "@round.order": (
        "Le joueur à gauche du vendeur devient alors vendeur à son tour ; la partie continue "
        "dans le sens des aiguilles d'une montre."
    ),
    "@round.kinds": "Le symbole de la carte indique le type de vente aux enchères.",
    "auctions.open.enabled=false": "Il n'y a pas de cartes « {auction} » dans ce jeu.",
    "auctions.once_around.enabled=false": "Il n'y a pas de cartes « {auction} » dans ce jeu.",
    "auctions.sealed.enabled=false": "Il n'y a pas de cartes « {auction} » dans ce jeu.",
    "auctions.fixed_price.enabled=false": "Il n'y a pas de cartes « {auction} » dans ce jeu.",
    "auctions.double.enabled=false": "Il n'y a pas de cartes « {auction} » dans ce jeu.",
    "money.bid_unit": "Toutes les offres et tous les prix doivent être multiples de {unit}.",
    "money.bid_unit=1": (
        "Toutes les offres et tous les prix se font en nombres entiers ({currency})."
    ),
    "money.minimum_bid": (
        "La plus petite offre ou le plus petit prix est de {minimum}, et chaque offre doit "
        "être supérieure à l'offre précédente."
    ),
    "money.minimum_raise": (
        "Dans les ventes « aller et retour » et « un seul tour », une offre doit dépasser "
        "la précédente d'au moins {amount}."
    ),
    "@money.minimum_raise.rebid": (
        "Dans les ventes « aller et retour » et « un seul tour », et quand des offres "
        "cachées à égalité sont refaites, une offre doit dépasser la précédente (l'offre "
        "égalée) d'au moins {amount}."
    ),
    "@round.cash": (
        "Aucun joueur ne peut faire une offre supérieure à la somme qu'il possède."
    ),
    "@round.cash.bids": (
        "Aucun joueur ne peut faire une offre supérieure à la somme qu'il possède (un prix "
        "fixe peut l'être : voir la vente à prix fixe)."
    ),
    "no_bid=auctioneer-takes-free": (
        "Si aucun joueur ne fait d'offre, le vendeur obtient le tableau gratuitement, sauf "
        "dans une vente à prix fixe."
    ),
    "no_bid=unsold": (
        "Si aucun joueur ne fait d'offre, sauf dans une vente à prix fixe, le tableau reste "
        "invendu sur la table : il n'appartient à personne mais compte pour le classement."
    ),
    "@round.empty_hand": (
        "Un joueur qui n'a plus de cartes en main ne peut pas mener de vente aux enchères, "
        "mais il peut toujours participer comme acheteur aux ventes des autres joueurs."
    ),
    **AUCTIONS,
    # Fin des ventes aux enchères
    "round_end.artist_cards": (
        "Dès que le {nth} tableau d'un même {noun} est proposé pendant la manche, la manche "
        "s'arrête immédiatement. Ce tableau n'est pas vendu et n'appartient à personne, mais "
        "il compte pour le classement."
    ),
    "@round_end.artist_cards_sold": (
        "La manche s'arrête quand le {nth} tableau d'un même {noun} est proposé pendant la "
        "manche."
    ),
    "round_end.ending_card=sold": (
        "Ce tableau est tout de même mis aux enchères normalement (une double enchère peut "
        "encore recevoir son deuxième tableau), et la manche s'arrête après sa vente."
    ),
    "@round_end.ending_dummy": (
        "Un tableau retourné depuis une {hand} n'est jamais mis aux enchères : si c'est ce "
        "tableau-là, la manche s'arrête immédiatement."
    ),
    "@round_end.double_first": (
        "Si ce tableau est de type double enchère, on ne propose pas de deuxième tableau."
    ),
    "@round_end.double_second": (
        "Si c'est le deuxième tableau d'une double enchère, il y a deux tableaux invendus "
        "plutôt qu'un."
    ),
    "round_end.hands_exhausted.last_card=unsold": (
        "Si plus aucun joueur n'a de cartes en main avant qu'un {noun} ait {count} "
        "tableaux sur la table, les ventes s'arrêtent quand la dernière carte est proposée : "
        "le dernier tableau n'est pas vendu et n'appartient à personne, mais il compte pour le "
        "classement."
    ),
    "round_end.hands_exhausted.last_card=sold": (
        "Si plus aucun joueur n'a de cartes en main avant qu'un {noun} ait {count} "
        "tableaux sur la table, le dernier tableau est vendu normalement, puis la manche "
        "s'arrête."
    ),
    "round_end.hands_exhausted.then=end-game": (
        "La manche est évaluée normalement, puis la partie est terminée."
    ),
    "round_end.hands_exhausted.then=next-round": (
        "La manche est évaluée normalement, puis la partie continue avec la manche suivante, "
        "s'il en reste une."
    ),
    "@round_end.early_end": (
        "Cela peut arriver avant la dernière manche : la partie s'achève alors, les manches "
        "restantes ne sont pas jouées et les cartes restées dans la pioche ne sont pas "
        "distribuées."
    ),
    "round_end.no_playable_card=next-round": (
        "À {counts} joueurs, si chaque joueur qui a encore des cartes ne tient que des "
        "tableaux double enchère sans deuxième carte du même {noun}, personne ne peut "
        "proposer de tableau : la manche s'arrête et est évaluée normalement, puis la partie "
        "continue avec la manche suivante, s'il en reste une ; les cartes en main sont "
        "conservées."
    ),
    "round_end.no_playable_card=end-game": (
        "À {counts} joueurs, si chaque joueur qui a encore des cartes ne tient que des "
        "tableaux double enchère sans deuxième carte du même {noun}, personne ne peut "
        "proposer de tableau : la manche est évaluée normalement, puis la partie est terminée."
    ),
    "next_round.starter=left-of-last-card-player": (
        "La manche suivante commence avec le joueur à la gauche du joueur qui a proposé le "
        "dernier tableau de la manche précédente."
    ),
    "next_round.starter=left-of-last-auctioneer": (
        "La manche suivante commence avec le joueur à la gauche du dernier vendeur (le dernier "
        "joueur à avoir mis un lot aux enchères)."
    ),
    # Vente à la banque
    "scoring.ranking": (
        "À la fin de la manche, compter pour chaque {noun} le nombre de tableaux proposés "
        "pendant la manche, y compris celui qui a provoqué la clôture des ventes. Celui qui en "
        "a le plus est premier, le suivant deuxième, et ainsi de suite ; les {places} "
        "premiers reçoivent les valeurs de la grille ci-dessous, marquées sur le plateau dans "
        "leur colonne, sur la ligne de la manche en cours."
    ),
    "@scoring.extra_rows": (
        "Le plateau imprimé a {rows} rangées, une par manche : à partir de la manche "
        "{first}, poser les marqueurs de chaque manche sur une rangée à part, sous le "
        "plateau, chacun sous la colonne de son {noun} ; ils comptent exactement comme les "
        "rangées du plateau."
    ),
    "scoring.tie_break=board-order": (
        "Si deux {nouns} ou plus sont à égalité, le plus à gauche sur le plateau est classé en "
        "tête : {first} l'emporte sur tous les autres, {last} sur aucun."
    ),
    "scoring.tie_break=reverse-board-order": (
        "Si deux {nouns} ou plus sont à égalité, le plus à droite sur le plateau est classé en "
        "tête : {last} l'emporte sur tous les autres, {first} sur aucun."
    ),
    "scoring.rank_unplayed_artists=false": (
        "Seuls les {nouns} proposés pendant la manche sont classés : s'ils sont moins nombreux "
        "que les places, seuls ceux-là sont classés."
    ),
    "scoring.rank_unplayed_artists=true": (
        "Même les {nouns} qui n'ont pas été proposés pendant la manche peuvent être classés, "
        "dans l'ordre des égalités."
    ),
    "scoring.valuation=cumulative": (
        "Tous les joueurs vendent ensuite à la banque les tableaux qu'ils ont obtenus dans "
        "la manche, achetés ou pris gratuitement. Un "
        "tableau d'un {noun} classé dans la manche vaut la somme de tous les marqueurs de sa "
        "colonne, ceux de cette manche et des manches précédentes ; un tableau "
        "d'un {noun} qui n'est pas classé ne vaut rien, même s'il a été coté lors de manches "
        "précédentes."
    ),
    "scoring.valuation=cumulative-always": (
        "Tous les joueurs vendent ensuite à la banque les tableaux qu'ils ont obtenus dans "
        "la manche, achetés ou pris gratuitement. Un "
        "tableau vaut la somme de tous les marqueurs de la colonne de son {noun}, ceux de "
        "cette manche et des manches précédentes, que le {noun} soit classé dans la manche "
        "ou non : un {noun} non classé garde la valeur des manches précédentes."
    ),
    "scoring.valuation=this-round": (
        "Tous les joueurs vendent ensuite à la banque les tableaux qu'ils ont obtenus dans "
        "la manche, achetés ou pris gratuitement. Un "
        "tableau d'un {noun} classé dans la manche vaut la valeur de cette manche seulement ; "
        "un tableau d'un {noun} qui n'est pas classé ne vaut rien."
    ),
    "@scoring.discard": (
        "Une fois que chacun a été payé, tous les tableaux de la table sont jetés ; les cartes "
        "en main sont conservées."
    ),
    # Fin de la partie
    "@end.last": (
        "La partie s'achève après la manche {rounds}. Les cartes restant en main ne valent "
        "rien."
    ),
    "@end.early": (
        "La partie s'achève après la manche {rounds}, ou plus tôt dans les cas décrits à la "
        "section « {section} ». Les cartes restant en main ne valent rien."
    ),
    "@end.winner": "Tous les joueurs montrent leur argent : le joueur le plus riche gagne.",
    "winner.tie_break=none": "",
    "winner.tie_break=most-purchases": (
        "En cas d'égalité entre les joueurs les plus riches, celui d'entre eux qui a acheté "
        "le plus de lots pendant la partie l'emporte (un tableau obtenu gratuitement n'est "
        "pas un achat)."
    ),
    "winner.tie_break=most-paintings": (
        "En cas d'égalité entre les joueurs les plus riches, celui d'entre eux qui a obtenu "
        "le plus de tableaux pendant la partie l'emporte (chaque tableau qu'il a obtenu "
        "compte, acheté ou gratuit)."
    ),
    "winner.ties=shared": "Les joueurs les plus riches à égalité se partagent la victoire.",
    "winner.ties=none": "Si les joueurs les plus riches sont à égalité, personne ne gagne.",
    # Nombre de joueurs
    "player_counts.N.dummy_hands.hands": (
        "À {players} joueurs, {hands} en plus, hors des mains des joueurs : chaque main "
        "reçoit {deal} cartes au fil des manches, et {face_down}."
    ),
    "@dummy.cards": (
        "Les {cards} sont retournées pendant la manche. Une {card} n'est jamais vendue, "
        "elle n'appartient à aucun joueur et ne rapporte rien à personne, mais elle compte "
        "pour le classement et peut provoquer la fin de la manche. Si une {card} est de type "
        "double enchère, on ne joue pas de deuxième carte."
    ),
    "player_counts.N.dummy_hands.flip.when=after-auction": (
        "Après chaque vente aux enchères vient le moment de retourner une {card}."
    ),
    "player_counts.N.dummy_hands.flip.when=between-turns": (
        "Entre les tours des joueurs, une {card} est retournée."
    ),
    "player_counts.N.dummy_hands.flip.by=auctioneer": (
        "C'est le joueur qui vient de conduire la vente qui la retourne."
    ),
    "player_counts.N.dummy_hands.flip.by=winner": (
        "C'est le joueur qui a remporté la vente (ou pris le tableau, si personne n'a fait "
        "d'offre) qui la retourne."
    ),
    "player_counts.N.dummy_hands.flip.optional=true": (
        "Retourner une {card} est toujours facultatif : ce joueur décide."
    ),
    "player_counts.N.dummy_hands.flip.optional=false": "Une carte doit être retournée.",
    "player_counts.N.dummy_hands.flip.card=top": "On retourne la carte du dessus de la {hand}.",
    "player_counts.N.dummy_hands.flip.card=random": (
        "On retourne une carte au hasard de la {hand}."
    ),
    "player_counts.N.dummy_hands.flip.hand=alternate": (
        "Les {hands_word} sont utilisées à tour de rôle ; une main vide est sautée."
    ),
    "player_counts.N.dummy_hands.flip.hand=random": (
        "La {hand} est choisie au hasard ; une main vide est sautée."
    ),
    "next_round.dummy_card_laid_by=flipper": (
        "Une carte retournée qui termine la manche compte comme proposée par le joueur qui "
        "l'a retournée (entre les tours : par le joueur dont c'était le tour)."
    ),
    "next_round.dummy_card_laid_by=last-auctioneer": (
        "Une carte retournée qui termine la manche compte comme proposée par le dernier "
        "vendeur."
    ),
    # Variantes
    "optional_modules": "{description}",
    # Pour les concepteurs : origine des règles, interprétations, options
    "@designer": (
        "Cette partie s'adresse aux concepteurs de jeux et aux joueurs qui comparent ces "
        "règles à une règle imprimée ; rien ici n'est nécessaire pour jouer."
    ),
    "edition": "Édition transcrite : {edition}.",
    "theme.split_source": "Répartition des cartes : {source}.",
    "theme.split_source=none": "Répartition des cartes : celle de la règle imprimée.",
    "notes": (
        "Ces règles précisent les points suivants : les interprétations retenues là où une "
        "règle imprimée est muette ou ambiguë, et leurs propres règles."
    ),
    "notes.quoted": (
        "Ces règles précisent les points suivants : les interprétations retenues là où une "
        "règle imprimée est muette ou ambiguë, et leurs propres règles (celles entre "
        "guillemets sont citées telles que les règles les écrivent, en {language})."
    ),
    "notes.N": "{topic} : {text}",
    "@defaults": (
        "Ces règles diffèrent de celles que l'on joue quand un fichier de règles ne les "
        "précise pas."
    ),
    "@default.item": "{title} : {value} (par défaut : {default})",
    "@base": "Ces règles reprennent {base} ({ref}) et en changent les points suivants.",
    "@base.item": "{title} : {value}, et non {base}",
    "@base.same": "Elles n'en changent aucune règle.",
    "@base.removed": "{title} : sans {base}",
    "@base.added": "{title} : en plus, {value}",
    "custom": "{option} : cette règle est jouée par la stratégie personnalisée {strategy}.",
    # Exemple
    "@example.intro": (
        "Suivons un {noun}, {name}, au fil d'une partie en {rounds} manches. La grille donne, "
        "manche par manche, le nombre de tableaux de {name} proposés, la place obtenue, la "
        "valeur ajoutée dans la colonne du plateau et le prix de vente d'un tableau de "
        "{name}."
    ),
    "@example.intro_first": (
        "Suivons un {noun}, {name}, pendant les {rounds} premières manches d'une partie. La "
        "grille donne, manche par manche, le nombre de tableaux de {name} proposés, la place "
        "obtenue, la valeur ajoutée dans la colonne du plateau et le prix de vente d'un "
        "tableau de {name}."
    ),
    "@example.ranked": (
        "Manche {round} : {place} rang pour {name} ; sa colonne reçoit {added}, chaque "
        "tableau de {name} est donc vendu {value}."
    ),
    "@example.unranked": (
        "Manche {round} : aucun rang pour {name} ; sa colonne totalise pourtant {board}, "
        "mais ses tableaux ne valent rien."
    ),
    "@example.unranked_paid": (
        "Manche {round} : aucun rang pour {name}, mais les {board} de sa colonne comptent "
        "toujours : chaque tableau de {name} est vendu {value}."
    ),
}

WORDS: dict[str, str] = {
    "overview": "Présentation",
    "components": "Contenu",
    "setup": "Préparation",
    "playing": "Déroulement d'une manche",
    "auctions": "Les ventes aux enchères",
    "auction.open": "Aller et retour",
    "auction.once_around": "Un seul tour",
    "auction.sealed": "Dans la main",
    "auction.fixed_price": "Prix fixe",
    "auction.double": "Double enchère",
    "auction.descending": "Enchère descendante",
    "total": "Total",
    "players": "Joueurs",
    "round_n": "Manche {n}",
    "n_players": "{n} joueurs",
    "dummy_hands": "Mains sans joueur",
    "dummy_hands_one": "une main mystère est distribuée",
    "dummy_hands_many": "{n} mains fictives sont distribuées",
    "dummy_face_down_one": "la main mystère reste face cachée",
    "dummy_face_down_many": "les mains fictives restent face cachée",
    "dummy_hand_one": "main mystère",
    "dummy_hands_word_one": "mains mystères",
    "dummy_card_one": "carte mystère",
    "dummy_cards_word_one": "cartes mystères",
    "dummy_hand_many": "main fictive",
    "dummy_hands_word_many": "mains fictives",
    "dummy_card_many": "carte fictive",
    "dummy_cards_word_many": "cartes fictives",
    "round_end": "Fin des ventes aux enchères",
    "scoring": "Vente à la banque",
    "place": "Place",
    "value": "Valeur",
    "others": "Tous les autres",
    "end": "Fin de la partie et vainqueur",
    "players_rules": "Règles selon le nombre de joueurs",
    "optional": "Variantes",
    "designer": "Pour les concepteurs : à propos de ces règles",
    "sources": "Sources",
    "notes": "Interprétations et règles propres",
    "defaults": "Règles qui diffèrent des règles par défaut",
    "base": "Règles qui diffèrent de {base}",
    "example": "Exemple",
    "round": "Manche",
    "cards": "Tableaux",
    "added": "Ajouté",
    "column": "Total de la colonne",
    "paid": "Par tableau",
    "rebid.more": "au-delà de l'offre égalée",
    "rebid.more_by": "d'au moins {amount} au-delà de l'offre égalée",
    "broke.auctioneer": "Un vendeur qui a moins que le plus petit prix ({minimum})",
    "broke.keeps": "sinon, le vendeur le garde",
    "broke.unsold": (
        "sinon, le tableau n'est pas vendu : il reste sur la table et compte pour le "
        "classement"
    ),
    "not_set": "non précisé",
    "value_with_players": "{value} à {counts} joueurs",
    "with_exceptions": "{value} ({exceptions})",
    "with_players": "à {counts} joueurs",
    "yes": "oui",
    "no": "non",
    "quote": "«\u00a0{text}\u00a0»",
    "lang.en": "anglais",
    "lang.fr": "français",
    "seat": "Joueur {n}",
    "identical": "{a} et {b} ont les mêmes règles.",
    "differ": "Règles qui diffèrent entre {a} et {b} :",
    "options": "Options qui diffèrent :",
    "option": "{title} : {a} / {b}",
}

def plural(noun: str) -> str:
    """``artiste`` -> ``artistes``; ``genre`` -> ``genres``."""
    return noun if noun.endswith(("s", "x")) else noun + "s"


def join(items: Sequence[str]) -> str:
    """``a``, ``a et b``, ``a, b et c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


def either(items: Sequence[str]) -> str:
    """``a``, ``a ou b``, ``a, b ou c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " ou " + items[-1]


#: ``le``, ``la``, ``de``, ``que``, ``ne``, ``se`` before a vowel, as the filled-in words
#: leave them (``que le {noun}`` with ``artiste``). A mute ``h`` is not guessed: the
#: templates avoid it.
_ELISION = re.compile(r"\b([Ll][ea]|[DdNnSs]e|[Qq]ue) (?=[aeiouéèêàâîïôûAEIOUÉÈÊÀÂÎÔÛ])")


def finish(text: str) -> str:
    """Elision once the words are in: ``que le artiste`` -> ``que l'artiste``,
    ``de Arcimboldo`` -> ``d'Arcimboldo``."""
    return _ELISION.sub(_elide, text)


def _elide(match: re.Match[str]) -> str:
    word = match.group(1)
    return f"{word[:2]}'" if word.lower() == "que" else f"{word[0]}'"


def ordinal(n: int) -> str:
    """``1er``, ``2e``, ``5e`` (the abbreviations of French typography)."""
    return "1er" if n == 1 else f"{n}e"


#: The space inside and after French numbers (``100 000 $``): a no-break space, so
#: that an amount is never cut at the end of a line.
SPACE = "\u00a0"


def singular(unit: str) -> str:
    """``dollars`` -> ``dollar``, ``pièces`` -> ``pièce``: the unit after 0 or 1."""
    return unit[:-1] if unit.endswith("s") and not unit.endswith("ss") else unit


def money(amount: int, fmt: str, separator: str, unit: str | None) -> str:
    """An amount as French typography writes it, whatever the ruleset's own format.

    Digits are grouped by three with a no-break space (``100 000``: a full stop or
    a comma would read as a decimal separator); a currency sign written before the
    amount (``$100``) goes after it (``100 $``); a format without a sign is
    followed by the currency's name (``100 000 dollars``).
    """
    del separator  # the ruleset's separator is its own language's, not French's
    digits = group_digits(amount, SPACE)
    before, _, after = fmt.partition("{amount}")
    if not (before + after).strip():
        name = (singular(unit) if abs(amount) <= 1 else unit) if unit else ""
        return f"{digits}{SPACE}{name}" if name else digits
    if before.strip() and not after.strip():
        return f"{digits}{SPACE}{before.strip()}"
    return (before + digits + after).replace(" ", SPACE)


__all__ = ["NAME", "OPTION_TITLES", "SENTENCES", "VALUES", "WORDS"]
