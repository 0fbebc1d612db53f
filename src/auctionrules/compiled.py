"""What a compiled class needs to copy and pickle, and whether this install is compiled.

The engine's modules are compiled by mypyc when the package is built (see
``setup.py``); the very same source also runs as plain Python. Two kinds of
compiled class are copied and pickled (a game, its state, a view, an agent...):

* the documented extension points (the strategy bases, the agents, ``Game``), which
  users subclass in interpreted code, say so with ``@mypyc_attr(
  allow_interpreted_subclasses=True)`` (from ``mypy_extensions``): their instances
  are made and pickled as in plain Python. Those that keep fields of their own name
  them once, in a tuple that is also their ``__slots__``, and their
  ``__getstate__`` is :func:`state_of` that tuple, so that what an interpreted
  subclass adds is kept too;
* every other class is native and closed, and mypyc's constructor of such a class
  always runs its ``__init__``: one that is copied or pickled says how to make it
  again in ``__reduce__``, its constructor's arguments (:func:`reduced`), the rest
  of its fields read as mypyc or Python reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, TypeVar

__all__ = ["Reduced", "added_state", "is_compiled", "reduced", "set_state", "state_of"]

T = TypeVar("T")

#: What ``__reduce__`` returns: how to make the instance again.
Reduced = tuple[Callable[..., Any], tuple[Any, ...]]


def is_compiled(module: Any) -> bool:
    """Whether ``module`` was loaded from a C extension (a compiled install)."""
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def added_state(instance: object, fields: tuple[str, ...]) -> dict[str, Any]:
    """What ``instance`` keeps beyond its class's declared ``fields``: what an
    interpreted subclass adds, in its ``__dict__`` or in ``__slots__`` of its own."""
    state: dict[str, Any] = {}
    for klass in type(instance).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in fields and name not in ("__dict__", "__weakref__") \
                    and hasattr(instance, name):
                state[name] = getattr(instance, name)
    found = getattr(instance, "__dict__", None) or {}
    state.update((name, value) for name, value in found.items() if name not in fields)
    return state


def state_of(instance: object, fields: tuple[str, ...]) -> dict[str, Any]:
    """Every field of ``instance``: its class's declared ``fields`` and what a subclass
    adds (:func:`added_state`); an extension point's ``__getstate__``."""
    own = {name: getattr(instance, name) for name in fields if hasattr(instance, name)}
    return {**own, **added_state(instance, fields)}


def set_state(instance: object, state: dict[str, Any]) -> None:
    """Every field of ``state`` set on ``instance``; an extension point's ``__setstate__``."""
    for name, value in state.items():
        setattr(instance, name, value)


def reduced(instance: Any, args: tuple[Any, ...]) -> Reduced:
    """A closed class's ``__reduce__``: made again by its constructor from ``args``,
    then given every field it had (as mypyc's ``__getstate__`` or Python's reads them)."""
    return (remade, (type(instance), args, instance.__getstate__()))


def remade(cls: Callable[..., T], args: tuple[Any, ...], state: Any) -> T:
    """The instance :func:`reduced` describes. ``state`` is a dict of fields, or plain
    Python's pair ``(dict or None, slots or None)`` for a slotted class."""
    made = cls(*args)
    parts = state if isinstance(state, tuple) else (state,)
    for part in parts:
        set_state(made, part or {})
    return made
