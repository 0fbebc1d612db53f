"""``auctionrules variants``: the bundled variants and modules."""

from __future__ import annotations

import argparse

HELP = "list the bundled variants and modules with titles and player counts"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


def run(args: argparse.Namespace) -> int:
    from auctionrules import resources
    from auctionrules.loader import load_ruleset

    for variant_id in resources.bundled_variant_ids():
        ruleset = load_ruleset(variant_id)
        counts = ruleset.supported_players
        print(f"{variant_id:24} {counts[0]}-{counts[-1]} players  {ruleset.title}")
    for module_id in resources.bundled_module_ids():
        print(f"{module_id:24} module")
    return 0
