"""The sentences of the auction types per language (``en.py``, ``fr.py``): the longest
part of a rulebook, kept apart from each catalog and merged into its ``SENTENCES``."""
