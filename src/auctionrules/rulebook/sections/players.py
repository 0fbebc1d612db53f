"""Player-count rules: dummy hands (3-player mystery hand, 2-player variant).

A dummy hand is described only for the player counts where it is in play; an
edition that offers it as an optional rule gets the same sentences through the
optional-rules section (see :mod:`auctionrules.rulebook.build`).
"""

from __future__ import annotations

from auctionrules.model import PlayerCount
from auctionrules.rulebook.document import Paragraph, Section, Sentence
from auctionrules.rulebook.writer import Param, Writer


def _dummy(w: Writer, pc: PlayerCount) -> list[Sentence]:
    base = f"player_counts.{pc.players}.dummy_hands"
    d = pc.dummy_hands
    flip = d.flip
    size = "one" if d.hands == 1 else "many"
    hands_word = f"dummy_hands_{size}"
    names = {
        "hand": w.word(f"dummy_hand_{size}"),
        "hands_word": w.word(f"dummy_hands_word_{size}"),
        "card": w.word(f"dummy_card_{size}"),
        "cards": w.word(f"dummy_cards_word_{size}"),
        "face_down": w.word(f"dummy_face_down_{size}"),
    }
    words = {key: Param(text, (f"{base}.hands",)) for key, text in names.items()}
    sentences = [
        w.say(
            f"{base}.hands",
            players=w.value(f"player_counts.{pc.players}", pc.players),
            hands=Param(w.word(hands_word, n=d.hands), (f"{base}.hands",)),
            deal=Param(
                w.catalog.join([str(n) for n in pc.hand_deal]), (f"player_counts.{pc.players}",)
            ),
            face_down=words["face_down"],
        ),
        w.say("@dummy.cards", card=words["card"], cards=words["cards"]),
        w.choose(f"{base}.flip.when", flip.when, card=words["card"]),
    ]
    if flip.when == "after-auction":
        with w.when(f"{base}.flip.when"):
            sentences.append(w.choose(f"{base}.flip.by", flip.by))
            sentences.append(w.choose(f"{base}.flip.optional", flip.optional,
                                      card=words["card"]))
    sentences.append(w.choose(f"{base}.flip.card", flip.card, hand=words["hand"]))
    if d.hands > 1:
        with w.when(f"{base}.hands"):
            sentences.append(w.choose(f"{base}.flip.hand", flip.hand, hand=words["hand"],
                                      hands_word=words["hands_word"]))
    return sentences


def players(w: Writer) -> Section:
    """One paragraph per player count with dummy hands; empty when there are none."""
    r = w.ruleset
    blocks = []
    with_dummies = [pc for pc in r.player_counts if pc.dummy_hands.hands]
    for pc in with_dummies:
        with w.when(f"player_counts.{pc.players}.dummy_hands.hands"):
            blocks.append(Paragraph(_dummy(w, pc)))
    if with_dummies:
        with w.when("player_counts"):
            laid = w.choose("next_round.dummy_card_laid_by", r.next_round.dummy_card_laid_by)
        blocks.append(Paragraph([laid]))
    return Section("players", w.word("players_rules"), blocks)
