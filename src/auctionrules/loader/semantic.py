"""Checks a JSON Schema cannot express, on a resolved, schema-valid ruleset.

They compare values with each other (a split with a card count, a deal with
the deck, amounts with the bid unit), so they run on the resolved document
with defaults filled in, once the schema is satisfied: the values have the
right types and every option is present. Each problem is located where the
value that breaks the rule was written (see ``merge.Sourced``).

Decisions recorded here (the schema's descriptions say the same):

- ranking values strictly decrease from one place to the next: a lower place
  worth more would make the tie-break by board order reward the artist it
  ranks lower, and two places worth the same would make the places
  indistinguishable on the board (the engine tells markers apart by value);
  every rulebook's 30/20/10 decreases;
- every amount the rules name (starting cash, minimum bid, each ranking
  value) is a multiple of the bid unit, since every payment is;
- a game needs at least two players; dummy hands add to the hands dealt;
- a note's topic names an option (its path from the root, list items not
  numbered) or one of :data:`GENERAL_TOPICS`, so that a reader (and the
  generated rulebook) can tell which rule the reading settles;
- the double auction needs another enabled type (a double's lot is sold by
  its second card's type, which is never a double).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from auctionrules.loader import schema_check, suggest
from auctionrules.loader.artists import duplicate_names, repeated_id
from auctionrules.loader.problems import JsonPath, Problem, json_path
from auctionrules.model import AUCTION_TYPES

Locate = Callable[..., tuple[str, int, int]]

#: Note topics that are not options: how players sit and who starts the game.
GENERAL_TOPICS = ("seats",)


def check(doc: Mapping[str, Any], locate: Locate, *, guarded: bool = False) -> list[Problem]:
    """Every semantic problem of the resolved ruleset ``doc``.

    With ``guarded`` the document may break the schema: each group of checks
    runs only if its inputs have the shapes it needs, so that a file gets its
    schema problems and its semantic problems in one report. Groups are as small
    as their rule allows (one artist's split, one player count, one note), so a
    value the schema refused silences only the checks that read it.
    """
    problems: list[Problem] = []

    top = locate(())[0]

    def report(
        path: JsonPath, message: str, *, key: bool = False, also: tuple[JsonPath, ...] = ()
    ) -> None:
        # A rule relates several values; point at the one the checked file itself
        # wrote (say its rounds, not the inherited deal), else at ``path``.
        for candidate in (path, *also):
            if locate(candidate, key=key)[0] == top:
                path = candidate
                break
        file, line, column = locate(path, key=key)
        problems.append(Problem(file, line, column, message, json_path(path)))

    def artists() -> None:
        _check_artist_ids(doc["theme"]["artists"], report)

    def auctions() -> None:
        _check_auctions(doc, doc["theme"]["artists"], report)

    def splits() -> list[Callable[[], None]]:
        return [
            partial(_check_split, index, artist, report)
            for index, artist in enumerate(doc["theme"]["artists"])
        ]

    def player_counts() -> list[Callable[[], None]]:
        deck = sum(a["cards"] for a in doc["theme"]["artists"])
        return [
            partial(
                _check_player_count,
                int(key),
                entry,
                ("player_counts", key),
                rounds=doc["rounds"],
                deck=deck,
                report=report,
            )
            for key, entry in doc["player_counts"].items()
        ]

    def money() -> None:
        _check_money(doc, report)

    def ranking() -> None:
        artists = len(doc["theme"]["artists"])
        _check_ranking(doc["scoring"]["ranking"], artists, report, ("scoring", "ranking"))
        for key, entry in doc["player_counts"].items():
            if "ranking" in entry:
                at: JsonPath = ("player_counts", key, "ranking")
                _check_ranking(entry["ranking"], artists, report, at)

    def companion() -> None:
        _check_companion(doc, report)

    def notes() -> list[Callable[[], None]]:
        notes = doc.get("notes", ())
        return [partial(_check_note, i, note, report) for i, note in enumerate(notes)]

    def run(group: Callable[[], Any]) -> Any:
        if not guarded:
            return group()
        # The document is known to break the schema somewhere: a group whose
        # inputs have the wrong shape is skipped (the schema problem is reported).
        try:
            return group()
        except (TypeError, KeyError, ValueError, AttributeError, IndexError, ZeroDivisionError):
            return []

    for group in (artists, auctions, money, ranking, companion):
        run(group)
    for items in (splits, player_counts, notes):
        for item in run(items) or ():
            run(item)
    return problems


Report = Callable[..., None]


def _check_companion(doc: Mapping[str, Any], report: Report) -> None:
    counts: Mapping[str, Any] = doc["player_counts"]
    companion = doc["auctions"]["double"]["lead_requires_companion"]
    if isinstance(companion, list):
        for index, players in enumerate(companion):
            if str(players) not in counts:
                supported = ", ".join(sorted(counts, key=int))
                report(
                    ("auctions", "double", "lead_requires_companion", index),
                    also=(("player_counts",),),
                    message=f"{players} players is not a supported player count (supported: "
                    f"{supported})",
                )


def _check_artist_ids(artists: list[Mapping[str, Any]], report: Report) -> None:
    seen: dict[str, int] = {}
    for index, artist in enumerate(artists):
        path: JsonPath = ("theme", "artists", index)
        if artist["id"] in seen:
            report((*path, "id"), repeated_id(artist["id"], seen[artist["id"]]))
        else:
            seen[artist["id"]] = index
    for path, message, other in duplicate_names(artists):
        report(path, message, also=(other,))


def _check_split(index: int, artist: Mapping[str, Any], report: Report) -> None:
    path: JsonPath = ("theme", "artists", index)
    total = sum(artist["split"].values())
    if total != artist["cards"]:
        parts = " + ".join(str(artist["split"][t]) for t in AUCTION_TYPES)
        report(
            (*path, "split"),
            also=((*path, "cards"),),
            message=f"the split of {artist['id']!r} adds up to {parts} = "
            f"{total} cards, but the artist has {artist['cards']} cards",
        )


def _check_auctions(
    doc: Mapping[str, Any], artists: list[Mapping[str, Any]], report: Report
) -> None:
    for kind in AUCTION_TYPES:
        cards = sum(a["split"][kind] for a in artists)
        enabled = doc["auctions"][kind]["enabled"]
        path: JsonPath = ("auctions", kind, "enabled")
        if enabled and cards == 0:
            report(
                path,
                also=(("theme", "artists"),),
                message=f"the {kind} auction is enabled but no artist has {kind} cards "
                "in its split; disable it or give it cards",
            )
        elif not enabled and cards:
            owners = [a["id"] for a in artists if a["split"][kind]]
            report(
                path,
                also=(("theme", "artists"),),
                message=f"the {kind} auction is disabled but {cards} cards carry it "
                f"(artists {', '.join(owners)}); set their {kind} split to 0",
            )
    others = [k for k in AUCTION_TYPES if k != "double" and doc["auctions"][k]["enabled"]]
    if doc["auctions"]["double"]["enabled"] and not others:
        report(
            ("auctions", "double", "enabled"),
            also=(("auctions",),),
            message="the double auction needs another auction type: its lot is sold by "
            "the second card's type, which is never a double",
        )


def _check_player_count(
    players: int,
    entry: Mapping[str, Any],
    path: JsonPath,
    *,
    rounds: int,
    deck: int,
    report: Report,
) -> None:
    if players < 2:
        report(path, "a game needs at least 2 players", key=True)
    deal: list[int] = entry["deal"]
    if isinstance(rounds, int) and len(deal) != rounds:  # else the schema said it
        report(
            (*path, "deal"),
            also=(("rounds",),),
            message=f"the deal for {players} players has {len(deal)} entries but the game has "
            f"{rounds} rounds (one entry per round)",
        )
    dummy = entry.get("dummy_hands", {})
    hands = dummy.get("hands", 0)
    dummy_deal = dummy.get("deal")
    if dummy_deal is not None and isinstance(rounds, int) and len(dummy_deal) != rounds:
        report(
            (*path, "dummy_hands", "deal"),
            also=(("rounds",),),
            message=f"the dummy-hand deal for {players} players has {len(dummy_deal)} "
            f"entries but the game has {rounds} rounds (one entry per round)",
        )
    fits = (players + hands) * sum(deal) <= deck
    if fits and not hands and dummy_deal is not None and (players + 1) * sum(dummy_deal) > deck:
        # written for when a dummy hand plays (a module such as mystery-hand turns
        # one on): a deal that could never be served is an error now, not then
        report(
            (*path, "dummy_hands", "deal"),
            also=(("rounds",), ("theme", "artists")),
            message=f"the dummy-hand deal needs {players + 1} x {sum(dummy_deal)} = "
            f"{(players + 1) * sum(dummy_deal)} cards for {players} players and 1 dummy hand, "
            f"but the deck has {deck}: no module that adds a dummy hand could be played",
        )
    hand_deal, deal_path = deal, (*path, "deal")
    if hands and dummy_deal is not None:
        hand_deal, deal_path = dummy_deal, (*path, "dummy_hands", "deal")
    needed = (players + hands) * sum(hand_deal)
    if needed > deck:
        who = f"{players} players" + (
            f" and {hands} dummy hand{'s' * (hands != 1)}" if hands else ""
        )
        report(
            deal_path,
            also=(("theme", "artists"), (*path, "dummy_hands", "hands")),
            message=f"the deal needs {players + hands} x {sum(hand_deal)} = {needed} "
            f"cards for {who}, but the deck has {deck}",
        )


def _check_money(doc: Mapping[str, Any], report: Report) -> None:
    money = doc["money"]
    unit = money["bid_unit"]
    cash: list[tuple[JsonPath, int]] = [(("money", "starting_cash"), money["starting_cash"])]
    rankings: list[tuple[JsonPath, list[int]]] = [
        (("scoring", "ranking"), doc["scoring"]["ranking"])
    ]
    for key, entry in doc["player_counts"].items():
        if "starting_cash" in entry:
            cash.append((("player_counts", key, "starting_cash"), entry["starting_cash"]))
        if "ranking" in entry:
            rankings.append((("player_counts", key, "ranking"), entry["ranking"]))
    amounts = [(path, "starting_cash", value) for path, value in cash]
    amounts.insert(1, (("money", "minimum_bid"), "minimum_bid", money["minimum_bid"]))
    if "minimum_raise" in money:
        amounts.insert(2, (("money", "minimum_raise"), "minimum_raise", money["minimum_raise"]))
    step = doc["auctions"].get("descending", {}).get("step")
    if step is not None:
        amounts.append((("auctions", "descending", "step"), "the descending auction's step", step))
    for path, name, value in amounts:
        if value % unit:
            report(
                path,
                also=(("money", "bid_unit"),),
                message=f"{name} {value} is not a multiple of the bid unit {unit}",
            )
    for path, ranking in rankings:
        for index, value in enumerate(ranking):
            if value % unit:
                report(
                    (*path, index),
                    also=(("money", "bid_unit"),),
                    message=f"ranking value {value} is not a multiple of the bid unit {unit}",
                )
    for path, value in cash:
        if value < money["minimum_bid"]:
            report(
                path,
                also=(("money", "minimum_bid"),),
                message=f"starting cash {value} is less "
                f"than the minimum bid {money['minimum_bid']}: nobody could ever bid",
            )


def _check_ranking(ranking: list[int], artists: int, report: Report, path: JsonPath) -> None:
    for index in range(1, len(ranking)):
        if ranking[index] >= ranking[index - 1]:
            report(
                (*path, index),
                f"ranking values must decrease: place {index + 1} is worth {ranking[index]}, "
                f"not less than place {index} ({ranking[index - 1]})",
            )
    if len(ranking) > artists:
        report(
            path,
            also=(("theme", "artists"),),
            message=f"the ranking has {len(ranking)} places but the theme "
            f"has only {artists} artist{'s' * (artists != 1)}",
        )


def _check_note(index: int, note: Mapping[str, Any], report: Report) -> None:
    options = suggest.option_paths(schema_check.ruleset_schema())
    topic = note["topic"]
    parts = tuple(topic.split("."))
    if topic in GENERAL_TOPICS or any(suggest.matches(o, parts) for o in options):
        return
    names = [".".join(o) for o in options]
    close = suggest.closest(".".join(suggest.generic(parts)), [*names, *GENERAL_TOPICS])
    if close is not None:  # the player count written, where the option has one
        numbers = iter(p for p in parts if p.isdigit())
        close = ".".join(
            next(numbers, "3") if p == suggest.ANY_KEY else p for p in close.split(".")
        )
    hint = (
        f" (did you mean {close!r}?)"
        if close
        else f" (an option path such as next_round.starter, or {', '.join(GENERAL_TOPICS)})"
    )
    report(("notes", index, "topic"), f"note topic {topic!r} names no option{hint}")
