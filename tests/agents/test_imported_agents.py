"""``package.module:factory`` names a user's agent wherever a registry name goes: the
module is imported, the factory checked, and every failure is a clear AgentError (exit 2
on the command line)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from auctionrules.agents import AgentError, AgentSpec, make_agent, parse_agents
from auctionrules.cli import main

MODULE = '''
from auctionrules.engine import RandomAgent


class Lowest:
    """A random agent of the user's own."""

    def __init__(self, seed=None, bid_chance=0.0):
        self.bid_chance = bid_chance
        self.random = RandomAgent(seed)

    def act(self, view, legal):
        return self.random.act(view, legal)


def make(seed=None, bid_chance=0.0):
    return Lowest(seed, bid_chance)


def not_an_agent(seed=None):
    return 3


def no_seed():
    return Lowest()
'''


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    name = f"user_agents_{abs(hash(tmp_path)) % 10**8}"
    (tmp_path / f"{name}.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def test_a_factory_in_a_module_is_an_agent_with_parameters(user_module: str) -> None:
    specs = parse_agents(f"{user_module}:make:bid_chance=0.5,heuristic")
    assert [s.name for s in specs] == [f"{user_module}:make", "heuristic"]
    assert dict(specs[0].params) == {"bid_chance": 0.5}  # (converted by the default's type)
    assert str(specs[0]) == f"{user_module}:make:bid_chance=0.5"
    assert AgentSpec.parse(str(specs[0])) == specs[0]
    assert make_agent(f"{user_module}:Lowest", seed=1).act is not None


@pytest.mark.parametrize("attr,message", [
    ("not_an_agent", "returned 'int', not an agent"),
    ("nothing", "has no 'nothing'"),
    ("no_seed", "takes no 'seed' parameter"),
])
def test_what_is_not_an_agent_is_refused(user_module: str, attr: str, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        parse_agents(f"{user_module}:{attr}")


def test_a_module_that_does_not_import_is_refused() -> None:
    with pytest.raises(AgentError, match=r"cannot import 'no_such_pkg\.agents'"):
        parse_agents("no_such_pkg.agents:make")


@pytest.mark.parametrize("command", [
    ["play", "hig-1992-en", "-p", "3", "-s", "1"],
    ["simulate", "hig-1992-en", "-p", "3", "-g", "2", "--quiet"],
    ["compare", "hig-1992-en", "hig-1992-fr", "-p", "3", "-g", "2", "--quiet"],
    ["ladder", "hig-1992-en", "-p", "3", "-g", "2"],
])
def test_every_command_loads_a_users_agent_or_exits_2(
    user_module: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--agents", f"{user_module}:make,heuristic"]) == 0
    capsys.readouterr()
    assert main([*command, "--agents", f"{user_module}:not_an_agent,heuristic"]) == 2
    assert "not an agent" in capsys.readouterr().err
    assert main([*command, "--agents", "no_such_pkg.agents:make"]) == 2
    assert "cannot import" in capsys.readouterr().err
