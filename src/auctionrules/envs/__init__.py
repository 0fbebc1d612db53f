"""Game-AI environments: PettingZoo, Gymnasium and OpenSpiel over the engine.

Everything here needs the ``rl`` extra (``pip install 'auctionrules[rl]'``:
numpy, pettingzoo, gymnasium, open-spiel); the core package never imports it.
The three adapters share one encoding (:mod:`.encoding`): a fixed discrete
action space per ruleset and player count, a legal-action mask and a flat
observation vector of exactly what the seat's view shows. Everything goes
through the public :class:`~auctionrules.engine.Game` API: what a seat sees is
read off its view (:meth:`Game.view <auctionrules.engine.Game.view>`), the one
place that decides what is hidden.
"""
