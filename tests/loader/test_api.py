"""The loader's Python API: the contract other packages code against."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import attrs
import pytest

from auctionrules import resources
from auctionrules.loader import (
    Problem,
    RulesetError,
    apply_modules,
    find_ruleset,
    load_document,
    load_ruleset,
    validate_file,
    validate_text,
)
from auctionrules.loader.yaml_nodes import MAX_BYTES

HIG = resources.variants_dir() / "hig-1992-en.yaml"


def test_problem_is_a_frozen_sortable_value() -> None:
    late = Problem("a.yaml", 10, 2, "late", "$.x")
    early = Problem("a.yaml", 2, 30, "early", "$.y")
    other = Problem("b.yaml", 1, 1, "other file", "$")
    assert sorted([other, late, early]) == [early, late, other]
    assert str(late) == "a.yaml:10:2: late (at $.x)"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        late.line = 3  # type: ignore[misc]
    assert late.to_dict()["text"] == str(late)


def test_ruleset_error_lists_every_problem_one_per_line() -> None:
    problems = [Problem("a.yaml", 3, 1, "second"), Problem("a.yaml", 1, 1, "first")]
    error = RulesetError(problems)
    assert isinstance(error, ValueError)
    assert error.problems == sorted(problems)
    assert str(error) == "a.yaml:1:1: first (at $)\na.yaml:3:1: second (at $)"


def test_validate_text_locates_problems_under_the_given_name() -> None:
    text = "id: x\ntitle: X\nextends: hig-1992-en\nrounds: many\n"
    (problem,) = validate_text(text, name="club.yaml")
    assert str(problem) == (
        "club.yaml:4:9: expected an integer, got the string 'many' (at $.rounds)"
    )
    assert validate_text(HIG.read_text(encoding="utf-8")) == []


def test_all_problems_at_once_sorted_by_position() -> None:
    text = (
        "id: x\ntitle: X\nextends: hig-1992-en\nwinner: {ties: nobody}\n"
        "rounds: 0\nauctions: {open: {endin: x}}\n"
    )
    problems = validate_text(text, name="many.yaml")
    assert [(p.line, p.json_path) for p in problems] == [
        (4, "$.winner.ties"),
        (5, "$.rounds"),
        (6, "$.auctions.open.endin"),
    ]


def test_a_problem_in_the_resolved_ruleset_points_at_the_file_that_set_it(
    tmp_path: Path,
) -> None:
    """The base sets a split, the child changes the card count: reported in the child."""
    (tmp_path / "base.yaml").write_text(
        "id: base\ntitle: Base\nextends: taiwan\nwinner: {ties: none}\n", encoding="utf-8"
    )
    child = tmp_path / "child.yaml"
    child.write_text(
        "id: child\ntitle: Child\nextends: base.yaml\nmoney: {starting_cash: 0}\n",
        encoding="utf-8",
    )
    (problem,) = validate_file(child)
    assert problem.file == str(child)
    assert (problem.line, problem.json_path) == (4, "$.money.starting_cash")
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\ntitle: B\nextends: base.yaml\n", encoding="utf-8")
    (tmp_path / "base.yaml").write_text(
        "id: base\ntitle: Base\nextends: taiwan\nwinner: {ties: nobody}\n", encoding="utf-8"
    )
    (problem,) = validate_file(broken)
    assert problem.file == str(tmp_path / "base.yaml")  # named as the referrer names it
    assert problem.line == 4


def test_missing_file_and_directory_are_problems_not_exceptions(tmp_path: Path) -> None:
    (missing,) = validate_file(tmp_path / "nope.yaml")
    assert missing.message == "cannot read the file: no such file or directory"
    assert (missing.line, missing.column) == (1, 1)
    (folder,) = validate_file(tmp_path)
    assert folder.message == "cannot read the file: it is a directory"


def test_size_cap_is_checked_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"id: big\ntitle: Big\nnotes: []\n" + b"#" * MAX_BYTES)
    (problem,) = validate_file(path)
    assert "larger than 1024 KiB" in problem.message
    (text_problem,) = validate_text("#" * (MAX_BYTES + 1))
    assert "longer than" in text_problem.message


def test_load_ruleset_by_id_by_path_and_by_string_path(monkeypatch: pytest.MonkeyPatch) -> None:
    by_id = load_ruleset("hig-1992-en")
    assert load_ruleset(HIG) == by_id
    monkeypatch.chdir(resources.variants_dir())
    assert load_ruleset("./hig-1992-en.yaml") == by_id
    assert load_ruleset("hig-1992-en.yaml") == by_id


def test_load_ruleset_raises_for_an_unknown_id_with_a_suggestion() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("hig-1992-de")
    (problem,) = caught.value.problems
    assert "did you mean 'hig-1992-en'?" in problem.message


def test_a_module_resolves_but_is_not_a_whole_game() -> None:
    path = resources.modules_dir() / "two-player.yaml"
    assert validate_file(path) == []
    assert load_document(path)["player_counts"]["2"]["dummy_hands"]["hands"] == 2
    with pytest.raises(RulesetError, match="module, not a whole game"):
        load_ruleset(path)


def test_find_ruleset(tmp_path: Path) -> None:
    assert find_ruleset("taiwan") == resources.variants_dir() / "taiwan.yaml"
    assert find_ruleset("two-player", module=True) == resources.modules_dir() / "two-player.yaml"
    with pytest.raises(FileNotFoundError, match="did you mean 'taiwan'"):
        find_ruleset("taiwn")
    (tmp_path / "mine.yaml").write_text("id: m\n", encoding="utf-8")
    assert find_ruleset("mine.yaml", relative_to=tmp_path) == tmp_path / "mine.yaml"


def test_bundled_files_are_read_once_and_reread_when_changed(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("id: v\ntitle: V\nextends: taiwan\n", encoding="utf-8")
    assert validate_file(path) == []
    path.write_text("id: v\ntitle: V\nextends: taiwan\nrounds: -1\n", encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a different mtime even on a coarse clock
    assert [p.json_path for p in validate_file(path)] == ["$.rounds"]


def test_null_removes_and_lists_replace(tmp_path: Path) -> None:
    path = tmp_path / "v.yaml"
    path.write_text(
        "id: v\ntitle: V\nextends: hig-1992-en\nedition: null\n"
        "scoring: {ranking: [3000, 2000]}\n",
        encoding="utf-8",
    )
    ruleset = load_ruleset(path)
    assert ruleset.edition is None
    assert ruleset.scoring.ranking == (3000, 2000)
    assert ruleset.scoring.tie_break == "board-order"


def test_unsafe_tags_are_never_constructed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f"id: x\ntitle: !!python/object/apply:os.system ['touch {marker}']\n"
    (problem,) = validate_text(text)
    assert "not allowed" in problem.message
    assert not marker.exists()


# --- load_ruleset(ref, modules=...) ------------------------------------------------------


def _as_file(tmp_path: Path, ruleset_id: str, title: str, base: str, modules: str) -> Path:
    path = tmp_path / f"{ruleset_id}.yaml"
    path.write_text(
        f"id: {ruleset_id}\ntitle: {title}\nextends: {base}\nmodules: [{modules}]\n",
        encoding="utf-8",
    )
    return path


def test_modules_apply_as_a_variant_file_listing_them_would(tmp_path: Path) -> None:
    base = load_ruleset("hig-1992-fr")
    applied = load_ruleset("hig-1992-fr", modules=["mystery-hand"])
    assert applied.id == "hig-1992-fr-with-mystery-hand"
    # still the base's edition: its title, provenance and notes; the other optional rule
    assert (applied.title, applied.source, applied.notes) == (base.title, base.source, base.notes)
    assert applied.optional_modules == ("single-beneficiary",)
    assert applied.player_count(3).dummy_hands.hands == 1
    # the rules are those of a variant file that lists the module
    written = _as_file(tmp_path, "club", "Club", "hig-1992-fr", "mystery-hand")
    metadata = ("id", "title", "description", "optional_modules")
    metadata += ("source", "edition", "publisher", "year")  # provenance is not inherited
    club = load_ruleset(written)
    assert (club.edition, club.theme.split_source) == (None, None)
    same_metadata = attrs.evolve(
        club,
        theme=attrs.evolve(club.theme, split_source=applied.theme.split_source),
        **{name: getattr(applied, name) for name in metadata},
    )
    assert same_metadata == applied
    assert club.notes == base.notes  # notes are inherited


def test_modules_apply_in_order() -> None:
    both = load_ruleset("hig-1992-fr", modules=["single-beneficiary", "mystery-hand"])
    assert both.id == "hig-1992-fr-with-single-beneficiary-mystery-hand"
    assert both.auctions.double.payee == "auctioneer"
    assert both.optional_modules == ()


def test_a_module_may_be_a_file_and_the_base_a_path(tmp_path: Path) -> None:
    module = tmp_path / "rich.yaml"
    module.write_text(
        "id: rich\nkind: module\ntitle: Rich start\nmoney: {starting_cash: 200000}\n",
        encoding="utf-8",
    )
    ruleset = load_ruleset(HIG, modules=[module])
    assert ruleset.money.starting_cash == 200000
    assert ruleset.id == "hig-1992-en-with-rich"
    assert load_ruleset(str(HIG), modules=[str(module)]) == ruleset


def test_an_unknown_module_is_a_located_problem() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("hig-1992-en", modules=["mystery-hand", "mistery-hand"])
    (problem,) = caught.value.problems
    assert problem.file == "<hig-1992-en with mystery-hand, mistery-hand>"
    assert problem.json_path == "$.modules[1]"
    assert "mystery-hand" in problem.message  # the closest bundled id


def test_a_variant_named_as_a_module_is_refused() -> None:
    with pytest.raises(RulesetError, match="module"):
        load_ruleset("hig-1992-en", modules=["taiwan"])


def test_one_module_may_be_given_alone() -> None:
    assert load_ruleset("hig-1992-en", modules="mystery-hand") == load_ruleset(
        "hig-1992-en", modules=["mystery-hand"]
    )


def test_no_modules_is_the_plain_load() -> None:
    assert load_ruleset("taiwan", modules=()) is not None
    assert load_ruleset("taiwan", modules=()) == load_ruleset("taiwan")


def test_modules_apply_to_a_ruleset_in_hand_as_in_a_file() -> None:
    """``apply_modules`` gives the rules a variant listing the module under ``modules:``
    gives, keeping the ruleset's own id and title."""
    base = load_ruleset("hig-1992-en")
    applied = apply_modules(base, ["mystery-hand"])
    loaded = load_ruleset("hig-1992-en", modules=["mystery-hand"])
    assert applied.player_count(3) == loaded.player_count(3)
    assert applied.player_count(3).dummy_hands.hands == 1
    assert attrs.evolve(applied, id=loaded.id, title=loaded.title,
                        optional_modules=loaded.optional_modules) == loaded
    assert (applied.id, applied.optional_modules) == (base.id, ())


def test_a_module_that_does_not_fit_the_ruleset_is_refused_with_its_problems() -> None:
    """The merge is validated: a ruleset whose dummy deal (10/6/6/0) no deck of 70
    could serve is refused with the mystery hand, and without it too (the deal is
    there only for a dummy hand), and a module that does not exist is refused."""
    hig = load_ruleset("hig-1992-en")
    document = copy.deepcopy(dict(hig.document))
    document["player_counts"]["3"]["dummy_hands"]["deal"] = [10, 6, 6, 0]
    ruleset = attrs.evolve(hig, document=document)
    with pytest.raises(RulesetError, match="the dummy-hand deal needs 4 x 22 = 88 cards"):
        apply_modules(ruleset, [])
    with pytest.raises(RulesetError, match="deal needs 4 x 22 = 88 cards"):
        apply_modules(ruleset, ["mystery-hand"])
    with pytest.raises(RulesetError, match="unknown module 'mistery-hand'"):
        apply_modules(hig, ["mistery-hand"])
