"""``auctionrules serve``: its options, the addresses it prints, its refusals."""

from __future__ import annotations

import pytest

from auctionrules.cli import build_parser, main
from auctionrules.cli.serve import addresses, default_data


def test_the_command_is_registered_with_its_options() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.data, args.bot_pause) == ("127.0.0.1", 8000, None, 0.8)


def test_the_addresses_to_share() -> None:
    assert addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    every = addresses("0.0.0.0", 8123)
    assert "http://127.0.0.1:8123/" in every
    assert all(a.startswith("http://") and a.endswith(":8123/") for a in every)


def test_the_data_directory_is_per_user_by_default() -> None:
    assert default_data().endswith("tables")


def test_a_bot_pause_out_of_bounds_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bot-pause", "99"]) == 2
    assert "--bot-pause must be from 0 to 10" in capsys.readouterr().err
