"""French sentences of the auction types (the rulebook's "Ventes aux enchères"
section), merged into the catalog's ``SENTENCES`` (see :mod:`auctionrules.rulebook.lang`)."""

from __future__ import annotations

SENTENCES: dict[str, str] = {
    # Ventes aux enchères
    "@auctions.intro": "Voici les types de ventes aux enchères.",
    "@auction.open": (
        "Tous les joueurs, le vendeur y compris, peuvent enchérir chaque fois que leur tour "
        "vient ; chaque offre doit dépasser la précédente."
    ),
    "auctions.open.auctioneer_may_bid=false": (
        "Tous les joueurs sauf le vendeur peuvent enchérir chaque fois que leur tour vient ; "
        "chaque offre doit dépasser la précédente. Le vendeur ne peut pas enchérir sur son "
        "propre tableau : quand vient son tour, il passe."
    ),
    "auctions.open.ending=full-round-of-passes": (
        "Pour clore la vente, les joueurs sont interrogés à tour de rôle depuis la gauche du "
        "vendeur : la vente s'arrête quand tous les joueurs sauf le meilleur enchérisseur ont "
        "passé depuis la dernière offre (tous les joueurs, si personne n'a fait d'offre), et "
        "un joueur qui a passé peut enchérir de nouveau. Le meilleur enchérisseur achète le "
        "tableau."
    ),
    "auctions.open.ending=pass-is-final": (
        "Les joueurs sont interrogés à tour de rôle depuis la gauche du vendeur, sauf le "
        "meilleur enchérisseur ; un joueur qui passe se retire définitivement de la vente, et "
        "la vente s'arrête quand il ne reste que le meilleur enchérisseur, ou plus personne. "
        "Le meilleur enchérisseur achète le tableau."
    ),
    "auctions.open.limits=private": (
        "Au lieu de répondre chaque fois qu'on l'interroge, un joueur peut fixer le prix le "
        "plus haut qu'il paiera pour le tableau, sa limite : dès lors, chaque fois que vient "
        "son tour, l'offre la plus basse est faite pour lui tant qu'elle ne dépasse pas sa "
        "limite et qu'il n'est pas le meilleur enchérisseur ; sinon il passe. Sa limite reste "
        "secrète : les autres n'entendent que ses offres."
    ),
    "auctions.open.limits=announced": (
        "Au lieu de répondre chaque fois qu'on l'interroge, un joueur peut annoncer à voix "
        "haute le prix le plus haut qu'il paiera pour le tableau, sa limite : dès lors, chaque "
        "fois que vient son tour, l'offre la plus basse est faite pour lui tant qu'elle ne "
        "dépasse pas sa limite et qu'il n'est pas le meilleur enchérisseur ; sinon il passe."
    ),
    "@auction.once_around": (
        "Chaque joueur a une seule possibilité de faire une offre ou de passer, et chaque "
        "offre doit être plus haute que l'offre précédente."
    ),
    "auctions.once_around.auctioneer_turn=last": (
        "En commençant par le joueur à la gauche du vendeur, et en continuant dans le sens des "
        "aiguilles d'une montre, chaque joueur fait une offre ou passe ; le vendeur parle en "
        "dernier. La dernière offre gagne la vente."
    ),
    "auctions.once_around.auctioneer_may_bid=false": (
        "Dans cette partie, le vendeur ne peut pas enchérir sur son propre tableau : à son "
        "tour, il passe."
    ),
    "auctions.once_around.auctioneer_turn=first": (
        "Le vendeur parle en premier ; puis chaque joueur, en commençant par celui à sa gauche "
        "et dans le sens des aiguilles d'une montre. La dernière offre gagne la vente."
    ),
    "@auction.sealed": (
        "Tous les joueurs, le vendeur y compris, font simultanément une offre en secret : "
        "chacun met dans son poing fermé l'argent qu'il offre (une main vide n'est pas une "
        "offre), puis tous ouvrent la main en même temps. Le meilleur enchérisseur acquiert le "
        "tableau."
    ),
    "auctions.sealed.tie_break=auctioneer-first": (
        "Si deux offres ou plus sont à égalité et supérieures à toutes les autres, le joueur "
        "le plus proche du vendeur, dans le sens des aiguilles d'une montre, emporte la "
        "vente ; toutefois, si le vendeur est l'un des ex-æquo, c'est lui qui achète le "
        "tableau."
    ),
    "auctions.sealed.tie_break=auctioneer-last": (
        "Si deux offres ou plus sont à égalité et supérieures à toutes les autres, le joueur "
        "le plus proche du vendeur, en partant de sa gauche et dans le sens des aiguilles "
        "d'une montre, emporte la vente ; le vendeur passe en dernier."
    ),
    "auctions.sealed.ties=tie-break": "",
    "auctions.sealed.ties=re-bid": (
        "Si deux offres ou plus sont à égalité et supérieures à toutes les autres, seuls les "
        "joueurs à égalité enchérissent une seconde fois, en secret, chacun {more} (une "
        "main vide maintient cette offre) ; la meilleure de ces offres emporte la vente. "
        "Une nouvelle égalité se règle ainsi."
    ),
    "auctions.sealed.ties=re-bid-or-unsold": (
        "Si deux offres ou plus sont à égalité et supérieures à toutes les autres, seuls les "
        "joueurs à égalité enchérissent une seconde fois, en secret, chacun {more} (une "
        "main vide maintient cette offre) ; la meilleure de ces offres emporte la vente. En "
        "cas de nouvelle égalité, le tableau n'est pas vendu : il reste "
        "sur la table, n'appartient à personne et compte pour le classement."
    ),
    "auctions.open.played_as=descending": (
        "Dans cette partie, un tableau au symbole « aller et retour » est vendu aux enchères "
        "descendantes (voir plus bas)."
    ),
    "auctions.once_around.played_as=descending": (
        "Dans cette partie, un tableau au symbole « un seul tour » est vendu aux enchères "
        "descendantes (voir plus bas)."
    ),
    "auctions.sealed.played_as=descending": (
        "Dans cette partie, un tableau au symbole « dans la main » est vendu aux enchères "
        "descendantes (voir plus bas)."
    ),
    "auctions.fixed_price.played_as=descending": (
        "Dans cette partie, un tableau au symbole « prix fixe » est vendu aux enchères "
        "descendantes (voir plus bas)."
    ),
    "@auction.descending": (
        "Une règle maison. Le vendeur annonce un prix de départ, comme pour un prix fixe. "
        "Chaque joueur, en commençant par celui qui suit le vendeur et dans le sens des "
        "aiguilles d'une montre, le vendeur en dernier, peut acheter le tableau au prix "
        "courant ou passer ; le premier qui accepte l'achète et paie le vendeur (la banque, "
        "si c'est le vendeur qui l'achète). Un joueur qui n'a pas l'argent du prix doit "
        "passer. Quand tous ont passé, le prix baisse de {step} et l'on reprend à gauche du "
        "vendeur. Si le prix ne peut plus baisser d'autant et que tous passent, le vendeur "
        "garde le tableau sans payer."
    ),
    "@auction.fixed_price": (
        "Le vendeur fixe le prix du tableau et l'annonce à voix haute. Chaque joueur, en "
        "commençant par celui qui suit le vendeur et dans le sens des aiguilles d'une montre, "
        "peut acheter le tableau à ce prix ou passer ; le premier qui accepte l'achète."
    ),
    "auctions.fixed_price.max_price=auctioneer-cash": (
        "Le vendeur ne peut pas fixer le prix au-dessus de la somme d'argent qu'il possède."
    ),
    "auctions.fixed_price.max_price=unlimited": (
        "Le vendeur peut fixer n'importe quel prix, même supérieur à l'argent qu'il possède ; "
        "un acheteur doit toutefois pouvoir le payer."
    ),
    "auctions.fixed_price.nobody_buys=auctioneer-buys": (
        "Si aucun joueur n'est intéressé, le vendeur doit acheter le tableau au prix qu'il a "
        "fixé, en payant la banque."
    ),
    "auctions.fixed_price.nobody_buys=auctioneer-takes-free": (
        "Si aucun joueur n'est intéressé, le vendeur garde le tableau gratuitement."
    ),
    "auctions.fixed_price.nobody_buys=unsold": (
        "Si aucun joueur n'est intéressé, personne n'obtient le tableau : il reste invendu "
        "sur la table et compte quand même pour le classement."
    ),
    "auctions.fixed_price.above_cash=unsold": (
        "Si personne n'achète à un prix supérieur à l'argent du vendeur, le tableau n'est "
        "pas vendu : il reste sur la table et compte quand même pour le classement. Un prix "
        "que le vendeur ne peut pas payer ne lui rapporte rien."
    ),
    "auctions.fixed_price.above_cash=auctioneer-pays-all": (
        "Si personne n'achète à un prix supérieur à l'argent du vendeur, celui-ci achète le "
        "tableau pour tout l'argent qu'il possède (rien, s'il n'a plus d'argent)."
    ),
    "auctions.fixed_price.broke_auctioneer=offer-at-zero": (
        "{who} propose le tableau pour rien : le premier joueur à sa gauche qui accepte le "
        "prend gratuitement ; {otherwise}."
    ),
    "auctions.fixed_price.broke_auctioneer=auctioneer-keeps": (
        "{who} ne fait pas de vente : il garde le tableau gratuitement."
    ),
    "@auction.double": (
        "Un tableau double enchère n'est jamais vendu seul : il est proposé avec une deuxième "
        "carte du même {noun}, qui ne peut pas être elle-même de type double enchère. Les deux "
        "tableaux sont proposés solidairement, avec le type de vente indiqué sur la deuxième "
        "carte, et le meilleur enchérisseur achète les deux."
    ),
    "auctions.double.who_may_add=anyone": (
        "Le vendeur peut poser lui-même la deuxième carte. S'il ne le souhaite pas ou ne le "
        "peut pas, le joueur à sa gauche a la possibilité de la jouer, puis chaque joueur à "
        "son tour, dans le sens des aiguilles d'une montre."
    ),
    "auctions.double.who_may_add=leader-only": (
        "Seul le joueur qui a offert le tableau double enchère peut poser la deuxième carte, "
        "de sa propre main. Il met alors aux enchères les deux tableaux solidairement et "
        "reçoit tout l'argent de la vente."
    ),
    "auctions.double.nobody_adds=leader-keeps": (
        "Si tous les joueurs déclinent l'offre, le vendeur obtient son premier tableau "
        "gratuitement."
    ),
    "auctions.double.nobody_adds=unsold": (
        "Si tous les joueurs déclinent l'offre, le tableau double enchère reste invendu sur la "
        "table ; il compte pour le classement."
    ),
    "auctions.double.lead_requires_companion=false": (
        "Un joueur peut offrir un tableau double enchère sans avoir de deuxième carte en main."
    ),
    "auctions.double.lead_requires_companion=true": (
        "Un joueur ne peut offrir un tableau double enchère que s'il a en main une deuxième "
        "carte qui peut l'accompagner, et il doit alors la poser lui-même : personne d'autre "
        "n'en pose. Il met aux enchères les deux tableaux solidairement et reçoit tout "
        "l'argent de la vente."
    ),
    "auctions.double.lead_requires_companion": (
        "À {counts} joueurs, un joueur ne peut offrir un tableau double enchère que s'il a en "
        "main une deuxième carte qui peut l'accompagner, et il doit alors la poser lui-même : "
        "personne d'autre n'en pose. À un autre nombre de joueurs, ce n'est pas nécessaire."
    ),
    "auctions.double.auctioneer=adder": (
        "Le joueur qui pose la deuxième carte devient le nouveau vendeur : c'est lui qui met "
        "aux enchères les deux cartes, et le tour continue avec le joueur à sa gauche. Les "
        "joueurs placés entre le vendeur initial et le nouveau vendeur perdent une possibilité "
        "d'être vendeur."
    ),
    "auctions.double.auctioneer=leader": (
        "Le joueur qui a offert le tableau double enchère reste le vendeur, quel que soit le "
        "joueur qui a posé la deuxième carte."
    ),
    "auctions.double.payee=adder": (
        "Le joueur qui a posé la deuxième carte reçoit tout l'argent de la vente ; il n'est "
        "pas partagé avec le joueur qui a offert le tableau double enchère."
    ),
    "auctions.double.payee=auctioneer": (
        "Le joueur qui mène la vente aux enchères reçoit tout l'argent de la vente ; le "
        "joueur qui a offert le tableau double enchère ne reçoit rien, à moins qu'il ne mène "
        "la vente lui-même."
    ),
    "@double.paid.adder_not_auctioning": (
        "Le joueur qui a posé la deuxième carte reçoit tout l'argent de la vente, bien que "
        "ce soit le joueur qui a offert le tableau double enchère qui mène la vente ; "
        "l'argent n'est pas partagé."
    ),
    "@double.paid.leader_auctions": (
        "Le joueur qui mène la vente, celui qui a offert le tableau double enchère, reçoit "
        "tout l'argent de la vente, quel que soit le joueur qui a posé la deuxième carte."
    ),
    "auctions.double.payee=split-equally": (
        "Quand un autre joueur a posé la deuxième carte, l'argent est divisé en parts égales "
        "entre le vendeur initial (le joueur qui a offert le tableau double enchère) et le "
        "nouveau vendeur."
    ),
    "auctions.double.split.odd_unit_to=adder": (
        "Si l'argent ne peut pas être divisé également, l'unité restante ({unit}) revient "
        "au nouveau vendeur."
    ),
    "auctions.double.split.odd_unit_to=leader": (
        "Si l'argent ne peut pas être divisé également, l'unité restante ({unit}) revient "
        "au vendeur initial."
    ),
    "auctions.double.split.seller_wins=own-share-to-bank": (
        "Si l'un ou l'autre des deux vendeurs est le meilleur enchérisseur, il paie sa part à "
        "la banque et l'autre part à l'autre vendeur."
    ),
    "auctions.double.split.seller_wins=all-to-bank": (
        "Si l'un ou l'autre des deux vendeurs est le meilleur enchérisseur, il paie toute la "
        "somme à la banque."
    ),
}
