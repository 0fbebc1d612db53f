"""Where the bundled variants and schemas live, in a wheel or in a checkout.

The wheel ships ``variants/`` and ``schemas/`` inside the package; an editable
install or a plain checkout keeps them at the top of the repository. Callers
never need to know which: they ask for a path here.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

_PACKAGE = "auctionrules"


@cache
def data_dir(name: str) -> Path:
    """The directory ``name`` (``"variants"`` or ``"schemas"``) as a real path."""
    packaged = Path(str(resources.files(_PACKAGE))) / name
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"auctionrules data directory {name!r} is missing from the install")


def variants_dir() -> Path:
    """Bundled variant files (``<id>.yaml``)."""
    return data_dir("variants")


def modules_dir() -> Path:
    """Bundled module files (``<id>.yaml``)."""
    return data_dir("variants") / "modules"


def schema_path(name: str = "ruleset") -> Path:
    """``schemas/<name>.schema.json``."""
    return data_dir("schemas") / f"{name}.schema.json"


def bundled_variant_ids() -> tuple[str, ...]:
    """Ids of the bundled variants, sorted."""
    return tuple(sorted(p.stem for p in variants_dir().glob("*.yaml")))


def bundled_module_ids() -> tuple[str, ...]:
    """Ids of the bundled modules, sorted."""
    return tuple(sorted(p.stem for p in modules_dir().glob("*.yaml")))
