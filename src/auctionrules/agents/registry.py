"""Agents by name: one registry for Python, the command line and the simulation lab.

An agent is registered under a short name with a *factory*: a class or function
taking ``seed`` and keyword parameters with defaults. The defaults give each
parameter its type, so the text form used on the command line
(``ismcts:iterations=400,c=1.2``) is converted and checked here, once, for every
caller. Unknown names and parameters are refused with a did-you-mean.

A name of the form ``package.module:factory`` names a user's agent: the module
is imported (in every process that builds one) and ``factory`` is read as a
registered factory would be, taking ``seed`` and keyword parameters with
defaults and returning an agent (an object with ``act(view, legal)``), so
``--agents mylab.agents:make_policy:temperature=0.5,heuristic`` works wherever a
registry name does (the current directory is searched last, as ``python -m``
searches it first). A module that does not import, a missing name or a factory
that makes no agent is an :class:`AgentError`.

>>> spec = AgentSpec.parse("random:bid_chance=0.25")
>>> str(spec)
'random:bid_chance=0.25'
>>> spec.build(seed=3).bid_chance
0.25
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from auctionrules.engine.agents import Agent, RandomAgent

#: A factory: ``factory(seed=..., **params) -> Agent``.
AgentFactory = Callable[..., Agent]


class AgentError(ValueError):
    """An unknown agent name, an unknown parameter or a parameter that does not convert."""


@attrs.frozen
class AgentEntry:
    """A registered agent: its factory, its parameters with their defaults, one line about it."""

    name: str
    factory: AgentFactory
    defaults: Mapping[str, Any]
    summary: str


_REGISTRY: dict[str, AgentEntry] = {}


def register_agent(name: str, factory: AgentFactory, summary: str | None = None) -> None:
    """Make ``factory`` available as ``name`` (replacing an earlier entry of that name).

    Its keyword parameters other than ``seed`` are the agent's parameters; each
    needs a default, whose type converts the text form.
    """
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise AgentError(f"agent name {name!r}: use letters, digits, '-' and '_'")
    _REGISTRY[name] = _entry_of(name, factory, summary)


def _entry_of(name: str, factory: AgentFactory, summary: str | None) -> AgentEntry:
    defaults: dict[str, Any] = {}
    for param in inspect.signature(factory).parameters.values():
        if param.name == "seed" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.default is param.empty:
            raise AgentError(f"agent {name!r}: parameter {param.name!r} needs a default")
        defaults[param.name] = param.default
    doc = inspect.getdoc(factory) or ""
    return AgentEntry(name, factory, defaults, summary or doc.partition("\n")[0])


#: ``package.module:factory``: a user's agent, imported by name.
_IMPORTED = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def is_import_path(name: str) -> bool:
    """Whether ``name`` names a factory in a module (``package.module:factory``)
    rather than a registered agent."""
    return _IMPORTED.fullmatch(name) is not None and name.partition(":")[0] not in _REGISTRY


def _import_entry(name: str) -> AgentEntry:
    """The entry of a user's factory ``package.module:factory``, imported, checked
    (it takes ``seed`` and makes an object with ``act``) and kept under that name."""
    module_name, _, path = name.partition(":")
    here = os.getcwd()
    if here not in sys.path:  # (as ``python -m`` would: a module beside the user)
        sys.path.append(here)
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as exc:  # (an agent's module may fail in any way: say how)
        raise AgentError(f"agent {name!r}: cannot import {module_name!r}: "
                         f"{type(exc).__name__}: {exc}") from None
    for attr in path.split("."):
        if not hasattr(found, attr):
            raise AgentError(f"agent {name!r}: {module_name!r} has no {path!r}")
        found = getattr(found, attr)
    if not callable(found):
        raise AgentError(f"agent {name!r}: {path!r} is not a factory (not callable)")
    try:
        params = inspect.signature(found).parameters
    except (TypeError, ValueError):  # (no signature to read: trusted to take seed)
        params = None
    if params is not None and "seed" not in params and not any(
            p.kind is p.VAR_KEYWORD for p in params.values()):
        raise AgentError(f"agent {name!r}: {path!r} takes no 'seed' parameter "
                         "(a factory is called as factory(seed=..., **parameters))")
    made = _REGISTRY[name] = _entry_of(name, found, None)
    try:
        agent = found(seed=0)
    except Exception as exc:
        del _REGISTRY[name]
        raise AgentError(f"agent {name!r}: {path}(seed=0) failed: "
                         f"{type(exc).__name__}: {exc}") from None
    if not callable(getattr(agent, "act", None)):
        del _REGISTRY[name]
        raise AgentError(f"agent {name!r}: {path}(seed=0) returned {type(agent).__name__!r}, "
                         "not an agent (an object with act(view, legal))")
    return made


def unregister_agent(name: str) -> None:
    """Remove ``name`` from the registry."""
    _REGISTRY.pop(name, None)


def agent_entries() -> tuple[AgentEntry, ...]:
    """Every registered agent, by name."""
    return tuple(_REGISTRY[name] for name in sorted(_REGISTRY))


def entry(name: str) -> AgentEntry:
    """The entry of ``name``, or :class:`AgentError` with a did-you-mean."""
    try:
        return _REGISTRY[name]
    except KeyError:
        if _IMPORTED.fullmatch(name):
            return _import_entry(name)
        raise AgentError(
            f"unknown agent {name!r}{_did_you_mean(name, _REGISTRY)}; "
            f"known: {', '.join(sorted(_REGISTRY))}"
        ) from None


@attrs.frozen
class AgentSpec:
    """An agent name with parameters: what ``heuristic:aggression=0.6`` says."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        """``name`` or ``name:key=value,key=value``, checked against the registry;
        ``package.module:factory`` (with ``:key=value,...`` after it) names a user's
        factory."""
        name, _, rest = text.strip().partition(":")
        attr, _, after = rest.partition(":")
        if is_import_path(f"{name.strip()}:{attr.strip()}"):
            name, rest = f"{name.strip()}:{attr.strip()}", after
        found = entry(name.strip())
        raw: dict[str, str] = {}
        for item in filter(None, (part.strip() for part in rest.split(","))):
            key, equals, value = item.partition("=")
            if not equals:
                raise AgentError(f"agent {found.name!r}: {item!r} is not key=value")
            raw[key.strip()] = value.strip()
        return cls.of(found.name, **raw)

    @classmethod
    def of(cls, name: str, **params: Any) -> AgentSpec:
        """A spec from Python values (text values are converted by the defaults' types)."""
        found = entry(name)
        checked = tuple(
            (key, _convert(found, key, value)) for key, value in sorted(params.items())
        )
        return cls(found.name, checked)

    def build(self, seed: int | str | None = None) -> Agent:
        """A new agent of this spec, seeded."""
        return entry(self.name).factory(seed=seed, **dict(self.params))

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{key}={value}" for key, value in self.params)


def make_agent(spec: str | AgentSpec, seed: int | str | None = None, **params: Any) -> Agent:
    """An agent by name or spec text: ``make_agent("random", seed=3, bid_chance=0.3)``."""
    if isinstance(spec, str):
        spec = AgentSpec.parse(spec)
    if params:
        spec = AgentSpec.of(spec.name, **{**dict(spec.params), **params})
    return spec.build(seed)


def parse_agents(text: str | Iterable[str]) -> tuple[AgentSpec, ...]:
    """The specs of a comma-separated list, as ``--agents`` takes it.

    A comma starts a new agent unless the text after it is a parameter
    (``key=value``) of the agent before: ``ismcts:iterations=400,c=1.4,random``
    is two agents.
    """
    items = [text] if isinstance(text, str) else list(text)
    specs: list[str] = []
    for item in items:
        for part in item.split(","):
            if "=" in part and ":" not in part and specs:
                specs[-1] += "," + part
            elif part.strip():
                specs.append(part)
    if not specs:
        raise AgentError("no agent named")
    return tuple(AgentSpec.parse(spec) for spec in specs)


def seat_agents(specs: tuple[AgentSpec, ...], seats: int) -> tuple[AgentSpec, ...]:
    """One spec per seat: the specs in turn round the table, repeated from the first
    when there are fewer specs than seats (one spec plays every seat;
    ``heuristic,ismcts`` at four seats is heuristic, ismcts, heuristic, ismcts).
    More specs than seats is an :class:`AgentError`.

    >>> from auctionrules.agents import parse_agents, seat_agents
    >>> [str(s) for s in seat_agents(parse_agents("heuristic,ismcts"), 4)]
    ['heuristic', 'ismcts', 'heuristic', 'ismcts']
    """
    if not specs:
        raise AgentError("no agent named")
    if len(specs) > seats:
        raise AgentError(f"{len(specs)} agents for {seats} seats: name at most one per seat")
    return tuple(specs[seat % len(specs)] for seat in range(seats))


def _convert(found: AgentEntry, key: str, value: Any) -> Any:
    if key not in found.defaults:
        known = ", ".join(found.defaults) or "none"
        raise AgentError(
            f"agent {found.name!r} has no parameter {key!r}"
            f"{_did_you_mean(key, found.defaults)}; its parameters: {known}"
        )
    default = found.defaults[key]
    if not isinstance(value, str) or isinstance(default, str) or default is None:
        return value
    try:
        if isinstance(default, bool):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        return type(default)(value)
    except ValueError:
        kind = {"int": "a whole number", "float": "a number", "bool": "true or false"}.get(
            type(default).__name__, f"a {type(default).__name__}")
        raise AgentError(f"agent {found.name!r}: {key}={value!r} is not {kind}") from None


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


register_agent("random", RandomAgent, "Uniformly random legal play (seeded).")
