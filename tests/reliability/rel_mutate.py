"""Seeded mutations of the bundled variant files, for the loader fuzz tests.

Two levels of mutation:

- tree mutations: the YAML is parsed, one node of the document is dropped,
  duplicated, retyped, perturbed, wrapped, moved or replaced, and the result is
  dumped back to YAML;
- text mutations: the YAML text itself is edited (a character deleted or
  inserted, indentation changed, anchors and aliases, tabs, duplicated or
  swapped lines, truncation, NUL and non-UTF-8 bytes).

Everything is driven by one :class:`random.Random`, so ``mutate(seed)`` always
gives the same bytes for the same bundled files.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
VARIANT_FILES = sorted((ROOT / "variants").glob("*.yaml"))
MODULE_FILES = sorted((ROOT / "variants" / "modules").glob("*.yaml"))
SOURCE_FILES = VARIANT_FILES + MODULE_FILES


def _schema_strings() -> list[str]:
    """Every enum value and default string of the schema: plausible policy names."""
    schema = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum":
                    found.update(v for v in value if isinstance(v, str))
                elif key == "default" and isinstance(value, str):
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema)
    return sorted(found)


POLICY_STRINGS = _schema_strings()
BUNDLED_IDS = sorted(p.stem for p in VARIANT_FILES) + sorted(p.stem for p in MODULE_FILES)
UNICODE_STRINGS = [
    "Édouard Manet",
    "梵高",
    "ﾓﾀﾞﾝｱｰﾄ",
    "🎨🖼️",
    "\u202eevil\u202c",  # right-to-left override
    "zero\u200bwidth",
    "e\u0301\u0301\u0301",  # stacked combining accents
    "\ufeffbom",
    "\U0001f4a9" * 50,
    "line\nbreak",
    "tab\tinside",
    "quote\"'`",
    "{amount}{amount}",
    "%s%n%x",
    "$.theme",
    "null",
    "~",
    "yes",
    "0x1F",
    "1e400",
    ".nan",
]
HUGE_NUMBERS = [10**12, 10**12 + 1, 2**31, 2**63, 2**64 + 1, 10**30, 10**400, -(10**30)]
WEIRD_SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("inf"),
    float("-inf"),
    float("nan"),
    "",
    " ",
    [],
    {},
    [None],
    {"": None},
]


@dataclass
class Mutant:
    """One mutated file: its bytes, where it came from and what was done."""

    seed: int
    source: Path
    data: bytes
    steps: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """A file name that keeps the source's name (``extends`` by id still works)."""
        return f"{self.source.stem}-m{self.seed}.yaml"

    def describe(self) -> str:
        """How to reproduce it, for failure messages."""
        return f"seed={self.seed} source={self.source.name} steps={self.steps}"

    @property
    def kind(self) -> str:
        """The kind of the first mutation (``tree:perturb``, ``text:alias`` ...), for figures."""
        return step_kind(self.steps[0]) if self.steps else "tree:noop"


_KIND_WORDS = {
    "delete char": "delete-char", "insert": "insert-char", "indent": "indent",
    "anchor": "alias", "undefined alias": "alias", "tabs": "tabs", "duplicate line": "dup-line",
    "delete line": "delete-line", "swap lines": "swap-lines", "truncate": "truncate",
    "tag": "tag", "key-only": "key-only", "prefix": "directive", "NUL": "nul",
    "invalid UTF-8": "bad-utf8", "UTF-16": "utf16", "CRLF": "crlf", "latin-1": "latin1",
}


def step_kind(step: str) -> str:
    """A step's kind: ``"text: delete char 12"`` -> ``"text:delete-char"``."""
    level, sep, rest = step.partition(": ")
    if sep and level in ("text", "bytes", "tree"):
        for words, kind in _KIND_WORDS.items():
            if rest.startswith(words):
                return f"{level}:{kind}"
        return f"{level}:{rest.split()[0] if rest.split() else 'other'}"
    word = re.split(r"[ =\[]", step, maxsplit=1)[0]
    return f"tree:{'extends' if word in ('extends', 'modules') else word}"


# -- tree mutations ------------------------------------------------------------


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if len(prefix) > 40:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _random_scalar(rng: random.Random) -> Any:
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(HUGE_NUMBERS)
    if kind == 1:
        return rng.randint(-1000, 1000)
    if kind == 2:
        return rng.choice(POLICY_STRINGS)
    if kind == 3:
        return rng.choice(UNICODE_STRINGS)
    if kind == 4:
        return copy.deepcopy(rng.choice(WEIRD_SCALARS))
    if kind == 5:
        return _random_policy(rng)
    return rng.choice(BUNDLED_IDS)


def _random_policy(rng: random.Random) -> str:
    """A policy-looking string: a near miss, a custom ``ns.name`` or garbage."""
    base = rng.choice(POLICY_STRINGS)
    choice = rng.randrange(8)
    if choice == 0:
        return base.upper()
    if choice == 1:
        return base.replace("-", "_")
    if choice == 2:
        return base + " "
    if choice == 3:
        return f"{rng.choice(['my', 'x', 'house'])}.{base.replace('-', '_')}"
    if choice == 4:
        return f"Bad.{base}"
    if choice == 5:
        return "".join(rng.choice("abc-._ XYZ0") for _ in range(rng.randint(0, 12)))
    if choice == 6:
        return base[: rng.randint(0, len(base))]
    return "." + base


def _perturb(value: Any, rng: random.Random) -> Any:
    """A value near ``value``: a number nudged, scaled, negated; a string edited."""
    if isinstance(value, bool):
        return rng.choice([not value, int(value), str(value).lower(), None])
    if isinstance(value, int):
        return rng.choice(
            [value + 1, value - 1, -value, 0, value * 1000, value * 10**12, float(value) + 0.5,
             str(value), -1, rng.choice(HUGE_NUMBERS)]
        )
    if isinstance(value, float):
        return rng.choice([int(value), -value, value * 1e300, str(value)])
    if isinstance(value, str):
        return rng.choice(
            [value.upper(), value + rng.choice(UNICODE_STRINGS), "", value * 200,
             value[::-1], _random_policy(rng), rng.choice(UNICODE_STRINGS),
             value.replace("-", "_")]
        )
    if isinstance(value, list):
        if not value:
            return [_random_scalar(rng)]
        return rng.choice([[], value + value, value[:-1], value[::-1], [value], value * 20])
    if isinstance(value, dict):
        if not value:
            return {"x": 1}
        return rng.choice([{}, [value], list(value.values()), list(value), {"nested": value}])
    return _random_scalar(rng)


def _retype(value: Any, rng: random.Random) -> Any:
    """``value`` as another type."""
    options: list[Any] = [
        str(value),
        [value],
        {"value": value},
        None,
        True,
        rng.randint(-5, 100),
        1.25,
        "",
    ]
    if isinstance(value, dict):
        options.append(list(value.items()))
    if isinstance(value, list):
        options.append({str(i): v for i, v in enumerate(value)})
    return rng.choice([o for o in options if type(o) is not type(value)] or options)


def _deep(value: Any, rng: random.Random) -> Any:
    """A placeholder that :func:`dump` turns into deeply nested flow YAML.

    Building the nesting as Python objects would make the YAML dumper (and
    this module's walks) recurse past Python's limit; text is enough.
    """
    depth = rng.choice([20, 100, 300, 900, 5000])
    return f"__DEEP_{depth}_{rng.choice(['list', 'dict'])}__"


_DEEP = re.compile(r"'?__DEEP_(\d+)_(list|dict)__'?")


def _expand_deep(match: re.Match[str]) -> str:
    depth = int(match.group(1))
    if match.group(2) == "list":
        return "[" * depth + "1" + "]" * depth
    return "{a: " * depth + "1" + "}" * depth


TreeOp = Callable[[Any, tuple[Any, ...], random.Random, list[str]], Any]


def _op_drop(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    if not path:
        return doc
    parent = _get(doc, path[:-1])
    if isinstance(parent, dict):
        parent.pop(path[-1], None)
    else:
        del parent[path[-1]]
    log.append(f"drop {path}")
    return doc


def _op_duplicate(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    if not path:
        return doc
    parent = _get(doc, path[:-1])
    value = copy.deepcopy(parent[path[-1]])
    if isinstance(parent, list):
        parent.insert(path[-1], value)
    else:
        parent[f"{path[-1]}{rng.choice(['', '_', '2', ' '])}"] = value
    log.append(f"duplicate {path}")
    return doc


def _op_retype(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"retype {path}")
    return _set(doc, path, _retype(_get(doc, path), rng))


def _op_perturb(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"perturb {path}")
    return _set(doc, path, _perturb(_get(doc, path), rng))


def _op_replace(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"replace {path}")
    return _set(doc, path, _random_scalar(rng))


def _op_policy(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"policy {path}")
    return _set(doc, path, rng.choice([_random_policy(rng), rng.choice(POLICY_STRINGS)]))


def _op_deep(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"deep {path}")
    return _set(doc, path, _deep(_get(doc, path), rng))


def _op_empty(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    log.append(f"empty {path}")
    return _set(doc, path, rng.choice([[], {}, "", None]))


def _op_move(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    """Wrong nesting: move a key into a random other mapping of the document."""
    if not path or not isinstance(doc, dict):
        return doc
    value = copy.deepcopy(_get(doc, path))
    mappings = [p for p in _paths(doc) if isinstance(_get(doc, p), dict)]
    target = rng.choice(mappings)
    _get(doc, target)[str(path[-1])] = value
    log.append(f"move {path} -> {target}")
    return _op_drop(doc, path, rng, log) if rng.random() < 0.5 else doc


def _op_swap(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    """Swap two values anywhere in the document."""
    paths = [p for p in _paths(doc) if p]
    if len(paths) < 2:
        return doc
    a, b = rng.sample(paths, 2)
    if a[: len(b)] == b or b[: len(a)] == a:
        return doc
    va, vb = copy.deepcopy(_get(doc, a)), copy.deepcopy(_get(doc, b))
    _set(doc, a, vb)
    _set(doc, b, va)
    log.append(f"swap {a} <-> {b}")
    return doc


def _op_add_key(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    node = _get(doc, path)
    if isinstance(node, dict):
        key = rng.choice(
            ["extra", "Money", "rounds", "extends", "modules", "kind", "id", "", "💥", "1"]
        )
        node[key] = _random_scalar(rng)
        log.append(f"add {path}.{key}")
    return doc


def _op_rename(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    if not path or not isinstance(_get(doc, path[:-1]), dict):
        return doc
    parent = _get(doc, path[:-1])
    key = path[-1]
    new = rng.choice([str(key).upper(), f"{key}s", str(key).replace("_", "-"), f" {key}", 7])
    parent[new] = parent.pop(key)
    log.append(f"rename {path} -> {new!r}")
    return doc


def _op_extends(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    """``extends`` and ``modules`` pointed at other, missing, cyclic or odd targets."""
    if not isinstance(doc, dict):
        return doc
    target = rng.choice(
        [*BUNDLED_IDS, str(doc.get("id", "x")), "no-such-variant", "../variants/taiwan.yaml",
         "/etc/passwd", "modules/two-player.yaml", "", ".", "..", "taiwan.yaml", 5]
    )
    if rng.random() < 0.6:
        doc["extends"] = target
        log.append(f"extends={target!r}")
    else:
        doc["modules"] = rng.choice([[target], [target, target], target, [], [*BUNDLED_IDS]])
        log.append(f"modules={doc['modules']!r}")
    return doc


def _op_player_counts(doc: Any, path: tuple[Any, ...], rng: random.Random, log: list[str]) -> Any:
    if not isinstance(doc, dict):
        return doc
    counts = doc.setdefault("player_counts", {})
    if not isinstance(counts, dict):
        return doc
    key = rng.choice(["0", "1", "2", "6", "12", "13", "two", 3, "-1", "03"])
    counts[key] = rng.choice(
        [{"deal": [rng.randint(0, 100) for _ in range(rng.randint(0, 13))]},
         {"deal": [1, 1, 1, 1], "dummy_hands": {"hands": rng.randint(0, 5)}},
         {"deal": [0, 0, 0, 0]}, {"deal": [100] * 4}, {}]
    )
    log.append(f"player_counts[{key!r}]={counts[key]!r}")
    return doc


TREE_OPS: list[TreeOp] = [
    _op_drop, _op_drop, _op_duplicate, _op_retype, _op_retype, _op_perturb, _op_perturb,
    _op_perturb, _op_replace, _op_policy, _op_policy, _op_deep, _op_empty, _op_move, _op_swap,
    _op_add_key, _op_rename, _op_extends, _op_player_counts,
]


def mutate_tree(doc: Any, rng: random.Random, log: list[str]) -> Any:
    """Apply one random tree operation to a random node of ``doc``."""
    op = rng.choice(TREE_OPS)
    path = rng.choice(list(_paths(doc)))
    return op(doc, path, rng, log)


def dump(doc: Any, rng: random.Random) -> str:
    """``doc`` as YAML, in block or flow style."""
    text = yaml.dump(
        doc,
        Dumper=yaml.CSafeDumper,
        sort_keys=False,
        allow_unicode=rng.random() < 0.7,
        default_flow_style=rng.choice([False, None, True]),
        width=rng.choice([80, 10**6]),
    )
    return _DEEP.sub(_expand_deep, text)


# -- text mutations --------------------------------------------------------------

INSERTS = [":", "-", " ", "\t", "[", "]", "{", "}", "'", '"', "&", "*", "!", "#", "\n", "|",
           ">", ",", "?", "%", "@", "`", "é", "\u2028", "\ufeff", "\x85", "\x07"]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def mutate_text(text: str, rng: random.Random, log: list[str]) -> str:
    """Apply one random text operation to ``text``."""
    if not text:
        return rng.choice(INSERTS)
    op = rng.randrange(12)
    pos = rng.randrange(len(text))
    lines = _lines(text)
    line_no = rng.randrange(len(lines))
    if op == 0:
        log.append(f"text: delete char {pos}")
        return text[:pos] + text[pos + 1 :]
    if op == 1:
        char = rng.choice(INSERTS)
        log.append(f"text: insert {char!r} at {pos}")
        return text[:pos] + char + text[pos:]
    if op == 2:
        delta = rng.choice([-2, -1, 1, 2, 3])
        line = lines[line_no]
        lines[line_no] = line[-delta:] if delta < 0 and line.startswith("  ") else " " * max(
            delta, 0
        ) + line
        log.append(f"text: indent line {line_no + 1} by {delta}")
        return "\n".join(lines)
    if op == 3:
        # An anchor on one value and an alias to it somewhere else.
        candidates = [i for i, ln in enumerate(lines) if ": " in ln]
        if len(candidates) >= 2:
            a, b = sorted(rng.sample(candidates, 2))
            key, _, value = lines[a].partition(": ")
            lines[a] = f"{key}: &a {value}"
            key, _, _ = lines[b].partition(": ")
            lines[b] = f"{key}: *a"
            log.append(f"text: anchor line {a + 1}, alias line {b + 1}")
        else:
            lines.insert(line_no, "x: *a")
            log.append(f"text: undefined alias line {line_no + 1}")
        return "\n".join(lines)
    if op == 4:
        log.append("text: tabs for indentation")
        return "\n".join(
            "\t" * ((len(ln) - len(ln.lstrip(" "))) // 2) + ln.lstrip(" ") if rng.random() < 0.3
            else ln for ln in lines
        )
    if op == 5:
        log.append(f"text: duplicate line {line_no + 1}")
        lines.insert(line_no, lines[line_no])
        return "\n".join(lines)
    if op == 6:
        log.append(f"text: delete line {line_no + 1}")
        del lines[line_no]
        return "\n".join(lines)
    if op == 7:
        other = rng.randrange(len(lines))
        lines[line_no], lines[other] = lines[other], lines[line_no]
        log.append(f"text: swap lines {line_no + 1} and {other + 1}")
        return "\n".join(lines)
    if op == 8:
        log.append(f"text: truncate at {pos}")
        return text[:pos]
    if op == 9:
        tag = rng.choice(["!!python/object/apply:os.system ['true']", "!!binary aGk=", "!!set {a}",
                          "!!omap [a: 1]", "!custom x", "!!timestamp 2001-12-14", "!!float 1",
                          "!!str", "!!python/name:os.system", "<<: {a: 1}"])
        key, sep, value = lines[line_no].partition(": ")
        lines[line_no] = f"{key}: {tag}" if sep else f"{lines[line_no]} {tag}"
        log.append(f"text: tag {tag!r} line {line_no + 1}")
        return "\n".join(lines)
    if op == 10:
        log.append(f"text: key-only line {line_no + 1}")
        key, sep, _ = lines[line_no].partition(": ")
        lines[line_no] = f"{key}:" if sep else lines[line_no] + ":"
        return "\n".join(lines)
    directive = rng.choice(
        ["%YAML 1.1\n---\n", "---\n", "...\n", "--- |\n", "%TAG ! tag:x,2000:\n"]
    )
    log.append(f"text: prefix {directive!r}")
    return directive + text


def mutate_bytes(data: bytes, rng: random.Random, log: list[str]) -> bytes:
    """Byte-level damage: NUL, invalid UTF-8, a UTF-16 file, CR line ends."""
    op = rng.randrange(5)
    pos = rng.randrange(len(data) + 1)
    if op == 0:
        log.append(f"bytes: NUL at {pos}")
        return data[:pos] + b"\x00" + data[pos:]
    if op == 1:
        junk = rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xc0\xaf"])
        log.append(f"bytes: invalid UTF-8 {junk!r} at {pos}")
        return data[:pos] + junk + data[pos:]
    if op == 2:
        log.append("bytes: UTF-16")
        return data.decode("utf-8", "replace").encode("utf-16")
    if op == 3:
        log.append("bytes: CRLF/CR line ends")
        return data.replace(b"\n", rng.choice([b"\r\n", b"\r"]))
    log.append("bytes: latin-1")
    return data.decode("utf-8", "replace").encode("latin-1", "replace")


_PARSED: dict[Path, tuple[str, Any]] = {}


def _source(path: Path) -> tuple[str, Any]:
    if path not in _PARSED:
        text = path.read_text(encoding="utf-8")
        _PARSED[path] = (text, yaml.load(text, Loader=yaml.CSafeLoader))
    text, doc = _PARSED[path]
    return text, copy.deepcopy(doc)


def apply_steps(source: Path, steps: list[tuple[str, int]], seed: int = -1) -> Mutant:
    """Apply ``steps`` (each a level, ``tree``/``text``/``bytes``, and a seed) to ``source``.

    Byte-level steps come last whatever their position; a tree step after a
    text step that broke the YAML is skipped (and says so in the log).
    """
    text, doc = _source(source)
    log: list[str] = []
    state_is_doc = True
    for level, step_seed in steps:
        rng = random.Random(step_seed)
        if level == "tree":
            if not state_is_doc:
                if "[" * 20 in text or "{a: " * 20 in text:
                    log.append("tree: skipped, text too deep to walk")
                    continue
                try:
                    doc = yaml.load(text, Loader=yaml.CSafeLoader)
                except Exception:  # PyYAML itself fails on some texts (bad !!timestamp)
                    log.append("tree: skipped, text does not parse")
                    continue
            try:
                doc = mutate_tree(doc, rng, log)
                text = dump(doc, rng)
            except (RecursionError, yaml.YAMLError, TypeError):
                log.append("tree: skipped, document too deep to dump")
            state_is_doc = False
        elif level == "text":
            text = mutate_text(text, rng, log)
            state_is_doc = False
    data = text.encode("utf-8", "surrogatepass")
    for level, step_seed in steps:
        if level == "bytes":
            data = mutate_bytes(data, random.Random(step_seed), log)
    return Mutant(seed, source, data, log)


def mutate(seed: int) -> Mutant:
    """The mutant number ``seed``: a bundled file with one to three mutations."""
    rng = random.Random(seed)
    source = rng.choice(SOURCE_FILES)
    level = rng.random()
    count = rng.choice([1, 1, 1, 2, 3])
    if level < 0.55:
        steps = [("tree", rng.randrange(2**32)) for _ in range(count)]
    elif level < 0.92:
        steps = [("text", rng.randrange(2**32)) for _ in range(count)]
    else:
        steps = [("bytes", rng.randrange(2**32))]
        if rng.random() < 0.3:
            steps.insert(0, (rng.choice(["tree", "text"]), rng.randrange(2**32)))
    return apply_steps(source, steps, seed)
