"""What the compiled install needs from the source, and whether this one is compiled.

The engine's modules are compiled by mypyc when the package is built (see
``setup.py``); the very same source also runs as plain Python. A class that users
may subclass in their own, interpreted code (a strategy, an agent) says so with
:func:`mypyc_attr` ``(allow_interpreted_subclasses=True)``: mypyc reads the
decorator when it compiles, and the plain install, which may not have
``mypy_extensions``, gets a decorator that changes nothing.

A compiled class that is pickled or copied (a game, its state, a view...) says
``serializable=True``, and with it ``allow_interpreted_subclasses=True``: mypyc
(2.x) builds a class that is serializable alone without running its
``__init__`` when the class is called from interpreted code (every attribute
then reads as undefined); with both, the class is made and pickled as in plain
Python. ``tests/test_build.py`` holds every such class to that.
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


__all__ = ["is_compiled", "mypyc_attr", "own_state", "set_state", "subclass_state"]


def is_compiled(module: Any) -> bool:
    """Whether ``module`` was loaded from a C extension (a compiled install)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def subclass_state(instance: object, base: type, own: frozenset[str]) -> dict[str, Any]:
    """What a subclass of ``base`` keeps beyond ``base``'s own fields (``own``, which
    plain Python keeps in the same ``__dict__``): its ``__dict__`` and the
    ``__slots__`` its classes declare. A compiled class's ``__getstate__``
    adds this to its own fields, so that a copy or a pickle of an interpreted
    subclass (a user's agent or game) carries the subclass's state too, compiled or
    not."""
    found = getattr(instance, "__dict__", None) or {}
    state: dict[str, Any] = {name: value for name, value in found.items() if name not in own}
    for klass in type(instance).__mro__:
        if klass is base:
            break
        for name in klass.__dict__.get("__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(instance, name):
                state[name] = getattr(instance, name)
    return state


def own_state(instance: object, base: type, own: frozenset[str]) -> dict[str, Any]:
    """What a pickle or a copy of ``instance`` keeps: ``base``'s own fields (``own``)
    and what a subclass adds (:func:`subclass_state`); a compiled class's
    ``__getstate__``."""
    return {**{name: getattr(instance, name) for name in sorted(own)},
            **subclass_state(instance, base, own)}


def set_state(instance: object, state: dict[str, Any]) -> None:
    """Every field of ``state`` set on ``instance``; a compiled class's ``__setstate__``."""
    for name, value in state.items():
        setattr(instance, name, value)
