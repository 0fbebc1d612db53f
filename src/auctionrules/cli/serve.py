"""``auctionrules serve``: tables in the browser for people and bots (the ``web`` extra)."""

from __future__ import annotations

import argparse
import sys

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


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from auctionrules.web.app import create_app
    except ModuleNotFoundError as exc:
        print(f"auctionrules serve: {exc.name} is missing: install the web extra "
              "(pip install 'auctionrules[web]')", file=sys.stderr)
        return 2
    from auctionrules.web.limits import DEFAULT

    if not 0 <= args.bot_pause <= DEFAULT.pause:
        print(f"auctionrules serve: --bot-pause must be from 0 to {DEFAULT.pause:g} seconds",
              file=sys.stderr)
        return 2
    data = args.data or default_data()
    try:
        app = create_app(data, pause=args.bot_pause)
    except OSError as exc:
        print(f"auctionrules serve: cannot use {data}: {exc}", file=sys.stderr)
        return 2
    print(f"auctionrules serve: tables kept in {data}")
    for address in addresses(args.host, args.port):
        print(f"  open {address}")
    sys.stdout.flush()
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning",
        ws_max_size=DEFAULT.upload, lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as exc:
        print(f"auctionrules serve: cannot listen on {args.host}:{args.port}: {exc}",
              file=sys.stderr)
        return 2
    return 0
