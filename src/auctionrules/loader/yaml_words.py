"""YAML syntax errors said in the words of someone editing a ruleset.

The parsers describe their own state ("while parsing a block mapping, did not
find expected key"); the author needs the mistake in the file (a line indented
one space too far, a quote never closed) and where to look. libyaml and
PyYAML's pure-Python parser word the same mistakes differently, so each
mistake is recognised from either wording and said once, at the place both
parsers point to.
"""

from __future__ import annotations

from typing import Any

#: A 1-based ``(line, column)``.
Position = tuple[int, int]


def _position(mark: Any) -> Position | None:
    return (mark.line + 1, mark.column + 1) if mark is not None else None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _line_above(lines: list[str], index: int) -> int | None:
    """The 0-based index of the last line above ``index`` with content (not a comment)."""
    for above in range(min(index, len(lines)) - 1, -1, -1):
        stripped = lines[above].strip()
        if stripped and not stripped.startswith("#"):
            return above
    return None


def _spaces(count: int) -> str:
    return f"{count} space{'s' * (count != 1)}"


def plain(context: str | None, problem: str | None, context_mark: Any, problem_mark: Any,
          text: str) -> tuple[Position, str] | None:
    """The position and the plain message of a parser's syntax error, or ``None``
    when the mistake is not one this module knows (the caller words it generically)."""
    context, problem = context or "", problem or ""
    at, where = _position(problem_mark), _position(context_mark)
    lines = text.splitlines()
    if at is None:
        return None
    line = lines[at[0] - 1] if at[0] - 1 < len(lines) else ""
    above = _line_above(lines, at[0] - 1)
    if problem.startswith("mapping values are not allowed"):
        if above is not None and _indent(line) > _indent(lines[above]):
            return at, (
                f"this line is indented deeper ({_spaces(_indent(line))}) than line "
                f"{above + 1} ({_spaces(_indent(lines[above]))}), so it reads as the rest of "
                "that line's value; a key of the same mapping starts in the same column"
            )
        return at, (
            "': ' starts a key here, where none can be; if the colon belongs to the value, "
            "put the value in quotes"
        )
    if context.startswith("while parsing a block") and (
        problem.startswith(("did not find expected", "expected <block end>"))
    ):
        shown = f" (line {above + 1} is indented by {_spaces(_indent(lines[above]))})" if (
            above is not None) else ""
        items = "items of one list" if "collection" in context else "keys of one mapping"
        return at, (
            f"this line is indented by {_spaces(_indent(line))}, which lines up with nothing "
            f"above it{shown}: the {items} start in the same column"
        )
    if context.startswith("while scanning a simple key") and where is not None:
        return where, (
            "this line is neither 'key: value' nor a list item: a key needs a colon "
            "and a space after it"
        )
    if context.startswith("while parsing a flow") and where is not None:
        opening = "{" if "mapping" in context else "["
        closing = "}" if opening == "{" else "]"
        return at, (
            f"the '{opening}' opened at line {where[0]}, column {where[1]} is not closed: "
            f"separate its entries with ',' and end it with '{closing}'"
        )
    if context.startswith("while scanning a quoted scalar") and where is not None:
        return where, "this quote is never closed: end the text with the same quote mark"
    if problem.startswith("found undefined alias"):
        name = line[at[1]:].split()[0].rstrip(",]}") if at[1] <= len(line) else ""
        return at, (
            f"'*{name}' names no anchor: an alias repeats a value marked '&{name}' above it; "
            "a text that starts with '*' must be quoted"
        )
    if context.startswith("expected a single document"):
        return at, (
            "a second YAML document starts here: a ruleset file holds one document "
            "(remove the '---' line, or move what follows to its own file)"
        )
    if "cannot start any token" in problem:
        char = line[at[1] - 1] if at[1] - 1 < len(line) else ""
        return at, (
            f"{char!r} cannot start a value here; put the value in quotes"
            if char.strip() else "a value cannot start here; put it in quotes"
        )
    return None
