"""Events: what happened, as frozen values in the game's log.

Every event is public: hands are never listed (``deal`` gives only the number
of cards each hand received), a sealed bid is logged as ``sealed-bid`` without
its amount until the ``reveal`` event, and a dummy card appears only once
it is turned over. So the whole log can be shown to any player, except that
prices are left out of views when ``money.public_prices`` is off.
"""

from __future__ import annotations

from typing import Any

import attrs


def _freeze(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(data.items())


@attrs.frozen
class Event:
    """One thing that happened: ``kind`` (``deal``, ``play``, ``add``, ``bid``, ``pass``,
    ``price``, ``sealed-bid``, ``reveal``, ``sold``, ``unsold``, ``flip``, ``round-end``,
    ``scored``, ``game-end`` ...), the 1-based ``round`` and JSON-able ``fields``."""

    kind: str
    round: int
    fields: tuple[tuple[str, Any], ...] = attrs.field(converter=_freeze, eq=True)

    def __getitem__(self, key: str) -> Any:
        for name, value in self.fields:
            if name == key:
                return value
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The field ``key``, or ``default``."""
        try:
            return self[key]
        except KeyError:
            return default

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form: ``{"kind": ..., "round": ..., **fields}``."""
        out: dict[str, Any] = {"kind": self.kind, "round": self.round}
        out.update(self.fields)
        return out

    def __str__(self) -> str:
        rest = " ".join(f"{k}={v}" for k, v in self.fields)
        return f"[r{self.round}] {self.kind} {rest}".rstrip()
