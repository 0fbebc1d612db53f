"""Composition: what a file inherits from the rulesets it names, and what it does not.

Artists merge by id and notes by topic; a theme can be taken from another
edition; provenance (edition, publisher, year, book, source of the split)
describes one edition and is never inherited; ``show --origins`` says where
each value comes from.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auctionrules.cli import main
from auctionrules.loader import load_document, load_ruleset, origins, validate_file
from auctionrules.model import PALETTE

VALID = Path(__file__).parent / "valid"


def write(tmp_path: Path, body: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"id: house\ntitle: House\nextends: hig-1992-en\n{body}", encoding="utf-8")
    return path


def test_one_artist_changes_by_id_and_the_others_are_kept(tmp_path: Path) -> None:
    """A one-artist list no longer leaves a one-artist deck: it changes that artist."""
    path = write(
        tmp_path,
        "theme:\n  artists:\n    - {id: yoko, name: Yoko Ono, split: {open: 2, double: 3}}\n",
    )
    theme = load_ruleset(path).theme
    base = load_ruleset("hig-1992-en").theme
    assert [a.id for a in theme.artists] == [a.id for a in base.artists]
    yoko = theme.artist("yoko")
    assert (yoko.name.get("en"), yoko.cards) == ("Yoko Ono", 13)
    assert (yoko.split.open, yoko.split.double, yoko.split.sealed) == (2, 3, 3)
    assert theme.artists[0] == base.artists[0]


def test_a_new_id_adds_a_column_after_the_inherited_ones(tmp_path: Path) -> None:
    new = "{id: banksy, name: Banksy, cards: 10, split: {open: 2, once_around: 2, "
    new += "sealed: 2, fixed_price: 2, double: 2}}"
    path = write(tmp_path, f"theme:\n  artists:\n    - {{id: krypto, cards: 16}}\n    - {new}\n")
    assert [a.id for a in load_ruleset(path).theme.artists][-2:] == ["krypto", "banksy"]


def test_a_list_of_new_artists_is_a_new_theme(tmp_path: Path) -> None:
    artists = "".join(
        f"    - {{id: a{i}, name: A{i}, cards: 25, split: {{open: 5, once_around: 5, "
        "sealed: 5, fixed_price: 5, double: 5}}\n"
        for i in range(3)
    )
    path = write(tmp_path, f"theme:\n  artists:\n{artists}")
    assert [a.id for a in load_ruleset(path).theme.artists] == ["a0", "a1", "a2"]


def test_a_changed_split_that_no_longer_adds_up_is_reported_at_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "theme:\n  artists:\n    - {id: yoko, split: {double: 5}}\n")
    (problem,) = validate_file(path)
    assert problem.line == 6 and "the split of 'yoko' adds up to" in problem.message
    assert problem.file == str(path)


def test_a_theme_from_another_edition(tmp_path: Path) -> None:
    """HiG rules with the Taiwan theme, one genre renamed (``valid/house-theme.yaml``)."""
    ruleset = load_ruleset(VALID / "house-theme.yaml")
    taiwan = load_ruleset("taiwan")
    assert [a.id for a in ruleset.theme.artists] == [a.id for a in taiwan.theme.artists]
    assert ruleset.theme.currency == taiwan.theme.currency
    assert ruleset.theme.artist_noun == taiwan.theme.artist_noun
    assert ruleset.theme.artist("human").name.get("en") == "Portraits"
    assert ruleset.money == load_ruleset("hig-1992-en").money  # the rules stay HiG's
    assert ruleset.theme.split_source is None  # provenance of Taiwan's file


def test_an_artist_colour_is_its_own_and_the_others_take_the_palette(tmp_path: Path) -> None:
    """``theme.artists[].color`` (``valid/house-theme.yaml`` colours one genre): the
    web table draws its cards in it; artists without one take the default palette by
    board order, and a file with no colour at all gets the palette alone."""
    ruleset = load_ruleset(VALID / "house-theme.yaml")
    ids = [a.id for a in ruleset.theme.artists]
    colors = ruleset.theme.colors()
    assert colors[ids.index("human")] == "#b5533c"
    assert [c for i, c in enumerate(colors) if ids[i] != "human"] == [
        PALETTE[i] for i in range(len(ids)) if ids[i] != "human"
    ]
    assert load_ruleset("hig-1992-en").theme.colors() == PALETTE[:5]
    path = write(tmp_path, "theme:\n  artists:\n    - {id: yoko, color: red}\n")
    problems = validate_file(path)  # a colour is #rrggbb, located where it is written
    assert problems and all(p.line == 6 and str(p).endswith("].color)") for p in problems)


def test_a_theme_from_an_unknown_edition_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, "theme:\n  from: taiwn\n")
    (problem,) = validate_file(path)
    assert (problem.line, problem.json_path) == (5, "$.theme.from")
    assert "did you mean 'taiwan'?" in problem.message


def test_provenance_is_not_inherited(tmp_path: Path) -> None:
    """A Taiwan-themed house rule is not credited to the French translation."""
    ruleset = load_ruleset(write(tmp_path, "", "plain.yaml"))
    assert (ruleset.edition, ruleset.publisher, ruleset.year, ruleset.source) == (None,) * 4
    assert ruleset.theme.split_source is None
    own = load_ruleset("hig-1992-fr")
    assert own.edition is not None and own.theme.split_source is not None


def test_notes_are_inherited_as_readings() -> None:
    """The Renaissance side states the Modern side's readings as readings."""
    modern = load_ruleset("boardpia-modern")
    renaissance = load_ruleset("boardpia-renaissance")
    topics = [n.topic for n in renaissance.notes]
    assert "auctions.open.ending" in topics and "seats" in topics
    inherited = [n for n in modern.notes if n.topic in topics]
    assert inherited and set(inherited) <= set(renaissance.notes)


def test_a_note_on_an_option_the_file_changes_is_dropped(tmp_path: Path) -> None:
    path = write(tmp_path, "auctions:\n  open: {ending: pass-is-final}\n")
    topics = [n.topic for n in load_ruleset(path).notes]
    assert "auctions.open.ending" not in topics
    assert "auctions.fixed_price.broke_auctioneer" in topics


def test_a_note_restated_by_topic_replaces_the_inherited_one(tmp_path: Path) -> None:
    path = write(tmp_path, "notes:\n  - {topic: seats, text: The oldest player starts.}\n")
    notes = load_ruleset(path).notes
    assert [n.text.get("en") for n in notes if n.topic == "seats"] == ["The oldest player starts."]
    assert notes[0].topic == "seats"  # the file's own notes first, as it numbers them
    assert len(notes) == len(load_ruleset("hig-1992-en").notes)


def test_origins_say_where_each_value_was_written() -> None:
    found = origins(VALID / "house-theme.yaml")
    file, line, _ = found["$.theme.artists[1].name.en"] or ("", 0, 0)
    assert (Path(file).name, line) == ("house-theme.yaml", 11)
    assert Path((found["$.theme.currency.format"] or ("",))[0]).name == "taiwan.yaml"
    assert Path((found["$.money.starting_cash"] or ("",))[0]).name == "hig-1992-en.yaml"
    assert found["$.auctions.double.split.odd_unit_to"] is None  # a default
    assert load_document(VALID / "house-theme.yaml")["auctions"]["double"]["split"]


def test_show_origins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--origins", str(VALID / "house-theme.yaml")]) == 0
    lines = {line.split()[0]: line.split()[-1] for line in capsys.readouterr().out.splitlines()}
    taiwan = (VALID.parents[2] / "variants" / "taiwan.yaml").read_text(encoding="utf-8")
    line = next(n for n, text in enumerate(taiwan.splitlines(), 1) if "format:" in text)
    assert lines["$.theme.currency.format"].rsplit("/", 1)[-1] == f"taiwan.yaml:{line}:13"
    assert lines["$.auctions.double.split.odd_unit_to"] == "default"
