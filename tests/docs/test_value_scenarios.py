"""Every option value: what the rulebook says about it, and what the engine does, together.

The rulebook and the engine read the same option, but in different code: a
sentence can state a rule the engine does not play ("otherwise the auctioneer
keeps it", where the engine leaves the card unsold). Each :class:`Claim` below
pairs, for one value of one option, on a house file that sets it:

- the words the player rulebook prints for it, in English and in French;
- a position played by the engine that shows the rule those words state.

Both halves are checked in one test, so a change to either side that makes them
disagree fails here. :func:`test_every_option_value_has_a_claim_or_a_reason`
walks the schema: a value with no claim must be listed in :data:`UNCLAIMED`
with the reason, so the values not yet paired stay visible.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

from auctionrules.engine import Event, Game, IllegalActionError, RulesError
from auctionrules.engine.outcome import winners
from auctionrules.engine.rules import compile_rules
from auctionrules.engine.scoring import score_round
from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook import build_document, schema
from auctionrules.rulebook.lang import catalog
from auctionrules.rulebook.writer import value_key

_FOLDER = Path(tempfile.mkdtemp(prefix="auctionrules-claims-"))
atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)


@cache
def house(body: str) -> Ruleset:
    """``hig-1992-en`` with ``body`` (YAML) on top, loaded as a club's file."""
    path = _FOLDER / f"house-{abs(hash(body))}.yaml"
    path.write_text(f"id: house\ntitle: House\nextends: hig-1992-en\n{body}", encoding="utf-8")
    return load_ruleset(path)


@cache
def player_text(ruleset: Ruleset, lang: str) -> str:
    """The player rulebook (no designer section, no example), on one line."""
    document = build_document(ruleset, lang, example=False, designer=False)
    return " ".join(" ".join(u.text for _, u in document.units()).split())


Step = tuple[int, str]
Check = Callable[[Game, list[Event]], None]


@attrs.frozen
class Scene:
    """A position and the moves played from it; ``check`` asserts the outcome."""

    hands: Sequence[Sequence[str]]
    steps: Sequence[Step]
    check: Check
    cash: Sequence[int] | None = None
    auctioneer: int = 0
    kwargs: dict[str, Any] = attrs.field(factory=dict)

    def play(self, ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, len(self.hands), hands=self.hands, cash=self.cash,
                                  auctioneer=self.auctioneer, **self.kwargs)
        events: list[Event] = []
        for seat, action in self.steps:
            events += game.apply(action, seat)
            assert game.check_invariants() == [], (seat, action)
        self.check(game, events)


@attrs.frozen
class Claim:
    """One option value: the house file that sets it, the words, the scene."""

    path: str
    value: Any
    body: str
    said: dict[str, str]
    scene: Scene | Callable[[Ruleset], None]

    @property
    def id(self) -> str:
        return f"{self.path}={value_key(self.value)}"


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# Positions --------------------------------------------------------------------------

#: Four players; seat 1 auctions a fixed-price Yoko.
FIXED = [
    ["lite-metal/fixed_price", "krypto/open"],
    ["yoko/fixed_price", "krypto/sealed"],
    ["christin-p/fixed_price", "krypto/once_around"],
    ["karl-gitter/fixed_price", "krypto/fixed_price"],
]
#: Four players; seat 0 auctions a sealed Lite Metal, or an open one.
SEALED = [
    ["lite-metal/sealed", "lite-metal/open"],
    ["yoko/sealed", "krypto/open"],
    ["christin-p/sealed", "krypto/once_around"],
    ["karl-gitter/sealed", "krypto/fixed_price"],
]
ALL_PASS = [(2, "pass"), (3, "pass"), (0, "pass")]


def _price(amount: int) -> list[Step]:
    return [(1, "play yoko/fixed_price"), (1, f"price {amount}")]


def _sealed(*bids: str) -> list[Step]:
    """Seat 0 plays its sealed card; seats 0..3 bid (``pass`` for an empty fist)."""
    return [(0, "play lite-metal/sealed"), *((seat, b) for seat, b in enumerate(bids))]


def _owner(game: Game, seat: int, cash: int) -> None:
    state = game.state
    assert len(state.owned[seat]) == 1 and state.cash[seat] == cash, (state.owned, state.cash)


def _unsold(game: Game, events: list[Event], artist: int) -> None:
    assert "unsold" in kinds(events) and not any(game.state.owned)
    assert game.state.counts[artist] == 1  # on the table, counting for the ranking


def _refused(ruleset: Ruleset, hands: Sequence[Sequence[str]], cash: Sequence[int] | None,
             auctioneer: int, before: Sequence[Step], *, refused: Step, allowed: Step) -> Game:
    """Play ``before``; ``refused`` raises and changes nothing; ``allowed`` is legal."""
    game = Game.from_position(ruleset, len(hands), hands=hands, cash=cash,
                              auctioneer=auctioneer)
    for seat, action in before:
        game.apply(action, seat)
    snapshot = game.snapshot()
    with pytest.raises(IllegalActionError):
        game.apply(refused[1], refused[0])
    assert game.snapshot() == snapshot
    game.apply(allowed[1], allowed[0])
    return game


def _capped(ruleset: Ruleset) -> None:
    cash = [100000, 20000, 100000, 100000]
    _refused(ruleset, FIXED, cash, 1, [(1, "play yoko/fixed_price")],
             refused=(1, "price 21000"), allowed=(1, "price 20000"))


def _unlimited(ruleset: Ruleset) -> None:
    """Any price, more than anybody has too (the range's top is the rules' bound on
    anybody's money, which says nothing of the others' cash behind screens); even an
    auctioneer with no money names a real one."""
    cash = [60000, 0, 90000, 50000]
    most = compile_rules(ruleset, 4).most_money
    _refused(ruleset, FIXED, cash, 1, [(1, "play yoko/fixed_price")],
             refused=(1, f"price {most + 1000}"), allowed=(1, "price 91000"))
    for richest in (90000, 900000):  # (the range is the same whatever the others hold)
        game = Game.from_position(ruleset, 4, hands=FIXED, cash=[60000, 0, richest, 50000],
                                  auctioneer=1)
        game.apply("play yoko/fixed_price", 1)
        assert game.legal(1).price == (1000, most, 1000)


def _rebid_raise(ruleset: Ruleset) -> None:
    game = _refused(ruleset, SEALED, None, 0,
                    _sealed("bid 10000", "bid 10000", "pass", "pass"),
                    refused=(1, "bid 11000"), allowed=(1, "bid 12000"))
    events = game.apply("pass", 0)
    sold = [e for e in events if e.kind == "sold"][-1]
    assert (sold["seat"], sold["price"]) == (1, 12000)


def _valuation(paid: int) -> Callable[[Ruleset], None]:
    """Round 2: Lite Metal earned 30,000 in round 1 and is unranked now; seat 0 owns one."""

    def scene(ruleset: Ruleset) -> None:
        played = ["krypto/open"] * 3 + ["krypto/sealed"]
        played += ["yoko/open", "yoko/sealed", "christin-p/open", "christin-p/sealed"]
        played += ["karl-gitter/open", "karl-gitter/sealed"]
        game = Game.from_position(
            ruleset, 4, hands=[["krypto/once_around", "yoko/once_around"], ["yoko/double"],
                               ["christin-p/double"], ["karl-gitter/double"]],
            round=2, board={"lite-metal": [30000]}, played=played,
            owned=[["lite-metal/open"], [], [], []],
        )
        (scored,) = [e for e in game.apply("play krypto/once_around", 0) if e.kind == "scored"]
        assert scored["payouts"][0] == paid

    return scene


def _winners(shared: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        rules = Game.new(ruleset, 4, seed=0).rules
        assert rules.ties_shared is shared
        assert winners((90, 120, 120, 50), rules.ties_shared) == ((1, 2) if shared else ())

    return scene


def _screens(hidden: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        view = Game.new(ruleset, 4, seed=0).view(0)
        assert view.cash[0] is not None and (view.cash[1] is None) is hidden

    return scene


def _prices(public: bool) -> Callable[[Ruleset], None]:
    """Seat 1 buys a sealed lot for 10,000: may seat 2 read the price?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=SEALED)
        for seat, action in _sealed("pass", "bid 10000", "pass", "pass"):
            game.apply(action, seat)
        sales = game.view(2).sales
        assert (sales is not None and (1, 10000) in [s[1:] for s in sales]) is public, sales

    return scene


#: Each type's cards moved to another type: the theme has none of them left.
SPLITS = {
    "lite-metal": (3, 3, 2, 2, 2), "yoko": (3, 2, 3, 3, 2), "christin-p": (3, 3, 3, 3, 2),
    "karl-gitter": (3, 3, 3, 3, 3), "krypto": (4, 3, 3, 3, 3),
}
TYPES = ("open", "once_around", "sealed", "fixed_price", "double")


def _without(kind: str) -> str:
    """A house file whose theme has no ``kind`` cards (moved to the next type)."""
    into = TYPES[(TYPES.index(kind) + 1) % 4] if kind != "double" else "open"
    rows = []
    for artist, split in SPLITS.items():
        counts = dict(zip(TYPES, split, strict=True))
        counts[into] += counts[kind]
        counts[kind] = 0
        inner = ", ".join(f"{t}: {n}" for t, n in counts.items())
        rows.append(f"    - {{id: {artist}, split: {{{inner}}}}}\n")
    return (f"auctions:\n  {kind}: {{enabled: false}}\ntheme:\n  artists:\n"
            + "".join(rows))


def _kind_played(kind: str, enabled: bool) -> Callable[[Ruleset], None]:
    """A ``kind`` card can be dealt and auctioned, or the game has none."""

    def scene(ruleset: Ruleset) -> None:
        hands = [[f"lite-metal/{kind}", "yoko/open"], ["krypto/open"], ["krypto/sealed"],
                 ["krypto/once_around"]]
        if not enabled:
            with pytest.raises(RulesError):
                Game.from_position(ruleset, 4, hands=hands)
            return
        game = Game.from_position(ruleset, 4, hands=hands)
        events = game.apply(f"play lite-metal/{kind}", 0)
        assert "played" in kinds(events) or events, events

    return scene


def _disabled_words(kind: str) -> dict[str, str]:
    said = {}
    for lang, template in (("en", "There are no cards for the {} in this game."),
                           ("fr", "Il n'y a pas de cartes « {} » dans ce jeu.")):
        said[lang] = template.format(catalog(lang).word(f"auction.{kind}").lower())
    return said


ENABLED_WORDS = {
    "open": ("All players, the auctioneer included, may bid, each time they are asked",
             "peuvent enchérir chaque fois que leur tour vient"),
    "once_around": ("Each player has exactly one chance to bid or to pass",
                    "Chaque joueur a une seule possibilité de faire une offre ou de passer"),
    "sealed": ("secretly takes the money of their bid in their closed fist",
               "font simultanément une offre en secret"),
    "fixed_price": ("The auctioneer names a price.", "Le vendeur fixe le prix du tableau"),
    "double": ("A double card is never auctioned alone",
               "Un tableau double enchère n'est jamais vendu seul"),
}


def _ranked_first(counts: list[int], first: int, places: int = 3) -> Callable[[Ruleset], None]:
    """The engine's scoring of a round with ``counts``: who comes first, how many ranked."""

    def scene(ruleset: Ruleset) -> None:
        rules = compile_rules(ruleset, 4)
        score = score_round(
            counts=counts, owned=[[]], board=[[0] * 5], round_index=0,
            ranking=ruleset.scoring.ranking, rank_unplayed=ruleset.scoring.rank_unplayed_artists,
            tie_break=rules.ranking_tie_break, valuation=rules.valuation,
        )
        assert score.ranked[0] == first and len(score.ranked) == places, score.ranked

    return scene


def _tie_break(purchases: bool, paintings: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        rules = Game.new(ruleset, 4, seed=0).rules
        expected = "most-purchases" if purchases else "most-paintings" if paintings else "none"
        assert rules.winner_tie_break == expected
        sales = [(0, 1, 5000), (0, 2, 3000), (1, 2, 4000)]
        cash = (90, 120, 120, 50)
        got = winners(cash, True, sales if purchases else None,
                      [0, 3, 1, 0] if paintings else None)
        assert got == ((2,) if purchases else (1,) if paintings else (1, 2))

    return scene


FP = "auctions:\n  fixed_price: {%s}\n"
SEALED_TIES = "auctions:\n  sealed: {%s}\n"

CLAIMS: list[Claim] = [
    Claim("auctions.fixed_price.max_price", "auctioneer-cash", "",
          {"en": "The auctioneer may not name a price higher than the money they have.",
           "fr": "Le vendeur ne peut pas fixer le prix au-dessus de la somme d'argent qu'il "
                 "possède."},
          _capped),
    Claim("auctions.fixed_price.max_price", "unlimited", FP % "max_price: unlimited",
          {"en": "The auctioneer may name any price, even one higher than the money they have",
           "fr": "Le vendeur peut fixer n'importe quel prix, même supérieur à l'argent qu'il "
                 "possède"},
          _unlimited),
    Claim("auctions.fixed_price.nobody_buys", "auctioneer-buys", "",
          {"en": "If nobody buys, the auctioneer must buy the card at the price they named",
           "fr": "le vendeur doit acheter le tableau au prix qu'il a fixé"},
          Scene(FIXED, [*_price(20000), *ALL_PASS], lambda g, e: _owner(g, 1, 80000),
                auctioneer=1)),
    Claim("auctions.fixed_price.nobody_buys", "auctioneer-takes-free",
          FP % "nobody_buys: auctioneer-takes-free",
          {"en": "If nobody buys, the auctioneer keeps the card without paying.",
           "fr": "Si aucun joueur n'est intéressé, le vendeur garde le tableau gratuitement."},
          Scene(FIXED, [*_price(20000), *ALL_PASS], lambda g, e: _owner(g, 1, 100000),
                auctioneer=1)),
    Claim("auctions.fixed_price.nobody_buys", "unsold", FP % "nobody_buys: unsold",
          {"en": "If nobody buys, nobody gets the card: it stays on the table unsold",
           "fr": "personne n'obtient le tableau : il reste invendu sur la table"},
          Scene(FIXED, [*_price(20000), *ALL_PASS], lambda g, e: _unsold(g, e, 1),
                auctioneer=1)),
    Claim("auctions.fixed_price.above_cash", "unsold", FP % "max_price: unlimited",
          {"en": "A price the auctioneer cannot pay wins them nothing.",
           "fr": "Un prix que le vendeur ne peut pas payer ne lui rapporte rien."},
          Scene(FIXED, [*_price(90000), *ALL_PASS], lambda g, e: _unsold(g, e, 1),
                cash=[100000, 30000, 100000, 100000], auctioneer=1)),
    Claim("auctions.fixed_price.above_cash", "auctioneer-pays-all",
          FP % "max_price: unlimited, above_cash: auctioneer-pays-all",
          {"en": "the auctioneer buys the card for all the money they have",
           "fr": "celui-ci achète le tableau pour tout l'argent qu'il possède"},
          Scene(FIXED, [*_price(90000), *ALL_PASS], lambda g, e: _owner(g, 1, 0),
                cash=[100000, 30000, 100000, 100000], auctioneer=1)),
    Claim("auctions.fixed_price.broke_auctioneer", "offer-at-zero", "",
          {"en": "An auctioneer who has less than the smallest price (1,000 dollars) offers "
                 "the card for nothing: the first player from the left who accepts takes it "
                 "free, otherwise the auctioneer keeps it.",
           "fr": "le premier joueur à sa gauche qui accepte le prend gratuitement ; sinon, le "
                 "vendeur le garde."},
          Scene(FIXED, [*_price(0), *ALL_PASS], lambda g, e: _owner(g, 1, 0),
                cash=[100000, 0, 100000, 100000], auctioneer=1)),
    Claim("auctions.fixed_price.broke_auctioneer", "offer-at-zero", FP % "nobody_buys: unsold",
          {"en": "takes it free, otherwise it is not sold: it stays on the table and counts "
                 "for the ranking.",
           "fr": "le prend gratuitement ; sinon, le tableau n'est pas vendu"},
          Scene(FIXED, [*_price(0), *ALL_PASS], lambda g, e: _unsold(g, e, 1),
                cash=[100000, 0, 100000, 100000], auctioneer=1)),
    Claim("auctions.fixed_price.broke_auctioneer", "auctioneer-keeps",
          FP % "broke_auctioneer: auctioneer-keeps",
          {"en": "An auctioneer who has less than the smallest price (1,000 dollars) holds no "
                 "auction and keeps the card free.",
           "fr": "ne fait pas de vente : il garde le tableau gratuitement."},
          Scene(FIXED, [(1, "play yoko/fixed_price")], lambda g, e: _owner(g, 1, 0),
                cash=[100000, 0, 100000, 100000], auctioneer=1)),
    Claim("auctions.sealed.tie_break", "auctioneer-first", "",
          {"en": "a tied auctioneer buys the card",
           "fr": "si le vendeur est l'un des ex-æquo, c'est lui qui achète le tableau"},
          Scene(SEALED, _sealed("bid 10000", "bid 10000", "pass", "pass"),
                lambda g, e: _owner(g, 0, 90000))),
    Claim("auctions.sealed.tie_break", "auctioneer-last",
          SEALED_TIES % "tie_break: auctioneer-last",
          {"en": "starting on the auctioneer's left and going clockwise; the auctioneer comes "
                 "last.",
           "fr": "le vendeur passe en dernier."},
          Scene(SEALED, _sealed("bid 10000", "bid 10000", "pass", "pass"),
                lambda g, e: _owner(g, 1, 90000))),
    Claim("auctions.sealed.ties", "tie-break", "",
          {"en": "If two or more players tie for the highest bid, the card goes to the first "
                 "of them",
           "fr": "Si deux offres ou plus sont à égalité"},
          Scene(SEALED, _sealed("pass", "bid 10000", "bid 10000", "pass"),
                lambda g, e: _owner(g, 1, 90000))),
    Claim("auctions.sealed.ties", "re-bid",
          "money: {minimum_raise: 2000}\n" + SEALED_TIES % "ties: re-bid",
          {"en": "only the tied players bid once more, in secret, each at least 2,000 dollars "
                 "more than the tied bid",
           "fr": "chacun d'au moins 2 000 dollars au-delà de l'offre égalée"},
          _rebid_raise),
    Claim("auctions.sealed.ties", "re-bid", SEALED_TIES % "ties: re-bid",
          {"en": "each more than the tied bid (an empty fist keeps the tied bid); the highest "
                 "of these bids wins. A second tie is settled as follows.",
           "fr": "Une nouvelle égalité se règle ainsi."},
          Scene(SEALED, [*_sealed("bid 10000", "bid 10000", "pass", "pass"), (1, "pass"),
                         (0, "pass")], lambda g, e: _owner(g, 0, 90000))),
    Claim("auctions.sealed.ties", "re-bid-or-unsold", SEALED_TIES % "ties: re-bid-or-unsold",
          {"en": "If they tie again, the card is not sold",
           "fr": "En cas de nouvelle égalité, le tableau n'est pas vendu"},
          Scene(SEALED, [*_sealed("bid 10000", "bid 10000", "pass", "pass"), (1, "pass"),
                         (0, "pass")], lambda g, e: _unsold(g, e, 0))),
    Claim("no_bid", "auctioneer-takes-free", "",
          {"en": "If nobody bids (fixed-price auctions excepted), the auctioneer takes the card "
                 "without paying.",
           "fr": "Si aucun joueur ne fait d'offre, le vendeur obtient le tableau gratuitement"},
          Scene(SEALED, _sealed("pass", "pass", "pass", "pass"),
                lambda g, e: _owner(g, 0, 100000))),
    Claim("no_bid", "unsold", "no_bid: unsold\n",
          {"en": "If nobody bids (fixed-price auctions excepted), the card stays on the table "
                 "unsold",
           "fr": "le tableau reste invendu sur la table"},
          Scene(SEALED, _sealed("pass", "pass", "pass", "pass"), lambda g, e: _unsold(g, e, 0))),
    Claim("scoring.valuation", "cumulative", "",
          {"en": "a card of an unranked artist is worth nothing, whatever it was worth before.",
           "fr": "un tableau d'un artiste qui n'est pas classé ne vaut rien"},
          _valuation(0)),
    Claim("scoring.valuation", "cumulative-always", "scoring: {valuation: cumulative-always}\n",
          {"en": "an unranked artist keeps the value of the earlier rounds.",
           "fr": "un artiste non classé garde la valeur des manches précédentes."},
          _valuation(30000)),
    Claim("scoring.valuation", "this-round", "scoring: {valuation: this-round}\n",
          {"en": "a card of an unranked artist is worth nothing.",
           "fr": "vaut la valeur de cette manche seulement"},
          _valuation(0)),
    Claim("winner.ties", "shared", "",
          {"en": "Tied richest players share the victory.",
           "fr": "Les joueurs les plus riches à égalité se partagent la victoire."},
          _winners(True)),
    Claim("winner.ties", "none", "winner: {ties: none}\n",
          {"en": "If the richest players tie, nobody wins.",
           "fr": "Si les joueurs les plus riches sont à égalité, personne ne gagne."},
          _winners(False)),
]

CLAIMS += [
    Claim("money.screens", True, "",
          {"en": "Players keep their money hidden behind their screens until the end of the "
                 "game.",
           "fr": "Chaque joueur cache son argent derrière son écran jusqu'à la fin de la "
                 "partie."},
          _screens(True)),
    Claim("money.screens", False, "money: {screens: false}\n",
          {"en": "Players keep their money in the open, for everyone to see.",
           "fr": "Chaque joueur garde son argent à la vue de tous."},
          _screens(False)),
    Claim("money.public_prices", True, "",
          {"en": "Prices are paid openly, so players may keep track of each other's money.",
           "fr": "Les prix sont payés ouvertement : chacun peut tenir le compte de l'argent "
                 "des autres."},
          _prices(True)),
    Claim("money.public_prices", False, "money: {public_prices: false}\n",
          {"en": "Prices are paid in secret: nobody may keep track of the money of the others.",
           "fr": "Les prix sont payés en secret : personne ne peut tenir le compte"},
          _prices(False)),
    *(
        Claim(f"auctions.{kind}.enabled", True, "",
              {"en": ENABLED_WORDS[kind][0], "fr": ENABLED_WORDS[kind][1]},
              _kind_played(kind, True))
        for kind in TYPES
    ),
    *(
        Claim(f"auctions.{kind}.enabled", False, _without(kind), _disabled_words(kind),
              _kind_played(kind, False))
        for kind in TYPES
    ),
    Claim("scoring.tie_break", "board-order", "",
          {"en": "the one further left on the board ranks higher",
           "fr": "le plus à gauche sur le plateau est classé en tête"},
          _ranked_first([2, 0, 0, 2, 1], 0)),
    Claim("scoring.tie_break", "reverse-board-order",
          "scoring: {tie_break: reverse-board-order}\n",
          {"en": "the one further right on the board ranks higher",
           "fr": "le plus à droite sur le plateau est classé en tête"},
          _ranked_first([2, 0, 0, 2, 1], 3)),
    Claim("scoring.rank_unplayed_artists", False, "",
          {"en": "Only artists with at least one card on the table are ranked",
           "fr": "Seuls les artistes proposés pendant la manche sont classés"},
          _ranked_first([0, 0, 3, 2, 0], 2, places=2)),
    Claim("scoring.rank_unplayed_artists", True, "scoring: {rank_unplayed_artists: true}\n",
          {"en": "Even artists without a card on the table may be ranked, in the order of "
                 "the ties.",
           "fr": "Même les artistes qui n'ont pas été proposés pendant la manche peuvent être "
                 "classés"},
          _ranked_first([0, 0, 3, 2, 0], 2, places=3)),
    Claim("winner.tie_break", "none", "",
          {"en": "Tied richest players share the victory.",
           "fr": "Les joueurs les plus riches à égalité se partagent la victoire."},
          _tie_break(False, False)),
    Claim("winner.tie_break", "most-purchases", "winner: {tie_break: most-purchases}\n",
          {"en": "the one among them who bought the most lots during the game wins",
           "fr": "celui d'entre eux qui a acheté le plus de lots pendant la partie l'emporte"},
          _tie_break(True, False)),
    Claim("winner.tie_break", "most-paintings", "winner: {tie_break: most-paintings}\n",
          {"en": "the one among them who acquired the most paintings during the game wins",
           "fr": "celui d'entre eux qui a obtenu le plus de tableaux pendant la partie"},
          _tie_break(False, True)),
]

# Open and once-around auctions, doubles, the end of a round -------------------------

#: Four players; seat 0 auctions an open or a once-around Lite Metal.
BIDDING = [
    ["lite-metal/open", "lite-metal/once_around"],
    ["yoko/open", "krypto/sealed"],
    ["christin-p/open", "krypto/once_around"],
    ["karl-gitter/open", "krypto/fixed_price"],
]


def _once_around_order(order: list[int]) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=BIDDING)
        game.apply("play lite-metal/once_around", 0)
        asked = []
        while game.state.lot is not None:
            seat = game.to_act()[0]
            asked.append(seat)
            game.apply("pass", seat)
        assert asked == order

    return scene


def _auctioneer_bids(kind: str, may: bool) -> Callable[[Ruleset], None]:
    """Everyone else passes; may the auctioneer (seat 0) then bid on their own card?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=BIDDING)
        game.apply(f"play lite-metal/{kind}", 0)
        while game.state.lot is not None and game.to_act() != (0,):
            game.apply("pass", game.to_act()[0])
        if may:
            game.apply("bid 5000", 0)
            return
        snapshot = game.snapshot()
        with pytest.raises(IllegalActionError):
            game.apply("bid 5000", 0)
        assert game.snapshot() == snapshot

    return scene


def _open_pass(final: bool) -> Callable[[Ruleset], None]:
    """Seat 1 passes, seat 2 bids: is seat 1 asked again?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=BIDDING)
        for seat, action in [(0, "play lite-metal/open"), (1, "pass"), (2, "bid 5000"),
                             (3, "pass"), (0, "pass")]:
            game.apply(action, seat)
        if final:
            assert game.state.lot is None and game.state.owned[2]
        else:
            assert game.to_act() == (1,)
            game.apply("bid 6000", 1)

    return scene


def _open_limit(announced: bool) -> Callable[[Ruleset], None]:
    """Seat 1 says a limit of 9,000: the lowest bid is made for it, and it is not asked
    again while it holds the high bid; who else knows the limit?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=BIDDING)
        game.apply("play lite-metal/open", 0)
        events = list(game.apply("limit 9000", 1))
        assert [(e.kind, e["seat"], e.get("amount")) for e in events] == (
            [("limit", 1, 9000), ("bid", 1, 1000)] if announced else [("bid", 1, 1000)]
        )
        game.apply("bid 5000", 2)
        assert game.state.lot is not None and game.state.lot.high == 5000
        game.apply("pass", 3)
        game.apply("pass", 0)
        assert game.state.lot.high == 6000 and game.state.lot.high_bidder == 1  # (made for seat 1)
        said = (None, 9000, None, None)
        assert dict(game.view(1).lot or ())["limits"] == said
        for seat in (0, 2, 3, None):
            shown = game.view(seat)
            assert dict(shown.lot or ())["limits"] == (said if announced else (None,) * 4)

    return scene


#: Five players: seat 0 holds a Lite Metal double; seat 3 the Lite Metal companions.
DOUBLE = [
    ["lite-metal/double", "krypto/open"],
    ["yoko/open", "krypto/sealed"],
    ["christin-p/open", "lite-metal/double"],
    ["lite-metal/once_around", "lite-metal/fixed_price", "lite-metal/sealed",
     "karl-gitter/open"],
    ["krypto/once_around", "karl-gitter/sealed"],
]
ADDED_BY_3 = [(0, "play lite-metal/double"), (0, "pass"), (1, "pass"), (2, "pass"),
              (3, "add lite-metal/once_around")]


def _double(buyer: int, cash: list[int], auctioneer: int = 3) -> Callable[[Ruleset], None]:
    """Seat 3 adds a once-around card to seat 0's double; ``buyer`` alone bids 25,000."""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 5, hands=DOUBLE)
        for seat, action in ADDED_BY_3:
            game.apply(action, seat)
        assert game.state.lot is not None and game.state.lot.auctioneer == auctioneer
        while game.state.lot is not None:
            seat = game.to_act()[0]
            game.apply("bid 25000" if seat == buyer else "pass", seat)
        assert list(game.state.cash) == cash, game.state.cash

    return scene


def _nobody_adds(owner: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 5, hands=DOUBLE)
        events = list(game.apply("play lite-metal/double", 0))
        while game.state.lot is not None:
            events += game.apply("pass", game.to_act()[0])
        assert bool(game.state.owned[0]) is owner and ("unsold" in kinds(events)) is not owner

    return scene


def _leader_only(ruleset: Ruleset) -> None:
    """The leader passes: nobody else is asked, the leader keeps the double."""
    game = Game.from_position(ruleset, 5, hands=DOUBLE)
    game.apply("play lite-metal/double", 0)
    game.apply("pass", 0)
    assert game.state.lot is None and len(game.state.owned[0]) == 1


def _companion(required: bool) -> Callable[[Ruleset], None]:
    """Seat 0 holds a double and no second Lite Metal: may it lead the double?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 5, hands=DOUBLE)
        if required:
            with pytest.raises(IllegalActionError):
                game.apply("play lite-metal/double", 0)
        else:
            game.apply("play lite-metal/double", 0)

    return scene


#: Round 1: four Lite Metal already on the table; seat 0 lays the fifth.
FIFTH = dict(played=["lite-metal/open", "lite-metal/sealed", "lite-metal/once_around",
                     "lite-metal/fixed_price"])


def _fifth(auctioned: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        hands = [["lite-metal/open", "yoko/open"], ["yoko/sealed"], ["christin-p/open"],
                 ["karl-gitter/open"]]
        game = Game.from_position(ruleset, 4, hands=hands, **FIFTH)  # type: ignore[arg-type]
        events = game.apply("play lite-metal/open", 0)
        assert (game.state.lot is not None) is auctioned
        assert ("scored" in kinds(events)) is not auctioned

    return scene


def _last_card(auctioned: bool, game_over: bool) -> Callable[[Ruleset], None]:
    """Seat 0 lays the last card any hand holds, no artist near five."""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=[["yoko/open"], [], [], []])
        events = list(game.apply("play yoko/open", 0))
        assert (game.state.lot is not None) is auctioned
        while game.state.lot is not None:
            events += game.apply("pass", game.to_act()[0])
        assert "scored" in kinds(events)
        assert (game.outcome is not None) is game_over

    return scene


DOUBLE_SET = "auctions:\n  double: {%s}\n"
SPLIT = "payee: split-equally, split: {%s}"

CLAIMS += [
    Claim("auctions.once_around.auctioneer_turn", "last", "",
          {"en": "goes clockwise back to the auctioneer, who bids last.",
           "fr": "le vendeur parle en dernier."},
          _once_around_order([1, 2, 3, 0])),
    Claim("auctions.once_around.auctioneer_turn", "first",
          "auctions:\n  once_around: {auctioneer_turn: first}\n",
          {"en": "The auctioneer bids first; then the others, from the auctioneer's left",
           "fr": "Le vendeur parle en premier"},
          _once_around_order([0, 1, 2, 3])),
    Claim("auctions.once_around.auctioneer_may_bid", True, "",
          {"en": "goes clockwise back to the auctioneer, who bids last.",
           "fr": "le vendeur parle en dernier."},
          _auctioneer_bids("once_around", True)),
    Claim("auctions.once_around.auctioneer_may_bid", False,
          "auctions:\n  once_around: {auctioneer_may_bid: false}\n",
          {"en": "the auctioneer may not bid on their own card: their turn is a pass.",
           "fr": "le vendeur ne peut pas enchérir sur son propre tableau : à son tour, il "
                 "passe."},
          _auctioneer_bids("once_around", False)),
    Claim("auctions.open.auctioneer_may_bid", True, "",
          {"en": "All players, the auctioneer included, may bid, each time they are asked",
           "fr": "Tous les joueurs, le vendeur y compris, peuvent enchérir chaque fois que "
                 "leur tour vient"},
          _auctioneer_bids("open", True)),
    Claim("auctions.open.auctioneer_may_bid", False,
          "auctions:\n  open: {auctioneer_may_bid: false}\n",
          {"en": "The auctioneer may not bid on their own card: when asked, they pass.",
           "fr": "Le vendeur ne peut pas enchérir sur son propre tableau : quand vient son "
                 "tour, il passe."},
          _auctioneer_bids("open", False)),
    Claim("auctions.open.ending", "full-round-of-passes", "",
          {"en": "a player who passed may bid again later.",
           "fr": "un joueur qui a passé peut enchérir de nouveau."},
          _open_pass(False)),
    Claim("auctions.open.ending", "pass-is-final", "auctions:\n  open: {ending: pass-is-final}\n",
          {"en": "a player who passes drops out of the auction for good",
           "fr": "un joueur qui passe se retire définitivement de la vente"},
          _open_pass(True)),
    Claim("auctions.open.limits", "private", "",
          {"en": "The limit stays secret: the others hear only the bids.",
           "fr": "Sa limite reste secrète : les autres n'entendent que ses offres."},
          _open_limit(False)),
    Claim("auctions.open.limits", "announced", "auctions:\n  open: {limits: announced}\n",
          {"en": "a player may announce aloud the most they will pay for the card",
           "fr": "un joueur peut annoncer à voix haute le prix le plus haut qu'il paiera"},
          _open_limit(True)),
    Claim("auctions.double.who_may_add", "anyone", "",
          {"en": "the player on their left may add one, then each other player in turn",
           "fr": "le joueur à sa gauche a la possibilité de la jouer"},
          _double(1, [100000, 75000, 100000, 125000, 100000])),
    Claim("auctions.double.who_may_add", "leader-only", DOUBLE_SET % "who_may_add: leader-only",
          {"en": "Only the player who plays the double may add the second card",
           "fr": "Seul le joueur qui a offert le tableau double enchère peut poser la deuxième "
                 "carte"},
          _leader_only),
    Claim("auctions.double.auctioneer", "adder", "",
          {"en": "Whoever adds the second card becomes the auctioneer of the lot",
           "fr": "Le joueur qui pose la deuxième carte devient le nouveau vendeur"},
          _double(1, [100000, 75000, 100000, 125000, 100000])),
    Claim("auctions.double.auctioneer", "leader", DOUBLE_SET % "auctioneer: leader",
          {"en": "The player who played the double stays the auctioneer of the lot",
           "fr": "Le joueur qui a offert le tableau double enchère reste le vendeur"},
          _double(1, [100000, 75000, 100000, 125000, 100000], auctioneer=0)),
    Claim("auctions.double.payee", "adder", "",
          {"en": "The player who added the second card receives the whole price",
           "fr": "Le joueur qui a posé la deuxième carte reçoit tout l'argent de la vente"},
          _double(1, [100000, 75000, 100000, 125000, 100000])),
    Claim("auctions.double.payee", "auctioneer",
          DOUBLE_SET % "auctioneer: leader, payee: auctioneer",
          {"en": "The auctioneer of the lot, the player who played the double, receives the "
                 "whole price, whoever added the second card.",
           "fr": "Le joueur qui mène la vente, celui qui a offert le tableau double enchère, "
                 "reçoit tout l'argent de la vente"},
          _double(1, [125000, 75000, 100000, 100000, 100000], auctioneer=0)),
    Claim("auctions.double.payee", "split-equally", DOUBLE_SET % "payee: split-equally",
          {"en": "the price is split equally between the player who played the double and "
                 "the player who added the second card",
           "fr": "l'argent est divisé en parts égales"},
          _double(1, [112000, 75000, 100000, 113000, 100000])),
    Claim("auctions.double.split.odd_unit_to", "adder", DOUBLE_SET % SPLIT % "odd_unit_to: adder",
          {"en": "the odd 1,000 dollars goes to the player who added the second card",
           "fr": "l'unité restante (1 000 dollars) revient au nouveau vendeur"},
          _double(1, [112000, 75000, 100000, 113000, 100000])),
    Claim("auctions.double.split.odd_unit_to", "leader",
          DOUBLE_SET % SPLIT % "odd_unit_to: leader",
          {"en": "the odd 1,000 dollars goes to the player who played the double",
           "fr": "l'unité restante (1 000 dollars) revient au vendeur initial"},
          _double(1, [113000, 75000, 100000, 112000, 100000])),
    Claim("auctions.double.split.seller_wins", "own-share-to-bank",
          DOUBLE_SET % SPLIT % "seller_wins: own-share-to-bank",
          {"en": "they pay their own share to the bank and the other share to the other seller",
           "fr": "il paie sa part à la banque et l'autre part à l'autre vendeur"},
          _double(0, [75000, 100000, 100000, 113000, 100000])),
    Claim("auctions.double.split.seller_wins", "all-to-bank",
          DOUBLE_SET % SPLIT % "seller_wins: all-to-bank",
          {"en": "If one of the two sellers buys the lot, they pay the whole price to the bank.",
           "fr": "il paie toute la somme à la banque."},
          _double(0, [75000, 100000, 100000, 100000, 100000])),
    Claim("auctions.double.nobody_adds", "leader-keeps", "",
          {"en": "If nobody adds a second card, the player who played the double takes it "
                 "without paying.",
           "fr": "le vendeur obtient son premier tableau gratuitement"},
          _nobody_adds(True)),
    Claim("auctions.double.nobody_adds", "unsold", DOUBLE_SET % "nobody_adds: unsold",
          {"en": "If nobody adds a second card, the double stays on the table unsold",
           "fr": "le tableau double enchère reste invendu sur la table"},
          _nobody_adds(False)),
    Claim("auctions.double.lead_requires_companion", False, "",
          {"en": "A player may play a double without holding a second card for it.",
           "fr": "Un joueur peut offrir un tableau double enchère sans avoir de deuxième carte "
                 "en main."},
          _companion(False)),
    Claim("auctions.double.lead_requires_companion", True,
          DOUBLE_SET % "lead_requires_companion: true",
          {"en": "A player may play a double only while holding a second card that could be "
                 "added to it",
           "fr": "Un joueur ne peut offrir un tableau double enchère que s'il a en main une "
                 "deuxième carte"},
          _companion(True)),
    Claim("round_end.ending_card", "unsold", "",
          {"en": "That card is not auctioned and nobody owns it, but it counts for the ranking.",
           "fr": "Ce tableau n'est pas vendu et n'appartient à personne"},
          _fifth(False)),
    Claim("round_end.ending_card", "sold", "round_end: {ending_card: sold}\n",
          {"en": "That card is still auctioned as usual",
           "fr": "Ce tableau est tout de même mis aux enchères normalement"},
          _fifth(True)),
    Claim("round_end.hands_exhausted.last_card", "unsold", "",
          {"en": "play stops as soon as the last card is played, before it is auctioned",
           "fr": "les ventes s'arrêtent quand la dernière carte est proposée"},
          _last_card(False, True)),
    Claim("round_end.hands_exhausted.last_card", "sold",
          "round_end:\n  hands_exhausted: {last_card: sold}\n",
          {"en": "the last card is auctioned as usual, then the round ends.",
           "fr": "le dernier tableau est vendu normalement, puis la manche s'arrête."},
          _last_card(True, True)),
    Claim("round_end.hands_exhausted.then", "end-game", "",
          {"en": "That round is scored as usual, and then the game is over.",
           "fr": "La manche est évaluée normalement, puis la partie est terminée."},
          _last_card(False, True)),
    Claim("round_end.hands_exhausted.then", "next-round",
          "round_end:\n  hands_exhausted: {then: next-round}\n",
          {"en": "play goes on with the next round, if any.",
           "fr": "puis la partie continue avec la manche suivante, s'il en reste une."},
          _last_card(False, False)),
]

# Dummy hands, and who starts the next round -----------------------------------------

FLIP = "player_counts:\n  '3': {dummy_hands: {hands: %d, deal: [6, 4, 3, 0], flip: {%s}}}\n"
#: Three players: seat 0 auctions an open Lite Metal, seat 1 wins it at 6,000.
AUCTIONED = [(0, "play lite-metal/open"), (1, "bid 6000"), (2, "pass"), (0, "pass")]
THREE = [["lite-metal/open", "krypto/open"], ["yoko/open"], ["christin-p/open"]]
DUMMIES = [["karl-gitter/sealed", "karl-gitter/open", "yoko/sealed"],
           ["krypto/sealed", "krypto/once_around", "christin-p/sealed"]]


def _dummy_game(ruleset: Ruleset, hands: int = 1, seed: int = 0) -> Game:
    game = Game.from_position(ruleset, 3, hands=THREE, dummy_hands=DUMMIES[:hands], seed=seed)
    for seat, action in AUCTIONED:
        game.apply(action, seat)
    return game


def _flipper(seat: int, optional: bool) -> Callable[[Ruleset], None]:
    """Who is asked to turn a dummy card over after the lot, and whether passing is legal."""

    def scene(ruleset: Ruleset) -> None:
        if not optional:  # nothing to decide: the card is turned over for the player
            game = Game.from_position(ruleset, 3, hands=THREE, dummy_hands=DUMMIES[:1])
            events: list[Event] = []
            for step_seat, action in AUCTIONED:
                events += game.apply(action, step_seat)
            flips = [e for e in events if e.kind == "flip"]
            assert [e["seat"] for e in flips] == [seat] and game.to_act() == (1,)
            return
        game = _dummy_game(ruleset)
        assert game.to_act() == (seat,)
        assert {str(a) for a in game.legal(seat)} == {"flip", "pass"}

    return scene


def _between_turns(ruleset: Ruleset) -> None:
    """Nobody is asked: the card is turned over when the lot is settled."""
    game = Game.from_position(ruleset, 3, hands=THREE, dummy_hands=DUMMIES[:1])
    events: list[Event] = []
    for seat, action in AUCTIONED:
        events += game.apply(action, seat)
    assert "flip" in kinds(events) and game.to_act() == (1,)


def _flipped(ruleset: Ruleset, hands: int, seed: int, flips: int = 1) -> list[str]:
    game = _dummy_game(ruleset, hands, seed)
    names = []
    for _ in range(flips):
        seat = game.to_act()[0]
        names += [e["card"] for e in game.apply("flip", seat) if e.kind == "flip"]
        if len(names) < flips:  # the next auctioneer auctions and sells to nobody
            nxt = game.to_act()[0]
            card = {1: "yoko/open", 2: "christin-p/open", 0: "krypto/open"}[nxt]
            game.apply(f"play {card}", nxt)
            while game.to_act() != (nxt,) or game.state.lot is not None:
                game.apply("pass", game.to_act()[0])
    return names


def _card(top: bool) -> Callable[[Ruleset], None]:
    def scene(ruleset: Ruleset) -> None:
        firsts = {_flipped(ruleset, 1, seed)[0] for seed in range(12)}
        assert (firsts == {"karl-gitter/sealed"}) is top, firsts

    return scene


def _hand(alternate: bool) -> Callable[[Ruleset], None]:
    """Two dummy hands, two flips: from one hand then the other, or either, at random."""

    def scene(ruleset: Ruleset) -> None:
        pairs = {tuple(c.split("/")[0] for c in _flipped(ruleset, 2, seed, flips=2))
                 for seed in range(12)}
        if alternate:
            assert pairs == {("karl-gitter", "krypto")}, pairs
        else:
            assert len(pairs) > 1, pairs

    return scene


def _laid_by(starter: int) -> Callable[[Ruleset], None]:
    """The dummy card seat 1 (the winner) turns over is the fifth Lite Metal: who leads
    round 2, left of the flipper (seat 2) or of the last auctioneer (seat 1)?"""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 3, hands=THREE, dummy_hands=[["lite-metal/sealed"]],
                                  played=["lite-metal/once_around"] * 3)
        for seat, action in AUCTIONED:
            game.apply(action, seat)
        game.apply("flip", 1)
        assert game.round == 2 and game.to_act() == (starter,)

    return scene


def _starter(starter: int) -> Callable[[Ruleset], None]:
    """Seat 3 adds the fifth Lite Metal to seat 0's double, which seat 0 auctions
    (``double.auctioneer: leader``): the round ends; the last card was laid by seat 3,
    the last auctioneer is seat 0."""

    def scene(ruleset: Ruleset) -> None:
        hands = [["lite-metal/double", "yoko/open"], ["yoko/sealed"], ["christin-p/open"],
                 ["lite-metal/open", "karl-gitter/open"]]
        game = Game.from_position(ruleset, 4, hands=hands, played=["lite-metal/sealed"] * 2
                                  + ["lite-metal/fixed_price"])
        for seat, action in [(0, "play lite-metal/double"), (0, "pass"), (1, "pass"),
                             (2, "pass"), (3, "add lite-metal/open")]:
            game.apply(action, seat)
        assert game.round == 2 and game.to_act() == (starter,)

    return scene


def _stuck(game_over: bool) -> Callable[[Ruleset], None]:
    """Only doubles without a second card are left in hand: nobody can lead."""

    def scene(ruleset: Ruleset) -> None:
        game = Game.from_position(ruleset, 4, hands=[["yoko/double"], ["christin-p/double"],
                                                     [], []], played=["krypto/open"])
        assert "scored" in kinds(list(game.events))
        assert (game.outcome is not None) is game_over and (game.round == 2) is not (
            game_over)

    return scene


COMPANION = "auctions:\n  double: {lead_requires_companion: true}\n"

CLAIMS += [
    Claim("player_counts.N.dummy_hands.flip.when", "after-auction", FLIP % (1, ""),
          {"en": "After each auction, it is time to turn a dummy card over.",
           "fr": "Après chaque vente aux enchères vient le moment de retourner une carte "
                 "mystère."},
          _flipper(0, True)),
    Claim("player_counts.N.dummy_hands.flip.when", "between-turns",
          FLIP % (1, "when: between-turns"),
          {"en": "Between the players' turns, a dummy card is turned over.",
           "fr": "Entre les tours des joueurs, une carte mystère est retournée."},
          _between_turns),
    Claim("player_counts.N.dummy_hands.flip.by", "auctioneer", FLIP % (1, ""),
          {"en": "The player who just auctioned turns it over.",
           "fr": "C'est le joueur qui vient de conduire la vente qui la retourne."},
          _flipper(0, True)),
    Claim("player_counts.N.dummy_hands.flip.by", "winner", FLIP % (1, "by: winner"),
          {"en": "The player who won the auction (who took the card, when nobody bid) turns "
                 "it over.",
           "fr": "C'est le joueur qui a remporté la vente"},
          _flipper(1, True)),
    Claim("player_counts.N.dummy_hands.flip.optional", True, FLIP % (1, ""),
          {"en": "Turning a dummy card over is optional: that player decides.",
           "fr": "Retourner une carte mystère est toujours facultatif : ce joueur décide."},
          _flipper(0, True)),
    Claim("player_counts.N.dummy_hands.flip.optional", False, FLIP % (1, "optional: false"),
          {"en": "A card must be turned over.", "fr": "Une carte doit être retournée."},
          _flipper(0, False)),
    Claim("player_counts.N.dummy_hands.flip.card", "top", FLIP % (1, ""),
          {"en": "The top card of the dummy hand is turned over.",
           "fr": "On retourne la carte du dessus de la main mystère."},
          _card(True)),
    Claim("player_counts.N.dummy_hands.flip.card", "random", FLIP % (1, "card: random"),
          {"en": "A card drawn at random from the dummy hand is turned over.",
           "fr": "On retourne une carte au hasard de la main mystère."},
          _card(False)),
    Claim("player_counts.N.dummy_hands.flip.hand", "alternate", FLIP % (2, ""),
          {"en": "The dummy hands are used in turn; an empty one is passed over.",
           "fr": "Les mains fictives sont utilisées à tour de rôle"},
          _hand(True)),
    Claim("player_counts.N.dummy_hands.flip.hand", "random", FLIP % (2, "hand: random"),
          {"en": "The dummy hand is chosen at random; an empty one is passed over.",
           "fr": "La main fictive est choisie au hasard"},
          _hand(False)),
    Claim("next_round.dummy_card_laid_by", "flipper", FLIP % (1, "by: winner"),
          {"en": "A dummy card that ends the round counts as laid out by the player who turned "
                 "it over",
           "fr": "compte comme proposée par le joueur qui l'a retournée"},
          _laid_by(2)),
    Claim("next_round.dummy_card_laid_by", "last-auctioneer",
          FLIP % (1, "by: winner") + "next_round: {dummy_card_laid_by: last-auctioneer}\n",
          {"en": "A dummy card that ends the round counts as laid out by the last auctioneer.",
           "fr": "le dernier vendeur"},
          _laid_by(1)),
    Claim("next_round.starter", "left-of-last-card-player", DOUBLE_SET % "auctioneer: leader",
          {"en": "The next round starts with the player on the left of the player who laid "
                 "out the last card of the round.",
           "fr": "La manche suivante commence avec le joueur à la gauche du joueur qui a "
                 "proposé le dernier tableau"},
          _starter(0)),
    Claim("next_round.starter", "left-of-last-auctioneer",
          DOUBLE_SET % "auctioneer: leader" + "next_round: {starter: left-of-last-auctioneer}\n",
          {"en": "The next round starts with the player on the left of the last auctioneer",
           "fr": "dernier vendeur"},
          _starter(1)),
    Claim("round_end.no_playable_card", "next-round",
          COMPANION + "round_end: {no_playable_card: next-round}\n",
          {"en": "nobody can lead: the round ends and is scored as usual, and play goes on "
                 "with the next round",
           "fr": "la partie continue avec la manche suivante"},
          _stuck(False)),
    Claim("round_end.no_playable_card", "end-game",
          COMPANION + "round_end: {no_playable_card: end-game}\n",
          {"en": "nobody can lead: the round is scored as usual, and then the game is over.",
           "fr": "puis la partie est terminée"},
          _stuck(True)),
]

#: Option values without a claim, each with why; none today: a new option value must
#: come with its claim, or be listed here with the reason it has none.
UNCLAIMED: dict[str, str] = {}


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_the_rulebook_says_what_the_engine_plays(claim: Claim) -> None:
    ruleset = house(claim.body)
    assert schema_value(ruleset, claim.path) == claim.value, "the house file sets the value"
    for lang, said in claim.said.items():
        text = player_text(ruleset, lang)
        words = " ".join(said.split())  # as the text: spaces, no-break ones too, as one
        assert words in text, f"{lang}: {words!r} not in:\n{text}"
    if isinstance(claim.scene, Scene):
        claim.scene.play(ruleset)
    else:
        claim.scene(ruleset)


def schema_value(ruleset: Ruleset, path: str) -> Any:
    value: Any = ruleset.document
    for part in path.replace(".N.", ".3.").split("."):
        value = value[part]
    return value


def option_values() -> list[str]:
    """Every finite value of every option of a variant, as ``path=value`` (player counts
    as ``N``), the ruleset's metadata left out."""
    document = load_ruleset("hig-1992-en").document
    found: dict[str, None] = {}
    for opt, _ in schema.document_options(document):
        if opt.path in schema.METADATA_PATHS | {"language", "kind"}:
            continue
        generic = ".".join("N" if p.isdigit() else p for p in opt.path.split("."))
        for value in opt.choices():
            found[f"{generic}={value_key(value)}"] = None
    return list(found)


def test_every_option_value_has_a_claim_or_a_reason() -> None:
    claimed = {c.id for c in CLAIMS}
    missing = [v for v in option_values() if v not in claimed and v not in UNCLAIMED]
    assert missing == [], f"{len(missing)} option values with neither a claim nor a reason"
    stale = [v for v in UNCLAIMED if v in claimed or v not in option_values()]
    assert stale == []


#: hig-1992-en with a fifth round dealing one card: the hands can run out in round 4.
FIVE_ROUNDS = (
    "rounds: 5\nplayer_counts:\n"
    '  "3": {deal: [10, 6, 5, 0, 1], dummy_hands: {deal: [9, 4, 3, 0, 1]}}\n'
    '  "4": {deal: [9, 4, 3, 0, 1]}\n  "5": {deal: [8, 3, 2, 0, 1]}\n'
)


def test_hands_that_run_out_before_the_last_round_end_the_game_there() -> None:
    """The rulebook's "This can happen before the last round" (round_end), played: the
    last card of round 4 is laid, the game is over and round 5 is never dealt."""
    ruleset = house(FIVE_ROUNDS)
    said = {
        "en": "This can happen before the last round: the game then ends there, the rounds "
              "left are not played and the cards left in the deck are not dealt.",
        "fr": "Cela peut arriver avant la dernière manche : la partie s'achève alors, les "
              "manches restantes ne sont pas jouées",
    }
    for lang, words in said.items():
        assert " ".join(words.split()) in player_text(ruleset, lang), lang
    game = Game.from_position(ruleset, 4, hands=[["yoko/open"], [], [], []], round=4)
    assert game.state.deck, "cards are left in the deck"
    events = list(game.apply("play yoko/open", 0))
    assert "scored" in kinds(events)
    assert game.outcome is not None
    assert game.outcome.rounds_played == 4 < ruleset.rounds
    assert "deal" not in kinds(events)


def test_the_books_never_say_a_game_can_end_before_its_last_round() -> None:
    """The published deal tables leave no round to skip: the sentence is not printed."""
    assert "This can happen before the last round" not in player_text(house(""), "en")


def test_the_open_auction_asks_in_turn() -> None:
    """hig-1992-en, "Auctions": "All players, the auctioneer included, may bid, each time
    they are asked", then "the players are asked in turn from the auctioneer's left":
    a player who is not asked may not bid, and the state does not change."""
    for body in ("", "auctions:\n  open: {ending: pass-is-final}\n"):
        ruleset = house(body)
        text = player_text(ruleset, "en")
        assert "in any order" not in text and "as often as they like" not in text
        assert "asked in turn from the auctioneer's left" in text
        game = Game.from_position(ruleset, 4, hands=BIDDING)
        game.apply("play lite-metal/open", 0)
        assert game.to_act() == (1,)
        snapshot = game.snapshot()
        with pytest.raises(IllegalActionError):
            game.apply("bid 5000", 2)
        assert game.snapshot() == snapshot
        game.apply("bid 5000", 1)
        assert game.to_act() == (2,)


def test_cards_taken_for_nothing_are_sold_too() -> None:
    """hig-1992-en, "Scoring": "each player then sells to the bank every card they got
    this round, bought or taken for nothing". Nobody bids on seat 0's Yoko, which seat 0
    takes free (no_bid: auctioneer-takes-free); Yoko then ranks first and seat 0 sells it."""
    ruleset = house("")
    for lang, words in {"en": "every card they got this round, bought or taken for nothing",
                        "fr": "les tableaux qu'ils ont obtenus dans la manche, achetés ou "
                              "pris gratuitement"}.items():
        assert words in player_text(ruleset, lang)
    played = ["yoko/sealed", "yoko/once_around", "yoko/fixed_price", "krypto/open"]
    game = Game.from_position(
        ruleset, 4, played=played,
        hands=[["yoko/open", "krypto/sealed"], ["yoko/double", "krypto/once_around"],
               ["lite-metal/open"], ["karl-gitter/open"]],
    )
    events = list(game.apply("play yoko/open", 0))
    while game.state.lot is not None:
        events += game.apply("pass", game.to_act()[0])
    assert [e["seat"] for e in events if e.kind == "sold"] == [0], "taken free by seat 0"
    assert game.state.cash[0] == 100000
    (scored,) = [e for e in game.apply("play yoko/double", 1) if e.kind == "scored"]
    assert scored["payouts"][0] == 30000


@pytest.mark.parametrize(
    ("options", "paid", "auctioneer", "said"),
    [
        ("auctioneer: adder, payee: adder", 3, 3,
         "The player who added the second card receives the whole price; it is not split "
         "with the player who played the double."),
        ("auctioneer: adder, payee: auctioneer", 3, 3,
         "The auctioneer of the lot receives the whole price; the player who played the "
         "double receives nothing unless they auction the lot themselves."),
        ("auctioneer: leader, payee: adder", 3, 0,
         "The player who added the second card receives the whole price, although the "
         "player who played the double auctions the lot; the price is not split."),
        ("auctioneer: leader, payee: auctioneer", 0, 0,
         "The auctioneer of the lot, the player who played the double, receives the whole "
         "price, whoever added the second card."),
    ],
)
def test_who_is_paid_when_another_player_adds_the_second_card(
    options: str, paid: int, auctioneer: int, said: str
) -> None:
    """hig-1992-en, "Double auction", for each value of payee and auctioneer: seat 3 adds
    the second card to seat 0's double and seat 1 buys the lot for 25,000."""
    ruleset = house(DOUBLE_SET % options)
    assert " ".join(said.split()) in player_text(ruleset, "en")
    cash = [100000, 75000, 100000, 100000, 100000]
    cash[paid] += 25000
    _double(1, cash, auctioneer=auctioneer)(ruleset)


def test_the_rounds_beyond_the_board_score_as_its_rows() -> None:
    """The rulebook's "The printed board has 4 rows" (scoring), played in round 5: a
    card of Lite Metal, ranked first, sells for this round's value plus the 4 rows
    above it."""
    ruleset = house(FIVE_ROUNDS)
    assert "The printed board has 4 rows, one per round: from round 5 on" in player_text(
        ruleset, "en")
    assert "Le plateau imprimé a 4 rangées" in player_text(ruleset, "fr")
    assert "printed board" not in player_text(house(""), "en")
    game = Game.from_position(
        ruleset, 4, round=5, board={"lite-metal": [30000, 0, 10000, 20000]},
        played=["lite-metal/sealed", "lite-metal/once_around", "lite-metal/fixed_price"],
        owned=[["lite-metal/open"], [], [], []],
        hands=[["lite-metal/double"], ["yoko/open"], ["christin-p/open"], ["krypto/open"]],
    )
    (scored,) = [e for e in game.apply("play lite-metal/double", 0) if e.kind == "scored"]
    assert scored["payouts"][0] == 30000 + 30000 + 10000 + 20000
