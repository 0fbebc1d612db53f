"""The strategy registry: policy names used in YAML -> strategy classes, per rule axis.

Extension point
---------------
Every rule option whose schema accepts a custom name (``namespace.name``) is
an *axis*; the engine looks the ruleset's choice up here once, when a game is
compiled (:func:`~auctionrules.engine.rules.compile_rules`), and never names an
edition. To add a strategy, subclass the axis's base class from
:mod:`auctionrules.engine.policies` and register it::

    from auctionrules.engine import register
    from auctionrules.engine.policies import Payee, BANK

    @register("auctions.double.payee", "club.charity")
    class Charity(Payee):
        '''The whole price of a double goes to the bank.'''

        def payments(self, lot, winner, price):
            return ((BANK, price),)

then name it in a variant file: ``auctions: {double: {payee: club.charity}}``.
Every strategy class is built as ``cls(options, players, unit)``: the options of
its own section of the ruleset (the ``auctions.double`` section for a double's
payee, see :class:`~auctionrules.engine.policies.Strategy`), the number of
players and the bid unit; it reads nothing else of the ruleset. Unknown names
raise :class:`~auctionrules.engine.errors.RulesError` at compile time, listing
the names registered for the axis.

An axis is named by the schema path of its option (a player count is ``N``):
``auctions.open.ending`` -> ``OpenEnding``, ``auctions.sealed.tie_break`` ->
``SealedTieBreak``, ``auctions.double.payee`` -> ``Payee``, ``no_bid`` ->
``NoBid``, ``scoring.tie_break`` -> ``RankingTieBreak``, ``scoring.valuation``
-> ``Valuation``, ``next_round.starter`` -> ``Starter``,
``player_counts.N.dummy_hands.flip.when`` -> ``FlipWhen``. The earlier short
names (``double.payee``, ``open.ending``, ``sealed.tie_break``,
``dummy_hands.flip.when``) still work, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from auctionrules.engine.errors import RulesError

#: The axes a strategy can be registered for (schema paths of the options).
AXES: tuple[str, ...] = (
    "auctions.open.ending",
    "auctions.sealed.tie_break",
    "auctions.double.payee",
    "no_bid",
    "scoring.tie_break",
    "scoring.valuation",
    "next_round.starter",
    "player_counts.N.dummy_hands.flip.when",
)

#: Axis names of earlier versions -> their schema paths (accepted with a warning).
RENAMED: dict[str, str] = {
    "open.ending": "auctions.open.ending",
    "sealed.tie_break": "auctions.sealed.tie_break",
    "double.payee": "auctions.double.payee",
    "dummy_hands.flip.when": "player_counts.N.dummy_hands.flip.when",
}


def axis_name(axis: str) -> str:
    """The schema path of ``axis``; an earlier short name gives a DeprecationWarning."""
    new = RENAMED.get(axis)
    if new is None:
        return axis
    warnings.warn(
        f"strategy axis {axis!r} is now named by its schema path {new!r}",
        DeprecationWarning,
        stacklevel=3,
    )
    return new

_REGISTRY: dict[str, dict[str, type[Any]]] = {axis: {} for axis in AXES}
#: ``[n]``: changes with every (un)registration: compiled rules kept from before are stale.
_GENERATION = [0]

T = TypeVar("T", bound=type[Any])


def register(axis: str, name: str, cls: T | None = None) -> Any:
    """Register ``cls`` as strategy ``name`` of ``axis``; usable as a decorator.

    ``register("auctions.double.payee", "club.charity", Charity)`` or
    ``@register("auctions.double.payee", "club.charity")`` above the class.
    Registering a name again replaces the earlier class (so a test or a notebook
    can redefine it).
    """
    axis = axis_name(axis)
    if axis not in _REGISTRY:
        raise RulesError(f"unknown strategy axis {axis!r}; axes: {', '.join(AXES)}")

    def decorate(klass: T) -> T:
        _REGISTRY[axis][name] = klass
        _GENERATION[0] += 1
        return klass

    return decorate(cls) if cls is not None else decorate


def lookup(axis: str, name: str) -> type[Any]:
    """The class registered as ``name`` for ``axis``; ``RulesError`` if there is none."""
    axis = axis_name(axis)
    try:
        return _REGISTRY[axis][name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY.get(axis, {}))) or "none"
        hint = (
            " (register it with auctionrules.engine.register before compiling)"
            if "." in name
            else ""
        )
        raise RulesError(
            f"unknown {axis} strategy {name!r}{hint}; registered: {known}"
        ) from None


def registered(axis: str) -> tuple[str, ...]:
    """Names registered for ``axis``, sorted."""
    return tuple(sorted(_REGISTRY[axis_name(axis)]))


def unregister(axis: str, name: str) -> None:
    """Remove a registration (for tests)."""
    _REGISTRY[axis_name(axis)].pop(name, None)
    _GENERATION[0] += 1


def generation() -> int:
    """A number that changes whenever a strategy is registered or unregistered."""
    return _GENERATION[0]


Factory = Callable[..., Any]
