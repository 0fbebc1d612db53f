"""What the loader may answer for any file, and a time limit to catch hangs.

A file fed to the loader (:func:`auctionrules.loader.validate_text` or
:func:`~auctionrules.loader.validate_file`) may only be *valid* (no problem;
then :func:`~auctionrules.loader.load_ruleset` loads it and, when the engine is
installed, a random game on it completes) or *invalid* with a non-empty list
of located problems, each a :class:`~auctionrules.loader.Problem` printed as
``file:line:col: message (at $.json.path)`` with the line and column inside
the file. Anything else, an exception or a hang, is a violation.
"""

from __future__ import annotations

import contextlib
import re
import signal
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auctionrules import loader

PROBLEM_RE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.+) \(at (?P<path>\$[^\n]*)\)$",
    re.DOTALL,
)

#: Line breaks as YAML counts them (PyYAML's reader) and as ``str.splitlines`` does.
_YAML_BREAKS = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


class Hang(BaseException):
    """Raised inside the code under test when the time limit is over."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread after ``seconds``."""

    def fire(signum: int, frame: Any) -> None:
        raise Hang(f"{what} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _line_tables(data: bytes) -> list[list[str]]:
    text = data.decode("utf-8", "replace")
    return [text.split("\n"), _YAML_BREAKS.split(text), text.splitlines() or [""]]


def location_error(problem: str, files: dict[str, bytes]) -> str | None:
    """Why the text ``problem`` is not a well-located problem, or ``None`` if it is.

    ``files`` maps the paths a problem may name to their bytes; any other
    existing file is read. The line must be inside the file (one past the last
    line is allowed for "end of file") and the column inside that line (one
    past its end allowed).
    """
    match = PROBLEM_RE.match(problem)
    if match is None:
        return f"not in file:line:col: message (at $...) form: {problem!r}"
    name, line, col = match["file"], int(match["line"]), int(match["col"])
    if "Traceback" in problem:
        return f"traceback in problem: {problem!r}"
    data = files.get(name)
    if data is None:
        path = Path(name)
        if not path.is_file():
            return f"problem names a file that does not exist: {problem!r}"
        data = path.read_bytes()
    if line < 1 or col < 1:
        return f"line/col below 1: {problem!r}"
    for lines in _line_tables(data):
        if line <= len(lines) and col <= len(lines[line - 1]) + 1:
            return None
        if line == len(lines) + 1 and col == 1:
            return None
    return f"line {line} col {col} outside the file ({len(data)} bytes): {problem!r}"


def problem_error(problem: Any, files: dict[str, bytes]) -> str | None:
    """Why ``problem`` (a ``Problem`` value) breaks the contract, or ``None``.

    Checks the value's fields against its text form, then the location.
    """
    if not isinstance(problem, loader.Problem):
        return f"not a Problem but {type(problem).__name__}: {problem!r}"
    text = str(problem)
    fields = {name: getattr(problem, name, None) for name in
              ("file", "line", "column", "message", "json_path")}
    if any(value is None for value in fields.values()):
        return f"Problem without some field: {fields!r}"
    if not isinstance(fields["line"], int) or not isinstance(fields["column"], int):
        return f"line/column not integers: {fields!r}"
    if not str(fields["message"]).strip():
        return f"empty message: {text!r}"
    if not str(fields["json_path"]).startswith("$"):
        return f"json_path does not start with $: {text!r}"
    expected = (
        f"{fields['file']}:{fields['line']}:{fields['column']}: "
        f"{fields['message']} (at {fields['json_path']})"
    )
    if text != expected:
        return f"str(problem) is {text!r}, its fields give {expected!r}"
    return location_error(text, files)


def order_error(problems: Iterable[Any]) -> str | None:
    """Why the problems of one file are not sorted by position, or ``None``."""
    last: dict[str, tuple[int, int]] = {}
    for problem in problems:
        if not all(hasattr(problem, name) for name in ("file", "line", "column")):
            continue  # reported by problem_error
        key = (problem.line, problem.column)
        if problem.file in last and key < last[problem.file]:
            return f"problems not sorted by position: {problem} after {last[problem.file]}"
        last[problem.file] = key
    return None


_TEMPLATE_SUBS = [
    (re.compile(r"'[^']*'"), "'…'"),
    (re.compile(r'"[^"]*"'), '"…"'),
    (re.compile(r"\d+"), "N"),
    (re.compile(r"\s+"), " "),
]


def message_kind(problem: str) -> str:
    """A problem's message with the specifics blanked out: its kind, for counting."""
    match = PROBLEM_RE.match(problem)
    message = match["message"] if match else problem
    for pattern, repl in _TEMPLATE_SUBS:
        message = pattern.sub(repl, message)
    return message[:70]


@dataclass
class Tally:
    """Outcome counts of a fuzz run and the violations, with reproducers."""

    files: int = 0
    valid: int = 0
    invalid: int = 0
    uncompilable: int = 0
    modules: int = 0
    problems: int = 0
    games: int = 0
    actions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    by_mutation: Counter[tuple[str, str]] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def as_dict(self) -> dict[str, Any]:
        """The figures, for a JSON report."""
        mutations = sorted({kind for kind, _ in self.by_mutation})
        return {
            "files": self.files, "valid": self.valid, "invalid": self.invalid,
            "valid_but_uncompilable": self.uncompilable, "valid_modules": self.modules,
            "problems": self.problems,
            "games": self.games, "actions": self.actions,
            "violations": len(self.violations),
            "slowest_seconds": round(self.slowest[0], 3), "slowest": self.slowest[1],
            "by_mutation": {
                kind: {outcome: self.by_mutation[kind, outcome]
                       for outcome in ("valid", "invalid", "uncompilable", "violation")
                       if self.by_mutation[kind, outcome]}
                for kind in mutations
            },
            "problem_kinds": dict(self.kinds.most_common(40)),
        }

    def summary(self) -> str:
        """The figures as text."""
        lines = [
            f"files={self.files} valid={self.valid} invalid={self.invalid} "
            f"valid-but-uncompilable={self.uncompilable} valid-modules={self.modules} "
            f"problems={self.problems} "
            f"games={self.games} actions={self.actions} violations={len(self.violations)} "
            f"slowest={self.slowest[0]:.3f}s ({self.slowest[1]})",
            "outcome by mutation kind:",
        ]
        for kind, outcomes in self.as_dict()["by_mutation"].items():
            lines.append(f"  {kind:24s} " + " ".join(f"{k}={v}" for k, v in outcomes.items()))
        lines.append("first problem of each invalid file, by kind:")
        lines += [f"  {count:6d}  {kind}" for kind, count in self.kinds.most_common(25)]
        lines += [f"VIOLATION {v}" for v in self.violations[:20]]
        return "\n".join(lines)
