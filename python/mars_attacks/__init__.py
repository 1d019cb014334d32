"""The mars-attacks rules engine as a forward model, for bots written in Python.

    from mars_attacks import Engine

    with Engine() as engine:
        engine.load(scenario="scenarios/ambush.toml", seed=1)
        for action in engine.legal()["legal"]:
            ...

`Engine` runs `mars-attacks serve` (docs/bot-protocol.md, "A forward model") and offers
its requests as methods: load, legal, apply, determinize, odds, state, copy and drop.
Standard library only.

Built as a wheel (`maturin build` in python-engine/, see python/README.md), the package
also holds the engine in-process, `mars_attacks._native`: `InProcessEngine` answers the
same requests with no program started, and `Game` is one position with its dice for
search and learning (legal, apply, copy, result, rollout and rollouts by `random` or
`greedy`):

    from mars_attacks import Game

    game = Game("scenarios/ambush.toml", seed=1)
    results = game.rollouts(range(1000), policy="greedy")

`SkirmishEnv` is a game as a multi-agent environment in the shape of PettingZoo's AEC API.
"""

from .engine import Engine, EngineError, InProcessEngine, Requests, find_program
from .env import SkirmishEnv

try:
    from ._native import Game
except ImportError:  # the package without its native module: Engine only
    Game = None

__all__ = [
    "Engine", "EngineError", "Game", "InProcessEngine", "Requests", "SkirmishEnv", "find_program",
]
