"""Game-AI environments: PettingZoo, Gymnasium and OpenSpiel over the engine.

Everything here needs the ``rl`` extra (``pip install 'auctionrules[rl]'``:
numpy, pettingzoo, gymnasium, open-spiel); the core package never imports it.
The three adapters share one encoding (:mod:`.encoding`): a fixed discrete
action space per ruleset and player count, a legal-action mask and a flat
observation vector of exactly what the seat's view shows, its parts declared
once (:mod:`.parts`). Everything goes through the public
:class:`~auctionrules.engine.Game` API: what a seat sees is read off its view
(:meth:`Game.view <auctionrules.engine.Game.view>`), the one place that decides
what is hidden.

The encoding's hooks (``Encoding.observe``, ``mask``, ``action``) and
:class:`~.encoding.PolicyAgent` take a trained policy back to the agents;
:mod:`.opponents` says who plays the seats an environment does not learn
(a self-play pool among them); :mod:`.learned` is the project's own trained
agent (numpy alone: the ``train`` extra) and :mod:`.bench` times the steps.
"""
