"""``auctionrules variants``: the bundled variants and modules."""

from __future__ import annotations

import argparse

HELP = "list the bundled variants and modules with titles and player counts"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default text)"
    )


def run(args: argparse.Namespace) -> int:
    import json

    from auctionrules import resources
    from auctionrules.loader import RulesetError, load_document, load_ruleset
    from auctionrules.text import Text

    variants: list[dict[str, object]] = []
    modules: list[dict[str, object]] = []
    failed = False
    for variant_id in resources.bundled_variant_ids():
        try:
            ruleset = load_ruleset(variant_id)
        except RulesetError as exc:  # a broken install; say so rather than hide it
            print(exc)
            failed = True
            continue
        variants.append(
            {
                "id": variant_id,
                "title": ruleset.title.get(ruleset.language),
                "players": list(ruleset.supported_players),
                "optional_modules": list(ruleset.optional_modules),
            }
        )
    for module_id in resources.bundled_module_ids():
        try:
            document = load_document(resources.modules_dir() / f"{module_id}.yaml")
        except RulesetError as exc:
            print(exc)
            failed = True
            continue
        modules.append({"id": module_id, "title": Text.of(document["title"]).get("en")})
    if args.format == "json":
        print(json.dumps({"variants": variants, "modules": modules}, indent=2, ensure_ascii=False))
        return 1 if failed else 0
    width = max(len(str(v["id"])) for v in [*variants, *modules]) + 2 if variants else 24
    print("variants:")
    for entry in variants:
        players = entry["players"]
        assert isinstance(players, list)
        counts = f"{players[0]}-{players[-1]}" if len(players) > 1 else f"{players[0]}"
        print(f"  {entry['id']!s:{width}} {counts} players  {entry['title']}")
    print("modules:")
    for entry in modules:
        print(f"  {entry['id']!s:{width}} {entry['title']}")
    return 1 if failed else 0
