"""Reading YAML safely into plain data that remembers where each value was written.

PyYAML's ``safe_load`` forgets positions, silently keeps the last of two
duplicate keys and expands aliases without limit. Here the parser's events are
composed into nodes by a small composer of our own (so the nesting depth is
capped before Python's recursion limit is near), and the nodes are converted
to plain data by a walk that

- records the 1-based ``(line, column)`` of every value and every mapping key
  under its JSON path, so later checks can point into the file;
- reports duplicate keys, tags other than YAML's plain data types (a
  ``!!python/object`` is never constructed), merge keys and non-scalar keys;
- caps the number of values after alias expansion (billion laughs) and the
  nesting depth of the expanded data.

Files larger than :data:`MAX_BYTES` are refused before parsing; bytes that are
not UTF-8 or contain NUL are located errors too. libyaml's parser is used when
PyYAML has it (it is much faster), else PyYAML's pure-Python one.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import yaml
import yaml.cyaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from auctionrules.loader import yaml_words
from auctionrules.loader.problems import JsonPath, Problem, json_path

#: Files above this size are refused before parsing (a ruleset is a few KiB).
MAX_BYTES = 1 << 20
#: Deepest nesting of lists and mappings (a ruleset needs about 6 levels).
MAX_DEPTH = 64
#: Most values a document may hold once aliases are expanded.
MAX_VALUES = 50_000

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")}

Position = tuple[int, int]


@attrs.frozen
class Located:
    """One file's plain data with the position of every value and mapping key.

    ``values`` maps the JSON path of each value to where it starts; ``keys``
    maps the path of each mapping entry to where its key is written (an
    unknown key is reported at the key, a wrong value at the value).
    """

    file: str
    data: dict[str, Any]
    values: Mapping[JsonPath, Position]
    keys: Mapping[JsonPath, Position]

    def position(self, path: JsonPath, *, key: bool = False) -> Position:
        """Where ``path`` is written, or its nearest written ancestor."""
        if key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))


class _AbortError(Exception):
    """A limit was hit; the file is not read any further."""

    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


def read_file(path: Path, name: str | None = None) -> tuple[Located | None, list[Problem]]:
    """Read and parse ``path``; problems are reported under ``name`` (default: the path)."""
    label = str(path) if name is None else name
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return None, [Problem(label, 1, 1, f"cannot read the file: {reason}")]
    return parse_bytes(data, label)


def parse_bytes(data: bytes, name: str) -> tuple[Located | None, list[Problem]]:
    """Parse the bytes of a ruleset file (size and encoding checked first)."""
    if len(data) > MAX_BYTES:
        return None, [
            Problem(
                name,
                1,
                1,
                f"the file is larger than {MAX_BYTES // 1024} KiB; a ruleset is a short YAML text",
            )
        ]
    nul = data.find(b"\0")
    if nul >= 0:
        line, column = _byte_position(data, nul)
        return None, [
            Problem(name, line, column, "the file contains a NUL byte: binary data, not YAML text")
        ]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(data, exc.start)
        return None, [
            Problem(
                name,
                line,
                column,
                f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} here)",
            )
        ]
    return parse_text(text.removeprefix("\ufeff"), name)


def parse_text(text: str, name: str = "<string>") -> tuple[Located | None, list[Problem]]:
    """Parse YAML text into :class:`Located` data, or the problems that prevent it."""
    if len(text) > MAX_BYTES:
        return None, [Problem(name, 1, 1, f"the text is longer than {MAX_BYTES} characters")]
    if "\0" in text:
        line, column = _text_position(text, text.index("\0"))
        return None, [Problem(name, line, column, "the text contains a NUL character")]
    try:
        root = _Composer(text).compose()
    except _AbortError as exc:
        return None, [Problem(name, *_mark(exc.mark), exc.message)]
    except yaml.reader.ReaderError as exc:
        position = exc.position
        if yaml.__with_libyaml__:  # libyaml counts bytes of the UTF-8 text
            line, column = _byte_position(text.encode("utf-8"), position)
        else:
            line, column = _text_position(text, position)
        char = exc.character
        code = char if isinstance(char, int) else ord(str(char)[:1] or "?")
        message = f"YAML: the control character U+{code:04X} is not allowed in the text; remove it"
        return None, [Problem(name, line, column, message)]
    except yaml.MarkedYAMLError as exc:
        return None, [_tab_problem(name, text, exc) or _yaml_problem(name, exc, text)]
    except yaml.YAMLError as exc:  # unmarked: rare, reported at the start
        return None, [Problem(name, 1, 1, f"YAML: {exc}")]
    if root is None:
        return None, [
            Problem(
                name, 1, 1, "the file is empty; a ruleset is a mapping with at least id and title"
            )
        ]
    if not isinstance(root, MappingNode):
        kind = "a list" if isinstance(root, SequenceNode) else "a single value"
        return None, [
            Problem(
                name,
                *_mark(root.start_mark),
                f"the file must be a mapping of ruleset keys (id: ..., title: ...), not {kind}",
            )
        ]
    converter = _Converter(name)
    try:
        data = converter.convert(root, (), 0)
    except _AbortError as exc:
        return None, [Problem(name, *_mark(exc.mark), exc.message)]
    if converter.problems:
        return None, converter.problems
    return Located(name, data, converter.values, converter.keys), []


def _mark(mark: Any) -> Position:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _yaml_problem(name: str, exc: yaml.MarkedYAMLError, text: str) -> Problem:
    """The syntax error in plain words (:mod:`yaml_words`); a mistake it does not know is
    said as "not valid YAML here" with the parser's own reason."""
    said = yaml_words.plain(exc.context, exc.problem, exc.context_mark, exc.problem_mark, text)
    if said is not None:
        return Problem(name, *said[0], f"YAML: {said[1]}")
    mark = exc.problem_mark or exc.context_mark
    reason = f" ({exc.problem})" if exc.problem else ""
    return Problem(name, *_mark(mark), f"YAML: this is not valid YAML{reason}")


def _tab_problem(name: str, text: str, exc: yaml.MarkedYAMLError) -> Problem | None:
    """The plain reason when a syntax error is on a line indented with a tab.

    YAML forbids tabs in indentation; the parsers say "found character that
    cannot start any token", which does not name the tab an editor hides.
    """
    mark = exc.problem_mark or exc.context_mark
    if mark is None:
        return None
    lines = text.splitlines()
    if mark.line >= len(lines):
        return None
    line = lines[mark.line]
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    if "\t" not in indent:
        return None
    return Problem(
        name,
        mark.line + 1,
        indent.index("\t") + 1,
        "YAML: tabs are not allowed for indentation; indent with spaces",
    )


def _byte_position(data: bytes, offset: int) -> Position:
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[start:offset].decode("utf-8", "replace")) + 1


def _text_position(text: str, index: int) -> Position:
    start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - start + 1


class _PyParser(Reader, Scanner, Parser):
    """PyYAML's pure-Python event parser, when libyaml is missing."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)


def _parser(text: str) -> Any:
    if yaml.__with_libyaml__:
        return yaml.cyaml.CParser(text)  # type: ignore[attr-defined]
    return _PyParser(text)


class _Composer:
    """Parser events -> nodes, like PyYAML's composer but with a depth cap."""

    def __init__(self, text: str) -> None:
        self.parser = _parser(text)
        self.resolver = Resolver()
        self.anchors: dict[str, Node] = {}

    def compose(self) -> Node | None:
        events = yaml.events
        parser = self.parser
        parser.get_event()  # stream start
        if parser.check_event(events.StreamEndEvent):
            return None
        document = parser.get_event()
        node = self._node(1)
        parser.get_event()  # document end
        if not parser.check_event(events.StreamEndEvent):
            extra = parser.get_event()
            raise yaml.composer.ComposerError(
                "expected a single document in the stream",
                document.start_mark,
                "but found another document",
                extra.start_mark,
            )
        return node

    def _node(self, depth: int) -> Node:
        events = yaml.events
        parser = self.parser
        if parser.check_event(events.AliasEvent):
            alias = parser.get_event()
            if alias.anchor not in self.anchors:
                raise yaml.composer.ComposerError(
                    None, None, f"found undefined alias {alias.anchor!r}", alias.start_mark
                )
            return self.anchors[alias.anchor]
        event = parser.peek_event()
        if depth > MAX_DEPTH:
            raise _AbortError(
                f"lists and mappings are nested deeper than {MAX_DEPTH} levels", event.start_mark
            )
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise yaml.composer.ComposerError(
                f"found duplicate anchor {anchor!r}",
                self.anchors[anchor].start_mark,
                "second occurrence",
                event.start_mark,
            )
        node: Node
        if parser.check_event(events.ScalarEvent):
            event = parser.get_event()
            tag = self._tag(ScalarNode, event, event.value)
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            if anchor is not None:
                self.anchors[anchor] = node
        elif parser.check_event(events.SequenceStartEvent):
            event = parser.get_event()
            tag = self._tag(SequenceNode, event)
            node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
            if anchor is not None:  # before the items: an alias to itself is caught later
                self.anchors[anchor] = node
            while not parser.check_event(events.SequenceEndEvent):
                node.value.append(self._node(depth + 1))
            node.end_mark = parser.get_event().end_mark
        else:
            event = parser.get_event()
            tag = self._tag(MappingNode, event)
            node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
            if anchor is not None:
                self.anchors[anchor] = node
            while not parser.check_event(events.MappingEndEvent):
                key = self._node(depth + 1)
                node.value.append((key, self._node(depth + 1)))
            node.end_mark = parser.get_event().end_mark
        return node

    def _tag(self, kind: type[Node], event: Any, value: str | None = None) -> str:
        """The event's explicit tag, or the one YAML's rules give a plain value."""
        tag: str | None = event.tag
        if tag is None or tag == "!":
            resolved: str = self.resolver.resolve(  # type: ignore[no-untyped-call]
                kind, value, event.implicit
            )
            return resolved
        return tag


class _Converter:
    """Nodes -> plain data, recording positions and collecting problems."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.values: dict[JsonPath, Position] = {}
        self.keys: dict[JsonPath, Position] = {}
        self.problems: list[Problem] = []
        self.count = 0
        self.constructor = SafeConstructor()

    def problem(self, node: Node, path: JsonPath, message: str) -> None:
        self.problems.append(Problem(self.name, *_mark(node.start_mark), message, json_path(path)))

    def convert(self, node: Node, path: JsonPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _AbortError(
                f"more than {MAX_VALUES} values once aliases are expanded (an alias bomb?)",
                node.start_mark,
            )
        if depth > MAX_DEPTH:
            raise _AbortError(
                f"lists and mappings are nested deeper than {MAX_DEPTH} levels "
                "once aliases are expanded",
                node.start_mark,
            )
        self.values.setdefault(path, _mark(node.start_mark))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != f"{_TAG}seq":
                self.problem(
                    node,
                    path,
                    f"tag {_short(node.tag)!r} is not allowed; "
                    "only plain YAML data (strings, numbers, true/false, null, "
                    "lists, mappings)",
                )
                return None
            return [self.convert(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if node.tag != f"{_TAG}map":
            self.problem(
                node,
                path,
                f"tag {_short(node.tag)!r} is not allowed; only plain YAML "
                "data (strings, numbers, true/false, null, lists, mappings)",
            )
            return None
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.problem(
                    key_node,
                    path,
                    "a mapping key must be a plain word or number, not a list or mapping",
                )
                continue
            key = key_node.value
            if key_node.tag == f"{_TAG}merge":
                self.problem(
                    key_node,
                    path,
                    "merge keys (<<) are not supported; use extends or modules to reuse rules",
                )
                continue
            if key_node.tag not in _SCALAR_TAGS:
                self.problem(
                    key_node, path, f"tag {_short(key_node.tag)!r} is not allowed on a key"
                )
                continue
            child = (*path, key)
            if key in result:
                first = self.keys[child][0]
                self.problem(
                    key_node, child, f"duplicate key {key!r} (first defined on line {first})"
                )
                continue
            self.keys[child] = _mark(key_node.start_mark)
            result[key] = self.convert(value_node, child, depth + 1)
        return result

    def scalar(self, node: ScalarNode, path: JsonPath) -> Any:
        tag = node.tag
        if tag in (f"{_TAG}str", f"{_TAG}timestamp"):
            return node.value  # a date stays the text written: JSON has no dates
        constructors = {
            f"{_TAG}int": self.constructor.construct_yaml_int,
            f"{_TAG}float": self.constructor.construct_yaml_float,
            f"{_TAG}bool": self.constructor.construct_yaml_bool,
            f"{_TAG}null": self.constructor.construct_yaml_null,
        }
        construct = constructors.get(tag)
        if construct is None:
            self.problem(
                node,
                path,
                f"tag {_short(tag)!r} is not allowed; only plain YAML data "
                "(strings, numbers, true/false, null, lists, mappings)",
            )
            return None
        try:
            return construct(node)
        except (ValueError, KeyError, TypeError, OverflowError):
            self.problem(node, path, f"{_clip(node.value)!r} is not a valid {_short(tag)}")
            return None


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
