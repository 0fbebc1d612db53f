"""``auctionrules serve``: tables in the browser for people and bots (the ``web`` extra)."""

from __future__ import annotations

import argparse
import logging
import sys

from auctionrules.web.limits import DEFAULT, STRENGTHS, Limits

HELP = "serve tables in the browser: any variant, people and bots (needs the web extra)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 lets "
        "others on the same network join)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--data", metavar="DIR", default=None,
        help="where tables are kept (default: the per-user data directory)",
    )
    parser.add_argument(
        "--bot-pause", type=float, default=0.8, metavar="SECONDS",
        help="how long a bot waits before acting, so people can follow (default 0.8)",
    )
    limits = parser.add_argument_group(
        "limits", "bounds that keep a public server usable (docs: 'Play in the browser')")
    limits.add_argument(
        "--tables", type=int, default=DEFAULT.tables, metavar="N",
        help=f"unfinished tables at once (default {DEFAULT.tables})",
    )
    limits.add_argument(
        "--tables-per-minute", type=int, default=DEFAULT.per_minute, metavar="N",
        help=f"tables one address may create in a minute (default {DEFAULT.per_minute})",
    )
    limits.add_argument(
        "--idle-minutes", type=float, default=DEFAULT.idle / 60, metavar="MINUTES",
        help="a table no person has played in expires this long after it was made "
        f"(default {DEFAULT.idle / 60:g})",
    )
    limits.add_argument(
        "--keep-days", type=float, default=DEFAULT.keep / 86400, metavar="DAYS",
        help="a finished table is archived this long after its end "
        f"(default {DEFAULT.keep / 86400:g})",
    )
    limits.add_argument(
        "--bot-iterations", type=int, default=DEFAULT.iterations, metavar="N",
        help="the most determinizations a search bot is given per decision: the "
        f"strengths {', '.join(f'{k} {v}' for k, v in STRENGTHS.items())} are cut down to "
        f"it (default {DEFAULT.iterations})",
    )
    limits.add_argument(
        "--bot-workers", type=int, default=DEFAULT.workers, metavar="N",
        help="processes that search for the bots (default 0: one per core)",
    )


def default_data() -> str:
    """The per-user data directory's ``tables`` folder."""
    from platformdirs import user_data_dir

    return str(user_data_dir("auctionrules", appauthor=False) + "/tables")


def addresses(host: str, port: int) -> list[str]:
    """The addresses people can open: every address of this machine for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/"]
    import socket

    found = {"127.0.0.1"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:  # the address this machine uses toward the network (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return [f"http://{address}:{port}/" for address in sorted(found)]


def limits_of(args: argparse.Namespace) -> tuple[Limits, str | None]:
    """The server's limits from the flags, or the problem with one."""
    checks = [
        (args.tables >= 1, "--tables must be at least 1"),
        (args.tables_per_minute >= 1, "--tables-per-minute must be at least 1"),
        (args.idle_minutes > 0, "--idle-minutes must be more than 0"),
        (args.keep_days > 0, "--keep-days must be more than 0"),
        (args.bot_iterations >= 1, "--bot-iterations must be at least 1"),
        (args.bot_workers >= 0, "--bot-workers must be 0 (one per core) or more"),
    ]
    problem = next((message for good, message in checks if not good), None)
    limits = Limits(
        tables=max(1, args.tables), per_minute=max(1, args.tables_per_minute),
        idle=args.idle_minutes * 60, keep=args.keep_days * 86400,
        iterations=max(1, args.bot_iterations), workers=max(0, args.bot_workers),
    )
    return limits, problem


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from auctionrules.web.app import create_app
    except ModuleNotFoundError as exc:
        print(f"auctionrules serve: {exc.name} is missing: install the web extra "
              "(pip install 'auctionrules[web]')", file=sys.stderr)
        return 2
    if not 0 <= args.bot_pause <= DEFAULT.pause:
        print(f"auctionrules serve: --bot-pause must be from 0 to {DEFAULT.pause:g} seconds",
              file=sys.stderr)
        return 2
    limits, problem = limits_of(args)
    if problem:
        print(f"auctionrules serve: {problem}", file=sys.stderr)
        return 2
    data = args.data or default_data()
    try:
        app = create_app(data, pause=args.bot_pause, limits=limits)
    except OSError as exc:
        print(f"auctionrules serve: cannot use {data}: {exc}", file=sys.stderr)
        return 2
    handler = logging.StreamHandler(sys.stderr)  # the tables resumed, set aside, archived
    handler.setFormatter(logging.Formatter("auctionrules serve: %(message)s"))
    log = logging.getLogger("auctionrules.web")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    print(f"auctionrules serve: tables kept in {data}")
    for address in addresses(args.host, args.port):
        print(f"  open {address}")
    sys.stdout.flush()
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning",
        ws_max_size=limits.upload, lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as exc:
        print(f"auctionrules serve: cannot listen on {args.host}:{args.port}: {exc}",
              file=sys.stderr)
        return 2
    return 0
