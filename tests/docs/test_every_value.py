"""Generated rulebooks are right for every option value, not only for the bundled editions.

Hypothesis draws rulesets from the schema: on top of a bundled edition it sets
every enum and boolean option the schema lists (with the values the schema
allows), plus the numbers a club changes (bid unit, starting money, smallest
bid, cards that end a round), and loads the result through the loader, as a
house file would be. For each drawn ruleset, in English and French:

- every option's sentence is in the player rulebook, unless another option
  makes the rule moot (``MOOT`` says when: the split of a double's price when
  only the leader may add the second card, say);
- changing one option changes only sentences that declare a dependency on it;
- none of the ``FORBIDDEN`` statements appears where the values make it false,
  and each ``REQUIRED`` statement appears where they make it necessary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from auctionrules.loader import load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook import build_document
from auctionrules.rulebook.document import Document, Sentence
from auctionrules.rulebook.writer import value_key

from .drawn import VARIANTS, choice_options, load, overrides

LANGS = ("en", "fr")


def player_units(document: Document) -> list[tuple[str, Sentence]]:
    """The units of the player rulebook (the designer section left out)."""
    return [(key, u) for key, u in document.units() if not key.startswith(("designer", "notes",
                                                                             "defaults"))]


def player_text(document: Document) -> str:
    return "\n".join(u.text for _, u in player_units(document))


# When an option has nothing to say ---------------------------------------------------


def leader_always_adds(r: Ruleset) -> bool:
    d = r.auctions.double
    return d.who_may_add == "leader-only" or all(
        d.requires_companion(n) for n in r.supported_players
    )


def companion_counts(r: Ruleset) -> list[int]:
    return [n for n in r.supported_players if r.auctions.double.requires_companion(n)]


def _count(path: str) -> int:
    return int(path.split(".")[1])


def dummy_moot(r: Ruleset, path: str) -> bool:
    hands = r.player_count(_count(path)).dummy_hands
    if hands.hands == 0:
        return True
    if path.endswith((".flip.by", ".flip.optional")):
        return hands.flip.when != "after-auction"
    if path.endswith(".flip.hand"):
        return hands.hands < 2
    return False


#: ``(path pattern, predicate)``: the option states no rule when the predicate holds.
MOOT: list[tuple[str, Callable[[Ruleset, str], bool]]] = [
    (r"^auctions\.double\.(who_may_add|nobody_adds)$",
     lambda r, p: len(companion_counts(r)) == len(r.supported_players)),
    (r"^auctions\.double\.(auctioneer|payee)$", lambda r, p: leader_always_adds(r)),
    (r"^auctions\.double\.split\.",
     lambda r, p: leader_always_adds(r) or r.auctions.double.payee != "split-equally"),
    (r"^round_end\.no_playable_card$", lambda r, p: not companion_counts(r)),
    (r"^next_round\.dummy_card_laid_by$",
     lambda r, p: not any(pc.dummy_hands.hands for pc in r.player_counts)),
    (r"^player_counts\.\d+\.dummy_hands\.", dummy_moot),
    # the books' own rules, which the general auction sentences already state
    (r"^auctions\.(open|once_around)\.auctioneer_may_bid$",
     lambda r, p: getattr(r.auctions, p.split(".")[1]).auctioneer_may_bid),
    (r"^winner\.tie_break$", lambda r, p: r.winner.tie_break == "none"),
    # the books' rule, which round_end.artist_cards's sentence states
    (r"^round_end\.ending_card$", lambda r, p: r.round_end.ending_card == "unsold"),
    (r"^auctions\.sealed\.ties$", lambda r, p: r.auctions.sealed.ties == "tie-break"),
    # a second tie left unsold: no tie-break order ever applies
    (r"^auctions\.sealed\.tie_break$",
     lambda r, p: r.auctions.sealed.ties == "re-bid-or-unsold"),
    # a price the auctioneer cannot pay is owed only when the price is unlimited and
    # the auctioneer must buy a lot nobody else buys
    (r"^auctions\.fixed_price\.above_cash$",
     lambda r, p: r.auctions.fixed_price.max_price != "unlimited"
     or r.auctions.fixed_price.nobody_buys != "auctioneer-buys"),
    # with an unlimited price nobody is too poor to name one
    (r"^auctions\.fixed_price\.broke_auctioneer$",
     lambda r, p: r.auctions.fixed_price.max_price == "unlimited"),
    # a symbol played as its own type: the books' rule, which the type's sentences state
    (r"^auctions\.(open|once_around|sealed|fixed_price)\.played_as$",
     lambda r, p: r.auctions.played_as(p.split(".")[1]) == p.split(".")[1]),
    # a symbol played as a descending auction: its own type's options rule nothing
    (r"^auctions\.(open|once_around|sealed|fixed_price)\.(?!played_as$|enabled$)",
     lambda r, p: r.auctions.played_as(p.split(".")[1]) == "descending"),
    (r"^auctions\.descending\.", lambda r, p: not any(
        r.auctions.played_as(t) == "descending"
        for t in ("open", "once_around", "sealed", "fixed_price"))),
]


def moot(r: Ruleset, path: str) -> bool:
    return any(re.search(pattern, path) and test(r, path) for pattern, test in MOOT)


# What must not be said, and what must -------------------------------------------------

Rule = tuple[str, Callable[[Ruleset], bool], str, str]

#: ``(name, predicate, language, regex)``: when the predicate holds, the player rulebook
#: in that language must not match the regex.
FORBIDDEN: list[Rule] = [
    ("no early end after empty hands",
     lambda r: r.round_end.hands_exhausted.then == "next-round"
     and not (companion_counts(r) and r.round_end.no_playable_card == "end-game"),
     "en", r"or earlier|when all hands are empty"),
    ("pas de fin anticipée",
     lambda r: r.round_end.hands_exhausted.then == "next-round"
     and not (companion_counts(r) and r.round_end.no_playable_card == "end-game"),
     "fr", r"ou plus tôt|si toutes les mains sont vides"),
    ("nobody else adds", leader_always_adds, "en",
     r"the player on their left may add one|When another player added|Whoever adds the "
     r"second card becomes|split equally|odd .* goes to"),
    ("personne d'autre ne pose", leader_always_adds, "fr",
     r"le joueur à sa gauche a la possibilité|Quand un autre joueur a posé|devient le nouveau "
     r"vendeur|parts égales|reste de la division"),
    ("the deadlock names its player counts",
     lambda r: bool(companion_counts(r)), "en", r"(^|\n)If every player who still holds"),
    ("le blocage nomme ses nombres de joueurs",
     lambda r: bool(companion_counts(r)), "fr", r"(^|\n)Si chaque joueur qui a encore"),
    ("no multiples of one", lambda r: r.money.bid_unit == 1, "en", r"multiples of 1\b(?![,.\d])"),
    ("pas de multiples de un", lambda r: r.money.bid_unit == 1, "fr",
     r"multiples de 1(?![\d\u00a0 .,]\d)"),
    ("one seat numbering", lambda r: True, "en", r"(?i)\b(seat|player) 0\b|\bseed\b"),
    ("une seule numérotation", lambda r: True, "fr", r"(?i)\b(place|joueur) 0\b|graine"),
    ("pas de lectures", lambda r: True, "fr", r"lectures"),
    ("no bare amounts in French", lambda r: True, "fr", r"\$\d|\d,\d{3}\b|\d\.\d{3}\b"),
    ("the card that ends the round is sold", lambda r: r.round_end.ending_card == "sold",
     "en", r"That card is not auctioned|that card is a double, no second|neither card is "
     r"auctioned"),
    ("le tableau qui termine la manche est vendu",
     lambda r: r.round_end.ending_card == "sold", "fr",
     r"Ce tableau n'est pas vendu|Si ce tableau est de type double|deux tableaux invendus"),
    ("a second sealed tie is unsold", lambda r: r.auctions.sealed.ties == "re-bid-or-unsold",
     "en", r"the card goes to the first of them"),
    ("une nouvelle égalité n'est pas vendue",
     lambda r: r.auctions.sealed.ties == "re-bid-or-unsold", "fr",
     r"emporte la vente ; (toutefois|le vendeur passe)"),
    ("mains fictives à deux",
     lambda r: all(pc.dummy_hands.hands != 1 for pc in r.player_counts), "fr", r"mystère"),
    # winner.tie_break: a painting taken free counts for most-paintings, not most-purchases
    ("free paintings count", lambda r: r.winner.tie_break == "most-paintings", "en",
     r"most lots|taken free is not a purchase"),
    ("les tableaux gratuits comptent", lambda r: r.winner.tie_break == "most-paintings", "fr",
     r"le plus de lots|n'est pas un achat"),
    ("only purchases count", lambda r: r.winner.tie_break == "most-purchases", "en",
     r"most paintings"),
    ("seuls les achats comptent", lambda r: r.winner.tie_break == "most-purchases", "fr",
     r"le plus de tableaux"),
]

#: ``(name, predicate, language, regex)``: when the predicate holds, the player rulebook
#: must match the regex.
REQUIRED: list[Rule] = [
    ("the leader must add",
     lambda r: bool(companion_counts(r)) and r.auctions.double.enabled, "en",
     r"must then add that card"),
    ("le vendeur doit poser",
     lambda r: bool(companion_counts(r)) and r.auctions.double.enabled, "fr",
     r"il doit alors la poser lui-même"),
    ("the game may end early",
     lambda r: r.round_end.hands_exhausted.then == "end-game", "en", r"or earlier"),
    ("la partie peut finir plus tôt",
     lambda r: r.round_end.hands_exhausted.then == "end-game", "fr", r"ou plus tôt"),
    ("a tie goes to the most paintings", lambda r: r.winner.tie_break == "most-paintings",
     "en", r"acquired the most paintings during the game wins"),
    ("l'égalité va au plus de tableaux", lambda r: r.winner.tie_break == "most-paintings",
     "fr", r"a obtenu le plus de tableaux pendant la partie l'emporte"),
]


# The properties --------------------------------------------------------------------

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
#: Changing one option of ~30 needs more examples to reach the rare interactions (a
#: companion rule that stops covering every player count, say).
CHANGE_SETTINGS = settings(SETTINGS, max_examples=150)


def stated(document: Document, path: str, value: Any) -> bool:
    """Whether a player-rulebook sentence states ``path`` (with ``value`` when the key
    carries one)."""
    keys = {u.key for _, u in player_units(document)}
    if isinstance(value, bool | str):
        wanted = f"{path}={value_key(value)}"
        return wanted in keys or (path in keys and isinstance(value, bool))
    return path in keys or any(k.startswith(path + "=") for k in keys)


@SETTINGS
@given(drawn=overrides(), lang=st.sampled_from(LANGS))
def test_every_option_value_is_stated(drawn: tuple[str, dict[str, Any]], lang: str) -> None:
    variant, values = drawn
    ruleset = load(variant, values)
    assume(ruleset is not None)
    assert ruleset is not None
    document = build_document(ruleset, lang, example=False, optional=False)
    missing = [
        (path, value) for path, value in values.items()
        if not moot(ruleset, path) and not stated(document, path, value)
    ]
    assert not missing, f"{variant} + {values}: no sentence states {missing}"


@CHANGE_SETTINGS
@given(drawn=overrides(), data=st.data())
def test_a_changed_option_changes_only_sentences_that_declare_it(
    drawn: tuple[str, dict[str, Any]], data: st.DataObject
) -> None:
    variant, values = drawn
    path = data.draw(st.sampled_from(sorted(values)), label="changed")
    current = values[path]
    generic = re.sub(r"\.\d+\.", ".N.", path)
    choices = dict(choice_options()).get(generic, ())
    others = [c for c in choices if c != current] or (
        [current + values["money.bid_unit"]] if isinstance(current, int) else []
    )
    assume(others)
    new = data.draw(st.sampled_from(others), label="to")
    before, after = load(variant, values), load(variant, {**values, path: new})
    assume(before is not None and after is not None)
    assert before is not None and after is not None
    for lang in LANGS:
        one = build_document(before, lang, example=False, optional=False)
        two = build_document(after, lang, example=False, optional=False)
        texts_one = {u.text: u for _, u in one.units()}
        texts_two = {u.text: u for _, u in two.units()}
        changed = [(texts_one | texts_two)[t] for t in texts_one.keys() ^ texts_two.keys()]
        strangers = [u for u in changed if not u.depends_on(path)]
        assert not strangers, f"{variant}: setting {path}={new!r} changed {strangers}"


@SETTINGS
@given(drawn=overrides(), lang=st.sampled_from(LANGS))
def test_no_false_statement_and_every_needed_one(
    drawn: tuple[str, dict[str, Any]], lang: str
) -> None:
    variant, values = drawn
    ruleset = load(variant, values)
    assume(ruleset is not None)
    assert ruleset is not None
    text = player_text(build_document(ruleset, lang, example=False, optional=False))
    for name, holds, language, pattern in FORBIDDEN:
        if language == lang and holds(ruleset):
            found = re.search(pattern, text)
            assert not found, f"{name}: {found.group(0)!r} in the {lang} rulebook of {values}"
    for name, holds, language, pattern in REQUIRED:
        if language == lang and holds(ruleset):
            assert re.search(pattern, text), f"{name}: {pattern!r} missing for {values}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_bundled_editions_pass_the_same_checks(variant: str) -> None:
    """The tables above, applied to the editions as they are (no drawing)."""
    ruleset = load_ruleset(variant)
    for lang in LANGS:
        text = player_text(build_document(ruleset, lang, example=False, optional=False))
        for name, holds, language, pattern in FORBIDDEN:
            if language == lang and holds(ruleset):
                assert not re.search(pattern, text), (variant, name)
        for name, holds, language, pattern in REQUIRED:
            if language == lang and holds(ruleset):
                assert re.search(pattern, text), (variant, name)


def test_the_drawing_covers_every_choice_option() -> None:
    drawn = {p for p, _ in choice_options()}
    assert "auctions.double.who_may_add" in drawn
    assert "round_end.hands_exhausted.then" in drawn
    assert "player_counts.N.dummy_hands.flip.hand" in drawn
    assert len(drawn) > 25
