"""A create-table request, checked: every problem found at once, each said plainly.

``POST /api/tables`` takes ``{"variant": ..., "modules": [], "players": 4,
"seats": ["person", "heuristic", "ismcts:strength=weak"], "seed": 1, "language": "en",
"pause": 0.8, "private": false}``.
``variant`` is a bundled id or the YAML text of a variant file; a file's problems
come back located, as ``auctionrules validate`` prints them
(``variant.yaml:3:5: message (at $.path)``). A file pasted into a public page may
build only on the bundled editions and modules: it never names a path, so a
client cannot make the server read its own files.

The request is checked whole before anything is written: every field, the
ruleset, and every bot chair's agent *built* once (an agent's own checks, such as
``ismcts``'s ``rollout``, run there), so a request either makes a whole table or
leaves no trace. A search bot (``ismcts``) is asked for a strength, never a raw
budget: the server turns the strength into determinizations per decision, within
its own cap (:class:`~auctionrules.web.limits.Limits`), so no table can take a
core for hours.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

from auctionrules import resources
from auctionrules.agents import AgentError, AgentSpec
from auctionrules.engine import EngineError
from auctionrules.engine.rules import Rules, rules_for
from auctionrules.loader import RulesetError, load_ruleset, validate_text
from auctionrules.model import Ruleset
from auctionrules.web.limits import DEFAULT_STRENGTH, Limits
from auctionrules.web.words import LANGUAGES

#: The name a pasted or uploaded variant file goes by in its problems.
PASTED = "variant.yaml"
#: What a chair may hold besides an agent spec.
PERSON = "person"
#: The largest seed a request may give (a record keeps it as a JSON number).
MAX_SEED = 2**53
#: Agents that search, and so are given a strength instead of their own budget.
SEARCH = frozenset({"ismcts"})
#: The one parameter a search bot's chair may name.
STRENGTH = "strength"


class RequestError(Exception):
    """A request the server refuses: ``status`` (400 malformed, 422 invalid content) and
    every problem, each a line a person can act on; ``located`` holds a variant file's
    problems as :meth:`~auctionrules.loader.Problem.to_dict` gives them."""

    def __init__(
        self,
        status: int,
        problems: Sequence[str],
        located: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        super().__init__("; ".join(problems))
        self.status = status
        self.problems = list(problems)
        self.located = [dict(item) for item in located]

    def to_dict(self) -> dict[str, Any]:
        """The JSON body of the refusal."""
        body: dict[str, Any] = {"error": self.problems[0], "problems": self.problems}
        if self.located:
            body["located"] = self.located
        return body


@attrs.frozen
class TableSpec:
    """A checked request: everything a new table needs."""

    rules: Rules
    #: per chair: ``None`` for a person, else the agent that plays it
    seats: tuple[AgentSpec | None, ...]
    seed: int
    language: str
    pause: float
    #: where the ruleset came from: a bundled id, or ``variant.yaml`` for a pasted file
    variant: str
    #: a private table is not listed on the server's lobby (its links still work)
    private: bool = False

    @property
    def ruleset(self) -> Ruleset:
        return self.rules.ruleset


def check_variant(text: str) -> list[dict[str, Any]]:
    """The problems of a pasted variant file (warnings included), located; empty if valid."""
    refusal = _path_references(text)
    if refusal is not None:
        return [refusal]
    return [dict(p.to_dict()) for p in validate_text(text, PASTED, warnings=True)]


def table_spec(body: object, limits: Limits, default_pause: float) -> TableSpec:
    """The checked request ``body`` (parsed JSON); :class:`RequestError` says what is wrong."""
    if not isinstance(body, dict):
        raise RequestError(400, ["the request must be a JSON object"])
    problems: list[str] = []
    known = {"variant", "modules", "players", "seats", "seed", "language", "pause", "private"}
    problems += [f"unknown field {key!r} (fields: {', '.join(sorted(known))})"
                 for key in sorted(set(body) - known)]
    modules = body.get("modules", [])
    if not (isinstance(modules, list) and all(isinstance(m, str) for m in modules)):
        problems.append("'modules' must be a list of bundled module ids")
        modules = []
    for module in modules:
        if module not in resources.bundled_module_ids():
            problems.append(f"unknown module {module!r} "
                            f"(bundled: {', '.join(resources.bundled_module_ids())})")
    players = body.get("players", 4)
    if not _is_int(players):
        problems.append("'players' must be a whole number")
    seed = body.get("seed", 0)
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        problems.append(f"'seed' must be a whole number from 0 to {MAX_SEED}")
    language = body.get("language", "en")
    if language not in LANGUAGES:
        problems.append(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
    pause = body.get("pause", default_pause)
    if not (isinstance(pause, int | float) and not isinstance(pause, bool)
            and 0 <= pause <= limits.pause):
        problems.append(f"'pause' must be a number of seconds from 0 to {limits.pause:g}")
        pause = default_pause
    private = body.get("private", False)
    if not isinstance(private, bool):
        problems.append("'private' must be true or false")
    seats = _seats(body.get("seats"), players if _is_int(players) else None, limits, problems)
    if problems:
        raise RequestError(400, problems)
    ruleset, variant = _ruleset(body.get("variant"), modules)
    try:
        rules = rules_for(ruleset, players)
    except EngineError as exc:
        raise RequestError(422, [str(exc)]) from None
    return TableSpec(rules, seats, seed, language, float(pause), variant, private)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(
    value: object, players: int | None, limits: Limits, problems: list[str]
) -> tuple[AgentSpec | None, ...]:
    if not (isinstance(value, list) and all(isinstance(s, str) for s in value)):
        problems.append("'seats' must list one chair per player: \"person\" or an agent "
                        "(random, heuristic, ismcts:strength=weak ...)")
        return ()
    if players is not None and len(value) != players:
        problems.append(f"'seats' lists {len(value)} chairs for {players} players")
    seats: list[AgentSpec | None] = []
    for index, text in enumerate(value):
        if text.strip() == PERSON:
            seats.append(None)
            continue
        try:
            spec = bot(text, limits)
            spec.build(seed=0)  # the agent's own checks, before anything is written
        except (AgentError, ValueError, TypeError) as exc:
            problems.append(f"chair {index}: {exc}")
            continue
        seats.append(spec)
    return tuple(seats)


def bot(text: str, limits: Limits) -> AgentSpec:
    """The agent a bot chair's text asks for; a search agent's strength (``weak``,
    ``medium``, ``strong``; ``medium`` when none is named) becomes its budget on this
    server. :class:`AgentError` for an unknown agent or parameter, or a budget."""
    name, _, rest = text.strip().partition(":")
    if name.strip() not in SEARCH:
        return AgentSpec.parse(text)
    strengths = limits.strengths()
    strength = DEFAULT_STRENGTH
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, _, value = item.partition("=")
        if key.strip() != STRENGTH:
            raise AgentError(f"agent {name.strip()!r}: a bot at this server is given a "
                             f"strength ({', '.join(strengths)}), not {key.strip()!r}: "
                             f"say {name.strip()}:strength=weak")
        strength = value.strip()
    if strength not in strengths:
        raise AgentError(f"agent {name.strip()!r}: unknown strength {strength!r} "
                         f"(strengths: {', '.join(strengths)})")
    return AgentSpec.of(name.strip(), iterations=strengths[strength])


def _ruleset(variant: object, modules: Sequence[str]) -> tuple[Ruleset, str]:
    """The ruleset a request names or carries, with ``modules`` applied."""
    if not isinstance(variant, str) or not variant.strip():
        raise RequestError(400, ["'variant' must be a bundled edition's id or a variant "
                                 f"file's text (bundled: "
                                 f"{', '.join(resources.bundled_variant_ids())})"])
    if "\n" not in variant and ":" not in variant:
        if variant not in resources.bundled_variant_ids():
            raise RequestError(422, [f"unknown variant {variant!r} (bundled: "
                                     f"{', '.join(resources.bundled_variant_ids())})"])
        try:
            return _bundled(variant, tuple(modules)), variant
        except RulesetError as exc:
            raise RequestError(422, [str(p) for p in exc.problems],
                               [p.to_dict() for p in exc.problems]) from None
    errors = [p for p in check_variant(variant) if p.get("severity") != "warning"]
    if errors:
        raise RequestError(422, [p["text"] for p in errors], errors)
    with tempfile.TemporaryDirectory(prefix="auctionrules-") as folder:
        path = Path(folder) / PASTED
        path.write_text(variant, encoding="utf-8")
        try:
            return load_ruleset(path, modules), PASTED
        except RulesetError as exc:
            raise RequestError(422, [str(p) for p in exc.problems],
                               [p.to_dict() for p in exc.problems]) from None


@functools.lru_cache(maxsize=64)
def _bundled(variant: str, modules: tuple[str, ...]) -> Ruleset:
    """A bundled edition with bundled modules, loaded once (a ruleset is frozen, so the
    tables that play it share it)."""
    return load_ruleset(variant, modules)


#: Where a ruleset names another file: the keys whose values are references.
_REFERENCE_KEYS = ("extends", "modules", "optional_modules")


def _path_references(text: str) -> dict[str, Any] | None:
    """The refusal of a pasted file that names a path (not a bundled id), or ``None``."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None  # the validator locates the syntax error
    if not isinstance(data, dict):
        return None
    refs: list[tuple[str, object]] = []
    for key in _REFERENCE_KEYS:
        value = data.get(key)
        items = value if isinstance(value, list) else [value]
        refs += [(f"$.{key}", item) for item in items if item is not None]
    theme = data.get("theme")
    if isinstance(theme, dict) and theme.get("from") is not None:
        refs.append(("$.theme.from", theme["from"]))
    bundled = {*resources.bundled_variant_ids(), *resources.bundled_module_ids()}
    for where, ref in refs:
        if isinstance(ref, str) and ref not in bundled:
            message = (f"{ref!r}: a variant file given to the server may name only bundled "
                       f"editions and modules ({', '.join(sorted(bundled))})")
            return {"file": PASTED, "line": 1, "column": 1, "message": message,
                    "json_path": where, "severity": "error",
                    "text": f"{PASTED}:1:1: {message} (at {where})"}
    return None
