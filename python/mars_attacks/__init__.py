"""The mars-attacks rules engine as a forward model, for bots written in Python.

    from mars_attacks import Engine

    with Engine() as engine:
        engine.load(scenario="scenarios/ambush.toml", seed=1)
        for action in engine.legal()["legal"]:
            ...

`Engine` runs `mars-attacks serve` (docs/bot-protocol.md, "A forward model") and offers
its requests as methods: load, legal, apply, determinize, odds, state, copy and drop.
Standard library only.
"""

from .engine import Engine, EngineError, find_program

__all__ = ["Engine", "EngineError", "find_program"]
