"""The Starlette application: the pages, the JSON API and the live WebSocket.

=======================================  ==============================================
``GET /``                                the lobby (static HTML)
``GET /table/<id>?seat=<token>``         a table page (a spectator's without a token)
``GET /favicon.ico``                     the icon (``static/favicon.svg``)
``GET /api/catalog``                     bundled editions, modules, agents, languages
``POST /api/validate``                   ``{"variant": "<YAML>"}``: its located problems
``GET /api/tables``                      the listed tables: waiting for a person, playing
``POST /api/tables``                     create a table (see :mod:`.requests`): 201
``GET /api/tables/<id>``                 the table's public summary
``POST /api/tables/<id>/join``           ``{"seat": 2}``: a free chair's link
``POST /api/tables/<id>/again``          the same chairs again, the next seed: 201
``GET /api/tables/<id>/state``           ``?seat=<token>``: the seat's state message
``POST /api/tables/<id>/actions``        ``{"seat": "<token>", "action": "bid 3000"}``
``GET /api/tables/<id>/record``          the game record (finished, or with ``?host=``)
``GET /api/tables/<id>/rulebook``        the full rulebook (HTML; ``?format=md``)
``WS /ws/tables/<id>?seat=<token>``      state messages in, ``{"action": ..., "id": ...}``
                                         out, each answered ``ack`` or ``error``
=======================================  ==============================================

Every refusal is JSON ``{"error": "..."}`` with a status that says its kind (400
malformed, 403 wrong token, 404 unknown table, 409 not allowed now, 410 expired,
413 too large, 422 invalid content, 429 too many tables from one address, with
``Retry-After``, 503 too many tables); on the WebSocket it is a ``{"type":
"error", "message": ...}`` message, the connection kept, whatever the frame was.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from auctionrules import resources
from auctionrules.agents import agent_entries
from auctionrules.loader import load_ruleset
from auctionrules.rulebook import markdown
from auctionrules.web import rulebook_page
from auctionrules.web.limits import DEFAULT, DEFAULT_STRENGTH, Limits
from auctionrules.web.live import Socket, ack_id, answer
from auctionrules.web.manager import RateLimitError, Tables
from auctionrules.web.requests import SEARCH, STRENGTH, RequestError, check_variant, table_spec
from auctionrules.web.store import Store
from auctionrules.web.table import Table, TableError
from auctionrules.web.words import LANGUAGES, WORDS

LOG = logging.getLogger("auctionrules.web")
STATIC = Path(__file__).with_name("static")
#: Seconds between two sweeps of the tables (expiry, archiving).
SWEEP = 60.0

#: The page's scripts and styles come from the server itself, nothing inline or remote.
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "connect-src 'self' ws: wss:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class _Headers(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        for key, value in _HEADERS.items():
            response.headers.setdefault(key, value)
        return response


def _error(status: int, message: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status)


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, read up to ``limit`` bytes; :class:`RequestError` (413,
    400) when it is larger or not JSON."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise RequestError(413, [f"the request is larger than {limit} bytes, the limit"])
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise RequestError(413, [f"the request is larger than {limit} bytes, the limit"])
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise RequestError(400, [f"the body is not JSON: {exc}"]) from None


class _Api:
    """The routes of one application, over its tables."""

    def __init__(self, tables: Tables, limits: Limits, pause: float) -> None:
        self.tables = tables
        self.limits = limits
        self.pause = pause
        self._titles: dict[str, str] = {}

    async def lobby(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(self, request: Request) -> Response:
        try:
            self._table(request)
        except TableError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        return FileResponse(STATIC / "table.html")

    async def catalog(self, request: Request) -> Response:
        def title(ref: str) -> str:
            if ref not in self._titles:
                try:
                    self._titles[ref] = load_ruleset(ref).title.get("en")
                except Exception:  # a bundled file that fails is listed by id alone
                    self._titles[ref] = ref
            return self._titles[ref]

        return JSONResponse({
            "variants": [{"id": v, "title": title(v)} for v in resources.bundled_variant_ids()],
            "modules": list(resources.bundled_module_ids()),
            "agents": [{"name": e.name, "summary": e.summary, "search": e.name in SEARCH,
                        "parameters": ({STRENGTH: DEFAULT_STRENGTH} if e.name in SEARCH
                                       else {k: v for k, v in e.defaults.items()})}
                       for e in agent_entries()],
            "languages": list(LANGUAGES),
            "words": {lang: dict(w) for lang, w in WORDS.items()},
            "strengths": list(self.limits.strengths()),
            "strength": DEFAULT_STRENGTH,
            "limits": {"message": self.limits.message, "upload": self.limits.upload,
                       "tables": self.limits.tables, "pause": self.limits.pause,
                       "per_minute": self.limits.per_minute, "idle": self.limits.idle,
                       "keep": self.limits.keep},
        })

    async def validate(self, request: Request) -> Response:
        try:
            body = await _body(request, self.limits.upload)
        except RequestError as exc:
            return JSONResponse(exc.to_dict(), status_code=exc.status)
        text = body.get("variant") if isinstance(body, dict) else None
        if not isinstance(text, str):
            return _error(400, "send {\"variant\": \"<the variant file's YAML text>\"}")
        problems = check_variant(text)
        valid = not any(p["severity"] == "error" for p in problems)
        return JSONResponse({"valid": valid, "problems": problems})

    async def create(self, request: Request) -> Response:
        client = request.client.host if request.client else ""
        try:
            self.tables.admit(client)
            body = await _body(request, self.limits.upload)
            spec = table_spec(body, self.limits, self.pause)
            table, tokens, host = self.tables.create(spec)
        except RequestError as exc:
            return _refused(exc)
        self.tables.made(client)
        return _created(table, tokens, host)

    async def again(self, request: Request) -> Response:
        client = request.client.host if request.client else ""
        try:
            old = self._table(request)
            self.tables.admit(client)
            table, tokens, host = self.tables.create(self.tables.again(old))
        except TableError as exc:
            return _error(exc.status, exc.message)
        except RequestError as exc:
            return _refused(exc)
        self.tables.made(client)
        return _created(table, tokens, host)

    async def listing(self, request: Request) -> Response:
        waiting: list[dict[str, Any]] = []
        playing: list[dict[str, Any]] = []
        for table in self.tables.open():
            free = table.free()
            entry = {
                "id": table.id,
                "title": table.game.rules.ruleset.title.get(table.language),
                "variant": table.variant,
                "language": table.language,
                "players": [{"seat": s, "name": n, "person": c is None}
                            for s, (n, c) in enumerate(zip(table.names, table.chairs,
                                                           strict=True))],
                "free": [{"seat": s, "name": table.names[s]} for s in free],
                "version": table.version,
                "spectate": f"/table/{table.id}",
            }
            (waiting if free else playing).append(entry)
        return JSONResponse({"waiting": waiting, "playing": playing})

    async def join(self, request: Request) -> Response:
        try:
            table = self._table(request)
            body = await _body(request, self.limits.message)
            seat = body.get("seat") if isinstance(body, dict) else None
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise TableError(400, "send {\"seat\": <a free chair's number>}")
            token = table.take(seat)
        except RequestError as exc:
            return JSONResponse(exc.to_dict(), status_code=exc.status)
        except TableError as exc:
            return _error(exc.status, exc.message)
        return JSONResponse({"seat": seat, "name": table.names[seat],
                             "url": f"/table/{table.id}?seat={token}"})

    async def favicon(self, request: Request) -> Response:
        icon = STATIC / "favicon.svg"
        if not icon.is_file():
            return _error(404, "no icon")
        return FileResponse(icon, media_type="image/svg+xml",
                            headers={"Cache-Control": "max-age=86400"})

    def _table(self, request: Request | WebSocket) -> Table:
        return self.tables.get(request.path_params["id"])

    async def summary(self, request: Request) -> Response:
        try:
            table = self._table(request)
        except TableError as exc:
            return _error(exc.status, exc.message)
        ruleset = table.game.rules.ruleset
        return JSONResponse({
            "id": table.id,
            "title": ruleset.title.get(table.language),
            "variant": table.variant,
            "language": table.language,
            "players": [{"seat": s, "name": n, "person": c is None}
                        for s, (n, c) in enumerate(zip(table.names, table.chairs, strict=True))],
            "over": table.game.is_over,
            "version": table.version,
            "words": dict(table.presenter.words),
        })

    async def state(self, request: Request) -> Response:
        try:
            table = self._table(request)
            seat = table.seat_of(request.query_params.get("seat"))
        except TableError as exc:
            return _error(exc.status, exc.message)
        table.use(seat)
        return JSONResponse(table.message(seat))

    async def act(self, request: Request) -> Response:
        try:
            table = self._table(request)
            body = await _body(request, self.limits.message)
            if not isinstance(body, dict):
                raise TableError(400, "send {\"seat\": \"<token>\", \"action\": \"pass\"}")
            ack = ack_id(body)
            seat = table.seat_of(body.get("seat"))
            if seat is None:
                raise TableError(403, "an action needs the seat's token (\"seat\")")
            table.use(seat)
            await table.act(seat, body.get("action"))
        except RequestError as exc:
            return JSONResponse(exc.to_dict(), status_code=exc.status)
        except TableError as exc:
            return _error(exc.status, exc.message)
        return JSONResponse({**table.message(seat), "ack": ack})

    async def record(self, request: Request) -> Response:
        try:
            table = self._table(request)
        except TableError as exc:
            return _error(exc.status, exc.message)
        if not table.game.is_over and not table.is_host(request.query_params.get("host")):
            return _error(403, "while the game is running its record (which shows every "
                               "hand) is given only with the host token the table was "
                               "created with; everyone gets it once the game is over")
        headers = {}
        if "download" in request.query_params:
            headers["Content-Disposition"] = f'attachment; filename="{table.id}.json"'
        return JSONResponse(table.record(), headers=headers)

    async def rulebook(self, request: Request) -> Response:
        try:
            table = self._table(request)
        except TableError as exc:
            return _error(exc.status, exc.message)
        document = table.presenter.document
        if request.query_params.get("format") == "md":
            return PlainTextResponse(markdown.render(document),
                                     media_type="text/markdown; charset=utf-8")
        return Response(rulebook_page.page(document, table.language),
                        media_type="text/html; charset=utf-8")

    async def live(self, socket: WebSocket) -> None:
        await socket.accept()
        try:
            table = self._table(socket)
            seat = table.seat_of(socket.query_params.get("seat"))
        except TableError as exc:
            await socket.send_json({"type": "error", "message": exc.message})
            await socket.close(code=4000 + exc.status)
            return
        if len(table.connections) >= self.limits.connections:
            await socket.send_json({"type": "error", "message": "this table already has "
                                    f"{self.limits.connections} connections, its limit"})
            await socket.close(code=4429)
            return
        connection = Socket(socket, seat)
        table.connections.add(connection)
        table.use(seat)
        try:
            await table.send_state(connection)
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                reply = await answer(table, seat, frame, self.limits)
                async with connection.lock:  # after the state it answers, never before
                    await connection.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.connections.discard(connection)


def create_app(
    data: str | Path,
    *,
    limits: Limits = DEFAULT,
    pause: float = 0.8,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The application, keeping its tables under ``data``; bots pause ``pause`` seconds
    before acting unless a table's request says otherwise. ``clock`` (seconds since the
    epoch) times the rate limit, expiry and archiving."""
    tables = Tables(Store(data), limits, pause, clock)
    api = _Api(tables, limits, pause)

    async def sweeping() -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                tables.sweep()
            except Exception:  # a sweep that fails is retried at the next one
                LOG.exception("the sweep of the tables failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        going = tables.resume()
        LOG.info("resumed %d unfinished tables from %s", going, data)
        tables.sweep()
        sweeper = asyncio.create_task(sweeping(), name="sweep")
        yield
        sweeper.cancel()
        await tables.close()

    routes = [
        Route("/", api.lobby),
        Route("/favicon.ico", api.favicon),
        Route("/table/{id}", api.table_page),
        Route("/api/catalog", api.catalog),
        Route("/api/validate", api.validate, methods=["POST"]),
        Route("/api/tables", api.create, methods=["POST"]),
        Route("/api/tables", api.listing, methods=["GET"]),
        Route("/api/tables/{id}", api.summary),
        Route("/api/tables/{id}/join", api.join, methods=["POST"]),
        Route("/api/tables/{id}/again", api.again, methods=["POST"]),
        Route("/api/tables/{id}/state", api.state),
        Route("/api/tables/{id}/actions", api.act, methods=["POST"]),
        Route("/api/tables/{id}/record", api.record),
        Route("/api/tables/{id}/rulebook", api.rulebook),
        WebSocketRoute("/ws/tables/{id}", api.live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(_Headers)],
                    exception_handlers={Exception: _failed})
    app.state.tables = tables
    return app


def _refused(exc: RequestError) -> JSONResponse:
    """A create request refused: its problems, and after a rate limit when to try again."""
    headers = (
        {"Retry-After": str(exc.retry_after)} if isinstance(exc, RateLimitError) else None
    )
    return JSONResponse(exc.to_dict(), status_code=exc.status, headers=headers)


def _created(table: Table, tokens: dict[int, str], host: str) -> Response:
    """The answer to a table made: every link."""
    base = f"/table/{table.id}"
    return JSONResponse({
        "id": table.id,
        "seats": [{"seat": seat, "name": table.names[seat], "url": f"{base}?seat={token}"}
                  for seat, token in sorted(tokens.items())],
        "spectate": base,
        "host": f"/api/tables/{table.id}/record?host={host}",
        "private": table.private,
    }, status_code=201)


async def _failed(request: Request, exc: Exception) -> Response:
    """A fault of the server itself: logged, and still answered in JSON."""
    LOG.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return _error(500, "the server failed on this request; nothing was changed")
