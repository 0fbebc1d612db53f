"""Rulesets drawn from the schema's option values, for property tests of rulebooks and diffs.

On top of a bundled edition, every enum and boolean option the schema lists is
set to a value the schema allows, and so are the numbers a club changes (bid
unit, starting money, smallest bid, cards that end a round); the result goes
through the loader as a house file would (:func:`load` returns ``None`` when
the loader refuses it, e.g. a deal the deck cannot supply).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from auctionrules import resources
from auctionrules.loader import RulesetError, load_document, load_ruleset
from auctionrules.model import Ruleset
from auctionrules.rulebook.reference import entries

VARIANTS = resources.bundled_variant_ids()
#: Options not drawn: labels, and switches whose other value needs other data
#: (a disabled auction type needs a card split without that type).
NOT_DRAWN = re.compile(r"^(kind|language)$|\.enabled$")
#: Bid units tried (each must divide the edition's ranking values).
UNITS = (1, 2, 5, 10, 1000, 10000)


@cache
def choice_options() -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """``(generic path, values)`` of every enum and boolean option of the schema."""
    return tuple(
        (e.path.replace("[]", ".N"), e.values)
        for e in entries()
        if e.values and not NOT_DRAWN.search(e.path)
    )


def concrete(path: str, counts: tuple[int, ...]) -> Iterator[str]:
    """``player_counts.N.x`` -> ``player_counts.3.x`` for every player count."""
    if ".N." in path:
        for n in counts:
            yield path.replace(".N.", f".{n}.", 1)
    else:
        yield path


def put(document: dict[str, Any], path: str, value: Any) -> None:
    node = document
    *parents, last = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value


@cache
def base(variant: str) -> dict[str, Any]:
    return load_document(variant)


@st.composite
def overrides(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A bundled edition and option values to write on top of it."""
    variant = draw(st.sampled_from(VARIANTS))
    doc = base(variant)
    counts = tuple(int(n) for n in doc["player_counts"])
    values: dict[str, Any] = {}
    for generic, choices in choice_options():
        for path in concrete(generic, counts):
            if ".dummy_hands." in path and not doc["player_counts"][path.split(".")[1]].get(
                "dummy_hands", {}
            ).get("deal"):
                continue  # dummy hands need a dummy deal of their own
            if path.endswith("lead_requires_companion"):
                subsets = [[n] for n in counts] + [list(counts[:2])]
                values[path] = draw(st.sampled_from([True, False, *subsets]), label=path)
            else:
                values[path] = draw(st.sampled_from(choices), label=path)
    for n in counts:
        if doc["player_counts"][str(n)].get("dummy_hands", {}).get("deal"):
            path = f"player_counts.{n}.dummy_hands.hands"
            values[path] = draw(st.sampled_from([0, 1, 2]), label=path)
    ranking = doc["scoring"]["ranking"]
    unit = draw(st.sampled_from([u for u in UNITS if all(v % u == 0 for v in ranking)]))
    values["money.bid_unit"] = unit
    values["money.minimum_bid"] = unit * draw(st.sampled_from([1, 3]), label="minimum")
    values["money.starting_cash"] = unit * draw(st.sampled_from([50, 100]), label="cash")
    values["round_end.artist_cards"] = draw(st.integers(3, 6), label="artist_cards")
    return variant, values


def load(variant: str, values: dict[str, Any]) -> Ruleset | None:
    """The house ruleset, through the loader; ``None`` if the loader refuses it."""
    document: dict[str, Any] = {"id": "drawn", "title": "Drawn", "extends": variant}
    for path, value in values.items():
        put(document, path, value)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "drawn.yaml"
        path.write_text(json.dumps(document), encoding="utf-8")
        try:
            return load_ruleset(path)
        except RulesetError:
            return None


