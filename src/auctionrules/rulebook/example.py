"""The worked scoring example: the printed rulebooks' own, computed for this ruleset.

The Hans im Glück rulebooks (001, 004) and the Boardpia one (002) explain the
value of a painting by following one artist over four rounds: first (30,000),
third (worth 40,000 with the earlier marker), unranked (worth nothing despite
the 40,000 on the board), second (60,000). The generated rulebook tells the
same story with this ruleset's artists, ranking values, tie-break and
valuation: the card counts of those rounds are the books', the places and
values are computed by the engine's own scoring functions, so the example can
never disagree with the rules it illustrates.

The engine is part of the core package, so the example is always computed; an
error while computing it is a bug and propagates (a rulebook that silently lost
its example would hide it). The example depends on every option (``*``): a
custom ranking or valuation strategy changes it.
"""

from __future__ import annotations

from auctionrules.engine.rules import compile_rules
from auctionrules.engine.scoring import score_round
from auctionrules.rulebook.document import Block, Paragraph, Section, Sentence, Table
from auctionrules.rulebook.writer import Param, Writer

#: Cards laid out per round in the books' example (004 "Manches suivantes",
#: 001 "Settling up after the second and third rounds"): four columns of other
#: artists, then the artist the example follows (Krypto, the last on the board).
ROUNDS: tuple[tuple[int, ...], ...] = (
    (1, 0, 0, 0, 5),
    (5, 4, 0, 0, 3),
    (5, 4, 3, 0, 1),
    (5, 0, 0, 0, 4),
)

_ALL = "*"


def _counts(row: tuple[int, ...], artists: int, cap: int) -> list[int]:
    """The books' counts spread over ``artists`` columns (the followed one last)."""
    others = list(row[:-1])[: artists - 1]
    others += [0] * (artists - 1 - len(others))
    return [min(c, cap) for c in [*others, row[-1]]]


def example(w: Writer) -> Section:
    """The example section, computed by the engine's scoring for this ruleset."""
    return _section(w)


def _section(w: Writer) -> Section:
    r = w.ruleset
    rules = compile_rules(r, r.supported_players[-1])
    artists = len(r.theme.artists)
    followed = artists - 1
    name = r.theme.artists[followed].name.get(w.lang)
    rounds = min(r.rounds, len(ROUNDS))
    board = [[0] * artists for _ in range(r.rounds)]
    rows: list[tuple[str, ...]] = []
    sentences: list[Sentence] = []
    for index in range(rounds):
        counts = _counts(ROUNDS[index], artists, r.round_end.artist_cards)
        score = score_round(
            counts=counts, owned=[[followed]], board=board, round_index=index,
            ranking=r.scoring.ranking, rank_unplayed=r.scoring.rank_unplayed_artists,
            tie_break=rules.ranking_tie_break, valuation=rules.valuation,
        )
        column = sum(board[i][followed] for i in range(index + 1))
        ranked = followed in score.ranked
        place = w.catalog.ordinal(score.ranked.index(followed) + 1) if ranked else "-"
        value = score.values[followed]
        rows.append((str(index + 1), str(counts[followed]), place,
                     w.amount(score.added[followed]), w.amount(column), w.amount(value)))
        if ranked:
            sentences.append(w.say("@example.ranked", _ALL, round=str(index + 1), name=name,
                                   place=place, added=w.amount(score.added[followed]),
                                   value=w.amount(value)))
        elif column and value:  # an unranked artist still paid (cumulative-always)
            sentences.append(w.say("@example.unranked", _ALL, template="@example.unranked_paid",
                                   round=str(index + 1), name=name, board=w.amount(column),
                                   value=w.amount(value)))
        elif column:
            sentences.append(w.say("@example.unranked", _ALL, round=str(index + 1), name=name,
                                   board=w.amount(column)))
    header = [w.word("round"), w.word("cards"), w.word("place"), w.word("added"),
              w.word("column"), w.word("paid")]
    table = Table(header, rows, Sentence("@example.table", "", (_ALL,)))
    intro = w.say("@example.intro", _ALL, noun=w.noun(), name=name,
                  template="@example.intro" if rounds == r.rounds else "@example.intro_first",
                  rounds=Param(str(rounds), (_ALL,)))
    blocks: list[Block] = [Paragraph([intro]), table, Paragraph(sentences)]
    return Section("scoring.example", w.word("example"), blocks)
