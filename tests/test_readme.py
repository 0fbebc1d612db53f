"""The README's commands and examples work as written.

A new user copies them first; if they rot, nothing else matters. The set-up
commands install into a venv, which the test environment already is, so the
test runs what follows the install: every ``.venv/bin/auctionrules ...`` step.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from auctionrules.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def marked_block(marker: str) -> str:
    """The fenced block that follows ``<!-- marker -->``."""
    match = re.search(rf"<!-- {marker} -->\n```\w*\n(.*?)```", README, re.S)
    assert match, f"README has no <!-- {marker} --> block"
    return match.group(1).strip()


def fenced_blocks(language: str) -> list[str]:
    """Every fenced block of ``language``."""
    return re.findall(rf"```{language}\n(.*?)```", README, re.S)


@pytest.mark.parametrize("marker", ["main-command", "test-command"])
def test_set_up_is_one_copy_pasteable_command(marker: str) -> None:
    command = marked_block(marker)
    assert "\n" not in command
    assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")


def test_main_command_runs() -> None:
    steps = [s.strip() for s in marked_block("main-command").split("&&")]
    cli_steps = [s for s in steps if s.startswith(".venv/bin/auctionrules ")]
    assert len(cli_steps) >= 2, "the main command should validate and play"
    for step in cli_steps:
        args = shlex.split(step)[1:]
        result = subprocess.run(
            [sys.executable, "-m", "auctionrules", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, f"{step!r} failed:\n{result.stdout}\n{result.stderr}"
        assert result.stdout.strip(), f"{step!r} printed nothing"
        assert "Traceback" not in result.stderr


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    awk = re.search(r"awk '([^']*)' README.md", script)
    assert awk, ".ci/run should extract the test command from README.md"
    extracted = subprocess.run(
        ["awk", awk.group(1), str(ROOT / "README.md")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert extracted == marked_block("test-command")


def test_python_tour_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    blocks = fenced_blocks("python")
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}  # a reader runs the blocks one after another
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["game"].is_over  # type: ignore[attr-defined]


def test_variant_example_validates(tmp_path: Path) -> None:
    (example,) = fenced_blocks("yaml")
    path = tmp_path / "club.yaml"
    path.write_text(example, encoding="utf-8")
    ruleset = load_ruleset(path)
    assert ruleset.auctions.open.ending == "pass-is-final"
    assert ruleset.auctions.double.payee == "auctioneer"
    assert ruleset.player_count(3).dummy_hands.hands == 1
    assert ruleset.scoring.ranking == (40000, 20000, 10000)


def _run_cli(command: str, cwd: Path) -> None:
    """Run one README ``auctionrules ...`` command in ``cwd``; it must succeed (``diff``:
    exit 3 means the rulesets differ) and print, without a traceback."""
    args = shlex.split(command)
    assert args[0] == "auctionrules", command
    if args[1] == "serve":
        _serve(args[1:], cwd)
        return
    done = subprocess.run(
        [sys.executable, "-m", "auctionrules", *args[1:]], cwd=cwd, capture_output=True,
        text=True, timeout=600, check=False,
    )
    allowed = (0, 3) if args[1] == "diff" else (0,)
    assert done.returncode in allowed, f"{command!r} failed:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"{command!r} printed nothing"
    assert "Traceback" not in done.stderr


def _serve(args: list[str], cwd: Path) -> None:
    """``serve`` runs until stopped: started on a free loopback port, it must print the
    address to open and answer there; then it is stopped."""
    import socket
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "auctionrules", *args, "--port", str(port)], cwd=cwd,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(2)]
        assert any(f"http://127.0.0.1:{port}/" in line for line in lines), lines
        for _ in range(100):  # (the address is printed before the server listens)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("serve answered nothing at the address it printed")
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.slow
def test_every_command_line_example_runs(tmp_path: Path) -> None:
    """The block of examples, one command a line, in order (``replay`` reads the record
    ``play`` wrote), including the agents example at 4 players."""
    lines = [line for line in marked_block("cli-examples").splitlines() if line.strip()]
    assert any("--agents heuristic,ismcts " in line for line in lines)
    commands = {shlex.split(line)[1] for line in lines}
    documented = set(re.findall(r"^\| `auctionrules (\w+)", README, re.M))
    assert documented <= commands, f"no example of {sorted(documented - commands)}"
    (tmp_path / "variants").symlink_to(ROOT / "variants")
    for line in lines:
        _run_cli(line, tmp_path)


def test_the_variant_walkthrough_commands_run(tmp_path: Path) -> None:
    """``auctionrules validate club.yaml`` and the others, on the YAML example."""
    (example,) = fenced_blocks("yaml")
    (tmp_path / "club.yaml").write_text(example, encoding="utf-8")
    section = README.split("### Writing your own variant", 1)[1].split("\n### ", 1)[0]
    commands = [" ".join(span.split()) for span in re.findall(r"`(auctionrules [^`]+)`", section)]
    assert len(commands) == 4 and all("club.yaml" in c for c in commands)
    for command in commands:
        _run_cli(command, tmp_path)
