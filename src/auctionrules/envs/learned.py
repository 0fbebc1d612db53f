"""A learned agent: a small numpy network over the shared encoding, trained by the project.

The policy is a multilayer perceptron (ReLU hidden layers) from the observation
vector (:mod:`.parts`) to one logit per action index (:mod:`.encoding`); the
agent plays the legal index with the highest logit (or, with ``temperature``
above 0, samples the masked softmax with its seeded generator). Inference is
numpy alone: a few small matrix products a decision.

Its weights are one ``.npz`` file per ruleset and player count (the
observation's layout depends on both), kept in ``envs/weights/`` and made by
``python benchmarks/rl_train.py`` (see ``docs/rl-encoding.rst``, "A learned
agent"): the file names the variant, the player count and the encoding's
options it was trained with, and the agent refuses a game it was not trained
for, saying which it knows. Until a policy beats the ``heuristic`` agent it is
not in the agents registry: name it ``auctionrules.envs.learned:make`` (or pass
``weights=`` a file of one's own).
"""

from __future__ import annotations

import itertools
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from auctionrules.envs.encoding import Encoding

if TYPE_CHECKING:
    from auctionrules.engine.actions import Action
    from auctionrules.engine.legal import Legal
    from auctionrules.engine.views import View

#: Where the shipped weights are.
WEIGHTS = Path(__file__).resolve().parent / "weights"


def weights_name(variant: str, players: int) -> str:
    """The file name of the weights for ``variant`` at ``players``."""
    return f"learned-{variant}-{players}.npz"


class Network:
    """The policy's layers: ``layers`` pairs of weights and biases, ReLU between."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.layers = layers

    @classmethod
    def new(cls, sizes: list[int], rng: np.random.Generator) -> Network:
        """A network of ``sizes`` (input, hidden..., output), He-initialised."""
        layers = []
        for fan_in, fan_out in itertools.pairwise(sizes):
            scale = np.sqrt(2.0 / fan_in)
            layers.append(((rng.standard_normal((fan_in, fan_out)) * scale).astype(np.float32),
                           np.zeros(fan_out, dtype=np.float32)))
        return cls(layers)

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The output for a vector or a batch of rows."""
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name (``w0``, ``b0``, ...), as saved."""
        out = {}
        for k, (w, b) in enumerate(self.layers):
            out[f"w{k}"], out[f"b{k}"] = w, b
        return out

    @classmethod
    def from_arrays(cls, arrays: Any) -> Network:
        """The network of saved weights."""
        count = sum(1 for name in arrays if str(name).startswith("w"))
        return cls([(np.asarray(arrays[f"w{k}"], dtype=np.float32),
                     np.asarray(arrays[f"b{k}"], dtype=np.float32)) for k in range(count)])


def save(path: Path, network: Network, meta: dict[str, Any]) -> None:
    """Write ``network`` and what it was trained for (``meta``: variant, players,
    buckets, amounts, limits, and any notes) to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {f"meta_{key}": np.array(str(value)) for key, value in meta.items()}
    arrays.update(network.arrays())
    with path.open("wb") as out:
        np.savez_compressed(out, **arrays)


def load(path: Path) -> tuple[Network, dict[str, str]]:
    """The network and its notes saved in ``path``."""
    with np.load(path) as data:
        meta = {name[5:]: str(data[name]) for name in data.files if name.startswith("meta_")}
        network = Network.from_arrays({n: data[n] for n in data.files if n[0] in "wb"})
    return network, meta


class LearnedAgent:
    """Plays a trained :class:`Network` through the encoding it was trained with."""

    def __init__(self, network: Network, meta: dict[str, str], seed: int | str | None = None,
                 temperature: float = 0.0) -> None:
        self.network = network
        self.meta = meta
        self.temperature = temperature
        self.rng = np.random.default_rng(zlib.crc32(str(seed).encode()))
        self._options = (int(meta.get("buckets", 12)), meta.get("amounts", "range"),
                         meta.get("limits", "True") == "True")
        self._encodings: dict[int, Encoding] = {}

    def act(self, view: View, legal: Legal) -> Action:
        """The network's move for the seat of ``view``."""
        rules = view.rules
        enc = self._encodings.get(id(rules))
        if enc is None or enc.rules is not rules:
            enc = self._encodings[id(rules)] = Encoding(rules, *self._options)
            if enc.obs_size != self.network.layers[0][0].shape[0] or (
                    enc.size != self.network.layers[-1][0].shape[1]):
                raise ValueError(
                    f"the learned weights are for {self.meta.get('variant')} at "
                    f"{self.meta.get('players')} players, not this game "
                    f"({rules.ruleset.id} at {rules.players})")
        mask = enc.mask(legal)
        logits = self.network.logits(enc.observe(view))
        legal_indices = np.flatnonzero(mask)
        chosen = legal_indices[np.argmax(logits[legal_indices])]
        if self.temperature > 0:
            z = logits[legal_indices] / self.temperature
            p = np.exp(z - z.max())
            chosen = legal_indices[self.rng.choice(len(p), p=p / p.sum())]
        return enc.action(int(chosen), legal)


def make(seed: int | str | None = None, weights: str = "", temperature: float = 0.0,
         variant: str = "hig-1992-en", players: int = 4) -> LearnedAgent:
    """The learned agent: the shipped weights of ``variant`` at ``players`` (or the file
    ``weights``), greedy unless ``temperature`` is above 0."""
    path = Path(weights) if weights else WEIGHTS / weights_name(variant, players)
    if not path.is_file():
        known = sorted(p.name for p in WEIGHTS.glob("learned-*.npz"))
        raise FileNotFoundError(f"no learned weights {path} (shipped: {', '.join(known) or 'none'};"
                                " python benchmarks/rl_train.py makes them)")
    network, meta = load(path)
    return LearnedAgent(network, meta, seed, temperature)
