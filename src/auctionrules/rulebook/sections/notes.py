"""The designer section: where the ruleset comes from, its readings, its non-default options.

A player learns the game from the sections before this one; a designer, or a
player comparing the generated rulebook with a printed one, wants to know which
edition and file it transcribes, which readings it takes where the book is
silent, and which options are not the schema's defaults. Keeping all of that in
one clearly separated section leaves the player rulebook reading like a printed
one.
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Any

from auctionrules.rulebook import schema
from auctionrules.rulebook.document import BulletList, Paragraph, Section, Sentence
from auctionrules.rulebook.writer import Param, Writer, value_key
from auctionrules.text import ANY_LANGUAGE, Text

#: A key of a per-language text (the schema's ``text`` definition).
_LANGUAGE = re.compile(r"^[a-z]{2}$")
#: Options whose integer values are amounts of money (a player count's own starting
#: cash and ranking too).
_AMOUNTS = ("money.", "scoring.ranking")
_AMOUNT_ENDINGS = (".starting_cash", ".ranking")


def _is_amount(path: str) -> bool:
    return path.startswith(_AMOUNTS) or (
        path.startswith("player_counts.") and path.endswith(_AMOUNT_ENDINGS)
    )


def show_value(value: Any, lang: str = "en") -> str:
    """An option value as a reader types it in YAML: ``true``, ``[30, 20, 10]``, ``adder``;
    a text given per language (``{en: dollars, fr: dollars}``) in the rulebook's language."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and value and all(_LANGUAGE.match(k) for k in value):
        return Text.of(value).get(lang)
    return json.dumps(value, ensure_ascii=False)


def human_value(w: Writer, path: str, value: Any) -> str:
    """An option value as a player reads it: a label (``split equally between the two
    sellers``), ``yes``/``no``, an amount with its unit, a list joined with ``and``."""
    if isinstance(value, bool):
        label = w.catalog.value_label(path, value_key(value))
        return label or w.word("yes" if value else "no")
    if isinstance(value, str):
        label = w.catalog.value_label(path, value)
        if label is not None:
            return label
        if path.endswith("currency.format"):
            return value.replace("{amount}", "1000")
        if path.endswith("thousands_separator"):
            return w.word("quote", text=value)
        return value
    if isinstance(value, int) and _is_amount(path):
        return w.amount(value)
    if isinstance(value, list) and path.endswith("lead_requires_companion"):
        return w.word("with_players", counts=w.catalog.either([str(v) for v in value]))
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return w.catalog.join(value)
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        items = [w.amount(v) if _is_amount(path) else str(v) for v in value]
        return w.catalog.join(items)
    return show_value(value, w.lang)


def topic_title(w: Writer, topic: str) -> str | None:
    """The title of the option a note settles, in the rulebook's language; ``None`` for a
    topic that is no option (``seats``)."""
    parts = topic.split(".")
    while parts:
        path = ".".join(parts)
        try:
            title = schema.option(path).title
        except KeyError:
            parts.pop()
            continue
        return w.catalog.option_title(path, title)
    return None


def _quote(w: Writer, text: str) -> str:
    return w.word("quote", text=text)


def sources(w: Writer) -> Section:
    """The transcribed edition and where the card split comes from; the rulebook's file
    name is for the ruleset's readers, not the rulebook's."""
    r = w.ruleset
    items: list[Sentence] = []
    if r.edition:
        items.append(w.say("edition", edition=_quote(w, r.edition.get(w.lang))))
    split = r.theme.split_source
    if split is not None:
        items.append(w.say("theme.split_source", source=split.get(w.lang).rstrip(".")))
    elif r.edition or r.source:  # a transcription of a book: the book prints its split
        items.append(w.choose("theme.split_source", None))
    if not items:  # a house ruleset: its provenance is its base's, told by the notes
        return Section("designer.sources", w.word("sources"))
    return Section("designer.sources", w.word("sources"), [BulletList(items)])


def assumptions(w: Writer) -> Section:
    """The notes of the ruleset, each after the title of the option it settles; notes not
    written in the rulebook's language are quoted as written."""
    notes = w.ruleset.notes
    if not notes:
        return Section("notes", w.word("notes"))
    items = []
    quoted = False
    for i, note in enumerate(notes):
        if _moot(w, note.topic):
            continue
        own = w.lang in set(note.text.languages()) or (
            dict(note.text.items).keys() == {ANY_LANGUAGE} and w.ruleset.language == w.lang
        )
        text = note.text.get(w.lang)
        if not own:
            quoted = True
            text = _quote(w, text)
        title = topic_title(w, note.topic)
        if title is None:
            items.append(w.say(f"notes.{i}", template="description", description=text))
        else:
            items.append(w.say(f"notes.{i}", text=text, topic=title))
    if quoted:
        written = note_language(w)
        intro = w.say("notes.quoted", language=written)
    else:
        intro = w.say("notes")
    return Section("notes", w.word("notes"), [Paragraph([intro]), BulletList(items)])


def _moot(w: Writer, topic: str) -> bool:
    """Whether a note reads a rule this ruleset never plays: a reading of the dummy
    hands of a player count that deals none, in a ruleset that offers no optional
    rule (a house file extending an edition does not inherit the edition's optional
    rules, but does inherit its notes)."""
    parts = topic.split(".")
    if parts[:1] != ["player_counts"] or len(parts) < 3 or parts[2] != "dummy_hands":
        return False
    r = w.ruleset
    try:
        hands = r.player_count(int(parts[1])).dummy_hands.hands
    except (KeyError, ValueError):
        return False
    return hands == 0 and not r.optional_modules


def note_language(w: Writer) -> str:
    """The name, in the rulebook's language, of the language the notes are written in."""
    code = w.ruleset.language if w.ruleset.language != w.lang else "en"
    try:
        return w.word(f"lang.{code}")
    except KeyError:
        return code


def option_title(w: Writer, path: str, title: str) -> str:
    """The option's title in the rulebook's language, with its player count if it has one
    (``Dummy hands (2 players)``)."""
    text = w.catalog.option_title(path, title)
    parts = path.split(".")
    if parts[0] == "player_counts" and len(parts) > 2 and parts[1].isdigit():
        text += f" ({w.word('n_players', n=parts[1])})"
    return text


def non_defaults(w: Writer) -> Section:
    """Options whose value differs from the schema default, with both values."""
    changed = schema.non_default_options(w.ruleset.document)
    if not changed:
        return Section("defaults", w.word("defaults"))
    items = [
        w.say(
            "@default.item",
            opt.path,
            title=option_title(w, opt.path, opt.title),
            value=Param(human_value(w, opt.path, value), (opt.path, "theme.currency")),
            default=human_value(w, opt.path, opt.default),
        )
        for opt, value in changed
    ]
    return Section(
        "defaults", w.word("defaults"), [Paragraph([w.say("@defaults")]), BulletList(items)]
    )


def base_changes(w: Writer) -> Section | None:
    """The options a variant changes from the ruleset it extends, which it names; ``None``
    for a whole edition (its options are compared with the defaults instead), or when
    that ruleset cannot be loaded any more."""
    # (the diff builds rulebooks, whose designer section this is: imported when used)
    from auctionrules.loader import RulesetError, load_ruleset  # noqa: PLC0415
    from auctionrules.rulebook.diff import option_lines  # noqa: PLC0415

    ref = w.ruleset.base
    if ref is None:
        return None
    try:
        base = load_ruleset(ref)
    except (RulesetError, OSError):
        return None
    name = base.title.get(w.lang)
    shown = PurePath(ref).name  # a bundled id, or the file's name (not where it lies)
    lines = option_lines(base, w.ruleset, w.lang)
    intro = w.say("@base", "extends", base=Param(name, ("extends",)),
                  ref=Param(shown, ("extends",)))
    blocks: list[Paragraph | BulletList] = [Paragraph([intro])]
    items: list[Sentence] = []
    for line in lines:
        if line.path != "theme.artists":
            items.append(w.say("@base.item", line.path, title=line.title, value=line.b,
                               base=line.a))
            continue
        # artists only one side has: those the variant removes, those it adds
        if line.a != "-":
            items.append(w.say("@base.removed", line.path, title=line.title, base=line.a))
        if line.b != "-":
            items.append(w.say("@base.added", line.path, title=line.title, value=line.b))
    if items:
        blocks.append(BulletList(items))
    else:
        blocks.append(Paragraph([w.say("@base.same")]))
    return Section("designer.base", w.word("base", base=name), blocks)


def designer(w: Writer) -> Section:
    """The whole designer section: sources, assumptions, and the options that differ from
    the ruleset the variant extends (named), or, for a whole edition, from the defaults."""
    intro = Paragraph([w.say("@designer")])
    parts = [sources(w), assumptions(w), base_changes(w) or non_defaults(w)]
    return Section("designer", w.word("designer"), [intro], parts)
