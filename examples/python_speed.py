"""The cost of the engine from Python, in one run: `legal` and `apply` through
`mars-attacks serve` (Engine), the same requests in-process (InProcessEngine), the
native `Game`, and a random playout to the game's end each way; then what a small search
on `Game` pays for its other calls (a playout by each policy, a Turn's rollout, the
evaluation, a snapshot loaded).

    MARS_ATTACKS=target/release/mars-attacks PYTHONPATH=<wheel or build> \\
        python3 examples/python_speed.py [scenarios/ambush.toml]

Needs the package with its native module (`pip install ./python`)."""

import sys
import time

from mars_attacks import Engine, Game, InProcessEngine

SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "scenarios/ambush.toml"


def per_call(f, n):
    start = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - start) / n


def playout_by_requests(engine, seed):
    """A random playout to the end, one `legal` and one `apply` a decision."""
    engine.load(scenario=SCENARIO, seed=seed)
    k = 0
    while True:
        legal = engine.legal()["legal"]
        if not legal:
            return k
        engine.apply(legal[(seed * 7919 + k) % len(legal)], seed=seed + k)
        k += 1


def main():
    rows = []
    with Engine() as serve:
        local = InProcessEngine()
        for name, engine, n in (("serve", serve, 300), ("in-process", local, 3000)):
            engine.load(scenario=SCENARIO, seed=1)
            legal = per_call(lambda: engine.legal(), n)
            first = engine.legal()["legal"][0]
            apply = per_call(lambda: engine.apply(first, seed=2, into="t"), n)
            games = iter(range(3, 100))
            playout = per_call(lambda: playout_by_requests(engine, next(games)), 5)
            rows.append((f"requests ({name})", legal, apply, playout))
    g = Game(SCENARIO, seed=1)
    legal = per_call(g.legal, 30000)
    first = g.legal()[0]
    apply = per_call(lambda: g.copy().apply(first, seed=2), 30000)
    # Playouts differ in length from seed to seed: the mean over 100 seeds.
    seeds = list(range(100))
    playout = per_call(lambda: g.rollouts(seeds, "random"), 20) / len(seeds)
    rows.append(("Game (native)", legal, apply, playout))
    print(f"{SCENARIO}: microseconds a call")
    print(f"{'':22} {'legal':>10} {'apply':>10} {'random playout':>16}")
    for name, legal, apply, playout in rows:
        print(f"{name:22} {legal * 1e6:10.1f} {apply * 1e6:10.1f} {playout * 1e6:16.0f}")
    snapshot, game = g.snapshot("martians"), g.game_info()
    calls = [
        ("playout to the end, greedy", lambda: g.rollouts(seeds, "greedy"), 3),
        ("playout to the end, softmax", lambda: g.rollouts(seeds, "softmax"), 3),
        ("the Turn's rest, softmax (with a copy)",
         lambda: g.copy().rollout("softmax", seed=5, until="turn"), 2000),
        ("evaluate", lambda: g.evaluate("humans"), 30000),
        ("from_snapshot", lambda: Game.from_snapshot(game, snapshot, seed=3), 2000),
    ]
    print(f"\n{'Game (native)':40} {'microseconds':>12}")
    for name, f, n in calls:
        per = per_call(f, n) / (len(seeds) if name.startswith("playout") else 1)
        print(f"{name:40} {per * 1e6:12.1f}")


if __name__ == "__main__":
    main()
