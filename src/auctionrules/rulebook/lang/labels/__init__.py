"""Option titles and value labels per language (``en.py``, ``fr.py``), re-exported by
each language's catalog module; ``tests/docs`` checks French has English's keys."""
