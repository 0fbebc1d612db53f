"""The ruleset's stated assumptions and the options that differ from the schema defaults.

A reader comparing the generated rulebook with a printed one needs to know
which readings the ruleset took where the book is silent, and which options
are not the schema's defaults (the choices that make this edition what it is).
"""

from __future__ import annotations

import json
import re
from typing import Any

from auctionrules.rulebook import schema
from auctionrules.rulebook.document import BulletList, Paragraph, Section
from auctionrules.rulebook.writer import Param, Writer
from auctionrules.text import Text

#: A key of a per-language text (the schema's ``text`` definition).
_LANGUAGE = re.compile(r"^[a-z]{2}$")


def show_value(value: Any, lang: str = "en") -> str:
    """An option value as a reader types it in YAML: ``true``, ``[30, 20, 10]``, ``adder``;
    a text given per language (``{en: dollars, fr: dollars}``) in the rulebook's language."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and value and all(_LANGUAGE.match(k) for k in value):
        return Text.of(value).get(lang)
    return json.dumps(value, ensure_ascii=False)


def assumptions(w: Writer) -> Section:
    """The notes of the ruleset, each with the topic it settles."""
    notes = w.ruleset.notes
    if not notes:
        return Section("notes", w.word("notes"))
    items = [
        w.say(f"notes.{i}", text=n.text.get(w.lang), topic=n.topic)
        for i, n in enumerate(notes)
    ]
    return Section("notes", w.word("notes"), [Paragraph([w.say("notes")]), BulletList(items)])


def non_defaults(w: Writer) -> Section:
    """Options whose value differs from the schema default, with both values."""
    changed = schema.non_default_options(w.ruleset.document)
    if not changed:
        return Section("defaults", w.word("defaults"))
    items = [
        w.say(
            "@default.item",
            opt.path,
            title=w.catalog.option_title(opt.path, opt.title),
            path=opt.path,
            value=Param(show_value(value, w.lang), (opt.path,)),
            default=show_value(opt.default, w.lang),
        )
        for opt, value in changed
    ]
    return Section(
        "defaults", w.word("defaults"), [Paragraph([w.say("@defaults")]), BulletList(items)]
    )
