"""Determinism and replay: same seed, same bytes; every record replays; a changed action fails.

- The same seed and agents give a byte-identical record (``dumps``), in one
  process and across processes with different hash seeds (set iteration order
  must not leak into a game).
- Every record replays to the same outcome and the same record, also after a
  JSON round trip.
- A record with one action changed to one the rules refuse there fails replay
  at exactly that action: ``ReplayError.index`` and the message name it.
- Damaged records (fields dropped, retyped, perturbed) raise ``ReplayError``,
  never anything else, in Python and through ``auctionrules replay``.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rel_engine import bundled, illegal_candidates, random_step, supported
from rel_mutate import _paths, _perturb, _retype

CONFIGURATIONS = supported()
SEEDS = int(os.environ.get("AUCTIONRULES_REPLAY_SEEDS", "2"))


def random_game(variant: str, players: int, seed: int) -> Any:
    """A whole game by the suite's own random driver (any seat of a sealed auction first)."""
    from auctionrules.engine import Game

    game = Game.new(bundled(variant), players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        random_step(game, rng)
    return game


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_same_seed_same_bytes_and_replay(variant: str, players: int) -> None:
    from auctionrules.engine import dumps, play_game, replay

    for seed in range(SEEDS):
        for make in (lambda s: play_game(bundled(variant), players, seed=s),
                     lambda s: random_game(variant, players, s)):
            first = dumps(make(seed).record())
            second = dumps(make(seed).record())
            assert first == second, f"{variant} {players} seed {seed}: records differ"
            record = json.loads(first)
            replayed = replay(record)
            assert replayed.outcome is not None
            assert replayed.outcome.to_dict() == record["outcome"]
            assert dumps(replayed.record()) == first
    assert first != dumps(play_game(bundled(variant), players, seed=SEEDS + 1).record())


def test_records_are_identical_across_processes(tmp_path: Path) -> None:
    """``auctionrules play --record`` under two hash seeds: the same bytes."""
    for variant, players, seed in (("hig-1992-fr", 3, 7), ("boardpia-modern", 2, 8),
                                   ("taiwan", 5, 9)):
        outputs = []
        for hash_seed in ("1", "12345"):
            path = tmp_path / f"{variant}-{hash_seed}.json"
            result = subprocess.run(
                [sys.executable, "-m", "auctionrules", "play", variant, "--players",
                 str(players), "--seed", str(seed), "--record", str(path)],
                capture_output=True, text=True, timeout=120, check=False,
                env={**os.environ, "PYTHONHASHSEED": hash_seed},
            )
            assert result.returncode == 0, result.stderr[-2000:]
            outputs.append(path.read_bytes())
        assert outputs[0] == outputs[1], f"{variant}: output depends on the hash seed"


def is_json(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def jsonable(action: Any) -> Any:
    from auctionrules.engine import Action

    return str(action) if isinstance(action, Action) else action


@pytest.mark.parametrize(("variant", "players"), CONFIGURATIONS)
def test_one_changed_action_fails_at_exactly_that_index(variant: str, players: int) -> None:
    from auctionrules.engine import ReplayError, replay

    record = random_game(variant, players, seed=players).record()
    actions = record["actions"]
    rng = random.Random(f"{variant}/{players}")
    for index in [*sorted(rng.sample(range(len(actions)), 6)), len(actions) - 1]:
        prefix = copy.deepcopy(record)
        prefix["actions"], prefix["outcome"] = actions[:index], None
        game = replay(prefix)
        candidates = [
            (label, seat, jsonable(action)) for label, seat, action, _ in illegal_candidates(game)
            if isinstance(seat, int) and is_json(jsonable(action))
        ]
        label, seat, action = rng.choice(candidates)
        changed = copy.deepcopy(record)
        changed["actions"][index] = [seat, action]
        with pytest.raises(ReplayError) as info:
            replay(json.loads(json.dumps(changed)))
        assert info.value.index == index, (label, str(info.value))
        assert f"action {index}" in str(info.value), str(info.value)


def test_changed_outcome_and_digest_are_refused() -> None:
    from auctionrules.engine import ReplayError, play_game, replay

    record = play_game(bundled("taiwan"), 4, seed=3).record()
    wrong = copy.deepcopy(record)
    wrong["outcome"]["cash"][0] += 1
    with pytest.raises(ReplayError, match="outcome"):
        replay(wrong)
    short = copy.deepcopy(record)
    short["actions"] = short["actions"][:-1]
    with pytest.raises(ReplayError):
        replay(short)
    tampered = copy.deepcopy(record)
    tampered["ruleset"]["document"]["money"]["starting_cash"] += 1
    tampered["outcome"] = None
    with pytest.raises(ReplayError, match="digest"):
        replay(tampered)


def damaged(record: dict[str, Any], rng: random.Random) -> tuple[Any, str]:
    """``record`` with one random field dropped, retyped or perturbed (never the document's
    text alone, which the digest check would catch first)."""
    doc = copy.deepcopy(record)
    paths = [p for p in _paths(doc) if p and p[:2] != ("ruleset", "document")]
    path = rng.choice(paths)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    how = rng.choice(["drop", "retype", "perturb"])
    if how == "drop":
        del parent[path[-1]]
    else:
        value = parent[path[-1]]
        parent[path[-1]] = _retype(value, rng) if how == "retype" else _perturb(value, rng)
    return json.loads(json.dumps(doc, default=str)), f"{how} {path}"


def test_damaged_records_raise_replay_error_only(tmp_path: Path) -> None:
    from auctionrules.engine import ReplayError, play_game, replay

    records = [play_game(bundled(v), p, seed=1).record() for v, p in
               (("hig-1992-fr", 3), ("boardpia-modern", 2), ("cmon-2017", 5))]
    rng = random.Random(0)
    outcomes = {"replayed": 0, "refused": 0}
    bad = []
    for number in range(int(os.environ.get("AUCTIONRULES_RECORD_FUZZ", "300"))):
        record, how = damaged(rng.choice(records), rng)
        try:
            replay(record)
        except ReplayError as exc:
            outcomes["refused"] += 1
            if not str(exc).strip():
                bad.append(f"{number} {how}: empty message")
        except Exception as exc:
            bad.append(f"{number} {how}: {type(exc).__name__}: {exc}")
        else:
            outcomes["replayed"] += 1
    print(outcomes)
    assert bad == []
    assert outcomes["refused"] > 0


def test_replay_cli_on_damaged_records(tmp_path: Path) -> None:
    from auctionrules.engine import dumps, play_game

    record = play_game(bundled("hig-1992-en"), 4, seed=2).record()
    rng = random.Random(1)
    files = {"good": dumps(record), "not-json": "{", "list": "[1, 2]", "empty": ""}
    for number in range(6):
        files[f"damaged-{number}"] = json.dumps(damaged(record, rng)[0])
    for name, text in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        result = subprocess.run(
            [sys.executable, "-m", "auctionrules", "replay", str(path)],
            capture_output=True, text=True, timeout=120, check=False,
        )
        assert "Traceback" not in result.stderr, (name, result.stderr[-2000:])
        assert result.returncode in (0, 1, 2), (name, result.returncode)
        if name == "good":
            assert result.returncode == 0
        elif name in ("not-json", "list", "empty"):
            assert result.returncode != 0 and result.stderr.strip()
    result = subprocess.run(
        [sys.executable, "-m", "auctionrules", "replay", str(tmp_path / "missing.json")],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
