"""What the compiled install needs from the source, and whether this one is compiled.

The engine's modules are compiled by mypyc when the package is built (see
``setup.py``); the very same source also runs as plain Python. A class that users
may subclass in their own, interpreted code (a strategy, an agent) says so with
:func:`mypyc_attr` ``(allow_interpreted_subclasses=True)``: mypyc reads the
decorator when it compiles, and the plain install, which may not have
``mypy_extensions``, gets a decorator that changes nothing.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # (the plain install: nothing to tell a compiler)

        def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:
            """Stands in for ``mypy_extensions.mypyc_attr``: returns the class unchanged."""
            return lambda cls: cls


__all__ = ["is_compiled", "mypyc_attr"]


def is_compiled(module: Any) -> bool:
    """Whether ``module`` was loaded from a C extension (a compiled install)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))
