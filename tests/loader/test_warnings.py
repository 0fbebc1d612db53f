"""Warnings: valid rulesets that are probably not what their author meant.

A warning never makes a file invalid (``load_ruleset`` still loads it, the CLI
exits 0) unless ``--strict``; it points at the value the checked file wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auctionrules import resources
from auctionrules.cli import main
from auctionrules.loader import load_document, load_ruleset, ruleset_schema, validate_text
from auctionrules.rulebook.lang import available

HEAD = "id: house\ntitle: House\nextends: hig-1992-en\n"


def warnings_of(body: str) -> list[str]:
    problems = validate_text(HEAD + body, "house.yaml", warnings=True)
    assert all(p.is_warning for p in problems), problems
    assert validate_text(HEAD + body, "house.yaml") == []
    return [str(p) for p in problems]


def test_a_ranking_scaled_for_another_starting_cash_is_a_warning() -> None:
    found = warnings_of("money: {starting_cash: 100, bid_unit: 1, minimum_bid: 1}\n")
    assert found == [
        "house.yaml:4:24: warning: the first ranking value 30000 looks scaled for a starting "
        "cash other than 100 (the books give first place 30% of the starting cash, here "
        "about 30) (at $.money.starting_cash)"
    ]


def test_a_ranking_too_small_for_the_cash_is_a_warning_at_the_ranking() -> None:
    (found,) = warnings_of("scoring: {ranking: [3000, 2000, 1000]}\n")
    assert found.startswith("house.yaml:4:20: warning: the first ranking value 3000 ")


def test_a_split_that_cannot_happen_is_a_warning() -> None:
    found = warnings_of("auctions:\n  double: {who_may_add: leader-only, payee: split-equally}\n")
    assert len(found) == 1
    assert "house.yaml:5:45: warning: payee split-equally splits the price only when" in found[0]
    assert "the price is never split (at $.auctions.double.payee)" in found[0]


def test_split_options_without_a_split_are_a_warning() -> None:
    (found,) = warnings_of("auctions:\n  double: {split: {odd_unit_to: leader}}\n")
    assert "auctions.double.split has no effect: the payee is 'adder'" in found


def test_a_price_above_cash_rule_that_cannot_apply_is_a_warning() -> None:
    (found,) = warnings_of("auctions:\n  fixed_price: {above_cash: auctioneer-pays-all}\n")
    assert "auctions.fixed_price.above_cash has no effect: only with max_price unlimited" in found
    assert warnings_of(
        "auctions:\n  fixed_price: {max_price: unlimited, above_cash: auctioneer-pays-all}\n"
    ) == []


def test_a_broke_auctioneer_rule_under_an_unlimited_price_is_a_warning() -> None:
    (found,) = warnings_of(
        "auctions:\n  fixed_price: {max_price: unlimited, broke_auctioneer: auctioneer-keeps}\n"
    )
    assert "auctions.fixed_price.broke_auctioneer has no effect: with max_price unlimited" \
        in found
    assert warnings_of("auctions:\n  fixed_price: {broke_auctioneer: auctioneer-keeps}\n") == []


def test_options_of_a_disabled_auction_are_a_warning() -> None:
    body = (
        "auctions:\n  fixed_price: {enabled: false, nobody_buys: auctioneer-takes-free}\n"
        "theme:\n  artists:\n"
        + "".join(
            f"    - {{id: a{i}, name: A{i}, cards: 16, split: {{open: 4, once_around: 4, "
            "sealed: 4, fixed_price: 0, double: 4}}\n"
            for i in range(5)
        )
    )
    (found,) = warnings_of(body)
    assert "auctions.fixed_price.nobody_buys has no effect: the fixed_price auction is" in found


def test_a_descending_step_without_a_descending_symbol_is_a_warning() -> None:
    (found,) = warnings_of("auctions:\n  descending: {step: 2000}\n")
    assert "auctions.descending.step has no effect: no card symbol is played" in found
    (found,) = warnings_of("auctions:\n  sealed: {played_as: descending, ties: re-bid}\n")
    assert "auctions.sealed.ties has no effect: the sealed symbol is played as a" in found
    assert warnings_of(
        "auctions:\n  sealed: {played_as: descending}\n  descending: {step: 2000}\n"
    ) == []


def test_inherited_options_are_never_blamed() -> None:
    """The every-option file sets leader-only with split-equally; a file extending it
    did not write them, so it is not warned."""
    every = Path(__file__).parent / "valid" / "every-option.yaml"
    text = f"id: child\ntitle: Child\nextends: {json.dumps(str(every))}\n"
    assert validate_text(text, "child.yaml", warnings=True) == []


@pytest.mark.parametrize("variant", resources.bundled_variant_ids())
def test_no_bundled_edition_has_a_warning(variant: str) -> None:
    assert validate_text(f"id: v\ntitle: V\nextends: {variant}\n", warnings=True) == []


def test_the_cli_prints_warnings_and_exits_0_unless_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + "money: {starting_cash: 100, bid_unit: 1, minimum_bid: 1}\n")
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": warning: the first ranking value" in out and "valid (1 warning)" in out
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()
    assert main(["validate", "--format", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is True
    assert [p["severity"] for p in report["files"][0]["problems"]] == ["warning"]
    assert main(["validate", "--format", "json", "--strict", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["valid"] is False


def test_a_file_with_warnings_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HEAD + "money: {starting_cash: 100, bid_unit: 1, minimum_bid: 1}\n")
    assert load_ruleset(path).money.starting_cash == 100


def test_the_schema_languages_are_the_rulebook_languages() -> None:
    """``language: de`` would validate and then fail in ``docs``: the schema names
    exactly the languages a rulebook can be generated in."""
    assert tuple(sorted(ruleset_schema()["properties"]["language"]["enum"])) == available()


def test_null_puts_a_section_back_to_its_defaults(tmp_path: Path) -> None:
    """``null`` removes the inherited value; the schema's defaults apply again."""
    every = Path(__file__).parent / "valid" / "every-option.yaml"
    path = tmp_path / "reset.yaml"
    path.write_text(
        f"id: reset\ntitle: Reset\nextends: {json.dumps(str(every))}\nauctions: {{open: null}}\n"
    )
    assert load_document(every)["auctions"]["open"]["ending"] == "pass-is-final"
    assert load_document(path)["auctions"]["open"] == {
        "enabled": True,
        "ending": "full-round-of-passes",
        "auctioneer_may_bid": True,
        "limits": "private",
    }


FIVE_ROUNDS = (
    "rounds: 5\nplayer_counts:\n"
    '  "3": {deal: [10, 6, 5, 0, 1], dummy_hands: {deal: [9, 4, 3, 0, 1]}}\n'
    '  "4": {deal: [9, 4, 3, 0, 1]}\n  "5": {deal: [8, 3, 2, 0, 1]}\n'
)


def test_a_round_the_hands_may_not_reach_is_a_warning_at_its_deal() -> None:
    found = warnings_of(FIVE_ROUNDS)
    assert len(found) == 3, found
    four = next(w for w in found if "with 4 players" in w)
    assert four.startswith("house.yaml:7:28: warning: with 4 players, round 5 deals 1 card "
                           "to each player, but rounds 1 to 4 deal only 16 cards")
    assert "so round 5 is skipped" in four
    assert four.endswith("(at $.player_counts.4.deal[4])")
    share = int(four.split("in about ")[1].split("%")[0])
    assert 5 <= share <= 30, four


def test_a_round_no_hand_can_reach_is_said_for_every_deal() -> None:
    body = 'rounds: 5\nplayer_counts:\n  "4": {deal: [3, 1, 1, 0, 9]}\n'
    body += '  "3": {deal: [3, 1, 1, 0, 9], dummy_hands: {deal: [3, 1, 1, 0, 9]}}\n'
    body += '  "5": {deal: [3, 1, 1, 0, 9]}\n'
    found = warnings_of(body)
    assert any("with 4 players, round 2 deals 1 card" in w for w in found), found


def test_skipped_rounds_are_no_warning_when_empty_hands_go_on_to_the_next_round() -> None:
    body = FIVE_ROUNDS + "round_end:\n  hands_exhausted: {then: next-round}\n"
    assert warnings_of(body) == []


def test_the_estimate_agrees_with_the_arithmetic(tmp_path: Path) -> None:
    """What the estimate finds skipped, the certain arithmetic (which the rulebook's
    sentence on it follows) allows; the books' deals allow neither."""
    from auctionrules.loader import rounds

    path = tmp_path / "house.yaml"
    path.write_text(HEAD + FIVE_ROUNDS, encoding="utf-8")
    five = load_ruleset(path).document
    assert rounds.unreached(five) and rounds.may_end_early(five)
    book = load_ruleset("hig-1992-en").document
    assert rounds.unreached(book) == [] and not rounds.may_end_early(book)
