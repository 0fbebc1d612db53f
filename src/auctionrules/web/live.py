"""The live connection of one page: its frames in, the answers out.

A page sends actions as WebSocket text frames ``{"action": "bid 3000", "id": 7}``;
each frame gets one answer on the same connection, after the state it caused:
``{"type": "ack", "id": 7, ...}`` once the action is carried out and sent, or
``{"type": "error", "id": 7, "status": 409, "message": ...}`` saying why not. A
frame that is not such an object (binary, not JSON, too large) is answered with
an error too, and the connection stays open: a click is never lost in silence.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from starlette.websockets import WebSocket

from auctionrules.web.limits import Limits
from auctionrules.web.table import Table, TableError

#: The longest action id a client may send (it is sent back as it came).
ACK_ID = 64


class Socket:
    """A WebSocket as a table's :class:`~auctionrules.web.table.Connection`."""

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.sent = 0
        self.lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send_text(json.dumps(message, ensure_ascii=False))


def ack_id(body: dict[str, Any]) -> str | int | None:
    """The client's id of an action (sent back with its answer); :class:`TableError`
    if it is not a short text or a whole number."""
    ack = body.get("id")
    if ack is None or (isinstance(ack, int) and not isinstance(ack, bool)) or (
            isinstance(ack, str) and len(ack) <= ACK_ID):
        return ack
    raise TableError(400, f"an action's \"id\" is a text of at most {ACK_ID} characters "
                          "or a whole number")


async def answer(
    table: Table, seat: int | None, frame: Mapping[str, Any], limits: Limits
) -> dict[str, Any]:
    """Carry out one WebSocket frame; the answer to send: ``ack`` with the action's id
    once it is carried out (and its state sent), else ``error`` saying why."""
    text = frame.get("text")
    if not isinstance(text, str):
        return {"type": "error", "id": None, "message": "send text frames holding JSON "
                "({\"action\": \"pass\", \"id\": 1}), not binary ones"}
    ack: str | int | None = None
    try:
        if len(text.encode("utf-8")) > limits.message:
            raise TableError(413, f"the message is larger than {limits.message} bytes, "
                                  "the limit")
        try:
            body = json.loads(text)
        except ValueError as exc:
            raise TableError(400, f"the message is not JSON: {exc}") from None
        if not isinstance(body, dict) or "action" not in body:
            raise TableError(400, "send {\"action\": \"pass\"} (an action as text)")
        ack = ack_id(body)
        if seat is None:
            raise TableError(403, "a spectator cannot act: open the table with a seat's link")
        await table.act(seat, body["action"])
    except TableError as exc:
        return {"type": "error", "id": ack, "status": exc.status, "message": exc.message}
    return {"type": "ack", "id": ack, "version": table.version,
            "acted": table.acted[seat]}
