"""A table in the browser: ``auctionrules serve`` (the ``web`` extra).

The server holds each table's :class:`~auctionrules.engine.Game` and never sends
it: every connection receives its seat's :class:`~auctionrules.engine.View`, its
legal moves and the public log in the rulebook's phrases (:mod:`.present`).
Modules, one concept each:

- :mod:`.limits`: the documented bounds on messages, uploads and tables;
- :mod:`.words`: the page's own words in English and French;
- :mod:`.requests`: a create-table request checked into a :class:`~.requests.TableSpec`;
- :mod:`.present`: what one seat (or a spectator) is sent;
- :mod:`.store`: each table's record on disk, appended before an action is acknowledged;
- :mod:`.table`: one table: the game, its seats and tokens, its connections;
- :mod:`.bots`: the agents that play the bot chairs, off the event loop when slow;
- :mod:`.manager`: every table of a server, resumed at start;
- :mod:`.rulebook_page`: the table's full rulebook as an HTML page;
- :mod:`.app`: the Starlette application (routes, the JSON API, the WebSocket).

Import :func:`create_app` from :mod:`.app`; this package imports nothing heavy.
"""
