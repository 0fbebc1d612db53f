"""A table in the browser: ``auctionrules serve`` (the ``web`` extra).

The server holds each table's :class:`~auctionrules.engine.Game` and never sends
it: every connection receives its seat's :class:`~auctionrules.engine.View`, its
legal moves and the public log in the rulebook's phrases (:mod:`.present`).
Modules, one concept each:

- :mod:`.limits`: the documented bounds on messages, uploads, tables and bot budgets;
- :mod:`.words`: the page's own words in English and French;
- :mod:`.requests`: a create-table request checked into a :class:`~.requests.TableSpec`;
- :mod:`.present`: what one seat (or a spectator) is sent;
- :mod:`.worth`: what a painting of each artist would pay if the round ended now;
- :mod:`.store`: each table's record on disk, appended before an action is acknowledged;
- :mod:`.table`: one table: the game, its seats and tokens, its connections;
- :mod:`.bots`: the agents that play the bot chairs, search in worker processes;
- :mod:`.manager`: every table of a server: resumed at start, rate-limited, swept;
- :mod:`.rulebook_page`: the table's full rulebook as an HTML page;
- :mod:`.live`: a page's live connection: each frame answered, ``ack`` or ``error``;
- :mod:`.app`: the Starlette application (routes, the JSON API, the WebSocket).

Import :func:`create_app` from :mod:`.app`; this package imports nothing heavy.
"""
