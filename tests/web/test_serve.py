"""``auctionrules serve``: its options, the addresses it prints, its refusals."""

from __future__ import annotations

import signal
from pathlib import Path

import httpx
import pytest
from tests.web.servers import free_port, start_process, wait_until_up

from auctionrules.cli import build_parser, main
from auctionrules.cli.serve import addresses, default_data
from auctionrules.web.limits import Limits


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


def test_every_limit_has_its_flag() -> None:
    from auctionrules.cli.serve import limits_of

    args = build_parser().parse_args([
        "serve", "--tables", "7", "--tables-per-minute", "3", "--idle-minutes", "2",
        "--keep-days", "0.5", "--bot-iterations", "20", "--bot-workers", "1"])
    limits, problem = limits_of(args)
    assert problem is None
    assert (limits.tables, limits.per_minute, limits.idle, limits.keep, limits.iterations,
            limits.workers) == (7, 3, 120, 43200, 20, 1)
    assert limits.strengths() == {"weak": 16, "medium": 20, "strong": 20}
    defaults, _ = limits_of(build_parser().parse_args(["serve"]))
    assert defaults == Limits()


@pytest.mark.parametrize(("flag", "words"), [
    (["--tables-per-minute", "0"], "--tables-per-minute must be at least 1"),
    (["--idle-minutes", "-1"], "--idle-minutes must be more than 0"),
    (["--bot-iterations", "0"], "--bot-iterations must be at least 1"),
])
def test_a_limit_out_of_bounds_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], flag: list[str], words: str
) -> None:
    assert main(["serve", *flag]) == 2
    assert words in capsys.readouterr().err


def test_a_bad_request_to_a_real_server_leaves_it_able_to_start_again(tmp_path: Path) -> None:
    """The request that once left a folder which stopped every later start."""
    data, port = tmp_path / "tables", free_port()
    base = f"http://127.0.0.1:{port}"
    for attempt in range(2):
        server = start_process(data, port)
        try:
            wait_until_up(base)
            response = httpx.post(f"{base}/api/tables", trust_env=False, timeout=10, json={
                "variant": "hig-1992-en", "players": 3,
                "seats": ["person", "ismcts:rollout=bogus", "heuristic"]})
            assert response.status_code == 400, response.text
            assert "rollout" in response.json()["error"]
            assert sorted(p.name for p in data.iterdir()) == []
        finally:
            server.send_signal(signal.SIGTERM)
            _, err = server.communicate(timeout=20)
        assert b"resumed 0 unfinished tables" in err, (attempt, err)
        assert b"startup failed" not in err
