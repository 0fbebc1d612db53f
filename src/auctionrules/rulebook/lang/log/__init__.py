"""The phrases of a game's log, one module per language, kept apart from the rulebook's.

Each module (``en.py``, ``fr.py``) defines ``PHRASES``, a template per event and
situation, with :meth:`str.format` fields; a language's catalog exposes them as
:attr:`~auctionrules.rulebook.lang.Catalog.log`. Every language has the same keys
as English (``tests/docs`` checks it). The log reads the rules where they change
what it says (the ordinal of the card that ends a round, for instance); see
:mod:`auctionrules.rulebook.log`.
"""
