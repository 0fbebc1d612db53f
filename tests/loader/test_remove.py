"""``{id: ..., remove: true}`` removes an inherited item of a list merged by key.

The list counterpart of ``null`` for a key (docs/tutorial.rst, "Removing an
artist"): the artists merge by ``id`` and the notes by ``topic``, so both take it.
"""

from __future__ import annotations

from pathlib import Path

from auctionrules.loader import load_document, load_ruleset, origins, validate_text
from auctionrules.loader.merge import merge

VALID = Path(__file__).parent / "valid" / "remove-artist.yaml"


def test_a_removed_artist_leaves_the_others_in_board_order() -> None:
    ruleset = load_ruleset(VALID)
    assert [a.id for a in ruleset.theme.artists] == [
        "lite-metal", "yoko", "christin-p", "karl-gitter"
    ]
    assert sum(a.cards for a in ruleset.theme.artists) == 70 - 16


def test_a_removed_note_is_gone_and_the_others_stay() -> None:
    topics = [note["topic"] for note in load_document(VALID)["notes"]]
    assert "seats" not in topics
    assert "auctions.open.ending" in topics
    assert "seats" in [n["topic"] for n in load_document("hig-1992-en")["notes"]]


def test_the_origins_of_the_kept_artists_follow_them() -> None:
    found = origins(VALID)
    assert not any(path.startswith("$.theme.artists[4]") for path in found)
    file, line, _ = found["$.theme.artists[3].name"] or ("", 0, 0)
    assert file.endswith("hig-1992-en.yaml")
    text = Path(file).read_text(encoding="utf-8").splitlines()[line - 1]
    assert "Karl Gitter" in text


def test_merge_drops_the_removed_item_and_the_removal() -> None:
    base = {"theme": {"artists": [{"id": "a", "cards": 1}, {"id": "b", "cards": 2}]}}
    overlay = {"theme": {"artists": [{"id": "a", "remove": True}, {"id": "c", "cards": 3}]}}
    merged = merge(base, overlay)
    assert merged["theme"]["artists"] == [{"id": "b", "cards": 2}, {"id": "c", "cards": 3}]


def test_a_removal_with_nothing_inherited_is_a_problem_not_an_item() -> None:
    text = VALID.read_text(encoding="utf-8").replace("extends: hig-1992-en\n", "")
    messages = [p.message for p in validate_text(text, "alone.yaml")]
    assert any("cannot remove artist 'krypto'" in m for m in messages), messages
    assert not any("remove" in m and "unknown key" in m for m in messages), messages
