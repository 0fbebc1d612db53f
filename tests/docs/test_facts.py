"""Each bundled variant's generated rulebook states the rules of its printed rulebook.

One checklist per edition: every entry quotes the printed book (file and
section, under shared/rulebooks) and gives the text the generated
rulebook must contain. The optional rules (3-player mystery hand, single
beneficiary) are checked in the "Optional rules" section, where a rulebook that
offers them describes them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from auctionrules import resources
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import build_document, render
from auctionrules.text import typeset


@cache
def rulebook(variant: str, lang: str = "en", *, example: bool = False) -> str:
    """Markdown without escapes, so facts read as plain text."""
    return re.sub(r"\\(.)", r"\1", render(load_ruleset(variant), format="md", lang=lang,
                                            example=example))


@cache
def section(variant: str, key: str, lang: str = "en") -> str:
    """The plain text of one section (and its subsections) of the generated rulebook."""
    doc = build_document(load_ruleset(variant), lang, example=False)
    found = doc.section(key)
    return "\n".join(u.text for s in found.walk() for u in s.units())


HIG_EN = [
    # 001 setup: "Each player takes 100,000 in starting capital plus a sight screen"
    ("setup", "Each player starts with 100,000 dollars."),
    ("setup", "Players keep their money hidden behind their screens"),
    # 001 "The Second and subsequent rounds": deal table 10/6/6/0, 9/4/4/0, 8/3/3/0
    ("setup", "3 players | 10 | 6 | 6 | 0"),
    ("setup", "4 players | 9 | 4 | 4 | 0"),
    ("setup", "5 players | 8 | 3 | 3 | 0"),
    # 001 "The First round": "The youngest player, in this case Axel, starts."
    ("setup", "The youngest player is the first auctioneer."),
    # 001 "Equal numbers of cards": 12 Lite Metal, 13 Yoko, 14 Christin P, 15 Gitter, 16 Krypto
    ("components", "Lite Metal: 12 cards"),
    ("components", "Christin P: 14 cards"),
    ("components", "Krypto: 16 cards"),
    # 001 free auction: "all bids should be in multiples of 1000"
    ("playing", "All bids and prices are multiples of 1,000 dollars."),
    # 001 once around: "Because she has bought her own card ... gives the 13,000 to the Bank"
    ("playing", "an auctioneer who buys their own card pays the bank instead"),
    # 001 "No Bids at Auction": "taken by the auctioneer without payment"
    ("playing", "the auctioneer takes the card without paying"),
    # 001 "Rounds 2 to 4": "all the cards sold in the round are cashed in"; "the players
    # sell off their cards", the cards taken "without payment" among them (the engine
    # sells every card a player owns: tests/docs/test_value_scenarios.py)
    ("scoring", "every card they got this round, bought or taken for nothing"),
    # 001 "All cards played": "they merely miss their turn ... may still bid"
    ("playing", "misses their turn as auctioneer, but may still bid"),
    # 001 free auction: "all players can bid, there is no order of bidding"
    # (and the reading of the bidding order, stated and noted: asked in turn)
    ("auctions.open", "All players, the auctioneer included, may bid, each time they are asked"),
    # 001 once around: "starting with the player to the auctioneer's left ... auctioneer who
    # has the last bid"
    ("auctions.once_around", "starts with the player on the auctioneer's left"),
    ("auctions.once_around", "back to the auctioneer, who bids last"),
    # 001 sealed: "the card goes to the one who is first in line, starting with the
    # auctioneer and moving clockwise"
    ("auctions.sealed", "starting with the auctioneer and going clockwise"),
    # 001 fixed price: "the Auctioneer must buy the card at the price they have set
    # (... may not set a price higher than their cash holding)"
    ("auctions.fixed_price", "the auctioneer must buy the card at the price they named"),
    ("auctions.fixed_price", "may not name a price higher than the money they have"),
    # 001 "=": "the next player to his left must add a card ... players who have not
    # added a card effectively lose a turn"
    ("auctions.double", "the player on their left may add one"),
    ("auctions.double", "the players in between lose their turn as auctioneer"),
    # 001 "=": "the player who originally played the card gets the card back ... without
    # paying anything"
    ("auctions.double", "the player who played the double takes it without paying"),
    # 001 "=": "receives all of the proceeds ... not split"
    ("auctions.double", "The player who added the second card receives the whole price; it "
                        "is not split"),
    # 001 Diagram 7: "The 5th card is not auctioned off, nor is it sold"
    ("round_end", "the 5th card of one artist"),
    ("round_end", "That card is not auctioned and nobody owns it, but it counts for the ranking"),
    # 001 "Ending a round with an equals card": "the two cards are not auctioned"
    ("round_end", "If it is the second card of a double, neither card is auctioned."),
    # 001 "An early end to the game": "after the play of the last card, but before that card
    # is auctioned"
    ("round_end", "play stops as soon as the last card is played, before it is auctioned"),
    ("round_end", "then the game is over"),
    # 001: "Play in subsequent rounds commences with the player to the left of the player who
    # last played in the previous round."
    ("round_end", "on the left of the player who laid out the last card"),
    # 001 "Settling Up": 30,000 / 20,000 / 10,000; "the type which lies furthest to the left
    # on the board wins"
    ("scoring", "1st | 30,000"),
    ("scoring", "2nd | 20,000"),
    ("scoring", "3rd | 10,000"),
    ("scoring", "the one further left on the board ranks higher: Lite Metal beats everyone"),
    # 001 "Settling up after the second and third rounds": "the value ... is the sum of all the
    # markers"; "The 30,000 marker for Lite Metal is not counted at this point"
    ("scoring", "worth the sum of all the values in that artist's column"),
    ("scoring", "a card of an unranked artist is worth nothing"),
    # 001: "the cards played in the first round are returned to the box"
    ("scoring", "all cards on the table are discarded; cards in hand are kept"),
    # 001: "At the end of Round 4, the player with the largest amount of cash, wins. Any cards
    # left in player's hands at the end of round 4 are worthless."
    ("end", "The game ends after round 4"),
    ("end", "Cards left in hand are worthless."),
    ("end", "the richest player wins"),
    # 001 "Variant for Three Players": "The cards are dealt for four players"; "Every time
    # that a player has auctioned ... they may, if they wish, turn over the topmost card"
    ("optional", "3 players | 9 | 4 | 4 | 0 | 1"),
    ("optional", "The player who just auctioned turns it over."),
    ("optional", "Turning a dummy card over is optional: that player decides."),
    ("optional", "The top card of the dummy hand is turned over."),
    # 001: "neither auctioned, nor are they cashed in"; "If the card turned over ... is a "="
    # card, no second card is turned over."
    ("optional", "They are never auctioned, nobody owns them and they earn nobody any money"),
    ("optional", "If a dummy card is a double, no second card is added."),
]

HIG_FR = [
    # 004 Préparation : « Le banquier donne à chacun $100.000 au début de la partie. »
    ("setup", "Le banquier donne à chacun 100\u00a0000\u00a0$ au début de la partie."),
    # 004 Préparation : 3 joueurs 10, 4 joueurs 9, 5 joueurs 8 ; Manches suivantes : 6 6 0...
    ("setup", "3 joueurs | 10 | 6 | 6 | 0"),
    ("setup", "5 joueurs | 8 | 3 | 3 | 0"),
    # 004 Contenu : « 14 de Christin P. »
    ("components", "Christin P. : 14 cartes"),
    # 004 Règles générales : « toutes les offres doivent être multiples de 1000 » (amounts
    # are written the French way: a space between thousands, the dollar sign after)
    ("playing", "multiples de 1\u00a0000\u00a0$"),
    # 004 : « si aucun joueur ne fait d'offre, le vendeur obtient le tableau gratuitement,
    # sauf dans une vente à prix fixe »
    ("playing", "le vendeur obtient le tableau gratuitement, sauf dans une vente à prix fixe"),
    # 004 B. Un seul tour : « Le vendeur parle en dernier. »
    ("auctions.once_around", "le vendeur parle en dernier"),
    # 004 C. Dans la main : « si le vendeur est l'un des ex-æquo, c'est lui qui achète »
    ("auctions.sealed", "si le vendeur est l'un des ex-æquo, c'est lui qui achète le tableau"),
    # 004 D. Prix fixe
    ("auctions.fixed_price", "le vendeur doit acheter le tableau au prix qu'il a fixé"),
    ("auctions.fixed_price", "Le vendeur ne peut pas fixer le prix au-dessus de la somme"),
    # 004 E. Double enchère : parts égales ; reste de $1.000 au nouveau vendeur ; part à la banque
    ("auctions.double", "l'argent est divisé en parts égales entre le vendeur initial"),
    ("auctions.double", "l'unité restante (1\u00a0000\u00a0$) revient au nouveau vendeur"),
    ("auctions.double", "il paie sa part à la banque et l'autre part à l'autre vendeur"),
    ("auctions.double", "perdent une possibilité d'être vendeur"),
    # 004 Fin des ventes : « il y aura deux peintures invendues plutôt qu'une »
    ("round_end", "il y a deux tableaux invendus plutôt qu'un"),
    # 004 Plus de cartes en main : « la partie s'arrête quand la dernière carte est proposée »
    ("round_end", "les ventes s'arrêtent quand la dernière carte est proposée"),
    # 004 Manches suivantes : « le joueur à la gauche du joueur qui a proposé le dernier tableau »
    ("round_end", "à la gauche du joueur qui a proposé le dernier tableau"),
    # 004 Vente à la banque : « Si moins de trois artistes ... seuls ces artistes sont classés »
    ("scoring", "seuls ceux-là sont classés"),
    # 004 « les tableaux achetés sont vendus à la banque », et « le vendeur acquiert le
    # tableau gratuitement » : un tableau pris gratuitement est vendu aussi
    ("scoring", "les tableaux qu'ils ont obtenus dans la manche, achetés ou pris gratuitement"),
    ("scoring", "le plus à gauche sur le plateau est classé en tête"),
    ("scoring", "1er | 30\u00a0000\u00a0$"),
    # 004 Variante, le joueur mystère : « peut retourner une carte au hasard de la main
    # mystère » ; « toujours facultative »
    ("optional", "On retourne une carte au hasard de la main mystère."),
    ("optional", "C'est le joueur qui vient de conduire la vente qui la retourne"),
    ("optional", "Retourner une carte mystère est toujours facultatif : ce joueur décide."),
    # 004 Variante un seul bénéficiaire : « le nouveau vendeur reçoit tout l'argent ... à
    # moins qu'il ne mène la vente aux enchères lui-même »
    ("optional", "Le joueur qui mène la vente aux enchères reçoit tout l'argent de la vente"),
    ("optional", "à moins qu'il ne mène la vente lui-même"),
    # 004 Vainqueur : « Le joueur le plus riche gagne la partie. »
    ("end", "le joueur le plus riche gagne"),
]

TAIWAN = [
    # 000 setup: "Each player takes 100 Taiwan dollars"
    ("setup", "Each player starts with 100 TWD."),
    # 000 genres in board order: Objects 12 ... Chia yi scenery 16
    ("components", "The deck holds 70 cards of 5 genres"),
    ("components", "Objects: 12 cards"),
    ("components", "Chia yi scenery: 16 cards"),
    # 000 "Card plus card": the adder receives all of the proceeds
    ("auctions.double", "The player who added the second card receives the whole price"),
    # 000 round 2: "the player to the left of the player who laid out the last card"
    ("round_end", "on the left of the player who laid out the last card"),
    # 000 three players: "the player who wins the bidding may turn over the top card of the
    # virtual player"
    ("optional",
     "The player who won the auction (who took the card, when nobody bid) turns it over"),
    ("optional", "The top card of the dummy hand is turned over."),
    ("scoring", "the one further left on the board ranks higher: Objects beats everyone"),
    ("scoring", "1st | 30 TWD"),
]

BOARDPIA = [
    # 002: minimum bid 1, 100 coins each
    ("setup", "Each player starts with 100 coins."),
    ("playing", "The smallest bid or price is 1"),
    ("overview", "for 2, 3, 4 or 5 players"),
    ("components", "Édouard Manet: 12 cards"),
    # 002 double: the new auctioneer receives the money
    ("auctions.double", "The auctioneer of the lot receives the whole price"),
    # 002 2-player variant: "you may only play a Double Auction card if you possess a second
    # auction card that goes with it"
    ("auctions.double", "With 2 players, a player may play a double only while holding a "
                        "second card"),
    # ... and, holding it, the leader adds it: nobody else does (the engine refuses the pass)
    ("auctions.double", "and must then add that card: nobody else adds one"),
    # the deadlock of doubles without a companion can only happen with 2 players
    ("round_end", "With 2 players, if every player who still holds cards holds only doubles"),
    # 002 "The player left of the previous Auctioneer becomes the New Auctioneer"
    ("round_end", "on the left of the last auctioneer"),
    # 002 "As the last painting card becomes auctioned off" (read as sold)
    ("round_end", "the last card is auctioned as usual, then the round ends"),
    # 002 2-player: "deal out the cards as if there are four players ... the other two will
    # serve as dummy players"; "between each human player's turn, flip over the top card from
    # one of the dummy player's decks"
    ("setup", "2 players | 9 | 4 | 4 | 0 | 2"),
    ("players", "With 2 players, 2 dummy hands are dealt as well"),
    ("players", "Between the players' turns, a dummy card is turned over."),
    ("players", "The top card of the dummy hand is turned over."),
    ("players", "The dummy hands are used in turn"),
    # 002 3-player: "The winner of an auction can choose whether or not to reveal the top card"
    ("optional",
     "The player who won the auction (who took the card, when nobody bid) turns it over"),
    ("optional", "The top card of the dummy hand is turned over."),
    ("optional", "With 3 players, one dummy hand is dealt as well"),
    ("optional", "3 players | 9 | 4 | 4 | 0 | 1"),
    # 002: "The revealed cards of dummy player are never auctioned; no player takes those cards"
    ("optional", "They are never auctioned, nobody owns them"),
]

RENAISSANCE = [
    # 002: van Eyck, Arcimboldo, Leonardo da Vinci, Raffaello Sanzio, Botticelli, in that order
    ("components", "Jan van Eyck: 12 cards"),
    ("components", "Sandro Botticelli: 16 cards"),
    ("scoring", "Jan van Eyck beats everyone, Sandro Botticelli nobody"),
]

CMON = [
    # 003 setup 2.: "The Banker gives 100 k€ (100,000 €) to each player."
    ("setup", "Each player starts with 100 k€."),
    ("setup", "4 players | 9 | 4 | 4 | 0"),
    # 003 E. 2): "the new auctioneer receives all the money"
    ("auctions.double", "The auctioneer of the lot receives the whole price"),
    # 003 C.: "If the auctioneer is one of the players who tied for the highest bid, then they
    # buy the painting."
    ("auctions.sealed", "a tied auctioneer buys the card"),
    # 003 Ending the Auction Round: "two unsold paintings"; "no second painting is played"
    ("round_end", "If that card is a double, no second card is added."),
    ("round_end", "neither card is auctioned"),
    # 003 Selling to the Bank (cut): "If there were less than three artists who sold"
    ("scoring", "only those are ranked"),
]

CHECKLISTS = {
    ("hig-1992-en", "en"): HIG_EN,
    ("hig-1992-fr", "fr"): HIG_FR,
    ("taiwan", "en"): TAIWAN,
    ("boardpia-modern", "en"): BOARDPIA,
    ("boardpia-renaissance", "en"): RENAISSANCE + BOARDPIA[1:2],
    ("cmon-2017", "en"): CMON,
}

VARIANTS = resources.bundled_variant_ids()

CASES = [
    pytest.param(variant, lang, key, fact, id=f"{variant}-{lang}-{i}")
    for (variant, lang), facts in CHECKLISTS.items()
    for i, (key, fact) in enumerate(facts)
]


@pytest.mark.parametrize(("variant", "lang", "key", "fact"), CASES)
def test_rulebook_states_the_printed_rule(variant: str, lang: str, key: str, fact: str) -> None:
    text = section(variant, key, lang)
    fact = typeset(fact, lang)  # as printed: French spaces before ; : ! ? and in « »
    assert fact in text, f"{variant} ({lang}) section {key!r} lacks {fact!r}:\n{text}"


def test_every_bundled_variant_has_a_checklist() -> None:
    from auctionrules import resources

    assert {v for v, _ in CHECKLISTS} == set(resources.bundled_variant_ids())


def test_the_english_edition_does_not_split_the_double_price() -> None:
    # 001: "The proceeds are not split between the initial player and the player of the second
    # card as some translations have stated."
    assert "split equally" not in section("hig-1992-en", "auctions.double")
    assert "parts égales" in section("hig-1992-fr", "auctions.double", "fr")


def test_the_french_rulebook_is_in_french() -> None:
    text = rulebook("hig-1992-fr", "fr")
    for heading in ("## Préparation", "### Aller et retour", "### Un seul tour",
                    "### Dans la main", "### Prix fixe", "### Double enchère",
                    "## Vente à la banque"):
        assert heading in text


#: Words that give away English in a French rulebook (none is also a French word).
ENGLISH = frozenset({
    "the", "and", "of", "with", "when", "who", "which", "player", "players", "round", "rounds",
    "card", "cards", "bid", "bids", "auction", "auctioneer", "seller", "split", "equally",
    "side", "translation", "translated", "by", "community", "documented", "rulebook", "random",
    "money", "seed", "default", "none", "true", "false", "adder", "leader", "payee",
    "cumulative", "unsold", "top", "first", "last", "winner", "anyone", "only", "keeps",
    "free", "sold",
})
#: Text the French rulebook quotes as written (edition credits, untranslated notes).
QUOTED = re.compile(r"«\u00a0.*?\u00a0»", re.S)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_english_in_a_french_rulebook(variant: str) -> None:
    """A French player reads French everywhere but in what is clearly quoted; artist names
    are names."""
    ruleset = load_ruleset(variant)
    text = QUOTED.sub("", rulebook(variant, "fr", example=True))
    for artist in ruleset.theme.artists:
        text = text.replace(artist.name.get("fr"), "")
    words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
    assert not words & ENGLISH, sorted(words & ENGLISH)


def test_the_single_beneficiary_rule_is_said_once() -> None:
    """004 "Variante pour la double enchère : un seul bénéficiaire": the rule is stated once,
    with its "à moins qu'il ne mène la vente aux enchères lui-même"."""
    text = section("hig-1992-fr", "optional_modules.1", "fr")
    assert text.count("reçoit tout l'argent") == 1
    assert "à moins qu'il ne mène la vente lui-même" in text


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_note_reads_in_french(variant: str) -> None:
    """The French rulebook states each note of a bundled edition in French, as the
    printed French book would word it, not quoted from English."""
    ruleset = load_ruleset(variant)
    text = section(variant, "notes", "fr")
    assert ruleset.notes
    for note in ruleset.notes:
        assert {"en", "fr"} <= set(note.text.languages()), note.topic
        # (after its topic and a colon, a note starts with a small letter)
        french = typeset(note.text.get("fr"), "fr")[1:]
        assert french in text and f"«\u00a0{french}" not in text, note.topic
    assert "en anglais" not in text


def test_a_note_with_no_french_is_still_quoted(tmp_path: Path) -> None:
    """A club's note written in English only is quoted in « » in the French rulebook,
    which says in which language the notes are written."""
    path = tmp_path / "club.yaml"
    path.write_text(
        "id: club\ntitle: Club\nextends: hig-1992-en\nnotes:\n"
        "  - topic: money\n    text: We play with poker chips.\n", encoding="utf-8"
    )
    doc = build_document(load_ruleset(path), "fr", example=False)
    text = "\n".join(u.text for s in doc.section("notes").walk() for u in s.units())
    assert "«\u00a0We play with poker chips.\u00a0»" in text
    assert "celles entre guillemets sont citées" in text
    assert "ne peut annoncer qu'un prix nul" in text  # the inherited notes, in French
