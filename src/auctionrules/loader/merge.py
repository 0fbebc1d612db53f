"""Deep merge of ruleset documents, the semantics of ``extends`` and ``modules``.

Mappings merge key by key, lists and scalars replace, and ``null`` removes the
inherited key: the three rules a variant author needs to change one option
without restating the rest.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any


def merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """``overlay`` merged into a deep copy of ``base``."""
    result = copy.deepcopy(dict(base))
    for key, value in overlay.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = merge(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result
