"""compare() and ``auctionrules compare``: the same games under two rulesets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auctionrules.cli import main
from auctionrules.lab import compare, simulate

SPLIT = """\
id: hig-split
title: Hans im Glück 1992 with split double proceeds
extends: hig-1992-en
auctions:
  double:
    payee: split-equally
"""


@pytest.fixture
def split(tmp_path: Path) -> Path:
    path = tmp_path / "split.yaml"
    path.write_text(SPLIT, encoding="utf-8")
    return path


def test_both_sides_play_the_games_of_simulate(split: Path) -> None:
    pairs = list(compare("hig-1992-en", split, 4, 12, seed=3))
    assert [a.seed for a, _ in pairs] == [b.seed for _, b in pairs]
    alone = [r.to_dict() for r in simulate("hig-1992-en", 4, 12, seed=3)]
    assert [a.to_dict() for a, _ in pairs] == alone
    assert [b.to_dict() for _, b in pairs] == [
        r.to_dict() for r in simulate(split, 4, 12, seed=3)
    ]


def test_paired_figures_use_paired_tests(split: Path) -> None:
    comparison = compare("hig-1992-en", split, 4, 40, seed=3)
    pairs = list(comparison)
    result = comparison.summary()
    methods = {row.figure: row.method for row in result.rows}
    assert methods["seat 0"] == "mcnemar" and methods["final money"] == "paired-t"
    assert methods["winner's margin"] == "paired-t" and methods["lots"] == "paired-t"
    assert methods["price of open"] == "cluster-bootstrap"
    assert methods["share of open"] == "cluster-bootstrap"
    assert methods["final value of krypto"] == "paired-t"
    assert methods["round 1 ends on a last card"] == "mcnemar"
    a_only = sum(0 in a.winners and 0 not in b.winners for a, b in pairs)
    b_only = sum(0 in b.winners and 0 not in a.winners for a, b in pairs)
    assert comparison.pairs.discordant[0] == [a_only, b_only]
    money = next(row for row in result.rows if row.figure == "final money")
    assert money.test.difference == pytest.approx(money.b - money.a)
    # one pair of values per game, not per seat: the money of a game's seats summed
    assert comparison.pairs.money.n == 40
    for row in result.rows:
        assert row.test.low <= row.test.difference <= row.test.high, row.figure


def test_lot_figures_are_the_same_on_every_run(split: Path) -> None:
    """The cluster bootstrap draws from a fixed seed: a comparison's p-values repeat."""
    from auctionrules.lab.stats import moments

    result = compare("hig-1992-en", split, 4, 30, seed=3).summary()
    again = compare("hig-1992-en", split, 4, 30, seed=3).summary()
    assert [r.to_dict() for r in result.rows] == [r.to_dict() for r in again.rows]
    row = next(r for r in result.rows if r.figure == "price of double")
    assert row.a == pytest.approx(moments(result.a.prices["double"]).mean)
    assert row.ratio is not None and row.ratio.change == pytest.approx(row.b / row.a - 1)


def test_pairs_refuse_games_that_are_not_the_same(split: Path) -> None:
    from auctionrules.lab.paired import Pairs

    first, second = list(simulate("hig-1992-en", 4, 2, seed=3))
    with pytest.raises(ValueError, match="paired with game 1"):
        Pairs(4).add(first, second)


def test_identical_rulesets_show_no_difference() -> None:
    result = compare("hig-1992-en", "hig-1992-en", 3, 15, seed=2).summary()
    assert result.diff.identical
    assert result.rows
    assert all(row.test.difference == 0 and row.test.p == 1.0 for row in result.rows)


def test_a_real_difference_is_flagged() -> None:
    # Taiwan counts money in units a thousand times smaller than the 1992 edition
    result = compare("hig-1992-en", "taiwan", 3, 60, seed=1).summary()
    by_figure = {row.figure: row for row in result.rows}
    money = by_figure["final money"]
    assert money.b == pytest.approx(money.a / 1000, rel=0.5)
    assert money.holm and by_figure["price of open"].holm
    assert not by_figure["seat 0"].holm
    # the two themes share no artist: no artist rows
    assert not any(row.section == "artists" for row in result.rows)


def test_cli_text_json_and_pairs(
    split: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pairs.jsonl"
    argv = ["compare", "hig-1992-en", str(split), "-p", "4", "-g", "10", "-s", "1", "-q"]
    assert main([*argv, "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Verdict\nhig-split differs from hig-1992-en in 2 rules")
    assert text.index("Verdict") < text.index("Rules that differ between hig-1992-en and hig-")
    assert "split equally" in text
    assert "B - A" in text and "winner's margin" in text and "Holm" in text
    pairs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [p["index"] for p in pairs] == list(range(10))
    assert pairs[0]["a"]["seed"] == pairs[0]["b"]["seed"] == pairs[0]["seed"]
    before = out.read_bytes()
    assert main([*argv, "-o", str(out)]) == 2  # refused before a game is played
    assert "pairs.jsonl exists; use --force to replace it" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"][0].startswith("hig-split differs from hig-1992-en")
    assert data["rows"][0]["method"] == "mcnemar" and len(data["rows"][0]["ci"]) == 2
    assert "auctions.double.payee" in {o["path"] for o in data["diff"]["options"]}
    assert {"figure", "a", "b", "difference", "p", "significant_holm"} <= set(data["rows"][0])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hig-1992-en", "nowhere"], "unknown variant: 'nowhere'"),
        (["hig-1992-en", "taiwan", "--agents", "rnd"], "unknown agent 'rnd'"),
        (["hig-1992-en", "boardpia-modern", "-p", "2"], "does not support 2 players"),
        (["hig-1992-en", "taiwan", "--lang", "xx"], "xx"),
        (["hig-1992-en", "taiwan", "-g", "0"], "not a positive whole number"),
    ],
)
def test_cli_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [] if "-g" in argv else ["-g", "2"]
    try:
        code = main(["compare", *argv, *games, "-q"])
    except SystemExit as exc:  # argparse's own refusals
        code = int(str(exc.code))
    assert code == 2
    assert message in capsys.readouterr().err
