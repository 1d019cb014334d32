"""The mars-attacks rules engine as a forward model, for bots written in Python.

    from mars_attacks import Engine

    with Engine() as engine:
        engine.load(scenario="scenarios/ambush.toml", seed=1)
        for action in engine.legal()["legal"]:
            ...

`Engine` runs `mars-attacks serve` (docs/bot-protocol.md, "A forward model") and offers
its requests as methods: load, legal, apply, determinize, odds, state, copy and drop.
Standard library only.

Built as a wheel (`pip install ./python`, see docs/bot-protocol.md, "In-process: the
wheel"), the package also holds the engine in-process, `mars_attacks._native`:
`InProcessEngine` answers the same requests with no program started, and `Game` is one
position with its dice for search and learning (legal, apply, copy, result, a decision's
snapshot loaded, the engine's evaluation, rollout and rollouts by `random`, `greedy` or a
softmax over greedy's scores):

    from mars_attacks import Game

    game = Game("scenarios/ambush.toml", seed=1)
    results = game.rollouts(range(1000), policy="greedy")

`SkirmishEnv` is a game as a multi-agent environment in the shape of PettingZoo's AEC API;
with `pettingzoo` installed, `SkirmishAECEnv` is the same as a real `pettingzoo.AECEnv`
(`None` without it).
"""

from .engine import Engine, EngineError, InProcessEngine, Requests, find_program
from .env import SkirmishEnv
from .pettingzoo_env import SkirmishAECEnv

try:
    from ._native import Game
except ImportError:  # the package without its native module: Engine only
    Game = None

__all__ = [
    "Engine", "EngineError", "Game", "InProcessEngine", "Requests", "SkirmishAECEnv", "SkirmishEnv",
    "find_program",
]
